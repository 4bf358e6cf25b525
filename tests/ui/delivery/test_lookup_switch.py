"""Another account opened while the Delivery tab was still working for the one before.

A message look-up on its way when the user switched accounts ended, the old account's client
closed under it, in "Something went wrong — An unexpected problem occurred (RuntimeError)…
restart Tuma" on the new account's screen. A switch now drops the old account's look-up (and
its other work: reads, a resend being prepared), and whatever of it still ends afterwards is
dropped quietly: nothing of the old account is said, or put into Compose, on the new one's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from desktop_app.core.delivery import DeliveryStatus
from desktop_app.core.services.delivery import Report
from desktop_app.ui.delivery import DeliveryTab
from tests.ui.compose.helpers import LEFT, use_kenyan_locale
from tests.ui.delivery.test_tab import FAILS, OK, reported_now, select_send, send
from tests.ui.support import add_other_shop


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


def switch_to_other_shop(qtbot: Any, win: Any, ctx: Any) -> None:
    win.switch_to("Other shop")
    qtbot.waitUntil(
        lambda: ctx.session is not None and ctx.session.profile.name == "Other shop",
        timeout=10000,
    )


def test_a_look_up_in_flight_when_switching_accounts_says_nothing_alarming(
    qtbot: Any,
    pressable_window: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    account: Any,
    memory_keyring: Any,
) -> None:
    """The user pastes a message ID and presses Look up; the service is slow to answer and
    the user switches to another account meanwhile: no "Something went wrong… restart Tuma"
    (nor any other message) on the new account's screen, no look-up window, and Look up can
    be pressed there."""
    win = pressable_window
    broadcast_id = send(arun, ctx, [OK])
    message_id = ctx.services.store.journal.chunks(broadcast_id)[0].message_id
    add_other_shop(admin, account, ctx, memory_keyring)
    win.show_tab("delivery")
    tab: DeliveryTab = win.tab("delivery")
    qtbot.waitUntil(lambda: tab.history_model.loaded_once, timeout=10000)
    admin.fault("delay", count=1, path_prefix="/v1/dlr", seconds=2.5)
    try:
        tab.lookup_edit.setText(message_id)
        qtbot.mouseClick(tab.lookup_button, LEFT)
        qtbot.waitUntil(lambda: ctx.tasks.is_running("delivery.lookup"), timeout=5000)
        qtbot.wait(300)  # (on its way to the service)
        switch_to_other_shop(qtbot, win, ctx)
        qtbot.waitUntil(lambda: not ctx.tasks.is_running("delivery.lookup"), timeout=10000)
        qtbot.wait(200)
    finally:
        admin.clear_faults()
    assert ctx.errors.problem is None, ctx.errors.problem
    assert tab.lookup_dialog is None
    assert tab.lookup_button.isEnabled()


def test_a_resend_being_prepared_when_switching_accounts_is_not_put_into_compose(
    qtbot: Any,
    pressable_window: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    account: Any,
    memory_keyring: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The user presses Resend to failed and, while it is being prepared, switches to another
    account: the old account's customers are not put into the new account's Compose, and
    nothing alarming is said."""
    win = pressable_window
    broadcast_id = send(arun, ctx, [OK, FAILS])
    failed = DeliveryStatus.FAILED
    reported_now(arun, ctx, broadcast_id, Report(FAILS, failed, "AbsentSubscriber"))
    add_other_shop(admin, account, ctx, memory_keyring)
    win.show_tab("delivery")
    tab: DeliveryTab = win.tab("delivery")
    qtbot.waitUntil(lambda: tab.history_model.loaded_once, timeout=10000)
    select_send(qtbot, tab, broadcast_id)
    qtbot.waitUntil(tab.resend_button.isEnabled, timeout=10000)

    let_through = asyncio.Event()
    prepare = ctx.services.delivery.resend_failed

    async def slow(*args: Any) -> Any:
        await let_through.wait()
        return await prepare(*args)

    monkeypatch.setattr(ctx.services.delivery, "resend_failed", slow)
    asked: list[object] = []
    ctx.compose_requested.connect(asked.append)
    qtbot.mouseClick(tab.resend_button, LEFT)
    qtbot.waitUntil(lambda: ctx.tasks.is_running("delivery.resend"), timeout=5000)
    switch_to_other_shop(qtbot, win, ctx)
    let_through.set()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("delivery.resend"), timeout=5000)
    qtbot.wait(100)
    assert asked == []
    assert win.tab("compose").recipients.people() == ()
    assert ctx.errors.problem is None, ctx.errors.problem
