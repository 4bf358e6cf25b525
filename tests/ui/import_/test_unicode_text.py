"""Excel's "Unicode Text" (.txt: UTF-16, tab-separated), which the core reads as it reads a
CSV: the file chooser's filter showed only .xlsx and .csv (the file was hidden), and the tab
refused it when dropped ("open it in Excel and save it as CSV")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from desktop_app.core.importing.reading import FileKind, read_table
from desktop_app.core.services.imports import Step
from desktop_app.ui.import_.pages import ACCEPTED
from tests.ui.conftest import drop_event
from tests.ui.import_.test_wizard import click, wait_step

ROWS = "Name\tPhone\r\nAmina Wanjiru\t0712345678\r\nOtieno Ouma\t0722 000 111\r\n"


def unicode_text(folder: Path, name: str = "wateja.txt") -> Path:
    """As Excel's File → Save As → Unicode Text writes it: UTF-16 with its BOM, tabs."""
    path = folder / name
    path.write_bytes(ROWS.encode("utf-16"))
    return path


def _endings(name_filter: str) -> set[str]:
    return {m.lower() for m in re.findall(r"\*(\.\w+)", name_filter)}


def test_the_core_reads_excels_unicode_text(tmp_path: Path) -> None:
    """Why the picker shows .txt: the core reads it (if this fails, so must the next test)."""
    with read_table(unicode_text(tmp_path)) as table:
        assert table.info.kind is FileKind.CSV
        assert table.info.delimiter == "\t"


def test_the_file_chooser_shows_unicode_text_and_opens_it(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QFileDialog

    path = unicode_text(tmp_path)
    window.file_actions["import"].trigger()
    dialog = window.findChild(QFileDialog, "importBrowse")
    assert dialog is not None
    spreadsheets = dialog.nameFilters()[0]  # the one shown first
    assert spreadsheets == "Spreadsheets (*.xlsx *.xlsm *.csv *.txt *.tsv)"
    assert _endings(spreadsheets) == set(ACCEPTED)  # every kind the tab opens, no other
    dialog.setDirectory(str(tmp_path))
    dialog.selectFile(str(path))
    dialog.accept()
    tab = window.tab("import")
    wait_step(qtbot, tab, Step.FILE)
    assert tab.file_page.name.text() == "wateja.txt"
    click(qtbot, tab.file_page.next)
    wait_step(qtbot, tab, Step.COLUMNS)
    click(qtbot, tab.columns_page.next)
    wait_step(qtbot, tab, Step.CHECK)
    assert tab.check_page.upload.text() == "Upload 2 contacts"


@pytest.mark.parametrize("name", ["wateja.txt", "wateja.tsv"])
def test_unicode_text_dropped_on_the_window_or_the_drop_area_is_opened(
    qtbot: Any, window: Any, ctx: Any, tmp_path: Path, name: str
) -> None:
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    path = unicode_text(tmp_path, name)
    tab = window.tab("import")
    window.show_tab("compose")
    window.dropEvent(drop_event([path]))
    assert window.current_tab() == "import"
    wait_step(qtbot, tab, Step.FILE)
    assert tab.file_page.name.text() == name
    click(qtbot, tab.file_page.cancel)
    wait_step(qtbot, tab, "start")
    tab.start_page.drop.dropEvent(drop_event([path]))
    wait_step(qtbot, tab, Step.FILE)
    assert [m.title for m in shown if m.title == "That file cannot be imported"] == []
