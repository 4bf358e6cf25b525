"""The opt-out list, as staff keep it: numbers typed or pasted (bad ones counted), from a
spreadsheet, taken off again, the account's opt-out line saved (and then used by Compose), and
customers put on the list from the Contacts tab; plus the Account menu opening it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialog

from desktop_app.core.rules import DEFAULT_OPT_OUT_LINE
from desktop_app.core.services.optouts import OptOutSource
from desktop_app.ui.optouts import AddNumbersDialog, OptOutListDialog
from tests.ui.contacts.helpers import make_tab as contacts_tab
from tests.ui.contacts.helpers import seed, wait_loaded

PROFILE = "Test shop"


def open_list(qtbot: Any, ctx: Any) -> OptOutListDialog:
    dialog = OptOutListDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("optouts.load"))
    qtbot.waitUntil(lambda: dialog.line_edit.text() != "")
    return dialog


def added_dialog(qtbot: Any, dialog: OptOutListDialog) -> AddNumbersDialog:
    found: list[AddNumbersDialog] = []

    def visible() -> bool:
        found[:] = [d for d in dialog.findChildren(AddNumbersDialog) if d.isVisible()]
        return bool(found)

    qtbot.waitUntil(visible)
    return found[0]


def test_numbers_typed_in_are_added_and_bad_ones_counted(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    dialog = open_list(qtbot, ctx)
    assert dialog.status.text() == "Nobody is on the list yet."
    assert dialog.line_edit.text() == DEFAULT_OPT_OUT_LINE
    dialog.add_button.click()
    add = added_dialog(qtbot, dialog)
    add.numbers_edit.setPlainText("0712 345 678\n+254 722 000 111\nhello\n0712345678")
    add.source_combo.setCurrentIndex(add.source_combo.findData(OptOutSource.STAFF))
    add.done(QDialog.DialogCode.Accepted.value)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 2)
    assert "2 added to the opt-out list" in dialog.status.text()
    assert dialog.status.text() == (
        "2 added to the opt-out list. Not phone numbers, so not added: “hello”. Check them "
        "and add them again."
    )
    assert dialog.table.item(0, 1).text() == "Asked us"
    listed = arun(ctx.services.optouts.among(PROFILE, ["+254712345678", "+254722000111"]))
    assert listed == {"+254712345678", "+254722000111"}
    # Found by the number as it is typed in Kenya.
    dialog.search_edit.setText("0722")
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    assert "1 found, of 2" in dialog.status.text()
    # Taken off again.
    dialog.table.selectRow(0)
    assert dialog.remove_button.isEnabled()
    dialog.remove_button.click()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 0)
    assert arun(ctx.services.optouts.count(PROFILE)) == 1


def test_rows_pasted_from_excel_and_numbers_already_on_the_list(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    """Two columns copied from Excel (a name beside each number), two numbers on one line,
    one number in all three ways of writing it: every number is added once, the names are
    not counted as bad numbers, and what is no number is named, as it was typed."""
    dialog = open_list(qtbot, ctx)
    dialog.add_button.click()
    add = added_dialog(qtbot, dialog)
    add.numbers_edit.setPlainText(
        "Amina\t0712 000 001\nBaraka\t0712-000-002\n0712000003 0712000004\nJuma\t12"
    )
    add.done(QDialog.DialogCode.Accepted.value)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 4)
    assert dialog.status.text() == (
        "4 added to the opt-out list. Not phone numbers, so not added: “Juma 12”. Check them "
        "and add them again."
    )
    dialog.add_button.click()
    add = added_dialog(qtbot, dialog)
    add.numbers_edit.setPlainText("0712000001\n+254712000001\n254712000001\n+254 712 000 005")
    add.done(QDialog.DialogCode.Accepted.value)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 5)
    assert dialog.status.text() == "1 added to the opt-out list (1 already on it)."
    assert arun(ctx.services.optouts.count(PROFILE)) == 5


def test_numbers_from_a_spreadsheet(qtbot, ctx, arun, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    sheet = tmp_path / "stop replies.csv"
    sheet.write_text("Jina;Simu\nAmina;0712 000 001\nBaraka;0712-000-002\nJuma;12\n")
    dialog = open_list(qtbot, ctx)
    dialog.import_file(sheet)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 2)
    qtbot.waitUntil(lambda: "2 added" in dialog.status.text())
    assert dialog.table.item(0, 1).text() == "From a file"


def test_a_file_that_is_not_a_spreadsheet_is_explained(qtbot, ctx, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    junk = tmp_path / "photo.xlsx"
    junk.write_bytes(b"\x89PNG not a workbook")
    dialog = open_list(qtbot, ctx)
    dialog.import_file(junk)
    qtbot.waitUntil(lambda: "could not be read" in dialog.status.text())
    assert dialog.table.rowCount() == 0


def test_the_opt_out_line_is_saved_and_compose_adds_it(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    dialog = open_list(qtbot, ctx)
    dialog.line_edit.setText("Tuma STOP kwa 22384")
    dialog.save_line_button.click()
    qtbot.waitUntil(lambda: "saved" in dialog.status.text())
    assert arun(ctx.services.optouts.opt_out_line(PROFILE)) == "Tuma STOP kwa 22384"

    from tests.ui.compose.helpers import compose, make_tab

    tab = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: tab.opt_out_line == "Tuma STOP kwa 22384")
    compose(qtbot, tab, "0712 345 678", "Ofa ya leo!")
    tab.opt_out_hint.add_button.click()
    assert tab.composer.text() == "Ofa ya leo!\nTuma STOP kwa 22384"


def test_customers_put_on_the_list_from_contacts(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 5)
    tab = contacts_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 5)
    tab.select_rows([0, 2])
    assert tab.opt_out_selected_action.isEnabled()
    tab.opt_out_selected_action.trigger()
    qtbot.waitUntil(lambda: "added to the opt-out list" in tab.notice.text(), timeout=10000)
    assert arun(ctx.services.optouts.count(PROFILE)) == 2
    # Again: nobody new.
    tab.select_rows([0, 2])
    tab.opt_out_selected_action.trigger()
    qtbot.waitUntil(lambda: "were on it already" in tab.notice.text(), timeout=10000)
    assert arun(ctx.services.optouts.count(PROFILE)) == 2


def test_the_account_menu_opens_the_list(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.ui.main_window import MainWindow

    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    assert window.opt_out_action.isEnabled()
    window.opt_out_action.trigger()
    qtbot.waitUntil(lambda: window.opt_out_dialog.isVisible())
    window.opt_out_dialog.close()


def test_the_added_date_names_its_month_whatever_the_locale(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    """A locale's short date read "24 11 2026" (C/POSIX) or "11/24/26" (en_US): the list
    writes the month in words, as Contacts' "Added" does."""
    import re

    from PySide6.QtCore import QLocale

    arun(ctx.services.optouts.add(PROFILE, ["+254712345678"], OptOutSource.STAFF))
    before = QLocale()
    for name in ("C", "en_US", "en_KE"):
        QLocale.setDefault(QLocale(name))
        try:
            dialog = open_list(qtbot, ctx)
            qtbot.waitUntil(lambda dialog=dialog: dialog.table.rowCount() == 1)
            added = dialog.table.item(0, 2).text()
            assert re.fullmatch(r"\d{1,2} [A-Z][a-z]{2} \d{4}", added), (name, added)
            dialog.close()
        finally:
            QLocale.setDefault(before)
