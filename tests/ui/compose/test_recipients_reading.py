"""A long list of numbers is read in a worker thread once typing stops: pasting 50,000
numbers held the window still for ~0.3 s while they were checked on the GUI thread.

The worker is held at a gate here, so what the window does meanwhile can be looked at."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from desktop_app.core.recipients import NumberParser, Person, RecipientList, read_recipients
from desktop_app.core.rules import SendCategory
from desktop_app.ui.compose import recipients as recipients_module
from desktop_app.ui.compose.recipients import LONG_LIST, RecipientsPanel
from desktop_app.ui.compose.tab import READING_TASK
from tests.ui.compose.helpers import SendRun, make_tab
from tests.ui.compose.test_rules import choose
from tests.ui.support import add_other_shop


def numbers(count: int, base: int = 0) -> str:
    """*count* distinct Kenyan mobiles, one a line (a list over LONG_LIST characters from
    about 370 of them)."""
    return "\n".join(f"0712{base + i:06d}" for i in range(count))


class Gate:
    """Stands in for ``read_recipients`` in the panel: records the thread it runs on and
    waits to be let through."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.open = threading.Event()
        self.finished = threading.Event()  # the worker has its answer (it is delivered next)
        self.threads: list[str] = []

    def __call__(
        self, parser: NumberParser, text: str, picked: tuple[Person, ...]
    ) -> tuple[object, RecipientList]:
        self.threads.append(threading.current_thread().name)
        self.entered.set()
        self.open.wait(10)
        try:
            return read_recipients(parser, text, picked)
        finally:
            self.finished.set()


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    held = Gate()
    monkeypatch.setattr(recipients_module, "read_recipients", held)
    try:
        yield held
    finally:
        held.open.set()  # never leave a worker waiting


@pytest.fixture
def panel(qtbot) -> RecipientsPanel:  # type: ignore[no-untyped-def]
    widget = RecipientsPanel()
    qtbot.addWidget(widget)
    widget.show()
    return widget


def paste(panel: RecipientsPanel, text: str) -> None:
    QApplication.clipboard().setText(text)
    panel.numbers_edit.setFocus()
    panel.numbers_edit.selectAll()
    panel.numbers_edit.paste()


def late_answer_delivered(qtbot, gate: Gate) -> None:  # type: ignore[no-untyped-def]
    """Wait for the held worker to finish, then for its answer to reach the loop."""
    qtbot.waitUntil(gate.finished.is_set)
    qtbot.wait(30)


def type_a_line(qtbot, panel: RecipientsPanel, line: str) -> None:  # type: ignore[no-untyped-def]
    """At the end of the box, as a user does: Enter, then the number."""
    cursor = panel.numbers_edit.textCursor()
    cursor.movePosition(cursor.MoveOperation.End)
    panel.numbers_edit.setTextCursor(cursor)
    qtbot.keyClick(panel.numbers_edit, Qt.Key.Key_Return)
    qtbot.keyClicks(panel.numbers_edit, line)


def test_a_long_paste_is_read_off_the_window_thread(qtbot, panel, gate) -> None:  # type: ignore[no-untyped-def]
    paste(panel, numbers(600))
    assert len(numbers(600)) > LONG_LIST
    qtbot.waitUntil(gate.entered.is_set)
    assert gate.threads != [threading.current_thread().name]
    assert gate.threads[0].startswith("tuma-")
    # The window goes on meanwhile, and says what it is doing.
    qtbot.waitUntil(lambda: panel.summary_label.text() == "Checking the numbers…")
    assert panel.pending
    assert panel.current.people == ()
    assert panel.clear_button.isEnabled()  # the box is not empty: Clear works meanwhile
    gate.open.set()
    qtbot.waitUntil(lambda: not panel.pending)
    assert len(panel.current.people) == 600
    assert panel.summary_label.text() == "600 recipients"
    assert panel.chips.count() > 0


def test_a_reader_does_not_wait_for_the_worker(qtbot, panel, gate) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+Enter while the worker reads: the send is built from what the box shows."""
    panel.set_numbers_text("0722000111\n0733000222")
    paste(panel, numbers(600))
    qtbot.waitUntil(gate.entered.is_set)
    assert len(panel.people()) == 600  # read here, at once
    assert not panel.pending
    assert panel.summary_label.text() == "600 recipients"
    gate.open.set()
    late_answer_delivered(qtbot, gate)  # ... and changes nothing
    assert len(panel.current.people) == 600


def test_an_edit_while_reading_drops_the_older_reading(qtbot, panel, gate) -> None:  # type: ignore[no-untyped-def]
    paste(panel, numbers(600))
    qtbot.waitUntil(gate.entered.is_set)
    type_a_line(qtbot, panel, "0799000111")
    gate.open.set()  # the first reading ends after the edit: it is not shown
    qtbot.waitUntil(lambda: len(gate.threads) == 2)
    qtbot.waitUntil(lambda: not panel.pending)
    assert len(panel.current.people) == 601
    assert panel.current.people[-1].phone == "+254799000111"


def test_contacts_picked_while_reading_are_kept(qtbot, panel, gate) -> None:  # type: ignore[no-untyped-def]
    paste(panel, numbers(600))
    qtbot.waitUntil(gate.entered.is_set)
    achieng = Person("+254799000222", "Achieng", "Otieno", from_contacts=True)
    panel.add_people([achieng])
    assert panel.summary_label.text() in ("1 recipient", "Checking the numbers…")
    gate.open.set()
    qtbot.waitUntil(lambda: not panel.pending)
    assert len(panel.current.people) == 601
    assert panel.current.people[0] == achieng


def test_removing_a_picked_contact_while_reading_is_kept(qtbot, panel, gate) -> None:  # type: ignore[no-untyped-def]
    panel.add_people([Person("+254799000222", "Achieng", from_contacts=True)])
    paste(panel, numbers(600))
    qtbot.waitUntil(gate.entered.is_set)
    for i in range(panel.chips.count()):
        item = panel.chips.item(i)
        item.setSelected(item.data(Qt.ItemDataRole.UserRole) == "+254799000222")
    panel.remove_selected()
    gate.open.set()
    qtbot.waitUntil(lambda: not panel.pending)
    assert len(panel.current.people) == 600
    assert "+254799000222" not in {p.phone for p in panel.current.people}


def test_closing_while_reading_is_quiet(qtbot, gate) -> None:  # type: ignore[no-untyped-def]
    widget = RecipientsPanel()
    widget.show()
    paste(widget, numbers(600))
    qtbot.waitUntil(gate.entered.is_set)
    widget.close()
    widget.deleteLater()
    qtbot.wait(10)
    gate.open.set()
    late_answer_delivered(qtbot, gate)  # to a panel that is gone: nothing is raised


def test_typing_in_a_long_list_reads_once_typing_stops(qtbot, panel, gate) -> None:  # type: ignore[no-untyped-def]
    panel.set_numbers_text(numbers(600))  # read at once (set, not typed)
    assert not gate.threads
    assert len(panel.current.people) == 600
    type_a_line(qtbot, panel, "0799000111")
    assert panel.pending
    gate.open.set()
    qtbot.waitUntil(lambda: not panel.pending)
    assert len(gate.threads) == 1  # one reading for the whole burst of keys
    assert len(panel.current.people) == 601


def test_compose_keeps_typing_while_a_long_list_is_read(qtbot, ctx, gate) -> None:  # type: ignore[no-untyped-def]
    """The cost estimate waits for the reading rather than reading the list itself (which
    held the window as before): the message is typed meanwhile, then Send counts all."""
    tab = make_tab(qtbot, ctx)
    paste(tab.recipients, numbers(600))
    qtbot.waitUntil(gate.entered.is_set)
    tab.composer.editor.setFocus()
    qtbot.keyClicks(tab.composer.editor, "Karibu dukani!")
    ctx.balance_changed.emit(ctx.last_balance)  # a balance read comes back meanwhile
    assert tab.recipients.pending  # still the worker's to read
    assert tab.composer.text() == "Karibu dukani!"
    gate.open.set()
    qtbot.waitUntil(lambda: tab.summary.send_button.text() == "Send to 600 people")


def test_the_survey_page_keeps_typing_while_a_long_list_is_read(qtbot, ctx, gate) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(qtbot, ctx)
    tab.set_channel(2)
    page = tab.survey
    paste(page.recipients, numbers(600))
    qtbot.waitUntil(gate.entered.is_set)
    qtbot.keyClicks(page.survey_edit, "SRV-1")
    assert page.recipients.pending  # still the worker's to read
    gate.open.set()
    qtbot.waitUntil(lambda: page.send_button.text() == "Send survey to 600 people")


def test_clear_while_reading_stays_clear(qtbot, panel, gate) -> None:  # type: ignore[no-untyped-def]
    paste(panel, numbers(600))
    qtbot.waitUntil(gate.entered.is_set)
    cleared: list[str] = []
    panel.cleared.connect(lambda numbers, _people: cleared.append(numbers))
    qtbot.mouseClick(panel.clear_button, Qt.MouseButton.LeftButton)
    assert cleared == [numbers(600)]  # what the Undo brings back
    assert not panel.pending
    gate.open.set()
    late_answer_delivered(qtbot, gate)  # ... and puts nobody back
    assert panel.current.empty
    assert panel.summary_label.text() == "No recipients yet."


def _read_on_this_thread(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Counts the lists the panel's parser reads on the window's thread (a worker's reading
    goes through the gate, not here)."""
    reads: list[str] = []
    parse = NumberParser.parse

    def counted(self: NumberParser, text: str) -> object:
        if threading.current_thread() is threading.main_thread():
            reads.append(text)
        return parse(self, text)

    monkeypatch.setattr(NumberParser, "parse", counted)
    return reads


def test_settled_waits_for_the_worker_instead_of_reading_here(qtbot, panel, gate, arun) -> None:  # type: ignore[no-untyped-def]
    """Send's way of reading: a list waiting for typing to stop is read at once in the
    worker, not on the window's thread, and an edit meanwhile is read too."""
    paste(panel, numbers(600))
    assert panel.pending  # (still waiting for typing to stop)
    assert not gate.threads
    task = asyncio.ensure_future(panel.settled())
    qtbot.waitUntil(gate.entered.is_set)  # started without the 250 ms wait
    assert not task.done()
    type_a_line(qtbot, panel, "0799000111")  # an edit while it is read
    gate.open.set()
    read = arun(task)
    assert len(read.people) == 601
    assert read.people[-1].phone == "+254799000111"
    assert not panel.pending
    assert threading.main_thread().name not in gate.threads


def test_send_pressed_while_a_long_list_is_read_waits_for_it(qtbot, ctx, gate, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+Enter (twice, in a hurry) right after a 600-number paste: Send read the list on
    the window's thread there and then (~0.3 s for 50,000 numbers, the window still); it
    now waits for the worker's reading, then asks once about all 600."""
    reads = _read_on_this_thread(monkeypatch)
    tab = make_tab(qtbot, ctx)
    tab.activateWindow()  # (for its shortcuts)
    qtbot.waitUntil(tab.isActiveWindow)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.rules"))
    choose(qtbot, tab, SendCategory.TRANSACTIONAL)  # any hour: the real clock is used
    tab.composer.editor.setFocus()
    qtbot.keyClicks(tab.composer.editor, "Karibu dukani!")
    paste(tab.recipients, numbers(600))
    run = SendRun(qtbot, tab)
    for _ in range(2):
        qtbot.keyClick(
            tab.recipients.numbers_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
        )
    qtbot.waitUntil(gate.entered.is_set)
    qtbot.wait(50)
    assert tab.confirm_dialog is None  # not asked before the list is read ...
    assert tab.recipients.pending  # ... nor read here
    gate.open.set()
    dialog = run.confirm_dialog()
    assert "Send to 600 people?" in [label.text() for label in dialog.findChildren(QLabel)]
    assert len(gate.threads) == 1
    assert not [text for text in reads if len(text) >= LONG_LIST]
    dialog.reject()
    assert run.wait() is None


def test_send_pressed_then_another_account_opened_while_reading_sends_nothing(  # type: ignore[no-untyped-def]
    qtbot, ctx, gate, arun, admin, account, memory_keyring
) -> None:
    """Send pressed right after a long paste, then another account opened before the list
    was read: the other account's form (its own draft) is not what was pressed; nothing
    is asked or sent."""
    add_other_shop(admin, account, ctx, memory_keyring)
    tab = make_tab(qtbot, ctx)
    tab.activateWindow()  # (for its shortcuts)
    qtbot.waitUntil(tab.isActiveWindow)
    tab.composer.editor.setFocus()
    qtbot.keyClicks(tab.composer.editor, "Karibu dukani!")
    paste(tab.recipients, numbers(600))
    run = SendRun(qtbot, tab)
    qtbot.keyClick(
        tab.recipients.numbers_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    qtbot.waitUntil(gate.entered.is_set)
    other = ctx.settings.profile("Other shop")
    arun(ctx.open_session(other, memory_keyring.secrets[("tuma", "Other shop")]))
    tab.recipients.set_numbers_text("0712000001")  # (the other account's form)
    gate.open.set()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running(READING_TASK))
    qtbot.wait(100)
    assert tab.confirm_dialog is None
    assert run.finished == []
    assert admin.messages(account.account_id) == []


def test_the_survey_page_sends_once_a_long_paste_is_read(qtbot, ctx, gate, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    reads = _read_on_this_thread(monkeypatch)
    tab = make_tab(qtbot, ctx)
    tab.activateWindow()  # (for its shortcuts)
    qtbot.waitUntil(tab.isActiveWindow)
    tab.set_channel(2)
    page = tab.survey
    qtbot.keyClicks(page.survey_edit, "SRV-1")
    paste(page.recipients, numbers(600))
    assert not page.send_button.isEnabled()  # (nobody read yet)
    qtbot.keyClick(
        page.recipients.numbers_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    qtbot.waitUntil(gate.entered.is_set)
    assert page.confirm_dialog is None or not page.confirm_dialog.isVisible()
    gate.open.set()
    qtbot.waitUntil(
        lambda: page.confirm_dialog is not None and page.confirm_dialog.isVisible(),
        timeout=10000,
    )
    texts = [label.text() for label in page.confirm_dialog.findChildren(QLabel)]
    assert any("600" in text for text in texts)
    assert not [text for text in reads if len(text) >= LONG_LIST]
    page.confirm_dialog.reject()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.survey"))
