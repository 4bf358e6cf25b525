"""Pure helpers over balance readings: spending per day and the low-balance rule."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import date, datetime, timedelta

__all__ = ["daily_spending", "is_low", "single_part_messages"]


def daily_spending(
    history: Sequence[tuple[datetime, float]], *, last_day: date | None = None, days: int = 14
) -> list[tuple[date, float]]:
    """Credits spent on each of the last *days* days (local dates), oldest first.

    Spending is every drop between two consecutive readings, counted on the day of the later
    reading; top-ups (rises) are not spending. Days without readings spend 0.
    """
    if days < 1:
        return []
    end = last_day or (history[-1][0].astimezone().date() if history else date.today())
    start = end - timedelta(days=days - 1)
    spent = {start + timedelta(days=i): 0.0 for i in range(days)}
    for (_, before), (at, after) in itertools.pairwise(history):
        day = at.astimezone().date()
        if day in spent and after < before:
            spent[day] += before - after
    return sorted(spent.items())


def single_part_messages(credits: float) -> int:
    """How many single-part SMS the credits buy (one credit per part)."""
    return max(0, int(credits))


def is_low(credits: float, threshold: int) -> bool:
    """Below the user's warning threshold (a threshold of 0 turns the warning off)."""
    return threshold > 0 and credits < threshold
