"""Phone numbers: E.164 normalisation (default region Kenya) and splitting pasted lists.

Validity is libphonenumber's (``phonenumbers.is_valid_number``), as the service uses.
``phonenumbers.parse`` costs ~20 µs a number, so:

- a fast path handles the common Kenyan mobile forms (``07xx…``/``01xx…``, ``7xx…``, ``2547…``,
  ``+2547…``, ``002547…``, with any spaces, dashes, dots or brackets). It accepts a number
  only when its 9-digit national number fully matches the Kenyan *general* and *mobile*
  patterns taken from phonenumbers' own metadata (with 9 among both possible lengths): by
  phonenumbers' rules such a number is valid, and parsing the form gives country code 254
  and that national number. Anything else goes to the slow path, so the fast path can only
  ever say "valid" where phonenumbers says so too (the tests check this on a large set);
- the slow path (phonenumbers itself) is memoised with an LRU cache.

Accepted beyond what phonenumbers parses by itself: ``00254…`` (``00`` used as the
international prefix, as in most of the world; Kenya's own is ``000``) when the region is
Kenya. Letters are rejected rather
than read as vanity numbers (``0712 ABC`` is a typo, not ``0712 222``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat, ValidationResult

__all__ = ["InvalidPhoneNumber", "normalize", "split_numbers", "try_normalize"]


class InvalidPhoneNumber(ValueError):
    """A phone number that is not valid; ``reason`` says why in plain words."""

    def __init__(self, raw: str, reason: str) -> None:
        super().__init__(reason)
        self.raw = raw
        self.reason = reason


# Characters people put between digits: spaces of every kind, dashes, dots, brackets, slashes.
_SEPARATORS: Final = " \t\u00a0\u2007\u202f\u2009\u200a-\u2010\u2011\u2012\u2013\u2014\u2212.()/"
_DELETE_SEPARATORS: Final = str.maketrans("", "", _SEPARATORS)

_KE_CC: Final = 254


def _fast_path_patterns() -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """Kenya's general and mobile national-number patterns from phonenumbers' metadata.

    ``None`` (fast path off) if the metadata no longer fits the fast path's assumptions.
    """
    meta = phonenumbers.PhoneMetadata.metadata_for_region("KE")
    if meta is None or phonenumbers.region_codes_for_country_code(_KE_CC) != ("KE",):
        return None
    general, mobile = meta.general_desc, meta.mobile
    if (
        general is None
        or mobile is None
        or general.national_number_pattern is None
        or mobile.national_number_pattern is None
        or 9 not in general.possible_length
        or 9 not in mobile.possible_length
        or meta.national_prefix_for_parsing != "0"
        or meta.national_prefix_transform_rule is not None
        or max(general.possible_length) >= 12  # "254" + 9 digits must be too long locally
    ):
        return None
    return (
        re.compile(general.national_number_pattern),
        re.compile(mobile.national_number_pattern),
    )


_FAST: Final = _fast_path_patterns()


def _fast_path(plus: bool, digits: str) -> str | None:
    """E.164 for a valid Kenyan mobile number in a common form; None means "ask the slow path"."""
    if _FAST is None:
        return None
    n = len(digits)
    if n == 12 and digits.startswith("254"):
        nsn = digits[3:]
    elif n == 10 and not plus and digits[0] == "0":
        nsn = digits[1:]
    elif n == 9 and not plus:
        nsn = digits  # "712345678": the leading 0 left out
    else:
        return None
    general, mobile = _FAST
    if mobile.fullmatch(nsn) and general.fullmatch(nsn):
        return "+254" + nsn
    return None


def _shown(raw: str) -> str:
    return " ".join(raw.split())


def _length_reason(shown: str, plus: bool, digits: str, region: str) -> str | None:
    """ "too short/long for a Kenyan mobile number" when it looks like one, else None."""
    if plus:
        if not digits.startswith("254"):
            return None
        nsn = digits[3:]
    elif region != "KE":
        return None
    elif digits.startswith("254") and len(digits) > 10:
        nsn = digits[3:]
    else:
        nsn = digits
    if nsn.startswith("0"):
        nsn = nsn[1:]
    if not nsn or nsn[0] not in "17":
        return None
    if len(nsn) < 9:
        return f"{shown} is too short for a Kenyan mobile number"
    if len(nsn) > 9:
        return f"{shown} is too long for a Kenyan mobile number"
    return None


@lru_cache(maxsize=65536)
def _slow_path(raw: str, plus: bool, digits: str, region: str) -> tuple[bool, str]:
    """(True, E.164) or (False, reason), by phonenumbers. Memoised."""
    shown = _shown(raw)
    text = ("+" + digits) if plus else digits
    try:
        number = phonenumbers.parse(text, region)
    except NumberParseException as exc:
        short = _length_reason(shown, plus, digits, region)
        if short is not None:
            return False, short
        if exc.error_type == NumberParseException.INVALID_COUNTRY_CODE:
            if plus:
                return False, f"{shown} does not start with a known country code"
            return False, f"{shown} needs a country code (for example +254)"
        if exc.error_type in (
            NumberParseException.TOO_SHORT_NSN,
            NumberParseException.TOO_SHORT_AFTER_IDD,
        ):
            return False, f"{shown} is too short to be a phone number"
        if exc.error_type == NumberParseException.TOO_LONG:
            return False, f"{shown} is too long to be a phone number"
        return False, f"“{shown}” is not a phone number"
    if phonenumbers.is_valid_number(number):
        return True, phonenumbers.format_number(number, PhoneNumberFormat.E164)
    short = _length_reason(shown, plus, digits, region)
    if short is not None:
        return False, short
    if number.country_code != _KE_CC:
        possible = phonenumbers.is_possible_number_with_reason(number)
        if possible == ValidationResult.TOO_SHORT:
            return False, f"{shown} is too short to be a phone number"
        if possible == ValidationResult.TOO_LONG:
            return False, f"{shown} is too long to be a phone number"
    return False, f"{shown} is not a valid number"


def _check(raw: str, region: str) -> tuple[bool, str]:
    text = raw.strip()
    if not text:
        return False, "The phone number is empty"
    cleaned = text.translate(_DELETE_SEPARATORS)
    plus = cleaned.startswith("+")
    digits = cleaned[1:] if plus else cleaned
    if not (digits.isdigit() and digits.isascii()):
        shown = _shown(raw)
        if not any(c.isdigit() for c in digits):
            return False, f"“{shown}” is not a phone number"
        bad = next(c for c in digits if not (c.isascii() and c.isdigit()))
        if bad == "+":
            return False, f"“{shown}” is not a phone number: “+” can only come first"
        return False, f"“{shown}” is not a phone number: it contains “{bad}”"
    if region == "KE" and not plus:
        # Kenya's own international prefix "000", and "00" (the habit from elsewhere) but
        # only before 254: "0071…" is far likelier a typo than a number abroad.
        if digits.startswith("000"):
            plus, digits = True, digits[3:]
        elif digits.startswith("00254"):
            plus, digits = True, digits[2:]
    if region == "KE":
        fast = _fast_path(plus, digits)
        if fast is not None:
            return True, fast
    return _slow_path(text, plus, digits, region)


def normalize(raw: str, region: str = "KE") -> str:
    """E.164 form of ``raw`` (e.g. ``"+254712345678"``); raises InvalidPhoneNumber."""
    ok, value = _check(raw, region)
    if ok:
        return value
    raise InvalidPhoneNumber(raw, value)


def try_normalize(raw: str, region: str = "KE") -> str | None:
    """E.164 form of ``raw``, or None when it is not a valid number."""
    ok, value = _check(raw, region)
    return value if ok else None


_HARD_SEPARATORS: Final = re.compile(r"[,;\r\n\t]+")
_TOKENS: Final = re.compile(r"\S+")
_PLAUSIBLE_DIGITS: Final = 9  # a whitespace-free token with fewer digits is a fragment


def _digit_count(token: str) -> int:
    return sum(c.isdigit() for c in token)


def _split_piece(piece: str) -> list[str]:
    """Split one comma-free piece on whitespace only where that separates whole numbers."""
    tokens = [(m.start(), m.end()) for m in _TOKENS.finditer(piece)]
    if len(tokens) <= 1 or try_normalize(piece) is not None:
        return [piece]
    texts = [piece[s:e] for s, e in tokens]
    if all(_digit_count(t) >= _PLAUSIBLE_DIGITS for t in texts):
        return texts
    # Group fragments ("0712 345 678 0722 000 111"): extend a group while it is not yet a
    # valid number, or while the next token keeps it valid; cut when it is valid and the
    # next token would spoil it.
    groups: list[str] = []
    start = 0
    while start < len(tokens):
        j = start + 1
        valid_end = -1
        while j <= len(tokens):
            candidate = piece[tokens[start][0] : tokens[j - 1][1]]
            if try_normalize(candidate) is not None:
                valid_end = j
            elif valid_end != -1:
                break
            j += 1
        if valid_end == -1:
            return [piece]  # some part is not a number at all: leave it for the caller to flag
        groups.append(piece[tokens[start][0] : tokens[valid_end - 1][1]])
        start = valid_end
    return groups


def split_numbers(text: str) -> list[str]:
    """Split pasted text into phone-number strings, as written (trimmed, not normalised).

    Splits on commas, semicolons, new lines and tabs, and on spaces only between whole
    numbers: ``"0712 345 678, 0722 000 111"`` and ``"0712345678 0722000111"`` both give two
    items. Empty items are dropped; order and duplicates are kept.
    """
    out: list[str] = []
    for piece in _HARD_SEPARATORS.split(text):
        piece = piece.strip()
        if piece:
            out.extend(_split_piece(piece))
    return out
