"""The Import wizard while a file is read, and the hurried user's files: a busy bar with
Cancel while a big workbook is read, a file dropped on one in progress said to be read,
headings with no customer under them, a workbook of another program or a folder dropped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest

from desktop_app.core.services.imports import Step
from tests.core.import_files import DAMAGED_ROWS, write_csv
from tests.ui.conftest import drop_event
from tests.ui.import_.test_wizard import _preview_held, click, wait_step


def test_a_file_being_read_shows_a_busy_bar_and_cancel_gives_it_up(
    qtbot, window, ctx, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """A big workbook took seconds with only "Kind: Reading…" in an empty page."""
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    release, read = _preview_held(monkeypatch, ctx, path.name)
    tab = window.tab("import")
    window.show_tab("import")
    page = tab.file_page
    try:
        window.dropEvent(drop_event([path]))
        qtbot.waitUntil(lambda: read == [path.name], timeout=10000)
        assert tab.stack.currentWidget() is page
        assert page.reading.isVisible()
        assert page.reading_label.text() == "Reading “customers.csv”…"
        assert (page.reading_bar.minimum(), page.reading_bar.maximum()) == (0, 0)  # busy
        assert page.reading_bar.isVisible()
        assert not page.first_rows.isVisible()
        assert not page.details.isVisible()
        assert not page.next.isEnabled()
        assert page.cancel.isVisible()
        assert page.cancel.isEnabled()
        assert window.focusWidget() is page.reading_bar  # not Cancel: a key pressed twice
        click(qtbot, page.cancel)
        wait_step(qtbot, tab, "start")
        assert tab.flow.step is Step.CANCELLED
        release.set()
        qtbot.waitUntil(lambda: not ctx.tasks.is_running("import.preview"), timeout=10000)
        qtbot.wait(50)
        assert tab.stack.currentWidget() is tab.start_page  # the file given up stays so
    finally:
        release.set()
    # read to its end, the details take the busy bar's place
    window.dropEvent(drop_event([path]))
    wait_step(qtbot, tab, Step.FILE)
    assert not page.reading.isVisible()
    assert page.details.isVisible()
    assert page.first_rows.item(0, 0).text() == "712345678"
    assert window.focusWidget() is page.next


def test_another_sheet_being_read_says_which(
    qtbot, window, ctx, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    book = openpyxl.Workbook()
    book.active.title = "Januari"
    book.active.append(["Simu"])
    book.active.append(["0712345678"])
    other = book.create_sheet("Februari")
    other.append(["Simu"])
    other.append(["0722000111"])
    path = tmp_path / "wateja.xlsx"
    book.save(path)
    tab = window.tab("import")
    window.show_tab("import")
    tab.open_files([path])
    wait_step(qtbot, tab, Step.FILE)
    page = tab.file_page
    imports = ctx.services.imports
    real = imports.preview
    seen: list[str] = []

    async def watched(path: Path, sheet: str | None = None) -> Any:
        seen.append(page.reading_label.text() if page.reading.isVisible() else "")
        return await real(path, sheet)

    monkeypatch.setattr(imports, "preview", watched)
    page.sheet.setCurrentText("Februari")
    page.sheet.activated.emit(page.sheet.currentIndex())
    wait_step(qtbot, tab, Step.FILE)
    assert seen == ["Reading the sheet “Februari” of “wateja.xlsx”…"]
    assert page.first_rows.item(0, 0).text() == "0722000111"


def test_a_file_dropped_on_one_in_progress_is_said_to_be_read_and_can_be_given_up(
    qtbot, window, ctx, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Nothing said it was being read: the page changed seconds later, out of the blue."""
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    other = write_csv(tmp_path, "wateja.csv", [["Simu"], ["0722000111"]])
    release, read = _preview_held(monkeypatch, ctx, other.name)
    tab = window.tab("import")
    window.show_tab("import")
    tab.open_files([path])
    wait_step(qtbot, tab, Step.FILE)
    click(qtbot, tab.file_page.next)
    wait_step(qtbot, tab, Step.COLUMNS)
    strip = tab.next_strip
    try:
        window.dropEvent(drop_event([other]))
        qtbot.waitUntil(lambda: read[-1:] == [other.name], timeout=10000)
        assert strip.isVisible()
        assert strip.label.text() == (
            "Reading “wateja.csv”… It takes the place of “customers.csv” once read."
        )
        assert (strip.bar.minimum(), strip.bar.maximum()) == (0, 0)
        assert strip.cancel_button.text() == "Don't open it"
        assert tab.stack.currentWidget() is tab.columns_page  # the work in progress stays
        click(qtbot, strip.cancel_button)
        assert not strip.isVisible()
        release.set()
        qtbot.waitUntil(lambda: not ctx.tasks.is_running("import.next_file"), timeout=10000)
        qtbot.wait(50)
        assert tab.flow.step is Step.COLUMNS
        assert tab.flow.path == path
    finally:
        release.set()
    # read to its end, it takes the place of the file in progress and the strip goes
    window.dropEvent(drop_event([other]))
    qtbot.waitUntil(lambda: tab.flow.path == other, timeout=10000)
    wait_step(qtbot, tab, Step.FILE)
    assert not strip.isVisible()


def test_headings_with_no_customer_under_them_are_said_plainly(
    qtbot, window, ctx, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """It went on to the check, which said "Nothing to upload" and "Every row can be
    imported", with no word of why."""
    path = write_csv(tmp_path, "customers.csv", [["Phone", "First Name", "Email"]])
    tab = window.tab("import")
    window.show_tab("import")
    tab.open_files([path])
    page = tab.file_page
    qtbot.waitUntil(
        lambda: tab.flow.step is Step.FILE and tab.flow.preview is not None, timeout=10000
    )
    assert page.problem.isVisible()
    assert page.problem.text() == (
        "“customers.csv” has column headings but no customers under them. Check that this "
        "is the right file, and that the customers were saved in it."
    )
    assert not page.next.isEnabled()
    assert page.cancel.isEnabled()
    click(qtbot, page.cancel)
    wait_step(qtbot, tab, "start")
    # a workbook: its other sheets are named as the way out
    book = openpyxl.Workbook()
    book.active.title = "Januari"
    book.active.append(["Simu", "Jina"])
    book.create_sheet("Februari").append(["Simu", "Jina"])
    workbook = tmp_path / "wateja.xlsx"
    book.save(workbook)
    window.dropEvent(drop_event([workbook]))
    qtbot.waitUntil(
        lambda: tab.flow.step is Step.FILE and tab.flow.preview is not None, timeout=10000
    )
    assert page.problem.text() == (
        "The sheet “Januari” of “wateja.xlsx” has column headings but no customers under "
        "them. Choose the sheet your customers are on, or check that this is the right file."
    )
    assert not page.next.isEnabled()
    assert page.sheet.isEnabled()
    assert window.focusWidget() is page.sheet
    # the next file read says nothing of it
    tab.open_files([write_csv(tmp_path, "good.csv", DAMAGED_ROWS)])
    qtbot.waitUntil(lambda: tab.flow.path is not None and tab.flow.path.name == "good.csv")
    wait_step(qtbot, tab, Step.FILE)
    assert not page.problem.isVisible()


def test_a_check_where_no_row_can_be_imported_says_why_and_what_to_do(
    qtbot, window, ctx, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    path = write_csv(tmp_path, "bad.csv", [["Phone", "Name"], ["12345", "A"], ["2.54712E+11", "B"]])
    tab = window.tab("import")
    window.show_tab("import")
    tab.open_files([path])
    wait_step(qtbot, tab, Step.FILE)
    click(qtbot, tab.file_page.next)
    wait_step(qtbot, tab, Step.COLUMNS)
    click(qtbot, tab.columns_page.next)
    wait_step(qtbot, tab, Step.CHECK)
    page = tab.check_page
    assert page.upload.text() == "Nothing to upload"
    assert page.lead.text() == (
        "“bad.csv”: 2 rows read, and none of them can be imported: see why below. Correct "
        "them in Excel (Export problem rows… lists them), then import the file again."
    )


def _made(folder: Path, name: str) -> Path:
    path = folder / name
    if name.endswith("/"):
        path.mkdir()
    else:
        path.write_bytes(b"PK\x03\x04 a workbook of another program")
    return path


@pytest.mark.parametrize(
    ("name", "words"),
    [
        (
            "wateja.xls",
            "“wateja.xls” is an old Excel 97-2003 workbook. In Excel, choose File → Save As → "
            "Excel Workbook (.xlsx), then import that file.",
        ),
        (
            "wateja.ods",
            "“wateja.ods” is a LibreOffice or OpenOffice spreadsheet. There, choose File → "
            "Save As → Excel 2007-365 (.xlsx), then import that file.",
        ),
        (
            "wateja.numbers",
            "“wateja.numbers” is an Apple Numbers spreadsheet. In Numbers, choose File → "
            "Export To → Excel, then import that file.",
        ),
        (
            "Customers/",
            "“Customers” is a folder. Open it and drop the spreadsheet itself (an Excel .xlsx "
            "or CSV file).",
        ),
        (
            "notes.pdf",
            "“notes.pdf” is not a spreadsheet Tuma can import. Choose an Excel (.xlsx) or CSV "
            "file (in Excel: File → Save As).",
        ),
    ],
)
def test_a_file_of_another_program_or_a_folder_dropped_on_the_drop_area_says_what_to_do(
    qtbot, window, ctx, tmp_path: Path, name: str, words: str
) -> None:  # type: ignore[no-untyped-def]
    """An old .xls, a LibreOffice or Numbers file, or a folder, was "not a spreadsheet"."""
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    tab = window.tab("import")
    window.show_tab("import")
    tab.start_page.drop.dropEvent(drop_event([_made(tmp_path, name)]))
    assert shown[-1].title == "That file cannot be imported"
    assert shown[-1].text == words
    assert tab.flow.step is Step.IDLE
