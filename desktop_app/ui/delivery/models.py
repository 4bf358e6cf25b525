"""The Delivery tab's item models: the sent history and one send's recipients, each a
``QAbstractTableModel`` over the store, a page at a time through ``fetchMore`` (never the whole
list). Pages are read by the delivery service on the store's thread, on one named task per
model; a page in flight is never asked for twice, and a new query drops late answers.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection, Coroutine, Mapping, Sequence
from datetime import datetime
from enum import IntEnum
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QDate,
    QDateTime,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    QTime,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QIcon, QPainter
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from desktop_app.core.phones import local_display
from desktop_app.core.services.delivery import (
    BroadcastKind,
    BroadcastRow,
    ChunkState,
    HistoryFilter,
    Outcome,
    RecipientRow,
)
from desktop_app.ui.delivery.look import COLOURS, IN_DOUBT, ORDER, outcome_icon, words
from desktop_app.ui.formats import due_text, number

if TYPE_CHECKING:
    from desktop_app.ui.context import AppContext

__all__ = [
    "ROW_ROLE",
    "HistoryColumn",
    "HistoryModel",
    "RecipientColumn",
    "RecipientsModel",
    "SummaryDelegate",
    "when_text",
]

log = logging.getLogger(__name__)

#: The role that gives a row's dataclass (BroadcastRow / RecipientRow).
ROW_ROLE = Qt.ItemDataRole.UserRole + 1
#: The role that gives the Delivery column's tally (the delegate paints it).
TALLY_ROLE = Qt.ItemDataRole.UserRole + 2

HISTORY_PAGE = 100
RECIPIENTS_PAGE = 200

_MUTED = QColor("#616e7c")
#: An overdue scheduled send waiting for the user's decision (as Compose's list says it).
_OVERDUE = QColor("#93370d")
Index = QModelIndex | QPersistentModelIndex
R = TypeVar("R")


def _seen(future: asyncio.Future[Any]) -> None:
    """Mark a read's failure as seen: its task may have been dropped before awaiting it
    (the task reports failures; asyncio would log this one again)."""
    if not future.cancelled():
        future.exception()


def when_text(moment: datetime | None, locale: QLocale | None = None, year: int = 0) -> str:
    """A time in the user's zone and locale: "3 Jan 2025, 14:05" ("3 Jan, 14:05" this
    *year*: the current one unless given; *locale* the default unless given)."""
    if moment is None:
        return ""
    local = moment.astimezone()
    shown = QDateTime(QDate(local.year, local.month, local.day), QTime(local.hour, local.minute))
    this_year = local.year == (year or datetime.now().astimezone().year)
    return (locale or QLocale()).toString(
        shown, "d MMM, HH:mm" if this_year else "d MMM yyyy, HH:mm"
    )


class _Paged(QAbstractTableModel, Generic[R]):
    """Rows appended a page at a time: ``canFetchMore`` while the last page was full."""

    #: A page arrived (how many rows are loaded now).
    rows_loaded = Signal(int)
    #: Reading failed (the exception; the presenter has shown it).
    failed = Signal(object)

    def __init__(self, ctx: AppContext, task_name: str, page: int, parent: QObject | None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self.task_name = task_name
        self.page_size = page
        self._rows: list[R] = []
        self._more = False
        self._in_flight = False
        self._generation = 0
        self.loaded_once = False

    # -- Qt --------------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default)
        return 0 if parent.isValid() else len(self._rows)

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self._more and not self._in_flight

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008
        if parent.isValid() or not self._more or self._in_flight:
            return
        self._load(reset=False)

    # -- rows ------------------------------------------------------------------------------

    @property
    def rows(self) -> list[R]:
        return list(self._rows)

    def row_at(self, row: int) -> R | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    @property
    def loading(self) -> bool:
        return self._in_flight

    @property
    def has_more(self) -> bool:
        """The last page read was full: more rows may follow (read or being read)."""
        return self._more

    def clear(self) -> None:
        self._generation += 1
        self._ctx.tasks.cancel(self.task_name)
        self._in_flight = False
        self.beginResetModel()
        self._rows = []
        self._more = False
        self.loaded_once = False
        self.endResetModel()

    def _page(self, reset: bool) -> Coroutine[Any, Any, list[R]] | None:
        raise NotImplementedError

    def _took_page(self, reset: bool) -> None:
        """A page of the current query is in (before ``rows_loaded``)."""

    def _replace(self, page: list[R]) -> None:
        """The rows read from the top replace those shown (a reset: a new query)."""
        self.beginResetModel()
        self._rows = list(page)
        self.endResetModel()

    def _load(self, *, reset: bool) -> None:
        if reset:
            self._generation += 1
        coro = self._page(reset)
        if coro is None:
            return
        generation = self._generation
        self._in_flight = True

        def arrived(page: list[R]) -> None:
            if generation != self._generation:
                return
            # still "in flight" while rows go in: a view (or the model tester) asking for
            # more inside rowsAboutToBeInserted must not start a page from the old end
            self._more = len(page) >= self.page_size
            if reset:
                self._replace(page)
            elif page:
                first = len(self._rows)
                self.beginInsertRows(QModelIndex(), first, first + len(page) - 1)
                self._rows.extend(page)
                self.endInsertRows()
            self._in_flight = False
            self.loaded_once = True
            self._took_page(reset)
            self.rows_loaded.emit(len(self._rows))

        def broke(exc: BaseException) -> bool:
            if generation == self._generation:
                self._in_flight = False
                self.failed.emit(exc)
            return False

        self._ctx.tasks.start(self.task_name, coro, on_success=arrived, on_error=broke)


# --- the history ------------------------------------------------------------------------------


class HistoryColumn(IntEnum):
    WHEN = 0
    CHANNEL = 1
    SENDER = 2
    MESSAGE = 3
    RECIPIENTS = 4
    PARTS = 5
    CREDITS = 6
    DELIVERY = 7


def _history_headers() -> dict[HistoryColumn, str]:
    return {
        HistoryColumn.WHEN: QCoreApplication.translate("DeliveryModel", "Sent"),
        HistoryColumn.CHANNEL: QCoreApplication.translate("DeliveryModel", "Channel"),
        HistoryColumn.SENDER: QCoreApplication.translate("DeliveryModel", "Sender ID"),
        HistoryColumn.MESSAGE: QCoreApplication.translate("DeliveryModel", "Message"),
        HistoryColumn.RECIPIENTS: QCoreApplication.translate("DeliveryModel", "To"),
        HistoryColumn.PARTS: QCoreApplication.translate("DeliveryModel", "Parts"),
        HistoryColumn.CREDITS: QCoreApplication.translate("DeliveryModel", "Credits"),
        HistoryColumn.DELIVERY: QCoreApplication.translate("DeliveryModel", "Delivery"),
    }


def channel_text(kind: BroadcastKind) -> str:
    if kind is BroadcastKind.WHATSAPP:
        return QCoreApplication.translate("DeliveryModel", "WhatsApp")
    if kind is BroadcastKind.SURVEY:
        return QCoreApplication.translate("DeliveryModel", "Survey")
    return QCoreApplication.translate("DeliveryModel", "SMS")


def summary_text(row: BroadcastRow) -> str:
    """The Delivery column in words: "118 delivered · 2 failed · 5 waiting". A send going
    out right now is "Being sent" (as its recipients in that round are): not "Unfinished:
    review" until it has stopped (see ``BroadcastRow.unfinished``)."""
    t = row.tally
    said = words()
    parts: list[str] = []
    if row.being_sent:
        parts.append(said.being_sent())
    elif row.outcome_unknown:
        # a WhatsApp or survey send whose reply was lost: nothing to review in Compose
        parts.append(QCoreApplication.translate("DeliveryModel", "Outcome unknown"))
    elif row.chunks_in_doubt:
        parts.append(QCoreApplication.translate("DeliveryModel", "In doubt: review"))
    elif row.chunks_pending:
        parts.append(QCoreApplication.translate("DeliveryModel", "Unfinished: review"))
    if t[Outcome.DELIVERED]:
        parts.append(said.delivered_count(t[Outcome.DELIVERED]))
    if t.failed:
        parts.append(said.failed_count(t.failed))
    if t.waiting:
        parts.append(said.waiting_count(t.waiting))
    if t[Outcome.NO_REPORT]:
        parts.append(said.no_report_count(t[Outcome.NO_REPORT]))
    if not parts and row.chunks_cancelled and not row.chunks_rejected:
        # (a scheduled send cancelled, or the rest of one the user chose not to send)
        parts.append(QCoreApplication.translate("DeliveryModel", "Cancelled: nothing sent"))
    elif not parts:
        parts.append(QCoreApplication.translate("DeliveryModel", "Nothing sent"))
    return " · ".join(parts)


def summary_outcome(row: BroadcastRow) -> Outcome | None:
    """The one icon that says the most: being sent (waiting: not all delivered, however
    many of it are so far), in doubt / unfinished (None), failures, waiting, no report, all
    delivered."""
    t = row.tally
    if row.being_sent:
        return Outcome.PENDING
    if row.unfinished or row.outcome_unknown or not t.total:
        return None
    if t.failed:
        return Outcome.FAILED
    if t.waiting:
        return Outcome.PENDING
    if t[Outcome.NO_REPORT]:
        return Outcome.NO_REPORT
    return Outcome.DELIVERED


_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_DECORATION = int(Qt.ItemDataRole.DecorationRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_HISTORY_COLUMNS = len(HistoryColumn)
_NUMBERS = frozenset((HistoryColumn.RECIPIENTS, HistoryColumn.PARTS, HistoryColumn.CREDITS))
_MESSAGE = int(HistoryColumn.MESSAGE)
_DELIVERY = int(HistoryColumn.DELIVERY)


def is_scheduled(row: BroadcastRow, due: datetime | None) -> bool:
    """A send on the schedule (*due*: when, from the account's scheduled sends) that has not
    started going out: nothing of it accepted, nothing in doubt. Once some of it went out it
    is an ordinary send, whatever a list read a moment earlier says."""
    return due is not None and not row.accepted and not row.chunks_in_doubt


def scheduled_text(due: datetime, waiting: bool) -> str:
    """The Delivery column of a send waiting for its time, in Compose's words (short: the
    column is narrow): "Scheduled: tomorrow at 08:00", or "Overdue: waiting for you" (its
    time passed, and it is not sent until the user decides)."""
    if waiting:
        return QCoreApplication.translate("DeliveryModel", "Overdue: waiting for you")
    return QCoreApplication.translate("DeliveryModel", "Scheduled: {when}").format(
        when=due_text(due)
    )


def scheduled_tip(due: datetime, waiting: bool) -> str:
    """The same in whole: "Scheduled: it goes out tomorrow at 08:00", "Overdue: waiting for
    you (was due today at 07:00)"."""
    if waiting:
        return QCoreApplication.translate(
            "DeliveryModel", "Overdue: waiting for you (was due {when})"
        ).format(when=due_text(due))
    return QCoreApplication.translate("DeliveryModel", "Scheduled: it goes out {when}").format(
        when=due_text(due)
    )


class _RowLook:
    """What one history row shows, worked out once (a paint asks each cell for seven roles,
    and asks again on every repaint)."""

    __slots__ = ("colour", "due", "icon", "row", "summary", "texts", "tip", "waiting")

    def __init__(
        self,
        row: BroadcastRow,
        locale: QLocale,
        year: int,
        due: datetime | None = None,
        waiting: bool = False,
    ) -> None:
        self.row = row
        self.due = due
        self.waiting = waiting
        if due is not None:
            # not sent yet: no time sent, no "unfinished" (nothing went wrong), no icon
            self.summary = scheduled_text(due, waiting)
            self.tip = scheduled_tip(due, waiting)
            self.colour: QColor | None = _OVERDUE if waiting else None
            self.icon: QIcon | None = None
            when = QCoreApplication.translate("DeliveryModel", "Not sent yet")
        else:
            self.summary = self.tip = summary_text(row)
            self.colour = IN_DOUBT if row.unfinished or row.outcome_unknown else None
            self.icon = outcome_icon(summary_outcome(row))
            when = when_text(row.sent_at or row.created_at, locale, year)
        self.texts = (
            when,
            channel_text(row.kind),
            row.sender_id,
            " ".join(row.text.split()),
            number(row.recipients),
            "" if row.parts is None else number(row.parts),
            "" if row.credits is None else number(row.credits),
            self.summary,
        )


class HistoryModel(_Paged[BroadcastRow]):
    """Every send of the account matching a filter, newest first."""

    #: The number of sends matching the filter is known (it comes with the first page).
    total_changed = Signal(int)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, "delivery.history", HISTORY_PAGE, parent)
        self._headers = _history_headers()
        self.profile: str | None = None
        self.query = HistoryFilter()
        self.total = 0
        self._read_total: tuple[int, int] | None = None  # (generation, total)
        self._looks: dict[int, _RowLook] = {}
        #: The account's sends waiting for their time (id: when due), and those of them
        #: whose time passed that wait for the user's decision (Compose's to know): the tab
        #: reads them for its line about them (``set_scheduled``).
        self._due: dict[int, datetime] = {}
        self._waiting: frozenset[int] = frozenset()

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else _HISTORY_COLUMNS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == _DISPLAY and 0 <= section < _HISTORY_COLUMNS:
            return self._headers[HistoryColumn(section)]
        return None

    def _look(self, row: BroadcastRow) -> _RowLook:
        look = self._looks.get(row.broadcast_id)
        if look is None or look.row is not row:
            due = self._due.get(row.broadcast_id) if self._due else None
            if not is_scheduled(row, due):
                due = None
            waiting = due is not None and row.broadcast_id in self._waiting
            look = _RowLook(row, QLocale(), datetime.now().astimezone().year, due, waiting)
            self._looks[row.broadcast_id] = look
        return look

    def due_at(self, row: BroadcastRow) -> datetime | None:
        """When this send goes out, while it waits for its time (None: not, or no longer,
        scheduled)."""
        return self._look(row).due

    def waiting_for_user(self, row: BroadcastRow) -> bool:
        """It is scheduled, its time passed, and it waits for the user's decision."""
        return self._look(row).waiting

    @property
    def scheduled_ids(self) -> frozenset[int]:
        return frozenset(self._due)

    def set_scheduled(self, due: Mapping[int, datetime], waiting: Collection[int]) -> None:
        """The account's scheduled sends (id: when due) and which of them wait for the user
        (Compose's ``scheduled_waiting``): the rows whose words change are repainted."""
        fresh = dict(due)
        late = frozenset(i for i in waiting if i in fresh)
        if fresh == self._due and late == self._waiting:
            return
        moved = {
            i
            for i in fresh.keys() | self._due.keys()
            if fresh.get(i) != self._due.get(i) or (i in late) != (i in self._waiting)
        }
        self._due, self._waiting = fresh, late
        last = len(HistoryColumn) - 1
        for index, row in enumerate(self._rows):
            if row.broadcast_id in moved:
                self._looks.pop(row.broadcast_id, None)
                self.dataChanged.emit(self.index(index, 0), self.index(index, last))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        r, column = index.row(), index.column()
        if not (0 <= r < len(self._rows) and 0 <= column < _HISTORY_COLUMNS):
            return None  # an invalid index has row -1
        row = self._rows[r]
        if role == _DISPLAY:
            return self._look(row).texts[column]
        if role == _DECORATION:
            return self._look(row).icon if column == _DELIVERY else None
        if role == _ALIGNMENT:
            return _RIGHT if column in _NUMBERS else None
        if role == _FOREGROUND:
            return self._look(row).colour if column == _DELIVERY else None
        if role == TALLY_ROLE:
            return row.tally
        if role == ROW_ROLE:
            return row
        if role == _TOOLTIP:
            if column == _MESSAGE:
                return row.text
            if column == _DELIVERY:
                return self._look(row).tip
        return None

    def _took_page(self, reset: bool) -> None:
        if reset:
            self._looks.clear()
        read, self._read_total = self._read_total, None
        if read is not None and read[0] == self._generation:
            self.total = read[1]
            self.total_changed.emit(self.total)

    # -- what it shows ---------------------------------------------------------------------

    def set_query(self, profile: str, query: HistoryFilter) -> None:
        self.profile = profile
        self.query = query
        self._load(reset=True)

    def reload(self) -> None:
        if self.profile is not None:
            self._load(reset=True)

    def _page(self, reset: bool) -> Coroutine[Any, Any, list[BroadcastRow]] | None:
        if self.profile is None:
            return None
        service = self._ctx.services.delivery
        profile, query = self.profile, self.query
        offset = 0 if reset else len(self._rows)
        generation = self._generation
        if not reset:
            return service.history(profile, query, offset=offset, limit=self.page_size)
        # asked for now, not when the task first runs: the store reads while the tab is
        # laid out and painted
        first = asyncio.ensure_future(
            service.history_with_total(profile, query, limit=self.page_size)
        )
        first.add_done_callback(_seen)  # a newer query may drop this one unawaited

        async def read() -> list[BroadcastRow]:
            total, rows = await first
            # shown with the rows (a signal here would paint the count before them)
            self._read_total = (generation, total)
            return rows

        return read()

    def update_rows(self, fresh: Sequence[BroadcastRow]) -> None:
        """Rows read again (their numbers moved): replaced where they are shown."""
        by_id = {row.broadcast_id: row for row in fresh}
        for index, row in enumerate(self._rows):
            new = by_id.get(row.broadcast_id)
            if new is not None and new != row:
                self._rows[index] = new
                self.dataChanged.emit(
                    self.index(index, 0), self.index(index, len(HistoryColumn) - 1)
                )

    def row_of(self, broadcast_id: int) -> int | None:
        for index, row in enumerate(self._rows):
            if row.broadcast_id == broadcast_id:
                return index
        return None


class SummaryDelegate(QStyledItemDelegate):
    """The Delivery column: a small bar split by outcome under the words."""

    BAR = 4

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        # Qt's own painting of the words (in C++, as in the other columns), then the bar's
        # pieces filled directly: this runs for every visible row on every repaint
        tally = index.data(TALLY_ROLE)
        if tally is None or not tally.total:
            super().paint(painter, option, index)
            return
        rect = QRect(option.rect)
        words_only = QStyleOptionViewItem(option)
        words_only.rect = rect.adjusted(0, 0, 0, -self.BAR - 2)
        super().paint(painter, words_only, index)
        total = tally.total
        width = max(10, rect.width() - 16)
        top = rect.bottom() - self.BAR - 3
        x = float(rect.left() + 8)
        for outcome in ORDER:
            n = tally[outcome]
            if n:
                w = width * n / total
                painter.fillRect(int(x), top, max(1, round(w)), self.BAR, COLOURS[outcome])
                x += w

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width(), size.height() + 6)


# --- one send's recipients --------------------------------------------------------------------


class RecipientColumn(IntEnum):
    PHONE = 0
    STATUS = 1
    MEANING = 2
    UPDATED = 3
    MESSAGE_ID = 4


def _recipient_headers() -> dict[RecipientColumn, str]:
    return {
        RecipientColumn.PHONE: QCoreApplication.translate("DeliveryModel", "Phone"),
        RecipientColumn.STATUS: QCoreApplication.translate("DeliveryModel", "Status"),
        RecipientColumn.MEANING: QCoreApplication.translate("DeliveryModel", "What it means"),
        RecipientColumn.UPDATED: QCoreApplication.translate("DeliveryModel", "Last news"),
        RecipientColumn.MESSAGE_ID: QCoreApplication.translate("DeliveryModel", "Message ID"),
    }


class RecipientsModel(_Paged[RecipientRow]):
    """The recipients of one send, in sending order, with each one's report."""

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, "delivery.recipients", RECIPIENTS_PAGE, parent)
        self._headers = _recipient_headers()
        self.profile: str | None = None
        #: the send shown is a WhatsApp template or a survey (nothing of it to review)
        self.direct = False
        self.broadcast_id: int | None = None
        self.outcomes: tuple[Outcome, ...] | None = None
        #: The send shown waits for its time: (when due, waiting for the user's decision).
        self.scheduled: tuple[datetime, bool] | None = None
        #: The send shown is being sent right now: its recipients still to go are not said
        #: to be left over from a send that did not finish.
        self.going_out = False
        self._shown_id: int | None = None
        #: The send and the filter of the rows shown (what a reload reads again).
        self._shown: tuple[int | None, tuple[Outcome, ...] | None] = (None, None)
        #: The page on its way reads the rows shown again: merged in, not a reset.
        self._merging = False
        self._bold = QFont()
        self._bold.setBold(True)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(RecipientColumn)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        shown = 0 <= section < len(RecipientColumn)
        if horizontal and role == Qt.ItemDataRole.DisplayRole and shown:
            return self._headers[RecipientColumn(section)]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.row_at(index.row())
        if row is None or not 0 <= index.column() < len(RecipientColumn):
            return None
        column = RecipientColumn(index.column())
        outcome = row.outcome
        if role == ROW_ROLE:
            return row
        if self.scheduled is not None and row.chunk_state is ChunkState.PENDING:
            return self._scheduled_data(row, column, role, *self.scheduled)
        if role == Qt.ItemDataRole.DisplayRole:
            if column == RecipientColumn.PHONE:
                return local_display(row.phone)
            if column == RecipientColumn.STATUS:
                return self.status(row)
            if column == RecipientColumn.MEANING:
                return self.meaning(row)
            if column == RecipientColumn.UPDATED:
                return when_text(row.delivered_at or row.updated_at)
            return row.message_id or ""
        if role == Qt.ItemDataRole.DecorationRole and column == RecipientColumn.STATUS:
            return outcome_icon(outcome)
        if role == Qt.ItemDataRole.ForegroundRole:
            if column == RecipientColumn.STATUS:
                return COLOURS[outcome] if outcome is not None else IN_DOUBT
            if column in (RecipientColumn.UPDATED, RecipientColumn.MESSAGE_ID):
                return _MUTED
        if role == Qt.ItemDataRole.FontRole and column == RecipientColumn.STATUS:
            return self._bold
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == RecipientColumn.STATUS:
                if row.raw_status:
                    return QCoreApplication.translate(
                        "DeliveryModel", "As reported by the network: {raw}"
                    ).format(raw=row.raw_status)
                return self.status(row)
            if column == RecipientColumn.MEANING:
                return self.meaning(row)
            if column == RecipientColumn.PHONE:
                return row.phone
        return None

    def set_scheduled(self, due: datetime | None, waiting: bool = False) -> None:
        """The send shown waits for its time (*due*; None: it does not): its recipients
        are said to be waiting for it, not left over from a send that did not finish."""
        scheduled = None if due is None else (due, waiting)
        if scheduled != self.scheduled:
            self.scheduled = scheduled
            if self._rows:
                last = self.index(len(self._rows) - 1, len(RecipientColumn) - 1)
                self.dataChanged.emit(self.index(0, 0), last)

    def set_going_out(self, going_out: bool) -> None:
        """The send shown is (or is no longer) being sent right now."""
        if going_out != self.going_out:
            self.going_out = going_out
            if self._rows:
                last = self.index(len(self._rows) - 1, len(RecipientColumn) - 1)
                self.dataChanged.emit(self.index(0, 0), last)

    def _scheduled_data(
        self, row: RecipientRow, column: RecipientColumn, role: int, due: datetime, waiting: bool
    ) -> Any:
        """A recipient of a send waiting for its time: nothing went wrong (no ring, no
        orange), and when it goes out."""
        if role == Qt.ItemDataRole.DisplayRole:
            if column == RecipientColumn.PHONE:
                return local_display(row.phone)
            if column == RecipientColumn.STATUS:
                return QCoreApplication.translate("DeliveryModel", "Scheduled")
            if column == RecipientColumn.MEANING:
                return scheduled_tip(due, waiting)
            return ""
        if role == Qt.ItemDataRole.ForegroundRole and column == RecipientColumn.STATUS:
            return _OVERDUE if waiting else _MUTED
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == RecipientColumn.PHONE:
                return row.phone
            if column in (RecipientColumn.STATUS, RecipientColumn.MEANING):
                return scheduled_tip(due, waiting)
        return None

    @staticmethod
    def status(row: RecipientRow) -> str:
        if row.chunk_state is not ChunkState.ACCEPTED:
            return words().not_accepted(row.chunk_state)
        return words().outcome(row.outcome)

    def meaning(self, row: RecipientRow) -> str:
        if row.chunk_state is not ChunkState.ACCEPTED:
            return words().chunk_state(
                row.chunk_state, direct=self.direct, going_out=self.going_out
            )
        return words().meaning(row.outcome, row.reason, row.raw_status)

    def show(
        self,
        profile: str,
        broadcast_id: int,
        outcomes: Sequence[Outcome] | None,
        *,
        direct: bool = False,
    ) -> None:
        """*direct*: a WhatsApp template or survey send (nothing of it to review)."""
        self.profile = profile
        self.broadcast_id = broadcast_id
        self.direct = direct
        self.outcomes = tuple(outcomes) if outcomes is not None else None
        self._load(reset=True)

    def reload(self) -> None:
        """Read the rows shown again (statuses moved), as many as are loaded. They are
        merged into those shown (see :meth:`_replace`): the recipient chosen and the
        keyboard's place stay where they were."""
        if self.profile is not None and self.broadcast_id is not None:
            self._load(reset=True)

    def _page(self, reset: bool) -> Coroutine[Any, Any, list[RecipientRow]] | None:
        if self.profile is None or self.broadcast_id is None:
            return None
        service = self._ctx.services.delivery
        after = 0 if reset or not self._rows else self._rows[-1].row_id
        limit = self.page_size
        if reset and self.broadcast_id == self._shown_id:
            # the same send read again: keep as many rows as the user had scrolled to
            limit = max(self.page_size, len(self._rows))
        self._shown_id = self.broadcast_id
        if reset:
            shown = (self.broadcast_id, self.outcomes)
            self._merging = bool(self._rows) and shown == self._shown
            self._shown = shown
        return service.recipients(
            self.profile, self.broadcast_id, after=after, limit=limit, outcomes=self.outcomes
        )

    def clear(self) -> None:
        super().clear()
        self._shown = (None, None)
        self._merging = False

    def _replace(self, page: list[RecipientRow]) -> None:
        """The rows shown read again (the same send, the same filter): merged in by row id
        (both in sending order), those that changed repainted, those that left the filter
        removed, those that joined it inserted, so the views' selection and current index
        (persistent indexes) follow their recipient. A reset, as another send or filter
        gets, cleared them: statuses arriving took the keyboard's place away."""
        if not self._merging:
            super()._replace(page)
            return
        self._merging = False
        parent = QModelIndex()
        wanted = {row.row_id for row in page}
        rows = self._rows
        end = len(rows)
        while end > 0:  # those that left, a run at a time from the bottom up
            if rows[end - 1].row_id in wanted:
                end -= 1
                continue
            first = end - 1
            while first > 0 and rows[first - 1].row_id not in wanted:
                first -= 1
            self.beginRemoveRows(parent, first, end - 1)
            del rows[first:end]
            self.endRemoveRows()
            end = first
        kept = {row.row_id for row in rows}
        changed: list[int] = []
        at = 0
        while at < len(page):
            if at < len(rows) and rows[at].row_id == page[at].row_id:
                if rows[at] != page[at]:
                    rows[at] = page[at]
                    changed.append(at)
                at += 1
                continue
            # (both in sending order: every row kept is further down the page)
            last = at
            while last + 1 < len(page) and page[last + 1].row_id not in kept:
                last += 1
            self.beginInsertRows(parent, at, last)
            rows[at:at] = page[at : last + 1]
            self.endInsertRows()
            at = last + 1
        right = len(RecipientColumn) - 1
        start = 0
        for i, row in enumerate(changed):  # repainted a run of rows at a time
            if i + 1 == len(changed) or changed[i + 1] != row + 1:
                self.dataChanged.emit(self.index(changed[start], 0), self.index(row, right))
                start = i + 1


def history_view_widths() -> dict[HistoryColumn, int]:
    return {
        HistoryColumn.WHEN: 118,
        HistoryColumn.CHANNEL: 84,
        HistoryColumn.SENDER: 110,
        HistoryColumn.RECIPIENTS: 50,
        HistoryColumn.PARTS: 50,
        HistoryColumn.CREDITS: 60,
        HistoryColumn.DELIVERY: 262,
    }


def parent_widget(obj: QObject | None) -> QWidget | None:
    return obj if isinstance(obj, QWidget) else None
