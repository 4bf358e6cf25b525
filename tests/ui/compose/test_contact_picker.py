"""Compose's "Add from contacts…" picker: the Contacts tab's paged model, a group to pick, the
selection across pages, against the sandbox."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, Qt

from tests.contacts_data import e164_of
from tests.ui.compose.helpers import LEFT, make_tab
from tests.ui.contacts.helpers import seed


def open_picker(qtbot: Any, tab: Any, total: int) -> Any:
    qtbot.mouseClick(tab.recipients.pick_button, LEFT)
    qtbot.waitUntil(
        lambda: (
            tab.picker is not None and tab.picker.model.known and tab.picker.model.total == total
        ),
        timeout=10000,
    )
    return tab.picker


def test_pick_a_group(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 12)
    profile = ctx.session.profile.name
    contacts = ctx.services.contacts
    group = arun(contacts.create_group(profile, "Mama mboga customers"))
    page = arun(contacts.page(ctx.client(), profile, 1, 20))
    arun(contacts.add_to_group(profile, group.id, page.rows[3:6]))
    tab = make_tab(qtbot, ctx)
    picker = open_picker(qtbot, tab, 12)
    qtbot.waitUntil(lambda: picker.group_combo.count() == 2, timeout=5000)
    assert picker.group_combo.itemText(1) == "Mama mboga customers (3)"
    picker.group_combo.setCurrentIndex(1)
    qtbot.waitUntil(lambda: picker.model.known and picker.model.total == 3, timeout=10000)
    assert picker.all_button.text() == "Add everyone in “Mama mboga customers” (3)"
    assert picker.model.data(picker.model.index(0, 2)) == "Mama mboga customers"
    qtbot.mouseClick(picker.all_button, LEFT)
    qtbot.waitUntil(lambda: len(tab.recipients.people()) == 3, timeout=10000)
    assert {p.phone for p in tab.recipients.people()} == {r.phone for r in page.rows[3:6]}
    assert all(p.first_name for p in tab.recipients.people())
    assert not picker.isVisible()


def test_pick_a_selection_across_pages(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 120)
    tab = make_tab(qtbot, ctx)
    picker = open_picker(qtbot, tab, 120)
    picker.table.selectRow(0)
    picker.table.scrollToBottom()  # page 3 of 50 a page
    qtbot.waitUntil(lambda: picker.model.row_at(119) is not None, timeout=10000)
    picker.table.selectionModel().select(
        picker.model.index(119, 0),
        QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
    )
    assert picker.add_button.text() == "Add 2 contacts"
    qtbot.mouseClick(picker.add_button, LEFT)
    qtbot.waitUntil(lambda: len(tab.recipients.people()) == 2, timeout=10000)
    assert [p.phone for p in tab.recipients.people()] == [e164_of(119), e164_of(0)]


def test_enter_in_the_search_box_searches_and_adds_nobody(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    """Someone selected, then a name typed and Enter: it pressed "Add selected", so the one
    selected before was added, the dialog closed, and the name typed was never looked up."""
    seed(arun, ctx, 12)
    tab = make_tab(qtbot, ctx)
    picker = open_picker(qtbot, tab, 12)
    picker.table.selectRow(0)
    assert picker.add_button.isEnabled()
    picker.search_edit.setFocus()
    qtbot.keyClicks(picker.search_edit, "Kendi")
    qtbot.keyClick(picker.search_edit, Qt.Key.Key_Return)
    assert picker.model.query is not None
    assert picker.model.query.search == "Kendi"  # at once, not 250 ms later
    qtbot.waitUntil(lambda: picker.model.known and picker.model.total == 1, timeout=10000)
    assert picker.isVisible()
    assert tab.recipients.people() == ()
    picker.table.selectRow(0)
    qtbot.keyClick(picker.search_edit, Qt.Key.Key_Return)  # again: still only a search
    assert picker.isVisible()
    qtbot.mouseClick(picker.add_button, LEFT)
    qtbot.waitUntil(lambda: len(tab.recipients.people()) == 1, timeout=10000)
    assert tab.recipients.people()[0].first_name == "Kendi"


def test_add_all_adds_whom_the_button_counts_while_a_search_is_typed(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    """Clicking "Add all 1 contact" within 250 ms of wiping the search added whoever the
    box's words matched (all twelve), not the one the button and the list showed."""
    seed(arun, ctx, 12)
    tab = make_tab(qtbot, ctx)
    picker = open_picker(qtbot, tab, 12)
    qtbot.keyClicks(picker.search_edit, "Kendi")
    qtbot.keyClick(picker.search_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: picker.model.known and picker.model.total == 1, timeout=10000)
    assert picker.all_button.text() == "Add all 1 contact"
    picker.search_edit.clear()  # the next search waits for typing to stop
    qtbot.mouseClick(picker.all_button, LEFT)
    qtbot.waitUntil(lambda: not picker.isVisible(), timeout=10000)
    assert [p.first_name for p in tab.recipients.people()] == ["Kendi"]
