"""Choosing where an export goes (a non-blocking Save dialog) and naming it sensibly."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

from desktop_app.core.services.contacts import ExportFormat
from desktop_app.ui.dialogs import confirm

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
            dialog.selectFile(with_export_suffix(Path(names[0]), suffix).name)

    def on_file(name: str) -> None:
        path = Path(name)
        if path.suffix.lower() in (".csv", ".xlsx"):
            chosen(path, ExportFormat.CSV if path.suffix.lower() == ".csv" else ExportFormat.XLSX)
            return
        # A name with a dot ("wateja 12.03.2025"): Qt adds no extension, and asked about
        # that name, which does not exist. The extension goes after the whole name (it cut
        # the name at its last dot, and "wateja.nairobi" replaced "wateja.xlsx" unasked); a
        # file already there under the name written is asked about here.
        fmt = ExportFormat.CSV if dialog.selectedNameFilter() == plain else ExportFormat.XLSX
        path = with_export_suffix(path, fmt.value)
        if not path.exists():
            chosen(path, fmt)
            return
        confirm(
            parent,
            title=QCoreApplication.translate("ContactsExport", "Replace the file?"),
            text=QCoreApplication.translate(
                "ContactsExport", "“{name}” already exists. Replace it?"
            ).format(name=path.name),
            yes=QCoreApplication.translate("ContactsExport", "Replace"),
            no=QCoreApplication.translate("ContactsExport", "Keep it"),
            on_yes=lambda: chosen(path, fmt),
            destructive=True,
        )

    dialog.filterSelected.connect(on_filter)
    dialog.fileSelected.connect(on_file)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog


def with_export_suffix(path: Path, suffix: str) -> Path:
    """*path* ending in ``.suffix``: an export's own extension replaced, any other kept as
    part of the name ("wateja 12.03.2025" → "wateja 12.03.2025.xlsx", not "wateja 12.03.xlsx")."""
    if path.suffix.lower() in (".csv", ".xlsx"):
        return path.with_suffix("." + suffix)
    return path.with_name(f"{path.name}.{suffix}")
