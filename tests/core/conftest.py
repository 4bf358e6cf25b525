"""Fixtures shared by the core tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop_app.core.services import Services


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    """The app's services on a fresh store and settings file (no account connected)."""
    opened = Services.open(
        store_path=tmp_path / "tuma.sqlite3", settings_path=tmp_path / "settings.json"
    )
    yield opened
    opened.close()
