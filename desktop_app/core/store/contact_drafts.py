"""The contacts being typed in the add/edit forms, per account: kept shortly after typing stops
and when Tuma closes, so a quit, a log-out or a crash does not lose them; gone once their form
is saved or discarded. Each form keeps its own (by a key of its own: a second form, or a new
one opened while an older one is on offer, never replaces another's), with the contact it is
an edit of (as the form had it), so it reopens as that edit and not as a new contact.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from desktop_app.core.store.db import Database, migration, now, parse_time, stamp

if TYPE_CHECKING:
    # (imported when a draft is read: the store opens before the API's modules are loaded)
    from desktop_app.core.api.models import Contact

__all__ = ["ContactDraft", "ContactDrafts"]


@dataclass(frozen=True)
class ContactDraft:
    """What was typed in a form's fields, and the contact it edits (None: a new one). *key*:
    the form's own, under which it is kept."""

    key: str = ""
    phone: str = ""
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    notes: str = ""
    contact: Contact | None = None
    saved_at: datetime | None = None  # UTC; set by the store


@migration(14, "contact drafts")
def _create(db: sqlite3.Connection) -> None:
    db.execute(
        "CREATE TABLE IF NOT EXISTS contact_drafts (key TEXT PRIMARY KEY, "
        "profile TEXT NOT NULL, phone TEXT NOT NULL, first_name TEXT NOT NULL, "
        "last_name TEXT NOT NULL, email TEXT NOT NULL, notes TEXT NOT NULL, "
        "contact_uuid TEXT, contact TEXT, saved_at TEXT NOT NULL)"
    )
    db.execute("CREATE INDEX IF NOT EXISTS contact_drafts_by_profile ON contact_drafts (profile)")


def _contact_json(contact: Contact | None) -> str | None:
    if contact is None:
        return None
    return json.dumps(
        {
            "uuid": contact.uuid,
            "phone": contact.phone,
            "first_name": contact.first_name,
            "last_name": contact.last_name,
            "email": contact.email,
            "notes": contact.notes,
            "created_at": None if contact.created_at is None else stamp(contact.created_at),
            "updated_at": None if contact.updated_at is None else stamp(contact.updated_at),
        }
    )


def _contact_from_json(uuid: str | None, text: str | None) -> Contact | None:
    """The contact edited; from its id alone when the rest cannot be read (the typing is what
    matters, and the id keeps it an edit of that contact)."""
    if uuid is None:
        return None
    from desktop_app.core.api.models import Contact

    raw: object = None
    if text:
        try:
            raw = json.loads(text)
        except ValueError:
            raw = None
    if not isinstance(raw, dict):
        raw = {}

    def text_of(name: str) -> str | None:
        value = raw.get(name)
        return value if isinstance(value, str) else None

    def time_of(name: str) -> datetime | None:
        value = text_of(name)
        if value is None:
            return None
        try:
            return parse_time(value)
        except ValueError:
            return None

    return Contact(
        uuid=uuid,
        phone=text_of("phone") or "",
        first_name=text_of("first_name"),
        last_name=text_of("last_name"),
        email=text_of("email"),
        notes=text_of("notes"),
        created_at=time_of("created_at"),
        updated_at=time_of("updated_at"),
    )


class ContactDrafts:
    def __init__(self, db: Database) -> None:
        self._db = db

    def load(self, profile: str) -> list[ContactDraft]:
        """The profile's contact drafts, the latest kept first."""
        rows = self._db.read(
            "SELECT key, phone, first_name, last_name, email, notes, contact_uuid, contact, "
            "saved_at FROM contact_drafts WHERE profile = ? ORDER BY saved_at DESC, rowid DESC",
            (profile,),
        )
        return [
            ContactDraft(
                key=key,
                phone=phone,
                first_name=first_name,
                last_name=last_name,
                email=email,
                notes=notes,
                contact=_contact_from_json(uuid, contact),
                saved_at=parse_time(saved_at),
            )
            for key, phone, first_name, last_name, email, notes, uuid, contact, saved_at in rows
        ]

    def save(self, profile: str, draft: ContactDraft) -> None:
        """Keep *draft* under its key (replacing what that key held)."""
        if not draft.key:
            raise ValueError("a contact draft is kept under its form's key")
        contact = draft.contact
        with self._db.write() as db:
            db.execute(
                "INSERT OR REPLACE INTO contact_drafts (key, profile, phone, first_name, "
                "last_name, email, notes, contact_uuid, contact, saved_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    draft.key,
                    profile,
                    draft.phone,
                    draft.first_name,
                    draft.last_name,
                    draft.email,
                    draft.notes,
                    None if contact is None else contact.uuid,
                    _contact_json(contact),
                    stamp(now()),
                ),
            )

    def clear(self, key: str) -> None:
        with self._db.write() as db:
            db.execute("DELETE FROM contact_drafts WHERE key = ?", (key,))
