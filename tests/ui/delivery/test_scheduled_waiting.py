"""The Delivery tab's line about scheduled sends, for a send that waits for the user's
decision (found overdue, put off with "Decide later"): it used to say "the next goes out today
at 07:00", a time already past, while Compose's said it waits. Which sends wait is Compose's to
know (it asks about them); it publishes them on the shared context (``scheduled_waiting``)
with ``scheduled_changed``, and the Delivery tab says the same, and follows when the send is
sent, cancelled or moved."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose.rules import OverdueDialog, PromoHoursDialog
from desktop_app.ui.compose.tab import SCHEDULE_TASK
from desktop_app.ui.delivery import DeliveryTab
from tests.ui.compose.helpers import LEFT, use_kenyan_locale
from tests.ui.compose.helpers import make_tab as make_compose_tab
from tests.ui.compose.test_rules import schedule_directly, sent_to, wait_dialog
from tests.ui.delivery.test_tab import make_tab, stop_following  # noqa: F401 (a fixture)

WAITS = "waiting for you to decide"


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def tabs(qtbot: Any, ctx: Any, shop_clock: Any) -> tuple[ComposeTab, DeliveryTab]:
    """Compose, running for three hours (the shop's clock says 12:00), and Delivery, shown
    before any send is scheduled (what it says next comes from the signal)."""
    shop_clock.set(12, 0)
    compose = make_compose_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.rules"))
    qtbot.waitUntil(lambda: not ctx.tasks.is_running(SCHEDULE_TASK))
    compose.started_at = compose._running_since = datetime.now(UTC) - timedelta(hours=3)
    delivery = make_tab(qtbot, ctx)
    assert not delivery.scheduled_banner.isVisible()
    return compose, delivery


def put_off(qtbot: Any, compose: ComposeTab, arun: Any) -> int:
    """A promotion due two hours ago, found late and put off with Decide later."""
    broadcast_id = schedule_directly(compose, arun, datetime.now(UTC) - timedelta(hours=2))
    compose.check_scheduled()
    dialog = wait_dialog(qtbot, compose, OverdueDialog)
    qtbot.mouseClick(dialog.later_button, LEFT)
    qtbot.waitUntil(lambda: not compose.ctx.tasks.is_running(SCHEDULE_TASK))
    return broadcast_id


def banner(delivery: DeliveryTab) -> str:
    return str(delivery.scheduled_banner.label.text())


def open_list(qtbot: Any, compose: ComposeTab) -> Any:
    qtbot.mouseClick(compose.scheduled_banner.view_button, LEFT)
    dialog = compose.scheduled_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    return dialog


def test_after_decide_later_delivery_says_it_waits_and_hides_once_sent(
    qtbot: Any, tabs: Any, arun: Any, admin: Any, account: Any
) -> None:
    compose, delivery = tabs
    put_off(qtbot, compose, arun)
    qtbot.waitUntil(delivery.scheduled_banner.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: WAITS in banner(delivery), timeout=10_000)
    assert "goes out" not in banner(delivery)  # not "the next goes out today at …" (past)
    assert banner(delivery) == compose.scheduled_banner.label.text()
    assert delivery.scheduled_banner.view_button.text() == "Decide…"
    qtbot.mouseClick(open_list(qtbot, compose).send_now_button, LEFT)  # 12:00: at once
    qtbot.waitUntil(lambda: len(sent_to(admin, account)) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: not delivery.scheduled_banner.isVisible(), timeout=10_000)
    assert compose.ctx.scheduled_waiting == frozenset()


def test_after_decide_later_delivery_hides_it_once_cancelled(
    qtbot: Any, tabs: Any, arun: Any, admin: Any, account: Any
) -> None:
    compose, delivery = tabs
    put_off(qtbot, compose, arun)
    qtbot.waitUntil(lambda: WAITS in banner(delivery), timeout=10_000)
    qtbot.mouseClick(open_list(qtbot, compose).cancel_button, LEFT)
    qtbot.waitUntil(lambda: not delivery.scheduled_banner.isVisible(), timeout=10_000)
    assert sent_to(admin, account) == Counter()


def test_moved_to_eight_am_delivery_says_when_it_goes_out(
    qtbot: Any, tabs: Any, arun: Any, admin: Any, account: Any, shop_clock: Any
) -> None:
    """The same send, still listed, no longer waits: only the waiting set changed, and the
    Delivery tab hears of it too."""
    compose, delivery = tabs
    put_off(qtbot, compose, arun)
    qtbot.waitUntil(lambda: WAITS in banner(delivery), timeout=10_000)
    shop_clock.set(20, 0)
    qtbot.mouseClick(open_list(qtbot, compose).send_now_button, LEFT)
    hours = wait_dialog(qtbot, compose, PromoHoursDialog)
    qtbot.mouseClick(hours.schedule_button, LEFT)
    qtbot.waitUntil(lambda: "goes out tomorrow at 08:00" in banner(delivery), timeout=10_000)
    assert WAITS not in banner(delivery)
    assert sent_to(admin, account) == Counter()
