"""Other channels from the compose tab: a WhatsApp template to one customer, and a survey."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.recipients import InvalidNumber, NumberParser
from desktop_app.core.rules import SendCategory
from desktop_app.core.services.sending import (
    BroadcastKind,
    Duplicates,
    survey_text,
    whatsapp_text,
)
from desktop_app.ui.compose.recipients import RecipientsPanel, pretty_phone
from desktop_app.ui.compose.rules import people_left_out_text
from desktop_app.ui.compose.send_dialog import ConfirmButtons, SendChoice
from desktop_app.ui.dialogs import wait_finished
from desktop_app.ui.formats import number
from desktop_app.ui.widgets import SideColumn
from desktop_app.ui.words import counts, phone_problem

if TYPE_CHECKING:
    from desktop_app.core.api.models import SendResult
    from desktop_app.core.services.accounts import Session
    from desktop_app.core.services.sending import SentMessage
    from desktop_app.ui.context import AppContext

log = logging.getLogger(__name__)

#: The tips beside the WhatsApp and Survey forms: at 360 (the SMS summary's width) the form
#: was left ~390 px at 800 (its placeholders and "No recipients yet." cut or wrapped).
TIPS_WIDTH = 280
LANGUAGES = (("en", "English"), ("sw", "Kiswahili"), ("en_US", "English (US)"), ("fr", "Français"))


def explain(exc: BaseException) -> tuple[str, bool]:
    """(plain words, handled here) for a channel send failure; a 401 still goes to the
    presenter so the user is taken back to the account dialog."""
    from desktop_app.core.api import errors as api
    from desktop_app.ui.errors import describe

    title, text = describe(exc)
    return f"{title}. {text}", not isinstance(exc, api.AuthError)


#: The most people one survey request may name (CONTRACT: at most 1,000 recipients per
#: call): a longer list goes in rounds of this many.
SURVEY_ROUND = 1000


@dataclass(frozen=True)
class Accepted:
    """A channel send the service accepted, and its record in the journal (None when it
    could not be written: the send itself still happened)."""

    result: SendResult
    record: SentMessage | None
    #: A survey to more people than one request may name: its later rounds, accepted.
    later: tuple[Accepted, ...] = ()
    #: A later round failed (the ones before it went): why, and how many people it and the
    #: rounds after it were for (nothing was sent to them, or it is in doubt: ``stopped``).
    stopped: BaseException | None = None
    not_sent: int = 0

    @property
    def rounds(self) -> tuple[Accepted, ...]:
        return (self, *self.later)


async def send_recorded(
    ctx: AppContext,
    session: Session,
    kind: BroadcastKind,
    text: str,
    phones: list[str],
    request: Callable[[], Awaitable[SendResult]],
    credits: Callable[[SendResult], int | None],
) -> Accepted:
    """Send a WhatsApp template or survey, written down before it goes out and settled when
    the reply comes (SendingService.send_direct): a lost reply leaves it in doubt, listed on
    the Delivery tab and asked about before the same people get it again."""
    result, record = await ctx.services.sending.send_direct(
        kind, text, phones, request, profile=session.profile.name, credits=credits
    )
    return Accepted(result, record)


def _tips_card(title: str, tips: list[str]) -> QFrame:
    """The right-hand column of a channel page: what the user needs to know, briefly."""
    card = QFrame()
    card.setObjectName("card")
    layout = QVBoxLayout(card)
    layout.setContentsMargins(16, 14, 16, 16)
    layout.setSpacing(10)
    heading = QLabel(title)
    heading.setObjectName("cardTitle")
    layout.addWidget(heading)
    for tip in tips:
        label = QLabel("• " + tip)
        label.setWordWrap(True)
        label.setObjectName("hint")
        layout.addWidget(label)
    layout.addStretch(1)
    return card


class _ResultLabel(QLabel):
    def __init__(self) -> None:
        super().__init__()
        # Named before its first polish: the style's padding and border (the same for both
        # names) are then part of its size; named only when shown, its text touched the box.
        self.setObjectName("success")
        self.setTextFormat(Qt.TextFormat.PlainText)  # may quote the service
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hide()

    def show_result(self, text: str, ok: bool) -> None:
        self.setObjectName("success" if ok else "problem")
        self.setText(text)
        self.style().unpolish(self)
        self.style().polish(self)
        self.show()


class _ConfirmChannelDialog(QDialog):
    """A channel send is never one click: a heading, a note, the guard's finding, buttons."""

    def __init__(
        self,
        *,
        name: str,
        title: str,
        heading: str,
        note: str,
        send_text: str,
        send_name: str,
        skipped: int,
        people: int,
        duplicates: Duplicates | None,
        parent: QWidget | None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowTitle(title)
        self.setMinimumWidth(440)
        layout = QVBoxLayout(self)
        layout.setSpacing(12)
        label = QLabel(heading)
        label.setObjectName("dialogTitle")
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(label)
        hint = QLabel(note)
        hint.setObjectName("hint")
        hint.setWordWrap(True)
        hint.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(hint)
        self.confirm = ConfirmButtons(
            self,
            skipped=skipped,
            send_text=send_text,
            name=send_name,
            duplicates=duplicates,
            total=people,
        )
        layout.addWidget(self.confirm)
        self.send_button = self.confirm.send_button

    @property
    def choice(self) -> SendChoice:
        return self.confirm.choice


class ConfirmSurveyDialog(_ConfirmChannelDialog):
    """ "Send survey X to 240 people?": a survey is billed SMS, so it is never one click."""

    def __init__(
        self,
        survey_id: str,
        people: int,
        skipped: int,
        parent: QWidget | None = None,
        *,
        duplicates: Duplicates | None = None,
    ) -> None:
        super().__init__(
            name="confirmSurveyDialog",
            title=self.tr("Send this survey?"),
            heading=self.tr("Send survey “{survey}” to {people}?").format(
                survey=survey_id, people=counts().people(people)
            ),
            note=self.tr(
                "Each person gets the survey's questions by SMS and answers by reply. Your "
                "provider charges for these messages like any other SMS."
            ),
            send_text=self.tr("Send survey"),
            send_name="confirmSurveyButton",
            skipped=skipped,
            people=people,
            duplicates=duplicates,
            parent=parent,
        )


class ConfirmWhatsAppDialog(_ConfirmChannelDialog):
    """ "Send template order_ready (English) to 0712 345 678?"."""

    def __init__(
        self,
        template: str,
        language: str,
        phone: str,
        parent: QWidget | None = None,
        *,
        duplicates: Duplicates | None = None,
    ) -> None:
        super().__init__(
            name="confirmWhatsAppDialog",
            title=self.tr("Send this WhatsApp template?"),
            heading=self.tr("Send template “{template}” ({language}) to {phone}?").format(
                template=template, language=language, phone=pretty_phone(phone)
            ),
            note=self.tr(
                "The customer gets your approved template on WhatsApp. Nothing is charged if "
                "the template or the customer's opt-in is refused."
            ),
            send_text=self.tr("Send template"),
            send_name="confirmWhatsAppButton",
            skipped=0,
            people=1,
            duplicates=duplicates,
            parent=parent,
        )


class _ChannelPanel(QWidget):
    """A channel page: a card (title, intro, the channel's own fields, then the send row and
    the result line) beside a card of tips; reports how a send ended."""

    finished = Signal(bool)  # True when the service accepted the send
    #: [SentMessage] of an accepted send, once recorded in the outbox (for the Delivery tab)
    recorded = Signal(object)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._outer = QVBoxLayout(self)
        self._outer.setContentsMargins(0, 0, 0, 0)
        self._card = QFrame()
        self._card.setObjectName("card")
        self._outer.setSpacing(16)
        #: The confirmation while it is open (tests and quitting look at it).
        self.confirm_dialog: _ConfirmChannelDialog | None = None
        #: The kind of message chosen on the tab (promotions skip the opt-out list).
        self.category_source: Callable[[], SendCategory] = lambda: SendCategory.TRANSACTIONAL
        #: How many numbers the last send left out as opted out of promotions.
        self.opted_out = 0
        #: The account whose typing the page shows, and the others' typing, kept for when
        #: they are opened again (in memory, for this run of Tuma).
        self._profile = ctx.session.profile.name if ctx.session is not None else None
        self._typed: dict[str | None, object] = {}
        ctx.session_changed.connect(self._on_session_changed)

    def _on_session_changed(self) -> None:
        """Another account (or none): the page shows that account's own typing, and says
        nothing about the last one's send. A survey typed for one shop's customers, left on
        the page, would go to them from the other shop with one click; the last account's
        typing comes back when it is opened again. The same account connected again (after
        its key was refused) keeps everything."""
        session = self._ctx.session
        profile = session.profile.name if session is not None else None
        if profile == self._profile:
            return
        self._typed[self._profile] = self._take_typing()
        self._profile = profile
        self._put_typing(self._typed.pop(profile, None))
        self.result_label.hide()

    def _take_typing(self) -> object:
        """What the user typed on the page (the page's own kind of value)."""
        raise NotImplementedError

    def _put_typing(self, typed: object) -> None:
        """The page filled with *typed* (from ``_take_typing``), or emptied for None."""
        raise NotImplementedError

    async def _without_opted_out(self, session: Session, phones: list[str]) -> list[str]:
        """*phones* less those on the opt-out list, for a promotion (all of them otherwise)."""
        self.opted_out = 0
        if self.category_source() is not SendCategory.PROMOTIONAL:
            return phones
        listed = await self._ctx.services.optouts.among(session.profile.name, phones)
        self.opted_out = len(listed)
        return [phone for phone in phones if phone not in listed]

    def _opted_out_note(self) -> str:
        if not self.opted_out:
            return ""
        return " " + people_left_out_text(self.opted_out)

    def _all_opted_out(self) -> None:
        self.result_label.show_result(
            self.tr(
                "Not sent: everyone here is on your opt-out list, so they get no promotions. "
                "Choose “Service message” at the top if this is not a promotion."
            ),
            False,
        )

    def _start_card(self, title: str, intro: str) -> QVBoxLayout:
        """Title and intro at the top of the card; returns the card's layout for the fields."""
        layout = QVBoxLayout(self._card)
        layout.setContentsMargins(20, 16, 20, 20)
        layout.setSpacing(12)
        heading = QLabel(title)
        heading.setObjectName("cardTitle")
        layout.addWidget(heading)
        label = QLabel(intro)
        label.setWordWrap(True)
        label.setObjectName("hint")
        layout.addWidget(label)
        return layout

    def _finish_card(
        self,
        layout: QVBoxLayout,
        *,
        send_text: str,
        send_name: str,
        tips_title: str,
        tips: list[str],
    ) -> None:
        """The send row (the result line over the right-aligned send button), then the tips
        card. The row ends the card until the compose tab puts it in its Send bar (always on
        screen, where the SMS page's Send is): a survey to a few people pushed it below the
        fold of an 800×560 window."""
        #: The result line and Send: ``take_send_row`` moves them out of the card.
        self.send_row = QWidget()
        self.send_row.setObjectName("channelSendRow")
        rows = QVBoxLayout(self.send_row)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setSpacing(6)
        self.result_label = _ResultLabel()
        rows.addWidget(self.result_label)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(8)
        #: Why Send is greyed, beside it, as on the SMS page (a grey button said nothing).
        self.note_label = QLabel()
        self.note_label.setObjectName("hint")
        self.note_label.setWordWrap(True)
        self.note_label.setTextFormat(Qt.TextFormat.PlainText)
        self.note_label.hide()
        row.addWidget(self.note_label, 1)
        self.send_button = QPushButton(send_text)
        self.send_button.setObjectName(send_name)
        self.send_button.setProperty("role", "primary")
        self.send_button.clicked.connect(self.send)
        # Right-aligned: with nothing to say beside it, Send keeps its own width.
        row.addWidget(
            self.send_button, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )
        rows.addLayout(row)
        self._card_layout = layout
        layout.addWidget(self.send_row)
        layout.addStretch(1)
        self.columns = SideColumn(self._card, _tips_card(tips_title, tips), side_width=TIPS_WIDTH)
        self._outer.addWidget(self.columns)
        self._ctx.session_changed.connect(self._validate)

    def _show_blocked(self, reason: str | None, *, running: bool) -> None:
        """Send is pressable only with nothing in the way; what is in the way is said beside
        it (nothing while a send is under way: the result line says "Sending…")."""
        self.send_button.setEnabled(reason is None and not running)
        shown = None if running else reason
        self.note_label.setText(shown or "")
        self.note_label.setVisible(shown is not None)

    def _not_connected(self) -> str | None:
        if self._ctx.session is None:
            return QCoreApplication.translate("ComposeTab", "Connect an account to send messages.")
        return None

    def take_send_row(self) -> QWidget:
        """The result line and Send, out of the card, for the tab's Send bar to hold."""
        self._card_layout.removeWidget(self.send_row)
        return self.send_row

    def send(self) -> None:
        raise NotImplementedError

    def _validate(self) -> None:
        raise NotImplementedError

    def _explain(self, exc: BaseException) -> tuple[str, bool]:
        """(plain words, handled here) for a failed send."""
        return explain(exc)

    def _report_sent(self, accepted: Accepted, text: str) -> None:
        records = [a.record for a in accepted.rounds if a.record is not None]
        if len(records) < len(accepted.rounds):
            text += " " + QCoreApplication.translate(
                "Compose", "It could not be added to the Delivery tab."
            )
        self.result_label.show_result(text, accepted.stopped is None)
        self._validate()
        self.finished.emit(True)
        if records:
            self.recorded.emit(records)

    async def _duplicates(
        self, session: Session, kind: BroadcastKind, text: str, phones: list[str]
    ) -> Duplicates | None:
        """The duplicate-send guard's finding for this send (None when nobody got it)."""
        found = await self._ctx.services.sending.channel_duplicates(
            session.profile.name,
            kind,
            text,
            phones,
            window_hours=self._ctx.settings.duplicate_window_hours,
        )
        return found or None

    async def _ask(self, dialog: _ConfirmChannelDialog) -> SendChoice:
        """Open the confirmation (non-blocking) and wait for the user's choice."""
        self.confirm_dialog = dialog
        try:
            result = await wait_finished(dialog)
        finally:
            self.confirm_dialog = None
            dialog.deleteLater()
        if result != QDialog.DialogCode.Accepted.value:
            return SendChoice.CANCEL
        return dialog.choice

    def _on_done(self, accepted: Accepted | None) -> None:
        if accepted is None:  # the user said no: nothing was sent
            self.result_label.hide()
            self._validate()
            return
        self._on_sent(accepted)

    def _on_sent(self, accepted: Accepted) -> None:
        raise NotImplementedError

    def _on_error(self, exc: BaseException) -> bool:
        text, handled = self._explain(exc)
        self.result_label.show_result(text, False)
        self._validate()
        self.finished.emit(False)
        return handled


class WhatsAppPanel(_ChannelPanel):
    """Template name, language, recipient; explains a missing opt-in in plain words."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self._parser = NumberParser()
        layout = self._start_card(
            self.tr("WhatsApp template"),
            self.tr(
                "Send one of your approved WhatsApp templates to a customer who has agreed "
                "(opted in) to get WhatsApp messages from you."
            ),
        )

        form = QFormLayout()
        form.setHorizontalSpacing(14)
        form.setVerticalSpacing(10)
        self.template_edit = QLineEdit()
        self.template_edit.setObjectName("waTemplate")
        self.template_edit.setPlaceholderText(self.tr("Template name, e.g. order_ready"))
        form.addRow(self.tr("Template"), self.template_edit)
        self.language_combo = QComboBox()
        self.language_combo.setObjectName("waLanguage")
        self.language_combo.setEditable(True)
        for code, name in LANGUAGES:
            self.language_combo.addItem(f"{name} ({code})", code)
        form.addRow(self.tr("Language"), self.language_combo)
        self.phone_edit = QLineEdit()
        self.phone_edit.setObjectName("waPhone")
        self.phone_edit.setPlaceholderText(self.tr("Customer's number, e.g. 0712 345 678"))
        form.addRow(self.tr("Customer"), self.phone_edit)
        self.phone_hint = QLabel()
        self.phone_hint.setObjectName("hint")
        # Wraps: on one line, "Not a valid number: … is too short for a Kenyan mobile number"
        # made the card too wide for its column, and the tips jumped below it as one typed.
        self.phone_hint.setWordWrap(True)
        form.addRow("", self.phone_hint)
        layout.addLayout(form)

        self._finish_card(
            layout,
            send_text=self.tr("Send WhatsApp template"),
            send_name="waSendButton",
            tips_title=self.tr("Good to know"),
            tips=[
                self.tr("Only templates your provider has approved can be sent."),
                self.tr(
                    "The customer must have opted in to WhatsApp messages from your "
                    "business, for example by messaging you first."
                ),
                self.tr("Choose the language the template was approved in."),
                self.tr("Nothing is charged when a template is refused."),
            ],
        )

        self.template_edit.textChanged.connect(self._validate)
        self.language_combo.currentTextChanged.connect(self._validate)
        self.phone_edit.textChanged.connect(self._validate)
        self._validate()

    def _take_typing(self) -> object:
        return (
            self.template_edit.text(),
            self.language_combo.currentText(),
            self.phone_edit.text(),
        )

    def _put_typing(self, typed: object) -> None:
        if isinstance(typed, tuple):
            template, language, phone = typed
        else:
            template, language, phone = "", self.language_combo.itemText(0), ""
        self.template_edit.setText(template)
        combo = self.language_combo
        listed = combo.findText(language)
        if listed >= 0:
            combo.setCurrentIndex(listed)  # one of the list: its code, as when picked
        else:
            combo.setEditText(language)  # a code the user typed
        self.phone_edit.setText(phone)

    def language(self) -> str:
        index = self.language_combo.currentIndex()
        text = self.language_combo.currentText().strip()
        if index >= 0 and self.language_combo.itemText(index) == text:
            return str(self.language_combo.itemData(index))
        return text

    def _phone(self) -> str | InvalidNumber | None:
        raw = self.phone_edit.text().strip()
        return self._parser.normalise(raw) if raw else None

    def _validate(self) -> None:
        phone = self._phone()
        if isinstance(phone, InvalidNumber):
            self.phone_hint.setText(
                self.tr("Not a valid number: {reason}").format(reason=phone_problem(phone.error))
            )
        elif phone:
            self.phone_hint.setText(self.tr("Will be sent to {phone}").format(phone=phone))
        else:
            self.phone_hint.setText("")
        self._show_blocked(
            self.blocking_reason(phone), running=self._ctx.tasks.is_running("compose.whatsapp")
        )

    def blocking_reason(self, phone: str | InvalidNumber | None) -> str | None:
        """The first thing that stops Send, in the order of the page (plain words), or None."""
        if (reason := self._not_connected()) is not None:
            return reason
        if not self.template_edit.text().strip():
            return self.tr("Type the name of the template to send.")
        if not self.language():
            return self.tr("Choose the language the template was approved in.")
        if isinstance(phone, InvalidNumber):
            # why it is not valid is said once, under the number
            return self.tr("Correct the customer's number to send.")
        if phone is None:
            return self.tr("Type the customer's number.")
        return None

    def send(self) -> None:
        phone = self._phone()
        session = self._ctx.session
        if not isinstance(phone, str) or session is None:
            return
        self.send_button.setEnabled(False)
        self._ctx.tasks.start(
            "compose.whatsapp",
            self._confirm_and_send(
                session, self.template_edit.text().strip(), self.language(), phone
            ),
            on_success=self._on_done,
            on_error=self._on_error,
        )

    async def _confirm_and_send(
        self, session: Session, template: str, language: str, phone: str
    ) -> Accepted | None:
        text = whatsapp_text(template, language)
        if not await self._without_opted_out(session, [phone]):
            self._all_opted_out()
            return None
        duplicates = await self._duplicates(session, BroadcastKind.WHATSAPP, text, [phone])
        dialog = ConfirmWhatsAppDialog(template, language, phone, self, duplicates=duplicates)
        choice = await self._ask(dialog)
        if choice is SendChoice.CANCEL or session is not self._ctx.session:
            return None  # the user said no (or signed out meanwhile): nothing was sent
        self.result_label.show_result(self.tr("Sending…"), True)
        return await send_recorded(
            self._ctx,
            session,
            BroadcastKind.WHATSAPP,
            text,
            [phone],
            lambda: session.client.send_whatsapp_template(template, language, phone),
            lambda result: result.cost,
        )

    def _on_sent(self, accepted: Accepted) -> None:
        text = self.tr("Sent. WhatsApp will deliver it shortly (reference {id}).").format(
            id=accepted.result.message_id
        )
        self._report_sent(accepted, text)


class SurveyPanel(_ChannelPanel):
    """Survey id and recipients (typed, pasted or picked from contacts)."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        layout = self._start_card(
            self.tr("Survey"),
            self.tr("Send one of your surveys to your customers; they answer by SMS."),
        )
        form = QFormLayout()
        form.setHorizontalSpacing(14)
        self.survey_edit = QLineEdit()
        self.survey_edit.setObjectName("surveyId")
        self.survey_edit.setPlaceholderText(self.tr("Survey ID from your provider's portal"))
        form.addRow(self.tr("Survey ID"), self.survey_edit)
        layout.addLayout(form)
        to = QLabel(self.tr("To"))
        to.setObjectName("sectionTitle")
        layout.addWidget(to)
        self.recipients = RecipientsPanel()
        to.setBuddy(self.recipients.numbers_edit)
        self.recipients.numbers_edit.setAccessibleName(self.tr("Survey recipients' phone numbers"))
        layout.addWidget(self.recipients)
        self._finish_card(
            layout,
            send_text=self.tr("Send survey"),
            send_name="surveySendButton",
            tips_title=self.tr("Good to know"),
            tips=[
                self.tr("Survey IDs are listed on your provider's portal."),
                self.tr("Each person gets the survey's questions by SMS and answers by reply."),
                self.tr("Invalid numbers are skipped; duplicates are sent once."),
            ],
        )

        self.survey_edit.textChanged.connect(self._validate)
        self.recipients.changed.connect(self._validate)
        self._validate()

    def _take_typing(self) -> object:
        panel = self.recipients
        return (self.survey_edit.text(), panel.numbers_edit.toPlainText(), panel.picked_people())

    def _put_typing(self, typed: object) -> None:
        survey_id, numbers, picked = typed if isinstance(typed, tuple) else ("", "", [])
        self.survey_edit.setText(survey_id)
        self.recipients.clear(quiet=True)
        if numbers:
            self.recipients.set_numbers_text(numbers)
        if picked:
            self.recipients.add_people(picked)

    def _validate(self) -> None:
        # The last reading: a long list still being read in a worker is not read here too
        # (the window would hold still); its reading ends with `changed`, and Send waits for it.
        people = len(self.recipients.current.people)
        self.send_button.setText(
            self.tr("Send survey to {people}").format(people=counts().people(people))
            if people
            else self.tr("Send survey")
        )
        self._show_blocked(
            self.blocking_reason(people), running=self._ctx.tasks.is_running("compose.survey")
        )

    def blocking_reason(self, people: int) -> str | None:
        """The first thing that stops Send, in the order of the page (plain words), or None."""
        if (reason := self._not_connected()) is not None:
            return reason
        if not self.survey_edit.text().strip():
            return self.tr("Type the survey ID (it is on your provider's portal).")
        if not people:
            if self.recipients.current.invalid:  # (the reading *people* counts)
                return QCoreApplication.translate(
                    "ComposeTab", "None of the numbers is valid: check the ones marked in red."
                )
            return QCoreApplication.translate("ComposeTab", "Add at least one recipient.")
        return None

    def send(self) -> None:
        session = self._ctx.session
        if session is None or self._ctx.tasks.is_running("compose.survey"):
            return
        self.send_button.setEnabled(False)
        self._ctx.tasks.start(
            "compose.survey",
            self._confirm_and_send(session, self.survey_edit.text().strip()),
            on_success=self._on_done,
            on_error=self._on_error,
        )

    async def _confirm_and_send(self, session: Session, survey_id: str) -> Accepted | None:
        # A long paste still being read is waited for here, off the window's thread.
        read = await self.recipients.settled()
        people = [p.phone for p in read.people]
        if self.blocking_reason(len(people)) is not None or session is not self._ctx.session:
            return None  # (the page says why)
        text = survey_text(survey_id)
        people = await self._without_opted_out(session, people)
        if not people:
            self._all_opted_out()
            return None
        duplicates = await self._duplicates(session, BroadcastKind.SURVEY, text, people)
        dialog = ConfirmSurveyDialog(
            survey_id, len(people), len(read.invalid), self, duplicates=duplicates
        )
        choice = await self._ask(dialog)
        if choice is SendChoice.CANCEL or session is not self._ctx.session:
            return None  # the user said no (or signed out meanwhile): nothing was sent
        if choice is SendChoice.ONLY_NEW and duplicates is not None:
            people = [phone for phone in people if phone not in duplicates.phones]
        self.result_label.show_result(self.tr("Sending…"), True)
        return await self._send_in_rounds(session, survey_id, text, people)

    async def _send_in_rounds(
        self, session: Session, survey_id: str, text: str, people: list[str]
    ) -> Accepted:
        """One request per ``SURVEY_ROUND`` people, each written down before it goes (as a
        single one is). The first round's failure is the send's; a later one's stops it
        there, and what went is reported with it (the list stays on the page, and Send
        pressed again offers to leave out those who got it)."""
        rounds = [people[i : i + SURVEY_ROUND] for i in range(0, len(people), SURVEY_ROUND)]
        done: list[Accepted] = []
        for batch in rounds:
            if done:
                self.result_label.show_result(
                    self.tr("Sending… {done} of {people}").format(
                        done=number(sum(len(b) for b in rounds[: len(done)])),
                        people=counts().people(len(people)),
                    ),
                    True,
                )
            try:
                done.append(await self._send_round(session, survey_id, text, batch))
            except Exception as exc:
                if not done:
                    raise
                left = len(people) - sum(len(b) for b in rounds[: len(done)])
                return replace(done[0], later=tuple(done[1:]), stopped=exc, not_sent=left)
        return replace(done[0], later=tuple(done[1:]))

    async def _send_round(
        self, session: Session, survey_id: str, text: str, people: list[str]
    ) -> Accepted:
        return await send_recorded(
            self._ctx,
            session,
            BroadcastKind.SURVEY,
            text,
            people,
            lambda: session.client.send_survey(survey_id, people),
            lambda sent: self._ctx.services.sending.survey_credits(sent, people),
        )

    def _on_sent(self, accepted: Accepted) -> None:
        results = [sent.result for sent in accepted.rounds]
        invalid = [phone for result in results for phone in result.invalid]
        if all(result.recipients is not None for result in results):
            reached = sum(result.recipients or 0 for result in results)
        else:  # the service did not say: everyone the rounds that went were for
            reached = len(self.recipients.people()) - accepted.not_sent
        text = QCoreApplication.translate("Compose", "Survey sent to {people}.").format(
            people=counts().people(reached)
        )
        if invalid:
            text += " " + QCoreApplication.translate("Compose", "Skipped: {numbers}.").format(
                numbers=", ".join(invalid)
            )
        if accepted.stopped is not None:
            reason, _handled = self._explain(accepted.stopped)
            text += " " + QCoreApplication.translate(
                "Compose",
                "The survey stopped before the other {people}: {reason} Press Send survey "
                "again to send it to them: Tuma offers to leave out everyone who got it.",
            ).format(people=counts().people(accepted.not_sent), reason=reason)
        text += self._opted_out_note()
        self._report_sent(accepted, text)
