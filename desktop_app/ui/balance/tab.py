"""The Balance tab: credits, their KES value, what they buy, a low-balance warning and the
history of readings."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from PySide6.QtCore import QLocale, QSize, Qt, QTime
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.api.models import AccountDetails
from desktop_app.ui.balance.chart import BalanceChart
from desktop_app.ui.balance.history import is_low, single_part_messages
from desktop_app.ui.context import AppContext, session_title
from desktop_app.ui.formats import kes, number, short_time
from desktop_app.ui.tabs import TabPage
from desktop_app.ui.widgets import align_spin_text, card, tab_titles
from desktop_app.ui.words import counts

log = logging.getLogger(__name__)

__all__ = ["BalanceTab", "format_kes"]

_NO_LIMIT = 16_777_215  # QWIDGETSIZE_MAX


def format_kes(amount: float) -> str:
    return kes(amount)


class _Metric(QFrame):
    def __init__(self, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "card")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(4)
        self.caption = QLabel(caption, self)
        self.caption.setProperty("role", "caption")
        self.value = QLabel("—", self)
        self.value.setProperty("role", "metric")
        self.value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note = QLabel(self)
        self.note.setProperty("role", "muted")
        self.note.setWordWrap(True)
        layout.addWidget(self.caption)
        layout.addWidget(self.value)
        layout.addWidget(self.note)
        layout.addStretch(1)


class _OneLineIfRoom(QLabel):
    """A label on one line when its row has room, wrapped when the window is narrow: the
    practice caption beside the warning field made the smallest window (800 px, English)
    scroll sideways. A wrapped QLabel alone asks for a narrow, three-line size even when
    there is room to spare."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setWordWrap(True)
        self.setIndent(0)  # its padding comes from the style sheet

    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        width = self.fontMetrics().boundingRect(self.text()).width()
        width += margins.left() + margins.right()
        one_line = super().heightForWidth(_NO_LIMIT)
        for _ in range(8):  # a pixel or two of rounding between the two measures
            if super().heightForWidth(width) <= one_line:
                break
            width += 1
        return QSize(width, one_line)


class BalanceTab(TabPage):
    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        #: When the balance shown was read (the last reading that worked): the subtitle's
        #: "last checked at", kept when only the warning level changes.
        self._checked_at: QTime | None = None
        #: Where the keyboard went when Refresh greyed under it (given back after)
        self._keyboard_moved_to: QWidget | None = None
        #: The last reading failed: the subtitle says so until one works (a change of the
        #: warning level wrote "last checked at <now>" over it).
        self._reading_failed = False
        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 20, 24, 20)
        outer.setSpacing(16)

        header, self.subtitle = tab_titles(self, self.tr("Balance"))
        self.refresh_button = QPushButton(self.tr("&Refresh"), self)
        self.refresh_button.setToolTip(self.tr("Check the balance again (F5)"))
        self.refresh_button.clicked.connect(self._on_refresh_clicked)
        header.addWidget(self.refresh_button, 0, Qt.AlignmentFlag.AlignVCenter)
        outer.addLayout(header)

        metrics = QGridLayout()
        metrics.setHorizontalSpacing(16)
        self.credits = _Metric(self.tr("Credits"), self)
        self.value = _Metric(self.tr("Value"), self)
        self.buys = _Metric(self.tr("Messages it buys"), self)
        for column, metric in enumerate((self.credits, self.value, self.buys)):
            metrics.addWidget(metric, 0, column)
            metrics.setColumnStretch(column, 1)
        outer.addLayout(metrics)

        self.warning = QLabel(self)
        self.warning.setProperty("role", "warning")
        self.warning.setWordWrap(True)
        self.warning.hide()
        outer.addWidget(self.warning)

        history = card(self)
        history_layout = QVBoxLayout(history)
        history_layout.setContentsMargins(20, 16, 20, 12)
        history_layout.setSpacing(8)
        top_row = QHBoxLayout()
        history_title = QLabel(self.tr("History"), history)
        history_title.setProperty("role", "subtitle")
        top_row.addWidget(history_title)
        # Practice mode seeds two weeks of made-up readings so the chart is not empty: say so,
        # plainly, and never for a real account.
        self.sample_caption = _OneLineIfRoom(
            self.tr("Sample history for the practice account"), history
        )
        self.sample_caption.setObjectName("sampleHistoryCaption")
        self.sample_caption.setProperty("role", "warning")
        self.sample_caption.setToolTip(
            self.tr(
                "These readings were made up to show what the chart looks like. Your own "
                "account's chart starts with its first balance check."
            )
        )
        self.sample_caption.hide()
        top_row.addSpacing(8)
        top_row.addWidget(self.sample_caption)
        top_row.addStretch(1)
        threshold_label = QLabel(self.tr("&Warn me when credits fall below"), history)
        self.threshold = QSpinBox(history)
        self.threshold.setRange(0, 1_000_000)
        self.threshold.setSingleStep(10)
        self.threshold.setGroupSeparatorShown(True)
        self.threshold.setSpecialValueText(self.tr("never"))
        self.threshold.setMinimumWidth(110)
        align_spin_text(self.threshold)
        self.threshold.setToolTip(
            self.tr("The status bar turns to a warning below this many credits. 0 turns it off.")
        )
        threshold_label.setBuddy(self.threshold)
        top_row.addWidget(threshold_label)
        top_row.addWidget(self.threshold)
        history_layout.addLayout(top_row)
        self.chart = BalanceChart(history)
        history_layout.addWidget(self.chart, 1)
        note = self.tr(
            "Each dot is a balance check by Tuma (at start, after each send and when you press "
            "Refresh). Top-ups are not counted as spending."
        )
        self.chart.setToolTip(note)
        history_title.setToolTip(note)
        outer.addWidget(history, 1)

        self.threshold.setValue(ctx.settings.low_balance_threshold)
        self.threshold.valueChanged.connect(self._on_threshold_changed)
        ctx.balance_changed.connect(self._on_balance)
        ctx.balance_failed.connect(self._on_balance_failed)
        ctx.session_changed.connect(self._on_session_changed)
        ctx.tasks.busy_changed.connect(self._on_busy)
        self._on_session_changed()

    # -- slots ----------------------------------------------------------------------------

    def _on_refresh_clicked(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        if self.ctx.session is None:
            return
        had_keyboard = self.refresh_button.hasFocus()
        self.refresh_button.setEnabled(False)
        # Greyed, the button hands the keyboard to the next control, the warning level's
        # box: the next digit or arrow typed changed the level (saved at once) unnoticed. It
        # comes back once the reading is done, unless the user has moved it meanwhile.
        self._keyboard_moved_to = QApplication.focusWidget() if had_keyboard else None
        self.refresh_button.setText(self.tr("Checking…"))
        # Being read already (F5 as well, the offline recheck): this press waits for that
        # reading, instead of starting it over and asking the service once more.
        self.ctx.refresh_balance(join=True)

    def _on_busy(self, busy: bool) -> None:
        if not busy:
            self._reset_refresh_button()

    def _reset_refresh_button(self) -> None:
        self.refresh_button.setEnabled(self.ctx.session is not None)
        self.refresh_button.setText(self.tr("&Refresh"))
        moved_to, self._keyboard_moved_to = self._keyboard_moved_to, None
        if (
            moved_to is not None
            and QApplication.focusWidget() is moved_to
            and self.refresh_button.isEnabled()
        ):
            self.refresh_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_threshold_changed(self, value: int) -> None:
        if self.ctx.settings.low_balance_threshold == value:
            return
        self.ctx.settings.low_balance_threshold = value
        self.ctx.save_settings()
        self.chart.set_threshold(value)
        self._show_details(self.ctx.last_balance)

    def _on_session_changed(self) -> None:
        session = self.ctx.session
        self._checked_at = None  # another account: its balance is read afresh
        self._reading_failed = False
        self.sample_caption.setVisible(session is not None and session.is_sandbox)
        self._reset_refresh_button()
        if session is None:
            self.subtitle.setText(self.tr("No account connected."))
        self._show_details(self.ctx.last_balance)
        self._load_history()

    def _on_balance(self, details: object) -> None:
        self._reset_refresh_button()
        if isinstance(details, AccountDetails):
            self._checked_at = QTime.currentTime()
            self._reading_failed = False
            self._show_details(details)
        self._load_history()

    def _on_balance_failed(self, _exc: object) -> None:
        self._reset_refresh_button()
        self._reading_failed = self.ctx.session is not None
        self.subtitle.setText(self._not_read_words())

    def _not_read_words(self) -> str:
        """What the subtitle says when the balance could not be read (or is being read)."""
        unknown = self.ctx.balance_unknown
        if unknown is None and self.ctx.last_balance is not None:
            # A reading failed after one that worked: AppContext.balance_unknown is None
            # (a balance is known), but this reading was not.
            unknown = "failed" if self.ctx.service_reachable else "offline"
        if unknown == "offline":
            # The reading's failure put up no message (the status bar says "Offline"):
            # there is nothing "above" to see.
            return self.tr(
                "Could not check the balance: Tuma cannot reach the service. It checks again"
                " by itself when the connection is back."
            )
        if unknown == "failed":
            return self.tr("Could not check the balance just now — see the message above.")
        return self.tr("Checking the balance…")

    # -- display --------------------------------------------------------------------------

    def _show_details(self, details: AccountDetails | None) -> None:
        locale = QLocale()
        session = self.ctx.session
        threshold = self.ctx.settings.low_balance_threshold
        self.chart.set_threshold(threshold)
        if details is None or session is None:
            for metric in (self.credits, self.value, self.buys):
                metric.value.setText("—")
                metric.note.setText("")
            if session is not None:
                self.subtitle.setText(self._not_read_words())
            self.warning.hide()
            return
        if self._reading_failed:
            # the balance shown is the last one read; the reading since failed, and says so
            self.subtitle.setText(self._not_read_words())
        else:
            if self._checked_at is None:  # read before this tab was made: first seen now
                self._checked_at = QTime.currentTime()
            self.subtitle.setText(
                self.tr("{account} · last checked at {time}").format(
                    account=session_title(session), time=short_time(self._checked_at)
                )
            )
        self.credits.value.setText(number(details.credits))
        self.credits.note.setText(self.tr("1 credit = 1 SMS part"))
        rate = self.ctx.price_per_part
        if rate is not None:
            self.value.value.setText(format_kes(details.credits * rate))
            source = (
                self.tr("your provider's rate")
                if details.sms_rate is not None
                else self.tr("the price in your account settings")
            )
            self.value.note.setText(
                self.tr("at {price} per SMS part ({source})").format(
                    price=format_kes(rate), source=source
                )
            )
        else:
            self.value.value.setText(self.tr("Unknown"))
            self.value.note.setText(
                self.tr("Set the price per SMS part under Account → Connect an account…")
            )
        self.buys.value.setText(locale.toString(single_part_messages(details.credits)))
        self.buys.note.setText(self.tr("single-part SMS (up to 160 plain characters each)"))
        if is_low(details.credits, threshold):
            self.warning.setText(
                self.tr(
                    "Your balance is low: {credits} left, below your warning level of "
                    "{threshold}. Top up with your provider before a big broadcast."
                ).format(
                    credits=counts().credits(details.credits),
                    threshold=locale.toString(threshold),
                )
            )
            self.warning.show()
        else:
            self.warning.hide()

    def _load_history(self) -> None:
        session = self.ctx.session
        if session is None:
            self.chart.set_history([])
            return
        since = datetime.now().astimezone() - timedelta(days=self.chart.DAYS + 30)
        self.ctx.tasks.start(
            "balance.history",
            self.ctx.services.balance.history(session.profile.name, since),
            on_success=lambda history: self._show_history(session, history),
            on_error=self._on_history_failed,
        )

    def _show_history(self, session: object, history: list[tuple[datetime, float]]) -> None:
        if session is self.ctx.session:
            self.chart.set_history(history)

    def _on_history_failed(self, _exc: BaseException) -> bool:
        log.warning("could not read the balance history", exc_info=_exc)
        self.chart.set_history([])
        return True  # the history is a nice-to-have: the balance still shows
