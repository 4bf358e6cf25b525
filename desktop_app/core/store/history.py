"""Sent history: every accepted send of an account, as the Delivery tab lists it.

It reads the journal's tables (an accepted chunk with the service's message id is one sent
message); it writes nothing of its own yet.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from desktop_app.core.store.db import Database, migration, parse_time
from desktop_app.core.store.journal import BroadcastKind

__all__ = ["SentHistory", "SentMessage"]


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
