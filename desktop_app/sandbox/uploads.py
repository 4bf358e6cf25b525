"""Contact uploads: the file is checked (type, size, header, readability) before the 202,
then imported by a worker thread while clients poll."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
import threading
import time
import uuid
import zipfile
from collections.abc import Iterator
from datetime import date, datetime
from typing import Any

from desktop_app.sandbox.db import Database, now_iso
from desktop_app.sandbox.rules import normalize_phone
from desktop_app.sandbox.service import Sandbox

MAX_BYTES = 10 * 1024 * 1024
MAX_ROWS = 100_000
# What a spreadsheet may cost once opened. A 10 MiB .xlsx can hold a sheet of gigabytes
# (deflate packs about 1,000:1), and a row or cell reference far out makes the reader fill in
# every empty row or column before it; so the archive's declared sizes are checked before
# anything is inflated (Python's zipfile never inflates past them), rows are counted as
# they are read, and only the header's own columns are read.
MAX_XLSX_UNCOMPRESSED = 128 * 1024 * 1024  # a 100,000-row sheet of four columns is ~27 MiB
MAX_SHARED_STRINGS = 32 * 1024 * 1024  # the shared-strings table is read whole
MAX_XLSX_ENTRIES = 1000  # a workbook has a dozen or so
MAX_SHEET_ROWS = 1_048_576  # blank rows included: Excel's own limit
MAX_HEADER_COLUMNS = 16_384  # Excel's own limit
MAX_SHEET_CELLS = 5_000_000  # cells read, blank ones included (100,000 rows x 50 columns)
MAX_CELL = 1000  # characters in an imported cell (phone, names, email)
MAX_ERRORS = 1000
BATCH = 500
COLUMNS = ("phone", "first_name", "last_name", "email")
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

Row = tuple[int, dict[str, str]]  # (row number in the sheet, header 1-based), fields


class UploadRejected(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def file_kind(filename: str | None, content_type: str | None) -> str | None:
    name = (filename or "").lower()
    if name.endswith(".csv"):
        return "csv"
    if name.endswith(".xlsx"):
        return "xlsx"
    if "." in name.rsplit("/", 1)[-1]:
        return None
    ctype = (content_type or "").split(";")[0].strip().lower()
    if ctype in ("text/csv", "application/csv"):
        return "csv"
    if ctype == XLSX_TYPE:
        return "xlsx"
    return None


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value).strip()


def _rows(records: Any) -> list[Row]:
    """Header first, then data rows; blank rows are skipped and not counted."""
    header: list[str] | None = None
    rows: list[Row] = []
    cells_read = 0
    for number, record in enumerate(records, start=1):
        cells_read += len(record)
        if number > MAX_SHEET_ROWS:
            raise UploadRejected(413, f"The file has more than {MAX_SHEET_ROWS:,} rows")
        if cells_read > MAX_SHEET_CELLS:
            raise UploadRejected(413, f"The file has more than {MAX_SHEET_CELLS:,} cells")
        cells = [_cell(value) for value in record]
        if header is None:
            if not any(cells):
                raise UploadRejected(422, "The first row must be a header row naming the columns")
            header = [cell.strip().lower() for cell in cells]
            if "phone" not in header:
                raise UploadRejected(422, "The file has no 'phone' column")
            continue
        if not any(cells):
            continue
        fields: dict[str, str] = {}
        for index, name in enumerate(header):
            if name in COLUMNS and index < len(cells):
                if len(cells[index]) > MAX_CELL:
                    raise UploadRejected(
                        422,
                        f"Row {number}: the {name} cell is longer than {MAX_CELL:,} characters",
                    )
                fields[name] = cells[index]
        rows.append((number, fields))
        if len(rows) > MAX_ROWS:
            raise UploadRejected(413, f"The file has more than {MAX_ROWS:,} rows")
    if header is None:
        raise UploadRejected(422, "The file is empty: a header row with 'phone' is required")
    return rows


def _check_archive(data: bytes) -> None:
    """Refuses an .xlsx whose archive would cost too much to open (see the limits above)."""
    unreadable = UploadRejected(422, "The XLSX file cannot be read")
    if data.count(b"PK\x01\x02") > MAX_XLSX_ENTRIES:  # central-directory entry signatures
        raise unreadable
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            entries = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        raise unreadable from None
    total = sum(entry.file_size for entry in entries)
    strings = sum(e.file_size for e in entries if e.filename.lower().endswith("sharedstrings.xml"))
    if total > MAX_XLSX_UNCOMPRESSED or strings > MAX_SHARED_STRINGS:
        raise UploadRejected(
            413,
            f"The XLSX file is larger than {MAX_XLSX_UNCOMPRESSED // (1024 * 1024)} MiB "
            "uncompressed",
        )


def _sheet_records(sheet: Any) -> Iterator[Any]:
    """The sheet's rows, each only as wide as the header's last imported column."""
    sheet.reset_dimensions()  # the sheet's own claim of its size is not trusted
    header_rows = sheet.iter_rows(max_row=1, max_col=MAX_HEADER_COLUMNS, values_only=True)
    try:
        first = next(header_rows, ())
    finally:
        header_rows.close()
    used = [i for i, value in enumerate(first) if _cell(value).lower() in COLUMNS]
    return iter(sheet.iter_rows(max_col=used[-1] + 1 if used else 1, values_only=True))


def parse(data: bytes, kind: str) -> list[Row]:
    if kind == "csv":
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise UploadRejected(422, "The CSV file is not UTF-8 text") from None
        try:
            return _rows(csv.reader(io.StringIO(text, newline="")))
        except csv.Error as exc:
            raise UploadRejected(422, f"The CSV file cannot be read: {exc}") from None
    _check_archive(data)
    import openpyxl

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, TypeError):
        raise UploadRejected(422, "The XLSX file cannot be read") from None
    except Exception:  # openpyxl raises its own InvalidFileException and others
        raise UploadRejected(422, "The XLSX file cannot be read") from None
    try:
        sheet = book.worksheets[0] if book.worksheets else None
        if sheet is None:
            raise UploadRejected(422, "The XLSX file has no sheet")
        return _rows(_sheet_records(sheet))
    except UploadRejected:
        raise
    except Exception:
        raise UploadRejected(422, "The XLSX file cannot be read") from None
    finally:
        book.close()


def upload_json(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "uuid": row["uuid"],
        "status": row["status"],
        "total": row["total"],
        "imported": row["imported"],
        "failed": row["failed"],
        "created_at": row["created_at"],
        "errors": json.loads(row["errors"]),
    }


class UploadWorker(threading.Thread):
    def __init__(self, db: Database, account_id: str, upload_uuid: str, rows: list[Row]) -> None:
        super().__init__(name=f"upload-{upload_uuid}", daemon=True)
        self.db = db
        self.account_id = account_id
        self.upload_uuid = upload_uuid
        self.rows = rows
        self._halt = threading.Event()

    def stop(self) -> None:
        self._halt.set()

    def run(self) -> None:
        try:
            self._import()
        except Exception:
            with self.db.transaction() as conn:
                conn.execute("UPDATE uploads SET status='failed' WHERE uuid=?", (self.upload_uuid,))
        finally:
            self.db.release()

    def _check(self, fields: dict[str, str]) -> tuple[str | None, str | None]:
        """(E.164 phone, None) or (None, reason)."""
        raw = fields.get("phone", "")
        if not raw:
            return None, "phone is missing"
        phone = normalize_phone(raw)
        if phone is None:
            return None, "not a valid phone number"
        email = fields.get("email", "")
        if email and not EMAIL_RE.match(email):
            return None, "not a valid email address"
        return phone, None

    def _import(self) -> None:
        imported = failed = 0
        errors: list[dict[str, Any]] = []
        for start in range(0, len(self.rows), BATCH):
            if self._halt.is_set():
                return  # stays "processing"; marked failed on the next start
            good: list[tuple[str, dict[str, str]]] = []
            for number, fields in self.rows[start : start + BATCH]:
                phone, reason = self._check(fields)
                if phone is None:
                    failed += 1
                    if len(errors) < MAX_ERRORS:
                        errors.append(
                            {"row": number, "phone": fields.get("phone") or None, "reason": reason}
                        )
                else:
                    good.append((phone, fields))
            now = now_iso()
            with self.db.transaction() as conn:
                conn.executemany(
                    "INSERT INTO contacts (uuid, account_id, phone, first_name, last_name,"
                    " email, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (account_id, phone) DO UPDATE SET "
                    "first_name = coalesce(excluded.first_name, first_name), "
                    "last_name = coalesce(excluded.last_name, last_name), "
                    "email = coalesce(excluded.email, email), "
                    "updated_at = excluded.updated_at",
                    [
                        (
                            str(uuid.uuid4()),
                            self.account_id,
                            phone,
                            fields.get("first_name") or None,
                            fields.get("last_name") or None,
                            fields.get("email") or None,
                            now,
                            now,
                        )
                        for phone, fields in good
                    ],
                )
                imported += len(good)
                conn.execute(
                    "UPDATE uploads SET imported=?, failed=?, errors=? WHERE uuid=?",
                    (imported, failed, json.dumps(errors), self.upload_uuid),
                )
            time.sleep(0.002)  # let request handlers waiting to write go first
        with self.db.transaction() as conn:
            conn.execute("UPDATE uploads SET status='completed' WHERE uuid=?", (self.upload_uuid,))


def start(sandbox: Sandbox, account_id: str, rows: list[Row]) -> str:
    upload_uuid = str(uuid.uuid4())
    with sandbox.db.transaction() as conn:
        conn.execute(
            "INSERT INTO uploads (uuid, account_id, status, total, created_at) "
            "VALUES (?, ?, 'processing', ?, ?)",
            (upload_uuid, account_id, len(rows), now_iso()),
        )
    worker = UploadWorker(sandbox.db, account_id, upload_uuid, rows)
    sandbox.upload_threads = [t for t in sandbox.upload_threads if t.is_alive()]
    sandbox.upload_threads.append(worker)
    worker.start()
    return upload_uuid
