"""The status bar's words while a request is tried again say which try it is, the "slow to
answer" words too once it is not the first try: "busy: trying again (try 2 of 3)" used to be
followed by a plain "slow to answer", as if it had started over. Against the real sandbox: a
500 on the first try, the second answered late."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.core.api import client as client_module
from desktop_app.core.api.attempts import Retry, RetryReason
from desktop_app.ui.main_window import MainWindow
from desktop_app.ui.words import retrying

BUSY_2 = "The service is busy: trying again (try 2 of 3)…"
SLOW_2 = "The service is slow to answer (try 2 of 3). Still waiting… (you can keep working)"


def test_slow_on_a_later_try_says_which_try_and_not_on_the_first() -> None:
    first = Retry(1, 3, RetryReason.SLOW, 0.0)
    third = Retry(3, 3, RetryReason.SLOW, 0.0)
    assert retrying(first) == "The service is slow to answer. Still waiting… (you can keep working)"
    assert retrying(third) == (
        "The service is slow to answer (try 3 of 3). Still waiting… (you can keep working)"
    )
    assert retrying(third, can_keep_working=False) == (
        "The service is slow to answer (try 3 of 3). Still waiting…"
    )


def test_the_status_bar_names_the_try_that_is_slow(
    qtbot: Any, ctx: Any, admin: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client_module, "SLOW_REPLY_AFTER", 0.2)
    ctx.client().backoff = 0.05
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    seen: list[str] = []
    ctx.tasks.retrying.connect(lambda *_: seen.append(window.busy_label.text()))
    admin.clear_faults()
    admin.fault("error500", 1, path_prefix="/v1/get-balance")
    admin.fault("delay", 1, path_prefix="/v1/get-balance", seconds=1.0)
    try:
        ctx.refresh_balance()
        qtbot.waitUntil(lambda: window.busy_label.text() == SLOW_2, timeout=5000)
        qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    finally:
        admin.clear_faults()
    assert seen == [BUSY_2, SLOW_2, "Working…"]
    window.close()
