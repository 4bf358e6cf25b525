"""The Balance tab's subtitle when only "Warn me when credits fall below" changes.

Changing the warning level wrote "last checked at <now>" over the subtitle, though nothing
was read: a balance checked at 09:00 was said to be checked at 14:30, and a reading that had
just failed ("Could not check the balance just now…", or the offline words) was said to have
worked. The subtitle now keeps the time of the last reading that worked, and a failure stays
said until a reading works again.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QTime

from desktop_app.ui.balance import tab as balance_tab
from desktop_app.ui.balance.tab import BalanceTab


class Clock:
    """The Balance tab's clock (``QTime.currentTime``), set by the test."""

    now = QTime(9, 0)

    @classmethod
    def currentTime(cls) -> QTime:
        return cls.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> type[Clock]:
    monkeypatch.setattr(balance_tab, "QTime", Clock)
    Clock.now = QTime(9, 0)
    return Clock


def shown_tab(qtbot: Any, ctx: Any) -> BalanceTab:
    tab = BalanceTab(ctx)
    qtbot.addWidget(tab)
    tab.show()
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    return tab


def test_changing_the_warning_level_does_not_move_the_last_checked_time(
    qtbot: Any, ctx: Any, clock: type[Clock]
) -> None:
    """The balance is checked at 09:00; at 14:30 the user raises the warning level: the
    subtitle still says "last checked at 09:00". The next check says its own time."""
    tab = shown_tab(qtbot, ctx)
    tab.refresh()
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    assert tab.subtitle.text() == "Test shop · last checked at 09:00", tab.subtitle.text()
    clock.now = QTime(14, 30)
    tab.threshold.setValue(tab.threshold.value() + 10)
    assert tab.subtitle.text() == "Test shop · last checked at 09:00", tab.subtitle.text()
    tab.refresh()
    qtbot.waitUntil(lambda: "14:30" in tab.subtitle.text(), timeout=10000)


def test_a_failed_reading_is_still_said_after_changing_the_warning_level(
    qtbot: Any, ctx: Any, admin: Any
) -> None:
    """The balance could not be checked (the service had a problem); the user changes the
    warning level: the subtitle still says it could not be checked, not "last checked at
    <now>". Once a reading works, it says when."""
    tab = shown_tab(qtbot, ctx)
    admin.fault("error500", count=10, path_prefix="/v1/get-balance")
    try:
        tab.refresh()
        qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=20000)
    finally:
        admin.clear_faults()
    failed = tab.subtitle.text()
    assert failed == "Could not check the balance just now — see the message above.", failed
    tab.threshold.setValue(tab.threshold.value() + 10)
    assert tab.subtitle.text() == failed, tab.subtitle.text()
    tab.refresh()
    qtbot.waitUntil(lambda: "last checked at" in tab.subtitle.text(), timeout=10000)
    tab.threshold.setValue(tab.threshold.value() + 10)
    assert "last checked at" in tab.subtitle.text(), tab.subtitle.text()


def test_offline_words_stay_after_changing_the_warning_level(
    qtbot: Any, own_ctx: Any, own_sandbox: Any
) -> None:
    """The balance was read; then the connection is lost and a check cannot reach the
    service: the subtitle says so. Changing the warning level leaves those words up (the
    balance shown is the last one read, not one "checked" now)."""
    tab = shown_tab(qtbot, own_ctx)
    assert "last checked at" in tab.subtitle.text(), tab.subtitle.text()
    own_sandbox.stop()
    tab.refresh()
    qtbot.waitUntil(lambda: not own_ctx.tasks.busy, timeout=20000)
    offline = tab.subtitle.text()
    assert "cannot reach the service" in offline, offline
    tab.threshold.setValue(tab.threshold.value() + 10)
    assert tab.subtitle.text() == offline, tab.subtitle.text()
