"""A disk that fills up under Tuma's store.

``full_disk(db)``: from when ``disk.full`` is set, every commit of *db* fails as SQLite's does
on a full disk (``sqlite3.OperationalError`` "database or disk is full", code SQLITE_FULL,
the transaction rolled back), until it is cleared. Everything else is the real connection.

``small_disk()``: a real filesystem of a few MiB (tmpfs) to fill with a file, where the
machine lets tests mount one (root with the right to mount); the test is skipped elsewhere.
It is how the error above was seen: at the commit, code 13, nothing of it written.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desktop_app.core.store import Database

SQLITE_FULL = 13


def disk_full_error() -> sqlite3.OperationalError:
    exc = sqlite3.OperationalError("database or disk is full")
    exc.sqlite_errorcode = SQLITE_FULL
    exc.sqlite_errorname = "SQLITE_FULL"
    return exc


class _Connection:
    """The real connection, but a COMMIT fails while the disk is full."""

    def __init__(self, real: sqlite3.Connection, disk: FullDisk) -> None:
        self._real = real
        self._disk = disk

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if self._disk.full and sql.strip().upper() == "COMMIT":
            self._disk.refused += 1
            self._real.execute("ROLLBACK")  # as SQLite does when it runs out of room
            raise disk_full_error()
        return self._real.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


class FullDisk:
    def __init__(self, db: Database) -> None:
        self.full = False
        self.refused = 0  # commits refused so far
        self._db = db
        self._real = db.connection
        db._conn = _Connection(self._real, self)  # type: ignore[assignment]

    def restore(self) -> None:
        if self._db._conn is not None:
            self._db._conn = self._real


@contextlib.contextmanager
def full_disk(db: Database) -> Iterator[FullDisk]:
    disk = FullDisk(db)
    try:
        yield disk
    finally:
        disk.restore()


@contextlib.contextmanager
def small_disk(where: Path, size: str = "4M") -> Iterator[Path]:
    """A tmpfs of *size* mounted at *where* (skips the test when mounting is not allowed)."""
    where.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip("this machine does not let tests mount a small disk")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, check=False)


def fill(folder: Path) -> Path:
    """Write a file in *folder* until its disk has no room left; returns the file."""
    filler = folder / "filler.bin"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0" * 65536)
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0" * 512)
    finally:
        os.close(fd)
    return filler
