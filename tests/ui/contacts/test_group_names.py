"""Groups: a rename of the group shown left its old name under the title and in the Message
menu; a name another group has ended in "Could not update Tuma's records", an "unexpected
error" logged with a traceback, and the typing lost."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QInputDialog

from tests.ui.contacts.helpers import make_tab, seed, wait_loaded
from tests.ui.contacts.test_groups import group_action


def _group_of_two(qtbot: Any, ctx: Any, arun: Any, name: str = "Staf") -> Any:
    seed(arun, ctx, 4)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 4)
    with qtbot.waitSignal(tab.groups.groups_loaded, timeout=5000):
        tab.groups.create_group(name)
    tab.groups.choose(None)
    wait_loaded(qtbot, tab, 4)
    tab.select_rows([0, 1])
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        group_action(tab, name).trigger()
    tab.groups.choose(tab.groups.groups[0].id)
    wait_loaded(qtbot, tab, 2)
    return tab


def test_renaming_the_group_shown_renames_it_everywhere(qtbot: Any, ctx: Any, arun: Any) -> None:
    tab = _group_of_two(qtbot, ctx, arun)
    assert tab.subtitle.text() == "2 contacts in “Staf”"
    with qtbot.waitSignal(tab.groups.groups_loaded, timeout=5000):
        tab.groups.rename_group(tab.groups.current_group(), "Staff")
    qtbot.waitUntil(lambda: tab.subtitle.text() == "2 contacts in “Staff”", timeout=5000)
    assert tab.message_group_action.text() == "Message everyone in “Staff”"


def test_a_name_another_group_has_is_said_plainly_and_asked_again(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    tab = make_tab(qtbot, ctx)
    with qtbot.waitSignal(tab.groups.groups_loaded, timeout=5000):
        tab.groups.create_group("Staff")
    tab.groups.create_group("  staff ")
    qtbot.waitUntil(lambda: ctx.errors.last is not None, timeout=5000)
    said = ctx.errors.last
    assert said.title == "Choose another name"
    assert "A group called “Staff” already exists." in said.text
    assert [g.name for g in tab.groups.groups] == ["Staff"]
    # asked again, with what was typed (and no "unexpected error" logged: no_unexpected_log)
    qtbot.waitUntil(
        lambda: any(d.isVisible() for d in tab.findChildren(QInputDialog)), timeout=5000
    )
    dialog = next(d for d in tab.findChildren(QInputDialog) if d.isVisible())
    assert dialog.textValue() == "  staff "
    dialog.reject()
