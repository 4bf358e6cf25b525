"""Shared helpers of the Compose tab tests: a Kenyan locale, the tab on a connected context,
a driver for one send attempt, and the scheduled sends' list and overdue question."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QLabel

from desktop_app.core.services.sending import RunReport, SentMessage
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose.rules import OverdueDialog
from desktop_app.ui.compose.send_dialog import ConfirmSendDialog
from desktop_app.ui.compose.tab import SCHEDULE_TASK

LEFT = Qt.MouseButton.LeftButton


def use_kenyan_locale() -> Iterator[None]:
    """Numbers as a Kenyan user sees them (1,000), whatever the machine's locale."""
    old = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.Kenya))
    yield
    QLocale.setDefault(old)


def make_tab(qtbot: Any, ctx: Any) -> ComposeTab:
    widget = ComposeTab(ctx)
    qtbot.addWidget(widget)
    widget.resize(1280, 760)
    widget.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    return widget


class SendRun:
    """Clicks Send and records what the tab reports when the attempt ends."""

    def __init__(self, qtbot: Any, tab: ComposeTab) -> None:
        self.qtbot, self.tab = qtbot, tab
        self.finished: list[object] = []
        tab.send_finished.connect(self.finished.append)

    def click_send(self) -> None:
        self.qtbot.mouseClick(self.tab.summary.send_button, LEFT)

    def confirm_dialog(self) -> ConfirmSendDialog:
        self.qtbot.waitUntil(
            lambda: self.tab.confirm_dialog is not None and self.tab.confirm_dialog.isVisible(),
            timeout=10000,
        )
        assert self.tab.confirm_dialog is not None
        return self.tab.confirm_dialog

    def confirm(self) -> None:
        self.qtbot.mouseClick(self.confirm_dialog().send_button, LEFT)

    def wait(self, timeout: int = 20000) -> object:
        self.qtbot.waitUntil(lambda: bool(self.finished), timeout=timeout)
        self.qtbot.waitUntil(lambda: not self.tab.ctx.tasks.is_running("compose.send"))
        return self.finished[-1]

    def batches(self) -> list[SentMessage]:
        """The accepted batches of the send that ended, as the Delivery tab reads them."""
        report = self.finished[-1]
        assert isinstance(report, RunReport)
        session = self.tab.ctx.session
        assert session is not None
        return self.tab.ctx.services.store.history.for_broadcast(
            session.profile.name, report.broadcast_id
        )


def compose(qtbot: Any, tab: ComposeTab, numbers: str, text: str) -> None:
    tab.recipients.set_numbers_text(numbers)
    tab.composer.editor.setFocus()
    qtbot.keyClicks(tab.composer.editor, text)
    qtbot.waitUntil(lambda: tab.summary.send_button.isEnabled())


# --- scheduled sends ------------------------------------------------------------------------


def settled_tab(
    qtbot: Any, ctx: Any, shop_clock: Any, *, running_for: timedelta | None = None
) -> ComposeTab:
    """The tab at 12:00 on the shop's clock (inside the hours for promotions), its rules read
    and its first due check done; *running_for*: open that long already (a send found due
    is found late, not at start)."""
    shop_clock.set(12, 0)
    widget = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.rules"))
    qtbot.waitUntil(lambda: not ctx.tasks.is_running(SCHEDULE_TASK))
    if running_for is not None:
        widget.started_at = widget._running_since = datetime.now(UTC) - running_for
    return widget


def open_list(qtbot: Any, tab: ComposeTab, rows: int = 1) -> Any:
    """The scheduled list, opened from the banner once the due check is done, *rows* long."""
    tab.check_scheduled()
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running(SCHEDULE_TASK))
    qtbot.waitUntil(tab.scheduled_banner.isVisible)
    qtbot.mouseClick(tab.scheduled_banner.view_button, LEFT)
    dialog = tab.scheduled_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.table.rowCount() == rows)
    return dialog


def waiting_ids(tab: ComposeTab, arun: Any) -> list[int]:
    """The ids of the account's scheduled sends, soonest first."""
    session = tab.ctx.session
    assert session is not None
    return [s.broadcast.id for s in arun(tab.ctx.services.sending.scheduled(session.profile.name))]


def visible_overdue(tab: ComposeTab) -> list[OverdueDialog]:
    """The overdue questions on screen (one at a time, at most)."""
    return [d for d in tab.findChildren(OverdueDialog) if d.isVisible()]


def said(dialog: OverdueDialog) -> str:
    """Every word the overdue question shows."""
    return " ".join(label.text() for label in dialog.findChildren(QLabel))
