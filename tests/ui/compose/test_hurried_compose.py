"""A hurried user on the Compose tab: a placeholder no recipient has, and a time for Send
later that has passed by the time it is chosen or confirmed."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta
from typing import Any

import pytest
from PySide6.QtCore import QDateTime, Qt
from PySide6.QtWidgets import QLabel

from desktop_app.core.rules import SendCategory
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose import tab as tab_module
from desktop_app.ui.compose.rules import SendLaterDialog
from tests.ui.compose.helpers import LEFT, SendRun, compose, make_tab
from tests.ui.compose.test_rules import choose, e164, profile, sent_to, typed, wait_dialog

RECEIPT = "Asante! Your order 1043 is ready for collection."


@pytest.fixture
def tab(qtbot, ctx) -> ComposeTab:  # type: ignore[no-untyped-def]
    widget = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.rules"))
    choose(qtbot, widget, SendCategory.TRANSACTIONAL)  # any hour: these use the real clock
    return widget


def test_a_placeholder_nobody_has_is_not_sent_as_typed(qtbot, tab, admin, account) -> None:  # type: ignore[no-untyped-def]
    """ "Habari {jina}" ("name" in Kiswahili) went out to everyone with its braces."""
    tab.recipients.set_numbers_text("\n".join(typed(2)))
    tab.composer.set_text("Habari {jina}! Oda yako iko tayari.")
    tab.update_estimate()
    button = tab.summary.send_button
    assert not button.isEnabled()
    assert not tab.later_button.isEnabled()
    note = tab.summary.note_label
    assert note.isVisible()
    assert "{jina}" in note.text()
    assert "First name" in note.text()
    run = SendRun(qtbot, tab)
    tab.send()  # Ctrl+Enter in a hurry
    assert run.finished == [None]
    assert tab.last_problem is not None
    assert "{jina}" in tab.last_problem
    assert tab.confirm_dialog is None
    # mended with the button's field: it goes, with the fallback word for typed numbers
    tab.composer.set_text("Habari {first_name}! Oda yako iko tayari.")
    tab.update_estimate()
    assert button.isEnabled()
    assert tab.preview.bubble.text() == "Habari customer! Oda yako iko tayari."
    assert sent_to(admin, account) == Counter()


def test_send_later_refuses_a_time_that_passed_while_the_dialog_was_open(qtbot, tab, arun) -> None:  # type: ignore[no-untyped-def]
    compose(qtbot, tab, "\n".join(typed(2)), RECEIPT)
    run = SendRun(qtbot, tab)
    qtbot.mouseClick(tab.later_button, LEFT)
    later = wait_dialog(qtbot, tab, SendLaterDialog)
    # the dialog stayed open: the earliest time it allowed is behind us now
    past = QDateTime.currentDateTime().addSecs(-300)
    later.edit.setMinimumDateTime(past)
    later.edit.setDateTime(past)
    later.accept()  # Continue
    assert later.isVisible(), "a time in the past was taken"
    assert later.past_label.isVisible()
    assert later.due_at() > datetime.now().astimezone()  # moved to the earliest time ahead
    later.reject()
    run.wait()
    assert arun(tab.ctx.services.sending.scheduled(profile(tab))) == []


def test_a_time_that_passed_while_the_confirmation_was_open_schedules_nothing(  # type: ignore[no-untyped-def]
    qtbot, tab, admin, account, arun, monkeypatch
) -> None:
    """It said "Scheduled: it goes out today at 09:45" at 09:50, then was sent at once or
    asked about as if Tuma had been closed."""
    compose(qtbot, tab, "\n".join(typed(2)), RECEIPT)
    run = SendRun(qtbot, tab)
    qtbot.mouseClick(tab.later_button, LEFT)
    later = wait_dialog(qtbot, tab, SendLaterDialog)
    chosen = later.due_at()
    later.accept()
    run.confirm_dialog()

    class Later(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            return chosen.astimezone(tz) + timedelta(minutes=2)

    monkeypatch.setattr(tab_module, "datetime", Later)  # the user came back two minutes late
    run.confirm()
    run.wait()
    monkeypatch.undo()
    assert arun(tab.ctx.services.sending.scheduled(profile(tab))) == []
    assert tab.last_problem is not None
    assert "Nothing was scheduled" in tab.last_problem
    assert tab.composer.text() == RECEIPT  # the form is kept, to send or schedule again
    assert len(tab.recipients.people()) == 2
    assert sent_to(admin, account) == Counter()


def test_a_long_paste_then_send_at_once_goes_to_the_pasted_list(qtbot, tab, admin, account) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+A, Ctrl+V of 600 numbers over two, then Ctrl+Enter before the paste was parsed
    (it waits 250 ms to settle): it asked "Send to 2 people?", sent to those two, and wiped
    the 600 with the form."""
    compose(qtbot, tab, "\n".join(typed(2)), RECEIPT)
    edit = tab.recipients.numbers_edit
    edit.selectAll()
    edit.insertPlainText("\n".join(typed(600, base=100)))
    assert len(tab.recipients.current.people) == 2  # not parsed yet: the case tried
    run = SendRun(qtbot, tab)
    qtbot.keyClick(edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # at once
    dialog = run.confirm_dialog()
    assert dialog.windowTitle() == "Send this message?"
    assert "Send to 600 people?" in [label.text() for label in dialog.findChildren(QLabel)]
    run.confirm()
    report = run.wait()
    assert report is not None
    assert sent_to(admin, account) == Counter(e164(n) for n in typed(600, base=100))
