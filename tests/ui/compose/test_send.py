"""Sending from the Compose tab against the real sandbox, checked by the sandbox's records."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from desktop_app.ui.words import chunk_reason
from tests.ui.compose.helpers import LEFT, SendRun, compose, make_tab, use_kenyan_locale


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def tab(qtbot, ctx):  # type: ignore[no-untyped-def]
    widget = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: widget.summary.balance_value.text() == "1,000 credits")
    return widget


def test_single_send_is_recorded_and_reported(qtbot, tab, admin, account) -> None:  # type: ignore[no-untyped-def]
    compose(qtbot, tab, "0712 345 678", "Habari! Your order is ready for pickup.")
    assert tab.summary.recipients_value.text() == "1"
    assert tab.summary.credits_value.text() == "1"
    assert tab.summary.kes_value.text() == "KES 0.80"
    run = SendRun(qtbot, tab)
    run.click_send()
    dialog = run.confirm_dialog()
    assert dialog.recipients_value.text() == "1"
    assert dialog.parts_value.text() == "1"
    assert dialog.credits_value.text() == "1 credit"
    run.confirm()
    run.wait()
    records = admin.messages(account.account_id)
    assert [(r["phone"], r["text"], r["sender_id"]) for r in records] == [
        ("+254712345678", "Habari! Your order is ready for pickup.", "TUMA")
    ]
    (message,) = run.batches()
    assert message.recipients == ("+254712345678",)
    assert message.message_id == records[0]["message_id"]
    assert "Sent to 1 person" in tab.notice.label.text()
    assert tab.composer.text() == ""  # sent: the form is ready for the next message
    assert tab.recipients.is_empty()


def test_bulk_send_in_chunks_with_progress(qtbot, tab, ctx, admin, account) -> None:  # type: ignore[no-untyped-def]
    ctx.session.profile.bulk_chunk_size = 2
    numbers = "\n".join(f"07{n:02d} 111 222" for n in (10, 11, 12, 20, 22))
    compose(qtbot, tab, numbers + "\n0712 99", "Bei poa leo! " * 13)  # 169 chars: 2 parts
    assert tab.summary.parts_value.text() == "2"
    assert tab.summary.credits_value.text() == "10"
    run = SendRun(qtbot, tab)
    run.click_send()
    dialog = run.confirm_dialog()
    assert dialog.credits_value.text() == "10 credits"
    assert dialog.findChild(type(dialog.recipients_value), "warning") is not None  # 1 skipped
    run.confirm()
    qtbot.waitUntil(lambda: tab.progress_dialog is not None or bool(run.finished))
    run.wait()
    records = admin.messages(account.account_id)
    phones = sorted(r["phone"] for r in records)
    assert phones == sorted(f"+2547{n:02d}111222" for n in (10, 11, 12, 20, 22))
    assert all(r["parts"] == 2 for r in records)
    assert len(run.batches()) == 3  # three chunks: 2 + 2 + 1
    assert admin.balance(account.account_id) == 990
    qtbot.waitUntil(lambda: tab.summary.balance_value.text() == "990 credits")


def test_personalised_send_through_picked_contacts(qtbot, tab, ctx, arun, admin, account) -> None:  # type: ignore[no-untyped-def]
    client = ctx.client()
    arun(client.create_contact("0701 000 001", first_name="Achieng", last_name="Otieno"))
    arun(client.create_contact("0701 000 002", first_name="Baraka"))
    arun(client.create_contact("0701 000 003", first_name="Chebet"))
    qtbot.mouseClick(tab.recipients.pick_button, LEFT)
    qtbot.waitUntil(lambda: tab.picker is not None and tab.picker.model.total == 3, timeout=10000)
    picker = tab.picker
    assert picker is not None
    qtbot.keyClicks(picker.search_edit, "a")  # Achieng, Baraka (Chebet has no "a")
    qtbot.waitUntil(lambda: picker.model.known and picker.model.total == 2, timeout=10000)
    qtbot.mouseClick(picker.all_button, LEFT)
    qtbot.waitUntil(lambda: len(tab.recipients.people()) == 2, timeout=10000)
    tab.recipients.set_numbers_text("0702 000 009")  # typed: no name -> fallback
    qtbot.mouseClick(tab.merge_bar.buttons["first_name"], LEFT)
    tab.composer.editor.moveCursor(tab.composer.editor.textCursor().MoveOperation.Start)
    qtbot.keyClicks(tab.composer.editor, "Habari ")
    tab.composer.editor.moveCursor(tab.composer.editor.textCursor().MoveOperation.End)
    qtbot.keyClicks(tab.composer.editor, ", karibu tena!")
    assert tab.composer.text() == "Habari {first_name}, karibu tena!"
    qtbot.waitUntil(lambda: tab.summary.recipients_value.text() == "3")
    combo = tab.preview.person_combo
    assert combo.isVisible()
    labels = [combo.itemText(i) for i in range(combo.count())]
    combo.setCurrentIndex(next(i for i, t in enumerate(labels) if "Baraka" in t))
    assert tab.preview.bubble.text() == "Habari Baraka, karibu tena!"
    combo.setCurrentIndex(next(i for i, t in enumerate(labels) if "702" in t))
    assert tab.preview.bubble.text() == "Habari customer, karibu tena!"
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    texts = {r["phone"]: r["text"] for r in admin.messages(account.account_id)}
    assert texts == {
        "+254701000001": "Habari Achieng, karibu tena!",
        "+254701000002": "Habari Baraka, karibu tena!",
        "+254702000009": "Habari customer, karibu tena!",
    }


def test_ctrl_enter_sends(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    compose(qtbot, tab, "0712 345 678", "Quick one")
    run = SendRun(qtbot, tab)
    qtbot.keyClick(tab.composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    dialog = run.confirm_dialog()
    dialog.reject()
    assert run.wait() is None
    assert tab.composer.text() == "Quick one"  # cancelled: nothing lost


def test_a_send_the_balance_cannot_cover_is_stopped_with_the_numbers(
    qtbot, tab, admin, account
) -> None:  # type: ignore[no-untyped-def]
    admin.topup(account.account_id, -995)  # 5 credits left
    compose(qtbot, tab, "\n".join(f"07{n} 000 111" for n in range(10, 20)), "Offer ends today")
    run = SendRun(qtbot, tab)
    run.click_send()
    assert run.wait() is None
    assert tab.confirm_dialog is None  # stopped before asking, and before sending
    problem = tab.summary.problem_label.text()
    assert tab.summary.problem_label.isVisible()
    assert "needs 10 credits" in problem
    assert "balance is 5 credits" in problem
    assert "at least 5 credits" in problem
    assert admin.messages(account.account_id) == []
    assert tab.composer.text() == "Offer ends today"


def test_server_0402_is_shown_and_the_form_kept(qtbot, tab, ctx, admin, account) -> None:  # type: ignore[no-untyped-def]
    compose(qtbot, tab, "0712 000 001, 0712 000 002, 0712 000 003", "Karibu")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm_dialog()
    admin.topup(account.account_id, -999)  # spent elsewhere while the dialog was open
    run.confirm()
    run.wait()
    problem = tab.summary.problem_label.text()
    assert "needs 3 credits, but your balance is 1 credit" in problem
    assert "Nothing was sent. Top up, then press Send again." in problem
    assert admin.messages(account.account_id) == []
    # Nothing went out: the form is the one thing to send again (no stray broadcast to resume).
    assert tab.composer.text() == "Karibu"
    assert ctx.services.store.journal.unfinished(ctx.session.profile.name) == []
    assert tab.resume_banner.isHidden()
    # Not enough credit now: the button says why instead of inviting a click.
    assert tab.summary.send_button.text() == "Needs 3 credits; you have 1"
    assert not tab.summary.send_button.isEnabled()
    admin.topup(account.account_id, 999)  # topped up: ready to try again
    ctx.refresh_balance()
    qtbot.waitUntil(lambda: tab.summary.send_button.text() == "Send to 3 people")
    assert tab.summary.send_button.isEnabled()


def test_rejected_sender_id_is_explained(qtbot, tab, ctx, admin, account) -> None:  # type: ignore[no-untyped-def]
    ctx.session.profile.sender_ids.append("NOTMINE")
    ctx.session_changed.emit()
    tab.summary.sender_combo.setCurrentText("NOTMINE")
    compose(qtbot, tab, "0712 345 678", "Hello")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    problem = tab.summary.problem_label.text()
    assert "“NOTMINE” is not registered to your account" in problem
    assert "nothing was sent" in problem
    assert admin.messages(account.account_id) == []
    assert ctx.services.store.journal.unfinished(ctx.session.profile.name) == []
    assert tab.composer.text() == "Hello"


def test_revoked_token_asks_to_connect_again(qtbot, tab, ctx, admin, account) -> None:  # type: ignore[no-untyped-def]
    reasons: list[str] = []
    ctx.errors.reauth_needed.connect(reasons.append)
    compose(qtbot, tab, "0712 345 678", "Hello")
    admin.revoke_token(account.token)
    run = SendRun(qtbot, tab)
    run.click_send()
    run.wait()
    qtbot.waitUntil(lambda: bool(reasons))
    assert "secret key" in reasons[0].lower()
    assert tab.composer.text() == "Hello"
    assert admin.messages(account.account_id) == []


def test_a_burst_of_500s_is_retried_and_the_send_succeeds(qtbot, tab, admin, account) -> None:  # type: ignore[no-untyped-def]
    compose(qtbot, tab, "0712 000 001, 0712 000 002", "Still works")
    admin.fault("error500", 2, path_prefix="/v1/send")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    phones = sorted(r["phone"] for r in admin.messages(account.account_id))
    assert phones == ["+254712000001", "+254712000002"]
    assert "Sent to 2 people" in tab.notice.label.text()


def test_all_matching_contacts_pages_through_every_result(qtbot, tab, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    import asyncio

    client = ctx.client()

    async def create_many() -> None:
        await asyncio.gather(
            *(client.create_contact(f"0720 {n:06d}", first_name=f"Mteja {n}") for n in range(105))
        )

    arun(create_many(), timeout=60)
    qtbot.mouseClick(tab.recipients.pick_button, LEFT)
    picker = tab.picker
    qtbot.waitUntil(lambda: picker is not None and picker.model.total == 105, timeout=10000)
    assert picker is not None
    assert picker.all_button.text() == "Add all contacts (105)"
    qtbot.mouseClick(picker.all_button, LEFT)
    qtbot.waitUntil(lambda: len(tab.recipients.people()) == 105, timeout=15000)
    assert not picker.isVisible()
    qtbot.waitUntil(lambda: tab.summary.recipients_value.text() == "105")  # estimate: next tick


def test_the_draft_survives_a_restart(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    first = make_tab(qtbot, ctx)
    first.recipients.set_numbers_text("0712 345 678")
    qtbot.keyClicks(first.composer.editor, "Half-written message")
    first.save_draft()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.draft.save"))
    second = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: second.composer.text() == "Half-written message")
    assert [p.phone for p in second.recipients.people()] == ["+254712345678"]


def test_cancel_stops_between_chunks_and_keeps_the_rest(qtbot, tab, ctx, admin, account) -> None:  # type: ignore[no-untyped-def]
    ctx.session.profile.bulk_chunk_size = 1
    compose(qtbot, tab, "\n".join(f"0712 000 00{n}" for n in range(1, 7)), "Slow day")
    admin.fault("delay", 6, path_prefix="/v1/send", seconds=0.3)
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    qtbot.waitUntil(
        lambda: tab.progress_dialog is not None and tab.progress_dialog.bar.value() >= 1,
        timeout=10000,
    )
    progress = tab.progress_dialog
    assert progress is not None
    assert progress.bar.maximum() == 6
    qtbot.mouseClick(progress.cancel_button, LEFT)
    run.wait()
    admin.clear_faults()
    sent = len(admin.messages(account.account_id))
    assert 1 <= sent < 6
    assert tab.resume_banner.isVisible()
    assert f"{6 - sent} recipients not sent yet" in tab.resume_banner.label.text() or (
        6 - sent == 1 and "1 recipient not sent yet" in tab.resume_banner.label.text()
    )
    assert "not sent yet" in tab.notice.label.text()
    # Part of it went: the rest lives in the outbox (resume), and the form is cleared so
    # pressing Send again cannot send the first ones a second copy.
    assert tab.composer.text() == ""


def test_practice_account_offers_the_shared_sandbox_sender(qtbot, tab, ctx, admin, account) -> None:  # type: ignore[no-untyped-def]
    ctx.session.is_sandbox = True
    ctx.session_changed.emit()
    combo = tab.summary.sender_combo
    assert [combo.itemText(i) for i in range(combo.count())] == ["TUMA", "SANDBOX"]
    assert combo.currentText() == "TUMA"  # the profile's default stays selected
    combo.setCurrentText("SANDBOX")
    compose(qtbot, tab, "0712 345 678", "From the shared sender")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    (record,) = admin.messages(account.account_id)
    assert record["sender_id"] == "SANDBOX"


def test_a_slow_balance_check_does_not_hold_up_the_send(qtbot, tab, admin, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The fresh balance check before confirming is bounded: on a slow line the last known
    balance is used and the confirmation appears (the service still checks the balance)."""
    import desktop_app.ui.compose.tab as compose_tab
    from desktop_app.core.api import client as client_module

    monkeypatch.setattr(compose_tab, "BALANCE_CHECK_TIMEOUT", 0.5)
    # (the check waits out a connect timeout, to tell a dead host from a slow one)
    monkeypatch.setattr(client_module, "CONNECT_TIMEOUT", 0.3)
    compose(qtbot, tab, "0712 345 678", "Habari! Slow line today.")
    admin.fault("delay", 2, path_prefix="/v1/get-balance", seconds=6)
    try:
        run = SendRun(qtbot, tab)
        run.click_send()
        qtbot.waitUntil(  # well before the 6 s delay is over
            lambda: tab.confirm_dialog is not None and tab.confirm_dialog.isVisible(),
            timeout=3000,
        )
        dialog = run.confirm_dialog()
        assert "999 credits" in [
            w.text() for w in dialog.findChildren(type(dialog.credits_value))
        ]  # balance after = the last known 1,000 - 1
        dialog.reject()
        assert run.wait() is None
    finally:
        admin.clear_faults()


def test_a_change_while_the_send_is_checked_is_not_wiped_nor_sent_the_old_way(
    qtbot, tab, admin, account, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """On a slow line the assistant presses Send, spots a mistake and fixes it while the
    balance is being checked: the old text is not offered and sent (wiping the fix); the
    fix stays in the form, and the next Send sends it."""
    import desktop_app.ui.compose.tab as compose_tab
    from desktop_app.core.api import client as client_module

    monkeypatch.setattr(compose_tab, "BALANCE_CHECK_TIMEOUT", 0.5)
    # (the check waits out a connect timeout, to tell a dead host from a slow one)
    monkeypatch.setattr(client_module, "CONNECT_TIMEOUT", 0.3)
    compose(qtbot, tab, "0712 345 678\n0722 000 111", "Sale: 20% off")
    admin.fault("delay", 2, path_prefix="/v1/get-balance", seconds=2)
    try:
        run = SendRun(qtbot, tab)
        run.click_send()
        assert tab.flow.busy  # checking the balance
        qtbot.keyClicks(tab.composer.editor, " sukuma wiki")
        assert run.wait() is None
    finally:
        admin.clear_faults()
    assert tab.confirm_dialog is None
    assert tab.notice.label.text() == (
        "Not sent: you made a change while it was being checked. Check the message, "
        "then press Send again."
    )
    assert tab.composer.text() == "Sale: 20% off sukuma wiki"
    assert admin.messages(account.account_id) == []
    run.finished.clear()
    run.click_send()
    assert run.confirm_dialog().findChild(QLabel, "smsBubble").text() == (
        "Sale: 20% off sukuma wiki"
    )
    run.confirm()
    run.wait()
    texts = {r["text"] for r in admin.messages(account.account_id)}
    assert texts == {"Sale: 20% off sukuma wiki"}


def test_cancelling_add_all_adds_nobody(qtbot, tab, ctx, arun, admin) -> None:  # type: ignore[no-untyped-def]
    client = ctx.client()
    for n in range(1, 4):
        arun(client.create_contact(f"0701 000 10{n}", first_name=f"Person {n}"))
    qtbot.mouseClick(tab.recipients.pick_button, LEFT)
    qtbot.waitUntil(lambda: tab.picker is not None and tab.picker.model.total == 3, timeout=10000)
    picker = tab.picker
    picked: list[object] = []
    picker.picked.connect(picked.append)
    admin.fault("delay", 1, path_prefix="/api/v1/contacts", seconds=2)
    try:
        qtbot.mouseClick(picker.all_button, LEFT)
        assert ctx.tasks.is_running("compose.contacts")
        picker.reject()  # the user changed their mind while it was collecting
        qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.contacts"), timeout=5000)
    finally:
        admin.clear_faults()
    assert picked == []
    assert tab.recipients.people() == ()


def test_a_web_page_in_the_service_s_place_says_so_and_sends_nothing_again(
    qtbot, tab, admin, account
) -> None:  # type: ignore[no-untyped-def]
    """A data bundle used up mid-send: the network answers with its own page (the sandbox's
    "portal" fault). The notice said "the connection broke"; it says a web page came back
    and to open a browser, and the recipient waits for Review (never resent by itself)."""
    compose(qtbot, tab, "0712 345 678", "Quick one")
    admin.fault("portal", 1, path_prefix="/v1/send")
    try:
        run = SendRun(qtbot, tab)
        run.click_send()
        run.confirm()
        run.wait()
    finally:
        admin.clear_faults()
    notice = tab.notice.label.text()
    assert "web page came back" in notice
    assert "open a web browser" in notice
    assert "connection broke" not in notice
    assert "Review" in notice
    assert admin.messages(account.account_id) == []
    journal = tab.ctx.services.store.journal
    unfinished = journal.unfinished(tab.ctx.session.profile.name)
    assert len(unfinished) == 1
    (chunk,) = journal.chunks(unfinished[0].id)
    review = chunk_reason(chunk.reason, chunk.detail)  # what Review says of it
    assert "web page came back" in review
    assert "data bundle" in review
