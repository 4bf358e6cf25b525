"""Which row is the header and which column holds what: from English and Swahili header names
first, from the cells' content where the names say nothing."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Final

from desktop_app.core.importing.cells import EMAIL_RE, is_blank
from desktop_app.core.importing.reading import Cell, RawRow

__all__ = ["ColumnMapping", "Field", "find_header", "guess_mapping"]


class Field(StrEnum):
    """What a column can be mapped to; ``NAME`` is one column holding the whole name."""

    PHONE = "phone"
    FIRST_NAME = "first_name"
    LAST_NAME = "last_name"
    EMAIL = "email"
    NAME = "name"


@dataclass(frozen=True)
class ColumnMapping:
    """Column index (0 = column A) of each field, ``None`` where the file has none.

    With ``name`` set, first and last names come from splitting it, except where their own
    column is set too.
    """

    phone: int | None = None
    first_name: int | None = None
    last_name: int | None = None
    email: int | None = None
    name: int | None = None

    def column(self, field: Field) -> int | None:
        column: int | None = getattr(self, field.value)
        return column

    def with_column(self, field: Field, column: int | None) -> ColumnMapping:
        """The mapping after the user assigns ``column`` to ``field`` (or unassigns it): a
        column holds one field, so any other field it held is cleared."""
        changes: dict[str, int | None] = {field.value: column}
        if column is not None:
            for other in fields(self):
                if other.name != field.value and getattr(self, other.name) == column:
                    changes[other.name] = None
        return replace(self, **changes)

    def as_dict(self) -> dict[Field, int]:
        return {f: c for f in Field if (c := self.column(f)) is not None}


# Header names, compared after _normalise (case, punctuation and a trailing number dropped).
_ALIASES: Final[dict[Field, frozenset[str]]] = {
    field: frozenset(name.strip() for name in names.split(","))
    for field, names in (
        (
            Field.PHONE,
            "phone, phones, phone number, phone numbers, phone no, phone nos, telephone,"
            " telephone number, telephone no, tel, tel no, tel number, mobile, mobile number,"
            " mobile no, mobile phone, mobile phone number, cell, cell phone, cellphone,"
            " cell no, cell number, msisdn, contact number, contact no, whatsapp,"
            " whatsapp number, simu, namba, nambari, namba ya simu, nambari ya simu,"
            " namba za simu, nambari za simu, simu ya mkononi, namba ya simu ya mkononi,"
            " namba ya mteja, nambari ya mteja",
        ),
        (
            Field.FIRST_NAME,
            "first name, firstname, first, given name, given names, forename, fname,"
            " jina la kwanza, jina la kwanza la mteja",
        ),
        (
            Field.LAST_NAME,
            "last name, lastname, last, surname, family name, lname, second name,"
            " jina la mwisho, ukoo, jina la ukoo, jina la familia",
        ),
        (
            Field.EMAIL,
            "email, emails, e mail, email address, e mail address, mail, barua pepe,"
            " anwani ya barua pepe",
        ),
        (
            Field.NAME,
            "name, names, full name, fullname, full names, customer name, customer, client,"
            " client name, contact name, member name, jina, majina, jina kamili,"
            " majina kamili, jina la mteja, mteja",
        ),
    )
}
# Words that make a longer header ("Customer phone (Safaricom)") mean a field, less surely.
_WORDS: Final[dict[Field, frozenset[str]]] = {
    Field.PHONE: frozenset({"phone", "mobile", "msisdn", "tel", "telephone", "simu", "whatsapp"}),
    Field.EMAIL: frozenset({"email", "emails"}),
    Field.NAME: frozenset({"name", "names", "jina", "majina"}),
}

_PUNCTUATION: Final = re.compile(r"[\s_\-./:*#()\[\]'\"]+")
_TRAILING_NUMBER: Final = re.compile(r"\s*\d+$")

_DIGIT_RUN: Final = re.compile(r"(?:\d[\s\-./()]*){6}")
"""Six digits or more, separators between them allowed: a (mistyped) number, not a heading."""
_SURE_BELOW_DATA: Final = 4
"""The score a row below customers' rows needs to be taken as the headings: two fields named
by their whole text ("Name | Phone"), which a customer's row never is."""

_HEADER_ROWS: Final = 30
"""A header further down than this is not looked for (a title and a few notes fit above)."""
_CONTENT_SHARE: Final = 0.5
"""A column is taken as phones (or e-mails) by content when at least this share of its
non-blank sample cells are."""


def _normalise(cell: Cell) -> str:
    if not isinstance(cell, str):
        return ""
    text = _PUNCTUATION.sub(" ", cell.casefold()).strip()
    return _TRAILING_NUMBER.sub("", text)


def _header_field(cell: Cell) -> tuple[Field, bool] | None:
    """(field, sure) for a header cell: sure when its whole text is a known name."""
    text = _normalise(cell)
    if not text:
        return None
    for field, aliases in _ALIASES.items():
        if text in aliases:
            return field, True
    words = set(text.split())
    for field, known in _WORDS.items():
        if words & known:
            return field, False
    return None


def find_header(rows: Sequence[RawRow], is_phone: Callable[[Cell], bool]) -> int | None:
    """Index in ``rows`` of the header row, ``None`` when the file has none.

    A header is the row, among the first few, naming the most fields (sure names count
    double) and holding no phone number itself: so a title line above it is passed over.
    Nor is a row holding a number of six digits or more (a mistyped phone: a customer's
    row, "Juma Mobile Repairs, 0712 34"), nor, below a row with a phone number, one
    naming fewer than two fields surely (a customer's row with a word of a heading in it:
    taking it would lose every row above it). With no known names at all, the last row
    above the first phone number that has text where the phones are is taken as a header
    with unknown names.
    """
    best, best_score = None, 0
    phones_above = False
    for index, (_, cells) in enumerate(rows[:_HEADER_ROWS]):
        if any(is_phone(c) for c in cells):
            phones_above = True
            continue
        if any(_DIGIT_RUN.search(c) for c in cells if isinstance(c, str)):
            continue
        score = 0
        for cell in cells:
            found = _header_field(cell)
            if found is not None:
                score += 2 if found[1] else 1
        if phones_above and score < _SURE_BELOW_DATA:
            continue
        if score > best_score:
            best, best_score = index, score
    if best is not None:
        return best
    phone_column = _column_by_content([cells for _, cells in rows[:_HEADER_ROWS]], is_phone, set())
    if phone_column is None:
        return None
    for index, (_, cells) in enumerate(rows[:_HEADER_ROWS]):
        if is_phone(_at(cells, phone_column)):
            above = [
                i
                for i in range(index)
                if isinstance(_at(rows[i][1], phone_column), str)
                and not is_blank(_at(rows[i][1], phone_column))
            ]
            return above[-1] if above else None
    return None


def _at(cells: Sequence[Cell], column: int) -> Cell:
    return cells[column] if column < len(cells) else ""


def _column_by_content(
    sample: Sequence[Sequence[Cell]], matches: Callable[[Cell], bool], taken: set[int]
) -> int | None:
    """The column whose non-blank cells most often match, if at least half of them do."""
    width = max((len(cells) for cells in sample), default=0)
    best, best_share = None, _CONTENT_SHARE
    for column in range(width):
        if column in taken:
            continue
        values = [c for cells in sample if not is_blank(c := _at(cells, column))]
        if not values:
            continue
        share = sum(1 for v in values if matches(v)) / len(values)
        if share >= best_share and (best is None or share > best_share):
            best, best_share = column, share
    return best


def _is_email(cell: Cell) -> bool:
    return isinstance(cell, str) and EMAIL_RE.match(cell.strip()) is not None


def _is_name(cell: Cell) -> bool:
    return isinstance(cell, str) and any(c.isalpha() for c in cell) and "@" not in cell


def guess_mapping(
    header: Sequence[Cell] | None,
    sample: Sequence[Sequence[Cell]],
    is_phone: Callable[[Cell], bool],
) -> ColumnMapping:
    """The mapping the wizard proposes: known header names first (sure ones before words in a
    longer header), then the content of ``sample`` (data rows) for a phone or e-mail column
    the names did not show, and, in a file without a header, for the name columns."""
    chosen: dict[Field, int] = {}
    if header is not None:
        found = [(i, _header_field(c)) for i, c in enumerate(header)]
        for want_sure in (True, False):
            for column, match in found:
                if match is None or match[1] != want_sure or match[0] in chosen:
                    continue
                if column not in chosen.values():
                    chosen[match[0]] = column
    taken = set(chosen.values())
    if Field.PHONE not in chosen:
        # also where the header says only "Number" or "No.": a phone or a serial number?
        by_content = _column_by_content(sample, is_phone, taken)
        if by_content is not None:
            chosen[Field.PHONE] = by_content
            taken.add(by_content)
    if Field.EMAIL not in chosen:
        by_content = _column_by_content(sample, _is_email, taken)
        if by_content is not None:
            chosen[Field.EMAIL] = by_content
            taken.add(by_content)
    if header is None and not {Field.NAME, Field.FIRST_NAME, Field.LAST_NAME} & chosen.keys():
        names: list[int] = []
        while (found_name := _column_by_content(sample, _is_name, taken)) is not None:
            names.append(found_name)
            taken.add(found_name)
        names.sort()
        if len(names) == 1:
            chosen[Field.NAME] = names[0]
        elif len(names) >= 2:
            chosen[Field.FIRST_NAME], chosen[Field.LAST_NAME] = names[0], names[1]
    if Field.NAME in chosen and Field.LAST_NAME in chosen and Field.FIRST_NAME not in chosen:
        # "Jina | Ukoo": the name column is the first name, not a whole name to split
        chosen[Field.FIRST_NAME] = chosen.pop(Field.NAME)
    if Field.FIRST_NAME in chosen and Field.LAST_NAME in chosen:
        chosen.pop(Field.NAME, None)
    return ColumnMapping(**{f.value: c for f, c in chosen.items()})
