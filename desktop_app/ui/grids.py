"""The look of Tuma's grids: rows in alternate shades without lines between cells, a quiet
white header, the app's green selection, one line a row. The Contacts and Delivery tabs build
their style sheets on :data:`GRID_STYLE`; :func:`grid_look` gives the other tables (the
Import wizard's, the opt-out list, a delivery report, "Which message?") the same look.

Set on each table (not in the application's style sheet, which every widget of the
start-up would match against): they are built after the first paint or on demand."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QTableView

__all__ = ["GRID_STYLE", "grid_look"]

GRID_STYLE = """
QTableView {
    background: #ffffff;
    alternate-background-color: #f8fafb;
    border: 1px solid #dde2e8;
    border-radius: 8px;
    gridline-color: #eef1f4;
    selection-background-color: #d7eee6;
    selection-color: #1f2933;
}
QTableView:focus {
    border-color: #0f7b5f; /* the grid has the keyboard: arrows move in it */
}
QTableView::item {
    padding: 0 6px;
}
QHeaderView::section {
    background: #ffffff;
    color: #616e7c;
    font-weight: 600;
    border: none;
    padding: 6px 6px;
}
QHeaderView::section:horizontal {
    border-bottom: 1px solid #dde2e8;
}
QHeaderView::section:vertical {
    border-right: 1px solid #dde2e8;
}
QTableCornerButton::section {
    background: #ffffff;
    border: none;
    border-bottom: 1px solid #dde2e8;
    border-right: 1px solid #dde2e8;
}
"""


def grid_look(table: QTableView, *, row_numbers: bool = False) -> None:
    """*table* looks like the Contacts and Delivery grids; its text is cut with "…".
    *row_numbers*: its row header stays (a file's own row numbers), in the header's look."""
    table.setStyleSheet(GRID_STYLE)
    table.setAlternatingRowColors(True)
    table.setShowGrid(False)
    table.setWordWrap(False)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    rows = table.verticalHeader()
    rows.setVisible(row_numbers)
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    rows.setDefaultSectionSize(30)
    columns = table.horizontalHeader()
    columns.setHighlightSections(False)
    columns.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
