"""Send later, as a hurried shop assistant uses it: a double press on Cancel send, a send that
starts going out while its row is still on the list, a time moved past the hours for
promotions, and the day words of the hours dialog for a time chosen ahead."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from PySide6.QtCore import QDate, QDateTime, QTime
from PySide6.QtWidgets import QApplication

from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose.rules import PromoHoursDialog, SendLaterDialog
from tests.ui.compose.helpers import LEFT, SendRun, compose, make_tab, open_list, waiting_ids
from tests.ui.compose.test_rules import (
    PROMOTION,
    ctx_sending,
    profile,
    schedule_directly,
    sent_to,
    typed,
    wait_dialog,
)


@pytest.fixture
def tab(qtbot: Any, ctx: Any) -> ComposeTab:
    widget = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.rules"))
    return widget


def test_cancel_pressed_twice_cancels_one_send_not_the_next_one_too(
    qtbot: Any, tab: Any, admin: Any, account: Any, arun: Any, monkeypatch: Any
) -> None:
    """The second press of a double press landed on the row the list had moved to."""
    later = datetime.now(UTC) + timedelta(days=1)
    first = schedule_directly(tab, arun, later)
    second = schedule_directly(tab, arun, later + timedelta(hours=1), count=3)
    dialog = open_list(qtbot, tab, 2)
    assert dialog.selected_id() == first
    # (a long double-click interval: the test does not depend on this machine's speed)
    monkeypatch.setattr(QApplication, "doubleClickInterval", staticmethod(lambda: 60_000))
    qtbot.mouseClick(dialog.cancel_button, LEFT)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    assert dialog.selected_id() == second
    qtbot.mouseClick(dialog.cancel_button, LEFT)  # the second press of a double press
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.scheduled.cancel"))
    assert waiting_ids(tab, arun) == [second]
    assert dialog.table.rowCount() == 1
    assert "1 message scheduled" in tab.scheduled_banner.label.text()
    assert sent_to(admin, account) == Counter()


def test_cancel_of_a_send_already_going_out_says_so(qtbot: Any, tab: Any, arun: Any) -> None:
    """It fell due (and was taken off the schedule to go out) while its row was still shown:
    Cancel send did nothing and said nothing."""
    broadcast_id = schedule_directly(tab, arun, datetime.now(UTC) + timedelta(days=1))
    dialog = open_list(qtbot, tab, 1)
    assert arun(ctx_sending(tab).release(broadcast_id))  # the due check took it, to send it
    qtbot.mouseClick(dialog.cancel_button, LEFT)
    qtbot.waitUntil(lambda: dialog.status_label.isVisible())
    said = dialog.status_label.text()
    assert "could not be cancelled" in said
    assert "Delivery tab" in said
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 0)


def test_change_time_of_a_send_already_going_out_says_so(qtbot: Any, tab: Any, arun: Any) -> None:
    # Tomorrow at noon, inside the hours for promotions: at "this time tomorrow", a run after
    # 18:00 was asked about the hours instead (the test failed every evening).
    noon = datetime.now().astimezone().replace(hour=12, minute=0, second=0, microsecond=0)
    broadcast_id = schedule_directly(tab, arun, noon + timedelta(days=1))
    dialog = open_list(qtbot, tab, 1)
    qtbot.mouseClick(dialog.change_button, LEFT)
    later = wait_dialog(qtbot, tab, SendLaterDialog)
    assert arun(ctx_sending(tab).release(broadcast_id))  # it went out meanwhile
    later.accept()
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.scheduled.move"))
    assert dialog.status_label.isVisible()
    assert "could not be moved" in dialog.status_label.text()


def choose_time(dialog: SendLaterDialog, days_ahead: int, hour: int, minute: int = 0) -> datetime:
    day = QDate.currentDate().addDays(days_ahead)
    dialog.edit.setDateTime(QDateTime(day, QTime(hour, minute)))
    return dialog.due_at()


def test_moving_a_promotion_past_six_asks_as_scheduling_it_did(
    qtbot: Any, tab: Any, admin: Any, account: Any, arun: Any
) -> None:
    """Change time… took 21:00 for a promotion without a word, and it then went out at 21:00
    on its own, unasked (Send later asks)."""
    broadcast_id = schedule_directly(tab, arun, datetime.now(UTC) + timedelta(days=1))
    dialog = open_list(qtbot, tab, 1)
    qtbot.mouseClick(dialog.change_button, LEFT)
    later = wait_dialog(qtbot, tab, SendLaterDialog)
    choose_time(later, 2, 21)
    later.accept()
    hours = wait_dialog(qtbot, tab, PromoHoursDialog)
    assert hours.schedule_button.isDefault()
    qtbot.mouseClick(hours.schedule_button, LEFT)  # the morning after, at 08:00
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.scheduled.move"))
    waiting = arun(ctx_sending(tab).scheduled(profile(tab)))
    assert [w.broadcast.id for w in waiting] == [broadcast_id]
    due = waiting[0].due_at.astimezone()
    expected = datetime.now().astimezone().date() + timedelta(days=3)
    assert (due.date(), due.hour, due.minute) == (expected, 8, 0)
    assert sent_to(admin, account) == Counter()


def test_the_hours_dialog_for_a_chosen_time_names_the_right_day(
    qtbot: Any, tab: Any, shop_clock: Any, arun: Any
) -> None:
    """At 10:00 the user chose tomorrow 20:00 for a promotion: the dialog offered "tomorrow at
    08:00" (the day after tomorrow: the words were counted from the chosen day) and "Send now
    anyway", which in fact kept 20:00."""
    shop_clock.now = datetime.now().astimezone().replace(hour=10, minute=0, second=0)
    compose(qtbot, tab, "\n".join(typed(1)), PROMOTION + " STOP")
    qtbot.mouseClick(tab.later_button, LEFT)
    later = wait_dialog(qtbot, tab, SendLaterDialog)
    choose_time(later, 1, 20)
    later.accept()
    hours = wait_dialog(qtbot, tab, PromoHoursDialog)
    after_tomorrow = QDate.currentDate().addDays(2)
    assert "tomorrow" not in hours.schedule_button.text()
    assert after_tomorrow.toString("dd/MM/yyyy") in hours.schedule_button.text() or (
        str(after_tomorrow.day()) in hours.schedule_button.text()
    )
    assert "now" not in hours.now_button.text().lower()
    hours.reject()
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.send"))
    assert waiting_ids(tab, arun) == []


def test_keeping_the_chosen_time_outside_the_hours_schedules_it_then(
    qtbot: Any, tab: Any, shop_clock: Any, arun: Any
) -> None:
    compose(qtbot, tab, "\n".join(typed(1)), PROMOTION + " STOP")
    run = SendRun(qtbot, tab)
    qtbot.mouseClick(tab.later_button, LEFT)
    later = wait_dialog(qtbot, tab, SendLaterDialog)
    chosen = choose_time(later, 1, 20)
    later.accept()
    hours = wait_dialog(qtbot, tab, PromoHoursDialog)
    assert "20:00" in hours.now_button.text()  # "Keep 20:00 anyway", not "Send now anyway"
    qtbot.mouseClick(hours.now_button, LEFT)
    dialog = run.confirm_dialog()
    assert dialog.due_value.text().startswith("tomorrow at")
    run.confirm()
    run.wait()
    waiting = arun(ctx_sending(tab).scheduled(profile(tab)))
    assert [w.due_at for w in waiting] == [chosen.astimezone(UTC)]


def test_send_now_of_a_send_the_due_check_took_already_is_not_sent_twice_and_says_so(
    qtbot: Any, tab: Any, admin: Any, account: Any, arun: Any
) -> None:
    broadcast_id = schedule_directly(tab, arun, datetime.now(UTC) + timedelta(days=1))
    dialog = open_list(qtbot, tab, 1)
    assert arun(ctx_sending(tab).release(broadcast_id))  # the due check took it meanwhile
    run = SendRun(qtbot, tab)
    qtbot.mouseClick(dialog.send_now_button, LEFT)
    run.wait()
    assert "It was not sent again" in tab.notice.label.text()
    assert tab.notice.isVisible()
    assert sent_to(admin, account) == Counter()  # (the due check's own run would send it)


def test_send_now_while_another_message_goes_out_says_to_wait(
    qtbot: Any, tab: Any, arun: Any
) -> None:
    broadcast_id = schedule_directly(tab, arun, datetime.now(UTC) + timedelta(days=1))
    dialog = open_list(qtbot, tab, 1)
    tab.flow.check()  # a send from the form is being checked
    try:
        qtbot.mouseClick(dialog.send_now_button, LEFT)
        assert dialog.isVisible()
        assert dialog.status_label.isVisible()
        assert "Once it is done, press Send now again" in dialog.status_label.text()
    finally:
        tab.flow.done()
    assert waiting_ids(tab, arun) == [broadcast_id]
