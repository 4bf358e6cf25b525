"""The Import tab's start page at the window's least size (800×560), with the window's error
bar up, a problem said under the drop area and past imports listed: nothing is drawn over
anything else, and every wrapped text has the height its lines need.

The page's least height counted each wrapped text as one line and the drop area as 140 px,
whatever its words needed at the width it had; the window's scroll area gave the tab no
more than that, so the page was squeezed: the problem ("… is a different kind of
spreadsheet than its name says …", two lines) was drawn over the bottom of the drop area,
hiding its border, and the drop area's hint lost a pixel of its second line.

And a count of none is not said in red on the Done page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from tests.ui.conftest import app_theme, drop_event


def _overlaps(page: QWidget, widgets: list[QWidget]) -> list[str]:
    found = []
    for i, first in enumerate(widgets):
        for second in widgets[i + 1 :]:
            shared = first.geometry().intersected(second.geometry())
            if shared.height() > 0 and shared.width() > 0:
                found.append(f"{first.objectName()} × {second.objectName()}: {shared.getRect()}")
    return found


def _cut_labels(page: QWidget) -> list[str]:
    return [
        f"{label.text()[:40]!r}: {label.height()} px of {_needs(label)}"
        for label in page.findChildren(QLabel)
        if label.isVisible() and label.wordWrap() and _needs(label) > label.height()
    ]


def _needs(label: QLabel) -> int:
    """The height Qt's own layout of the label's words takes at its width."""
    return QLabel.heightForWidth(label, label.width())


@pytest.mark.parametrize("language", ["en", "sw"])
def test_a_problem_under_the_drop_area_is_not_drawn_over_it_at_800_by_560(
    qtbot: Any, qapp: Any, ctx: Any, arun: Any, tmp_path: Path, language: str
) -> None:
    from desktop_app.ui.i18n import install_translations
    from desktop_app.ui.main_window import MainWindow

    install_translations(qapp, language)
    try:
        with app_theme(qapp):
            window = MainWindow(ctx, remember_layout=False)
            qtbot.addWidget(window)
            window.show()
            window.show_tab("import")
            window.resize(800, 560)
            tab: Any = window.tab("import")
            arun(tab._sample_history(ctx.session.profile.name))  # two past imports
            notes = tmp_path / "notes.docx"
            notes.write_bytes(b"PK\x03\x04")
            window.dropEvent(drop_event([notes]))  # the window's error bar
            fake = tmp_path / "customers.xlsx"
            fake.write_text("phone\n0712345678\n", encoding="utf-8")
            tab.open_files([fake])
            page = tab.start_page
            qtbot.waitUntil(lambda: page.problem.isVisible(), timeout=10000)
            qtbot.waitUntil(lambda: page.past.rowCount() == 2, timeout=10000)
            qtbot.wait(50)
            QApplication.processEvents()
            page.title.setObjectName("startTitle")
            page.past_title.setObjectName("pastTitle")
            parts: list[QWidget] = [page.title, page.drop, page.problem, page.past_title, page.past]
            assert _overlaps(page, parts) == []
            assert page.problem.geometry().top() > page.drop.geometry().bottom()
            assert _cut_labels(page) == []
            window.close()
    finally:
        install_translations(qapp, "en")


def test_none_refused_is_not_said_in_red_on_the_done_page(
    qtbot: Any, qapp: Any, ctx: Any, tmp_path: Path
) -> None:
    """A count of none: "0 refused by the service" was drawn in red, as a failure, when
    nothing had failed; a count of some (the check page's rejected rows) stays red."""
    from PySide6.QtGui import QPalette

    from desktop_app.core.services.imports import Step, write_sample_workbook
    from desktop_app.ui.import_.tab import ImportTab

    def colour(label: QLabel) -> Any:
        return label.palette().color(QPalette.ColorRole.WindowText).name()

    sample = write_sample_workbook(tmp_path / "customers-march.xlsx")
    with app_theme(qapp):
        tab = ImportTab(ctx)
        qtbot.addWidget(tab)
        tab.resize(1100, 700)
        tab.show()
        tab.show_sample(sample, Step.CHECK)
        check = tab.check_page
        assert check.rejected.value.text() != "0"
        red = colour(check.rejected.caption)
        assert red != colour(check.duplicates.caption)  # some rejected: said in red
        tab.flow.cancel()
        tab.show_sample(sample, Step.DONE)
        done = tab.done_page
        assert done.failed.value.text() == "0"
        assert colour(done.failed.caption) != red
        assert colour(done.failed.caption) == colour(done.not_uploaded.caption)  # muted
