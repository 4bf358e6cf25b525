"""The counter under the message editor stays compact at every window width, in English and
in Kiswahili: the counts keep one line and the note for a personalised message ("as typed:
names change the count…") takes at most two, shown whole."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication

from desktop_app.ui.i18n import install_translations
from desktop_app.ui.main_window import MainWindow
from tests.ui.conftest import app_theme


@pytest.fixture(params=["en", "sw"])
def window(request, qtbot, ctx) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert install_translations(app, request.param)
    try:
        with app_theme(app):
            win = MainWindow(ctx, remember_layout=False)
            qtbot.addWidget(win)
            win.show()
            qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
            win.practice_banner.show()
            win.update_bars()
            yield win
            win.close()
    finally:
        assert install_translations(app, "en")


@pytest.mark.parametrize("size", [(800, 560), (1024, 640), (1366, 680), (1920, 1000)])
def test_the_personalised_note_under_the_counter_takes_two_lines_at_most(  # type: ignore[no-untyped-def]
    qtbot, window, size
) -> None:
    """At 800×560 in Kiswahili the note, squeezed between the counts, wrapped onto three
    lines ("kama ilivyoandikwa: majina / yanabadilisha hesabu, tazama / Hakikisho")."""
    window.resize(*size)
    window.show_tab("compose")
    compose = window.tab("compose")
    compose.show_sample()  # a personalised message: "Habari {first_name}! …"
    counter = compose.composer.counter
    hint = counter.personalised_hint

    def settled() -> bool:
        QApplication.processEvents()
        return window.size().toTuple() == size and hint.isVisible()

    qtbot.waitUntil(settled, timeout=5000)
    for text in (None, "Habari {first_name}! “Ofa” ya leo 😀 – sukuma wiki " + "x" * 90):
        if text is not None:  # special characters: the counter names them, still one line
            compose.composer.set_text(text)
            QApplication.processEvents()
        line = hint.fontMetrics().lineSpacing()
        needed = hint.heightForWidth(hint.width())
        assert needed <= 2 * line + 2, f"{hint.text()!r} takes {needed // line} lines"
        assert hint.height() >= needed, "the note is cut"
        # the counts themselves stay on one line, whole
        for label in (counter.characters_label, counter.parts_label, counter.left_label):
            assert label.height() < 2 * label.fontMetrics().lineSpacing(), label.text()
            assert label.width() >= label.sizeHint().width(), label.text()
        badge = counter.encoding_label
        assert badge.width() >= badge.sizeHint().width(), badge.text()
    assert "“ ” 😀 –" in counter.encoding_label.text()
