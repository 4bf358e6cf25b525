"""Compose on a small screen: the smallest window (800×560), a 1024×600 netbook and a
1366×768 laptop less its taskbar, in English and in Kiswahili, with the practice banner up or
not. With a message typed, Send, Send later, what the send costs and why Send is greyed are
on screen without scrolling (they were ~500 px below the fold at 800×560), and the message
box with its counter comes into view as soon as the user types in it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QScrollArea, QWidget

from desktop_app.ui.main_window import MainWindow
from tests.ui.conftest import app_theme

SIZES = [(800, 560), (1024, 600), (1366, 680)]


@pytest.fixture(params=["en", "sw"])
def window(request, qtbot, qapp, ctx) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    from desktop_app.ui.i18n import install_translations

    install_translations(qapp, request.param)
    try:
        with app_theme(qapp):
            win = MainWindow(ctx, remember_layout=False)
            qtbot.addWidget(win)
            win.show()
            qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
            win.show_tab("compose")
            yield win
            win.close()
    finally:
        install_translations(qapp, "en")


def on_screen(widget: QWidget) -> bool:
    """*widget* is shown whole: inside the window and inside the visible part of every
    scroll area it is in (no scrolling needed to see it)."""
    if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
        return False
    ancestor = widget.parentWidget()
    while ancestor is not None:
        area = ancestor.parentWidget()
        if isinstance(area, QAbstractScrollArea) and ancestor is area.viewport():
            where = QRect(widget.mapTo(ancestor, QPoint(0, 0)), widget.size())
            if not ancestor.rect().contains(where):
                return False
        ancestor = ancestor.parentWidget()
    window = widget.window()
    return window.rect().contains(QRect(widget.mapTo(window, QPoint(0, 0)), widget.size()))


def _settle(qtbot: Any, win: MainWindow, size: tuple[int, int], *, banner: bool) -> Any:
    win.practice_banner.setVisible(banner)
    win.update_bars()
    win.resize(*size)
    qtbot.waitUntil(lambda: win.size().toTuple() == size)
    qtbot.wait(50)  # the layouts settle (a label's new text is laid out later)
    QApplication.processEvents()
    return win.tab("compose")


@pytest.mark.parametrize("banner", [True, False], ids=["practice", "account"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
def test_send_and_its_cost_are_on_screen_with_a_message_typed(qtbot, window, size, banner) -> None:  # type: ignore[no-untyped-def]
    compose = _settle(qtbot, window, size, banner=banner)
    compose.show_sample()
    compose.composer.editor.setFocus()  # the user types the message
    qtbot.wait(50)
    QApplication.processEvents()
    send = compose.summary.send_button
    assert send.isEnabled()
    assert on_screen(send)  # it was ~500 px below the fold at 800×560
    assert on_screen(compose.later_button)
    assert on_screen(compose.cost_line)  # "Cost: 6 credits (KES 4.80)"
    assert "6" in compose.cost_line.text()
    # the message box and its counter too: typing shows what is typed, and how long it is
    assert on_screen(compose.composer.editor)
    assert on_screen(compose.composer.counter)
    # the page around the tab never scrolls (the Send row would go with it)
    area = window.tabs.currentWidget()
    assert isinstance(area, QScrollArea)
    assert area.verticalScrollBar().maximum() == 0
    assert area.horizontalScrollBar().maximum() == 0


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
def test_why_send_is_greyed_is_on_screen(qtbot, window, size) -> None:  # type: ignore[no-untyped-def]
    compose = _settle(qtbot, window, size, banner=True)
    compose.recipients.set_numbers_text("0712 345 678\n0722 000 111")
    compose.composer.set_text("Habari {jina}! Oda yako iko tayari.")
    compose.update_estimate()
    qtbot.wait(50)
    assert not compose.summary.send_button.isEnabled()
    note = compose.summary.note_label
    assert "{jina}" in note.text()
    assert on_screen(note)
    assert on_screen(compose.summary.send_button)
    # not enough credit: the red box with what to do is beside Send too
    compose.composer.set_text("Habari! Oda yako iko tayari.")
    compose.balance = 1
    compose.update_estimate()
    qtbot.wait(50)
    problem = compose.summary.problem_label
    assert problem.text()
    assert on_screen(problem)
    assert on_screen(compose.summary.send_button)


def test_a_note_with_undo_is_on_screen(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """ "Recipients cleared. Undo" was shown above Send, far below the fold."""
    compose = _settle(qtbot, window, (800, 560), banner=True)
    compose.show_sample()
    compose.recipients.clear_button.click()
    qtbot.waitUntil(compose.notice.isVisible)
    qtbot.wait(50)
    assert on_screen(compose.notice.action_button)
    assert on_screen(compose.summary.send_button)


def test_the_send_row_is_the_sms_pages_own(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """WhatsApp and Survey have their own Send: the SMS row goes away there, and theirs
    go away on the other pages."""
    compose = _settle(qtbot, window, (800, 560), banner=True)
    compose.set_channel(1)
    assert not compose.summary.send_button.isVisible()
    assert not compose.later_button.isVisible()
    assert on_screen(compose.whatsapp.send_button)
    assert not compose.survey.send_button.isVisible()
    compose.set_channel(2)
    assert on_screen(compose.survey.send_button)
    assert not compose.whatsapp.send_button.isVisible()
    compose.set_channel(0)
    assert on_screen(compose.summary.send_button)
    assert not compose.whatsapp.send_button.isVisible()
    assert not compose.survey.send_button.isVisible()


CHANNEL_SIZES = [(800, 560), (1024, 600)]


@pytest.mark.parametrize("size", CHANNEL_SIZES, ids=lambda s: "x".join(map(str, s)))
def test_survey_send_and_its_result_are_on_screen(qtbot, window, size) -> None:  # type: ignore[no-untyped-def]
    """A survey to a few people typed and picked: its Send was below the fold (~70 px at
    800×560, in the card under the numbers), and the result line under it further down."""
    from desktop_app.core.recipients import Person
    from desktop_app.ui.compose.tab import SAMPLE_NUMBERS

    compose = _settle(qtbot, window, size, banner=True)
    compose.set_channel(2)
    survey = compose.survey
    survey.survey_edit.setText("SV-1")
    survey.recipients.set_numbers_text(SAMPLE_NUMBERS)
    survey.recipients.add_people(
        [
            Person("+254711000222", "Achieng", "Otieno", from_contacts=True),
            Person("+254700111333", "Wanjiku", "Kamau", from_contacts=True),
            Person("+254799555777", "Mwangi", "", from_contacts=True),
        ]
    )
    qtbot.waitUntil(lambda: len(survey.recipients.people()) == 6)
    survey.recipients.numbers_edit.setFocus()  # the user is typing the numbers
    qtbot.wait(50)
    QApplication.processEvents()
    assert survey.send_button.isEnabled()
    assert on_screen(survey.send_button)
    survey.result_label.show_result("Survey sent to 6 people. Skipped: 0711 22.", True)
    qtbot.wait(50)
    QApplication.processEvents()
    assert on_screen(survey.result_label)
    assert on_screen(survey.send_button)
    # the box around the result is the style's (its text touched the border)
    assert survey.result_label.height() > survey.result_label.fontMetrics().height() + 8


@pytest.mark.parametrize("size", CHANNEL_SIZES, ids=lambda s: "x".join(map(str, s)))
def test_whatsapp_send_and_its_result_are_on_screen(qtbot, window, size) -> None:  # type: ignore[no-untyped-def]
    """Even scrolled to the top of the page (it scrolls only as far as its own card now), the
    WhatsApp Send and the line saying how the send went are in view."""
    compose = _settle(qtbot, window, size, banner=True)
    compose.set_channel(1)
    whatsapp = compose.whatsapp
    whatsapp.template_edit.setText("order_ready")
    whatsapp.phone_edit.setText("0712 345 678")
    whatsapp.result_label.show_result(
        "Sent. WhatsApp will deliver it shortly (reference abc-123-def-456).", True
    )
    compose.form_scroll.verticalScrollBar().setValue(0)
    qtbot.wait(50)
    QApplication.processEvents()
    assert whatsapp.send_button.isEnabled()
    assert on_screen(whatsapp.send_button)
    assert on_screen(whatsapp.result_label)
    compose.form_scroll.verticalScrollBar().setValue(
        compose.form_scroll.verticalScrollBar().maximum()
    )
    QApplication.processEvents()
    assert on_screen(whatsapp.send_button)


def test_tab_goes_from_a_channels_last_field_to_its_send(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Send moved into the bar under the form; the keyboard still reaches it right after the
    page's last field."""
    from PySide6.QtCore import Qt

    compose = _settle(qtbot, window, (800, 560), banner=True)
    compose.set_channel(1)
    whatsapp = compose.whatsapp
    whatsapp.template_edit.setText("order_ready")
    whatsapp.phone_edit.setText("0712 345 678")
    whatsapp.phone_edit.setFocus()
    qtbot.keyClick(whatsapp.phone_edit, Qt.Key.Key_Tab)
    assert whatsapp.send_button.hasFocus()
    compose.set_channel(2)
    survey = compose.survey
    survey.survey_edit.setText("SV-1")
    survey.recipients.set_numbers_text("0712 345 678")
    qtbot.waitUntil(lambda: survey.recipients.clear_button.isEnabled())
    survey.recipients.clear_button.setFocus()
    qtbot.keyClick(survey.recipients.clear_button, Qt.Key.Key_Tab)
    assert survey.send_button.hasFocus()


@pytest.mark.parametrize("size", [(800, 560), (1024, 600)], ids=lambda s: "x".join(map(str, s)))
def test_the_practice_banner_is_one_line_on_a_small_window(qtbot, window, size) -> None:  # type: ignore[no-untyped-def]
    """Its Kiswahili title went onto two lines at 800 px; the full sentence is its tooltip."""
    _settle(qtbot, window, size, banner=True)
    banner = window.practice_banner
    title = banner.title
    assert not title.wordWrap()  # one line, and all of it shows
    assert title.fontMetrics().horizontalAdvance(title.text()) <= title.width()
    assert banner.height() <= banner.connect_button.height() + 16
    assert banner.full_title in title.toolTip()
    assert on_screen(banner.connect_button)


def test_a_hidden_practice_banner_is_not_measured_before_it_shows(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A real account's window never shows the banner: measuring its title polished it before
    the first paint (3.5 ms of the start-up). It is fitted when it shows."""
    from desktop_app.ui.widgets import PracticeBanner

    fitted: list[bool] = []
    real = PracticeBanner._fit_title

    def counting(self, *, compact: bool) -> None:  # type: ignore[no-untyped-def]
        fitted.append(compact)
        real(self, compact=compact)

    monkeypatch.setattr(PracticeBanner, "_fit_title", counting)
    banner = PracticeBanner()
    qtbot.addWidget(banner)
    banner.set_starting(True)
    banner.set_starting(False)
    assert fitted == []
    banner.resize(820, 40)
    banner.show()
    qtbot.waitExposed(banner)
    assert fitted
    assert "\n" not in banner.title.text()
