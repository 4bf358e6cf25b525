"""Blocking work off the event loop's thread: the store's serial worker, one-off daemon
threads, and ``finish`` (a started write is awaited to its end even when cancelled)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import pytest

from desktop_app.core.background import SerialWorker, finish, inline, run_in_daemon_thread

BOUND = 5.0  # seconds: a bound on waiting for another thread, never a pause


Seen = list[tuple[object, threading.Thread]]


def recorder(log: Seen, value: object) -> Callable[[], object]:
    def call() -> object:
        log.append((value, threading.current_thread()))
        return value

    return call


# --- SerialWorker -----------------------------------------------------------------------------


def test_serial_worker_runs_calls_in_order_on_one_daemon_thread() -> None:
    """The store relies on order ("claimed before sent"): a later call never overtakes an
    earlier one, even while the earlier one is still blocked."""
    worker = SerialWorker(name="test-store")
    gate = threading.Event()
    seen: Seen = []

    def first() -> str:
        gate.wait(BOUND)
        seen.append(("first", threading.current_thread()))
        return "first"

    async def scenario() -> list[object]:
        tasks = [
            asyncio.ensure_future(worker(first)),
            asyncio.ensure_future(worker(recorder(seen, "second"))),
            asyncio.ensure_future(worker(recorder(seen, "third"))),
        ]
        await asyncio.sleep(0)  # let every task queue its call
        assert seen == []  # the first call holds the line; nothing ran out of turn
        gate.set()
        return list(await asyncio.gather(*tasks))

    try:
        assert asyncio.run(scenario()) == ["first", "second", "third"]
    finally:
        worker.stop()
    assert [value for value, _ in seen] == ["first", "second", "third"]
    threads = {thread for _, thread in seen}
    assert len(threads) == 1
    (thread,) = threads
    assert thread is not threading.main_thread()
    assert thread.daemon
    assert thread.name == "test-store"


def test_serial_worker_hands_results_and_exceptions_to_the_awaiting_coroutine() -> None:
    """A failing store call raises in the coroutine that awaited it, and the worker goes on."""
    worker = SerialWorker()

    def fail() -> None:
        raise ValueError("disk says no")

    async def scenario() -> tuple[int, int]:
        before = await worker(lambda a, b: a + b, 2, b=3)
        with pytest.raises(ValueError, match="disk says no"):
            await worker(fail)
        after = await worker(len, "abcd")
        return before, after

    try:
        assert asyncio.run(scenario()) == (5, 4)
    finally:
        worker.stop()


def test_a_call_is_on_its_way_when_made_not_when_first_awaited() -> None:
    """Inside a running loop a call is queued as it is made: a caller asks for a read, then
    does its own work (a tab lays itself out and paints) while the store's thread reads."""
    worker = SerialWorker()
    running = threading.Event()

    def read() -> str:
        running.set()
        return "rows"

    async def scenario() -> str:
        pending = worker(read)
        assert running.wait(BOUND)  # nothing has awaited it yet
        return await pending

    try:
        assert asyncio.run(scenario()) == "rows"
    finally:
        worker.stop()


def test_serial_worker_serves_one_event_loop_after_another() -> None:
    """Services outlive one ``asyncio.run`` (tests, scripts): the same worker answers on the
    next loop."""
    worker = SerialWorker()
    try:
        assert asyncio.run(worker(lambda: "one")) == "one"
        assert asyncio.run(worker(lambda: "two")) == "two"
    finally:
        worker.stop()


def test_submit_runs_after_the_calls_already_queued_without_waiting() -> None:
    worker = SerialWorker()
    gate = threading.Event()
    seen: list[str] = []

    async def scenario() -> list[str]:
        blocked = asyncio.ensure_future(worker(lambda: gate.wait(BOUND)))
        await asyncio.sleep(0)  # the blocking call is queued first
        worker.submit(lambda: seen.append("submitted"))  # returns at once
        assert seen == []
        gate.set()
        await blocked
        return await worker(lambda: list(seen))  # queued after the submission

    try:
        assert asyncio.run(scenario()) == ["submitted"]
    finally:
        worker.stop()


@pytest.mark.expect_log("background call")
def test_a_failing_submission_is_logged_and_the_worker_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Nobody awaits a submitted call: its failure is logged, never lost in the thread, and
    never kills the store's only thread."""
    worker = SerialWorker()

    def broken() -> None:
        raise RuntimeError("no such table")

    worker.submit(broken)
    try:
        assert asyncio.run(worker(lambda: "still serving")) == "still serving"
    finally:
        worker.stop()
    failures = [r for r in caplog.records if "background call" in r.getMessage()]
    assert len(failures) == 1
    assert failures[0].exc_info is not None
    assert isinstance(failures[0].exc_info[1], RuntimeError)


def test_stop_runs_last_after_the_queued_calls_and_ends_the_thread() -> None:
    """Closing the store (``last``) must come after every write queued before it."""
    worker = SerialWorker()
    gate = threading.Event()
    seen: Seen = []
    worker.submit(lambda: gate.wait(BOUND))
    worker.submit(recorder(seen, "queued 1"))
    worker.submit(recorder(seen, "queued 2"))
    gate.set()
    worker.stop(last=recorder(seen, "last"))
    assert [value for value, _ in seen] == ["queued 1", "queued 2", "last"]
    threads = {thread for _, thread in seen}
    assert len(threads) == 1
    (thread,) = threads
    assert thread is not threading.current_thread()
    assert not thread.is_alive()


def test_stop_of_a_worker_never_started_runs_last_right_here() -> None:
    """A store no call ever used is still closed."""
    worker = SerialWorker()
    seen: Seen = []
    worker.stop(last=recorder(seen, "last"))
    assert seen == [("last", threading.current_thread())]
    worker.stop()  # nothing to run, nothing to end: no error


# --- run_in_daemon_thread ---------------------------------------------------------------------


def test_run_in_daemon_thread_returns_the_result_from_a_daemon_thread() -> None:
    seen: list[threading.Thread] = []

    def read_keyring(service: str, *, user: str) -> str:
        seen.append(threading.current_thread())
        return f"{service}/{user}"

    assert asyncio.run(run_in_daemon_thread(read_keyring, "tuma", user="shop")) == "tuma/shop"
    (thread,) = seen
    assert thread is not threading.main_thread()
    assert thread.daemon  # a hung keyring never keeps the app from exiting
    assert thread.name == "tuma-read_keyring"


def test_run_in_daemon_thread_raises_the_call_s_exception() -> None:
    def locked() -> None:
        raise PermissionError("keyring locked")

    with pytest.raises(PermissionError, match="keyring locked"):
        asyncio.run(run_in_daemon_thread(locked))


def test_cancelling_the_await_abandons_the_call_and_the_loop_goes_on() -> None:
    """A hung keyring must not hold the GUI: the await is cancelled at once; when the call
    ends later (here failing), nothing is set on the abandoned future and nothing is logged."""
    gate = threading.Event()
    threads: list[threading.Thread] = []

    async def scenario() -> str:
        loop = asyncio.get_running_loop()
        entered = loop.create_future()

        def hung() -> None:
            threads.append(threading.current_thread())
            loop.call_soon_threadsafe(entered.set_result, None)
            gate.wait(BOUND)
            raise RuntimeError("late failure nobody awaits")

        task = asyncio.ensure_future(run_in_daemon_thread(hung))
        await asyncio.wait_for(entered, BOUND)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert threads[0].is_alive()  # abandoned, not killed
        gate.set()
        threads[0].join(BOUND)
        await asyncio.sleep(0)  # the thread's late answer is handled by this loop
        await asyncio.sleep(0)
        return await run_in_daemon_thread(lambda: "the loop still works")

    assert asyncio.run(scenario()) == "the loop still works"
    assert not threads[0].is_alive()


def test_a_call_that_outlives_its_event_loop_ends_quietly() -> None:
    """Quitting while a keyring call hangs: the loop closes first, the thread's answer has
    nowhere to go and is dropped (an exception in the thread would fail this test)."""
    gate = threading.Event()
    threads: list[threading.Thread] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        entered = loop.create_future()

        def hung() -> str:
            threads.append(threading.current_thread())
            loop.call_soon_threadsafe(entered.set_result, None)
            gate.wait(BOUND)
            return "too late"

        pending = asyncio.ensure_future(run_in_daemon_thread(hung))
        await asyncio.wait_for(entered, BOUND)
        assert not pending.done()
        # returning leaves the task pending: asyncio.run cancels it and closes the loop

    asyncio.run(scenario())
    gate.set()
    threads[0].join(BOUND)
    assert not threads[0].is_alive()


# --- finish -----------------------------------------------------------------------------------


def test_finish_runs_the_call_to_its_end_then_re_raises_the_cancellation() -> None:
    """A journal write that was started is known to have happened before the cancelled
    caller goes on."""
    steps: list[str] = []

    async def scenario() -> None:
        started = asyncio.Event()
        release = asyncio.Event()

        async def write() -> str:
            started.set()
            await release.wait()
            steps.append("written")
            return "done"

        task = asyncio.ensure_future(finish(write()))
        await asyncio.wait_for(started.wait(), BOUND)
        task.cancel()
        for _ in range(3):
            await asyncio.sleep(0)
        assert not task.done()  # still waiting for the write, despite the cancellation
        task.cancel()  # a second cancellation changes nothing
        for _ in range(3):
            await asyncio.sleep(0)
        assert not task.done()
        assert steps == []
        release.set()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert steps == ["written"]
        assert task.cancelled()

    asyncio.run(scenario())


def test_finish_returns_the_result_of_a_call_nobody_cancelled() -> None:
    async def write() -> int:
        await asyncio.sleep(0)
        return 7

    assert asyncio.run(finish(write())) == 7


def test_finish_raises_the_call_s_exception() -> None:
    async def write() -> None:
        await asyncio.sleep(0)
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        asyncio.run(finish(write()))


def test_finish_raises_a_failure_that_ends_a_cancelled_call() -> None:
    """Cancelled while the write runs, and then the write fails: the failure is what the
    caller learns (a write that failed must not pass for one that happened)."""

    async def scenario() -> None:
        started = asyncio.Event()
        release = asyncio.Event()

        async def write() -> None:
            started.set()
            await release.wait()
            raise OSError("disk full")

        task = asyncio.ensure_future(finish(write()))
        await asyncio.wait_for(started.wait(), BOUND)
        task.cancel()
        await asyncio.sleep(0)
        release.set()
        with pytest.raises(OSError, match="disk full"):
            await task

    asyncio.run(scenario())


def test_finish_passes_on_the_cancellation_of_the_call_itself() -> None:
    async def scenario() -> None:
        inner = asyncio.ensure_future(asyncio.Event().wait())
        outer = asyncio.ensure_future(finish(inner))
        await asyncio.sleep(0)
        inner.cancel()
        with pytest.raises(asyncio.CancelledError):
            await outer

    asyncio.run(scenario())


# --- inline -----------------------------------------------------------------------------------


def test_inline_runs_the_call_on_the_calling_thread() -> None:
    seen: list[threading.Thread] = []

    def call(a: int, *, b: int) -> int:
        seen.append(threading.current_thread())
        return a * b

    assert asyncio.run(inline(call, 6, b=7)) == 42
    assert seen == [threading.main_thread()]

    def fail() -> None:
        raise KeyError("missing")

    with pytest.raises(KeyError):
        asyncio.run(inline(fail))
