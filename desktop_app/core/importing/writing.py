"""What the import writes: the problem report the user fixes in Excel, and the clean files the
service takes.

Phones in the problem report must survive Excel a second time. In the XLSX report they are
text cells with the Text number format (``@``), so Excel keeps them as typed. A CSV has no
cell types, and Excel, opening one, reads every cell that looks like a number as a number:
the leading 0 goes and 12 digits show as ``2.54712E+11`` (Microsoft's own "keep leading
zeros" notes say so), and a leading ``+`` is dropped as a sign or taken as the start of a
formula (the reason CSV-injection advice lists ``+`` beside ``=``): so neither the user's
text nor E.164 is safe there. A ``'`` prefix is shown as typed in a CSV, not taken as "text".
What Excel keeps is a formula that yields text, ``="0712345678"``: so the CSV report writes
phone cells that way, and the import reads them back (``cells.check_phone`` unwraps them).
The price: a program that does not evaluate formulas in a CSV shows the ``="…"``. Hence the
XLSX report is the one to offer first. These are Excel's documented and widely reported
ways; Excel itself could not be run on this Linux machine to check them again.

The upload files go to the service, not to Excel: plain UTF-8 CSV, E.164 phones.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from desktop_app.core.importing.cells import cell_text
from desktop_app.core.importing.reading import Cell
from desktop_app.core.importing.validation import (
    DuplicateRow,
    ImportReport,
    RejectedRow,
    ValidRow,
)

__all__ = [
    "UPLOAD_COLUMNS",
    "ProblemHeadings",
    "UploadFile",
    "column_letter",
    "problem_rows",
    "write_problem_report_csv",
    "write_problem_report_xlsx",
    "write_upload_files",
]

UPLOAD_COLUMNS: Final = ("phone", "first_name", "last_name", "email")
"""The service's column names (CONTRACT.md, "Contact uploads")."""
SERVICE_MAX_BYTES: Final = 10 * 1024 * 1024
SERVICE_MAX_ROWS: Final = 100_000


@dataclass(frozen=True)
class ProblemHeadings:
    """The report's own column titles: the UI passes them translated."""

    row: str = "row"
    problem: str = "problem"
    detail: str = "detail"


def column_letter(index: int) -> str:
    """0 -> "A", 25 -> "Z", 26 -> "AA": column names for a file without a header."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def problem_rows(report: ImportReport) -> list[RejectedRow | DuplicateRow]:
    """Rejected and duplicate rows together, in the order of the spreadsheet."""
    rows: list[RejectedRow | DuplicateRow] = [*report.rejected, *report.duplicates]
    rows.sort(key=lambda r: r.row)
    return rows


def _code(problem: RejectedRow | DuplicateRow) -> str:
    return problem.reason.value


def _layout(
    report: ImportReport,
    headings: ProblemHeadings,
    describe: Callable[[RejectedRow | DuplicateRow], str] | None,
) -> tuple[list[str], Iterator[tuple[int, str, str, Sequence[Cell]]]]:
    """Header and rows (row, problem, detail, original cells) of the report."""
    problems = problem_rows(report)
    width = max([len(report.header), *(_used(p.cells) for p in problems)])
    originals = [
        report.header[i] if i < len(report.header) and report.header[i] else column_letter(i)
        for i in range(width)
    ]
    words = describe or _code
    rows = (
        (p.row, words(p), p.detail, [*p.cells[:width], *[""] * (width - len(p.cells))])
        for p in problems
    )
    return [headings.row, headings.problem, headings.detail, *originals], rows


def _used(cells: Sequence[Cell]) -> int:
    for index in range(len(cells) - 1, -1, -1):
        if cells[index] != "" and cells[index] is not None:
            return index + 1
    return 0


def _excel_text(text: str) -> str:
    """A CSV cell Excel shows as exactly ``text`` (see the module docstring)."""
    return '="' + text.replace('"', '""') + '"' if text else ""


def write_problem_report_csv(
    report: ImportReport,
    path: Path | str,
    *,
    headings: ProblemHeadings = ProblemHeadings(),
    describe: Callable[[RejectedRow | DuplicateRow], str] | None = None,
) -> int:
    """The rejected and duplicate rows with their original cells, as UTF-8 CSV with a BOM
    (without one Excel reads UTF-8 as the local code page); phones as ``="…"``. Returns the
    number of problem rows written. ``describe`` words a problem (default: its code)."""
    header, rows = _layout(report, headings, describe)
    phone = report.mapping.phone
    with Path(path).open("w", encoding="utf-8-sig", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        count = 0
        for number, problem, detail, cells in rows:
            texts = [cell_text(c) for c in cells]
            if phone is not None and phone < len(texts):
                texts[phone] = _excel_text(texts[phone])
            writer.writerow([number, problem, detail, *texts])
            count += 1
    return count


def write_problem_report_xlsx(
    report: ImportReport,
    path: Path | str,
    *,
    headings: ProblemHeadings = ProblemHeadings(),
    describe: Callable[[RejectedRow | DuplicateRow], str] | None = None,
    sheet_title: str = "Problems",
) -> int:
    """The same report as an XLSX workbook; the phone column as Text cells. Other cells keep
    their type (a number stays a number, a date a date); text that starts with ``=`` stays
    text. Returns the number of problem rows written."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    header, rows = _layout(report, headings, describe)
    phone = report.mapping.phone
    book = Workbook(write_only=True)
    sheet = book.create_sheet(sheet_title)

    def cell(value: Cell, as_text: bool = False) -> object:
        if as_text or isinstance(value, str):
            text = ILLEGAL_CHARACTERS_RE.sub("", cell_text(value))
            out = WriteOnlyCell(sheet, value=text)
            out.data_type = "s"  # "=…" is text here, never a formula
            if as_text:
                out.number_format = "@"
            return out
        return value

    sheet.append([cell(h) for h in header])
    count = 0
    for number, problem, detail, cells in rows:
        values = [cell(c, as_text=i == phone) for i, c in enumerate(cells)]
        sheet.append([number, cell(problem), cell(detail), *values])
        count += 1
    book.save(path)
    return count


@dataclass(frozen=True)
class UploadFile:
    """One file for ``POST /contacts/upload`` and where its rows came from.

    The service numbers rows as in a spreadsheet (the header is row 1), so its error for row
    ``r`` of this file is about spreadsheet row ``source_rows[r - 2]``.
    """

    path: Path
    source_rows: tuple[int, ...]
    size: int

    def spreadsheet_row(self, upload_row: int) -> int | None:
        """The user's row for the service's row number, None when no such data row."""
        index = upload_row - 2
        return self.source_rows[index] if 0 <= index < len(self.source_rows) else None


def _lines(valid: Sequence[ValidRow]) -> Iterator[tuple[int, str]]:
    """(spreadsheet row, CSV line) per valid row, quoted as the csv module does."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    for row in valid:
        writer.writerow((row.phone, row.first_name, row.last_name, row.email))
        yield row.row, buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()


def write_upload_files(
    valid: Sequence[ValidRow],
    directory: Path | str,
    *,
    stem: str = "contacts",
    max_bytes: int = SERVICE_MAX_BYTES,
    max_rows: int = SERVICE_MAX_ROWS,
) -> list[UploadFile]:
    """The valid rows as UTF-8 CSV files (``phone,first_name,last_name,email``), as many as
    it takes for each to be within ``max_bytes`` and ``max_rows`` data rows: ``stem-1.csv``,
    ``stem-2.csv``… in ``directory``. No rows, no file."""
    directory = Path(directory)
    header = ",".join(UPLOAD_COLUMNS) + "\r\n"
    header_bytes = len(header)
    files: list[UploadFile] = []
    part: list[str] = []
    rows: list[int] = []
    size = header_bytes

    def flush() -> None:
        nonlocal size
        path = directory / f"{stem}-{len(files) + 1}.csv"
        path.write_bytes((header + "".join(part)).encode("utf-8"))
        files.append(UploadFile(path, tuple(rows), size))
        part.clear()
        rows.clear()
        size = header_bytes

    for source_row, line in _lines(valid):
        line_bytes = len(line) if line.isascii() else len(line.encode("utf-8"))
        if header_bytes + line_bytes > max_bytes:
            raise ValueError(f"row {source_row} alone is larger than {max_bytes} bytes")
        if rows and (len(rows) >= max_rows or size + line_bytes > max_bytes):
            flush()
        part.append(line)
        rows.append(source_row)
        size += line_bytes
    if rows:
        flush()
    return files
