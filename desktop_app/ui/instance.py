"""One Tuma per person on a computer: a second start brings the open window forward.

A hurried shop assistant double-clicks the icon twice, or again because the first start
seemed slow. Two windows on the same records would show two different states of one
outbox (each its own "Resume", each its own practice service) and, on a first run, could
both set up the demo shop. So the first Tuma holds a lock file beside its records; a second
start finds it held, asks the open Tuma to show its window, and ends without opening its
own.

- The lock is the operating system's lock on a file (``tuma.lock``: ``flock`` on Linux and
  macOS, ``msvcrt.locking`` on Windows), taken before the window is shown and let go when
  Tuma has wound down (a broadcast's batch in flight finished, the records closed). The
  system lets go of it when the process ends, however it ends: a Tuma that was killed never
  leaves a lock behind, and no age makes a held lock stale (Tuma stays open all day). Cheaper
  at start-up than ``QLockFile`` too (~0.1 ms against ~3 ms with its import).
- The open Tuma listens on the loopback interface (a port the system picks, on asyncio's
  loop: nothing loaded that the app does not load already), once its window is painted.
  The port and a random key are written to ``tuma.instance``, readable by this user only; a
  start that knows the key may ask for the window, nothing else.
- A second start waits a little while the first is still starting (not listening yet) or
  is closing (a new start during the old one's wind-down begins once it has let go), then,
  when nothing answers, says so in plain words.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sys
import time
from collections.abc import Callable
from enum import Enum
from pathlib import Path

__all__ = ["ENDPOINT_NAME", "LOCK_NAME", "Guard", "Outcome"]

_log = logging.getLogger(__name__)

LOCK_NAME = "tuma.lock"
ENDPOINT_NAME = "tuma.instance"
_REQUEST = b"show"
_REPLY = b"shown\n"


class Outcome(Enum):
    """What :meth:`Guard.claim` found."""

    FIRST = "first"  # this Tuma holds the lock: start as usual
    SHOWN = "shown"  # another Tuma is open and brought its window forward: end quietly
    NO_ANSWER = "no_answer"  # another Tuma holds the lock but did not answer in time


class Guard:
    """The single-instance lock and the open Tuma's doorbell, in *folder* (the records')."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock: int | None = None  # the lock file's descriptor while held
        self._server: asyncio.Server | None = None
        self._key = ""

    @property
    def endpoint_path(self) -> Path:
        return self.folder / ENDPOINT_NAME

    @property
    def held(self) -> bool:
        return self._lock is not None

    # --- a start ----------------------------------------------------------------------------

    def claim(self, wait: float = 15.0, poll: float = 0.1) -> Outcome:
        """Take the lock, or ask the Tuma holding it to show its window. Blocking (called
        before Tuma's window or event loop exist): for at most *wait* seconds while the other
        Tuma is starting or closing."""
        deadline = time.monotonic() + wait
        while True:
            if self._try_lock():
                return Outcome.FIRST
            if ring(self.endpoint_path):
                return Outcome.SHOWN
            if time.monotonic() >= deadline:
                return Outcome.NO_ANSWER
            time.sleep(poll)

    def _try_lock(self) -> bool:
        if self._lock is not None:
            return True
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(self.folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            # the folder cannot hold a lock file (read-only, full): no guard, as before it
            # existed; opening the records says what is wrong with the folder
            _log.warning("the single-instance lock could not be written", exc_info=True)
            return True
        if _lock_file(descriptor):
            self._lock = descriptor
            return True
        os.close(descriptor)
        return False

    # --- the open Tuma ----------------------------------------------------------------------

    async def listen(self, show: Callable[[], None]) -> None:
        """Answer later starts: each that knows the key gets *show()* called. Best effort: a
        Tuma that cannot listen still works; a later start then says it did not answer."""
        if not self.held or self._server is not None:
            return
        import hmac
        import secrets

        self._key = secrets.token_hex(16)

        async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            try:
                line = await asyncio.wait_for(reader.readline(), timeout=2.0)
                key, _, request = line.strip().partition(b" ")
                if request == _REQUEST and hmac.compare_digest(key, self._key.encode()):
                    show()
                    writer.write(_REPLY)
                    await writer.drain()
            except (OSError, TimeoutError, ValueError):
                pass  # a caller that went away, or not one of ours
            finally:
                writer.close()
                with contextlib.suppress(OSError):
                    await writer.wait_closed()

        try:
            self._server = await asyncio.start_server(answer, "127.0.0.1", 0)
            port = self._server.sockets[0].getsockname()[1]
            _write_private(self.endpoint_path, json.dumps({"port": port, "key": self._key}))
        except OSError:
            _log.warning("could not listen for a second start", exc_info=True)
            await self.stop_listening()

    async def stop_listening(self) -> None:
        """Closing: later starts wait for the lock rather than raise a closing window."""
        server, self._server = self._server, None
        if server is not None:
            server.close()
            with contextlib.suppress(OSError):
                await server.wait_closed()
            with contextlib.suppress(OSError):
                self.endpoint_path.unlink()

    def release(self) -> None:
        """Tuma has wound down: the next start may begin."""
        if self._server is not None:
            self._server.close()
            self._server = None
            with contextlib.suppress(OSError):
                self.endpoint_path.unlink()
        descriptor, self._lock = self._lock, None
        if descriptor is not None:
            with contextlib.suppress(OSError):
                _unlock_file(descriptor)
            os.close(descriptor)


def ring(endpoint: Path, timeout: float = 2.0) -> bool:
    """Ask the Tuma whose doorbell is *endpoint* to show its window; True when it did."""
    import socket

    try:
        door = json.loads(endpoint.read_text(encoding="utf-8"))
        port, key = int(door["port"]), str(door["key"])
    except (OSError, ValueError, KeyError, TypeError):
        return False  # not listening yet (starting), or closing
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as door_bell:
            door_bell.sendall(f"{key} ".encode() + _REQUEST + b"\n")
            reply = b""
            while not reply.endswith(b"\n") and len(reply) < 64:
                part = door_bell.recv(64)
                if not part:
                    break
                reply += part
            return reply == _REPLY
    except OSError:
        return False


def _write_private(path: Path, text: str) -> None:
    """*text* into *path*, readable by this user only, replaced whole."""
    temporary = path.with_name(path.name + ".new")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(temporary, path)


if sys.platform == "win32":
    import msvcrt

    def _lock_file(descriptor: int) -> bool:
        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock_file(descriptor: int) -> None:
        os.lseek(descriptor, 0, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock_file(descriptor: int) -> bool:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError:  # a file system without locks (some network shares): no guard
            _log.warning("the single-instance lock could not be taken", exc_info=True)
            return True
        return True

    def _unlock_file(descriptor: int) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_UN)
