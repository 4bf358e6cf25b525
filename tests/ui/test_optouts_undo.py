"""The opt-out list when staff are in a hurry: a number taken off by a slip comes back with
one click on Undo (with its reason and date), Remove pressed twice takes nothing off twice,
and a file's rows that hold no number are named by row (the first few, then how many more);
a row whose e-mail cell is no address still has its number added."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialog

from desktop_app.core.services.optouts import OptOutSource
from tests.ui.test_optouts import PROFILE, added_dialog, open_list

STOPPED = ["+254712000001", "+254712000002", "+254712000003"]


def added_on(arun: Any, ctx: Any) -> dict[str, tuple[OptOutSource, datetime]]:
    rows = arun(ctx.services.optouts.page(PROFILE, limit=100))
    return {row.phone: (row.source, row.added_at) for row in rows}


def test_a_number_taken_off_by_mistake_comes_back_with_undo(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    arun(ctx.services.optouts.add(PROFILE, STOPPED[:2], OptOutSource.REPLIED))
    arun(ctx.services.optouts.add(PROFILE, STOPPED[2:], OptOutSource.BLOCKED))
    before = added_on(arun, ctx)
    dialog = open_list(qtbot, ctx)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 3)
    assert dialog.undo_button.isHidden()
    row = next(r for r in range(3) if dialog.table.item(r, 0).toolTip() == STOPPED[2])
    dialog.table.selectRow(row)
    # pressed twice in a hurry: taken off once, and the Undo still knows what it took
    dialog.remove_button.click()
    dialog.remove_button.click()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 2)
    qtbot.waitUntil(lambda: not dialog.undo_button.isHidden())
    assert dialog.status.text() == "1 taken off the list: they can get promotions again."
    assert STOPPED[2] not in added_on(arun, ctx)
    # (Undo is enabled again by the removal's done-callback, a moment after its task ended;
    # pressed before, it does nothing)
    qtbot.waitUntil(dialog.undo_button.isEnabled)
    dialog.undo_button.click()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 3)
    qtbot.waitUntil(lambda: dialog.undo_button.isHidden())
    assert dialog.status.text() == "1 put back on the opt-out list."
    # back as it was: why it was listed, and since when (the list's order by date)
    assert added_on(arun, ctx) == before
    shown = {dialog.table.item(r, 0).toolTip(): dialog.table.item(r, 1).text() for r in range(3)}
    assert shown[STOPPED[2]] == "Blocked promotions (delivery report)"


def test_undo_keeps_a_number_added_again_meanwhile_as_it_is_now(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    arun(ctx.services.optouts.add(PROFILE, STOPPED[:1], OptOutSource.REPLIED))
    dialog = open_list(qtbot, ctx)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    dialog.table.selectRow(0)
    dialog.remove_button.click()
    qtbot.waitUntil(lambda: not dialog.undo_button.isHidden())
    arun(ctx.services.optouts.add(PROFILE, STOPPED[:1], OptOutSource.STAFF))
    qtbot.waitUntil(dialog.undo_button.isEnabled)  # (by the removal's done-callback)
    dialog.undo_button.click()
    qtbot.waitUntil(lambda: dialog.undo_button.isHidden())
    assert dialog.status.text() == "0 put back on the opt-out list."
    assert added_on(arun, ctx)[STOPPED[0]][0] is OptOutSource.STAFF
    assert datetime.now(UTC) >= added_on(arun, ctx)[STOPPED[0]][1]


def test_rows_of_a_file_that_are_no_numbers_are_named(qtbot, ctx, arun, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    sheet = tmp_path / "stop replies.csv"
    lines = ["Jina,Simu,Barua pepe", "Amina,0712 000 001,amina@example.com"]
    lines += ["Baraka,hapana,", "Chebet,,", "Daudi,0712 000 003 / 0722 000 111,"]
    lines += [f"Mteja {n},12{n},," for n in range(4)]
    lines += ["Esther,0712 000 002,not an address"]  # the number still counts
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    dialog = open_list(qtbot, ctx)
    dialog.import_file(sheet)
    dialog.import_file(sheet)  # pressed again while reading: one read, one report
    qtbot.waitUntil(lambda: "added to the opt-out list" in dialog.status.text(), timeout=10000)
    assert dialog.status.text() == (
        "2 added to the opt-out list. Rows not read as phone numbers, so not added: "
        "row 3 (“hapana”), row 4 (empty), row 5 (“0712 000 003 / 0722 000 111”), "
        "row 6 (“120”), row 7 (“121”) and 2 more. Correct them in the file and add it again."
    )
    assert arun(ctx.services.optouts.among(PROFILE, ["+254712000001", "+254712000002"])) == {
        "+254712000001",
        "+254712000002",
    }
    qtbot.waitUntil(lambda: dialog.import_button.isEnabled())


def test_each_removal_can_be_undone_the_latest_first(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    """Three numbers taken off one after another all come back, the latest first; two taken
    off together come back with one Undo; adding numbers ends what Undo can put back."""
    arun(ctx.services.optouts.add(PROFILE, STOPPED, OptOutSource.REPLIED))
    arun(ctx.services.optouts.add(PROFILE, ["+254712000004", "+254712000005"], OptOutSource.STAFF))
    before = added_on(arun, ctx)
    dialog = open_list(qtbot, ctx)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 5)

    def take_off(*phones: str) -> None:
        count = dialog.table.rowCount()
        dialog.table.clearSelection()
        for r in range(count):
            if dialog.table.item(r, 0).toolTip() in phones:
                dialog.table.selectionModel().select(
                    dialog.table.model().index(r, 0),
                    dialog.table.selectionModel().SelectionFlag.Select
                    | dialog.table.selectionModel().SelectionFlag.Rows,
                )
        dialog.remove_button.click()
        qtbot.waitUntil(lambda: dialog.table.rowCount() == count - len(phones))
        qtbot.waitUntil(lambda: not ctx.tasks.is_running("optouts.remove"))

    def undo(rows: int) -> None:
        # (enabled again by the done-callback of the change before, a moment after its task
        # ended; pressed before, it does nothing)
        qtbot.waitUntil(dialog.undo_button.isEnabled)
        dialog.undo_button.click()
        qtbot.waitUntil(lambda: dialog.table.rowCount() == rows)
        qtbot.waitUntil(lambda: not ctx.tasks.is_running("optouts.undo"))

    take_off("+254712000004", "+254712000005")  # one removal of two rows
    for phone in STOPPED:
        take_off(phone)
    assert dialog.table.rowCount() == 0
    undo(1)
    assert set(added_on(arun, ctx)) == {STOPPED[2]}
    assert not dialog.undo_button.isHidden()  # the removals before can be undone too
    assert dialog.status.text() == (
        "1 put back on the opt-out list. Press Undo again to put back the 1 taken off before."
    )
    undo(2)
    undo(3)
    assert set(added_on(arun, ctx)) == set(STOPPED)
    assert dialog.status.text() == (
        "1 put back on the opt-out list. Press Undo again to put back the 2 taken off before."
    )
    assert not dialog.undo_button.isHidden()
    undo(5)
    assert dialog.status.text() == "2 put back on the opt-out list."
    assert dialog.undo_button.isHidden()
    assert added_on(arun, ctx) == before  # each with its reason and date

    # numbers added after a removal: Undo beside "added" would read as taking them off again
    take_off(STOPPED[0])
    dialog.add_button.click()
    add = added_dialog(qtbot, dialog)
    add.numbers_edit.setPlainText("0712 000 009")
    add.done(QDialog.DialogCode.Accepted.value)
    qtbot.waitUntil(lambda: "added to the opt-out list" in dialog.status.text())
    assert dialog.undo_button.isHidden()
    dialog.undo_remove()
    assert not ctx.tasks.is_running("optouts.undo")
