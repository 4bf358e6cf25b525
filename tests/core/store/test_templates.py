"""Message templates: saved by name (unique, ignoring case), listed, deleted."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop_app.core.store import Store, StoreError, StoreProblem


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "tuma.sqlite3") as opened:
        yield opened


def test_templates(store: Store) -> None:
    store.templates.save("Opening hours", "We open at 8am.")
    store.templates.save(" Promo ", "20% off today")
    saved = store.templates.save("promo", "25% off today")  # same name, any case: replaced
    assert saved.name == "promo"
    listed = store.templates.all()
    assert [(t.name, t.text) for t in listed] == [
        ("Opening hours", "We open at 8am."),
        ("promo", "25% off today"),
    ]
    assert listed[0].updated_at.tzinfo is not None
    with pytest.raises(StoreError) as info:
        store.templates.save("PROMO", "x", overwrite=False)
    assert (info.value.problem, info.value.data) == (StoreProblem.EXISTS, {"name": "promo"})
    with pytest.raises(StoreError) as info:
        store.templates.save("  ", "x")
    assert info.value.problem is StoreProblem.NO_NAME
    with pytest.raises(StoreError) as info:
        store.templates.save("Blank", " ")
    assert info.value.problem is StoreProblem.EMPTY_TEXT
    assert store.templates.delete("Promo")
    assert not store.templates.delete("Promo")
    assert [t.name for t in store.templates.all()] == ["Opening hours"]
