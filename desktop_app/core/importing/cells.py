"""What one cell says: its text, and the phone number in it once Excel's damage is undone.

Excel damages phone numbers in known ways: it stores them as numbers (``712345678``, or
``712345678.0`` once exported), drops the leading zero, and writes a long number in
scientific notation when saving a CSV (``2.54712E+11``: six digits kept, the rest gone).
People add a ``'`` to keep Excel off, and our own problem report wraps phones as
``="0712345678"`` for the same reason. Every repair here is exact: a number whose digits were
lost is rejected with the cell's text, never guessed.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Final, NamedTuple

from desktop_app.core import phones
from desktop_app.core.importing.reading import Cell

__all__ = [
    "EMAIL_RE",
    "PhoneCheck",
    "RejectReason",
    "cell_text",
    "check_phone",
    "is_blank",
    "shown_text",
]

# As the service checks e-mail addresses (sandbox/uploads.py): a row we pass, it passes.
EMAIL_RE: Final = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


class RejectReason(StrEnum):
    """Why a row is not imported; the detail (the cell's text) travels beside the code."""

    MISSING_PHONE = "missing_phone"
    INVALID_PHONE = "invalid_phone"
    PRECISION_LOST = "precision_lost"
    """Scientific notation that kept too few digits (``2.54712E+11``): cannot be undone."""
    MULTIPLE_PHONES = "multiple_phones"
    """Two or more numbers in one cell (``0712 345678 / 0722 000111``)."""
    INVALID_EMAIL = "invalid_email"
    DUPLICATE = "duplicate"
    """Only for ``DuplicateRow.reason``: the phone repeats an earlier valid row's."""


class PhoneCheck(NamedTuple):
    phone: str | None
    """E.164, or None when rejected."""
    repaired: bool
    reason: RejectReason | None


_TWO_NUMBERS_DIGITS: Final = 14  # two of the shortest numbers phonenumbers accepts
_FLOAT_EXACT: Final = 2**53  # above this a float no longer holds every integer
_EXCEL_TEXT: Final = re.compile(r'=\s*"((?:[^"]|"")*)"', re.DOTALL)
_DOT_ZERO: Final = re.compile(r"(\+?\d+)\.0+")
_SCIENTIFIC: Final = re.compile(r"[+]?(\d+)(?:[.,](\d+))?[eE]\+?(\d{1,2})")


def cell_text(cell: Cell) -> str:
    """A cell as the user would read it: numbers without a stray ``.0``, TRUE/FALSE, dates in
    ISO form."""
    if isinstance(cell, str):
        return cell.strip()
    if isinstance(cell, bool):
        return "TRUE" if cell else "FALSE"
    if isinstance(cell, float):
        return str(int(cell)) if cell.is_integer() and abs(cell) < _FLOAT_EXACT else repr(cell)
    if isinstance(cell, int):
        return str(cell)
    if isinstance(cell, datetime):
        return cell.isoformat(sep=" ")
    if isinstance(cell, date | time):
        return cell.isoformat()
    if isinstance(cell, timedelta):
        return str(cell)
    return str(cell)


def shown_text(cell: Cell) -> str:
    """What Excel shows for the cell: ``cell_text``, with a ``="…"`` text formula evaluated."""
    text = cell_text(cell)
    if text.startswith("=") and (match := _EXCEL_TEXT.fullmatch(text)) is not None:
        return match[1].replace('""', '"').strip()
    return text


def is_blank(cell: Cell) -> bool:
    return cell == "" or (isinstance(cell, str) and cell.isspace())


def lost_zero(text: str) -> bool:
    """A valid Kenyan number written without its leading 0 (``712 345 678``): Excel's doing."""
    first = text.lstrip(" \t(")[:1]
    return first == "7" or first == "1"


def _scientific_digits(text: str) -> str | None:
    """The integer a scientific-notation text stands for when every digit of it was written
    (``7.12345678E+08``), else None (``2.54712E+11`` stands for 254712??????)."""
    match = _SCIENTIFIC.fullmatch(text)
    if match is None:
        return None
    whole, fraction = match[1], match[2] or ""
    try:
        value = Decimal(f"{whole}.{fraction or '0'}e{match[3]}")
    except InvalidOperation:  # pragma: no cover - the pattern admits only valid numbers
        return None
    if value != value.to_integral_value():
        return None
    digits = str(int(value))
    written = (whole + fraction).lstrip("0")
    return digits if len(written) >= len(digits) else None


def check_phone(cell: Cell, region: str = "KE") -> PhoneCheck:
    """The phone number in one cell, with every repair tried: the thorough, slower way that
    the validator takes only for cells the column-at-a-time fast path did not accept."""
    damaged = False
    if isinstance(cell, bool | date | time | timedelta):
        return PhoneCheck(None, False, RejectReason.INVALID_PHONE)
    if isinstance(cell, float | int):
        if isinstance(cell, float) and (not cell.is_integer() or abs(cell) >= _FLOAT_EXACT):
            reason = RejectReason.PRECISION_LOST if cell.is_integer() else None
            return PhoneCheck(None, False, reason or RejectReason.INVALID_PHONE)
        text, damaged = str(int(cell)), True  # a number cell: Excel's first kind of damage
    else:
        text = cell.strip()
    if not text:
        return PhoneCheck(None, False, RejectReason.MISSING_PHONE)
    if (match := _EXCEL_TEXT.fullmatch(text)) is not None:
        text = match[1].replace('""', '"').strip()  # our own report's protection, not damage
    if text.startswith("'"):
        text, damaged = text[1:].strip(), True
    if (match := _DOT_ZERO.fullmatch(text)) is not None:
        text, damaged = match[1], True
    elif _SCIENTIFIC.fullmatch(text) is not None:
        digits = _scientific_digits(text)
        if digits is None:
            return PhoneCheck(None, False, RejectReason.PRECISION_LOST)
        text, damaged = digits, True
    phone = phones.try_normalize(text, region)
    if phone is not None:
        return PhoneCheck(phone, damaged or (region.upper() == "KE" and lost_zero(text)), None)
    if sum(map(str.isdigit, text)) >= _TWO_NUMBERS_DIGITS:  # else splitting is wasted
        parts = phones.split_numbers(text)
        if sum(1 for part in parts if phones.try_normalize(part, region)) > 1:
            return PhoneCheck(None, False, RejectReason.MULTIPLE_PHONES)
    return PhoneCheck(None, False, RejectReason.INVALID_PHONE)


def is_phone(cell: Cell, region: str = "KE") -> bool:
    return check_phone(cell, region).phone is not None
