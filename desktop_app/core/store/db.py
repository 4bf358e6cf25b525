"""The one SQLite file behind every store: connection, durability, transactions, schema.

Every table group (the broadcast journal, sent history, templates, balance readings, and the
ones later features add) lives in this one file, so a broadcast and the draft it came from
can change in one transaction. The connection is opened in WAL mode with
``synchronous=FULL``: a transaction that returned has reached the disk, which is what the
journal's "written down before it is sent" promise rests on.

Calls may come from any thread (the app runs them on a worker thread, off the GUI thread);
one lock serialises them, and ``BEGIN IMMEDIATE`` takes SQLite's write lock up front so two
processes never interleave a read-check-write.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sqlite3
import threading
import uuid
import weakref
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import Any, Self

__all__ = [
    "Closing",
    "Database",
    "StoreError",
    "StoreProblem",
    "could_not_write",
    "default_path",
    "is_live",
    "migration",
    "now",
    "parse_time",
    "run_script",
    "schema_version",
    "stamp",
]

FILE_NAME = "tuma.sqlite3"
LEGACY_FILE_NAME = "outbox.sqlite3"  # what 0.1 called the same file


class StoreProblem(StrEnum):
    """Why the store refused an operation (the UI words each one)."""

    CLOSED = "closed"
    NEWER_VERSION = "newer_version"  # written by a newer Tuma
    DAMAGED = "damaged"  # the file is not a database SQLite can read (data: path)
    UNAVAILABLE = "unavailable"  # SQLite could not open it (data: path, reason): locked, …
    NO_FOLDER = "no_folder"  # the records' folder could not be made (data: path, reason)
    DISK_FULL = "disk_full"  # the disk has no room for the write (data: path)
    WRITE_FAILED = "write_failed"  # open, but a read or write failed (data: path, reason)
    NOT_FOUND = "not_found"  # no such broadcast / chunk / template
    ILLEGAL_MOVE = "illegal_move"  # a chunk is not in a state that allows the move
    NO_RECIPIENTS = "no_recipients"
    NO_SENDER = "no_sender"
    BAD_CHUNK_SIZE = "bad_chunk_size"
    EMPTY_TEXT = "empty_text"
    NOT_A_BROADCAST = "not_a_broadcast"  # a WhatsApp/survey kind given to create_broadcast
    NO_MESSAGE_ID = "no_message_id"
    NO_NAME = "no_name"
    EXISTS = "exists"


class StoreError(Exception):
    """The store refused an operation: ``problem`` says which rule, ``data`` the details."""

    def __init__(self, problem: StoreProblem, **data: object) -> None:
        self.problem = problem
        self.data = data
        details = ", ".join(f"{key}={value!r}" for key, value in data.items())
        super().__init__(f"{problem}" + (f" ({details})" if details else ""))


def now() -> datetime:
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    """UTC ISO 8601 with microseconds: sorts as text in time order."""
    if moment.tzinfo is None:  # naive times are taken as UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text)


def default_path() -> Path:
    """``<data dir>/tuma.sqlite3``; the 0.1 file (``outbox.sqlite3``) is taken over once."""
    from desktop_app.core.settings import data_dir

    folder = data_dir()
    path = folder / FILE_NAME
    legacy = folder / LEGACY_FILE_NAME
    if not path.exists() and legacy.exists():
        _take_over(legacy, path)
    return path


def _take_over(legacy: Path, path: Path) -> None:
    """Fold the old file's WAL into it, then rename it: nothing written before is lost."""
    try:
        conn = sqlite3.connect(legacy, timeout=30.0)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
        os.replace(legacy, path)
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                legacy.with_name(legacy.name + suffix).unlink()
    except (OSError, sqlite3.Error):
        return  # opened in place next time; a fresh file is better than no app


# --- schema ---------------------------------------------------------------------------------

Migration = Callable[[sqlite3.Connection], None]
_MIGRATIONS: list[tuple[int, str, Migration]] = []


def migration(version: int, name: str) -> Callable[[Migration], Migration]:
    """Register a step of schema *version* (each table group adds its own, named). Steps run
    in version order, inside the opening transaction, once for each file."""

    def register(step: Migration) -> Migration:
        if any((v, n) == (version, name) for v, n, _s in _MIGRATIONS):
            raise RuntimeError(f"schema step {name!r} of version {version} is registered twice")
        _MIGRATIONS.append((version, name, step))
        _MIGRATIONS.sort(key=lambda entry: entry[0])  # stable: registration order within one
        return step

    return register


def run_script(db: sqlite3.Connection, script: str) -> None:
    """Each statement of *script* (``executescript`` would commit the transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def schema_version() -> int:
    """The newest version the registered steps reach."""
    _load_table_groups()
    return _MIGRATIONS[-1][0] if _MIGRATIONS else 0


def _load_table_groups() -> None:
    # Importing the table groups registers their schema steps.
    from desktop_app.core.store import (  # noqa: F401
        balances,
        contact_drafts,
        delivery,
        drafts,
        groups,
        history,
        imports,
        journal,
        names,
        optouts,
        schedule,
        templates,
    )


# Database instances open in this process, by token: the journal asks whether the instance
# that claimed a chunk is still open (a closed or dropped one was interrupted).
_live: weakref.WeakValueDictionary[str, Database] = weakref.WeakValueDictionary()
_numbers = itertools.count(1)


def is_live(token: str) -> bool:
    return token in _live


_SQLITE_PERM = 3
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_READONLY = 8
_SQLITE_IOERR = 10
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26
#: What the computer did to a store that was open (a full disk, a disk error, a file made
#: read-only or held by another program): the problem is the computer's, not a bug of ours.
_SQLITE_COMPUTER = frozenset(
    {
        _SQLITE_PERM,
        _SQLITE_BUSY,
        _SQLITE_LOCKED,
        _SQLITE_READONLY,
        _SQLITE_IOERR,
        _SQLITE_CORRUPT,
        _SQLITE_FULL,
        _SQLITE_CANTOPEN,
        _SQLITE_NOTADB,
    }
)


def _primary_code(exc: sqlite3.Error) -> int:
    return int(getattr(exc, "sqlite_errorcode", -1)) & 0xFF


def _cannot_open(path: Path, exc: sqlite3.Error) -> StoreError:
    """Why the file could not be opened, as a StoreError the UI words (never a traceback):
    damaged (not a database, or its pages are broken), the disk full (as ``_failed`` says
    of an open store), else unavailable with SQLite's reason (locked by another program,
    read-only, a disk error)."""
    failed = _failed(path, exc)
    if failed is None or failed.problem is StoreProblem.WRITE_FAILED:
        return StoreError(StoreProblem.UNAVAILABLE, path=str(path), reason=str(exc))
    return failed


def _failed(path: Path, exc: sqlite3.Error) -> StoreError | None:
    """A read or write of the open store that the computer failed, as a StoreError the UI
    words: the disk full, the file damaged, else SQLite's reason. None for anything else
    (a constraint or a statement of ours: a bug, raised as it is)."""
    primary = _primary_code(exc)
    if primary not in _SQLITE_COMPUTER:
        return None
    if primary in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
        return StoreError(StoreProblem.DAMAGED, path=str(path))
    if primary == _SQLITE_FULL:
        return StoreError(StoreProblem.DISK_FULL, path=str(path))
    return StoreError(StoreProblem.WRITE_FAILED, path=str(path), reason=str(exc))


def could_not_write(exc: BaseException) -> bool:
    """*exc* is the computer failing a write of the store (a full disk, a disk error): what
    was being written down is not, and the store is otherwise as it was."""
    return isinstance(exc, StoreError) and exc.problem in (
        StoreProblem.DISK_FULL,
        StoreProblem.WRITE_FAILED,
        StoreProblem.DAMAGED,
    )


def _roll_back(db: sqlite3.Connection) -> None:
    if db.in_transaction:
        with contextlib.suppress(sqlite3.Error):  # the error being raised says what failed
            db.execute("ROLLBACK")


class Closing:
    """``with thing:`` closes it at the end (the store's objects hold a connection)."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class Database(Closing):
    """One open connection to the store file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self.token = f"{os.getpid()}-{next(_numbers)}-{uuid.uuid4().hex[:8]}"
        #: Who claims work in this file: the process and this very instance.
        self.owner = f"{os.getpid()}:{self.token}"
        self._conn: sqlite3.Connection | None = None
        try:
            self._conn = conn = sqlite3.connect(
                self.path, timeout=30.0, isolation_level=None, check_same_thread=False
            )
            conn.execute("PRAGMA busy_timeout = 30000")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            self._migrate()
            _live[self.token] = self
        except sqlite3.Error as exc:
            self.close()
            raise _cannot_open(self.path, exc) from exc
        except StoreError as exc:
            self.close()
            if exc.problem is StoreProblem.WRITE_FAILED:  # on opening: could not be opened
                raise StoreError(StoreProblem.UNAVAILABLE, **exc.data) from exc.__cause__
            raise
        except BaseException:
            self.close()
            raise

    def _migrate(self) -> None:
        latest = schema_version()
        with self.write() as db:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            if version > latest:
                raise StoreError(StoreProblem.NEWER_VERSION, found=version, known=latest)
            for step_version, _name, step in _MIGRATIONS:
                if step_version > version:
                    step(db)
            db.execute(f"PRAGMA user_version = {latest}")

    @property
    def connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(StoreProblem.CLOSED)
        return self._conn

    @contextlib.contextmanager
    def write(self, *, durable: bool = True) -> Iterator[sqlite3.Connection]:
        """One durable transaction (committed, and on disk, when the block ends).

        ``durable=False`` is for data that can be rebuilt from what is durable (the
        journal's recipients rows, from each chunk's own list): committed atomically, but
        not waited onto the disk (``synchronous=NORMAL``: a power cut may lose the whole
        transaction, never half of it, and the next durable commit carries it to disk).
        It keeps such writes from queueing behind the disk while requests are out.

        A write the computer fails (the disk full, a disk error) raises a StoreError
        (``could_not_write``), with the transaction rolled back: nothing of it was written.
        """
        with self._lock:
            db = self.connection
            try:
                if not durable:
                    db.execute("PRAGMA synchronous = NORMAL")
                try:
                    db.execute("BEGIN IMMEDIATE")
                    try:
                        yield db
                    except BaseException:
                        _roll_back(db)
                        raise
                    db.execute("COMMIT")
                except sqlite3.Error as exc:
                    # SQLite rolls some failures back itself (a full disk, a disk error);
                    # a COMMIT that failed may leave the transaction open: never both
                    _roll_back(db)
                    if (failed := _failed(self.path, exc)) is not None:
                        raise failed from exc
                    raise
            finally:
                if not durable:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("PRAGMA synchronous = FULL")

    def rename_profile(self, old: str, new: str) -> int:
        """An account was renamed: everything kept under *old* (sends, drafts, groups,
        readings…) moves to *new*, in every table that has a ``profile`` column, in one
        transaction. What *new* already had where only one row may exist (a draft) gives
        way to the renamed account's. Returns the number of rows moved."""
        moved = 0
        with self.write() as db:
            tables = [
                name
                for (name,) in db.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' "
                    "AND name NOT LIKE 'sqlite_%'"
                ).fetchall()
            ]
            for table in tables:
                quoted = '"' + table.replace('"', '""') + '"'
                columns = {row[1] for row in db.execute(f"PRAGMA table_info({quoted})")}
                if "profile" in columns:
                    cursor = db.execute(
                        f"UPDATE OR REPLACE {quoted} SET profile = ? WHERE profile = ?", (new, old)
                    )
                    moved += max(cursor.rowcount, 0)
        return moved

    def read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock, self._reading():
            return list(self.connection.execute(sql, tuple(args)).fetchall())

    def read_one(self, sql: str, args: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        with self._lock, self._reading():
            row = self.connection.execute(sql, tuple(args)).fetchone()
            return None if row is None else tuple(row)

    @contextlib.contextmanager
    def _reading(self) -> Iterator[None]:
        """A read the computer fails (a disk error, a damaged page) is a StoreError too."""
        try:
            yield
        except sqlite3.Error as exc:
            if (failed := _failed(self.path, exc)) is not None:
                raise failed from exc
            raise

    def close(self) -> None:
        with self._lock:
            _live.pop(self.token, None)
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    @property
    def closed(self) -> bool:
        return self._conn is None

    def __repr__(self) -> str:
        return f"Database({str(self.path)!r})"
