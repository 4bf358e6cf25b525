"""The account's promotional rules, kept on this computer: the opt-out list (numbers that
must never get a promotional message), the account's opt-out line, and whether each sender
ID's sends are usually promotional or transactional (the form remembers the last choice).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from desktop_app.core.store.db import Database, migration, now, parse_time, run_script, stamp

__all__ = ["OptOut", "OptOutSource", "OptOuts"]

#: SQLite's default limit of host parameters is 999 (older builds): stay well below it.
_BATCH = 500


class OptOutSource(StrEnum):
    REPLIED = "replied"  # the customer replied STOP (entered by staff)
    STAFF = "staff"  # staff marked the number (asked in person, on the phone, …)
    IMPORTED = "imported"  # from a file of numbers
    BLOCKED = "blocked"  # a delivery report said the customer blocked promotions


@dataclass(frozen=True)
class OptOut:
    phone: str
    source: OptOutSource
    added_at: datetime
    note: str = ""


@migration(7, "opt-outs and sending rules")
def _create(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
        CREATE TABLE IF NOT EXISTS opt_outs (
            profile TEXT NOT NULL,
            phone TEXT NOT NULL,
            source TEXT NOT NULL,
            note TEXT NOT NULL DEFAULT '',
            added_at TEXT NOT NULL,
            PRIMARY KEY (profile, phone)
        );
        CREATE TABLE IF NOT EXISTS sender_categories (
            profile TEXT NOT NULL,
            sender_id TEXT NOT NULL,
            category TEXT NOT NULL,
            PRIMARY KEY (profile, sender_id)
        );
        CREATE TABLE IF NOT EXISTS account_rules (
            profile TEXT PRIMARY KEY,
            opt_out_line TEXT
        );
        """,
    )


class OptOuts:
    """The opt-out list and the account's sending rules, per account (profile)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # -- the list ------------------------------------------------------------------------------

    def add(self, profile: str, phones: Iterable[str], source: OptOutSource, note: str = "") -> int:
        """Put *phones* (E.164) on the list; returns how many were not on it already (a
        number already listed keeps its first source and date)."""
        moment = stamp(now())
        return self._insert(
            [(profile, phone, OptOutSource(source), note, moment) for phone in set(phones)]
        )

    def _insert(self, rows: list[tuple[str, str, OptOutSource, str, str]]) -> int:
        """Rows (profile, phone, source, note, added_at) not on the list yet; how many."""
        with self._db.write() as db:
            before = db.total_changes
            db.executemany(
                "INSERT OR IGNORE INTO opt_outs (profile, phone, source, note, added_at) "
                "VALUES (?, ?, ?, ?, ?)",
                rows,
            )
            return db.total_changes - before

    def remove(self, profile: str, phones: Iterable[str]) -> int:
        """Take *phones* off the list (staff made a mistake, or the customer asked again)."""
        with self._db.write() as db:
            before = db.total_changes
            db.executemany(
                "DELETE FROM opt_outs WHERE profile = ? AND phone = ?",
                [(profile, phone) for phone in set(phones)],
            )
            return db.total_changes - before

    def take_off(self, profile: str, phones: Iterable[str]) -> list[OptOut]:
        """Take *phones* off the list; returns the entries taken off, as they were (for
        :meth:`put_back`), in one transaction."""
        unique = list(dict.fromkeys(phones))
        taken: list[OptOut] = []
        with self._db.write() as db:
            for start in range(0, len(unique), _BATCH):
                batch = unique[start : start + _BATCH]
                marks = ",".join("?" * len(batch))
                rows = db.execute(
                    "SELECT phone, source, added_at, note FROM opt_outs WHERE profile = ? "
                    f"AND phone IN ({marks})",
                    (profile, *batch),
                ).fetchall()
                taken.extend(
                    OptOut(
                        phone=r[0], source=OptOutSource(r[1]), added_at=parse_time(r[2]), note=r[3]
                    )
                    for r in rows
                )
                db.execute(
                    f"DELETE FROM opt_outs WHERE profile = ? AND phone IN ({marks})",
                    (profile, *batch),
                )
        return taken

    def put_back(self, profile: str, entries: Iterable[OptOut]) -> int:
        """Put entries taken off back as they were (why, when, the note); a number added
        again meanwhile keeps its new entry. Returns how many went back."""
        return self._insert(
            [(profile, e.phone, OptOutSource(e.source), e.note, stamp(e.added_at)) for e in entries]
        )

    def among(self, profile: str, phones: Sequence[str]) -> set[str]:
        """Those of *phones* that are on the list."""
        found: set[str] = set()
        unique = list(dict.fromkeys(phones))
        for start in range(0, len(unique), _BATCH):
            batch = unique[start : start + _BATCH]
            marks = ",".join("?" * len(batch))
            rows = self._db.read(
                f"SELECT phone FROM opt_outs WHERE profile = ? AND phone IN ({marks})",
                (profile, *batch),
            )
            found.update(row[0] for row in rows)
        return found

    def count(self, profile: str) -> int:
        row = self._db.read_one("SELECT COUNT(*) FROM opt_outs WHERE profile = ?", (profile,))
        return int(row[0]) if row else 0

    def page(
        self, profile: str, *, search: str = "", offset: int = 0, limit: int = 100
    ) -> list[OptOut]:
        """The list, newest first; *search* matches part of the number."""
        digits = "".join(ch for ch in search if ch.isdigit())
        if digits.startswith("0"):
            digits = "254" + digits[1:]  # 0712… is +254712…
        rows = self._db.read(
            "SELECT phone, source, added_at, note FROM opt_outs WHERE profile = ? "
            "AND (? = '' OR phone LIKE '%' || ? || '%') "
            "ORDER BY added_at DESC, phone LIMIT ? OFFSET ?",
            (profile, digits, digits, limit, offset),
        )
        return [
            OptOut(
                phone=row[0], source=OptOutSource(row[1]), added_at=parse_time(row[2]), note=row[3]
            )
            for row in rows
        ]

    # -- the account's rules ---------------------------------------------------------------------

    def opt_out_line(self, profile: str) -> str | None:
        row = self._db.read_one(
            "SELECT opt_out_line FROM account_rules WHERE profile = ?", (profile,)
        )
        return None if row is None else row[0]

    def set_opt_out_line(self, profile: str, line: str | None) -> None:
        with self._db.write() as db:
            db.execute(
                "INSERT INTO account_rules (profile, opt_out_line) VALUES (?, ?) "
                "ON CONFLICT (profile) DO UPDATE SET opt_out_line = excluded.opt_out_line",
                (profile, line),
            )

    def category(self, profile: str, sender_id: str) -> str | None:
        """The category last chosen for *sender_id*'s sends, if any."""
        row = self._db.read_one(
            "SELECT category FROM sender_categories WHERE profile = ? AND sender_id = ?",
            (profile, sender_id),
        )
        return None if row is None else row[0]

    def set_category(self, profile: str, sender_id: str, category: str) -> None:
        with self._db.write() as db:
            db.execute(
                "INSERT INTO sender_categories (profile, sender_id, category) VALUES (?, ?, ?) "
                "ON CONFLICT (profile, sender_id) DO UPDATE SET category = excluded.category",
                (profile, sender_id, category),
            )
