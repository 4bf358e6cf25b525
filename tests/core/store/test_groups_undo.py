"""The group places a delete takes out, and its Undo puts back as they were."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop_app.core.store import Member, Store

SHOP = "Mama Mboga"
OTHER = "Duka la Juma"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "tuma.sqlite3") as opened:
        yield opened


def test_take_and_restore_put_places_back_in_their_order(store: Store) -> None:
    groups = store.groups
    wholesale = groups.create(SHOP, "Wholesale")
    staff = groups.create(SHOP, "Staff")
    theirs = groups.create(OTHER, "Staff")
    for n in range(1, 5):  # added one by one: the newest first in the group
        groups.add(SHOP, wholesale.id, [Member(f"+25471200000{n}", f"N{n}", "Kamau")])
    groups.add(SHOP, staff.id, [Member("+254712000002", "N2", "Kamau")])
    groups.add(OTHER, theirs.id, [Member("+254712000002", "Theirs", "")])
    before = groups.members(SHOP, wholesale.id)

    taken = groups.take(SHOP, ["+254712000002", "+254712000003", "+254712000002"])
    assert sorted((m.group_id, m.phone) for m in taken) == [
        (wholesale.id, "+254712000002"),
        (wholesale.id, "+254712000003"),
        (staff.id, "+254712000002"),
    ]
    assert groups.count(SHOP, wholesale.id) == 2
    assert groups.count(SHOP, staff.id) == 0
    assert groups.count(OTHER, theirs.id) == 1  # another account's groups are untouched

    groups.add(SHOP, wholesale.id, [Member("+254712000003", "Back", "Already")])  # meanwhile
    assert groups.restore(SHOP, taken) == 2  # the one back already keeps its place
    after = groups.members(SHOP, wholesale.id)
    assert [m.phone for m in after] == [
        "+254712000003",
        *[m.phone for m in before if m.phone != "+254712000003"],
    ]
    assert groups.members(SHOP, staff.id) == [Member("+254712000002", "N2", "Kamau")]


def test_restore_skips_a_group_deleted_meanwhile_and_other_accounts(store: Store) -> None:
    groups = store.groups
    doomed = groups.create(SHOP, "Old")
    groups.add(SHOP, doomed.id, [Member("+254712000001")])
    taken = groups.take(SHOP, ["+254712000001"])
    groups.delete(SHOP, doomed.id)
    assert groups.restore(SHOP, taken) == 0
    assert [g.name for g in groups.all(SHOP)] == []  # not made again

    mine = groups.create(SHOP, "Mine")
    groups.add(SHOP, mine.id, [Member("+254712000001")])
    taken = groups.take(SHOP, ["+254712000001"])
    assert groups.restore(OTHER, taken) == 0  # not another account's to fill
    assert groups.restore(SHOP, taken) == 1
