"""Pausing Python's cyclic garbage collector around work that builds many objects, no cycles.

Reading 100,000 rows makes a million objects. With the collector on, every 700 new container
objects start a young collection, and each time the heap has grown by a quarter a full one
walks every object alive, the caller's too: a third of the time spent validating a contact
list, and, when it runs in a worker thread, 50-70 ms in which the GUI thread cannot get the
GIL (tests/bench/bench_ui_stall_import.py). Rows are tuples and lists of strings: nothing here
needs the cycle collector; reference counting frees all of it.

Two ways, both process-wide and counted, so they nest and overlap across threads (the
collector is as it was when the last one ends):

- ``collector_paused``: no collection at all, for work whose result is kept while the GUI
  must stay fluid (the start-up; the import service: both freeze what exists afterwards);
- ``old_collections_paused``: young collections go on (each looks at the few hundred objects
  made since the last one, while they are still in the cache, and stops tracking the plain
  tuples of plain values it finds; a named tuple stays tracked), but none of the older
  generations, which walk what survived, up to the whole heap. What survived and is still
  tracked is walked later by the older generations, on whichever thread allocates then.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused", "old_collections_paused"]

_lock = threading.Lock()
_paused = 0
_was_enabled = True
_freeze = False
_old_paused = 0
_thresholds = (700, 10, 10)
_NEVER = 2**31 - 1  # a collection threshold no count reaches


@contextmanager
def collector_paused(*, freeze: bool = False) -> Iterator[None]:
    """No cyclic garbage collection inside the block (nor in other threads meanwhile).

    Resumed plainly, the collector makes up for the pause at once: one young collection over
    everything made meanwhile and still alive (~30 ms for a 100,000-row report). ``freeze``
    asks for ``gc.freeze()`` when the last pause ends instead, which moves every object alive
    then, in the whole process, out of the collector's sight (still freed by reference
    counting; only a cycle among them would outlive its use): for a caller that keeps what
    was built and must not stall the GUI thread.

    The price, weighed for the import service (24 Nov 2026): a reference cycle alive at the
    freeze that becomes garbage later is never collected. Measured through the real Import
    tab, five checks of a 20,000-row file left no such object (``gc.unfreeze(); gc.collect()``
    afterwards found 0 unreachable): the app keeps few cycles alive. The alternative,
    ``old_collections_paused`` around the import's worker calls, leaks nothing but leaves the
    report's 100,000 valid rows (named tuples, which the collector keeps tracking) for the
    older generations to walk on the GUI thread: the longest stall while checking went from
    11-12 ms to 19-20 ms, and from 4-5 ms to 23-24 ms in the two seconds after it
    (tests/bench/bench_ui_stall_import.py), so the freeze stays.
    """
    global _paused, _was_enabled, _freeze
    with _lock:
        _paused += 1
        if _paused == 1:
            _was_enabled = gc.isenabled()
            _freeze = False
            gc.disable()
        _freeze = _freeze or freeze
    try:
        yield
    finally:
        with _lock:
            _paused -= 1
            if _paused == 0:
                if _freeze:
                    gc.freeze()
                if _was_enabled:
                    gc.enable()


@contextmanager
def old_collections_paused() -> Iterator[None]:
    """Only young collections inside the block (and in other threads meanwhile)."""
    global _old_paused, _thresholds
    with _lock:
        _old_paused += 1
        if _old_paused == 1:
            _thresholds = gc.get_threshold()
            gc.set_threshold(_thresholds[0], _NEVER, _NEVER)
    try:
        yield
    finally:
        with _lock:
            _old_paused -= 1
            if _old_paused == 0:
                gc.set_threshold(*_thresholds)
