"""The status bar says, in one calm place, when Tuma cannot reach the service, and stops
saying it with the next reply: against a sandbox of the test's own, stopped and started."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desktop_app.ui.main_window import MainWindow
from tests.conftest import RestartableSandbox
from tests.ui.conftest import app_theme


@pytest.fixture
def own_window(qtbot, own_ctx):  # type: ignore[no-untyped-def]
    win = MainWindow(own_ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.show()
    yield win
    win.close()


def _save(win: MainWindow, name: str) -> None:
    out = Path("/tmp/offline")
    if out.is_dir():  # a look at it by hand, when the folder is there
        win.grab().save(str(out / name))


def test_offline_shows_in_the_status_bar_and_goes_with_the_next_reply(
    qtbot: Any, qapp: Any, own_window: MainWindow, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    with app_theme(qapp):
        _offline_and_back(qtbot, own_window, own_ctx, own_sandbox)


def _offline_and_back(
    qtbot: Any, win: MainWindow, ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    changes: list[bool] = []
    ctx.reachability_changed.connect(changes.append)
    assert not win.offline_shown

    own_sandbox.stop()
    ctx.refresh_balance()
    qtbot.waitUntil(lambda: win.offline_shown, timeout=15000)
    assert "Offline" in win.offline_label.text()
    assert "nothing is lost" in win.offline_label.toolTip()
    assert win.offline_label.isVisible()
    # Said once, in the status bar: the background balance reading adds no error bar.
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=15000)
    assert win.message_bar.message is None
    _save(win, "offline-1280x800.png")
    win.resize(win.minimumSize())
    qtbot.waitUntil(lambda: win.width() == win.minimumWidth())
    assert win.offline_label.isVisible()
    assert win.offline_label.geometry().right() < win.account_label.geometry().left()
    _save(win, "offline-minimum.png")

    # More failures while offline change nothing (no flicker, no second word).
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=15000)
    ctx.refresh_balance()
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=15000)
    assert changes == [False]

    own_sandbox.start()
    ctx.refresh_balance()
    qtbot.waitUntil(lambda: not win.offline_shown, timeout=15000)
    assert changes == [False, True]


def test_switching_account_or_closing_the_session_clears_offline(
    qtbot: Any, arun: Any, own_window: MainWindow, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    win, ctx = own_window, own_ctx
    own_sandbox.stop()
    ctx.refresh_balance()
    qtbot.waitUntil(lambda: win.offline_shown, timeout=15000)
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=15000)

    arun(ctx.open_session(ctx.profile, ctx.account.token))  # a new session: not known offline
    assert not win.offline_shown
    ctx.refresh_balance()
    qtbot.waitUntil(lambda: win.offline_shown, timeout=15000)
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=15000)

    arun(ctx.close_session())
    assert not win.offline_shown


def test_offline_it_asks_again_by_itself_until_the_service_answers(
    qtbot: Any,
    own_window: MainWindow,
    own_ctx: Any,
    own_sandbox: RestartableSandbox,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Nothing else may ask the service anything for a long while (nothing due, nobody at the
    keyboard): the app reads the balance now and then, and the word goes when it answers; the
    window is not shown busy meanwhile."""
    from desktop_app.ui import context

    monkeypatch.setattr(context, "RECHECK_PAUSES", (0.3,))
    win, ctx = own_window, own_ctx
    own_sandbox.stop()
    ctx.refresh_balance()
    qtbot.waitUntil(lambda: win.offline_shown, timeout=15000)
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=15000)  # the rechecks are not "busy"
    asked: list[bool] = []
    real_refresh = ctx.refresh_balance
    monkeypatch.setattr(ctx, "refresh_balance", lambda: (asked.append(True), real_refresh()))
    qtbot.waitUntil(lambda: len(asked) >= 2, timeout=15000)  # again and again, while offline
    assert win.offline_shown

    own_sandbox.start()  # and nobody presses anything
    qtbot.waitUntil(lambda: not win.offline_shown, timeout=15000)
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=15000)
    settled = len(asked)
    qtbot.wait(1000)
    assert len(asked) == settled  # answered: no more asking


def test_a_balance_never_read_offline_says_so_not_checking_for_ever(
    qtbot: Any,
    qapp: Any,
    arun: Any,
    own_window: MainWindow,
    own_ctx: Any,
    own_sandbox: RestartableSandbox,
) -> None:
    """Started offline (a real account, no internet), the balance was "checking…" for good in
    the status bar and in Compose's summary, beside "Offline" and "Connected: …", and the
    Balance tab said "see the message above" of a message that offline is never shown. Each
    now says the balance is not known while offline; back online, the balance shows."""
    win, ctx = own_window, own_ctx
    compose, balance = win.tab("compose"), win.tab("balance")
    assert win.account_label.text().startswith("Connected: ")
    own_sandbox.stop()
    arun(ctx.open_session(ctx.profile, ctx.account.token))  # no balance read yet
    assert ctx.last_balance is None
    assert win.balance_label.text() == "Balance: checking…"  # the first reading is going
    qtbot.waitUntil(lambda: win.offline_shown, timeout=15000)
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=15000)
    qtbot.waitUntil(lambda: compose.summary.balance_value.text() != "checking…", timeout=5000)

    assert ctx.balance_unknown == "offline"
    assert win.balance_label.text() == "Balance: not known while offline"
    assert win.account_label.text() == "Account: Own shop"  # not "Connected" beside "Offline"
    assert compose.summary.balance_value.text() == "not known while offline"
    assert win.message_bar.message is None
    assert "cannot reach the service" in balance.subtitle.text()
    assert "message above" not in balance.subtitle.text()
    balance.threshold.setValue(balance.threshold.value() + 5)  # shows the details again
    assert "cannot reach the service" in balance.subtitle.text()
    with app_theme(qapp):  # the long words wrap: the tab still fits the least window
        win.resize(win.minimumSize())
        win.show_tab("balance")
        area = win.tabs.currentWidget()
        qtbot.waitUntil(lambda: win.width() == win.minimumWidth())
        qtbot.wait(50)
        assert area.horizontalScrollBar().maximum() == 0
        assert balance.refresh_button.geometry().right() <= area.viewport().width()

    own_sandbox.start()
    ctx.refresh_balance()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=15000)
    qtbot.waitUntil(lambda: "credit" in compose.summary.balance_value.text(), timeout=5000)
    assert ctx.balance_unknown is None
    assert win.account_label.text() == "Connected: Own shop"
    assert "credit" in win.balance_label.text().lower()
    assert "last checked" in balance.subtitle.text()


def test_a_balance_reading_that_failed_is_not_known_and_points_at_the_message(
    qtbot: Any, arun: Any, own_window: MainWindow, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    """Online, a reading the service refused (its errors, tried again and again) says so
    above the tabs; the balance is "not known" (not "checking…") until one works."""
    from desktop_app.sandbox.admin import SandboxAdmin

    win, ctx = own_window, own_ctx
    compose, balance = win.tab("compose"), win.tab("balance")
    with SandboxAdmin(own_sandbox.process.base_url, own_sandbox.admin_key) as admin:
        admin.fault("error500", 20, path_prefix="/v1/get-balance")
        try:
            arun(ctx.open_session(ctx.profile, ctx.account.token))
            ctx.client().backoff = 0.01
            qtbot.waitUntil(lambda: ctx.balance_unknown == "failed", timeout=15000)
            qtbot.waitUntil(
                lambda: compose.summary.balance_value.text() == "not known", timeout=5000
            )
        finally:
            admin.clear_faults()
    assert win.balance_label.text() == "Balance: not known"
    assert win.account_label.text() == "Connected: Own shop"
    assert win.message_bar.message is not None
    assert "message above" in balance.subtitle.text()


def test_a_long_account_name_is_shortened_in_the_status_bar_not_cut(
    qtbot: Any,
    qapp: Any,
    arun: Any,
    own_window: MainWindow,
    own_ctx: Any,
    own_sandbox: RestartableSandbox,
) -> None:
    """A shop's long account name was cut mid-word at 800 px ("Account: Duka la Mama Njeri -
    Whole"), beside "Offline" and the balance: it ends with "…", whole in the tooltip."""
    from dataclasses import replace

    win, ctx = own_window, own_ctx
    name = "Duka la Mama Njeri - Wholesale and Retail, Kariobangi North Branch 2"
    with app_theme(qapp):
        own_sandbox.stop()
        arun(ctx.open_session(replace(ctx.profile, name=name), ctx.account.token))
        qtbot.waitUntil(lambda: win.offline_shown, timeout=15000)
        qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=15000)
        win.resize(win.minimumSize())
        qtbot.waitUntil(lambda: win.width() == win.minimumWidth())
        label = win.account_label
        assert label.text().startswith("Account: Duka la Mama Njeri")
        assert label.text().endswith("…")
        assert label.toolTip() == f"Account: {name}"
        assert label.width() >= label.sizeHint().width()  # shown whole, not cut
        assert win.balance_label.width() >= win.balance_label.sizeHint().width()
        assert win.offline_label.width() >= win.offline_label.sizeHint().width()
