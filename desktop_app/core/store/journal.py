"""The broadcast journal: nothing is sent twice, nothing is lost.

A broadcast and every one of its chunks are written down (one durable transaction) before the
first request goes out. Each chunk then moves through

    pending ──mark_sending──► sending ──► accepted (messageId, parts, credits)
                                      ├─► rejected (reason: the service refused it)
                                      ├─► in_doubt (the request went out, the answer was lost)
                                      └─► pending  (it provably never left: safe to send later)
    pending ──cancel_pending──► cancelled (the user chose not to send the rest)
    in_doubt ──resolve_in_doubt──► accepted (the user says it arrived) | pending (send again)

and each move is committed to disk before the code acts on it. A chunk found in `sending`
when the journal is opened belongs to a run that died mid-request (app killed, power cut): it
becomes `in_doubt`, and only the user may decide what happened to it. The runner
(core.broadcast) sends `pending` chunks only, so an in-doubt chunk is never resent on its own.

Several processes (two app windows, the kill test's sender) may open the same file: a chunk
in `sending` is only declared in doubt when the process (and store instance) that claimed it
is gone, and `mark_sending` claims a chunk atomically, so two runners can never both send it.

Why a chunk is rejected or in doubt is kept as a :class:`ChunkReason` value plus, where there
is one, a detail (the service's own words, an exception's type): the UI says the words.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import sys
import threading
import uuid
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from operator import attrgetter
from pathlib import Path
from typing import Any, NamedTuple

from desktop_app.core.settings import MAX_CHUNK_SIZE
from desktop_app.core.store.db import (
    Closing,
    Database,
    StoreError,
    StoreProblem,
    is_live,
    migration,
    now,
    parse_time,
    run_script,
    stamp,
)

log = logging.getLogger(__name__)

__all__ = [
    "RECORDED_ONLY",
    "STALE_SENDING",
    "Broadcast",
    "BroadcastKind",
    "Chunk",
    "ChunkReason",
    "ChunkState",
    "Journal",
    "Recipient",
    "content_key",
]

# A request never takes this long (timeouts × retries are well under it); a chunk claimed
# longer ago than this by a process that seems alive (its pid reused after a reboot) is
# treated as interrupted too.
STALE_SENDING = timedelta(minutes=15)


class ChunkState(StrEnum):
    PENDING = "pending"
    SENDING = "sending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    IN_DOUBT = "in_doubt"
    CANCELLED = "cancelled"  # pending chunks the user chose not to send (cancel_pending)


class ChunkReason(StrEnum):
    """Why a chunk is in doubt, rejected, or accepted without the service saying so."""

    INTERRUPTED = "interrupted"  # Tuma stopped (killed, power cut) while it was being sent
    CANCELLED_IN_FLIGHT = "cancelled_in_flight"  # the run was cancelled mid-request
    CONNECTION_LOST = "connection_lost"  # handed over, then the answer was lost
    UNREADABLE_REPLY = "unreadable_reply"  # answered, but the reply could not be read
    UNEXPECTED = "unexpected"  # a bug or an unforeseen failure; detail: its type name
    REFUSED = "refused"  # the service refused this chunk; detail: the service's words
    RESOLVED_SENT = "resolved_sent"  # the user said it arrived


#: The detail of an UNREADABLE_REPLY that was a web page in the service's place (a network's
#: own page: a data bundle used up, a Wi-Fi sign-in), not a reply of the service's.
WEB_PAGE_DETAIL = "web_page"


class BroadcastKind(StrEnum):
    SINGLE = "single"  # POST /v1/send/message, one recipient per chunk
    BULK = "bulk"  # POST /v1/send/bulk, one text for many
    PERSONALIZED = "personalized"  # POST /v1/send/bulk-personalized
    TRACKED = "tracked"  # POST /v2/send/message with a trackingId, one recipient per chunk
    # Sent directly (one request, not through core.broadcast) and recorded once the service
    # accepted them (record_sent), so the Delivery tab lists them with the SMS sends.
    WHATSAPP = "whatsapp"  # POST /api/v1/whatsapp/send, a template to one customer
    SURVEY = "survey"  # POST /api/v1/surveys/send


#: Kinds the broadcast runner cannot send: they exist in the journal only as accepted records.
RECORDED_ONLY = frozenset({BroadcastKind.WHATSAPP, BroadcastKind.SURVEY})
#: (SQL) the kinds sent directly, not by a run: never resumed (Journal.unfinished)
_DIRECT_KINDS = "(" + ", ".join(f"'{kind}'" for kind in sorted(RECORDED_ONLY)) + ")"


class Recipient(NamedTuple):
    """One recipient of a chunk. A named tuple, not a dataclass: a broadcast decodes one per
    recipient (10,000 for 10,000), and a tuple of two strings is quicker to make. (The cycle
    collector still tracks it: only plain tuples are untracked once seen.)"""

    phone: str
    message: str | None = None  # the personalised text; None for bulk/single sends


_phone_of = attrgetter("phone")


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
    reason: ChunkReason | None  # why rejected / why in doubt
    detail: str | None  # the reason's data: the service's words, an exception's type
    attempts: int  # how many times it was claimed for sending
    updated_at: datetime
    sent_at: datetime | None

    @property
    def phones(self) -> tuple[str, ...]:
        return tuple(map(_phone_of, self.recipients))


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


# --- schema -------------------------------------------------------------------------------


@migration(1, "journal")
def _create(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
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
        """,
    )


# The English sentences 0.1 stored as reasons, and the codes that replace them.
_V1_REASONS = {
    "Tuma stopped while this part was being sent, so it may or may not have gone out.": (
        ChunkReason.INTERRUPTED
    ),
    "Marked as sent by you.": ChunkReason.RESOLVED_SENT,
    "Sending was stopped while this part was on its way, so it may or may not have gone out.": (
        ChunkReason.CANCELLED_IN_FLIGHT
    ),
    "The service's reply to this part could not be read, so it may or may not have gone out.": (
        ChunkReason.UNREADABLE_REPLY
    ),
}


@migration(2, "journal: reasons become codes, with a detail")
def _reason_codes(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE chunks ADD COLUMN detail TEXT")
    rows = db.execute("SELECT id, state, reason FROM chunks WHERE reason IS NOT NULL").fetchall()
    codes = set(ChunkReason)
    for chunk_id, state, text in rows:
        if text in codes:
            continue
        code = _V1_REASONS.get(text)
        detail = None
        if code is None:
            # A refusal in the service's words, or the client's in-doubt sentence: keep the
            # words as the detail, under the code that fits the state.
            code = ChunkReason.REFUSED if state == ChunkState.REJECTED else ChunkReason.UNEXPECTED
            detail = text
        db.execute(
            "UPDATE chunks SET reason = ?, detail = ? WHERE id = ?", (code, detail, chunk_id)
        )


@migration(3, "journal: one row per recipient")
def _recipients(db: sqlite3.Connection) -> None:
    """Who got (or is to get) what: one row per recipient of every chunk, with a digest of
    the exact content they get. The duplicate-send guard and the Delivery tab read it."""
    run_script(
        db,
        """
        CREATE TABLE IF NOT EXISTS recipients (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            broadcast_id INTEGER NOT NULL REFERENCES broadcasts(id) ON DELETE CASCADE,
            chunk_id INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
            profile TEXT NOT NULL,
            phone TEXT NOT NULL,
            content TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS recipients_by_phone ON recipients (profile, phone, content);
        CREATE INDEX IF NOT EXISTS recipients_by_chunk ON recipients (chunk_id);
        CREATE INDEX IF NOT EXISTS recipients_by_broadcast ON recipients (broadcast_id);
        """,
    )
    if db.execute("SELECT 1 FROM recipients LIMIT 1").fetchone() is not None:
        return  # already filled
    rows = db.execute(
        "SELECT c.id, c.broadcast_id, b.profile, b.kind, b.text, c.recipients "
        "FROM chunks c JOIN broadcasts b ON b.id = c.broadcast_id"
    ).fetchall()
    for chunk_id, broadcast_id, profile, kind, text, members in rows:
        db.executemany(
            "INSERT INTO recipients (broadcast_id, chunk_id, profile, phone, content) "
            "VALUES (?, ?, ?, ?, ?)",
            [
                (broadcast_id, chunk_id, profile, phone, content_key(kind, message or text))
                for phone, message in json.loads(members)
            ],
        )


@migration(8, "journal: a slimmer index of who got what")
def _phone_index(db: sqlite3.Connection) -> None:
    """The recipients' index by phone alone: the duplicate-send guard and the phone search
    find a phone's few rows through it and compare the rest there. The index it replaces
    also held every row's profile and 64-character content digest: about twice the bytes to
    write down, durably, for each recipient before a broadcast may start."""
    run_script(
        db,
        """
        DROP INDEX IF EXISTS recipients_by_phone;
        CREATE INDEX IF NOT EXISTS recipients_by_phone_alone ON recipients (phone);
        """,
    )


@migration(8, "journal: recipients rows written behind")
def _indexed(db: sqlite3.Connection) -> None:
    """``chunks.indexed``: whether the chunk's recipients rows are written. A broadcast sent
    now writes its first chunk's rows with it and the rest while its first requests are on
    their way (:meth:`Journal.index_pending`); a chunk is always indexed before it is
    claimed, and the duplicate-send guard reads an unindexed chunk's own list."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(chunks)").fetchall()}
    if "indexed" not in columns:
        db.execute("ALTER TABLE chunks ADD COLUMN indexed INTEGER NOT NULL DEFAULT 1")
    db.execute(
        "CREATE INDEX IF NOT EXISTS chunks_unindexed ON chunks (broadcast_id, seq) "
        "WHERE indexed = 0"
    )


def content_key(kind: BroadcastKind | str, text: str) -> str:
    """A digest of what a recipient gets: the exact SMS text (after personalisation) for
    any SMS kind, or the WhatsApp template / survey sent. Two sends with the same key sent
    the same thing."""
    channel = "sms"
    if kind in (BroadcastKind.WHATSAPP, BroadcastKind.SURVEY):
        channel = str(kind)
    return hashlib.sha256(f"{channel}\x1f{text}".encode()).hexdigest()


def _marks(values: Collection[object]) -> str:
    return ", ".join("?" for _ in values)


def _digest(keys: dict[tuple[str, str], str], kind: str, body: str) -> str:
    """:func:`content_key`, remembered in *keys* (a broadcast repeats one text)."""
    key = keys.get((kind, body))
    if key is None:
        key = keys[kind, body] = content_key(kind, body)
    return key


def _write_rows(
    db: sqlite3.Connection,
    broadcast_id: int,
    chunk_id: int,
    profile: str,
    kind: BroadcastKind,
    text: str,
    members: Sequence[Recipient],
    keys: dict[tuple[str, str], str],
) -> None:
    """A chunk's recipients rows: who is to get which content (*keys* caches the digests)."""
    rows = [
        (broadcast_id, chunk_id, profile, r.phone, _digest(keys, kind, r.message or text))
        for r in members
    ]
    db.executemany(
        "INSERT INTO recipients (broadcast_id, chunk_id, profile, phone, content) "
        "VALUES (?, ?, ?, ?, ?)",
        rows,
    )


def unindexed_lists(
    db: sqlite3.Connection, profile: str, states: Collection[ChunkState]
) -> list[tuple[int, int, ChunkState, datetime, list[tuple[str, str]]]]:
    """The profile's chunks in *states* whose recipients rows are not written yet, each
    as (chunk id, broadcast id, state, updated at, [(phone, content key)…]) read off the
    chunk's own list: the guard's view of what the recipients table does not hold yet."""
    wanted = [ChunkState(state) for state in states]
    rows = db.execute(
        "SELECT c.id, c.broadcast_id, c.state, c.updated_at, c.recipients, b.kind, b.text "
        "FROM chunks c JOIN broadcasts b ON b.id = c.broadcast_id "
        f"WHERE c.indexed = 0 AND b.profile = ? AND c.state IN ({_marks(wanted)})",
        (profile, *wanted),
    ).fetchall()
    found = []
    keys: dict[tuple[str, str], str] = {}
    for chunk_id, broadcast_id, state, updated_at, members_json, kind, text in rows:
        pairs = [
            (phone, _digest(keys, kind, message or text))
            for phone, message in json.loads(members_json)
        ]
        found.append((chunk_id, broadcast_id, ChunkState(state), parse_time(updated_at), pairs))
    return found


# --- the journal ----------------------------------------------------------------------------


class Journal(Closing):
    """Broadcasts and their chunks, in the store file."""

    def __init__(self, db: Database, *, write_left_behind: bool = True) -> None:
        """*write_left_behind*: write the recipients rows a dead run left unwritten now
        (:meth:`index_left_behind`); the app's store leaves that to its worker thread, off
        the start-up path (the duplicate-send guard reads the chunks' lists meanwhile)."""
        self._db = db
        self._own_db = False
        #: the last chunks' recipients as read: (stored JSON, decoded), by chunk id
        self._decoded: dict[int, tuple[str, tuple[Recipient, ...]]] = {}
        self._decoded_lock = threading.Lock()
        #: chunks found interrupted when this journal was opened
        self.recovered = self.recover_interrupted()
        if write_left_behind:
            self.index_left_behind()

    @classmethod
    def open(cls, path: Path | None = None) -> Journal:
        """A journal on its own connection (the kill test's sender process, scripts)."""
        db = Database(path)
        try:
            journal = cls(db)
        except BaseException:
            db.close()
            raise
        journal._own_db = True
        return journal

    @property
    def path(self) -> Path:
        return self._db.path

    def close(self) -> None:
        """Closes the connection when this journal opened it (see :meth:`open`)."""
        if self._own_db:
            self._db.close()

    def __repr__(self) -> str:
        return f"Journal({str(self._db.path)!r})"

    # --- recovery ---------------------------------------------------------------------------

    def _owner_gone(self, owner: str | None, updated_at: str) -> bool:
        if not owner:
            return True
        if now() - parse_time(updated_at) > STALE_SENDING:
            return True
        pid_text, _, token = owner.partition(":")
        try:
            pid = int(pid_text)
        except ValueError:
            return True
        if pid == os.getpid():
            return not is_live(token)
        return not _pid_alive(pid)

    def recover_interrupted(self) -> int:
        """Turn chunks left in `sending` by a run that died into `in_doubt`. Runs on open;
        returns how many chunks it changed."""
        with self._db.write() as db:
            rows = db.execute(
                "SELECT id, owner, updated_at FROM chunks WHERE state = ?", (ChunkState.SENDING,)
            ).fetchall()
            moment = stamp(now())
            changed = 0
            for chunk_id, owner, updated_at in rows:
                if self._owner_gone(owner, updated_at):
                    db.execute(
                        "UPDATE chunks SET state = ?, reason = ?, detail = NULL, owner = NULL, "
                        "updated_at = ? WHERE id = ?",
                        (ChunkState.IN_DOUBT, ChunkReason.INTERRUPTED, moment, chunk_id),
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
        db: sqlite3.Connection | None = None,
        write_behind: bool = False,
    ) -> Broadcast:
        """Write a broadcast and all its chunks (pending) durably, before anything is sent.
        With *db* (an open transaction of the same store) it is written as part of it.

        With *write_behind* (a broadcast about to be run) only the first chunk's recipients
        rows are written now; the runner writes the others' while requests are on their way
        (:meth:`index_pending`). Every chunk's own list is written now either way."""
        kind = BroadcastKind(kind)
        if kind in RECORDED_ONLY:
            raise StoreError(StoreProblem.NOT_A_BROADCAST, kind=kind)
        if not recipients:
            raise StoreError(StoreProblem.NO_RECIPIENTS)
        if not sender_id:
            raise StoreError(StoreProblem.NO_SENDER)
        if not 1 <= chunk_size <= MAX_CHUNK_SIZE:
            raise StoreError(StoreProblem.BAD_CHUNK_SIZE, size=chunk_size, most=MAX_CHUNK_SIZE)
        if kind is BroadcastKind.PERSONALIZED:
            if any(r.message is None or not r.message for r in recipients):
                raise StoreError(StoreProblem.EMPTY_TEXT, personalised=True)
        elif not text:
            raise StoreError(StoreProblem.EMPTY_TEXT)
        if kind in (BroadcastKind.SINGLE, BroadcastKind.TRACKED):
            chunk_size = 1  # these endpoints take one phone number per request
        if db is None:
            with self._db.write() as tx:
                broadcast_id = self._insert(
                    tx, kind, sender_id, text, recipients, chunk_size, profile, write_behind
                )
        else:
            broadcast_id = self._insert(
                db, kind, sender_id, text, recipients, chunk_size, profile, write_behind
            )
            return self._broadcast_in(db, broadcast_id)
        return self.broadcast(broadcast_id)

    @staticmethod
    def _insert(
        db: sqlite3.Connection,
        kind: BroadcastKind,
        sender_id: str,
        text: str,
        recipients: Sequence[Recipient],
        chunk_size: int,
        profile: str,
        write_behind: bool = False,
    ) -> int:
        moment = stamp(now())
        cursor = db.execute(
            "INSERT INTO broadcasts (profile, kind, sender_id, text, chunk_size, recipients, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (profile, kind, sender_id, text, chunk_size, len(recipients), moment),
        )
        broadcast_id = cursor.lastrowid
        assert broadcast_id is not None
        keys: dict[tuple[str, str], str] = {}
        for seq, start in enumerate(range(0, len(recipients), chunk_size)):
            members = recipients[start : start + chunk_size]
            tracking = uuid.uuid4().hex if kind is BroadcastKind.TRACKED else None
            indexed = not write_behind or seq == 0
            chunk_id = db.execute(
                "INSERT INTO chunks (broadcast_id, seq, state, recipients, size, tracking_id, "
                "updated_at, indexed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    broadcast_id,
                    seq,
                    ChunkState.PENDING,
                    json.dumps(members),  # [[phone, message], …]: a Recipient is a tuple
                    len(members),
                    tracking,
                    moment,
                    int(indexed),
                ),
            ).lastrowid
            assert chunk_id is not None
            if indexed:
                _write_rows(db, broadcast_id, chunk_id, profile, kind, text, members, keys)
        return broadcast_id

    # --- recipients rows written behind ---------------------------------------------------

    def _index_in(self, db: sqlite3.Connection, chunk_id: int) -> bool:
        row = db.execute(
            "SELECT c.broadcast_id, c.recipients, b.profile, b.kind, b.text FROM chunks c "
            "JOIN broadcasts b ON b.id = c.broadcast_id WHERE c.id = ? AND c.indexed = 0",
            (chunk_id,),
        ).fetchone()
        if row is None:
            return False
        broadcast_id, members_json, profile, kind, text = row
        kind = BroadcastKind(kind)
        own_texts = db.execute(
            "SELECT EXISTS (SELECT 1 FROM json_each(?) j "
            "WHERE json_extract(j.value, '$[1]') IS NOT NULL)",
            (members_json,),
        ).fetchone()[0]
        if own_texts:  # a digest per recipient (personalised)
            members = [Recipient(phone, message) for phone, message in json.loads(members_json)]
            _write_rows(db, broadcast_id, chunk_id, profile, kind, text, members, {})
        else:
            # one content for all: SQLite reads the list itself, without holding Python's
            # lock (this runs while the GUI thread reads a reply)
            db.execute(
                "INSERT INTO recipients (broadcast_id, chunk_id, profile, phone, content) "
                "SELECT ?, ?, ?, json_extract(j.value, '$[0]'), ? "
                "FROM chunks c, json_each(c.recipients) j WHERE c.id = ? ORDER BY j.key",
                (broadcast_id, chunk_id, profile, content_key(kind, text), chunk_id),
            )
        db.execute("UPDATE chunks SET indexed = 1 WHERE id = ?", (chunk_id,))
        return True

    def index_pending(self, broadcast_id: int, most: int = 1) -> int:
        """Write the recipients rows of up to *most* of the broadcast's chunks that lack
        them, first ones first, in one transaction. Returns how many still lack them."""
        with self._db.write(durable=False) as db:
            rows = db.execute(
                "SELECT id FROM chunks WHERE broadcast_id = ? AND indexed = 0 ORDER BY seq",
                (broadcast_id,),
            ).fetchall()
            for (chunk_id,) in rows[:most]:
                self._index_in(db, chunk_id)
            return max(0, len(rows) - most)

    def index_left_behind(self) -> int:
        """Every chunk still without its recipients rows gets them (a run that stopped or
        died before writing them). Returns how many chunks it wrote."""
        if not self._db.read("SELECT 1 FROM chunks WHERE indexed = 0 LIMIT 1"):
            return 0  # the usual start: nothing to write, no write transaction
        with self._db.write(durable=False) as db:
            rows = db.execute("SELECT id FROM chunks WHERE indexed = 0").fetchall()
            return sum(self._index_in(db, chunk_id) for (chunk_id,) in rows)

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
            created_at=parse_time(row[7]),
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

    def _broadcast_in(self, db: sqlite3.Connection, broadcast_id: int) -> Broadcast:
        row = db.execute(
            self._BROADCAST_SELECT + " WHERE b.id = ? GROUP BY b.id", (broadcast_id,)
        ).fetchone()
        if row is None:
            raise StoreError(StoreProblem.NOT_FOUND, broadcast=broadcast_id)
        return self._broadcast_from_row(tuple(row))

    def broadcast(self, broadcast_id: int) -> Broadcast:
        row = self._db.read_one(
            self._BROADCAST_SELECT + " WHERE b.id = ? GROUP BY b.id", (broadcast_id,)
        )
        if row is None:
            raise StoreError(StoreProblem.NOT_FOUND, broadcast=broadcast_id)
        return self._broadcast_from_row(row)

    def broadcasts(self, profile: str, *, limit: int = 100) -> list[Broadcast]:
        """The profile's broadcasts, newest first."""
        rows = self._db.read(
            self._BROADCAST_SELECT + " WHERE b.profile = ? GROUP BY b.id ORDER BY b.id DESC "
            "LIMIT ?",
            (profile, limit),
        )
        return [self._broadcast_from_row(row) for row in rows]

    def unfinished(self, profile: str) -> list[Broadcast]:
        """Broadcasts of this profile with chunks still to send (pending) or awaiting the
        user's decision (in doubt), oldest first. A send waiting for its scheduled time is
        not one of them (see store.schedule), nor a WhatsApp or survey send in doubt: one
        request, not a run's round, it is never resumed (Delivery lists it; the
        duplicate-send guard asks before it is sent to the same people again)."""
        rows = self._db.read(
            self._BROADCAST_SELECT + " WHERE b.profile = ? AND b.scheduled_for IS NULL "
            f"AND b.kind NOT IN {_DIRECT_KINDS} "
            "AND EXISTS (SELECT 1 FROM chunks x "
            "WHERE x.broadcast_id = b.id AND x.state IN ('pending', 'in_doubt')) "
            "GROUP BY b.id ORDER BY b.id",
            (profile,),
        )
        return [self._broadcast_from_row(row) for row in rows]

    _CHUNK_SELECT = """
        SELECT id, broadcast_id, seq, state, recipients, tracking_id, message_id, parts, credits,
               accepted_recipients, invalid, reason, detail, attempts, updated_at, sent_at
        FROM chunks
    """

    #: how many chunks' decoded lists :meth:`_recipients` keeps (a run reads a chunk ahead,
    #: claims it, then reads it back once settled)
    _DECODED_KEPT = 4

    def _recipients(self, chunk_id: int, stored: str) -> tuple[Recipient, ...]:
        """The chunk's recipients from their stored JSON. The last few lists decoded are
        kept and used again while the stored text is the same (a list changed meanwhile, as
        an opt-out taken out, is decoded afresh): decoding 500 costs ~0.2 ms, and a send
        reads each chunk three times."""
        kept = self._decoded.get(chunk_id)
        if kept is not None and kept[0] == stored:
            return kept[1]
        recipients = tuple(map(Recipient._make, json.loads(stored)))
        with self._decoded_lock:
            self._decoded.pop(chunk_id, None)
            while len(self._decoded) >= self._DECODED_KEPT:
                self._decoded.pop(next(iter(self._decoded)))
            self._decoded[chunk_id] = (stored, recipients)
        return recipients

    def _chunk_from_row(self, row: tuple[Any, ...]) -> Chunk:
        return Chunk(
            id=row[0],
            broadcast_id=row[1],
            seq=row[2],
            state=ChunkState(row[3]),
            recipients=self._recipients(row[0], row[4]),
            tracking_id=row[5],
            message_id=row[6],
            parts=row[7],
            credits=row[8],
            accepted_recipients=row[9],
            invalid=tuple(json.loads(row[10])),
            reason=None if row[11] is None else ChunkReason(row[11]),
            detail=row[12],
            attempts=row[13],
            updated_at=parse_time(row[14]),
            sent_at=None if row[15] is None else parse_time(row[15]),
        )

    def chunks(self, broadcast_id: int, state: ChunkState | None = None) -> list[Chunk]:
        """The broadcast's chunks in sending order (optionally only those in one state)."""
        if state is None:
            rows = self._db.read(
                self._CHUNK_SELECT + " WHERE broadcast_id = ? ORDER BY seq", (broadcast_id,)
            )
        else:
            rows = self._db.read(
                self._CHUNK_SELECT + " WHERE broadcast_id = ? AND state = ? ORDER BY seq",
                (broadcast_id, ChunkState(state)),
            )
        return [self._chunk_from_row(row) for row in rows]

    def chunk(self, chunk_id: int) -> Chunk:
        row = self._db.read_one(self._CHUNK_SELECT + " WHERE id = ?", (chunk_id,))
        if row is None:
            raise StoreError(StoreProblem.NOT_FOUND, chunk=chunk_id)
        return self._chunk_from_row(row)

    def pending_ids(self, broadcast_id: int) -> list[int]:
        """The ids of the broadcast's pending chunks, in sending order (without reading their
        recipients: a runner claims them one by one, see :meth:`claim`)."""
        rows = self._db.read(
            "SELECT id FROM chunks WHERE broadcast_id = ? AND state = ? ORDER BY seq",
            (broadcast_id, ChunkState.PENDING),
        )
        return [chunk_id for (chunk_id,) in rows]

    def claim(self, chunk_id: int) -> Chunk:
        """:meth:`mark_sending`, then the chunk as claimed (its recipients, to send). Should
        the chunk not be readable after its claim, nothing was sent: it is pending again
        (not left to be found "in doubt" at the next start), and the error is raised."""
        self.mark_sending(chunk_id)
        try:
            return self.chunk(chunk_id)
        except BaseException:
            try:
                self.mark_pending(chunk_id)
            except Exception:  # the store itself failed: the next start finds it in doubt
                log.warning("a claimed chunk could not be put back", exc_info=True)
            raise

    def run_summary(self, broadcast_id: int) -> tuple[int, list[tuple[str, str | None]]]:
        """(credits of its chunks, the distinct (reason, detail) of its refused chunks) for a
        broadcast's report, without reading any chunk's recipients."""
        credits = self._db.read_one(
            "SELECT COALESCE(SUM(credits), 0) FROM chunks WHERE broadcast_id = ?",
            (broadcast_id,),
        )
        refused = self._db.read(
            "SELECT DISTINCT reason, detail FROM chunks "
            "WHERE broadcast_id = ? AND state = ? AND reason IS NOT NULL",
            (broadcast_id, ChunkState.REJECTED),
        )
        return (0 if credits is None else int(credits[0])), [(r, d) for r, d in refused]

    # --- state moves ------------------------------------------------------------------------

    def _move(
        self,
        chunk_id: int,
        allowed: tuple[ChunkState, ...],
        target: ChunkState,
        **columns: object,
    ) -> None:
        """Move one chunk to *target* if it is in one of the *allowed* states, durably;
        otherwise raise (ILLEGAL_MOVE with the state it is in, or NOT_FOUND)."""
        with self._db.write() as db:
            if not _update_state(db, chunk_id, allowed, target, columns):
                raise _refusal(db, chunk_id, target)

    def mark_sending(self, chunk_id: int) -> None:
        """Claim a pending chunk for sending, durably, just before its request goes out.
        Raises StoreError(ILLEGAL_MOVE) when it is no longer pending (another run claimed it).
        Its recipients rows are written in the same transaction if they are not yet: a chunk
        that may have gone out is always in the recipients table."""
        with self._db.write() as db:
            if not _update_state(
                db, chunk_id, (ChunkState.PENDING,), ChunkState.SENDING, self._claimed()
            ):
                raise _refusal(db, chunk_id, ChunkState.SENDING)
            self._index_in(db, chunk_id)

    def _claimed(self) -> dict[str, object]:
        """The columns of a chunk claimed by this store (:meth:`mark_sending`)."""
        return {"owner": self._db.owner, "attempts": _Increment(), "reason": None, "detail": None}

    def mark_accepted(
        self,
        chunk_id: int,
        message_id: str | None,
        parts: int | None,
        credits: int | None,
        *,
        recipients: int | None = None,
        invalid: Sequence[str] = (),
        claim_next: int | None = None,
    ) -> Chunk | None:
        """The service accepted the chunk (it may also have been in doubt until now).

        With *claim_next*, that chunk is claimed (:meth:`claim`) in the same durable commit:
        a runner's one trip to the disk per request instead of two. Returns the claimed
        chunk, or None when it was not claimed: no longer pending (another run has it), or
        not readable after its claim (then it is pending again, as :meth:`claim` leaves it;
        claiming it again says why). The acceptance is kept either way; should it be refused
        (ILLEGAL_MOVE, NOT_FOUND), nothing is claimed."""
        with self._db.write() as db:
            if not _update_state(
                db,
                chunk_id,
                (ChunkState.SENDING, ChunkState.IN_DOUBT),
                ChunkState.ACCEPTED,
                {
                    "message_id": message_id,
                    "parts": parts,
                    "credits": credits,
                    "accepted_recipients": recipients,
                    "invalid": json.dumps(list(invalid)),
                    "reason": None,
                    "detail": None,
                    "owner": None,
                    "sent_at": stamp(now()),
                },
            ):
                raise _refusal(db, chunk_id, ChunkState.ACCEPTED)
            if claim_next is None:
                return None
            claimed = _update_state(
                db, claim_next, (ChunkState.PENDING,), ChunkState.SENDING, self._claimed()
            )
            if claimed:
                self._index_in(db, claim_next)  # a chunk that may go out is in the recipients
        if not claimed:
            return None
        try:
            return self.chunk(claim_next)
        except Exception:
            log.warning("a claimed chunk could not be read; it is pending again", exc_info=True)
            try:
                self.mark_pending(claim_next)
            except Exception:  # the store itself failed: the next start finds it in doubt
                log.warning("a claimed chunk could not be put back", exc_info=True)
            return None

    def mark_rejected(
        self, chunk_id: int, reason: ChunkReason = ChunkReason.REFUSED, detail: str | None = None
    ) -> None:
        """The service refused the chunk for good (e.g. every number invalid); not billed."""
        self._move(
            chunk_id,
            (ChunkState.PENDING, ChunkState.SENDING, ChunkState.IN_DOUBT),
            ChunkState.REJECTED,
            reason=ChunkReason(reason),
            detail=detail,
            owner=None,
        )

    def mark_in_doubt(self, chunk_id: int, reason: ChunkReason, detail: str | None = None) -> None:
        """The request may have gone out but its answer was lost: never resend on our own."""
        self._move(
            chunk_id,
            (ChunkState.SENDING, ChunkState.IN_DOUBT),
            ChunkState.IN_DOUBT,
            reason=ChunkReason(reason),
            detail=detail,
            owner=None,
        )

    def mark_pending(self, chunk_id: int) -> None:
        """The request provably never left (refused before sending): it may be sent later."""
        self._move(
            chunk_id,
            (ChunkState.SENDING,),
            ChunkState.PENDING,
            reason=None,
            detail=None,
            owner=None,
        )

    def resolve_in_doubt(self, chunk_id: int, sent: bool) -> None:
        """The user's decision on an in-doubt chunk: sent → counted as accepted (without a
        message id); not sent → pending again, to be sent only when the user resumes."""
        if sent:
            self._move(
                chunk_id,
                (ChunkState.IN_DOUBT,),
                ChunkState.ACCEPTED,
                reason=ChunkReason.RESOLVED_SENT,
                detail=None,
                owner=None,
                sent_at=stamp(now()),
            )
        else:
            self._move(
                chunk_id, (ChunkState.IN_DOUBT,), ChunkState.PENDING, reason=None, detail=None
            )

    def cancel_pending(self, broadcast_id: int) -> int:
        """The user does not want the rest of a broadcast sent: its pending chunks are
        cancelled (they no longer make it unfinished). Returns how many."""
        with self._db.write() as db:
            cursor = db.execute(
                "UPDATE chunks SET state = ?, updated_at = ? WHERE broadcast_id = ? AND state = ?",
                (ChunkState.CANCELLED, stamp(now()), broadcast_id, ChunkState.PENDING),
            )
            return cursor.rowcount

    def withdraw_recipients(self, broadcast_id: int, phones: Collection[str]) -> int:
        """Take *phones* out of the broadcast's pending chunks (they must not get it: they
        opted out since it was planned). A chunk left empty is cancelled. Returns how many
        recipients were taken out."""
        skip = set(phones)
        if not skip:
            return 0
        removed = 0
        with self._db.write() as db:
            rows = db.execute(
                "SELECT id, recipients FROM chunks WHERE broadcast_id = ? AND state = ?",
                (broadcast_id, ChunkState.PENDING),
            ).fetchall()
            moment = stamp(now())
            for chunk_id, members_json in rows:
                members = json.loads(members_json)
                kept = [m for m in members if m[0] not in skip]
                gone = len(members) - len(kept)
                if not gone:
                    continue
                removed += gone
                if kept:
                    db.execute(
                        "UPDATE chunks SET recipients = ?, size = ?, updated_at = ? WHERE id = ?",
                        (json.dumps(kept), len(kept), moment, chunk_id),
                    )
                else:
                    # nobody left to send to; its list still names them, so its recipients
                    # rows must never be written from it (indexed)
                    db.execute(
                        "UPDATE chunks SET state = ?, updated_at = ?, indexed = 1 WHERE id = ?",
                        (ChunkState.CANCELLED, moment, chunk_id),
                    )
                db.executemany(
                    "DELETE FROM recipients WHERE chunk_id = ? AND phone = ?",
                    [(chunk_id, m[0]) for m in members if m[0] in skip],
                )
            if removed:
                db.execute(
                    "UPDATE broadcasts SET recipients = recipients - ? WHERE id = ?",
                    (removed, broadcast_id),
                )
        return removed

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
    ) -> int:
        """Record one request the service has already accepted that did not go through a
        broadcast (a WhatsApp template, a survey), so the Delivery tab lists it like any other
        send: one broadcast holding one accepted chunk, written in one transaction. It has
        nothing pending or in doubt, so it is never offered for resuming nor sent again.
        *invalid* are the numbers the service skipped: like a broadcast's, they have their
        recipients rows (the Delivery tab lists them, rejected as invalid, once it follows the
        send; the duplicate-send guard does not count them). Returns the broadcast's id."""
        kind = BroadcastKind(kind)
        if not message_id:
            raise StoreError(StoreProblem.NO_MESSAGE_ID)
        moment = stamp(now())
        with self._db.write() as db:
            broadcast_id, _chunk_id = _insert_direct(
                db,
                kind,
                text,
                recipients,
                profile=profile,
                sender_id=sender_id,
                chunk={
                    "state": ChunkState.ACCEPTED,
                    "message_id": message_id,
                    "parts": parts,
                    "credits": credits,
                    "accepted_recipients": accepted_recipients,
                    "invalid": json.dumps(list(invalid)),
                    "sent_at": moment,
                },
            )
        return broadcast_id

    def begin_direct(
        self,
        kind: BroadcastKind,
        text: str,
        recipients: Sequence[str],
        *,
        profile: str,
        sender_id: str = "",
    ) -> Chunk:
        """Write down a WhatsApp template or survey send *before* its one request goes out:
        one broadcast holding one chunk, claimed by this store (`sending`), and its recipients
        rows, in one transaction. Then, as for a broadcast's round: the reply is written with
        :meth:`mark_accepted`; a lost reply with :meth:`mark_in_doubt` (the duplicate-send
        guard counts it, Delivery lists it); a request that provably sent nothing is taken
        back with :meth:`discard_direct`. Left `sending` by a Tuma that died, the next start
        finds it in doubt (:meth:`recover_interrupted`). It is never pending, so never resumed
        or sent again by a run (:meth:`unfinished` does not list these kinds)."""
        kind = BroadcastKind(kind)
        if kind not in RECORDED_ONLY:
            raise StoreError(StoreProblem.NOT_A_BROADCAST, kind=kind)
        with self._db.write() as db:
            _broadcast_id, chunk_id = _insert_direct(
                db,
                kind,
                text,
                recipients,
                profile=profile,
                sender_id=sender_id,
                chunk={"state": ChunkState.SENDING, "owner": self._db.owner},
            )
        return self.chunk(chunk_id)

    def discard_direct(self, chunk_id: int) -> None:
        """Take back a direct send (:meth:`begin_direct`) whose request provably sent nothing
        (refused, or never reached the service): nothing happened, so nothing is listed or
        guarded against. Only while it is still `sending`; otherwise ILLEGAL_MOVE."""
        with self._db.write() as db:
            row = db.execute(
                "SELECT c.broadcast_id, c.state, b.kind FROM chunks c "
                "JOIN broadcasts b ON b.id = c.broadcast_id WHERE c.id = ?",
                (chunk_id,),
            ).fetchone()
            if row is None:
                raise StoreError(StoreProblem.NOT_FOUND, chunk=chunk_id)
            broadcast_id, state, kind = row
            if state != ChunkState.SENDING or kind not in RECORDED_ONLY:
                raise StoreError(
                    StoreProblem.ILLEGAL_MOVE, chunk=chunk_id, state=state, target="discarded"
                )
            db.execute("DELETE FROM recipients WHERE chunk_id = ?", (chunk_id,))
            db.execute("DELETE FROM chunks WHERE id = ?", (chunk_id,))
            db.execute("DELETE FROM broadcasts WHERE id = ?", (broadcast_id,))


def _insert_direct(
    db: sqlite3.Connection,
    kind: BroadcastKind,
    text: str,
    recipients: Sequence[str],
    *,
    profile: str,
    sender_id: str,
    chunk: dict[str, object],
) -> tuple[int, int]:
    """A WhatsApp template or survey send: one broadcast, its one chunk (*chunk*: its state
    and the columns that go with it) and its recipients rows. Returns (broadcast, chunk).
    Refused (nothing written) with no recipients or no text."""
    if not recipients:
        raise StoreError(StoreProblem.NO_RECIPIENTS)
    if not text:
        raise StoreError(StoreProblem.EMPTY_TEXT)
    moment = stamp(now())
    broadcast_id = db.execute(
        "INSERT INTO broadcasts (profile, kind, sender_id, text, chunk_size, recipients, "
        "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (profile, kind, sender_id, text, len(recipients), len(recipients), moment),
    ).lastrowid
    assert broadcast_id is not None
    columns = {
        "broadcast_id": broadcast_id,
        "seq": 0,
        "recipients": json.dumps([[phone, None] for phone in recipients]),
        "size": len(recipients),
        "attempts": 1,
        "updated_at": moment,
        **chunk,
    }
    chunk_id = db.execute(
        f"INSERT INTO chunks ({', '.join(columns)}) VALUES ({_marks(columns)})",
        tuple(columns.values()),
    ).lastrowid
    assert chunk_id is not None
    key = content_key(kind, text)
    db.executemany(
        "INSERT INTO recipients (broadcast_id, chunk_id, profile, phone, content) "
        "VALUES (?, ?, ?, ?, ?)",
        [(broadcast_id, chunk_id, profile, p, key) for p in recipients],
    )
    return broadcast_id, chunk_id


class _Increment:
    """A column value meaning "one more than now" in :func:`_update_state`."""


def _update_state(
    db: sqlite3.Connection,
    chunk_id: int,
    allowed: tuple[ChunkState, ...],
    target: ChunkState,
    columns: dict[str, object],
) -> bool:
    """In the open transaction: move one chunk to *target* with *columns* if it is in one
    of the *allowed* states. True when it moved."""
    assignments: list[str] = []
    values: list[object] = []
    for name, value in columns.items():
        if isinstance(value, _Increment):
            assignments.append(f"{name} = {name} + 1")
        else:
            assignments.append(f"{name} = ?")
            values.append(value)
    cursor = db.execute(
        f"UPDATE chunks SET state = ?, updated_at = ?, {', '.join(assignments)} "
        f"WHERE id = ? AND state IN ({_marks(allowed)})",
        (target, stamp(now()), *values, chunk_id, *allowed),
    )
    return cursor.rowcount == 1


def _refusal(db: sqlite3.Connection, chunk_id: int, target: ChunkState) -> StoreError:
    """Why a chunk could not be moved to *target*: not there, or in the wrong state."""
    row = db.execute("SELECT state FROM chunks WHERE id = ?", (chunk_id,)).fetchone()
    if row is None:
        return StoreError(StoreProblem.NOT_FOUND, chunk=chunk_id)
    return StoreError(
        StoreProblem.ILLEGAL_MOVE, chunk=chunk_id, state=ChunkState(row[0]), target=target
    )
