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
