"""A name with a dot typed in an export's Save dialog ("wateja 12.03.2025", "wateja.nairobi"):
Qt adds no extension to it and asks about that name, which does not exist; Tuma then cut the
name at its last dot, writing "wateja 12.03.xlsx", and "wateja.nairobi" replaced an earlier
"wateja.xlsx" without a word. The extension now goes after the whole name, and a file
already there under the name written is asked about first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QMessageBox, QPushButton

from desktop_app.ui.contacts.export import with_export_suffix
from tests.ui.contacts.helpers import LEFT, make_tab, seed, wait_loaded


def _type_name(qtbot: Any, tab: Any, path: Path) -> QFileDialog:
    qtbot.mouseClick(tab.export_button, LEFT)
    qtbot.waitUntil(lambda: tab.findChild(QFileDialog, "exportDialog") is not None, timeout=5000)
    dialog = tab.findChild(QFileDialog, "exportDialog")
    dialog.setDirectory(str(path.parent))
    dialog.selectFile(path.name)
    return dialog


def _question(tab: Any) -> QMessageBox | None:
    for box in tab.findChildren(QMessageBox):
        if box.isVisible():
            return box
    return None


def test_a_name_with_a_dot_is_kept_whole(qtbot: Any, ctx: Any, arun: Any, tmp_path: Path) -> None:
    seed(arun, ctx, 2)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 2)
    folder = tmp_path / "exports"
    folder.mkdir()
    dialog = _type_name(qtbot, tab, folder / "wateja 12.03.2025")
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        dialog.accept()
    assert sorted(p.name for p in folder.iterdir()) == ["wateja 12.03.2025.xlsx"]


def test_an_earlier_export_is_never_replaced_without_asking(
    qtbot: Any, ctx: Any, arun: Any, tmp_path: Path
) -> None:
    seed(arun, ctx, 2)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 2)
    earlier = tmp_path / "wateja.nairobi.xlsx"
    earlier.write_bytes(b"last week's list, edited by hand")
    dialog = _type_name(qtbot, tab, tmp_path / "wateja.nairobi")
    dialog.accept()
    qtbot.waitUntil(lambda: _question(tab) is not None, timeout=5000)
    box = _question(tab)
    assert "“wateja.nairobi.xlsx” already exists" in box.text()
    qtbot.mouseClick(box.findChild(QPushButton, "confirmNo"), LEFT)  # Keep it
    qtbot.wait(200)
    assert earlier.read_bytes() == b"last week's list, edited by hand"
    assert not ctx.tasks.is_running("contacts.job")
    dialog = _type_name(qtbot, tab, tmp_path / "wateja.nairobi")  # again, and Replace
    dialog.accept()
    qtbot.waitUntil(lambda: _question(tab) is not None, timeout=5000)
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        qtbot.mouseClick(_question(tab).findChild(QPushButton, "confirmYes"), LEFT)
    assert earlier.read_bytes().startswith(b"PK")  # the new workbook, as chosen


def test_the_extension_goes_after_the_whole_name() -> None:
    assert with_export_suffix(Path("a/wateja 12.03.2025"), "xlsx").name == "wateja 12.03.2025.xlsx"
    assert with_export_suffix(Path("wateja.nairobi"), "csv").name == "wateja.nairobi.csv"
    assert with_export_suffix(Path("wateja.xlsx"), "csv").name == "wateja.csv"
    assert with_export_suffix(Path("wateja.CSV"), "xlsx").name == "wateja.xlsx"
