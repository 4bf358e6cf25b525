"""The Compose tab: who, what, how much; then a confirmed, durable, resumable send."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core import rules, sms
from desktop_app.core.personalise import has_merge_fields, unknown_fields
from desktop_app.core.recipients import Person
from desktop_app.core.rules import (
    DEFAULT_OPT_OUT_LINE,
    SendCategory,
    has_opt_out_line,
    next_promo_start,
    opt_out_line_change,
    with_opt_out_line,
    within_promo_hours,
)
from desktop_app.core.services.drafts import Draft, DraftPerson, TakenOff
from desktop_app.core.services.sending import BALANCE_CHECK_TIMEOUT, SendFlow, SendPlan
from desktop_app.ui.compose.channels import SurveyPanel, WhatsAppPanel
from desktop_app.ui.compose.contact_picker import ContactPickerDialog
from desktop_app.ui.compose.cost_panel import SummaryCard, shortfall_message
from desktop_app.ui.compose.editor import MAX_CHARACTERS, MessageComposer
from desktop_app.ui.compose.pages import PageStack
from desktop_app.ui.compose.personalise import MergeFieldBar, PreviewCard
from desktop_app.ui.compose.recipients import RecipientsPanel
from desktop_app.ui.compose.resume import ResumeBanner, ResumeDialog
from desktop_app.ui.compose.rules import (
    CategoryChooser,
    OptOutHint,
    OverdueChoice,
    OverdueDialog,
    PromoHoursChoice,
    PromoHoursDialog,
    ScheduledBanner,
    ScheduledDialog,
    SendLaterDialog,
    due_text,
    people_left_out_text,
)
from desktop_app.ui.compose.send_dialog import ConfirmSendDialog, SendChoice, SendProgressDialog
from desktop_app.ui.compose.style import STYLE
from desktop_app.ui.compose.templates import TemplatesButton
from desktop_app.ui.compose.wording import kes, number
from desktop_app.ui.context import ComposeRequest
from desktop_app.ui.dialogs import wait_finished
from desktop_app.ui.tabs import TabPage
from desktop_app.ui.widgets import Fader, SideColumn
from desktop_app.ui.words import chunk_reason, counts

if TYPE_CHECKING:
    from desktop_app.core.broadcast import BroadcastProgress
    from desktop_app.core.services.accounts import Session
    from desktop_app.core.services.sending import RunReport, SendSummary
    from desktop_app.ui.context import AppContext
    from desktop_app.ui.errors import UserMessage

log = logging.getLogger(__name__)

SEND_TASK = "compose.send"
SCHEDULE_TASK = "compose.scheduled"
EDIT_TASK = "compose.scheduled.edit"
SEND_NOW_TASK = "compose.scheduled.now"
READING_TASK = "compose.reading"  # Send pressed while a long list is read
#: How often the tab looks for scheduled sends that fell due (ms).
DUE_CHECK_INTERVAL = 20_000
#: A scheduled send the running due check finds later than this after its time is asked
#: about, not sent unasked: the computer slept (lid closed) through its time, or Tuma was
#: stalled. Ten minutes is far more than a check normally comes late (every 20 s, plus the
#: minute or two a send under way may hold the next one back), and short enough that a
#: message sent unasked still goes out when the user meant it to (a laptop's lid closed
#: over lunch, or overnight, is caught).
LATE_AFTER = timedelta(minutes=10)
#: How long "Cancel send" can be undone (a slip of the mouse is noticed at once; nobody
#: undoes a cancel from before lunch). The next cancel ends it sooner.
CANCEL_UNDO_MINUTES = 5

SAMPLE_MESSAGE = (
    "Habari {first_name}! Mama Mboga Fresh Produce: this weekend only, sukuma wiki "
    "and tomatoes are 20% off. Karibu sana, we open at 7am. Reply STOP to opt out."
)
SAMPLE_NUMBERS = "0712 345 678, 0722 000 111\n+254 733 123 456\n0711 22"


@dataclass(frozen=True)
class Problem:
    """What the card's red box says. A *sticky* one (the last attempt's outcome) stays until
    the user changes something; a shortfall follows the estimate as the user types."""

    text: str
    sticky: bool


@dataclass(frozen=True)
class _CancelUndo:
    """A "Cancel send" that can still be undone: which send, on which account, and when it
    was due (it goes back on the schedule for that time). In memory only: a quit ends it."""

    session: Session
    broadcast_id: int
    due_at: datetime
    text: str


def outcome_text(
    summary: SendSummary, *, web_page: bool = False, unrecorded: int = 0, opted_out: int = 0
) -> str:
    """One sentence for the notice line after a run: who got it, who the opt-out list left
    out, what is left, what is unknown, what was refused; never empty ("Nothing was sent.").
    *web_page*: what left some in doubt was a web page in the service's place (the network's
    own: a data bundle used up, a Wi-Fi sign-in), not a broken connection. *unrecorded*:
    people it was sent to that Tuma could not save yet (RunReport.sent_unrecorded).
    *opted_out*: people taken out of a promotion because they are on the opt-out list
    (RunReport.opted_out), in the confirmation's words."""
    pieces: list[str] = []
    if summary.recipients_accepted:
        pieces.append(
            QCoreApplication.translate("Compose", "Sent to {people} ({credits}).").format(
                people=counts().people(summary.recipients_accepted),
                credits=counts().credits(summary.credits),
            )
        )
    if unrecorded:
        pieces.append(counts().sent_not_saved(unrecorded))
    if not (
        pieces or summary.recipients_pending or summary.recipients_in_doubt or summary.refusals
    ):
        # Nobody got it and nothing is left (everyone it was for is on the opt-out list):
        # said, never an empty note.
        pieces.append(QCoreApplication.translate("Compose", "Nothing was sent."))
    if opted_out:
        pieces.append(people_left_out_text(opted_out))
    if summary.recipients_pending:
        pieces.append(
            QCoreApplication.translate(
                "Compose", "{n} not sent yet: you can send them later."
            ).format(n=counts().recipients(summary.recipients_pending))
        )
    if summary.recipients_in_doubt and web_page:
        pieces.append(
            QCoreApplication.translate(
                "Compose",
                "{n}: a web page came back instead of the messaging service's reply, so it is "
                "not known whether they got it. Your internet may need attention (data bundle "
                "used up, or Wi-Fi asking you to sign in): open a web browser to check. Then "
                "choose Review to decide; nothing is sent again on its own.",
            ).format(n=counts().recipients(summary.recipients_in_doubt))
        )
    elif summary.recipients_in_doubt:
        pieces.append(
            QCoreApplication.translate(
                "Compose",
                "{n}: the connection broke while sending, so it is not known whether they got "
                "it. Choose Review to decide; nothing is sent again on its own.",
            ).format(n=counts().recipients(summary.recipients_in_doubt))
        )
    if summary.refusals:
        reasons = "; ".join(chunk_reason(reason, detail) for reason, detail in summary.refusals)
        pieces.append(
            QCoreApplication.translate("Compose", "Some rounds were refused: {reason}").format(
                reason=reasons
            )
        )
    if summary.recipients_accepted:
        pieces.append(
            QCoreApplication.translate(
                "Compose", "Delivery reports will appear in the Delivery tab."
            )
        )
    return " ".join(pieces)


def _kind_of(category: str | None) -> SendCategory | None:
    """A kind of message as recorded (ScheduledSend.category, TakenOff.category)."""
    try:
        return None if category is None else SendCategory(category)
    except ValueError:
        return None


def _web_page(error: object) -> bool:
    """*error* was a web page in the service's place (api.errors.ProtocolError.web_page)."""
    return bool(getattr(error, "web_page", False))


class Notice(QFrame):
    """What just happened (sent, stopped, templates updated, cleared…), in the right-hand
    column above the Send button: it appears and goes without moving any control of the form
    (only the preview above it gets shorter). Good news fades after a few seconds; a note
    may carry one action (Undo)."""

    #: How long good news stays, in milliseconds.
    FADE_AFTER_MS = 6000

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
        self.action_button = QPushButton()
        self.action_button.setObjectName("noticeAction")
        self.action_button.setProperty("role", "link")
        self.action_button.setAutoDefault(False)
        self.action_button.hide()
        self.action_button.clicked.connect(self._act)
        layout.addWidget(self.action_button, 0, Qt.AlignmentFlag.AlignTop)
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setToolTip(self.tr("Dismiss"))
        close.setAccessibleName(self.tr("Dismiss this note"))
        close.clicked.connect(self.hide)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignTop)
        self._action: Callable[[], None] | None = None
        self.fader = Fader(self, self.FADE_AFTER_MS)
        self.hide()

    def show_text(
        self,
        text: str,
        *,
        ok: bool,
        action: tuple[str, Callable[[], None]] | None = None,
        stays: bool = False,
    ) -> None:
        """*stays*: good news that stays until dismissed or replaced (an Undo offered for
        minutes, which the tab withdraws when its time is up)."""
        self.setProperty("ok", ok)
        self.style().unpolish(self)
        self.style().polish(self)
        self.label.setText(text)
        self._action = action[1] if action else None
        self.action_button.setText(action[0] if action else "")
        self.action_button.setVisible(action is not None)
        self.show()
        # Good news goes away by itself; a problem stays until dismissed or acted on.
        self.fader.shown(goes_by_itself=ok and not stays)

    @property
    def action(self) -> Callable[[], None] | None:
        """What the note's action button does, while it is shown."""
        return self._action if self.isVisible() else None

    def hide(self) -> None:
        self.fader.stop()
        super().hide()

    def _act(self) -> None:
        action, self._action = self._action, None
        self.hide()
        if action is not None:
            action()


class ComposeTab(TabPage):
    """Compose and send: SMS (plain or personalised), WhatsApp template, survey."""

    #: Emitted (from a finally) when a send attempt ends, whatever happened; carries the
    #: RunReport, the exception, or None when the user cancelled / it was stopped.
    send_finished = Signal(object)
    #: The resume banner was brought up to date (carries the unfinished broadcasts).
    unfinished_checked = Signal(object)

    def __init__(
        self,
        ctx: AppContext,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("composeTab")
        self.setStyleSheet(STYLE)
        self._drafts = ctx.services.drafts
        #: The account the form's draft belongs to (drafts are per account).
        self._draft_profile: str | None = None
        #: Bumped on every edit: a draft read from the store never overwrites newer typing.
        self._edits = 0
        #: Where a Send stands (core's flow: idle, checking, confirming, sending, stopping).
        self.flow = SendFlow()
        #: The latest balance we know of: the context's reading, or the one fetched just
        #: before a send (fresher).
        self.balance: float | None = None
        self.problem: Problem | None = None
        self.picker: ContactPickerDialog | None = None
        self.confirm_dialog: ConfirmSendDialog | None = None
        self.progress_dialog: SendProgressDialog | None = None
        self.resume_dialog: ResumeDialog | None = None
        self._picker_target: RecipientsPanel | None = None
        #: the sender ID of the restored draft, chosen once the session lists it
        self._wanted_sender = ""
        #: False in --screenshots mode: the sample typed there is never saved as a draft
        self._keep_drafts = True
        #: The account's opt-out line (read when the account connects).
        self.opt_out_line = DEFAULT_OPT_OUT_LINE
        self.scheduled_dialog: ScheduledDialog | None = None
        self.overdue_dialog: OverdueDialog | None = None
        #: Scheduled sends due before this moment fell due while Tuma was closed (or their
        #: account was not open in it): the user is asked about them; later ones are sent
        #: when due. Set again whenever an account is opened.
        self.started_at = datetime.now(UTC)
        self._running_since = self.started_at
        #: Overdue sends already asked about in this run ("Decide later").
        self._overdue_asked: set[int] = set()
        #: Sends put back on the schedule by Undo after their time passed while they were
        #: being edited: asked about, as an overdue one found at start, never sent unasked.
        self._ask_when_due: set[int] = set()
        #: The last due check left sends waiting for the send under way: checked again as
        #: soon as it ends (not up to 20 s later).
        self._due_held = False
        self._scheduled_ids: list[tuple[int, datetime]] = []
        #: The scheduled send the form's text was taken from by Edit (kept with the draft, so
        #: the form still says so after a quit, and Undo still puts it back).
        self._taken_off: TakenOff | None = None
        #: The kind of message the form's text came with (a scheduled send's own, brought
        #: back by Edit), or the one the user chose for it since: it holds over the sender
        #: ID's usual kind until the form is cleared (a promotion edited stays one, so the
        #: opt-out list and the hours still apply). None: the sender ID's usual kind.
        self._kind: SendCategory | None = None
        #: The last Cancel send, while it can be undone (until the next cancel, or minutes).
        self._cancel_undo: _CancelUndo | None = None
        #: What the window's bar says because a send failed (taken back once one goes well)
        self._send_words: UserMessage | None = None
        self._cancel_undo_timer = QTimer(self)
        self._cancel_undo_timer.setSingleShot(True)
        self._cancel_undo_timer.setInterval(CANCEL_UNDO_MINUTES * 60_000)
        self._cancel_undo_timer.timeout.connect(self._drop_cancel_undo)
        #: Sends a cancel's Undo put back after their time: asked about (with words that
        #: say so), never sent unasked.
        self._cancel_undone: set[int] = set()
        #: The rest of unfinished promotions the hours question held back for the morning
        #: ("Send it tomorrow at 08:00" after "Send to the remaining"): broadcast id → the
        #: account it is for and when it goes (the shop's clock). In memory only: after a
        #: quit (or another account) the rest waits in the note about unfinished broadcasts,
        #: asked about at the next start, never sent unasked.
        self._resume_at: dict[int, tuple[Session, datetime]] = {}

        # The form scrolls; the Send row under it never does: on a small screen (800×560,
        # a 1024×600 netbook) the form was twice the window's height and Send, with the
        # reason it was greyed, 500 px below what showed.
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        root.setSpacing(0)
        self.form_scroll = QScrollArea()
        self.form_scroll.setObjectName("composeScroll")
        self.form_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.form_scroll.setWidgetResizable(True)
        self.form_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no Tab stop of its own
        self.form_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body = QWidget()
        body.setObjectName("composeBody")
        page = QVBoxLayout(body)
        page.setContentsMargins(16, 8, 16, 8)
        page.setSpacing(8)

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
        self.category = CategoryChooser()
        self.category.changed.connect(self._on_category_chosen)
        channel_row.addWidget(self.category)
        page.addLayout(channel_row)

        # Notes live in the right-hand column, where they move no control of the form.
        self.resume_banner = ResumeBanner()
        self.resume_banner.review_requested.connect(self.open_resume_dialog)
        self.scheduled_banner = ScheduledBanner()
        self.scheduled_banner.view_requested.connect(self.open_scheduled_dialog)
        self.notice = Notice()

        self.stack = PageStack()
        page.addWidget(self.stack, 1)
        self.stack.addWidget(self._build_sms_page())
        self.whatsapp = WhatsAppPanel(ctx)
        self.whatsapp.category_source = self.category.category
        self.whatsapp.recorded.connect(self._on_channel_recorded)
        self.stack.addWidget(self.whatsapp)
        self.survey = SurveyPanel(ctx)
        self.survey.category_source = self.category.category
        self.survey.recorded.connect(self._on_channel_recorded)
        self.survey.recipients.pick_contacts_requested.connect(
            lambda: self.open_contact_picker(self.survey.recipients)
        )
        self.stack.addWidget(self.survey)
        self.channel_group.idClicked.connect(self.set_channel)
        self.form_scroll.setWidget(body)
        root.addWidget(self.form_scroll, 1)
        root.addWidget(self._build_send_bar())

        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(self._on_send_shortcut)

        self._estimate_timer = QTimer(self)
        self._estimate_timer.setSingleShot(True)
        self._estimate_timer.timeout.connect(self._show_estimate)
        self._draft_timer = QTimer(self)
        self._draft_timer.setSingleShot(True)
        self._draft_timer.setInterval(800)
        self._draft_timer.timeout.connect(self.save_draft)
        self._due_timer = QTimer(self)
        self._due_timer.setInterval(DUE_CHECK_INTERVAL)
        self._due_timer.timeout.connect(self.check_scheduled)

        ctx.session_changed.connect(self._on_session_changed)
        ctx.balance_changed.connect(self._on_balance_changed)
        ctx.balance_failed.connect(self._on_balance_unknown)
        ctx.reachability_changed.connect(self._on_balance_unknown)
        self.recipients.cleared.connect(self._on_recipients_cleared)
        ctx.compose_requested.connect(self.take_request)
        ctx.scheduled_requested.connect(self._show_scheduled_list)
        ctx.review_requested.connect(self.open_resume_dialog)
        self._on_session_changed()

    # --- layout -------------------------------------------------------------------------

    def _build_sms_page(self) -> QWidget:

        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
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
        self.composer.editor.installEventFilter(self)
        self.templates = TemplatesButton(self.ctx, self.composer.text)
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
        self.opt_out_hint = OptOutHint()
        self.opt_out_hint.add_requested.connect(self.add_opt_out_line)
        left.addWidget(self.opt_out_hint)
        form = QWidget()
        form.setLayout(left)

        right = QVBoxLayout()
        right.setContentsMargins(0, 0, 0, 0)
        right.setSpacing(8)
        self.summary = SummaryCard()
        self.summary.send_button.clicked.connect(lambda: self.send())
        self.summary.sender_combo.currentTextChanged.connect(lambda _t: self._on_input_changed())
        self.summary.sender_combo.currentTextChanged.connect(self._load_category)
        right.addWidget(self.summary)
        self.preview = PreviewCard()
        right.addWidget(self.preview, 1)
        right.addWidget(self.resume_banner)
        right.addWidget(self.scheduled_banner)
        holder = QWidget()
        holder.setLayout(right)
        # Beside the form on a wide window; below it on a narrow one (nothing scrolls
        # sideways at the smallest window size).
        self.columns = SideColumn(form, holder, side_width=360)
        return self.columns

    def _build_send_bar(self) -> QWidget:
        """Under the scrolling form, always on screen: the last note (sent, cleared, …), the
        last attempt's problem, then one row with what the send costs or why it cannot go
        yet, Send later and Send. On the WhatsApp and Survey pages, their result line and
        Send instead."""
        bar = QFrame()
        bar.setObjectName("sendBar")
        layout = QVBoxLayout(bar)
        layout.setContentsMargins(16, 6, 16, 6)
        layout.setSpacing(6)
        layout.addWidget(self.notice)
        #: The SMS page's part of the bar (the other channels have their own Send).
        self.send_row = QWidget()
        rows = QVBoxLayout(self.send_row)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setSpacing(6)
        rows.addWidget(self.summary.problem_label)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(8)
        words = QVBoxLayout()
        words.setContentsMargins(0, 0, 0, 0)
        words.setSpacing(0)
        #: What the send costs, in one line (the summary card has the details).
        self.cost_line = QLabel()
        self.cost_line.setObjectName("sendCost")
        self.cost_line.setWordWrap(True)
        self.cost_line.setTextFormat(Qt.TextFormat.PlainText)
        self.cost_line.hide()
        words.addWidget(self.cost_line)
        words.addWidget(self.summary.note_label)  # why Send is greyed, beside it
        self.summary.shortcut_hint.setAlignment(
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        )
        words.addWidget(self.summary.shortcut_hint)
        row.addLayout(words, 1)
        self.later_button = QPushButton(self.tr("Send lat&er…"))
        self.later_button.setObjectName("sendLaterButton")
        self.later_button.setToolTip(self.tr("Choose a day and time for this message to go out"))
        self.later_button.clicked.connect(self.send_later)
        row.addWidget(self.later_button, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addWidget(self.summary.send_button, 0, Qt.AlignmentFlag.AlignVCenter)
        rows.addLayout(row)
        layout.addWidget(self.send_row)
        # The WhatsApp and Survey pages' result line and Send: in the same place, shown with
        # their page (set_channel), so a long list of survey numbers never hides them.
        for panel in (self.whatsapp, self.survey):
            channel_row = panel.take_send_row()
            channel_row.hide()
            layout.addWidget(channel_row)
        return bar

    # --- public API ---------------------------------------------------------------------

    def first_focus(self) -> QWidget | None:
        """Who it goes to comes first (on the SMS page)."""
        return self.recipients.numbers_edit if self.stack.currentIndex() == 0 else None

    def focus_editor(self) -> None:
        self.set_channel(0)
        self.composer.editor.setFocus()

    def heightForWidth(self, width: int) -> int:
        # The form scrolls inside the tab, so the page around the tab need never be taller
        # than the window (it would scroll the Send row away with the rest).
        return self.minimumSizeHint().height()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.composer.editor and event.type() == QEvent.Type.FocusIn:
            # Typing in the message box: the box and its counter come into view, however
            # the focus got there (Tab, a click, a template, Ctrl+M).
            QTimer.singleShot(0, self, self._show_composer)
        return super().eventFilter(watched, event)

    def _show_composer(self) -> None:
        if self.composer.editor.hasFocus():
            self.form_scroll.ensureWidgetVisible(self.composer, 0, 0)

    def set_channel(self, index: int) -> None:
        self.stack.setCurrentIndex(index)
        self.send_row.setVisible(index == 0)
        self.whatsapp.send_row.setVisible(index == 1)
        self.survey.send_row.setVisible(index == 2)
        button = self.channel_group.button(index)
        if button is not None and not button.isChecked():
            button.setChecked(True)

    @property
    def last_problem(self) -> str | None:
        return None if self.problem is None else self.problem.text

    def prepare_screenshot(self) -> None:
        self.show_sample()

    def session_changed(self) -> None:
        if self.ctx.session is not None:
            QTimer.singleShot(0, self, self._check_unfinished_now)

    def refresh(self) -> None:
        self.ctx.refresh_balance(join=True)

    def _check_unfinished_now(self) -> None:
        if self.ctx.session is not None:
            self.check_unfinished()

    def show_sample(self) -> None:
        """Type a realistic sample (screenshots mode). The user's own draft is left alone."""
        self._keep_drafts = False
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

    def check_unfinished(self, *, open_dialog: bool = True) -> None:
        """Offer to resume broadcasts left unfinished (after a session starts, after the
        review dialog changed something). The journal is read off the GUI thread;
        ``unfinished_checked`` fires once the banner shows the result."""
        if self.ctx.session is None:
            self.resume_banner.hide()
            return
        self.ctx.tasks.start(
            "compose.unfinished",
            self.show_unfinished(open_dialog=open_dialog),
            on_error=self._on_unfinished_failed,
        )

    async def show_unfinished(self, *, open_dialog: bool) -> list[Any]:
        """Read the unfinished broadcasts and bring the banner (and the dialog) up to date."""
        session = self.ctx.session
        if session is None:
            return []
        unfinished = await self.ctx.services.sending.unfinished(session.profile.name)
        if session is not self.ctx.session:
            return []
        self.resume_banner.show_unfinished(unfinished)
        if unfinished and open_dialog:
            self.open_resume_dialog()
        elif not unfinished and self.resume_dialog is not None:
            self.resume_dialog.close()
        self.unfinished_checked.emit(unfinished)
        return unfinished

    def _on_unfinished_failed(self, exc: BaseException) -> bool:
        log.error("could not read the unfinished broadcasts", exc_info=exc)
        return True

    def open_resume_dialog(self) -> None:
        session = self.ctx.session
        if session is None:
            return
        if self.resume_dialog is None:
            self.resume_dialog = ResumeDialog(self.ctx, session.profile.name, self)
            self.resume_dialog.resume_requested.connect(self._on_resume_requested)
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
            self.tr("Added {contacts}.").format(contacts=counts().contacts(len(people))), ok=True
        )

    # --- session and estimate -----------------------------------------------------------

    def sender_ids(self) -> list[str]:
        session = self.ctx.session
        if session is None:
            return []
        return self.ctx.services.sending.sender_ids(session.profile, practice=session.is_sandbox)

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
        previous = combo.currentText() or self._wanted_sender
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
            line_edit.setPlaceholderText(self.tr("Your sender name"))
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
                    "Your secret key cannot read contacts (an older kind of key). Connect "
                    "with a newer key from your provider to pick from contacts."
                )
                if session is not None
                else self.tr("Connect an account to pick from your contacts.")
            )
        self.resume_banner.hide()
        self.scheduled_banner.hide()
        if (session.profile.name if session is not None else None) != self._draft_profile:
            self._drop_notes()  # another account (or none): the last one's notes go with it
        self.ctx.scheduled_waiting = frozenset()  # the previous account's sends
        self._resume_at.clear()  # asked about again from the note (never sent unasked)
        self._drop_cancel_undo()  # another account's send: its Undo goes
        for waiting in (self.scheduled_dialog, self.overdue_dialog):
            if waiting is not None:
                waiting.close()
        self.opt_out_line = DEFAULT_OPT_OUT_LINE
        if session is not None:
            # A send that fell due while this account was signed out (or another one open)
            # is asked about like one found at start, never sent late on its own.
            self.started_at = datetime.now(UTC)
            self.ctx.tasks.start("compose.rules", self._load_rules(session.profile.name))
            self._due_timer.start()
            QTimer.singleShot(0, self, self.check_scheduled)
        else:
            self._due_timer.stop()
        self._switch_draft(session.profile.name if session is not None else None)
        last = self.ctx.last_balance
        self.balance = last.credits if last is not None else None
        self._schedule_estimate()

    def _drop_notes(self) -> None:
        """Another account is opened (or none): what the page said about the last one goes,
        as its banners do. The note (a send's outcome, or an Undo that would put the last
        account's recipients or scheduled send into this one's) and the last attempt's
        problem (a balance that ran out) were about that account; a shortfall of this one's
        is worked out again with the estimate. The same account opened again (connected
        again after its key was refused) keeps them: they are still true."""
        self.notice.hide()
        if self.problem is not None:
            self._show_problem(None)

    def _on_balance_changed(self, details: object) -> None:
        credits = getattr(details, "credits", None)
        self.balance = float(credits) if credits is not None else None
        self._schedule_estimate()

    def _on_balance_unknown(self, _why: object) -> None:
        """A reading failed, or the service's reachability changed: the summary says why no
        balance is known (AppContext.balance_unknown)."""
        self._schedule_estimate()

    def _on_input_changed(self) -> None:
        self._edits += 1
        if self.notice.property("ok") and not self.notice.action_button.isVisible():
            self.notice.hide()  # a "sent" note is stale once the next message is started
        if not self.flow.busy and self.problem is not None and self.problem.sticky:
            self._show_problem(None)  # the user is fixing what the last attempt ran into
        self._schedule_estimate()
        if self._keep_drafts and not self.flow.sending:
            self._draft_timer.start()

    def take_request(self, request: object, *, also_undo: Callable[[], None] | None = None) -> None:
        """Another tab asked for a message to these people (and perhaps this text): the form
        shows it, ready to check and send; what was there is one Undo away (which also
        runs *also_undo*: a scheduled send taken off to edit goes back on)."""
        if not isinstance(request, ComposeRequest) or self.flow.busy:
            return
        before = (self.recipients.numbers_edit.toPlainText(), self.recipients.picked_people())
        text_before = self.composer.text()
        fallback_before = self.merge_bar.fallback()
        kind_before = self._kind
        self.set_channel(0)
        self.recipients.clear(quiet=True)
        self.recipients.add_people(request.people)
        if request.text is not None:
            self.composer.set_text(request.text)
        if request.fallback is not None:  # the word the earlier send was written with
            self.merge_bar.fallback_edit.setText(request.fallback)
        if request.sender_id and request.sender_id in self.sender_ids():
            self.summary.sender_combo.setCurrentText(request.sender_id)
        # Its own kind when given; another text than the form's is not of the kind the form's
        # text came with (Edit's): the sender ID's usual kind then.
        new_kind = request.category is not None or request.text is not None
        if new_kind:
            self._hold_kind(request.category)

        def undo() -> None:
            self.recipients.clear(quiet=True)
            self.recipients.set_numbers_text(before[0])
            self.recipients.add_people(before[1])
            if request.text is not None:
                self.composer.set_text(text_before)
            if request.fallback is not None:
                self.merge_bar.fallback_edit.setText(fallback_before)
            if new_kind:
                self._hold_kind(kind_before)
            if also_undo is not None:
                also_undo()

        people = counts().people(len(request.people))
        if request.names_missing:
            text = self.tr(
                "Ready to send to {people}. Their names were not kept with this older send, "
                "so the message will not have their names (the “No name?” word is used "
                "instead). Check the message, then press Send."
            ).format(people=people)
        else:
            text = self.tr("Ready to send to {people}: check the message, then press Send.").format(
                people=people
            )
        if request.note:
            text = f"{text} {request.note}"
        # missing names, or a note (who was left out): to read, not good news, so it stays
        # until dismissed
        self.notice.show_text(
            text,
            ok=not (request.names_missing or request.note),
            action=(self.tr("Undo"), undo),
        )
        self.ctx.show_tab_requested.emit("compose")

    def _on_recipients_cleared(self, numbers: str, people: list[Person]) -> None:
        """ "Clear" wipes the recipients; one click on Undo brings them all back."""

        def undo() -> None:
            self.recipients.set_numbers_text(numbers)
            self.recipients.add_people(people)

        self.notice.show_text(
            self.tr("Recipients cleared."), ok=True, action=(self.tr("Undo"), undo)
        )

    def _schedule_estimate(self) -> None:
        people = len(self.recipients.current.people)  # (the last reading: only for the delay)
        big = people > 500 and has_merge_fields(self.composer.text())
        self._estimate_timer.start(150 if big else 0)

    def _show_estimate(self) -> None:
        """:meth:`update_estimate`, for what changes only the screen. A long list being read
        in a worker is not read here as well (the window would hold still meanwhile): the
        reading's end changes the form, which shows it then. Send waits for it."""
        if not self.recipients.pending:
            self.update_estimate()

    def build_plan(self) -> SendPlan:
        """What the form says now, as core's plan (recipients, texts, cost)."""
        balance = self.balance
        if balance is None and self.ctx.last_balance is not None:
            balance = self.ctx.last_balance.credits
        session = self.ctx.session
        return self.ctx.services.sending.plan(
            sender_id=self.summary.sender_combo.currentText(),
            text=self.composer.text(),
            people=self.recipients.people(),
            fallback=self.merge_bar.fallback(),
            skipped=len(self.recipients.invalid()),
            profile=session.profile if session is not None else None,
            balance=balance,
            price_per_part=self.ctx.price_per_part,
        )

    def blocking_reason(self, plan: SendPlan) -> str | None:
        """Why the send cannot start yet (plain words), or None."""
        if self.ctx.session is None:
            return self.tr("Connect an account to send messages.")
        if not plan.sender_id:
            return self.tr("Choose who the message is from (sender name).")
        if not plan.people:
            if plan.skipped:
                return self.tr("None of the numbers is valid: check the ones marked in red.")
            return self.tr("Add at least one recipient.")
        if not plan.text.strip():
            return self.tr("Type a message.")
        unknown = unknown_fields(plan.text)
        if unknown:
            # "{jina}" or "{first_nam}" would reach every customer as typed, braces and all.
            return self.tr(
                "Tuma cannot fill in {fields}: everyone would get it as typed, braces and "
                "all. Use the “+ First name”, “+ Last name” or “+ Phone” buttons instead, or "
                "remove the braces."
            ).format(fields=" ".join(unknown))
        if plan.longest > MAX_CHARACTERS:
            return self.tr("The message is too long: {n} characters; the limit is {limit}.").format(
                n=number(plan.longest), limit=number(MAX_CHARACTERS)
            )
        if plan.texts is not None and any(not t.strip() for t in plan.texts):
            return self.tr("Some recipients would get an empty message: add text or a fallback.")
        return None

    def update_estimate(self, plan: SendPlan | None = None) -> SendPlan:
        """Show the plan (the form's, unless given) on the card, the preview and the button."""
        self._estimate_timer.stop()
        if plan is None:
            plan = self.build_plan()
        self.summary.show_estimate(
            plan.estimate,
            connected=self.ctx.session is not None,
            special=sms.analyse(plan.text).encoding == "UCS-2",
            balance_unknown=self.ctx.balance_unknown,
        )
        self.preview.update_preview(plan.text, plan.people, self.merge_bar.fallback())
        self._update_opt_out_hint(plan)
        reason = self.blocking_reason(plan)
        sending = self.flow.sending
        has_input = bool(plan.people or plan.text.strip())
        self.summary.show_note(reason if has_input or self.ctx.session is None else None)
        if self.problem is None or not self.problem.sticky:
            # (an error from the last attempt stays until the user changes something)
            if not plan.estimate.affordable and reason is None:
                self._show_problem(shortfall_message(plan.estimate), sticky=False)
            elif self.problem is not None:
                self._show_problem(None)
        short = reason is None and not plan.estimate.affordable
        self.summary.send_button.setEnabled(reason is None and not short and not self.flow.busy)
        self.later_button.setEnabled(self.summary.send_button.isEnabled())
        if sending:
            self.summary.send_button.setText(self.tr("Sending…"))
        elif short and plan.estimate.balance is not None:
            # Not enough credit: the button says why (the card says how to top up).
            self.summary.send_button.setText(
                self.tr("Needs {needed}; you have {balance}").format(
                    needed=counts().credits(plan.estimate.credits),
                    balance=number(plan.estimate.balance),
                )
            )
        elif plan.people and reason is None:
            self.summary.send_button.setText(
                self.tr("Send to {people}").format(people=counts().people(len(plan.people)))
            )
        else:
            self.summary.send_button.setText(self.tr("Send"))
        self._show_cost_line(plan, blocked=reason is not None)
        self.summary.shortcut_hint.setVisible(self.summary.send_button.isEnabled())
        return plan

    def _show_cost_line(self, plan: SendPlan, *, blocked: bool) -> None:
        """The send's cost beside Send (the summary card may be below the fold)."""
        estimate = plan.estimate
        if blocked or not estimate.credits:
            self.cost_line.hide()
            return
        credits = counts().credits(estimate.credits)
        if estimate.kes is None:
            text = self.tr("Cost: {credits}").format(credits=credits)
        else:
            text = self.tr("Cost: {credits} ({kes})").format(credits=credits, kes=kes(estimate.kes))
        self.cost_line.setText(text)
        self.cost_line.show()

    def _show_problem(self, text: str | None, *, sticky: bool = True) -> None:
        self.problem = None if text is None else Problem(text, sticky)
        self.summary.show_problem(text)

    # --- drafts -------------------------------------------------------------------------

    #: A draft read from the store was put in the form (tests wait on it).
    draft_restored = Signal()

    def _switch_draft(self, profile: str | None) -> None:
        """The form follows the account: the previous account's draft is saved for it, the
        new account's draft (if any) is read back. The practice account's draft never shows
        up in a real account."""
        if profile == self._draft_profile:
            return
        if self._draft_profile is not None and self._draft_timer.isActive():
            self.save_draft()
        if self._draft_profile is not None:
            self._clear_form()
        self._draft_profile = profile
        if profile is None or not self._keep_drafts:
            return
        edits = self._edits
        self.ctx.tasks.start(
            "compose.draft.load",
            self._drafts.load(profile),
            on_success=lambda draft: self._restore_draft(profile, edits, draft),
        )

    def _restore_draft(self, profile: str, edits: int, draft: Draft) -> None:
        if profile != self._draft_profile or edits != self._edits or draft.is_empty:
            self.draft_restored.emit()
            return  # another account by now, or the user already typed: theirs wins
        self._fill_form(draft)
        self._draft_timer.stop()
        if draft.taken_off is not None:
            self._say_taken_off(draft.taken_off)
        self.draft_restored.emit()

    def _fill_form(self, draft: Draft) -> None:
        self.recipients.clear(quiet=True)
        self.recipients.set_numbers_text(draft.numbers)
        self.recipients.add_people(
            [Person(p.phone, p.first_name, p.last_name, from_contacts=True) for p in draft.people]
        )
        self.composer.set_text(draft.text)
        self.composer.editor.document().clearUndoRedoStacks()
        self._wanted_sender = draft.sender_id
        if draft.sender_id and draft.sender_id in self.sender_ids():
            self.summary.sender_combo.setCurrentText(draft.sender_id)
        if draft.fallback is not None:
            self.merge_bar.fallback_edit.setText(draft.fallback)
        self._taken_off = draft.taken_off
        self._hold_kind(_kind_of(draft.taken_off.category) if draft.taken_off else None)

    def _say_taken_off(self, taken_off: TakenOff) -> None:
        """A draft restored at start that is a scheduled send taken off to edit it: the form
        says so, as it did before the quit, and Undo puts it back on the schedule (and the
        form as it was before Edit)."""

        def undo() -> None:
            before = taken_off.before or Draft()
            self._fill_form(before)
            self._put_back(taken_off)

        self.notice.show_text(
            self.tr(
                "This message was scheduled to go out {when}. It was taken off the schedule "
                "so you could change it: send it, or schedule it again with Send later."
            ).format(when=due_text(taken_off.due_at)),
            ok=False,
            action=(self.tr("Undo"), undo),
        )

    def _put_back(self, taken_off: TakenOff) -> None:
        """Undo of an edit: the send back on the schedule, the draft what the form held
        before Edit (one transaction in the store)."""
        profile = self._draft_profile
        self._draft_timer.stop()
        if profile is None:
            return
        self.ctx.tasks.start(
            f"compose.scheduled.restore.{taken_off.broadcast_id}",
            self._restore_scheduled(profile, taken_off),
        )

    def _clear_form(self) -> None:
        self._taken_off = None  # sent or scheduled again, or another account's form
        self._hold_kind(None)  # the next message is of the sender ID's usual kind
        self.recipients.clear(quiet=True)
        self.composer.set_text("")
        self.composer.editor.document().clearUndoRedoStacks()
        self._draft_timer.stop()

    def current_draft(self) -> Draft:
        taken_off = self._taken_off
        if taken_off is not None and self._kind is not None:
            taken_off = replace(taken_off, category=self._kind.value)
        return Draft(
            text=self.composer.text(),
            numbers=self.recipients.numbers_edit.toPlainText(),
            sender_id=self.summary.sender_combo.currentText(),
            fallback=self.merge_bar.fallback(),
            people=tuple(
                DraftPerson(p.phone, p.first_name, p.last_name)
                for p in self.recipients.picked_people()
            ),
            taken_off=taken_off,
        )

    def save_draft(self) -> None:
        """Keep the form as the account's draft (off the GUI thread). Never while a send is
        going out: the broadcast took the draft over when it was written down."""
        self._draft_timer.stop()
        profile = self._draft_profile
        if not self._keep_drafts or profile is None or self.flow.sending:
            return
        self.ctx.tasks.start("compose.draft.save", self._drafts.save(profile, self.current_draft()))

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
        elif index == 2 and (
            # (a paste just made, still being read, may enable the button: Send waits for it)
            self.survey.send_button.isEnabled() or self.survey.recipients.pending
        ):
            self.survey.send()

    def send(self, *, later: bool = False) -> None:
        """Check, confirm, write the broadcast down, then send it chunk by chunk (with
        *later*, asking first for the day and time it goes out). The plan is built once,
        here, and carried through to the journal."""
        if self.flow.busy:
            return
        if self._refused_while_switching():
            self.send_finished.emit(None)
            return
        if self.recipients.pending:
            self._send_once_read(later=later)
            return
        plan = self.update_estimate()
        reason = self.blocking_reason(plan)
        if reason is not None:
            self._show_problem(reason)
            self.send_finished.emit(None)
            return
        self._show_problem(None)
        self.flow.check()
        self._start_send(self._confirm_and_send(plan, later=later, edits=self._edits))

    def send_later(self) -> None:
        self.send(later=True)

    def _refused_while_switching(self) -> bool:
        """True, and said, while another account is being opened (a slow keyring, the
        practice service starting): a send started now would be confirmed in this account
        and go out from the next one."""
        if not self.ctx.is_switching():
            return False
        self._show_problem(
            self.tr("Another account is being opened: wait until it is, then press Send.")
        )
        return True

    def _send_once_read(self, *, later: bool) -> None:
        """Send (or Send later) pressed while a long list is read in a worker: it goes on
        once the list is read, the window free meanwhile (it was read on the window's thread
        there and then: ~0.3 s still for 50,000 numbers). Pressed again meanwhile, it waits
        for the same reading."""
        if self.ctx.tasks.is_running(READING_TASK):
            return
        session = self.ctx.session
        self.ctx.tasks.start(
            READING_TASK,
            self.recipients.settled(),
            # (another account opened meanwhile brings its own draft: not what was pressed)
            on_success=lambda _read: (
                self.send(later=later) if self.ctx.session is session else None
            ),
        )

    def _start_send(self, flow: Coroutine[Any, Any, RunReport | None]) -> None:
        """Run a send or resume as the one SEND_TASK; `send_finished` fires once it has been
        dealt with (outcome shown, form updated), whatever happened."""
        # The last attempt's outcome (a balance that ran out, a server error) is stale once
        # another starts: a resume that goes well must not leave it saying "try again".
        self._show_problem(None)
        self.update_estimate()
        self.ctx.tasks.start(
            SEND_TASK,
            self._guarded(flow),
            on_success=self._on_run_done,
            on_error=self._on_send_failed,
        )

    async def _guarded(self, flow: Coroutine[Any, Any, RunReport | None]) -> RunReport | None:
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

    async def stop(self, timeout: float) -> bool:  # noqa: ASYNC109 (bounded quit)
        if self._draft_timer.isActive():
            self.save_draft()  # what was typed in the last second is kept
        stopped = await self.stop_sending(timeout)
        await self.ctx.tasks.wait_for("compose.draft.save", timeout)
        return stopped

    def _on_send_failed(self, exc: BaseException) -> bool:
        try:
            if not self._explain_failure(exc):
                self._present_send_error(exc)
            return True
        finally:
            self._finish(exc)

    def _present_send_error(self, exc: BaseException) -> None:
        """The window's bar says what stopped a send; remembered, so that a send that goes
        well afterwards takes those words back (the line back, the rest sent from Review:
        "No connection … try again" stayed over every tab until closed by hand)."""
        self.ctx.errors.present(exc)
        self._send_words = self.ctx.errors.problem

    def _take_back_send_words(self) -> None:
        self.ctx.errors.take_back(self._send_words)
        self._send_words = None

    def _on_run_done(self, report: RunReport | None) -> None:
        handled = True
        try:
            if report is not None and report.error is not None:
                handled = self._explain_stop(report)
        finally:
            self._finish(report)
        if report is not None and not report.withdrawn and not report.outcome.finished:
            # Part of it went: the rest waits in the resume note, which the outcome and the
            # problem point to ("resume it from the note above"). On a small window that
            # note is below the form, out of sight: it is brought into view, just above them
            # (once the layout has made room for the outcome and the problem).
            QTimer.singleShot(0, self, self._show_resume_banner)
        if not handled and report is not None and report.error is not None:
            self._present_send_error(report.error)
        elif report is not None and report.error is None and not report.withdrawn:
            self._take_back_send_words()  # (a problem shown since by anything else stays)

    def _show_resume_banner(self) -> None:
        if self.resume_banner.isVisible():
            # (with the page's margin under it: its edge not cut by the bar below)
            self.form_scroll.ensureWidgetVisible(self.resume_banner, 0, 8)

    def _finish(self, outcome: object) -> None:
        self.flow.done()
        self._show_estimate()
        self.send_finished.emit(outcome)
        if self._due_held:
            # Sends that fell due (or were to be asked about) waited for this one: now.
            self._due_held = False
            QTimer.singleShot(0, self, self.check_scheduled)

    async def _confirm_and_send(
        self, plan: SendPlan, *, edits: int, later: bool = False
    ) -> RunReport | None:
        session = self.ctx.session
        assert session is not None
        sending = self.ctx.services.sending
        category = self.category.category()
        promotional = category is SendCategory.PROMOTIONAL
        due_at: datetime | None = None
        if later:
            due_at = await self._ask_send_time(promotional)
            if due_at is None:
                return None
        if promotional:
            now = rules.local_now()
            moment = due_at or now
            if not within_promo_hours(moment):
                # The day words count from today, not from the day chosen.
                hours_choice = await self._ask_promo_hours(
                    now, next_promo_start(moment), chosen=due_at
                )
                if hours_choice is PromoHoursChoice.CANCEL:
                    return None
                if hours_choice is PromoHoursChoice.SCHEDULE:
                    due_at = next_promo_start(moment)
        opted_out = 0
        if promotional:
            listed = await self.ctx.services.optouts.among(
                session.profile.name, [p.phone for p in plan.people]
            )
            if listed:
                opted_out = len(listed)
                plan = plan.without(listed)
                if not plan.people:
                    self._show_problem(
                        self.tr(
                            "Everyone you chose is on your opt-out list, so this promotion "
                            "goes to nobody. Choose “Service message” if it is a receipt or "
                            "a reminder."
                        )
                    )
                    return None
        # A fresh balance: the estimate is checked against what the service says now.
        self.summary.show_note(self.tr("Checking your balance…"))
        check = await sending.fresh_balance(session.client, self.balance, BALANCE_CHECK_TIMEOUT)
        if not check.reached and due_at is None:
            # Offline: a send now would only fail, after every try (half a minute on a dead
            # line). Nothing is written down, so the form is still the message to send.
            # (A scheduled send goes on: it is only written down now, and checked when due.)
            self.summary.show_note(None)
            if check.certificate is not None:
                from desktop_app.ui.errors import api_error_text

                self._show_problem(
                    self.tr("Nothing was sent, and your message is kept. {why}").format(
                        why=api_error_text(check.certificate)
                    )
                )
                return None
            self._show_problem(
                self.tr(
                    "Tuma could not reach the messaging service, so nothing was sent. Your "
                    "message is kept: check your internet connection, then press Send again."
                )
            )
            return None
        self.balance = check.credits if check.reached else self.balance
        price = self.ctx.price_per_part
        plan = plan.with_balance(self.balance)
        # The duplicate-send guard: who got this very text lately, or is due to get it.
        duplicates = await sending.duplicates(
            session.profile.name, plan, window_hours=self.ctx.settings.duplicate_window_hours
        )
        fresh = plan.without(duplicates.phones) if duplicates else plan
        estimate = plan.estimate.with_price(price)
        fresh_estimate = fresh.estimate.with_price(price)
        self.summary.show_note(None)
        changed = category is not self.category.category()
        if changed or edits != self._edits:
            # Changed while it was checked (a slow line): the plan and the rules are what the
            # form said when Send was pressed. Asking about them would send that, and wipe
            # the change.
            self.notice.show_text(
                self.tr(
                    "Not sent: you made a change while it was being checked. Check the "
                    "message, then press Send again."
                ),
                ok=False,
            )
            return None
        if not (fresh_estimate if fresh.people else estimate).affordable:
            self._show_problem(shortfall_message(estimate), sticky=False)
            self.ctx.refresh_balance()
            return None

        self.flow.ask()
        self.confirm_dialog = ConfirmSendDialog(
            channel=self.tr("SMS (personalised)") if plan.personalised else self.tr("SMS"),
            sender_id=plan.sender_id,
            estimate=estimate,
            message=(self.preview.rendered() if plan.personalised else plan.text),
            skipped=plan.skipped,
            chunks=plan.chunks,
            duplicates=duplicates or None,
            new_estimate=fresh_estimate,
            opted_out=opted_out,
            due_at=due_at,
            parent=self,
        )
        result = await wait_finished(self.confirm_dialog)
        choice = self.confirm_dialog.choice
        self.confirm_dialog.deleteLater()
        self.confirm_dialog = None
        if result != ConfirmSendDialog.DialogCode.Accepted.value:
            return None
        if session is not self.ctx.session:
            # Another account opened while the question was open: confirmed for this one, it
            # would go out from that one. The message is kept as this account's draft.
            self.notice.show_text(
                self.tr(
                    "Not sent: another account was opened while you were confirming. The "
                    "message is kept for “{account}”: open it again to send it."
                ).format(account=session.profile.name),
                ok=False,
            )
            return None
        if choice is SendChoice.ONLY_NEW:
            plan = fresh
        if not plan.estimate.with_price(price).affordable:
            self._show_problem(shortfall_message(plan.estimate), sticky=False)
            return None
        if due_at is not None and due_at <= datetime.now(UTC):
            # The confirmation stayed open past the chosen time: scheduled now, it would go
            # out at once (or be asked about as if Tuma had been closed), not as confirmed.
            self._show_problem(
                self.tr(
                    "Nothing was scheduled: the time you chose ({when}) passed while the "
                    "confirmation was open. Press Send later to choose another time, or Send "
                    "to send it now."
                ).format(when=due_text(due_at))
            )
            return None
        if due_at is not None:
            await sending.start(plan, session.profile.name, category=category, due_at=due_at)
            self._clear_form()
            self.notice.show_text(
                self.tr("Scheduled: it goes out {when} to {people}.").format(
                    when=due_text(due_at), people=counts().people(len(plan.people))
                ),
                ok=True,
            )
            await self.show_scheduled()
            return None
        self.flow.send()
        self.update_estimate(plan)
        broadcast_id = await sending.start(plan, session.profile.name, category=category)
        return await self._run(
            broadcast_id, plan.chunks, len(plan.people), session=session, from_form=True
        )

    async def _ask_send_time(
        self, promotional: bool, current: datetime | None = None
    ) -> datetime | None:
        """The day and time the user picks (None: cancelled)."""
        if current is not None:
            suggested = current
        else:
            suggested = rules.local_now().replace(second=0, microsecond=0) + timedelta(hours=1)
            if promotional:
                suggested = next_promo_start(suggested)
        dialog = SendLaterDialog(suggested, promotional=promotional, parent=self)
        result = await wait_finished(dialog)
        chosen = dialog.due_at()
        dialog.deleteLater()
        if result != SendLaterDialog.DialogCode.Accepted.value:
            return None
        return chosen

    # --- the rules: category, opt-out line --------------------------------------------------

    async def _load_rules(self, profile: str) -> None:
        self.opt_out_line = await self.ctx.services.optouts.opt_out_line(profile)
        await self._apply_category(profile, self.summary.sender_combo.currentText())
        self._show_estimate()

    async def _apply_category(self, profile: str, sender_id: str) -> None:
        category = await self.ctx.services.optouts.category(profile, sender_id)
        session = self.ctx.session
        if (
            session is not None
            and session.profile.name == profile
            and sender_id == self.summary.sender_combo.currentText()
        ):
            # (the kind the form's text came with, while it holds, over the sender ID's)
            self.category.set_category(self._kind or category)
            self._show_estimate()

    def _hold_kind(self, kind: SendCategory | None) -> None:
        """The form's text is of this kind (a scheduled send's own, brought back by Edit),
        whatever the sender ID's usual kind; None: the sender ID's usual kind again."""
        if kind is None and self._kind is None:
            return
        self._kind = kind
        if kind is not None:
            self.category.set_category(kind)
            self._show_estimate()
        else:
            self._load_category(self.summary.sender_combo.currentText())

    def _load_category(self, sender_id: str) -> None:
        """Another sender ID: its usual kind of message."""
        session = self.ctx.session
        if session is not None and sender_id:
            self.ctx.tasks.start(
                "compose.category", self._apply_category(session.profile.name, sender_id)
            )

    def _on_category_chosen(self, category: SendCategory) -> None:
        if self._kind is not None:
            self._kind = category  # the user's own choice for this text, kept with its draft
            if self._keep_drafts and not self.flow.sending:
                self._draft_timer.start()
        session = self.ctx.session
        sender_id = self.summary.sender_combo.currentText()
        if session is not None and sender_id:
            self.ctx.tasks.start(
                "compose.category.save",
                self.ctx.services.optouts.remember_category(
                    session.profile.name, sender_id, category
                ),
            )
        self._show_estimate()

    def _update_opt_out_hint(self, plan: SendPlan) -> None:
        if self.category.promotional and plan.text.strip() and not has_opt_out_line(plan.text):
            change = opt_out_line_change(plan.text, len(plan.people), self.opt_out_line)
            self.opt_out_hint.show_change(change, self.opt_out_line)
        else:
            self.opt_out_hint.show_change(None, self.opt_out_line)

    def add_opt_out_line(self) -> None:
        """Add the account's opt-out line at the end of the message (Ctrl+Z takes it back)."""
        text = self.composer.text()
        if has_opt_out_line(text):
            return
        added = with_opt_out_line(text, self.opt_out_line)
        editor = self.composer.editor
        cursor = editor.textCursor()
        cursor.beginEditBlock()
        cursor.select(cursor.SelectionType.Document)
        cursor.insertText(added)
        cursor.endEditBlock()
        editor.setTextCursor(cursor)
        editor.setFocus()

    # --- sends waiting for their time ---------------------------------------------------------

    def check_scheduled(self) -> None:
        """Bring the scheduled list up to date, and deal with sends that fell due: sent now
        when found on time while Tuma was running, asked about when they fell due while it
        was closed, or were found late (the computer slept through their time)."""
        if self.ctx.session is None or self.ctx.tasks.is_running(SCHEDULE_TASK):
            return
        self.ctx.tasks.start(SCHEDULE_TASK, self._handle_due())

    async def show_scheduled(self) -> list[Any]:
        session = self.ctx.session
        if session is None:
            return []
        sends = await self.ctx.services.sending.scheduled(session.profile.name)
        if session is not self.ctx.session:
            return []
        waiting = self._waiting_for_user(sends)
        self.scheduled_banner.show_scheduled(sends, waiting)
        if self.scheduled_dialog is not None:
            self.scheduled_dialog.show_sends(sends, waiting)
        # (when each is due too: a send moved to another time changes the others' words)
        ids = [(s.broadcast.id, s.due_at) for s in sends]
        if ids != self._scheduled_ids or waiting != self.ctx.scheduled_waiting:
            # Published for the other tabs' banners (Delivery), which cannot tell by
            # themselves which sends wait for the user (asked about, "Decide later").
            self._scheduled_ids = ids
            self.ctx.scheduled_waiting = frozenset(waiting)
            self.ctx.scheduled_changed.emit()
        return sends

    def _waiting_for_user(self, sends: list[Any]) -> set[int]:
        """The sends whose time passed that do not go out by themselves: asked about ("Decide
        later"), or to be asked (due before this account was opened, put back by an Undo
        after their time, found late). The banner and the list say they wait for the user,
        not that they go out at a time already past."""
        now = datetime.now(UTC)
        return {
            s.broadcast.id
            for s in sends
            if s.due_at <= now
            and (
                s.broadcast.id in self._overdue_asked
                or s.broadcast.id in self._ask_when_due
                or s.due_at < self.started_at
                or self._found_late(s)
            )
        }

    #: A scheduled send was dealt with (sent, asked about, cancelled): tests wait on it.
    scheduled_checked = Signal(object)

    async def _handle_due(self) -> None:
        """Sends that fell due while Tuma ran, found on time, go now, one per check; the
        others are asked about, one dialog at a time (this task awaits it, and the next
        check does not start while it runs). While a send is under way the rest wait: a
        "Send now" chosen then could not start, and the next check comes when it ends."""
        session = self.ctx.session
        if session is None:
            return
        sending = self.ctx.services.sending
        due = await sending.due(session.profile.name)
        self._due_held = False
        if session is self.ctx.session:
            self._resume_held(session)
        for send in due:
            if session is not self.ctx.session:
                return
            if self.flow.busy:
                self._due_held = True
                break
            broadcast_id = send.broadcast.id
            being_edited = broadcast_id in self._ask_when_due
            at_start = send.due_at < self.started_at
            found_late = not at_start and not being_edited and self._found_late(send)
            if at_start or being_edited or found_late:
                if broadcast_id in self._overdue_asked or self.overdue_dialog is not None:
                    continue
                self._overdue_asked.add(broadcast_id)
                await self._ask_overdue(
                    send,
                    being_edited=being_edited,
                    found_late=found_late,
                    cancel_undone=broadcast_id in self._cancel_undone,
                )
                continue
            # Fell due while running, found on time: it goes now.
            self.send_scheduled_now(broadcast_id)
            break
        await self.show_scheduled()
        self.scheduled_checked.emit(due)

    def _found_late(self, send: Any) -> bool:
        """Found by the running check too late to send unasked: more than LATE_AFTER after its
        time (the computer slept through it), or a promotion due inside the hours for
        promotions found after they ended. How late is measured on the computer's clock, as
        the store decides what is due; the hours on the shop's."""
        late = datetime.now(UTC) - send.due_at
        if late > LATE_AFTER:
            return True
        if send.category != SendCategory.PROMOTIONAL:
            return False
        now = rules.local_now()
        return within_promo_hours(now - late) and not within_promo_hours(now)

    async def _ask_overdue(
        self,
        send: Any,
        *,
        being_edited: bool = False,
        found_late: bool = False,
        cancel_undone: bool = False,
    ) -> None:
        now = rules.local_now()
        promotional = send.category == SendCategory.PROMOTIONAL
        self.overdue_dialog = OverdueDialog(
            send,
            now=now,
            outside_hours=promotional and not within_promo_hours(now),
            account_was_closed=send.due_at >= self._running_since,
            being_edited=being_edited,
            found_late=found_late,
            cancel_undone=cancel_undone,
            parent=self,
        )
        try:
            await wait_finished(self.overdue_dialog)
            choice, morning = self.overdue_dialog.choice, self.overdue_dialog.morning
        finally:
            self.overdue_dialog.deleteLater()
            self.overdue_dialog = None
        if choice is OverdueChoice.SEND_NOW:
            self.send_scheduled_now(send.broadcast.id)
        elif choice is OverdueChoice.CANCEL:
            await self._cancel_scheduled(send.broadcast.id, send.due_at)
        elif choice is OverdueChoice.MORNING and morning is not None:
            await self._move(send.broadcast.id, morning)

    def send_scheduled_now(self, broadcast_id: int) -> None:
        """Take a scheduled send off the schedule and send it (once: a second press, or the
        timer at the same moment, finds it released already)."""
        session = self.ctx.session
        if self.flow.busy or session is None or self._refused_while_switching():
            return
        self.flow.send()
        self._start_send(self._run_released(broadcast_id, session))

    async def _run_released(self, broadcast_id: int, session: Session) -> RunReport | None:
        sending = self.ctx.services.sending
        if not await sending.release(broadcast_id):
            # Sent or cancelled already (the due check, a second press): not sent again.
            self.notice.show_text(
                self.tr(
                    "It was not sent again: it is already being sent, or was sent or "
                    "cancelled meanwhile. The Delivery tab shows what went out."
                ),
                ok=False,
            )
            return None
        try:
            return await self._resume(broadcast_id, session)
        finally:
            await self.show_scheduled()

    def _show_scheduled_list(self) -> None:
        """Another tab asked for the scheduled list: it opens here, where its actions are."""
        self.ctx.show_tab_requested.emit("compose")
        self.open_scheduled_dialog()

    def open_scheduled_dialog(self) -> None:
        if self.scheduled_dialog is None:
            dialog = ScheduledDialog(self)
            dialog.send_now_requested.connect(self._scheduled_send_now)
            dialog.change_time_requested.connect(self._scheduled_change_time)
            dialog.edit_requested.connect(self._scheduled_edit)
            dialog.cancel_requested.connect(self._scheduled_cancel)
            dialog.undo_requested.connect(self.undo_cancel)
            offer = self._cancel_undo
            if offer is not None:
                # Opened again while the last cancel can be undone: its Undo is here too.
                dialog.say(offer.text, undo=True)
            dialog.finished.connect(lambda _r: self._forget_scheduled_dialog(dialog))
            self.scheduled_dialog = dialog
        self.scheduled_dialog.open()
        self.ctx.tasks.start("compose.scheduled.list", self.show_scheduled())

    def _forget_scheduled_dialog(self, dialog: ScheduledDialog) -> None:
        if self.scheduled_dialog is dialog:
            self.scheduled_dialog = None
        dialog.deleteLater()

    def _scheduled_send_now(self, broadcast_id: int) -> None:
        if self.flow.busy:
            # Another message is going out (or being checked): say so, where the user looks.
            self._say_busy()
            return
        if self.ctx.tasks.is_running(SEND_NOW_TASK):
            return  # a second press while the first one asks: the first one carries on
        self.ctx.tasks.start(SEND_NOW_TASK, self._send_now_asked(broadcast_id))

    async def _ask_promo_hours(
        self, now: datetime, next_start: datetime, *, chosen: datetime | None = None
    ) -> PromoHoursChoice:
        """A promotion outside its hours (Send, Send later, Change time…, Send now from the
        list): the one question, answered (closed unanswered: cancel)."""
        hours = PromoHoursDialog(now, next_start, self, chosen=chosen)
        try:
            await wait_finished(hours)
            return hours.choice
        finally:
            hours.deleteLater()

    def _say_busy(self) -> None:
        self._say_scheduled(
            self.tr("A message is being sent. Once it is done, press Send now again."),
            ok=False,
        )

    async def _send_now_asked(self, broadcast_id: int) -> None:
        """Send now from the list. A promotion outside the hours for promotions is asked
        about first, as Send, Send later and Change time… ask: schedule it for the next
        08:00 (moved, nothing sent), send it now anyway, or cancel (nothing done)."""
        session = self.ctx.session
        if session is None:
            return
        waiting = await self.ctx.services.sending.scheduled(session.profile.name)
        current = next((s for s in waiting if s.broadcast.id == broadcast_id), None)
        # (Gone meanwhile: send_scheduled_now says it was not sent again.)
        if current is not None and current.category == SendCategory.PROMOTIONAL:
            now = rules.local_now()
            if not within_promo_hours(now):
                morning = next_promo_start(now)
                hours_choice = await self._ask_promo_hours(now, morning)
                if session is not self.ctx.session or hours_choice is PromoHoursChoice.CANCEL:
                    return
                if hours_choice is PromoHoursChoice.SCHEDULE:
                    await self._move(broadcast_id, morning)
                    return
        if self.flow.busy:  # a send started while it was asked about
            self._say_busy()
            return
        if self.scheduled_dialog is not None:
            self.scheduled_dialog.close()
        self.send_scheduled_now(broadcast_id)

    def _scheduled_change_time(self, broadcast_id: int) -> None:
        self.ctx.tasks.start("compose.scheduled.move", self._change_time(broadcast_id))

    async def _change_time(self, broadcast_id: int) -> None:
        session = self.ctx.session
        if session is None:
            return
        sending = self.ctx.services.sending
        waiting = await sending.scheduled(session.profile.name)
        current = next((s for s in waiting if s.broadcast.id == broadcast_id), None)
        if current is None:
            return
        promotional = current.category == SendCategory.PROMOTIONAL
        chosen = await self._ask_send_time(promotional, current.due_at)
        if chosen is None:
            return
        if promotional and not within_promo_hours(chosen):
            # As Send later asks: moved past 18:00, it would go out then, on its own.
            hours_choice = await self._ask_promo_hours(
                rules.local_now(), next_promo_start(chosen), chosen=chosen
            )
            if hours_choice is PromoHoursChoice.CANCEL:
                return
            if hours_choice is PromoHoursChoice.SCHEDULE:
                chosen = next_promo_start(chosen)
        await self._move(broadcast_id, chosen)

    async def _move(self, broadcast_id: int, chosen: datetime) -> None:
        """Due again at *chosen*, and said so (or why it could not be moved)."""
        if await self.ctx.services.sending.reschedule(broadcast_id, chosen):
            # Due again at a time to come: it goes out then, as any scheduled send (it was
            # marked to be asked about, and once asked, "Decide later" left it unsent for good).
            for marks in (self._ask_when_due, self._cancel_undone, self._overdue_asked):
                marks.discard(broadcast_id)
            text = self.tr("Moved: it goes out {when}.").format(when=due_text(chosen))
            ok = True
        else:
            text = self.tr(
                "It could not be moved: it is already being sent, or was sent or cancelled "
                "meanwhile. The Delivery tab shows what went out."
            )
            ok = False
        self._say_scheduled(text, ok=ok)
        await self.show_scheduled()

    def _scheduled_edit(self, broadcast_id: int) -> None:
        if self.ctx.tasks.is_running(EDIT_TASK):
            return  # a second press: the first one carries on (cancelling it could lose it)
        if self.flow.busy:
            self.notice.show_text(
                self.tr("A message is being sent. Once it is done, press Edit again."), ok=False
            )
            return
        self.ctx.tasks.start(EDIT_TASK, self._edit_scheduled(broadcast_id))

    async def _edit_scheduled(self, broadcast_id: int) -> None:
        """Off the schedule and into the form: the user changes it and sends (or schedules)
        it again, as the kind of message it is (a promotion stays one, whatever the sender
        ID's usual kind: the opt-out list and the hours still apply). Taking it off the
        schedule and keeping it as the draft (with its kind) are one store transaction: a
        quit or a crash leaves it scheduled or in the draft, never neither. While this
        runs, the form is held (no send starts from it, no due send either)."""
        session = self.ctx.session
        profile = self._draft_profile
        if session is None or profile is None or self.flow.busy:
            return
        self.flow.check()
        try:
            sending = self.ctx.services.sending
            recipients = await sending.scheduled_recipients(broadcast_id)
            broadcast = await sending.broadcast(broadcast_id)
            waiting = await sending.scheduled(session.profile.name)
            current = next((s for s in waiting if s.broadcast.id == broadcast_id), None)
            due_at = None if current is None else current.due_at
            kind = None if current is None else _kind_of(current.category)
            taken_off = None
            if due_at is not None and session is self.ctx.session:
                taken_off = TakenOff(
                    broadcast_id,
                    due_at,
                    before=self.current_draft(),
                    category=None if kind is None else kind.value,
                )
                draft = Draft(
                    text=broadcast.text,
                    sender_id=broadcast.sender_id,
                    fallback=recipients.fallback
                    if recipients.fallback is not None
                    else self.merge_bar.fallback(),
                    people=tuple(
                        DraftPerson(p.phone, p.first_name, p.last_name) for p in recipients.people
                    ),
                    taken_off=taken_off,
                )
                if not await self._drafts.take_off_schedule(profile, draft):
                    taken_off = None
        finally:
            self.flow.done()
        if taken_off is None:
            if due_at is None or session is self.ctx.session:
                self.notice.show_text(
                    self.tr(
                        "This message is no longer scheduled: it was sent or cancelled "
                        "meanwhile. The Delivery tab shows what was sent."
                    ),
                    ok=False,
                )
            await self.show_scheduled()
            return
        if self.scheduled_dialog is not None:
            self.scheduled_dialog.close()
        self._taken_off = taken_off

        def put_back() -> None:
            self._taken_off = taken_off.before.taken_off if taken_off.before else None
            self._put_back(taken_off)

        self.take_request(
            ComposeRequest(
                recipients.people,
                text=broadcast.text,
                sender_id=broadcast.sender_id,
                names_missing=recipients.names_missing,
                fallback=recipients.fallback,
                category=kind,
                note=self.tr(
                    "It is off the schedule (it was due {when}) until you send it or schedule "
                    "it again."
                ).format(when=due_text(taken_off.due_at)),
            ),
            also_undo=put_back,
        )
        self.update_estimate()
        await self.show_scheduled()

    async def _restore_scheduled(self, profile: str, taken_off: TakenOff) -> None:
        """Undo of an edit: the send is back on the schedule, as it was (not lost). When its
        time passed while it was being edited, it is asked about, as an overdue send found
        at start (marked before it is back, so the due check cannot send it unasked)."""
        broadcast_id = taken_off.broadcast_id
        late = taken_off.due_at <= datetime.now(UTC)
        if late:
            self._ask_when_due.add(broadcast_id)
            self._overdue_asked.discard(broadcast_id)
            self._cancel_undone.discard(broadcast_id)
        if not await self._drafts.put_back(profile, taken_off):
            self._ask_when_due.discard(broadcast_id)
        elif late:
            self.notice.show_text(
                self.tr(
                    "Back on the schedule. Its time ({when}) passed while it was being edited: "
                    "choose whether to send it now."
                ).format(when=due_text(taken_off.due_at)),
                ok=True,
            )
            self.check_scheduled()
        else:
            self.notice.show_text(
                self.tr("Back on the schedule: it goes out {when}.").format(
                    when=due_text(taken_off.due_at)
                ),
                ok=True,
            )
        await self.show_scheduled()

    def _scheduled_cancel(self, broadcast_id: int) -> None:
        self.ctx.tasks.start("compose.scheduled.cancel", self._cancel_scheduled(broadcast_id))

    async def _cancel_scheduled(self, broadcast_id: int, due_at: datetime | None = None) -> None:
        """Cancel send (from the list, or "Cancel it" on an overdue send): nothing of it goes
        out; Undo, for a few minutes and until the next cancel, puts it back as it was."""
        session = self.ctx.session
        if session is None:
            return
        sending = self.ctx.services.sending
        if due_at is None:
            # When it was due, read before it is cancelled: Undo puts it back for that time.
            waiting = await sending.scheduled(session.profile.name)
            due_at = next((s.due_at for s in waiting if s.broadcast.id == broadcast_id), None)
        if await sending.cancel_scheduled(broadcast_id):
            text = self.tr("The scheduled message was cancelled.")
            if due_at is not None and session is self.ctx.session:
                self._offer_cancel_undo(_CancelUndo(session, broadcast_id, due_at, text))
                await self.show_scheduled()
                return
            ok = True
        else:
            # It fell due (or was sent with Send now) while its row was still shown.
            text = self.tr(
                "It could not be cancelled: it is already being sent, or was sent or "
                "cancelled meanwhile. The Delivery tab shows what went out."
            )
            ok = False
        self._say_scheduled(text, ok=ok)
        await self.show_scheduled()

    def _say_scheduled(self, text: str, *, ok: bool) -> None:
        """What became of a scheduled send, in the note and, when the scheduled list is open
        over it (hiding the note), in the list too."""
        self.notice.show_text(text, ok=ok)
        if self.scheduled_dialog is not None:
            self.scheduled_dialog.say(text, ok=ok)

    def _offer_cancel_undo(self, offer: _CancelUndo) -> None:
        """Say the send was cancelled, with Undo (the next cancel ends the one before's)."""
        self._cancel_undo = offer
        self._cancel_undo_timer.start()
        self.notice.show_text(
            offer.text, ok=True, action=(self.tr("Undo"), self.undo_cancel), stays=True
        )
        if self.scheduled_dialog is not None:
            self.scheduled_dialog.say(offer.text, undo=True)

    def _drop_cancel_undo(self) -> None:
        """The cancel can no longer be undone (its time is up, another account, or it was
        undone): its Undo goes, and so does the note that offered it."""
        self._cancel_undo = None
        self._cancel_undo_timer.stop()
        if self.notice.action == self.undo_cancel:
            self.notice.hide()
        if self.scheduled_dialog is not None:
            self.scheduled_dialog.withdraw_undo()

    def undo_cancel(self) -> None:
        """Put the last cancelled send back on the schedule, as it was (its time, recipients,
        text and kind). Once: the offer goes at the first press."""
        offer = self._cancel_undo
        self._drop_cancel_undo()
        if offer is None or offer.session is not self.ctx.session:
            return
        self.ctx.tasks.start(
            f"compose.scheduled.uncancel.{offer.broadcast_id}", self._uncancel(offer)
        )

    async def _uncancel(self, offer: _CancelUndo) -> None:
        """Back on the schedule for its time. When that time passed meanwhile it is not sent
        unasked: it is asked about, as an overdue send (marked before it is back, so the due
        check cannot send it on its own)."""
        broadcast_id = offer.broadcast_id
        late = offer.due_at <= datetime.now(UTC)
        if late:
            self._ask_when_due.add(broadcast_id)
            self._cancel_undone.add(broadcast_id)
            self._overdue_asked.discard(broadcast_id)
        if not await self.ctx.services.sending.restore_scheduled(broadcast_id, offer.due_at):
            # Put back already (nothing of a cancelled send can have gone out).
            text = self.tr("It is back on the schedule already.")
        elif late:
            text = self.tr(
                "Back on the schedule. Its time ({when}) passed after it was cancelled: "
                "choose whether to send it now."
            ).format(when=due_text(offer.due_at))
            self.check_scheduled()
        else:
            text = self.tr("Back on the schedule: it goes out {when}.").format(
                when=due_text(offer.due_at)
            )
        self._say_scheduled(text, ok=True)
        await self.show_scheduled()

    async def _run(
        self,
        broadcast_id: int,
        chunks: int,
        recipients: int,
        *,
        session: Session,
        from_form: bool = False,
    ) -> RunReport:
        """Send the pending chunks with a progress dialog (Cancel stops after the chunk in
        flight), then show what happened. From the form, a run that sent something clears
        the form (the rest can be resumed from the banner), so pressing Send again cannot send
        anyone the same message twice; a run that sent nothing leaves the form as it was.
        *session*: the account it was written down for; another one opened meanwhile, nothing
        is sent (stopped before the first batch: it waits, unfinished, in its account)."""
        self.progress_dialog = SendProgressDialog(chunks, recipients, self)
        self.progress_dialog.open()
        dialog = self.progress_dialog
        if session is not self.ctx.session:
            dialog.cancel_event.set()

        def progress(step: BroadcastProgress) -> None:
            dialog.show_progress(
                step.run_chunks_done, step.run_chunks_total, step.run_recipients_done
            )

        report = await self.ctx.services.sending.run(
            session.client,
            broadcast_id,
            progress=progress,
            cancel=dialog.cancel_event,
            withdraw_if_untouched=from_form,
        )
        if from_form and not report.withdrawn:
            self._clear_form()  # it went out: pressing Send again cannot repeat it
        await self._after_run(report)
        if from_form and report.withdrawn:
            self._keep_draft_after_withdrawal()
        if report.withdrawn and report.error is None:
            text = self.tr("Stopped before anything was sent.")
            if report.opted_out:  # (they joined the opt-out list after Send was pressed)
                text += " " + people_left_out_text(report.opted_out)
            self.notice.show_text(text, ok=False)
        elif not report.withdrawn:
            self.notice.show_text(
                outcome_text(
                    report.summary,
                    web_page=_web_page(report.error) or _web_page(report.outcome.doubt),
                    unrecorded=report.sent_unrecorded,
                    opted_out=report.opted_out,
                ),
                ok=report.error is None and report.outcome.finished,
                # who the opt-out list left out is to read, not to fade unread (a scheduled
                # send goes out with nobody watching)
                stays=bool(report.opted_out),
            )
        if report.outcome.paused_in_doubt:
            # Paused at a batch whose outcome is unknown: show what is known and ask.
            self.open_resume_dialog()
        return report

    def _keep_draft_after_withdrawal(self) -> None:
        """Nothing went out, so the form is the one thing to send again: it is the draft
        again (the broadcast had taken it over when it was written down)."""
        profile = self._draft_profile
        if profile is not None and self._keep_drafts:
            self.ctx.tasks.start(
                "compose.draft.save", self._drafts.save(profile, self.current_draft())
            )

    async def _after_run(self, report: RunReport) -> None:
        """Whatever happened: refresh the balance and the resume offer (the Delivery tab reads
        the sends from the store, and hears of them from the delivery service)."""
        self.ctx.refresh_balance()
        try:
            await self.show_unfinished(open_dialog=False)
        except Exception as exc:  # the send itself is reported regardless
            self._on_unfinished_failed(exc)

    def _on_channel_recorded(self, records: object) -> None:
        """A WhatsApp template or survey was accepted and recorded: like an SMS send, the
        balance is read again."""
        self.ctx.refresh_balance()

    def progress_dialog_close(self) -> None:
        if self.progress_dialog is not None:
            self.progress_dialog.finish()
            self.progress_dialog.deleteLater()
            self.progress_dialog = None

    def _on_resume_requested(self, broadcast_id: int) -> None:
        """ "Send to the remaining N" in the review dialog (from here, or the Delivery tab's
        Review). While another send goes out (or is being checked), nothing can start: the
        dialog stays open and says why (it closed, and nothing happened, without a word)."""
        dialog = self.resume_dialog
        if self.flow.busy:
            text = self.tr("Another send is going out: resume this one when it has finished.")
            if dialog is not None and dialog.isVisible():
                dialog.say(text)
            else:
                self.notice.show_text(text, ok=False)
            return
        if dialog is not None:
            dialog.accept()
        self.resume_broadcast(broadcast_id)

    def resume_broadcast(self, broadcast_id: int) -> None:
        """Send the never-sent chunks of an unfinished broadcast (in-doubt ones stay put); a
        promotion outside the hours for promotions is asked about first."""
        session = self.ctx.session
        if self.flow.busy or session is None or self._refused_while_switching():
            return
        self.flow.check()
        self._start_send(self._resume_asked(broadcast_id, session))

    async def _resume_asked(self, broadcast_id: int, session: Session) -> RunReport | None:
        """The rest of a promotion outside the hours for promotions is asked about first, as
        Send, Send later, Change time…, Send now and the overdue question ask (its kind is
        the one recorded with it, not the form's): send it tomorrow at 08:00 (held back,
        nothing sent now), send it now anyway, or cancel (nothing done, it waits in the
        note). A service message goes at once."""
        self.flow.ask()
        kind = await self._drafts.send_category(broadcast_id)
        if kind is SendCategory.PROMOTIONAL:
            now = rules.local_now()
            if not within_promo_hours(now):
                morning = next_promo_start(now)
                hours_choice = await self._ask_promo_hours(now, morning)
                if session is not self.ctx.session or hours_choice is PromoHoursChoice.CANCEL:
                    return None
                if hours_choice is PromoHoursChoice.SCHEDULE:
                    self._hold_resume(broadcast_id, session, morning)
                    return None
        self._resume_at.pop(broadcast_id, None)  # (held for the morning: it goes now)
        self.flow.send()
        self.update_estimate()
        return await self._resume(broadcast_id, session)

    def _hold_resume(self, broadcast_id: int, session: Session, at: datetime) -> None:
        """The rest of a promotion goes out at *at* (the next 08:00), if Tuma is running then
        with this account open (the due check sends it); otherwise it waits in the note
        about unfinished broadcasts, asked about, never sent unasked."""
        self._resume_at[broadcast_id] = (session, at)
        self.notice.show_text(
            self.tr(
                "The rest goes out {when}, if Tuma is running then. If it is closed at that "
                "time, it asks you the next time it starts."
            ).format(when=due_text(at, rules.local_now())),
            ok=True,
            stays=True,
        )

    def _resume_held(self, session: Session) -> None:
        """(The due check.) The rest of a promotion held back for the morning goes out once
        its time has come, as a scheduled send found on time does; found late (the computer
        slept through it) or outside the hours, it is not sent: the review dialog asks."""
        now = rules.local_now()
        for broadcast_id, (held_for, at) in list(self._resume_at.items()):
            if held_for is not session:
                del self._resume_at[broadcast_id]
                continue
            if now < at:
                continue
            if self.flow.busy:
                self._due_held = True  # checked again as soon as that send ends
                return
            del self._resume_at[broadcast_id]
            if now - at > LATE_AFTER or not within_promo_hours(now):
                self.notice.show_text(
                    self.tr(
                        "The rest of a promotion was to go out {when}, but Tuma could not "
                        "send it then (the computer was asleep, or Tuma was busy). Nothing "
                        "more was sent: it waits in the note above."
                    ).format(when=due_text(at, now)),
                    ok=False,
                )
                self.open_resume_dialog()
                continue
            self.resume_broadcast(broadcast_id)
            return  # one at a time: the next check sends the next

    async def _resume(self, broadcast_id: int, session: Session) -> RunReport | None:
        broadcast = await self.ctx.services.sending.broadcast(broadcast_id)
        if not broadcast.pending or broadcast.profile != session.profile.name:
            return None  # (sent meanwhile, or not this account's)
        return await self._run(
            broadcast_id, broadcast.pending, broadcast.recipients_pending, session=session
        )

    def _explain_stop(self, report: RunReport) -> bool:
        """A run the service stopped: balance and sender-ID problems are shown on the card
        with the numbers; True when explained here (else the presenter shows it too)."""
        from desktop_app.core import cost
        from desktop_app.core.api import errors as api

        exc = report.error
        if isinstance(exc, api.InsufficientBalance):
            if report.balance is not None:
                self.balance = report.balance
            text = QCoreApplication.translate(
                "Compose", "The service refused the send: your balance is too low."
            )
            if report.needed_credits is not None and report.balance is not None:
                needed = cost.CostEstimate(
                    recipients=0,
                    parts_min=0,
                    parts_max=0,
                    credits=report.needed_credits,
                    price_per_part=self.ctx.price_per_part,
                    balance=report.balance,
                )
                if not needed.affordable:
                    text = shortfall_message(needed)
            if exc.service_message:
                text += " " + QCoreApplication.translate(
                    "Compose", "(The service said: “{message}”)"
                ).format(message=exc.service_message)
            if report.withdrawn:
                text += " " + QCoreApplication.translate(
                    "Compose", "Nothing was sent. Top up, then press Send again."
                )
            else:
                text += " " + QCoreApplication.translate(
                    "Compose", "The rest was not sent: top up, then resume it from the note above."
                )
            self._show_problem(text)
            return True
        if isinstance(exc, api.SenderIdRejected):
            sender = exc.sender_id or self.summary.sender_combo.currentText()
            if report.withdrawn:
                # nothing went: the form is still the message, its sender chosen under From
                text = QCoreApplication.translate(
                    "Compose",
                    "The sender name “{sender}” is not registered to your account, so nothing "
                    "was sent. Choose another sender name under “From”, or ask your provider "
                    "to register it.",
                )
            elif report.summary.recipients_accepted:
                # part of it went (the form is empty): the rest waits in the note above, and
                # keeps its sender name
                text = QCoreApplication.translate(
                    "Compose",
                    "The sender name “{sender}” is no longer registered to your account, so "
                    "the rest was not sent. It waits in the note above: once your provider "
                    "has registered the name again, send the rest from there, or choose "
                    "“Don't send the rest”.",
                )
            else:
                # a scheduled (or resumed) send refused at its first round: not the form's
                text = QCoreApplication.translate(
                    "Compose",
                    "The sender name “{sender}” is not registered to your account, so this "
                    "message was not sent. It waits in the note above: once your provider has "
                    "registered the name, send it from there, or choose “Don't send the rest”.",
                )
            self._show_problem(text.format(sender=sender))
            return True
        if isinstance(exc, api.AuthError) and not report.withdrawn:
            # part of it went: the form is empty, the rest waits in the note above
            self._show_problem(
                QCoreApplication.translate(
                    "Compose",
                    "Your account needs to be connected again. The rest of this send is kept: "
                    "once you are connected, resume it from the note above.",
                )
            )
            return False
        if isinstance(exc, api.NetworkError | api.ServerError | api.RateLimited) and not (
            report.withdrawn
        ):
            # Part of it went, and the form is empty: "…then try again" above it pointed at
            # nothing to try. The rest waits in the note above (the bar says what happened).
            from desktop_app.ui.errors import describe

            title, _text = describe(exc)
            self._show_problem(
                QCoreApplication.translate(
                    "Compose",
                    "{problem}: the rest of this send was not sent. It is kept: resume it "
                    "from the note above when the service is back.",
                ).format(problem=title)
            )
            return False
        return self._explain_failure(exc) if exc is not None else True

    def _explain_failure(self, exc: BaseException) -> bool:
        """A failure shown on the card too; a 401 still goes to the presenter, which takes
        the user back to the account dialog."""
        from desktop_app.core.api import errors as api
        from desktop_app.ui.errors import describe

        if isinstance(exc, api.AuthError):
            self._show_problem(
                QCoreApplication.translate(
                    "Compose", "Your account needs to be connected again. Your message is kept."
                )
            )
            return False
        if isinstance(exc, api.ApiError):
            title, text = describe(exc)
            self._show_problem(f"{title}. {text}")
            return False
        return False
