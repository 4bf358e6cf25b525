"""Adding, editing and deleting from the Contacts tab, against the sandbox: problems beside
their fields before anything is sent, only changed fields sent, the duplicate number with
its owner one click away, deletes confirmed with the count."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from desktop_app.core.api import Client
from desktop_app.ui.contacts.form import ContactFormDialog
from tests.contacts_data import e164_of
from tests.ui.contacts.helpers import LEFT, answer, make_tab, seed, wait_loaded
from tests.ui.support import add_other_shop


def open_add_form(qtbot: Any, tab: Any) -> ContactFormDialog:
    qtbot.mouseClick(tab.add_button, LEFT)
    qtbot.waitUntil(lambda: bool(tab._forms) and tab._forms[-1].isVisible(), timeout=5000)
    form: ContactFormDialog = tab._forms[-1]
    return form


def save(qtbot: Any, form: ContactFormDialog) -> None:
    with qtbot.waitSignal(form.attempt_finished, timeout=10000):
        qtbot.mouseClick(form.save_button, LEFT)


def everyone(arun: Any, client: Client) -> list[Any]:
    return list(arun(client.list_contacts(page_size=100)).contacts)


def test_add_checks_the_form_first_then_saves(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 0)
    form = open_add_form(qtbot, tab)
    qtbot.keyClicks(form.phone_edit, "0712 34")
    qtbot.keyClicks(form.email_edit, "wanjiku@")
    save(qtbot, form)
    phone = form.fields["phone"]
    assert phone.has_problem
    assert phone.message.text() == "0712 34 is too short for a Kenyan mobile number"
    assert form.fields["email"].has_problem
    assert "not an email address" in form.fields["email"].message.text()
    assert everyone(arun, ctx.client()) == []  # nothing was sent
    qtbot.keyClicks(form.phone_edit, "5 678")
    assert not phone.has_problem  # typing clears the old problem
    form.email_edit.clear()
    qtbot.keyClicks(form.email_edit, "wanjiku@example.co.ke")
    qtbot.keyClicks(form.first_edit, "Wanjiku")
    qtbot.keyClicks(form.last_edit, "Kamau")
    qtbot.keyClicks(form.notes_edit, "Buys every Friday")
    save(qtbot, form)
    assert not form.isVisible()
    (saved,) = everyone(arun, ctx.client())
    assert (saved.phone, saved.first_name, saved.last_name, saved.email, saved.notes) == (
        "+254712345678",
        "Wanjiku",
        "Kamau",
        "wanjiku@example.co.ke",
        "Buys every Friday",
    )
    wait_loaded(qtbot, tab, 1)
    assert tab.notice.text() == "Added Wanjiku Kamau."
    assert tab.model.data(tab.model.index(0, 1)) == "0712 345 678"


def test_edit_sends_only_the_changed_fields_and_clears_with_null(
    qtbot, ctx, arun, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    client = ctx.client()
    arun(client.create_contact("0722 000 111", first_name="Juma", email="juma@example.co.ke"))
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 1)
    sent: list[dict[str, Any]] = []
    original = client.update_contact

    async def spying(uuid: str, **fields: Any) -> Any:
        sent.append(fields)
        return await original(uuid, **fields)

    monkeypatch.setattr(client, "update_contact", spying)
    tab.table.selectRow(0)
    qtbot.mouseClick(tab.edit_button, LEFT)
    qtbot.waitUntil(lambda: bool(tab._forms) and tab._forms[-1].isVisible(), timeout=5000)
    form = tab._forms[-1]
    assert form.phone_edit.text() == "0722 000 111"
    qtbot.keyClicks(form.last_edit, "Abdi")
    form.email_edit.clear()
    save(qtbot, form)
    assert sent == [{"last_name": "Abdi", "email": None}]
    (saved,) = everyone(arun, client)
    assert (saved.last_name, saved.email) == ("Abdi", None)
    qtbot.waitUntil(lambda: tab.model.data(tab.model.index(0, 0)) == "Juma Abdi", timeout=5000)
    assert tab.notice.text() == "Saved Juma Abdi."


def test_a_duplicate_number_names_the_owner_and_opens_it(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    arun(ctx.client().create_contact("0733 100 200", first_name="Achieng", last_name="Otieno"))
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 1)
    form = open_add_form(qtbot, tab)
    qtbot.keyClicks(form.phone_edit, "+254 733 100 200")
    qtbot.keyClicks(form.first_edit, "Someone else")
    save(qtbot, form)
    assert form.isVisible()  # nothing typed is lost
    assert form.fields["phone"].message.text() == (
        "Achieng Otieno already has 0733 100 200: a number can belong to one contact only."
    )
    assert form.open_owner_button.text() == "Open Achieng Otieno"
    qtbot.mouseClick(form.open_owner_button, LEFT)
    qtbot.waitUntil(lambda: len(tab._forms) == 2 and tab._forms[-1].isVisible(), timeout=5000)
    owner_form = tab._forms[-1]
    assert owner_form.contact is not None
    assert owner_form.contact.first_name == "Achieng"
    assert owner_form.first_edit.text() == "Achieng"
    assert form.isVisible()  # still there, underneath
    owner_form.reject()
    form.reject()  # typed something: asks first
    answer(qtbot, form)  # "Discard"
    qtbot.waitUntil(lambda: not form.isVisible(), timeout=5000)


def test_delete_one_and_many_confirmed_with_the_count(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 30)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 30)
    tab.table.selectRow(0)
    qtbot.mouseClick(tab.delete_button, LEFT)
    question = answer(qtbot, tab, "confirmNo")  # "Keep them": nothing happens
    assert "Delete 1 contact from" in question
    assert tab.model.total == 30
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        qtbot.mouseClick(tab.delete_button, LEFT)
        answer(qtbot, tab)
    wait_loaded(qtbot, tab, 29)
    assert tab.notice.text() == "Deleted 1 contact."
    tab.select_rows([0, 1, 2, 25, 28])  # rows on two pages
    assert tab.delete_button.text() == "Dele&te 5…"
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        tab.table.setFocus()
        qtbot.keyClick(tab.table, Qt.Key.Key_Delete)  # the key does what the button does
        question = answer(qtbot, tab)
    assert "Delete 5 contacts from" in question
    wait_loaded(qtbot, tab, 24)
    left = {c.phone for c in everyone(arun, ctx.client())}
    gone = {e164_of(n) for n in (29, 28, 27, 26, 3, 0)}  # row k held number 28 - k
    assert left.isdisjoint(gone)
    assert len(left) == 24


def test_a_form_discarded_while_saving_still_reports_the_contact_added(
    qtbot, ctx, arun, admin
) -> None:  # type: ignore[no-untyped-def]
    """Cancel pressed while the service is slow to answer: the contact may be added by then,
    and the tab says so (the form is not torn down under its save)."""
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 0)
    form = open_add_form(qtbot, tab)
    qtbot.keyClicks(form.phone_edit, "0712 345 678")
    qtbot.keyClicks(form.first_edit, "Wanjiku")
    admin.fault("delay", 1, path_prefix="/api/v1/contacts", seconds=1)
    try:
        qtbot.mouseClick(form.save_button, LEFT)
        assert form.save_button.text() == "Saving…"
        form.reject()  # Cancel: typed something, so it asks
        answer(qtbot, form)  # "Discard"
        assert not form.isVisible()
        wait_loaded(qtbot, tab, 1)  # the tab heard of the save and read the list again
    finally:
        admin.clear_faults()
    assert tab.notice.text() == "Added Wanjiku."
    assert ctx.errors.last is None
    assert [c.phone for c in everyone(arun, ctx.client())] == ["+254712345678"]


def test_delete_refused_when_the_list_changed_before_the_yes(qtbot, ctx, arun, admin) -> None:  # type: ignore[no-untyped-def]
    """Rows are places in a list: when it changes under the question (an import landed, a
    search was typed), "row 1" is someone else by the Yes, so nothing is deleted."""
    seed(arun, ctx, 30)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 30)
    everyone_before = {c.phone for c in everyone(arun, ctx.client())}
    tab.table.selectRow(0)  # the newest: number 29
    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_Delete)
    arun(ctx.client().create_contact("0799 999 999", first_name="Imported"))
    ctx.contacts_changed.emit()  # what the Import tab says when an import added some
    wait_loaded(qtbot, tab, 31)  # "Imported" is row 0 now
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        answer(qtbot, tab)  # "Delete 1 contact"
    assert tab.notice.text() == (
        "The list changed meanwhile (a search, Refresh or an import), so nothing was done. "
        "Select the contacts again."
    )
    assert {c.phone for c in everyone(arun, ctx.client())} == everyone_before | {"+254799999999"}

    tab.table.selectRow(0)
    qtbot.keyClick(tab.table, Qt.Key.Key_Delete)
    qtbot.keyClicks(tab.search_edit, "Juma")  # typed while the question is open
    tab.search_now()
    wait_loaded(qtbot, tab)
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        answer(qtbot, tab)
    assert "nothing was done" in tab.notice.text()
    assert len(everyone(arun, ctx.client())) == 31

    admin.fault("delay", 1, path_prefix="/api/v1/contacts", seconds=0.5)
    try:
        tab.search_edit.clear()
        tab.search_now()  # the rows of "Juma" stay on screen until the list arrives
        tab.table.selectRow(0)
        qtbot.keyClick(tab.table, Qt.Key.Key_Delete)
        assert not [box for box in tab.findChildren(QMessageBox) if box.isVisible()]
        wait_loaded(qtbot, tab, 31)
    finally:
        admin.clear_faults()
    assert len(everyone(arun, ctx.client())) == 31


def test_a_selection_over_pages_is_not_acted_on_when_the_list_grew_elsewhere(
    qtbot, ctx, arun
) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 50)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 50)
    tab.select_rows([0, 45])  # row 45's page is not loaded yet
    assert tab.model.row_at(45) is None
    arun(ctx.client().create_contact("0799 999 999"))  # from another computer
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        tab.delete_button.click()
        answer(qtbot, tab)
    assert "nothing was done" in tab.notice.text()
    assert len(everyone(arun, ctx.client())) == 51


def test_a_form_open_through_a_switch_of_account_saves_only_to_its_own(
    qtbot, ctx, arun, admin, account, memory_keyring
) -> None:  # type: ignore[no-untyped-def]
    """The switch closes the forms, but one with typing in it asks first and stays open; its
    Save used to send the contact to the account switched to."""
    from desktop_app.ui.session import SessionManager

    add_other_shop(admin, account, ctx, memory_keyring)
    manager = SessionManager(ctx)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 0)
    form = open_add_form(qtbot, tab)
    qtbot.keyClicks(form.phone_edit, "0712 345 678")
    qtbot.keyClicks(form.first_edit, "Wanjiku")

    arun(manager.switch_to("Other shop"))
    assert ctx.session.profile.name == "Other shop"
    assert form.isVisible()  # kept: it asks before the typing is dropped
    answer(qtbot, form, "confirmNo")  # "Keep editing"
    save(qtbot, form)
    assert form.isVisible()
    assert form.banner.text() == (
        "You switched to another account after opening this form, so it was not saved: it "
        "would have gone to “Other shop”. Switch back to save it, or close it."
    )
    assert everyone(arun, ctx.client()) == []  # nothing reached the other shop

    arun(manager.switch_to("Test shop"))
    assert ctx.session.profile.name == "Test shop"
    if form.isVisible() and any(b.isVisible() for b in form.findChildren(QMessageBox)):
        answer(qtbot, form, "confirmNo")
    save(qtbot, form)
    assert [c.first_name for c in everyone(arun, ctx.client())] == ["Wanjiku"]


def test_a_contact_added_while_reading_far_down_the_list_is_brought_into_view(
    qtbot, ctx, arun
) -> None:  # type: ignore[no-untyped-def]
    """Newest first, the contact added goes to the top: the list used to stay where the user
    was reading (page 3 here), so what they had just added was nowhere in sight."""
    seed(arun, ctx, 250)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 250)
    tab.table.scrollToBottom()
    qtbot.waitUntil(lambda: tab.table.rowAt(0) > 100, timeout=5000)
    form = open_add_form(qtbot, tab)
    qtbot.keyClicks(form.phone_edit, "0799 000 111")
    qtbot.keyClicks(form.first_edit, "Zawadi")
    save(qtbot, form)
    qtbot.waitUntil(lambda: tab.selected_rows() == [0], timeout=10000)
    assert tab.table.rowAt(0) == 0  # the top of the list is shown
    added = tab.model.row_at(0)
    assert added is not None
    assert added.phone == "+254799000111"
    assert tab.notice.text() == "Added Zawadi."


def test_two_forms_saving_at_once_both_save(qtbot, ctx, arun, admin) -> None:  # type: ignore[no-untyped-def]
    """The owner's form opened from a duplicate number ("Open …"), changed, saved while the
    service is slow and closed before it answers (Discard); the first form, given another
    number, saved meanwhile and closed: each save is its own (one did not cancel the other),
    both reach the service, and the tab hears of both."""
    arun(ctx.client().create_contact("0733 100 200", first_name="Achieng"))
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 1)
    form = open_add_form(qtbot, tab)
    qtbot.keyClicks(form.phone_edit, "0733 100 200")
    qtbot.keyClicks(form.first_edit, "Baraka")
    save(qtbot, form)
    qtbot.mouseClick(form.open_owner_button, LEFT)
    qtbot.waitUntil(lambda: len(tab._forms) == 2 and tab._forms[-1].isVisible(), timeout=5000)
    owner_form = tab._forms[-1]
    qtbot.keyClicks(owner_form.last_edit, "Otieno")
    admin.fault("delay", 1, path_prefix="/api/v1/contacts", seconds=1)
    try:
        qtbot.mouseClick(owner_form.save_button, LEFT)
        assert owner_form.saving
        owner_form.reject()  # closed while its save is on its way
        answer(qtbot, owner_form)  # "Discard"
        assert not owner_form.isVisible()
        form.phone_edit.clear()
        qtbot.keyClicks(form.phone_edit, "0733 100 201")
        save(qtbot, form)  # while the owner's save is on its way
        assert not form.isVisible()
        qtbot.waitUntil(lambda: not owner_form.saving, timeout=10000)
    finally:
        admin.clear_faults()
    people = {c.phone: c for c in everyone(arun, ctx.client())}
    assert set(people) == {"+254733100200", "+254733100201"}
    assert people["+254733100200"].last_name == "Otieno"
    assert people["+254733100201"].first_name == "Baraka"
    qtbot.waitUntil(lambda: tab.notice.text() == "Saved Achieng Otieno.", timeout=5000)
    assert ctx.errors.last is None
