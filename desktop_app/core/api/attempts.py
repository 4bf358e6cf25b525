"""Word of a request being tried again, for whoever is waiting on it.

The client retries by itself (client.py's docstring says when). While it does, the person who
pressed the button must not stare at a still screen: code that starts a piece of work calls
:func:`watch_retries` in that work's own context (its asyncio task), and every request made
there reports each retry, before its pause, as a :class:`Retry` fact, and ``None`` when a
reply finally came after a retry (it got through: the screen stops saying "still trying"
while the work goes on), or when the request was given up on after a retry (cancelled: a
bounded check, a newer search) while the work that made it goes on. A request that reached
the service and has waited ``client.SLOW_REPLY_AFTER`` seconds for its reply is reported
too, as a :class:`Retry` of reason ``SLOW`` for the try in progress (nothing is tried again
for it), then ``None`` once that wait ends. A context variable, so
two pieces of work running at once never hear each other's retries. Light (no httpx): the UI
imports it before any request is made.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextvars import ContextVar, Token
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "Retry",
    "RetryReason",
    "RetryWatcher",
    "report_retry",
    "report_through",
    "retry_stop",
    "stop_retries_on",
    "stop_retries_reset",
    "watch_retries",
]

log = logging.getLogger(__name__)


class RetryReason(StrEnum):
    #: No connection could be made (refused, timed out, name not found): nothing was sent.
    NOT_REACHED = "not_reached"
    #: A question was asked and its answer lost; asking again changes nothing.
    NO_REPLY = "no_reply"
    #: The service answered that it is busy or failing (429, 5xx).
    BUSY = "busy"
    #: Not a retry: connected and asked, the reply is slow to come; still waiting on this
    #: same try (``attempt`` is the try in progress, ``delay`` 0). Whether it is retried
    #: later is decided as before, when the wait ends.
    SLOW = "slow"


@dataclass(frozen=True)
class Retry:
    """The client is about to try a request again (or, reason SLOW, is still waiting for
    the reply to the try in progress)."""

    attempt: int  # the try about to be made: 2 for the first retry (SLOW: the current one)
    attempts: int  # how many tries in all, at most
    reason: RetryReason
    delay: float  # seconds of pause before it


#: Called with each :class:`Retry`, and with None once a retried request got a reply.
RetryWatcher = Callable[[Retry | None], None]

_watcher: ContextVar[RetryWatcher | None] = ContextVar("tuma_retry_watcher", default=None)


def watch_retries(watcher: RetryWatcher | None) -> None:
    """Send the retries of requests made in the current context (and in tasks it starts
    from now on) to *watcher*; None stops it."""
    _watcher.set(watcher)


def report_through() -> None:
    """A request that had to be tried again got a reply (of any kind), or a slow wait ended:
    no longer trying."""
    report_retry(None)


def report_retry(retry: Retry | None) -> None:
    """Tell the current context's watcher, if any; a watcher's bug never fails a request."""
    watcher = _watcher.get()
    if watcher is None:
        return
    try:
        watcher(retry)
    except Exception:
        log.exception("a retry watcher failed")


_stop: ContextVar[asyncio.Event | None] = ContextVar("tuma_retry_stop", default=None)


def stop_retries_on(event: asyncio.Event | None) -> Token[asyncio.Event | None]:
    """Requests made in the current context (and in tasks it starts from now on) stop
    waiting to be tried again once *event* is set: ``errors.StoppedBeforeRetry``, nothing
    having been sent. A broadcast's Cancel: a round waiting out "busy, try again in 20 s"
    has provably not gone, so Cancel need not wait for it. None: they wait (the default).
    The token gives the context back as it was (:func:`stop_retries_reset`)."""
    return _stop.set(event)


def stop_retries_reset(token: Token[asyncio.Event | None]) -> None:
    _stop.reset(token)


def retry_stop() -> asyncio.Event | None:
    """The event that ends the current context's waits before a retry, if any."""
    return _stop.get()
