"""Running blocking work off the event loop's thread, without ever hanging exit.

Two tools, one rule: the GUI thread (the thread of the asyncio loop) never waits on a disk,
a keyring or a subprocess.

- :class:`SerialWorker`: one daemon thread that runs calls *in order* (the store: SQLite
  serialises writers anyway, and order keeps "claimed before sent" obvious).
- :func:`run_in_daemon_thread`: a fresh daemon thread per call, for work that may hang (a
  locked keyring, starting a subprocess) or is long and independent (parsing a spreadsheet).

Both run the callable to its end even when the awaiting coroutine is cancelled (a thread
cannot be interrupted); :func:`finish` lets a caller wait for that end before it goes on, so
a durable write is never left half-known. Daemon threads never keep the interpreter alive.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, Protocol, TypeVar

__all__ = ["Blocking", "SerialWorker", "finish", "inline", "run_in_daemon_thread"]

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")


class Blocking(Protocol):
    """How a service runs a blocking call: ``await io(fn, *args)``."""

    def __call__(
        self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs
    ) -> Awaitable[T]: ...


async def inline(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Run it right here (scripts and tests that have no GUI thread to protect)."""
    return fn(*args, **kwargs)


def _settle(future: asyncio.Future[Any], result: Any, exc: BaseException | None) -> None:
    if future.done():
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)


def _deliver(
    loop: asyncio.AbstractEventLoop, future: asyncio.Future[Any], fn: Callable[[], Any]
) -> None:
    try:
        result, exc = fn(), None
    except BaseException as error:  # handed to the awaiting coroutine
        result, exc = None, error
    if not loop.is_closed():
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(_settle, future, result, exc)


async def run_in_daemon_thread(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Run blocking *fn* in a new daemon thread; cancelling the await abandons (not kills) it."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()
    threading.Thread(
        target=_deliver,
        args=(loop, future, lambda: fn(*args, **kwargs)),
        name=f"tuma-{getattr(fn, '__name__', 'work')}",
        daemon=True,
    ).start()
    return await future


def _quietly(fn: Callable[[], object]) -> None:
    try:
        fn()
    except Exception:  # nobody awaits it: log, never kill the worker
        log.exception("background call %s failed", getattr(fn, "__name__", fn))


class SerialWorker:
    """One daemon thread running calls in the order they were made."""

    def __init__(self, name: str = "tuma-store") -> None:
        self._name = name
        self._queue: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def _ensure_thread_and_queue(
        self,
    ) -> queue.SimpleQueue[Callable[[], None] | None]:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                work = self._queue
                self._thread = threading.Thread(
                    target=self._loop, args=(work,), name=self._name, daemon=True
                )
                self._thread.start()
            return self._queue

    @staticmethod
    def _loop(work: queue.SimpleQueue[Callable[[], None] | None]) -> None:
        while True:
            job = work.get()
            if job is None:
                return
            job()

    def __call__(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Awaitable[T]:
        """Queue ``fn(*args, **kwargs)`` and give its result to await. Inside a running loop
        the call is queued as it is made, not when first awaited: a caller can start a read
        and go on with its own work meanwhile (a tab asks for its rows, then paints itself).
        Called outside a loop (``asyncio.run(worker(fn))``) it is queued when awaited."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return self._queued_when_awaited(fn, *args, **kwargs)
        return self._enqueue(loop, lambda: fn(*args, **kwargs))

    def _enqueue(self, loop: asyncio.AbstractEventLoop, call: Callable[[], T]) -> asyncio.Future[T]:
        future: asyncio.Future[T] = loop.create_future()
        self._ensure_thread_and_queue().put(lambda: _deliver(loop, future, call))
        return future

    async def _queued_when_awaited(
        self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs
    ) -> T:
        return await self._enqueue(asyncio.get_running_loop(), lambda: fn(*args, **kwargs))

    def submit(self, fn: Callable[[], object]) -> None:
        """Queue *fn* after the calls already queued, without waiting for it."""
        self._ensure_thread_and_queue().put(lambda: _quietly(fn))

    def stop(self, last: Callable[[], object] | None = None, timeout: float = 5.0) -> None:
        """Let the calls already queued finish, run *last* (closing what they used), and end
        the thread, waiting up to *timeout* seconds (it is a daemon: exit never waits). A
        call made afterwards gets a fresh thread, never a queue nobody reads."""
        with self._lock:
            thread, work = self._thread, self._queue
            self._thread = None
            self._queue = queue.SimpleQueue()
        if thread is None or not thread.is_alive():
            if last is not None:
                _quietly(last)
            return
        if last is not None:
            work.put(lambda: _quietly(last))
        work.put(None)
        thread.join(timeout)


async def finish(call: Awaitable[T]) -> T:
    """Await *call* to its end even if the caller is cancelled meanwhile, then re-raise the
    cancellation: a journal write that was started is known to have happened (or failed)."""
    task = asyncio.ensure_future(call)
    cancelled = False
    while True:
        try:
            result = await asyncio.shield(task)
            break
        except asyncio.CancelledError:
            if task.done():
                raise  # the call itself was cancelled
            cancelled = True
        except BaseException:
            if cancelled:
                # The call failed after the caller was cancelled: its failure is what the
                # caller must see; the cancellation it replaces is taken back.
                current = asyncio.current_task()
                if current is not None:
                    current.uncancel()
            raise
    if cancelled:
        raise asyncio.CancelledError
    return result
