"""A scheduled or unfinished send keeps its own rules: Edit brings a promotion back as a
promotion (the opt-out list and the hours still apply, after a kill too); "Send to the
remaining N" asks about the hours for promotions as every other way of sending does; a
scheduled promotion says who the opt-out list left out (never an empty note); a sender name
refused after the first round says what went and what to do with the rest; and "Send to the
remaining" pressed while another send goes out says why nothing happened."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

from PySide6.QtWidgets import QPushButton

from desktop_app.core.recipients import Person
from desktop_app.core.rules import SendCategory
from desktop_app.core.services.drafts import Draft, TakenOff
from desktop_app.core.services.optouts import OptOutSource
from desktop_app.core.services.sending import RunReport, SendingService
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose.rules import PromoHoursDialog
from desktop_app.ui.compose.tab import SCHEDULE_TASK
from tests.ui.compose.helpers import LEFT, SendRun, compose, make_tab, open_list, settled_tab
from tests.ui.compose.test_drafts_and_schedule import killed, restart  # noqa: F401 (a fixture)
from tests.ui.compose.test_rules import PROMOTION, choose, e164, schedule_directly, sent_to
from tests.ui.support import check_unfinished, write_broadcast

PROFILE = "Test shop"
TEXT = PROMOTION + " STOP"


def visible_hours(tab: ComposeTab) -> list[PromoHoursDialog]:
    return [d for d in tab.findChildren(PromoHoursDialog) if d.isVisible()]


def wait_hours(qtbot: Any, tab: ComposeTab) -> PromoHoursDialog:
    qtbot.waitUntil(lambda: bool(visible_hours(tab)), timeout=10000)
    return visible_hours(tab)[0]


# --- 1. Edit keeps the kind ---------------------------------------------------------------------


def _edit_promotion_sent_by_a_service_sender(
    qtbot: Any, ctx: Any, arun: Any, shop_clock: Any
) -> tuple[ComposeTab, Person, Person]:
    """A promotion scheduled for tomorrow to two customers, one of whom then replied STOP;
    the sender name is usually used for service messages; the owner presses Edit."""
    tab = settled_tab(qtbot, ctx, shop_clock)
    stopped = Person(e164("0712 000 701"))
    keen = Person(e164("0712 000 702"))
    schedule_directly(tab, arun, datetime.now(UTC) + timedelta(days=1), people=[stopped, keen])
    arun(ctx.services.optouts.add(PROFILE, [stopped.phone], OptOutSource.REPLIED))
    choose(qtbot, tab, SendCategory.TRANSACTIONAL)
    dialog = open_list(qtbot, tab)
    qtbot.mouseClick(dialog.edit_button, LEFT)
    qtbot.waitUntil(lambda: tab.composer.text() == TEXT)
    qtbot.waitUntil(lambda: not ctx.tasks.busy)
    return tab, stopped, keen


def test_editing_a_scheduled_promotion_keeps_it_a_promotion(
    qtbot, ctx, admin, account, arun, shop_clock
) -> None:  # type: ignore[no-untyped-def]
    """Edit, then Send: the form says "Promotion" (the send's own kind, not the sender
    name's usual "Service message"), and the customer who replied STOP does not get it.
    Once sent, the next message is of the sender name's usual kind again."""
    tab, stopped, keen = _edit_promotion_sent_by_a_service_sender(qtbot, ctx, arun, shop_clock)
    assert tab.category.category() is SendCategory.PROMOTIONAL
    run = SendRun(qtbot, tab)
    run.click_send()
    assert run.confirm_dialog().opted_out_label.text() == (
        "1 customer on your opt-out list will not get this promotion."
    )
    run.confirm()
    run.wait()
    assert sent_to(admin, account) == {keen.phone: 1}
    assert stopped.phone not in sent_to(admin, account)
    qtbot.waitUntil(lambda: tab.category.category() is SendCategory.TRANSACTIONAL)


def test_undo_of_an_edit_gives_the_form_back_its_own_kind(qtbot, ctx, arun, shop_clock) -> None:  # type: ignore[no-untyped-def]
    """Edit of a scheduled promotion, then Undo: the send is back on the schedule and the
    form is what it was, of the sender name's usual kind ("Service message")."""
    tab, _stopped, _keen = _edit_promotion_sent_by_a_service_sender(qtbot, ctx, arun, shop_clock)
    qtbot.mouseClick(tab.notice.action_button, LEFT)  # Undo
    qtbot.waitUntil(lambda: tab.notice.label.text().startswith("Back on the schedule"))
    assert tab.composer.text() == ""
    qtbot.waitUntil(lambda: tab.category.category() is SendCategory.TRANSACTIONAL)
    waiting = arun(ctx.services.sending.scheduled(PROFILE))
    assert [w.category for w in waiting] == [SendCategory.PROMOTIONAL]


def test_an_edited_promotion_is_still_one_after_a_kill(  # type: ignore[no-untyped-def]
    qtbot,
    ctx,
    admin,
    account,
    arun,
    shop_clock,
    restart,  # noqa: F811 (the fixture)
) -> None:
    """Edit of a scheduled promotion, then Tuma is killed before anything else: started
    again, the form holds the text as a promotion, and Send leaves out the STOP customer."""
    tab, _stopped, keen = _edit_promotion_sent_by_a_service_sender(qtbot, ctx, arun, shop_clock)
    killed(qtbot, tab)
    again = restart()
    assert again.composer.text() == TEXT
    qtbot.waitUntil(lambda: not again.ctx.tasks.busy)
    assert again.category.category() is SendCategory.PROMOTIONAL
    run = SendRun(qtbot, again)
    run.click_send()
    run.confirm()
    run.wait()
    assert sent_to(admin, account) == {keen.phone: 1}


def test_a_kind_chosen_after_edit_is_kept_with_the_draft(  # type: ignore[no-untyped-def]
    qtbot,
    ctx,
    arun,
    shop_clock,
    restart,  # noqa: F811 (the fixture)
) -> None:
    """Edit of a scheduled promotion; the owner decides it is a service message after all
    and picks that; Tuma is closed and started again: the form still says so."""
    tab, _stopped, _keen = _edit_promotion_sent_by_a_service_sender(qtbot, ctx, arun, shop_clock)
    choose(qtbot, tab, SendCategory.TRANSACTIONAL)
    tab.save_draft()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.draft.save"))
    draft = arun(ctx.services.drafts.load(PROFILE))
    assert draft.taken_off is not None
    assert draft.taken_off.category == SendCategory.TRANSACTIONAL
    killed(qtbot, tab)
    again = restart()
    qtbot.waitUntil(lambda: not again.ctx.tasks.busy)
    assert again.category.category() is SendCategory.TRANSACTIONAL


def test_a_draft_taken_off_before_kinds_were_kept_gets_the_send_s_own(
    qtbot, ctx, arun, shop_clock
) -> None:  # type: ignore[no-untyped-def]
    """A scheduled promotion taken off to edit by an older Tuma (its draft keeps no kind):
    read back, the draft has the send's own kind, as recorded with the send."""
    tab = settled_tab(qtbot, ctx, shop_clock)
    due = datetime.now(UTC) + timedelta(days=1)
    broadcast_id = schedule_directly(tab, arun, due)
    taken_off = TakenOff(broadcast_id, due)
    assert arun(ctx.services.drafts.take_off_schedule(PROFILE, Draft(TEXT, taken_off=taken_off)))
    draft = arun(ctx.services.drafts.load(PROFILE))
    assert draft.taken_off is not None
    assert draft.taken_off.category == SendCategory.PROMOTIONAL


# --- 2. Send to the remaining N asks about the hours --------------------------------------------


def _unfinished(ctx: Any, arun: Any, category: SendCategory) -> int:
    """A send written down and never sent (Tuma was closed right after Send)."""
    plan = SendingService.plan(
        sender_id="TUMA",
        text="Mama Mboga: sukuma wiki 20% off today only. STOP *456*9*5#",
        people=[Person(e164("0712 000 601")), Person(e164("0712 000 602"))],
        fallback="",
        skipped=0,
        profile=ctx.session.profile,
        balance=None,
        price_per_part=None,
    )
    return int(arun(ctx.services.sending.start(plan, PROFILE, category=category)))


def _resume_button(qtbot: Any, tab: ComposeTab) -> QPushButton:
    """ "Send to the remaining N" in the review dialog, once it lists the send."""
    qtbot.waitUntil(lambda: tab.resume_dialog is not None and tab.resume_dialog.isVisible())
    dialog = tab.resume_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.findChild(QPushButton, "resumeButton") is not None)
    button = dialog.findChild(QPushButton, "resumeButton")
    assert button is not None
    return button


def _press_resume(qtbot: Any, tab: ComposeTab) -> None:
    check_unfinished(qtbot, tab)
    qtbot.mouseClick(_resume_button(qtbot, tab), LEFT)


def test_resuming_a_promotion_at_eight_in_the_evening_asks_first(
    qtbot, ctx, admin, account, arun, shop_clock
) -> None:  # type: ignore[no-untyped-def]
    """A promotion did not finish; at 20:00 the owner presses "Send to the remaining 2": the
    hours question comes first, nothing goes out; Cancel leaves it waiting in the note."""
    tab = settled_tab(qtbot, ctx, shop_clock)
    _unfinished(ctx, arun, SendCategory.PROMOTIONAL)
    shop_clock.set(20, 0)
    run = SendRun(qtbot, tab)
    _press_resume(qtbot, tab)
    hours = wait_hours(qtbot, tab)
    assert not sent_to(admin, account)
    assert "tomorrow at" in hours.schedule_button.text()
    assert hours.now_button.text() == "Send now anyway"
    hours.reject()  # Cancel
    assert run.wait() is None
    assert not sent_to(admin, account)
    assert len(check_unfinished(qtbot, tab, open_dialog=False)) == 1


def test_resuming_a_promotion_at_night_anyway_is_the_user_s_choice(
    qtbot, ctx, admin, account, arun, shop_clock
) -> None:  # type: ignore[no-untyped-def]
    """At 20:00 the owner answers "Send now anyway": the rest goes out, once."""
    tab = settled_tab(qtbot, ctx, shop_clock)
    _unfinished(ctx, arun, SendCategory.PROMOTIONAL)
    shop_clock.set(20, 0)
    run = SendRun(qtbot, tab)
    _press_resume(qtbot, tab)
    qtbot.mouseClick(wait_hours(qtbot, tab).now_button, LEFT)
    assert isinstance(run.wait(), RunReport)
    assert set(sent_to(admin, account).values()) == {1}
    assert len(sent_to(admin, account)) == 2


def test_the_rest_of_a_promotion_held_for_the_morning_goes_at_eight(
    qtbot, ctx, admin, account, arun, shop_clock
) -> None:  # type: ignore[no-untyped-def]
    """At 20:00 the owner answers "Send it tomorrow at 08:00": nothing goes tonight, the
    note says when it goes; at 08:00 (Tuma still open) the rest goes out, once."""
    tab = settled_tab(qtbot, ctx, shop_clock)
    _unfinished(ctx, arun, SendCategory.PROMOTIONAL)
    evening = shop_clock.set(20, 0)
    run = SendRun(qtbot, tab)
    _press_resume(qtbot, tab)
    qtbot.mouseClick(wait_hours(qtbot, tab).schedule_button, LEFT)
    assert run.wait() is None
    assert not sent_to(admin, account)
    assert tab.notice.label.text().startswith("The rest goes out tomorrow at")
    tab.check_scheduled()  # still 20:00: nothing
    qtbot.waitUntil(lambda: not ctx.tasks.is_running(SCHEDULE_TASK))
    assert not run.finished[1:]
    shop_clock.now = (evening + timedelta(days=1)).replace(hour=8, minute=1)
    tab.check_scheduled()
    qtbot.waitUntil(lambda: len(run.finished) == 2, timeout=20000)
    assert isinstance(run.finished[-1], RunReport)
    assert len(sent_to(admin, account)) == 2
    tab.check_scheduled()  # the next check sends nothing again
    qtbot.waitUntil(lambda: not ctx.tasks.is_running(SCHEDULE_TASK))
    assert set(sent_to(admin, account).values()) == {1}


def test_the_rest_held_for_the_morning_found_late_is_asked_about(
    qtbot, ctx, admin, account, arun, shop_clock
) -> None:  # type: ignore[no-untyped-def]
    """Held for 08:00, but the laptop slept until 10:30: the rest is not sent on its own;
    the review of unfinished sends opens, and the note says why."""
    tab = settled_tab(qtbot, ctx, shop_clock)
    _unfinished(ctx, arun, SendCategory.PROMOTIONAL)
    evening = shop_clock.set(20, 0)
    run = SendRun(qtbot, tab)
    _press_resume(qtbot, tab)
    qtbot.mouseClick(wait_hours(qtbot, tab).schedule_button, LEFT)
    run.wait()
    assert tab.resume_dialog is not None
    tab.resume_dialog.close()
    shop_clock.now = (evening + timedelta(days=1)).replace(hour=10, minute=30)
    tab.check_scheduled()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running(SCHEDULE_TASK))
    assert not sent_to(admin, account)
    assert tab.notice.label.text().startswith("The rest of a promotion was to go out")
    _resume_button(qtbot, tab)  # the review is open on it


def test_resuming_a_service_message_at_night_does_not_ask(
    qtbot, ctx, admin, account, arun, shop_clock
) -> None:  # type: ignore[no-untyped-def]
    """A receipt that did not finish goes at 20:00 without the hours question (whatever the
    form's kind of message says)."""
    tab = settled_tab(qtbot, ctx, shop_clock)
    assert tab.category.category() is SendCategory.PROMOTIONAL  # the form's: not the send's
    _unfinished(ctx, arun, SendCategory.TRANSACTIONAL)
    shop_clock.set(20, 0)
    run = SendRun(qtbot, tab)
    _press_resume(qtbot, tab)
    assert isinstance(run.wait(), RunReport)
    assert len(sent_to(admin, account)) == 2
    assert not visible_hours(tab)


# --- 3. who the opt-out list left out ------------------------------------------------------------


def _due_now_to(qtbot: Any, tab: ComposeTab, arun: Any, people: list[Person]) -> SendRun:
    """A promotion scheduled for a moment ago, on a tab that has been open since before
    (found on time: it goes now); returns the run, once ended."""
    schedule_directly(tab, arun, datetime.now(UTC) - timedelta(seconds=1), people=people)
    run = SendRun(qtbot, tab)
    tab.check_scheduled()
    run.wait()
    return run


def test_scheduled_promotion_whose_people_all_opted_out_says_what_happened(
    qtbot, ctx, admin, account, arun, shop_clock
) -> None:  # type: ignore[no-untyped-def]
    """Everyone a scheduled promotion was for replied STOP before it fell due: nothing goes,
    and the note says why (it was an empty green note with only ✕)."""
    tab = settled_tab(qtbot, ctx, shop_clock, running_for=timedelta(minutes=1))
    people = [Person(e164("0712 000 501")), Person(e164("0712 000 502"))]
    arun(ctx.services.optouts.add(PROFILE, [p.phone for p in people], OptOutSource.REPLIED))
    report = _due_now_to(qtbot, tab, arun, people).finished[-1]
    assert isinstance(report, RunReport)
    assert report.opted_out == 2
    assert not sent_to(admin, account)
    assert tab.notice.isVisible()
    assert tab.notice.label.text() == (
        "Nothing was sent. 2 customers on your opt-out list will not get this promotion."
    )


def test_scheduled_promotion_with_one_opted_out_says_so(
    qtbot, ctx, admin, account, arun, shop_clock
) -> None:  # type: ignore[no-untyped-def]
    """One of two customers replied STOP before the scheduled promotion fell due: it goes to
    the other, and the note says one was left out, in the confirmation's words; it stays
    until read (a scheduled send goes out with nobody watching)."""
    tab = settled_tab(qtbot, ctx, shop_clock, running_for=timedelta(minutes=1))
    people = [Person(e164("0712 000 501")), Person(e164("0712 000 502"))]
    arun(ctx.services.optouts.add(PROFILE, [people[0].phone], OptOutSource.REPLIED))
    _due_now_to(qtbot, tab, arun, people)
    assert len(sent_to(admin, account)) == 1
    assert tab.notice.label.text() == (
        "Sent to 1 person (1 credit). 1 customer on your opt-out list will not get this "
        "promotion. Delivery reports will appear in the Delivery tab."
    )
    assert not tab.notice.fader.counting


# --- 4. a sender name refused after the first round ---------------------------------------------


def _refuse_sender_after(ctx: Any, admin: Any, account: Any, rounds: int) -> None:
    """The provider takes the sender name off the account once *rounds* rounds went."""
    client = ctx.session.client
    calls: list[int] = []
    for name in ("send_bulk", "send_message"):
        original = getattr(client, name)

        async def wrapped(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            if len(calls) == rounds:
                admin.update_account(account.account_id, sender_ids=["OTHER"])
            calls.append(1)
            return await _original(*args, **kwargs)

        setattr(client, name, wrapped)


def test_sender_id_refused_after_first_round_does_not_say_nothing_was_sent(
    qtbot, ctx, admin, account
) -> None:  # type: ignore[no-untyped-def]
    """A receipt to three goes one by one; the provider refuses the sender name after the
    first. The note says one got it; the problem no longer says "nothing was sent" nor
    points to "From" (the form is empty): the rest waits in the note above, to send once
    the name is registered again, or to drop."""
    tab = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.rules"))
    tab.category.set_category(SendCategory.TRANSACTIONAL)
    ctx.session.profile.bulk_chunk_size = 1
    _refuse_sender_after(ctx, admin, account, rounds=1)
    compose(qtbot, tab, "0712 000 001\n0712 000 002\n0712 000 003", "Asante, order 1043 is ready")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    assert len(admin.messages(account.account_id)) == 1
    assert tab.notice.label.text().startswith("Sent to 1 person")
    sender = tab.summary.sender_combo.currentText()
    assert tab.summary.problem_label.text() == (
        f"The sender name “{sender}” is no longer registered to your account, so the rest was "
        "not sent. It waits in the note above: once your provider has registered the name "
        "again, send the rest from there, or choose “Don't send the rest”."
    )
    assert "2 recipients not sent yet" in tab.resume_banner.label.text()


def test_a_scheduled_send_whose_sender_name_is_refused_does_not_point_to_the_form(
    qtbot, ctx, admin, account, arun, shop_clock
) -> None:  # type: ignore[no-untyped-def]
    """A scheduled send falls due after the provider took its sender name off the account:
    nothing goes, and the problem says where the message waits (not "choose another
    sender name under From": the form has nothing to do with it)."""
    tab = settled_tab(qtbot, ctx, shop_clock, running_for=timedelta(minutes=1))
    sender = tab.summary.sender_combo.currentText()
    _refuse_sender_after(ctx, admin, account, rounds=0)
    _due_now_to(qtbot, tab, arun, [Person(e164("0712 000 801"))])
    assert not sent_to(admin, account)
    assert tab.summary.problem_label.text() == (
        f"The sender name “{sender}” is not registered to your account, so this message was "
        "not sent. It waits in the note above: once your provider has registered the name, "
        "send it from there, or choose “Don't send the rest”."
    )


# --- 5. Send to the remaining, pressed while another send goes out ------------------------------


def test_send_to_the_remaining_while_another_send_goes_out_says_why(
    qtbot, ctx, admin, account, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """A send is going out; the owner opens the review of an older unfinished send and
    presses "Send to the remaining 2": the review stays open and says why nothing started
    (it closed without a word); once the other send is done, the press sends it, once."""
    tab = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.rules"))
    tab.category.set_category(SendCategory.TRANSACTIONAL)
    older = ["+254712000901", "+254712000902"]
    write_broadcast(ctx, "Old news", older, chunk_size=2)
    released = asyncio.Event()
    client = ctx.session.client
    for name in ("send_bulk", "send_message"):
        original = getattr(client, name)

        async def held(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            await released.wait()
            return await _original(*args, **kwargs)

        monkeypatch.setattr(client, name, held)
    compose(qtbot, tab, "0712 000 911", "Asante, order 1043 is ready")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    try:
        qtbot.waitUntil(lambda: tab.flow.sending)
        tab.open_resume_dialog()
        dialog = tab.resume_dialog
        assert dialog is not None
        qtbot.mouseClick(_resume_button(qtbot, tab), LEFT)
        assert dialog.isVisible()
        assert dialog.status_label.isVisible()
        assert dialog.status_label.text() == (
            "Another send is going out: resume this one when it has finished."
        )
    finally:
        released.set()
    run.wait()
    assert not any(p in sent_to(admin, account) for p in older)
    run.finished.clear()
    tab.open_resume_dialog()
    qtbot.mouseClick(_resume_button(qtbot, tab), LEFT)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert isinstance(run.wait(), RunReport)
    assert all(sent_to(admin, account)[p] == 1 for p in older)
