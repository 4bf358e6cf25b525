"""Send later, two things a hurried shop assistant met: "Cancel send" could not be undone (a
slip of the mouse lost a prepared broadcast for good: its text, recipients and time), and
after "Decide later" on an overdue send the banner and the list still said "the next goes
out today at 07:00", a time already past, as if it would go by itself.

Against the sandbox: what is scheduled is read back from the store, what went out from the
sandbox's own record of messages."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from desktop_app.core.recipients import Person
from desktop_app.core.rules import SendCategory
from desktop_app.core.services.sending import SendingService
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose import tab as tab_module
from desktop_app.ui.compose.rules import OverdueDialog, SendLaterDialog
from desktop_app.ui.compose.tab import SCHEDULE_TASK
from tests.ui.compose.helpers import LEFT, open_list, said, settled_tab, visible_overdue
from tests.ui.compose.test_rules import (
    RECEIPT,
    ctx_sending,
    e164,
    profile,
    schedule_directly,
    sent_to,
    typed,
    wait_dialog,
)
from tests.ui.compose.test_schedule_hurried import choose_time

CANCEL_TASK = "compose.scheduled.cancel"


@pytest.fixture
def tab(qtbot: Any, ctx: Any, shop_clock: Any) -> ComposeTab:
    """The shop's clock says 12:00 (inside the hours for promotions)."""
    return settled_tab(qtbot, ctx, shop_clock)


def idle(qtbot: Any, tab: ComposeTab) -> None:
    """The scheduled sends' work done (an Undo, a cancel, the list read again)."""
    qtbot.waitUntil(
        lambda: not [n for n in tab.ctx.tasks.running() if n.startswith("compose.scheduled")],
        timeout=10_000,
    )


def waiting(tab: ComposeTab, arun: Any) -> list[Any]:
    return list(arun(ctx_sending(tab).scheduled(profile(tab))))


def as_kept(tab: ComposeTab, arun: Any, send: Any) -> tuple[Any, ...]:
    """Everything that makes the send what it is: when, for whom, what, what kind."""
    recipients = arun(ctx_sending(tab).scheduled_recipients(send.broadcast.id))
    return (
        send.broadcast.id,
        send.due_at,
        send.category,
        send.broadcast.text,
        send.broadcast.sender_id,
        send.broadcast.recipients_pending,
        recipients,
    )


def cell(dialog: Any, row: int) -> str:
    """The "Goes out" words of the list's *row*."""
    item = dialog.table.item(row, 0)
    assert item is not None
    return str(item.text())


def cancel_selected(qtbot: Any, tab: ComposeTab, dialog: Any) -> None:
    qtbot.mouseClick(dialog.cancel_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(CANCEL_TASK))


def undo_offered(tab: ComposeTab) -> bool:
    return tab.notice.isVisible() and tab.notice.action_button.isVisible()


def schedule_receipt(tab: ComposeTab, arun: Any, due_at: datetime) -> int:
    """A service message (not a promotion) to two named customers and one typed number."""
    people = [
        Person("+254712000701", "Amina", "Otieno", from_contacts=True),
        Person("+254712000702", "Juma", "Mwangi", from_contacts=True),
        Person(e164(typed(1, base=703)[0])),
    ]
    plan = SendingService.plan(
        sender_id=tab.summary.sender_combo.currentText(),
        text=RECEIPT,
        people=people,
        fallback="",
        skipped=0,
        profile=tab.ctx.session.profile,  # type: ignore[union-attr]
        balance=None,
        price_per_part=None,
    )
    return int(
        arun(
            ctx_sending(tab).start(
                plan, profile(tab), category=SendCategory.TRANSACTIONAL, due_at=due_at
            )
        )
    )


# --- Undo of Cancel send --------------------------------------------------------------------


def test_undo_of_cancel_send_puts_it_back_exactly_as_it_was(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any
) -> None:
    """Same time, same recipients, same text, same kind of message: nothing is lost."""
    later = (datetime.now(UTC) + timedelta(days=1)).replace(microsecond=0)
    schedule_receipt(tab, arun, later)
    (before,) = waiting(tab, arun)
    kept = as_kept(tab, arun, before)
    dialog = open_list(qtbot, tab, 1)
    cancel_selected(qtbot, tab, dialog)
    assert waiting(tab, arun) == []
    assert tab.notice.label.text() == "The scheduled message was cancelled."
    assert undo_offered(tab)
    assert tab.notice.action_button.text() == "Undo"
    assert dialog.undo_button.isVisible()  # the list's own status line offers it too
    assert dialog.status_label.text() == "The scheduled message was cancelled."
    assert not tab.scheduled_banner.isVisible()

    qtbot.mouseClick(tab.notice.action_button, LEFT)  # Undo
    idle(qtbot, tab)
    (after,) = waiting(tab, arun)
    assert as_kept(tab, arun, after) == kept
    assert tab.notice.label.text().startswith("Back on the schedule: it goes out tomorrow at")
    assert not tab.notice.action_button.isVisible()
    assert not dialog.undo_button.isVisible()
    assert dialog.status_label.text().startswith("Back on the schedule")
    assert dialog.table.rowCount() == 1
    assert tab.scheduled_banner.isVisible()
    assert sent_to(admin, account) == Counter()


def test_undo_from_the_list_window_puts_it_back(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any
) -> None:
    later = (datetime.now(UTC) + timedelta(hours=5)).replace(microsecond=0)
    broadcast_id = schedule_directly(tab, arun, later, count=3)
    dialog = open_list(qtbot, tab, 1)
    cancel_selected(qtbot, tab, dialog)
    assert dialog.table.rowCount() == 0
    qtbot.mouseClick(dialog.undo_button, LEFT)
    idle(qtbot, tab)
    assert [
        (s.broadcast.id, s.due_at, s.broadcast.recipients_pending) for s in waiting(tab, arun)
    ] == [(broadcast_id, later, 3)]
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    assert not tab.notice.action_button.isVisible()  # the Compose note's Undo went with it
    assert sent_to(admin, account) == Counter()


def test_undo_pressed_twice_restores_once_and_says_so_once(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any
) -> None:
    """The Compose note's Undo, then the list's (a double press across the two): back once,
    and the words say it is back, not that something failed."""
    later = (datetime.now(UTC) + timedelta(days=1)).replace(microsecond=0)
    broadcast_id = schedule_directly(tab, arun, later)
    dialog = open_list(qtbot, tab, 1)
    cancel_selected(qtbot, tab, dialog)
    qtbot.mouseClick(tab.notice.action_button, LEFT)
    dialog.undo_requested.emit()  # the second press, landed before the first was done
    tab.undo_cancel()
    idle(qtbot, tab)
    assert [s.broadcast.id for s in waiting(tab, arun)] == [broadcast_id]
    assert tab.notice.label.text().startswith("Back on the schedule: it goes out")
    assert dialog.status_label.text().startswith("Back on the schedule: it goes out")
    # A late second press, once the first is done: nothing more, nothing else said.
    dialog.undo_requested.emit()
    tab.undo_cancel()
    idle(qtbot, tab)
    assert [s.broadcast.id for s in waiting(tab, arun)] == [broadcast_id]
    assert tab.notice.label.text().startswith("Back on the schedule: it goes out")
    assert dialog.status_label.text().startswith("Back on the schedule: it goes out")
    # The send goes out once when due (as if its time had come): once to each.
    assert arun(ctx_sending(tab).reschedule(broadcast_id, datetime.now(UTC)))
    tab.check_scheduled()
    qtbot.waitUntil(lambda: len(sent_to(admin, account)) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: not tab.flow.busy)
    assert set(sent_to(admin, account).values()) == {1}


def test_the_next_cancel_ends_the_undo_of_the_one_before(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any
) -> None:
    later = datetime.now(UTC) + timedelta(days=1)
    first = schedule_directly(tab, arun, later)
    second = schedule_directly(tab, arun, later + timedelta(hours=1), count=3)
    dialog = open_list(qtbot, tab, 2)
    cancel_selected(qtbot, tab, dialog)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    dialog._pressed_at.clear()  # (not a double press: the user chose to cancel it too)
    cancel_selected(qtbot, tab, dialog)
    qtbot.mouseClick(tab.notice.action_button, LEFT)
    idle(qtbot, tab)
    assert [s.broadcast.id for s in waiting(tab, arun)] == [second]
    assert first != second
    assert not undo_offered(tab)
    assert not dialog.undo_button.isVisible()
    assert sent_to(admin, account) == Counter()


def test_the_undo_lasts_minutes_not_for_ever(qtbot: Any, tab: ComposeTab, arun: Any) -> None:
    """The note with Undo stays (it does not fade in six seconds as good news does), and
    goes when its time is up; the list opened again meanwhile offers it too."""
    assert tab._cancel_undo_timer.interval() == tab_module.CANCEL_UNDO_MINUTES * 60_000
    tab._cancel_undo_timer.setInterval(1_500)  # (minutes, in the app)
    schedule_directly(tab, arun, datetime.now(UTC) + timedelta(days=1))
    dialog = open_list(qtbot, tab, 1)
    cancel_selected(qtbot, tab, dialog)
    assert undo_offered(tab)
    assert not tab.notice.fader.counting  # no fade while the Undo lasts
    dialog.close()
    qtbot.waitUntil(lambda: tab.scheduled_dialog is None)
    tab.open_scheduled_dialog()
    again = tab.scheduled_dialog
    assert again is not None
    assert again.undo_button.isVisible()
    assert again.status_label.text() == "The scheduled message was cancelled."
    qtbot.waitUntil(lambda: not undo_offered(tab), timeout=5_000)
    assert not tab.notice.isVisible()
    assert not again.undo_button.isVisible()
    tab.undo_cancel()  # too late: nothing happens
    idle(qtbot, tab)
    assert waiting(tab, arun) == []


def test_undo_after_its_time_passed_asks_instead_of_sending(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any
) -> None:
    """Cancelled a minute before its time, undone a minute after: put back and asked about as
    an overdue send (with words that say why), not sent unasked."""
    tab.started_at = tab._running_since = datetime.now(UTC) - timedelta(hours=1)
    due = datetime.now(UTC) + timedelta(seconds=1)
    broadcast_id = schedule_directly(tab, arun, due)
    dialog = open_list(qtbot, tab, 1)
    cancel_selected(qtbot, tab, dialog)
    qtbot.waitUntil(lambda: datetime.now(UTC) > due + timedelta(milliseconds=200), timeout=5_000)
    qtbot.mouseClick(dialog.undo_button, LEFT)
    overdue = wait_dialog(qtbot, tab, OverdueDialog)
    assert overdue.broadcast_id == broadcast_id
    assert "It was cancelled, and Undo put it back after its time" in said(overdue)
    assert "choose whether to send it now" in dialog.status_label.text()
    assert sent_to(admin, account) == Counter()
    assert [s.broadcast.id for s in waiting(tab, arun)] == [broadcast_id]
    qtbot.mouseClick(overdue.later_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    for _ in range(2):  # the next checks send nothing unasked
        tab.check_scheduled()
        qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    assert sent_to(admin, account) == Counter()
    assert "waiting for you to decide" in tab.scheduled_banner.label.text()


def test_undo_of_cancel_it_on_an_overdue_send_asks_again(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any
) -> None:
    """ "Cancel it" in the overdue dialog is a cancel like any other: Undo puts it back, and it
    is asked about again (never sent unasked)."""
    broadcast_id = schedule_directly(tab, arun, datetime.now(UTC) - timedelta(hours=2))
    tab.started_at = datetime.now(UTC)  # found at start
    tab.check_scheduled()
    first = wait_dialog(qtbot, tab, OverdueDialog)
    qtbot.mouseClick(first.cancel_send_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    assert waiting(tab, arun) == []
    assert undo_offered(tab)
    qtbot.mouseClick(tab.notice.action_button, LEFT)
    again = wait_dialog(qtbot, tab, OverdueDialog)
    assert again is not first
    assert again.broadcast_id == broadcast_id
    assert sent_to(admin, account) == Counter()
    qtbot.mouseClick(again.send_button, LEFT)
    qtbot.waitUntil(lambda: len(sent_to(admin, account)) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: not tab.flow.busy)
    assert set(sent_to(admin, account).values()) == {1}


# --- "Decide later": the banner and the list say it waits for the user ----------------------


def test_after_decide_later_the_banner_and_list_say_it_waits_for_you(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any
) -> None:
    """Due at 07:00 while Tuma was closed; "Decide later" at start. The banner said "the next
    goes out today at 07:00" (past), as if it would go by itself."""
    overdue_id = schedule_directly(tab, arun, datetime.now(UTC) - timedelta(hours=2))
    schedule_directly(tab, arun, datetime.now(UTC) + timedelta(days=1), count=3)
    tab.started_at = datetime.now(UTC)  # opened after its time
    tab.check_scheduled()
    qtbot.mouseClick(wait_dialog(qtbot, tab, OverdueDialog).later_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    banner = tab.scheduled_banner.label.text()
    # (the count's English forms come with the next translations update: "1 … message")
    assert banner.startswith("1 overdue message")
    assert ", not sent: waiting for you to decide." in banner
    assert "1 more scheduled; the next goes out tomorrow at" in banner
    assert "today" not in banner
    assert tab.scheduled_banner.view_button.text() == "Decide…"
    # The way to decide: the list, the overdue send chosen, its words plain.
    qtbot.mouseClick(tab.scheduled_banner.view_button, LEFT)
    dialog = tab.scheduled_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 2)
    assert dialog.selected_id() == overdue_id
    first = cell(dialog, 0)
    assert first.startswith("Overdue: waiting for you (was due")
    assert cell(dialog, 1).startswith("tomorrow at")
    assert dialog.waiting_label.isVisible()
    assert "Send now or Cancel send" in dialog.waiting_label.text()
    assert sent_to(admin, account) == Counter()
    qtbot.mouseClick(dialog.send_now_button, LEFT)
    qtbot.waitUntil(lambda: len(sent_to(admin, account)) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: not tab.flow.busy)
    idle(qtbot, tab)
    assert tab.scheduled_banner.label.text().startswith("1 message scheduled; the next goes out")
    assert tab.scheduled_banner.view_button.text() == "View…"


def test_a_send_waiting_for_you_moved_to_a_later_time_goes_out_then(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any
) -> None:
    """Put back by Undo after its time, "Decide later", then Change time…: the list said it
    goes out at the new time, but when that came nothing went out and nothing was asked
    (it stayed marked "asked about already")."""
    tab.started_at = tab._running_since = datetime.now(UTC) - timedelta(hours=1)
    due = datetime.now(UTC) + timedelta(seconds=1)
    broadcast_id = schedule_directly(tab, arun, due)
    dialog = open_list(qtbot, tab, 1)
    cancel_selected(qtbot, tab, dialog)
    qtbot.waitUntil(lambda: datetime.now(UTC) > due + timedelta(milliseconds=200), timeout=5_000)
    qtbot.mouseClick(dialog.undo_button, LEFT)
    qtbot.mouseClick(wait_dialog(qtbot, tab, OverdueDialog).later_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    assert cell(dialog, 0).startswith("Overdue")
    qtbot.mouseClick(dialog.change_button, LEFT)
    later = wait_dialog(qtbot, tab, SendLaterDialog)
    choose_time(later, 1, 10)
    later.accept()
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.scheduled.move"))
    assert cell(dialog, 0).startswith("tomorrow at")
    assert "overdue" not in tab.scheduled_banner.label.text()
    # Its new time comes (the store is told so: nobody waits a day).
    assert arun(ctx_sending(tab).reschedule(broadcast_id, datetime.now(UTC)))
    tab.check_scheduled()
    qtbot.waitUntil(lambda: len(sent_to(admin, account)) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: not tab.flow.busy)
    assert visible_overdue(tab) == []
    assert set(sent_to(admin, account).values()) == {1}
