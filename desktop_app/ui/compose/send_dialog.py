"""Confirmation before a send, and progress over the chunks of a broadcast (with Cancel).

Both are opened with open() and awaited through their `finished` signal
(:func:`desktop_app.ui.dialogs.wait_finished`): a coroutine never nests an event loop.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.ui.compose.cost_panel import Estimate, parts_text
from desktop_app.ui.compose.wording import kes, number
from desktop_app.ui.words import counts


def add_confirm_buttons(
    dialog: QDialog, layout: QVBoxLayout, *, skipped: int, send_text: str, name: str
) -> QPushButton:
    """The end of a confirmation dialog: a warning when *skipped* numbers will be left out,
    then the send button (primary, the default: accepts) and Cancel. Returns the send button."""
    if skipped:
        warning = QLabel(
            dialog.tr("{invalid} and will be skipped.").format(
                invalid=counts().invalid_numbers(skipped)
            )
        )
        warning.setObjectName("warning")
        warning.setWordWrap(True)
        layout.addWidget(warning)
    buttons = QDialogButtonBox()
    send_button = buttons.addButton(send_text, QDialogButtonBox.ButtonRole.AcceptRole)
    send_button.setObjectName(name)
    send_button.setProperty("role", "primary")
    send_button.setDefault(True)
    buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    return send_button


class ConfirmSendDialog(QDialog):
    """Asks "Send to 120 people?" with everything the user should check."""

    def __init__(
        self,
        *,
        channel: str,
        sender_id: str,
        estimate: Estimate,
        message: str,
        skipped: int,
        chunks: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("confirmSendDialog")
        self.setWindowTitle(self.tr("Send this message?"))
        self.setMinimumWidth(440)
        layout = QVBoxLayout(self)
        layout.setSpacing(12)
        heading = QLabel(
            self.tr("Send to {people}?").format(people=counts().people(estimate.recipients))
        )
        heading.setObjectName("dialogTitle")
        layout.addWidget(heading)

        form = QFormLayout()
        form.setHorizontalSpacing(18)
        form.addRow(self.tr("Channel"), QLabel(channel))
        form.addRow(self.tr("From"), QLabel(sender_id))
        self.recipients_value = QLabel(number(estimate.recipients))
        form.addRow(self.tr("Recipients"), self.recipients_value)
        self.parts_value = QLabel(parts_text(estimate))
        form.addRow(self.tr("Parts per message"), self.parts_value)
        self.credits_value = QLabel(counts().credits(estimate.credits))
        self.credits_value.setObjectName("confirmCredits")
        form.addRow(self.tr("Credits"), self.credits_value)
        if estimate.kes is not None:
            form.addRow(self.tr("Estimated cost"), QLabel(kes(estimate.kes)))
        if estimate.balance is not None:
            form.addRow(
                self.tr("Balance after"),
                QLabel(counts().credits(estimate.balance - estimate.credits)),
            )
        if chunks > 1:
            form.addRow(self.tr("Sent in"), QLabel(counts().batches(chunks)))
        layout.addLayout(form)

        preview = QLabel(message if len(message) <= 280 else message[:277] + "…")
        preview.setObjectName("smsBubble")
        preview.setWordWrap(True)
        preview.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(preview)

        self.send_button = add_confirm_buttons(
            self, layout, skipped=skipped, send_text=self.tr("Send now"), name="confirmSendButton"
        )


class SendProgressDialog(QDialog):
    """A progress bar over the chunks; Cancel stops after the chunk in flight."""

    def __init__(self, total_chunks: int, total_recipients: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("sendProgressDialog")
        self.setWindowTitle(self.tr("Sending…"))
        self.setMinimumWidth(420)
        self.cancel_event = asyncio.Event()
        self._total_recipients = total_recipients
        layout = QVBoxLayout(self)
        layout.setSpacing(10)
        self.status_label = QLabel(self.tr("Starting…"))
        self.status_label.setWordWrap(True)
        layout.addWidget(self.status_label)
        self.bar = QProgressBar()
        self.bar.setRange(0, max(1, total_chunks))
        self.bar.setValue(0)
        self.bar.setFormat(self.tr("%v of %m batches"))
        layout.addWidget(self.bar)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(
            self.tr("Stop after the batch being sent now. The rest can be sent later.")
        )
        self.cancel_button.setAutoDefault(False)  # Enter must not cancel a send by accident
        self.cancel_button.clicked.connect(self.request_cancel)
        layout.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignRight)

    def request_cancel(self) -> None:
        self.cancel_event.set()
        self.cancel_button.setEnabled(False)
        self.status_label.setText(self.tr("Stopping after the batch being sent now…"))

    def reject(self) -> None:
        # Escape / closing the window means Cancel; the dialog closes when the send stops.
        if not self.cancel_event.is_set():
            self.request_cancel()

    def show_progress(self, done_chunks: int, total_chunks: int, recipients_done: int) -> None:
        self.bar.setRange(0, max(1, total_chunks))
        self.bar.setValue(done_chunks)
        if not self.cancel_event.is_set():
            self.status_label.setText(
                self.tr("Sent to {done} of {total}…").format(
                    done=number(recipients_done),
                    total=counts().recipients(self._total_recipients),
                )
            )

    def finish(self) -> None:
        self.done(QDialog.DialogCode.Accepted.value)
