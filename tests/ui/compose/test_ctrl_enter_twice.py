"""Ctrl+Enter (Send) pressed twice: the first opens "Send this message?" with its Send
focused; the second reached that button (a button takes Enter with Ctrl held as a click) and
the message went out unread. Only a plain Enter, or a click, answers the question."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop_app.ui.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier


def _window(qtbot: Any, ctx: Any) -> Any:
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    return window


def test_ctrl_enter_twice_does_not_answer_the_send_question(
    qtbot: Any, ctx: Any, admin: Any, account: Any
) -> None:
    tab: Any = _window(qtbot, ctx).tab("compose")
    tab.recipients.set_numbers_text("0712 000 001\n0712 000 002")
    tab.composer.editor.setFocus()
    qtbot.keyClicks(tab.composer.editor, "Ofa ya leo: unga KES 180")
    qtbot.waitUntil(tab.summary.send_button.isEnabled)
    qtbot.keyClick(tab.composer.editor, Qt.Key.Key_Return, CTRL)  # Send
    qtbot.waitUntil(lambda: tab.confirm_dialog is not None and tab.confirm_dialog.isVisible())
    dialog = tab.confirm_dialog
    focus = QApplication.focusWidget()
    assert focus is dialog.send_button  # the dialog's default button has the keyboard
    qtbot.keyClick(focus, Qt.Key.Key_Return, CTRL)  # pressed again
    qtbot.keyClick(focus, Qt.Key.Key_Enter, CTRL | Qt.KeyboardModifier.KeypadModifier)
    qtbot.wait(300)
    assert dialog.isVisible()
    assert admin.messages(account.account_id) == []
    qtbot.keyClick(focus, Qt.Key.Key_Return)  # a plain Enter answers it
    qtbot.waitUntil(lambda: len(admin.messages(account.account_id)) == 2, timeout=10000)


def test_ctrl_enter_twice_on_the_survey_page_does_not_answer_its_question(
    qtbot: Any, ctx: Any, admin: Any, account: Any
) -> None:
    admin.add_survey(account.account_id, "SRV-9", "How was our service?")
    tab: Any = _window(qtbot, ctx).tab("compose")
    tab.set_channel(2)
    panel = tab.survey
    qtbot.keyClicks(panel.survey_edit, "SRV-9")
    panel.recipients.set_numbers_text("0712 000 001\n0712 000 002")
    qtbot.waitUntil(panel.send_button.isEnabled, timeout=10000)
    qtbot.keyClick(panel.recipients.numbers_edit, Qt.Key.Key_Return, CTRL)  # Send
    qtbot.waitUntil(lambda: panel.confirm_dialog is not None and panel.confirm_dialog.isVisible())
    dialog = panel.confirm_dialog
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return, CTRL)  # pressed again
    qtbot.wait(300)
    assert dialog.isVisible()
    assert admin.messages(account.account_id) == []
    dialog.reject()
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
