"""Whole jobs done with the keyboard alone (key events on the focused widget, nothing
clicked, no widget reached into): send an SMS, find a contact, look up a message ID; and
Enter, pressed on any question that deletes or drops something, takes the safe answer.

The offscreen platform has no window manager: when a dialog closes, nothing is given the
activation back (a desktop gives it to the main window). :func:`back_to` does the window
manager's part, and only that."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from desktop_app.ui.main_window import TAB_KEYS, MainWindow
from tests.ui.contacts.helpers import seed
from tests.ui.support import check_unfinished, write_broadcast

CTRL = Qt.KeyboardModifier.ControlModifier
NUMBERS = ("+254712000101", "+254712000102")


@pytest.fixture
def window(qtbot, ctx) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    win = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.show()
    back_to(qtbot, win)
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    yield win
    win.close()


def back_to(qtbot: Any, win: QWidget) -> None:
    """What the window manager does when a dialog closes: the main window is active again."""
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=5000)


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "the keyboard goes nowhere"
    assert widget.isVisible(), f"the focus is on a hidden {type(widget).__name__}"
    return widget


def press(
    qtbot: Any, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    qtbot.keyClick(focused(), key, modifier)


def go_to(qtbot: Any, tab: str) -> None:
    press(qtbot, Qt.Key(Qt.Key.Key_1 + TAB_KEYS.index(tab)), CTRL)


def tab_until(qtbot: Any, target: QWidget, most: int = 15) -> None:
    """Tab along until *target* has the focus (it must be reachable in *most* presses)."""
    for _ in range(most):
        if focused() is target:
            return
        press(qtbot, Qt.Key.Key_Tab)
    assert focused() is target, f"Tab never reaches {target.objectName()}"


def received(admin: Any, account: Any) -> list[str]:
    return sorted(m["phone"] for m in admin.messages(account.account_id))


# -- switching tab -------------------------------------------------------------------------


def test_each_tab_takes_the_keyboard_in_and_its_own_shortcuts_answer(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+2 … put the focus inside the tab (it was left on the tab's scroll area, where the
    tab's own Ctrl+F, Ctrl+L and Ctrl+Enter do nothing); back in a tab, it is where it was."""
    for key in TAB_KEYS:
        go_to(qtbot, key)
        page = window.pages[key]
        assert page.isAncestorOf(focused()), (key, focused())
    contacts: Any = window.pages["contacts"]
    delivery: Any = window.pages["delivery"]
    compose: Any = window.pages["compose"]
    go_to(qtbot, "contacts")
    assert focused() is contacts.search_edit  # type at once to find someone
    go_to(qtbot, "delivery")
    assert focused() is delivery.search_edit
    press(qtbot, Qt.Key.Key_L, CTRL)
    assert focused() is delivery.lookup_edit
    go_to(qtbot, "compose")
    assert focused() is compose.recipients.numbers_edit  # who it goes to comes first
    tab_until(qtbot, compose.composer.editor)
    go_to(qtbot, "delivery")
    go_to(qtbot, "compose")
    assert focused() is compose.composer.editor  # back where the user left it


# -- sending -------------------------------------------------------------------------------


def test_send_an_sms_to_typed_numbers_with_the_keyboard_alone(
    qtbot, window, admin, account
) -> None:  # type: ignore[no-untyped-def]
    compose: Any = window.pages["compose"]
    go_to(qtbot, "contacts")
    go_to(qtbot, "compose")
    assert focused() is compose.recipients.numbers_edit
    qtbot.keyClicks(focused(), ", ".join(NUMBERS))
    tab_until(qtbot, compose.composer.editor)
    qtbot.keyClicks(focused(), "Habari, bei nzuri leo")
    qtbot.waitUntil(lambda: compose.summary.send_button.isEnabled())

    def confirmation() -> Any:
        qtbot.waitUntil(
            lambda: (
                compose.confirm_dialog is not None
                and QApplication.activeWindow() is compose.confirm_dialog
            ),
            timeout=10000,
        )
        return compose.confirm_dialog

    def settled() -> None:
        qtbot.waitUntil(lambda: not compose.flow.busy, timeout=20000)
        qtbot.waitUntil(lambda: not window.ctx.tasks.is_running("compose.send"))

    # Esc on the confirmation sends nothing, and the keyboard is back in the message
    press(qtbot, Qt.Key.Key_Return, CTRL)
    dialog = confirmation()
    assert focused() is dialog.send_button  # Enter would send: it is the question asked
    press(qtbot, Qt.Key.Key_Escape)
    settled()
    back_to(qtbot, window)
    assert focused() is compose.composer.editor
    assert received(admin, account) == []

    # Enter pressed before the confirmation is on screen is typing, never a yes
    press(qtbot, Qt.Key.Key_Return, CTRL)
    press(qtbot, Qt.Key.Key_Return)
    settled()
    assert compose.confirm_dialog is None
    assert received(admin, account) == []

    # Enter on the confirmation sends; a second Enter (a double press) does not send again
    press(qtbot, Qt.Key.Key_Return, CTRL)
    confirmation()
    press(qtbot, Qt.Key.Key_Return)
    # at once, to whatever has the keyboard now (the main window, on a desktop)
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_Return)
    settled()
    assert compose.confirm_dialog is None
    assert received(admin, account) == sorted(NUMBERS)
    # the keyboard is in the (now empty) form, ready for the next message
    back_to(qtbot, window)
    assert compose.isAncestorOf(focused())
    assert compose.recipients.numbers_edit.toPlainText().strip() == ""


# -- contacts ------------------------------------------------------------------------------


@pytest.mark.qt_log_ignore(  # offscreen: a menu pops up without a window system to ask
    r"This plugin does not support raise\(\)", "This plugin does not support grabbing the keyboard"
)
def test_find_a_contact_and_message_them_with_the_keyboard(qtbot, window, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 5)
    contacts: Any = window.pages["contacts"]
    compose: Any = window.pages["compose"]
    go_to(qtbot, "contacts")
    qtbot.waitUntil(lambda: contacts.model.rowCount() == 5, timeout=10000)
    assert focused() is contacts.search_edit
    name = contacts.model.index(2, 0).data()
    qtbot.keyClicks(focused(), name)
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: contacts.model.rowCount() == 1, timeout=10000)
    tab_until(qtbot, contacts.table)
    press(qtbot, Qt.Key.Key_Space)  # select the row the keyboard is on
    qtbot.waitUntil(lambda: len(contacts.selected_rows()) == 1)
    # Alt+M: the Message menu; its first entry, Message selected
    press(qtbot, Qt.Key.Key_M, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None, timeout=5000)
    menu = QApplication.activePopupWidget()
    assert menu is not None
    qtbot.keyClick(menu, Qt.Key.Key_Down)
    assert menu.activeAction() is contacts.message_selected_action  # type: ignore[attr-defined]
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.current_tab() == "compose", timeout=10000)
    qtbot.waitUntil(lambda: len(compose.build_plan().people) == 1, timeout=10000)
    back_to(qtbot, window)
    assert compose.isAncestorOf(focused())  # on to writing the message


# -- looking up ----------------------------------------------------------------------------


def test_look_up_a_message_id_with_the_keyboard(qtbot, window, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    result = arun(ctx.client().send_bulk("TUMA", [NUMBERS[0]], "Habari"))
    delivery: Any = window.pages["delivery"]
    go_to(qtbot, "delivery")
    press(qtbot, Qt.Key.Key_L, CTRL)
    qtbot.keyClicks(focused(), result.message_id)
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(
        lambda: (
            delivery.lookup_dialog is not None
            and QApplication.activeWindow() is delivery.lookup_dialog
        ),
        timeout=10000,
    )
    dialog = delivery.lookup_dialog
    assert dialog.isAncestorOf(focused())
    assert focused() is dialog.table  # arrow along the statuses at once
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    back_to(qtbot, window)
    assert focused() is delivery.lookup_edit  # another ID: paste and Enter again


# -- Enter is never the destructive answer -------------------------------------------------


def _contacts_delete(win: MainWindow, qtbot: Any, arun: Any, monkeypatch: Any) -> list[object]:
    tab: Any = win.pages["contacts"]
    seed(arun, win.ctx, 2)
    go_to(qtbot, "contacts")
    tab.refresh()
    qtbot.waitUntil(lambda: tab.model.rowCount() == 2, timeout=10000)
    calls: list[object] = []
    monkeypatch.setattr(tab, "delete_rows", lambda *a, **k: calls.append(a))
    tab_until(qtbot, tab.table)
    press(qtbot, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: len(tab.selected_rows()) == 1)
    press(qtbot, Qt.Key.Key_Delete)
    return calls


def _group_delete(win: MainWindow, qtbot: Any, arun: Any, monkeypatch: Any) -> list[object]:
    groups: Any = win.pages["contacts"].groups  # type: ignore[attr-defined]
    calls: list[object] = []
    group = SimpleNamespace(id=1, name="Wholesale", size=3)
    monkeypatch.setattr(groups, "current_group", lambda: group)
    monkeypatch.setattr(groups, "delete_group", calls.append)
    groups.ask_delete()
    return calls


def _template_delete(win: MainWindow, qtbot: Any, arun: Any, monkeypatch: Any) -> list[object]:
    templates: Any = win.pages["compose"].templates  # type: ignore[attr-defined]
    calls: list[object] = []
    monkeypatch.setattr(templates, "delete", calls.append)
    templates.ask_delete("Offer")
    return calls


def _dont_send_the_rest(win: MainWindow, qtbot: Any, arun: Any, monkeypatch: Any) -> list[object]:
    compose: Any = win.pages["compose"]
    write_broadcast(win.ctx, "Offer", list(NUMBERS), chunk_size=1)
    check_unfinished(qtbot, compose)
    qtbot.waitUntil(lambda: compose.resume_dialog is not None, timeout=10000)
    dialog = compose.resume_dialog
    qtbot.waitUntil(dialog.isVisible, timeout=10000)
    calls: list[object] = []
    monkeypatch.setattr(dialog, "discard", calls.append)
    dialog.ask_discard(1, 2)
    return calls


def _discard_contact_form(win: MainWindow, qtbot: Any, arun: Any, monkeypatch: Any) -> list[object]:
    go_to(qtbot, "contacts")
    form: Any = win.pages["contacts"].open_form()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: QApplication.activeWindow() is form, timeout=5000)
    calls: list[object] = []
    form.finished.connect(calls.append)  # the form closed: the typing was dropped
    qtbot.keyClicks(focused(), "Wanjiku")
    press(qtbot, Qt.Key.Key_Escape)
    return calls


DESTRUCTIVE: dict[str, Callable[[MainWindow, Any, Any, Any], list[object]]] = {
    "delete contacts": _contacts_delete,
    "delete a group": _group_delete,
    "delete a template": _template_delete,
    "don't send the rest": _dont_send_the_rest,
    "discard a contact form": _discard_contact_form,
}


@pytest.mark.parametrize("name", DESTRUCTIVE)
def test_enter_on_a_question_that_deletes_takes_the_safe_answer(
    qtbot, window, arun, monkeypatch, name
) -> None:  # type: ignore[no-untyped-def]
    from shiboken6 import isValid

    before = {w for w in QApplication.topLevelWidgets() if w.isVisible()}
    done = DESTRUCTIVE[name](window, qtbot, arun, monkeypatch)

    def asked() -> QMessageBox | None:
        boxes = [
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox) and w.isVisible() and w not in before
        ]
        return boxes[0] if boxes else None

    qtbot.waitUntil(lambda: asked() is not None and QApplication.activeWindow() is asked())
    box = asked()
    assert box is not None
    assert box.isAncestorOf(focused())
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not isValid(box) or not box.isVisible(), timeout=5000)
    assert done == [], f"{name}: Enter did it"
