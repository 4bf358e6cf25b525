"""The rules Kenyan senders live under, on the Compose tab, against the sandbox: promotion or
service message (remembered per sender ID), the opt-out line flagged and added with its cost,
promotions held back outside 08:00–18:00 and scheduled for the morning, the opt-out list
honoured on every path (SMS, WhatsApp, survey, resumed, scheduled), and Send later: a send
falling due while the app runs goes once; one found overdue at start is asked about."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from desktop_app.core.recipients import Person
from desktop_app.core.rules import DEFAULT_OPT_OUT_LINE, SendCategory
from desktop_app.core.services.optouts import OptOutSource
from desktop_app.core.services.sending import SendingService
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose.rules import OverdueDialog, PromoHoursDialog, SendLaterDialog
from tests.ui.compose.helpers import LEFT, SendRun, compose, make_tab

PROMOTION = "Mama Mboga: sukuma wiki 20% off this weekend only. Karibu!"
RECEIPT = "Asante! We received KES 1,200 for order 1043."


@pytest.fixture
def tab(qtbot, ctx) -> ComposeTab:  # type: ignore[no-untyped-def]
    widget = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.rules"))
    return widget


def typed(count: int, base: int = 0) -> list[str]:
    return [f"0712 {base + n:06d}" for n in range(count)]


def e164(number: str) -> str:
    return "+254" + number.replace(" ", "")[1:]


def sent_to(admin: Any, account: Any) -> Counter[str]:
    return Counter(m["phone"] for m in admin.messages(account.account_id))


def profile(tab: ComposeTab) -> str:
    session = tab.ctx.session
    assert session is not None
    return session.profile.name


def choose(qtbot: Any, tab: ComposeTab, category: SendCategory) -> None:
    combo = tab.category.combo
    combo.setCurrentIndex(combo.findData(category))
    combo.activated.emit(combo.currentIndex())
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.category.save"))


# --- the kind of message ----------------------------------------------------------------------


def test_the_kind_of_message_is_remembered_per_sender_id(qtbot, tab, arun) -> None:  # type: ignore[no-untyped-def]
    assert tab.category.category() is SendCategory.PROMOTIONAL  # until chosen
    choose(qtbot, tab, SendCategory.TRANSACTIONAL)
    sender = tab.summary.sender_combo.currentText()
    stored = arun(tab.ctx.services.optouts.category(profile(tab), sender))
    assert stored is SendCategory.TRANSACTIONAL
    # A new tab (the next start) shows the sender's usual kind again.
    again = make_tab(qtbot, tab.ctx)
    qtbot.waitUntil(lambda: again.category.category() is SendCategory.TRANSACTIONAL)


# --- the opt-out line -----------------------------------------------------------------------------


def test_a_promotion_without_an_opt_out_line_is_flagged_and_fixed_in_one_click(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    compose(qtbot, tab, "\n".join(typed(3)), PROMOTION)
    hint = tab.opt_out_hint
    assert hint.isVisible()
    assert "cost stays the same" in hint.label.text()
    qtbot.mouseClick(hint.add_button, LEFT)
    assert tab.composer.text() == PROMOTION + "\n" + DEFAULT_OPT_OUT_LINE
    qtbot.waitUntil(lambda: not hint.isVisible())
    # Ctrl+Z takes the line back out.
    tab.composer.editor.undo()
    assert tab.composer.text() == PROMOTION
    qtbot.waitUntil(hint.isVisible)


def test_the_hint_says_when_the_line_costs_more(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    compose(qtbot, tab, "\n".join(typed(10)), "A" * 150)
    text = tab.opt_out_hint.label.text()
    assert "2 parts per message" in text
    assert "10 credits more" in text


def test_a_service_message_needs_no_opt_out_line(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    choose(qtbot, tab, SendCategory.TRANSACTIONAL)
    compose(qtbot, tab, "\n".join(typed(1)), RECEIPT)
    assert not tab.opt_out_hint.isVisible()


# --- the hours ------------------------------------------------------------------------------------


def wait_dialog(qtbot: Any, tab: ComposeTab, kind: type) -> Any:
    found: list[Any] = []

    def visible() -> bool:
        found[:] = [w for w in tab.findChildren(kind) if w.isVisible()]
        return bool(found)

    qtbot.waitUntil(visible, timeout=10000)
    return found[0]


def test_a_promotion_after_six_is_scheduled_for_eight_by_default(
    qtbot, tab, shop_clock, admin, account, arun
) -> None:  # type: ignore[no-untyped-def]
    evening = shop_clock.set(19, 30)
    first = typed(2)
    compose(qtbot, tab, "\n".join(first), PROMOTION + " STOP *456*9*5#")
    run = SendRun(qtbot, tab)
    run.click_send()
    hours = wait_dialog(qtbot, tab, PromoHoursDialog)
    assert "tomorrow at" in hours.schedule_button.text()
    assert hours.schedule_button.isDefault()
    qtbot.mouseClick(hours.schedule_button, LEFT)
    dialog = run.confirm_dialog()
    assert dialog.due_value.text().startswith("tomorrow at")
    assert dialog.send_button.text() == "Schedule"
    # not "Send to 2 people?" above a Schedule button
    assert dialog.heading.text() == "Schedule it for 2 people?"
    assert dialog.windowTitle() == "Schedule this message?"
    run.confirm()
    run.wait()
    assert sent_to(admin, account) == Counter()  # nothing went out tonight
    waiting = arun(tab.ctx.services.sending.scheduled(profile(tab)))
    assert len(waiting) == 1
    due = waiting[0].due_at.astimezone(evening.tzinfo)
    assert (due.date(), due.hour, due.minute) == ((evening + timedelta(days=1)).date(), 8, 0)
    qtbot.waitUntil(tab.scheduled_banner.isVisible)
    assert tab.composer.text() == ""  # the form is free for the next message


def test_sending_a_promotion_outside_the_hours_anyway_is_the_user_s_choice(
    qtbot, tab, shop_clock, admin, account
) -> None:  # type: ignore[no-untyped-def]
    shop_clock.set(7, 59)
    compose(qtbot, tab, "\n".join(typed(1)), PROMOTION)
    run = SendRun(qtbot, tab)
    run.click_send()
    hours = wait_dialog(qtbot, tab, PromoHoursDialog)
    assert "today at" in hours.schedule_button.text()
    qtbot.mouseClick(hours.now_button, LEFT)
    run.confirm()
    run.wait()
    assert sum(sent_to(admin, account).values()) == 1


def test_a_service_message_goes_at_any_hour(qtbot, tab, shop_clock, admin, account) -> None:  # type: ignore[no-untyped-def]
    shop_clock.set(22, 15)
    choose(qtbot, tab, SendCategory.TRANSACTIONAL)
    compose(qtbot, tab, "\n".join(typed(1)), RECEIPT)
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    assert sum(sent_to(admin, account).values()) == 1


# --- the opt-out list, on every path --------------------------------------------------------------


def test_a_promotion_leaves_out_numbers_on_the_opt_out_list_and_says_so(
    qtbot, tab, admin, account, arun
) -> None:  # type: ignore[no-untyped-def]
    numbers = typed(4)
    arun(tab.ctx.services.optouts.add(profile(tab), [e164(numbers[1])], OptOutSource.REPLIED))
    compose(qtbot, tab, "\n".join(numbers), PROMOTION)
    run = SendRun(qtbot, tab)
    run.click_send()
    dialog = run.confirm_dialog()
    assert "1 customer on your opt-out list" in dialog.opted_out_label.text()
    assert dialog.recipients_value.text() == "3"
    run.confirm()
    run.wait()
    assert set(sent_to(admin, account)) == {e164(n) for n in numbers} - {e164(numbers[1])}


def test_a_service_message_still_reaches_a_number_on_the_list(
    qtbot, tab, admin, account, arun
) -> None:  # type: ignore[no-untyped-def]
    number = typed(1)[0]
    arun(tab.ctx.services.optouts.add(profile(tab), [e164(number)], OptOutSource.REPLIED))
    choose(qtbot, tab, SendCategory.TRANSACTIONAL)
    compose(qtbot, tab, number, RECEIPT)
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    assert sent_to(admin, account) == Counter({e164(number): 1})


def test_a_promotion_to_only_opted_out_numbers_sends_nothing(
    qtbot, tab, admin, account, arun
) -> None:  # type: ignore[no-untyped-def]
    numbers = typed(2)
    arun(tab.ctx.services.optouts.add(profile(tab), map(e164, numbers), OptOutSource.STAFF))
    compose(qtbot, tab, "\n".join(numbers), PROMOTION)
    run = SendRun(qtbot, tab)
    run.click_send()
    run.wait()
    assert tab.confirm_dialog is None
    assert "opt-out list" in tab.summary.problem_label.text()
    assert sent_to(admin, account) == Counter()


def test_whatsapp_and_survey_promotions_skip_the_opt_out_list(
    qtbot, tab, admin, account, arun
) -> None:  # type: ignore[no-untyped-def]
    numbers = typed(3)
    arun(tab.ctx.services.optouts.add(profile(tab), [e164(numbers[0])], OptOutSource.REPLIED))
    # WhatsApp to an opted-out number: not sent, and told why.
    tab.set_channel(1)
    panel = tab.whatsapp
    panel.phone_edit.setText(numbers[0])
    panel.template_edit.setText("weekend_offer")
    qtbot.waitUntil(panel.send_button.isEnabled)
    qtbot.mouseClick(panel.send_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.whatsapp"))
    assert "opt-out list" in panel.result_label.text()
    assert admin.messages(account.account_id) == []
    # A survey to all three goes to the two others.
    admin.add_survey(account.account_id, "srv_feedback", "How was our service?")
    tab.set_channel(2)
    survey = tab.survey
    survey.recipients.set_numbers_text("\n".join(numbers))
    survey.survey_edit.setText("srv_feedback")
    qtbot.waitUntil(survey.send_button.isEnabled)
    qtbot.mouseClick(survey.send_button, LEFT)
    qtbot.waitUntil(lambda: survey.confirm_dialog is not None and survey.confirm_dialog.isVisible())
    dialog = survey.confirm_dialog
    assert dialog is not None
    # (the panel's own signal, not only the task's end: the result is said in the task's
    # done-callback, a moment after the task itself ended)
    with qtbot.waitSignal(survey.finished, timeout=10000):
        qtbot.mouseClick(dialog.send_button, LEFT)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.survey"), timeout=10000)
    assert "1 customer on your opt-out list" in survey.result_label.text()
    surveyed = {e164(n) for n in numbers[1:]}
    assert surveyed == {m["phone"] for m in admin.messages(account.account_id)}


# --- send later -----------------------------------------------------------------------------------


def schedule_directly(
    tab: ComposeTab,
    arun: Any,
    due_at: datetime,
    count: int = 2,
    *,
    people: list[Person] | None = None,
    text: str = PROMOTION + " STOP",
    fallback: str = "",
) -> int:
    """A scheduled promotion written as Send later writes it (the service, no dialogs):
    to *people*, or to *count* typed numbers."""
    if people is None:
        people = [Person(e164(n)) for n in typed(count, base=500)]
    plan = SendingService.plan(
        sender_id=tab.summary.sender_combo.currentText(),
        text=text,
        people=people,
        fallback=fallback,
        skipped=0,
        profile=tab.ctx.session.profile,
        balance=None,
        price_per_part=None,
    )
    return int(
        arun(
            tab.ctx.services.sending.start(
                plan, profile(tab), category=SendCategory.PROMOTIONAL, due_at=due_at
            )
        )
    )


def test_send_later_asks_when_then_schedules(qtbot, tab, admin, account, arun) -> None:  # type: ignore[no-untyped-def]
    choose(qtbot, tab, SendCategory.TRANSACTIONAL)  # (any hour: the dialog uses the real clock)
    assert not tab.later_button.isEnabled()  # nothing to send yet, as for Send
    compose(qtbot, tab, "\n".join(typed(2)), RECEIPT)
    assert tab.later_button.isEnabled()
    run = SendRun(qtbot, tab)
    qtbot.mouseClick(tab.later_button, LEFT)
    later = wait_dialog(qtbot, tab, SendLaterDialog)
    chosen = later.due_at()
    later.accept()
    run.confirm()
    run.wait()
    waiting = arun(tab.ctx.services.sending.scheduled(profile(tab)))
    assert [w.due_at for w in waiting] == [chosen.astimezone(UTC)]
    assert sent_to(admin, account) == Counter()


def test_a_send_that_falls_due_while_running_goes_once(qtbot, tab, admin, account, arun) -> None:  # type: ignore[no-untyped-def]
    soon = datetime.now(UTC) + timedelta(seconds=1)
    broadcast_id = schedule_directly(tab, arun, soon)
    tab.check_scheduled()
    qtbot.waitUntil(tab.scheduled_banner.isVisible)
    assert sent_to(admin, account) == Counter()
    qtbot.wait(1200)
    run = SendRun(qtbot, tab)
    tab.check_scheduled()
    tab.check_scheduled()  # the timer and a second check at the same moment
    run.wait()
    sent = sent_to(admin, account)
    assert len(sent) == 2
    assert set(sent.values()) == {1}
    assert arun(tab.ctx.services.sending.broadcast(broadcast_id)).is_finished
    qtbot.waitUntil(lambda: not tab.scheduled_banner.isVisible())
    # Later checks find nothing to send again.
    tab.check_scheduled()
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.scheduled"))
    assert sent_to(admin, account) == sent


def test_a_send_found_overdue_at_start_is_asked_about_not_sent(
    qtbot, ctx, admin, account, arun, shop_clock
) -> None:  # type: ignore[no-untyped-def]
    shop_clock.now = datetime.now().astimezone()  # lateness is measured on the shop's clock
    tab = make_tab(qtbot, ctx)
    # It fell due three hours before this start (Tuma was closed).
    overdue = datetime.now(UTC) - timedelta(hours=3)
    tab.started_at = datetime.now(UTC)
    broadcast_id = schedule_directly(tab, arun, overdue)
    tab.check_scheduled()
    dialog = wait_dialog(qtbot, tab, OverdueDialog)
    heading = [lab.text() for lab in dialog.findChildren(type(tab.scheduled_banner.label))]
    assert any("3 hours ago" in text for text in heading)
    assert dialog.later_button.isDefault()
    assert sent_to(admin, account) == Counter()
    # "Decide later": still scheduled, not asked again in this run, nothing sent.
    qtbot.mouseClick(dialog.later_button, LEFT)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.scheduled"))
    tab.check_scheduled()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.scheduled"))
    assert tab.overdue_dialog is None
    assert sent_to(admin, account) == Counter()
    assert [s.broadcast.id for s in arun(ctx.services.sending.scheduled(profile(tab)))] == [
        broadcast_id
    ]
    # The next start asks again; this time the user sends it.
    again = make_tab(qtbot, ctx)
    again.started_at = datetime.now(UTC)
    run = SendRun(qtbot, again)
    again.check_scheduled()
    dialog = wait_dialog(qtbot, again, OverdueDialog)
    qtbot.mouseClick(dialog.send_button, LEFT)
    run.wait()
    assert len(sent_to(admin, account)) == 2


def test_a_send_that_fell_due_while_its_account_was_signed_out_is_asked_about(
    qtbot, ctx, admin, account, arun, shop_clock, test_profile
) -> None:  # type: ignore[no-untyped-def]
    """Tuma ran all along, but the account was signed out (or another one open) when its
    send fell due: signing in again asks, as at start; it does not go out late on its own."""
    shop_clock.now = datetime.now().astimezone()
    tab = make_tab(qtbot, ctx)
    tab.started_at = tab._running_since = datetime.now(UTC) - timedelta(hours=3)
    broadcast_id = schedule_directly(tab, arun, datetime.now(UTC) + timedelta(days=1))
    arun(ctx.close_session())
    # It fell due two hours ago, with Tuma open but this account signed out.
    arun(ctx_sending(tab).reschedule(broadcast_id, datetime.now(UTC) - timedelta(hours=2)))
    arun(ctx.open_session(test_profile, account.token))
    dialog = wait_dialog(qtbot, tab, OverdueDialog)
    texts = [lab.text() for lab in dialog.findChildren(type(tab.scheduled_banner.label))]
    assert any("2 hours ago" in text for text in texts)
    assert any(
        text.startswith("This account was not open in Tuma when it fell due") for text in texts
    )
    qtbot.mouseClick(dialog.later_button, LEFT)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.scheduled"))
    assert sent_to(admin, account) == Counter()
    assert [s.broadcast.id for s in arun(ctx_sending(tab).scheduled(profile(tab)))] == [
        broadcast_id
    ]


def test_scheduled_sends_can_be_cancelled_and_edited_from_the_list(
    qtbot, tab, admin, account, arun
) -> None:  # type: ignore[no-untyped-def]
    later = datetime.now(UTC) + timedelta(days=1)
    first = schedule_directly(tab, arun, later)
    schedule_directly(tab, arun, later + timedelta(hours=1), count=3)
    tab.check_scheduled()
    qtbot.waitUntil(tab.scheduled_banner.isVisible)
    assert "2 messages scheduled" in tab.scheduled_banner.label.text()
    qtbot.mouseClick(tab.scheduled_banner.view_button, LEFT)
    dialog = tab.scheduled_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 2)
    assert dialog.selected_id() == first
    qtbot.mouseClick(dialog.cancel_button, LEFT)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    qtbot.mouseClick(dialog.edit_button, LEFT)
    qtbot.waitUntil(lambda: tab.composer.text() == PROMOTION + " STOP")
    assert len(tab.recipients.people()) == 3
    qtbot.waitUntil(lambda: not tab.scheduled_banner.isVisible())
    assert arun(ctx_sending(tab).scheduled(profile(tab))) == []
    assert sent_to(admin, account) == Counter()


PERSONAL_PROMOTION = "Habari {first_name|customer}! " + PROMOTION + " STOP"


def test_undo_after_edit_puts_the_scheduled_send_back(qtbot, tab, admin, account, arun) -> None:  # type: ignore[no-untyped-def]
    """Edit takes the send off the schedule into the form; Undo gives the form back what
    the user was writing and the schedule its send, at its time: nothing is lost."""
    later = datetime.now(UTC) + timedelta(days=1)
    broadcast_id = schedule_directly(tab, arun, later)
    tab.recipients.set_numbers_text("0711 111111")
    tab.composer.set_text("Half-written note")
    edit_the_only_scheduled(qtbot, tab, PROMOTION + " STOP")
    assert arun(ctx_sending(tab).scheduled(profile(tab))) == []
    qtbot.mouseClick(tab.notice.action_button, LEFT)  # Undo
    assert tab.composer.text() == "Half-written note"
    qtbot.waitUntil(tab.scheduled_banner.isVisible)
    waiting = arun(ctx_sending(tab).scheduled(profile(tab)))
    assert [(w.broadcast.id, w.due_at, w.broadcast.recipients_pending) for w in waiting] == [
        (broadcast_id, later, 2)
    ]
    assert tab.notice.label.text().startswith("Back on the schedule: it goes out tomorrow at")
    assert sent_to(admin, account) == Counter()


def edit_the_only_scheduled(qtbot: Any, tab: ComposeTab, text: str = PERSONAL_PROMOTION) -> None:
    tab.check_scheduled()
    qtbot.waitUntil(tab.scheduled_banner.isVisible)
    qtbot.mouseClick(tab.scheduled_banner.view_button, LEFT)
    dialog = tab.scheduled_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    qtbot.mouseClick(dialog.edit_button, LEFT)
    qtbot.waitUntil(lambda: tab.composer.text() == text)


def test_a_scheduled_personalised_send_is_edited_with_its_names(
    qtbot, tab, admin, account, arun
) -> None:  # type: ignore[no-untyped-def]
    amina = Person("+254712000501", "Amina", "Otieno", from_contacts=True)
    typed_in = Person("+254712000502")
    later = datetime.now(UTC) + timedelta(days=1)
    schedule_directly(tab, arun, later, people=[amina, typed_in], text=PERSONAL_PROMOTION)
    edit_the_only_scheduled(qtbot, tab)
    assert tab.recipients.people() == (amina, typed_in)
    assert "names were not kept" not in tab.notice.label.text()
    texts = tab.build_plan().texts
    assert texts is not None
    assert texts[0].startswith("Habari Amina!")
    assert texts[1].startswith("Habari customer!")
    assert sent_to(admin, account) == Counter()


GREETING_PROMOTION = "Habari {first_name}! " + PROMOTION + " STOP"


def test_a_scheduled_personalised_send_is_edited_with_its_fallback_word(
    qtbot, tab, admin, account, arun
) -> None:  # type: ignore[no-untyped-def]
    """Scheduled with "mteja" for whoever has no name; Compose shows another word by the
    time it is edited: the field says "mteja" again (Undo puts the user's word back)."""
    amina = Person("+254712000501", "Amina", "Otieno", from_contacts=True)
    typed_in = Person("+254712000502")
    later = datetime.now(UTC) + timedelta(days=1)
    schedule_directly(
        tab, arun, later, people=[amina, typed_in], text=GREETING_PROMOTION, fallback="mteja"
    )
    tab.merge_bar.fallback_edit.setText("rafiki")  # Compose's word today
    edit_the_only_scheduled(qtbot, tab, GREETING_PROMOTION)
    assert tab.recipients.people() == (amina, typed_in)
    assert tab.merge_bar.fallback() == "mteja"
    texts = tab.build_plan().texts
    assert texts is not None
    assert texts[0].startswith("Habari Amina!")
    assert texts[1].startswith("Habari mteja!")
    qtbot.mouseClick(tab.notice.action_button, LEFT)  # Undo
    assert tab.composer.text() == ""
    assert tab.merge_bar.fallback() == "rafiki"
    assert sent_to(admin, account) == Counter()


def test_an_older_scheduled_personalised_send_is_edited_with_compose_s_fallback_word(
    qtbot, tab, arun
) -> None:  # type: ignore[no-untyped-def]
    """Scheduled before the word was kept: the field keeps what Compose shows."""
    typed_in = Person("+254712000502")
    later = datetime.now(UTC) + timedelta(days=1)
    older = schedule_directly(
        tab, arun, later, people=[typed_in], text=GREETING_PROMOTION, fallback="mteja"
    )
    with tab.ctx.services.store.db.write() as db:
        db.execute("UPDATE broadcasts SET fallback = NULL WHERE id = ?", (older,))
    tab.merge_bar.fallback_edit.setText("rafiki")
    edit_the_only_scheduled(qtbot, tab, GREETING_PROMOTION)
    assert tab.merge_bar.fallback() == "rafiki"
    texts = tab.build_plan().texts
    assert texts is not None
    assert texts[0].startswith("Habari rafiki!")


def test_an_older_scheduled_personalised_send_is_edited_with_numbers_and_a_note(
    qtbot, tab, arun
) -> None:  # type: ignore[no-untyped-def]
    amina = Person("+254712000501", "Amina", "Otieno", from_contacts=True)
    later = datetime.now(UTC) + timedelta(days=1)
    older = schedule_directly(tab, arun, later, people=[amina], text=PERSONAL_PROMOTION)
    with tab.ctx.services.store.db.write() as db:  # as one scheduled before names were kept
        db.execute("DELETE FROM recipient_names WHERE broadcast_id = ?", (older,))
    edit_the_only_scheduled(qtbot, tab)
    assert tab.recipients.people() == (Person(amina.phone),)
    assert tab.notice.isVisible()
    assert "names were not kept with this older send" in tab.notice.label.text()


def ctx_sending(tab: ComposeTab) -> Any:
    return tab.ctx.services.sending
