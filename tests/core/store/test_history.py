"""Sent history: a broadcast's accepted batches are read by themselves, not with the history."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop_app.core.store import BroadcastKind, Recipient, Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "tuma.sqlite3") as opened:
        yield opened


def _broadcast(store: Store, text: str, phones: list[str], *, accept: bool = True) -> int:
    journal = store.journal
    broadcast = journal.create_broadcast(
        BroadcastKind.BULK, "TUMA", text, [Recipient(p) for p in phones], 1, profile="Shop"
    )
    if accept:
        for n, chunk in enumerate(journal.chunks(broadcast.id)):
            journal.mark_sending(chunk.id)
            journal.mark_accepted(chunk.id, f"{text}-{n}", 1, 1)
    return broadcast.id


def test_for_broadcast_is_bounded_by_the_broadcast(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    for day in range(30):  # a month of earlier sends
        _broadcast(store, f"old{day}", [f"+2547120000{day:02d}", f"+2547220000{day:02d}"])
    latest = _broadcast(store, "new", ["+254733000001", "+254733000002", "+254733000003"])

    queries: list[tuple[str, tuple[object, ...]]] = []
    real = store.db.read

    def spy(sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        queries.append((sql, tuple(args)))
        return real(sql, args)

    monkeypatch.setattr(store.db, "read", spy)
    records = store.history.for_broadcast("Shop", latest)
    assert sorted(r.message_id for r in records) == ["new-0", "new-1", "new-2"]
    # One query, for this broadcast's rows only (months of sends would otherwise be read).
    ((sql, args),) = queries
    assert "b.id = ?" in sql
    assert latest in args

    nothing = _broadcast(store, "x", ["+254733000009"], accept=False)
    assert store.history.for_broadcast("Shop", nothing) == []
