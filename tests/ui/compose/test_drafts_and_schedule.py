"""Edit of a scheduled send, hurried and interrupted: pressed twice, pressed while another
message goes out, overtaken by the send falling due, and followed by a quit or a kill. The
text is never lost (it is on the schedule or in the draft, and the draft says which send it
was), and nothing goes out twice."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel

from desktop_app.core.services import Services
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.context import AppContext
from tests.ui.compose.helpers import LEFT, SendRun, compose, make_tab, open_list
from tests.ui.compose.test_rules import PROMOTION, schedule_directly, sent_to

TEXT = PROMOTION + " STOP"


@pytest.fixture
def tab(qtbot, ctx) -> ComposeTab:  # type: ignore[no-untyped-def]
    widget = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.rules"))
    return widget


@pytest.fixture
def restart(qtbot, arun, services, tmp_path, test_profile, account) -> Iterator[Callable[[], Any]]:  # type: ignore[no-untyped-def]
    """Tuma started again on the same records (after a quit or a kill): a new tab."""
    opened: list[tuple[AppContext, Services]] = []

    def start() -> ComposeTab:
        again = Services.open(store_path=services.store.path, settings_path=tmp_path / "2.json")
        context = AppContext(again)
        opened.append((context, again))
        arun(context.open_session(test_profile, account.token))
        widget = make_tab(qtbot, context)
        qtbot.waitUntil(lambda: not context.tasks.is_running("compose.draft.load"))
        qtbot.waitUntil(lambda: not context.tasks.is_running("compose.rules"))
        return widget

    yield start
    for context, again in opened:
        arun(context.tasks.shutdown(timeout=5.0))
        arun(context.close_session(emit=False))
        again.close()


def killed(qtbot: Any, tab: ComposeTab) -> None:
    """The process dies here: no quit path, no timer fires again, no task goes on."""
    tab._draft_timer.stop()
    tab.hide()
    tab._draft_timer.stop()  # (hiding saves a pending draft; a kill does not)
    tab.ctx.tasks.cancel("compose.draft.save")


def scheduled_ids(tab: ComposeTab, arun: Any) -> list[int]:
    session = tab.ctx.session
    assert session is not None
    sends = arun(tab.ctx.services.sending.scheduled(session.profile.name))
    return [s.broadcast.id for s in sends]


def test_an_edited_scheduled_send_still_says_so_after_a_kill_and_undo_puts_it_back(
    qtbot, tab, arun, admin, account, restart
) -> None:  # type: ignore[no-untyped-def]
    later = datetime.now(UTC) + timedelta(days=1)
    broadcast_id = schedule_directly(tab, arun, later)
    compose(qtbot, tab, "0711 111111", "Half-written note")
    tab.save_draft()
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.draft.save"))
    dialog = open_list(qtbot, tab)
    qtbot.mouseClick(dialog.edit_button, LEFT)
    qtbot.waitUntil(lambda: tab.composer.text() == TEXT)
    assert "It is off the schedule (it was due tomorrow at" in tab.notice.label.text()
    killed(qtbot, tab)  # at once: before the form's own draft save

    again = restart()
    assert again.composer.text() == TEXT
    assert len(again.recipients.people()) == 2
    assert again.notice.isVisible()
    said = again.notice.label.text()
    assert said.startswith("This message was scheduled to go out tomorrow at")
    assert "taken off the schedule" in said
    assert scheduled_ids(again, arun) == []
    qtbot.mouseClick(again.notice.action_button, LEFT)  # Undo
    assert again.composer.text() == "Half-written note"
    assert again.recipients.numbers_edit.toPlainText() == "0711 111111"
    qtbot.waitUntil(lambda: again.notice.label.text().startswith("Back on the schedule"))
    waiting = arun(again.ctx.services.sending.scheduled("Test shop"))
    assert [(w.broadcast.id, w.due_at, w.broadcast.recipients_pending) for w in waiting] == [
        (broadcast_id, later, 2)
    ]
    qtbot.waitUntil(lambda: not again.ctx.tasks.busy)
    draft = again.ctx.services.store.drafts.load("Test shop")
    assert (draft.text, draft.taken_off) == ("Half-written note", None)
    assert sent_to(admin, account) == Counter()


def test_the_edited_text_sent_after_a_restart_cannot_be_put_back_as_well(
    qtbot, tab, arun, admin, account, restart
) -> None:  # type: ignore[no-untyped-def]
    later = datetime.now(UTC) + timedelta(days=1)
    schedule_directly(tab, arun, later)
    dialog = open_list(qtbot, tab)
    qtbot.mouseClick(dialog.edit_button, LEFT)
    qtbot.waitUntil(lambda: tab.composer.text() == TEXT)
    killed(qtbot, tab)
    again = restart()
    taken_off = again.current_draft().taken_off
    assert taken_off is not None
    run = SendRun(qtbot, again)
    run.click_send()
    run.confirm()
    run.wait()
    assert len(sent_to(admin, account)) == 2
    # The Undo of that note, had it still been there: refused, the old send stays off.
    assert not arun(again.ctx.services.drafts.put_back("Test shop", taken_off))
    assert scheduled_ids(again, arun) == []
    assert set(sent_to(admin, account).values()) == {1}


def test_edit_pressed_twice_takes_the_send_off_once_and_loses_nothing(
    qtbot, tab, arun, monkeypatch, admin, account
) -> None:  # type: ignore[no-untyped-def]
    later = datetime.now(UTC) + timedelta(days=1)
    broadcast_id = schedule_directly(tab, arun, later)
    dialog = open_list(qtbot, tab)
    schedule = tab.ctx.services.store.schedule
    real_cancel = schedule.cancel
    reached, go_on = threading.Event(), threading.Event()

    def slow_cancel(*args: Any, **kwargs: Any) -> bool:
        reached.set()
        go_on.wait(10)
        return bool(real_cancel(*args, **kwargs))

    monkeypatch.setattr(schedule, "cancel", slow_cancel)
    qtbot.mouseClick(dialog.edit_button, LEFT)
    qtbot.waitUntil(reached.is_set)  # the first press is taking it off the schedule
    tab._scheduled_edit(broadcast_id)  # the second press
    go_on.set()
    qtbot.waitUntil(lambda: not tab.ctx.tasks.busy)
    assert tab.composer.text() == TEXT
    assert len(tab.recipients.people()) == 2
    assert scheduled_ids(tab, arun) == []
    assert sent_to(admin, account) == Counter()


def test_edit_while_another_message_goes_out_keeps_the_send_scheduled(
    qtbot, tab, arun, admin, account
) -> None:  # type: ignore[no-untyped-def]
    later = datetime.now(UTC) + timedelta(days=1)
    broadcast_id = schedule_directly(tab, arun, later)
    compose(qtbot, tab, "0712 999001", "Closing early today")
    admin.fault("delay", 1, path_prefix="/v1/send", seconds=1.0)
    try:
        run = SendRun(qtbot, tab)
        run.click_send()
        run.confirm()
        qtbot.waitUntil(lambda: tab.flow.sending)
        tab._scheduled_edit(broadcast_id)
        qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.scheduled.edit"))
        assert "A message is being sent" in tab.notice.label.text()
        run.wait()
    finally:
        admin.clear_faults()
    assert scheduled_ids(tab, arun) == [broadcast_id]  # still waiting for its time
    assert tab.composer.text() == ""


def test_edit_of_a_send_that_fell_due_meanwhile_says_so(qtbot, tab, arun, admin, account) -> None:  # type: ignore[no-untyped-def]
    later = datetime.now(UTC) + timedelta(days=1)
    broadcast_id = schedule_directly(tab, arun, later)
    dialog = open_list(qtbot, tab)
    # It falls due (the timer takes it off the schedule to send it) as Edit is pressed.
    assert arun(tab.ctx.services.sending.release(broadcast_id))
    qtbot.mouseClick(dialog.edit_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.scheduled.edit"))
    assert tab.notice.isVisible()
    assert tab.notice.label.text().startswith("This message is no longer scheduled")
    assert tab.composer.text() == ""


def test_undo_after_the_time_passed_while_editing_asks_before_sending(
    qtbot, tab, arun, admin, account
) -> None:  # type: ignore[no-untyped-def]
    """Edit, then Undo once the send's time has passed: back on the schedule, but asked
    about (as an overdue send found at start), never sent by the next due check unasked."""
    due = datetime.now(UTC) + timedelta(seconds=1)
    broadcast_id = schedule_directly(tab, arun, due)
    dialog = open_list(qtbot, tab)
    qtbot.mouseClick(dialog.edit_button, LEFT)
    qtbot.waitUntil(lambda: tab.composer.text() == TEXT)
    qtbot.waitUntil(lambda: datetime.now(UTC) > due + timedelta(milliseconds=200), timeout=5000)
    qtbot.mouseClick(tab.notice.action_button, LEFT)  # Undo
    qtbot.waitUntil(lambda: tab.overdue_dialog is not None, timeout=10_000)
    overdue = tab.overdue_dialog
    assert overdue.broadcast_id == broadcast_id
    said = " ".join(label.text() for label in overdue.findChildren(QLabel))
    assert "being edited" in said
    assert "Back on the schedule" in tab.notice.label.text()
    assert sent_to(admin, account) == Counter()
    tab.check_scheduled()  # the 20-second timer meanwhile: still nothing sent unasked
    qtbot.wait(300)
    assert sent_to(admin, account) == Counter()
    qtbot.mouseClick(overdue.send_button, LEFT)
    qtbot.waitUntil(lambda: len(sent_to(admin, account)) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: not tab.flow.busy)
    assert set(sent_to(admin, account).values()) == {1}
