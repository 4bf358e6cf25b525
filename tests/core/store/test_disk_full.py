"""The disk fills up under an open store (cheap laptops here have 32 GB, and they fill).

A write the computer fails is a StoreError the UI words (DISK_FULL, or WRITE_FAILED with the
computer's reason), never a bare sqlite3 error ("Something went wrong (OperationalError)");
nothing of it is written, and the store takes writes again once there is room. A mistake of
ours (a constraint) is still raised as it is."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from desktop_app.core.store import Database, Store, StoreError, StoreProblem, could_not_write
from tests.disk import fill, full_disk, small_disk


def _table(db: Database) -> None:
    with db.write() as conn:
        conn.execute("CREATE TABLE notes (text TEXT UNIQUE)")


def _notes(db: Database) -> list[str]:
    return [text for (text,) in db.read("SELECT text FROM notes ORDER BY rowid")]


def test_a_full_disk_on_a_real_small_disk_is_disk_full_and_nothing_is_half_written(
    tmp_path: Path,
) -> None:
    with small_disk(tmp_path / "disk") as disk:
        db = Database(disk / "tuma.sqlite3")
        try:
            _table(db)
            with db.write() as conn:
                conn.execute("INSERT INTO notes VALUES ('before')")
            filler = fill(disk)
            with pytest.raises(StoreError) as caught, db.write() as conn:
                conn.execute("INSERT INTO notes VALUES (?)", ("x" * 300_000,))
            assert caught.value.problem is StoreProblem.DISK_FULL
            assert caught.value.data["path"] == str(disk / "tuma.sqlite3")
            assert could_not_write(caught.value)
            assert isinstance(caught.value.__cause__, sqlite3.OperationalError)
            assert not db.connection.in_transaction
            assert _notes(db) == ["before"]  # reading still works, and nothing was half-written
            filler.unlink()  # the shop frees some space
            with db.write() as conn:
                conn.execute("INSERT INTO notes VALUES ('after')")
            assert _notes(db) == ["before", "after"]
        finally:
            db.close()


def test_a_commit_refused_for_room_rolls_back_and_the_next_write_goes_in(tmp_path: Path) -> None:
    db = Database(tmp_path / "tuma.sqlite3")
    try:
        _table(db)
        with full_disk(db) as disk:
            disk.full = True
            with pytest.raises(StoreError) as caught, db.write() as conn:
                conn.execute("INSERT INTO notes VALUES ('lost')")
            assert caught.value.problem is StoreProblem.DISK_FULL
            assert disk.refused == 1
            assert not db.connection.in_transaction
            disk.full = False
            with db.write() as conn:
                conn.execute("INSERT INTO notes VALUES ('kept')")
        assert _notes(db) == ["kept"]
    finally:
        db.close()


def test_a_mistake_of_ours_is_not_dressed_up_as_the_computer_s(tmp_path: Path) -> None:
    db = Database(tmp_path / "tuma.sqlite3")
    try:
        _table(db)
        with db.write() as conn:
            conn.execute("INSERT INTO notes VALUES ('one')")
        with pytest.raises(sqlite3.IntegrityError), db.write() as conn:
            conn.execute("INSERT INTO notes VALUES ('one')")
        with pytest.raises(sqlite3.OperationalError), db.write() as conn:
            conn.execute("SELECT no_such_column FROM notes")
        with db.write() as conn:  # and the connection is not left in a transaction
            conn.execute("INSERT INTO notes VALUES ('two')")
        assert _notes(db) == ["one", "two"]
    finally:
        db.close()


def test_opening_on_a_full_disk_says_the_disk_is_full(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", size="1M") as disk:
        fill(disk)
        with pytest.raises(StoreError) as caught:
            Store(disk / "tuma.sqlite3")
        assert caught.value.problem is StoreProblem.DISK_FULL
