"""Remove double-clicked on the opt-out list: the second click took the customer who moved up
into the removed one's row off the list too (a removal takes ~10 ms, the choice stayed on the
row), and both times the status said "1 taken off the list"."""

from __future__ import annotations

from typing import Any

from desktop_app.core.services.optouts import OptOutSource
from tests.ui.test_optouts import PROFILE, open_list


def test_the_second_click_of_a_double_click_on_remove_takes_nobody_else_off(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    stopped = ["+254712000001", "+254712000002", "+254712000003"]
    for phone in stopped:
        arun(ctx.services.optouts.add(PROFILE, [phone], OptOutSource.REPLIED))
    dialog = open_list(qtbot, ctx)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 3)
    dialog.table.selectRow(0)
    dialog.remove_button.click()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 2)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("optouts.remove"))
    qtbot.wait(50)
    assert not dialog.remove_button.isEnabled()  # nothing chosen any more
    dialog.remove_button.click()  # the second click, ~100 ms after the first
    qtbot.wait(300)
    assert len(arun(ctx.services.optouts.among(PROFILE, stopped))) == 2
    dialog.table.selectRow(0)  # chosen again on purpose: Remove is there for it
    assert dialog.remove_button.isEnabled()
