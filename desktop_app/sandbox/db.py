"""SQLite storage for the sandbox: one connection per thread, WAL, explicit transactions."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    balance REAL NOT NULL,
    sender_ids TEXT NOT NULL,
    webhook_url TEXT,
    webhook_secret TEXT,
    sms_rate REAL NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    scopes TEXT NOT NULL,
    revoked INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    expires_at TEXT
);
CREATE TABLE IF NOT EXISTS messages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    channel TEXT NOT NULL,
    sender_id TEXT,
    tracking_id TEXT,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS recipients (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    phone TEXT NOT NULL,
    text TEXT NOT NULL,
    parts INTEGER NOT NULL,
    status TEXT NOT NULL,
    raw_status TEXT NOT NULL,
    reason TEXT,
    delivered_at TEXT,
    created_at TEXT NOT NULL,
    settle_at REAL NOT NULL,
    final INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS recipients_message ON recipients (message_id);
CREATE INDEX IF NOT EXISTS recipients_pending ON recipients (final, settle_at);
CREATE INDEX IF NOT EXISTS recipients_account ON recipients (account_id);
CREATE TABLE IF NOT EXISTS contacts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    phone TEXT NOT NULL,
    first_name TEXT,
    last_name TEXT,
    email TEXT,
    notes TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (account_id, phone)
);
CREATE TABLE IF NOT EXISTS uploads (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    status TEXT NOT NULL,
    total INTEGER NOT NULL,
    imported INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    errors TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS templates (
    account_id TEXT NOT NULL,
    name TEXT NOT NULL,
    language TEXT NOT NULL,
    approved INTEGER NOT NULL,
    PRIMARY KEY (account_id, name, language)
);
CREATE TABLE IF NOT EXISTS optins (
    account_id TEXT NOT NULL,
    phone TEXT NOT NULL,
    PRIMARY KEY (account_id, phone)
);
CREATE TABLE IF NOT EXISTS surveys (
    account_id TEXT NOT NULL,
    survey_id TEXT NOT NULL,
    title TEXT NOT NULL,
    PRIMARY KEY (account_id, survey_id)
);
CREATE TABLE IF NOT EXISTS webhook_queue (
    event_id TEXT PRIMARY KEY,
    event_type TEXT NOT NULL,
    url TEXT NOT NULL,
    body BLOB NOT NULL,
    signature TEXT,
    attempt INTEGER NOT NULL DEFAULT 0,
    next_attempt_at REAL NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_queue_due ON webhook_queue (next_attempt_at);
CREATE TABLE IF NOT EXISTS shortcodes (
    shortcode TEXT NOT NULL,
    keyword TEXT NOT NULL,
    account_id TEXT NOT NULL,
    PRIMARY KEY (shortcode, keyword)
);
"""


def _casefold(value: object) -> str | None:
    return value.casefold() if isinstance(value, str) else None


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """ISO 8601 UTC with a Z, millisecond precision."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def now_iso() -> str:
    return iso(utc_now())


class Database:
    """Opens one connection per thread on the same file (WAL lets readers and one writer
    work side by side); every write goes through `transaction()` (BEGIN IMMEDIATE)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        # One writer at a time, waiting in a real lock rather than in SQLite's busy handler
        # (which polls, and lets a thread that writes in a loop starve the others).
        self._write_lock = threading.Lock()
        conn = self.connection()
        conn.executescript(SCHEMA)
        self._migrate(conn)

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> None:
        """Brings a data dir written by an older sandbox up to the current schema."""
        columns = {row["name"] for row in conn.execute("PRAGMA table_info(tokens)")}
        if "expires_at" not in columns:  # absolute UTC expiry (ISO 8601), NULL: never
            conn.execute("ALTER TABLE tokens ADD COLUMN expires_at TEXT")
        # Older sandboxes let top-ups overflow the balance to infinity (unreadable, and every
        # send went through): bring such a balance back within the portal's bound.
        conn.execute(
            "UPDATE accounts SET balance = max(-1e15, min(1e15, balance)) WHERE abs(balance) > 1e15"
        )

    def connection(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False, timeout=30.0
            )
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA busy_timeout=30000")
            conn.create_function("casefold", 1, _casefold, deterministic=True)
            self._local.conn = conn
            with self._lock:
                self._all.append(conn)
        return conn

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        conn = self.connection()
        with self._write_lock:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            else:
                conn.execute("COMMIT")

    def release(self) -> None:
        """Closes the calling thread's connection: a short-lived thread (an upload worker)
        calls this when it ends, or its connection (three file descriptors) would stay open
        until the service stops."""
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            return
        self._local.conn = None
        with self._lock:
            if conn in self._all:
                self._all.remove(conn)
        with suppress(sqlite3.Error):
            conn.close()

    def query(self, sql: str, params: tuple[object, ...] = ()) -> list[sqlite3.Row]:
        return self.connection().execute(sql, params).fetchall()

    def query_one(self, sql: str, params: tuple[object, ...] = ()) -> sqlite3.Row | None:
        row: sqlite3.Row | None = self.connection().execute(sql, params).fetchone()
        return row

    def close(self) -> None:
        with self._lock:
            for conn in self._all:
                with suppress(sqlite3.Error):
                    conn.close()
            self._all.clear()
        self._local = threading.local()
