"""Send pressed while another account is being opened (a slow keyring answering, the practice
service starting): it was confirmed in one account and went out from the next (charged there,
or a real shop's customers' message sent to the practice service while the page said "Sent").
Send now waits for the switch, and a confirmation answered after the switch sends nothing."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from desktop_app.ui.main_window import MainWindow
from tests.ui.compose.helpers import SendRun, compose


@pytest.fixture
def two_shops(qtbot: Any, ctx: Any, admin: Any, account: Any, memory_keyring: Any) -> Iterator[Any]:
    """The window on "Test shop", and "Other shop" (the same sender name) whose key the
    keyring is slow to give (an unlock prompt on screen) until the gate opens."""
    from desktop_app.core.settings import Profile

    other_id = admin.create_account(name="Other shop", balance=77, sender_ids=["TUMA"])
    other = Profile("Other shop", account.base_url, account.contacts_base_url, ["TUMA"])
    ctx.settings.upsert_profile(other)
    ctx.save_settings()
    memory_keyring.secrets[("tuma", "Other shop")] = admin.create_token(other_id, kind="scoped")
    gate = threading.Event()
    plain_get = memory_keyring.get_password

    def slow_get(service: str, username: str) -> Any:
        if username == "Other shop":
            gate.wait(20)
        return plain_get(service, username)

    memory_keyring.get_password = slow_get
    win = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    win.show_tab("compose")
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    win.other_id, win.gate = other_id, gate
    try:
        yield win
    finally:
        gate.set()


def test_send_waits_while_another_account_is_being_opened(
    qtbot: Any, two_shops: Any, ctx: Any, admin: Any, account: Any
) -> None:
    win = two_shops
    tab = win.tab("compose")
    compose(qtbot, tab, "0712 000 001\n0712 000 002", "Karibu dukani leo")
    win.switch_to("Other shop")
    qtbot.waitUntil(ctx.is_switching)
    run = SendRun(qtbot, tab)
    run.click_send()
    assert run.finished == [None]  # nothing asked, nothing sent
    assert tab.confirm_dialog is None
    assert tab.summary.problem_label.text() == (
        "Another account is being opened: wait until it is, then press Send."
    )
    win.gate.set()
    qtbot.waitUntil(lambda: ctx.session.profile.name == "Other shop", timeout=10000)
    assert admin.messages(account.account_id) == admin.messages(win.other_id) == []


def test_a_confirmation_answered_after_the_account_changed_sends_nothing(
    qtbot: Any, two_shops: Any, ctx: Any, admin: Any, account: Any
) -> None:
    """The switch started while the question was already open (only a slow switch can:
    it is refused while a send runs): confirmed, nothing goes, and the message is kept."""
    win = two_shops
    tab = win.tab("compose")
    compose(qtbot, tab, "0712 000 001\n0712 000 002", "Karibu dukani leo")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm_dialog()
    # (the hold refuses a switch while the send is checked and asked: opened behind it)
    win.manager_switch = win._run("account.switch", win.manager.switch_to("Other shop"))
    win.gate.set()
    qtbot.waitUntil(lambda: ctx.session.profile.name == "Other shop", timeout=10000)
    run.confirm()
    run.wait()
    assert admin.messages(win.other_id) == []
    assert admin.messages(account.account_id) == []
    assert tab.notice.label.text() == (
        "Not sent: another account was opened while you were confirming. The message is "
        "kept for “Test shop”: open it again to send it."
    )
    win.switch_to("Test shop")
    qtbot.waitUntil(lambda: ctx.session.profile.name == "Test shop", timeout=10000)
    qtbot.waitUntil(lambda: tab.composer.text() == "Karibu dukani leo", timeout=10000)
