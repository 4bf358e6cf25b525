"""Send when the service cannot be reached: the check before the confirmation says so in plain
words and stops there (nothing written down, nothing sent, the form kept), whether the line
refuses at once or a dead host never answers; a slow service still gets its confirmation (the
last known balance stands in); and the hurried user (Send pressed again, a change made while
it checks, the line back during the check) sends nothing twice and loses nothing.

Real parts: a sandbox of the test's own, stopped (refused) or with its port taken by a socket
that never completes a connection (a dead host); the timeouts shrunk to fractions of a second.
"""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from desktop_app.core.api import client as client_module
from desktop_app.sandbox.admin import SandboxAdmin
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose import tab as compose_tab
from tests.conftest import RestartableSandbox
from tests.ui.compose.helpers import SendRun, compose, make_tab, use_kenyan_locale

OFFLINE = (
    "Tuma could not reach the messaging service, so nothing was sent. Your message is kept: "
    "check your internet connection, then press Send again."
)
TEXT = "Habari! Your order is ready for pickup."


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def short_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Connect in 0.3 s or never; the check's own bound shorter still."""
    monkeypatch.setattr(client_module, "CONNECT_TIMEOUT", 0.3)
    monkeypatch.setattr(compose_tab, "BALANCE_CHECK_TIMEOUT", 0.2)


@pytest.fixture
def tab(qtbot: Any, short_waits: None, own_ctx: Any) -> ComposeTab:
    return make_tab(qtbot, own_ctx)


@contextlib.contextmanager
def dead_host(port: int) -> Iterator[None]:
    """The service's port held by a socket whose accept queue is full: the kernel drops the
    connection attempts, as on a pulled cable (tests/core/api/test_unreachable.py)."""
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", port))
    server.listen(0)
    fillers: list[socket.socket] = []
    try:
        for _ in range(4):
            filler = socket.socket()
            filler.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                filler.connect(("127.0.0.1", port))
            fillers.append(filler)
        time.sleep(0.1)
        yield
    finally:
        for filler in fillers:
            filler.close()
        server.close()


def messages(box: RestartableSandbox, account: Any) -> list[dict[str, Any]]:
    with SandboxAdmin(box.process.base_url, box.admin_key) as admin:
        return admin.messages(account.account_id)


def assert_stopped_at_the_check(tab: ComposeTab, run: SendRun, ctx: Any) -> None:
    """No confirmation; the plain words; the form and its draft as they were; nothing in the
    journal to resume or send again."""
    assert run.wait() is None
    assert ctx.services.store.history.sent_messages(ctx.session.profile.name) == []
    assert tab.confirm_dialog is None
    assert tab.summary.problem_label.isVisible()
    assert tab.summary.problem_label.text() == OFFLINE
    assert tab.composer.text() == TEXT
    assert tab.recipients.numbers_edit.toPlainText() == "0712 345 678"
    assert ctx.services.store.journal.unfinished(ctx.session.profile.name) == []
    assert tab.summary.send_button.isEnabled()  # press Send again once connected


def send_again_once_back(
    qtbot: Any, tab: ComposeTab, ctx: Any, box: RestartableSandbox, run: SendRun
) -> None:
    """The line is back: the next Send confirms and sends, once, and the form is emptied."""
    run.finished.clear()
    run.click_send()
    run.confirm()
    run.wait()
    assert [m["phone"] for m in messages(box, ctx.account)] == ["+254712345678"]
    assert tab.composer.text() == ""
    assert not tab.summary.problem_label.isVisible()


def test_send_with_the_network_gone_stops_at_the_check(
    qtbot: Any, tab: ComposeTab, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    compose(qtbot, tab, "0712 345 678", TEXT)
    own_sandbox.stop()  # connections refused at once
    run = SendRun(qtbot, tab)
    run.click_send()
    assert_stopped_at_the_check(tab, run, own_ctx)
    own_sandbox.start()
    send_again_once_back(qtbot, tab, own_ctx, own_sandbox, run)


def test_send_to_a_host_that_never_answers_stops_at_the_check(
    qtbot: Any, tab: ComposeTab, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    """Before: after the check's timeout the last known balance was used and the confirmation
    shown, for a send that then failed half a minute later (three connect timeouts)."""
    compose(qtbot, tab, "0712 345 678", TEXT)
    own_sandbox.stop()
    with dead_host(own_sandbox.port):
        run = SendRun(qtbot, tab)
        run.click_send()
        assert_stopped_at_the_check(tab, run, own_ctx)
    own_sandbox.start()
    send_again_once_back(qtbot, tab, own_ctx, own_sandbox, run)


def test_a_slow_service_still_gets_the_confirmation(
    qtbot: Any, tab: ComposeTab, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    """Connected, answering slowly: the last known balance stands in, as before."""
    compose(qtbot, tab, "0712 345 678", TEXT)
    with SandboxAdmin(own_sandbox.process.base_url, own_sandbox.admin_key) as admin:
        admin.fault("delay", 1, path_prefix="/v1/get-balance", seconds=2)
    run = SendRun(qtbot, tab)
    run.click_send()
    qtbot.waitUntil(  # well before the 2 s delay is over
        lambda: tab.confirm_dialog is not None and tab.confirm_dialog.isVisible(), timeout=1500
    )
    assert not tab.summary.problem_label.isVisible()
    run.confirm()
    run.wait()
    assert [m["phone"] for m in messages(own_sandbox, own_ctx.account)] == ["+254712345678"]


def test_the_hurried_user_offline_sends_nothing_twice_and_loses_nothing(
    qtbot: Any, tab: ComposeTab, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    """Send pressed, then Ctrl+Enter and Send again while it checks, and a word added: one
    check, one answer (the offline one, not "you made a change"), the change kept."""
    compose(qtbot, tab, "0712 345 678", TEXT)
    own_sandbox.stop()
    with dead_host(own_sandbox.port):
        run = SendRun(qtbot, tab)
        run.click_send()
        assert tab.flow.busy
        assert not tab.summary.send_button.isEnabled()
        qtbot.keyClick(tab.composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        run.click_send()
        tab.composer.editor.moveCursor(tab.composer.editor.textCursor().MoveOperation.End)
        qtbot.keyClicks(tab.composer.editor, " Karibu")
        assert run.wait() is None
        qtbot.wait(300)  # a second attempt, had one started, would have ended by now
    assert len(run.finished) == 1
    assert tab.confirm_dialog is None
    assert tab.summary.problem_label.text() == OFFLINE
    assert tab.composer.text() == TEXT + " Karibu"
    assert own_ctx.services.store.journal.unfinished(own_ctx.session.profile.name) == []
    own_sandbox.start()
    run.finished.clear()
    run.click_send()
    run.confirm()
    run.wait()
    assert [m["text"] for m in messages(own_sandbox, own_ctx.account)] == [TEXT + " Karibu"]


def test_the_line_back_during_the_check_gets_the_confirmation(
    qtbot: Any,
    tab: ComposeTab,
    own_ctx: Any,
    own_sandbox: RestartableSandbox,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first try is refused, the service is back before the next: the check gets a
    fresh balance and asks, and the send goes out once."""
    monkeypatch.setattr(compose_tab, "BALANCE_CHECK_TIMEOUT", 10.0)
    own_ctx.session.client.backoff = 1.5  # time to start the service between two tries
    compose(qtbot, tab, "0712 345 678", TEXT)
    own_sandbox.stop()
    run = SendRun(qtbot, tab)
    run.click_send()
    qtbot.waitUntil(lambda: own_ctx.tasks.retry_of("compose.send") is not None, timeout=3000)
    own_sandbox.start()
    dialog = run.confirm_dialog()
    assert "999 credits" in [w.text() for w in dialog.findChildren(type(dialog.credits_value))]
    run.confirm()
    run.wait()
    assert [m["phone"] for m in messages(own_sandbox, own_ctx.account)] == ["+254712345678"]
    assert not tab.summary.problem_label.isVisible()
