"""The message being written, per account: it survives a crash or a quit, and stops being a
draft the moment it is sent (the journal takes it over in the same transaction).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime

from desktop_app.core.store.db import Database, migration, now, parse_time, stamp

__all__ = ["Draft", "DraftPerson", "Drafts", "TakenOff"]


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
    #: This text is a scheduled send taken off the schedule to edit it (Undo puts it back).
    taken_off: TakenOff | None = None

    @property
    def is_empty(self) -> bool:
        return (
            not self.text.strip()
            and not self.numbers.strip()
            and not self.people
            and self.taken_off is None  # emptied by hand, it can still be put back
        )


@dataclass(frozen=True)
class TakenOff:
    """The scheduled send a draft was taken from by Edit: which one, when it was due, what
    the form held before (Undo puts that back, and the send on the schedule), and its kind
    of message (a ``SendCategory`` value: the send's own, or the one chosen for it since),
    which holds over the sender ID's usual kind while the form is that send. None: a draft
    kept before kinds were (see DraftsService.load), or a send recorded without one."""

    broadcast_id: int
    due_at: datetime  # UTC
    before: Draft | None = None
    category: str | None = None


@migration(3, "drafts")
def _create(db: sqlite3.Connection) -> None:
    db.execute(
        "CREATE TABLE IF NOT EXISTS drafts (profile TEXT PRIMARY KEY, text TEXT NOT NULL, "
        "numbers TEXT NOT NULL, sender_id TEXT NOT NULL, fallback TEXT, people TEXT NOT NULL, "
        "updated_at TEXT NOT NULL)"
    )


@migration(13, "drafts: the scheduled send a draft was taken from")
def _taken_off(db: sqlite3.Connection) -> None:
    columns = {row[1] for row in db.execute("PRAGMA table_info(drafts)").fetchall()}
    if "taken_off" not in columns:
        db.execute("ALTER TABLE drafts ADD COLUMN taken_off TEXT")


def _draft_json(draft: Draft) -> dict[str, object]:
    return {
        "text": draft.text,
        "numbers": draft.numbers,
        "sender_id": draft.sender_id,
        "fallback": draft.fallback,
        "people": [[p.phone, p.first_name, p.last_name] for p in draft.people],
        "taken_off": _taken_off_dict(draft.taken_off),
    }


def _draft_from_json(raw: dict[str, object]) -> Draft:
    people = raw.get("people")
    fallback = raw.get("fallback")
    return Draft(
        text=str(raw.get("text", "")),
        numbers=str(raw.get("numbers", "")),
        sender_id=str(raw.get("sender_id", "")),
        fallback=fallback if isinstance(fallback, str) else None,
        people=tuple(DraftPerson(*p) for p in people) if isinstance(people, list) else (),
        taken_off=_taken_off_from_dict(raw.get("taken_off")),
    )


def _taken_off_dict(taken_off: TakenOff | None) -> dict[str, object] | None:
    if taken_off is None:
        return None
    return {
        "broadcast_id": taken_off.broadcast_id,
        "due_at": stamp(taken_off.due_at),
        "before": None if taken_off.before is None else _draft_json(taken_off.before),
        # (in the JSON of the taken_off column: no schema step; older rows read as None)
        "category": taken_off.category,
    }


def _taken_off_from_dict(raw: object) -> TakenOff | None:
    if not isinstance(raw, dict):
        return None
    before = raw.get("before")
    category = raw.get("category")
    return TakenOff(
        broadcast_id=int(raw["broadcast_id"]),
        due_at=parse_time(raw["due_at"]),
        before=_draft_from_json(before) if isinstance(before, dict) else None,
        category=category if isinstance(category, str) else None,
    )


def _taken_off_json(taken_off: TakenOff | None) -> str | None:
    return None if taken_off is None else json.dumps(_taken_off_dict(taken_off))


def _taken_off_from_json(text: str | None) -> TakenOff | None:
    if not text:
        return None
    try:
        return _taken_off_from_dict(json.loads(text))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None  # the text itself is still restored


class Drafts:
    def __init__(self, db: Database) -> None:
        self._db = db

    def load(self, profile: str) -> Draft:
        row = self._db.read_one(
            "SELECT text, numbers, sender_id, fallback, people, taken_off FROM drafts "
            "WHERE profile = ?",
            (profile,),
        )
        if row is None:
            return Draft()
        text, numbers, sender_id, fallback, people, taken_off = row
        return Draft(
            text=text,
            numbers=numbers,
            sender_id=sender_id,
            fallback=fallback,
            people=tuple(DraftPerson(*person) for person in json.loads(people)),
            taken_off=_taken_off_from_json(taken_off),
        )

    def save(self, profile: str, draft: Draft, *, db: sqlite3.Connection | None = None) -> None:
        """Keep *draft* as the profile's (an empty one is simply forgotten); with *db*: inside
        the caller's transaction."""
        if db is None:
            with self._db.write() as tx:
                self.save(profile, draft, db=tx)
            return
        if draft.is_empty:
            self.clear(profile, db=db)
            return
        db.execute(
            "INSERT OR REPLACE INTO drafts (profile, text, numbers, sender_id, fallback, "
            "people, taken_off, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                profile,
                draft.text,
                draft.numbers,
                draft.sender_id,
                draft.fallback,
                json.dumps([[p.phone, p.first_name, p.last_name] for p in draft.people]),
                _taken_off_json(draft.taken_off),
                stamp(now()),
            ),
        )

    def taken_off(self, profile: str, db: sqlite3.Connection) -> TakenOff | None:
        """The scheduled send the profile's draft was taken from, read in *db*'s transaction."""
        row = db.execute("SELECT taken_off FROM drafts WHERE profile = ?", (profile,)).fetchone()
        return None if row is None else _taken_off_from_json(row[0])

    def clear(self, profile: str, *, db: sqlite3.Connection | None = None) -> None:
        """Forget the profile's draft (with *db*: inside the caller's transaction)."""
        if db is not None:
            db.execute("DELETE FROM drafts WHERE profile = ?", (profile,))
            return
        with self._db.write() as tx:
            tx.execute("DELETE FROM drafts WHERE profile = ?", (profile,))
