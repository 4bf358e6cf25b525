"""A key refused (revoked on the sandbox) when a message ID is looked up by hand: the tab
said nothing of its own, and its subtitle still said the statuses refresh by themselves while
the bar at the top said the key was refused. Now the look-up says what to do beside its box
(the ID kept), the statuses are no longer said to refresh, and once the account is connected
again both come back."""

from __future__ import annotations

from typing import Any

from tests.ui.delivery.test_tab import (  # noqa: F401 (fixtures)
    OK,
    kenyan_locale,
    make_tab,
    quick,
    stop_following,
)

NOT_LOOKED_UP = (
    "The message was not looked up. Connect your account again, then press Look up: the ID "
    "stays in the box."
)
REFUSED = (
    "Your secret key was not accepted (it may have expired or been revoked). Connect your "
    "account again with a new key."
)


def test_a_look_up_refused_says_what_to_do_and_stops_claiming_statuses_refresh(
    qtbot, ctx, arun, admin, account
) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services, poll_seconds=30)  # (the refresher asks nothing meanwhile)
    tab = make_tab(qtbot, ctx)
    message_id = arun(ctx.client().send_bulk("TUMA", [OK], "Karibu dukani")).message_id
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    admin.revoke_token(account.token)
    tab.lookup_edit.setText(message_id)
    tab.look_up()
    qtbot.waitUntil(lambda: tab.notice.isVisible(), timeout=10000)
    assert tab.notice.text() == NOT_LOOKED_UP
    assert tab.lookup_edit.text() == message_id  # kept, to look up again
    assert tab.lookup_button.isEnabled()
    assert [(m.title, m.text, m.reauth) for m in shown] == [("Sign-in needed", REFUSED, True)]
    # the bar says the key was refused: the tab no longer says the statuses refresh
    assert tab.subtitle.text() == (
        "0 sends · Statuses stopped refreshing: connect your account again"
    )
    assert not tab.following

    token = admin.create_token(account.account_id, kind="scoped", scopes=["sms", "contacts"])
    arun(ctx.open_session(ctx.session.profile, token))
    qtbot.waitUntil(lambda: tab.following, timeout=10000)
    assert not tab.notice.isVisible()
    assert "Statuses refresh by themselves" in tab.subtitle.text()
    tab.lookup_edit.setText(message_id)
    tab.look_up()
    qtbot.waitUntil(
        lambda: tab.lookup_dialog is not None and tab.lookup_dialog.isVisible(), timeout=10000
    )
    tab.lookup_dialog.close()


def test_a_key_without_the_permission_is_not_told_to_connect_again(
    qtbot, ctx, arun, admin, account
) -> None:  # type: ignore[no-untyped-def]
    """A key for contacts only (HTTP 403): the bar names the missing permission and asks for
    a key that includes it; the tab said "Connect your account again", which changes
    nothing with the same key."""
    quick(ctx.services, poll_seconds=30)
    message_id = arun(ctx.client().send_bulk("TUMA", [OK], "Karibu dukani")).message_id
    token = admin.create_token(account.account_id, kind="scoped", scopes=["contacts"])
    arun(ctx.open_session(ctx.session.profile, token))
    # the new session's balance reading (refused too, for the same key) says so first: the
    # look-up's own words are counted after it (on a loaded machine it came in between)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("balance"), timeout=10000)
    tab = make_tab(qtbot, ctx)
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    tab.lookup_edit.setText(message_id)
    tab.look_up()
    qtbot.waitUntil(lambda: tab.notice.isVisible(), timeout=10000)
    assert tab.notice.text() == (
        "The message was not looked up: your secret key does not have the permission (see "
        "the message above). The ID stays in the box."
    )
    assert [(m.title, m.text) for m in shown] == [
        (
            "Permission missing",
            "Your secret key does not have the “sending SMS” permission. Ask your provider for "
            "a key that includes it, then connect again from the Account menu.",
        )
    ]
    assert (
        tab.subtitle.text() == "0 sends · Statuses stopped refreshing: your key lacks a permission"
    )
    assert not tab.following
