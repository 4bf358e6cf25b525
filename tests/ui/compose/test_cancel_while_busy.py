"""Cancel, or quitting, while the service has answered "busy, try again in 20 s" (429): the
round waiting has provably not gone, so the send stops at once with it "not sent yet", never
"outcome unknown" (which made the next start ask the user to review a round that never went).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from desktop_app.ui.compose.tab import SEND_TASK
from tests.ui.compose.helpers import LEFT, SendRun, compose, make_tab, use_kenyan_locale


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def tab(qtbot: Any, ctx: Any) -> Any:
    widget = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: widget.summary.balance_value.text() == "1,000 credits")
    return widget


def _numbers(n: int) -> str:
    return "\n".join(f"0712 000 {i:03d}" for i in range(1, n + 1))


def _waiting_out_a_rate_limit(qtbot: Any, tab: Any, ctx: Any, admin: Any) -> SendRun:
    """Three rounds of one: the first goes, the second is answered 429 Retry-After 20 s."""
    ctx.session.profile.bulk_chunk_size = 1
    compose(qtbot, tab, _numbers(3), "Karibu tena")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm_dialog()
    admin.fault("delay", 1, path_prefix="/v1/send", seconds=0.05)
    admin.fault("ratelimit", 3, path_prefix="/v1/send", seconds=20)
    run.confirm()
    qtbot.waitUntil(
        lambda: tab.progress_dialog is not None and tab.progress_dialog.bar.value() >= 1,
        timeout=10000,
    )
    qtbot.wait(1000)  # the second round was answered 429, and the client waits 20 s
    return run


def _stopped_with_two_not_sent(ctx: Any, admin: Any, account: Any) -> None:
    assert len(admin.messages(account.account_id)) == 1
    (broadcast,) = ctx.services.store.journal.unfinished(ctx.session.profile.name)
    assert broadcast.in_doubt == 0  # not "outcome unknown": the service said it was busy
    assert broadcast.sending == 0
    assert broadcast.recipients_pending == 2


def test_cancel_while_a_rate_limit_is_waited_out_stops_at_once(
    qtbot: Any, tab: Any, ctx: Any, admin: Any, account: Any
) -> None:
    run = _waiting_out_a_rate_limit(qtbot, tab, ctx, admin)
    pressed = time.monotonic()
    qtbot.mouseClick(tab.progress_dialog.cancel_button, LEFT)
    try:
        run.wait(timeout=15000)  # 20-60 s before: Cancel waited for the round to be tried
    finally:
        admin.clear_faults()
    assert time.monotonic() - pressed < 10
    _stopped_with_two_not_sent(ctx, admin, account)


def test_quitting_while_a_rate_limit_is_waited_out_stops_at_once(
    qtbot: Any, tab: Any, ctx: Any, arun: Any, admin: Any, account: Any
) -> None:
    run = _waiting_out_a_rate_limit(qtbot, tab, ctx, admin)
    try:
        assert arun(tab.stop(5.0), timeout=10) is True  # (it waited 5 s, then was cut off)
        qtbot.waitUntil(lambda: bool(run.finished), timeout=10000)
    finally:
        admin.clear_faults()
    _stopped_with_two_not_sent(ctx, admin, account)


def test_a_send_cut_off_while_a_rate_limit_is_waited_out_is_not_in_doubt(
    qtbot: Any, tab: Any, ctx: Any, admin: Any, account: Any
) -> None:
    """The last resort of a quit (the task cancelled outright) during the wait: the round is
    put back as not sent, not left "outcome unknown"."""
    run = _waiting_out_a_rate_limit(qtbot, tab, ctx, admin)
    try:
        ctx.tasks.cancel(SEND_TASK)
        qtbot.waitUntil(lambda: not ctx.tasks.is_running(SEND_TASK), timeout=10000)
        journal = ctx.services.store.journal
        profile = ctx.session.profile.name
        qtbot.waitUntil(lambda: journal.unfinished(profile)[0].sending == 0, timeout=10000)
    finally:
        admin.clear_faults()
    del run
    _stopped_with_two_not_sent(ctx, admin, account)
