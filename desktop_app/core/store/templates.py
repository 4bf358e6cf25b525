"""Message templates: the texts staff send often, by name (unique, ignoring case)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime

from desktop_app.core.store.db import (
    Database,
    StoreError,
    StoreProblem,
    migration,
    now,
    parse_time,
    stamp,
)

__all__ = ["Template", "Templates"]


@dataclass(frozen=True)
class Template:
    name: str
    text: str
    updated_at: datetime


@migration(1, "templates")
def _create(db: sqlite3.Connection) -> None:
    db.execute(
        "CREATE TABLE IF NOT EXISTS templates (name TEXT PRIMARY KEY COLLATE NOCASE, "
        "text TEXT NOT NULL, updated_at TEXT NOT NULL)"
    )


class Templates:
    def __init__(self, db: Database) -> None:
        self._db = db

    def save(self, name: str, text: str, *, overwrite: bool = True) -> Template:
        """Save a named text (saving again replaces it unless *overwrite* is False)."""
        clean = name.strip()
        if not clean:
            raise StoreError(StoreProblem.NO_NAME)
        if not text.strip():
            raise StoreError(StoreProblem.EMPTY_TEXT)
        moment = stamp(now())
        with self._db.write() as db:
            existing = db.execute("SELECT name FROM templates WHERE name = ?", (clean,)).fetchone()
            if existing is not None and not overwrite:
                raise StoreError(StoreProblem.EXISTS, name=existing[0])
            db.execute("DELETE FROM templates WHERE name = ?", (clean,))
            db.execute(
                "INSERT INTO templates (name, text, updated_at) VALUES (?, ?, ?)",
                (clean, text, moment),
            )
        return Template(clean, text, parse_time(moment))

    def all(self) -> list[Template]:
        rows = self._db.read("SELECT name, text, updated_at FROM templates ORDER BY name")
        return [Template(name, text, parse_time(at)) for name, text, at in rows]

    def delete(self, name: str) -> bool:
        with self._db.write() as db:
            return db.execute("DELETE FROM templates WHERE name = ?", (name.strip(),)).rowcount > 0
