"""The summary card: sender ID, recipients, parts, credits, KES and the balance, always shown."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.cost import CostEstimate
from desktop_app.ui.compose.wording import kes, number
from desktop_app.ui.words import counts

Estimate = CostEstimate


def parts_text(estimate: Estimate) -> str:
    """Parts per message: "2", or "1–2" when personalised texts differ."""
    if estimate.parts_min == estimate.parts_max:
        return number(estimate.parts_max)
    return f"{number(estimate.parts_min)}–{number(estimate.parts_max)}"


def shortfall_message(estimate: Estimate) -> str:
    """The plain-words reason a send is stopped, with the numbers."""

    assert estimate.balance is not None
    return QCoreApplication.translate(
        "Compose",
        "Not enough credit: this send needs {needed}, but your balance is {balance}. "
        "Top up at least {missing}, or send to fewer people.",
    ).format(
        needed=counts().credits(estimate.credits),
        balance=counts().credits(estimate.balance),
        missing=counts().credits(estimate.shortfall),
    )


class SummaryCard(QFrame):
    """Right-hand card of the compose tab. The tab fills it; it holds no rules."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        layout = QVBoxLayout(self)
        # Compact: with the preview it must fit beside the form on a 1366×768 laptop.
        layout.setContentsMargins(14, 10, 14, 12)
        layout.setSpacing(6)
        title = QLabel(self.tr("Summary"))
        title.setObjectName("cardTitle")
        layout.addWidget(title)

        form = QFormLayout()
        form.setHorizontalSpacing(14)
        form.setVerticalSpacing(4)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.sender_combo = QComboBox()
        self.sender_combo.setObjectName("senderCombo")
        self.sender_combo.setToolTip(
            self.tr("The name your customers see as the sender (your registered sender names)")
        )
        sender_label = QLabel(self.tr("F&rom"))
        sender_label.setBuddy(self.sender_combo)
        form.addRow(sender_label, self.sender_combo)
        self.recipients_value = self._value("summaryRecipients")
        form.addRow(self.tr("Recipients"), self.recipients_value)
        self.parts_value = self._value("summaryParts")
        form.addRow(self.tr("Parts per message"), self.parts_value)
        self.credits_value = self._value("summaryCredits")
        self.credits_value.setProperty("emphasis", True)
        form.addRow(self.tr("Credits needed"), self.credits_value)
        self.kes_value = self._value("summaryKes")
        form.addRow(self.tr("Estimated cost"), self.kes_value)
        self.balance_value = self._value("summaryBalance")
        form.addRow(self.tr("Your balance"), self.balance_value)
        self.after_value = self._value("summaryAfter")
        form.addRow(self.tr("After sending"), self.after_value)
        layout.addLayout(form)

        # The last attempt's problem, why Send is greyed, the Send button and its hint are
        # shown with Send, in the bar under the form (always on screen); the tab places them.
        self.problem_label = QLabel()
        self.problem_label.setTextFormat(Qt.TextFormat.PlainText)  # may quote the service
        self.problem_label.setObjectName("problem")
        self.problem_label.setWordWrap(True)
        self.problem_label.hide()
        self.note_label = QLabel()
        self.note_label.setObjectName("hint")
        self.note_label.setWordWrap(True)
        self.note_label.hide()

        self.send_button = QPushButton(self.tr("Send"))
        self.send_button.setObjectName("sendButton")
        self.send_button.setProperty("role", "primary")
        self.send_button.setMinimumHeight(40)
        self.send_button.setToolTip(self.tr("Send now (Ctrl+Enter)"))
        self.shortcut_hint = QLabel(self.tr("Ctrl+Enter to send"))
        self.shortcut_hint.setObjectName("hint")
        self.shortcut_hint.setAlignment(Qt.AlignmentFlag.AlignHCenter)

    @staticmethod
    def _value(name: str) -> QLabel:
        label = QLabel("—")
        label.setObjectName(name)
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return label

    def show_estimate(
        self,
        estimate: Estimate,
        *,
        connected: bool = True,
        special: bool = False,
        balance_unknown: str | None = None,
    ) -> None:
        """*special*: the message has special characters (UCS-2, 70 a part), which the row
        says, as the counter and the preview do: "2" alone did not say why 2."""
        self.recipients_value.setText(number(estimate.recipients))
        parts = parts_text(estimate) if estimate.parts_max else "—"
        if special and estimate.parts_max:
            parts = self.tr("{parts} · special characters").format(parts=parts)
        self.parts_value.setText(parts)
        self.credits_value.setText(number(estimate.credits))
        value = estimate.kes
        if value is None:
            self.kes_value.setText(self.tr("rate not known"))
            self.kes_value.setToolTip(
                self.tr("Set your price per SMS part in the account settings to see KES.")
            )
        else:
            self.kes_value.setText(kes(value))
            self.kes_value.setToolTip(
                self.tr("{credits} × {price} per part").format(
                    credits=counts().credits(estimate.credits),
                    price=kes(estimate.price_per_part or 0),
                )
            )
        if estimate.balance is None:
            if not connected:
                unknown = "—"
            elif balance_unknown == "offline":  # (AppContext.balance_unknown)
                unknown = self.tr("not known while offline")
            elif balance_unknown == "failed":
                unknown = self.tr("not known")
            else:
                unknown = self.tr("checking…")
            self.balance_value.setText(unknown)
            self.after_value.setText("—")
        else:
            self.balance_value.setText(counts().credits(estimate.balance))
            self.after_value.setText(
                counts().credits(estimate.balance - estimate.credits)
                if estimate.affordable
                else self.tr("not enough")
            )
        self.after_value.setProperty("warning", not estimate.affordable)
        self.after_value.style().unpolish(self.after_value)
        self.after_value.style().polish(self.after_value)

    def show_problem(self, text: str | None) -> None:
        self.problem_label.setText(text or "")
        self.problem_label.setVisible(bool(text))

    def show_note(self, text: str | None) -> None:
        self.note_label.setText(text or "")
        self.note_label.setVisible(bool(text))
