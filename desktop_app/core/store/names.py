"""Who a personalised broadcast was written for, with their names: one row per recipient,
kept with the broadcast (and deleted with it); and the fallback word ("No name? Use:") it was
written with, in a column of the journal's ``broadcasts`` table.

A chunk keeps each recipient's rendered text, not the names or the fallback it was rendered
from, so a new send built from an old one ("Resend to failed", editing a scheduled send)
needs them from here to personalise the message again as it was written: "Habari mteja" must
not come back as "Habari customer" because Compose shows another word today. (A scheduled
send that falls due is not rendered again: its chunks went into the journal rendered.)

Only personalised broadcasts have them (the sending service writes them in the broadcast's
own transaction); a bulk send has no names to keep, and its hot path writes nothing more. A
personalised broadcast written before the table (schema step 10) has no names, and one
written before the column (step 12) no fallback: :meth:`RecipientNames.people` and
:meth:`RecipientNames.fallback` say so with None.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence

from desktop_app.core.recipients import Person
from desktop_app.core.store.db import Database, migration, run_script

__all__ = ["RecipientNames"]


@migration(10, "journal: the names a personalised send was written for")
def _create(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
        CREATE TABLE IF NOT EXISTS recipient_names (
            broadcast_id INTEGER NOT NULL REFERENCES broadcasts(id) ON DELETE CASCADE,
            phone TEXT NOT NULL,
            first_name TEXT NOT NULL,
            last_name TEXT NOT NULL,
            from_contacts INTEGER NOT NULL,
            PRIMARY KEY (broadcast_id, phone)
        ) WITHOUT ROWID;
        """,
    )


@migration(12, "journal: the fallback word a personalised send was written with")
def _fallback(db: sqlite3.Connection) -> None:
    columns = {row[1] for row in db.execute("PRAGMA table_info(broadcasts)").fetchall()}
    if "fallback" not in columns:  # NULL for every send before: none was kept
        db.execute("ALTER TABLE broadcasts ADD COLUMN fallback TEXT")


class RecipientNames:
    def __init__(self, db: Database) -> None:
        self._db = db

    @staticmethod
    def keep(
        db: sqlite3.Connection, broadcast_id: int, people: Iterable[Person], fallback: str
    ) -> None:
        """Keep *people* (every recipient of a personalised broadcast, named or not) and the
        *fallback* word it was written with ("" too: then there was none) in *db*'s
        transaction: the one that writes the broadcast. A row for each, so "no rows" means
        only "written before names were kept"."""
        db.execute("UPDATE broadcasts SET fallback = ? WHERE id = ?", (fallback, broadcast_id))
        db.executemany(
            "INSERT OR REPLACE INTO recipient_names "
            "(broadcast_id, phone, first_name, last_name, from_contacts) VALUES (?, ?, ?, ?, ?)",
            [
                (broadcast_id, p.phone, p.first_name, p.last_name, int(p.from_contacts))
                for p in people
            ],
        )

    def people(self, broadcast_id: int, phones: Sequence[str]) -> tuple[Person, ...] | None:
        """*phones* as the people the broadcast was written for (with their names), in the
        order given; None when it kept no names (not personalised, or written before they
        were kept)."""
        rows = self._db.read(
            "SELECT phone, first_name, last_name, from_contacts FROM recipient_names "
            "WHERE broadcast_id = ?",
            (broadcast_id,),
        )
        if not rows:
            return None
        known = {row[0]: Person(row[0], row[1], row[2], bool(row[3])) for row in rows}
        return tuple(known.get(phone) or Person(phone) for phone in phones)

    def fallback(self, broadcast_id: int) -> str | None:
        """The fallback word the broadcast was written with ("" when it had none); None when
        none was kept (not personalised, or written before the fallback was kept)."""
        row = self._db.read_one("SELECT fallback FROM broadcasts WHERE id = ?", (broadcast_id,))
        return None if row is None else row[0]
