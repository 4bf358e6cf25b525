"""Every table has the app's grid look (grids.py): the Scheduled messages list (its chosen row
Qt's bright blue), the keyboard shortcuts (F1) and Compose's "Add from contacts…" picker
still had Qt's plain grey grid and headings."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QTableView, QTableWidget

from desktop_app.ui.grids import GRID_STYLE
from desktop_app.ui.main_window import MainWindow


@pytest.mark.qt_log_ignore(".*")
def test_the_scheduled_list_the_shortcuts_and_the_picker_have_the_grid_look(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    from desktop_app.ui.compose.contact_picker import ContactPickerDialog
    from desktop_app.ui.compose.rules import ScheduledDialog
    from tests.ui.contacts.helpers import seed

    seed(arun, ctx, 3)
    win = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    compose: Any = win.tab("compose")
    win.show_tab("compose")
    found: dict[str, QTableView] = {}
    scheduled = ScheduledDialog(compose)
    qtbot.addWidget(scheduled)
    found["scheduled list"] = scheduled.table
    win.show_shortcuts()
    qtbot.waitUntil(lambda: win.shortcuts_dialog is not None)
    found["shortcuts"] = win.shortcuts_dialog.findChild(QTableWidget)
    compose.open_contact_picker(compose.recipients)
    qtbot.waitUntil(lambda: bool(compose.findChildren(ContactPickerDialog)))
    picker = compose.findChildren(ContactPickerDialog)[0]
    found["contact picker"] = picker.findChild(QTableView, "pickerTable")
    lacking = [
        name for name, table in found.items() if GRID_STYLE.strip() not in table.styleSheet()
    ]
    assert lacking == []
    assert not any(table.showGrid() for table in found.values())
    # the scheduled list's rows still wrap their words (an overdue send's long "Goes out")
    assert scheduled.table.wordWrap()
    picker.close()
    scheduled.close()
    win.close()
