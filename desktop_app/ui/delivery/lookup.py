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
from desktop_app.ui.grids import grid_look
from desktop_app.ui.widgets import tab_leaves
from desktop_app.ui.words import counts

if TYPE_CHECKING:
    from desktop_app.core.services.delivery import Lookup, MessageMatch

__all__ = ["LookupDialog", "MatchesDialog"]


class LookupDialog(QDialog):
    """Opened with ``open()``; "Show this send" when the id is one of this app's sends."""

    show_send = Signal(int)

    def __init__(self, result: Lookup, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lookupDialog")
        self.lookup = result
        self.setWindowTitle(self.tr("Delivery report"))
        self.setMinimumSize(640, 320)
        # Room for "What it means", the reason the user opened it for (at its least, 640,
        # it read "The phone was off or out…"), within the smallest window (800 px), as the
        # "Which message?" dialog
        self.resize(760, 360)
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
        grid_look(self.table)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        tab_leaves(self.table)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
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
        # at least its heading ("Taarifa ya mwisho" read "Taarifa ya mwishc" at 140)
        self.table.setColumnWidth(3, max(140, header.sectionSizeHint(3)))
        # "What it means" wraps, its row as tall as it needs: cut with "…" it hid the reason
        # the user opened the report for ("The phone was off or out…")
        self.table.setWordWrap(True)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
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


class MatchesDialog(QDialog):
    """The beginning of an id typed matches several messages kept here: pick one (or close
    it and type more of the id). Opened with ``open()``; ``chosen`` carries the whole id."""

    chosen = Signal(str)

    def __init__(
        self,
        typed: str,
        matches: tuple[MessageMatch, ...],
        more: bool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("lookupMatchesDialog")
        self.matches = matches
        self.setWindowTitle(self.tr("Which message?"))
        self.setMinimumSize(560, 280)
        # room for the message beside the whole ID (what tells the sends apart), within the
        # smallest window (800 px)
        self.resize(760, 360)
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "Several messages have an ID that starts with {id}. Choose one, or close this "
                "and type more of the ID."
            ).format(id=typed)
        )
        intro.setTextFormat(Qt.TextFormat.PlainText)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        if more:
            note = QLabel(
                self.tr(
                    "Only the newest {n} are listed: type more of the ID to find the others."
                ).format(n=len(matches))
            )
            note.setWordWrap(True)
            note.setProperty("role", "muted")
            layout.addWidget(note)
        self.table = QTableWidget(len(matches), 3, self)
        self.table.setObjectName("lookupMatches")
        self.table.setAccessibleName(self.tr("Messages whose ID starts with what was typed"))
        self.table.setHorizontalHeaderLabels(
            [self.tr("Message ID"), self.tr("Sent"), self.tr("Message")]
        )
        grid_look(self.table)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        tab_leaves(self.table)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        for row, match in enumerate(matches):
            text = " ".join((match.text or "").split())
            if not text:
                text = self.tr("Not sent from Tuma on this computer ({recipients})").format(
                    recipients=counts().recipients(match.recipients)
                )
            cells = (match.message_id, when_text(match.sent_at), text)
            for column, value in enumerate(cells):
                item = QTableWidgetItem(value)
                item.setToolTip(value)
                self.table.setItem(row, column, item)
        self.table.setColumnWidth(0, 290)
        self.table.setColumnWidth(1, 120)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.itemDoubleClicked.connect(lambda _item: self._choose())
        layout.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.look_up_button = QPushButton(self.tr("Look up"))
        self.look_up_button.setObjectName("lookUpChosen")
        self.look_up_button.setDefault(True)
        buttons.addButton(self.look_up_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.look_up_button.clicked.connect(self._choose)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        if matches:
            self.table.selectRow(0)
        self.finished.connect(self.deleteLater)

    def _choose(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or not self.isVisible():  # chosen already (a double click, then Enter)
            return
        message_id = self.matches[rows[0].row()].message_id
        self.accept()
        self.chosen.emit(message_id)
