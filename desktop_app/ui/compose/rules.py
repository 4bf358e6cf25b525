"""The promotional rules on the Compose tab, and sends waiting for their time.

- :class:`CategoryChooser`: "Promotion" or "Service message", per send (the tab remembers
  the choice per sender ID through the opt-out service);
- :class:`OptOutHint`: a promotion without a way to stop it is flagged under the message,
  with one click to add the account's opt-out line and what that does to the cost;
- :class:`PromoHoursDialog`: a promotion outside 08:00–18:00 is held back, with "Schedule
  for 08:00" as the default;
- :class:`SendLaterDialog`: choose when a send goes out;
- :class:`ScheduledBanner` and :class:`ScheduledDialog`: the sends waiting for their time,
  each with Send now, Change time, Edit and Cancel;
- :class:`OverdueDialog`: a scheduled send that fell due while Tuma was closed (or was found
  late while it ran: the computer slept through its time) is not sent on its own: the user
  decides, told how late it is.

Widgets only: the tab calls the services and hands these the facts.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from datetime import datetime, timedelta
from enum import StrEnum

from PySide6.QtCore import QCoreApplication, QDate, QDateTime, QObject, Qt, QTime, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.rules import (
    PROMO_END,
    PROMO_START,
    OptOutLineChange,
    SendCategory,
    next_promo_start,
    within_promo_hours,
)
from desktop_app.core.services.sending import ScheduledSend
from desktop_app.ui.formats import QLocaleText, due_text
from desktop_app.ui.grids import grid_look
from desktop_app.ui.widgets import grow_to_fit, tab_leaves
from desktop_app.ui.words import counts

__all__ = [
    "CategoryChooser",
    "OptOutHint",
    "OverdueChoice",
    "OverdueDialog",
    "PromoHoursChoice",
    "PromoHoursDialog",
    "ScheduledBanner",
    "ScheduledDialog",
    "SendLaterDialog",
    "due_text",
    "lateness_text",
    "people_left_out_text",
]


class _Counted(QObject):
    """Counted phrases (Qt plural forms need a tr() that pyside6-lupdate reads)."""

    def minutes(self, n: int) -> str:
        return self.tr("%n minute(s)", "", n)

    def hours(self, n: int) -> str:
        return self.tr("%n hour(s)", "", n)

    def days(self, n: int) -> str:
        return self.tr("%n day(s)", "", n)

    def left_out(self, n: int) -> str:
        return self.tr("%Ln customer(s) on your opt-out list will not get this promotion.", "", n)


def lateness_text(due: datetime, now: datetime | None = None) -> str:
    """How late a send is: "5 minutes", "3 hours", "2 days"."""
    late = (now or datetime.now().astimezone()) - due
    minutes = max(1, int(late.total_seconds() // 60))
    words = _Counted()
    if minutes < 90:
        return words.minutes(minutes)
    hours = round(minutes / 60)
    if hours < 36:
        return words.hours(hours)
    return words.days(round(hours / 24))


def hours_text() -> str:
    start = QLocaleText.time(datetime(2000, 1, 1, PROMO_START.hour, PROMO_START.minute))
    end = QLocaleText.time(datetime(2000, 1, 1, PROMO_END.hour, PROMO_END.minute))
    return QCoreApplication.translate("Rules", "{start} and {end}").format(start=start, end=end)


# --- the category -------------------------------------------------------------------------------


class CategoryChooser(QWidget):
    """ "Kind of message: [Promotion ▾]" at the top of the tab (every channel)."""

    changed = Signal(object)  # SendCategory, when the user picks one

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        label = QLabel(self.tr("&Kind of message"))
        self.combo = QComboBox()
        self.combo.setObjectName("categoryCombo")
        label.setBuddy(self.combo)
        self.combo.addItem(self.tr("Promotion"), SendCategory.PROMOTIONAL)
        self.combo.setItemData(
            0,
            self.tr("Offers, sales, new stock: the rules for promotions apply"),
            Qt.ItemDataRole.ToolTipRole,
        )
        self.combo.addItem(self.tr("Service message"), SendCategory.TRANSACTIONAL)
        self.combo.setItemData(
            1,
            self.tr("Receipts, reminders, delivery notices to a customer"),
            Qt.ItemDataRole.ToolTipRole,
        )
        self.combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.combo.setMinimumContentsLength(14)
        self.combo.setToolTip(
            self.tr(
                "Promotions may only go out between {hours}, must say how to stop them, and "
                "never go to numbers on your opt-out list. Service messages (a receipt, a "
                "reminder, a delivery notice) are not promotions."
            ).format(hours=hours_text())
        )
        layout.addWidget(label)
        layout.addWidget(self.combo)
        self.combo.activated.connect(lambda _i: self.changed.emit(self.category()))

    def category(self) -> SendCategory:
        value = self.combo.currentData()
        return SendCategory(value) if value else SendCategory.PROMOTIONAL

    def set_category(self, category: SendCategory) -> None:
        index = self.combo.findData(category)
        if index >= 0:
            self.combo.setCurrentIndex(index)

    @property
    def promotional(self) -> bool:
        return self.category() is SendCategory.PROMOTIONAL


# --- the opt-out line ---------------------------------------------------------------------------


class OptOutHint(QFrame):
    """Under the message of a promotion that does not say how to stop it."""

    add_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("optOutHint")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 4, 4, 4)
        layout.setSpacing(8)
        self.label = QLabel()
        self.label.setObjectName("warning")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.label, 1)
        self.add_button = QPushButton(self.tr("Add opt-out line"))
        self.add_button.setObjectName("addOptOutLine")
        self.add_button.clicked.connect(self.add_requested)
        layout.addWidget(self.add_button)
        self.hide()

    def show_change(self, change: OptOutLineChange | None, line: str) -> None:
        """Show the hint for *change* (None: the message needs no line, hide it)."""
        if change is None:
            self.hide()
            return
        self.label.setText(self.tr("Promotions must tell customers how to stop them."))
        if change.extra_credits > 0:
            cost = self.tr("Adds “{line}”: {parts} per message, {extra} more in all.").format(
                line=line,
                parts=counts().parts(change.parts_after),
                extra=counts().credits(change.extra_credits),
            )
        else:
            cost = self.tr("Adds “{line}”: the cost stays the same.").format(line=line)
        self.add_button.setToolTip(cost)
        self.label.setText(self.label.text() + " " + cost)
        self.show()


# --- outside the hours --------------------------------------------------------------------------


class PromoHoursChoice(StrEnum):
    CANCEL = "cancel"
    SCHEDULE = "schedule"  # at the next 08:00 (the default)
    SEND_NOW = "send_now"  # the user's own decision


class PromoHoursDialog(QDialog):
    """ "Promotions go out between 08:00 and 18:00" with Schedule for 08:00 as the default."""

    def __init__(
        self,
        now: datetime,
        next_start: datetime,
        parent: QWidget | None = None,
        *,
        chosen: datetime | None = None,
    ):
        """*now*: the shop's clock (the day words count from it). *chosen*: the time the user
        picked for Send later or Change time… (None: sending now); SEND_NOW then keeps it."""
        super().__init__(parent)
        self.setObjectName("promoHoursDialog")
        self.setWindowTitle(self.tr("Outside the hours for promotions"))
        self.choice = PromoHoursChoice.CANCEL
        layout = QVBoxLayout(self)
        layout.setSpacing(12)
        heading = QLabel(
            self.tr("{time} is outside the hours for promotions").format(
                time=QLocaleText.time(now.astimezone())
            )
            if chosen is None
            else self.tr("The time you chose, {when}, is outside the hours for promotions").format(
                when=due_text(chosen, now)
            )
        )
        heading.setObjectName("dialogTitle")
        heading.setWordWrap(True)
        layout.addWidget(heading)
        body = QLabel(
            self.tr(
                "Promotional messages may only be sent between {hours}. Sending one outside "
                "these hours can bring a fine. Tuma can send it {when} instead."
            ).format(hours=hours_text(), when=due_text(next_start, now))
        )
        body.setWordWrap(True)
        layout.addWidget(body)
        buttons = QDialogButtonBox()
        self.schedule_button = buttons.addButton(
            self.tr("Send it {when}").format(when=due_text(next_start, now)),
            QDialogButtonBox.ButtonRole.AcceptRole,
        )
        self.schedule_button.setObjectName("scheduleForMorning")
        self.schedule_button.setProperty("role", "primary")
        self.schedule_button.clicked.connect(lambda: self._decide(PromoHoursChoice.SCHEDULE))
        self.now_button = buttons.addButton(
            self.tr("Send now anyway")
            if chosen is None
            else self.tr("Keep {time} anyway").format(time=QLocaleText.time(chosen.astimezone())),
            QDialogButtonBox.ButtonRole.ActionRole,
        )
        self.now_button.setObjectName("sendOutsideHours")
        self.now_button.setAutoDefault(False)
        self.now_button.clicked.connect(lambda: self._decide(PromoHoursChoice.SEND_NOW))
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        assert cancel is not None
        buttons.rejected.connect(self.reject)
        self.schedule_button.setDefault(True)
        layout.addWidget(buttons)

    def _decide(self, choice: PromoHoursChoice) -> None:
        self.choice = choice
        self.accept()


# --- send later ---------------------------------------------------------------------------------


def _minute_of(moment: datetime) -> QDateTime:
    """*moment* on this computer's clock, to the minute (as the time box shows it)."""
    local = moment.astimezone()
    return QDateTime(QDate(local.year, local.month, local.day), QTime(local.hour, local.minute))


def quick_times(now: datetime, *, promotional: bool) -> list[tuple[str, datetime]]:
    """Send later's one-click times from *now* (local): in an hour (rounded up to the next
    five minutes), today at 17:00 (while an hour or more away), tomorrow at 08:00. For a
    promotion, only times inside the hours for promotions."""
    times: list[tuple[str, datetime]] = []
    soon = (now + timedelta(hours=1)).replace(second=0, microsecond=0)
    soon += timedelta(minutes=-soon.minute % 5)
    if not promotional or within_promo_hours(soon):
        times.append((QCoreApplication.translate("SendLaterDialog", "In an hour"), soon))
    evening = now.replace(hour=17, minute=0, second=0, microsecond=0)
    if evening - now >= timedelta(hours=1):
        time = QLocaleText.time(evening)
        times.append(
            (
                QCoreApplication.translate("SendLaterDialog", "Today at {time}").format(time=time),
                evening,
            )
        )
    # (aware arithmetic keeps the wall clock: 08:00 of the next calendar day)
    morning = now.replace(hour=PROMO_START.hour, minute=0, second=0, microsecond=0)
    morning += timedelta(days=1)
    time = QLocaleText.time(morning)
    times.append(
        (
            QCoreApplication.translate("SendLaterDialog", "Tomorrow at {time}").format(time=time),
            morning,
        )
    )
    return times


class SendLaterDialog(QDialog):
    """Pick the day and time a send goes out (local time; not in the past)."""

    def __init__(
        self, suggested: datetime, *, promotional: bool, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("sendLaterDialog")
        self.setWindowTitle(self.tr("Send later"))
        # As wide as the other questions of the tab: sized to its date box alone, it opened
        # 288 px wide, its heading touching the edge and each hint a column of short lines.
        self.setMinimumWidth(420)
        layout = QVBoxLayout(self)
        layout.setSpacing(12)
        heading = QLabel(self.tr("When should it go out?"))
        heading.setObjectName("dialogTitle")
        layout.addWidget(heading)
        self.edit = QDateTimeEdit()
        self.edit.setObjectName("sendAt")
        # (the box the keyboard lands in: a screen reader said nothing for it)
        self.edit.setAccessibleName(self.tr("Day and time it goes out"))
        self.edit.setCalendarPopup(True)
        now = QDateTime.currentDateTime()
        self.edit.setMinimumDateTime(now.addSecs(60))
        self.edit.setMaximumDateTime(now.addDays(90))
        self.edit.setDateTime(_minute_of(suggested))
        layout.addWidget(self.edit)
        # The times a shop picks most, one click each (the box still takes any other).
        quick = QHBoxLayout()
        quick.setSpacing(6)
        self.quick_buttons: list[QPushButton] = []
        for text, moment in quick_times(datetime.now().astimezone(), promotional=promotional):
            button = QPushButton(text)
            button.setObjectName("quickTime")
            button.setAutoDefault(False)
            button.clicked.connect(lambda _checked=False, m=moment: self.set_due_at(m))
            quick.addWidget(button)
            self.quick_buttons.append(button)
        quick.addStretch(1)
        layout.addLayout(quick)
        hint = QLabel(
            self.tr(
                "Tuma sends it then, if it is running. If it is closed at that time, it asks "
                "you the next time it starts."
            )
        )
        hint.setObjectName("hint")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        if promotional:
            rule = QLabel(
                self.tr("Promotions may only go out between {hours}.").format(hours=hours_text())
            )
            rule.setObjectName("hint")
            rule.setWordWrap(True)
            layout.addWidget(rule)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Continue"))
        ok.setObjectName("sendLaterOk")
        self.past_label = QLabel(self.tr("That time has already passed: choose a later one."))
        self.past_label.setObjectName("problem")
        self.past_label.setWordWrap(True)
        self.past_label.hide()
        layout.addWidget(self.past_label)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def accept(self) -> None:
        """Only a time still ahead: the earliest time allowed was set when the dialog opened,
        and it may have passed while the dialog stayed open."""
        if self.due_at() <= datetime.now().astimezone():
            self.edit.setMinimumDateTime(QDateTime.currentDateTime().addSecs(60))
            self.past_label.show()
            grow_to_fit(self)  # room for the red line: the rows above it are not squeezed
            self.edit.setFocus()
            return
        super().accept()

    def set_due_at(self, moment: datetime) -> None:
        self.edit.setDateTime(_minute_of(moment))
        self.past_label.hide()

    def due_at(self) -> datetime:
        chosen = self.edit.dateTime()
        date, time = chosen.date(), chosen.time()
        return datetime(
            date.year(), date.month(), date.day(), time.hour(), time.minute()
        ).astimezone()


# --- the sends waiting ---------------------------------------------------------------------------


class ScheduledBanner(QFrame):
    """ "2 messages scheduled · the next today at 17:00" with View…."""

    view_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scheduledBanner")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 6, 6)
        self.label = QLabel()
        self.label.setWordWrap(True)
        layout.addWidget(self.label, 1)
        self.view_button = QPushButton(self.tr("View…"))
        self.view_button.setObjectName("viewScheduled")
        self.view_button.clicked.connect(self.view_requested)
        layout.addWidget(self.view_button)
        self.hide()

    def show_scheduled(self, sends: list[ScheduledSend], waiting: Collection[int] = ()) -> None:
        """*waiting*: the sends whose time passed that are not sent until the user decides
        (asked about, "Decide later"): said as such, not as going out at a time now past."""
        if not sends:
            self.hide()
            return
        late = [s for s in sends if s.broadcast.id in waiting]
        rest = [s for s in sends if s.broadcast.id not in waiting]
        parts = []
        if late:
            parts.append(
                self.tr(
                    "%Ln overdue message(s), not sent: waiting for you to decide.",
                    "",
                    len(late),
                )
            )
        if rest:
            first = min(rest, key=lambda s: s.due_at)
            parts.append(
                self.tr("%Ln more scheduled; the next goes out {when}.", "", len(rest)).format(
                    when=due_text(first.due_at)
                )
                if late
                else self.tr(
                    "%Ln message(s) scheduled; the next goes out {when}.", "", len(rest)
                ).format(when=due_text(first.due_at))
            )
        self.label.setText(" ".join(parts))
        self.label.setObjectName("warning" if late else "")
        self.label.style().unpolish(self.label)
        self.label.style().polish(self.label)
        # The way to decide: the list, with Send now and Cancel send.
        self.view_button.setText(self.tr("Decide…") if late else self.tr("View…"))
        self.view_button.setToolTip(
            self.tr("Open the scheduled list: Send now or Cancel send") if late else ""
        )
        self.show()


#: The widest the scheduled list's "Goes out" column gets (longer words wrap in it).
DUE_COLUMN_WIDTH = 250


class ScheduledDialog(QDialog):
    """The sends waiting for their time, and what can be done with each."""

    send_now_requested = Signal(int)
    change_time_requested = Signal(int)
    edit_requested = Signal(int)
    cancel_requested = Signal(int)
    #: Undo of the last Cancel send (offered beside the words that say it was cancelled).
    undo_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scheduledDialog")
        self.setWindowTitle(self.tr("Scheduled messages"))
        # Room for the message beside when, from whom and to whom: it tells the sends apart.
        self.resize(720, 380)
        layout = QVBoxLayout(self)
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("scheduledTable")
        grid_look(self.table)  # (its rows wrap: set below; Qt's grey grid and blue rows before)
        self.table.setHorizontalHeaderLabels(
            [self.tr("Goes out"), self.tr("From"), self.tr("To"), self.tr("Message")]
        )
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        tab_leaves(self.table)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        # "Goes out" is as wide as its words up to a limit, and wraps past it (show_sends): an
        # overdue send's long words took the width, and left the message ~90 px (in
        # Kiswahili none: it was off to the right, behind a scroll bar).
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.table, 1)
        self.empty_label = QLabel(
            self.tr(
                "Nothing is scheduled. To send a message later, write it in Compose and press "
                "Send later…"
            )
        )
        self.empty_label.setObjectName("hint")
        self.empty_label.setWordWrap(True)
        # at the top, where the list would be (it floated halfway down the empty window)
        layout.addWidget(self.empty_label, 1, Qt.AlignmentFlag.AlignTop)
        # Sends whose time passed wait for the user ("Decide later"): how to decide.
        self.waiting_label = QLabel(
            self.tr("An overdue message is not sent until you decide: Send now or Cancel send.")
        )
        self.waiting_label.setObjectName("warning")
        self.waiting_label.setWordWrap(True)
        self.waiting_label.hide()
        layout.addWidget(self.waiting_label)
        # What the last action did, said here: the Compose tab's note is behind this dialog.
        status_row = QHBoxLayout()
        self.status_label = QLabel()
        self.status_label.setObjectName("hint")
        self.status_label.setWordWrap(True)
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.status_label.hide()
        status_row.addWidget(self.status_label, 1)
        self.undo_button = QPushButton(self.tr("&Undo"))
        self.undo_button.setObjectName("scheduledUndo")
        self.undo_button.setProperty("role", "link")
        self.undo_button.setAutoDefault(False)
        self.undo_button.setToolTip(
            self.tr("Put the cancelled message back on the schedule, as it was")
        )
        self.undo_button.hide()
        self.undo_button.clicked.connect(self._undo)
        status_row.addWidget(self.undo_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(status_row)
        row = QHBoxLayout()
        self.send_now_button = QPushButton(self.tr("Send now"))
        self.send_now_button.setObjectName("scheduledSendNow")
        self.change_button = QPushButton(self.tr("Change time…"))
        self.change_button.setObjectName("scheduledChangeTime")
        self.edit_button = QPushButton(self.tr("Edit"))
        self.edit_button.setObjectName("scheduledEdit")
        self.edit_button.setToolTip(
            self.tr("Take it off the schedule and open it in the form, to change and send again")
        )
        self.cancel_button = QPushButton(self.tr("Cancel send"))
        self.cancel_button.setObjectName("scheduledCancel")
        for button, signal in (
            (self.send_now_button, self.send_now_requested),
            (self.change_button, self.change_time_requested),
            (self.edit_button, self.edit_requested),
            (self.cancel_button, self.cancel_requested),
        ):
            button.clicked.connect(lambda _c=False, b=button, s=signal: self._emit(b, s))
            row.addWidget(button)
        row.addStretch(1)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.accept)
        row.addWidget(close)
        layout.addLayout(row)
        self._ids: list[int] = []
        #: When each action button was last pressed (monotonic seconds): the second press of
        #: a double press on Cancel send landed on the row the list had moved to after the
        #: first, and cancelled that send too.
        self._pressed_at: dict[QPushButton, float] = {}
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.show_sends([])

    def show_sends(self, sends: list[ScheduledSend], waiting: Collection[int] = ()) -> None:
        """*waiting*: sends whose time passed, not sent until the user decides."""
        selected = self.selected_id()
        self._ids = [s.broadcast.id for s in sends]
        self.table.setRowCount(len(sends))
        for row, send in enumerate(sends):
            broadcast = send.broadcast
            preview = " ".join(broadcast.text.split())
            late = broadcast.id in waiting
            cells = (
                self.tr("Overdue: waiting for you (was due {when})").format(
                    when=due_text(send.due_at)
                )
                if late
                else due_text(send.due_at),
                broadcast.sender_id,
                counts().people(broadcast.recipients_pending or broadcast.recipients),
                preview if len(preview) <= 80 else preview[:79] + "…",
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 3:
                    item.setToolTip(broadcast.text)
                elif column == 0 and late:
                    item.setForeground(QColor("#93370d"))
                    item.setToolTip(
                        self.tr(
                            "Not sent: its time passed. Choose Send now, or Cancel send; "
                            "Change time… schedules it again."
                        )
                    )
                self.table.setItem(row, column, item)
        header = self.table.horizontalHeader()
        due_width = max(self.table.sizeHintForColumn(0), header.sectionSizeHint(0))
        self.table.setColumnWidth(0, min(due_width, DUE_COLUMN_WIDTH))
        self.empty_label.setVisible(not sends)
        self.waiting_label.setVisible(any(s.broadcast.id in waiting for s in sends))
        self.table.setVisible(bool(sends))
        if selected in self._ids:
            self.table.selectRow(self._ids.index(selected))
        elif sends:
            self.table.selectRow(0)
        self._update_buttons()

    def say(self, text: str, *, ok: bool = True, undo: bool = False) -> None:
        """What the last action did (a cancel, a move, or why it could not be done); with
        *undo*, the Undo of a cancel right after the words."""
        self.status_label.setObjectName("hint" if ok else "problem")
        self.status_label.style().unpolish(self.status_label)
        self.status_label.style().polish(self.status_label)
        self.status_label.setText(text)
        self.status_label.show()
        self.undo_button.setVisible(undo)

    def withdraw_undo(self) -> None:
        """The cancel can no longer be undone (its time is up, another cancel)."""
        self.undo_button.hide()

    def _undo(self) -> None:
        # Gone at the first press: a second press of a double press finds nothing.
        self.undo_button.hide()
        self.undo_requested.emit()

    def selected_id(self) -> int | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        if not rows:
            return None
        row = rows[0].row()
        return self._ids[row] if 0 <= row < len(self._ids) else None

    def _update_buttons(self) -> None:
        chosen = self.selected_id() is not None
        for button in (
            self.send_now_button,
            self.change_button,
            self.edit_button,
            self.cancel_button,
        ):
            button.setEnabled(chosen)

    def _emit(self, button: QPushButton, signal: Signal) -> None:
        """The chosen send's action; the second press of a double press is ignored (by then
        the list may show, and have chosen, another send)."""
        now = time.monotonic()
        last = self._pressed_at.get(button)
        self._pressed_at[button] = now
        if last is not None and now - last < QApplication.doubleClickInterval() / 1000:
            return
        chosen = self.selected_id()
        if chosen is not None:
            signal.emit(chosen)  # type: ignore[attr-defined]


# --- fell due while Tuma was closed (or asleep) -------------------------------------------------


class OverdueChoice(StrEnum):
    LATER = "later"  # decide later: it stays scheduled (listed), nothing is sent
    SEND_NOW = "send_now"
    CANCEL = "cancel"
    MORNING = "morning"  # a promotion outside the hours: due again when they next begin


class OverdueDialog(QDialog):
    """A scheduled send found overdue at start, or found late while Tuma ran: send it now, or
    cancel it (never on its own: a promotion for yesterday's sale must not go out unasked); a
    promotion found outside the hours for promotions can also go when they next begin."""

    def __init__(
        self,
        send: ScheduledSend,
        *,
        now: datetime,
        outside_hours: bool,
        account_was_closed: bool = False,
        being_edited: bool = False,
        found_late: bool = False,
        cancel_undone: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        """*account_was_closed*: Tuma was running when it fell due, but with this account
        signed out (or another one open). *being_edited*: it was off the schedule, being
        edited, when it fell due, and Undo put it back. *found_late*: Tuma was running with
        this account open, but its check found it late (the computer was asleep).
        *cancel_undone*: it was cancelled, and Undo put it back after its time."""
        super().__init__(parent)
        self.setObjectName("overdueDialog")
        self.setWindowTitle(self.tr("A scheduled message was not sent"))
        self.choice = OverdueChoice.LATER
        self.broadcast_id = send.broadcast.id
        layout = QVBoxLayout(self)
        layout.setSpacing(12)
        heading = QLabel(
            self.tr("This message was due {when}, {late} ago").format(
                when=due_text(send.due_at, now), late=lateness_text(send.due_at, now)
            )
        )
        heading.setObjectName("dialogTitle")
        heading.setWordWrap(True)
        layout.addWidget(heading)
        body = QLabel(
            (
                self.tr(
                    "It was cancelled, and Undo put it back after its time, so nothing was "
                    "sent. It is for {people}, from {sender}. Send it now only if it is still "
                    "right to send."
                )
                if cancel_undone
                else self.tr(
                    "It was off the schedule, being edited, when it fell due, so nothing was "
                    "sent. It is for {people}, from {sender}. Send it now only if it is still "
                    "right to send."
                )
                if being_edited
                else self.tr(
                    "Tuma could not send it on time: the computer was asleep, or Tuma was "
                    "busy. Nothing was sent. It is for {people}, from {sender}. Send it now "
                    "only if it is still right to send."
                )
                if found_late
                else self.tr(
                    "This account was not open in Tuma when it fell due, so nothing was sent. "
                    "It is for {people}, from {sender}. Send it now only if it is still right "
                    "to send."
                )
                if account_was_closed
                else self.tr(
                    "Tuma was closed when it fell due, so nothing was sent. It is for {people}, "
                    "from {sender}. Send it now only if it is still right to send."
                )
            ).format(
                people=counts().people(send.broadcast.recipients_pending),
                sender=send.broadcast.sender_id,
            )
        )
        body.setWordWrap(True)
        layout.addWidget(body)
        preview = QLabel(send.broadcast.text[:280])
        preview.setObjectName("smsBubble")
        preview.setWordWrap(True)
        preview.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(preview)
        if outside_hours:
            rule = QLabel(
                self.tr(
                    "It is a promotion, and promotions may only go out between {hours}."
                ).format(hours=hours_text())
            )
            rule.setObjectName("warning")
            rule.setWordWrap(True)
            layout.addWidget(rule)
        buttons = QDialogButtonBox()
        # (when it goes out if the user picks the morning: outside the hours only)
        self.morning: datetime | None = None
        self.morning_button: QPushButton | None = None
        if outside_hours:
            # A promotion for the evening found at 21:00: the morning is what the shop
            # wants, not tonight nor never (it offered only those, and "Decide later").
            self.morning = next_promo_start(now)
            self.morning_button = buttons.addButton(
                self.tr("Send it {when}").format(when=due_text(self.morning, now)),
                QDialogButtonBox.ButtonRole.AcceptRole,
            )
            self.morning_button.setObjectName("overdueMorning")
            self.morning_button.setAutoDefault(False)
            self.morning_button.clicked.connect(lambda: self._decide(OverdueChoice.MORNING))
        self.send_button = buttons.addButton(
            # Outside the hours, as the other questions about a promotion say it: sending
            # now goes against the rule just shown, by the user's own decision.
            self.tr("Send now anyway") if outside_hours else self.tr("Send now"),
            QDialogButtonBox.ButtonRole.AcceptRole,
        )
        self.send_button.setObjectName("overdueSendNow")
        self.send_button.setAutoDefault(False)
        self.send_button.clicked.connect(lambda: self._decide(OverdueChoice.SEND_NOW))
        self.cancel_send_button = buttons.addButton(
            self.tr("Cancel it"), QDialogButtonBox.ButtonRole.DestructiveRole
        )
        self.cancel_send_button.setObjectName("overdueCancel")
        self.cancel_send_button.setAutoDefault(False)
        self.cancel_send_button.clicked.connect(lambda: self._decide(OverdueChoice.CANCEL))
        self.later_button = buttons.addButton(
            self.tr("Decide later"), QDialogButtonBox.ButtonRole.RejectRole
        )
        self.later_button.setObjectName("overdueLater")
        self.later_button.setDefault(True)
        self.later_button.clicked.connect(self.reject)
        layout.addWidget(buttons)
        note = QLabel(self.tr("“Decide later” keeps it in the scheduled list, unsent."))
        note.setObjectName("hint")
        layout.addWidget(note)

    def _decide(self, choice: OverdueChoice) -> None:
        self.choice = choice
        self.accept()


def people_left_out_text(count: int) -> str:
    """The confirmation's line for numbers left out because they opted out."""
    return _Counted().left_out(count)
