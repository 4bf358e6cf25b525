"""The durable outbox: nothing is sent twice, nothing is lost.

A broadcast and every one of its chunks are written to SQLite (WAL, synchronous=FULL) before
the first request goes out. Each chunk then moves through

    pending ──mark_sending──► sending ──► accepted (messageId, parts, credits)
                                      ├─► rejected (reason: the service refused it)
                                      ├─► in_doubt (the request went out, the answer was lost)
                                      └─► pending  (it provably never left: safe to send later)

and each move is committed to disk before the code acts on it. A chunk found in `sending`
when the outbox is opened belongs to a run that died mid-request (app killed, power cut): it
becomes `in_doubt`, and only the user may decide what happened to it (resolve_in_doubt). The
runner (core.broadcast) sends `pending` chunks only, so an in-doubt chunk is never resent on
its own.

Several processes (two app windows, the kill test's sender) may open the same file: a chunk
in `sending` is only declared in doubt when the process that claimed it is gone, and
`mark_sending` claims a chunk atomically, so two runners can never both send it.

The same database keeps the message templates and the balance readings (for the chart).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import sqlite3
import sys
import threading
import uuid
import weakref
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import Any

from desktop_app.core.settings import MAX_CHUNK_SIZE, data_dir

__all__ = [
    "RECORDED_ONLY",
    "Broadcast",
    "BroadcastKind",
    "Chunk",
    "ChunkState",
    "ChunkStateError",
    "Outbox",
    "OutboxError",
    "Recipient",
    "SentMessage",
    "Template",
]

SCHEMA_VERSION = 1
# A request never takes this long (timeouts × retries are well under it); a chunk claimed
# longer ago than this by a process that seems alive (its pid reused after a reboot) is
# treated as interrupted too.
STALE_SENDING = timedelta(minutes=15)
INTERRUPTED_REASON = (
    "Tuma stopped while this part was being sent, so it may or may not have gone out."
)
RESOLVED_SENT_REASON = "Marked as sent by you."


class ChunkState(StrEnum):
    PENDING = "pending"
    SENDING = "sending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    IN_DOUBT = "in_doubt"
    CANCELLED = "cancelled"  # pending chunks the user chose not to send (cancel_pending)


class BroadcastKind(StrEnum):
    SINGLE = "single"  # POST /v1/send/message, one recipient per chunk
    BULK = "bulk"  # POST /v1/send/bulk, one text for many
    PERSONALIZED = "personalized"  # POST /v1/send/bulk-personalized
    TRACKED = "tracked"  # POST /v2/send/message with a trackingId, one recipient per chunk
    # Sent directly (one request, not through core.broadcast) and recorded once the service
    # accepted them (record_sent), so the Delivery tab lists them with the SMS sends.
    WHATSAPP = "whatsapp"  # POST /api/v1/whatsapp/send, a template to one customer
    SURVEY = "survey"  # POST /api/v1/surveys/send


#: Kinds the broadcast runner cannot send: they exist in the outbox only as accepted records.
RECORDED_ONLY = frozenset({BroadcastKind.WHATSAPP, BroadcastKind.SURVEY})


class OutboxError(Exception):
    """The outbox refused an operation; the message says why."""


class ChunkStateError(OutboxError):
    """A chunk is not in a state that allows this move (e.g. another run already claimed it)."""


@dataclass(frozen=True)
class Recipient:
    phone: str
    message: str | None = None  # the personalised text; None for bulk/single sends


@dataclass(frozen=True)
class Chunk:
    id: int
    broadcast_id: int
    seq: int  # 0-based position in the broadcast
    state: ChunkState
    recipients: tuple[Recipient, ...]
    tracking_id: str | None
    message_id: str | None
    parts: int | None
    credits: int | None
    accepted_recipients: int | None  # as counted by the service, when it said
    invalid: tuple[str, ...]  # numbers the service skipped as invalid
    reason: str | None  # why rejected / why in doubt
    attempts: int  # how many times it was claimed for sending
    updated_at: datetime
    sent_at: datetime | None

    @property
    def phones(self) -> tuple[str, ...]:
        return tuple(r.phone for r in self.recipients)


@dataclass(frozen=True)
class Broadcast:
    id: int
    profile: str
    kind: BroadcastKind
    sender_id: str
    text: str
    chunk_size: int
    recipients: int
    created_at: datetime
    # chunk counts by state, as of reading
    chunks_total: int = 0
    pending: int = 0
    sending: int = 0
    accepted: int = 0
    rejected: int = 0
    in_doubt: int = 0
    cancelled: int = 0
    # recipient counts by chunk state
    recipients_pending: int = 0
    recipients_in_doubt: int = 0
    recipients_accepted: int = 0

    @property
    def is_finished(self) -> bool:
        """Nothing left to send and nothing waiting for the user's decision."""
        return self.pending == 0 and self.sending == 0 and self.in_doubt == 0


@dataclass(frozen=True)
class SentMessage:
    """One accepted send, as the Delivery tab lists it."""

    message_id: str
    recipients: tuple[str, ...]
    text: str
    parts: int | None
    credits: int | None
    sent_at: datetime
    broadcast_id: int
    kind: BroadcastKind = BroadcastKind.BULK
    sender_id: str = ""


@dataclass(frozen=True)
class Template:
    name: str
    text: str
    updated_at: datetime


def _now() -> datetime:
    return datetime.now(UTC)


def _stamp(moment: datetime) -> str:
    if moment.tzinfo is None:  # naive times are taken as UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _parse(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return bool(kernel32.GetLastError() == 5)  # access denied: it exists
        try:
            code = ctypes.c_ulong()
            if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True
            return code.value == 259  # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


# Outbox instances open in this process, by token: a chunk claimed by an instance of this
# process that has since been closed (or dropped) was interrupted too.
_live_instances: weakref.WeakValueDictionary[str, Outbox] = weakref.WeakValueDictionary()
_instance_numbers = itertools.count(1)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS broadcasts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    profile TEXT NOT NULL,
    kind TEXT NOT NULL,
    sender_id TEXT NOT NULL,
    text TEXT NOT NULL,
    chunk_size INTEGER NOT NULL,
    recipients INTEGER NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS chunks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    broadcast_id INTEGER NOT NULL REFERENCES broadcasts(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,
    recipients TEXT NOT NULL,
    size INTEGER NOT NULL,
    tracking_id TEXT,
    message_id TEXT,
    parts INTEGER,
    credits INTEGER,
    accepted_recipients INTEGER,
    invalid TEXT NOT NULL DEFAULT '[]',
    reason TEXT,
    owner TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    sent_at TEXT,
    UNIQUE (broadcast_id, seq)
);
CREATE INDEX IF NOT EXISTS chunks_by_state ON chunks (state, broadcast_id);
CREATE INDEX IF NOT EXISTS chunks_by_sent_at ON chunks (sent_at);
CREATE TABLE IF NOT EXISTS templates (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    text TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS balance_readings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    profile TEXT NOT NULL,
    credits REAL NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS balance_by_profile ON balance_readings (profile, at);
"""


class Outbox:
    """Durable record of broadcasts, chunk states, templates and balance readings."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / "outbox.sqlite3"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._token = f"{os.getpid()}-{next(_instance_numbers)}-{uuid.uuid4().hex[:8]}"
        self._owner = f"{os.getpid()}:{self._token}"
        self._conn: sqlite3.Connection | None = sqlite3.connect(
            self.path, timeout=30.0, isolation_level=None, check_same_thread=False
        )
        try:
            conn = self._conn
            conn.execute("PRAGMA busy_timeout = 30000")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            with self._write() as db:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    raise OutboxError(
                        "The outbox was written by a newer version of Tuma; update the app."
                    )
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            _live_instances[self._token] = self
            self.recovered = self.recover_interrupted()
        except BaseException:
            self.close()
            raise

    # --- plumbing ---------------------------------------------------------------------------

    @property
    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            raise OutboxError("The outbox is closed.")
        return self._conn

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One durable transaction; BEGIN IMMEDIATE takes the write lock up front so two
        processes never interleave a read-check-write."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return list(self._db.execute(sql, tuple(args)).fetchall())

    def close(self) -> None:
        with self._lock:
            _live_instances.pop(self._token, None)
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> Outbox:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Outbox({str(self.path)!r})"

    # --- recovery ---------------------------------------------------------------------------

    def _owner_gone(self, owner: str | None, updated_at: str) -> bool:
        if not owner:
            return True
        if _now() - _parse(updated_at) > STALE_SENDING:
            return True
        pid_text, _, token = owner.partition(":")
        try:
            pid = int(pid_text)
        except ValueError:
            return True
        if pid == os.getpid():
            return token not in _live_instances
        return not _pid_alive(pid)

    def recover_interrupted(self) -> int:
        """Turn chunks left in `sending` by a run that died into `in_doubt`. Runs on open;
        returns how many chunks it changed."""
        with self._write() as db:
            rows = db.execute(
                "SELECT id, owner, updated_at FROM chunks WHERE state = ?", (ChunkState.SENDING,)
            ).fetchall()
            stamp = _stamp(_now())
            changed = 0
            for chunk_id, owner, updated_at in rows:
                if self._owner_gone(owner, updated_at):
                    db.execute(
                        "UPDATE chunks SET state = ?, reason = ?, owner = NULL, updated_at = ? "
                        "WHERE id = ?",
                        (ChunkState.IN_DOUBT, INTERRUPTED_REASON, stamp, chunk_id),
                    )
                    changed += 1
            return changed

    # --- broadcasts -------------------------------------------------------------------------

    def create_broadcast(
        self,
        kind: BroadcastKind,
        sender_id: str,
        text: str,
        recipients: Sequence[Recipient],
        chunk_size: int,
        *,
        profile: str,
    ) -> Broadcast:
        """Write a broadcast and all its chunks (pending) durably, before anything is sent."""
        kind = BroadcastKind(kind)
        if kind in RECORDED_ONLY:
            raise OutboxError(
                f"A {kind} send is not a broadcast: record it with record_sent once accepted."
            )
        if not recipients:
            raise OutboxError("A broadcast needs at least one recipient.")
        if not sender_id:
            raise OutboxError("Choose a sender ID.")
        if not 1 <= chunk_size <= MAX_CHUNK_SIZE:
            raise OutboxError(f"The chunk size must be between 1 and {MAX_CHUNK_SIZE}.")
        if kind is BroadcastKind.PERSONALIZED:
            if any(r.message is None or not r.message for r in recipients):
                raise OutboxError("Every recipient of a personalised message needs its text.")
        elif not text:
            raise OutboxError("The message is empty.")
        if kind in (BroadcastKind.SINGLE, BroadcastKind.TRACKED):
            chunk_size = 1  # these endpoints take one phone number per request
        stamp = _stamp(_now())
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO broadcasts (profile, kind, sender_id, text, chunk_size, recipients, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (profile, kind, sender_id, text, chunk_size, len(recipients), stamp),
            )
            broadcast_id = cursor.lastrowid
            assert broadcast_id is not None
            for seq, start in enumerate(range(0, len(recipients), chunk_size)):
                members = recipients[start : start + chunk_size]
                tracking = uuid.uuid4().hex if kind is BroadcastKind.TRACKED else None
                db.execute(
                    "INSERT INTO chunks (broadcast_id, seq, state, recipients, size, tracking_id, "
                    "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        broadcast_id,
                        seq,
                        ChunkState.PENDING,
                        json.dumps([[r.phone, r.message] for r in members]),
                        len(members),
                        tracking,
                        stamp,
                    ),
                )
        return self.broadcast(broadcast_id)

    _BROADCAST_SELECT = """
        SELECT b.id, b.profile, b.kind, b.sender_id, b.text, b.chunk_size, b.recipients,
               b.created_at, COUNT(c.id),
               COALESCE(SUM(c.state = 'pending'), 0), COALESCE(SUM(c.state = 'sending'), 0),
               COALESCE(SUM(c.state = 'accepted'), 0), COALESCE(SUM(c.state = 'rejected'), 0),
               COALESCE(SUM(c.state = 'in_doubt'), 0), COALESCE(SUM(c.state = 'cancelled'), 0),
               COALESCE(SUM(CASE WHEN c.state = 'pending' THEN c.size END), 0),
               COALESCE(SUM(CASE WHEN c.state = 'in_doubt' THEN c.size END), 0),
               COALESCE(SUM(CASE WHEN c.state = 'accepted'
                            THEN COALESCE(c.accepted_recipients, c.size) END), 0)
        FROM broadcasts b LEFT JOIN chunks c ON c.broadcast_id = b.id
    """

    @staticmethod
    def _broadcast_from_row(row: tuple[Any, ...]) -> Broadcast:
        return Broadcast(
            id=row[0],
            profile=row[1],
            kind=BroadcastKind(row[2]),
            sender_id=row[3],
            text=row[4],
            chunk_size=row[5],
            recipients=row[6],
            created_at=_parse(row[7]),
            chunks_total=row[8],
            pending=row[9],
            sending=row[10],
            accepted=row[11],
            rejected=row[12],
            in_doubt=row[13],
            cancelled=row[14],
            recipients_pending=row[15],
            recipients_in_doubt=row[16],
            recipients_accepted=row[17],
        )

    def broadcast(self, broadcast_id: int) -> Broadcast:
        rows = self._read(self._BROADCAST_SELECT + " WHERE b.id = ? GROUP BY b.id", (broadcast_id,))
        if not rows:
            raise OutboxError(f"There is no broadcast number {broadcast_id}.")
        return self._broadcast_from_row(rows[0])

    def broadcasts(self, profile: str, *, limit: int = 100) -> list[Broadcast]:
        """The profile's broadcasts, newest first."""
        rows = self._read(
            self._BROADCAST_SELECT + " WHERE b.profile = ? GROUP BY b.id ORDER BY b.id DESC "
            "LIMIT ?",
            (profile, limit),
        )
        return [self._broadcast_from_row(row) for row in rows]

    def unfinished(self, profile: str) -> list[Broadcast]:
        """Broadcasts of this profile with chunks still to send (pending) or awaiting the
        user's decision (in doubt), oldest first."""
        rows = self._read(
            self._BROADCAST_SELECT + " WHERE b.profile = ? AND EXISTS (SELECT 1 FROM chunks x "
            "WHERE x.broadcast_id = b.id AND x.state IN ('pending', 'in_doubt')) "
            "GROUP BY b.id ORDER BY b.id",
            (profile,),
        )
        return [self._broadcast_from_row(row) for row in rows]

    _CHUNK_SELECT = """
        SELECT id, broadcast_id, seq, state, recipients, tracking_id, message_id, parts, credits,
               accepted_recipients, invalid, reason, attempts, updated_at, sent_at
        FROM chunks
    """

    @staticmethod
    def _chunk_from_row(row: tuple[Any, ...]) -> Chunk:
        return Chunk(
            id=row[0],
            broadcast_id=row[1],
            seq=row[2],
            state=ChunkState(row[3]),
            recipients=tuple(Recipient(phone, message) for phone, message in json.loads(row[4])),
            tracking_id=row[5],
            message_id=row[6],
            parts=row[7],
            credits=row[8],
            accepted_recipients=row[9],
            invalid=tuple(json.loads(row[10])),
            reason=row[11],
            attempts=row[12],
            updated_at=_parse(row[13]),
            sent_at=None if row[14] is None else _parse(row[14]),
        )

    def chunks(self, broadcast_id: int, state: ChunkState | None = None) -> list[Chunk]:
        """The broadcast's chunks in sending order (optionally only those in one state)."""
        if state is None:
            rows = self._read(
                self._CHUNK_SELECT + " WHERE broadcast_id = ? ORDER BY seq", (broadcast_id,)
            )
        else:
            rows = self._read(
                self._CHUNK_SELECT + " WHERE broadcast_id = ? AND state = ? ORDER BY seq",
                (broadcast_id, ChunkState(state)),
            )
        return [self._chunk_from_row(row) for row in rows]

    def chunk(self, chunk_id: int) -> Chunk:
        rows = self._read(self._CHUNK_SELECT + " WHERE id = ?", (chunk_id,))
        if not rows:
            raise OutboxError(f"There is no chunk number {chunk_id}.")
        return self._chunk_from_row(rows[0])

    # --- state moves ------------------------------------------------------------------------

    def _move(
        self,
        chunk_id: int,
        allowed: tuple[ChunkState, ...],
        target: ChunkState,
        action: str,
        **columns: object,
    ) -> None:
        assignments = ", ".join(f"{name} = ?" for name in columns)
        placeholders = ", ".join("?" for _ in allowed)
        with self._write() as db:
            cursor = db.execute(
                f"UPDATE chunks SET state = ?, updated_at = ?, {assignments} "
                f"WHERE id = ? AND state IN ({placeholders})",
                (target, _stamp(_now()), *columns.values(), chunk_id, *allowed),
            )
            if cursor.rowcount == 1:
                return
            row = db.execute("SELECT state FROM chunks WHERE id = ?", (chunk_id,)).fetchone()
        if row is None:
            raise OutboxError(f"There is no chunk number {chunk_id}.")
        raise ChunkStateError(f"Cannot {action} chunk {chunk_id}: it is {row[0]}.")

    def mark_sending(self, chunk_id: int) -> None:
        """Claim a pending chunk for sending, durably, just before its request goes out.
        Raises ChunkStateError when it is no longer pending (another run claimed it)."""
        with self._write() as db:
            cursor = db.execute(
                "UPDATE chunks SET state = ?, owner = ?, attempts = attempts + 1, "
                "updated_at = ?, reason = NULL WHERE id = ? AND state = ?",
                (ChunkState.SENDING, self._owner, _stamp(_now()), chunk_id, ChunkState.PENDING),
            )
            if cursor.rowcount == 1:
                return
            row = db.execute("SELECT state FROM chunks WHERE id = ?", (chunk_id,)).fetchone()
        if row is None:
            raise OutboxError(f"There is no chunk number {chunk_id}.")
        raise ChunkStateError(f"Cannot send chunk {chunk_id}: it is {row[0]}, not pending.")

    def mark_accepted(
        self,
        chunk_id: int,
        message_id: str | None,
        parts: int | None,
        credits: int | None,
        *,
        recipients: int | None = None,
        invalid: Sequence[str] = (),
    ) -> None:
        """The service accepted the chunk (it may also have been in doubt until now)."""
        self._move(
            chunk_id,
            (ChunkState.SENDING, ChunkState.IN_DOUBT),
            ChunkState.ACCEPTED,
            "accept",
            message_id=message_id,
            parts=parts,
            credits=credits,
            accepted_recipients=recipients,
            invalid=json.dumps(list(invalid)),
            reason=None,
            owner=None,
            sent_at=_stamp(_now()),
        )

    def mark_rejected(self, chunk_id: int, reason: str) -> None:
        """The service refused the chunk for good (e.g. every number invalid); not billed."""
        self._move(
            chunk_id,
            (ChunkState.PENDING, ChunkState.SENDING, ChunkState.IN_DOUBT),
            ChunkState.REJECTED,
            "reject",
            reason=reason,
            owner=None,
        )

    def mark_in_doubt(self, chunk_id: int, reason: str) -> None:
        """The request may have gone out but its answer was lost: never resend on our own."""
        self._move(
            chunk_id,
            (ChunkState.SENDING, ChunkState.IN_DOUBT),
            ChunkState.IN_DOUBT,
            "mark as in doubt",
            reason=reason,
            owner=None,
        )

    def mark_pending(self, chunk_id: int) -> None:
        """The request provably never left (refused before sending): it may be sent later."""
        self._move(
            chunk_id, (ChunkState.SENDING,), ChunkState.PENDING, "put back", reason=None, owner=None
        )

    def resolve_in_doubt(self, chunk_id: int, sent: bool) -> None:
        """The user's decision on an in-doubt chunk: sent → counted as accepted (without a
        message id); not sent → pending again, to be sent only when the user resumes."""
        if sent:
            self._move(
                chunk_id,
                (ChunkState.IN_DOUBT,),
                ChunkState.ACCEPTED,
                "resolve",
                reason=RESOLVED_SENT_REASON,
                owner=None,
                sent_at=_stamp(_now()),
            )
        else:
            self._move(chunk_id, (ChunkState.IN_DOUBT,), ChunkState.PENDING, "resolve", reason=None)

    def cancel_pending(self, broadcast_id: int) -> int:
        """The user does not want the rest of a broadcast sent: its pending chunks are
        cancelled (they no longer make it unfinished). Returns how many."""
        with self._write() as db:
            cursor = db.execute(
                "UPDATE chunks SET state = ?, updated_at = ? WHERE broadcast_id = ? AND state = ?",
                (ChunkState.CANCELLED, _stamp(_now()), broadcast_id, ChunkState.PENDING),
            )
            return cursor.rowcount

    def record_sent(
        self,
        kind: BroadcastKind,
        text: str,
        recipients: Sequence[str],
        *,
        profile: str,
        message_id: str,
        parts: int | None = None,
        credits: int | None = None,
        accepted_recipients: int | None = None,
        invalid: Sequence[str] = (),
        sender_id: str = "",
    ) -> SentMessage:
        """Record one request the service has already accepted that did not go through a
        broadcast (a WhatsApp template, a survey), so the Delivery tab lists it like any other
        send: one broadcast holding one accepted chunk, written in one transaction. It has
        nothing pending or in doubt, so it is never offered for resuming nor sent again.
        *invalid* are the numbers the service skipped (not listed as recipients)."""
        kind = BroadcastKind(kind)
        if not message_id:
            raise OutboxError("An accepted send needs the service's message id.")
        if not recipients:
            raise OutboxError("An accepted send needs at least one recipient.")
        if not text:
            raise OutboxError("Say what was sent (the text is empty).")
        stamp = _stamp(_now())
        members = json.dumps([[phone, None] for phone in recipients])
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO broadcasts (profile, kind, sender_id, text, chunk_size, recipients, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (profile, kind, sender_id, text, len(recipients), len(recipients), stamp),
            )
            broadcast_id = cursor.lastrowid
            assert broadcast_id is not None
            db.execute(
                "INSERT INTO chunks (broadcast_id, seq, state, recipients, size, message_id, "
                "parts, credits, accepted_recipients, invalid, attempts, updated_at, sent_at) "
                "VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                (
                    broadcast_id,
                    ChunkState.ACCEPTED,
                    members,
                    len(recipients),
                    message_id,
                    parts,
                    credits,
                    accepted_recipients,
                    json.dumps(list(invalid)),
                    stamp,
                    stamp,
                ),
            )
        skipped = set(invalid)
        return SentMessage(
            message_id=message_id,
            recipients=tuple(phone for phone in recipients if phone not in skipped),
            text=text,
            parts=parts,
            credits=credits,
            sent_at=_parse(stamp),
            broadcast_id=broadcast_id,
            kind=kind,
            sender_id=sender_id,
        )

    # --- delivery tab -----------------------------------------------------------------------

    def sent_messages(self, profile: str, limit: int = 200) -> list[SentMessage]:
        """Accepted sends that have a message id (so delivery can be looked up), newest first."""
        rows = self._read(
            "SELECT c.message_id, c.recipients, c.invalid, b.text, c.parts, c.credits, c.sent_at, "
            "b.id, b.kind, b.sender_id FROM chunks c JOIN broadcasts b ON b.id = c.broadcast_id "
            "WHERE b.profile = ? AND c.state = 'accepted' AND c.message_id IS NOT NULL "
            "ORDER BY c.sent_at DESC, c.id DESC LIMIT ?",
            (profile, limit),
        )
        messages = []
        for row in rows:
            members = [(phone, message) for phone, message in json.loads(row[1])]
            skipped = set(json.loads(row[2]))
            text = row[3] or (members[0][1] or "" if members else "")
            messages.append(
                SentMessage(
                    message_id=row[0],
                    recipients=tuple(phone for phone, _ in members if phone not in skipped),
                    text=text,
                    parts=row[4],
                    credits=row[5],
                    sent_at=_parse(row[6]),
                    broadcast_id=row[7],
                    kind=BroadcastKind(row[8]),
                    sender_id=row[9],
                )
            )
        return messages

    # --- templates --------------------------------------------------------------------------

    def save_template(self, name: str, text: str, *, overwrite: bool = True) -> Template:
        """Save a named text (names are unique, ignoring case; saving again replaces it
        unless overwrite is False)."""
        clean = name.strip()
        if not clean:
            raise OutboxError("Give the template a name.")
        if not text.strip():
            raise OutboxError("The template text is empty.")
        stamp = _stamp(_now())
        with self._write() as db:
            existing = db.execute("SELECT name FROM templates WHERE name = ?", (clean,)).fetchone()
            if existing is not None and not overwrite:
                raise OutboxError(f"A template called {existing[0]!r} already exists.")
            db.execute("DELETE FROM templates WHERE name = ?", (clean,))
            db.execute(
                "INSERT INTO templates (name, text, updated_at) VALUES (?, ?, ?)",
                (clean, text, stamp),
            )
        return Template(clean, text, _parse(stamp))

    def templates(self) -> list[Template]:
        rows = self._read("SELECT name, text, updated_at FROM templates ORDER BY name")
        return [Template(name, text, _parse(at)) for name, text, at in rows]

    def delete_template(self, name: str) -> bool:
        with self._write() as db:
            return db.execute("DELETE FROM templates WHERE name = ?", (name.strip(),)).rowcount > 0

    # --- balance readings -------------------------------------------------------------------

    def record_balance(self, profile: str, credits: float, at: datetime | None = None) -> None:
        with self._write() as db:
            db.execute(
                "INSERT INTO balance_readings (profile, credits, at) VALUES (?, ?, ?)",
                (profile, float(credits), _stamp(at or _now())),
            )

    def balance_history(
        self, profile: str, since: datetime | None = None
    ) -> list[tuple[datetime, float]]:
        """The profile's readings, oldest first."""
        if since is None:
            rows = self._read(
                "SELECT at, credits FROM balance_readings WHERE profile = ? ORDER BY at, id",
                (profile,),
            )
        else:
            rows = self._read(
                "SELECT at, credits FROM balance_readings WHERE profile = ? AND at >= ? "
                "ORDER BY at, id",
                (profile, _stamp(since)),
            )
        return [(_parse(at), credits) for at, credits in rows]
