"""Scheduled sends found late by the running due check: Tuma was running, but the computer
slept (lid closed) through the send's time, so the 20-second check found it hours late. It
used to go out at once, unasked (a promotion at any hour, a sale that is over); now it is
asked about as a send found overdue at start, with words that fit. A send found on time
still goes out by itself.

The clocks: what is due, and how late, is measured on the computer's clock (the store's and
the tab's ``started_at``), so each test writes its send that many minutes in the past and
says Tuma has been running since before then; the shop's clock (``shop_clock``, the hours
for promotions and the dialog's words) says 12:00, or is set to the computer's own time
where a test reads how late the dialog says it is, or to the evening."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from desktop_app.core.recipients import Person
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose.rules import OverdueDialog
from desktop_app.ui.compose.tab import LATE_AFTER, SCHEDULE_TASK
from tests.ui.compose.helpers import LEFT, said, settled_tab, visible_overdue, waiting_ids
from tests.ui.compose.test_rules import (
    e164,
    schedule_directly,
    sent_to,
    typed,
    wait_dialog,
)


@pytest.fixture
def tab(qtbot: Any, ctx: Any, shop_clock: Any) -> ComposeTab:
    """A tab that has been running (this account open) for three hours; the shop's clock says
    12:00, inside the hours for promotions, unless a test moves it."""
    return settled_tab(qtbot, ctx, shop_clock, running_for=timedelta(hours=3))


def due_ago(tab: ComposeTab, arun: Any, late: timedelta, count: int = 2, base: int = 500) -> int:
    """A promotion to *count* people that fell due *late* ago (on the computer's clock)."""
    people = [Person(e164(n)) for n in typed(count, base=base)]
    return schedule_directly(tab, arun, datetime.now(UTC) - late, people=people)


def checked(qtbot: Any, tab: ComposeTab) -> None:
    """One run of the 20-second due check, to its end (or to the dialog it opened)."""
    tab.check_scheduled()
    qtbot.waitUntil(
        lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK) or bool(visible_overdue(tab))
    )


def test_a_send_found_on_time_by_the_running_check_goes_unasked(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    """Found a couple of minutes after its time (the check runs every 20 s; a send was under
    way): it goes out by itself, as before."""
    assert timedelta(minutes=2) < LATE_AFTER
    due_ago(tab, arun, timedelta(minutes=2))
    tab.check_scheduled()
    qtbot.waitUntil(lambda: len(sent_to(admin, account)) == 2, timeout=10_000)
    assert visible_overdue(tab) == []
    qtbot.waitUntil(lambda: not tab.flow.busy)
    assert waiting_ids(tab, arun) == []


def test_a_send_found_two_hours_late_is_asked_about_not_sent(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    """Due at 07:00; the laptop slept from 06:30 to 09:00 with Tuma open: it went out at 09:00
    without a word. Now: asked, "Decide later" the default, nothing sent until Send now."""
    shop_clock.now = datetime.now().astimezone()  # the dialog's words are on the shop's clock
    broadcast_id = due_ago(tab, arun, timedelta(hours=2))
    checked(qtbot, tab)
    dialog = wait_dialog(qtbot, tab, OverdueDialog)
    assert dialog.broadcast_id == broadcast_id
    words = said(dialog)
    assert "2 hours ago" in words
    assert "asleep" in words
    assert "not open in Tuma" not in words  # the account was open all along
    assert "Tuma was closed" not in words
    assert dialog.later_button.isDefault()
    assert sent_to(admin, account) == Counter()
    # The 20-second timer while the dialog stays open: no second dialog, nothing sent.
    tab.check_scheduled()
    tab.check_scheduled()
    qtbot.wait(200)
    assert visible_overdue(tab) == [dialog]
    assert sent_to(admin, account) == Counter()
    qtbot.mouseClick(dialog.send_button, LEFT)
    qtbot.waitUntil(lambda: len(sent_to(admin, account)) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: not tab.flow.busy)
    assert set(sent_to(admin, account).values()) == {1}
    assert waiting_ids(tab, arun) == []


def test_decide_later_keeps_a_late_send_listed_and_does_not_ask_again_in_a_loop(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    broadcast_id = due_ago(tab, arun, timedelta(hours=2))
    checked(qtbot, tab)
    qtbot.mouseClick(wait_dialog(qtbot, tab, OverdueDialog).later_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    for _ in range(3):  # the next checks, as at start: asked again at the next start
        checked(qtbot, tab)
        assert visible_overdue(tab) == []
    assert sent_to(admin, account) == Counter()
    assert waiting_ids(tab, arun) == [broadcast_id]
    assert tab.scheduled_banner.isVisible()


def test_two_late_sends_are_asked_about_one_after_the_other(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    """One dialog at a time. Send now on the first, then the second is asked about once the
    first has gone out: Send now on it, while the first was still going out, did nothing
    and said nothing (and it was not asked about again)."""
    first = due_ago(tab, arun, timedelta(hours=2, minutes=30), count=2)
    second = due_ago(tab, arun, timedelta(hours=2), count=3, base=600)
    checked(qtbot, tab)
    dialog = wait_dialog(qtbot, tab, OverdueDialog)
    assert dialog.broadcast_id == first
    assert len(visible_overdue(tab)) == 1
    qtbot.mouseClick(dialog.send_button, LEFT)
    qtbot.waitUntil(
        lambda: bool(visible_overdue(tab)) and visible_overdue(tab)[0].broadcast_id == second,
        timeout=15_000,
    )
    assert len(sent_to(admin, account)) == 2  # the first went out before the second was asked
    assert len(visible_overdue(tab)) == 1
    qtbot.mouseClick(visible_overdue(tab)[0].send_button, LEFT)
    qtbot.waitUntil(lambda: len(sent_to(admin, account)) == 5, timeout=10_000)
    qtbot.waitUntil(lambda: not tab.flow.busy)
    assert set(sent_to(admin, account).values()) == {1}
    assert waiting_ids(tab, arun) == []


def test_a_late_promotion_found_after_the_hours_says_so(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    due_ago(tab, arun, timedelta(hours=2))
    shop_clock.set(19, 30)  # the laptop woke in the evening
    checked(qtbot, tab)
    dialog = wait_dialog(qtbot, tab, OverdueDialog)
    assert "promotions may only go out between" in said(dialog)
    qtbot.mouseClick(dialog.cancel_send_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    assert waiting_ids(tab, arun) == []
    assert sent_to(admin, account) == Counter()


def test_a_promotion_due_before_six_found_just_after_is_asked_about(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    """Due at 17:58, found at 18:02 (a send was under way, or the check came late): only
    minutes late, but the hours for promotions ended meanwhile; it is not sent unasked."""
    due_ago(tab, arun, timedelta(minutes=4))
    shop_clock.set(18, 2)
    checked(qtbot, tab)
    dialog = wait_dialog(qtbot, tab, OverdueDialog)
    assert "promotions may only go out between" in said(dialog)
    assert sent_to(admin, account) == Counter()
    qtbot.mouseClick(dialog.later_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    assert sent_to(admin, account) == Counter()
