"""Whole jobs done with the keyboard alone (key events on the focused widget, nothing
clicked, no widget reached into): send an SMS, find a contact, look up a message ID; and
Enter, pressed on any question that deletes or drops something, takes the safe answer.

The offscreen platform has no window manager: when a dialog closes, nothing is given the
activation back (a desktop gives it to the main window). :func:`back_to` does the window
manager's part, and only that."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QWidget

from desktop_app.core.importing.mapping import Field
from desktop_app.core.services.imports import Step
from desktop_app.ui.main_window import TAB_KEYS, MainWindow
from tests.core.import_files import DAMAGED_ROWS, write_csv
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


# -- importing -----------------------------------------------------------------------------


def _choose_file_by_keyboard(qtbot: Any, window: MainWindow, tab: Any, path: Path) -> None:
    """Space on "Choose a file…", the path typed into the file chooser, Enter."""
    assert focused() is tab.start_page.drop.browse
    press(qtbot, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: bool(tab._dialogs), timeout=5000)
    dialog = tab._dialogs[0]
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=5000)
    qtbot.waitUntil(lambda: dialog.isAncestorOf(focused()), timeout=5000)
    qtbot.keyClicks(focused(), str(path))
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
    back_to(qtbot, window)


def _wait_page(qtbot: Any, tab: Any, step: Step, main: QWidget, timeout: int = 20000) -> None:
    """The wizard shows *step* and the keyboard is on the page's *main* control."""
    qtbot.waitUntil(
        lambda: tab.flow.step is step and main.isEnabled() and main.isVisible(), timeout=timeout
    )
    qtbot.waitUntil(lambda: QApplication.focusWidget() is main, timeout=5000)
    # Upload and Cancel ignore a key pressed as quick as a double click after their page
    qtbot.wait(QApplication.doubleClickInterval() + 50)


@pytest.mark.qt_log_ignore(  # offscreen: the file chooser pops up without a window system
    r"This plugin does not support", r"propagateSizeHints"
)
def test_import_a_spreadsheet_with_the_keyboard_alone(
    qtbot, window, ctx, arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+3, Space on Choose a file…, the path and Enter; then Tab, arrows and Space only:
    after every page change the keyboard is on the page's main control, Tab leaves every table
    (it never walks cell by cell), the phone column is chosen with the arrow keys."""
    tab: Any = window.pages["import"]
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    go_to(qtbot, "import")
    _choose_file_by_keyboard(qtbot, window, tab, path)

    # the file: Next is where the keyboard is; Tab goes round the page and back to it
    _wait_page(qtbot, tab, Step.FILE, tab.file_page.next)
    seen = []
    for _ in range(8):
        press(qtbot, Qt.Key.Key_Tab)
        seen.append(focused())
        if focused() is tab.file_page.next:
            break
    assert focused() is tab.file_page.next, [w.objectName() for w in seen]
    assert tab.file_page.first_rows in seen  # the rows are reachable, and let go of Tab
    press(qtbot, Qt.Key.Key_Space)

    # the columns: the phone column chosen again with the arrow keys (none, then back)
    columns = tab.columns_page
    _wait_page(qtbot, tab, Step.COLUMNS, columns.next)
    phone = columns.combos[Field.PHONE]
    tab_until(qtbot, phone)
    chosen = phone.currentIndex()
    press(qtbot, Qt.Key.Key_Home)  # (none)
    assert tab.flow.mapping.phone is None
    assert not columns.next.isEnabled()
    for _ in range(chosen):
        press(qtbot, Qt.Key.Key_Down)
    assert tab.flow.mapping.phone is not None
    tab_until(qtbot, columns.sample)
    tab_until(qtbot, columns.next)
    press(qtbot, Qt.Key.Key_Space)

    # the check: Upload has the keyboard; the problem rows are one Tab away, and let go
    check = tab.check_page
    _wait_page(qtbot, tab, Step.CHECK, check.upload)
    tab_until(qtbot, check.table)
    tab_until(qtbot, check.upload)
    press(qtbot, Qt.Key.Key_Space)

    # done: Open the contacts has the keyboard; Back to imports ends on Choose a file…
    done = tab.done_page
    _wait_page(qtbot, tab, Step.DONE, done.open_contacts, timeout=60000)
    assert len(contacts_on(arun, ctx)) == 10
    tab_until(qtbot, done.another)
    press(qtbot, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: tab.stack.currentWidget() is tab.start_page)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is tab.start_page.drop.browse)


def test_cancel_and_back_in_the_import_wizard_keep_the_keyboard_in_it(
    qtbot, window, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    tab: Any = window.pages["import"]
    go_to(qtbot, "import")
    tab.open_files([write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)])  # the chooser's part
    _wait_page(qtbot, tab, Step.FILE, tab.file_page.next)
    press(qtbot, Qt.Key.Key_Space)
    _wait_page(qtbot, tab, Step.COLUMNS, tab.columns_page.next)
    tab_until(qtbot, tab.columns_page.back)
    press(qtbot, Qt.Key.Key_Space)  # Back: the file again
    _wait_page(qtbot, tab, Step.FILE, tab.file_page.next)
    tab_until(qtbot, tab.file_page.cancel)
    press(qtbot, Qt.Key.Key_Space)  # Cancel: the start, ready to choose another file
    qtbot.waitUntil(lambda: tab.stack.currentWidget() is tab.start_page)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is tab.start_page.drop.browse)


def contacts_on(arun: Any, ctx: Any) -> list[Any]:
    async def everyone() -> list[Any]:
        return list((await ctx.client().list_contacts(page=1, page_size=100)).contacts)

    return arun(everyone())  # type: ignore[no-any-return]


def _delete_by_keyboard(qtbot: Any, contacts: Any) -> None:
    """Delete (the key, or Space on the button), then Tab to the yes and Space; wait until
    the list is read again."""
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
    box: Any = None

    def asked() -> bool:
        nonlocal box
        boxes = [b for b in contacts.findChildren(QMessageBox) if b.isVisible()]
        box = boxes[-1] if boxes else None
        return box is not None and QApplication.activeWindow() is box

    qtbot.waitUntil(asked, timeout=5000)
    yes = box.findChild(QPushButton, "confirmYes")
    tab_until(qtbot, yes, most=4)
    with qtbot.waitSignal(contacts.job_finished, timeout=10000):
        press(qtbot, Qt.Key.Key_Space)
    back_to(qtbot, contacts.window())
    qtbot.waitUntil(lambda: contacts.model.known and not contacts.model.loading, timeout=10000)


def test_after_deleting_contacts_the_keyboard_is_on_the_next_row(qtbot, window, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    """The keyboard stays on the list after a delete: on the row that took the deleted one's
    place (not selected: Delete again asks about nobody until a row is chosen), on the last
    row when the end was deleted, on "Add a customer" when nobody is left; whether Delete was
    the key on the grid or Space on the Delete button (which waits meanwhile)."""
    seed(arun, ctx, 4)
    contacts: Any = window.pages["contacts"]
    go_to(qtbot, "contacts")
    qtbot.waitUntil(lambda: contacts.model.rowCount() == 4, timeout=10000)
    names = [contacts.model.index(r, 0).data() for r in range(4)]
    tab_until(qtbot, contacts.table)
    press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_Down)  # the third row
    press(qtbot, Qt.Key.Key_Space)
    press(qtbot, Qt.Key.Key_Delete)
    _delete_by_keyboard(qtbot, contacts)
    assert contacts.model.total == 3
    assert focused() is contacts.table
    assert contacts.table.currentIndex().row() == 2
    assert contacts.table.currentIndex().data() == names[3]  # the next one, in its place
    assert contacts.selected_rows() == []

    # the last row, by the Delete button: the keyboard is on the row now last
    press(qtbot, Qt.Key.Key_Space)
    tab_until(qtbot, contacts.delete_button)
    press(qtbot, Qt.Key.Key_Space)
    _delete_by_keyboard(qtbot, contacts)
    assert contacts.model.total == 2
    assert focused() is contacts.table
    assert contacts.table.currentIndex().row() == 1

    # everyone: the keyboard is on "Add a customer"
    tab_until(qtbot, contacts.table)
    press(qtbot, Qt.Key.Key_A, CTRL)
    press(qtbot, Qt.Key.Key_Delete)
    _delete_by_keyboard(qtbot, contacts)
    assert contacts.model.total == 0
    qtbot.waitUntil(lambda: QApplication.focusWidget() is contacts.state_page.primary)


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


def _second_click_of_a_double_click(button: QWidget) -> None:
    """What a double click whose first click hit the button before delivers to *button*."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QMouseEvent

    where = QPointF(button.rect().center())
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    for kind, buttons in (
        (QMouseEvent.Type.MouseButtonDblClick, left),
        (QMouseEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton),
    ):
        QApplication.sendEvent(
            button, QMouseEvent(kind, where, button.mapToGlobal(where), left, buttons, none)
        )


def test_a_key_pressed_twice_in_the_import_wizard_neither_stops_nor_uploads(
    qtbot, window, ctx, arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Space twice on "Check every row": the second press lands on the checking page's
    progress (not on Cancel), or, when the check was that fast, on Upload, which ignores a
    press within a double click of the page appearing; a mouse double click the same."""
    tab: Any = window.pages["import"]
    go_to(qtbot, "import")
    tab.open_files([write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)])
    _wait_page(qtbot, tab, Step.FILE, tab.file_page.next)
    press(qtbot, Qt.Key.Key_Space)
    _wait_page(qtbot, tab, Step.COLUMNS, tab.columns_page.next)
    tab.start_check()
    assert QApplication.focusWidget() is tab.checking_page.bar  # the check's progress
    press(qtbot, Qt.Key.Key_Space)  # the second press: nothing stops
    qtbot.waitUntil(lambda: tab.flow.step is Step.CHECK, timeout=20000)
    assert QApplication.focusWidget() is tab.check_page.upload
    tab._page_shown_at = time.monotonic()  # as if the check had just ended
    press(qtbot, Qt.Key.Key_Space)  # a press meant for "Check every row"
    _second_click_of_a_double_click(tab.check_page.upload)  # its first on "Check every row"
    qtbot.wait(100)
    assert tab.flow.step is Step.CHECK  # not uploaded
    assert contacts_on(arun, ctx) == []
    qtbot.wait(QApplication.doubleClickInterval())
    press(qtbot, Qt.Key.Key_Space)  # meant: uploads
    qtbot.waitUntil(lambda: tab.flow.step is Step.DONE, timeout=60000)
    assert len(contacts_on(arun, ctx)) == 10


def test_when_the_strip_s_stop_goes_away_the_keyboard_returns_to_what_started_the_job(
    qtbot, window, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """The keyboard on the strip's Stop when the job ends, or is stopped with it: Qt would
    hand it to the next control (the wizard's Cancel, where a second Enter ended the whole
    import); it goes back to the button that started the job."""
    import asyncio

    tab: Any = window.pages["import"]
    go_to(qtbot, "import")
    tab.open_files([write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)])
    _wait_page(qtbot, tab, Step.FILE, tab.file_page.next)
    press(qtbot, Qt.Key.Key_Space)
    _wait_page(qtbot, tab, Step.COLUMNS, tab.columns_page.next)
    press(qtbot, Qt.Key.Key_Space)
    _wait_page(qtbot, tab, Step.CHECK, tab.check_page.upload)
    export = tab.check_page.export
    stop = tab.progress.cancel_button
    for ends_by in ("finishing", "Stop", "Stop, after its step"):
        tab_until(qtbot, export)
        done = asyncio.Event()
        cooperative = ends_by.endswith("step")

        async def job(done: asyncio.Event = done, cooperative: bool = cooperative) -> None:
            # a cooperative job looks at Stop between its steps
            while not done.is_set() and not (cooperative and tab._cancel_requested):  # noqa: ASYNC110
                await asyncio.sleep(0.05)

        tab._run_job("Saving the problem rows…", job(), lambda _r: None, cooperative=cooperative)
        qtbot.waitUntil(stop.isVisible)
        stop.setFocus()
        if ends_by.startswith("Stop"):
            press(qtbot, Qt.Key.Key_Space)
            if cooperative:  # stopping: the keyboard waits on the strip, not on a button
                assert focused() is tab.progress.bar
        else:
            done.set()
        qtbot.waitUntil(lambda: not stop.isVisible())
        qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(tab.job_task))
        assert focused() is export, (ends_by, focused().objectName())
    assert tab.flow.step is Step.CHECK
