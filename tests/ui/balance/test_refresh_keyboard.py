"""Space on the Balance tab's Refresh: greyed while it reads, the button handed the keyboard
to the next control, the warning level's box, where the next digit or arrow typed changed the
level (saved at once) unnoticed. The keyboard comes back to Refresh once the reading is done."""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop_app.ui.main_window import MainWindow


def test_space_on_refresh_leaves_the_keyboard_on_refresh(qtbot: Any, ctx: Any) -> None:
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    window.show_tab("balance")
    tab: Any = window.tab("balance")
    release = asyncio.Event()
    real_fetch = ctx.services.balance.fetch

    async def slow_fetch(client: Any) -> Any:
        await release.wait()
        return await real_fetch(client)

    ctx.services.balance.fetch = slow_fetch
    tab.refresh_button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(tab.refresh_button.hasFocus)
    qtbot.keyClick(tab.refresh_button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: not tab.refresh_button.isEnabled())
    release.set()
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    qtbot.waitUntil(tab.refresh_button.isEnabled)
    assert QApplication.focusWidget() is tab.refresh_button
