"""Personalised messages: the merge-field bar, the fallback, and a per-recipient preview.

Rendering is core.personalise, so the text that is previewed is the text that is costed and
sent.
"""

from __future__ import annotations

__all__ = ["MergeFieldBar", "PreviewCard", "has_merge_fields", "render", "render_all"]

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core import sms
from desktop_app.core.personalise import MERGE_FIELDS, has_merge_fields, render, render_all
from desktop_app.core.recipients import Person
from desktop_app.ui.compose.recipients import person_label, pretty_phone
from desktop_app.ui.words import counts


class MergeFieldBar(QWidget):
    """Insert buttons for each merge field and the fallback for an empty first name."""

    insert_requested = Signal(str)
    fallback_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        label = QLabel(self.tr("Personalise:"))
        label.setObjectName("hint")
        layout.addWidget(label)
        names = {
            "first_name": self.tr("First name"),
            "last_name": self.tr("Last name"),
            "phone": self.tr("Phone"),
        }
        self.buttons: dict[str, QPushButton] = {}
        for field in MERGE_FIELDS:
            button = QPushButton("+ " + names[field])
            button.setObjectName("mergeFieldButton")
            button.setToolTip(
                self.tr("Insert {field}: each recipient sees their own").format(
                    field="{" + field + "}"
                )
            )
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.clicked.connect(
                lambda _c=False, f=field: self.insert_requested.emit("{" + f + "}")
            )
            layout.addWidget(button)
            self.buttons[field] = button
        layout.addSpacing(10)
        fallback_label = QLabel(self.tr("No name? Use:"))
        fallback_label.setObjectName("hint")
        layout.addWidget(fallback_label)
        self.fallback_edit = QLineEdit(self.tr("customer"))
        self.fallback_edit.setObjectName("fallbackEdit")
        self.fallback_edit.setMaximumWidth(120)
        self.fallback_edit.setToolTip(
            self.tr(
                "Used where {first_name} is empty, e.g. for numbers typed in by hand. "
                "An empty {last_name} is simply left out."
            )
        )
        self.fallback_edit.textChanged.connect(self.fallback_changed)
        fallback_label.setBuddy(self.fallback_edit)
        layout.addWidget(self.fallback_edit)
        layout.addStretch(1)

    def fallback(self) -> str:
        return self.fallback_edit.text()


class PreviewCard(QFrame):
    """Shows the message as the chosen recipient will receive it, with its exact parts."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self._people: tuple[Person, ...] = ()
        self._text = ""
        self._fallback = ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 10)
        layout.setSpacing(6)
        header = QHBoxLayout()
        title = QLabel(self.tr("Preview"))
        title.setObjectName("cardTitle")
        header.addWidget(title)
        header.addStretch(1)
        self.person_combo = QComboBox()
        self.person_combo.setObjectName("previewRecipient")
        self.person_combo.setMinimumContentsLength(20)
        self.person_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.person_combo.setToolTip(self.tr("See the message as this recipient will get it"))
        self.person_combo.setAccessibleName(self.tr("Preview for recipient"))
        self.person_combo.currentIndexChanged.connect(self._show)
        header.addWidget(self.person_combo)
        layout.addLayout(header)
        self.bubble = QLabel()
        self.bubble.setObjectName("smsBubble")
        self.bubble.setWordWrap(True)
        self.bubble.setTextFormat(Qt.TextFormat.PlainText)
        self.bubble.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.bubble.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # A long message scrolls inside the preview instead of pushing Send off the screen.
        self.bubble_area = QScrollArea()
        self.bubble_area.setObjectName("bubbleArea")
        self.bubble_area.setFrameShape(QFrame.Shape.NoFrame)
        self.bubble_area.setWidgetResizable(True)
        self.bubble_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        holder = QWidget()
        holder.setObjectName("bubbleHolder")
        holder_layout = QVBoxLayout(holder)
        holder_layout.setContentsMargins(0, 0, 0, 0)
        holder_layout.addWidget(self.bubble)
        holder_layout.addStretch(1)
        self.bubble_area.setWidget(holder)
        self.bubble_area.setMinimumHeight(64)
        self.bubble_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # Parts above the bubble: always in view, however long the message.
        self.parts_label = QLabel()
        self.parts_label.setObjectName("hint")
        layout.addWidget(self.parts_label)
        layout.addWidget(self.bubble_area, 1)
        self._show()

    def update_preview(self, text: str, people: Sequence[Person], fallback: str) -> None:
        self._text, self._fallback = text, fallback
        people = tuple(people[:200])
        if people != self._people:
            current = self.person_combo.currentData()
            self._people = people
            self.person_combo.blockSignals(True)
            self.person_combo.clear()
            for person in people:
                self.person_combo.addItem(person.name or pretty_phone(person.phone), person)
                self.person_combo.setItemData(
                    self.person_combo.count() - 1, person_label(person), Qt.ItemDataRole.ToolTipRole
                )
            index = next((i for i, p in enumerate(people) if p == current), 0)
            self.person_combo.setCurrentIndex(index if people else -1)
            self.person_combo.blockSignals(False)
        personalised = has_merge_fields(text)
        self.person_combo.setVisible(personalised and bool(people))
        self._show()

    def selected_person(self) -> Person | None:
        data = self.person_combo.currentData()
        return data if isinstance(data, Person) else None

    def rendered(self) -> str:
        person = self.selected_person()
        if person is None or not has_merge_fields(self._text):
            if has_merge_fields(self._text):
                return render(self._text, Person("+254712345678"), self._fallback)
            return self._text
        return render(self._text, person, self._fallback)

    def _show(self) -> None:
        text = self.rendered()
        if not text:
            self.bubble.setText(self.tr("Your message will appear here."))
            self.bubble.setProperty("empty", True)
            self.parts_label.clear()
        else:
            self.bubble.setText(text)
            self.bubble.setProperty("empty", False)
            info = sms.analyse(text)
            encoding = (
                self.tr("special characters")
                if info.encoding == "UCS-2"
                else self.tr("standard characters")
            )
            self.parts_label.setText(
                self.tr("This recipient: {parts} · {encoding}").format(
                    parts=counts().parts(info.parts), encoding=encoding
                )
                if has_merge_fields(self._text)
                else self.tr("{parts} · {encoding}").format(
                    parts=counts().parts(info.parts), encoding=encoding
                )
            )
        self.bubble.style().unpolish(self.bubble)
        self.bubble.style().polish(self.bubble)
