"""core.phones: normalisation to E.164, plain-language reasons, splitting, fast path."""

from __future__ import annotations

import pickle
import random
import time

import phonenumbers
import pytest

from desktop_app.core import phones
from desktop_app.core.phones import (
    InvalidPhoneNumber,
    PhoneProblem,
    check,
    normalize,
    split_numbers,
    try_normalize,
)
from tests.words import words


@pytest.mark.parametrize("raw", ["0712345678", "254712345678", "+254712345678"])
def test_the_three_forms(raw: str) -> None:
    assert normalize(raw) == "+254712345678"
    assert try_normalize(raw) == "+254712345678"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("0712 345 678", "+254712345678"),
        ("0712-345-678", "+254712345678"),
        ("0712.345.678", "+254712345678"),
        ("(0712) 345678", "+254712345678"),
        ("  0712345678 \n", "+254712345678"),
        ("+254 712 345 678", "+254712345678"),
        ("+254-712-345-678", "+254712345678"),
        ("+254 (0) 712 345 678", "+254712345678"),
        ("+2540712345678", "+254712345678"),
        ("254 712 345678", "+254712345678"),
        ("00254712345678", "+254712345678"),
        ("00 254 712 345 678", "+254712345678"),
        ("000254712345678", "+254712345678"),  # Kenya's own international prefix
        ("712345678", "+254712345678"),  # the leading 0 left out
        ("0712\u00a0345\u00a0678", "+254712345678"),  # no-break spaces from a web page
        ("0712–345–678", "+254712345678"),  # en dashes from a word processor
        ("0712\u2009345\u2009678", "+254712345678"),  # thin spaces
        ("\u202a+254 712 345678\u202c", "+254712345678"),  # copied from WhatsApp
        ("\u200e0712 345 678\u200e", "+254712345678"),  # left-to-right marks
        ("\u200b0712345678", "+254712345678"),  # a zero-width space from a web page
        ("\ufeff0712\u2060345\u00ad678", "+254712345678"),  # a BOM, a joiner, a soft hyphen
        ("\u20660712 345 678\u2069", "+254712345678"),  # an isolate
        ("0110 123 456", "+254110123456"),  # 01xx mobile range
        ("+254 110 123456", "+254110123456"),
        ("0100123456", "+254100123456"),
        ("0799 999 999", "+254799999999"),
        ("020 2222222", "+254202222222"),  # Nairobi landline: valid by libphonenumber
        ("+44 20 7946 0958", "+442079460958"),
        ("000 44 20 7946 0958", "+442079460958"),  # Kenya's international prefix
        ("+255 754 123 456", "+255754123456"),  # Tanzania
        ("+256 772 123456", "+256772123456"),  # Uganda
    ],
)
def test_typed_forms(raw: str, expected: str) -> None:
    assert normalize(raw) == expected


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("", "The phone number is empty"),
        ("   ", "The phone number is empty"),
        ("abc", "“abc” is not a phone number"),
        ("---", "“---” is not a phone number"),
        ("0712 34", "0712 34 is too short for a Kenyan mobile number"),
        ("0712", "0712 is too short for a Kenyan mobile number"),
        ("+254 712 345", "+254 712 345 is too short for a Kenyan mobile number"),
        ("071234567890", "071234567890 is too long for a Kenyan mobile number"),
        ("+254 7123456789", "+254 7123456789 is too long for a Kenyan mobile number"),
        ("+254 20 123", "+254 20 123 is not a valid number"),
        ("0109 123 456", "0109 123 456 is not a valid number"),  # 0109 is not allocated
        ("0712abc678", "“0712abc678” is not a phone number: it contains “a”"),
        ("0712 345 678 ext 5", "“0712 345 678 ext 5” is not a phone number: it contains “e”"),
        ("07+12345678", "“07+12345678” is not a phone number: “+” can only come first"),
        ("+999 123 456", "+999 123 456 does not start with a known country code"),
        ("+44 20", "+44 20 is too short to be a phone number"),
        ("00", "00 is not a valid number"),
    ],
)
def test_invalid_numbers_say_why(raw: str, reason: str) -> None:
    with pytest.raises(InvalidPhoneNumber) as info:
        normalize(raw)
    exc = info.value
    assert isinstance(exc, ValueError)
    assert exc.raw == raw
    assert words("phone_problem", exc) == reason  # what the user reads
    assert isinstance(check(raw), InvalidPhoneNumber)
    assert check(raw).problem is exc.problem  # the same fact without raising
    assert try_normalize(raw) is None


def test_error_pickles() -> None:
    exc = InvalidPhoneNumber("0712 34", PhoneProblem.SHORT_KE_MOBILE)
    copy = pickle.loads(pickle.dumps(exc))
    assert (copy.raw, copy.problem, copy.char, str(copy)) == (
        exc.raw,
        exc.problem,
        exc.char,
        str(exc),
    )
    assert words("phone_problem", copy) == "0712 34 is too short for a Kenyan mobile number"


def test_other_region() -> None:
    assert normalize("020 7946 0958", region="GB") == "+442079460958"
    assert try_normalize("0712345678", region="GB") != "+254712345678"
    assert normalize("+254712345678", region="GB") == "+254712345678"
    assert normalize("0712345678", region="ke") == "+254712345678"


def test_slow_path_is_cached() -> None:
    phones._slow_path.cache_clear()
    assert normalize("020 2222222") == "+254202222222"
    assert normalize("020 2222222") == "+254202222222"
    with pytest.raises(InvalidPhoneNumber):
        normalize("+254 20 123")
    with pytest.raises(InvalidPhoneNumber):
        normalize("+254 20 123")
    assert normalize("0202222222") == "+254202222222"  # same digits: same cache entry
    info = phones._slow_path.cache_info()
    assert (info.hits, info.misses) == (3, 2)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", []),
        (" , ;\n", []),
        ("0712345678", ["0712345678"]),
        ("0712 345 678, 0722 000 111", ["0712 345 678", "0722 000 111"]),
        ("0712345678 0722000111", ["0712345678", "0722000111"]),
        ("0712345678,0722000111;0733111222", ["0712345678", "0722000111", "0733111222"]),
        ("0712345678\n0722000111\r\n0733111222\n", ["0712345678", "0722000111", "0733111222"]),
        ("0712345678\t0722000111", ["0712345678", "0722000111"]),
        ("+254 712 345 678 +254 722 000 111", ["+254 712 345 678", "+254 722 000 111"]),
        ("0712 345 678 0722 000 111", ["0712 345 678", "0722 000 111"]),
        ("0712 345 678  254722000111", ["0712 345 678", "254722000111"]),
        ("  0712 345 678  ", ["0712 345 678"]),
        ("0712 34", ["0712 34"]),  # a fragment stays one (invalid) item for the caller to flag
        ("abc, 0712345678", ["abc", "0712345678"]),
        ("John 0712345678", ["John 0712345678"]),
        ("0712345678 / 0722000111", ["0712345678", "0722000111"]),
        ("0712 345 678 - 0722 000 111", ["0712 345 678", "0722 000 111"]),
        ("0712 - 345 - 678", ["0712 - 345 - 678"]),
        (" - , / ", []),
        (
            "0712 345 678 0722 000 111 abc 0733 111 222",
            ["0712 345 678 0722 000 111 abc 0733 111 222"],
        ),
        ("0712345678, 0712345678", ["0712345678", "0712345678"]),  # duplicates are kept
        # A whole number followed by more digit groups splits; what makes no number is
        # one item of its own (flagged invalid by the caller), up to where a number starts.
        ("0722000111 12345 0733-123-456", ["0722000111", "12345", "0733-123-456"]),
        ("0722000111 12345", ["0722000111", "12345"]),
        ("12345 0722000111", ["12345", "0722000111"]),
        ("0712 345 678 9", ["0712 345 678", "9"]),
        ("0722000111 12 34 0733123456", ["0722000111", "12 34", "0733123456"]),
        ("0722000111 12345 +254 733 123 456", ["0722000111", "12345", "+254 733 123 456"]),
        ("0722000111 12345 (0733) 123 456", ["0722000111", "12345", "(0733) 123 456"]),
        ("0712 345 6789", ["0712 345 6789"]),  # one digit too many: one invalid item
        # "67 0722 000" is a valid number, but not where a number visibly starts.
        ("0712 345 67 0722 000 111", ["0712 345 67", "0722 000 111"]),
    ],
)
def test_split_numbers(text: str, expected: list[str]) -> None:
    assert split_numbers(text) == expected


def _reference(text: str) -> str | None:
    """Plain phonenumbers: parse with region KE, valid -> E.164."""
    try:
        number = phonenumbers.parse(text, "KE")
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(number):
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def _generated_numbers() -> list[str]:
    """National significant numbers across every 3-digit prefix, valid or not, 8-10 digits."""
    rng = random.Random(254)
    out: list[str] = []
    for prefix in range(1000):
        head = f"{prefix:03d}"
        for length in (9,) * 6 + (8, 10):
            out.append(head + "".join(rng.choice("0123456789") for _ in range(length - 3)))
    # every allocated and unallocated 01xx / 07xx block, with edge suffixes
    for block in range(100):
        for tail in ("000000", "999999", "123456"):
            out.append(f"1{block:02d}{tail}")
            out.append(f"7{block:02d}{tail}")
    return out


def test_fast_path_is_active() -> None:
    assert phones._FAST is not None
    assert phones._fast_path(False, "0712345678") == "+254712345678"
    assert phones._fast_path(False, "254110123456") == "+254110123456"
    assert phones._fast_path(True, "254712345678") == "+254712345678"
    assert phones._fast_path(False, "712345678") == "+254712345678"
    assert phones._fast_path(True, "2540712345678") == "+254712345678"
    assert phones._fast_path(True, "0712345678") is None  # "+0712…": no such country code
    assert phones._fast_path(False, "0202222222") is None  # landline: slow path


def test_fast_path_agrees_with_phonenumbers() -> None:
    """Wherever the fast path answers, plain phonenumbers gives the same E.164 number; and it
    answers for every Kenyan mobile number in the common forms."""
    answered = 0
    for nsn in _generated_numbers():
        forms = [
            (False, "0" + nsn, "0" + nsn),
            (False, "254" + nsn, "254" + nsn),
            (True, "254" + nsn, "+254" + nsn),
            (False, nsn, nsn),
            (True, "2540" + nsn, "+2540" + nsn),
            (False, "2540" + nsn, "2540" + nsn),
        ]
        for plus, digits, text in forms:
            fast = phones._fast_path(plus, digits)
            expected = _reference(text)
            if fast is not None:
                answered += 1
                assert fast == expected, text
            elif expected is not None and len(nsn) == 9:
                number = phonenumbers.parse(text, "KE")
                assert phonenumbers.number_type(number) != phonenumbers.PhoneNumberType.MOBILE, text
    assert answered > 4_000


def test_normalize_agrees_with_phonenumbers() -> None:
    """Whole pipeline (fast path, cache, slow path) against plain phonenumbers."""
    rng = random.Random(7)
    numbers = _generated_numbers()
    for nsn in rng.sample(numbers, 2000):
        for text in (
            "0" + nsn,
            "254" + nsn,
            "+254" + nsn,
            nsn,
            f"+254 {nsn[:3]} {nsn[3:]}",
            f"+254 (0) {nsn}",
            "+" + nsn,
            "000" + nsn,
        ):
            assert try_normalize(text) == _reference(text), text
        # "00" / "000" prefixes mean "+", which phonenumbers alone does not read for Kenya
        assert try_normalize("00254" + nsn) == _reference("+254" + nsn)
        assert try_normalize("000254" + nsn) == _reference("+254" + nsn)


def test_split_numbers_long_line_is_fast() -> None:
    line = " ".join(["0712 345 678"] * 3000 + ["abc"] + ["0722 000 111"] * 3000)
    start = time.perf_counter()
    assert split_numbers(line) == [line]  # a junk token: left whole for the caller to flag
    good = " ".join(["0712 345 678", "0722 000 111"] * 3000)
    assert len(split_numbers(good)) == 6000
    assert time.perf_counter() - start < 2.0


# --- how a stored number is shown --------------------------------------------------------------


@pytest.mark.parametrize(
    ("e164", "shown"),
    [
        ("+254712345678", "0712 345 678"),  # Kenyan mobile: the local form, grouped 4-3-3
        ("+254110123456", "0110 123 456"),  # the 01xx mobile range too
        ("+254799999999", "0799 999 999"),
        ("+254202222222", "020 2222222"),  # a Nairobi landline: libphonenumber's national form
        ("+255754123456", "+255 754 123 456"),  # abroad: international, dialable from Kenya
        ("+442079460958", "+44 20 7946 0958"),
        ("+2547123", "+2547123"),  # not a valid number: shown exactly as stored
        ("0712345678", "0712345678"),  # not E.164: as stored
        ("", ""),
    ],
)
def test_local_display(e164: str, shown: str) -> None:
    assert phones.local_display(e164) == shown


def test_local_display_round_trips_through_normalize() -> None:
    """What is shown can be typed back in and means the same number."""
    for e164 in ("+254712345678", "+254110123456", "+254202222222", "+255754123456"):
        assert normalize(phones.local_display(e164)) == e164


@pytest.mark.parametrize(
    ("term", "fragments"),
    [
        ("0712 34", ["+25471234", "071234"]),
        ("254712", ["+254712", "254712"]),
        ("+254 712", ["+254712"]),
        ("345-678", ["345678"]),
        ("Wanjiku", []),
        ("07a", []),
        ("", []),
        ("+", []),
        ("\u202a+254 712\u202c", ["+254712"]),  # copied from WhatsApp
    ],
)
def test_search_fragments_cover_the_three_forms(term: str, fragments: list[str]) -> None:
    assert phones.search_fragments(term) == fragments


def test_numbers_copied_from_whatsapp_are_read_whole_a_column_and_a_paste_at_a_time() -> None:
    """WhatsApp wraps each number it shows in invisible direction marks: a column of them (an
    import) and a pasted list read as the numbers they look like."""
    copied = ["\u202a+254 712 345678\u202c", "\u202a+254 722 000111\u202c", "0733\u200b123456"]
    assert phones.try_normalize_many(copied) == [
        "+254712345678",
        "+254722000111",
        "+254733123456",
    ]
    assert phones.split_numbers(", ".join(copied)) == copied
    assert [normalize(n) for n in phones.split_numbers("\n".join(copied))] == [
        "+254712345678",
        "+254722000111",
        "+254733123456",
    ]
