"""Undo after deleting contacts, on the real sandbox: the confirmation says how long; the notice
of the delete offers Undo; Undo adds them back with every field and in their groups, once
however often it is pressed; offline it says so and keeps the offer; a number added again
meanwhile is not duplicated and is named; the next delete, or the time running out, ends it."""

from __future__ import annotations

from typing import Any

from desktop_app.core.services.contacts import ContactQuery
from tests.conftest import RestartableSandbox
from tests.ui.contacts.helpers import LEFT, answer, make_tab, seed, wait_loaded
from tests.ui.contacts.test_form import everyone

NO_CONNECTION = (
    "Could not reach the messaging service. Check your internet connection, then try again."
)


def fields(contacts: list[Any]) -> set[tuple[Any, ...]]:
    return {(c.phone, c.first_name, c.last_name, c.email, c.notes) for c in contacts}


def delete(qtbot: Any, tab: Any, rows: list[int]) -> str:
    tab.table.clearSelection()
    tab.select_rows(rows)
    with qtbot.waitSignal(tab.job_finished, timeout=15000):
        qtbot.mouseClick(tab.delete_button, LEFT)
        box_text = answer(qtbot, tab)
    return box_text


def test_undo_brings_them_back_with_their_fields_and_groups_once(
    qtbot, ctx, arun, admin, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 30)
    client = ctx.client()
    arun(client.create_contact("0799 000 001", first_name="Wanjiku", notes="Owes 200"))
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 31)
    contacts = ctx.services.contacts
    profile = ctx.session.profile.name
    group = arun(contacts.create_group(profile, "Wholesale"))
    rows = arun(contacts.page(ctx.session.client, profile, 1, 20)).rows
    arun(contacts.add_to_group(profile, group.id, rows[:2]))
    before = fields(everyone(arun, client))
    tab.refresh()
    wait_loaded(qtbot, tab, 31)

    tab.table.clearSelection()
    tab.select_rows([0, 1, 2])
    qtbot.mouseClick(tab.delete_button, LEFT)
    from tests.ui.contacts.helpers import _box

    qtbot.waitUntil(lambda: _box(tab) is not None, timeout=5000)
    box = _box(tab)
    assert box is not None
    assert "cannot be undone" not in box.informativeText()
    assert "For 5 minutes afterwards" in box.informativeText()
    with qtbot.waitSignal(tab.job_finished, timeout=15000):
        answer(qtbot, tab)
    wait_loaded(qtbot, tab, 28)
    assert tab.notice.text() == "Deleted 3 contacts."
    assert tab.undo_button.isVisible()
    assert len(everyone(arun, client)) == 28
    assert arun(contacts.groups_of(profile, [r.phone for r in rows[:2]])) == {}

    session_client = ctx.session.client
    create_contact = session_client.create_contact
    calls: list[str] = []

    async def counted(phone: str, **kwargs: Any) -> Any:
        calls.append(phone)
        return await create_contact(phone, **kwargs)

    monkeypatch.setattr(session_client, "create_contact", counted)
    admin.fault("delay", 1, path_prefix="/api/v1/contacts", seconds=0.5)  # a slow line
    try:
        with qtbot.waitSignal(tab.job_finished, timeout=15000):
            qtbot.mouseClick(tab.undo_button, LEFT)
            qtbot.waitUntil(lambda: bool(calls), timeout=5000)  # the first on its way
            tab.undo_delete()  # pressed again meanwhile (a double click, a hurried Enter)
            qtbot.mouseClick(tab.undo_button, LEFT)
    finally:
        admin.clear_faults()
    wait_loaded(qtbot, tab, 31)
    assert len(calls) == 3
    assert tab.notice.text() == "Added back 3 contacts."
    assert not tab.undo_button.isVisible()
    after = everyone(arun, client)
    assert len(after) == 31  # once, however often it was pressed
    assert fields(after) == before  # every field as it was
    assert arun(contacts.groups_of(profile, [r.phone for r in rows[:2]])) == {
        r.phone: ("Wholesale",) for r in rows[:2]
    }
    tab.undo_delete()  # nothing left to undo: nothing happens
    assert not tab.ctx.tasks.is_running("contacts.job")
    assert len(everyone(arun, client)) == 31


def test_a_number_added_again_meanwhile_is_not_duplicated_and_is_named(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    client = ctx.client()
    arun(client.create_contact("0799 000 001", first_name="Achieng", last_name="Otieno"))
    arun(client.create_contact("0799 000 002", first_name="Baraka"))
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 2)
    delete(qtbot, tab, [0, 1])
    wait_loaded(qtbot, tab, 0)
    arun(client.create_contact("0799000001", first_name="Someone else"))  # another computer
    with qtbot.waitSignal(tab.job_finished, timeout=15000):
        qtbot.mouseClick(tab.undo_button, LEFT)
    wait_loaded(qtbot, tab, 2)
    assert tab.notice.text() == (
        "Added back 1 contact. Not added twice, as their number is in your contacts again "
        "(added meanwhile): Achieng Otieno."
    )
    assert sorted((c.phone, c.first_name) for c in everyone(arun, client)) == [
        ("+254799000001", "Someone else"),  # theirs is kept, not overwritten
        ("+254799000002", "Baraka"),
    ]


def test_offline_undo_says_so_and_keeps_the_offer(
    qtbot: Any, arun: Any, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    ctx = own_ctx
    seed(arun, ctx, 10)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 10)
    delete(qtbot, tab, [0, 1, 2])
    wait_loaded(qtbot, tab, 7)

    own_sandbox.stop()
    with qtbot.waitSignal(tab.job_finished, timeout=20000):
        qtbot.mouseClick(tab.undo_button, LEFT)
    assert tab.notice.text() == (
        f"3 contacts not added back yet. {NO_CONNECTION} Undo stays here for them."
    )
    assert tab.undo_button.isVisible()
    assert tab.undo_button.isEnabled()

    own_sandbox.start()
    with qtbot.waitSignal(tab.job_finished, timeout=20000):
        qtbot.mouseClick(tab.undo_button, LEFT)
    wait_loaded(qtbot, tab, 10)
    assert tab.notice.text() == "Added back 3 contacts."
    assert not tab.undo_button.isVisible()
    assert len(everyone(arun, ctx.client())) == 10


def test_the_next_delete_and_the_time_running_out_end_the_offer(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 10)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 10)
    first = arun(ctx.services.contacts.page(ctx.session.client, "x", 1, 1, ContactQuery())).rows
    delete(qtbot, tab, [0])
    wait_loaded(qtbot, tab, 9)
    delete(qtbot, tab, [0, 1])  # the next delete: Undo is now for these two only
    wait_loaded(qtbot, tab, 7)
    assert tab.notice.text() == "Deleted 2 contacts."
    with qtbot.waitSignal(tab.job_finished, timeout=15000):
        qtbot.mouseClick(tab.undo_button, LEFT)
    wait_loaded(qtbot, tab, 9)
    assert first[0].phone not in {c.phone for c in everyone(arun, ctx.client())}

    # another notice meanwhile gives way back to the Undo when its time is up
    tab._undo_timer.setInterval(60_000)
    delete(qtbot, tab, [0])
    tab._notice_timer.setInterval(50)
    tab.show_notice("Exported 9 contacts to contacts.xlsx.")
    assert not tab.undo_button.isVisible()
    qtbot.waitUntil(lambda: tab.undo_button.isVisible(), timeout=5000)
    assert tab.notice.text() == "Deleted 1 contact."

    tab._undo_timer.setInterval(50)  # the time to undo runs out
    tab._undo_timer.start()
    qtbot.waitUntil(lambda: not tab.undo_button.isVisible(), timeout=5000)
    assert not tab.notice.isVisible()
    tab.undo_delete()
    assert not tab.ctx.tasks.is_running("contacts.job")
