"""Phone numbers: E.164 normalisation (default region Kenya) and splitting pasted lists.

Validity is libphonenumber's (``phonenumbers.is_valid_number``), as the service uses.
``phonenumbers.parse`` costs ~20 µs a number, so:

- a fast path handles the common Kenyan mobile forms (``07xx…``/``01xx…``, ``7xx…``,
  ``2547…``, ``+2547…``, ``+254 (0) 7…``, ``002547…``, with any spaces, dashes, dots or
  brackets). It accepts a number only when its 9-digit national number fully matches the
  Kenyan *general* and *mobile* patterns taken from phonenumbers' own metadata (with 9 among
  both possible lengths): by phonenumbers' rules such a number is valid, and parsing the form
  gives country code 254 and that national number. Anything else goes to the slow path, so
  the fast path can only ever say "valid" where phonenumbers says so too (the tests check
  this on a large generated set);
- the slow path (phonenumbers itself) is memoised with an LRU cache (2**17 entries, one
  short string key and a shared or short string value each: ~30 MB if ever full).

Accepted beyond what phonenumbers parses by itself: ``00254…`` (``00`` used as the
international prefix, as in most of the world; Kenya's own is ``000``) when the region is
Kenya. Letters are rejected rather than read as vanity numbers (``0712 ABC`` is a typo, not
``0712 222``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import StrEnum
from functools import lru_cache
from itertools import compress, repeat
from operator import add, getitem, not_
from typing import Final

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat, ValidationResult

from desktop_app.core.invisible import INVISIBLE

__all__ = [
    "InvalidPhoneNumber",
    "PhoneProblem",
    "check",
    "local_display",
    "normalize",
    "search_fragments",
    "split_numbers",
    "try_normalize",
    "try_normalize_many",
]


class PhoneProblem(StrEnum):
    """Why a phone number is not valid (the UI says it in words, quoting the number)."""

    EMPTY = "empty"
    SHORT_KE_MOBILE = "short_ke_mobile"  # looks Kenyan mobile, digits missing
    LONG_KE_MOBILE = "long_ke_mobile"  # looks Kenyan mobile, digits too many
    UNKNOWN_COUNTRY = "unknown_country"  # +999…
    NEEDS_COUNTRY = "needs_country"  # a foreign number without its country code
    TOO_SHORT = "too_short"
    TOO_LONG = "too_long"
    NOT_A_NUMBER = "not_a_number"  # no digits at all
    BAD_CHAR = "bad_char"  # a letter or symbol among the digits (``char``)
    BAD_PLUS = "bad_plus"  # a "+" that is not first
    INVALID = "invalid"  # the right shape, but no such number (e.g. an unallocated range)


class InvalidPhoneNumber(ValueError):
    """A phone number that is not valid: ``problem`` says why, ``shown`` is the number as
    the user wrote it (whitespace runs made one space), ``char`` the offending character
    (for BAD_CHAR)."""

    def __init__(self, raw: str, problem: PhoneProblem, char: str | None = None) -> None:
        super().__init__(f"{problem}: {_shown(raw)!r}")
        self.raw = raw
        self.problem = PhoneProblem(problem)
        self.char = char

    @property
    def shown(self) -> str:
        return _shown(self.raw)

    def __reduce__(
        self,
    ) -> tuple[type[InvalidPhoneNumber], tuple[str, PhoneProblem, str | None]]:
        return (type(self), (self.raw, self.problem, self.char))


# Characters people put between digits: spaces of every kind, dashes, dots, brackets, slashes,
# and the ones nobody sees that a copied number brings along (WhatsApp's direction marks).
_SEPARATORS: Final = (
    " \t\r\n\v\f\u00a0\u202f\u205f\u3000"
    + "".join(map(chr, range(0x2000, 0x200B)))  # en quad .. hair space
    + "-\u2010\u2011\u2012\u2013\u2014\u2212.()/"
    + INVISIBLE
)
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
    """E.164 for a valid Kenyan mobile number in a common form; None means "ask the slow path".

    Forms: [+]254 NSN, [+]254 0 NSN, 0 NSN, NSN. For each, phonenumbers.parse(…, "KE") yields
    country code 254 and national number NSN whenever NSN matches the general pattern (the
    "0" national prefix is stripped when what follows matches it; 254 is taken as the country
    code when the whole is too long to be national); and a number matching the general and
    the mobile pattern is valid.
    """
    if _FAST is None:
        return None
    n = len(digits)
    if n == 12 and digits.startswith("254"):
        nsn = digits[3:]
    elif n == 13 and digits.startswith("2540"):
        nsn = digits[4:]
    elif plus:
        return None
    elif n == 10 and digits[0] == "0":
        nsn = digits[1:]
    elif n == 9:
        nsn = digits  # "712345678": the leading 0 left out
    else:
        return None
    general, mobile = _FAST
    if mobile.fullmatch(nsn) and general.fullmatch(nsn):
        return "+254" + nsn
    return None


def _shown(raw: str) -> str:
    return " ".join(raw.split())


def _length_reason(plus: bool, digits: str, region: str) -> PhoneProblem | None:
    """The "too short/long for a Kenyan mobile number" reason when it looks like one."""
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
        return PhoneProblem.SHORT_KE_MOBILE
    if len(nsn) > 9:
        return PhoneProblem.LONG_KE_MOBILE
    return None


@lru_cache(maxsize=1 << 17)
def _slow_path(key: str) -> str:
    """By phonenumbers, memoised: E.164 ("+…") or a PhoneProblem (never starts with "+").

    ``key`` is "REGION|[+]DIGITS": one string, so the cache keeps one small object per entry.
    """
    region, _, number_text = key.partition("|")
    plus = number_text.startswith("+")
    digits = number_text[1:] if plus else number_text
    try:
        number = phonenumbers.parse(number_text, region)
    except NumberParseException as exc:
        reason = _length_reason(plus, digits, region)
        if reason is not None:
            return reason
        if exc.error_type == NumberParseException.INVALID_COUNTRY_CODE:
            return PhoneProblem.UNKNOWN_COUNTRY if plus else PhoneProblem.NEEDS_COUNTRY
        if exc.error_type in (
            NumberParseException.TOO_SHORT_NSN,
            NumberParseException.TOO_SHORT_AFTER_IDD,
        ):
            return PhoneProblem.TOO_SHORT
        if exc.error_type == NumberParseException.TOO_LONG:
            return PhoneProblem.TOO_LONG
        return PhoneProblem.NOT_A_NUMBER
    if phonenumbers.is_valid_number(number):
        return phonenumbers.format_number(number, PhoneNumberFormat.E164)
    reason = _length_reason(plus, digits, region)
    if reason is not None:
        return reason
    if number.country_code != _KE_CC:
        possible = phonenumbers.is_possible_number_with_reason(number)
        if possible == ValidationResult.TOO_SHORT:
            return PhoneProblem.TOO_SHORT
        if possible == ValidationResult.TOO_LONG:
            return PhoneProblem.TOO_LONG
    return PhoneProblem.INVALID


def _check(raw: str, region: str) -> str | InvalidPhoneNumber:
    """E.164, or the error saying why it is not a valid number (not raised: the caller
    decides)."""
    result = _diagnose(raw, region)
    return result if isinstance(result, str) else InvalidPhoneNumber(raw, *result)


def _diagnose(raw: str, region: str) -> str | tuple[PhoneProblem, str | None]:
    """E.164, or why it is not a valid number (and the offending character): ``_check``
    without building the error, which costs more than the rest for a number the slow path
    has seen before."""
    region = region.upper()
    text = raw.strip()
    if not text:
        return PhoneProblem.EMPTY, None
    cleaned = text.translate(_DELETE_SEPARATORS)
    plus = cleaned.startswith("+")
    digits = cleaned[1:] if plus else cleaned
    if not (digits.isdigit() and digits.isascii()):
        if not any(c.isdigit() for c in digits):
            return PhoneProblem.NOT_A_NUMBER, None
        bad = next(c for c in digits if not (c.isascii() and c.isdigit()))
        if bad == "+":
            return PhoneProblem.BAD_PLUS, None
        return PhoneProblem.BAD_CHAR, bad
    if region == "KE":
        if not plus:
            # Kenya's own international prefix "000", and "00" (the habit from elsewhere)
            # but only before 254: "0071…" is far likelier a typo than a number abroad.
            if digits.startswith("000"):
                plus, digits = True, digits[3:]
            elif digits.startswith("00254"):
                plus, digits = True, digits[2:]
        fast = _fast_path(plus, digits)
        if fast is not None:
            return fast
    result = _slow_path(f"{region}|{'+' if plus else ''}{digits}")
    if result.startswith("+"):  # E.164; a PhoneProblem never starts with "+"
        return result
    return PhoneProblem(result), None


def normalize(raw: str, region: str = "KE") -> str:
    """E.164 form of ``raw`` (e.g. ``"+254712345678"``); raises InvalidPhoneNumber."""
    result = _check(raw, region)
    if isinstance(result, InvalidPhoneNumber):
        raise result
    return result


def check(raw: str, region: str = "KE") -> str | InvalidPhoneNumber:
    """E.164 form of ``raw``, or the (unraised) error saying why it is not valid: for loops
    over many numbers, where raising would cost more than the check."""
    return _check(raw, region)


def try_normalize(raw: str, region: str = "KE") -> str | None:
    """E.164 form of ``raw``, or None when it is not a valid number."""
    result = _diagnose(raw, region)
    return result if isinstance(result, str) else None


@lru_cache(maxsize=4096)
def local_display(e164: str) -> str:
    """How a stored (E.164) number is shown to people in Kenya.

    - a Kenyan mobile (``+2547…``, ``+2541…``, nine digits after 254): ``0712 345 678``, the
      way it is written on a receipt or a shop sign;
    - another Kenyan number: libphonenumber's national form (``020 2222222``);
    - a number abroad: its international form (``+255 712 345 678``), since a local form
      would be dialled wrongly from Kenya;
    - anything that is not a valid E.164 number: as given (never hide what is stored).
    """
    if len(e164) == 13 and e164.startswith("+254") and e164[4] in "17" and e164[1:].isdigit():
        nsn = e164[4:]
        return f"0{nsn[:3]} {nsn[3:6]} {nsn[6:]}"
    if not e164.startswith("+"):
        return e164
    try:
        number = phonenumbers.parse(e164, None)
    except NumberParseException:
        return e164
    if not phonenumbers.is_valid_number(number):
        return e164
    style = (
        PhoneNumberFormat.NATIONAL
        if number.country_code == _KE_CC
        else (PhoneNumberFormat.INTERNATIONAL)
    )
    return phonenumbers.format_number(number, style)


def search_fragments(term: str) -> list[str]:
    """The E.164 fragments a typed number may stand for, for matching stored numbers as the
    contacts service does ("any of the three phone forms"): ``0712 34`` → ``0712 34``'s
    digits and ``+254712 34``'s; ``2547…`` → ``+2547…``. Empty for a term that is not made
    of digits (with separators and an optional leading ``+``)."""
    cleaned = term.strip().translate(_DELETE_SEPARATORS)
    body = cleaned[1:] if cleaned.startswith("+") else cleaned
    if not body or not (body.isdigit() and body.isascii()):
        return []
    found = {cleaned}
    if cleaned.startswith("0"):
        found.add("+254" + cleaned[1:])
    elif cleaned.startswith("254"):
        found.add("+" + cleaned)
    return sorted(found)


_HARD_SEPARATORS: Final = re.compile(r"[,;\r\n\t]+")
_TOKENS: Final = re.compile(r"\S+")
_PLAUSIBLE_DIGITS: Final = 9  # a whitespace-free token with fewer digits is a fragment
_MAX_DIGITS: Final = 18  # "000" international prefix + the 15 digits E.164 allows


def _digit_count(token: str) -> int:
    return sum(c.isdigit() for c in token)


def _split_piece(piece: str) -> list[str]:
    """Split one comma-free piece on whitespace only where that separates whole numbers."""
    # Tokens made only of separators ("/", "-", "(", ...) belong to no number.
    tokens = [(m.start(), m.end()) for m in _TOKENS.finditer(piece) if m[0].strip(_SEPARATORS)]
    if not tokens:
        return []
    texts = [piece[s:e] for s, e in tokens]
    digits = [_digit_count(t) for t in texts]
    if len(tokens) == 1 or (sum(digits) <= _MAX_DIGITS and try_normalize(piece) is not None):
        return [piece]
    if all(d >= _PLAUSIBLE_DIGITS for d in digits):
        return texts
    # Group fragments ("0712 345 678 0722 000 111"): extend a group while it is not yet a
    # valid number, or while the next token keeps it valid; cut when it is valid and the
    # next token would spoil it. A group never grows past the digits a number can have.
    # Digit groups that make no number ("12345" in "0722000111 12345 0733-123-456") become
    # one item each, up to where the next number starts, so the caller flags just them;
    # a piece with anything but digits and separators (a name, "abc") is left whole.
    only_digits = all(t.lstrip("+").translate(_DELETE_SEPARATORS).isdecimal() for t in texts)
    groups: list[str] = []
    start = 0
    fragment_start = -1  # first token of the run of tokens that make no number
    while start < len(tokens):
        # After a fragment, a number is looked for again only where one visibly starts
        # ("+", "0", "254"): "0712 345 67 0722 000 111" must not yield "67 0722 000".
        resumes = fragment_start == -1 or texts[start].lstrip("(").startswith(("+", "0", "254"))
        valid_end = _valid_group_end(piece, tokens, digits, start) if resumes else -1
        if valid_end == -1:
            if not only_digits:
                return [piece]  # some part is not a number at all: leave it for the caller
            if fragment_start == -1:
                fragment_start = start
            start += 1
            continue
        if fragment_start != -1:
            groups.append(piece[tokens[fragment_start][0] : tokens[start - 1][1]])
            fragment_start = -1
        groups.append(piece[tokens[start][0] : tokens[valid_end - 1][1]])
        start = valid_end
    if fragment_start != -1:
        groups.append(piece[tokens[fragment_start][0] : tokens[-1][1]])
    return groups


def _valid_group_end(
    piece: str, tokens: list[tuple[int, int]], digits: list[int], start: int
) -> int:
    """End (exclusive) of the number starting at token ``start``; -1 when none starts there."""
    end, valid_end, count = start, -1, 0
    while end < len(tokens) and count + digits[end] <= _MAX_DIGITS:
        count += digits[end]
        end += 1
        if try_normalize(piece[tokens[start][0] : tokens[end - 1][1]]) is not None:
            valid_end = end
        elif valid_end != -1:
            break
    return valid_end


def split_numbers(text: str) -> list[str]:
    """Split pasted text into phone-number strings, as written (trimmed, not normalised).

    Splits on commas, semicolons, new lines and tabs, and on spaces only between whole
    numbers: ``"0712 345 678, 0722 000 111"`` and ``"0712345678 0722000111"`` both give two
    items. Digit groups between numbers that make no number are an item of their own
    (``"0722000111 12345"`` gives ``"0722000111"`` and ``"12345"``). Empty items are
    dropped; order and duplicates are kept.
    """
    out: list[str] = []
    for piece in _HARD_SEPARATORS.split(text):
        piece = piece.strip()
        if piece:
            out.extend(_split_piece(piece))
    return out


# --- a whole column at a time ------------------------------------------------------------------

# What a metadata pattern may contain for the reading below to be sure of what it means: digits,
# classes of digits, non-capturing groups, "|", "?" and counted repeats, and "\d".
_PATTERN_ALPHABET: Final = frozenset("0123456789[]()?:|-\\d{},")
_DIGIT_CLASS: Final = re.compile(r"\[[0-9-]+\]")
_SIX_DIGITS_END: Final = r")\d{6}"


def _leading_three(pattern: str) -> list[re.Pattern[str]]:
    r"""For each top-level alternative of ``pattern`` written ``(?:HEAD)\d{6}``, HEAD alone.

    Such an alternative matches a 9-digit string exactly when HEAD matches its first three
    digits (``\d{6}`` takes exactly the other six), so the pattern as a whole matches every
    9-digit string whose first three digits HEAD matches. Alternatives of any other shape are
    left out (fewer heads, never a wrong one); so is everything, when the pattern uses
    something the plain reading here might misread (escapes other than ``\d``, classes of
    anything but digits, capturing groups, unbalanced brackets).
    """
    plain = _DIGIT_CLASS.sub("0", pattern)
    if (
        not set(pattern) <= _PATTERN_ALPHABET
        or "[" in plain
        or "]" in plain
        or plain.count("\\") != plain.count("\\d")
        or plain.count("(") != plain.count("(?:")
    ):
        return []
    # Classes hold digits and "-" only, so every "(", ")" and "|" is structure.
    alternatives, depth, start = [], 0, 0
    for at, char in enumerate(pattern):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                return []
        elif char == "|" and depth == 0:
            alternatives.append(pattern[start:at])
            start = at + 1
    if depth != 0:
        return []
    alternatives.append(pattern[start:])
    heads = []
    for alternative in alternatives:
        if not (alternative.startswith("(?:") and alternative.endswith(_SIX_DIGITS_END)):
            continue
        body = alternative[3 : -len(_SIX_DIGITS_END)]
        depth = 0
        for char in body:  # the group opened first must be the one closed before \d{6}
            depth += (char == "(") - (char == ")")
            if depth < 0:
                break
        if depth == 0:
            heads.append(re.compile(f"(?:{body})"))
    return heads


def _ke_mobile_heads() -> frozenset[str]:
    """The first three digits (never "0…") of the 9-digit national numbers the fast path
    accepts whatever the other six digits are: both Kenyan patterns, read by
    ``_leading_three``, match every such number, so ``_fast_path`` gives "+254" + it."""
    if _FAST is None:
        return frozenset()
    general = _leading_three(_FAST[0].pattern)
    mobile = _leading_three(_FAST[1].pattern)
    return frozenset(
        head
        for head in (f"{n:03d}" for n in range(100, 1000))
        if any(h.fullmatch(head) for h in general) and any(h.fullmatch(head) for h in mobile)
    )


_KE_HEADS: Final = _ke_mobile_heads()


# Each form of a Kenyan mobile number up to its last six digits -> E.164 up to them: "0712",
# "712", "254712", "+254712" -> "+254712", for every head in _KE_HEADS.
_KE_STARTS: Final = {
    form + head: "+254" + head for head in _KE_HEADS for form in ("", "0", "254", "+254")
}
_START, _LAST_SIX = slice(None, -6), slice(-6, None)


def try_normalize_many(values: Iterable[str], region: str = "KE") -> list[str | None]:
    """``[try_normalize(v, region) for v in values]``, about three times as fast on Kenyan
    mobile numbers.

    A spreadsheet import normalises a whole column: there a call per number costs more than
    the check itself. So the common Kenyan forms (``0NSN``, ``254NSN``, ``NSN``, ``+254NSN``,
    with spaces or dashes) are answered a column at a time, by C-speed ``map``s: with spaces
    and dashes taken out, everything but the last six characters is looked up in
    ``_KE_STARTS`` (a form, then the first three digits of the NSN, one of ``_KE_HEADS``),
    and the last six must be ASCII digits. That is a number ``_check`` reads the same way
    (nothing else in it: the start and the digits leave no room for other characters) and
    sends down its fast path, where both patterns match (the NSN never starts with 0, so the
    "000"/"00254" prefixes ``_check`` reads first cannot apply). Everything else goes
    through ``try_normalize``, so the results are the same.
    """
    texts = values if isinstance(values, list) else list(values)
    if not _KE_STARTS or region.upper() != "KE":
        return [try_normalize(text, region) for text in texts]
    count = len(texts)
    # Spaces and dashes only: translate() with the whole separator table costs several
    # times more; other separators (dots, brackets) take try_normalize's way.
    joined = "\n".join(texts)
    digits = texts
    if " " in joined or "-" in joined:
        joined = joined.replace(" ", "").replace("-", "")
        if joined.count("\n") == count - 1:
            digits = joined.split("\n")
        else:  # a text with a line break of its own
            digits = [text.replace(" ", "").replace("-", "") for text in texts]
    fronts: Iterator[str] = map(getitem, digits, repeat(_START))
    starts = list(map(_KE_STARTS.get, fronts, repeat("")))
    last_six: list[str] = list(map(getitem, digits, repeat(_LAST_SIX)))
    out: list[str | None] = list(map(add, starts, last_six))
    kept = "".join(compress(last_six, starts))
    if not (kept.isdigit() and kept.isascii()) and kept:
        for i in compress(range(count), starts):
            if not (last_six[i].isdigit() and last_six[i].isascii()):
                starts[i] = ""
    if "" in starts:
        for i in compress(range(count), map(not_, starts)):
            out[i] = try_normalize(texts[i], region)
    return out
