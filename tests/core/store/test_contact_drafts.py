"""The contact being typed in the add/edit form, kept per account: saved, read back, cleared,
one per account, still there when the store is opened again, and moved with a renamed
account. Through the store, and through the contacts service on the store's thread."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from desktop_app.core.api.models import Contact
from desktop_app.core.services import Services
from desktop_app.core.services.contacts import ContactForm
from desktop_app.core.store import ContactDraft, Store

WANJIKU = Contact(
    uuid="c-123",
    phone="+254712345678",
    first_name="Wanjiku",
    last_name="Kamau",
    email=None,
    notes="Buys every Friday",
    created_at=datetime(2024, 3, 1, 9, 30, tzinfo=UTC),
    updated_at=datetime(2024, 3, 2, 10, 0, tzinfo=UTC),
)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "tuma.sqlite3"


@pytest.fixture
def store(path: Path) -> Iterator[Store]:
    with Store(path) as opened:
        yield opened


def test_a_new_contacts_draft_is_saved_read_back_and_cleared(store: Store) -> None:
    drafts = store.contact_drafts
    assert drafts.load("Duka") is None
    before = datetime.now(UTC)
    drafts.save("Duka", ContactDraft(phone="0712 34", first_name="Achieng", notes="Mama mboga"))
    kept = drafts.load("Duka")
    assert kept is not None
    assert (kept.phone, kept.first_name, kept.last_name, kept.email, kept.notes) == (
        "0712 34",
        "Achieng",
        "",
        "",
        "Mama mboga",
    )
    assert kept.contact is None  # a new contact
    assert kept.saved_at is not None
    assert kept.saved_at >= before
    drafts.clear("Duka")
    assert drafts.load("Duka") is None
    drafts.clear("Duka")  # nothing to clear: no harm


def test_an_edits_draft_keeps_the_contact_it_edits(store: Store) -> None:
    store.contact_drafts.save("Duka", ContactDraft(phone="0712 345 678", contact=WANJIKU))
    kept = store.contact_drafts.load("Duka")
    assert kept is not None
    assert kept.contact == WANJIKU  # every field, the times too


def test_an_unreadable_contact_still_leaves_an_edit_of_it(store: Store, path: Path) -> None:
    store.contact_drafts.save("Duka", ContactDraft(first_name="Otieno", contact=WANJIKU))
    with store.db.write() as db:
        db.execute("UPDATE contact_drafts SET contact = 'not json'")
    kept = store.contact_drafts.load("Duka")
    assert kept is not None
    assert kept.contact is not None
    assert kept.contact.uuid == "c-123"  # still an edit of that contact
    assert kept.first_name == "Otieno"  # and the typing is all there


def test_one_draft_per_account(store: Store) -> None:
    drafts = store.contact_drafts
    drafts.save("Duka", ContactDraft(first_name="Achieng"))
    drafts.save("Duka", ContactDraft(first_name="Baraka", contact=WANJIKU))  # replaces it
    drafts.save("Kiosk", ContactDraft(first_name="Chebet"))
    duka, kiosk = drafts.load("Duka"), drafts.load("Kiosk")
    assert duka is not None
    assert kiosk is not None
    assert (duka.first_name, duka.contact) == ("Baraka", WANJIKU)
    assert (kiosk.first_name, kiosk.contact) == ("Chebet", None)
    drafts.clear("Duka")
    assert drafts.load("Duka") is None
    assert drafts.load("Kiosk") == kiosk  # the other account's stays
    rows = store.db.read("SELECT COUNT(*) FROM contact_drafts")
    assert rows == [(1,)]


def test_the_draft_is_there_when_the_store_is_opened_again(path: Path) -> None:
    with Store(path) as first:
        first.contact_drafts.save("Duka", ContactDraft(phone="0722 000 111", contact=WANJIKU))
    with Store(path) as again:
        kept = again.contact_drafts.load("Duka")
    assert kept is not None
    assert (kept.phone, kept.contact) == ("0722 000 111", WANJIKU)
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] >= 14
    finally:
        raw.close()


def test_the_draft_moves_with_a_renamed_account(store: Store) -> None:
    drafts = store.contact_drafts
    drafts.save("Duka", ContactDraft(first_name="Achieng"))
    drafts.save("Duka Kuu", ContactDraft(first_name="Old one"))  # the new name had one
    store.db.rename_profile("Duka", "Duka Kuu")
    assert drafts.load("Duka") is None
    moved = drafts.load("Duka Kuu")
    assert moved is not None
    assert moved.first_name == "Achieng"


def test_through_the_service_on_the_stores_thread(services: Services) -> None:
    contacts = services.contacts

    async def scenario() -> None:
        assert await contacts.load_draft("Duka") is None
        form = ContactForm(phone="0712 345 678", first_name="Wanjiku", last_name="Otieno")
        await contacts.save_draft("Duka", form, WANJIKU)
        kept = await contacts.load_draft("Duka")
        assert kept is not None
        assert ContactForm.of_draft(kept) == form
        assert kept.contact == WANJIKU
        assert await contacts.load_draft("Kiosk") is None
        await contacts.clear_draft("Duka")
        assert await contacts.load_draft("Duka") is None

    asyncio.run(scenario())
