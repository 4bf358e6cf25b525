"""Past imports, kept on this computer: what each spreadsheet gave (counts), what became of
it at the service (its upload ids, imported and failed counts) and every problem row, so the
Import tab can list them and reopen any report, however old (some peers forget after a day).

Problem rows are stored as facts: the spreadsheet's row, a reason code, its detail and the
row's cells as text; the UI words the codes.

An import cancelled while a part was on its way (its file sent, the service's reply not come)
keeps that part as :class:`PartInFlight`, until the service's list of uploads settles whether
it took it (:meth:`Imports.settle`).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum

from desktop_app.core.store.db import (
    Database,
    StoreError,
    StoreProblem,
    migration,
    now,
    parse_time,
    run_script,
    stamp,
)

__all__ = ["ImportOutcome", "ImportRecord", "Imports", "PartInFlight", "ProblemRecord"]

#: Imports listed at most (the newest).
MAX_LISTED = 200


class ImportOutcome(StrEnum):
    COMPLETED = "completed"  # the service imported it (some rows may have failed there)
    FAILED = "failed"  # the service accepted the file but gave up processing it
    CANCELLED = "cancelled"  # the user stopped waiting (what was uploaded may still import)


@dataclass(frozen=True)
class ProblemRecord:
    """A row that was not imported: found here (a reject reason or a duplicate) or by the
    service (``reason`` ``"service"``, with the service's words as ``detail``)."""

    row: int
    reason: str
    detail: str = ""
    cells: tuple[str, ...] = ()


@dataclass(frozen=True)
class PartInFlight:
    """A part of an upload sent to the service whose reply had not come when the import was
    cancelled: ``before`` the uploads the service listed before it was sent, ``rows`` its
    rows. Any other upload in the service's list later, of those rows, may be it."""

    before: frozenset[str]
    rows: int


@dataclass(frozen=True)
class ImportRecord:
    id: int
    profile: str
    file_name: str
    created_at: datetime
    outcome: ImportOutcome
    data_rows: int = 0
    valid: int = 0
    repaired: int = 0
    rejected: int = 0
    duplicates: int = 0
    imported: int = 0
    failed: int = 0
    upload_ids: tuple[str, ...] = ()
    header: tuple[str, ...] = ()
    phone_column: int | None = None
    problems: tuple[ProblemRecord, ...] = field(default=(), repr=False)
    in_flight: PartInFlight | None = field(default=None, repr=False)
    """Cancelled with a part on its way, not yet settled (see :class:`PartInFlight`)."""


# Step 9, not 5: the Import tab was built beside steps 6-8, and a file already past step 5
# when it arrived would never have run it (its table missing). Every statement is "IF NOT
# EXISTS": a file that did get the table at step 5 runs this step as a no-op.
@migration(9, "imports")
def _create(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
        CREATE TABLE IF NOT EXISTS imports (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            profile TEXT NOT NULL,
            file_name TEXT NOT NULL,
            created_at TEXT NOT NULL,
            outcome TEXT NOT NULL,
            data_rows INTEGER NOT NULL DEFAULT 0,
            valid INTEGER NOT NULL DEFAULT 0,
            repaired INTEGER NOT NULL DEFAULT 0,
            rejected INTEGER NOT NULL DEFAULT 0,
            duplicates INTEGER NOT NULL DEFAULT 0,
            imported INTEGER NOT NULL DEFAULT 0,
            failed INTEGER NOT NULL DEFAULT 0,
            upload_ids TEXT NOT NULL DEFAULT '[]',
            header TEXT NOT NULL DEFAULT '[]',
            phone_column INTEGER,
            problems TEXT NOT NULL DEFAULT '[]'
        );
        CREATE INDEX IF NOT EXISTS imports_by_profile ON imports (profile, created_at)
        """,
    )


@migration(15, "imports: a part on its way when the import was cancelled")
def _in_flight(db: sqlite3.Connection) -> None:
    columns = {row[1] for row in db.execute("PRAGMA table_info(imports)").fetchall()}
    if "in_flight" not in columns:
        db.execute("ALTER TABLE imports ADD COLUMN in_flight TEXT")


_SUMMARY = (
    "id, profile, file_name, created_at, outcome, data_rows, valid, repaired, rejected, "
    "duplicates, imported, failed, upload_ids, header, phone_column, in_flight"
)


def _in_flight_json(part: PartInFlight | None) -> str | None:
    if part is None:
        return None
    return json.dumps({"before": sorted(part.before), "rows": part.rows})


def _in_flight_of(text: object) -> PartInFlight | None:
    if text is None:
        return None
    raw = json.loads(str(text))
    return PartInFlight(frozenset(str(u) for u in raw["before"]), int(raw["rows"]))


def _record(row: Sequence[object], problems: str | None = None) -> ImportRecord:
    loaded: tuple[ProblemRecord, ...] = ()
    if problems is not None:
        loaded = tuple(
            ProblemRecord(int(r), str(reason), str(detail), tuple(str(c) for c in cells))
            for r, reason, detail, cells in json.loads(problems)
        )
    return ImportRecord(
        id=int(str(row[0])),
        profile=str(row[1]),
        file_name=str(row[2]),
        created_at=parse_time(str(row[3])),
        outcome=ImportOutcome(str(row[4])),
        data_rows=int(str(row[5])),
        valid=int(str(row[6])),
        repaired=int(str(row[7])),
        rejected=int(str(row[8])),
        duplicates=int(str(row[9])),
        imported=int(str(row[10])),
        failed=int(str(row[11])),
        upload_ids=tuple(json.loads(str(row[12]))),
        header=tuple(json.loads(str(row[13]))),
        phone_column=None if row[14] is None else int(str(row[14])),
        problems=loaded,
        in_flight=_in_flight_of(row[15]),
    )


class Imports:
    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, record: ImportRecord) -> ImportRecord:
        """Keep *record* (its ``id`` and ``created_at`` are set here); returns it as kept."""
        created = now()
        problems = json.dumps([[p.row, p.reason, p.detail, list(p.cells)] for p in record.problems])
        with self._db.write() as db:
            cursor = db.execute(
                "INSERT INTO imports (profile, file_name, created_at, outcome, data_rows, valid,"
                " repaired, rejected, duplicates, imported, failed, upload_ids, header,"
                " phone_column, problems, in_flight)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.profile,
                    record.file_name,
                    stamp(created),
                    record.outcome.value,
                    record.data_rows,
                    record.valid,
                    record.repaired,
                    record.rejected,
                    record.duplicates,
                    record.imported,
                    record.failed,
                    json.dumps(list(record.upload_ids)),
                    json.dumps(list(record.header)),
                    record.phone_column,
                    problems,
                    _in_flight_json(record.in_flight),
                ),
            )
            new_id = int(cursor.lastrowid or 0)
        # as get() would read it back (created_at round-trips exactly through stamp()),
        # without parsing the problem rows again (100,000 of them: a quarter of a second)
        return replace(record, id=new_id, created_at=created)

    def settle(self, record: ImportRecord) -> None:
        """What became of *record* at the service, learnt after it was kept: its uploads
        (a part that was on its way, found taken), its part on its way (None once settled),
        its imported and failed counts."""
        with self._db.write() as db:
            db.execute(
                "UPDATE imports SET upload_ids = ?, in_flight = ?, imported = ?, failed = ?"
                " WHERE profile = ? AND id = ?",
                (
                    json.dumps(list(record.upload_ids)),
                    _in_flight_json(record.in_flight),
                    record.imported,
                    record.failed,
                    record.profile,
                    record.id,
                ),
            )

    def all(self, profile: str) -> list[ImportRecord]:
        """The account's imports, newest first, without their problem rows."""
        rows = self._db.read(
            "SELECT {} FROM imports WHERE profile = ? "  # noqa: UP032 (the SQL reads whole)
            "ORDER BY created_at DESC, id DESC LIMIT ?".format(_SUMMARY),
            (profile, MAX_LISTED),
        )
        return [_record(row) for row in rows]

    def get(self, profile: str, import_id: int) -> ImportRecord:
        """One import with its problem rows."""
        row = self._db.read_one(
            "SELECT {}, problems FROM imports WHERE profile = ? AND id = ?".format(_SUMMARY),  # noqa: UP032
            (profile, import_id),
        )
        if row is None:
            raise StoreError(StoreProblem.NOT_FOUND, kind="import", id=import_id)
        return _record(row[:-1], str(row[-1]))
