"""Spending per day from balance readings (pure) and the chart's empty state."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from desktop_app.ui.balance.chart import BalanceChart, nice_ceiling
from desktop_app.ui.balance.history import daily_spending, is_low, single_part_messages


def _at(day: date, hour: int) -> datetime:
    return datetime(day.year, day.month, day.day, hour).astimezone()


def test_drops_are_spending_and_top_ups_are_not() -> None:
    today = date(2026, 11, 22)
    yesterday = today - timedelta(days=1)
    history = [
        (_at(yesterday, 9), 500.0),
        (_at(yesterday, 12), 450.0),  # spent 50
        (_at(yesterday, 15), 950.0),  # top-up: not spending
        (_at(today, 10), 900.0),  # spent 50
        (_at(today, 11), 870.0),  # spent 30
    ]
    spending = dict(daily_spending(history, last_day=today, days=3))
    assert spending == {today - timedelta(days=2): 0.0, yesterday: 50.0, today: 80.0}


def test_small_helpers() -> None:
    assert single_part_messages(12.9) == 12
    assert single_part_messages(-3) == 0
    assert is_low(40, 50)
    assert not is_low(40, 0)
    assert nice_ceiling(830) == 1000
    assert nice_ceiling(120) == 200


def test_chart_paints_empty_and_full(qtbot) -> None:  # type: ignore[no-untyped-def]
    chart = BalanceChart()
    qtbot.addWidget(chart)
    chart.resize(700, 300)
    assert not chart.grab().isNull()  # empty state
    now = datetime.now().astimezone()
    chart.set_history([(now - timedelta(days=1), 100.0), (now, 60.0)])
    chart.set_threshold(80)
    assert len(chart.points) == 2
    assert sum(v for _, v in chart.spending) == 40.0
    assert not chart.grab().isNull()
