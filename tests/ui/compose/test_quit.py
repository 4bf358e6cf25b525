"""Quitting during a send: the batch in flight finishes and the run stops there, so nothing
is left "in doubt" by the quit itself; the rest stays pending for the next start."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from desktop_app.core.store import ChunkState
from desktop_app.ui.main_window import MainWindow
from tests.ui.compose.helpers import SendRun, compose, use_kenyan_locale


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


def _states(ctx) -> list[ChunkState]:  # type: ignore[no-untyped-def]
    states: list[ChunkState] = []
    for broadcast in ctx.services.store.journal.unfinished(ctx.session.profile.name):
        states += [chunk.state for chunk in ctx.services.store.journal.chunks(broadcast.id)]
    return states


def test_quit_mid_send_finishes_the_batch_in_flight(qtbot, ctx, arun, admin, account) -> None:  # type: ignore[no-untyped-def]
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    tab = window.tab("compose")
    assert tab is not None
    profile = ctx.session.profile.name
    ctx.session.profile.bulk_chunk_size = 1
    compose(qtbot, tab, "0712 000 001\n0712 000 002\n0712 000 003", "Closing early today")
    admin.fault("delay", 3, path_prefix="/v1/send", seconds=1.0)
    try:
        run = SendRun(qtbot, tab)
        run.click_send()
        run.confirm()
        # The first batch is on its way (marked "sending" before the request goes out).
        qtbot.waitUntil(lambda: ChunkState.SENDING in _states(ctx), timeout=10000)

        arun(window.wind_down(timeout=8.0), timeout=15)
        assert not ctx.is_sending()
        arun(window.manager.shutdown(timeout=3.0), timeout=15)
    finally:
        admin.clear_faults()
    sent = admin.messages(account.account_id)
    assert len(sent) >= 1  # the batch in flight was allowed to finish
    chunks = [
        c
        for b in ctx.services.store.journal.unfinished(profile)
        for c in ctx.services.store.journal.chunks(b.id)
    ]
    assert not [c for c in chunks if c.state in (ChunkState.IN_DOUBT, ChunkState.SENDING)]
    assert len([c for c in chunks if c.state == ChunkState.PENDING]) == 3 - len(sent)
