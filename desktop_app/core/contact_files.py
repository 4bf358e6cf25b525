"""Contacts written to a spreadsheet file, safely: CSV (UTF-8 with a BOM, so Excel reads the
accents) or XLSX (the phone column as text cells, so Excel never turns ``+254712345678`` into
``2.54712E+11``).

A :class:`ContactFileWriter` writes into a temporary file beside the target and renames it
over the target only when :meth:`~ContactFileWriter.finish` is called: a cancelled or failed
export leaves nothing half-written (and an earlier file of that name untouched).

The columns are the import's own names (``phone``, ``first_name``, ``last_name``, ``email``),
so an exported file can be imported again, then what the import ignores (``notes``,
``groups``, ``created_at``).
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import os
import re
import secrets
import stat
from collections.abc import AsyncIterable, Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from desktop_app.core.background import SerialWorker

__all__ = [
    "COLUMNS",
    "Cancelled",
    "Cell",
    "ContactFileWriter",
    "ExportFormat",
    "ExportReport",
    "check_cancel",
    "format_for",
    "write_in_batches",
]

COLUMNS = ("phone", "first_name", "last_name", "email", "notes", "groups", "created_at")
#: Characters that make a spreadsheet read a CSV cell as a formula (CSV injection): a note
#: typed as "=HYPERLINK(…)" must stay text.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: A phone number as people write one: only these characters, so a spreadsheet that reads it
#: as a formula can at most add or subtract (a text column's "+254…" stays as written).
_PHONE_LIKE = re.compile(r"[0-9 +()./-]*")
#: Column widths in the XLSX (characters), so the sheet opens readable.
_WIDTHS = (18, 16, 16, 28, 40, 24, 26)
#: How a date-time cell shows in the XLSX (a real date: Excel sorts and filters it as one).
DATE_TIME_FORMAT = "yyyy-mm-dd hh:mm:ss"
#: One cell as given to the writer: text, a number, or a moment (written in the computer's own
#: time: a date-time cell in an XLSX, ``YYYY-MM-DD HH:MM:SS`` in a CSV).
Cell = str | int | datetime


class ExportFormat(StrEnum):
    CSV = "csv"
    XLSX = "xlsx"


def format_for(path: Path) -> ExportFormat | None:
    """The format a file name asks for (by its extension), or None."""
    suffix = path.suffix.lower().lstrip(".")
    return ExportFormat(suffix) if suffix in tuple(ExportFormat) else None


def _local(moment: datetime) -> datetime:
    """*moment* in the computer's own time, without a zone (a spreadsheet has none), to the
    second; a moment without a zone is taken as already local."""
    if moment.tzinfo is not None:
        moment = moment.astimezone().replace(tzinfo=None)
    return moment.replace(microsecond=0)


def _csv_plain(value: Cell) -> str | int:
    """A moment as a CSV writes it (local time, a form Excel reads as a date); else *value*."""
    if isinstance(value, datetime):
        return _local(value).strftime("%Y-%m-%d %H:%M:%S")
    return value


def _csv_safe(value: str | int) -> str | int:
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _csv_text(value: str | int) -> str | int:
    """A text column's cell in a CSV: a phone number as written, anything else guarded."""
    if isinstance(value, str) and not _PHONE_LIKE.fullmatch(value):
        return _csv_safe(value)
    return value


def _excel_text(value: str | int) -> str | int:
    """A text column's cell in a CSV as an Excel string formula, which only ever gives the
    cell's characters back as text (the quotes inside doubled); an empty cell stays empty."""
    if isinstance(value, str) and value:
        return '="' + value.replace('"', '""') + '"'
    return value


class ContactFileWriter:
    """Rows in, one file out (blocking: run it off the GUI thread)."""

    def __init__(
        self,
        path: Path,
        fmt: ExportFormat,
        *,
        columns: Sequence[str] = COLUMNS,
        widths: Sequence[int] = _WIDTHS,
        sheet: str = "Contacts",
        text_columns: Sequence[str] = ("phone",),
        text_at: Collection[int] | None = None,
        excel_text: bool = False,
    ) -> None:
        """Other exports (the Delivery tab's reports) give their own *columns*, their
        *widths*, the *sheet*'s name and the columns kept as text cells (phone numbers), by
        name, or by position (*text_at*: columns named by the user, who may repeat a name).

        In a CSV, a text column's phone number is written as given (its "+" must stay), and
        any other value in it is guarded like every other cell: one that starts like a formula
        is prefixed with "'". With *excel_text*, a CSV's text columns are written as Excel
        string formulas instead (``="0712 345678"``: Excel keeps every character of whatever
        the cell holds, but the file no longer reads back as plain values)."""
        self.path = path
        self.format = fmt
        self.rows = 0
        self._columns = tuple(columns)
        self._widths = tuple(widths)
        self._sheet_name = sheet
        self._text_columns = (
            frozenset(text_at)
            if text_at is not None
            else frozenset(i for i, c in enumerate(self._columns) if c in text_columns)
        )
        self._temp = _new_temp_beside(path)
        self._excel_text = excel_text
        self._text: io.TextIOWrapper | None = None
        self._csv: Any = None
        self._book: Any = None
        self._sheet: Any = None
        try:
            if fmt is ExportFormat.CSV:
                # utf-8-sig writes the BOM Excel needs to read UTF-8 (Wanjirū, Zoë).
                self._text = open(self._temp, "w", encoding="utf-8-sig", newline="")  # noqa: SIM115
                self._csv = csv.writer(self._text)
                self._csv.writerow([_csv_safe(c) for c in self._columns])
            else:
                self._open_workbook()
        except BaseException:
            self.discard()
            raise

    def _open_workbook(self) -> None:
        from openpyxl import Workbook
        from openpyxl.utils import get_column_letter

        self._book = Workbook(write_only=True)
        self._sheet = self._book.create_sheet(self._sheet_name)
        for index, width in enumerate(self._widths, start=1):
            self._sheet.column_dimensions[get_column_letter(index)].width = width
        self._sheet.freeze_panes = "A2"
        self._sheet.append([self._text_cell(c, False) for c in self._columns])

    def write(self, rows: Sequence[Sequence[Cell]]) -> None:
        """Append rows (each one string per column of :data:`COLUMNS`, or of the columns
        given; an ``int`` is written as a number, a ``datetime`` as a date-time in the
        computer's own time)."""
        text = self._text_columns
        if self._csv is not None:
            as_text = _excel_text if self._excel_text else _csv_text
            self._csv.writerows(
                [
                    [
                        as_text(plain) if i in text else _csv_safe(plain)
                        for i, plain in enumerate(map(_csv_plain, row))
                    ]
                    for row in rows
                ]
            )
        else:
            for row in rows:
                self._sheet.append(
                    [self._text_cell(value, i in text) for i, value in enumerate(row)]
                )
        self.rows += len(rows)

    def _text_cell(self, value: Cell, phone: bool) -> Any:
        from openpyxl.cell import WriteOnlyCell
        from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

        if isinstance(value, datetime):
            cell = WriteOnlyCell(self._sheet, value=_local(value))
            cell.number_format = DATE_TIME_FORMAT
            return cell
        if not isinstance(value, str):
            return WriteOnlyCell(self._sheet, value=value)
        # control characters (a damaged cell) cannot be in a workbook: openpyxl refuses them
        value = ILLEGAL_CHARACTERS_RE.sub("", value)
        cell = WriteOnlyCell(self._sheet, value=value or None)
        if value:
            cell.data_type = "s"  # text, even "=…" (openpyxl would make that a formula)
        if phone:
            cell.number_format = "@"  # a text cell: Excel keeps the "+" and every digit
        return cell

    def finish(self) -> Path:
        """Close the file and put it in place of the target."""
        try:
            if self._text is not None:
                self._text.close()
            elif self._book is not None:
                self._book.save(self._temp)
            _keep_mode_of(self.path, self._temp)
            os.replace(self._temp, self.path)
        except BaseException:
            self.discard()
            raise
        return self.path

    def discard(self) -> None:
        """Drop the temporary file (cancelled, or failed): the target is left as it was."""
        if self._text is not None:
            with contextlib.suppress(OSError):
                self._text.close()
        if self._sheet is not None and not self._sheet.closed:
            # Close openpyxl's row stream (left open it complains when collected) and drop
            # the scratch file it writes the rows to.
            with contextlib.suppress(Exception):
                self._sheet.close()
                self._sheet._writer.cleanup()
        self._book = self._sheet = None
        with contextlib.suppress(OSError):
            self._temp.unlink()


def _new_temp_beside(path: Path) -> Path:
    """A new empty file beside *path* (``.<name>.<random>.part``), created as any new file is
    (``0o666`` less the umask), not private as :func:`tempfile.mkstemp` makes it: renamed into
    place it is the exported file, and must open for whoever a normal save would let."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        temp = path.parent / f".{path.name}.{secrets.token_hex(4)}.part"
        try:
            handle = os.open(temp, flags, 0o666)
        except FileExistsError:
            continue
        os.close(handle)
        return temp
    raise FileExistsError(f"no free temporary name beside {path}")


def _keep_mode_of(target: Path, temp: Path) -> None:
    """Give *temp* the permissions of the *target* it replaces (Linux, macOS), if any."""
    if os.name == "nt":
        return  # a read-only flag only, and a read-only target cannot be replaced anyway
    with contextlib.suppress(OSError):
        os.chmod(temp, stat.S_IMODE(os.stat(target).st_mode))


# --- writing a file a batch at a time, on a thread of its own ---------------------------------

#: ``cancel()`` is true once the user has asked to stop
Cancelled = Callable[[], bool]


@dataclass(frozen=True)
class ExportReport:
    path: Path
    rows: int


def check_cancel(cancel: Cancelled | None) -> None:
    """Raise ``asyncio.CancelledError`` once *cancel* says so."""
    if cancel is not None and cancel():
        raise asyncio.CancelledError


async def write_in_batches(
    path: Path,
    open_writer: Callable[[], ContactFileWriter],
    batches: AsyncIterable[Sequence[Sequence[Cell]]],
    cancel: Cancelled | None = None,
) -> ExportReport:
    """Write every batch with the writer *open_writer* makes, on a thread of its own (the
    caller's loop goes on meanwhile). The file appears only when complete: a cancel
    (``cancel()`` true, or the task cancelled) or a failure leaves nothing behind."""
    writer_thread = SerialWorker("tuma-export")
    opened: list[ContactFileWriter] = []  # filled on the writer's thread

    def discard() -> None:
        if opened:
            opened[0].discard()

    try:
        await writer_thread(lambda: opened.append(open_writer()))
        async for batch in batches:
            await writer_thread(opened[0].write, batch)
        check_cancel(cancel)
        await writer_thread(opened[0].finish)
    except BaseException:
        # After any write still running, the half-written file goes; wait for that (a
        # second cancel stops the waiting, not the clean-up).
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.shield(writer_thread(discard))
        raise
    finally:
        writer_thread.stop(timeout=0.0)
    return ExportReport(path, opened[0].rows)
