"""What a hurried user meets on the Compose tab: why the WhatsApp and Survey Send is greyed
(the SMS page said so; those pages showed a grey button and no words), those pages as tall
as themselves at 800×560 (they scrolled over the SMS page's height of blank space), an
unknown placeholder ("{jina}") marked in the message box itself, and the summary's parts
saying "special characters" as the counter and the preview do."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QApplication

from desktop_app.ui.compose.editor import MessageComposer
from desktop_app.ui.main_window import MainWindow
from tests.ui.compose.helpers import make_tab, use_kenyan_locale
from tests.ui.compose.test_small_window import _settle, on_screen
from tests.ui.conftest import app_theme


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def tab(qtbot, ctx):  # type: ignore[no-untyped-def]
    return make_tab(qtbot, ctx)


@pytest.fixture(params=["en", "sw"])
def window(request, qtbot, qapp, ctx) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    """The main window with the app's look, on the Compose tab, in English and Kiswahili."""
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


def _reason(panel: Any) -> str | None:
    """What the page says beside its Send (None when it says nothing)."""
    return panel.note_label.text() if panel.note_label.isVisibleTo(panel.send_row) else None


# --- why Send is greyed ---------------------------------------------------------------------


def test_whatsapp_says_what_stops_send_until_the_form_is_complete(qtbot, tab, arun, ctx) -> None:  # type: ignore[no-untyped-def]
    tab.set_channel(1)
    panel = tab.whatsapp
    # beside Send, in the bar under the form, as on the SMS page
    assert panel.note_label.parentWidget() is panel.send_button.parentWidget()
    assert panel.note_label.objectName() == tab.summary.note_label.objectName() == "hint"
    assert not panel.send_button.isEnabled()
    assert _reason(panel) == "Type the name of the template to send."
    assert panel.note_label.isVisible()
    qtbot.keyClicks(panel.template_edit, "order_ready")
    assert _reason(panel) == "Type the customer's number."
    panel.language_combo.setEditText("")
    assert _reason(panel) == "Choose the language the template was approved in."
    panel.language_combo.setCurrentIndex(0)
    assert _reason(panel) == "Type the customer's number."
    qtbot.keyClicks(panel.phone_edit, "0712 34")
    # why the number is not valid is said once, under it; beside Send, what to do
    assert panel.phone_hint.text().startswith("Not a valid number: ")
    assert _reason(panel) == "Correct the customer's number to send."
    assert not panel.send_button.isEnabled()
    qtbot.keyClicks(panel.phone_edit, "5 678")
    assert _reason(panel) is None
    assert not panel.note_label.isVisible()
    assert panel.send_button.isEnabled()
    # signed out: Send was left pressable (and did nothing); now it says why not
    arun(ctx.close_session())
    assert not panel.send_button.isEnabled()
    assert _reason(panel) == "Connect an account to send messages."


def test_survey_says_what_stops_send_until_the_form_is_complete(qtbot, tab, arun, ctx) -> None:  # type: ignore[no-untyped-def]
    tab.set_channel(2)
    panel = tab.survey
    assert panel.note_label.parentWidget() is panel.send_button.parentWidget()
    assert not panel.send_button.isEnabled()
    assert _reason(panel) == "Type the survey ID (it is on your provider's portal)."
    qtbot.keyClicks(panel.survey_edit, "SV-1")
    assert _reason(panel) == "Add at least one recipient."
    panel.recipients.set_numbers_text("0711 22")
    qtbot.waitUntil(lambda: bool(panel.recipients.invalid()))
    assert _reason(panel) == "None of the numbers is valid: check the ones marked in red."
    panel.recipients.set_numbers_text("0711 22\n0712 345 678")
    qtbot.waitUntil(lambda: len(panel.recipients.people()) == 1)
    assert _reason(panel) is None
    assert panel.send_button.isEnabled()
    assert panel.send_button.text() == "Send survey to 1 person"
    qtbot.wait(20)  # laid out: Send keeps its width, on the right (not the bar's whole width)
    button = panel.send_button
    assert button.width() <= button.sizeHint().width() + 1
    assert button.geometry().right() >= button.parentWidget().width() - 1
    arun(ctx.close_session())
    assert not panel.send_button.isEnabled()
    assert _reason(panel) == "Connect an account to send messages."


# --- each page as tall as itself ----------------------------------------------------------


def test_channel_pages_scroll_no_further_than_their_own_height(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """At 800×560 the WhatsApp and Survey pages scrolled as far as the SMS page (~400 px,
    ~340 of them blank under their cards): a QStackedWidget is as tall as its tallest page."""
    compose = _settle(qtbot, window, (800, 560), banner=True)
    bar = compose.form_scroll.verticalScrollBar()

    def scroll_range(index: int) -> int:
        compose.set_channel(index)
        qtbot.wait(50)
        QApplication.processEvents()
        return int(bar.maximum())

    def blank_below_page() -> int:
        """How much taller the stack is than the page shown needs (0: no blank space)."""
        page = compose.stack.currentWidget()
        needs = page.heightForWidth(page.width())
        return int(compose.stack.height() - needs) if bar.maximum() > 0 else 0

    sms = scroll_range(0)
    assert sms > 200  # the SMS page does not fit: it scrolls
    whatsapp = scroll_range(1)
    assert whatsapp == 0  # the page fits: nothing to scroll
    survey = scroll_range(2)
    assert survey < sms  # (in Kiswahili its tips go below the card: that scrolls, a little)
    assert blank_below_page() <= 0
    # the reason beside Send is on screen with it
    assert on_screen(compose.survey.note_label)
    assert on_screen(compose.survey.send_button)
    compose.set_channel(1)
    qtbot.wait(50)
    assert on_screen(compose.whatsapp.note_label)
    assert scroll_range(0) == sms  # back on the SMS page, it scrolls as before


# --- unknown placeholders marked in the editor ----------------------------------------------


def _marked(composer: MessageComposer) -> list[str]:
    """The text the editor underlines as a placeholder Tuma cannot fill in."""
    editor = composer.editor
    wanted = editor.highlighter.unknown_format
    found: list[str] = []
    block = editor.document().firstBlock()
    while block.isValid():
        for span in block.layout().formats():
            style = span.format.underlineStyle()
            if (
                style == QTextCharFormat.UnderlineStyle.WaveUnderline
                and span.format.underlineColor() == wanted.underlineColor()
            ):
                cursor = QTextCursor(editor.document())
                cursor.setPosition(block.position() + span.start)
                cursor.setPosition(
                    block.position() + span.start + span.length, QTextCursor.MoveMode.KeepAnchor
                )
                found.append(cursor.selectedText())
        block = block.next()
    return found


def test_an_unknown_placeholder_is_marked_in_the_message_box(qtbot) -> None:  # type: ignore[no-untyped-def]
    composer = MessageComposer()
    qtbot.addWidget(composer)
    composer.show()
    editor = composer.editor
    editor.setFocus()
    qtbot.keyClicks(editor, "Habari {first_name}, oda yako {jina")
    assert _marked(composer) == []  # not a placeholder until its brace is closed
    qtbot.keyClick(editor, Qt.Key.Key_BraceRight)
    assert _marked(composer) == ["{jina}"]
    # known fields (with or without their own fallback) are never marked
    composer.set_text("Habari {first_name|rafiki} {last_name}, namba {phone}. Bei {KES 500}")
    assert _marked(composer) == []
    # on any line, after an emoji (Qt counts it as two), each time it appears
    composer.set_text("Asante 😀 {jina}\n{First Name} na {jina} tena")
    assert _marked(composer) == ["{jina}", "{First Name}", "{jina}"]
    # fixing it removes the mark as the user types
    composer.set_text("Habari {jina}!")
    cursor = editor.textCursor()
    cursor.setPosition(len("Habari {"))
    cursor.setPosition(len("Habari {jina"), QTextCursor.MoveMode.KeepAnchor)
    editor.setTextCursor(cursor)
    qtbot.keyClicks(editor, "first_name")
    assert composer.text() == "Habari {first_name}!"
    assert _marked(composer) == []


# --- the summary says why a message takes more parts ----------------------------------------


def test_summary_parts_say_special_characters(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    tab.recipients.set_numbers_text("0712 345 678")
    tab.composer.set_text("Karibu “Mama Mboga” leo")
    tab.update_estimate()
    assert tab.composer.counter.encoding_label.property("ucs2")
    assert tab.summary.parts_value.text() == "1 · special characters"
    tab.composer.set_text('Karibu "Mama Mboga" leo')
    tab.update_estimate()
    assert tab.summary.parts_value.text() == "1"


def test_an_invalid_whatsapp_number_does_not_move_the_tips(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """ "Not a valid number: 0712 34 is too short for a Kenyan mobile number" on one line made
    the card too wide at 800×560: the tips jumped from beside the card to below it while
    the user typed, and back once the number was whole."""
    compose = _settle(qtbot, window, (800, 560), banner=True)
    compose.set_channel(1)
    panel = compose.whatsapp
    qtbot.wait(50)
    assert not panel.columns.stacked
    panel.template_edit.setText("order_ready")
    panel.phone_edit.setText("0712 34")
    qtbot.wait(50)
    QApplication.processEvents()
    assert panel.phone_hint.text().startswith(("Not a valid number", "Si namba sahihi"))
    # (the card needed ~950 px beside the tips; the columns are 768 px wide)
    assert panel.columns.breakpoint() <= panel.columns.width()
    window.resize(800, 561)  # the columns are arranged again on the next resize
    qtbot.waitUntil(lambda: window.height() == 561)
    QApplication.processEvents()
    assert not panel.columns.stacked
    assert on_screen(panel.phone_hint)
