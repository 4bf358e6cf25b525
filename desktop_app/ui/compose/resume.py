"""Unfinished broadcasts: resume never-sent chunks; let the user decide on in-doubt ones.

Nothing here sends on its own: "Send the rest" sends pending chunks only, and an in-doubt
chunk (the request went out, the answer was lost) stays put until the user says whether it
arrived or should be sent again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop_app.ui.compose.recipients import pretty_phone
from desktop_app.ui.compose.wording import number
from desktop_app.ui.formats import snippet
from desktop_app.ui.words import chunk_reason, counts

if TYPE_CHECKING:
    from desktop_app.core.services.sending import Broadcast, Chunk
    from desktop_app.ui.context import AppContext


def _phones(chunk: Chunk, limit: int = 3) -> str:
    shown = [pretty_phone(p) for p in chunk.phones[:limit]]
    more = len(chunk.phones) - len(shown)
    text = ", ".join(shown)
    if more > 0:
        text += " " + QCoreApplication.translate("Compose", "and {n} more").format(n=number(more))
    return text


class ResumeBanner(QFrame):
    """ "A broadcast did not finish" line at the top of the tab, with Review…."""

    review_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resumeBanner")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 6, 6)
        self.label = QLabel()
        self.label.setWordWrap(True)
        layout.addWidget(self.label, 1)
        self.review_button = QPushButton(self.tr("Review…"))
        self.review_button.setObjectName("reviewUnfinished")
        self.review_button.clicked.connect(self.review_requested)
        layout.addWidget(self.review_button)
        self.hide()

    def show_unfinished(self, broadcasts: list[Broadcast]) -> None:
        if not broadcasts:
            self.hide()
            return
        pending = sum(b.recipients_pending for b in broadcasts)
        in_doubt = sum(b.recipients_in_doubt for b in broadcasts)
        pieces = []
        if pending:
            pieces.append(self.tr("{n} not sent yet").format(n=counts().recipients(pending)))
        if in_doubt:
            pieces.append(
                self.tr("{n} with an unknown outcome").format(n=counts().recipients(in_doubt))
            )
        self.label.setText(
            self.tr("A broadcast did not finish: {details}.").format(details=", ".join(pieces))
            if len(broadcasts) == 1
            else self.tr("{n} broadcasts did not finish: {details}.").format(
                n=number(len(broadcasts)), details=", ".join(pieces)
            )
        )
        self.show()


class _BroadcastCard(QFrame):
    def __init__(self, dialog: ResumeDialog, broadcast: Broadcast, chunks: list[Chunk]) -> None:
        super().__init__()
        from desktop_app.core.services.sending import ChunkState

        self.setObjectName("card")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        layout.setSpacing(8)
        when = QLocale().toString(
            QDateTime.fromSecsSinceEpoch(int(broadcast.created_at.timestamp())),
            QLocale.FormatType.ShortFormat,
        )
        title = QLabel(f"“{snippet(broadcast.text, 70)}”")
        title.setTextFormat(Qt.TextFormat.PlainText)  # the user's own message, as typed
        title.setObjectName("cardTitle")
        title.setWordWrap(True)
        layout.addWidget(title)
        meta = QLabel(
            self.tr("From {sender}, started {when}").format(sender=broadcast.sender_id, when=when)
        )
        meta.setObjectName("hint")
        layout.addWidget(meta)
        status = QLabel(
            self.tr("{accepted} received it · {pending} never sent · {doubt} unknown").format(
                accepted=counts().recipients(broadcast.recipients_accepted),
                pending=number(broadcast.recipients_pending),
                doubt=number(broadcast.recipients_in_doubt),
            )
        )
        status.setObjectName("resumeStatus")
        status.setWordWrap(True)
        layout.addWidget(status)

        for chunk in chunks:
            if chunk.state is not ChunkState.IN_DOUBT:
                continue
            row = QFrame()
            row.setObjectName("noticeBanner")
            row_layout = QHBoxLayout(row)
            row_layout.setContentsMargins(10, 6, 6, 6)
            text = QLabel(
                self.tr("Outcome unknown for {people}: {phones}.\n{reason}").format(
                    people=counts().recipients(len(chunk.recipients)),
                    phones=_phones(chunk),
                    reason=chunk_reason(chunk.reason, chunk.detail),
                )
            )
            text.setTextFormat(Qt.TextFormat.PlainText)
            text.setWordWrap(True)
            row_layout.addWidget(text, 1)
            sent = QPushButton(self.tr("They got it"))
            sent.setObjectName("inDoubtSent")
            sent.setToolTip(
                self.tr("Count this round as sent (check the Delivery tab or ask a customer).")
            )
            sent.clicked.connect(lambda _c=False, cid=chunk.id: dialog.resolve(cid, True))
            again = QPushButton(self.tr("Send again"))
            again.setObjectName("inDoubtAgain")
            again.setToolTip(
                self.tr(
                    "Add this round back to the messages to send; some people may get it twice."
                )
            )
            again.clicked.connect(lambda _c=False, cid=chunk.id: dialog.resolve(cid, False))
            for button in (sent, again):
                button.setAutoDefault(False)  # Enter decides nothing here
                row_layout.addWidget(button)
            layout.addWidget(row)

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        if broadcast.pending:
            discard = QPushButton(self.tr("Don't send the rest"))
            discard.setObjectName("discardPending")
            discard.setAutoDefault(False)
            discard.clicked.connect(
                lambda: dialog.ask_discard(broadcast.id, broadcast.recipients_pending)
            )
            buttons.addWidget(discard)
            resume = QPushButton(
                self.tr("Send to the remaining {n}").format(
                    n=counts().recipients(broadcast.recipients_pending)
                )
            )
            resume.setObjectName("resumeButton")
            resume.setProperty("role", "primary")
            resume.setAutoDefault(False)
            resume.clicked.connect(lambda: dialog.request_resume(broadcast.id))
            buttons.addWidget(resume)
        layout.addLayout(buttons)


class ResumeDialog(QDialog):
    """Lists the unfinished broadcasts of a profile. Opened with open()."""

    resume_requested = Signal(int)  # broadcast id
    changed = Signal()

    #: The list was read again and shown (tests wait on it).
    reloaded = Signal()

    def __init__(self, ctx: AppContext, profile: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._sending = ctx.services.sending
        self._profile = profile
        self.setObjectName("resumeDialog")
        self.setWindowTitle(self.tr("Unfinished broadcasts"))
        self.setMinimumSize(620, 420)
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "These messages did not finish sending. Nothing is sent again without you: "
                "send the rest when you are ready, and tell Tuma what happened to any round "
                "whose outcome is unknown."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to its buttons
        self.scroll_area.setStyleSheet(
            "QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }"
        )
        layout.addWidget(self.scroll_area, 1)
        #: Why the last request could not be done (another send is going out).
        self.status_label = QLabel()
        self.status_label.setObjectName("problem")
        self.status_label.setWordWrap(True)
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.status_label.hide()
        layout.addWidget(self.status_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        if close is not None:
            close.setAutoDefault(False)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.broadcasts: list[Broadcast] = []
        self.discard_box: QMessageBox | None = None
        self.reload()

    def reload(self) -> None:
        """Read the unfinished broadcasts again (off the GUI thread) and show them."""
        self._ctx.tasks.start(
            "compose.resume.reload",
            self._sending.unfinished_with_chunks(self._profile),
            on_success=self._show,
        )

    def _show(self, unfinished: list[tuple[Broadcast, list[Chunk]]]) -> None:
        self.status_label.hide()  # (about the list as it was)
        self.broadcasts = [broadcast for broadcast, _chunks in unfinished]
        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.setSpacing(10)
        for broadcast, chunks in unfinished:
            body_layout.addWidget(_BroadcastCard(self, broadcast, chunks))
        if not self.broadcasts:
            done = QLabel(self.tr("Everything has been sent or settled."))
            done.setAlignment(Qt.AlignmentFlag.AlignCenter)
            body_layout.addWidget(done)
        body_layout.addStretch(1)
        self.scroll_area.setWidget(body)
        self.reloaded.emit()

    def resolve(self, chunk_id: int, sent: bool) -> None:
        self._ctx.tasks.start(
            "compose.resume.resolve",
            self._sending.resolve_in_doubt(chunk_id, sent),
            on_success=self._changed,
        )

    def _changed(self, _result: object = None) -> None:
        self.reload()
        self.changed.emit()

    def ask_discard(self, broadcast_id: int, people: int) -> None:
        """Dropping the rest cannot be undone: confirm it (non-blocking, "Keep them" default)."""
        box = QMessageBox(self)
        box.setObjectName("discardBox")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Don't send the rest?"))
        box.setText(
            self.tr("{people} will not get this message.").format(
                people=counts().recipients(people)
            )
        )
        box.setInformativeText(
            self.tr("To send it to them later you would have to write the message again.")
        )
        drop = box.addButton(self.tr("Don't send"), QMessageBox.ButtonRole.DestructiveRole)
        drop.setObjectName("confirmDiscard")
        keep = box.addButton(self.tr("Keep them"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)

        def decided(_result: int) -> None:
            if box.clickedButton() is drop:
                self.discard(broadcast_id)
            box.deleteLater()
            if self.discard_box is box:
                self.discard_box = None

        box.finished.connect(decided)
        self.discard_box = box
        box.open()

    def discard(self, broadcast_id: int) -> None:
        self._ctx.tasks.start(
            "compose.resume.discard",
            self._sending.drop_rest(broadcast_id),
            on_success=self._changed,
        )

    def say(self, text: str) -> None:
        """Why the last request could not be done; the dialog stays open."""
        self.status_label.setText(text)
        self.status_label.show()

    def request_resume(self, broadcast_id: int) -> None:
        """The tab closes the dialog once the rest can go, or says here why it cannot yet
        (:meth:`say`)."""
        self.resume_requested.emit(broadcast_id)
