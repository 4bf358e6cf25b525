"""The contacts being typed in the add/edit forms, kept per account: saved, read back, cleared,
each form's under its own key (none replaces another's), still there when the store is opened
again, and moved with a renamed account. Through the store, and through the contacts service
on the store's thread."""

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


def only(store: Store, profile: str) -> ContactDraft | None:
    drafts = store.contact_drafts.load(profile)
    assert len(drafts) <= 1
    return drafts[0] if drafts else None


def test_a_new_contacts_draft_is_saved_read_back_and_cleared(store: Store) -> None:
    drafts = store.contact_drafts
    assert drafts.load("Duka") == []
    before = datetime.now(UTC)
    drafts.save(
        "Duka", ContactDraft(key="a", phone="0712 34", first_name="Achieng", notes="Mama mboga")
    )
    kept = only(store, "Duka")
    assert kept is not None
    assert (kept.key, kept.phone, kept.first_name, kept.last_name, kept.email, kept.notes) == (
        "a",
        "0712 34",
        "Achieng",
        "",
        "",
        "Mama mboga",
    )
    assert kept.contact is None  # a new contact
    assert kept.saved_at is not None
    assert kept.saved_at >= before
    drafts.clear("a")
    assert drafts.load("Duka") == []
    drafts.clear("a")  # nothing to clear: no harm


def test_a_draft_is_kept_under_its_forms_key(store: Store) -> None:
    with pytest.raises(ValueError, match="key"):
        store.contact_drafts.save("Duka", ContactDraft(first_name="Achieng"))


def test_an_edits_draft_keeps_the_contact_it_edits(store: Store) -> None:
    store.contact_drafts.save("Duka", ContactDraft(key="a", phone="0712 345 678", contact=WANJIKU))
    kept = only(store, "Duka")
    assert kept is not None
    assert kept.contact == WANJIKU  # every field, the times too


def test_an_unreadable_contact_still_leaves_an_edit_of_it(store: Store, path: Path) -> None:
    store.contact_drafts.save("Duka", ContactDraft(key="a", first_name="Otieno", contact=WANJIKU))
    with store.db.write() as db:
        db.execute("UPDATE contact_drafts SET contact = 'not json'")
    kept = only(store, "Duka")
    assert kept is not None
    assert kept.contact is not None
    assert kept.contact.uuid == "c-123"  # still an edit of that contact
    assert kept.first_name == "Otieno"  # and the typing is all there


def test_each_form_keeps_its_own_and_the_latest_comes_first(store: Store) -> None:
    """A second form (or a new one while an older draft is on offer) never replaces another
    form's draft: the typing of each is kept, the latest first."""
    drafts = store.contact_drafts
    drafts.save("Duka", ContactDraft(key="a", first_name="Achieng"))
    drafts.save("Duka", ContactDraft(key="b", first_name="Baraka", contact=WANJIKU))
    drafts.save("Kiosk", ContactDraft(key="c", first_name="Chebet"))
    assert [(d.key, d.first_name) for d in drafts.load("Duka")] == [
        ("b", "Baraka"),
        ("a", "Achieng"),
    ]
    drafts.save("Duka", ContactDraft(key="a", first_name="Achieng Otieno"))  # typed on
    assert [(d.key, d.first_name) for d in drafts.load("Duka")] == [
        ("a", "Achieng Otieno"),  # the latest kept first
        ("b", "Baraka"),
    ]
    drafts.clear("b")
    assert [d.key for d in drafts.load("Duka")] == ["a"]
    assert [d.first_name for d in drafts.load("Kiosk")] == ["Chebet"]  # the other account's
    assert store.db.read("SELECT COUNT(*) FROM contact_drafts") == [(2,)]


def test_the_draft_is_there_when_the_store_is_opened_again(path: Path) -> None:
    with Store(path) as first:
        first.contact_drafts.save(
            "Duka", ContactDraft(key="a", phone="0722 000 111", contact=WANJIKU)
        )
    with Store(path) as again:
        kept = only(again, "Duka")
    assert kept is not None
    assert (kept.phone, kept.contact) == ("0722 000 111", WANJIKU)
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] >= 14
    finally:
        raw.close()


def test_the_drafts_move_with_a_renamed_account(store: Store) -> None:
    drafts = store.contact_drafts
    drafts.save("Duka", ContactDraft(key="a", first_name="Achieng"))
    drafts.save("Duka Kuu", ContactDraft(key="b", first_name="Already there"))
    store.db.rename_profile("Duka", "Duka Kuu")
    assert drafts.load("Duka") == []
    assert sorted(d.first_name for d in drafts.load("Duka Kuu")) == ["Achieng", "Already there"]


def test_through_the_service_on_the_stores_thread(services: Services) -> None:
    contacts = services.contacts

    async def scenario() -> None:
        assert await contacts.load_drafts("Duka") == []
        form = ContactForm(phone="0712 345 678", first_name="Wanjiku", last_name="Otieno")
        await contacts.save_draft("Duka", "k1", form, WANJIKU)
        (kept,) = await contacts.load_drafts("Duka")
        assert kept.key == "k1"
        assert ContactForm.of_draft(kept) == form
        assert kept.contact == WANJIKU
        assert await contacts.load_drafts("Kiosk") == []
        await contacts.clear_draft("k1")
        assert await contacts.load_drafts("Duka") == []

    asyncio.run(scenario())
