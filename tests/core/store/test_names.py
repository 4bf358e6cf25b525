"""The names a personalised broadcast was written for, and its fallback word: kept with it
(and only with a personalised one), given back in the order asked, deleted with it; a store
file from before they were kept gets the table (the column) and answers "not kept" for its
older sends."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from desktop_app.core.recipients import Person
from desktop_app.core.services import Services
from desktop_app.core.services.sending import SendingService
from desktop_app.core.store import Store
from desktop_app.core.store.db import schema_version

PROFILE = "shop"
TEMPLATE = "Habari {first_name|customer}, ofa ya leo: unga 2kg KES 150."
BULK = "Ofa ya leo: unga 2kg KES 150."
AMINA = Person("+254711000001", "Amina", "Otieno", from_contacts=True)
BARAKA = Person("+254711000002", "Baraka", "", from_contacts=True)
TYPED = Person("+254711000003")  # typed in the To box: no name


@pytest.fixture
def store(services: Services) -> Store:
    return services.store


def start(services: Services, text: str, people: list[Person], fallback: str = "") -> int:
    """Written down as Send writes it (SendingService.start, one transaction)."""
    plan = SendingService.plan(
        sender_id="TUMA",
        text=text,
        people=people,
        fallback=fallback,
        skipped=0,
        profile=None,
        balance=None,
        price_per_part=None,
    )
    return int(asyncio.run(services.sending.start(plan, PROFILE)))


def rows(store: Store, broadcast_id: int) -> int:
    found = store.db.read_one(
        "SELECT COUNT(*) FROM recipient_names WHERE broadcast_id = ?", (broadcast_id,)
    )
    assert found is not None
    return int(found[0])


def test_a_personalised_send_keeps_its_names_and_gives_them_back(
    services: Services, store: Store
) -> None:
    broadcast_id = start(services, TEMPLATE, [AMINA, BARAKA, TYPED])
    # in the order asked (the failed ones, the pending ones), whoever was typed without a name
    people = store.names.people(broadcast_id, [TYPED.phone, BARAKA.phone, AMINA.phone])
    assert people == (TYPED, BARAKA, AMINA)
    assert store.names.people(broadcast_id, [AMINA.phone]) == (AMINA,)
    # a number it was not written for is given back bare (never an error)
    assert store.names.people(broadcast_id, ["+254711999999"]) == (Person("+254711999999"),)


def test_a_bulk_send_keeps_no_names(services: Services, store: Store) -> None:
    broadcast_id = start(services, BULK, [AMINA, BARAKA, TYPED])
    assert rows(store, broadcast_id) == 0
    assert store.names.people(broadcast_id, [AMINA.phone, TYPED.phone]) is None


def test_a_personalised_send_to_typed_numbers_still_says_its_names_were_kept(
    services: Services, store: Store
) -> None:
    """Nobody had a name: that is kept too, so it is not taken for an older send."""
    broadcast_id = start(services, TEMPLATE, [TYPED])
    assert store.names.people(broadcast_id, [TYPED.phone]) == (TYPED,)


def test_the_names_go_with_their_broadcast(services: Services, store: Store) -> None:
    gone = start(services, TEMPLATE, [AMINA, BARAKA])
    kept = start(services, TEMPLATE, [AMINA, TYPED])
    with store.db.write() as db:
        db.execute("DELETE FROM broadcasts WHERE id = ?", (gone,))
    assert rows(store, gone) == 0
    assert store.names.people(gone, [AMINA.phone]) is None
    assert store.names.people(kept, [AMINA.phone, TYPED.phone]) == (AMINA, TYPED)


def test_an_older_file_gets_the_table_and_its_sends_have_no_names(tmp_path: Path) -> None:
    """A file written before names were kept (schema step 9): its personalised sends open
    as before, with no names, and new ones keep theirs."""
    path, settings = tmp_path / "tuma.sqlite3", tmp_path / "settings.json"
    first = Services.open(store_path=path, settings_path=settings)
    try:
        older = start(first, TEMPLATE, [AMINA, BARAKA])
    finally:
        first.close()
    raw = sqlite3.connect(path)
    raw.execute("DROP TABLE recipient_names")
    raw.execute("PRAGMA user_version = 9")
    raw.commit()
    raw.close()
    again = Services.open(store_path=path, settings_path=settings)
    try:
        assert again.store.names.people(older, [AMINA.phone]) is None
        newer = start(again, TEMPLATE, [AMINA])
        assert again.store.names.people(newer, [AMINA.phone]) == (AMINA,)
    finally:
        again.close()
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == schema_version()
    finally:
        raw.close()


GREETING = "Habari {first_name}, ofa ya leo: unga 2kg KES 150."


def test_a_personalised_send_keeps_the_fallback_word_it_was_written_with(
    services: Services, store: Store
) -> None:
    """ "Habari mteja" must come back as "Habari mteja", whatever Compose shows later."""
    mteja = start(services, GREETING, [AMINA, TYPED], fallback="mteja")
    customer = start(services, GREETING, [TYPED], fallback="customer")
    none = start(services, GREETING, [TYPED], fallback="")  # the user emptied the field
    bulk = start(services, BULK, [AMINA, TYPED], fallback="mteja")  # nothing to fall back
    assert store.names.fallback(mteja) == "mteja"
    assert store.names.fallback(customer) == "customer"
    assert store.names.fallback(none) == ""  # kept: it had none, not "not kept"
    assert store.names.fallback(bulk) is None
    assert store.names.fallback(999_999) is None  # no such send
    # written in the broadcast's own transaction: its rendered texts say the same word
    (chunk,) = store.journal.chunks(mteja)
    assert [r.message for r in chunk.recipients] == [
        "Habari Amina, ofa ya leo: unga 2kg KES 150.",
        "Habari mteja, ofa ya leo: unga 2kg KES 150.",
    ]


def test_an_older_file_gets_the_fallback_column_and_its_sends_have_none(tmp_path: Path) -> None:
    """A file from schema step 11 (names kept, the fallback not): its sends open as before,
    with their names and no fallback word, and new ones keep theirs."""
    path, settings = tmp_path / "tuma.sqlite3", tmp_path / "settings.json"
    first = Services.open(store_path=path, settings_path=settings)
    try:
        older = start(first, GREETING, [AMINA, TYPED], fallback="mteja")
    finally:
        first.close()
    raw = sqlite3.connect(path)
    raw.execute("ALTER TABLE broadcasts DROP COLUMN fallback")
    raw.execute("PRAGMA user_version = 11")
    raw.commit()
    raw.close()
    again = Services.open(store_path=path, settings_path=settings)
    try:
        assert again.store.names.fallback(older) is None
        assert again.store.names.people(older, [AMINA.phone, TYPED.phone]) == (AMINA, TYPED)
        newer = start(again, GREETING, [TYPED], fallback="mteja")
        assert again.store.names.fallback(newer) == "mteja"
    finally:
        again.close()
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == schema_version()
    finally:
        raw.close()
