"""The Compose tab: who, what, how much; then a confirmed, durable, resumable send."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QHBoxLayout,
    QLabel,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core import cost
from desktop_app.ui.compose import engine
from desktop_app.ui.compose.channels import SurveyPanel, WhatsAppPanel
from desktop_app.ui.compose.contact_picker import ContactPickerDialog
from desktop_app.ui.compose.cost_panel import Estimate, SummaryCard, shortfall_message
from desktop_app.ui.compose.draft import Draft, DraftStore
from desktop_app.ui.compose.editor import MAX_CHARACTERS, MessageComposer
from desktop_app.ui.compose.personalise import (
    MergeFieldBar,
    PreviewCard,
    has_merge_fields,
    render_all,
)
from desktop_app.ui.compose.recipients import Person, RecipientsPanel
from desktop_app.ui.compose.resume import ResumeBanner, ResumeDialog
from desktop_app.ui.compose.send_dialog import ConfirmSendDialog, SendProgressDialog, wait_finished
from desktop_app.ui.compose.style import STYLE
from desktop_app.ui.compose.templates import TemplatesButton
from desktop_app.ui.compose.wording import count, number, tr

if TYPE_CHECKING:
    from desktop_app.ui.context import AppContext

log = logging.getLogger(__name__)

#: Shared default sender ID of the sandbox (CONTRACT.md: every account may use it).
SANDBOX_SENDER_ID = "SANDBOX"
SEND_TASK = "compose.send"
#: Seconds the fresh balance check before a send may take; after that the last known balance
#: is used (the service still refuses a send it cannot cover, and that is handled): a slow
#: line must not leave the user looking at "Sending…" with no way out for a minute.
BALANCE_CHECK_TIMEOUT = 8.0

SAMPLE_MESSAGE = (
    "Habari {first_name}! Mama Mboga Fresh Produce: this weekend only, sukuma wiki "
    "and tomatoes are 20% off. Karibu sana, we open at 7am. Reply STOP to opt out."
)
SAMPLE_NUMBERS = "0712 345 678, 0722 000 111\n+254 733 123 456\n0711 22"


@dataclass(frozen=True)
class SmsPlan:
    """Everything a send needs, frozen at the moment the user pressed Send."""

    sender_id: str
    text: str
    people: tuple[Person, ...]
    texts: tuple[str, ...] | None  # per-recipient texts when personalised
    estimate: Estimate
    skipped: int

    @property
    def personalised(self) -> bool:
        return self.texts is not None


class _Notice(QFrame):
    """A dismissable line above the form: what just happened (sent, stopped, ...)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("noticeBanner")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 6, 6)
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # may quote the service's reasons
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.label, 1)
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setToolTip(self.tr("Dismiss"))
        close.setAccessibleName(self.tr("Dismiss this note"))
        close.clicked.connect(self.hide)
        layout.addWidget(close)
        self.hide()

    def show_text(self, text: str, *, ok: bool) -> None:
        self.setProperty("ok", ok)
        self.style().unpolish(self)
        self.style().polish(self)
        self.label.setText(text)
        self.show()


class ComposeTab(QWidget):
    """Compose and send: SMS (plain or personalised), WhatsApp template, survey."""

    #: SentMessage records of an accepted send (list) -> the Delivery tab refreshes.
    sent = Signal(object)
    #: Emitted (from a finally) when a send attempt ends, whatever happened; carries the
    #: outcome object, the exception, or None when the user cancelled / it was stopped.
    send_finished = Signal(object)

    def __init__(
        self,
        ctx: AppContext,
        parent: QWidget | None = None,
        *,
        draft_store: DraftStore | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("composeTab")
        self.setStyleSheet(STYLE)
        self._drafts = draft_store or DraftStore()
        self._estimate: Estimate | None = None
        self._refused_estimate: Estimate | None = None
        # The latest balance we know of: the context's reading, or the one fetched just
        # before a send (fresher).
        self._balance: float | None = None
        self.last_problem: str | None = None
        self.picker: ContactPickerDialog | None = None
        self.confirm_dialog: ConfirmSendDialog | None = None
        self.progress_dialog: SendProgressDialog | None = None
        self.resume_dialog: ResumeDialog | None = None
        self._picker_target: RecipientsPanel | None = None
        self._draft_sender = ""
        self._drafts_enabled = True
        self._sending = False
        self._dropped = False

        root = QVBoxLayout(self)
        root.setContentsMargins(16, 10, 16, 10)
        root.setSpacing(8)

        # Channel selector: a segmented control.
        channel_row = QHBoxLayout()
        channel_row.setSpacing(0)
        self.channel_group = QButtonGroup(self)
        self.channel_group.setExclusive(True)
        self.channel_buttons: list[QToolButton] = []
        for index, name in enumerate(
            (self.tr("SMS"), self.tr("WhatsApp template"), self.tr("Survey"))
        ):
            button = QToolButton()
            button.setObjectName("channelButton")
            button.setText(name)
            button.setCheckable(True)
            button.setChecked(index == 0)
            self.channel_group.addButton(button, index)
            self.channel_buttons.append(button)
            channel_row.addWidget(button)
        channel_row.addStretch(1)
        root.addLayout(channel_row)

        self.resume_banner = ResumeBanner()
        self.resume_banner.review_requested.connect(self.open_resume_dialog)
        root.addWidget(self.resume_banner)
        self.notice = _Notice()
        root.addWidget(self.notice)

        self.stack = QStackedWidget()
        root.addWidget(self.stack, 1)
        self.stack.addWidget(self._build_sms_page())
        self.whatsapp = WhatsAppPanel(ctx)
        self.whatsapp.recorded.connect(self._on_channel_recorded)
        self.stack.addWidget(self.whatsapp)
        self.survey = SurveyPanel(ctx)
        self.survey.recorded.connect(self._on_channel_recorded)
        self.survey.recipients.pick_contacts_requested.connect(
            lambda: self.open_contact_picker(self.survey.recipients)
        )
        self.stack.addWidget(self.survey)
        self.channel_group.idClicked.connect(self.set_channel)

        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(self._on_send_shortcut)

        self._estimate_timer = QTimer(self)
        self._estimate_timer.setSingleShot(True)
        self._estimate_timer.timeout.connect(self.update_estimate)
        self._draft_timer = QTimer(self)
        self._draft_timer.setSingleShot(True)
        self._draft_timer.setInterval(800)
        self._draft_timer.timeout.connect(self.save_draft)

        ctx.session_changed.connect(self._on_session_changed)
        ctx.balance_changed.connect(self._on_balance_changed)
        self._on_session_changed()
        self._restore_draft()

    # --- layout -------------------------------------------------------------------------

    def _build_sms_page(self) -> QWidget:
        page = QWidget()
        columns = QHBoxLayout(page)
        columns.setContentsMargins(0, 0, 0, 0)
        columns.setSpacing(16)

        left = QVBoxLayout()
        left.setSpacing(8)
        to_title = QLabel(self.tr("&To"))
        to_title.setObjectName("sectionTitle")
        left.addWidget(to_title)
        self.recipients = RecipientsPanel()
        to_title.setBuddy(self.recipients.numbers_edit)
        self.recipients.numbers_edit.setAccessibleName(self.tr("Recipients' phone numbers"))
        self.recipients.changed.connect(self._on_input_changed)
        self.recipients.pick_contacts_requested.connect(
            lambda: self.open_contact_picker(self.recipients)
        )
        left.addWidget(self.recipients)

        message_row = QHBoxLayout()
        message_title = QLabel(self.tr("&Message"))
        message_title.setObjectName("sectionTitle")
        message_row.addWidget(message_title)
        message_row.addStretch(1)
        self.composer = MessageComposer()
        message_title.setBuddy(self.composer.editor)
        self.composer.editor.setAccessibleName(self.tr("Message text"))
        self.templates = TemplatesButton(lambda: self.ctx.outbox, self.composer.text)
        self.templates.use_requested.connect(self.use_template)
        self.templates.templates_changed.connect(
            lambda name: self.notice.show_text(
                self.tr("Templates updated: “{name}”.").format(name=name), ok=True
            )
        )
        message_row.addWidget(self.templates)
        left.addSpacing(4)
        left.addLayout(message_row)
        self.merge_bar = MergeFieldBar()
        self.merge_bar.insert_requested.connect(self.composer.editor.insert_at_cursor)
        self.merge_bar.fallback_changed.connect(lambda _t: self._on_input_changed())
        left.addWidget(self.merge_bar)
        self.composer.changed.connect(lambda _t: self._on_input_changed())
        left.addWidget(self.composer, 1)
        columns.addLayout(left, 1)

        right = QVBoxLayout()
        right.setContentsMargins(0, 0, 0, 0)
        right.setSpacing(8)
        self.summary = SummaryCard()
        self.summary.send_button.clicked.connect(self.send)
        self.summary.sender_combo.currentTextChanged.connect(lambda _t: self._on_input_changed())
        right.addWidget(self.summary)
        self.preview = PreviewCard()
        right.addWidget(self.preview, 1)
        right.addWidget(self.summary.send_button)
        right.addWidget(self.summary.shortcut_hint)
        holder = QWidget()
        holder.setLayout(right)
        holder.setFixedWidth(360)
        columns.addWidget(holder)
        return page

    # --- public API ---------------------------------------------------------------------

    def focus_editor(self) -> None:
        self.set_channel(0)
        self.composer.editor.setFocus()

    def set_channel(self, index: int) -> None:
        self.stack.setCurrentIndex(index)
        button = self.channel_group.button(index)
        if button is not None and not button.isChecked():
            button.setChecked(True)

    def show_sample(self) -> None:
        """Type a realistic sample (screenshots mode). The user's own draft is left alone."""
        self._drafts_enabled = False
        self._draft_timer.stop()
        self.set_channel(0)
        self.recipients.set_numbers_text(SAMPLE_NUMBERS)
        self.recipients.add_people(
            [
                Person("+254711000222", "Achieng", "Otieno", from_contacts=True),
                Person("+254700111333", "Wanjiku", "Kamau", from_contacts=True),
                Person("+254799555777", "Mwangi", "", from_contacts=True),
            ]
        )
        self.composer.set_text(SAMPLE_MESSAGE)
        self.update_estimate()

    def use_template(self, text: str) -> None:
        self.set_channel(0)
        self.composer.set_text(text)
        self.composer.editor.setFocus()
        self.notice.show_text(
            self.tr("Template inserted. Ctrl+Z puts back what was there."), ok=True
        )

    def check_unfinished(self, *, open_dialog: bool = True) -> list[Any]:
        """Offer to resume broadcasts left unfinished (called after a session starts)."""
        session = self.ctx.session
        if session is None:
            self.resume_banner.hide()
            return []
        try:
            unfinished = engine.unfinished(self.ctx.outbox, session.profile.name)
        except Exception:
            log.exception("could not read the outbox")
            return []
        self.resume_banner.show_unfinished(unfinished)
        if unfinished and open_dialog:
            self.open_resume_dialog()
        elif not unfinished and self.resume_dialog is not None:
            self.resume_dialog.close()
        return unfinished

    def open_resume_dialog(self) -> None:
        session = self.ctx.session
        if session is None:
            return
        if self.resume_dialog is None:
            self.resume_dialog = ResumeDialog(self.ctx.outbox, session.profile.name, self)
            self.resume_dialog.resume_requested.connect(self.resume_broadcast)
            self.resume_dialog.changed.connect(lambda: self.check_unfinished(open_dialog=False))
        self.resume_dialog.reload()
        self.resume_dialog.open()

    def open_contact_picker(self, target: RecipientsPanel) -> None:
        if self.ctx.session is None:
            self._show_problem(self.tr("Connect an account to pick from your contacts."))
            return
        self._picker_target = target
        if self.picker is None:
            self.picker = ContactPickerDialog(self.ctx, self)
            self.picker.picked.connect(self._on_contacts_picked)
        self.picker.open()

    def _on_contacts_picked(self, people: list[Person]) -> None:
        target = self._picker_target or self.recipients
        target.add_people(people)
        self.notice.show_text(
            self.tr("Added {contacts}.").format(contacts=count("contact", len(people))), ok=True
        )

    # --- session and estimate -----------------------------------------------------------

    def sender_ids(self) -> list[str]:
        session = self.ctx.session
        if session is None:
            return []
        ids = [s for s in session.profile.sender_ids if s]
        if session.is_sandbox and SANDBOX_SENDER_ID not in ids:
            ids.append(SANDBOX_SENDER_ID)
        return ids

    def _on_session_changed(self) -> None:
        # Dialogs bound to the previous account (its contacts, its outbox rows) go away.
        self.ctx.tasks.cancel("compose.contacts")
        for dialog in (self.picker, self.resume_dialog):
            if dialog is not None:
                dialog.close()
                dialog.deleteLater()
        self.picker = None
        self.resume_dialog = None
        combo = self.summary.sender_combo
        previous = combo.currentText() or self._draft_sender
        ids = self.sender_ids()
        combo.blockSignals(True)
        combo.clear()
        combo.addItems(ids)
        session = self.ctx.session
        wanted = previous if previous in ids else None
        if wanted is None and session is not None:
            default = session.profile.default_sender_id
            wanted = default if default in ids else (ids[0] if ids else None)
        # No sender IDs saved for this account: let the user type theirs (a wrong one is
        # refused by the service and explained).
        combo.setEditable(session is not None and not ids)
        line_edit = combo.lineEdit() if combo.isEditable() else None
        if line_edit is not None:
            line_edit.setPlaceholderText(self.tr("Your sender ID"))
        if wanted:
            combo.setCurrentText(wanted)
        combo.blockSignals(False)
        combo.setEnabled(session is not None)
        can_pick = session is not None and session.can_use_contacts
        for panel in (self.recipients, self.survey.recipients):
            panel.pick_button.setEnabled(can_pick)
            panel.pick_button.setToolTip(
                self.tr("Choose people from your contacts list")
                if can_pick
                else self.tr(
                    "Your access token cannot read contacts (an older kind of token). Connect "
                    "with a newer token from your provider to pick from contacts."
                )
                if session is not None
                else self.tr("Connect an account to pick from your contacts.")
            )
        self.resume_banner.hide()
        last = self.ctx.last_balance
        self._balance = last.credits if last is not None else None
        self._schedule_estimate()

    def _on_balance_changed(self, details: object) -> None:
        credits = getattr(details, "credits", None)
        self._balance = float(credits) if credits is not None else None
        self._schedule_estimate()

    def _on_input_changed(self) -> None:
        if self.notice.property("ok"):
            self.notice.hide()  # a "sent" note is stale once the next message is started
        if not self._sending and self.last_problem and not self._problem_is_shortfall:
            self._show_problem(None)  # the user is fixing what the last attempt ran into
        self._schedule_estimate()
        if self._drafts_enabled:
            self._draft_timer.start()

    def _schedule_estimate(self) -> None:
        people = len(self.recipients.people())
        big = people > 500 and has_merge_fields(self.composer.text())
        self._estimate_timer.start(150 if big else 0)

    def build_plan(self) -> SmsPlan:
        text = self.composer.text()
        people = self.recipients.people()
        balance = self._balance
        if balance is None and self.ctx.last_balance is not None:
            balance = self.ctx.last_balance.credits
        texts: tuple[str, ...] | None = None
        if has_merge_fields(text):
            texts = tuple(render_all(text, people, self.merge_bar.fallback()))
            estimate = cost.estimate(texts, price_per_part=self.ctx.price_per_part, balance=balance)
        else:
            estimate = cost.estimate(
                text, len(people), price_per_part=self.ctx.price_per_part, balance=balance
            )
        return SmsPlan(
            sender_id=self.summary.sender_combo.currentText(),
            text=text,
            people=people,
            texts=texts,
            estimate=estimate,
            skipped=len(self.recipients.invalid()),
        )

    def blocking_reason(self, plan: SmsPlan) -> str | None:
        """Why the send cannot start yet (plain words), or None."""
        if self.ctx.session is None:
            return self.tr("Connect an account to send messages.")
        if not plan.sender_id:
            return self.tr("Choose who the message is from (sender ID).")
        if not plan.people:
            if plan.skipped:
                return self.tr("None of the numbers is valid: check the ones marked in red.")
            return self.tr("Add at least one recipient.")
        if not plan.text.strip():
            return self.tr("Type a message.")
        longest = max((len(t) for t in plan.texts), default=0) if plan.texts else len(plan.text)
        if longest > MAX_CHARACTERS:
            return self.tr("The message is too long: {n} characters; the limit is {limit}.").format(
                n=number(longest), limit=number(MAX_CHARACTERS)
            )
        if plan.texts is not None and any(not t.strip() for t in plan.texts):
            return self.tr("Some recipients would get an empty message: add text or a fallback.")
        return None

    def update_estimate(self) -> None:
        self._estimate_timer.stop()
        plan = self.build_plan()
        self._estimate = plan.estimate
        self.summary.show_estimate(plan.estimate, connected=self.ctx.session is not None)
        self.preview.update_preview(plan.text, plan.people, self.merge_bar.fallback())
        reason = self.blocking_reason(plan)
        sending = self._sending
        has_input = bool(plan.people or plan.text.strip())
        self.summary.show_note(reason if has_input or self.ctx.session is None else None)
        sticky = bool(self.last_problem) and not self._problem_is_shortfall
        if not sticky:  # an error from the last attempt stays until the user changes something
            if not plan.estimate.affordable and reason is None:
                self._show_problem(shortfall_message(plan.estimate))
            elif self.last_problem:
                self._show_problem(None)
        self.summary.send_button.setEnabled(reason is None and not sending)
        if sending:
            self.summary.send_button.setText(self.tr("Sending…"))
        elif plan.people and reason is None:
            self.summary.send_button.setText(
                self.tr("Send to {people}").format(people=count("person", len(plan.people)))
            )
        else:
            self.summary.send_button.setText(self.tr("Send"))

    _problem_is_shortfall = False

    def _show_problem(self, text: str | None, *, shortfall: bool = True) -> None:
        self.last_problem = text
        self._problem_is_shortfall = shortfall
        self.summary.show_problem(text)

    # --- drafts -------------------------------------------------------------------------

    def _restore_draft(self) -> None:
        draft = self._drafts.load()
        if draft.is_empty:
            return
        self.recipients.set_numbers_text(draft.numbers)
        self.composer.set_text(draft.text)
        self.composer.editor.document().clearUndoRedoStacks()
        self._draft_sender = draft.sender_id
        if draft.sender_id and draft.sender_id in self.sender_ids():
            self.summary.sender_combo.setCurrentText(draft.sender_id)
        if draft.fallback is not None:
            self.merge_bar.fallback_edit.setText(draft.fallback)
        self._draft_timer.stop()

    def save_draft(self) -> None:
        self._draft_timer.stop()
        if not self._drafts_enabled:
            return
        self._drafts.save(
            Draft(
                text=self.composer.text(),
                numbers=self.recipients.numbers_edit.toPlainText(),
                sender_id=self.summary.sender_combo.currentText(),
                fallback=self.merge_bar.fallback(),
            )
        )

    def hideEvent(self, event: Any) -> None:
        if self._draft_timer.isActive():
            self.save_draft()
        super().hideEvent(event)

    # --- sending ------------------------------------------------------------------------

    def _on_send_shortcut(self) -> None:
        index = self.stack.currentIndex()
        if index == 0:
            self.send()
        elif index == 1 and self.whatsapp.send_button.isEnabled():
            self.whatsapp.send()
        elif index == 2 and self.survey.send_button.isEnabled():
            self.survey.send()

    def send(self) -> None:
        """Check, confirm, write the broadcast down, then send it chunk by chunk."""
        if self._sending:
            return
        self.update_estimate()
        plan = self.build_plan()
        reason = self.blocking_reason(plan)
        if reason is not None:
            self._show_problem(reason, shortfall=False)
            self.send_finished.emit(None)
            return
        self._show_problem(None)
        self._start_send(self._send_flow_inner(plan))

    def _start_send(self, flow: Coroutine[Any, Any, object]) -> None:
        """Run a send or resume as the one SEND_TASK; `send_finished` fires once it has been
        dealt with (error shown, form updated), whatever happened."""
        self._sending = True
        self.update_estimate()
        self.ctx.tasks.start(
            SEND_TASK,
            self._guarded(flow),
            on_success=self._finish,
            on_error=self._on_send_failed,
        )

    async def _guarded(self, flow: Coroutine[Any, Any, object]) -> object:
        try:
            return await flow
        except asyncio.CancelledError:
            self._finish(None)  # the runner reports nothing for a cancelled task
            raise
        finally:
            self.progress_dialog_close()

    async def stop_sending(self, timeout: float = 5.0) -> bool:  # noqa: ASYNC109 (bounded)
        """On quit: let a running broadcast finish the batch in flight and stop there (as the
        progress dialog's Cancel does), rather than cutting the request off, which would leave
        that batch "in doubt". True when no send is left running within *timeout* seconds."""
        if not self.ctx.tasks.is_running(SEND_TASK):
            return True
        if self.progress_dialog is None:
            return False  # still checking or asking: nothing sent yet, cancelling is safe
        self.progress_dialog.request_cancel()
        return await self.ctx.tasks.wait_for(SEND_TASK, timeout)

    def _on_send_failed(self, exc: BaseException) -> bool:
        try:
            return self._on_send_error(exc)
        finally:
            self._finish(exc)

    def _finish(self, outcome: object) -> None:
        self._sending = False
        self.update_estimate()
        self.send_finished.emit(outcome)

    async def _send_flow_inner(self, plan: SmsPlan) -> object:
        session = self.ctx.session
        assert session is not None
        # A fresh balance: the estimate is checked against what the service says now.
        self.summary.show_note(self.tr("Checking your balance…"))
        balance: float | None
        try:
            balance = await asyncio.wait_for(
                engine.fetch_balance(session.client), BALANCE_CHECK_TIMEOUT
            )
        except TimeoutError:
            log.info("the balance check before a send timed out; using the last known one")
            balance = self._balance
        self._balance = balance
        estimate = plan.estimate.with_balance(balance).with_price(self.ctx.price_per_part)
        self.summary.show_note(None)
        if not estimate.affordable:
            self._show_problem(shortfall_message(estimate))
            self.ctx.refresh_balance()
            return None

        profile = session.profile
        chunk_size = engine.chunk_size(profile.bulk_chunk_size)
        chunks = -(-len(plan.people) // chunk_size)
        self.confirm_dialog = ConfirmSendDialog(
            channel=self.tr("SMS (personalised)") if plan.personalised else self.tr("SMS"),
            sender_id=plan.sender_id,
            estimate=estimate,
            message=(self.preview.rendered() if plan.personalised else plan.text),
            skipped=plan.skipped,
            chunks=chunks,
            parent=self,
        )
        result = await wait_finished(self.confirm_dialog)
        self.confirm_dialog.deleteLater()
        self.confirm_dialog = None
        if result != ConfirmSendDialog.DialogCode.Accepted.value:
            return None

        broadcast_id = engine.create_broadcast(
            self.ctx.outbox,
            profile=profile.name,
            sender_id=plan.sender_id,
            text=plan.text,
            people=[p.phone for p in plan.people],
            texts=list(plan.texts) if plan.texts is not None else None,
            chunk_size=chunk_size,
        )
        return await self._run(broadcast_id, chunks, len(plan.people), from_form=True)

    def _settle_form(self, broadcast_id: int) -> bool:
        """After a send from the form. When nothing went out (refused before any batch was
        accepted, nothing in doubt) the broadcast is dropped and the form stays the one thing
        to send again; otherwise the broadcast lives on in the outbox (the rest can be resumed
        from the banner) and the form is cleared, so pressing Send again cannot send anyone
        the same message twice. Returns True when the broadcast was dropped."""
        broadcast = self.ctx.outbox.broadcast(broadcast_id)
        if broadcast.accepted == 0 and broadcast.in_doubt == 0 and broadcast.sending == 0:
            self.ctx.outbox.cancel_pending(broadcast_id)
            return True
        self.recipients.clear()
        self.composer.set_text("")
        self.composer.editor.document().clearUndoRedoStacks()
        self.save_draft()
        return False

    async def _run(
        self, broadcast_id: int, chunks: int, recipients: int, *, from_form: bool = False
    ) -> object:
        session = self.ctx.session
        assert session is not None
        self.progress_dialog = SendProgressDialog(chunks, recipients, self)
        self.progress_dialog.open()
        dialog = self.progress_dialog
        from desktop_app.core.api import errors as api

        self._refused_estimate = None
        self._dropped = False
        needed = 0
        try:
            outcome = await engine.run(
                session.client,
                self.ctx.outbox,
                broadcast_id,
                progress=lambda done, total, people: dialog.show_progress(done, total, people),
                cancel=dialog.cancel_event,
            )
            if isinstance(outcome.error, api.InsufficientBalance):
                needed = engine.pending_credits(self.ctx.outbox, broadcast_id)
        finally:
            if from_form:
                self._dropped = self._settle_form(broadcast_id)
            self._after_run(broadcast_id)
        if self._dropped and outcome.error is None:
            self.notice.show_text(self.tr("Stopped before anything was sent."), ok=False)
        elif not self._dropped:
            self.notice.show_text(
                engine.describe_outcome(self.ctx.outbox, broadcast_id),
                ok=outcome.error is None and outcome.finished,
            )
        if outcome.error is not None:
            # Nothing of the stopped chunk was sent; the rest stays pending (resumable).
            if isinstance(outcome.error, api.InsufficientBalance):
                # Show the numbers: what the rest needs, and the balance right now.
                try:
                    balance: float | None = await engine.fetch_balance(session.client)
                except Exception:
                    balance = None
                self._balance = balance if balance is not None else self._balance
                self._refused_estimate = cost.CostEstimate(
                    recipients=0,
                    parts_min=0,
                    parts_max=0,
                    credits=needed,
                    price_per_part=self.ctx.price_per_part,
                    balance=balance,
                )
            raise outcome.error
        return outcome

    def _after_run(self, broadcast_id: int) -> None:
        """Whatever happened: tell the Delivery tab, refresh balance and the resume offer."""
        session = self.ctx.session
        if session is None:
            return
        try:
            records = engine.sent_for(self.ctx.outbox, session.profile.name, broadcast_id)
        except Exception:
            log.exception("could not read the sent messages")
            records = []
        if records:
            self.sent.emit(records)
        self.ctx.refresh_balance()
        self.check_unfinished(open_dialog=False)

    def _on_channel_recorded(self, records: object) -> None:
        """A WhatsApp template or survey was accepted and recorded: like an SMS send, the
        Delivery tab hears of it and the balance is read again."""
        self.sent.emit(records)
        self.ctx.refresh_balance()

    def progress_dialog_close(self) -> None:
        if self.progress_dialog is not None:
            self.progress_dialog.finish()
            self.progress_dialog.deleteLater()
            self.progress_dialog = None

    def resume_broadcast(self, broadcast_id: int) -> None:
        """Send the never-sent chunks of an unfinished broadcast (in-doubt ones stay put)."""
        if self._sending or self.ctx.session is None:
            return
        pending_chunks, pending_people = engine.pending_counts(self.ctx.outbox, broadcast_id)
        if not pending_chunks:
            return
        self._start_send(self._run(broadcast_id, pending_chunks, pending_people))

    def _on_send_error(self, exc: BaseException) -> bool:
        """Balance and sender-ID problems are shown on the card; the rest go to the presenter."""
        from desktop_app.core.api import errors as api

        if isinstance(exc, api.InsufficientBalance):
            estimate = self._refused_estimate
            text = tr("The service refused the send: your balance is too low.")
            if estimate is not None and estimate.balance is not None and not estimate.affordable:
                text = shortfall_message(estimate)
            if exc.service_message:
                text += " " + tr("(The service said: “{message}”)").format(
                    message=exc.service_message
                )
            if self._dropped:
                text += " " + tr("Nothing was sent. Top up, then press Send again.")
            else:
                text += " " + tr(
                    "The rest was not sent: top up, then resume it from the note above."
                )
            self._show_problem(text, shortfall=False)
            return True
        if isinstance(exc, api.SenderIdRejected):
            sender = exc.sender_id or self.summary.sender_combo.currentText()
            self._show_problem(
                tr(
                    "The sender ID “{sender}” is not registered to your account, so nothing "
                    "was sent. Choose another sender ID under “From”, or ask your provider "
                    "to register it."
                ).format(sender=sender),
                shortfall=False,
            )
            return True
        if isinstance(exc, api.AuthError):
            self._show_problem(
                tr("Your account needs to be connected again. Your message is kept."),
                shortfall=False,
            )
            return False
        if isinstance(exc, api.ApiError):
            from desktop_app.ui.errors import describe

            title, text = describe(exc)
            self._show_problem(f"{title}. {text}", shortfall=False)
            return False
        return False
