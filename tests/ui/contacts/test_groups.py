"""Groups kept on this computer, and messaging from the Contacts tab, against the sandbox:
create a group, add the selected contacts, filter by it, see it in the rows, message the
selection / everyone matching / the group (Compose gets them, with their names)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QInputDialog

from desktop_app.ui.contacts.states import State
from tests.contacts_data import e164_of
from tests.ui.compose.helpers import make_tab as make_compose_tab
from tests.ui.contacts.helpers import LEFT, answer, make_tab, seed, wait_loaded


def name_group(qtbot: Any, tab: Any, name: str) -> None:
    """Type *name* in the group-name box the panel opened, and press Save."""
    qtbot.waitUntil(
        lambda: tab.groups.findChild(QInputDialog, "groupNameDialog") is not None, timeout=5000
    )
    dialog = tab.groups.findChild(QInputDialog, "groupNameDialog")
    dialog.setTextValue(name)
    dialog.accept()


def group_action(tab: Any, text: str) -> Any:
    tab._fill_group_menu()  # what opening the Groups button's menu does
    for action in tab.group_menu.actions():
        menu = action.menu()
        for inner in menu.actions() if menu is not None else [action]:
            if inner.text() == text:
                return inner
    raise AssertionError(f"no {text!r} in the Groups menu")


def test_groups_create_add_filter_and_message(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 50)
    compose = make_compose_tab(qtbot, ctx)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 50)
    assert tab.groups.note.text() == "Kept on this computer only"
    with qtbot.waitSignal(tab.groups.groups_loaded, timeout=5000):
        qtbot.mouseClick(tab.groups.new_button, LEFT)
        name_group(qtbot, tab, "Wholesale")
    assert [g.name for g in tab.groups.groups] == ["Wholesale"]
    qtbot.waitUntil(lambda: tab.groups.current_group() is not None, timeout=5000)
    qtbot.waitUntil(lambda: tab.state_page.state is State.NO_MATCHES, timeout=5000)
    assert tab.state_page.title.text() == "“Wholesale” has nobody in it yet"
    tab.groups.choose(None)  # back to everyone
    wait_loaded(qtbot, tab, 50)

    tab.select_rows([0, 2, 21])  # two pages
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        group_action(tab, "Wholesale").trigger()
    assert tab.notice.text() == "Added 3 contacts to “Wholesale”."
    assert tab.model.data(tab.model.index(0, 2)) == "Wholesale"  # the row shows its group
    assert tab.model.data(tab.model.index(1, 2)) == ""
    qtbot.waitUntil(lambda: tab.groups.groups and tab.groups.groups[0].size == 3, timeout=5000)

    tab.groups.choose(tab.groups.groups[0].id)  # filter the grid by the group
    wait_loaded(qtbot, tab, 3)
    assert {tab.model.row_at(r).phone for r in range(3)} == {  # type: ignore[union-attr]
        e164_of(49),
        e164_of(47),
        e164_of(28),
    }
    assert tab.subtitle.text() == "3 contacts in “Wholesale”"

    asked: list[str] = []
    ctx.show_tab_requested.connect(asked.append)
    assert tab.message_group_action.isEnabled()
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        tab.message_group_action.trigger()
    people = compose.recipients.people()
    assert {p.phone for p in people} == {e164_of(49), e164_of(47), e164_of(28)}
    assert all(p.first_name and p.from_contacts for p in people)  # names, to personalise
    assert asked == ["compose"]

    tab.select_rows([0])
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        group_action(tab, "Remove selected from “Wholesale”").trigger()
    wait_loaded(qtbot, tab, 2)


def test_message_selected_and_everyone_matching(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 70)
    compose = make_compose_tab(qtbot, ctx)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 70)
    tab.select_rows([0, 1])
    assert tab.message_selected_action.text() == "Message selected (2)"
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        tab.message_selected_action.trigger()
    assert [p.phone for p in compose.recipients.people()] == [e164_of(69), e164_of(68)]
    assert "Ready to send to 2 people" in compose.notice.label.text()
    compose.recipients.clear()

    qtbot.keyClicks(tab.search_edit, "Achieng")  # numbers 0, 17, 34, 51, 68: every page
    qtbot.waitUntil(lambda: tab.model.known and tab.model.total == 5, timeout=10000)
    tab.size_combo.setCurrentIndex(0)
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        tab.message_matching_action.trigger()
    assert sorted(p.phone for p in compose.recipients.people()) == sorted(
        e164_of(n) for n in (0, 17, 34, 51, 68)
    )
    assert {p.first_name for p in compose.recipients.people()} == {"Achieng"}


def test_a_group_member_the_service_no_longer_has_is_shown_as_such(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 3)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 3)
    with qtbot.waitSignal(tab.groups.groups_loaded, timeout=5000):
        tab.groups.create_group("Staff")
    tab.groups.choose(None)
    wait_loaded(qtbot, tab, 3)
    tab.select_rows([0])
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        group_action(tab, "Staff").trigger()
    gone = tab.model.row_at(0)
    assert gone is not None
    assert gone.contact is not None
    arun(ctx.client().delete_contact(gone.contact.uuid))  # deleted elsewhere (the portal)
    tab.groups.choose(tab.groups.groups[0].id)
    wait_loaded(qtbot, tab, 1)
    assert tab.model.data(tab.model.index(0, 0)) == gone.name
    assert tab.model.data(tab.model.index(0, 3)) == "Not in your contacts any more"


def test_rename_and_delete_a_group_from_the_panel(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 4)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 4)
    with qtbot.waitSignal(tab.groups.groups_loaded, timeout=5000):
        tab.groups.create_group("Staf")
    tab.select_rows([0, 1])
    tab.groups.choose(None)
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        group_action(tab, "Staf").trigger()
    tab.groups.choose(tab.groups.groups[0].id)
    wait_loaded(qtbot, tab, 2)
    assert tab.groups.rename_action.text() == "Rename “Staf”…"
    with qtbot.waitSignal(tab.groups.groups_loaded, timeout=5000):
        tab.groups.rename_action.trigger()
        name_group(qtbot, tab, "Staff")
    assert tab.groups.list.currentItem().text() == "Staff (2)"
    assert tab.groups.current_group().name == "Staff"
    with qtbot.waitSignal(tab.groups.groups_loaded, timeout=5000):
        tab.groups.delete_action.trigger()
        question = answer(qtbot, tab.groups)
    assert question == "Delete the group “Staff”?"
    assert tab.groups.groups == []
    assert tab.groups.current_group() is None  # back to everyone
    wait_loaded(qtbot, tab, 4)  # the contacts themselves stay
    assert tab.model.data(tab.model.index(0, 2)) == ""


def test_a_group_cannot_be_saved_without_a_name(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    """Save used to accept a blank name, and the store's refusal came back as an error bar
    about Tuma's records; now Save waits for a name, and Enter on a blank one does nothing."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDialogButtonBox, QLineEdit

    tab = make_tab(qtbot, ctx)
    qtbot.mouseClick(tab.groups.new_button, LEFT)
    qtbot.waitUntil(
        lambda: tab.groups.findChild(QInputDialog, "groupNameDialog") is not None, timeout=5000
    )
    dialog = tab.groups.findChild(QInputDialog, "groupNameDialog")
    save = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    line = dialog.findChild(QLineEdit)
    assert save.text() == "Save"
    assert not save.isEnabled()
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert dialog.isVisible()
    qtbot.keyClicks(line, "   ")
    assert not save.isEnabled()
    qtbot.keyClicks(line, "Staff")
    assert save.isEnabled()
    line.clear()
    assert not save.isEnabled()
    qtbot.keyClicks(line, "Staff")
    # (the reading after the save, not the tab's first reading, whose done-callback may
    # come only now, with no group yet)
    with qtbot.waitSignal(
        tab.groups.groups_loaded,
        timeout=5000,
        check_params_cb=lambda groups: [g.name for g in groups] == ["Staff"],
    ):
        qtbot.keyClick(line, Qt.Key.Key_Return)
    assert [g.name for g in tab.groups.groups] == ["Staff"]
    assert ctx.errors.last is None

    # renaming to nothing is refused the same way
    tab.groups.ask_rename()
    qtbot.waitUntil(
        lambda: any(
            d.isVisible() for d in tab.groups.findChildren(QInputDialog, "groupNameDialog")
        ),
        timeout=5000,
    )
    dialog = next(
        d for d in tab.groups.findChildren(QInputDialog, "groupNameDialog") if d.isVisible()
    )
    save = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert save.isEnabled()  # the current name
    dialog.findChild(QLineEdit).clear()
    assert not save.isEnabled()
    dialog.reject()
