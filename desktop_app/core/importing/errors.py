"""What can stop an import as a whole, as codes with data (the UI words them), and the bounds
that keep a hostile or broken file from hanging the app or eating its memory."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

MIB = 1024 * 1024


class FileErrorCode(StrEnum):
    """Why a file cannot be imported at all; ``ImportFileError.data`` holds the specifics."""

    NOT_FOUND = "not_found"
    """The path does not exist (moved or deleted since it was chosen)."""
    UNREADABLE = "unreadable"
    """The OS refused to read it (``data["detail"]``: the OS message); on Windows often a
    file still open in Excel."""
    UNSUPPORTED_TYPE = "unsupported_type"
    """A name ending we do not read (``data["extension"]``)."""
    NOT_A_SPREADSHEET = "not_a_spreadsheet"
    """The content is no spreadsheet at all (``data["detected"]``: what it looks like, e.g.
    ``"binary"``, ``"zip"``, ``"docx"``)."""
    TYPE_MISMATCH = "type_mismatch"
    """A spreadsheet of another type than its name says (``data["extension"]``,
    ``data["detected"]``: ``"csv"``, ``"xlsx"``, ``"xls"``)."""
    OLD_EXCEL = "old_excel"
    """An Excel 97-2003 ``.xls`` workbook: the user should save it as ``.xlsx`` or CSV."""
    ENCRYPTED = "encrypted"
    """A password-protected workbook."""
    CORRUPT = "corrupt"
    """Damaged beyond reading (``data["detail"]``: technical, for logs; ``data["line"]`` for
    a CSV)."""
    TOO_LARGE = "too_large"
    """Over the file size limit (``data["size"]``, ``data["limit"]`` in bytes)."""
    ZIP_BOMB = "zip_bomb"
    """A workbook that would unpack to far more than it could honestly hold
    (``data["reason"]``: ``"size"``, ``"ratio"`` or ``"entries"``, with ``"value"`` and
    ``"limit"``)."""
    TOO_MANY_ROWS = "too_many_rows"
    """More rows than the hard stop (``data["limit"]``)."""
    TOO_MANY_CELLS = "too_many_cells"
    """A sheet whose used area (rows × columns) is too big to hold (``data["rows"]``,
    ``data["columns"]``, ``data["limit"]``)."""
    CELL_TOO_LONG = "cell_too_long"
    """A cell is longer than any real cell can be (``data["limit"]``, and ``data["row"]``;
    or ``data["line"]``, the physical line, when the csv module's own field limit stopped a
    CSV, as an unclosed quote does)."""
    ENCODING = "encoding"
    """Text that is neither UTF-8, UTF-16 nor Windows-1252 (``data["offset"]``: the first
    bad byte)."""
    SHEET_NOT_FOUND = "sheet_not_found"
    """The chosen sheet is not in the workbook (``data["sheet"]``)."""
    EMPTY = "empty"
    """No non-blank row at all (or no worksheet)."""
    NO_PHONE_COLUMN = "no_phone_column"
    """No column was given or recognised as the phone column."""


class ImportFileError(Exception):
    """A file that cannot be imported. ``str()`` is technical English for logs only; the UI
    words ``code`` and ``data`` itself."""

    def __init__(self, code: FileErrorCode, **data: object) -> None:
        details = ", ".join(f"{key}={value!r}" for key, value in data.items())
        super().__init__(f"{code.value}: {details}" if details else code.value)
        self.code = code
        self.data: dict[str, object] = data

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_error, (self.code, self.data))


def _rebuild_error(code: FileErrorCode, data: dict[str, object]) -> ImportFileError:
    """Unpickling helper: a worker process can send the error back whole."""
    return ImportFileError(code, **data)


class ImportCancelled(Exception):
    """The user cancelled: raised from inside the work, at the next check of ``cancel``."""


class CancelToken(Protocol):
    """Anything with ``is_set()``: a ``threading.Event`` or a ``multiprocessing.Event``."""

    def is_set(self) -> bool: ...


def check_cancel(cancel: CancelToken | None) -> None:
    if cancel is not None and cancel.is_set():
        raise ImportCancelled


@dataclass(frozen=True)
class ImportLimits:
    """Bounds on what a file may make us read; parameters so tests can use small ones.

    The defaults let any honest contact list Excel can hold through (Excel's own limits are
    1,048,576 rows and 32,767 characters a cell) while a 5 KB file can no longer ask for
    gigabytes: calamine holds a sheet as a dense rows × columns grid, so the cell bound
    matters as much as the unpacked size.
    """

    max_file_bytes: int = 64 * MIB
    """Size on disk, CSV or XLSX."""
    max_uncompressed_bytes: int = 256 * MIB
    """All the parts of an XLSX together, unpacked."""
    max_compression_ratio: int = 250
    """Unpacked/packed for any XLSX part over ``ratio_floor_bytes`` (real sheets: 5-30)."""
    ratio_floor_bytes: int = MIB
    max_zip_entries: int = 10_000
    max_rows: int = 1_000_000
    """Rows read (blank ones included): the hard stop. The service's 100,000 rows per
    upload is met by splitting, not here."""
    max_cells: int = 12_000_000
    """Rows × columns of the area calamine would hold (~32 bytes a cell); a wider sheet
    (junk far to the right) is streamed through openpyxl instead, reading ``max_columns``."""
    max_columns: int = 256
    """Columns read when streaming; cells further right are ignored as junk."""
    max_cell_chars: int = 32_767
    """Cells of the mapped columns (the ones kept, and copied into the upload files); other
    cells are bounded by the file and unpacked sizes. A CSV field is also bounded by the csv
    module's own limit (131,072), which stops an unclosed quote eating the rest of the file."""


DEFAULT_LIMITS = ImportLimits()
