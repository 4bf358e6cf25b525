"""A message id looked up by hand: each recipient's status in a small window of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.phones import local_display
from desktop_app.core.services.delivery import outcome_of
from desktop_app.ui.delivery.look import COLOURS, outcome_icon, words
from desktop_app.ui.delivery.models import when_text
from desktop_app.ui.words import counts

if TYPE_CHECKING:
    from desktop_app.core.services.delivery import Lookup

__all__ = ["LookupDialog"]


class LookupDialog(QDialog):
    """Opened with ``open()``; "Show this send" when the id is one of this app's sends."""

    show_send = Signal(int)

    def __init__(self, result: Lookup, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lookupDialog")
        self.lookup = result
        self.setWindowTitle(self.tr("Delivery report"))
        self.setMinimumSize(640, 320)
        layout = QVBoxLayout(self)
        heading = QLabel(
            self.tr("Message ID {id}: {recipients}").format(
                id=result.message_id, recipients=counts().recipients(len(result.reports))
            )
        )
        heading.setTextFormat(Qt.TextFormat.PlainText)
        heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        heading.setWordWrap(True)
        layout.addWidget(heading)
        if result.broadcast_id is None:
            note = QLabel(
                self.tr(
                    "Not sent from Tuma on this computer; the statuses are kept with your "
                    "history and checked again by themselves."
                )
            )
            note.setWordWrap(True)
            note.setProperty("role", "muted")
            layout.addWidget(note)
        self.table = QTableWidget(len(result.reports), 4, self)
        self.table.setObjectName("lookupTable")
        self.table.setAccessibleName(self.tr("Status of each recipient"))
        self.table.setHorizontalHeaderLabels(
            [self.tr("Phone"), self.tr("Status"), self.tr("What it means"), self.tr("Last news")]
        )
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        for row, report in enumerate(result.reports):
            outcome = outcome_of(report.status)
            phone = QTableWidgetItem(local_display(report.phone))
            phone.setToolTip(report.phone)
            status = QTableWidgetItem(outcome_icon(outcome), words().outcome(outcome))
            status.setForeground(COLOURS[outcome])
            status.setToolTip(
                self.tr("As reported by the network: {raw}").format(raw=report.raw_status)
            )
            meaning = words().meaning(outcome, report.reason, report.raw_status)
            said = QTableWidgetItem(meaning)
            said.setToolTip(meaning)
            when = QTableWidgetItem(when_text(report.delivered_at))
            for column, item in enumerate((phone, status, said, when)):
                self.table.setItem(row, column, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setColumnWidth(0, 130)
        self.table.setColumnWidth(1, 150)
        self.table.setColumnWidth(3, 140)
        layout.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        if result.broadcast_id is not None:
            go = QPushButton(self.tr("Show this send"))
            go.setObjectName("showSend")
            buttons.addButton(go, QDialogButtonBox.ButtonRole.AcceptRole)
            broadcast_id = result.broadcast_id

            def show_send() -> None:
                self.accept()
                self.show_send.emit(broadcast_id)

            go.clicked.connect(show_send)
        layout.addWidget(buttons)
        self.finished.connect(self.deleteLater)
