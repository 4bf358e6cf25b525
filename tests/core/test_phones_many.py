"""core.phones.try_normalize_many: the column-at-a-time form must answer exactly as
try_normalize does, number by number (it only skips work, never decides differently)."""

from __future__ import annotations

import random

from desktop_app.core.phones import try_normalize, try_normalize_many
from tests.core.test_phones import _generated_numbers


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
