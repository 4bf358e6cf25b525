"""A request its caller gives up on (the check before a Send is bounded; a newer search
replaces an older one) still tells what its tries found: a latest try that could not connect
means the service cannot be reached, and whoever was told "still trying" hears it is over.
Before, such a request left the client "reachable" and the watcher "still trying"."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from desktop_app.core.api import Client
from desktop_app.core.api import client as client_module
from desktop_app.core.api.attempts import Retry, RetryReason, watch_retries
from tests.core.api.test_unreachable import black_hole


@pytest.fixture
def dead_url(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setattr(client_module, "CONNECT_TIMEOUT", 0.2)
    with black_hole() as url:
        yield url


def _give_up(client: Client, after: float) -> list[Retry | None]:
    heard: list[Retry | None] = []

    async def read() -> None:
        watch_retries(heard.append)
        await client.balance()

    async def go() -> None:
        async with client:
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(read(), after)

    asyncio.run(go())
    return heard


def test_given_up_after_a_try_that_could_not_connect_is_offline(dead_url: str) -> None:
    client = Client(dead_url, dead_url, "tk_abcdef123456", backoff=0.5)
    told: list[bool] = []
    client.reachability_observers.append(told.append)
    heard = _give_up(client, 0.35)  # in the pause after the first connect timeout
    assert told == [False]
    assert not client.reachable
    assert [r.reason for r in heard if r is not None] == [RetryReason.NOT_REACHED]
    assert heard[-1] is None  # no longer "still trying"


def test_given_up_during_the_first_try_tells_nothing(dead_url: str) -> None:
    """Nothing is known yet: not offline, no word."""
    client = Client(dead_url, dead_url, "tk_abcdef123456", backoff=0.5)
    told: list[bool] = []
    client.reachability_observers.append(told.append)
    assert _give_up(client, 0.1) == []
    assert told == []
    assert client.reachable


def test_given_up_while_waiting_out_a_busy_reply_is_not_offline(account: Any, admin: Any) -> None:
    """The service answered (429): it is there; the watcher hears the wait is over."""
    client = Client(account.base_url, account.contacts_base_url, account.token)
    told: list[bool] = []
    client.reachability_observers.append(told.append)
    admin.fault("ratelimit", count=1, path_prefix="/v1/get-balance", seconds=5)
    try:
        heard = _give_up(client, 1.0)
    finally:
        admin.clear_faults()
    assert told == []
    assert [r.reason for r in heard if r is not None] == [RetryReason.BUSY]
    assert heard[-1] is None
