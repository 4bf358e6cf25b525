"""Never twice: the duplicate-send guard, drafts that stop being drafts when sent, and the
scenario that sent 2,500 customers a promotion twice, replayed against the sandbox."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from desktop_app.core.services import Services
from desktop_app.core.store import ChunkState
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.context import AppContext, ComposeRequest
from tests.ui.compose.helpers import LEFT, SendRun, compose, make_tab
from tests.ui.support import check_unfinished

APP = Path(__file__).with_name("kill_compose_app.py")
REPO = Path(__file__).resolve().parents[3]
PROMOTION = "Mama Mboga: sukuma wiki 20% off this weekend only. Karibu!"


@pytest.fixture
def tab(qtbot, ctx) -> ComposeTab:  # type: ignore[no-untyped-def]
    return make_tab(qtbot, ctx)


def numbers(count: int, base: int = 0) -> list[str]:
    return [f"0712 {base + n:06d}" for n in range(count)]


def e164(typed: str) -> str:
    return "+254" + typed.replace(" ", "")[1:]


def sent_to(admin: Any, account: Any) -> Counter[str]:
    return Counter(m["phone"] for m in admin.messages(account.account_id))


@pytest.fixture
def themed(qapp):  # type: ignore[no-untyped-def]
    """With TUMA_SCREENSHOTS=DIR, the test runs with the app's style sheet (the suite runs
    without it), so the pictures it keeps look as the app does."""
    if not os.environ.get("TUMA_SCREENSHOTS"):
        yield
        return
    from tests.ui.conftest import app_theme

    with app_theme(qapp):
        yield


def screenshot(widget: Any, name: str) -> None:
    """With TUMA_SCREENSHOTS=DIR, keep a picture of *widget* for the README."""
    folder = os.environ.get("TUMA_SCREENSHOTS")
    if folder:
        from PySide6.QtTest import QTest

        QTest.qWait(200)  # let the layout settle, as the user sees it a moment later
        widget.grab().save(str(Path(folder) / name))


def guard_text(dialog: Any) -> str:
    label = dialog.findChild(QLabel, "duplicateWarning")
    return "" if label is None else str(label.text())


# --- the guard in the Compose confirmation -------------------------------------------------------


def test_people_who_already_got_it_are_left_out_by_default(
    qtbot, themed, tab, admin, account
) -> None:  # type: ignore[no-untyped-def]
    first = numbers(3)
    compose(qtbot, tab, "\n".join(first), PROMOTION)
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    assert sent_to(admin, account) == Counter(e164(n) for n in first)

    everyone = [*first, "0712 000 099"]
    compose(qtbot, tab, "\n".join(everyone), PROMOTION)
    run.finished.clear()
    run.click_send()
    dialog = run.confirm_dialog()
    warning = guard_text(dialog)
    assert "3 of these 4 people already got this message today at" in warning
    assert dialog.send_button is not None
    assert dialog.send_button.text() == "Send only to the 1 new person"
    assert dialog.send_button.isDefault()  # Enter sends to the new ones only
    assert dialog.credits_value.text() == "1 credit"  # the cost of what Enter does
    screenshot(dialog, "confirm-duplicates.png")
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    run.wait()
    got = sent_to(admin, account)
    assert max(got.values()) == 1  # nobody twice
    assert got[e164("0712 000 099")] == 1


def test_sending_to_everyone_again_takes_a_second_deliberate_click(
    qtbot, tab, admin, account
) -> None:  # type: ignore[no-untyped-def]
    people = numbers(2, base=200)
    compose(qtbot, tab, "\n".join(people), PROMOTION)
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()

    compose(qtbot, tab, "\n".join(people), PROMOTION)
    run.finished.clear()
    run.click_send()
    dialog = run.confirm_dialog()
    assert "already got this message" in guard_text(dialog)
    assert dialog.send_button is None  # nobody is new: there is no "send" to press by habit
    assert dialog.confirm.cancel_button.isDefault()
    everyone = dialog.confirm.everyone_button
    assert everyone is not None
    assert everyone.text() == "Send to all 2 anyway…"
    qtbot.mouseClick(everyone, LEFT)  # the first click only explains
    assert dialog.isVisible()
    assert everyone.text() == "Yes, send to all 2 again"
    assert "2 people will get this message a second time" in dialog.confirm.again_label.text()
    assert sum(sent_to(admin, account).values()) == 2  # still nothing sent again
    qtbot.mouseClick(everyone, LEFT)  # the deliberate second click
    run.wait()
    assert sent_to(admin, account) == Counter({e164(p): 2 for p in people})


def test_cancel_in_the_guarded_confirmation_leaves_everything_as_it_was(
    qtbot, tab, admin, account
) -> None:  # type: ignore[no-untyped-def]
    people = numbers(2, base=300)
    compose(qtbot, tab, "\n".join(people), PROMOTION)
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    compose(qtbot, tab, "\n".join(people), PROMOTION)
    button_text = tab.summary.send_button.text()
    run.finished.clear()
    run.click_send()
    dialog = run.confirm_dialog()
    assert tab.summary.send_button.text() == button_text  # "Sending…" only once confirmed
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert run.wait() is None
    assert tab.composer.text() == PROMOTION
    assert [p.phone for p in tab.recipients.people()] == [e164(p) for p in people]
    assert tab.summary.send_button.text() == button_text
    assert sum(sent_to(admin, account).values()) == 2


def test_not_enough_credit_disables_send_and_says_why(qtbot, tab, ctx, admin, account) -> None:  # type: ignore[no-untyped-def]
    admin.topup(account.account_id, -998)  # 2 credits left
    ctx.refresh_balance()
    qtbot.waitUntil(lambda: ctx.last_balance is not None and ctx.last_balance.credits == 2)
    tab.recipients.set_numbers_text("\n".join(numbers(3, base=400)))
    tab.composer.set_text("Karibu")
    qtbot.waitUntil(lambda: tab.summary.send_button.text() == "Needs 3 credits; you have 2")
    assert not tab.summary.send_button.isEnabled()
    problem = tab.summary.problem_label.text()
    assert "Top up at least 1 credit" in problem


# --- notes that move nothing, and Clear that can be undone ----------------------------------------


def test_notes_appear_without_moving_any_control_of_the_form(qtbot, tab, admin, account) -> None:  # type: ignore[no-untyped-def]
    compose(qtbot, tab, "0712 000 501", "Habari!")
    controls = [
        tab.recipients.clear_button,
        tab.recipients.pick_button,
        tab.templates,
        tab.composer.editor,
        tab.summary.send_button,
    ]
    where = [c.mapTo(tab, c.rect().topLeft()) for c in controls]
    tab.templates.templates_changed.emit("Saved")  # "Templates updated" used to push Clear down
    qtbot.waitUntil(tab.notice.isVisible)
    tab.resume_banner.show()
    qtbot.wait(50)
    assert [c.mapTo(tab, c.rect().topLeft()) for c in controls] == where


def test_good_news_fades_by_itself(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    tab.notice.FADE_AFTER_MS = 50  # type: ignore[misc]
    tab.notice.fader.set_wait(50)
    tab.notice.show_text("Sent to 3 people.", ok=True)
    assert tab.notice.isVisible()
    qtbot.waitUntil(lambda: not tab.notice.isVisible(), timeout=3000)
    tab.notice.show_text("Some batches were refused.", ok=False)  # a problem stays
    qtbot.wait(300)
    assert tab.notice.isVisible()


def test_clear_can_be_undone(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.core.recipients import Person

    tab.recipients.set_numbers_text("0712 000 601\n0712 000 602")
    tab.recipients.add_people([Person("+254712000603", "Amina", "Otieno", from_contacts=True)])
    before = [(p.phone, p.first_name) for p in tab.recipients.people()]
    qtbot.mouseClick(tab.recipients.clear_button, LEFT)
    assert tab.recipients.people() == ()
    assert tab.notice.isVisible()
    assert tab.notice.action_button.text() == "Undo"
    qtbot.mouseClick(tab.notice.action_button, LEFT)
    assert [(p.phone, p.first_name) for p in tab.recipients.people()] == before


def test_another_tab_can_prepare_a_message_without_sending_it(
    qtbot, tab, ctx, admin, account
) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.core.recipients import Person

    shown: list[str] = []
    ctx.show_tab_requested.connect(shown.append)
    tab.composer.set_text("what I was writing")
    people = (Person("+254712000701", "Baraka"), Person("+254712000702", "Chebet"))
    ctx.compose_requested.emit(ComposeRequest(people, "Habari {first_name}!"))
    assert shown == ["compose"]
    assert [p.first_name for p in tab.recipients.people()] == ["Baraka", "Chebet"]
    assert tab.composer.text() == "Habari {first_name}!"
    assert admin.messages(account.account_id) == []  # nothing sent without Send
    qtbot.mouseClick(tab.notice.action_button, LEFT)  # Undo
    assert tab.composer.text() == "what I was writing"
    assert tab.recipients.people() == ()


# --- drafts -------------------------------------------------------------------------------------


def test_drafts_belong_to_an_account(qtbot, ctx, arun, test_profile, account) -> None:  # type: ignore[no-untyped-def]
    """The practice account's draft never shows up in a real account (and back)."""
    from dataclasses import replace

    from desktop_app.core.services.accounts import PRACTICE_PROFILE_NAME

    tab = make_tab(qtbot, ctx)
    qtbot.keyClicks(tab.composer.editor, "For my real customers")
    tab.save_draft()
    practice = replace(test_profile, name=PRACTICE_PROFILE_NAME)
    arun(ctx.open_session(practice, account.token, is_sandbox=True))
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.draft.load"))
    assert tab.composer.text() == ""
    qtbot.keyClicks(tab.composer.editor, "Just practising")
    tab.save_draft()
    arun(ctx.open_session(test_profile, account.token))
    qtbot.waitUntil(lambda: tab.composer.text() == "For my real customers")
    arun(ctx.open_session(practice, account.token, is_sandbox=True))
    qtbot.waitUntil(lambda: tab.composer.text() == "Just practising")


def test_a_started_send_is_no_longer_a_draft(qtbot, tab, ctx, admin, account, services) -> None:  # type: ignore[no-untyped-def]
    compose(qtbot, tab, "0712 000 801", "Sent, not a draft")
    tab.save_draft()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.draft.save"))
    assert services.store.drafts.load("Test shop").text == "Sent, not a draft"
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    qtbot.waitUntil(lambda: not ctx.tasks.busy)
    assert services.store.drafts.load("Test shop").is_empty


# --- the scenario: killed mid-broadcast, restarted, Send pressed on the same form --------------


@pytest.fixture
def restart_paths(tmp_path: Path) -> tuple[Path, Path]:
    return tmp_path / "shop" / "tuma.sqlite3", tmp_path / "shop" / "settings.json"


@pytest.fixture
def restarted(qloop, arun, restart_paths):  # type: ignore[no-untyped-def]
    """The app opened again on the same files (a fresh start after the kill)."""
    contexts: list[AppContext] = []

    def start() -> AppContext:
        store, settings = restart_paths
        services = Services.open(store_path=store, settings_path=settings)
        context = AppContext(services)
        contexts.append(context)
        return context

    yield start
    for context in contexts:
        arun(context.tasks.shutdown(timeout=5.0))
        arun(context.close_session(emit=False))
        context.services.close()


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_a_killed_broadcast_is_never_sent_twice_by_pressing_send_again(
    qtbot, themed, admin, account, arun, restart_paths, restarted
) -> None:  # type: ignore[no-untyped-def]
    """The last release: killed half-way through a broadcast, restarted, the resume offer
    closed, and Send pressed on a form still holding the same numbers and text: 2,500
    customers got the promotion twice. Now the started broadcast is no longer a draft, and a
    form holding the same message again is caught by the guard; the service's own records
    show nobody got it twice, and the rest goes out once, from the review."""
    people = numbers(30, base=900)
    store, settings = restart_paths
    store.parent.mkdir(parents=True)
    admin.fault("delay", count=1000, path_prefix="/v1/send", seconds=0.4)
    app = subprocess.Popen(
        [
            sys.executable,
            str(APP),
            str(store),
            str(settings),
            account.base_url,
            account.contacts_base_url,
            "Test shop",
            account.sender_id,
            PROMOTION,
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "TUMA_KILL_TOKEN": account.token, "PYTHONPATH": str(REPO)},
    )
    try:
        assert app.stdin is not None
        assert app.stdout is not None
        app.stdin.write("\n".join(people) + "\n\n")
        app.stdin.flush()
        assert app.stdout.readline().strip() == "confirmed"
        # Killed once two batches of five have gone out (more may be on their way).
        qtbot.waitUntil(lambda: sum(sent_to(admin, account).values()) >= 10, timeout=30000)
        app.send_signal(signal.SIGKILL)
        app.wait(10)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(10)
        for stream in (app.stdin, app.stdout):
            if stream is not None:
                stream.close()
        admin.clear_faults()
    before = sent_to(admin, account)
    assert 10 <= sum(before.values()) < 30

    ctx = restarted()
    profile = ctx.settings.profile("Test shop")
    arun(ctx.open_session(profile, account.token))
    tab = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.draft.load"))
    # It comes back as that broadcast, never as a fresh ready-to-send form.
    assert tab.composer.text() == ""
    assert tab.recipients.people() == ()
    (unfinished,) = check_unfinished(qtbot, tab)
    assert unfinished.recipients == 30
    qtbot.waitUntil(lambda: tab.resume_dialog is not None and tab.resume_dialog.isVisible())
    tab.resume_dialog.close()  # the user closes the offer

    # ...and fills the form with the same message again, and presses Send.
    compose(qtbot, tab, "\n".join(people), PROMOTION)
    run = SendRun(qtbot, tab)
    run.click_send()
    dialog = run.confirm_dialog()
    warning = guard_text(dialog)
    got = sum(1 for count in before.values() if count)
    assert f"{got} of these 30 people already got this message today at" in warning or (
        "already got this message" in warning
    )
    assert "waiting for it in a broadcast that has not finished" in warning
    assert dialog.send_button is None  # nobody here is new
    screenshot(dialog, "confirm-after-restart.png")
    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # Enter: the default is Cancel
    assert run.wait() is None
    assert sent_to(admin, account) == before  # nothing sent

    # The rest goes out once, from the review of the unfinished broadcast.
    tab.open_resume_dialog()
    qtbot.waitUntil(lambda: tab.resume_dialog is not None and tab.resume_dialog.isVisible())
    from PySide6.QtWidgets import QPushButton

    qtbot.waitUntil(lambda: tab.resume_dialog.findChild(QPushButton, "resumeButton") is not None)
    run.finished.clear()
    qtbot.mouseClick(tab.resume_dialog.findChild(QPushButton, "resumeButton"), LEFT)
    run.wait(timeout=30000)
    after = sent_to(admin, account)
    assert max(after.values()) == 1  # from the service's own records: nobody twice
    chunks = ctx.services.store.journal.chunks(unfinished.id)
    for chunk in chunks:
        expected = {1} if chunk.state is ChunkState.ACCEPTED else {0, 1}
        assert {after[phone] for phone in chunk.phones} <= expected, chunk
    missing = [p for p in people if after[e164(p)] == 0]
    doubtful = {p for c in chunks if c.state is ChunkState.IN_DOUBT for p in c.phones}
    assert {e164(p) for p in missing} <= doubtful  # only an in-doubt batch may be missing
