"""Balance readings: kept per account, read back oldest first, from a moment on."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from desktop_app.core.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "tuma.sqlite3") as opened:
        yield opened


def test_balance_history(store: Store) -> None:
    day = (datetime.now(UTC) - timedelta(days=5)).replace(microsecond=0)
    store.balances.record("p", 500, at=day)
    store.balances.record("p", 420.5, at=day + timedelta(days=1))
    store.balances.record("p", 390, at=(day + timedelta(days=2)).replace(tzinfo=None))
    store.balances.record("q", 10, at=day)
    store.balances.record("p", 380)  # now
    history = store.balances.history("p")
    assert [credits for _, credits in history] == [500.0, 420.5, 390.0, 380.0]
    assert history[0][0] == day
    assert history[2][0] == day + timedelta(days=2)  # naive taken as UTC
    assert all(at.tzinfo is not None for at, _ in history)
    since = store.balances.history("p", day + timedelta(hours=12))
    assert [credits for _, credits in since] == [420.5, 390.0, 380.0]
    assert store.balances.history("q") == [(day, 10.0)]
    assert store.balances.history("nobody") == []
