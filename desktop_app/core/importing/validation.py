"""Sorting data rows into valid, rejected and duplicate, a chunk at a time.

The per-row path is the import's cost: ``csv`` reads a 100,000-row file in ~40 ms, and a
Python loop doing a handful of things per row costs several times that. So a chunk is worked
on column by column: its phones in one ``phones.try_normalize_many`` call, names, e-mails,
lengths and repeats by ``map``/``compress`` (C speed), the e-mails by one regex over the
column joined by new lines; only the exceptions (a phone the fast path left open, a bad
e-mail, a repeat) are looked at one by one, with the thorough ``check_phone``, and every
other row becomes a valid row in one ``map``. Valid rows are NamedTuples: a frozen dataclass
costs three times as much to build. CSV text usually comes already by column
(``reading.ColumnRows``).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress, repeat
from operator import itemgetter
from typing import Final, NamedTuple

from desktop_app.core import phones
from desktop_app.core.importing.cells import (
    RejectReason,
    cell_text,
    check_phone,
    is_blank,
    lost_zero,
    shown_text,
)
from desktop_app.core.importing.errors import DEFAULT_LIMITS, FileErrorCode, ImportFileError
from desktop_app.core.importing.mapping import ColumnMapping
from desktop_app.core.importing.reading import Cell, Chunk, ColumnRows, SourceInfo

__all__ = ["DuplicateRow", "ImportReport", "RejectedRow", "ValidRow", "Validator", "split_name"]


# The service's e-mail check (cells.EMAIL_RE) as one fullmatch that also takes "" (no e-mail):
# the same answers on stripped text, and a whole column checked by map().
_EMAIL_OR_NOTHING: Final = re.compile(r"(?:[^@\s]+@[^@\s]+\.[^@\s]+)?")
# The same check over a whole column joined by "\n" (no address holds one: "\n" is "\s"):
# each line is one address. Possessive, so no line is scanned twice: the local part can only
# end at the "@", and the domain is right exactly when its first "." after the first
# character has a character after it, which is what "[^@\s]+\.[^@\s]+" asks.
_EMAIL_LINE: Final = r"(?:[^@\s]++@[^@\s][^@\s.]*+\.[^@\s]++)?"
_EMAIL_LINES: Final = re.compile(f"(?:{_EMAIL_LINE}\n)*+{_EMAIL_LINE}")
# The same for ASCII text, "\\s" spelt out (str.isspace() on ASCII): a plain set of characters
# costs the regex engine less than a Unicode category, a third of the time.
_NOT_AT_SPACE: Final = "^@\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f "
_EMAIL_LINE_ASCII: Final = (
    f"(?:[{_NOT_AT_SPACE}]++@[{_NOT_AT_SPACE}][{_NOT_AT_SPACE}.]*+\\.[{_NOT_AT_SPACE}]++)?"
)
_EMAIL_LINES_ASCII: Final = re.compile(f"(?:{_EMAIL_LINE_ASCII}\n)*+{_EMAIL_LINE_ASCII}")
_FIRST_CHAR: Final = itemgetter(slice(0, 1))
_LOST_ZERO_FIRST: Final = frozenset("71")
_SPACE_FIRST: Final = (" ", "\t", "(")


def _bad_emails(emails: list[str]) -> list[int]:
    """Where an (already stripped) e-mail is neither empty nor an address the service takes.

    Usually none: one fullmatch over the column joined by new lines says so; when it does
    not, each address is checked on its own.
    """
    joined = "\n".join(emails)
    lines = _EMAIL_LINES_ASCII if joined.isascii() else _EMAIL_LINES
    if joined.count("\n") == len(emails) - 1 and lines.fullmatch(joined) is not None:
        return []
    bad = map(operator.not_, map(_EMAIL_OR_NOTHING.fullmatch, emails))
    return list(compress(range(len(emails)), bad))


def _unsettled(found: list[str | None], texts: list[str], joined: str) -> list[int]:
    """Where the fast path said no, or may have read "712345678.0" as 7123456780: found
    with ``map`` and ``compress``, no Python code per row (``joined``: the texts, joined)."""
    out: list[int] = []
    if None in found:
        out.extend(compress(range(len(found)), map(operator.is_, found, repeat(None))))
    if "." in joined:
        dotted = compress(range(len(texts)), map(operator.contains, texts, repeat(".")))
        out = sorted({*out, *dotted})
    return out


class ValidRow(NamedTuple):
    """A contact to upload: ``row`` is the spreadsheet's row number, ``phone`` E.164."""

    row: int
    phone: str
    first_name: str
    last_name: str
    email: str
    repaired: bool
    """Excel damage was undone to read the phone (a number cell, a lost leading 0, ``.0``,
    a ``'`` prefix, exact scientific notation): the wizard can ask the user to glance at it."""


@dataclass(frozen=True)
class RejectedRow:
    row: int
    reason: RejectReason
    detail: str
    """The offending cell's text (``""`` for a missing phone)."""
    column: int | None
    """The offending cell's column (0 = A), None when no single cell is at fault."""
    cells: tuple[Cell, ...]
    """The row as read, for the problem report."""


@dataclass(frozen=True)
class DuplicateRow:
    row: int
    phone: str
    first_row: int
    """The earlier row with the same phone (the one that is imported)."""
    cells: tuple[Cell, ...]

    @property
    def reason(self) -> RejectReason:
        return RejectReason.DUPLICATE

    @property
    def detail(self) -> str:
        return str(self.first_row)


@dataclass(frozen=True)
class ImportReport:
    """Every data row of the file in exactly one of ``valid``, ``rejected``, ``duplicates``
    (each in row order); rows above the header, blank rows and ``skipped`` rows are not data
    rows."""

    source: SourceInfo
    header_row: int | None
    header: tuple[str, ...]
    """The header's cells as text (``()`` for a file without a header)."""
    mapping: ColumnMapping
    valid: tuple[ValidRow, ...]
    rejected: tuple[RejectedRow, ...]
    duplicates: tuple[DuplicateRow, ...]
    skipped: tuple[int, ...] = ()
    """Rows below the header with cells only outside the mapped columns (junk beside the
    data, a dragged-down formula's zeros): not contacts, and nothing the user must fix, but
    listed so nothing disappears unseen."""

    @property
    def data_rows(self) -> int:
        return len(self.valid) + len(self.rejected) + len(self.duplicates)

    @property
    def repaired(self) -> int:
        return sum(1 for r in self.valid if r.repaired)


def split_name(full: str) -> tuple[str, str]:
    """("Wanjiru", "Kamau") from "Wanjiru Kamau", and from "Kamau, Wanjiru"; the first word
    is the first name, the rest the last name."""
    full = " ".join(full.split())
    if "," in full:
        last, _, first = full.partition(",")
        return first.strip(), last.strip()
    first, _, last = full.partition(" ")
    return first, last


class Validator:
    """Takes data rows in order, chunk by chunk, and sorts each into one of the three lists."""

    def __init__(
        self,
        mapping: ColumnMapping,
        region: str = "KE",
        *,
        text_only: bool = False,
        max_cell_chars: int = DEFAULT_LIMITS.max_cell_chars,
    ) -> None:
        """``text_only``: every cell is a ``str`` (a CSV), so columns are cleaned by ``map``.
        ``max_cell_chars`` bounds the cells of the mapped columns, the ones kept."""
        if mapping.phone is None:
            raise ValueError("a mapping without a phone column")
        self._phone_column = mapping.phone
        self.mapping = mapping
        self.region = region
        self._kenya = region.upper() == "KE"
        self._text_only = text_only
        self._max_chars = max_cell_chars
        self.valid: list[ValidRow] = []
        self.rejected: list[RejectedRow] = []
        self.duplicates: list[DuplicateRow] = []
        self._seen: dict[str, int] = {}
        self._mapped_columns = tuple(mapping.as_dict().values())
        self.skipped: list[int] = []
        """Rows with cells only outside the mapped columns."""

    def feed(self, chunk: Chunk) -> None:
        """Sort the next rows (a chunk, in order).

        Column by column, at C speed: the phones in one ``try_normalize_many`` call, names and
        e-mails by ``map``, repeats by one ``dict.setdefault`` pass, the valid rows made by
        one ``map``. Only the exceptions are looked at one by one (a phone the fast path did
        not settle, a bad e-mail, a phone seen before).
        """
        m = self.mapping
        region = self.region
        numbers, cells_list = chunk
        if isinstance(numbers, range):  # one int object per row, shared by all that keep it
            numbers = list(numbers)
        count = len(cells_list)
        raw = self._cells(cells_list, self._phone_column)
        # numbers, dates (XLSX) go to check_phone: "" is never valid, so they come back None
        texts: list[str] = (
            raw  # type: ignore[assignment]  # all str
            if self._text_only
            else [v if isinstance(v, str) else "" for v in raw]
        )
        joined = "\n".join(texts)
        found = phones.try_normalize_many(texts, region)
        repaired = self._lost_zero(texts)
        problems: dict[int, RejectReason] = {}
        for i in _unsettled(found, texts, joined):
            check = check_phone(raw[i], region)
            found[i] = check.phone
            if check.phone is None:
                problems[i] = check.reason or RejectReason.INVALID_PHONE
            else:
                repaired[i] = check.repaired
        emails = self._texts(cells_list, m.email)
        for i in _bad_emails(emails):
            problems.setdefault(i, RejectReason.INVALID_EMAIL)
        firsts = self._texts(cells_list, m.first_name)
        lasts = self._texts(cells_list, m.last_name)
        if m.name is not None:
            firsts, lasts = self._split(firsts, lasts, self._texts(cells_list, m.name))
        self._check_lengths(numbers, texts, emails, firsts, lasts)
        first_rows = self._first_rows(found, numbers, problems)
        repeats = compress(range(count), map(operator.ne, first_rows, numbers))
        exceptions = sorted(problems.keys() | set(repeats))
        # every row made a ValidRow in one C-speed pass, the exceptions' left out after
        valid = map(
            tuple.__new__,
            repeat(ValidRow),
            zip(numbers, found, firsts, lasts, emails, repaired, strict=True),
        )
        if not exceptions:
            self.valid.extend(valid)
            return
        keep = [True] * count
        for i in exceptions:
            keep[i] = False
        self.valid.extend(compress(valid, keep))
        for i in exceptions:
            number, cells = numbers[i], cells_list[i]
            reason = problems.get(i)
            if reason is not None:
                if reason is RejectReason.INVALID_EMAIL:
                    self._reject(number, reason, emails[i], m.email, cells)
                else:
                    self._reject_phone(number, reason, raw[i], cells)
                continue
            phone = found[i]
            assert phone is not None  # no problem: the phone is valid
            self.duplicates.append(DuplicateRow(number, phone, first_rows[i], tuple(cells)))

    def _first_rows(
        self, found: list[str | None], numbers: Sequence[int], problems: dict[int, RejectReason]
    ) -> list[int]:
        """Per row, the row where its phone was first kept: the row itself for a new phone
        (now kept), an earlier one for a repeat. Rows with a problem keep nothing: their phone
        may still be kept by a later row (their own answer is then meaningless)."""
        for i in problems:
            found[i] = None  # only valid and repeated rows read found[] from here on
        seen = self._seen
        first_rows = list(map(seen.setdefault, found, numbers))  # type: ignore[arg-type]
        seen.pop(None, None)  # type: ignore[call-overload]
        return first_rows

    def _check_lengths(self, numbers: Sequence[int], *columns: list[str]) -> None:
        """No kept cell longer than a cell can be (Excel's own limit, by default)."""
        limit = self._max_chars
        for column in columns:
            # all of them together within the limit (the usual case): none is over it
            if len("".join(column)) > limit and max(map(len, column)) > limit:
                at = next(i for i, text in enumerate(column) if len(text) > limit)
                raise ImportFileError(FileErrorCode.CELL_TOO_LONG, row=numbers[at], limit=limit)

    def _lost_zero(self, texts: list[str]) -> list[bool]:
        """Per cell: a valid number there would be missing its leading 0 (the flag only
        matters for cells found valid)."""
        if not self._kenya:
            return [False] * len(texts)
        firsts = list(map(_FIRST_CHAR, texts))
        starts = "".join(firsts)
        if any(map(starts.__contains__, _SPACE_FIRST)):  # some text starts with " ", "\t", "("
            return [lost_zero(t) for t in texts]
        return list(map(_LOST_ZERO_FIRST.__contains__, firsts))

    def _cells(self, cells_list: Sequence[Sequence[Cell]], column: int) -> Sequence[Cell]:
        """One column of the chunk; ``""`` where a row is shorter."""
        if isinstance(cells_list, ColumnRows):  # already by column
            columns = cells_list.columns
            return columns[column] if column < len(columns) else [""] * len(cells_list)
        try:
            return list(map(itemgetter(column), cells_list))
        except IndexError:  # a short row (a CSV line with fewer separators)
            return [c[column] if column < len(c) else "" for c in cells_list]

    def _texts(self, cells_list: Sequence[Sequence[Cell]], column: int | None) -> list[str]:
        """One column of the chunk as stripped text; all ``""`` when not mapped."""
        if column is None:
            return [""] * len(cells_list)
        values = self._cells(cells_list, column)
        if self._text_only or set(map(type, values)) == {str}:
            return list(map(str.strip, values))  # type: ignore[arg-type]  # all str
        return [cell_text(v) for v in values]

    def _split(
        self, firsts: list[str], lasts: list[str], names: list[str]
    ) -> tuple[list[str], list[str]]:
        """First and last names from the whole-name column, where their own column (if
        mapped) is empty."""
        m = self.mapping
        out_first: list[str] = []
        out_last: list[str] = []
        for first, last, name in zip(firsts, lasts, names, strict=True):
            split_first, split_last = split_name(name)
            out_first.append(first or (split_first if m.first_name is None else ""))
            out_last.append(last or (split_last if m.last_name is None else ""))
        return out_first, out_last

    def _reject_phone(
        self, number: int, reason: RejectReason | None, value: Cell, cells: Sequence[Cell]
    ) -> None:
        if reason is RejectReason.MISSING_PHONE:
            mapped = self._mapped_columns
            if all(is_blank(cells[i]) for i in mapped if i < len(cells)):
                # nothing in any column the user imports: a blank row, or junk beside the
                # data (a dragged-down formula's 0s): not a contact, listed as skipped
                if not all(map(is_blank, cells)):
                    self.skipped.append(number)
                return
        self._reject(number, reason or RejectReason.INVALID_PHONE, value, self._phone_column, cells)

    def _reject(
        self,
        number: int,
        reason: RejectReason,
        value: Cell,
        column: int | None,
        cells: Sequence[Cell],
    ) -> None:
        detail = shown_text(value) if reason is not RejectReason.MISSING_PHONE else ""
        self.rejected.append(RejectedRow(number, reason, detail, column, tuple(cells)))

    @property
    def done(self) -> int:
        return len(self.valid) + len(self.rejected) + len(self.duplicates)
