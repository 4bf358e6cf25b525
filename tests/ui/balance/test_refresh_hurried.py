"""The Balance tab's Refresh pressed while the balance is already being read (by the offline
recheck, after a send, at start-up; here the service asked to slow down, Retry-After 2 s, and
the client waits it out): the press joins that reading. It used to cancel it and ask the
rate-limited service again. F5 joins it too (on Compose it asked twice, the open tab's
refresh cancelling the window's reading), and the words of a reading that failed are taken
back once the next one gets through."""

from __future__ import annotations

from typing import Any

from desktop_app.sandbox.admin import SandboxAdmin
from desktop_app.ui.balance.tab import BalanceTab
from desktop_app.ui.errors import Level
from desktop_app.ui.main_window import MainWindow
from tests.conftest import RestartableSandbox

BUSY_2 = "The service is busy: trying again (try 2 of 3)…"


def open_window(qtbot: Any, ctx: Any, tab: str | None = None) -> MainWindow:
    """The main window shown (on *tab*), once its start-up reading is done."""
    win = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.show()
    if tab is not None:
        win.show_tab(tab)
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    return win


def count_reads(ctx: Any) -> list[object]:
    """Each balance reading asked of the service from now on (its client), in order."""
    reads: list[object] = []
    real_fetch = ctx.services.balance.fetch

    async def counting_fetch(client: Any) -> Any:
        reads.append(client)
        return await real_fetch(client)

    ctx.services.balance.fetch = counting_fetch
    return reads


def test_refresh_during_a_rate_limited_read_joins_it(
    qtbot: Any, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    win = open_window(qtbot, own_ctx, "balance")
    tab = win.tab("balance")
    assert isinstance(tab, BalanceTab)
    reads = count_reads(own_ctx)
    with SandboxAdmin(own_sandbox.process.base_url, own_sandbox.admin_key) as admin:
        admin.fault("ratelimit", 1, path_prefix="/v1/get-balance", seconds=2)
        try:
            own_ctx.refresh_balance()  # a reading started elsewhere
            qtbot.waitUntil(lambda: win.busy_label.text() == BUSY_2, timeout=5000)
            # (the reading's own signal, not only the task's end: the button comes back with
            # the end of its done-callback, just after the task itself ended)
            with qtbot.waitSignal(own_ctx.balance_changed, timeout=10000):
                tab.refresh_button.click()
                assert not tab.refresh_button.isEnabled()  # "Checking…" until that reading ends
                assert tab.refresh_button.text() == "Checking…"
            qtbot.waitUntil(lambda: not own_ctx.tasks.busy, timeout=10000)
        finally:
            admin.clear_faults()
    assert len(reads) == 1
    assert win.message_bar.message is None  # waited out: nothing to tell
    assert tab.refresh_button.isEnabled()
    assert tab.refresh_button.text() == "&Refresh"
    assert "last checked at" in tab.subtitle.text()


def test_f5_pressed_again_and_again_joins_the_reading_under_way(
    qtbot: Any, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    win = open_window(qtbot, own_ctx, "compose")  # its own refresh asks for the balance as well
    reads = count_reads(own_ctx)
    with SandboxAdmin(own_sandbox.process.base_url, own_sandbox.admin_key) as admin:
        admin.fault("ratelimit", 1, path_prefix="/v1/get-balance", seconds=2)
        try:
            win.refresh()
            qtbot.waitUntil(lambda: win.busy_label.text() == BUSY_2, timeout=5000)
            for _ in range(4):
                win.refresh()
            qtbot.waitUntil(lambda: not own_ctx.tasks.busy, timeout=10000)
        finally:
            admin.clear_faults()
    assert len(reads) == 1
    assert own_ctx.last_balance is not None
    assert win.message_bar.message is None


def test_a_sends_new_balance_still_starts_the_reading_over(
    qtbot: Any, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    """Not joined: the balance changed since that reading began."""
    win = open_window(qtbot, own_ctx)
    reads = count_reads(own_ctx)
    with SandboxAdmin(own_sandbox.process.base_url, own_sandbox.admin_key) as admin:
        admin.fault("ratelimit", 1, path_prefix="/v1/get-balance", seconds=2)
        try:
            own_ctx.refresh_balance(join=True)
            qtbot.waitUntil(lambda: win.busy_label.text() == BUSY_2, timeout=5000)
            own_ctx.refresh_balance()  # as after a send
            qtbot.waitUntil(lambda: not own_ctx.tasks.busy, timeout=10000)
        finally:
            admin.clear_faults()
    assert len(reads) == 2


def test_the_words_of_a_failed_reading_go_once_one_gets_through(
    qtbot: Any, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    win = open_window(qtbot, own_ctx, "balance")
    tab = win.tab("balance")
    assert isinstance(tab, BalanceTab)
    with SandboxAdmin(own_sandbox.process.base_url, own_sandbox.admin_key) as admin:
        admin.fault("error500", 3, path_prefix="/v1/get-balance")
        try:
            # (the signal, not only the task's end: its words are said just after it ends)
            with qtbot.waitSignal(own_ctx.balance_failed, timeout=20000):
                tab.refresh_button.click()
            qtbot.waitUntil(lambda: not own_ctx.tasks.busy, timeout=20000)
        finally:
            admin.clear_faults()
    shown = win.message_bar.message
    assert shown is not None
    assert "problem" in shown.title
    own_ctx.errors.info("Saved", "Good news in between goes by itself.")
    with qtbot.waitSignal(own_ctx.balance_changed, timeout=10000):
        tab.refresh_button.click()
    qtbot.waitUntil(lambda: not own_ctx.tasks.busy, timeout=10000)
    assert win.message_bar.message is None
    assert "last checked at" in tab.subtitle.text()


def test_other_words_shown_since_stay_when_the_balance_gets_through(
    qtbot: Any, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    win = open_window(qtbot, own_ctx)
    with SandboxAdmin(own_sandbox.process.base_url, own_sandbox.admin_key) as admin:
        admin.fault("error500", 3, path_prefix="/v1/get-balance")
        try:
            # (the failure said before the problem shown since: it went just after the task)
            with qtbot.waitSignal(own_ctx.balance_failed, timeout=20000):
                own_ctx.refresh_balance()
            qtbot.waitUntil(lambda: not own_ctx.tasks.busy, timeout=20000)
        finally:
            admin.clear_faults()
    own_ctx.errors.info("Saved", "Good news goes by itself.")  # (a toast: the bar stays)
    own_ctx.errors.info("Not saved", "A problem shown since.", level=Level.WARNING)
    with qtbot.waitSignal(own_ctx.balance_changed, timeout=10000):
        own_ctx.refresh_balance()
    qtbot.waitUntil(lambda: not own_ctx.tasks.busy, timeout=10000)
    shown = win.message_bar.message
    assert shown is not None
    assert shown.title == "Not saved"


def test_a_reading_that_lands_while_tuma_quits_starts_nothing_and_raises_nothing(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    """A balance reading under way when the quit began still lands: the Balance tab's slot
    asked for its history, and the task runner, closing, raised in that slot ("the app is
    closing; no new work can start": seen once in a fresh clone's run). Every tab now hears
    the context's signals during the quit without starting or raising anything."""
    win = open_window(qtbot, ctx)
    for key in ("compose", "contacts", "import", "delivery", "balance"):
        win.show_tab(key)  # every tab built and listening
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    details = ctx.last_balance
    assert details is not None
    arun(ctx.tasks.shutdown(timeout=2.0))
    ctx.balance_changed.emit(details)
    ctx.balance_failed.emit(RuntimeError("late"))
    ctx.reachability_changed.emit(False)
    ctx.reachability_changed.emit(True)
    ctx.contacts_changed.emit()
    ctx.scheduled_changed.emit()
    ctx.session_changed.emit()
    qtbot.wait(50)
    assert not ctx.tasks.busy
