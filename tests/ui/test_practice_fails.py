"""Practice mode that cannot start (a port in use, a data folder not writable): the bar said
"Practice mode could not start", but the green banner shown while it was starting stayed,
"Practice mode — messages go nowhere", over the real account still connected (a hurried
user sends a "practice" broadcast to real customers), and the Switch menu ticked both."""

from __future__ import annotations

import logging
from typing import Any


def _broken(window: Any, monkeypatch: Any, caplog: Any, exc: BaseException) -> None:
    async def broken() -> None:
        raise exc

    monkeypatch.setattr(window.manager, "_ensure_sandbox", broken)
    caplog.set_level(logging.CRITICAL, logger="desktop_app.ui.session")


def test_a_failed_practice_start_leaves_no_practice_banner_over_a_real_account(
    qtbot: Any, pressable_window: Any, ctx: Any, monkeypatch: Any, caplog: Any
) -> None:
    window = pressable_window
    assert ctx.session is not None
    assert not ctx.session.is_sandbox
    assert window.practice_banner.isHidden()
    _broken(window, monkeypatch, caplog, OSError("Address already in use"))
    window.switch_menu.actions()[0].trigger()  # Account > Switch > Practice account
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    assert not ctx.session.is_sandbox  # still the real account, and the bar says why
    assert "Practice mode could not start" in window.message_bar.message.title
    assert window.practice_banner.isHidden()
    ticked = [a.text() for a in window.switch_menu.actions() if a.isChecked()]
    assert ticked == ["Test shop"]


def test_a_first_run_whose_practice_fails_shows_no_demo_shop_banner(
    qtbot: Any, services: Any, arun: Any, monkeypatch: Any, caplog: Any
) -> None:
    from desktop_app.ui.context import AppContext
    from desktop_app.ui.main_window import MainWindow

    ctx = AppContext(services)
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    _broken(window, monkeypatch, caplog, PermissionError("data folder not writable"))
    try:
        arun(window.manager.start())
        assert ctx.session is None
        assert window.practice_banner.isHidden()
    finally:
        arun(ctx.tasks.shutdown(timeout=5.0))
