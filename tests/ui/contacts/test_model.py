"""The paged contacts model against the sandbox: pytest-qt's model tester while pages arrive
asynchronously, the in-flight guard, the bounded cache, and the total following a search."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt

from desktop_app.core.services.contacts import ContactQuery
from desktop_app.ui.contacts.model import CACHE_PAGES, ROW_ROLE, Column, ContactsModel
from tests.contacts_data import e164_of
from tests.ui.contacts.helpers import seed


def make_model(qtbot: Any, ctx: Any, page_size: int = 20) -> ContactsModel:
    model = ContactsModel(ctx, "test.contacts", page_size=page_size)
    model.set_query(ContactQuery())
    qtbot.waitUntil(lambda: model.known and not model.loading, timeout=10000)
    return model


def show(model: ContactsModel, row: int) -> Any:
    """What a view does when a row scrolls into sight: ask for its name."""
    return model.data(model.index(row, Column.NAME))


def test_model_tester_with_pages_arriving_asynchronously(qtbot, qtmodeltester, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 250)
    model = make_model(qtbot, ctx)
    qtmodeltester.check(model, force_py=True)
    assert model.rowCount() == 250  # the service's total, from the first page on
    assert model.cached_pages() == [1]
    assert show(model, 130) == "Loading…"  # page 7: a placeholder, and a fetch
    assert model.data(model.index(130, Column.NAME), Qt.ItemDataRole.ForegroundRole) is not None
    with qtbot.waitSignal(model.page_loaded, timeout=10000) as landed:
        pass
    assert landed.args == [7]
    assert model.data(model.index(130, Column.PHONE)) == "0700 000 119"  # newest first
    row = model.data(model.index(130, 0), ROW_ROLE)
    assert row.phone == e164_of(119)
    for wanted in (12, 13, 1, 2):  # the last page, and back: each lands while checked
        show(model, model.first_row_of(wanted))
        qtbot.waitUntil(lambda w=wanted: w in model.cached_pages(), timeout=10000)
    assert show(model, 249) == "Achieng Otieno"  # the oldest contact: number 0
    model.set_query(ContactQuery("wanjiku"))  # a reset, checked by the tester too
    qtbot.waitUntil(lambda: model.known and model.total == 14, timeout=10000)
    assert all(show(model, r).startswith("Wanjiku") for r in range(14))


def test_a_page_in_flight_is_not_asked_for_twice(qtbot, ctx, arun, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 120)
    model = make_model(qtbot, ctx)
    asked: list[int] = []
    service = ctx.services.contacts
    original = service.page

    async def counting(client: Any, profile: str, page: int, size: int, query: Any) -> Any:
        asked.append(page)
        return await original(client, profile, page, size, query)

    monkeypatch.setattr(service, "page", counting)
    for _repaint in range(5):  # the view paints the same rows again and again
        for row in range(40, 60):
            show(model, row)
    qtbot.waitUntil(lambda: 3 in model.cached_pages(), timeout=10000)
    for row in range(40, 60):
        show(model, row)
    qtbot.waitUntil(lambda: not model.loading, timeout=10000)
    assert asked == [3]


def test_paging_through_everything_keeps_the_cache_bounded(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 300)
    model = make_model(qtbot, ctx, page_size=20)
    for page in range(1, model.page_count + 1):
        show(model, model.first_row_of(page))
        qtbot.waitUntil(lambda p=page: p in model.cached_pages(), timeout=10000)
        assert len(model.cached_pages()) <= CACHE_PAGES
    assert model.cached_pages() == list(range(6, 16))  # the ten most recently used
    show(model, 0)  # evicted long ago: asked for again
    qtbot.waitUntil(lambda: 1 in model.cached_pages(), timeout=10000)


def test_a_newer_query_wins_over_an_older_one(qtbot, ctx, arun, admin) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 60)
    model = make_model(qtbot, ctx)
    totals: list[int] = []
    model.total_changed.connect(totals.append)
    admin.fault("delay", 1, path_prefix="/api/v1/contacts", seconds=1.5)
    try:
        model.set_query(ContactQuery("Achieng"))  # the older search: cancelled wherever it is
        qtbot.waitUntil(lambda: model._in_flight is not None, timeout=5000)
        model.set_query(ContactQuery("0700 000 05"))  # the user typed something else
        qtbot.waitUntil(lambda: model.known and not model.loading, timeout=10000)
    finally:
        admin.clear_faults()
    assert model.total == 10  # 0700000050..59
    assert totals == [10]  # the older answer never showed
    assert model.query == ContactQuery("0700 000 05")


def test_a_row_shown_follows_an_edit_and_a_group_change(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    """A row's texts are made once, when it is first shown; an edit or a change of its groups
    made here shows at once all the same (no page fetched again)."""
    seed(arun, ctx, 30)
    model = make_model(qtbot, ctx)
    first = model.data(model.index(0, Column.NAME), ROW_ROLE)
    assert first.contact is not None
    assert show(model, 0) == first.name  # shown: its texts are kept
    assert model.data(model.index(0, Column.GROUPS)) == ""
    changed: list[int] = []
    model.dataChanged.connect(lambda top, _bottom, _roles: changed.append(top.row()))

    model.replace_contact(replace(first.contact, first_name="Zawadi", email="zawadi@example.co.ke"))
    assert show(model, 0) == f"Zawadi {first.last_name}"
    assert model.data(model.index(0, Column.EMAIL)) == "zawadi@example.co.ke"
    accessible = Qt.ItemDataRole.AccessibleTextRole
    assert model.data(model.index(0, Column.NAME), accessible) == f"Zawadi {first.last_name}"

    model.set_groups({first.phone: ("Wholesale", "Church")}, [first.phone])
    assert model.data(model.index(0, Column.GROUPS)) == "Wholesale, Church"
    assert show(model, 0) == f"Zawadi {first.last_name}"  # the edit is kept
    assert changed == [0, 0]
    assert model.data(model.index(0, Column.NAME), Qt.ItemDataRole.TextAlignmentRole) is None
