"""When the service cannot be reached (a pulled cable, mobile data gone), the screen says that
Tuma is still trying, and which try, within seconds; the last word says what to do.

The dead host drops connection attempts (tests/core/api/test_unreachable.py's black hole); the
connect timeout is shrunk so the three tries take about a second, not fifteen.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from desktop_app.core.api import client as client_module
from desktop_app.core.settings import Profile
from desktop_app.ui.account import AccountDialog
from desktop_app.ui.main_window import MainWindow
from tests.core.api.test_unreachable import black_hole

TRY_2 = "Still trying to reach the service (try 2 of 3)…"
TRY_3 = "Still trying to reach the service (try 3 of 3)…"


@pytest.fixture
def dead_url(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setattr(client_module, "CONNECT_TIMEOUT", 0.3)
    with black_hole() as url:
        yield url


def test_the_account_dialogs_test_says_it_is_still_trying_then_what_to_do(
    qtbot: Any, ctx: Any, dead_url: str
) -> None:
    dialog = AccountDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.open()
    dialog.select_profile(None)
    dialog.name_edit.setText("Shop two")
    dialog.base_url_edit.setText(dead_url)
    dialog.base_url_edit.textEdited.emit(dead_url)
    dialog.token_edit.setText("tk_live_abcdef123456")
    dialog.sender_edit.setText("TUMA")

    with qtbot.waitSignal(dialog.attempt_finished, timeout=15000) as finished:
        dialog.test_button.click()
        qtbot.waitUntil(lambda: dialog.status_label.text() == TRY_2, timeout=5000)
        assert not dialog.test_button.isEnabled()  # still at it: not pressed twice
        qtbot.waitUntil(lambda: dialog.status_label.text() == TRY_3, timeout=5000)
    assert finished.args == [False]
    text = dialog.status_label.text()
    # (in the dialog, before anything is saved, a typing mistake is as likely as being
    # offline: both are said, the address first)
    assert text.startswith("No connection: nothing answered at the Web address.")
    assert "typing mistake" in text
    assert "check that this computer is online" in text
    assert dialog.status_label.property("role") == "error"
    assert dialog.test_button.isEnabled()


def test_the_status_bar_says_still_trying_while_the_balance_is_read(
    qtbot: Any, arun: Any, ctx: Any, account: Any, dead_url: str
) -> None:
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    profile = Profile(
        name="Cut-off shop",
        base_url=dead_url,
        contacts_base_url=dead_url,
        sender_ids=[account.sender_id],
        default_sender_id=account.sender_id,
    )
    # What the status bar says as each try (of any reading) is reported, seen then, not
    # sampled by polling: a loaded machine that stalls longer than a try lasts (~0.6 s)
    # would miss it.
    said: list[tuple[str, bool, bool]] = []

    def seen(_name: str, _retry: object) -> None:
        label = window.busy_label
        said.append((label.text(), label.isVisible(), window.offline_shown))

    ctx.tasks.retrying.connect(seen)  # (after the window's own: it has said it by now)
    arun(ctx.open_session(profile, account.token))  # reads the balance, as at start-up
    qtbot.waitUntil(lambda: any(text == TRY_2 for text, _v, _o in said), timeout=5000)
    _text, visible, was_offline = next(entry for entry in said if entry[0] == TRY_2)
    assert visible
    assert not was_offline  # not offline yet: it is still trying
    qtbot.waitUntil(lambda: any(text == TRY_3 for text, _v, _o in said), timeout=5000)
    # The last word: offline, and what to do, in the status bar's one calm place.
    qtbot.waitUntil(lambda: window.offline_shown, timeout=10000)
    assert "Check the internet connection" in window.offline_label.toolTip()
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    # (the task's done-callback says "Working…" again and hides it, a moment after the task
    # itself ended)
    qtbot.waitUntil(
        lambda: window.busy_label.text() == "Working…" and window.busy_label.isHidden(),
        timeout=5000,
    )
    assert window.busy_label.text() == "Working…"
    assert window.busy_label.isHidden()
    window.close()


# --- a reply slow to come (a hung gateway, a Wi-Fi sign-in page holding the request) ---------

SLOW = "The service is slow to answer. Still waiting… (you can keep working)"
SLOW_IN_DIALOG = "The service is slow to answer. Still waiting…"


@pytest.fixture
def slow_balance(monkeypatch: pytest.MonkeyPatch, admin: Any, ctx: Any) -> Iterator[None]:
    """Once ``ctx`` is connected, the next balance read is answered after 1.5 s; "slow" is
    said after 0.2 s (not 6)."""
    monkeypatch.setattr(client_module, "SLOW_REPLY_AFTER", 0.2)
    admin.clear_faults()
    admin.fault("delay", 1, path_prefix="/v1/get-balance", seconds=1.5)
    yield
    admin.clear_faults()


def test_the_status_bar_says_the_service_is_slow_then_clears_when_it_answers(
    qtbot: Any, ctx: Any, slow_balance: None
) -> None:
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    seen: list[str] = []
    ctx.tasks.retrying.connect(lambda *_: seen.append(window.busy_label.text()))

    ctx.refresh_balance()
    qtbot.waitUntil(lambda: window.busy_label.text() == SLOW, timeout=5000)
    assert window.busy_label.isVisible()
    assert ctx.tasks.busy  # still waiting on the reply
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    # (cleared by the task's done-callback, a moment after the task itself ended)
    qtbot.waitUntil(lambda: len(seen) >= 2 and window.busy_label.isHidden(), timeout=5000)
    assert seen == [SLOW, "Working…"]  # said once, cleared once: never "asking again"
    assert window.busy_label.isHidden()
    window.close()


def test_the_account_dialogs_test_says_the_service_is_slow_then_the_outcome(
    qtbot: Any, ctx: Any, account: Any, slow_balance: None
) -> None:
    dialog = AccountDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.open()
    dialog.select_profile(None)
    dialog.name_edit.setText("Shop two")
    dialog.base_url_edit.setText(account.base_url)
    dialog.base_url_edit.textEdited.emit(account.base_url)
    dialog.token_edit.setText(account.token)
    dialog.sender_edit.setText(account.sender_id)

    with qtbot.waitSignal(dialog.attempt_finished, timeout=15000) as finished:
        dialog.test_button.click()
        qtbot.waitUntil(lambda: dialog.status_label.text() == SLOW_IN_DIALOG, timeout=5000)
        assert not dialog.test_button.isEnabled()  # still at it: not pressed twice
    assert finished.args == [True]
    assert dialog.status_label.text().startswith("✓ Connected.")


def test_the_account_dialogs_save_says_what_it_does_again_once_the_slow_answer_came(
    qtbot: Any, ctx: Any, account: Any, slow_balance: None
) -> None:
    """The save checks the balance (slow), then goes on saving: the status says "checking
    and saving" again, not "slow" for the rest of the save."""
    dialog = AccountDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.open()
    dialog.select_profile(None)
    dialog.name_edit.setText("Shop two")
    dialog.base_url_edit.setText(account.base_url)
    dialog.base_url_edit.textEdited.emit(account.base_url)
    dialog.token_edit.setText(account.token)
    dialog.sender_edit.setText(account.sender_id)
    said: list[str] = []
    ctx.tasks.retrying.connect(lambda name, _r: said.append(dialog.status_label.text()))

    with qtbot.waitSignal(dialog.attempt_finished, timeout=15000) as finished:
        dialog.save_button.click()
    assert finished.args == [True]
    assert said[:2] == [SLOW_IN_DIALOG, "Checking and saving…"]
