"""A message id looked up by hand the way a shop assistant types it: in capitals, only its
first characters (read off a phone screen or a printout), a beginning several sends share
(pick one), too short, or no id at all."""

from __future__ import annotations

from typing import Any

from desktop_app.core.store import BroadcastKind
from desktop_app.ui.delivery import DeliveryTab
from desktop_app.ui.delivery.lookup import LookupDialog
from tests.ui.compose.helpers import LEFT
from tests.ui.delivery.test_tab import OK, TEXT, make_tab, quick, send


def message_id_of(ctx: Any, broadcast_id: int) -> str:
    message_id = ctx.services.store.journal.chunks(broadcast_id)[0].message_id
    assert message_id is not None
    return str(message_id)


def look_up(qtbot: Any, tab: DeliveryTab, typed: str) -> LookupDialog | None:
    """Type *typed*, press Look up; the report's window, or None when a notice says why."""
    if tab.lookup_dialog is not None:
        tab.lookup_dialog.close()
        tab.lookup_dialog = None
    tab.notice.hide()
    tab.lookup_edit.clear()
    qtbot.keyClicks(tab.lookup_edit, typed)
    qtbot.mouseClick(tab.lookup_button, LEFT)
    qtbot.waitUntil(lambda: tab.notice.isVisible() or tab.lookup_dialog is not None, timeout=10000)
    return tab.lookup_dialog


def test_an_id_in_capitals_or_only_its_beginning_finds_the_send(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services)
    tab = make_tab(qtbot, ctx)
    broadcast_id = send(arun, ctx, [OK])
    message_id = message_id_of(ctx, broadcast_id)
    for typed in (message_id.upper(), message_id[:8], message_id[:8].upper() + "-"):
        dialog = look_up(qtbot, tab, typed)
        assert dialog is not None, tab.notice.text()
        assert dialog.lookup.message_id == message_id
        assert dialog.lookup.broadcast_id == broadcast_id
        assert dialog.findChild(type(tab.lookup_button), "showSend") is not None
        # the box now holds the whole id, to copy or keep
        assert tab.lookup_edit.text() == message_id


def test_a_beginning_several_sends_share_lets_the_user_pick_one(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.ui.delivery.lookup import MatchesDialog

    quick(ctx.services)
    tab = make_tab(qtbot, ctx)
    broadcast_id = send(arun, ctx, [OK])
    message_id = message_id_of(ctx, broadcast_id)
    twin = message_id[:9] + ("0" if message_id[9] != "0" else "1") + message_id[10:]
    ctx.services.store.journal.record_sent(
        BroadcastKind.BULK,
        "Another send",
        [OK],
        profile=ctx.session.profile.name,
        message_id=twin,
        sender_id="TUMA",
    )
    assert look_up(qtbot, tab, message_id[:8].upper()) is None
    assert tab.notice.text() == (
        f"2 messages have an ID that starts with {message_id[:8].upper()}: choose one, or "
        "type more of the ID."
    )
    qtbot.waitUntil(lambda: tab.matches_dialog is not None and tab.matches_dialog.isVisible())
    picker = tab.matches_dialog
    assert isinstance(picker, MatchesDialog)
    listed = {picker.table.item(r, 0).text(): picker.table.item(r, 2).text() for r in range(2)}
    assert listed == {message_id: TEXT, twin: "Another send"}
    row = next(r for r in range(2) if picker.table.item(r, 0).text() == message_id)
    picker.table.selectRow(row)
    picker.look_up_button.click()
    qtbot.waitUntil(lambda: tab.lookup_dialog is not None, timeout=10000)
    assert tab.lookup_dialog is not None
    assert tab.lookup_dialog.lookup.message_id == message_id
    assert tab.lookup_edit.text() == message_id


def test_what_names_no_message_is_said_plainly_and_not_sent(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services)
    tab = make_tab(qtbot, ctx)
    for typed, said in (
        ("4f1c2a", "4f1c2a is too short to find a message: type at least the first 8"),
        (
            "4f1c2a9b-1e",
            "No message sent from this computer has an ID that starts with 4f1c2a9b-1e.",
        ),
        ("my customer did not get it", "“my customer did not get it” is not a message ID."),
        ("x" * 300, "“" + "x" * 39 + "…” is not a message ID."),
    ):
        assert look_up(qtbot, tab, typed) is None
        assert said in tab.notice.text()
        assert tab.lookup_button.isEnabled()


def test_enter_in_the_box_with_no_account_says_what_to_do(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(qtbot, ctx)
    arun(ctx.close_session())
    qtbot.waitUntil(lambda: not tab.lookup_button.isEnabled())
    qtbot.keyClicks(tab.lookup_edit, "4f1c2a9b")
    qtbot.keyClick(tab.lookup_edit, "\r")
    assert tab.notice.isVisible()
    assert tab.notice.text() == "Connect an account to look up a message."
