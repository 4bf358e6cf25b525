"""The message being written, per account: it survives a crash or a quit, and stops being a
draft the moment it is sent (the journal takes it over in the same transaction).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field

from desktop_app.core.store.db import Database, migration, now, stamp

__all__ = ["Draft", "DraftPerson", "Drafts"]


@dataclass(frozen=True)
class DraftPerson:
    """A recipient picked from the contacts (the names are kept for personalisation)."""

    phone: str
    first_name: str = ""
    last_name: str = ""


@dataclass(frozen=True)
class Draft:
    text: str = ""
    numbers: str = ""  # what was typed or pasted in the To box
    sender_id: str = ""
    fallback: str | None = None  # the "No name? Use:" word
    people: tuple[DraftPerson, ...] = field(default=())  # picked from contacts

    @property
    def is_empty(self) -> bool:
        return not self.text.strip() and not self.numbers.strip() and not self.people


@migration(3, "drafts")
def _create(db: sqlite3.Connection) -> None:
    db.execute(
        "CREATE TABLE IF NOT EXISTS drafts (profile TEXT PRIMARY KEY, text TEXT NOT NULL, "
        "numbers TEXT NOT NULL, sender_id TEXT NOT NULL, fallback TEXT, people TEXT NOT NULL, "
        "updated_at TEXT NOT NULL)"
    )


class Drafts:
    def __init__(self, db: Database) -> None:
        self._db = db

    def load(self, profile: str) -> Draft:
        row = self._db.read_one(
            "SELECT text, numbers, sender_id, fallback, people FROM drafts WHERE profile = ?",
            (profile,),
        )
        if row is None:
            return Draft()
        text, numbers, sender_id, fallback, people = row
        return Draft(
            text=text,
            numbers=numbers,
            sender_id=sender_id,
            fallback=fallback,
            people=tuple(DraftPerson(*person) for person in json.loads(people)),
        )

    def save(self, profile: str, draft: Draft) -> None:
        """Keep *draft* as the profile's (an empty one is simply forgotten)."""
        with self._db.write() as db:
            if draft.is_empty:
                self.clear(profile, db=db)
                return
            db.execute(
                "INSERT OR REPLACE INTO drafts (profile, text, numbers, sender_id, fallback, "
                "people, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    profile,
                    draft.text,
                    draft.numbers,
                    draft.sender_id,
                    draft.fallback,
                    json.dumps([[p.phone, p.first_name, p.last_name] for p in draft.people]),
                    stamp(now()),
                ),
            )

    def clear(self, profile: str, *, db: sqlite3.Connection | None = None) -> None:
        """Forget the profile's draft (with *db*: inside the caller's transaction)."""
        if db is not None:
            db.execute("DELETE FROM drafts WHERE profile = ?", (profile,))
            return
        with self._db.write() as tx:
            tx.execute("DELETE FROM drafts WHERE profile = ?", (profile,))
