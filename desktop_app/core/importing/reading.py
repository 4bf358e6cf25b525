"""Reading a CSV or XLSX file into rows numbered as the user sees them in the spreadsheet.

What a file claims is checked before anything trusts it: the name ending against the first
bytes, the CSV's encoding over the whole file, and an XLSX's zip directory and every part
unpacked under a bound (a lying directory fails the CRC check) *before* calamine, which holds
a sheet as one dense grid, is let near it: the cell references are scanned for the sheet's
extent, so a 5 KB file naming cell ``XFD1048576`` cannot ask for gigabytes.
"""

from __future__ import annotations

import codecs
import csv
import io
import itertools
import operator
import posixpath
import re
import warnings
import zipfile
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from enum import StrEnum
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, BinaryIO, Final, NamedTuple, TypeVar, overload
from xml.etree import ElementTree

from desktop_app.core.importing.errors import (
    DEFAULT_LIMITS,
    MIB,
    CancelToken,
    FileErrorCode,
    ImportFileError,
    ImportLimits,
    check_cancel,
)

__all__ = [
    "CHUNK_ROWS",
    "Cell",
    "Chunk",
    "ColumnRows",
    "FileKind",
    "RawRow",
    "SourceInfo",
    "Table",
    "read_table",
    "sheets",
]

Cell = str | float | int | bool | datetime | date | time | timedelta
"""One cell's value: text, a number, a date or time; an empty cell is ``""``."""

RawRow = tuple[int, Sequence[Cell]]
"""(row number as the spreadsheet shows it, the row's cells from column A)."""


class Chunk(NamedTuple):
    """Consecutive non-blank rows, as two columns: no tuple per row to build and take apart."""

    numbers: Sequence[int]
    """Row numbers (a ``range`` when no blank row was left out)."""
    rows: Sequence[Sequence[Cell]]
    """The rows' cells from column A (``ColumnRows`` for text split a column at a time)."""

    def raw_rows(self) -> list[RawRow]:
        return list(zip(self.numbers, self.rows, strict=True))


class ColumnRows(Sequence[list[str]]):
    """Rows of text kept as columns, as a CSV without quotes is split (see
    ``_unquoted_records``): the validator reads ``columns``; a row is made, a list like
    csv's, only when it is asked for. No row is blank."""

    __slots__ = ("_count", "columns")

    def __init__(self, columns: list[list[str]], count: int) -> None:
        self.columns = columns
        """Every column, each ``count`` cells long."""
        self._count = count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> list[str]: ...

    @overload
    def __getitem__(self, index: slice) -> list[list[str]]: ...

    def __getitem__(self, index: int | slice) -> list[str] | list[list[str]]:
        if isinstance(index, slice):
            return list(map(list, zip(*(column[index] for column in self.columns), strict=True)))
        if not -self._count <= index < self._count:
            raise IndexError(index)
        return [column[index] for column in self.columns]

    def __iter__(self) -> Iterator[list[str]]:
        return map(list, zip(*self.columns, strict=True))


class FileKind(StrEnum):
    CSV = "csv"
    XLSX = "xlsx"


@dataclass(frozen=True)
class SourceInfo:
    """How the file was read: shown on the wizard's first page and kept in logs."""

    kind: FileKind
    sheet: str | None = None
    encoding: str | None = None
    delimiter: str | None = None
    engine: str = "csv"
    """``"csv"``, ``"calamine"`` or ``"openpyxl"`` (the streaming fallback)."""


CHUNK_ROWS: Final = 256
"""Rows per chunk. Small on purpose: rows kept alive across a garbage collection (every
700 allocations) are traversed by it, and 4,096-row chunks made reading a CSV twice as slow."""


class Table(AbstractContextManager["Table"]):
    """An opened table: its non-blank rows, read lazily and once, in chunks.

    A row whose cells are all empty is left out (blank rows are not data rows); a row of only
    spaces is still given, as telling it apart costs a string scan per row and the caller
    looks at the phone cell anyway.
    """

    def __init__(self, info: SourceInfo, chunks: Iterator[Chunk], estimated_rows: int) -> None:
        self.info = info
        self.estimated_rows = estimated_rows
        """Rows in the file (exact for XLSX, estimated from the size for CSV): for progress."""
        self._chunks = chunks

    def chunks(self) -> Iterator[Chunk]:
        """The rows, up to ``CHUNK_ROWS`` at a time (never an empty chunk)."""
        return self._chunks

    def __iter__(self) -> Iterator[RawRow]:
        for chunk in self._chunks:
            yield from zip(chunk.numbers, chunk.rows, strict=True)

    def close(self) -> None:
        close = getattr(self._chunks, "close", None)
        if close is not None:
            close()

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _in_chunks(rows: Iterator[RawRow]) -> Iterator[Chunk]:
    while block := list(itertools.islice(rows, CHUNK_ROWS)):
        yield Chunk([n for n, _ in block], [cells for _, cells in block])


# --- what the file is ------------------------------------------------------------------------

_TEXT_EXTENSIONS: Final = frozenset({".csv", ".txt", ".tsv"})
_XLSX_EXTENSIONS: Final = frozenset({".xlsx", ".xlsm"})
_ZIP_MAGIC: Final = (b"PK\x03\x04", b"PK\x05\x06")
_OLE2_MAGIC: Final = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTED_PACKAGE: Final = "EncryptedPackage".encode("utf-16-le")
_HEAD_BYTES: Final = 64 * 1024


def _stat_size(path: Path, limits: ImportLimits) -> int:
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise ImportFileError(FileErrorCode.NOT_FOUND) from None
    except OSError as exc:
        raise ImportFileError(FileErrorCode.UNREADABLE, detail=str(exc)) from None
    if not path.is_file():
        raise ImportFileError(FileErrorCode.NOT_FOUND)
    if size == 0:
        raise ImportFileError(FileErrorCode.EMPTY)
    if size > limits.max_file_bytes:
        raise ImportFileError(FileErrorCode.TOO_LARGE, size=size, limit=limits.max_file_bytes)
    return size


def _read_head(path: Path) -> bytes:
    try:
        with path.open("rb") as f:
            return f.read(_HEAD_BYTES)
    except OSError as exc:
        raise ImportFileError(FileErrorCode.UNREADABLE, detail=str(exc)) from None


def _zip_content(path: Path) -> str:
    """``"xlsx"``, ``"ods"``, ``"docx"``... or ``"zip"``: what a zip file holds."""
    try:
        with zipfile.ZipFile(path) as zf:
            names = set(zf.namelist())
    except (zipfile.BadZipFile, OSError, ValueError):
        return "broken-zip"
    if "[Content_Types].xml" in names and any(n.startswith("xl/") for n in names):
        return "xlsx"
    if "word/document.xml" in names:
        return "docx"
    if "ppt/presentation.xml" in names:
        return "pptx"
    if "content.xml" in names and "mimetype" in names:
        return "ods"
    return "zip"


def _looks_binary(head: bytes) -> bool:
    """NULs (outside UTF-16) or many control bytes: not a text file."""
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or _utf16_without_bom(head):
        return False
    if b"\x00" in head:
        return True
    controls = sum(head.count(bytes([b])) for b in (*range(0, 9), *range(14, 32)) if b != 27)
    return controls > len(head) // 100


def _utf16_without_bom(head: bytes) -> str | None:
    """``"utf-16-le"``/``"utf-16-be"`` when mostly-ASCII text has every other byte NUL."""
    sample = head[: len(head) - len(head) % 2]
    if len(sample) < 4:
        return None
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    half = len(sample) // 2
    if odd >= half * 0.6 and even == 0:
        return "utf-16-le"
    if even >= half * 0.6 and odd == 0:
        return "utf-16-be"
    return None


def _detect_kind(path: Path, head: bytes) -> FileKind:
    """The kind to read, or the error saying why not: the name and the content must agree."""
    ext = path.suffix.lower()
    if head.startswith(_ZIP_MAGIC):
        content = _zip_content(path)
    elif head.startswith(_OLE2_MAGIC):
        content = "xls"
    elif _looks_binary(head):
        content = "binary"
    else:
        lowered = head[:2048].lstrip().lower()
        content = "html" if lowered.startswith((b"<!doctype html", b"<html", b"<table")) else "csv"
    if ext in _XLSX_EXTENSIONS or (ext == "" and content == "xlsx"):
        if content == "xlsx":
            return FileKind.XLSX
        if content == "broken-zip":
            raise ImportFileError(FileErrorCode.CORRUPT, detail="not a readable zip")
        if content == "xls" and _is_encrypted_ooxml(path):
            raise ImportFileError(FileErrorCode.ENCRYPTED)
        return _mismatch(ext, content)
    if ext in _TEXT_EXTENSIONS or (ext == "" and content == "csv"):
        if content == "csv":
            return FileKind.CSV
        return _mismatch(ext, content)
    if ext == ".xls":
        if content == "xls":
            raise ImportFileError(FileErrorCode.OLD_EXCEL)
        return _mismatch(ext, content)
    raise ImportFileError(FileErrorCode.UNSUPPORTED_TYPE, extension=ext)


def _mismatch(ext: str, content: str) -> FileKind:
    if content in ("csv", "xlsx", "xls"):
        raise ImportFileError(FileErrorCode.TYPE_MISMATCH, extension=ext, detected=content)
    detected = "zip" if content == "broken-zip" else content
    raise ImportFileError(FileErrorCode.NOT_A_SPREADSHEET, detected=detected)


def _is_encrypted_ooxml(path: Path) -> bool:
    """A password-protected .xlsx is an OLE2 container holding an "EncryptedPackage" stream."""
    try:
        with path.open("rb") as f:
            while chunk := f.read(MIB):
                if _ENCRYPTED_PACKAGE in chunk:
                    return True
    except OSError:
        return False
    return False


# --- CSV ---------------------------------------------------------------------------------------

_DELIMITERS: Final = (",", ";", "\t")
_SNIFF_LINES: Final = 50
_SEP_DIRECTIVE: Final = re.compile(r"\A\ufeff?sep=(.)\r?\n")


def _csv_encoding(path: Path, head: bytes) -> str:
    """The encoding that decodes the *whole* file: BOM, then UTF-16 shape, UTF-8, cp1252."""
    if head.startswith(codecs.BOM_UTF8):
        candidates: tuple[str, ...] = ("utf-8-sig",)
    elif head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        candidates = ("utf-16",)
    elif (utf16 := _utf16_without_bom(head)) is not None:
        candidates = (utf16,)
    else:
        candidates = ("utf-8", "cp1252")
    bad_offset = 0
    for encoding in candidates:
        bad_offset = _first_undecodable(path, encoding)
        if bad_offset < 0:
            return encoding
    raise ImportFileError(FileErrorCode.ENCODING, offset=bad_offset)


def _first_undecodable(path: Path, encoding: str) -> int:
    """Offset of the first byte ``encoding`` cannot decode, -1 when all of it decodes."""
    decoder = codecs.getincrementaldecoder(encoding)()
    offset = 0
    try:
        with path.open("rb") as f:
            while chunk := f.read(MIB):
                try:
                    decoder.decode(chunk)
                except UnicodeDecodeError as exc:
                    return offset + max(exc.start, 0)
                offset += len(chunk)
            decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return offset
    except OSError as exc:
        raise ImportFileError(FileErrorCode.UNREADABLE, detail=str(exc)) from None
    return -1


def _sniff_delimiter(sample: str) -> str:
    """The separator giving the most lines with one same number (>1) of fields."""
    lines = sample.splitlines()[:_SNIFF_LINES]
    if len(lines) > 1 and not sample.endswith(("\n", "\r")):
        lines = lines[:-1]  # the sample cut a line short
    best, best_score = ",", 0
    for delimiter in _DELIMITERS:
        try:
            counts = [len(r) for r in csv.reader(lines, delimiter=delimiter) if any(r)]
        except csv.Error:
            continue
        if not counts:
            continue
        common = max(set(counts), key=lambda c: (counts.count(c), c))
        score = counts.count(common) if common > 1 else 0
        if score > best_score:
            best, best_score = delimiter, score
    return best


def _csv_table(path: Path, size: int, head: bytes, limits: ImportLimits) -> Table:
    encoding = _csv_encoding(path, head)
    sample = head.decode(encoding, errors="ignore")
    directive = _SEP_DIRECTIVE.match(sample)
    if directive is not None:
        # Excel's "sep=;" first line: obeyed and hidden by Excel, so row 1 is the next line.
        delimiter = directive[1]
        sample = sample[directive.end() :]
    else:
        delimiter = _sniff_delimiter(sample)
    lines_in_sample = max(sample.count("\n"), 1)
    estimated = max(1, round(size * lines_in_sample / max(len(head), 1)))
    info = SourceInfo(FileKind.CSV, encoding=encoding, delimiter=delimiter, engine="csv")
    return Table(
        info, _csv_rows(path, encoding, delimiter, directive is not None, limits), estimated
    )


def _csv_rows(
    path: Path, encoding: str, delimiter: str, skip_directive: bool, limits: ImportLimits
) -> Iterator[Chunk]:
    """Rows numbered by record, as Excel shows them (a quoted line break stays in its row).

    Cell length is bounded by the csv module's own field limit (131,072 characters), which
    turns an unclosed quote swallowing the rest of the file into an error instead of one huge
    cell; a second check per cell in Python would cost a fifth of the time spent reading.

    Text without a quote character is split by ``str`` methods instead, which give exactly
    what csv gives there (every character but the delimiter and the line breaks is then
    literal) at twice its speed: see ``_unquoted_records``. Only a blank line differs,
    ``[""]`` for csv's ``[]``, and blank rows are left out below anyway.
    """
    max_rows = limits.max_rows
    try:
        with path.open(encoding=encoding, newline="") as source:
            # Read whole, then parsed from memory: a thread reading a file through csv gives
            # up the GIL at every read() and takes it straight back, so the GUI thread
            # waiting for it starves (CPython's convoy effect: 40+ ms stalls measured).
            text = source.read()
        # Excel's "sep=;" line, as csv would be given it: up to the first line break
        start = len(io.StringIO(text[:16], newline="").readline()) if skip_directive else 0
        records = (
            _quoted_records(text, start, delimiter)
            if '"' in text
            else _unquoted_records(text, start, delimiter)
        )
        number = 0
        for rows in records:
            first, number = number + 1, number + len(rows)
            if number > max_rows:
                raise ImportFileError(FileErrorCode.TOO_MANY_ROWS, limit=max_rows)
            if isinstance(rows, ColumnRows) or all(map(any, rows)):
                yield Chunk(range(first, number + 1), rows)
            elif keep := [i for i, row in enumerate(rows) if any(row)]:
                yield Chunk([first + i for i in keep], [rows[i] for i in keep])
    except _CsvError as exc:
        # the record count is lost inside a chunk: the physical line is what is known
        if "field larger than field limit" in str(exc.error):
            raise ImportFileError(
                FileErrorCode.CELL_TOO_LONG, line=exc.line, limit=csv.field_size_limit()
            ) from None
        raise ImportFileError(FileErrorCode.CORRUPT, line=exc.line, detail=str(exc.error)) from None
    except UnicodeDecodeError as exc:  # the file changed since its encoding was checked
        raise ImportFileError(FileErrorCode.ENCODING, offset=exc.start) from None
    except OSError as exc:
        raise ImportFileError(FileErrorCode.UNREADABLE, detail=str(exc)) from None


# Where str.splitlines() ends a line and csv does not.
_RARE_LINE_BREAKS: Final = ("\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
_PIECE_CHARS: Final = 32_768
"""Text split at a time when it holds no quote: a few hundred lines, a few tens of µs."""


class _CsvError(Exception):
    """csv's error, with the physical line where it was (counted after a "sep=" line)."""

    def __init__(self, error: csv.Error, line: int) -> None:
        super().__init__(str(error))
        self.error = error
        self.line = line


def _csv_records(
    lines: Iterator[str], delimiter: str, line: int, stop: int | None = None
) -> tuple[list[list[str]], int]:
    """csv's records from ``lines`` (whole lines, their line breaks kept) until ``stop`` lines
    are read (all of them when None), and the lines read; ``line``: lines before them."""
    reader = csv.reader(lines, delimiter=delimiter)
    try:
        if stop is None:
            rows = list(reader)
        else:
            rows = []
            while reader.line_num < stop:
                rows.append(next(reader))
    except csv.Error as exc:
        raise _CsvError(exc, line + reader.line_num) from None
    return rows, reader.line_num


@lru_cache(maxsize=8)
def _all_bytes_but(delimiter: str) -> bytes:
    """For ``bytes.translate``: every byte but the delimiter's and the line breaks'."""
    keep = (delimiter + "\r\n").encode()
    return bytes(b for b in range(256) if b not in keep)


def _split_columns(piece: str, delimiter: str) -> tuple[list[list[str]], int] | None:
    """The fields of ``piece`` (no quote, no rarer line break) as columns, and the number of
    lines, when every line has as many fields, ends the same way, and none is blank (all its
    fields empty); else None.

    The lines are checked without being made: the piece's delimiters and line breaks, in
    order (one ``bytes.translate``: UTF-8 gives no ASCII byte to other characters), must be
    the first line's repeated. Then, with the delimiter made a line break, ``splitlines``
    gives the fields in order, each line its own, unless lines end in a lone "\\r" and one
    starts with the delimiter (the two become one "\\r\\n"): the field count tells.
    """
    if len(delimiter) != 1 or not delimiter.isascii() or delimiter in "\r\n":
        return None
    marks = piece.encode("utf-8", "surrogatepass").translate(None, _all_bytes_but(delimiter))
    breaks = [at for at in (marks.find(b"\r"), marks.find(b"\n")) if at >= 0]
    if not breaks:  # one line, without a line break
        width, lines = len(marks) + 1, 1
    else:
        width = min(breaks) + 1
        crlf = marks[width - 1 : width + 1] == b"\r\n"
        first = marks[: width + crlf]  # the first line's delimiters and line break
        if not piece.endswith(("\r", "\n")):  # the last line has none: as if it had
            marks += first[width - 1 :]
        lines, rest = divmod(len(marks), len(first))
        if rest or marks != first * lines:
            return None
    fields = piece.replace(delimiter, "\n").splitlines()
    if len(fields) != lines * width:
        return None
    columns = [fields[column::width] for column in range(width)]
    if all(map(list.__contains__, columns, itertools.repeat(""))):  # a blank row, maybe
        blank = set(itertools.compress(range(lines), map(operator.not_, columns[0])))
        for column in columns[1:]:
            blank.difference_update(itertools.compress(range(lines), column))
        if blank:
            return None
    return columns, lines


def _unquoted_records(
    text: str, start: int, delimiter: str, line: int = 0
) -> Iterator[Sequence[list[str]]]:
    """The records of ``text[start:]``, which holds no quote character, ``CHUNK_ROWS`` at a
    time: each line is a record, its fields split at the delimiter.

    csv's lines end at "\n", "\r\n" or "\r", and so do ``splitlines``', which also ends them
    at a few rarer characters (form feed, U+2028…): a piece holding one of those goes to csv,
    and so does a piece longer than csv's field limit (one of its fields may be over it: csv
    says which line). ``line``: lines before ``start``, for errors.
    """
    limit = csv.field_size_limit()
    pos, end_of_text = start, len(text)
    while pos < end_of_text:
        cut = text.find("\n", pos + min(_PIECE_CHARS, limit))  # never inside a "\r\n"
        end = end_of_text if cut < 0 else cut + 1
        piece = text[pos:end]
        pos = end
        if len(piece) <= limit and not any(map(piece.__contains__, _RARE_LINE_BREAKS)):
            by_column = _split_columns(piece, delimiter)
            if by_column is not None:
                columns, lines = by_column
                line += lines
                for at in range(0, lines, CHUNK_ROWS):
                    block = [column[at : at + CHUNK_ROWS] for column in columns]
                    yield ColumnRows(block, len(block[0]))
                continue
            split = piece.splitlines()
            line += len(split)
            rows = list(map(str.split, split, itertools.repeat(delimiter)))
        else:
            rows, read = _csv_records(io.StringIO(piece, newline=""), delimiter, line)
            line += read
        for at in range(0, len(rows), CHUNK_ROWS):
            yield rows[at : at + CHUNK_ROWS]


def _quoted_records(text: str, start: int, delimiter: str) -> Iterator[Sequence[list[str]]]:
    """The records of ``text[start:]``, up to ``CHUNK_ROWS`` lines at a time: csv's where a
    quote is among them (a quoted field may go on past them: then the lines it takes are
    read on), split by ``_unquoted_records`` elsewhere."""
    f = io.StringIO(text, newline="")
    f.seek(start)
    line = 0
    # the lines as csv is given them: split at "\n", "\r\n" and "\r", line breaks kept
    while block := list(itertools.islice(f, CHUNK_ROWS)):
        joined = "".join(block)
        if '"' in joined:
            rows, read = _csv_records(itertools.chain(block, f), delimiter, line, len(block))
        else:
            parts = _unquoted_records(joined, 0, delimiter, line)
            rows = [row for part in parts for row in part]
            read = len(block)
        line += read
        yield rows


# --- XLSX: checking the package ----------------------------------------------------------------

# A cell element's opening tag and its reference (r="AB12"), empty when it has none: such a
# cell is placed by its position among its siblings, so its sheet's extent is unknown.
_CELL_TAG: Final = re.compile(
    rb'<(?:[A-Za-z_][\w.-]*:)?c\b(?:[^>]*?\br="([A-Z]{1,3})([0-9]{1,9})")?'
)


@dataclass(frozen=True)
class _Extent:
    """The used area of one sheet part, from its cell references."""

    rows: int = 0
    columns: int = 0
    positional: bool = False
    """Some cell has no reference: its place is only known by reading in order."""


@dataclass(frozen=True)
class _Package:
    """An XLSX that passed the checks: the worksheets Excel shows, in order, and the extents
    of all its sheets."""

    sheet_names: tuple[str, ...]
    extents: dict[str, _Extent]  # sheet name -> extent
    fallback_extent: _Extent  # the largest of all sheet parts, when names could not be mapped


def _column_number(letters: bytes) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + letter - 64
    return number


def _scan_extent(stream: Iterator[bytes]) -> _Extent:
    """Largest row and column referenced, reading the part chunk by chunk."""
    max_row = max_col = 0
    positional = False
    carry = b""
    for chunk in itertools.chain(stream, (b"",)):
        data = carry + chunk
        if chunk:
            cut = data.rfind(b"<")
            if cut > 0:  # keep a tag that may be cut in two for the next round
                data, carry = data[:cut], data[cut:]
            else:
                carry = b""
        found = _CELL_TAG.findall(data)
        if found:
            columns = {c for c, _ in found}
            if b"" in columns:  # a cell without a reference
                positional = True
                columns.discard(b"")
            rows = {r for _, r in found if r}
            if columns:
                max_col = max(max_col, *map(_column_number, columns))
            if rows:
                max_row = max(max_row, *map(int, rows))
    return _Extent(max_row, max_col, positional)


def _workbook_sheets(parts: dict[str, bytes]) -> list[tuple[str, str, str, bool]]:
    """(name, part path, relationship type, shown) of each sheet, in workbook order; shown
    is False for a sheet hidden in Excel (``state="hidden"`` or ``"veryHidden"``)."""
    root_rels = ElementTree.fromstring(parts["_rels/.rels"])
    workbook = next(
        el.get("Target", "") for el in root_rels if el.get("Type", "").endswith("/officeDocument")
    ).lstrip("/")
    folder, name = posixpath.split(workbook)
    rels = ElementTree.fromstring(parts[posixpath.join(folder, "_rels", name + ".rels")])
    targets = {}
    for el in rels:
        target = el.get("Target", "")
        path = target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target)
        targets[el.get("Id")] = (posixpath.normpath(path), el.get("Type", ""))
    out = []
    for el in ElementTree.fromstring(parts[workbook]).iter():
        if el.tag.rsplit("}", 1)[-1] != "sheet":
            continue
        rel_id = next((v for k, v in el.attrib.items() if k.rsplit("}", 1)[-1] == "id"), None)
        if rel_id in targets:
            path, rel_type = targets[rel_id]
            out.append(
                (el.get("name", ""), path, rel_type, el.get("state", "visible") == "visible")
            )
    return out


@lru_cache(maxsize=8)
def _checked_package(
    path: str, size: int, mtime_ns: int, limits: ImportLimits
) -> _Package:  # size and mtime key the cache: a changed file is checked again
    """Every part unpacked once under the bounds (output is capped at the declared size and
    CRC-checked by zipfile, so a lying directory cannot slip past), the sheet parts scanned
    for their extent. The wizard asks for sheets, a preview and the full read of one file:
    the result is kept for the next call."""
    try:
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
            _check_directory(infos, limits)
            parts: dict[str, bytes] = {}
            scanned: dict[str, _Extent] = {}
            for info in infos:
                name = info.filename
                if _is_sheet_part(name):
                    with zf.open(info) as f:
                        scanned[name] = _scan_extent(iter(partial(f.read, MIB), b""))
                elif name.endswith(".rels") or name.endswith("workbook.xml"):
                    parts[name] = zf.read(info)
                else:
                    with zf.open(info) as f:
                        while f.read(MIB):
                            pass
    except ImportFileError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, ValueError) as exc:
        raise ImportFileError(FileErrorCode.CORRUPT, detail=str(exc)) from None
    except RuntimeError as exc:  # zipfile: an encrypted entry needs a password
        raise ImportFileError(FileErrorCode.ENCRYPTED, detail=str(exc)) from None
    except OSError as exc:
        raise ImportFileError(FileErrorCode.UNREADABLE, detail=str(exc)) from None
    largest = _Extent(
        max((e.rows for e in scanned.values()), default=0),
        max((e.columns for e in scanned.values()), default=0),
        any(e.positional for e in scanned.values()),
    )
    try:
        listed = _workbook_sheets(parts)
    except (KeyError, StopIteration, ElementTree.ParseError):
        return _Package((), {}, largest)
    worksheets = [
        (name, shown) for name, _, rel_type, shown in listed if rel_type.endswith("/worksheet")
    ]
    names = _shown_sheets(worksheets)
    extents = {name: scanned.get(part, _Extent()) for name, part, _, _ in listed}
    return _Package(names, extents, largest)


def _shown_sheets(worksheets: list[tuple[str, bool]]) -> tuple[str, ...]:
    """The sheets a user can choose from: the ones Excel shows (a hidden sheet of former
    customers is not opened, nor offered); all of them in a workbook that hides every one."""
    shown = tuple(name for name, visible in worksheets if visible)
    return shown or tuple(name for name, _ in worksheets)


def _is_sheet_part(name: str) -> bool:
    return name.endswith(".xml") and name.startswith(("xl/worksheets/", "xl/macrosheets/"))


def _check_directory(infos: list[zipfile.ZipInfo], limits: ImportLimits) -> None:
    """The zip bomb checks on what the central directory declares."""
    if len(infos) > limits.max_zip_entries:
        raise ImportFileError(
            FileErrorCode.ZIP_BOMB,
            reason="entries",
            value=len(infos),
            limit=limits.max_zip_entries,
        )
    names = [info.filename for info in infos]
    if len(set(names)) != len(names):
        raise ImportFileError(FileErrorCode.CORRUPT, detail="duplicate part names")
    total = sum(info.file_size for info in infos)
    if total > limits.max_uncompressed_bytes:
        raise ImportFileError(
            FileErrorCode.ZIP_BOMB,
            reason="size",
            value=total,
            limit=limits.max_uncompressed_bytes,
        )
    for info in infos:
        if info.file_size > limits.ratio_floor_bytes:
            ratio = info.file_size / max(info.compress_size, 1)
            if ratio > limits.max_compression_ratio:
                raise ImportFileError(
                    FileErrorCode.ZIP_BOMB,
                    reason="ratio",
                    value=round(ratio),
                    limit=limits.max_compression_ratio,
                )


def _package(path: Path, size: int, limits: ImportLimits) -> _Package:
    try:
        mtime_ns = path.stat().st_mtime_ns
    except OSError as exc:
        raise ImportFileError(FileErrorCode.UNREADABLE, detail=str(exc)) from None
    return _checked_package(str(path), size, mtime_ns, limits)


# --- XLSX: reading ---------------------------------------------------------------------------


def _calamine_names(path: Path) -> tuple[str, ...]:
    """Worksheet names by calamine, for a package whose workbook part we could not map."""
    from python_calamine import CalamineError, CalamineWorkbook, SheetTypeEnum, SheetVisibleEnum

    try:
        with CalamineWorkbook.from_path(str(path)) as book:
            return _shown_sheets(
                [
                    (m.name, m.visible == SheetVisibleEnum.Visible)
                    for m in book.sheets_metadata
                    if m.typ == SheetTypeEnum.WorkSheet
                ]
            )
    except CalamineError as exc:
        raise ImportFileError(FileErrorCode.CORRUPT, detail=str(exc)) from None


def _xlsx_table(
    path: Path, size: int, sheet: str | None, limits: ImportLimits, cancel: CancelToken | None
) -> Table:
    package = _package(path, size, limits)
    check_cancel(cancel)
    names = package.sheet_names or _calamine_names(path)
    if not names:
        raise ImportFileError(FileErrorCode.EMPTY)
    if sheet is None:
        sheet = names[0]
    elif sheet not in names:
        raise ImportFileError(FileErrorCode.SHEET_NOT_FOUND, sheet=sheet)
    extent = package.extents.get(sheet, package.fallback_extent)
    if extent.rows > limits.max_rows:
        raise ImportFileError(FileErrorCode.TOO_MANY_ROWS, limit=limits.max_rows)
    if extent.positional or extent.rows * extent.columns > limits.max_cells:
        return _openpyxl_table(path, sheet, extent, limits)
    try:
        return _calamine_table(path, sheet, limits)
    except _CalamineFailed:
        return _openpyxl_table(path, sheet, extent, limits)


class _CalamineFailed(Exception):
    """calamine could not read what passed our checks: openpyxl gets its turn."""


def _calamine_table(path: Path, sheet: str, limits: ImportLimits) -> Table:
    from python_calamine import CalamineError, CalamineWorkbook

    try:
        with CalamineWorkbook.from_path(str(path)) as book:
            data = book.get_sheet_by_name(sheet)
    except CalamineError as exc:
        raise _CalamineFailed(str(exc)) from exc
    start = data.start
    if start is None:  # an empty sheet (and iter_rows() would panic on it)
        return Table(_xlsx_info(sheet, "calamine"), iter(()), 0)
    if data.height > limits.max_rows:
        raise ImportFileError(FileErrorCode.TOO_MANY_ROWS, limit=limits.max_rows)
    # iter_rows() gives the empty rows above the data too, but starts at the first used
    # column: row numbers count from 1, columns are shifted back to A.
    return Table(
        _xlsx_info(sheet, "calamine"),
        _calamine_chunks(data.iter_rows(), start[1], limits),
        start[0] + data.height,
    )


def _calamine_chunks(
    rows: Iterator[list[Cell]], first_column: int, limits: ImportLimits
) -> Iterator[Chunk]:
    """Non-blank rows in chunks, checked a chunk at a time (empty cells are ``""``)."""
    pad: list[Cell] = [""] * first_column
    number = 0
    while block := list(itertools.islice(rows, CHUNK_ROWS)):
        first, number = number + 1, number + len(block)
        if number > limits.max_rows:
            raise ImportFileError(FileErrorCode.TOO_MANY_ROWS, limit=limits.max_rows)
        if pad:
            block = [pad + row for row in block]
        if all(map(any, block)):  # a true cell in every row: none is blank
            yield Chunk(range(first, number + 1), block)
        elif keep := [i for i, row in enumerate(block) if row.count("") != len(row)]:
            yield Chunk([first + i for i in keep], [block[i] for i in keep])


def _xlsx_info(sheet: str, engine: str) -> SourceInfo:
    return SourceInfo(FileKind.XLSX, sheet=sheet, engine=engine)


def _sheet_rows(rows: Iterator[Sequence[Cell | None]], limits: ImportLimits) -> Iterator[RawRow]:
    """openpyxl's rows: the non-blank ones, numbered from 1, ``None`` cells made ``""``."""
    max_rows, max_columns = limits.max_rows, limits.max_columns
    for number, values in enumerate(rows, 1):
        if number > max_rows:
            raise ImportFileError(FileErrorCode.TOO_MANY_ROWS, limit=max_rows)
        if len(values) > max_columns:  # cells placed by order only: cut here
            values = values[:max_columns]
        if values.count(None) + values.count("") != len(values):
            yield number, ["" if v is None else v for v in values]


def _openpyxl_table(path: Path, sheet: str, extent: _Extent, limits: ImportLimits) -> Table:
    """The streaming reader: for sheets calamine cannot read, or that are too wide to hold
    whole (junk far to the right is cut at ``max_columns``)."""
    # Our own handle: openpyxl leaves its file open when it fails half-way through opening.
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise ImportFileError(FileErrorCode.UNREADABLE, detail=str(exc)) from None
    try:
        book = _openpyxl_call(lambda: _load_openpyxl(handle))
        data = book[sheet]
        # cells without references: no extent known, openpyxl reads each row as it is
        max_col = None if extent.positional else min(max(extent.columns, 1), limits.max_columns)
        rows: Iterator[Sequence[Cell | None]] = _openpyxl_call(
            lambda: data.iter_rows(min_row=1, max_col=max_col, values_only=True)
        )
    except BaseException:
        handle.close()
        raise

    def read() -> Iterator[Chunk]:
        try:
            yield from _in_chunks(_sheet_rows(_guarded(rows), limits))
        finally:
            book.close()
            handle.close()

    return Table(_xlsx_info(sheet, "openpyxl"), read(), extent.rows)


def _load_openpyxl(source: BinaryIO) -> Any:
    import openpyxl

    return openpyxl.load_workbook(source, read_only=True, data_only=True)


_T = TypeVar("_T")


def _openpyxl_call(call: Callable[[], _T]) -> _T:
    """openpyxl raises many kinds of errors on a broken file and warns about parts it skips
    (data validation, conditional formats): the warnings are not the user's problem."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=UserWarning, module="openpyxl")
        try:
            return call()
        except ImportFileError:
            raise
        except Exception as exc:  # openpyxl has no common base for "this file is broken"
            raise ImportFileError(FileErrorCode.CORRUPT, detail=repr(exc)) from None


def _guarded(rows: Iterator[Sequence[Cell | None]]) -> Iterator[Sequence[Cell | None]]:
    while True:
        row = _openpyxl_call(lambda: next(rows, None))
        if row is None:
            return
        yield row


# --- public --------------------------------------------------------------------------------------


def _open(path: Path | str, limits: ImportLimits) -> tuple[Path, int, FileKind, bytes]:
    path = Path(path)
    size = _stat_size(path, limits)
    head = _read_head(path)
    return path, size, _detect_kind(path, head), head


def read_table(
    path: Path | str,
    sheet: str | None = None,
    *,
    limits: ImportLimits = DEFAULT_LIMITS,
    cancel: CancelToken | None = None,
) -> Table:
    """Open a CSV (any of its encodings and separators) or a sheet of an XLSX (the first
    worksheet by default) for reading; raises ``ImportFileError``."""
    path, size, kind, head = _open(path, limits)
    if kind is FileKind.CSV:
        return _csv_table(path, size, head, limits)
    return _xlsx_table(path, size, sheet, limits, cancel)


def sheets(path: Path | str, *, limits: ImportLimits = DEFAULT_LIMITS) -> tuple[str, ...]:
    """The worksheets a user can choose from, in workbook order; ``()`` for a CSV file."""
    path, size, kind, _ = _open(path, limits)
    if kind is FileKind.CSV:
        return ()
    return _package(path, size, limits).sheet_names or _calamine_names(path)
