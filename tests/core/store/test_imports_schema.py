"""Past imports' table reaches every store file, whatever schema step the file was at when
the Import tab arrived."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from desktop_app.core.store import Store
from desktop_app.core.store.db import schema_version


@pytest.mark.parametrize("was_at", [5, 7, 8])
def test_a_file_past_the_old_step_gets_the_imports_table(tmp_path: Path, was_at: int) -> None:
    """A file written before the Import tab (at step 7, say) had no imports table, and was
    already past the step (5) that first created it: opening it now creates the table."""
    path = tmp_path / "tuma.sqlite3"
    Store(path).close()
    raw = sqlite3.connect(path)
    raw.execute("DROP TABLE imports")
    raw.execute(f"PRAGMA user_version = {was_at}")
    raw.commit()
    raw.close()
    with Store(path) as store:
        assert store.imports.all("Shop") == []
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == schema_version()
    finally:
        raw.close()


def test_a_file_that_has_the_table_keeps_its_imports(tmp_path: Path) -> None:
    path = tmp_path / "tuma.sqlite3"
    Store(path).close()
    raw = sqlite3.connect(path)
    raw.execute(
        "INSERT INTO imports (profile, file_name, created_at, outcome) "
        "VALUES ('Shop', 'customers.csv', '2026-11-20T08:00:00+00:00', 'completed')"
    )
    raw.execute("PRAGMA user_version = 8")
    raw.commit()
    raw.close()
    with Store(path) as store:
        assert [r.file_name for r in store.imports.all("Shop")] == ["customers.csv"]
