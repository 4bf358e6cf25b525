"""A send scheduled for later (Compose's "Send later…") in the Delivery tab's history.

It used to be listed as soon as it was written down as if it had broken: "Unfinished:
review" in orange with the "not sent" ring, the time it was written down under "Sent", and a
Review… button that opened Compose's review of unfinished sends (the wrong door). Its row now
says when it goes out, in Compose's words ("Scheduled: tomorrow at 08:00"; an overdue
one waiting for the user "Overdue: waiting for you"), and its button opens the scheduled list,
as the line above the history does. When it leaves the schedule the row follows: cancelled,
it says so; sent now, it shows its delivery."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, time, timedelta
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon

from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose.rules import OverdueDialog, ScheduledDialog
from desktop_app.ui.compose.tab import SCHEDULE_TASK
from desktop_app.ui.delivery import DeliveryTab
from desktop_app.ui.delivery.look import IN_DOUBT
from desktop_app.ui.delivery.models import HistoryColumn, RecipientColumn
from tests.ui.compose.helpers import LEFT, settled_tab, use_kenyan_locale
from tests.ui.compose.test_rules import schedule_directly, sent_to, wait_dialog
from tests.ui.delivery.test_tab import make_tab, quick, stop_following  # noqa: F401 (a fixture)


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def tabs(qtbot: Any, ctx: Any, shop_clock: Any) -> tuple[ComposeTab, DeliveryTab]:
    """Compose, running for three hours (the shop's clock says 12:00: promotions go at
    once), and Delivery, shown before anything is scheduled."""
    quick(ctx.services)
    compose = settled_tab(qtbot, ctx, shop_clock, running_for=timedelta(hours=3))
    delivery = make_tab(qtbot, ctx)
    return compose, delivery


def tomorrow_at_eight() -> datetime:
    """08:00 tomorrow on this computer's clock (the one Compose's words are said by)."""
    day = datetime.now().astimezone().date() + timedelta(days=1)
    return datetime.combine(day, time(8, 0)).astimezone().astimezone(UTC)


def schedule(qtbot: Any, compose: ComposeTab, arun: Any, due_at: datetime) -> int:
    """A promotion written down as Send later writes it; Compose brings its list up to date
    (and tells the other tabs)."""
    broadcast_id = schedule_directly(compose, arun, due_at)
    compose.check_scheduled()
    qtbot.waitUntil(lambda: not compose.ctx.tasks.is_running(SCHEDULE_TASK))
    return broadcast_id


def listed(qtbot: Any, delivery: DeliveryTab, broadcast_id: int) -> int:
    """The send's row, once the history lists it (without the user refreshing it)."""
    model = delivery.history_model
    qtbot.waitUntil(lambda: model.row_of(broadcast_id) is not None, timeout=10_000)
    row = model.row_of(broadcast_id)
    assert row is not None
    return row


def cell(delivery: DeliveryTab, broadcast_id: int, column: HistoryColumn, role: Any = None) -> Any:
    model = delivery.history_model
    row = model.row_of(broadcast_id)
    assert row is not None
    index = model.index(row, column)
    return index.data() if role is None else index.data(role)


def words(delivery: DeliveryTab, broadcast_id: int) -> str:
    return str(cell(delivery, broadcast_id, HistoryColumn.DELIVERY))


def select(qtbot: Any, delivery: DeliveryTab, broadcast_id: int) -> None:
    delivery.history_table.selectRow(listed(qtbot, delivery, broadcast_id))
    selected = delivery.selected
    assert selected is not None
    assert selected.broadcast_id == broadcast_id


def open_list_from_row(qtbot: Any, compose: ComposeTab, delivery: DeliveryTab) -> ScheduledDialog:
    """The row's button opens Compose's scheduled list (where the send can be dealt with)."""
    shown: list[str] = []
    compose.ctx.show_tab_requested.connect(shown.append)
    assert delivery.scheduled_button.isVisible()
    qtbot.mouseClick(delivery.scheduled_button, LEFT)
    assert shown == ["compose"]
    dialog = compose.scheduled_dialog
    assert dialog is not None
    assert dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    return dialog


def test_a_scheduled_send_says_when_it_goes_out_and_offers_the_list_not_review(
    qtbot: Any, tabs: Any, arun: Any, admin: Any, account: Any
) -> None:
    compose, delivery = tabs
    broadcast_id = schedule(qtbot, compose, arun, tomorrow_at_eight())
    listed(qtbot, delivery, broadcast_id)  # at the top, as soon as it is on the schedule
    qtbot.waitUntil(
        lambda: words(delivery, broadcast_id) == "Scheduled: tomorrow at 08:00",
        timeout=10_000,
    )
    # nothing sent yet: no time under "Sent", no "unfinished" ring, nothing said in orange
    assert cell(delivery, broadcast_id, HistoryColumn.WHEN) == "Not sent yet"
    icon = cell(delivery, broadcast_id, HistoryColumn.DELIVERY, Qt.ItemDataRole.DecorationRole)
    assert icon is None or (isinstance(icon, QIcon) and icon.isNull())
    colour = cell(delivery, broadcast_id, HistoryColumn.DELIVERY, Qt.ItemDataRole.ForegroundRole)
    assert colour != IN_DOUBT
    tip = cell(delivery, broadcast_id, HistoryColumn.DELIVERY, Qt.ItemDataRole.ToolTipRole)
    assert tip == "Scheduled: it goes out tomorrow at 08:00"
    select(qtbot, delivery, broadcast_id)
    assert not delivery.review_button.isVisible()
    assert delivery.scheduled_button.text() == "&View scheduled…"
    assert not delivery.resend_button.isVisible()  # nothing of it went out, nothing failed
    # its customers wait for it: not left over from a send that did not finish
    recipients = delivery.recipients_model
    qtbot.waitUntil(lambda: recipients.rowCount() == 2)
    for row in range(2):
        status = recipients.index(row, RecipientColumn.STATUS)
        assert status.data() == "Scheduled"
        assert status.data(Qt.ItemDataRole.DecorationRole) is None
        meaning = recipients.index(row, RecipientColumn.MEANING).data()
        assert meaning == "Scheduled: it goes out tomorrow at 08:00"
    # its door is the scheduled list, not Compose's review of unfinished sends
    reviews: list[bool] = []
    compose.ctx.review_requested.connect(lambda: reviews.append(True))
    open_list_from_row(qtbot, compose, delivery)
    assert reviews == []
    assert sent_to(admin, account) == {}


def test_an_overdue_send_waiting_for_the_user_says_so(
    qtbot: Any, tabs: Any, arun: Any, admin: Any, account: Any
) -> None:
    """Due two hours ago, found late and put off with Decide later: it waits for the user,
    and its row says so, as Compose's list does (not a time already past, not unfinished)."""
    compose, delivery = tabs
    due = datetime.now(UTC) - timedelta(hours=2)
    # (run between midnight and 02:00, two hours ago was yesterday)
    day = "today" if due.astimezone().date() == datetime.now().astimezone().date() else "yesterday"
    broadcast_id = schedule_directly(compose, arun, due)
    compose.check_scheduled()
    dialog = wait_dialog(qtbot, compose, OverdueDialog)
    qtbot.mouseClick(dialog.later_button, LEFT)
    qtbot.waitUntil(lambda: not compose.ctx.tasks.is_running(SCHEDULE_TASK))
    listed(qtbot, delivery, broadcast_id)
    qtbot.waitUntil(
        lambda: words(delivery, broadcast_id) == "Overdue: waiting for you", timeout=10_000
    )
    tip = cell(delivery, broadcast_id, HistoryColumn.DELIVERY, Qt.ItemDataRole.ToolTipRole)
    assert str(tip).startswith(f"Overdue: waiting for you (was due {day} at ")
    assert cell(delivery, broadcast_id, HistoryColumn.WHEN) == "Not sent yet"
    select(qtbot, delivery, broadcast_id)
    assert not delivery.review_button.isVisible()
    assert delivery.scheduled_button.isVisible()
    assert "Send now or Cancel send" in delivery.scheduled_button.toolTip()
    recipients = delivery.recipients_model
    qtbot.waitUntil(lambda: recipients.rowCount() == 2)
    meaning = recipients.index(0, RecipientColumn.MEANING).data()
    assert meaning.startswith(f"Overdue: waiting for you (was due {day} at ")
    assert sent_to(admin, account) == {}


def _listed_and_opened(qtbot: Any, compose: Any, delivery: Any, arun: Any) -> tuple[int, Any]:
    """A send scheduled for tomorrow at 08:00, its row listed ("Scheduled: …") and selected,
    and the scheduled list opened from it ("View scheduled…"): its id and the list."""
    broadcast_id = schedule(qtbot, compose, arun, tomorrow_at_eight())
    listed(qtbot, delivery, broadcast_id)
    qtbot.waitUntil(lambda: words(delivery, broadcast_id).startswith("Scheduled:"))
    select(qtbot, delivery, broadcast_id)
    return broadcast_id, open_list_from_row(qtbot, compose, delivery)


def test_once_cancelled_the_row_says_it_was_cancelled(
    qtbot: Any, tabs: Any, arun: Any, admin: Any, account: Any
) -> None:
    compose, delivery = tabs
    broadcast_id, dialog = _listed_and_opened(qtbot, compose, delivery, arun)
    qtbot.mouseClick(dialog.cancel_button, LEFT)
    # (never "Unfinished: review" on the way: the row is read again before it says more)
    seen: set[str] = set()

    def cancelled() -> bool:
        seen.add(words(delivery, broadcast_id))
        return words(delivery, broadcast_id) == "Cancelled: nothing sent"

    qtbot.waitUntil(cancelled, timeout=10_000)
    assert not any("Unfinished" in w for w in seen), seen
    assert not delivery.scheduled_button.isVisible()
    recipients = delivery.recipients_model
    qtbot.waitUntil(
        lambda: recipients.index(0, RecipientColumn.STATUS).data() == "Not sent", timeout=10_000
    )
    assert not delivery.review_button.isVisible()
    assert sent_to(admin, account) == {}


def test_after_send_now_the_row_shows_its_delivery(
    qtbot: Any, tabs: Any, arun: Any, admin: Any, account: Any
) -> None:
    compose, delivery = tabs
    broadcast_id, dialog = _listed_and_opened(qtbot, compose, delivery, arun)
    qtbot.mouseClick(dialog.send_now_button, LEFT)
    qtbot.waitUntil(lambda: sum(sent_to(admin, account).values()) == 2, timeout=10_000)

    def delivered_or_waiting() -> bool:
        said = words(delivery, broadcast_id)
        return "Scheduled" not in said and ("delivered" in said or "waiting" in said)

    qtbot.waitUntil(delivered_or_waiting, timeout=10_000)
    assert "review" not in words(delivery, broadcast_id).lower()
    assert cell(delivery, broadcast_id, HistoryColumn.WHEN) != "Not sent yet"
    assert not delivery.scheduled_button.isVisible()
    assert not delivery.review_button.isVisible()
    assert delivery.resend_button.isVisible()  # sent now: its failures can be sent again


def test_moved_to_another_time_the_row_and_the_line_above_say_the_new_time(
    qtbot: Any, tabs: Any, arun: Any
) -> None:
    """Change time… (or "Send it at 08:00") moves a send without adding or removing one:
    Compose used to tell the other tabs only when the list's ids changed, so Delivery kept
    the old time in its row and in the line above the history."""
    compose, delivery = tabs
    broadcast_id = schedule(qtbot, compose, arun, tomorrow_at_eight())
    listed(qtbot, delivery, broadcast_id)
    qtbot.waitUntil(lambda: words(delivery, broadcast_id) == "Scheduled: tomorrow at 08:00")
    later = tomorrow_at_eight() + timedelta(hours=2)
    assert arun(compose.ctx.services.sending.reschedule(broadcast_id, later))
    compose.check_scheduled()
    qtbot.waitUntil(
        lambda: words(delivery, broadcast_id) == "Scheduled: tomorrow at 10:00", timeout=10_000
    )
    qtbot.waitUntil(lambda: "10:00" in delivery.scheduled_banner.label.text())


def test_at_the_smallest_window_a_scheduled_row_says_when_in_whole(
    qtbot: Any, tabs: Any, arun: Any, qapp: Any
) -> None:
    """At 800 px the Delivery column (200 px) cut "Scheduled: tomorrow at 0…" and "Scheduled:
    on 30/11/2026 at 0…": the time, the one thing the row is there to say."""
    from tests.ui.conftest import app_theme
    from tests.ui.support import shown_window

    compose, _delivery = tabs
    soon = schedule(qtbot, compose, arun, tomorrow_at_eight())
    later = schedule(qtbot, compose, arun, tomorrow_at_eight() + timedelta(days=5))
    with app_theme(qapp):
        window = shown_window(qtbot, compose.ctx, "delivery", (800, 560))
        tab: Any = window.tab("delivery")
        listed(qtbot, tab, later)
        table = tab.history_table
        room = table.columnWidth(HistoryColumn.DELIVERY) - 24  # (the cell's padding)
        for broadcast_id in (soon, later):
            said = words(tab, broadcast_id)
            assert said.startswith("Scheduled: ")
            assert table.fontMetrics().horizontalAdvance(said) <= room, said
        assert table.horizontalScrollBar().maximum() == 0  # and nothing scrolls sideways
        window.close()
