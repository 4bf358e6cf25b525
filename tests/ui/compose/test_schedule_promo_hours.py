"""Send now on a scheduled promotion outside the hours for promotions (08:00–18:00): from the
scheduled list it used to go out at once, unasked, when every other way of sending one (Send,
Send later, Change time…, the overdue dialog) says the rule first. Now it asks, as Send does:
send it at the next 08:00 (moved, nothing sent), send now anyway, or cancel. A service message
still goes at once.

The clocks: what is due is measured on the computer's clock; the hours for promotions on the
shop's (``shop_clock``), which says 12:00 when the send is asked about, and 20:00 when Send now
is pressed."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel

from desktop_app.core.recipients import Person
from desktop_app.core.rules import SendCategory
from desktop_app.core.services.sending import SendingService
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose.rules import OverdueDialog, PromoHoursDialog
from desktop_app.ui.compose.tab import SCHEDULE_TASK, SEND_NOW_TASK
from tests.ui.compose.helpers import LEFT, settled_tab
from tests.ui.compose.test_rules import (
    ctx_sending,
    e164,
    profile,
    schedule_directly,
    sent_to,
    typed,
    wait_dialog,
)


@pytest.fixture
def tab(qtbot: Any, ctx: Any, shop_clock: Any) -> ComposeTab:
    """Running (this account open) for three hours; the shop's clock says 12:00."""
    return settled_tab(qtbot, ctx, shop_clock, running_for=timedelta(hours=3))


def waiting(tab: ComposeTab, arun: Any) -> dict[int, datetime]:
    return {s.broadcast.id: s.due_at for s in arun(ctx_sending(tab).scheduled(profile(tab)))}


def put_off(qtbot: Any, tab: ComposeTab, arun: Any) -> int:
    """A promotion that fell due two hours ago, found late and put off with Decide later."""
    people = [Person(e164(n)) for n in typed(2, base=500)]
    broadcast_id = schedule_directly(
        tab, arun, datetime.now(UTC) - timedelta(hours=2), people=people
    )
    tab.check_scheduled()
    dialog = wait_dialog(qtbot, tab, OverdueDialog)
    assert dialog.broadcast_id == broadcast_id
    qtbot.mouseClick(dialog.later_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    return broadcast_id


def press_send_now(qtbot: Any, tab: ComposeTab, broadcast_id: int) -> Any:
    """Send now on *broadcast_id* in the scheduled list (opened from the banner)."""
    qtbot.waitUntil(tab.scheduled_banner.isVisible)
    qtbot.mouseClick(tab.scheduled_banner.view_button, LEFT)
    dialog = tab.scheduled_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: broadcast_id in dialog._ids)
    dialog.table.selectRow(dialog._ids.index(broadcast_id))
    qtbot.mouseClick(dialog.send_now_button, LEFT)
    return dialog


def test_send_now_of_an_overdue_promotion_at_eight_pm_asks_and_sends_only_when_told(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    broadcast_id = put_off(qtbot, tab, arun)
    shop_clock.set(20, 0)
    press_send_now(qtbot, tab, broadcast_id)
    hours = wait_dialog(qtbot, tab, PromoHoursDialog)
    words = " ".join(label.text() for label in hours.findChildren(QLabel))
    assert "20:00 is outside the hours for promotions" in words
    assert hours.schedule_button.text() == "Send it tomorrow at 08:00"
    assert hours.schedule_button.isDefault()
    assert hours.now_button.text() == "Send now anyway"
    qtbot.wait(300)
    assert sent_to(admin, account) == Counter()  # asked: nothing went out meanwhile
    assert broadcast_id in waiting(tab, arun)
    qtbot.mouseClick(hours.now_button, LEFT)
    qtbot.waitUntil(lambda: len(sent_to(admin, account)) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: not tab.flow.busy)
    assert set(sent_to(admin, account).values()) == {1}
    assert waiting(tab, arun) == {}


def test_choosing_eight_am_moves_the_promotion_and_sends_nothing(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    broadcast_id = put_off(qtbot, tab, arun)
    evening = shop_clock.set(20, 0)
    dialog = press_send_now(qtbot, tab, broadcast_id)
    hours = wait_dialog(qtbot, tab, PromoHoursDialog)
    qtbot.mouseClick(hours.schedule_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SEND_NOW_TASK))
    morning = (evening + timedelta(days=1)).replace(hour=8, minute=0)
    assert waiting(tab, arun) == {broadcast_id: morning.astimezone(UTC)}
    assert "Moved: it goes out tomorrow at" in dialog.status_label.text()
    # No longer waiting for the user: it goes out at 08:00 by itself, said so in the banner.
    qtbot.waitUntil(lambda: "waiting for you" not in tab.scheduled_banner.label.text())
    tab.check_scheduled()
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    qtbot.wait(300)
    assert sent_to(admin, account) == Counter()


def test_cancel_in_the_question_leaves_the_promotion_as_it_was(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    broadcast_id = put_off(qtbot, tab, arun)
    before = waiting(tab, arun)
    shop_clock.set(20, 0)
    press_send_now(qtbot, tab, broadcast_id)
    hours = wait_dialog(qtbot, tab, PromoHoursDialog)
    hours.reject()
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SEND_NOW_TASK))
    qtbot.wait(300)
    assert waiting(tab, arun) == before
    assert sent_to(admin, account) == Counter()


def test_send_now_of_a_service_message_at_eight_pm_still_sends_at_once(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    session = tab.ctx.session
    assert session is not None
    plan = SendingService.plan(
        sender_id=tab.summary.sender_combo.currentText(),
        text="Your order is ready at the shop.",
        people=[Person(e164(n)) for n in typed(2, base=700)],
        fallback="",
        skipped=0,
        profile=session.profile,
        balance=None,
        price_per_part=None,
    )
    broadcast_id = arun(
        ctx_sending(tab).start(
            plan,
            profile(tab),
            category=SendCategory.TRANSACTIONAL,
            due_at=datetime.now(UTC) + timedelta(days=1),
        )
    )
    shop_clock.set(20, 0)
    tab.check_scheduled()
    press_send_now(qtbot, tab, broadcast_id)
    qtbot.waitUntil(lambda: len(sent_to(admin, account)) == 2, timeout=10_000)
    assert [w for w in tab.findChildren(PromoHoursDialog) if w.isVisible()] == []
    qtbot.waitUntil(lambda: not tab.flow.busy)
    assert waiting(tab, arun) == {}


def test_the_overdue_dialog_says_send_now_anyway_outside_the_hours(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    """The overdue dialog already shows the rule; its Send now button says so too, as the
    question about the hours does (it sends by the user's own decision)."""
    schedule_directly(tab, arun, datetime.now(UTC) - timedelta(hours=2))
    shop_clock.set(20, 0)
    tab.check_scheduled()
    dialog = wait_dialog(qtbot, tab, OverdueDialog)
    assert dialog.send_button.text() == "Send now anyway"
    assert dialog.later_button.isDefault()
    qtbot.mouseClick(dialog.later_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    assert sent_to(admin, account) == Counter()


def test_an_overdue_promotion_found_in_the_evening_can_go_in_the_morning(
    qtbot: Any, tab: ComposeTab, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    """Tonight's promotion found at 20:00 (the computer was off at its time): the dialog
    offered tonight ("Send now anyway"), never, or "Decide later", not what the shop wants,
    the morning. "Send it tomorrow at 08:00" moves it there; nothing goes out tonight."""
    broadcast_id = schedule_directly(tab, arun, datetime.now(UTC) - timedelta(hours=2))
    evening = shop_clock.set(20, 0)
    tab.check_scheduled()
    dialog = wait_dialog(qtbot, tab, OverdueDialog)
    assert dialog.morning_button is not None
    assert dialog.morning_button.text() == "Send it tomorrow at 08:00"
    assert dialog.later_button.isDefault()  # (still the safe default)
    qtbot.mouseClick(dialog.morning_button, LEFT)
    morning = (evening + timedelta(days=1)).replace(hour=8)
    qtbot.waitUntil(lambda: waiting(tab, arun) == {broadcast_id: morning})
    assert tab.overdue_dialog is None
    # due at a time to come: later checks tonight neither ask nor send
    tab.check_scheduled()
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    assert [d for d in tab.findChildren(OverdueDialog) if d.isVisible()] == []
    assert sent_to(admin, account) == Counter()


def test_the_overdue_dialog_says_plain_send_now_inside_the_hours(
    qtbot: Any, tab: ComposeTab, arun: Any
) -> None:
    schedule_directly(tab, arun, datetime.now(UTC) - timedelta(hours=2))
    tab.check_scheduled()
    dialog = wait_dialog(qtbot, tab, OverdueDialog)
    assert dialog.send_button.text() == "Send now"
    assert dialog.morning_button is None  # (inside the hours, now is the morning's choice)
    qtbot.mouseClick(dialog.later_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))


def test_quitting_while_send_now_asks_about_the_hours_sends_nothing_and_keeps_it_waiting(
    qtbot: Any, ctx: Any, admin: Any, account: Any, arun: Any, shop_clock: Any
) -> None:
    """The hurried close: Send now at 20:00, the question on screen, and the window closed
    (the question is closed unanswered with it). Nothing goes out, then or at the next start,
    and the promotion waits at its own time as before."""
    from desktop_app.ui.main_window import MainWindow

    shop_clock.set(12, 0)
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10_000)
    tab = window.tab("compose")
    assert isinstance(tab, ComposeTab)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running(SCHEDULE_TASK))
    broadcast_id = schedule_directly(tab, arun, datetime.now(UTC) + timedelta(days=1))
    before = waiting(tab, arun)
    tab.check_scheduled()
    shop_clock.set(20, 0)
    press_send_now(qtbot, tab, broadcast_id)
    hours = wait_dialog(qtbot, tab, PromoHoursDialog)
    window.close()
    assert not hours.isVisible()
    arun(window.wind_down(timeout=8.0), timeout=15)
    assert not tab.ctx.tasks.is_running(SEND_NOW_TASK)
    qtbot.wait(300)
    assert sent_to(admin, account) == Counter()
    assert not ctx.is_sending()
    assert waiting(tab, arun) == before
    arun(window.manager.shutdown(timeout=3.0), timeout=15)
