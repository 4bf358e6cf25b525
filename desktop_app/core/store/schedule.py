"""When a broadcast goes out, and what kind of send it is: two columns of the journal's
``broadcasts`` table, kept by their own schema step.

A **scheduled** broadcast is written to the journal whole (chunks pending) with the moment it
is due; it is not "unfinished" (nothing resumes it) until it is *released*: an atomic
``scheduled_for → NULL`` that only one caller can win, so a send falling due while the user
presses "Send now" still goes out once. Its pending recipients count for the duplicate-send
guard from the moment it is written (they are due to get it).

The **category** (promotional or transactional) is recorded per broadcast, so a resumed or
scheduled promotional send honours the opt-out list as it stands when it is actually sent.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime

from desktop_app.core.store.db import Database, migration, now, parse_time, run_script, stamp
from desktop_app.core.store.journal import Broadcast, ChunkState, Journal

__all__ = ["Schedule", "ScheduledSend"]


@dataclass(frozen=True)
class ScheduledSend:
    broadcast: Broadcast
    due_at: datetime  # UTC
    category: str | None


@migration(7, "journal: category and send time")
def _columns(db: sqlite3.Connection) -> None:
    columns = {row[1] for row in db.execute("PRAGMA table_info(broadcasts)").fetchall()}
    if "category" not in columns:
        db.execute("ALTER TABLE broadcasts ADD COLUMN category TEXT")
    if "scheduled_for" not in columns:
        db.execute("ALTER TABLE broadcasts ADD COLUMN scheduled_for TEXT")
    run_script(
        db,
        "CREATE INDEX IF NOT EXISTS broadcasts_scheduled ON broadcasts (profile, scheduled_for) "
        "WHERE scheduled_for IS NOT NULL;",
    )


class Schedule:
    def __init__(self, db: Database, journal: Journal) -> None:
        self._db = db
        self._journal = journal

    @staticmethod
    def mark(
        db: sqlite3.Connection,
        broadcast_id: int,
        *,
        category: str | None,
        due_at: datetime | None = None,
    ) -> None:
        """Record the category and (for a scheduled send) when it is due, in *db*'s
        transaction (the one that writes the broadcast)."""
        db.execute(
            "UPDATE broadcasts SET category = ?, scheduled_for = ? WHERE id = ?",
            (category, None if due_at is None else stamp(due_at), broadcast_id),
        )

    def category(self, broadcast_id: int) -> str | None:
        row = self._db.read_one("SELECT category FROM broadcasts WHERE id = ?", (broadcast_id,))
        return None if row is None else row[0]

    def _list(self, sql: str, args: tuple[object, ...]) -> list[ScheduledSend]:
        rows = self._db.read(sql, args)
        return [
            ScheduledSend(self._journal.broadcast(row[0]), parse_time(row[1]), row[2])
            for row in rows
        ]

    def scheduled(self, profile: str) -> list[ScheduledSend]:
        """The account's sends waiting for their time, soonest first."""
        return self._list(
            "SELECT id, scheduled_for, category FROM broadcasts "
            "WHERE profile = ? AND scheduled_for IS NOT NULL ORDER BY scheduled_for, id",
            (profile,),
        )

    def due(self, profile: str, at: datetime | None = None) -> list[ScheduledSend]:
        """Scheduled sends whose time has come (*at*: now), oldest first."""
        return self._list(
            "SELECT id, scheduled_for, category FROM broadcasts WHERE profile = ? "
            "AND scheduled_for IS NOT NULL AND scheduled_for <= ? ORDER BY scheduled_for, id",
            (profile, stamp(at or now())),
        )

    def release(self, broadcast_id: int) -> bool:
        """Take the broadcast off the schedule so it can be sent now. True for the one caller
        that released it; False when it was not (or no longer) scheduled."""
        with self._db.write() as db:
            cursor = db.execute(
                "UPDATE broadcasts SET scheduled_for = NULL "
                "WHERE id = ? AND scheduled_for IS NOT NULL",
                (broadcast_id,),
            )
            return cursor.rowcount == 1

    def reschedule(self, broadcast_id: int, due_at: datetime) -> bool:
        """Move a still-scheduled send to *due_at*. False when it is no longer scheduled."""
        with self._db.write() as db:
            cursor = db.execute(
                "UPDATE broadcasts SET scheduled_for = ? "
                "WHERE id = ? AND scheduled_for IS NOT NULL",
                (stamp(due_at), broadcast_id),
            )
            return cursor.rowcount == 1

    def restore(
        self, broadcast_id: int, due_at: datetime, *, db: sqlite3.Connection | None = None
    ) -> bool:
        """Put a send cancelled off the schedule (to edit it) back on it, due at *due_at*, as
        it was: its cancelled chunks pending again. Only a send none of which went out (every
        chunk cancelled) and that is not scheduled already; False otherwise. With *db*: in
        the caller's transaction."""
        if db is None:
            with self._db.write() as tx:
                return self.restore(broadcast_id, due_at, db=tx)
        cursor = db.execute(
            "UPDATE broadcasts SET scheduled_for = ? WHERE id = ? AND scheduled_for IS NULL "
            "AND NOT EXISTS (SELECT 1 FROM chunks WHERE broadcast_id = ? AND state != ?)",
            (stamp(due_at), broadcast_id, broadcast_id, ChunkState.CANCELLED),
        )
        if cursor.rowcount != 1:
            return False
        db.execute(
            "UPDATE chunks SET state = ?, updated_at = ? WHERE broadcast_id = ?",
            (ChunkState.PENDING, stamp(now()), broadcast_id),
        )
        return True

    def cancel(self, broadcast_id: int, *, db: sqlite3.Connection | None = None) -> bool:
        """Cancel a still-scheduled send: off the schedule, its chunks cancelled, in one
        transaction (with *db*: the caller's). False when it was no longer scheduled (already
        released or sent)."""
        if db is None:
            with self._db.write() as tx:
                return self.cancel(broadcast_id, db=tx)
        cursor = db.execute(
            "UPDATE broadcasts SET scheduled_for = NULL WHERE id = ? AND scheduled_for IS NOT NULL",
            (broadcast_id,),
        )
        if cursor.rowcount != 1:
            return False
        db.execute(
            "UPDATE chunks SET state = ?, updated_at = ? WHERE broadcast_id = ? AND state = ?",
            (ChunkState.CANCELLED, stamp(now()), broadcast_id, ChunkState.PENDING),
        )
        return True
