"""The Contacts tab in a hurry, against the sandbox: another action pressed while a delete
runs, deleting a group member the service no longer has, searching while deep in the list,
messaging a search straight after typing it, editing after paging far away, and the words
of the opt-out and edit-form notices."""

from __future__ import annotations

from typing import Any

from desktop_app.core.services.contacts import ExportFormat
from desktop_app.core.services.optouts import OptOutSource
from tests.ui.contacts.helpers import LEFT, answer, make_tab, seed, wait_loaded
from tests.ui.contacts.test_groups import group_action

NOT_STARTED = "Not started: “Deleting 10 contacts…” is still running."


def _add_to_new_group(qtbot: Any, tab: Any, name: str, rows: list[int]) -> Any:
    """A group called *name* with the contacts of these rows of everyone in it."""
    with qtbot.waitSignal(tab.groups.groups_loaded, timeout=5000):
        tab.groups.create_group(name)
    tab.groups.choose(None)
    wait_loaded(qtbot, tab)
    tab.select_rows(rows)
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        group_action(tab, name).trigger()
    tab.table.clearSelection()
    return next(g for g in tab.groups.groups if g.name == name)


def _group_submenu(tab: Any) -> Any:
    """The Groups menu's "Add selected to" item, as the menu shows it when opened."""
    tab._fill_group_menu()
    return next(a for a in tab.group_menu.actions() if a.menu() is not None)


def test_other_actions_wait_while_a_delete_runs_and_never_cut_it_short(
    qtbot: Any, ctx: Any, arun: Any, admin: Any, tmp_path: Any
) -> None:
    """The assistant deletes 10 customers of a group and, while the delete runs, reaches for
    Message > Message selected, Groups > Add selected to / Remove selected from the group (or
    a click queued before they greyed out, or a shortcut). They wait, greyed out; reached
    anyway, each says it was not started and changes nothing. The delete runs to its end:
    all 10 deleted, said, with Undo (it was cut off part-way, with no word and no Undo)."""
    seed(arun, ctx, 30)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 30)
    staff = _add_to_new_group(qtbot, tab, "Staff", list(range(10)))
    tab.groups.choose(staff.id)
    wait_loaded(qtbot, tab, 10)
    tab.select_rows(range(10))
    qtbot.mouseClick(tab.delete_button, LEFT)
    admin.fault("delay", 10, path_prefix="/api/v1/contacts", seconds=0.3)
    try:
        answer(qtbot, tab)
        qtbot.waitUntil(lambda: tab.progress.bar.value() >= 1, timeout=5000)  # some deleted
        assert tab.progress.isVisible()
        assert not tab.message_selected_action.isEnabled()
        assert not _group_submenu(tab).isEnabled()
        remove = group_action(tab, "Remove selected from “Staff”")
        assert not remove.isEnabled()
        for reached_anyway in (
            tab.message_selected,
            lambda: tab.add_selected_to(staff),
            tab.remove_selected_from_group,
            tab.opt_out_selected,
            tab.message_matching,
            tab.message_group,
            lambda: tab.export_to(tmp_path / "staff.xlsx", ExportFormat.XLSX),
        ):
            reached_anyway()
            assert tab.notice.text().startswith(NOT_STARTED)
            assert tab.progress.label.text() == "Deleting 10 contacts…"
            assert ctx.tasks.is_running("contacts.job")
        qtbot.waitUntil(lambda: not ctx.tasks.is_running("contacts.job"), timeout=20000)
    finally:
        admin.clear_faults()
    assert tab.notice.text() == "Deleted 10 contacts."
    assert tab.undo_button.isVisible()
    assert arun(ctx.client().list_contacts(page=1, page_size=100)).total == 20
    assert not (tmp_path / "staff.xlsx").exists()
    wait_loaded(qtbot, tab, 0)


def test_deleting_a_group_member_the_service_no_longer_has(qtbot: Any, ctx: Any, arun: Any) -> None:
    """In a group, the assistant deletes a row marked "Not in your contacts any more" (it was
    deleted on another computer). The number leaves the groups on this computer, as the
    question promised, and the notice says just that (it said "Deleted 0 contacts." and the
    row stayed); Undo puts it back in its group."""
    seed(arun, ctx, 3)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 3)
    staff = _add_to_new_group(qtbot, tab, "Staff", [0, 1])
    gone = tab.model.row_at(0)
    assert gone is not None
    assert gone.contact is not None
    arun(ctx.client().delete_contact(gone.contact.uuid))  # deleted on another computer
    tab.groups.choose(staff.id)
    wait_loaded(qtbot, tab, 2)
    ghost = next(r for r in range(2) if tab.model.row_at(r).contact is None)  # type: ignore[union-attr]
    tab.select_rows([ghost])
    qtbot.mouseClick(tab.delete_button, LEFT)
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        assert answer(qtbot, tab) == "Delete 1 contact from your provider's contact list?"
    wait_loaded(qtbot, tab, 1)
    assert tab.notice.text() == (
        "Took 1 number out of the groups on this computer (no longer in your provider's contacts)."
    )
    profile = ctx.session.profile.name
    assert arun(ctx.services.contacts.groups_of(profile, [gone.phone])) == {}
    assert tab.undo_button.isVisible()

    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        qtbot.mouseClick(tab.undo_button, LEFT)
    assert tab.notice.text() == "Put 1 number back in the groups on this computer."
    assert arun(ctx.services.contacts.groups_of(profile, [gone.phone])) == {gone.phone: ("Staff",)}
    assert not tab.undo_button.isVisible()
    wait_loaded(qtbot, tab, 2)
    assert arun(ctx.client().list_contacts(page=1, page_size=100)).total == 2  # none added


def test_deleting_a_contact_and_a_number_the_service_no_longer_has_together(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    """Both kinds in one delete: the notice counts each truthfully."""
    seed(arun, ctx, 3)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 3)
    staff = _add_to_new_group(qtbot, tab, "Staff", [0, 1])
    gone = tab.model.row_at(0)
    assert gone is not None
    assert gone.contact is not None
    arun(ctx.client().delete_contact(gone.contact.uuid))
    tab.groups.choose(staff.id)
    wait_loaded(qtbot, tab, 2)
    tab.select_rows([0, 1])
    qtbot.mouseClick(tab.delete_button, LEFT)
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        answer(qtbot, tab)
    wait_loaded(qtbot, tab, 0)
    assert tab.notice.text() == (
        "Deleted 1 contact. Took 1 number out of the groups on this computer (no longer in "
        "your provider's contacts)."
    )
    assert arun(ctx.client().list_contacts(page=1, page_size=100)).total == 1


def test_a_search_typed_while_deep_in_the_list_shows_its_first_matches(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    """Scrolled to page 10, the assistant types a search: its first matches are shown, "Page
    1 of 5" (it showed the end of the results, "Page 5 of 5"). Choosing a group alike."""
    seed(arun, ctx, 250)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 250)
    tab.go_to_page(10)
    qtbot.waitUntil(lambda: tab.model.row_at(180) is not None, timeout=10000)
    qtbot.keyClicks(tab.search_edit, "0700 000 1")  # matches 100..199: 100 rows, 5 pages
    qtbot.waitUntil(lambda: tab.model.known and tab.model.total == 100, timeout=10000)
    assert tab.table.rowAt(0) == 0
    assert tab.page_label.text() == "Page 1 of 5"

    staff = _add_to_new_group(qtbot, tab, "Staff", list(range(45)))  # (matches)
    tab.search_edit.clear()
    tab.search_now()
    wait_loaded(qtbot, tab, 250)
    tab.go_to_page(12)
    qtbot.waitUntil(lambda: tab.page_label.text() == "Page 12 of 13", timeout=10000)
    tab.groups.choose(staff.id)
    wait_loaded(qtbot, tab, 45)
    assert tab.table.rowAt(0) == 0
    assert tab.page_label.text() == "Page 1 of 3"


def test_message_everyone_matching_straight_after_typing_a_search(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    """The assistant types "Baraka" and at once picks Message everyone matching: Compose gets
    the 6 Barakas (it got all 90 customers, the list before the search)."""
    seed(arun, ctx, 90)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 90)
    got: list[Any] = []
    ctx.compose_requested.connect(got.append)
    qtbot.keyClicks(tab.search_edit, "Baraka")
    assert tab._search_timer.isActive()  # not sent yet
    assert tab.message_matching_action.isEnabled()
    with qtbot.waitSignal(tab.job_finished, timeout=20000):
        tab.message_matching_action.trigger()
    assert len(got) == 1
    assert len(got[0].people) == 6
    assert {p.first_name for p in got[0].people} == {"Baraka"}


def test_message_everyone_matching_a_search_nobody_matches_says_so(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    """Typed a name nobody has and picked Message everyone matching at once: nothing goes to
    Compose, and the notice says nobody matched (it did nothing, without a word)."""
    seed(arun, ctx, 5)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 5)
    got: list[Any] = []
    ctx.compose_requested.connect(got.append)
    qtbot.keyClicks(tab.search_edit, "Zebedayo")
    with qtbot.waitSignal(tab.job_finished, timeout=20000):
        tab.message_matching_action.trigger()
    assert got == []
    assert tab.notice.text() == "Nobody matches, so nobody was added to a message."


def test_edit_after_paging_away_from_the_selected_row(qtbot: Any, ctx: Any, arun: Any) -> None:
    """The assistant selects the first customer, pages more than 10 pages on (that page is
    no longer in memory), and presses Edit…: the form opens for that customer (it did
    nothing, and said nothing)."""
    seed(arun, ctx, 260)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 260)
    first = tab.model.row_at(0)
    assert first is not None
    assert first.contact is not None
    tab.select_rows([0])
    for page in range(2, 14):  # more than the 10 pages kept in memory
        tab.go_to_page(page)
        qtbot.waitUntil(lambda p=page: tab.model.row_at((p - 1) * 20) is not None, timeout=10000)
    assert tab.model.row_at(0) is None
    assert tab.edit_button.isEnabled()
    qtbot.mouseClick(tab.edit_button, LEFT)
    qtbot.waitUntil(lambda: bool(tab._forms) and tab._forms[-1].isVisible(), timeout=10000)
    form = tab._forms[-1]
    assert form.contact is not None
    assert form.contact.uuid == first.contact.uuid
    assert form.first_edit.text() == first.contact.first_name
    form.reject()


def test_opt_out_notice_counts_those_on_the_list_already_in_words(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    """Adding customers to the opt-out list when some were on it already: the notice counts
    them in proper words (it said "1 were on it already")."""
    seed(arun, ctx, 5)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 5)
    profile = ctx.session.profile.name
    on_it = [tab.model.row_at(r).phone for r in range(3)]  # type: ignore[union-attr]
    arun(ctx.services.optouts.add(profile, on_it[:1], OptOutSource.STAFF))
    tab.select_rows([0, 3])
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        tab.opt_out_selected_action.trigger()
    assert tab.notice.text() == "1 person added to the opt-out list; 1 person already on it."

    arun(ctx.services.optouts.add(profile, on_it[1:3], OptOutSource.STAFF))
    tab.table.clearSelection()
    tab.select_rows([1, 2, 4])
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        tab.opt_out_selected_action.trigger()
    assert tab.notice.text() == "1 person added to the opt-out list; 2 people already on it."

    tab.table.clearSelection()
    tab.select_rows([0, 1])
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        tab.opt_out_selected_action.trigger()
    assert tab.notice.text() == "Nobody was added to the opt-out list: they were on it already."


def test_the_edit_form_title_shortens_a_very_long_name_with_an_ellipsis(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    """The assistant opens a customer whose name is ~170 characters long: the form widens no
    further than before, and its title ends in "…" (it was cut mid-word, with nothing to say
    so), the whole name in its tooltip and for a screen reader."""
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 0)
    long_first = "Wanjiku " * 11
    long_last = "Nyambura-Kamau " * 6
    contact = arun(
        ctx.client().create_contact(
            "0712345678", first_name=long_first.strip(), last_name=long_last.strip()
        )
    )
    assert len(contact.display_name) > 160
    form = tab.open_form(contact)
    qtbot.waitUntil(form.isVisible)
    title = form.title_label
    assert form.width() < 800
    assert title.text().endswith("…")
    assert title.fontMetrics().horizontalAdvance(title.text()) <= title.contentsRect().width()
    assert title.toolTip() == contact.display_name
    assert title.accessibleName() == contact.display_name
    form.reject()
