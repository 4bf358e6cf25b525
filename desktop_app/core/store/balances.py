"""Balance readings: the credit balance each time it was read, for the Balance tab's chart."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

from desktop_app.core.store.db import Database, migration, now, parse_time, run_script, stamp

__all__ = ["BalanceReadings"]


@migration(1, "balances")
def _create(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
        CREATE TABLE IF NOT EXISTS balance_readings (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            profile TEXT NOT NULL,
            credits REAL NOT NULL,
            at TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS balance_by_profile ON balance_readings (profile, at);
        """,
    )


class BalanceReadings:
    def __init__(self, db: Database) -> None:
        self._db = db

    def record(self, profile: str, credits: float, at: datetime | None = None) -> None:
        self.record_many(profile, [(at or now(), credits)])

    def record_many(self, profile: str, readings: Sequence[tuple[datetime, float]]) -> None:
        """Several readings in one transaction (the practice account's sample history)."""
        with self._db.write() as db:
            db.executemany(
                "INSERT INTO balance_readings (profile, credits, at) VALUES (?, ?, ?)",
                [(profile, float(credits), stamp(at)) for at, credits in readings],
            )

    def history(self, profile: str, since: datetime | None = None) -> list[tuple[datetime, float]]:
        """The profile's readings, oldest first."""
        if since is None:
            rows = self._db.read(
                "SELECT at, credits FROM balance_readings WHERE profile = ? ORDER BY at, id",
                (profile,),
            )
        else:
            rows = self._db.read(
                "SELECT at, credits FROM balance_readings WHERE profile = ? AND at >= ? "
                "ORDER BY at, id",
                (profile, stamp(since)),
            )
        return [(parse_time(at), credits) for at, credits in rows]

    def has_any(self, profile: str) -> bool:
        return (
            self._db.read_one(
                "SELECT 1 FROM balance_readings WHERE profile = ? LIMIT 1", (profile,)
            )
            is not None
        )
