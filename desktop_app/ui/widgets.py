"""Small building blocks of the shell: the message bar, the practice-mode banner, cards."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.ui.errors import Level, UserMessage

__all__ = [
    "SPIN_TEXT_MARGIN",
    "MessageBar",
    "PracticeBanner",
    "align_spin_text",
    "card",
    "centered_card",
    "set_role",
]

#: Left margin of a spin box's text, so it lines up with the line edits above and below it
#: (the style sheet's padding does not reach a spin box's inner editor).
SPIN_TEXT_MARGIN = 6


def set_role(widget: QWidget, role: str) -> None:
    """Style hook: the style sheet matches ``[role="..."]``; re-polish so a change shows."""
    widget.setProperty("role", role)
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)


def align_spin_text(spin: QAbstractSpinBox) -> None:
    editor = spin.lineEdit()
    if editor is not None:
        editor.setTextMargins(SPIN_TEXT_MARGIN, 0, 0, 0)


def card(parent: QWidget | None = None) -> QFrame:
    frame = QFrame(parent)
    frame.setProperty("role", "card")
    return frame


def centered_card(
    page: QWidget, *, margin: int, padding: tuple[int, int], max_width: int
) -> tuple[QFrame, QVBoxLayout]:
    """A card in the middle of *page*, a little above centre (a page with nothing else on
    it: a tab not yet there, "no customers yet"). Returns the card and its layout."""
    outer = QVBoxLayout(page)
    outer.setContentsMargins(margin, margin, margin, margin)
    outer.addStretch(1)
    box = card(page)
    box.setMaximumWidth(max_width)
    box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
    inner = QVBoxLayout(box)
    inner.setContentsMargins(padding[0], padding[1], padding[0], padding[1])
    inner.setSpacing(10)
    row = QHBoxLayout()
    row.addStretch(1)
    row.addWidget(box, 10)
    row.addStretch(1)
    outer.addLayout(row)
    outer.addStretch(2)
    return box, inner


class MessageBar(QFrame):
    """A dismissable message at the top of the window: what happened and what to do next."""

    reconnect_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MessageBar")
        self.message: UserMessage | None = None
        layout = QHBoxLayout(self)
        layout.setContentsMargins(14, 10, 8, 10)
        layout.setSpacing(12)
        self.icon = QLabel(self)
        self.icon.setFixedSize(20, 20)
        self.icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text_box = QVBoxLayout()
        text_box.setSpacing(2)
        self.title = QLabel(self)
        self.title.setStyleSheet("font-weight: 700;")
        self.title.setWordWrap(True)
        # Messages carry the service's own words: never interpret them as markup.
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.text = QLabel(self)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text_box.addWidget(self.title)
        text_box.addWidget(self.text)
        self.reconnect_button = QPushButton(self.tr("Connect again"), self)
        self.reconnect_button.setProperty("role", "primary")
        self.reconnect_button.clicked.connect(self.reconnect_requested)
        self.close_button = QToolButton(self)
        self.close_button.setText("×")
        self.close_button.setProperty("role", "close")
        self.close_button.setToolTip(self.tr("Dismiss this message"))
        self.close_button.setAccessibleName(self.tr("Dismiss"))
        self.close_button.clicked.connect(self.dismiss)
        layout.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(text_box, 1)
        layout.addWidget(self.reconnect_button, 0, Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    def show_message(self, message: UserMessage) -> None:
        self.message = message
        self.setProperty("level", str(message.level))
        self.style().unpolish(self)
        self.style().polish(self)
        colours = {Level.ERROR: "#d92d20", Level.WARNING: "#dc6803", Level.INFO: "#0f7b5f"}
        self.icon.setText("i" if message.level == Level.INFO else "!")
        self.icon.setStyleSheet(
            f"background: {colours[message.level]}; color: white; border-radius: 10px;"
            "font-weight: 700;"
        )
        self.title.setText(message.title)
        self.text.setText(message.text)
        self.text.setVisible(bool(message.text))
        self.reconnect_button.setVisible(message.reauth)
        self.show()

    def dismiss(self) -> None:
        self.message = None
        self.hide()


class PracticeBanner(QFrame):
    """Says plainly that nothing leaves the computer until a real account is connected."""

    connect_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PracticeBanner")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(16, 6, 8, 6)
        layout.setSpacing(14)
        self.title = QLabel(
            self.tr("Practice mode — messages go nowhere until you connect your account"), self
        )
        self.title.setStyleSheet("font-weight: 700;")
        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        self.detail.setProperty("role", "muted")
        self.connect_button = QPushButton(self.tr("Connect your account…"), self)
        self.connect_button.setProperty("role", "primary")
        self.connect_button.clicked.connect(self.connect_requested)
        layout.addWidget(self.title)
        layout.addWidget(self.detail, 1)
        layout.addWidget(self.connect_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.set_starting(False)
        self.hide()

    def set_starting(self, starting: bool) -> None:
        """While the practice service starts, say so instead of promising demo data."""
        if starting:
            self.detail.setText(self.tr("Starting the practice service…"))
            self.detail.setToolTip("")
        else:
            self.detail.setText(self.tr("Demo shop, sample customers, free credits."))
            self.detail.setToolTip(
                self.tr(
                    "You are using a demo shop with sample customers and free practice credits. "
                    "Try anything: no real SMS is sent and nothing is charged."
                )
            )
