"""The Import tab's tests: the main window, connected, at a size that shows the wizard whole."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture
def window(qtbot: Any, ctx: Any) -> Iterator[Any]:
    from desktop_app.ui.main_window import MainWindow

    win = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.resize(1100, 760)
    win.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    yield win
    win.close()
