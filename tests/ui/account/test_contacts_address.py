"""A wrong Contacts address in the account dialog: Test connection and Save read only the
balance at the Web address, so it was saved unchecked, and the Contacts tab then said "The
messaging service refused the request, saying: 'Not found: …' … contact support". The
dialog now reads a first page of contacts there too, and says which address to check."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from desktop_app.ui.account import AccountDialog


@pytest.fixture
def dialog(qtbot: Any, ctx: Any) -> AccountDialog:
    widget = AccountDialog(ctx)
    qtbot.addWidget(widget)
    widget.open()
    widget.select_profile(None)  # "New account…"
    return widget


def _fill(dialog: AccountDialog, base_url: str, contacts_url: str, token: str) -> None:
    dialog.name_edit.setText("Shop two")
    dialog.base_url_edit.setText(base_url)
    dialog.contacts_url_edit.setText(contacts_url)
    dialog.token_edit.setText(token)
    dialog.sender_edit.setText("TUMA")


def _attempt(qtbot: Any, dialog: AccountDialog, button: Any) -> bool:
    with qtbot.waitSignal(dialog.attempt_finished, timeout=30000) as blocker:
        button.click()
    return bool(blocker.args[0])


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.parametrize("wrong", ["a path of the service", "nothing there"])
def test_a_wrong_contacts_address_is_named_and_not_saved(
    qtbot: Any, dialog: AccountDialog, ctx: Any, account: Any, wrong: str
) -> None:
    contacts = (
        account.base_url + "/contacts"
        if wrong == "a path of the service"
        else f"http://127.0.0.1:{_closed_port()}"
    )
    _fill(dialog, account.base_url, contacts, account.token)
    assert not _attempt(qtbot, dialog, dialog.test_button)
    said = dialog.status_label.text()
    assert said.startswith("The key works at the Web address, but the Contacts address did not")
    assert "contact support" not in said
    assert not _attempt(qtbot, dialog, dialog.save_button)
    assert ctx.settings.profile("Shop two") is None  # never saved unchecked


def test_the_right_contacts_address_and_a_key_without_contacts_permission_pass(
    qtbot: Any, dialog: AccountDialog, ctx: Any, account: Any, admin: Any
) -> None:
    _fill(dialog, account.base_url, account.base_url, account.token)
    assert _attempt(qtbot, dialog, dialog.test_button)
    sms_only = admin.create_token(account.account_id, kind="scoped", scopes=["sms"])
    _fill(dialog, account.base_url, account.base_url, sms_only)
    assert _attempt(qtbot, dialog, dialog.test_button)  # the Contacts tab says what it lacks
    _fill(dialog, account.base_url, account.base_url, account.legacy_token)
    assert _attempt(qtbot, dialog, dialog.test_button)  # (legacy keys never reach contacts)


def test_a_web_address_where_nothing_answers_says_to_check_it_for_a_typing_mistake(
    qtbot: Any, dialog: AccountDialog, account: Any
) -> None:
    """A wrong port: "Check your internet connection" alone sent the user the wrong way."""
    address = f"http://127.0.0.1:{_closed_port()}"
    _fill(dialog, address, address, account.token)
    assert not _attempt(qtbot, dialog, dialog.test_button)
    said = dialog.status_label.text()
    assert said.startswith("No connection: nothing answered at the Web address.")
    assert "typing mistake" in said


def test_a_key_without_the_sms_permission_is_told_to_be_pasted_here(
    qtbot: Any, dialog: AccountDialog, account: Any, admin: Any
) -> None:
    """In the dialog, "then connect again from the Account menu" pointed at where the user
    already was."""
    contacts_only = admin.create_token(account.account_id, kind="scoped", scopes=["contacts"])
    _fill(dialog, account.base_url, account.base_url, contacts_only)
    assert not _attempt(qtbot, dialog, dialog.test_button)
    said = dialog.status_label.text()
    assert "sending SMS" in said
    assert "paste it here and test again" in said
    assert "Account menu" not in said


def test_a_key_refused_is_told_to_be_checked_and_pasted_here(
    qtbot: Any, dialog: AccountDialog, account: Any
) -> None:
    """A brand-new account with a wrong key read "Sign-in needed: … Connect your account
    again with a new key" inside the dialog connecting it for the first time."""
    _fill(dialog, account.base_url, account.base_url, "mbs_" + "x" * 40)
    assert not _attempt(qtbot, dialog, dialog.test_button)
    said = dialog.status_label.text()
    assert said.startswith("This key was not accepted.")
    assert "paste it here and test again" in said
    assert "Sign-in needed" not in said
