"""Every request's outcome feeds the one offline word in the status bar: the check before a
Send that gives up on a host that never answers sets it (it used to stay silent, so the window
looked online while Compose said it could not reach the service), and the next request that
gets through clears it. The status bar's "still trying" ends with the check, too.

Real parts: the main window with its tabs, a sandbox of the test's own whose port is taken by
a socket that never completes a connection (a dead host), timeouts shrunk.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from desktop_app.core.api import client as client_module
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose import tab as compose_tab
from desktop_app.ui.main_window import MainWindow
from tests.conftest import RestartableSandbox
from tests.ui.compose.helpers import SendRun, compose, use_kenyan_locale
from tests.ui.compose.test_send_offline import OFFLINE, TEXT, dead_host


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def short_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Connect in 0.3 s or never (set before the session's client is made)."""
    monkeypatch.setattr(client_module, "CONNECT_TIMEOUT", 0.3)
    monkeypatch.setattr(compose_tab, "BALANCE_CHECK_TIMEOUT", 0.2)


@pytest.fixture
def window(qtbot: Any, short_waits: None, own_ctx: Any) -> Iterator[MainWindow]:
    win = MainWindow(own_ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.resize(1600, 1200)  # (the tab's Send button in view, for the confirmation's clicks)
    win.show()
    win.show_tab("compose")
    yield win
    win.close()


def test_the_send_check_that_finds_no_service_shows_offline_and_the_next_reply_clears_it(
    qtbot: Any, window: MainWindow, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    tab = window.tab("compose")
    assert isinstance(tab, ComposeTab)
    compose(qtbot, tab, "0712 345 678", TEXT)
    changes: list[bool] = []
    own_ctx.reachability_changed.connect(changes.append)
    own_sandbox.stop()
    with dead_host(own_sandbox.port):
        run = SendRun(qtbot, tab)
        tab.summary.send_button.click()
        assert run.wait() is None
        assert tab.summary.problem_label.text() == OFFLINE
        # The window says it too, in its one place; and no longer "still trying".
        assert window.offline_shown
        assert changes == [False]
        assert own_ctx.tasks.latest_retry() is None
        assert not window.busy_label.text().startswith("Still trying")
    own_sandbox.start()
    run.finished.clear()
    tab.summary.send_button.click()  # the check gets through: the word goes
    run.confirm()
    run.wait()
    assert not window.offline_shown
    assert changes == [False, True]
