"""Unfinished broadcasts: resume what was never sent; in-doubt chunks wait for the user."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from desktop_app.core.store import ChunkState
from desktop_app.ui.compose import ComposeTab
from tests.ui.compose.helpers import LEFT, SendRun, compose, make_tab, use_kenyan_locale
from tests.ui.support import check_unfinished, write_broadcast


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def tab(qtbot, ctx):  # type: ignore[no-untyped-def]
    return make_tab(qtbot, ctx)


def _button(qtbot, tab: ComposeTab, name: str) -> QPushButton:  # type: ignore[no-untyped-def]
    """The review dialog's button *name*, once the dialog has read the journal and shows it."""
    assert tab.resume_dialog is not None
    dialog = tab.resume_dialog
    qtbot.waitUntil(lambda: dialog.findChild(QPushButton, name) is not None, timeout=5000)
    button = dialog.findChild(QPushButton, name)
    assert button is not None, name
    return button


def test_never_sent_chunks_are_offered_and_resumed(qtbot, tab, ctx, admin, account) -> None:  # type: ignore[no-untyped-def]
    # A broadcast written down, then the app died before sending anything.
    phones = ["+254712000001", "+254712000002", "+254712000003"]
    broadcast_id = write_broadcast(ctx, "Resume me", phones, chunk_size=2)
    assert len(check_unfinished(qtbot, tab)) == 1
    assert tab.resume_banner.isVisible()
    assert "3 recipients not sent yet" in tab.resume_banner.label.text()
    qtbot.waitUntil(lambda: tab.resume_dialog is not None and tab.resume_dialog.isVisible())
    assert admin.messages(account.account_id) == []  # offered, not sent on its own
    run = SendRun(qtbot, tab)
    resume = _button(qtbot, tab, "resumeButton")
    assert resume.text() == "Send to the remaining 3 recipients"
    qtbot.mouseClick(resume, LEFT)
    run.wait()
    assert sorted(r["phone"] for r in admin.messages(account.account_id)) == phones
    assert ctx.services.store.journal.broadcast(broadcast_id).is_finished
    assert tab.resume_banner.isHidden()
    assert len(run.batches()) == 2  # both chunks reach the Delivery tab


def test_in_doubt_chunk_pauses_the_send_and_is_never_resent(
    qtbot, tab, ctx, admin, account
) -> None:  # type: ignore[no-untyped-def]
    ctx.session.profile.bulk_chunk_size = 2
    compose(qtbot, tab, "0712 000 001, 0712 000 002, 0712 000 003, 0712 000 004", "Maybe sent")
    # The service takes the first chunk, then the connection drops before its reply.
    admin.fault("disconnect", 1, path_prefix="/v1/send")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    # The run paused at the chunk in doubt: the second chunk was not sent after it.
    assert len(admin.messages(account.account_id)) == 2
    qtbot.waitUntil(tab.resume_banner.isVisible)
    assert "2 recipients with an unknown outcome" in tab.resume_banner.label.text()
    assert "2 recipients not sent yet" in tab.resume_banner.label.text()
    assert tab.composer.text() == ""  # it lives on in the journal; Send again cannot repeat it
    (broadcast,) = ctx.services.store.journal.unfinished(ctx.session.profile.name)
    assert broadcast.in_doubt == 1
    assert broadcast.pending == 1
    # It asks right away, showing what is known.
    qtbot.waitUntil(lambda: tab.resume_dialog is not None and tab.resume_dialog.isVisible())
    assert tab.resume_dialog is not None
    qtbot.mouseClick(_button(qtbot, tab, "inDoubtSent"), LEFT)  # they got it
    qtbot.waitUntil(
        lambda: (
            [c.state for c in ctx.services.store.journal.chunks(broadcast.id)]
            == [ChunkState.ACCEPTED, ChunkState.PENDING]
        )
    )
    run.finished.clear()
    qtbot.mouseClick(_button(qtbot, tab, "resumeButton"), LEFT)  # send the rest
    run.wait()
    qtbot.waitUntil(lambda: ctx.services.store.journal.unfinished(ctx.session.profile.name) == [])
    qtbot.waitUntil(tab.resume_banner.isHidden)
    states = [c.state for c in ctx.services.store.journal.chunks(broadcast.id)]
    assert states == [ChunkState.ACCEPTED, ChunkState.ACCEPTED]
    phones = sorted(m["phone"] for m in admin.messages(account.account_id))
    assert phones == ["+254712000001", "+254712000002", "+254712000003", "+254712000004"]


def test_in_doubt_chunk_resent_only_on_request(qtbot, tab, ctx, admin, account) -> None:  # type: ignore[no-untyped-def]
    compose(qtbot, tab, "0712 000 001", "Second try")
    admin.fault("disconnect", 1, path_prefix="/v1/send")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    assert len(admin.messages(account.account_id)) == 1
    check_unfinished(qtbot, tab)
    qtbot.waitUntil(lambda: tab.resume_dialog is not None and tab.resume_dialog.isVisible())
    with qtbot.waitSignal(tab.resume_dialog.changed):
        qtbot.mouseClick(_button(qtbot, tab, "inDoubtAgain"), LEFT)
    assert len(admin.messages(account.account_id)) == 1  # put back, still not sent
    run.finished.clear()
    qtbot.mouseClick(_button(qtbot, tab, "resumeButton"), LEFT)
    run.wait()
    assert len(admin.messages(account.account_id)) == 2  # the user chose to send it again
    assert ctx.services.store.journal.unfinished(ctx.session.profile.name) == []


def test_the_rest_of_a_broadcast_can_be_dropped(qtbot, tab, ctx, admin, account) -> None:  # type: ignore[no-untyped-def]
    write_broadcast(ctx, "Never mind", ["+254712000001"], chunk_size=1)
    check_unfinished(qtbot, tab)
    qtbot.waitUntil(lambda: tab.resume_dialog is not None and tab.resume_dialog.isVisible())
    qtbot.mouseClick(_button(qtbot, tab, "discardPending"), LEFT)
    box = tab.resume_dialog.discard_box
    assert box is not None
    qtbot.waitUntil(box.isVisible)
    assert box.text() == "1 recipient will not get this message."
    qtbot.keyClick(box, Qt.Key.Key_Escape)  # "Keep them" is the safe default
    qtbot.waitUntil(lambda: tab.resume_dialog.discard_box is None)
    assert len(ctx.services.store.journal.unfinished(ctx.session.profile.name)) == 1
    qtbot.mouseClick(_button(qtbot, tab, "discardPending"), LEFT)
    box = tab.resume_dialog.discard_box
    assert box is not None
    qtbot.waitUntil(box.isVisible)
    qtbot.mouseClick(box.findChild(QPushButton, "confirmDiscard"), LEFT)
    qtbot.waitUntil(lambda: tab.resume_dialog.discard_box is None)
    qtbot.waitUntil(lambda: ctx.services.store.journal.unfinished(ctx.session.profile.name) == [])
    qtbot.waitUntil(tab.resume_banner.isHidden)
    assert admin.messages(account.account_id) == []


def test_balance_runs_out_mid_broadcast_then_resume_after_top_up(
    qtbot, tab, ctx, admin, account
) -> None:  # type: ignore[no-untyped-def]
    ctx.session.profile.bulk_chunk_size = 1
    compose(qtbot, tab, "0712 000 001, 0712 000 002, 0712 000 003", "Jumamosi sale")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm_dialog()
    admin.topup(account.account_id, -998)  # 2 credits left: two of the three batches go
    run.confirm()
    run.wait()
    assert len(admin.messages(account.account_id)) == 2
    problem = tab.summary.problem_label.text()
    assert "needs 1 credit, but your balance is 0 credits" in problem
    assert "resume it from the note above" in problem
    assert "1 recipient not sent yet" in tab.resume_banner.label.text()
    assert tab.composer.text() == ""  # two got it: Send cannot repeat it to them

    admin.topup(account.account_id, 10)
    run.finished.clear()
    qtbot.mouseClick(tab.resume_banner.review_button, LEFT)
    qtbot.waitUntil(lambda: tab.resume_dialog is not None and tab.resume_dialog.isVisible())
    qtbot.mouseClick(_button(qtbot, tab, "resumeButton"), LEFT)
    run.wait()
    phones = sorted(r["phone"] for r in admin.messages(account.account_id))
    assert phones == ["+254712000001", "+254712000002", "+254712000003"]
    assert tab.resume_banner.isHidden()


def test_a_server_storm_mid_broadcast_keeps_the_rest_and_resuming_clears_the_error(
    qtbot, tab, ctx, admin, account, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """The first batch goes, then the service fails on and on (more 500s than the retries):
    the rest is kept, not lost; once it is resumed each customer has it once, and the card
    no longer tells the user to try again."""
    from desktop_app.ui.compose.send_dialog import SendProgressDialog

    shown = SendProgressDialog.show_progress
    storms: list[int] = []

    def storm_after_the_first_batch(dialog, done, total, recipients):  # type: ignore[no-untyped-def]
        if done == 1 and not storms:
            storms.append(1)
            admin.fault("error500", 50, path_prefix="/v1/send")
        shown(dialog, done, total, recipients)

    monkeypatch.setattr(SendProgressDialog, "show_progress", storm_after_the_first_batch)
    ctx.session.profile.bulk_chunk_size = 2
    phones = [f"+25471200{n:04d}" for n in range(1, 7)]
    compose(qtbot, tab, "\n".join(phones), "Storm sale")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    try:
        run.wait()
    finally:
        admin.clear_faults()
    assert sorted(r["phone"] for r in admin.messages(account.account_id)) == phones[:2]
    # where the rest is, not "…then try again" above the emptied form
    said = tab.summary.problem_label.text()
    assert said.startswith("The service had a problem: the rest of this send was not sent."), said
    assert "resume it from the note above" in said
    assert "4 recipients not sent yet" in tab.resume_banner.label.text()

    run.finished.clear()
    qtbot.mouseClick(tab.resume_banner.review_button, LEFT)
    qtbot.waitUntil(lambda: tab.resume_dialog is not None and tab.resume_dialog.isVisible())
    qtbot.mouseClick(_button(qtbot, tab, "resumeButton"), LEFT)
    run.wait()
    assert sorted(r["phone"] for r in admin.messages(account.account_id)) == phones
    assert tab.resume_banner.isHidden()
    assert tab.summary.problem_label.isHidden()


def test_a_key_revoked_mid_broadcast_says_where_the_rest_is_kept(
    qtbot, tab, ctx, admin, account, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """The card said "Your message is kept." above an empty form: the rest is in the note
    above, to resume once connected again."""
    from desktop_app.ui.compose.send_dialog import SendProgressDialog

    shown = SendProgressDialog.show_progress
    revoked: list[int] = []

    def revoke_after_the_first_batch(dialog, done, total, recipients):  # type: ignore[no-untyped-def]
        if done == 1 and not revoked:
            revoked.append(1)
            admin.revoke_token(account.token)
        shown(dialog, done, total, recipients)

    monkeypatch.setattr(SendProgressDialog, "show_progress", revoke_after_the_first_batch)
    ctx.session.profile.bulk_chunk_size = 2
    phones = [f"+25471300{n:04d}" for n in range(1, 7)]
    compose(qtbot, tab, "\n".join(phones), "Jumamosi sale")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    assert sorted(r["phone"] for r in admin.messages(account.account_id)) == phones[:2]
    assert tab.composer.text() == ""
    assert tab.summary.problem_label.text() == (
        "Your account needs to be connected again. The rest of this send is kept: once you "
        "are connected, resume it from the note above."
    )
    assert "4 recipients not sent yet" in tab.resume_banner.label.text()
