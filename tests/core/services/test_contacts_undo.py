"""Undo of a delete, against the real sandbox: the contacts come back with every field and in
their groups; a number added again meanwhile is not duplicated; offline nothing is lost and a
later Undo finishes the job; an answer lost on the way is settled without a duplicate."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desktop_app.core.api import Client, errors
from desktop_app.core.background import inline
from desktop_app.core.services.contacts import Contact, ContactsService
from desktop_app.core.store import Store
from tests.conftest import Account
from tests.contacts_data import e164_of, phone_of

SHOP = "Test shop"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[ContactsService]:
    with Store(tmp_path / "tuma.sqlite3") as store:
        yield ContactsService(store, inline)


def client_for(account: Account) -> Client:
    return Client(account.base_url, account.contacts_base_url, account.token, backoff=0.01)


def fields(contact: Contact) -> tuple[Any, ...]:
    return (contact.phone, contact.first_name, contact.last_name, contact.email, contact.notes)


async def everyone(client: Client) -> list[Contact]:
    return list((await client.list_contacts(page_size=100)).contacts)


def test_undo_adds_them_back_with_every_field_and_their_groups(
    service: ContactsService, account: Account
) -> None:
    async def go() -> None:
        async with client_for(account) as client:
            made = [
                await client.create_contact(
                    phone_of(n),
                    first_name=f"Wanjiku{n}",
                    last_name="Kamau" if n % 2 else None,
                    email=f"w{n}@example.co.ke" if n == 1 else None,
                    notes="Buys every Friday" if n != 2 else None,
                )
                for n in range(4)
            ]
            wholesale = await service.create_group(SHOP, "Wholesale")
            staff = await service.create_group(SHOP, "Staff")
            rows = (await service.page(client, SHOP, 1, 20)).rows
            await service.add_to_group(SHOP, wholesale.id, rows)
            await service.add_to_group(SHOP, staff.id, [r for r in rows if r.phone == e164_of(1)])
            members_before = await service.groups_of(SHOP, [c.phone for c in made])

            # newest first, as the grid gives them
            chosen = list(reversed(made[:3]))
            report = await service.delete_many(client, SHOP, chosen)
            assert len(report.deleted) == 3
            assert {m.phone for m in report.memberships} == {e164_of(n) for n in range(3)}
            assert len(report.memberships) == 4  # three in Wholesale, one in Staff too
            assert set(await service.groups_of(SHOP, [c.phone for c in made])) == {e164_of(3)}

            back = await service.restore_many(client, SHOP, report.deleted, report.memberships)
            assert back.failed == ()
            assert back.existing == ()
            assert not back.stopped
            assert back.groups == 4
            assert sorted(fields(new) for _old, new in back.restored) == sorted(
                fields(c) for c in made[:3]
            )
            listed = await everyone(client)
            assert sorted(fields(c) for c in listed) == sorted(fields(c) for c in made)
            # among themselves they keep their order (newest first)
            assert [c.phone for c in listed[:3]] == [e164_of(2), e164_of(1), e164_of(0)]
            assert await service.groups_of(SHOP, [c.phone for c in made]) == members_before

    asyncio.run(go())


def test_a_number_added_again_meanwhile_is_not_duplicated(
    service: ContactsService, account: Account
) -> None:
    async def go() -> None:
        async with client_for(account) as client:
            made = [await client.create_contact(phone_of(n), first_name=f"N{n}") for n in range(2)]
            group = await service.create_group(SHOP, "Staff")
            await service.add_to_group(
                SHOP, group.id, (await service.page(client, SHOP, 1, 9)).rows
            )
            report = await service.delete_many(client, SHOP, made)
            # someone at another computer adds number 0 again, with another name
            await client.create_contact(phone_of(0), first_name="Someone else")

            back = await service.restore_many(client, SHOP, report.deleted, report.memberships)
            assert [c.phone for c in back.existing] == [e164_of(0)]
            assert [old.phone for old, _new in back.restored] == [e164_of(1)]
            listed = await everyone(client)
            assert sorted(c.phone for c in listed) == [e164_of(0), e164_of(1)]
            assert {c.phone: c.first_name for c in listed}[e164_of(0)] == "Someone else"
            # both numbers are in the group again (groups hold numbers)
            assert back.groups == 2

            again = await service.restore_many(client, SHOP, report.deleted, report.memberships)
            assert len(again.existing) == 2
            assert again.restored == ()
            assert len(await everyone(client)) == 2

    asyncio.run(go())


def test_offline_nothing_is_lost_and_the_next_undo_finishes(
    service: ContactsService, account: Account
) -> None:
    contacts = [Contact(f"uuid-{n}", e164_of(n), first_name=f"N{n}") for n in range(3)]
    tried: list[str] = []

    class Offline:
        async def create_contact(self, phone: str, **_fields: Any) -> Contact:
            tried.append(phone)
            raise errors.NetworkError()

    report = asyncio.run(
        service.restore_many(Offline(), SHOP, contacts)  # type: ignore[arg-type]
    )
    assert tried == [e164_of(0)]  # not each waited for
    assert report.restored == ()
    assert report.groups == 0
    assert report.left == tuple(contacts)
    assert all(isinstance(e, errors.NetworkError) for _c, e in report.failed)

    async def online() -> None:
        async with client_for(account) as client:
            back = await service.restore_many(client, SHOP, report.left)
            assert len(back.restored) == 3
            assert back.left == ()
            assert len(await everyone(client)) == 3

    asyncio.run(online())


def test_an_answer_lost_on_the_way_is_settled_by_looking(
    service: ContactsService, account: Account, admin: Any
) -> None:
    """The create went through but its answer did not come back (in doubt): the number is
    looked up, found, and counted as added back (a second Undo would find it too)."""

    async def go() -> None:
        async with Client(
            account.base_url, account.contacts_base_url, account.token, backoff=0.01, timeout=0.5
        ) as client:
            gone = Contact("uuid-x", e164_of(7), first_name="Baraka", notes="Pays cash")
            admin.fault("delay", 1, path_prefix="/api/v1/contacts", seconds=1.5)
            try:
                back = await service.restore_many(client, SHOP, [gone])
            finally:
                admin.clear_faults()
            assert [(old.phone, new.first_name) for old, new in back.restored] == [
                (e164_of(7), "Baraka")
            ]
            assert back.left == ()
            assert [c.phone for c in await everyone(client)] == [e164_of(7)]

    asyncio.run(go())


def test_cancelled_leaves_the_rest_to_try_again(service: ContactsService, account: Account) -> None:
    contacts = [Contact(f"uuid-{n}", e164_of(n)) for n in range(3)]
    calls = iter([False, True])

    async def go() -> None:
        async with client_for(account) as client:
            back = await service.restore_many(client, SHOP, contacts, cancel=lambda: next(calls))
            assert [old.phone for old, _n in back.restored] == [e164_of(0)]
            assert back.stopped
            assert back.left == tuple(contacts[1:])

    asyncio.run(go())
