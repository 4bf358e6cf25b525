"""Contact groups kept on this computer: per account, members by phone, names unique per
account (ignoring case), searched like the service searches contacts."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop_app.core.store import Member, Store, StoreError, StoreProblem

SHOP = "Mama Mboga"
OTHER = "Duka la Juma"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "tuma.sqlite3") as opened:
        yield opened


def members(*phones: str) -> list[Member]:
    return [Member(phone, f"Name{phone[-2:]}") for phone in phones]


def test_create_rename_delete_per_account(store: Store) -> None:
    groups = store.groups
    wholesale = groups.create(SHOP, "  Wholesale   buyers ")
    assert wholesale.name == "Wholesale buyers"  # whitespace runs made one space
    staff = groups.create(SHOP, "Staff")
    groups.create(OTHER, "Staff")  # another account may use the same name
    assert [g.name for g in groups.all(SHOP)] == ["Staff", "Wholesale buyers"]
    assert [g.name for g in groups.all(OTHER)] == ["Staff"]

    with pytest.raises(StoreError) as info:
        groups.create(SHOP, "STAFF")
    assert (info.value.problem, info.value.data) == (
        StoreProblem.EXISTS,
        {"kind": "group", "name": "Staff"},
    )
    with pytest.raises(StoreError) as info:
        groups.create(SHOP, "   ")
    assert info.value.problem is StoreProblem.NO_NAME

    renamed = groups.rename(SHOP, wholesale.id, "Wholesale")
    assert renamed.name == "Wholesale"
    assert groups.rename(SHOP, staff.id, "STAFF").name == "STAFF"  # its own name, new case
    with pytest.raises(StoreError) as info:
        groups.rename(SHOP, staff.id, "wholesale")
    assert info.value.problem is StoreProblem.EXISTS
    with pytest.raises(StoreError) as info:
        groups.rename(OTHER, wholesale.id, "Mine now")  # another account's group: unknown
    assert info.value.problem is StoreProblem.NOT_FOUND

    groups.add(SHOP, wholesale.id, members("+254712000001"))
    assert groups.delete(SHOP, wholesale.id)
    assert not groups.delete(SHOP, wholesale.id)
    assert [g.name for g in groups.all(SHOP)] == ["STAFF"]
    # the memberships went with the group
    assert (
        store.db.read("SELECT * FROM contact_group_members WHERE group_id = ?", (wholesale.id,))
        == []
    )


def test_members_add_remove_count_and_order(store: Store) -> None:
    groups = store.groups
    group = groups.create(SHOP, "Wholesale")
    assert groups.add(SHOP, group.id, members("+254712000001", "+254712000002")) == 2
    assert groups.add(SHOP, group.id, members("+254712000002", "+254712000003")) == 1
    assert groups.get(SHOP, group.id).size == 3
    assert groups.all(SHOP)[0].size == 3
    listed = [m.phone for m in groups.members(SHOP, group.id)]
    assert sorted(listed) == ["+254712000001", "+254712000002", "+254712000003"]
    assert listed[-1] in ("+254712000001", "+254712000002")  # added first, listed last
    page = groups.members(SHOP, group.id, offset=1, limit=1)
    assert [m.phone for m in page] == [listed[1]]
    assert groups.remove(SHOP, group.id, ["+254712000001", "+254799999999"]) == 1
    assert groups.count(SHOP, group.id) == 2
    with pytest.raises(StoreError):
        groups.add(OTHER, group.id, members("+254712000009"))


def test_search_members_by_name_and_each_phone_form(store: Store) -> None:
    groups = store.groups
    group = groups.create(SHOP, "Regulars")
    groups.add(
        SHOP,
        group.id,
        [
            Member("+254712345678", "Wanjiku", "Kamau"),
            Member("+254722000111", "Émile", "Otieno"),
            Member("+254733100200", "", ""),
        ],
    )

    def found(term: str) -> list[str]:
        return sorted(m.phone for m in groups.members(SHOP, group.id, search=term))

    assert found("wanj") == ["+254712345678"]
    assert found("jiku kam") == ["+254712345678"]  # the full name
    assert found("ÉMILE") == ["+254722000111"]  # case beyond ASCII
    for form in ("0712 345", "254712345", "+254712345", "345 678"):
        assert found(form) == ["+254712345678"], form
    assert found("100_200") == []  # "_" is a character, not a wildcard
    assert groups.count(SHOP, group.id, "otieno") == 1


def test_groups_of_names_the_groups_of_each_number(store: Store) -> None:
    groups = store.groups
    a = groups.create(SHOP, "Wholesale")
    b = groups.create(SHOP, "Staff")
    theirs = groups.create(OTHER, "Elsewhere")
    groups.add(SHOP, a.id, members("+254712000001", "+254712000002"))
    groups.add(SHOP, b.id, members("+254712000002"))
    groups.add(OTHER, theirs.id, members("+254712000001"))
    assert groups.groups_of(SHOP, ["+254712000001", "+254712000002", "+254712000003"]) == {
        "+254712000001": ("Wholesale",),
        "+254712000002": ("Staff", "Wholesale"),
    }
    many = [f"+2547120{n:05d}" for n in range(1200)]  # more than one batch of parameters
    groups.add(SHOP, b.id, members(*many))
    assert len(groups.groups_of(SHOP, many)) == 1200


def test_names_follow_the_contact_and_numbers_follow_edits_and_deletes(store: Store) -> None:
    groups = store.groups
    a = groups.create(SHOP, "Wholesale")
    b = groups.create(SHOP, "Staff")
    theirs = groups.create(OTHER, "Staff")
    groups.add(SHOP, a.id, [Member("+254712000001", "Wanjiku", "")])
    groups.add(SHOP, b.id, [Member("+254712000001", "Wanjiku", ""), Member("+254712000002")])
    groups.add(OTHER, theirs.id, [Member("+254712000001", "Someone", "Else")])

    groups.seen(SHOP, [Member("+254712000001", "Wanjiku", "Kamau")])
    assert {m.last_name for m in groups.members(SHOP, a.id)} == {"Kamau"}
    assert {m.first_name for m in groups.members(OTHER, theirs.id)} == {"Someone"}

    groups.change_phone(SHOP, "+254712000001", "+254712000002")  # already in Staff as ...02
    assert [m.phone for m in groups.members(SHOP, a.id)] == ["+254712000002"]
    assert [m.phone for m in groups.members(SHOP, b.id)] == ["+254712000002"]
    assert [m.phone for m in groups.members(OTHER, theirs.id)] == ["+254712000001"]

    assert len(groups.take(SHOP, ["+254712000002"])) == 2
    assert groups.count(SHOP, a.id) == groups.count(SHOP, b.id) == 0
    assert groups.count(OTHER, theirs.id) == 1


def test_groups_survive_reopening_and_the_schema_step_is_version_4(tmp_path: Path) -> None:
    path = tmp_path / "tuma.sqlite3"
    with Store(path) as first:
        group = first.groups.create(SHOP, "Staff")
        first.groups.add(SHOP, group.id, members("+254712000001"))
    with Store(path) as second:
        assert [(g.name, g.size) for g in second.groups.all(SHOP)] == [("Staff", 1)]
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] >= 4
    finally:
        raw.close()
