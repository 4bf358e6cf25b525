"""The contacts service against the real sandbox: pages, search, the form's checks, add / edit /
delete, the duplicate number, groups, everyone matching, and export read back."""

from __future__ import annotations

import asyncio
import csv
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import openpyxl
import pytest

from desktop_app.core.api import Client, errors
from desktop_app.core.background import inline
from desktop_app.core.phones import PhoneProblem
from desktop_app.core.services.contacts import (
    Contact,
    ContactForm,
    ContactFormError,
    ContactQuery,
    ContactsService,
    ExportFormat,
    FieldProblem,
    changes,
    validate_contact_form,
)
from desktop_app.core.store import Store
from tests.conftest import Account
from tests.contacts_data import e164_of, kenyan_contacts, phone_of, upload

T = TypeVar("T")
SHOP = "Test shop"


def client_for(account: Account, token: str | None = None) -> Client:
    return Client(account.base_url, account.contacts_base_url, token or account.token, backoff=0.01)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[ContactsService]:
    with Store(tmp_path / "tuma.sqlite3") as store:
        yield ContactsService(store, inline)


@pytest.fixture(scope="module")
def seeded(admin: Any, tmp_path_factory: pytest.TempPathFactory) -> Account:
    """One account with 250 contacts, shared by the tests that only read."""
    account_id = admin.create_account(name="Seeded shop", balance=10, sender_ids=["TUMA"])
    token = admin.create_token(account_id, kind="scoped", scopes=["sms", "contacts"])
    base = admin.base_url
    account = Account(account_id, token, "", base, base)

    async def seed() -> None:
        async with client_for(account) as client:
            await upload(client, kenyan_contacts(250), tmp_path_factory.mktemp("seed"))

    asyncio.run(seed())
    return account


def with_client(account: Account, op: Callable[[Client], Coroutine[Any, Any, T]]) -> T:
    async def go() -> T:
        async with client_for(account) as client:
            return await op(client)

    return asyncio.run(go())


# --- the form, without the service --------------------------------------------------------------


def test_the_form_is_checked_before_any_request() -> None:
    check = validate_contact_form(
        ContactForm(phone="0712 345 678", first_name=" Wanjiku ", email=" ", notes="Friday")
    )
    assert check.ok
    assert check.values == {
        "phone": "+254712345678",
        "first_name": "Wanjiku",
        "last_name": None,
        "email": None,
        "notes": "Friday",
    }
    bad = validate_contact_form(ContactForm(phone="0712 34", email="wanjiku@"))
    assert bad.problems == {"phone": FieldProblem.PHONE, "email": FieldProblem.EMAIL}
    assert bad.phone_error is not None
    assert bad.phone_error.problem is PhoneProblem.SHORT_KE_MOBILE
    empty = validate_contact_form(ContactForm())
    assert empty.phone_error is not None
    assert empty.phone_error.problem is PhoneProblem.EMPTY


def test_an_edit_sends_only_what_changed(service: ContactsService, account: Account) -> None:
    async def go(client: Client) -> None:
        original = await client.create_contact(
            "0712 000 001", first_name="Juma", email="juma@example.co.ke", notes="Wholesale"
        )
        form = ContactForm.of(original)
        assert changes(original, validate_contact_form(form).values) == {}
        edited = ContactForm(
            phone="254712000001", first_name="Juma", last_name="Abdi", email="", notes="Wholesale"
        )
        assert changes(original, validate_contact_form(edited).values) == {
            "last_name": "Abdi",
            "email": None,  # emptied: null clears it
        }
        saved = await service.save(client, SHOP, edited, original)
        assert saved is not None
        assert (saved.last_name, saved.email, saved.notes) == ("Abdi", None, "Wholesale")
        assert await service.save(client, SHOP, ContactForm.of(saved), saved) is None

    with_client(account, go)


# --- pages and search ---------------------------------------------------------------------------


def test_pages_newest_first_with_the_total(service: ContactsService, seeded: Account) -> None:
    async def go(client: Client) -> None:
        first = await service.page(client, SHOP, 1, 20)
        assert (first.total, first.total_pages, len(first.rows)) == (250, 13, 20)
        assert first.rows[0].phone == e164_of(249)  # the last one imported is the newest
        last = await service.page(client, SHOP, 13, 20)
        assert [r.phone for r in last.rows] == [e164_of(n) for n in range(9, -1, -1)]
        big = await service.page(client, SHOP, 3, 100)
        assert len(big.rows) == 50

    with_client(seeded, go)


@pytest.mark.parametrize("typed", ["0700 000 123", "254700000123", "+254 700 000 123"])
def test_search_by_each_phone_form(service: ContactsService, seeded: Account, typed: str) -> None:
    found = with_client(seeded, lambda c: service.page(c, SHOP, 1, 20, ContactQuery(typed)))
    assert [r.phone for r in found.rows] == [e164_of(123)]
    assert found.total == 1
    owner = with_client(seeded, lambda c: service.owner_of(c, typed))
    assert owner is not None
    assert owner.phone == e164_of(123)


def test_search_by_name(service: ContactsService, seeded: Account) -> None:
    found = with_client(seeded, lambda c: service.page(c, SHOP, 1, 100, ContactQuery("wanjiku")))
    expected = [n for n in range(250) if n % 17 == 15]
    assert found.total == len(expected)
    assert sorted(r.phone for r in found.rows) == sorted(e164_of(n) for n in expected)
    assert all(r.first_name == "Wanjiku" for r in found.rows)


def test_a_legacy_token_is_refused_with_the_scope(
    service: ContactsService, account: Account
) -> None:
    with pytest.raises(errors.ScopeError):
        with_client(
            Account(
                account.account_id, account.legacy_token, "", account.base_url, account.base_url
            ),
            lambda c: service.page(c, SHOP, 1, 20),
        )


# --- add, edit, delete --------------------------------------------------------------------------


def test_a_duplicate_number_names_its_owner(service: ContactsService, account: Account) -> None:
    async def go(client: Client) -> None:
        owner = await service.create(
            client, ContactForm(phone="0722 000 111", first_name="Achieng")
        )
        with pytest.raises(ContactFormError) as info:
            await service.create(client, ContactForm(phone="+254722000111", first_name="Other"))
        assert info.value.problems == {"phone": FieldProblem.DUPLICATE}
        assert info.value.owner is not None
        assert info.value.owner.uuid == owner.uuid
        assert info.value.phone == "+254722000111"
        # changing another contact's number to it: the same answer
        other = await service.create(client, ContactForm(phone="0722 000 222", first_name="B"))
        with pytest.raises(ContactFormError) as info:
            await service.save(client, SHOP, ContactForm(phone="0722000111"), other)
        assert info.value.owner is not None
        assert info.value.owner.uuid == owner.uuid

    with_client(account, go)


def test_invalid_input_never_reaches_the_service(
    service: ContactsService, account: Account, admin: Any
) -> None:
    async def go(client: Client) -> None:
        with pytest.raises(ContactFormError) as info:
            await service.create(client, ContactForm(phone="0712 ABC", email="x@y"))
        assert set(info.value.problems) == {"phone", "email"}
        assert info.value.phone_error is not None
        assert info.value.phone_error.problem is PhoneProblem.BAD_CHAR

    with_client(account, go)
    assert with_client(account, lambda c: c.list_contacts()).total == 0


def test_the_service_field_errors_are_kept_per_field() -> None:
    refused = errors.InvalidRequest(fields={"email": "not a valid email address", "page": "x"})
    mapped = ContactsService._refused(refused)
    assert isinstance(mapped, ContactFormError)
    assert mapped.problems == {"email": FieldProblem.SERVICE}
    assert mapped.service == {"email": "not a valid email address"}
    assert ContactsService._refused(errors.InvalidRequest()) is not None


def test_delete_many_reports_failures_and_groups_forget(
    service: ContactsService, account: Account, admin: Any
) -> None:
    progress: list[tuple[int, int]] = []

    async def go(client: Client) -> Any:
        made = [
            await service.create(client, ContactForm(phone=phone_of(n), first_name=f"N{n}"))
            for n in range(4)
        ]
        group = await service.create_group(SHOP, "Staff")
        rows = (await service.page(client, SHOP, 1, 20)).rows
        await service.add_to_group(SHOP, group.id, rows)
        await client.delete_contact(made[0].uuid)  # already gone: counts as deleted
        admin.fault("error500", 3, path_prefix=f"/api/v1/contacts/{made[1].uuid}")
        try:
            report = await service.delete_many(
                client, SHOP, made[:3], lambda d, t: progress.append((d, t))
            )
        finally:
            admin.clear_faults()
        assert [c.uuid for c in report.deleted] == [made[0].uuid, made[2].uuid]
        assert [(c.uuid, type(e)) for c, e in report.failed] == [(made[1].uuid, errors.ServerError)]
        assert not report.stopped
        remaining = await service.groups_of(SHOP, [c.phone for c in made])
        assert set(remaining) == {made[1].phone, made[3].phone}
        stopped = await service.delete_many(client, SHOP, made[1:], cancel=lambda: True)
        assert stopped.stopped
        assert stopped.deleted == ()
        return (await client.list_contacts()).total

    assert with_client(account, go) == 2
    assert progress == [(1, 3), (2, 3), (3, 3)]


def test_delete_many_stops_at_a_lost_connection(service: ContactsService) -> None:
    """Offline, the first delete fails to connect: the rest are not each tried (and waited
    for), they are reported as not deleted for the same reason."""
    tried: list[str] = []

    class Offline:
        async def delete_contact(self, uuid: str) -> None:
            tried.append(uuid)
            raise errors.NetworkError()

    contacts = [Contact(f"uuid-{n}", e164_of(n)) for n in range(5)]
    progress: list[tuple[int, int]] = []
    report = asyncio.run(
        service.delete_many(
            Offline(),  # type: ignore[arg-type]
            SHOP,
            contacts,
            lambda d, t: progress.append((d, t)),
        )
    )
    assert tried == ["uuid-0"]
    assert report.deleted == ()
    assert [c.uuid for c, _e in report.failed] == [c.uuid for c in contacts]
    assert all(isinstance(e, errors.NetworkError) for _c, e in report.failed)
    assert progress == [(5, 5)]


# --- groups -------------------------------------------------------------------------------------


def test_groups_filter_pages_and_show_in_rows(service: ContactsService, seeded: Account) -> None:
    async def go(client: Client) -> None:
        group = await service.create_group(SHOP, "Wholesale")
        chosen = (await service.page(client, SHOP, 2, 20)).rows[:5]
        assert await service.add_to_group(SHOP, group.id, chosen) == 5
        gone = "+254799000001"  # a member the service does not know (deleted elsewhere)
        await service._io(service._groups.add, SHOP, group.id, [_member(gone, "Old", "Friend")])
        page = await service.page(client, SHOP, 1, 4, ContactQuery(group_id=group.id))
        assert (page.total, page.total_pages, len(page.rows)) == (6, 2, 4)
        everyone = await service.page(client, SHOP, 1, 20, ContactQuery(group_id=group.id))
        assert {r.phone for r in everyone.rows} == {r.phone for r in chosen} | {gone}
        missing = next(r for r in everyone.rows if r.phone == gone)
        assert missing.contact is None
        assert missing.name == "Old Friend"
        assert all(r.groups == ("Wholesale",) for r in everyone.rows)
        plain = await service.page(client, SHOP, 2, 20)
        assert [r.groups for r in plain.rows[:6]] == [("Wholesale",)] * 5 + [()]
        named = chosen[0].first_name
        within = await service.page(client, SHOP, 1, 20, ContactQuery(named, group.id))
        assert {r.phone for r in within.rows} == {r.phone for r in chosen if r.first_name == named}
        assert await service.remove_from_group(SHOP, group.id, [gone]) == 1
        renamed = await service.rename_group(SHOP, group.id, "Wholesale buyers")
        assert [(g.name, g.size) for g in await service.groups(SHOP)] == [(renamed.name, 5)]

    with_client(seeded, go)


def test_adding_many_to_a_group_goes_in_batches_and_stops_when_asked(
    service: ContactsService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Progress after each batch; ``cancel()`` true stops before the next one, and what went
    in stays (the count returned is of it). Without either, all go in (the Contacts tab)."""
    from desktop_app.core.services import contacts as module
    from desktop_app.core.services.contacts import ContactRow

    monkeypatch.setattr(module, "GROUP_BATCH", 2)
    rows = [ContactRow(f"+2547120000{n:02d}", None, (), "Amina", "") for n in range(5)]
    seen: list[tuple[int, int]] = []

    async def go() -> tuple[int, int, int]:
        everyone = await service.create_group(SHOP, "Everyone")
        added = await service.add_to_group(
            SHOP, everyone.id, rows, lambda d, t: seen.append((d, t))
        )
        stopped = await service.create_group(SHOP, "Stopped")
        some = await service.add_to_group(
            SHOP, stopped.id, rows, lambda d, t: seen.append((d, t)), lambda: len(seen) > 3
        )
        plain = await service.create_group(SHOP, "Plain")
        return added, some, await service.add_to_group(SHOP, plain.id, rows)

    assert asyncio.run(go()) == (5, 2, 5)
    assert seen == [(2, 5), (4, 5), (5, 5), (2, 5)]
    sizes = {g.name: g.size for g in asyncio.run(service.groups(SHOP))}
    assert sizes == {"Everyone": 5, "Stopped": 2, "Plain": 5}


def _member(phone: str, first: str, last: str) -> Any:
    from desktop_app.core.store import Member

    return Member(phone, first, last)


@pytest.mark.parametrize("members", [2, 8])  # 8 members > 3 pages of 100: read the whole list
def test_everyone_in_a_group_either_way(
    service: ContactsService, seeded: Account, members: int
) -> None:
    async def go(client: Client) -> None:
        group = await service.create_group(SHOP, "Regulars")
        rows = (await service.page(client, SHOP, 1, 100)).rows[10 : 10 + members]
        await service.add_to_group(SHOP, group.id, rows)
        matching = await service.all_matching(client, SHOP, ContactQuery(group_id=group.id))
        assert sorted(p.phone for p in matching.people()) == sorted(r.phone for r in rows)
        assert {p.name for p in matching.people()} == {r.name for r in rows}
        assert not matching.truncated

    with_client(seeded, go)


def test_everyone_matching_pages_through_and_stops_at_the_limit(
    service: ContactsService, seeded: Account
) -> None:
    progress: list[tuple[int, int]] = []

    async def go(client: Client) -> None:
        everyone = await service.all_matching(
            client, SHOP, ContactQuery(), lambda d, t: progress.append((d, t))
        )
        assert len(everyone.rows) == everyone.total == 250
        assert len({r.phone for r in everyone.rows}) == 250
        capped = await service.all_matching(client, SHOP, ContactQuery(), limit=120)
        assert (len(capped.rows), capped.total, capped.truncated) == (120, 250, True)
        people = capped.people()
        assert people[0].phone == e164_of(249)
        assert people[0].first_name
        assert people[0].from_contacts

    with_client(seeded, go)
    assert progress == [(100, 250), (200, 250), (250, 250)]


# --- export -------------------------------------------------------------------------------------


def sandbox_rows(account: Account, search: str = "") -> list[dict[str, str]]:
    async def go(client: Client) -> list[dict[str, str]]:
        rows = []
        page = 1
        while True:
            result = await client.list_contacts(page=page, page_size=100, search=search or None)
            for c in result.contacts:
                rows.append(
                    {
                        "phone": c.phone,
                        "first_name": c.first_name or "",
                        "last_name": c.last_name or "",
                        "email": c.email or "",
                    }
                )
            if page >= result.total_pages:
                return rows
            page += 1

    return with_client(account, go)


@pytest.mark.parametrize("fmt", list(ExportFormat))
def test_export_reads_back_as_the_sandbox_has_it(
    service: ContactsService, seeded: Account, tmp_path: Path, fmt: ExportFormat
) -> None:
    target = tmp_path / f"contacts.{fmt}"
    report = with_client(seeded, lambda c: service.export(c, SHOP, target, fmt, ContactQuery()))
    assert report.rows == 250
    if fmt is ExportFormat.CSV:
        raw = target.read_bytes()
        assert raw.startswith(b"\xef\xbb\xbf")  # the BOM Excel needs for UTF-8
        with target.open(encoding="utf-8-sig", newline="") as handle:
            read = list(csv.DictReader(handle))
    else:
        sheet = openpyxl.load_workbook(target, read_only=False).active
        header = [c.value for c in sheet[1]]
        read = []
        for cells in sheet.iter_rows(min_row=2):
            phone_cell = cells[0]
            assert phone_cell.data_type == "s"
            assert phone_cell.number_format == "@"
            read.append(
                {
                    h: ("" if c.value is None else c.value)
                    for h, c in zip(header, cells, strict=True)
                }
            )
    assert [{k: r[k] for k in ("phone", "first_name", "last_name", "email")} for r in read] == (
        sandbox_rows(seeded)
    )
    assert all(r["created_at"] for r in read)
    assert list(tmp_path.glob("*.part")) == []


def test_a_cancelled_export_leaves_nothing(
    service: ContactsService, seeded: Account, tmp_path: Path
) -> None:
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / "contacts.xlsx"
    target.write_text("an older file the user keeps")
    calls: list[int] = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) > 2  # after two pages

    with pytest.raises(asyncio.CancelledError):
        with_client(
            seeded,
            lambda c: service.export(
                c, SHOP, target, ExportFormat.XLSX, ContactQuery(), None, cancel
            ),
        )
    assert target.read_text() == "an older file the user keeps"
    assert [p.name for p in target.parent.iterdir()] == ["contacts.xlsx"]


def test_export_of_a_search(service: ContactsService, seeded: Account, tmp_path: Path) -> None:
    target = tmp_path / "wanjiku.csv"
    report = with_client(
        seeded, lambda c: service.export(c, SHOP, target, ExportFormat.CSV, ContactQuery("Wanjiku"))
    )
    with target.open(encoding="utf-8-sig", newline="") as handle:
        phones = [row["phone"] for row in csv.DictReader(handle)]
    assert phones == [r["phone"] for r in sandbox_rows(seeded, "Wanjiku")]
    assert report.rows == len(phones) > 10
