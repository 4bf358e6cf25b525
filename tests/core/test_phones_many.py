"""core.phones.try_normalize_many: the column-at-a-time form must answer exactly as
try_normalize does, number by number (it only skips work, never decides differently)."""

from __future__ import annotations

import random
import re

import phonenumbers
import pytest

from desktop_app.core import phones
from desktop_app.core.phones import try_normalize, try_normalize_many
from tests.core.test_phones import _generated_numbers, _reference


def _forms(nsn: str) -> list[str]:
    return [
        "0" + nsn,
        "254" + nsn,
        "+254" + nsn,
        nsn,
        "2540" + nsn,
        "+2540" + nsn,
        "00" + nsn,
        "000" + nsn,
        "00254" + nsn,
        "000254" + nsn,
        f"0{nsn[:3]} {nsn[3:]}",
        f" 0{nsn} ",
        f"+254 {nsn[:3]}-{nsn[3:6]} {nsn[6:]}",
        f"254-{nsn}",
        f"({nsn[:3]}) {nsn[3:]}",
        f"0{nsn[:3]}.{nsn[3:]}",
        f"+ 254{nsn}",
        f"0 {nsn}",
        "+" + nsn,
        "0" + nsn + "0",
        "٠" + nsn,  # an Arabic-Indic zero: a digit, but not ASCII
    ]


def test_many_agrees_with_one_by_one() -> None:
    rng = random.Random(11)
    values = [form for nsn in rng.sample(_generated_numbers(), 800) for form in _forms(nsn)]
    values += ["", " ", "abc", "0712 ABC", "+", "0", "07123456789012345678", "'0712345678"]
    rng.shuffle(values)
    assert try_normalize_many(values) == [try_normalize(v) for v in values]


def test_many_other_region_and_lower_case() -> None:
    values = ["0712345678", "+254712345678", "020 7946 0958", "+44 20 7946 0958"]
    assert try_normalize_many(values, "GB") == [try_normalize(v, "GB") for v in values]
    assert try_normalize_many(values, "ke") == [try_normalize(v, "ke") for v in values]


def test_many_accepts_any_iterable() -> None:
    assert try_normalize_many(iter(("0712345678", "x"))) == ["+254712345678", None]


def _varied(rng: random.Random) -> list[str]:
    """The forms people type, valid or not: mobiles (07…, 01…, 7…, 1…, 254…, +254…, with
    spaces and dashes), landlines, numbers abroad, too short and too long, junk."""
    out = []
    for _ in range(3000):
        head = rng.choice(("7", "1", "2", "4", "5", "6", "8", "9")) + str(rng.randrange(100))
        nsn = (head + "".join(rng.choice("0123456789") for _ in range(8)))[
            : rng.choice((7, 8, 9, 9, 9, 9, 10))
        ]
        out += [
            "0" + nsn,
            nsn,
            "254" + nsn,
            "+254" + nsn,
            f"0{nsn[:3]} {nsn[3:6]} {nsn[6:]}",
            f"+254-{nsn[:3]}-{nsn[3:]}",
            f" {nsn[:3]} {nsn[3:]} ",
        ]
    out += [
        "020 2222222",
        "0202222222",
        "+254202222222",
        "041 2220000",
        "0800 720 000",
        "+44 20 7946 0958",
        "+255 712 345 678",
        "+1 202 555 0143",
        "011 0123456",
        "0110123456",
        "+254110123456",
        "254 110 123 456",
        "0712",
        "07123456789",
        "2547123456789",
        "+25471234567",
        "",
        "-",
        "+٠712345678",  # an Arabic-Indic zero
    ]
    return out


def test_many_agrees_with_one_by_one_and_phonenumbers() -> None:
    """The inline answers (fast path), the slow path and plain phonenumbers agree on a
    varied sample; most Kenyan mobiles take the inline way."""
    values = _varied(random.Random(2541))
    many = try_normalize_many(values)
    assert many == [try_normalize(v) for v in values]
    assert many == [_reference(v) for v in values]
    # letters: a typo to us, a vanity number to phonenumbers
    assert try_normalize_many(["0712 ABC 678"]) == [None]
    inline = sum(1 for v, e164 in zip(values, many, strict=True) if e164 and "-" not in v)
    assert inline > 5000


def test_heads_are_the_mobile_patterns_first_digits() -> None:
    """``_KE_HEADS`` as read from the metadata: every 3-digit start the mobile and general
    patterns both take whatever six digits follow (checked on random numbers, and against
    phonenumbers' own verdict: a valid mobile), and no other."""
    general, mobile = phones._FAST  # type: ignore[misc]
    expected = {
        f"{n:03d}"
        for n in range(100, 1000)
        if mobile.fullmatch(f"{n:03d}000000") and general.fullmatch(f"{n:03d}999999")
    }
    assert expected == phones._KE_HEADS
    assert {"710", "799", "110", "100"} <= phones._KE_HEADS
    assert not {"020", "200", "900", "150"} & phones._KE_HEADS
    rng = random.Random(3)
    for head in sorted(phones._KE_HEADS):
        for _ in range(20):
            nsn = head + f"{rng.randrange(10**6):06d}"
            assert mobile.fullmatch(nsn)
            assert general.fullmatch(nsn)
            number = phonenumbers.parse("0" + nsn, "KE")
            assert phonenumbers.number_type(number) == phonenumbers.PhoneNumberType.MOBILE


@pytest.mark.parametrize(
    ("pattern", "heads"),
    [
        (r"(?:7\d\d|1[01]\d)\d{6}", 120),
        (r"(?:[17]\d\d|900)\d{6}|(?:2|80)0\d{6,7}|[4-6]\d{6,8}", 201),
        (r"(?:7\d\d)\d{6}|(?:1\d\d)\d{6}", 200),
        (r"7\d{8}", 0),  # not (?:HEAD)\d{6}: no head is read from it
        (r"(?:7\d\d)\d{6,7}", 0),
        (r"(?:7\d)(?:\d)\d{6}", 0),  # the first group does not end before \d{6}
        (r"(7\d\d)\d{6}", 0),  # a capturing group
        (r"(?:7\w\w)\d{6}", 0),  # an escape other than \d
        (r"(?:[7(]\d\d)\d{6}", 0),  # a class of more than digits
        (r"(?:7)|(?:1\d\d)\d{6}", 100),  # only the alternative of that shape
    ],
)
def test_leading_three_reads_only_what_it_is_sure_of(pattern: str, heads: int) -> None:
    found = {
        f"{n:03d}"
        for n in range(1000)
        if any(h.fullmatch(f"{n:03d}") for h in phones._leading_three(pattern))
    }
    assert len(found) == heads
    compiled = re.compile(pattern)
    assert phones._leading_three(r"(?:7\d\d))\d{6}") == []  # unbalanced: nothing read
    for head in found:  # what is read is always right
        assert compiled.fullmatch(head + "123456")
        assert compiled.fullmatch(head + "000000")
