"""What the Contacts tab shows instead of the grid (no customers yet, no matches, a token
that cannot read contacts, a failure with Retry, loading), and the strip that shows a long
job's progress with its Cancel button."""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QWidget,
)

from desktop_app.ui.widgets import centered_card

__all__ = ["ProgressStrip", "State", "StatePage"]


class State(StrEnum):
    GRID = "grid"  # the contacts themselves
    NO_SESSION = "no_session"
    LEGACY = "legacy"  # a token without the contacts scope
    LOADING = "loading"  # shown only after BUSY_DELAY_MS
    EMPTY = "empty"  # no customers yet
    NO_MATCHES = "no_matches"  # a search (or a group) with nobody in it
    ERROR = "error"  # the first page failed: Retry


class StatePage(QWidget):
    """A card in the middle of the tab: a title, what it means and what to do, buttons."""

    primary_clicked = Signal()
    secondary_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("contactsState")
        self.state = State.GRID
        box, inner = centered_card(self, margin=24, padding=(28, 24), max_width=560)
        self.title = QLabel(box)
        self.title.setObjectName("stateTitle")
        self.title.setProperty("role", "subtitle")
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.text = QLabel(box)
        self.text.setObjectName("stateText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)  # may quote the service or a search
        self.text.setProperty("role", "muted")
        self.spinner = QProgressBar(box)
        self.spinner.setRange(0, 0)  # busy: an animated bar, no number
        self.spinner.setTextVisible(False)
        self.spinner.setMaximumHeight(8)
        inner.addWidget(self.title)
        inner.addWidget(self.text)
        inner.addWidget(self.spinner)
        buttons = QHBoxLayout()
        buttons.setSpacing(8)
        self.primary = QPushButton(box)
        self.primary.setObjectName("statePrimary")
        self.primary.setProperty("role", "primary")
        self.primary.clicked.connect(self.primary_clicked)
        self.secondary = QPushButton(box)
        self.secondary.setObjectName("stateSecondary")
        self.secondary.clicked.connect(self.secondary_clicked)
        buttons.addWidget(self.primary)
        buttons.addWidget(self.secondary)
        buttons.addStretch(1)
        inner.addLayout(buttons)

    def show_state(
        self,
        state: State,
        title: str,
        text: str,
        primary: str = "",
        secondary: str = "",
    ) -> None:
        self.state = state
        self.title.setText(title)
        self.text.setText(text)
        self.text.setVisible(bool(text))
        self.spinner.setVisible(state is State.LOADING)
        self.primary.setText(primary)
        self.primary.setVisible(bool(primary))
        self.secondary.setText(secondary)
        self.secondary.setVisible(bool(secondary))


class ProgressStrip(QWidget):
    """A long job (delete, collect, export) in progress: what, how far, and Cancel."""

    cancel_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("progressStrip")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.bar = QProgressBar(self)
        self.bar.setMinimumWidth(160)
        self.bar.setMaximumWidth(320)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setObjectName("cancelJob")
        self.cancel_button.clicked.connect(self.cancel_clicked)
        layout.addWidget(self.label)
        layout.addWidget(self.bar, 1)
        layout.addWidget(self.cancel_button)
        layout.addStretch(0)
        self.hide()

    def start(self, text: str) -> None:
        self.label.setText(text)
        self.bar.setRange(0, 0)
        self.cancel_button.setEnabled(True)
        self.show()

    def progress(self, done: int, total: int) -> None:
        if total > 0:
            self.bar.setRange(0, total)
            self.bar.setValue(min(done, total))

    def finish(self) -> None:
        self.hide()
