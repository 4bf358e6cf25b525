"""The Contacts tab in a hurry, against the sandbox: exporting straight after typing a
search, editing a contact someone deleted meanwhile."""

from __future__ import annotations

import csv
from typing import Any

from PySide6.QtWidgets import QApplication

from tests.ui.contacts.helpers import make_tab, seed, wait_loaded
from tests.ui.contacts.test_export import choose_file, sandbox_contacts
from tests.ui.contacts.test_form import everyone, save


def test_export_straight_after_typing_a_search_exports_the_search(
    qtbot: Any, ctx: Any, arun: Any, tmp_path: Any
) -> None:
    """Typed "Baraka" and pressed Export within the pause after typing: the file held all 90
    customers (the list as it was before the search), named after no search."""
    seed(arun, ctx, 90)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 90)
    qtbot.keyClicks(tab.search_edit, "Baraka")
    assert tab._search_timer.isActive()  # not sent yet
    target = tmp_path / "baraka.csv"
    with qtbot.waitSignal(tab.job_finished, timeout=20000):
        choose_file(qtbot, tab, target)
    with target.open(encoding="utf-8-sig", newline="") as handle:
        read = [(row["phone"], row["first_name"]) for row in csv.DictReader(handle)]
    expected = sandbox_contacts(arun, ctx, "Baraka")
    assert len(expected) == 6
    assert read == expected
    assert tab.notice.text() == "Exported 6 contacts to baraka.csv."


def test_editing_a_contact_deleted_meanwhile_offers_to_add_it_again(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    """Someone deleted the contact while the form was open: Save said "could not be found;
    refresh the list, then try again" (which failed the same way), and the only way out lost
    what was typed. Now the typing stays, and Save adds it again."""
    seed(arun, ctx, 5)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 5)
    row = tab.model.row_at(2)
    assert row is not None
    assert row.contact is not None
    form = tab.open_form(row.contact)
    qtbot.waitUntil(form.isVisible)
    arun(ctx.client().delete_contact(row.contact.uuid))  # on another computer
    form.first_edit.setText("Wanjiru")
    form.notes_edit.setPlainText("Owes 200")
    save(qtbot, form)
    assert form.isVisible()
    assert form.banner.isVisible()
    assert form.banner.text().startswith("This contact was deleted after you opened it")
    assert form.save_button.text() == "Add it again"
    assert form.first_edit.text() == "Wanjiru"
    wait_loaded(qtbot, tab, 4)  # the list no longer shows it
    # the wrapped banner did not squeeze the fields under it
    layout = form.layout()
    assert layout is not None
    qtbot.waitUntil(lambda: layout.totalHeightForWidth(form.width()) <= form.height())
    QApplication.processEvents()
    assert form.phone_edit.height() >= form.phone_edit.minimumSizeHint().height()

    save(qtbot, form)
    assert not form.isVisible()
    wait_loaded(qtbot, tab, 5)
    added = [c for c in everyone(arun, ctx.client()) if c.phone == row.phone]
    assert [(c.first_name, c.notes) for c in added] == [("Wanjiru", "Owes 200")]
    assert tab.notice.text() == f"Added {added[0].display_name}."
