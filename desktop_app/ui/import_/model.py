"""The problem rows as a table model: a file can have 100,000 of them, so the view asks for
what it shows and nothing is loaded whole into widgets."""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from desktop_app.core.services.imports import ProblemRecord
from desktop_app.ui.import_.words import words

__all__ = ["Column", "ProblemsModel", "SampleModel"]


class Column(IntEnum):
    ROW = 0
    PHONE = 1
    PROBLEM = 2


_Index = QModelIndex | QPersistentModelIndex


class ProblemsModel(QAbstractTableModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: Sequence[ProblemRecord] = ()
        self._phone_column: int | None = None

    def set_problems(self, rows: Sequence[ProblemRecord], phone_column: int | None) -> None:
        self.beginResetModel()
        self._rows = rows
        self._phone_column = phone_column
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(Column)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return {
            Column.ROW: self.tr("Row"),
            Column.PHONE: self.tr("Phone as in the file"),
            Column.PROBLEM: self.tr("Why it is not imported"),
        }.get(Column(section))

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        problem = self._rows[index.row()]
        column = Column(index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            if column is Column.ROW:
                return str(problem.row)
            if column is Column.PHONE:
                phone = self._phone_column
                return (
                    problem.cells[phone] if phone is not None and phone < len(problem.cells) else ""
                )
            return words().reason(problem)
        if role == Qt.ItemDataRole.ToolTipRole and column is Column.PROBLEM:
            return words().reason(problem)
        if role == Qt.ItemDataRole.TextAlignmentRole and column is Column.ROW:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class SampleModel(QAbstractTableModel):
    """The COLUMNS page's live sample: a handful of rows as the mapping reads them."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, ...]] = []
        self._ok: list[bool] = []

    def set_rows(self, rows: list[tuple[str, ...]], ok: list[bool]) -> None:
        self.beginResetModel()
        self._rows = rows
        self._ok = ok
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 5

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        titles = (
            self.tr("Row"),
            self.tr("Phone"),
            self.tr("First name"),
            self.tr("Last name"),
            self.tr("Email"),
        )
        return titles[section] if 0 <= section < len(titles) else None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self._rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 1:
            from PySide6.QtGui import QColor

            return QColor("#1f7a5a") if self._ok[index.row()] else QColor("#b42318")
        return None
