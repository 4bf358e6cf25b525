"""The promotional rules: the hours promotions may go out (at the edges, across midnight) and
the opt-out line (recognised, added once, and what it costs)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from desktop_app.core.rules import (
    DEFAULT_OPT_OUT_LINE,
    has_opt_out_line,
    next_promo_start,
    opt_out_line_change,
    with_opt_out_line,
    within_promo_hours,
)

EAT = timezone(timedelta(hours=3), "EAT")


def at(hour: int, minute: int = 0, day: int = 23, second: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, second, tzinfo=EAT)


@pytest.mark.parametrize(
    ("moment", "allowed"),
    [
        (at(0, 0), False),  # midnight
        (at(7, 59), False),
        (at(7, 59, second=59), False),
        (at(8, 0), True),
        (at(12, 30), True),
        (at(17, 59), True),
        (at(17, 59, second=59), True),
        (at(18, 0), False),
        (at(23, 59), False),
    ],
)
def test_promotional_hours_at_the_edges(moment: datetime, allowed: bool) -> None:
    assert within_promo_hours(moment) is allowed


@pytest.mark.parametrize(
    ("moment", "expected"),
    [
        (at(7, 59), at(8, 0)),  # the same morning
        (at(0, 0), at(8, 0)),  # just after midnight: this morning
        (at(18, 0), at(8, 0, day=24)),  # closing time: tomorrow morning
        (at(23, 59), at(8, 0, day=24)),  # before midnight: tomorrow morning
        (at(9, 15), at(9, 15)),  # inside the hours: now
    ],
)
def test_next_promotional_start(moment: datetime, expected: datetime) -> None:
    assert next_promo_start(moment) == expected


def test_next_start_across_the_end_of_a_month_and_year() -> None:
    assert next_promo_start(datetime(2026, 12, 31, 20, 0, tzinfo=EAT)) == datetime(
        2027, 1, 1, 8, 0, tzinfo=EAT
    )


def test_the_hours_are_the_shop_s_local_hours_not_utc() -> None:
    """05:30 UTC is 08:30 in Nairobi: allowed; 16:00 UTC is 19:00: not."""
    utc = UTC
    assert within_promo_hours(datetime(2026, 11, 23, 5, 30, tzinfo=utc).astimezone(EAT))
    assert not within_promo_hours(datetime(2026, 11, 23, 16, 0, tzinfo=utc).astimezone(EAT))


@pytest.mark.parametrize(
    "text",
    [
        "Ofa ya leo! Tuma STOP kwa 22384",
        "Sale today. Reply STOP to opt out",
        "Bei nafuu. STOP: *456*9*5#",
        "Bei nafuu. Piga *456*9*5# kujiondoa",
        "To unsubscribe call us",
        "STOP",
    ],
)
def test_opt_out_lines_are_recognised(text: str) -> None:
    assert has_opt_out_line(text)


@pytest.mark.parametrize(
    "text",
    ["Don't stop shopping at Mama Duka!", "STOPOVER deals", "Karibu dukani", ""],
)
def test_texts_without_an_opt_out_line(text: str) -> None:
    assert not has_opt_out_line(text)


def test_the_line_is_added_once_on_its_own_line() -> None:
    text = "Ofa ya leo: unga 2kg KES 180.  \n"
    added = with_opt_out_line(text)
    assert added == "Ofa ya leo: unga 2kg KES 180.\n" + DEFAULT_OPT_OUT_LINE
    assert with_opt_out_line(added) == added
    assert with_opt_out_line("", "Tuma STOP kwa 22384") == "Tuma STOP kwa 22384"


def test_the_cost_change_of_the_line() -> None:
    short = "Ofa ya leo: unga 2kg KES 180."
    same = opt_out_line_change(short, 100, DEFAULT_OPT_OUT_LINE)
    assert (same.parts_before, same.parts_after, same.extra_credits) == (1, 1, 0)
    assert same.text.endswith(DEFAULT_OPT_OUT_LINE)

    full = "A" * 155  # one part; the line pushes it to two
    longer = opt_out_line_change(full, 100, DEFAULT_OPT_OUT_LINE)
    assert (longer.parts_before, longer.parts_after) == (1, 2)
    assert (longer.credits_before, longer.credits_after, longer.extra_credits) == (100, 200, 100)
