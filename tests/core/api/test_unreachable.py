"""A host that cannot be reached is known for what it is in seconds, not a minute; each retry
is told to whoever waits on that piece of work; a slow reply still gets its long wait; and a
send whose outcome is unknown is never sent again.

The dead host is a loopback port whose accept queue is full: the kernel drops further
connection attempts, as a pulled cable or a dropped mobile link does, so connecting times out
(no real 20-second waits: the timeouts are shrunk, or bounded by the test).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from desktop_app.core.api import Client, errors
from desktop_app.core.api import client as client_module
from desktop_app.core.api.attempts import Retry, RetryReason, watch_retries

PHONE = "0712345678"


@contextlib.contextmanager
def black_hole() -> Iterator[str]:
    """The URL of a port that never completes a connection (its backlog is full)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(0)
    port = server.getsockname()[1]
    fillers: list[socket.socket] = []
    try:
        for _ in range(4):  # fill the accept queue; later SYNs are dropped
            filler = socket.socket()
            filler.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                filler.connect(("127.0.0.1", port))
            fillers.append(filler)
        time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        for filler in fillers:
            filler.close()
        server.close()


class Silent:
    """A server that accepts connections, reads the request and never answers (a hung
    gateway): the connection is made, the reply never comes."""

    def __init__(self) -> None:
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(8)
        self.server.settimeout(0.1)
        self.url = f"http://127.0.0.1:{self.server.getsockname()[1]}"
        self.requests: list[bytes] = []
        self._conns: list[socket.socket] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _addr = self.server.accept()
            except TimeoutError:
                continue
            conn.settimeout(2)
            self._conns.append(conn)
            with contextlib.suppress(OSError):
                self.requests.append(conn.recv(65536))

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
        for conn in self._conns:
            conn.close()
        self.server.close()


@pytest.fixture
def silent() -> Iterator[Silent]:
    server = Silent()
    yield server
    server.close()


def test_the_default_client_gives_up_on_a_dead_host_in_seconds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every client (the app builds them with the defaults) bounds the connect phase by
    CONNECT_TIMEOUT, a few seconds, not by the 20 s the reply may take. Shrunk here to keep
    the test fast: before the fix a connect waited the whole 20 s, three times."""
    assert client_module.CONNECT_TIMEOUT <= 10.0
    monkeypatch.setattr(client_module, "CONNECT_TIMEOUT", 0.2)

    async def go() -> float:
        with black_hole() as url:
            async with Client(url, url, "tok-abc", backoff=0.01) as client:
                started = time.monotonic()
                with pytest.raises(errors.NetworkError):
                    await asyncio.wait_for(client.account_details(), 5.0)
                assert not client.reachable
                return time.monotonic() - started

    assert asyncio.run(go()) < 2.0  # three tries of 0.2 s each, and short pauses


def test_each_retry_is_told_to_the_work_that_waits_and_to_no_other() -> None:
    heard: list[Retry] = []
    other: list[Retry] = []

    async def watched(client: Client) -> None:
        watch_retries(heard.append)
        with pytest.raises(errors.NetworkError):
            await client.balance()

    async def unwatched_but_other(client: Client) -> None:
        watch_retries(other.append)
        await asyncio.sleep(0)  # a task of its own: it makes no request, so hears nothing

    async def go() -> None:
        with black_hole() as url:
            async with Client(url, url, "tok-abc", connect_timeout=0.2, backoff=0.01) as client:
                await asyncio.gather(watched(client), unwatched_but_other(client))
                # Outside any watching context a request reports to no one (and fails alike).
                with pytest.raises(errors.NetworkError):
                    await client.list_contacts()

    asyncio.run(go())
    assert [(r.attempt, r.attempts, r.reason) for r in heard] == [
        (2, 3, RetryReason.NOT_REACHED),
        (3, 3, RetryReason.NOT_REACHED),
    ]
    assert other == []


def test_a_send_that_could_not_connect_is_retried_and_told_never_in_doubt() -> None:
    """No connection means nothing left: trying the send again is safe, and the final word is
    "could not reach", not "outcome unknown"."""
    heard: list[Retry] = []

    async def go() -> None:
        watch_retries(heard.append)
        with black_hole() as url:
            async with Client(url, url, "tok-abc", connect_timeout=0.2, backoff=0.01) as client:
                with pytest.raises(errors.NetworkError) as raised:
                    await client.send_message("TUMA", PHONE, "Habari")
                assert not isinstance(raised.value, errors.InDoubt)

    asyncio.run(go())
    assert [r.attempt for r in heard] == [2, 3]


def test_a_send_whose_reply_is_lost_is_never_retried(silent: Silent) -> None:
    """The connection was made and the send went out; the reply never came: in doubt, sent
    once, and no "trying again" is said for it."""
    heard: list[Retry] = []

    async def go() -> None:
        watch_retries(heard.append)
        async with Client(
            silent.url, silent.url, "tok-abc", timeout=0.5, connect_timeout=0.2, backoff=0.01
        ) as client:
            with pytest.raises(errors.InDoubt):
                await client.send_message("TUMA", PHONE, "Habari")

    asyncio.run(go())
    assert len(silent.requests) == 1
    assert b"/v1/send/message" in silent.requests[0]
    assert heard == []


def test_a_read_whose_reply_is_lost_is_asked_again_and_says_so(silent: Silent) -> None:
    heard: list[Retry] = []

    async def go() -> None:
        watch_retries(heard.append)
        async with Client(
            silent.url, silent.url, "tok-abc", timeout=0.3, connect_timeout=0.2, backoff=0.01
        ) as client:
            with pytest.raises(errors.NetworkError):
                await client.balance()

    asyncio.run(go())
    assert len(silent.requests) == 3
    assert [(r.attempt, r.reason) for r in heard] == [
        (2, RetryReason.NO_REPLY),
        (3, RetryReason.NO_REPLY),
    ]


@pytest.fixture
def clean_faults(admin: Any) -> Iterator[None]:
    admin.clear_faults()
    yield
    admin.clear_faults()


@pytest.mark.usefixtures("clean_faults")
def test_a_slow_reply_is_not_a_dead_host(account: Any, admin: Any) -> None:
    """Only connecting is bounded by the short timeout: a reply that takes longer than it
    (slow mobile data, a busy service) still arrives."""
    admin.fault("delay", 1, path_prefix="/v1/get-balance", seconds=1.0)
    heard: list[Retry] = []

    async def go() -> float:
        watch_retries(heard.append)
        async with Client(
            account.base_url, account.contacts_base_url, account.token, connect_timeout=0.3
        ) as client:
            return (await client.balance()).credits

    assert asyncio.run(go()) > 0
    assert heard == []


@pytest.mark.usefixtures("clean_faults")
def test_a_busy_service_is_told_as_busy_then_that_it_got_through(account: Any, admin: Any) -> None:
    admin.fault("error500", count=1, path_prefix="/v1/get-balance")
    heard: list[Retry | None] = []

    async def go() -> None:
        watch_retries(heard.append)
        async with Client(
            account.base_url, account.contacts_base_url, account.token, backoff=0.01
        ) as client:
            await client.balance()

    asyncio.run(go())
    retry, through = heard
    assert retry is not None
    assert (retry.attempt, retry.reason) == (2, RetryReason.BUSY)
    assert through is None  # the reply came: "still trying" is over


@pytest.mark.expect_log("a retry watcher failed")
def test_a_failing_watcher_never_fails_the_request(caplog: pytest.LogCaptureFixture) -> None:
    def broken(_retry: Retry | None) -> None:
        raise RuntimeError("a bug in the screen")

    async def go() -> None:
        watch_retries(broken)
        with black_hole() as url:
            async with Client(url, url, "tok-abc", connect_timeout=0.2, backoff=0.01) as client:
                with pytest.raises(errors.NetworkError):
                    await client.balance()

    with caplog.at_level("ERROR"):
        asyncio.run(go())
    assert "a retry watcher failed" in caplog.text


# --- a reply slow to come: said after a few seconds, not after the 20 s a try may wait ----


@pytest.fixture
def slow_after(monkeypatch: pytest.MonkeyPatch) -> float:
    """The "slow to answer" wait, shrunk from 6 s (it is read when each request is made)."""
    assert 3.0 <= client_module.SLOW_REPLY_AFTER <= 10.0
    monkeypatch.setattr(client_module, "SLOW_REPLY_AFTER", 0.1)
    return 0.1


def _told(heard: list[Retry | None]) -> list[tuple[int, RetryReason] | None]:
    return [None if r is None else (r.attempt, r.reason) for r in heard]


@pytest.mark.usefixtures("slow_after")
def test_a_read_slow_to_answer_is_told_while_it_waits_and_retried_as_before(
    silent: Silent,
) -> None:
    """A hung gateway: connected, asked, no reply. Each try says "slow" long before its reply
    timeout, and "over" when the wait ends; the retries are the same three tries as ever."""
    heard: list[Retry | None] = []

    async def go() -> None:
        watch_retries(heard.append)
        async with Client(
            silent.url, silent.url, "tok-abc", timeout=0.6, connect_timeout=0.2, backoff=0.01
        ) as client:
            with pytest.raises(errors.NetworkError):
                await client.balance()

    asyncio.run(go())
    assert len(silent.requests) == 3
    assert _told(heard) == [
        (1, RetryReason.SLOW),
        None,
        (2, RetryReason.NO_REPLY),
        (2, RetryReason.SLOW),
        None,
        (3, RetryReason.NO_REPLY),
        (3, RetryReason.SLOW),
        None,
    ]
    slow = [r for r in heard if r is not None and r.reason is RetryReason.SLOW]
    assert {(r.attempts, r.delay) for r in slow} == {(3, 0.0)}


@pytest.mark.usefixtures("slow_after")
def test_a_send_slow_to_answer_is_told_and_still_sent_only_once(silent: Silent) -> None:
    heard: list[Retry | None] = []

    async def go() -> None:
        watch_retries(heard.append)
        async with Client(
            silent.url, silent.url, "tok-abc", timeout=0.6, connect_timeout=0.2, backoff=0.01
        ) as client:
            with pytest.raises(errors.InDoubt):
                await client.send_message("TUMA", PHONE, "Habari")

    asyncio.run(go())
    assert len(silent.requests) == 1
    assert _told(heard) == [(1, RetryReason.SLOW), None]


@pytest.mark.usefixtures("slow_after")
def test_slow_counts_from_the_request_sent_not_from_connecting(silent: Silent) -> None:
    """Connecting has its own bound and its own words ("still trying to reach"): a host that
    never completes a connection is not "slow to answer", even when connecting takes longer
    than the slow wait; a connected request that waits is."""
    heard: list[Retry | None] = []

    async def go() -> None:
        watch_retries(heard.append)
        with black_hole() as url:
            async with Client(url, url, "tok-abc", connect_timeout=0.4, backoff=0.01) as client:
                with pytest.raises(errors.NetworkError):
                    await client.balance()
        async with Client(
            silent.url, silent.url, "tok-abc", timeout=0.4, connect_timeout=0.2, max_attempts=1
        ) as client:
            with pytest.raises(errors.NetworkError):
                await client.balance()

    asyncio.run(go())
    assert _told(heard) == [
        (2, RetryReason.NOT_REACHED),
        (3, RetryReason.NOT_REACHED),
        (1, RetryReason.SLOW),
        None,
    ]


@pytest.mark.usefixtures("clean_faults", "slow_after")
def test_a_slow_reply_that_comes_is_told_then_over_and_quick_ones_say_nothing(
    account: Any, admin: Any
) -> None:
    """The sandbox answers after a second: "slow" while it waits, "over" when the reply came,
    and the request is made once. Then the common case, a broadcast's chunks: quick replies
    say nothing, and each request's one timer handle was cancelled when its reply came."""
    admin.fault("delay", 1, path_prefix="/v1/get-balance", seconds=1.0)
    heard: list[Retry | None] = []

    async def go() -> int:
        watch_retries(heard.append)
        loop = asyncio.get_running_loop()
        async with Client(
            account.base_url, account.contacts_base_url, account.token, connect_timeout=0.3
        ) as client:
            assert (await client.balance()).credits > 0
            assert _told(heard) == [(1, RetryReason.SLOW), None]
            for _ in range(3):
                await client.balance()
        scheduled: list[asyncio.TimerHandle] = getattr(loop, "_scheduled", [])
        return sum(1 for handle in scheduled if not handle.cancelled())

    assert asyncio.run(go()) == 0  # no timer left running for a request that is over
    assert _told(heard) == [(1, RetryReason.SLOW), None]
