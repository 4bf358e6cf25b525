"""The Delivery tab: did my customers get it?

Top: every send of the account, newest first, filtered by period, channel, status and a
search (words of the message, or a phone number), with the period's breakdown charted beside
it. Below: the selected send's recipients, each with a status (colour, icon and word), what
it means and what to do, and that send's own chart; Review for an unfinished send, Resend to
failed, Export. A message id can be looked up by hand (any of the account's).

Statuses refresh by themselves while an account is connected (the delivery service's
``follow``), whether or not the tab is shown; what moved is read again and repainted.

Opening it, the first page of sends is read (one trip to the store's thread, asked for as the
tab is shown) and painted before anything else: the period's chart and the count of sends
are read and written once those rows are on screen (``_after_rows``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QDate, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QPaintEvent, QResizeEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core import phones
from desktop_app.core.api import errors as api
from desktop_app.core.services.delivery import (
    MIN_ID_PREFIX,
    BroadcastKind,
    BroadcastRow,
    ExportFormat,
    Failures,
    HistoryFilter,
    IdProblem,
    MessageIdProblem,
    Outcome,
    PermanentFailure,
    RefreshReport,
    StatusFilter,
    Tally,
    message_id_in,
)
from desktop_app.ui.contacts.export import ask_export_path
from desktop_app.ui.contacts.states import ProgressStrip
from desktop_app.ui.context import ComposeRequest
from desktop_app.ui.delivery.chart import DeliveryChart
from desktop_app.ui.delivery.lookup import LookupDialog, MatchesDialog
from desktop_app.ui.delivery.models import (
    HistoryColumn,
    HistoryModel,
    RecipientColumn,
    RecipientsModel,
    SummaryDelegate,
    channel_text,
    history_view_widths,
    when_text,
)
from desktop_app.ui.formats import snippet
from desktop_app.ui.grids import GRID_STYLE
from desktop_app.ui.jobs import OneJob
from desktop_app.ui.tabs import TabPage
from desktop_app.ui.widgets import FlowLayout, tab_leaves, tab_notice, tab_titles
from desktop_app.ui.words import counts

if TYPE_CHECKING:
    from desktop_app.core.services.accounts import Session
    from desktop_app.core.services.delivery import ExportReport, Lookup, ResendRequest
    from desktop_app.ui.context import AppContext

__all__ = ["DeliveryTab"]

log = logging.getLogger(__name__)

JOB_TASK = "delivery.job"  # the one export (or resend preparation) at a time
EXPORT_DIALOG = "deliveryExportDialog"
PERIOD_TASK = "delivery.period"
#: Waits for the sends going out to stop, then reads their rows again (``_watch_sends``).
SENDS_TASK = "delivery.sends"
OPT_OUT_TASK = "delivery.opt_out"  # "Stop promotions to them": one at a time
#: The selected send's failures, and who of them is not on the opt-out list yet.
FAILURES_TASK = "delivery.failures"
LOOKUP_TASK = "delivery.lookup"  # a message ID looked up by hand
RESEND_TASK = "delivery.resend"  # Resend to failed, being prepared for Compose
#: The tab's reads that only refresh what it shows: dropped when it stops.
READS = (
    "delivery.history",
    "delivery.recipients",
    PERIOD_TASK,
    "delivery.rows",
    FAILURES_TASK,
    "delivery.scheduled",
    "delivery.find",
    SENDS_TASK,
)
#: What an account's work asks of the service or prepares for it: dropped when another
#: account is opened (a look-up of the old one failed on the new one's screen, "Something
#: went wrong … restart Tuma", its client closed under it).
SESSION_WORK = (*READS, LOOKUP_TASK, RESEND_TASK)
SEARCH_DELAY_MS = 300
#: The first look-ups wait this long after an account connects: the window's first reads
#: (this history, the balance, Compose's draft) go first.
FOLLOW_AFTER = 0.5
#: Below this width the period's chart is not shown (the selected send's still is); below
#: what the history's columns need beside it, neither (see ``DeliveryTab._wide_width``).
NARROW = 1000
#: The least of the message the history shows beside the period's chart.
MESSAGE_ROOM = 120
#: The period's chart card's width on a wide window.
CHART_WIDTH = 280
#: Below this height (the tab's) the selected send's chart steps aside and the margins
#: tighten, so the sends list keeps its rows above the recipients without the page scrolling
#: (1024×600 and 800×560 give the tab about 500 and 460 px).
SHORT = 620
#: The sends the list shows, room allowing, until its splitter's handle is moved by hand.
SENDS_KEPT = 5
#: The recipients the list of the selected send shows at least.
RECIPIENTS_KEPT = 2

STYLE = (
    GRID_STYLE
    + """
QFrame#chartCard {
    background: #ffffff;
    border: 1px solid #dde2e8;
    border-radius: 8px;
}
QLabel#sendTitle { font-weight: 600; color: #1f2933; }
"""
)


class Period:
    """The period choices (index of the combo)."""

    WEEK = 0
    MONTH = 1
    QUARTER = 2
    ALL = 3
    CUSTOM = 4


class LookupEdit(QLineEdit):
    """The message ID box (and the search box): wide enough for its placeholder (the hint),
    however long it is in the language shown, where there is room. (The search box asked
    for less than its hint: beside filters as wide as their choices, it was squeezed first.)"""

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        metrics = self.fontMetrics()
        # Qt's own hint is 17 "x" plus the frame and padding: the same room around the hint
        # (a couple of pixels more for the glyphs' bearings)
        room = hint.width() - 17 * metrics.horizontalAdvance("x")
        wanted = metrics.horizontalAdvance(self.placeholderText()) + room + 4
        return QSize(max(hint.width(), wanted), hint.height())


class FilterCombo(QComboBox):
    """A filter's choices: as wide as the choice shown where there is room, down to a few
    characters on a small window (the least it asks for). Asking only for the few, "Siku 30
    zilizopita" was cut to "Siku 30 zilizo" on a wide window, beside a wide search box."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.currentIndexChanged.connect(lambda _i: self.updateGeometry())

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()  # the few characters, with the arrow, frame and padding
        metrics = self.fontMetrics()
        shown = metrics.horizontalAdvance(self.currentText())
        more = shown - self.minimumContentsLength() * metrics.horizontalAdvance("X")
        return QSize(hint.width() + max(0, more), hint.height())

    def shown_text(self) -> str:
        """The choice as drawn: whole where it fits, else ended with "…" (whole in the
        tooltip). Narrowed on a small window (the search box keeps its room), Qt cut it
        mid-word: "Siku 30 zilizop"."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        return self._elided(option)

    def _elided(self, option: QStyleOptionComboBox) -> str:
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        text = option.currentText
        shown = self.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, field.width())
        tip = text if shown != text else ""
        if self.toolTip() != tip:
            self.setToolTip(tip)
        return shown

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self._elided(option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)


class SendsSplitter(QSplitter):
    """The sends over the selected send's recipients. It says when it was resized: the tab
    shares its height out again (until the handle is moved by hand).

    Only ``resizeEvent`` is overridden (PySide calls Python for the virtuals a class
    overrides: an ``event()`` override ran Python for every event of the splitter, ~0.5 ms
    more to open the tab)."""

    resized = Signal()
    #: Qt is placing the panes (inside ``resizeEvent``): a pane's own resize meanwhile (the
    #: send's actions wrapping) waits for ``resized``. Shared out from inside, the new sizes
    #: were overwritten half-way by the placing under way: the handle was left across the
    #: sends and the recipients ran on under the status bar (1280×800 to 800×560 at once).
    placing = False

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.placing = True
        try:
            super().resizeEvent(event)
        finally:
            self.placing = False
        self.resized.emit()


class _Resized(QWidget):
    """A plain container that says when its size changed (the send's actions, wrapped onto
    a second line or back: the splitter's share of height is made again)."""

    resized = Signal()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit()


class HistoryTable(QTableView):
    """The sends' grid. It says when it has painted: what waits for the rows (the period's
    chart, the count) is read after they are on screen."""

    painted = Signal()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        self.painted.emit()

    def lay_out_rows(self) -> None:
        """Lay out rows just read now, with the scroll bar they bring and the column it
        narrows, so they are painted once: Qt would lay them out after a first paint, and
        repaint the narrowed columns a timer later. The whole grid is being repainted for
        the new rows anyway: the header's "a column was resized" (that timer) is not
        needed."""
        header = self.horizontalHeader()
        blocked = header.blockSignals(True)
        try:
            self.executeDelayedItemsLayout()
            self.updateGeometries()
        finally:
            header.blockSignals(blocked)


_View = TypeVar("_View", bound=QTableView)


def _table(model: Any, name: str, view: _View) -> _View:
    view.setObjectName(name)
    view.setModel(model)
    view.setAlternatingRowColors(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    tab_leaves(view)
    view.setShowGrid(False)
    view.setWordWrap(False)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(30)
    view.horizontalHeader().setHighlightSections(False)
    view.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    return view


def _chart_card(chart: DeliveryChart) -> QFrame:
    frame = QFrame()
    frame.setObjectName("chartCard")
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(4, 6, 4, 6)
    layout.addWidget(chart)
    return frame


#: What is around a number copied from a message, a cell or a sentence ("0712345678",
#: “0712 345 678”, 0712345678.): brackets stay, "(0712) 345 678" is a number.
_PHONE_WRAPPING = "\"'`\u201c\u201d\u2018\u2019\u00ab\u00bb<>[]{}.,;:"
#: A label pasted with the number: "Tel: 0712…", "Simu: 0712…", "tel:+254…".
_PHONE_LABEL = re.compile(r"^(?:tel|phone|mobile|simu|namba)\b\s*[:.#]?\s*", re.IGNORECASE)
#: A date ("2024-11-24", "24.11.2024", "24/11/24"): some read as a Nairobi landline.
_DATE = re.compile(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}")


def looks_like_phone(text: str) -> str | None:
    """The search box holds a phone number in any of the ways Kenyans write one (0712 345 678,
    +254 712 345 678, 254712345678, 712345678, 0712-345-678, 0712.345.678, (0712) 345 678,
    00254…, in quotes or with a label): its E.164 form."""
    stripped = text.strip().strip(_PHONE_WRAPPING).strip()
    stripped = _PHONE_LABEL.sub("", stripped, count=1).strip(_PHONE_WRAPPING).strip()
    if not stripped or not re.fullmatch(r"[+(\d][\d\s\-().]{6,}", stripped):
        return None
    if _DATE.fullmatch(stripped):
        return None  # searched as text (a date in a message), not as the number 020 2411 24
    return phones.try_normalize(stripped)


class DeliveryTab(OneJob, TabPage):
    #: The history shown was read (tests wait on it).
    history_loaded = Signal()
    #: The selected send's recipients were read.
    recipients_loaded = Signal()
    #: A look-up, export or resend ended (done, failed or cancelled).
    job_finished = Signal()
    #: A refresh pass of the follower was shown.
    refreshed = Signal(object)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("deliveryTab")
        self.setStyleSheet(STYLE)
        self._session: Session | None = None
        self._follower: asyncio.Task[None] | None = None
        self.job_task = JOB_TASK
        self._status_text = ""
        #: the message bar said the reports cannot be saved (said once, until they can)
        self._not_saved_said = False
        self.selected: BroadcastRow | None = None
        self._stale = False
        #: Work that waits for the history's rows to be painted, by name (see _after_rows).
        self._after_rows_work: dict[str, Callable[[], None]] = {}
        self.lookup_dialog: LookupDialog | None = None
        #: Open while the beginning of an id typed matches several messages.
        self.matches_dialog: MatchesDialog | None = None
        #: Recipients of the selected send who blocked promotions or opted out (for the
        #: opt-out list).
        self.blocked: list[str] = []
        # The selected send's failures by whether sending again may help (read when it is
        # selected, with its id): the Resend button's state and tooltip once known.
        self.failures: tuple[int, Failures] | None = None

        root = QVBoxLayout(self)
        root.setContentsMargins(20, 14, 20, 12)
        root.setSpacing(8)
        self._root = root
        self._short = False
        #: The splitter's handle was moved by hand: its place is kept (Qt's own way).
        self.split_by_hand = False
        from desktop_app.ui.compose.rules import ScheduledBanner

        self.scheduled_banner = ScheduledBanner(self)
        self.scheduled_banner.view_requested.connect(self.ctx.scheduled_requested)
        root.addWidget(self.scheduled_banner)
        ctx.scheduled_changed.connect(self.show_scheduled)

        # --- header: what this is, the look-up box ---------------------------------------
        header, self.subtitle = tab_titles(self, self.tr("Delivery"), "deliverySubtitle")
        self.lookup_edit = LookupEdit(self)
        self.lookup_edit.setObjectName("lookupEdit")
        hint = self.tr("Paste a message ID to look it up")
        self.lookup_edit.setPlaceholderText(hint)
        # the hint is also said where a box squeezed narrower than it cannot show it whole
        self.lookup_edit.setToolTip(hint)
        self.lookup_edit.setAccessibleName(self.tr("Message ID to look up"))
        self.lookup_edit.setAccessibleDescription(hint)
        self.lookup_edit.setClearButtonEnabled(True)
        self.lookup_edit.setMinimumWidth(150)
        self.lookup_edit.setMaximumWidth(340)
        self.lookup_edit.returnPressed.connect(self.look_up)
        self.lookup_button = QPushButton(self.tr("Look &up"), self)
        self.lookup_button.setObjectName("lookupButton")
        self.lookup_button.clicked.connect(self.look_up)
        header.addWidget(self.lookup_edit, 0, Qt.AlignmentFlag.AlignVCenter)
        header.addWidget(self.lookup_button, 0, Qt.AlignmentFlag.AlignVCenter)
        root.addLayout(header)
        # what a look-up or an export says, on a row of its own under the titles
        self.notice = tab_notice(self, root, "deliveryNotice")

        # --- filters ------------------------------------------------------------------------
        filters = QHBoxLayout()
        filters.setSpacing(8)
        self.search_edit = LookupEdit(self)
        self.search_edit.setObjectName("historySearch")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setPlaceholderText(self.tr("Search the messages, or a phone number"))
        self.search_edit.setAccessibleName(self.tr("Search sent messages"))
        self.search_edit.setMinimumWidth(130)
        # (no stretch: a box layout squeezes a stretched box to its least before the others
        # lose any of their hints; it is the one to grow, and shares a shortage with them)
        filters.addWidget(self.search_edit)
        self.period_combo = FilterCombo(self)
        self.period_combo.setObjectName("periodCombo")
        self.period_combo.setAccessibleName(self.tr("Period"))
        for text in (
            self.tr("Last 7 days"),
            self.tr("Last 30 days"),
            self.tr("Last 90 days"),
            self.tr("All time"),
            self.tr("Between dates…"),
        ):
            self.period_combo.addItem(text)
        self.period_combo.setCurrentIndex(Period.MONTH)
        filters.addWidget(self.period_combo)
        today = QDate.currentDate()
        self.from_edit = QDateEdit(today.addDays(-30), self)
        self.from_edit.setObjectName("fromDate")
        self.from_edit.setCalendarPopup(True)
        self.from_edit.setAccessibleName(self.tr("From"))
        self.to_edit = QDateEdit(today, self)
        self.to_edit.setObjectName("toDate")
        self.to_edit.setCalendarPopup(True)
        self.to_edit.setAccessibleName(self.tr("To (included)"))
        for edit in (self.from_edit, self.to_edit):
            edit.setDisplayFormat("d MMM yyyy")
            edit.hide()
            filters.addWidget(edit)
        self.channel_combo = FilterCombo(self)
        self.channel_combo.setObjectName("channelCombo")
        self.channel_combo.setAccessibleName(self.tr("Channel"))
        for text, value in (
            (self.tr("All channels"), None),
            (self.tr("SMS"), "sms"),
            (self.tr("WhatsApp"), "whatsapp"),
            (self.tr("Survey"), "survey"),
        ):
            self.channel_combo.addItem(text, value)
        filters.addWidget(self.channel_combo)
        self.status_combo = FilterCombo(self)
        self.status_combo.setObjectName("statusCombo")
        self.status_combo.setAccessibleName(self.tr("Delivery status"))
        for text, value in (
            (self.tr("Any status"), StatusFilter.ANY),
            (self.tr("Waiting for reports"), StatusFilter.WAITING),
            (self.tr("Some failed"), StatusFilter.FAILED),
            (self.tr("All delivered"), StatusFilter.DELIVERED),
            (self.tr("Unfinished or in doubt"), StatusFilter.UNFINISHED),
        ):
            self.status_combo.addItem(text, value)
        filters.addWidget(self.status_combo)
        self.export_history_button = QPushButton(self.tr("Export hi&story…"), self)
        self.export_history_button.setObjectName("exportHistory")
        self.export_history_button.setToolTip(
            self.tr("Save the sends listed (every page) as an Excel or CSV file")
        )
        self.export_history_button.clicked.connect(self.ask_export_history)
        filters.addWidget(self.export_history_button)
        for combo in (self.period_combo, self.channel_combo, self.status_combo):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(7)
        root.addLayout(filters)

        # --- the history and the period's chart -------------------------------------------
        self.history_model = HistoryModel(ctx, self)
        self.history_table = _table(self.history_model, "historyTable", HistoryTable())
        self.history_table.setAccessibleName(self.tr("Messages sent"))
        self.history_table.setItemDelegateForColumn(
            HistoryColumn.DELIVERY, SummaryDelegate(self.history_table)
        )
        self.history_table.verticalHeader().setDefaultSectionSize(34)
        columns = self.history_table.horizontalHeader()
        columns.setStretchLastSection(False)
        channels = self.history_table.fontMetrics()
        widest_channel = max(
            channels.horizontalAdvance(channel_text(kind)) for kind in BroadcastKind
        )
        for column, width in history_view_widths().items():
            # never narrower than the header's own words (longer in Kiswahili), nor the
            # channel's name ("WhatsApp", "Utafiti")
            least = columns.sectionSizeHint(column) + 14
            if column is HistoryColumn.CHANNEL:
                least = max(least, widest_channel + 2 * 6 + 8)  # the cell's padding
            self.history_table.setColumnWidth(column, max(width, least))
        columns.setSectionResizeMode(HistoryColumn.MESSAGE, QHeaderView.ResizeMode.Stretch)
        # The width that shows every column (with some of the message) beside the period's
        # chart; below it the chart steps aside rather than the Delivery column going off
        # the right edge (1024×600: it did, in both languages).
        margins = root.contentsMargins()
        self._wide_width = max(
            NARROW,
            margins.left()
            + margins.right()
            + sum(self.history_table.columnWidth(c) for c in HistoryColumn)
            - self.history_table.columnWidth(HistoryColumn.MESSAGE)
            + MESSAGE_ROOM
            + 2 * self.history_table.frameWidth()
            + self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
            + 10  # the spacing before the chart
            + CHART_WIDTH,
        )
        self.history_table.setMinimumHeight(120)
        self.empty_label = QLabel(self)
        self.empty_label.setObjectName("historyEmpty")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setProperty("role", "muted")
        self.history_stack = QStackedWidget(self)
        self.history_stack.addWidget(self.history_table)
        self.history_stack.addWidget(self.empty_label)
        self.period_chart = DeliveryChart(self.tr("This period"), self)
        self.period_chart.setObjectName("periodChart")
        top = QWidget(self)
        self._sends_pane = top
        top_layout = QHBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.setSpacing(10)
        top_layout.addWidget(self.history_stack, 1)
        self.period_card = _chart_card(self.period_chart)
        self.period_card.setFixedWidth(CHART_WIDTH)
        top_layout.addWidget(self.period_card)

        # --- the selected send --------------------------------------------------------------
        bottom = QWidget(self)
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 4, 0, 0)
        bottom_layout.setSpacing(6)
        self._bottom_layout = bottom_layout
        self.send_title = QLabel(self.tr("Choose a send above to see each customer's status."))
        self.send_title.setObjectName("sendTitle")
        self.send_title.setTextFormat(Qt.TextFormat.PlainText)
        self.send_title.setMinimumWidth(60)
        bottom_layout.addWidget(self.send_title)
        self.show_combo = QComboBox(self)
        self.show_combo.setObjectName("showCombo")
        self.show_combo.setAccessibleName(self.tr("Recipients to show"))
        self.show_combo.addItem(self.tr("Everyone"), None)
        self.show_combo.addItem(self.tr("Failed only"), (Outcome.FAILED, Outcome.REJECTED))
        self.show_combo.addItem(
            self.tr("Waiting only"), (Outcome.PENDING, Outcome.SENT, Outcome.NO_REPORT)
        )
        self.show_combo.addItem(self.tr("Delivered only"), (Outcome.DELIVERED,))
        self.review_button = QPushButton(self.tr("&Review…"), self)
        self.review_button.setObjectName("reviewButton")
        self.review_button.setToolTip(
            self.tr("Send the rest, or settle the batches whose outcome is unknown")
        )
        self.review_button.clicked.connect(self.review)
        # a send waiting for its time: the way to it is the scheduled list (as the line
        # above the history's View…), where it can be sent now, moved or cancelled
        self.scheduled_button = QPushButton(self.tr("&View scheduled…"), self)
        self.scheduled_button.setObjectName("viewScheduledSend")
        self.scheduled_button.clicked.connect(self.ctx.scheduled_requested)
        self.scheduled_button.hide()
        self.resend_button = QPushButton(self.tr("R&esend to failed…"), self)
        self.resend_button.setObjectName("resendButton")
        self.resend_button.setProperty("role", "primary")
        self.resend_button.clicked.connect(self.resend_failed)
        self.export_report_button = QPushButton(self.tr("E&xport report…"), self)
        self.export_report_button.setObjectName("exportReport")
        self.export_report_button.setToolTip(
            self.tr("Save every customer's status for this send as an Excel or CSV file")
        )
        self.export_report_button.clicked.connect(self.ask_export_report)
        self.block_button = QPushButton(self.tr("Stop promotions to them"), self)
        self.block_button.setObjectName("blockedToOptOut")
        self.block_button.clicked.connect(self.add_blocked_to_opt_out_list)
        self.block_button.hide()
        # Under the send's title, its actions wrap onto a second line rather than make a
        # small window scroll sideways. In Kiswahili all four need ~757 px, 6 px apart: one
        # line at 800 px (8 px apart made it two, and a short window one recipient fewer).
        actions = _Resized(bottom)
        actions.resized.connect(self._share_height)
        flow = FlowLayout(actions, spacing=6)
        self._actions = flow
        for widget in (
            self.show_combo,
            self.review_button,
            self.scheduled_button,
            self.resend_button,
            self.block_button,
            self.export_report_button,
        ):
            flow.addWidget(widget)
        bottom_layout.addWidget(actions)
        detail = QHBoxLayout()
        detail.setSpacing(10)
        self.recipients_model = RecipientsModel(ctx, self)
        self.recipients_table = _table(self.recipients_model, "recipientsTable", QTableView())
        self.recipients_table.setAccessibleName(self.tr("Customers of the chosen send"))
        rcolumns = self.recipients_table.horizontalHeader()
        rcolumns.setStretchLastSection(False)
        for rcolumn, rwidth in (
            (RecipientColumn.PHONE, 124),
            (RecipientColumn.STATUS, 150),
            (RecipientColumn.UPDATED, 112),
            (RecipientColumn.MESSAGE_ID, 110),
        ):
            self.recipients_table.setColumnWidth(
                rcolumn, max(rwidth, rcolumns.sectionSizeHint(rcolumn) + 14)
            )
        rcolumns.setSectionResizeMode(RecipientColumn.MEANING, QHeaderView.ResizeMode.Stretch)
        # (the room kept for it is its header and RECIPIENTS_KEPT rows: see _share_height)
        self.recipients_table.setMinimumHeight(90)
        detail.addWidget(self.recipients_table, 1)
        self.send_chart = DeliveryChart(self.tr("This send"), self)
        self.send_chart.setObjectName("sendChart")
        self.send_card = _chart_card(self.send_chart)
        self.send_card.setFixedWidth(280)
        detail.addWidget(self.send_card)
        bottom_layout.addLayout(detail, 1)

        self.splitter = SendsSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(top)
        self.splitter.addWidget(bottom)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.resized.connect(self._share_height)
        self.splitter.splitterMoved.connect(self._moved_by_hand)
        root.addWidget(self.splitter, 1)

        self.progress = ProgressStrip(self)
        self.progress.cancel_clicked.connect(self.cancel_job)
        root.addWidget(self.progress)

        # --- behaviour ----------------------------------------------------------------------
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self.apply_filters)
        self.search_edit.textChanged.connect(lambda _t: self._search_timer.start())
        self.search_edit.returnPressed.connect(self.apply_filters)
        self.period_combo.currentIndexChanged.connect(self._on_period)
        self.from_edit.dateChanged.connect(lambda _d: self.apply_filters())
        self.to_edit.dateChanged.connect(lambda _d: self.apply_filters())
        self.channel_combo.currentIndexChanged.connect(lambda _i: self.apply_filters())
        self.status_combo.currentIndexChanged.connect(lambda _i: self.apply_filters())
        self.show_combo.currentIndexChanged.connect(lambda _i: self._show_recipients())
        self.history_model.rows_loaded.connect(self._on_history_loaded)
        self.history_model.total_changed.connect(
            lambda _n: self._after_rows("subtitle", self._update_subtitle)
        )
        self.history_model.failed.connect(lambda _e: self._run_after_rows())
        self.history_table.painted.connect(self._on_history_painted)
        self.recipients_model.rows_loaded.connect(lambda _n: self.recipients_loaded.emit())
        self.history_table.selectionModel().selectionChanged.connect(
            lambda *_a: self._on_selection()
        )
        self._notice_timer = QTimer(self)
        self._notice_timer.setSingleShot(True)
        self._notice_timer.setInterval(10_000)
        self._notice_timer.timeout.connect(self.notice.hide)
        for keys, action in (("Ctrl+F", self.search_edit.setFocus), ("Ctrl+L", self._focus_lookup)):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(action)
        follower: list[asyncio.Task[None] | None] = [None]
        self._follower_ref = follower
        self.destroyed.connect(lambda *_a: _cancel(follower))
        ctx.session_changed.connect(self.session_changed)
        self._update_actions()
        self.session_changed()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A small screen: the period's chart steps aside, the send's chart narrows, so the
        lists keep their room (nothing scrolls sideways)."""
        super().resizeEvent(event)
        narrow = self.width() < self._wide_width
        self.period_card.setVisible(not narrow)
        self.send_card.setFixedWidth(230 if narrow else CHART_WIDTH)
        for column in (HistoryColumn.SENDER, HistoryColumn.PARTS):
            self.history_table.setColumnHidden(column, narrow)
        # (narrow too: room for "Scheduled: on 30/11/2026 at 08:00", which 200 px cut)
        self.history_table.setColumnWidth(HistoryColumn.DELIVERY, 258 if narrow else 262)
        for extra in (RecipientColumn.UPDATED, RecipientColumn.MESSAGE_ID):
            self.recipients_table.setColumnHidden(extra, narrow)
        short = self.height() < SHORT
        if short != self._short:
            # A short window (a netbook's 600 px): the selected send's chart steps aside
            # (its numbers are in its row's Delivery column) and the margins tighten. The
            # page's least height stays under SHORT either way, so this does not flip back.
            self._short = short
            self.send_card.setVisible(not short)
            self._root.setContentsMargins(20, 8 if short else 14, 20, 6 if short else 12)
            self._root.setSpacing(6 if short else 8)
            self._bottom_layout.setContentsMargins(0, 0 if short else 4, 0, 0)
            self._bottom_layout.setSpacing(4 if short else 6)

    def _moved_by_hand(self, _pos: int, _index: int) -> None:
        self.split_by_hand = True

    def _share_height(self) -> None:
        """The sends keep :data:`SENDS_KEPT` rows (half the height on a tall window, as
        before), the selected send's title, actions and :data:`RECIPIENTS_KEPT` recipients
        the rest; on a window too short for both, the recipients' share comes first (the
        sends keep the grid's least height)."""
        if self.split_by_hand or self.splitter.placing:
            return  # (placing: the splitter says "resized" once it has placed its panes)
        total = self.splitter.height() - self.splitter.handleWidth()
        if total <= 0:
            return
        table = self.recipients_table
        frame = 2 * table.frameWidth()
        margins = self._bottom_layout.contentsMargins()
        below = (
            margins.top()
            + margins.bottom()
            + self.send_title.sizeHint().height()
            + self._actions.heightForWidth(self.splitter.width())
            + 2 * self._bottom_layout.spacing()
            + max(
                table.horizontalHeader().sizeHint().height()
                + RECIPIENTS_KEPT * table.verticalHeader().defaultSectionSize()
                + frame,
                table.minimumHeight(),
                self.send_card.minimumSizeHint().height()
                if self.send_card.isVisibleTo(self)
                else 0,
            )
        )
        history = self.history_table
        sends = (
            history.horizontalHeader().sizeHint().height()
            + SENDS_KEPT * history.verticalHeader().defaultSectionSize()
            + 2 * history.frameWidth()
        )
        least = self._sends_pane.minimumSizeHint().height()  # (the period's chart's)
        above = max(least, history.minimumHeight(), min(max(sends, total // 2), total - below))
        if self.splitter.sizes() != [above, total - above]:
            self.splitter.setSizes([above, total - above])

    # -- TabPage ---------------------------------------------------------------------------

    def session_changed(self) -> None:
        """A new account (or none): its history, and its statuses followed."""
        if self.ctx.session is self._session and self._session is not None:
            return
        self._session = self.ctx.session
        self._status_text = ""
        self._after_rows_work.clear()
        self.ctx.tasks.cancel(JOB_TASK)
        for name in SESSION_WORK:
            self.ctx.tasks.cancel(name)
        self.progress.finish()
        self._stop_following()
        self.history_model.clear()
        self.recipients_model.clear()
        self.selected = None
        self.notice.hide()
        self._show_selected()
        if self._session is not None:
            self._start_following(self._session)
            if self.isVisible():
                self.apply_filters()
        self._update_empty()
        self._update_subtitle()
        self.show_scheduled()

    def show_scheduled(self) -> None:
        """The sends waiting for their time, in a line above the history (View… opens them
        in Compose, where they can be sent now, moved, edited or cancelled), and in their
        rows. A send that left the schedule (sent, cancelled, taken to edit) is read again:
        its row says what became of it; one newly scheduled and not listed, the list is."""
        session = self._session
        if session is None:
            self.scheduled_banner.hide()
            return
        service = self.ctx.services
        profile = session.profile.name

        async def read() -> None:
            sends = await service.sending.scheduled(profile)
            if session is not self._session:
                return
            # Which wait for the user's decision is Compose's to know (it asks about
            # them): published on the context, with scheduled_changed when it changes.
            waiting = self.ctx.scheduled_waiting
            self.scheduled_banner.show_scheduled(sends, waiting)
            model = self.history_model
            due = {send.broadcast.id: send.due_at for send in sends}
            shown = {row.broadcast_id: row for row in model.rows}
            # the rows of those that left are read before their words change (not said to
            # be unfinished meanwhile)
            left = sorted(i for i in model.scheduled_ids - due.keys() if i in shown)
            rows = [await service.delivery.broadcast(profile, i) for i in left]
            if session is not self._session:
                return
            model.set_scheduled(due, waiting)
            if rows:
                self._rows_reread([row for row in rows if row is not None])
            newest = max(shown, default=0)
            if model.profile is not None and any(i > newest for i in due):
                # scheduled since the list was read: it goes at the top
                if self.isVisible():
                    self.history_model.reload()
                else:
                    self._stale = True
            self._show_schedule_of_selected()

        self.ctx.tasks.start("delivery.scheduled", read())

    def _show_schedule_of_selected(self) -> None:
        """The selected send's actions and recipients say whether it waits for its time (and
        for the user's decision)."""
        row = self.selected
        model = self.history_model
        due = None if row is None else model.due_at(row)
        self.recipients_model.set_scheduled(
            due, row is not None and due is not None and model.waiting_for_user(row)
        )
        self._update_actions()

    def showEvent(self, event: QShowEvent) -> None:
        """Read when first shown (not at start, behind Compose), and again when sends were
        made or moved while another tab was shown."""
        super().showEvent(event)
        if self._session is not None and (self.history_model.profile is None or self._stale):
            self._stale = False
            self.apply_filters()

    def refresh(self) -> None:
        if self._session is not None:
            self.apply_filters()
            self.ctx.services.delivery.wake()

    async def stop(self, timeout: float) -> bool:  # noqa: ASYNC109 (the TabPage interface)
        # what only refreshes the screen is dropped (the chart read after the rows, too)
        self._after_rows_work.clear()
        for name in READS:
            self.ctx.tasks.cancel(name)
        task = self._follower
        self._stop_following()
        if task is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.shield(task), timeout)
        return task is None or task.done()

    def prepare_screenshot(self) -> None:
        """Practice mode: a sample history of a small shop (written into the screenshot's
        scratch store, never the user's), the latest send selected."""
        session = self.ctx.session
        if session is None or not session.is_sandbox:
            return
        self.ctx.tasks.start("delivery.screenshot", self._dress_for_screenshot(session))

    async def _dress_for_screenshot(self, session: Session) -> None:
        from desktop_app.ui.delivery.sample import SAMPLES

        await self.ctx.services.delivery.seed_sample_history(session.profile.name, SAMPLES)
        self.period_combo.setCurrentIndex(Period.MONTH)
        self.apply_filters()
        for _ in range(50):
            await asyncio.sleep(0.05)
            if self.history_model.loaded_once and not self.history_model.loading:
                break
        if self.history_model.rowCount() > 1:
            self.history_table.selectRow(1)

    # -- the history -------------------------------------------------------------------------

    def query(self) -> HistoryFilter:
        since: datetime | None = None
        until: datetime | None = None
        today = date.today()
        period = self.period_combo.currentIndex()
        days = {Period.WEEK: 7, Period.MONTH: 30, Period.QUARTER: 90}.get(period)
        if days is not None:
            since = _local_midnight(today - timedelta(days=days - 1))
        elif period == Period.CUSTOM:
            start = self.from_edit.date().toPython()
            end = self.to_edit.date().toPython()
            assert isinstance(start, date)
            assert isinstance(end, date)
            if end < start:
                start, end = end, start
            since = _local_midnight(start)
            until = _local_midnight(end + timedelta(days=1))
        text = self.search_edit.text().strip()
        phone = looks_like_phone(text)
        return HistoryFilter(
            since=since,
            until=until,
            status=self.status_combo.currentData() or StatusFilter.ANY,
            channel=self.channel_combo.currentData(),
            phone=phone,
            text="" if phone else text,
        )

    def _on_period(self, index: int) -> None:
        custom = index == Period.CUSTOM
        self.from_edit.setVisible(custom)
        self.to_edit.setVisible(custom)
        self.apply_filters()

    def apply_filters(self) -> None:
        """Read the history again for the filters as they are now (and the period chart)."""
        self._search_timer.stop()
        session = self._session
        if session is None:
            return
        query = self.query()
        self.history_model.set_query(session.profile.name, query)
        self._after_rows("chart", lambda: self._load_period_chart(session, query))

    def _after_rows(self, name: str, work: Callable[[], None]) -> None:
        """Run *work* once the history's rows being read are painted (at once when the grid
        is not on screen): the first rows come before anything else the tab reads or paints
        (the period's chart, the count). A later *work* of the same *name* replaces it."""
        self._after_rows_work[name] = work
        if not self.history_model.loading and not self.history_table.isVisible():
            self._run_after_rows()

    def _on_history_painted(self) -> None:
        if self._after_rows_work and not self.history_model.loading:
            self._run_after_rows()

    def _run_after_rows(self) -> None:
        work = list(self._after_rows_work.values())
        self._after_rows_work.clear()
        for item in work:
            item()

    def _load_period_chart(self, session: Session, query: HistoryFilter) -> None:
        self.ctx.tasks.start(
            PERIOD_TASK,
            self.ctx.services.delivery.period_tally(session.profile.name, query),
            on_success=lambda tally: self._show_period(tally, query),
        )

    def _show_period(self, tally: Tally, query: HistoryFilter) -> None:
        self.period_chart.set_tally(tally, self._period_words(query))

    def _period_words(self, query: HistoryFilter) -> str:
        index = self.period_combo.currentIndex()
        if index == Period.CUSTOM and query.since is not None and query.until is not None:
            last = query.until - timedelta(days=1)
            return self.tr("{start} to {end}").format(
                start=when_text(query.since).split(",")[0], end=when_text(last).split(",")[0]
            )
        return self.period_combo.currentText()

    def _on_history_loaded(self, _rows: int) -> None:
        self.history_table.lay_out_rows()
        self._update_empty()
        if self._after_rows_work and not self.history_table.isVisible():
            self._run_after_rows()  # no grid on screen to wait for (no rows, or hidden)
        if self.selected is not None:
            row = self.history_model.row_of(self.selected.broadcast_id)
            if row is not None:
                current = self.history_model.row_at(row)
                self.history_table.selectRow(row)
                if current is not None and current != self.selected:
                    self.selected = current
                    self._show_selected()
            else:
                self._selected_not_listed()
        self._watch_sends()
        self.history_loaded.emit()

    def _selected_not_listed(self) -> None:
        """The selected send is not among the rows read (a search or a filter hides it): its
        recipients, title and actions no longer shown as if they were one of the sends listed.
        The list is newest first (by id): a send older than the last row read may be on a
        later page, which is read (a page at a time, only as far as the send) rather than the
        send dropped; one newer than the last row, or with every page read, does not match."""
        selected = self.selected
        model = self.history_model
        if selected is None:
            return
        last = model.row_at(model.rowCount() - 1)
        if last is not None and last.broadcast_id > selected.broadcast_id and model.has_more:
            if not model.loading:  # (a page the view asked for is on its way: it comes next)
                model.fetchMore()
            return
        self.selected = None
        self.recipients_model.clear()
        self._show_selected()

    def _update_empty(self) -> None:
        model = self.history_model
        if self._session is None:
            self.empty_label.setText(self.tr("Connect an account to see what was sent."))
            self.history_stack.setCurrentWidget(self.empty_label)
        elif model.loaded_once and model.rowCount() == 0:
            if model.query == HistoryFilter(since=model.query.since):
                text = self.tr(
                    "Nothing sent in this period. Messages you send from Compose appear "
                    "here, with each customer's delivery status."
                )
            else:
                text = self.tr("No sends match these filters. Clear the search or pick All time.")
            self.empty_label.setText(text)
            self.history_stack.setCurrentWidget(self.empty_label)
        else:
            self.history_stack.setCurrentWidget(self.history_table)

    def _update_subtitle(self, report: RefreshReport | None = None) -> None:
        if self._session is None:
            self.subtitle.setText(self.tr("No account connected"))
            return
        if report is not None:
            if report.not_saved is not None:
                self._status_text = self.tr(
                    "Statuses cannot be saved just now: see the message above"
                )
            elif report.insecure:
                self._status_text = self.tr(
                    "Secure connection failed: reports are checked again once it works"
                )
            elif report.offline:
                self._status_text = self.tr(
                    "Offline: reports are checked again when the connection is back"
                )
            else:
                self._status_text = self.tr("Statuses refresh by themselves")
        status = self._status_text or self.tr("Statuses refresh by themselves")
        if not self.history_model.loaded_once:  # not counted yet: no "0 sends"
            self.subtitle.setText(status)
            return
        listed = self.tr("%Ln send(s)", "", self.history_model.total)
        line = f"{listed} · {status}"
        # a counted phrase may lead with its noun ("utumaji 7"): the line starts with a capital
        self.subtitle.setText(line[:1].upper() + line[1:])

    # -- the selected send -------------------------------------------------------------------

    def _on_selection(self) -> None:
        rows = self.history_table.selectionModel().selectedRows()
        row = self.history_model.row_at(rows[0].row()) if rows else None
        if row is None:
            return
        changed = self.selected is None or self.selected.broadcast_id != row.broadcast_id
        self.selected = row
        self._show_selected()
        if changed:
            self._show_recipients()

    def select_send(self, broadcast_id: int) -> None:
        """Show this send (from a look-up): clear the filters that would hide it."""
        row = self.history_model.row_of(broadcast_id)
        if row is not None:
            self.history_table.selectRow(row)
            return
        self.search_edit.blockSignals(True)
        self.search_edit.clear()
        self.search_edit.blockSignals(False)
        for combo, index in (
            (self.status_combo, 0),
            (self.channel_combo, 0),
            (self.period_combo, Period.ALL),
        ):
            combo.blockSignals(True)
            combo.setCurrentIndex(index)
            combo.blockSignals(False)
        self.from_edit.hide()
        self.to_edit.hide()
        if self._session is not None:

            async def find() -> BroadcastRow | None:
                assert self._session is not None
                return await self.ctx.services.delivery.broadcast(
                    self._session.profile.name, broadcast_id
                )

            def found(row: BroadcastRow | None) -> None:
                if row is not None:
                    self.selected = row
                    self._show_selected()
                    self._show_recipients()
                self.apply_filters()
                self._watch_sends()

            self.ctx.tasks.start("delivery.find", find(), on_success=found)

    def _show_selected(self) -> None:
        row = self.selected
        due = None if row is None else self.history_model.due_at(row)
        self.recipients_model.set_scheduled(
            due, row is not None and due is not None and self.history_model.waiting_for_user(row)
        )
        self.recipients_model.set_going_out(row is not None and row.being_sent)
        if row is None:
            self.send_title.setText(self.tr("Choose a send above to see each customer's status."))
            self.send_title.setToolTip("")  # (the message of the send shown before)
            self.send_chart.set_tally(Tally())
        elif due is not None:
            self._show_title(row)
            self.send_chart.set_tally(row.tally, self.tr("Not sent yet"))
        else:
            self._show_title(row)
            self.send_chart.set_tally(row.tally, when_text(row.sent_at or row.created_at))
        self._read_failures()
        self._update_actions()

    def _show_title(self, row: BroadcastRow) -> None:
        preview = " ".join(row.text.split())
        if len(preview) > 60:
            preview = preview[:59] + "…"
        self.send_title.setText(
            self.tr("“{text}” to {recipients}").format(
                text=preview, recipients=counts().recipients(row.recipients)
            )
        )
        self.send_title.setToolTip(row.text)

    def _read_failures(self) -> None:
        """Who of the selected send failed for good: who blocked promotions or opted out
        (for the opt-out list), numbers that are not valid; and so who Resend would reach.
        The same send read again (its statuses moved) keeps what was known meanwhile.

        "Stop promotions to them" is offered only for those of them not on the opt-out list
        yet: read from the reports alone, it came back (when the send was chosen again, or
        its statuses were read again) for customers added a moment before, and pressed,
        said they were on the list already."""
        session, row = self._session, self.selected
        if self.failures is not None and (row is None or self.failures[0] != row.broadcast_id):
            self.failures = None
            self.blocked = []
            self.block_button.hide()
        if session is None or row is None:
            return
        services = self.ctx.services
        profile = session.profile.name

        async def read() -> None:
            failures = await services.delivery.failures(profile, row.broadcast_id)
            # (a second trip only when someone blocked promotions: seldom)
            blocked = failures.blocked
            listed = await services.optouts.among(profile, blocked) if blocked else set()
            if self.selected is row:
                self.failures = (row.broadcast_id, failures)
                phones = [phone for phone in failures.blocked if phone not in listed]
                self.blocked = phones
                self.block_button.setVisible(bool(phones))
                self.block_button.setToolTip(
                    self.tr(
                        "{people} blocked promotional messages (for example with *456*9*5#) "
                        "or opted out. Put them on your opt-out list so promotions skip them."
                    ).format(people=counts().people(len(phones)))
                )
                self._update_actions()

        self.ctx.tasks.start(FAILURES_TASK, read())

    def add_blocked_to_opt_out_list(self) -> None:
        session, phones, row = self._session, list(self.blocked), self.selected
        if session is None or row is None or not phones or self.ctx.tasks.is_running(OPT_OUT_TASK):
            # (a second press would cancel the first, whose adding goes on on the store's
            # thread, and then say they were on the list already)
            return

        async def add() -> int:
            from desktop_app.core.services.optouts import OptOutSource

            return await self.ctx.services.optouts.add(
                session.profile.name, phones, OptOutSource.BLOCKED
            )

        def done(added: int) -> None:
            if self._gone(session):
                return  # (added all the same; another account's screen is not told)
            self.show_notice(
                self.tr(
                    "{people} added to the opt-out list: promotions skip them from now on."
                ).format(people=counts().people(added))
                if added
                else self.tr("They are on the opt-out list already.")
            )
            if self.selected is not None and self.selected.broadcast_id == row.broadcast_id:
                # (another send chosen meanwhile keeps its own button)
                self.blocked = []
                self.block_button.hide()
                self._update_actions()  # Resend's words no longer name the button
            if self.ctx.tasks.is_running(FAILURES_TASK):
                # a read under way may have asked the list before they were added
                self._read_failures()

        self.ctx.tasks.start(OPT_OUT_TASK, add(), on_success=done)

    def _show_recipients(self) -> None:
        if self._session is None or self.selected is None:
            self.recipients_model.clear()
            return
        self.recipients_model.show(
            self._session.profile.name,
            self.selected.broadcast_id,
            self.show_combo.currentData(),
            direct=self.selected.channel != "sms",
        )

    def _update_actions(self) -> None:
        row = self.selected
        busy = self.ctx.tasks.is_running(JOB_TASK)
        # a send waiting for its time is not unfinished: nothing went wrong, nothing to review
        scheduled = row is not None and self.history_model.due_at(row) is not None
        self.review_button.setVisible(row is not None and row.unfinished and not scheduled)
        self.scheduled_button.setVisible(scheduled)
        # nothing of a send waiting for its time has gone out, so nothing of it failed
        self.resend_button.setVisible(not scheduled)
        if row is not None and scheduled:
            self.scheduled_button.setToolTip(
                self.tr("Open the scheduled list: Send now or Cancel send")
                if self.history_model.waiting_for_user(row)
                else self.tr("Open the scheduled list: send it now, change its time or cancel it")
            )
        known = (
            self.failures[1]
            if row and self.failures and self.failures[0] == row.broadcast_id
            else None
        )
        # the tally says who failed (the numbers the service skipped as invalid are shown as
        # rejected, not resent); the reasons, once read, who else sending again cannot help
        resendable = 0 if row is None else row.resendable
        if resendable and known is not None:
            resendable = len(known.resendable)
        can_resend = (
            row is not None
            and resendable > 0
            and row.kind not in (BroadcastKind.WHATSAPP, BroadcastKind.SURVEY)
        )
        self.resend_button.setEnabled(bool(can_resend) and not busy)
        if row is not None and row.resendable and known is not None:
            left_out = known.left_out_counts()
            if not known.resendable:
                tip = self.nobody_to_resend(left_out)
            elif left_out:
                tip = self.tr("Write a new send to {people} whose message failed. Left out: {who}.")
                tip = tip.format(
                    people=counts().people(len(known.resendable)), who=self.left_out(left_out)
                )
            else:
                tip = self.tr("Write a new send to the {people} whose message failed").format(
                    people=counts().people(len(known.resendable))
                )
            self.resend_button.setToolTip(tip)
        elif row is not None and row.resendable:
            # the reasons are being read: who exactly is not known yet
            self.resend_button.setToolTip(
                self.tr("Write a new send to the customers whose message failed and may get it now")
            )
        elif row is not None and row.skipped:
            self.resend_button.setToolTip(
                self.tr(
                    "Only numbers that are not valid failed in this send: check them with the "
                    "customers before sending to them again"
                )
            )
        else:
            self.resend_button.setToolTip(self.tr("Nobody's message failed in this send"))
        self.export_report_button.setEnabled(row is not None and not busy)
        self.export_history_button.setEnabled(self._session is not None and not busy)
        self.lookup_button.setEnabled(self._session is not None)
        self.show_combo.setEnabled(row is not None)

    def left_out(self, counted: dict[PermanentFailure, int]) -> str:
        """Who Resend to failed leaves out, and why: "3 customers blocked promotions or opted
        out and 1 number is not valid"."""
        blocked = counted.get(PermanentFailure.BLOCKED, 0)
        invalid = counted.get(PermanentFailure.INVALID_NUMBER, 0)
        blocked_words = self.tr("%Ln customer(s) blocked promotions or opted out", "", blocked)
        invalid_words = counts().invalid_numbers(invalid)
        if blocked and invalid:
            return self.tr("{blocked} and {invalid}").format(
                blocked=blocked_words, invalid=invalid_words
            )
        return blocked_words if blocked else invalid_words

    def left_out_advice(self, counted: dict[PermanentFailure, int], *, here: bool) -> list[str]:
        """What to do about those left out (*here*: said on this tab, beside its button); the
        opt-out button is named only while it is there to press (not once they were added)."""
        advice = []
        button = self.block_button.text().replace("&", "")
        if counted.get(PermanentFailure.BLOCKED) and not self.block_button.isHidden():
            if here:
                words = self.tr("“{button}” puts those customers on your opt-out list.")
            else:
                words = self.tr(
                    "On the Delivery tab, “{button}” puts those customers on your opt-out list."
                )
            advice.append(words.format(button=button))
        if counted.get(PermanentFailure.INVALID_NUMBER):
            advice.append(
                self.tr("Check the numbers with the customers before sending to them again.")
            )
        return advice

    def nobody_to_resend(self, counted: dict[PermanentFailure, int]) -> str:
        """Every failure of the send is one sending again cannot mend."""
        text = self.tr("Nobody to send again: {who}.").format(who=self.left_out(counted))
        return " ".join([text, *self.left_out_advice(counted, here=True)])

    def review(self) -> None:
        """Compose's own Review (send the rest, settle what is in doubt)."""
        self.ctx.show_tab_requested.emit("compose")
        self.ctx.review_requested.emit()

    def resend_failed(self) -> None:
        """A new send to the recipients whose message failed, prepared in Compose: the user
        checks it and confirms there, with the cost and the duplicate-send guard."""
        session, row = self._session, self.selected
        if session is None or row is None:
            return

        def prepared(request: ResendRequest | None) -> None:
            if self._gone(session):
                return  # another account is open: not its customers to write to
            if request is not None and not request.phones and request.left_out:
                # everyone who failed would fail again, or refused promotions: no Compose
                self.show_notice(self.nobody_to_resend(request.left_out), ok=False)
                return
            if request is None or not request.phones:
                self.show_notice(self.tr("Nobody's message failed in this send."), ok=False)
                return
            note = ""
            if request.left_out:
                note = " ".join(
                    [
                        self.tr("Left out: {who}.").format(who=self.left_out(request.left_out)),
                        *self.left_out_advice(request.left_out, here=False),
                    ]
                )
            self.ctx.compose_requested.emit(
                ComposeRequest(
                    request.people,
                    text=request.text,
                    sender_id=request.sender_id,
                    names_missing=request.recipients.names_missing,
                    note=note,
                    fallback=request.fallback,
                )
            )

        self.ctx.tasks.start(
            RESEND_TASK,
            self.ctx.services.delivery.resend_failed(session.profile.name, row.broadcast_id),
            on_success=prepared,
            on_error=lambda _exc: self._gone(session),  # (dropped quietly once gone)
        )

    # -- look up -----------------------------------------------------------------------------

    def first_focus(self) -> QWidget | None:
        """Finding a send is what a user comes here for first: the search."""
        return self.search_edit

    def _focus_lookup(self) -> None:
        self.lookup_edit.setFocus()
        self.lookup_edit.selectAll()

    def look_up(self) -> None:
        session = self._session
        typed = self.lookup_edit.text()
        message_id = message_id_in(typed)
        if session is None:
            self.show_notice(self.tr("Connect an account to look up a message."), ok=False)
            return
        if message_id != self.lookup_edit.text():
            self.lookup_edit.setText(message_id)  # what is looked up: the id without its wrapping
        if not message_id:
            self.show_notice(self.tr("Paste a message ID first (from a report or a receipt)."))
            return
        self.lookup_button.setEnabled(False)

        def done(result: Lookup) -> None:
            self.lookup_button.setEnabled(self._session is not None)
            if self._gone(session):
                self.job_finished.emit()
                return  # another account is open: not its message
            if self.lookup_edit.text() == message_id:
                self.lookup_edit.setText(result.message_id)  # the whole id, as the service has it
            self.notice.hide()
            if self.lookup_dialog is not None:
                with contextlib.suppress(RuntimeError):  # already closed and deleted
                    self.lookup_dialog.close()
            dialog = LookupDialog(result, self)
            dialog.show_send.connect(self.select_send)
            self.lookup_dialog = dialog
            dialog.open()
            self._after_refresh(None)
            self.job_finished.emit()

        def failed(exc: BaseException) -> bool:
            self.lookup_button.setEnabled(self._session is not None)
            self.job_finished.emit()
            if self._gone(session):
                # the account was closed under it (its client with it): nothing to say on
                # another account's screen
                log.info("a look-up of an account no longer open ended: %s", type(exc).__name__)
                return True
            if isinstance(exc, MessageIdProblem):
                phone = looks_like_phone(typed)
                if phone is not None and exc.problem in (IdProblem.NO_MATCH, IdProblem.NOT_AN_ID):
                    self._show_sends_to(phone)
                else:
                    self._id_problem(exc)
                return True
            if isinstance(exc, api.InvalidRequest):
                self.show_notice(
                    self.tr(
                        "No message with the ID {id} on this account. Check that it was copied "
                        "whole."
                    ).format(id=message_id),
                    ok=False,
                )
                return True
            if isinstance(exc, (api.AuthError, api.ScopeError)):
                # the key was refused here first: the statuses would be refused too, so they
                # are no longer said to refresh (the bar asks to connect again); what to do
                # about this look-up is said beside its box, the ID kept in it
                self._stop_following()
                self._statuses_stopped(exc)
                self.show_notice(
                    self.tr(
                        "The message was not looked up. Connect your account again, then "
                        "press Look up: the ID stays in the box."
                    )
                    if isinstance(exc, api.AuthError)
                    # (a key without the permission: connecting it again changes nothing)
                    else self.tr(
                        "The message was not looked up: your secret key does not have the "
                        "permission (see the message above). The ID stays in the box."
                    ),
                    ok=False,
                )
            return False  # the presenter says what happened (and asks to connect again)

        self.ctx.tasks.start(
            LOOKUP_TASK,
            self.ctx.services.delivery.lookup(session.client, session.profile.name, message_id),
            on_success=done,
            on_error=failed,
        )

    def _id_problem(self, problem: MessageIdProblem) -> None:
        """What was typed was not looked up: say why, or list the messages it may be."""
        shown = snippet(problem.typed, 40)  # (a whole paragraph pasted)
        if problem.problem is IdProblem.SEVERAL:
            self.show_notice(
                self.tr(
                    "%Ln messages have an ID that starts with {id}: choose one, or type more of "
                    "the ID.",
                    "",
                    len(problem.matches),
                ).format(id=shown),
                ok=False,
            )
            if self.matches_dialog is not None:
                with contextlib.suppress(RuntimeError):  # already closed and deleted
                    self.matches_dialog.close()
            dialog = MatchesDialog(shown, problem.matches, problem.more, self)
            dialog.chosen.connect(self._look_up_chosen)
            self.matches_dialog = dialog
            dialog.open()
            return
        if problem.problem is IdProblem.TOO_SHORT:
            text = self.tr(
                "{id} is too short to find a message: type at least the first {n} characters "
                "of the ID."
            )
        elif problem.problem is IdProblem.NO_MATCH:
            text = self.tr(
                "No message sent from this computer has an ID that starts with {id}. Paste the "
                "whole ID to look it up with the service."
            )
        else:
            text = self.tr(
                "“{id}” is not a message ID. A message ID looks like "
                "4f1c2a9b-1e2f-4a6b-9c3d-5e7f8a9b0c1d."
            )
        self.show_notice(text.format(id=shown, n=MIN_ID_PREFIX), ok=False)

    def _show_sends_to(self, phone: str) -> None:
        """A phone number typed where a message ID goes: its sends, found by the search."""
        shown = phones.local_display(phone)
        self.lookup_edit.clear()
        self.search_edit.setText(shown)
        self.apply_filters()
        self.show_notice(
            self.tr("{phone} is a phone number: the sends to it are listed below.").format(
                phone=shown
            )
        )

    def _look_up_chosen(self, message_id: str) -> None:
        self.lookup_edit.setText(message_id)
        self.look_up()

    def show_notice(self, text: str, *, ok: bool = True) -> None:
        self.notice.say(text, "success" if ok else "warning")
        self._notice_timer.start()

    def _gone(self, session: Session) -> bool:
        """The account *session* is no longer the one open (another was opened, or it is
        being closed): what its work brings back is not said here."""
        return session is not self._session or session is not self.ctx.session

    # -- following statuses ------------------------------------------------------------------

    def _start_following(self, session: Session) -> None:
        service = self.ctx.services.delivery

        async def follow() -> None:
            try:
                await service.follow(
                    session.client,
                    session.profile.name,
                    self._after_refresh,
                    keep_going=lambda: self._session is session and not session.client.closed,
                    first_after=FOLLOW_AFTER,
                )
            except asyncio.CancelledError:
                raise
            except (api.AuthError, api.ScopeError) as exc:
                # the key was refused: no status moves until the account is connected again
                log.info("delivery statuses no longer followed: %s", type(exc).__name__)
                if self._session is session:
                    self._statuses_stopped(exc)
                    self.ctx.errors.present(exc)
            except api.ApiError as exc:
                log.info("delivery statuses no longer followed: %s", type(exc).__name__)
            except Exception as exc:  # the store closed under it (quitting)
                log.info("delivery statuses no longer followed: %r", exc)

        self._follower = asyncio.ensure_future(follow())
        self._follower_ref[0] = self._follower

    def _statuses_stopped(self, exc: api.AuthError | api.ScopeError) -> None:
        """The key was refused (or lacks the permission): the subtitle no longer says the
        statuses refresh, and says what the bar asks for."""
        self._status_text = (
            self.tr("Statuses stopped refreshing: connect your account again")
            if isinstance(exc, api.AuthError)
            else self.tr("Statuses stopped refreshing: your key lacks a permission")
        )
        self._update_subtitle()

    def _stop_following(self) -> None:
        task, self._follower = self._follower, None
        self._follower_ref[0] = None
        if task is not None and not task.done():
            task.cancel()

    @property
    def following(self) -> bool:
        return self._follower is not None and not self._follower.done()

    def _after_refresh(self, report: RefreshReport | None) -> None:
        """Statuses moved: read again the sends shown that changed, the selected one's
        recipients and the charts."""
        session = self._session
        if session is None:
            return
        if report is not None:
            self._update_subtitle(report)
            if report.not_saved is not None and not self._not_saved_said:
                self._not_saved_said = True  # said once, until they can be saved again
                self.ctx.errors.present(report.not_saved)
            elif report.not_saved is None:
                self._not_saved_said = False
        changed = set(report.changed) if report is not None else None
        shown = {row.broadcast_id for row in self.history_model.rows}
        wanted = shown if changed is None else shown & changed
        reloading = False
        if changed and changed - shown:
            # a send not listed moved (sent since the list was read): read the list again
            if self.isVisible():
                self.history_model.reload()
                reloading = True
            else:
                self._stale = True
            wanted = set()
        if wanted:
            service = self.ctx.services.delivery
            profile = session.profile.name

            async def reread() -> list[BroadcastRow]:
                rows = [await service.broadcast(profile, i) for i in sorted(wanted)]
                return [row for row in rows if row is not None]

            self.ctx.tasks.start("delivery.rows", reread(), on_success=self._rows_reread)
        if reloading:
            query = self.history_model.query
            self._after_rows("chart", lambda: self._load_period_chart(session, query))
        elif changed is None or changed:
            self._load_period_chart(session, self.history_model.query)
        if report is not None:
            self.refreshed.emit(report)

    def _rows_reread(self, rows: list[BroadcastRow], *, after_stop: bool = False) -> None:
        self.history_model.update_rows(rows)
        if self.selected is not None:
            for row in rows:
                if row.broadcast_id == self.selected.broadcast_id:
                    self.selected = row
                    self._show_selected()
                    self.recipients_model.reload()
        self._watch_sends(after_stop=after_stop)

    def _watch_sends(self, *, after_stop: bool = False) -> None:
        """Rows shown say a send is going out: once the sends under way have stopped, those
        rows are read again, so one that stopped half-way (cancelled, out of credits, in
        doubt) says so and offers Review. The statuses alone would not tell: a send stopped
        before its next round moves no report. *after_stop*: these rows were read once the
        sends stopped; still "being sent" (another window's send on the same file), they
        are watched again only if a send of this window is under way (not read in a loop)."""
        session = self._session
        if session is None or self.ctx.tasks.is_running(SENDS_TASK):
            return
        if after_stop and not self.ctx.is_sending():
            return
        shown = self.history_model.rows
        if self.selected is not None:
            shown.append(self.selected)
        if not any(row.being_sent for row in shown):
            return
        service = self.ctx.services.delivery
        profile = session.profile.name

        async def watch() -> list[BroadcastRow]:
            while self.ctx.is_sending():
                for name in self.ctx.SENDING_TASKS:
                    await self.ctx.tasks.wait_for(name, 3600.0)
            going = {row.broadcast_id for row in self.history_model.rows if row.being_sent}
            if self.selected is not None and self.selected.being_sent:
                going.add(self.selected.broadcast_id)
            rows = [await service.broadcast(profile, i) for i in sorted(going)]
            return [row for row in rows if row is not None]

        def stopped(rows: list[BroadcastRow]) -> None:
            if not self._gone(session):
                self._rows_reread(rows, after_stop=True)

        self.ctx.tasks.start(SENDS_TASK, watch(), on_success=stopped)

    # -- exports -----------------------------------------------------------------------------

    def ask_export_report(self) -> None:
        row = self.selected
        if row is None:
            return
        day = (row.sent_at or row.created_at).astimezone().date().isoformat()
        ask_export_path(
            self,
            "",
            self.export_report_to,
            title=self.tr("Export delivery report"),
            file_name=f"delivery-report-{day}-{row.broadcast_id}.xlsx",
            object_name=EXPORT_DIALOG,
        )

    def ask_export_history(self) -> None:
        ask_export_path(
            self,
            "",
            self.export_history_to,
            title=self.tr("Export sent history"),
            file_name=f"sent-history-{date.today().isoformat()}.xlsx",
            object_name=EXPORT_DIALOG,
        )

    def export_report_to(self, path: Path, fmt: ExportFormat) -> None:
        session, row = self._session, self.selected
        if session is None or row is None:
            return
        job = self.ctx.services.delivery.export_report(
            session.profile.name,
            row.broadcast_id,
            path,
            fmt,
            self.progress.progress,
            lambda: self._cancel_requested,
        )
        self._run_job(
            self.tr("Exporting the report for {recipients}…").format(
                recipients=counts().recipients(row.recipients)
            ),
            job,
            self._exported,
            writes=path,
        )

    def export_history_to(self, path: Path, fmt: ExportFormat) -> None:
        session = self._session
        if session is None:
            return
        job = self.ctx.services.delivery.export_history(
            session.profile.name,
            self.history_model.query,
            path,
            fmt,
            self.progress.progress,
            lambda: self._cancel_requested,
        )
        self._run_job(
            self.tr("Exporting %Ln send(s)…", "", self.history_model.total),
            job,
            self._exported,
            writes=path,
        )

    def _exported(self, report: ExportReport) -> None:
        self.show_notice(
            self.tr("Saved %Ln row(s) to {file}.", "", report.rows).format(file=report.path.name)
        )
        self.notice.setToolTip(str(report.path))

    def cancel_job(self) -> None:
        """The strip's Cancel: the export stops at once and leaves no file."""
        self._cancel_job(self.tr("Export cancelled: no file was written."), "")


def _local_midnight(day: date) -> datetime:
    return datetime.combine(day, time.min).astimezone().astimezone(UTC)


def _cancel(holder: list[asyncio.Task[None] | None]) -> None:
    task = holder[0]
    if task is not None and not task.done():
        with contextlib.suppress(RuntimeError):  # the loop's timers went first (exit)
            task.cancel()
