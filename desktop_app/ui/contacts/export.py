"""Choosing where an export goes (a non-blocking Save dialog) and naming it sensibly."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

from desktop_app.core.services.contacts import ExportFormat

__all__ = ["ask_export_path", "default_file_name"]


def default_file_name(label: str, today: date | None = None) -> str:
    """``contacts-wholesale-2025-01-03.xlsx``: what was exported, and when."""
    slug = re.sub(r"[^\w]+", "-", label.casefold()).strip("-") or "contacts"
    day = (today or date.today()).isoformat()
    prefix = "contacts" if slug == "contacts" else f"contacts-{slug}"
    return f"{prefix}-{day}.xlsx"


def ask_export_path(
    parent: QWidget,
    label: str,
    chosen: Callable[[Path, ExportFormat], None],
    *,
    title: str | None = None,
    file_name: str | None = None,
    object_name: str = "exportDialog",
) -> QFileDialog:
    """Open a Save dialog (``open()``, never ``exec()``); *chosen* gets the path and format.

    The Contacts tab names the file after *label* (:func:`default_file_name`); other exports
    (delivery reports, the Import tab's problem rows) give their own *title* and *file_name*
    (an ``.xlsx`` name: choosing the CSV filter changes its extension)."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if title is None:
        title = QCoreApplication.translate("ContactsExport", "Export contacts")
    dialog = QFileDialog(parent, title)
    dialog.setObjectName(object_name)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    excel = QCoreApplication.translate(
        "ContactsExport", "Excel workbook — phone numbers kept as text (*.xlsx)"
    )
    plain = QCoreApplication.translate("ContactsExport", "CSV, UTF-8 — for other programs (*.csv)")
    dialog.setNameFilters([excel, plain])
    dialog.setDefaultSuffix("xlsx")
    if folder:
        dialog.setDirectory(folder)
    dialog.selectFile(file_name if file_name is not None else default_file_name(label))

    def on_filter(selected: str) -> None:
        suffix = "csv" if selected == plain else "xlsx"
        dialog.setDefaultSuffix(suffix)
        names = dialog.selectedFiles()
        if names:
            dialog.selectFile(str(Path(names[0]).with_suffix("." + suffix).name))

    def on_file(name: str) -> None:
        path = Path(name)
        fmt = ExportFormat.CSV if path.suffix.lower() == ".csv" else ExportFormat.XLSX
        if path.suffix.lower() not in (".csv", ".xlsx"):
            path = path.with_suffix(".xlsx")
        chosen(path, fmt)

    dialog.filterSelected.connect(on_filter)
    dialog.fileSelected.connect(on_file)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog
