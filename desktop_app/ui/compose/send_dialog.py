"""Confirmation before a send (with the duplicate-send guard's finding), and progress over
the chunks of a broadcast (with Cancel).

Both are opened with open() and awaited through their `finished` signal
(:func:`desktop_app.ui.dialogs.wait_finished`): a coroutine never nests an event loop.
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from enum import StrEnum

from PySide6.QtCore import (
    QCoreApplication,
    QDate,
    QEvent,
    QLocale,
    QObject,
    Qt,
    QTime,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QShowEvent
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

from desktop_app.core.services.sending import Duplicates
from desktop_app.ui.compose.cost_panel import Estimate, parts_text
from desktop_app.ui.compose.wording import kes, number
from desktop_app.ui.formats import due_text
from desktop_app.ui.widgets import grow_to_fit
from desktop_app.ui.words import counts


class SendChoice(StrEnum):
    """What the user chose in a confirmation."""

    CANCEL = "cancel"
    ONLY_NEW = "only_new"  # leave out whoever already got it (the default when some did)
    EVERYONE = "everyone"  # everyone, again: a deliberate second step


def when_text(moment: datetime) -> str:
    """ "today at 12:26", "yesterday at 18:05", "on 21/11/2026 at 09:10" (local time)."""
    local = moment.astimezone()
    time = QLocale().toString(QTime(local.hour, local.minute), QLocale.FormatType.ShortFormat)
    today = datetime.now().astimezone().date()
    if local.date() == today:
        return QCoreApplication.translate("Compose", "today at {time}").format(time=time)
    if local.date() == today - timedelta(days=1):
        return QCoreApplication.translate("Compose", "yesterday at {time}").format(time=time)
    date = QLocale().toString(
        QDate(local.year, local.month, local.day), QLocale.FormatType.ShortFormat
    )
    return QCoreApplication.translate("Compose", "on {date} at {time}").format(date=date, time=time)


def duplicates_text(duplicates: Duplicates, noun_total: str) -> str:
    """The guard's finding in words: "2,500 of these 3,000 customers already got this message
    today at 12:26." (+ those waiting in an unfinished broadcast)."""
    pieces = []
    if duplicates.already_sent:
        last = duplicates.last_sent_at
        when = when_text(last) if last is not None else ""
        if duplicates.already_sent < duplicates.checked:
            said = QCoreApplication.translate(
                "Compose", "{n} of these {total} already got this message {when}."
            ).format(n=number(duplicates.already_sent), total=noun_total, when=when)
        elif duplicates.checked == 1:  # not "1 of these 1 person"
            said = QCoreApplication.translate(
                "Compose", "This person already got this message {when}."
            ).format(when=when)
        else:  # not "3 of these 3 people"
            said = QCoreApplication.translate(
                "Compose", "All {total} already got this message {when}."
            ).format(total=noun_total, when=when)
        pieces.append(said)
    if duplicates.in_unfinished:
        pieces.append(
            QCoreApplication.translate(
                "Compose",
                "{n} are waiting for it in a broadcast that has not finished (Review… in "
                "Compose shows it).",
            ).format(n=counts().people(duplicates.in_unfinished))
        )
    if duplicates.in_scheduled:
        # (not "Review…": a send waiting for its time is in the scheduled list, not there)
        pieces.append(
            QCoreApplication.translate(
                "Compose",
                "{n} are due to get it in a scheduled message (View… in Compose shows it).",
            ).format(n=counts().people(duplicates.in_scheduled))
        )
    return " ".join(pieces)


class _PlainEnterOnly(QObject):
    """Eats Enter (Return) pressed with Ctrl, Alt or Shift on the buttons it watches: the
    page's Ctrl+Enter (Send) pressed again must not answer the question it opened."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            held = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and held:
                return True
        return False


class ConfirmButtons(QWidget):
    """The end of every confirmation: the guard's warning and the send buttons.

    Without duplicates: [Send now] (the default) and Cancel. With duplicates: [Send only to
    the N new] (the default) and [Send to all M anyway…], which asks once more before it
    sends anyone the same message again; when nobody is new, Cancel is the default.
    ``choice`` says what was decided when the dialog accepts.
    """

    #: "Send to all anyway…" pressed once: the dialog's numbers are everyone's from now on
    everyone_shown = Signal()

    def __init__(
        self,
        dialog: QDialog,
        *,
        skipped: int,
        send_text: str,
        name: str,
        duplicates: Duplicates | None = None,
        total: int = 0,
    ) -> None:
        super().__init__(dialog)
        self._dialog = dialog
        self.choice = SendChoice.CANCEL
        self.duplicates = duplicates if duplicates else None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        if skipped:
            warning = QLabel(
                self.tr("{invalid} and will be skipped.").format(
                    invalid=counts().invalid_numbers(skipped)
                )
            )
            warning.setObjectName("warning")
            warning.setWordWrap(True)
            layout.addWidget(warning)
        self.everyone_button: QPushButton | None = None
        self.again_label: QLabel | None = None
        buttons = QDialogButtonBox()
        self.buttons = buttons
        fresh = total - (self.duplicates.count if self.duplicates else 0)
        if self.duplicates is None:
            self.send_button: QPushButton | None = buttons.addButton(
                send_text, QDialogButtonBox.ButtonRole.AcceptRole
            )
            self.send_button.setProperty("role", "primary")  # bold from the start: sized for it
            self.send_button.setObjectName(name)
            self.send_button.clicked.connect(lambda: self._decide(SendChoice.EVERYONE))
        else:
            guard = QLabel(duplicates_text(self.duplicates, counts().people(total)))
            guard.setObjectName("duplicateWarning")
            guard.setWordWrap(True)
            guard.setTextFormat(Qt.TextFormat.PlainText)
            layout.addWidget(guard)
            self.guard_label = guard
            self.send_button = None
            if fresh > 0:
                self.send_button = buttons.addButton(
                    self.tr("Send only to the %Ln new person(s)", "", fresh),
                    QDialogButtonBox.ButtonRole.AcceptRole,
                )
                self.send_button.setProperty("role", "primary")  # bold from the start
                self.send_button.setObjectName(name)
                self.send_button.clicked.connect(lambda: self._decide(SendChoice.ONLY_NEW))
            self.everyone_button = buttons.addButton(
                self.tr("Send again anyway…")
                if total == 1
                else self.tr("Send to all {n} anyway…").format(n=number(total)),
                QDialogButtonBox.ButtonRole.ActionRole,
            )
            self.everyone_button.setObjectName("sendToEveryone")
            self.everyone_button.setAutoDefault(False)
            self.everyone_button.clicked.connect(self._second_step)
            self._total = total
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        assert cancel is not None
        self.cancel_button = cancel
        buttons.rejected.connect(dialog.reject)
        default = self.send_button if self.send_button is not None else cancel
        default.setDefault(True)
        default.setFocus()
        # Ctrl+Enter is Send on the page: pressed twice (hurried, or again since nothing
        # seemed to happen), the second reached the focused Send here and sent it unread. A
        # button takes Enter with Ctrl held as a click; here only a plain Enter answers.
        self._no_ctrl_enter = _PlainEnterOnly(self)
        for button in buttons.buttons():
            button.installEventFilter(self._no_ctrl_enter)
        layout.addWidget(buttons)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # The buttons are measured again once styled (bold, padded): the dialog grows to fit
        # them rather than cutting "Send only to the 12 new" short.
        QTimer.singleShot(0, self._fit_dialog)

    def _fit_dialog(self) -> None:
        """Grow the dialog (never shrink it) to what it shows now: as wide as its buttons,
        as tall as its words wrapped at that width. Its minimum width is set by hand, so Qt
        no longer sizes it when a line is added (its form rows were squeezed instead)."""
        needed = self._dialog.sizeHint()
        if needed.width() > self._dialog.width():
            self._dialog.resize(needed.width(), max(needed.height(), self._dialog.height()))
        grow_to_fit(self._dialog)

    def _decide(self, choice: SendChoice) -> None:
        self.choice = choice
        self._dialog.accept()

    def _second_step(self) -> None:
        """ "Send to all anyway…": say plainly what it means, and ask for one more click."""
        assert self.everyone_button is not None
        assert self.duplicates is not None
        if self.again_label is not None:
            self._decide(SendChoice.EVERYONE)
            return
        self.again_label = QLabel(
            self.tr("{n} will get this message a second time. Click again to send to all.").format(
                n=counts().people(self.duplicates.count)
            )
        )
        self.again_label.setObjectName("problem")
        self.again_label.setWordWrap(True)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(layout.count() - 1, self.again_label)
        self.everyone_button.setText(
            self.tr("Yes, send it again")
            if self._total == 1
            else self.tr("Yes, send to all {n} again").format(n=number(self._total))
        )
        self.everyone_button.setProperty("role", "danger")
        self.everyone_button.style().unpolish(self.everyone_button)
        self.everyone_button.style().polish(self.everyone_button)
        self.everyone_shown.emit()
        QTimer.singleShot(0, self._fit_dialog)  # room for the new line and the new words


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
        duplicates: Duplicates | None = None,
        new_estimate: Estimate | None = None,
        opted_out: int = 0,
        due_at: datetime | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("confirmSendDialog")
        later = due_at is not None  # scheduled: it goes out at that time, not now
        self.setWindowTitle(
            self.tr("Schedule this message?") if later else self.tr("Send this message?")
        )
        self.setMinimumWidth(440)
        layout = QVBoxLayout(self)
        layout.setSpacing(12)
        people = counts().people(estimate.recipients)
        self.heading = heading = QLabel(
            self.tr("Schedule it for {people}?").format(people=people)
            if later
            else self.tr("Send to {people}?").format(people=people)
        )
        heading.setObjectName("dialogTitle")
        heading.setWordWrap(True)
        layout.addWidget(heading)
        # With duplicates, the numbers shown are those of the default choice (the new only);
        # "Send to all anyway…" shows everyone's (_show_everyone)
        self._everyone = estimate
        if duplicates and new_estimate is not None and new_estimate.recipients:
            people = counts().people(new_estimate.recipients)
            heading.setText(
                self.tr("Schedule it for {people} who did not get it yet?").format(people=people)
                if later
                else self.tr("Send to {people} who did not get it yet?").format(people=people)
            )
            estimate = new_estimate
        elif duplicates and (duplicates.in_unfinished or duplicates.in_scheduled):
            heading.setText(self.tr("Everyone here got this message or is waiting for it"))
        elif duplicates:
            heading.setText(self.tr("Everyone here already got this message"))

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
        self.cost_value: QLabel | None = None
        if estimate.kes is not None:
            self.cost_value = QLabel(kes(estimate.kes))
            form.addRow(self.tr("Estimated cost"), self.cost_value)
        self.after_value: QLabel | None = None
        if estimate.balance is not None:
            self.after_value = QLabel(counts().credits(estimate.balance - estimate.credits))
            form.addRow(self.tr("Balance after"), self.after_value)
        if chunks > 1:
            form.addRow(self.tr("Sent in"), QLabel(counts().batches(chunks)))
        if due_at is not None:
            self.due_value = QLabel(due_text(due_at))
            self.due_value.setObjectName("confirmDueAt")
            form.addRow(self.tr("Goes out"), self.due_value)
        layout.addLayout(form)
        if opted_out:
            from desktop_app.ui.compose.rules import people_left_out_text

            self.opted_out_label = QLabel(people_left_out_text(opted_out))
            self.opted_out_label.setObjectName("optedOutNote")
            self.opted_out_label.setWordWrap(True)
            layout.addWidget(self.opted_out_label)

        preview = QLabel(message if len(message) <= 280 else message[:277] + "…")
        preview.setObjectName("smsBubble")
        preview.setWordWrap(True)
        preview.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(preview)

        self.confirm = ConfirmButtons(
            self,
            skipped=skipped,
            send_text=self.tr("Send now") if due_at is None else self.tr("Schedule"),
            name="confirmSendButton",
            duplicates=duplicates,
            total=duplicates.checked if duplicates else estimate.recipients,
        )
        layout.addWidget(self.confirm)
        self.send_button = self.confirm.send_button
        self._later = later
        self.confirm.everyone_shown.connect(self._show_everyone)

    def _show_everyone(self) -> None:
        """ "Send to all anyway…": the numbers become everyone's, what the second click sends
        and what is billed (the new people's stayed: "1 recipient, 2 credits" read, and 6
        billed)."""
        estimate = self._everyone
        people = counts().people(estimate.recipients)
        self.heading.setText(
            self.tr("Schedule it for {people}?").format(people=people)
            if self._later
            else self.tr("Send to {people}?").format(people=people)
        )
        self.recipients_value.setText(number(estimate.recipients))
        self.parts_value.setText(parts_text(estimate))
        self.credits_value.setText(counts().credits(estimate.credits))
        if self.cost_value is not None and estimate.kes is not None:
            self.cost_value.setText(kes(estimate.kes))
        if self.after_value is not None and estimate.balance is not None:
            self.after_value.setText(counts().credits(estimate.balance - estimate.credits))

    @property
    def choice(self) -> SendChoice:
        return self.confirm.choice


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
        self.bar.setFormat(self.tr("%v of %m rounds sent"))
        self.bar.setToolTip(
            self.tr(
                "A big send goes to your provider in rounds of a few hundred numbers "
                "(technically: batches), so a lost connection only affects one round."
            )
        )
        layout.addWidget(self.bar)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(
            self.tr("Stop after the round being sent now. The rest can be sent later.")
        )
        self.cancel_button.setAutoDefault(False)  # Enter must not cancel a send by accident
        self.cancel_button.clicked.connect(self.request_cancel)
        layout.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignRight)

    def request_cancel(self) -> None:
        self.cancel_event.set()
        self.cancel_button.setEnabled(False)
        self.status_label.setText(self.tr("Stopping after the round being sent now…"))

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
