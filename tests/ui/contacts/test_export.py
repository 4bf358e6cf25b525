"""Export from the Contacts tab, against the sandbox: the Save dialog, every page of the search
or group written, a progress bar with Cancel that leaves no file, read back with openpyxl and
csv and compared with the sandbox's contacts."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import openpyxl
from PySide6.QtWidgets import QFileDialog

from desktop_app.core.services.contacts import ExportFormat
from tests.ui.contacts.helpers import LEFT, make_tab, seed, wait_loaded


def choose_file(qtbot: Any, tab: Any, path: Path) -> None:
    qtbot.mouseClick(tab.export_button, LEFT)
    qtbot.waitUntil(lambda: tab.findChild(QFileDialog, "exportDialog") is not None, timeout=5000)
    dialog = tab.findChild(QFileDialog, "exportDialog")
    assert dialog.selectedFiles()[0].endswith(".xlsx")  # Excel keeps numbers as text
    dialog.selectFile(str(path))
    dialog.accept()


def sandbox_contacts(arun: Any, ctx: Any, search: str | None = None) -> list[tuple[str, str]]:
    contacts = arun(ctx.client().list_contacts(page_size=100, search=search)).contacts
    return [(c.phone, c.first_name or "") for c in contacts]


def test_export_every_page_to_xlsx_and_csv(qtbot, ctx, arun, tmp_path) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 90)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 90)
    target = tmp_path / "wateja.xlsx"
    with qtbot.waitSignal(tab.job_finished, timeout=20000):
        choose_file(qtbot, tab, target)
    assert tab.notice.text() == "Exported 90 contacts to wateja.xlsx."
    sheet = openpyxl.load_workbook(target).active
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert [(r[0], r[1]) for r in rows] == sandbox_contacts(arun, ctx)
    assert all(cell.number_format == "@" for (cell,) in sheet.iter_rows(min_row=2, max_col=1))

    qtbot.keyClicks(tab.search_edit, "Baraka")  # the current search only
    qtbot.waitUntil(lambda: tab.model.known and tab.model.total == 6, timeout=10000)
    target = tmp_path / "baraka.csv"
    with qtbot.waitSignal(tab.job_finished, timeout=20000):
        choose_file(qtbot, tab, target)
    with target.open(encoding="utf-8-sig", newline="") as handle:
        read = [(row["phone"], row["first_name"]) for row in csv.DictReader(handle)]
    assert read == sandbox_contacts(arun, ctx, "Baraka")


def test_cancel_leaves_no_file(qtbot, ctx, arun, admin, tmp_path) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 250)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 250)
    folder = tmp_path / "exports"
    folder.mkdir()
    target = folder / "all.xlsx"
    admin.fault("delay", 3, path_prefix="/api/v1/contacts", seconds=1)
    try:
        choose_file(qtbot, tab, target)
        qtbot.waitUntil(lambda: tab.progress.isVisible(), timeout=5000)
        assert tab.progress.label.text() == "Exporting 250 contacts…"
        with qtbot.waitSignal(tab.job_finished, timeout=10000):
            qtbot.mouseClick(tab.progress.cancel_button, LEFT)
    finally:
        admin.clear_faults()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("contacts.job"), timeout=10000)
    assert not tab.progress.isVisible()
    assert tab.notice.text() == "Cancelled: nothing was changed."
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)  # the job has unwound
    assert list(folder.iterdir()) == []  # no file, no half-written part


def test_an_export_to_a_folder_that_is_gone_says_so_in_plain_words(
    qtbot, ctx, arun, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """It said "File not found … choose it again" and logged an unexpected error."""
    seed(arun, ctx, 5)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 5)
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        tab.export_to(tmp_path / "stick" / "wateja.xlsx", ExportFormat.XLSX)
    assert tab.notice.text() == (
        "Could not save wateja.xlsx: the folder is no longer there or the disk is full. "
        "Choose another place, then export again."
    )
    assert not shown  # said beside the buttons, not as an unexpected error
    assert tab.export_button.isEnabled()
