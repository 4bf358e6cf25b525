"""The Contacts tab against the sandbox, driven like a user: paging by buttons and keys,
typing searches, and the designed states (empty, no matches, legacy token, failures with
Retry, loading)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from desktop_app.ui.contacts.states import State
from tests.contacts_data import e164_of
from tests.ui.compose.helpers import use_kenyan_locale
from tests.ui.contacts.helpers import LEFT, make_tab, seed, wait_loaded


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


def phones_shown(tab: Any) -> list[str]:
    """The numbers of the rows at the top of the grid, as stored."""
    first = tab.table.rowAt(0)
    rows = [tab.model.row_at(r) for r in range(first, min(first + 5, tab.model.total))]
    return [r.phone for r in rows if r is not None]


def test_paging_through_250_by_buttons_and_keys(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 250)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 250)
    assert tab.subtitle.text() == "250 contacts in your list"
    assert tab.page_label.text() == "Page 1 of 13"
    assert not tab.previous_button.isEnabled()
    assert tab.model.data(tab.model.index(0, 1)) == "0700 000 249"  # friendly, newest first
    qtbot.mouseClick(tab.next_button, LEFT)
    assert tab.page_label.text() == "Page 2 of 13"
    qtbot.waitUntil(lambda: phones_shown(tab)[:1] == [e164_of(229)], timeout=10000)
    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert tab.page_label.text() == "Page 3 of 13"
    qtbot.waitUntil(lambda: phones_shown(tab)[:1] == [e164_of(209)], timeout=10000)
    qtbot.keyClick(tab.table, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert tab.page_label.text() == "Page 13 of 13"
    assert not tab.next_button.isEnabled()
    qtbot.waitUntil(lambda: tab.model.row_at(249) is not None, timeout=10000)
    assert tab.model.row_at(249).phone == e164_of(0)  # type: ignore[union-attr]
    qtbot.keyClick(tab.table, Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert tab.page_label.text() == "Page 12 of 13"
    qtbot.mouseClick(tab.first_button, LEFT)
    assert tab.page_label.text() == "Page 1 of 13"
    tab.size_combo.setCurrentIndex(2)  # 100 a page
    wait_loaded(qtbot, tab, 250)
    assert tab.page_label.text() == "Page 1 of 3"
    qtbot.mouseClick(tab.last_button, LEFT)
    assert tab.page_label.text() == "Page 3 of 3"
    assert len(tab.model.cached_pages()) <= 10


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("0700 000 123", [123]),
        ("254700000123", [123]),
        ("+254 700 000 123", [123]),
        ("Zawadi Kamau", [33]),
    ],
)
def test_search_as_you_type_by_name_and_each_phone_form(qtbot, ctx, arun, typed, expected) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 130)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 130)
    qtbot.keyClicks(tab.search_edit, typed)
    qtbot.waitUntil(lambda: tab.model.known and tab.model.total == len(expected), timeout=10000)
    assert [tab.model.row_at(r).phone for r in range(len(expected))] == [  # type: ignore[union-attr]
        e164_of(n) for n in expected
    ]
    assert f"match “{typed}”" in tab.subtitle.text()
    assert tab.page_label.text() == "Page 1 of 1"
    tab.search_edit.clear()
    qtbot.waitUntil(lambda: tab.model.known and tab.model.total == 130, timeout=10000)


def test_typing_fast_sends_one_search(qtbot, ctx, arun, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 40)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 40)
    asked: list[str] = []
    original = ctx.services.contacts.page

    async def counting(client: Any, profile: str, page: int, size: int, query: Any) -> Any:
        asked.append(query.search)
        return await original(client, profile, page, size, query)

    monkeypatch.setattr(ctx.services.contacts, "page", counting)
    qtbot.keyClicks(tab.search_edit, "Wanjiku")  # seven key presses within the pause
    qtbot.waitUntil(lambda: tab.model.known and tab.model.total == 2, timeout=10000)
    assert asked == ["Wanjiku"]


def test_opening_asks_once_and_nothing_moves_when_the_rows_land(  # type: ignore[no-untyped-def]
    qtbot, ctx, arun, admin, monkeypatch
) -> None:
    """One request opens the tab. The grid's scroll bar has its place from the start (drawn
    once there is something to scroll), so when the first page lands nothing moves: the grid
    keeps its width and its columns theirs (a scroll bar appearing then would lay the grid
    out, and paint it, a second time)."""
    seed(arun, ctx, 45)
    asked: list[int] = []
    original = ctx.services.contacts.page

    async def counting(client: Any, profile: str, page: int, size: int, query: Any) -> Any:
        asked.append(page)
        return await original(client, profile, page, size, query)

    monkeypatch.setattr(ctx.services.contacts, "page", counting)
    admin.fault("delay", 1, path_prefix="/api/v1/contacts", seconds=1.0)
    try:
        tab = make_tab(qtbot, ctx)
        assert not tab.model.known  # the answer is held back: the grid is still empty
        bar = tab.table.verticalScrollBar()
        assert not bar.isVisible()  # nothing to scroll yet
        width = tab.table.viewport().width()
        widths = [tab.table.columnWidth(c) for c in range(tab.model.columnCount())]
        ranges: list[int] = []
        tab.model.page_loaded.connect(lambda _page: ranges.append(bar.maximum()))
        wait_loaded(qtbot, tab, 45)
    finally:
        admin.clear_faults()
    assert asked == [1]
    assert bar.maximum() > 0
    assert bar.isVisible()
    assert ranges == [bar.maximum()]  # the scroll range followed the total as the page landed
    assert tab.table.viewport().width() == width
    assert [tab.table.columnWidth(c) for c in range(tab.model.columnCount())] == widths
    newest = tab.model.row_at(0)
    assert newest is not None
    assert tab.model.data(tab.model.index(0, 0)) == newest.name

    tab.search_edit.setText("Wanjiku")  # a few: nothing to scroll, the bar goes, its place stays
    tab.search_now()
    qtbot.waitUntil(lambda: tab.model.known and 0 < tab.model.total < 10, timeout=10000)
    assert not bar.isVisible()
    assert tab.table.viewport().width() == width


def test_no_customers_yet_offers_to_add_or_import(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: tab.state_page.state is State.EMPTY, timeout=10000)
    assert tab.stack.currentWidget() is tab.state_area
    assert tab.state_page.title.text() == "No customers yet"
    assert "Import a spreadsheet" in tab.state_page.text.text()
    asked: list[str] = []
    ctx.show_tab_requested.connect(asked.append)
    qtbot.mouseClick(tab.state_page.secondary, LEFT)
    assert asked == ["import"]
    qtbot.mouseClick(tab.state_page.primary, LEFT)
    qtbot.waitUntil(lambda: bool(tab._forms) and tab._forms[-1].isVisible(), timeout=5000)
    tab._forms[-1].discard()


def test_no_matches_says_so_and_clears(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 20)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 20)
    qtbot.keyClicks(tab.search_edit, "Mwalimu")
    qtbot.waitUntil(lambda: tab.state_page.state is State.NO_MATCHES, timeout=10000)
    assert tab.state_page.title.text() == "No contacts match “Mwalimu”."
    assert tab.subtitle.text() == "0 contacts match “Mwalimu”"
    qtbot.mouseClick(tab.state_page.primary, LEFT)  # "Clear the search"
    wait_loaded(qtbot, tab, 20)
    assert tab.search_edit.text() == ""
    assert tab.stack.currentWidget() is tab.table


def test_a_legacy_token_says_what_to_do_without_asking(
    qtbot, ctx, arun, account, test_profile, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    arun(ctx.open_session(test_profile, account.legacy_token))
    asked: list[int] = []
    monkeypatch.setattr(ctx.services.contacts, "page", lambda *a: asked.append(1))
    tab = make_tab(qtbot, ctx)
    assert tab.state_page.state is State.LEGACY
    assert "mbs_" in tab.state_page.text.text()
    assert not tab.add_button.isEnabled()
    assert not tab.search_edit.isEnabled()
    reasons: list[str] = []
    ctx.errors.reauth_needed.connect(reasons.append)
    qtbot.mouseClick(tab.state_page.primary, LEFT)  # "Connect with a new token…"
    assert reasons
    assert "mbs_" in reasons[0]
    assert asked == []  # nothing was sent that would only be refused


def test_a_403_anyway_shows_the_same_state(qtbot, ctx, arun, admin, account) -> None:  # type: ignore[no-untyped-def]
    # A scoped token without the contacts scope passes the app's check, then the service
    # refuses it.
    token = admin.create_token(account.account_id, kind="scoped", scopes=["sms"])
    arun(ctx.open_session(ctx.session.profile, token))
    tab = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: tab.state_page.state is State.LEGACY, timeout=10000)
    assert tab.state_page.title.text() == "Your secret key cannot open your contacts"
    assert ctx.errors.last is None  # said in the tab, not also in the message bar


def test_a_burst_of_500s_shows_retry_and_retry_works(qtbot, ctx, arun, admin) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 30)
    ctx.session.client.backoff = 0.01  # the client's own retries, quickly
    admin.fault("error500", 3, path_prefix="/api/v1/contacts")  # every attempt of one read
    try:
        tab = make_tab(qtbot, ctx)
        qtbot.waitUntil(lambda: tab.state_page.state is State.ERROR, timeout=10000)
    finally:
        admin.clear_faults()
    assert tab.state_page.title.text() == "The service had a problem"
    assert tab.state_page.primary.text() == "Retry"
    assert ctx.errors.last is None
    qtbot.mouseClick(tab.state_page.primary, LEFT)
    wait_loaded(qtbot, tab, 30)
    assert tab.stack.currentWidget() is tab.table


def test_a_later_page_failing_keeps_the_grid_with_a_retry_strip(qtbot, ctx, arun, admin) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 60)
    ctx.session.client.backoff = 0.01
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 60)
    admin.fault("error500", 3, path_prefix="/api/v1/contacts")
    try:
        qtbot.mouseClick(tab.last_button, LEFT)
        qtbot.waitUntil(lambda: tab.error_strip.isVisible(), timeout=10000)
    finally:
        admin.clear_faults()
    assert tab.stack.currentWidget() is tab.table
    assert "could not be loaded" in tab.error_label.text()
    qtbot.mouseClick(tab.retry_strip_button, LEFT)
    qtbot.waitUntil(lambda: tab.model.row_at(59) is not None, timeout=10000)
    assert not tab.error_strip.isVisible()


def test_loading_shows_only_after_half_a_second(qtbot, ctx, arun, admin) -> None:  # type: ignore[no-untyped-def]
    states: list[str] = []
    admin.fault("delay", 1, path_prefix="/api/v1/contacts", seconds=1.5)
    try:
        tab = make_tab(qtbot, ctx)
        tab.state_changed.connect(states.append)
        assert tab.state_page.state is not State.LOADING  # nothing flickers at first
        qtbot.waitUntil(lambda: tab.state_page.state is State.LOADING, timeout=5000)
        assert tab.state_page.spinner.isVisible()
        qtbot.waitUntil(lambda: tab.model.known, timeout=10000)
    finally:
        admin.clear_faults()
    assert states[-2:] == ["loading", "empty"]


def test_a_new_account_shows_its_own_contacts(qtbot, ctx, arun, admin, test_profile) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 5)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 5)
    other = admin.create_account(name="Other shop", balance=5, sender_ids=["TUMA"])
    token = admin.create_token(other, kind="scoped")
    arun(ctx.open_session(test_profile, token))
    qtbot.waitUntil(lambda: tab.state_page.state is State.EMPTY, timeout=10000)
    arun(ctx.close_session())
    assert tab.state_page.state is State.NO_SESSION
