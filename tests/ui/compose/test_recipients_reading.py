"""A long list of numbers is read in a worker thread once typing stops: pasting 50,000
numbers held the window still for ~0.3 s while they were checked on the GUI thread.

The worker is held at a gate here, so what the window does meanwhile can be looked at."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop_app.core.recipients import NumberParser, Person, RecipientList, read_recipients
from desktop_app.ui.compose import recipients as recipients_module
from desktop_app.ui.compose.recipients import LONG_LIST, RecipientsPanel
from tests.ui.compose.helpers import make_tab


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
