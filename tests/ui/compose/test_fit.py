"""The Compose tab fits a maximised window on a 1366×768 laptop (Send on screen, nothing to
scroll) and is not clipped at 1280×800, with the app's own style sheet."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from desktop_app.ui.main_window import MainWindow
from tests.ui.conftest import app_theme, run_async

#: A maximised window's client area: 768 minus a taskbar (~48) and a title bar (~40).
LAPTOP = (1366, 680)
DESKTOP = (1280, 800)

LONG_MESSAGE = (
    "Habari {first_name}! Mama Mboga Fresh Produce: this weekend only, sukuma wiki, tomatoes, "
    "onions and sweet bananas are 20% off, and every basket over KES 500 comes with a free bunch "
    "of dhania. Karibu sana, we open at 7am on Saturday and Sunday at the Kangemi market, stall "
    "42, next to the matatu stage. Bring a friend and both of you get a surprise gift. Reply STOP "
    "to opt out of these messages."
)


@pytest.fixture
def window(qtbot, ctx) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    with app_theme(app):
        win = MainWindow(ctx, remember_layout=False)
        qtbot.addWidget(win)
        win.show()
        qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
        # Worst case: the practice banner is up too.
        win.practice_banner.show()
        win.update_bars()
        yield win
        win.close()


def _fits(qtbot, win: MainWindow, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    win.resize(*size)
    win.show_tab("compose")
    area = win.tabs.currentWidget()
    assert isinstance(area, QScrollArea)
    compose = win.tab("compose")
    assert compose is not None
    send: QWidget = compose.summary.send_button  # type: ignore[attr-defined]

    def settled() -> bool:
        QApplication.processEvents()
        return win.size().toTuple() == size and area.viewport().height() > 0

    qtbot.waitUntil(settled, timeout=5000)
    # The readings the window and the tab started (templates, rules, scheduled sends…) have
    # ended and their done-callbacks have run: what they show (or stop showing) takes room
    # too. (Not "not busy": a task is done a moment before its callback has run.)
    run_async(qtbot, win.ctx.tasks.wait_idle())
    qtbot.waitUntil(settled, timeout=5000)
    assert area.verticalScrollBar().maximum() == 0, "the Compose tab needs scrolling"
    # nor does the form inside it (its Send row stays put under it, whatever the size)
    inner = compose.form_scroll  # type: ignore[attr-defined]
    assert inner.verticalScrollBar().maximum() == 0, "the Compose form needs scrolling"
    bottom = send.mapTo(area.viewport(), QPoint(0, send.height())).y()
    assert 0 < bottom <= area.viewport().height(), "Send is below the fold"
    assert not send.visibleRegion().isEmpty()


@pytest.mark.parametrize("size", [LAPTOP, DESKTOP])
def test_compose_with_the_sample_fits_without_scrolling(qtbot, window, size) -> None:  # type: ignore[no-untyped-def]
    window.tab("compose").show_sample()
    _fits(qtbot, window, size)


def test_a_long_message_scrolls_in_the_preview_not_the_page(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    compose = window.tab("compose")
    compose.show_sample()
    compose.composer.set_text(LONG_MESSAGE)
    compose.update_estimate()
    _fits(qtbot, window, LAPTOP)
    assert compose.preview.bubble.text().startswith("Habari Achieng!")


@pytest.mark.parametrize("wide", [DESKTOP, LAPTOP])
def test_right_after_a_resize_to_the_smallest_window_nothing_is_cut(qtbot, window, wide) -> None:  # type: ignore[no-untyped-def]
    """The columns go below each other in the resize itself: no frame shows the form still
    squeezed beside the summary (the Personalise row cut off) until a later re-layout."""
    compose = window.tab("compose")
    compose.show_sample()
    window.show_tab("compose")
    window.resize(*wide)
    qtbot.waitUntil(lambda: not compose.columns.stacked)
    QApplication.processEvents()
    window.resize(800, 560)  # no event loop turn after this: what the next paint would show
    assert compose.columns.stacked
    bar = compose.merge_bar
    assert bar.width() >= bar.minimumSizeHint().width()
    for part in [*bar.buttons.values(), bar.fallback_edit]:
        assert bar.rect().contains(part.geometry()), part.objectName() or part.text()
    assert bar.width() >= compose.columns.width() - 1  # as wide as the form: full width
    editor = compose.composer
    assert editor.height() >= editor.minimumSizeHint().height()
    # and the form is already tall enough for the stacked columns (it scrolls, squeezes
    # nothing; the Send row under it does not scroll)
    page = compose.form_scroll.widget()
    assert page.height() >= compose.columns.mapTo(page, compose.columns.rect().bottomLeft()).y()


def test_the_whatsapp_and_survey_forms_have_room_at_the_smallest_window(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """At 800×560 the tips beside them (as wide as the SMS summary) left the forms ~390 px:
    the customer's number's example was cut ("0712 345 …") and "No recipients yet." wrapped
    onto two lines."""
    window.resize(800, 560)
    window.show_tab("compose")
    compose = window.tab("compose")
    compose.set_channel(1)  # type: ignore[attr-defined]
    whatsapp = compose.whatsapp  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: whatsapp.phone_edit.isVisible())
    QApplication.processEvents()
    edit = whatsapp.phone_edit
    example = edit.fontMetrics().horizontalAdvance(edit.placeholderText())
    assert example + 24 <= edit.width()  # (its padding and frame)
    compose.set_channel(2)  # type: ignore[attr-defined]
    survey = compose.survey  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: survey.recipients.summary_label.isVisible())
    QApplication.processEvents()
    summary = survey.recipients.summary_label
    assert summary.text() == "No recipients yet."
    assert summary.fontMetrics().horizontalAdvance(summary.text()) <= summary.width()  # one line
