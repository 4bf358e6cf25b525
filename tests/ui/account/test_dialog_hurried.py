"""The account dialog in a hurry, against the sandbox with the in-memory keyring: a key
pasted with what came around it, something else pasted where the key goes, the name of
another account."""

from __future__ import annotations

import pytest

from desktop_app.ui.account import AccountDialog
from tests.ui.account.test_dialog import _assert_token_not_shown, _attempt, _fill


@pytest.fixture
def dialog(qtbot, ctx):  # type: ignore[no-untyped-def]
    widget = AccountDialog(ctx)
    qtbot.addWidget(widget)
    widget.open()
    widget.select_profile(None)  # "New account…"
    return widget


@pytest.mark.parametrize("shape", ["two lines", "curly quotes"])
def test_a_key_wrapped_or_quoted_is_the_key(  # type: ignore[no-untyped-def]
    qtbot, dialog, account, memory_keyring, settings_store, shape: str
) -> None:
    """Copied from an e-mail that wrapped it, or from a document that quoted it, the key
    was "empty or contains characters a key cannot have" (quoted: "an older kind")."""
    token = account.token
    pasted = f"{token[:20]}\n{token[20:]}\n" if shape == "two lines" else f"“{token}”"
    _fill(dialog, "Shop two", account.base_url, pasted)
    assert dialog.legacy_label.isHidden()
    assert dialog.token_info.text() == f"Key entered: {len(token)} characters, starts with mbs_"
    assert _attempt(qtbot, dialog, dialog.save_button)
    assert memory_keyring.secrets[("tuma", "Shop two")] == token
    assert token not in settings_store.path.read_text(encoding="utf-8")
    _assert_token_not_shown(dialog, token)


@pytest.mark.parametrize(
    ("pasted", "words"),
    [
        ("wanjiku@example.co.ke", "This is an e-mail address, not the secret key."),
        ("https://portal.example.co.ke/tokens", "This is a web address, not the secret key."),
    ],
)
def test_an_email_or_a_web_address_in_the_key_box_is_named(  # type: ignore[no-untyped-def]
    qtbot, dialog, account, ctx, pasted: str, words: str
) -> None:
    """An e-mail address or the portal's address pasted as the key: the dialog called it
    "an older kind" of key, then said the key "was not accepted (it may have expired or been
    revoked)", sending the user to ask for a new key they already had."""
    _fill(dialog, "Shop two", account.base_url, pasted)
    assert dialog.legacy_label.isHidden()
    assert dialog.token_info.text().startswith(words)
    assert dialog.token_info.property("role") == "warning"
    assert not _attempt(qtbot, dialog, dialog.test_button)
    assert dialog.status_label.text().startswith(words)
    assert "expired" not in dialog.status_label.text()
    assert not _attempt(qtbot, dialog, dialog.save_button)
    assert ctx.settings.profile("Shop two") is None


def test_the_name_of_another_account_in_other_capitals_is_refused(  # type: ignore[no-untyped-def]
    qtbot, dialog, account, ctx, memory_keyring
) -> None:
    """“test SHOP” was saved beside “Test shop”: two accounts the user cannot tell apart in
    the menu, one key entry on a case-blind password store."""
    _fill(dialog, "test SHOP", account.base_url, account.token)
    assert not _attempt(qtbot, dialog, dialog.save_button)
    assert [p.name for p in ctx.settings.profiles] == ["Test shop"]
    assert ("tuma", "test SHOP") not in memory_keyring.secrets
    assert "already has an account called “Test shop”" in dialog.status_label.text()
    assert dialog.isVisible()
