"""Opening the store file the way a real machine leaves it: damaged by a crash or a disk
fault, or not openable at all. Each is a StoreError the UI words, never a bare sqlite3 error
(which reached the user as a traceback), and the file itself is left exactly as it was."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from desktop_app.core.store import Store, StoreError, StoreProblem


def _good_file(path: Path) -> bytes:
    Store(path).close()
    return path.read_bytes()


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda good: os.urandom(8192), id="random bytes"),
        pytest.param(lambda good: b"Tuma was here\n", id="text"),
        pytest.param(lambda good: good[:100], id="only the header"),
        pytest.param(lambda good: good[: len(good) // 3], id="cut short"),
    ],
)
def test_a_damaged_file_is_refused_by_name_and_left_untouched(tmp_path: Path, damage) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "tuma.sqlite3"
    broken = damage(_good_file(tmp_path / "good.sqlite3"))
    path.write_bytes(broken)
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert caught.value.problem is StoreProblem.DAMAGED
    assert caught.value.data["path"] == str(path)
    assert path.read_bytes() == broken  # kept for whoever can recover it


def test_a_file_that_cannot_be_opened_says_why(tmp_path: Path) -> None:
    """A folder where the file should be (or a locked or read-only file): SQLite's reason
    goes with it, for the words on screen."""
    path = tmp_path / "tuma.sqlite3"
    path.mkdir()
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert caught.value.problem is StoreProblem.UNAVAILABLE
    assert "unable to open" in str(caught.value.data["reason"])


def test_an_empty_file_opens_as_new_records(tmp_path: Path) -> None:
    """Zero bytes (a file created but never written) is an empty database, not damage."""
    path = tmp_path / "tuma.sqlite3"
    path.touch()
    with Store(path) as store:
        assert store.templates.all() == []
