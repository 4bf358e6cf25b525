"""Importing a customer spreadsheet (Qt-free): read it, find the header and the columns,
undo Excel's damage to the phone numbers, and sort every data row into valid, rejected or
duplicate; then write the problem report and the upload files.

The wizard calls, in order: ``sheets`` (which sheet?), ``preview`` (the header, the mapping it
proposes, a few rows), ``validate_contacts_file`` in a worker thread (with ``progress`` and
``cancel``), then ``write_problem_report_*`` and ``write_upload_files``. Everything returns
facts and codes (``FileErrorCode``, ``RejectReason``): the words are the UI's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, TypeVar

from desktop_app.core.collector import old_collections_paused
from desktop_app.core.importing.cells import (
    PhoneCheck,
    RejectReason,
    cell_text,
    check_phone,
    is_blank,
    is_phone,
)
from desktop_app.core.importing.errors import (
    DEFAULT_LIMITS,
    CancelToken,
    FileErrorCode,
    ImportCancelled,
    ImportFileError,
    ImportLimits,
    check_cancel,
)
from desktop_app.core.importing.mapping import ColumnMapping, Field, find_header, guess_mapping
from desktop_app.core.importing.reading import (
    Cell,
    Chunk,
    FileKind,
    RawRow,
    SourceInfo,
    Table,
    read_table,
    sheets,
)
from desktop_app.core.importing.validation import (
    DuplicateRow,
    ImportReport,
    RejectedRow,
    Validator,
    ValidRow,
    split_name,
)
from desktop_app.core.importing.writing import (
    ProblemHeadings,
    UploadFile,
    write_problem_report_csv,
    write_problem_report_xlsx,
    write_upload_files,
)

__all__ = [
    "DEFAULT_LIMITS",
    "CancelToken",
    "Cell",
    "Chunk",
    "ColumnMapping",
    "DuplicateRow",
    "Field",
    "FileErrorCode",
    "FileKind",
    "HeaderChoice",
    "ImportCancelled",
    "ImportFileError",
    "ImportLimits",
    "ImportReport",
    "PhoneCheck",
    "Preview",
    "ProblemHeadings",
    "RawRow",
    "RejectReason",
    "RejectedRow",
    "SourceInfo",
    "Table",
    "UploadFile",
    "ValidRow",
    "check_phone",
    "find_header",
    "guess_mapping",
    "preview",
    "read_table",
    "sheets",
    "split_name",
    "validate_contacts_file",
    "write_problem_report_csv",
    "write_problem_report_xlsx",
    "write_upload_files",
]

HeaderChoice = int | Literal["auto", "none"]
"""Where the header is: ``"auto"`` (found), ``"none"`` (every row is data) or its row number."""

_HEAD_ROWS: Final = 200
"""Rows read before deciding the header and the mapping (the content sample)."""
_PROGRESS_INTERVAL: Final = 0.05
"""Seconds between two progress calls at most (so at most ~20 a second)."""

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Preview:
    """What the wizard's "columns" page shows before the whole file is read."""

    source: SourceInfo
    sheets: tuple[str, ...]
    header_row: int | None
    header: tuple[str, ...]
    mapping: ColumnMapping
    """The proposed mapping; ``phone`` is None when no column looked like phones."""
    rows: tuple[RawRow, ...]
    """The first data rows (row number, cells)."""
    columns: int
    """Columns in use (up to the last non-blank cell seen)."""


@dataclass(frozen=True)
class _Layout:
    header_index: int | None
    data_start: int  # index in the head rows of the first data row
    mapping: ColumnMapping


def _read_head(chunks: Iterator[Chunk], header_row: HeaderChoice) -> list[RawRow]:
    """The first chunks, up to at least ``_HEAD_ROWS`` rows (and the chosen header row)."""
    head: list[RawRow] = []
    for chunk in chunks:
        # rows of spaces only are blank too (the readers leave telling them apart to us)
        head.extend(row for row in chunk.raw_rows() if not all(map(is_blank, row[1])))
        if len(head) >= _HEAD_ROWS and (
            not isinstance(header_row, int) or head[-1][0] >= header_row
        ):
            break
    if not head:
        raise ImportFileError(FileErrorCode.EMPTY)
    return head


def _layout(
    head: Sequence[RawRow], region: str, mapping: ColumnMapping | None, header_row: HeaderChoice
) -> _Layout:
    """Header, first data row and mapping from the first rows of the file."""

    def phone(cell: Cell) -> bool:
        return is_phone(cell, region)

    header_index: int | None = None
    data_start = 0
    if header_row == "auto":
        header_index = find_header(head, phone)
    elif header_row != "none":
        # the user's choice; a blank row chosen as header means "data starts below it"
        header_index = next((i for i, (n, _) in enumerate(head) if n == header_row), None)
        data_start = next((i for i, (n, _) in enumerate(head) if n > header_row), len(head))
    if header_index is not None:
        data_start = header_index + 1
    header = None if header_index is None else head[header_index][1]
    if mapping is None:
        mapping = guess_mapping(header, [cells for _, cells in head[data_start:]], phone)
    if header_index is None and header_row == "auto" and mapping.phone is not None:
        # no header: lines with no digit where the phones are (a title, a note) are no data
        column = mapping.phone
        while data_start < len(head) and not _has_digit(head[data_start][1], column):
            data_start += 1
        if data_start == len(head):
            data_start = 0
    return _Layout(header_index, data_start, mapping)


def _has_digit(cells: Sequence[Cell], column: int) -> bool:
    if column >= len(cells):
        return False
    value = cells[column]
    return not isinstance(value, str) or any(c.isdigit() for c in value)


def _used_columns(rows: Sequence[RawRow]) -> int:
    used = 0
    for _, cells in rows:
        for index in range(len(cells) - 1, used - 1, -1):
            if not is_blank(cells[index]):
                used = index + 1
                break
    return used


def preview(
    path: Path | str,
    sheet: str | None = None,
    rows: int = 10,
    *,
    region: str = "KE",
    header_row: HeaderChoice = "auto",
    limits: ImportLimits = DEFAULT_LIMITS,
    cancel: CancelToken | None = None,
) -> Preview:
    """The header, the proposed mapping and the first ``rows`` data rows; raises
    ``ImportFileError`` (never ``NO_PHONE_COLUMN``: the user may still pick one). With no
    *sheet* chosen, the workbook's first sheet that has customers: a phone column and rows
    under its headings (a blank sheet, a summary or a page of instructions in front is no
    reason to show the wrong sheet); else its first sheet with rows. ``cancel.is_set()``
    is looked at between the steps of reading (not inside one): ``ImportCancelled``."""

    def read(chosen: str | None) -> Preview:
        return _preview(path, chosen, rows, region, header_row, limits, cancel)

    check_cancel(cancel)
    found = _on_a_sheet_with_rows(path, sheet, limits, read)
    if sheet is not None or _has_customers(found):
        return found
    for other in found.sheets:
        if other == found.source.sheet:
            continue
        check_cancel(cancel)
        try:
            candidate = read(other)
        except ImportFileError:
            continue  # a blank or unreadable other sheet: the one found stays
        if _has_customers(candidate):
            return candidate
    return found


def _has_customers(found: Preview) -> bool:
    """A phone column was recognised and there are rows under the headings."""
    return found.mapping.phone is not None and bool(found.rows)


_T = TypeVar("_T")


def _on_a_sheet_with_rows(
    path: Path | str, sheet: str | None, limits: ImportLimits, read: Callable[[str | None], _T]
) -> _T:
    """``read(sheet)``; when no sheet was chosen and the first is empty, the next sheet of the
    workbook that is not (``EMPTY`` only when every sheet is)."""
    try:
        return read(sheet)
    except ImportFileError as exc:
        if sheet is not None or exc.code is not FileErrorCode.EMPTY:
            raise
        for other in sheets(path, limits=limits)[1:]:
            try:
                return read(other)
            except ImportFileError as again:
                if again.code is not FileErrorCode.EMPTY:
                    raise
        raise


def _preview(
    path: Path | str,
    sheet: str | None,
    rows: int,
    region: str,
    header_row: HeaderChoice,
    limits: ImportLimits,
    cancel: CancelToken | None,
) -> Preview:
    with read_table(path, sheet, limits=limits, cancel=cancel) as table:
        check_cancel(cancel)
        head = _read_head(table.chunks(), header_row)
        layout = _layout(head, region, None, header_row)
        book_sheets = sheets(path, limits=limits) if table.info.kind is FileKind.XLSX else ()
    header_cells = () if layout.header_index is None else head[layout.header_index][1]
    shown = head[layout.data_start : layout.data_start + rows]
    return Preview(
        source=table.info,
        sheets=book_sheets,
        header_row=None if layout.header_index is None else head[layout.header_index][0],
        header=tuple(cell_text(c) for c in header_cells),
        mapping=layout.mapping,
        rows=tuple((n, tuple(c)) for n, c in shown),
        columns=_used_columns(head),
    )


class _Reporter:
    """Calls ``progress`` at most every ``_PROGRESS_INTERVAL`` seconds, and once at the end."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self._progress = progress
        self._total = max(total, 1)
        self._last = time.monotonic()
        if progress is not None:
            progress(0, self._total)

    def update(self, done: int) -> None:
        if self._progress is None:
            return
        now = time.monotonic()
        if now - self._last >= _PROGRESS_INTERVAL:
            self._last = now
            self._total = max(self._total, done)
            self._progress(done, self._total)

    def finish(self, done: int) -> None:
        if self._progress is not None:
            self._progress(done, done)


def validate_contacts_file(
    path: Path | str,
    region: str = "KE",
    mapping: ColumnMapping | None = None,
    sheet: str | None = None,
    *,
    header_row: HeaderChoice = "auto",
    progress: Progress | None = None,
    cancel: CancelToken | None = None,
    limits: ImportLimits = DEFAULT_LIMITS,
) -> ImportReport:
    """Read and check every row of a contact list; run it off the GUI thread.

    ``mapping`` None means the proposed one, and ``sheet`` None the sheet ``preview``
    opens (the first with customers). ``progress(done, total)`` gets the last row number
    read and the file's (estimated) last row, at a bounded rate; ``cancel.is_set()`` is
    looked at every 256 rows (a few milliseconds) and raises ``ImportCancelled``. Raises
    ``ImportFileError`` for a file that cannot be imported at all, ``NO_PHONE_COLUMN``
    included.

    The cyclic garbage collector's full collections are paused meanwhile
    (``core.collector``): walking the heap again each time the report grew by a quarter cost
    a third of the time, and nothing here makes a cycle.
    """
    check_cancel(cancel)
    if sheet is None and len(sheets(path, limits=limits)) > 1:
        # the sheet the wizard shows (the first with customers), and the mapping read there
        sheet = preview(
            path, rows=1, region=region, header_row=header_row, limits=limits, cancel=cancel
        ).source.sheet
    with old_collections_paused():
        return _on_a_sheet_with_rows(
            path,
            sheet,
            limits,
            lambda chosen: _validate(
                path, region, mapping, chosen, header_row, progress, cancel, limits
            ),
        )


def _validate(
    path: Path | str,
    region: str,
    mapping: ColumnMapping | None,
    sheet: str | None,
    header_row: HeaderChoice,
    progress: Progress | None,
    cancel: CancelToken | None,
    limits: ImportLimits,
) -> ImportReport:
    with read_table(path, sheet, limits=limits, cancel=cancel) as table:
        chunks = table.chunks()
        head = _read_head(chunks, header_row)
        layout = _layout(head, region, mapping, header_row)
        if layout.mapping.phone is None:
            raise ImportFileError(FileErrorCode.NO_PHONE_COLUMN)
        check_cancel(cancel)
        validator = Validator(
            layout.mapping,
            region,
            text_only=table.info.kind is FileKind.CSV,
            max_cell_chars=limits.max_cell_chars,
        )
        reporter = _Reporter(progress, table.estimated_rows)
        rest = head[layout.data_start :]
        validator.feed(Chunk([n for n, _ in rest], [cells for _, cells in rest]))
        last = head[-1][0]
        for chunk in chunks:
            check_cancel(cancel)
            validator.feed(chunk)
            last = chunk.numbers[-1]
            reporter.update(last)
        reporter.finish(last)
    header_cells = () if layout.header_index is None else head[layout.header_index][1]
    return ImportReport(
        source=table.info,
        header_row=None if layout.header_index is None else head[layout.header_index][0],
        header=tuple(cell_text(c) for c in header_cells),
        mapping=layout.mapping,
        valid=tuple(validator.valid),
        rejected=tuple(validator.rejected),
        duplicates=tuple(validator.duplicates),
        skipped=tuple(validator.skipped),
    )
