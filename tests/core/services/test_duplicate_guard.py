"""The duplicate-send guard (SendingService.duplicates / channel_duplicates): who already got
the very same content from this account within the window, or is due to get it in a
broadcast that has not finished. Real store; one real send against the sandbox."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from typing import Any

from desktop_app.core.api.models import SendResult
from desktop_app.core.recipients import Person
from desktop_app.core.services import Services
from desktop_app.core.services.sending import (
    BroadcastKind,
    ChunkReason,
    ChunkState,
    Duplicates,
    SendPlan,
    survey_text,
    whatsapp_text,
)
from desktop_app.core.store.db import stamp
from tests.core.services.test_sending import PROFILE, TEXT, make_plan, run, start

WINDOW = 24
A, B, C = "+254711600001", "+254711600002", "+254711600003"


def guard(
    services: Services, plan: SendPlan, profile: str = PROFILE, hours: int = WINDOW
) -> Duplicates:
    return asyncio.run(services.sending.duplicates(profile, plan, window_hours=hours))


def sent_by_hand(services: Services, plan: SendPlan, *, state: ChunkState) -> int:
    """Write *plan* down and move every chunk to *state* as a run would (no network)."""
    broadcast_id = start(services, plan)
    journal = services.store.journal
    for chunk in journal.chunks(broadcast_id):
        if state is ChunkState.PENDING:
            continue
        journal.mark_sending(chunk.id)
        if state is ChunkState.ACCEPTED:
            journal.mark_accepted(chunk.id, f"msg-{chunk.id}", 1, len(chunk.phones))
        elif state is ChunkState.IN_DOUBT:
            journal.mark_in_doubt(chunk.id, ChunkReason.CONNECTION_LOST)
        elif state is ChunkState.REJECTED:
            journal.mark_rejected(chunk.id)
    return broadcast_id


def age(services: Services, broadcast_id: int, hours: float) -> None:
    """Make a broadcast's chunks look *hours* old."""
    then = stamp(datetime.now().astimezone() - timedelta(hours=hours))
    with services.store.db.write() as db:
        db.execute(
            "UPDATE chunks SET sent_at = CASE WHEN sent_at IS NULL THEN NULL ELSE ? END, "
            "updated_at = ? WHERE broadcast_id = ?",
            (then, then, broadcast_id),
        )


def test_nothing_sent_before_finds_nobody(services: Services) -> None:
    found = guard(services, make_plan([Person(A), Person(B)]))
    assert not found
    assert (found.checked, found.count, found.last_sent_at) == (2, 0, None)


def test_people_who_got_the_same_text_are_found_with_when(services: Services) -> None:
    sent_by_hand(services, make_plan([Person(A), Person(B)], size=1), state=ChunkState.ACCEPTED)
    found = guard(services, make_plan([Person(A), Person(B), Person(C)]))
    assert found.phones == {A, B}
    assert (found.checked, found.already_sent, found.in_unfinished) == (3, 2, 0)
    assert found.last_sent_at is not None
    assert datetime.now().astimezone() - found.last_sent_at < timedelta(minutes=1)


def test_a_different_text_is_not_a_duplicate(services: Services) -> None:
    sent_by_hand(services, make_plan([Person(A)]), state=ChunkState.ACCEPTED)
    assert not guard(services, make_plan([Person(A)], text=TEXT + " Karibu tena!"))


def test_sends_older_than_the_window_do_not_count(services: Services) -> None:
    old = sent_by_hand(services, make_plan([Person(A)]), state=ChunkState.ACCEPTED)
    age(services, old, hours=WINDOW + 1)
    assert not guard(services, make_plan([Person(A)]))
    # ...but they do with a longer window (the setting).
    assert guard(services, make_plan([Person(A)]), hours=WINDOW + 2).phones == {A}


def test_in_doubt_counts_as_sent_and_refused_does_not(services: Services) -> None:
    sent_by_hand(services, make_plan([Person(A)]), state=ChunkState.IN_DOUBT)
    sent_by_hand(services, make_plan([Person(B)]), state=ChunkState.REJECTED)
    found = guard(services, make_plan([Person(A), Person(B)]))
    assert found.phones == {A}  # in doubt: it may have arrived
    (prior,) = found.found
    assert prior.state is ChunkState.IN_DOUBT
    assert not prior.unfinished


def test_an_unfinished_broadcast_counts_however_old(services: Services) -> None:
    waiting = sent_by_hand(services, make_plan([Person(A), Person(B)]), state=ChunkState.PENDING)
    age(services, waiting, hours=WINDOW * 3)
    found = guard(services, make_plan([Person(A), Person(C)]))
    assert found.phones == {A}
    assert (found.already_sent, found.in_unfinished) == (0, 1)
    assert found.last_sent_at is None  # nothing of it went out yet
    assert found.found[0].broadcast_id == waiting


def test_another_account_s_sends_do_not_count(services: Services) -> None:
    plan = make_plan([Person(A)])
    broadcast_id = start(services, plan, profile="another shop")
    journal = services.store.journal
    for chunk in journal.chunks(broadcast_id):
        journal.mark_sending(chunk.id)
        journal.mark_accepted(chunk.id, "m-1", 1, 1)
    assert not guard(services, plan)
    assert guard(services, plan, profile="another shop").phones == {A}


def test_personalised_texts_are_compared_per_recipient(services: Services) -> None:
    template = "Habari {first_name}, mzigo wako umefika."
    first = make_plan([Person(A, "Amina"), Person(B, "Baraka")], text=template, fallback="mteja")
    sent_by_hand(services, first, state=ChunkState.ACCEPTED)
    # Same template; B's name is now spelt differently so B would get another text.
    again = make_plan([Person(A, "Amina"), Person(B, "Barack")], text=template, fallback="mteja")
    assert guard(services, again).phones == {A}
    # The plain text Amina got, sent as a plain SMS, is the same message to her.
    plain = make_plan([Person(A)], text="Habari Amina, mzigo wako umefika.")
    assert guard(services, plain).phones == {A}


def test_one_row_per_phone_the_latest_send(services: Services) -> None:
    older = sent_by_hand(services, make_plan([Person(A)]), state=ChunkState.ACCEPTED)
    age(services, older, hours=3)
    newer = sent_by_hand(services, make_plan([Person(A)]), state=ChunkState.ACCEPTED)
    found = guard(services, make_plan([Person(A)]))
    assert found.count == 1
    assert found.found[0].broadcast_id == newer


def test_without_leaves_out_the_people_found(services: Services) -> None:
    sent_by_hand(services, make_plan([Person(A)]), state=ChunkState.ACCEPTED)
    plan = make_plan([Person(A), Person(B), Person(C)])
    rest = plan.without(guard(services, plan).phones)
    assert [p.phone for p in rest.people] == [B, C]
    assert rest.estimate.credits == 2
    assert not guard(services, rest)


def _record(services: Services, kind: BroadcastKind, text: str, phones: list[str]) -> None:
    async def accepted() -> SendResult:
        return SendResult(message_id="m-ch", recipients=len(phones))

    asyncio.run(
        services.sending.send_direct(
            kind, text, phones, accepted, profile=PROFILE, credits=lambda _result: None
        )
    )


def _channel(services: Services, kind: BroadcastKind, text: str, phones: list[str]) -> Duplicates:
    return asyncio.run(
        services.sending.channel_duplicates(PROFILE, kind, text, phones, window_hours=WINDOW)
    )


def test_whatsapp_and_surveys_are_guarded_per_template_and_survey(services: Services) -> None:
    order_ready = whatsapp_text("order_ready", "en")
    _record(services, BroadcastKind.WHATSAPP, order_ready, [A])
    assert _channel(services, BroadcastKind.WHATSAPP, order_ready, [A, B]).phones == {A}
    other_language = whatsapp_text("order_ready", "sw")
    assert not _channel(services, BroadcastKind.WHATSAPP, other_language, [A])

    _record(services, BroadcastKind.SURVEY, survey_text("csat-1"), [A, B])
    assert _channel(services, BroadcastKind.SURVEY, survey_text("csat-1"), [B, C]).phones == {B}
    assert not _channel(services, BroadcastKind.SURVEY, survey_text("csat-2"), [B])


def test_an_sms_with_the_template_s_words_is_not_the_whatsapp_message(services: Services) -> None:
    text = whatsapp_text("order_ready", "en")
    _record(services, BroadcastKind.WHATSAPP, text, [A])
    assert not guard(services, make_plan([Person(A)], text=text))


def test_a_real_send_through_the_sandbox_is_found_afterwards(
    services: Services, account: Any, admin: Any
) -> None:
    plan = make_plan([Person(A), Person(B)], size=1)
    report = run(services, account, start(services, plan))
    assert report.summary.recipients_accepted == 2
    found = guard(services, make_plan([Person(A), Person(B), Person(C)]))
    assert found.phones == {A, B}
    assert {m["phone"] for m in admin.messages(account.account_id)} == {A, B}


def test_the_guard_finds_2500_of_3000(services: Services) -> None:
    many = [Person(f"+2547116{i:05d}") for i in range(3000)]
    sent_by_hand(services, make_plan(many[:2500], size=1000), state=ChunkState.ACCEPTED)
    found = guard(services, make_plan(many))
    assert (found.checked, found.already_sent) == (3000, 2500)
    assert found.phones == {p.phone for p in many[:2500]}
