"""Sent history: every accepted send of an account, as the Delivery tab lists it, and who
already got what (the duplicate-send guard asks it before every send).

It reads the journal's tables (an accepted chunk with the service's message id is one sent
message; the recipients table says who got which content); it writes nothing of its own yet.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from desktop_app.core.store.db import Database, migration, parse_time, stamp
from desktop_app.core.store.journal import BroadcastKind, ChunkState, unindexed_lists

__all__ = ["PriorSend", "SentHistory", "SentMessage"]


@dataclass(frozen=True)
class SentMessage:
    """One accepted send (one request the service accepted and gave an id)."""

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
class PriorSend:
    """A recipient who already got (or is about to get) the same content."""

    phone: str
    state: ChunkState  # accepted or in doubt: sent; pending or sending: in an unfinished run
    at: datetime  # when it was sent (accepted), last touched (in doubt) or written down
    broadcast_id: int

    @property
    def unfinished(self) -> bool:
        return self.state in (ChunkState.PENDING, ChunkState.SENDING)


@migration(1, "history")
def _create(db: sqlite3.Connection) -> None:
    """History has no tables of its own (it reads the journal's)."""


_SELECT = (
    "SELECT c.message_id, c.recipients, c.invalid, b.text, c.parts, c.credits, c.sent_at, "
    "b.id, b.kind, b.sender_id FROM chunks c JOIN broadcasts b ON b.id = c.broadcast_id "
    "WHERE b.profile = ? AND c.state = 'accepted' AND c.message_id IS NOT NULL"
)
_ORDER = " ORDER BY c.sent_at DESC, c.id DESC"


def _message(row: tuple[Any, ...]) -> SentMessage:
    members = [(phone, message) for phone, message in json.loads(row[1])]
    skipped = set(json.loads(row[2]))
    text = row[3] or (members[0][1] or "" if members else "")
    return SentMessage(
        message_id=row[0],
        recipients=tuple(phone for phone, _ in members if phone not in skipped),
        text=text,
        parts=row[4],
        credits=row[5],
        sent_at=parse_time(row[6]),
        broadcast_id=row[7],
        kind=BroadcastKind(row[8]),
        sender_id=row[9],
    )


class SentHistory:
    def __init__(self, db: Database) -> None:
        self._db = db

    def sent_messages(self, profile: str, limit: int = 200) -> list[SentMessage]:
        """Accepted sends that have a message id (so delivery can be looked up), newest first."""
        rows = self._db.read(_SELECT + _ORDER + " LIMIT ?", (profile, limit))
        return [_message(row) for row in rows]

    def for_broadcast(self, profile: str, broadcast_id: int) -> list[SentMessage]:
        """The accepted batches of one broadcast, newest first (read right after a send, so
        it touches only that broadcast's rows, however long the history)."""
        rows = self._db.read(_SELECT + " AND b.id = ?" + _ORDER, (profile, broadcast_id))
        return [_message(row) for row in rows]

    def prior_sends(
        self, profile: str, candidates: Sequence[tuple[str, str]], since: datetime
    ) -> list[PriorSend]:
        """Of *candidates* ((phone, content key) pairs), those who got that very content
        from this profile since *since* (accepted or in doubt), or are due to get it in a
        broadcast not finished yet (pending or being sent, whenever it was written down).
        One row per phone: the latest such send. A send whose delivery report says it
        failed or was rejected (final) did not reach that person, so it does not count:
        "Resend to failed" is not a second send (store.delivery keeps the reports); nor does
        a number the service skipped as invalid in an accepted request (before the Delivery
        tab has recorded it as rejected too)."""
        if not candidates:
            return []
        with self._db.write() as db:  # a temporary table of this connection, in one go
            db.execute(
                "CREATE TEMP TABLE IF NOT EXISTS guard_candidates (phone TEXT, content TEXT)"
            )
            db.execute("DELETE FROM guard_candidates")
            db.executemany("INSERT INTO guard_candidates VALUES (?, ?)", candidates)
            rows = db.execute(
                "SELECT r.phone, c.state, COALESCE(c.sent_at, c.updated_at), r.broadcast_id "
                "FROM guard_candidates g JOIN recipients r "
                "ON r.profile = ? AND r.phone = g.phone AND r.content = g.content "
                "JOIN chunks c ON c.id = r.chunk_id "
                "LEFT JOIN delivery_status d ON d.profile = r.profile "
                "AND d.message_id = c.message_id AND d.phone = r.phone "
                "WHERE (c.state IN ('pending', 'sending') OR (c.state IN ('accepted', 'in_doubt') "
                "AND COALESCE(c.sent_at, c.updated_at) >= ?)) "
                "AND (d.status IS NULL OR d.status NOT IN ('failed', 'rejected')) "
                "AND (c.invalid = '[]' OR r.phone NOT IN (SELECT j.value FROM "
                "json_each(c.invalid) j))",
                (profile, stamp(since)),
            ).fetchall()
            db.execute("DELETE FROM guard_candidates")
            # chunks of a broadcast being sent whose recipients rows are still to be written
            # (Journal.index_pending): read off their own lists
            behind = unindexed_lists(db, profile, (ChunkState.PENDING, ChunkState.SENDING))
        found = [
            (phone, state, parse_time(at), broadcast_id) for phone, state, at, broadcast_id in rows
        ]
        wanted = set(candidates)
        for _chunk, broadcast_id, state, at, pairs in behind:
            found.extend(
                (phone, state, at, broadcast_id) for phone, key in pairs if (phone, key) in wanted
            )
        latest: dict[str, PriorSend] = {}
        for phone, state, at, broadcast_id in found:
            prior = PriorSend(phone, ChunkState(state), at, broadcast_id)
            known = latest.get(phone)
            if known is None or prior.at > known.at:
                latest[phone] = prior
        return list(latest.values())
