"""One way to run background work: coroutines on the qasync loop, with names.

Every network call in the UI goes through a :class:`TaskRunner`. It keeps a strong reference to
each task (asyncio only keeps weak ones), cancels the previous task of the same name (search as
you type), reports "busy" only after a short delay so quick calls do not flicker, and sends
failures to the one :class:`~desktop_app.ui.errors.ErrorPresenter`. Tests await
:meth:`TaskRunner.wait_idle` or wait for :attr:`TaskRunner.idle`.

Each task watches its own requests' retries (:mod:`desktop_app.core.api.attempts`): when the
service is not answering, :attr:`TaskRunner.retrying` says which task is trying again (or is
waiting on a reply slow to come: reason SLOW), so the screen can say so instead of sitting
still.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import weakref
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, QTimer, Signal

if TYPE_CHECKING:
    from desktop_app.core.api.attempts import Retry
    from desktop_app.ui.errors import ErrorPresenter

__all__ = ["BUSY_DELAY_MS", "TaskRunner"]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: A task shorter than this never shows a busy indicator.
BUSY_DELAY_MS = 500


class TaskRunner(QObject):
    """Starts named coroutines on the running (qasync) event loop and tracks them."""

    #: True once work has been running for :data:`BUSY_DELAY_MS`; False when all work is done.
    busy_changed = Signal(bool)
    #: Emitted whenever the last running task finishes.
    idle = Signal()
    #: An exception no ``on_error`` handled (it has already gone to the presenter).
    failed = Signal(object)
    #: ``(name, retry)``: task *name* is trying a request again (a
    #: :class:`~desktop_app.core.api.attempts.Retry`; reason SLOW: still waiting on a slow
    #: reply), or ``(name, None)`` when that is over: the reply came, or the task ended,
    #: however it ended.
    retrying = Signal(str, object)

    def __init__(self, errors: ErrorPresenter | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._errors = errors
        self._named: dict[str, asyncio.Task[Any]] = {}
        self._all: set[asyncio.Task[Any]] = set()
        self._names: dict[asyncio.Task[Any], str] = {}
        self._busy_shown = False
        self._closing = False
        self._retries: dict[asyncio.Task[Any], Retry] = {}
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.setInterval(BUSY_DELAY_MS)
        self._busy_timer.timeout.connect(self._on_busy_timeout)

    # -- public API -----------------------------------------------------------------------

    def set_error_presenter(self, errors: ErrorPresenter | None) -> None:
        self._errors = errors

    def start(
        self,
        name: str,
        coro: Coroutine[Any, Any, T],
        *,
        on_success: Callable[[T], None] | None = None,
        on_error: Callable[[BaseException], bool] | None = None,
    ) -> asyncio.Task[T] | None:
        """Run *coro* as task *name*, cancelling an earlier task of that name.

        ``on_success`` gets the result; ``on_error`` gets any exception except cancellation
        and returns True when it dealt with it, otherwise the presenter shows it.

        Once the app is closing no new work starts: *coro* is closed unstarted and None is
        returned. (A signal that arrives during the quit, such as a balance reading that
        was under way, would otherwise raise in its slot.)
        """
        if self._closing:
            coro.close()
            log.debug("the app is closing: %s not started", name)
            return None
        self.cancel(name)
        # The task runs in a context of its own whose requests report their retries here,
        # tagged with this task (not the name: a newer task of that name may replace it).
        # (Imported here: the api package loads its models, ~6 ms, and no task starts
        # before the window is painted.)
        from desktop_app.core.api.attempts import watch_retries

        context = contextvars.copy_context()
        # (a weak reference: the task holds its context, which holds this watcher; a strong
        # one would make every task a reference cycle, left for the collector)
        holder: list[weakref.ref[asyncio.Task[Any]]] = []
        context.run(watch_retries, lambda retry: self._on_retry(holder, name, retry))
        task: asyncio.Task[T] = asyncio.get_event_loop().create_task(coro, context=context)
        holder.append(weakref.ref(task))
        self._named[name] = task
        self._names[task] = name
        self._all.add(task)
        task.add_done_callback(lambda t: self._on_done(t, on_success, on_error))
        if not self._busy_shown and not self._busy_timer.isActive():
            self._busy_timer.start()
        return task

    def cancel(self, name: str) -> None:
        """Ask task *name* to stop (it finishes asynchronously; nothing is reported)."""
        task = self._named.pop(name, None)
        if task is not None and not task.done():
            task.cancel()

    def retry_of(self, name: str) -> Retry | None:
        """The latest retry of the running task *name*, if it had to try again."""
        task = self._named.get(name)
        return None if task is None else self._retries.get(task)

    def latest_retry(self) -> Retry | None:
        """A retry of some running task (the latest reported), if any is trying again."""
        running = [retry for task, retry in self._retries.items() if not task.done()]
        return running[-1] if running else None

    # A task counts as running until its done-callback has run (``_on_done`` forgets it
    # first): between the two, its on_success / on_error has not yet said what happened nor
    # put the buttons back, and asking "is it still running?" then must not answer no.

    def is_running(self, name: str) -> bool:
        return name in self._named

    async def wait_for(self, name: str, timeout: float) -> bool:  # noqa: ASYNC109 (bounded)
        """Wait up to *timeout* seconds for task *name* to end by itself; True if it did."""
        task = self._named.get(name)
        if task is None:
            return True
        done, _pending = await asyncio.wait({task}, timeout=timeout)
        await asyncio.sleep(0)  # let its done callbacks run
        return bool(done)

    def running(self) -> list[str]:
        """Names of the tasks still running (for a "waiting for…" message on quit)."""
        return [self._names[t] for t in self._all if t in self._names]

    @property
    def closing(self) -> bool:
        """True once shutdown began: no new work may start."""
        return self._closing

    @property
    def busy(self) -> bool:
        return bool(self._all)

    async def wait_idle(self) -> None:
        """Return once no task is running (including tasks started meanwhile), their
        done-callbacks included."""
        while self._all:
            pending = [t for t in self._all if not t.done()]
            if pending:
                await asyncio.wait(pending)
            # Let the done callbacks (scheduled with call_soon) run.
            await asyncio.sleep(0)

    async def shutdown(self, timeout: float = 3.0) -> None:  # noqa: ASYNC109 (interface)
        """Cancel everything and wait up to *timeout* seconds for it to unwind.

        Called on quit: no new task may start afterwards.
        """
        self._closing = True
        self._busy_timer.stop()
        pending = [t for t in self._all if not t.done()]
        for task in pending:
            task.cancel()
        if pending:
            _done, still = await asyncio.wait(pending, timeout=timeout)
            for task in still:
                log.warning("task %s did not stop within %.1fs", self._names.get(task), timeout)
        self._named.clear()

    # -- internals ------------------------------------------------------------------------

    def _on_retry(
        self, holder: list[weakref.ref[asyncio.Task[Any]]], name: str, retry: Retry | None
    ) -> None:
        task = holder[0]() if holder else None
        if task is None or task.done():
            return
        if retry is None:  # got through: the task goes on, no longer trying again
            if self._retries.pop(task, None) is not None:
                self.retrying.emit(name, None)
            return
        self._retries.pop(task, None)  # (to the end: the latest reported is the last one)
        self._retries[task] = retry
        self.retrying.emit(name, retry)

    def _on_busy_timeout(self) -> None:
        if self.busy and not self._busy_shown:
            self._busy_shown = True
            self.busy_changed.emit(True)

    def _on_done(
        self,
        task: asyncio.Task[Any],
        on_success: Callable[[Any], None] | None,
        on_error: Callable[[BaseException], bool] | None,
    ) -> None:
        self._all.discard(task)
        name = self._names.pop(task, "")
        if self._named.get(name) is task:
            del self._named[name]
        if self._retries.pop(task, None) is not None:
            self.retrying.emit(name, None)
        try:
            if task.cancelled():
                return
            exc = task.exception()
            if exc is None:
                if on_success is not None:
                    try:
                        on_success(task.result())
                    except Exception as callback_exc:  # a bug in a UI callback: still report it
                        log.exception("on_success of task %s failed", name)
                        self._report(callback_exc, name)
                return
            if isinstance(exc, asyncio.CancelledError):
                return
            handled = False
            if on_error is not None:
                try:
                    handled = bool(on_error(exc))
                except Exception as callback_exc:
                    log.exception("on_error of task %s failed", name)
                    self._report(callback_exc, name)
                    return
            if not handled:
                self._report(exc, name)
        finally:
            if not self.busy:
                self._busy_timer.stop()
                if self._busy_shown:
                    self._busy_shown = False
                    self.busy_changed.emit(False)
                self.idle.emit()

    def _report(self, exc: BaseException, name: str) -> None:
        log.debug("task %s failed: %s", name, type(exc).__name__)
        if self._errors is not None:
            self._errors.present(exc)
        self.failed.emit(exc)
