"""Sending SMS through the service: the plan the Send button freezes, the Compose tab's flow,
and plan → start → run → report against the real sandbox (what it recorded is the truth),
with refusals, cancelling, unfinished broadcasts and other channels' records."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import pytest

from desktop_app.core.api import Client
from desktop_app.core.api import client as client_module
from desktop_app.core.api import errors as api
from desktop_app.core.api.attempts import Retry, RetryReason, watch_retries
from desktop_app.core.api.models import SendResult
from desktop_app.core.broadcast import BroadcastProgress
from desktop_app.core.recipients import Person
from desktop_app.core.services import Services
from desktop_app.core.services.sending import (
    SHARED_SENDER_ID,
    BalanceCheck,
    BalanceSource,
    BroadcastKind,
    ChunkReason,
    ChunkState,
    FlowError,
    FlowState,
    RunReport,
    SendFlow,
    SendingService,
    SendPlan,
    SendSummary,
    SentMessage,
    chunk_size,
    survey_text,
)
from desktop_app.core.settings import DEFAULT_CHUNK_SIZE, Profile
from desktop_app.core.store import Recipient, StoreError, StoreProblem
from tests.core.api.test_unreachable import black_hole

T = TypeVar("T")

TEXT = "Karibu! Ofa ya leo: unga 2kg KES 180."  # one GSM-7 part
PROFILE = "shop"
PHONE = "+254712345678"


def shop(bulk_chunk_size: int = DEFAULT_CHUNK_SIZE, **changes: Any) -> Profile:
    values: dict[str, Any] = {
        "name": PROFILE,
        "base_url": "https://api.example.co.ke",
        "contacts_base_url": "https://api.example.co.ke",
        "sender_ids": ["TUMA"],
        "bulk_chunk_size": bulk_chunk_size,
    }
    values.update(changes)
    return Profile(**values)


def people(n: int, base: int = 11_200_001) -> list[Person]:
    return [Person(f"+2547{base + i:08d}") for i in range(n)]


def make_plan(
    who: list[Person],
    *,
    text: str = TEXT,
    size: int = DEFAULT_CHUNK_SIZE,
    fallback: str = "",
    balance: float | None = None,
    price: float | None = None,
    skipped: int = 0,
) -> SendPlan:
    return SendingService.plan(
        sender_id="TUMA",
        text=text,
        people=who,
        fallback=fallback,
        skipped=skipped,
        profile=shop(size),
        balance=balance,
        price_per_part=price,
    )


def with_client(account: Any, work: Callable[[Client], Coroutine[Any, Any, T]]) -> T:
    """Run *work* with one real client on one event loop (closed inside it)."""

    async def scenario() -> T:
        async with Client(
            account.base_url, account.contacts_base_url, account.token, backoff=0.01
        ) as client:
            return await work(client)

    return asyncio.run(scenario())


def start(services: Services, plan: SendPlan, profile: str = PROFILE) -> int:
    return asyncio.run(services.sending.start(plan, profile))


def run(services: Services, account: Any, broadcast_id: int, **options: Any) -> RunReport:
    return with_client(account, lambda c: services.sending.run(c, broadcast_id, **options))


def recorded(admin: Any, account: Any) -> list[dict[str, Any]]:
    """What the sandbox received, one entry per recipient."""
    return list(admin.messages(account.account_id))


def phones_of(entries: list[dict[str, Any]]) -> list[str]:
    return sorted(entry["phone"] for entry in entries)


# --- before sending ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("configured", "expected"),
    [(250, 250), (1, 1), (1000, 1000), (5000, 1000), (0, DEFAULT_CHUNK_SIZE), (-3, 1)],
)
def test_chunk_size_stays_within_what_the_service_accepts(configured: int, expected: int) -> None:
    """A hand-edited settings file may hold anything: the service takes 1..1,000 a call."""
    assert chunk_size(shop(configured)) == expected


def test_sender_ids_offer_the_shared_one_in_practice_only() -> None:
    profile = shop(sender_ids=["TUMA", "", "DUKA"])
    assert SendingService.sender_ids(profile, practice=False) == ["TUMA", "DUKA"]
    assert SendingService.sender_ids(profile, practice=True) == ["TUMA", "DUKA", SHARED_SENDER_ID]
    listed = shop(sender_ids=[SHARED_SENDER_ID, "TUMA"])
    assert SendingService.sender_ids(listed, practice=True) == [SHARED_SENDER_ID, "TUMA"]
    assert SendingService.sender_ids(shop(sender_ids=[]), practice=True) == [SHARED_SENDER_ID]
    assert SendingService.sender_ids(shop(sender_ids=[]), practice=False) == []


def test_plan_for_one_recipient_is_a_single_send() -> None:
    plan = make_plan(people(1), size=200, skipped=2)
    assert plan.kind is BroadcastKind.SINGLE
    assert not plan.personalised
    assert plan.texts is None
    assert (plan.chunks, plan.chunk_size, plan.skipped) == (1, 200, 2)
    assert plan.longest == len(TEXT)
    assert plan.recipients() == [Recipient(people(1)[0].phone)]


def test_plan_for_many_recipients_is_a_bulk_send_in_chunks() -> None:
    who = people(5)
    plan = make_plan(who, size=2, balance=10, price=0.8)
    assert plan.kind is BroadcastKind.BULK
    assert plan.chunks == 3
    assert plan.recipients() == [Recipient(p.phone) for p in who]
    estimate = plan.estimate
    assert (estimate.recipients, estimate.parts, estimate.credits) == (5, 1, 5)
    assert estimate.kes == 4.0
    assert (estimate.balance, estimate.balance_after, estimate.affordable) == (10, 5, True)


def test_plan_personalises_each_text_with_the_fallback_and_costs_each_one() -> None:
    who = [
        Person("+254711200001", "Amina"),
        Person("+254711200002"),
        Person("+254711200003", "Baraka " + "Mwangi" * 25),  # a long name: two parts
    ]
    plan = make_plan(who, text="Habari {first_name}, mzigo wako umefika.", fallback="mteja")
    assert plan.kind is BroadcastKind.PERSONALIZED
    assert plan.personalised
    assert plan.texts == (
        "Habari Amina, mzigo wako umefika.",
        "Habari mteja, mzigo wako umefika.",
        f"Habari {who[2].first_name}, mzigo wako umefika.",
    )
    assert plan.longest == len(plan.texts[2]) > 160
    assert plan.recipients() == [
        Recipient(p.phone, t) for p, t in zip(who, plan.texts, strict=True)
    ]
    assert plan.estimate.per_recipient == (1, 1, 2)
    assert plan.estimate.credits == 4
    assert plan.chunks == 1


def test_a_personalised_plan_for_one_recipient_stays_personalised() -> None:
    plan = make_plan([Person(PHONE, "Amina")], text="Habari {first_name}", size=1)
    assert plan.kind is BroadcastKind.PERSONALIZED
    assert plan.texts == ("Habari Amina",)
    assert plan.chunks == 1


def test_plan_without_a_profile_uses_the_default_chunk_size() -> None:
    plan = SendingService.plan(
        sender_id="TUMA",
        text=TEXT,
        people=people(3),
        fallback="",
        skipped=0,
        profile=None,
        balance=None,
        price_per_part=None,
    )
    assert plan.chunk_size == DEFAULT_CHUNK_SIZE
    assert plan.estimate.kes is None


def test_plan_with_nobody_has_no_chunks() -> None:
    assert make_plan([]).chunks == 0
    assert make_plan([], text="Habari {first_name}").chunks == 0


def test_with_balance_replaces_only_the_balance() -> None:
    """The fresh balance read before asking replaces the card's; the plan stays the same."""
    plan = make_plan(people(3), balance=100, price=0.8)
    poorer = plan.with_balance(2)
    assert poorer.estimate.balance == 2
    assert poorer.estimate.shortfall == 1
    assert not poorer.estimate.affordable
    assert plan.estimate.balance == 100  # the original is untouched
    assert poorer.people == plan.people
    assert (poorer.estimate.credits, poorer.estimate.kes) == (3, plan.estimate.kes)
    assert plan.with_balance(None).estimate.affordable  # unknown: the service decides


@pytest.mark.parametrize(
    ("result", "phones", "expected"),
    [
        (SendResult("m", cost=9, parts=1, recipients=2), ["a", "b"], 9),  # the service said
        (SendResult("m"), ["a", "b"], None),  # nothing to count with
        (SendResult("m", recipients=3), ["a", "b", "c"], None),
        (SendResult("m", parts=2, recipients=3), ["a", "b", "c", "d"], 6),
        (SendResult("m", parts=2, invalid=("b",)), ["a", "b", "c"], 4),
        (SendResult("m", parts=1, recipients=0, invalid=("a",)), ["a"], 0),
    ],
)
def test_survey_credits(result: SendResult, phones: list[str], expected: int | None) -> None:
    assert SendingService.survey_credits(result, phones) == expected


# --- the flow ----------------------------------------------------------------------------------

PATH_TO = {
    FlowState.IDLE: [],
    FlowState.CHECKING: ["check"],
    FlowState.CONFIRMING: ["check", "ask"],
    FlowState.SENDING: ["check", "ask", "send"],
    FlowState.STOPPING: ["check", "ask", "send", "stop"],
}
LEGAL = {
    (FlowState.IDLE, "check"): FlowState.CHECKING,
    (FlowState.IDLE, "send"): FlowState.SENDING,  # resuming: no question asked
    (FlowState.CHECKING, "ask"): FlowState.CONFIRMING,
    (FlowState.CONFIRMING, "send"): FlowState.SENDING,
    (FlowState.SENDING, "stop"): FlowState.STOPPING,
    (FlowState.STOPPING, "stop"): FlowState.STOPPING,  # asked twice (Stop, then quitting)
}
ILLEGAL = [
    (state, move)
    for state in FlowState
    for move in ("check", "ask", "send", "stop")
    if (state, move) not in LEGAL
]


def flow_in(state: FlowState) -> SendFlow:
    flow = SendFlow()
    for move in PATH_TO[state]:
        getattr(flow, move)()
    assert flow.state is state
    return flow


@pytest.mark.parametrize(("state", "move"), list(LEGAL))
def test_flow_legal_moves(state: FlowState, move: str) -> None:
    flow = flow_in(state)
    getattr(flow, move)()
    assert flow.state is LEGAL[(state, move)]


@pytest.mark.parametrize(("state", "move"), ILLEGAL)
def test_flow_illegal_moves_raise_and_change_nothing(state: FlowState, move: str) -> None:
    """A move the UI should not have offered is a bug, said loudly; the state stays put."""
    flow = flow_in(state)
    with pytest.raises(FlowError, match=f"from {state} to"):
        getattr(flow, move)()
    assert flow.state is state


@pytest.mark.parametrize("state", list(FlowState))
def test_flow_done_returns_to_idle_from_anywhere(state: FlowState) -> None:
    flow = flow_in(state)
    flow.done()
    assert flow.state is FlowState.IDLE
    assert not flow.busy
    flow.check()  # and a new Send can start


@pytest.mark.parametrize(
    ("state", "busy", "sending"),
    [
        (FlowState.IDLE, False, False),
        (FlowState.CHECKING, True, False),
        (FlowState.CONFIRMING, True, False),
        (FlowState.SENDING, True, True),
        (FlowState.STOPPING, True, True),
    ],
)
def test_flow_busy_and_sending(state: FlowState, busy: bool, sending: bool) -> None:
    flow = flow_in(state)
    assert (flow.busy, flow.sending) == (busy, sending)


# --- sending, against the sandbox --------------------------------------------------------------


def test_start_writes_the_broadcast_down_and_run_sends_it(
    services: Services, account: Any, admin: Any
) -> None:
    who = people(5)
    plan = make_plan(who, size=2)
    broadcast_id = start(services, plan)

    waiting = asyncio.run(services.sending.unfinished(PROFILE))
    assert [(b.id, b.kind, b.pending, b.recipients) for b in waiting] == [
        (broadcast_id, BroadcastKind.BULK, 3, 5)
    ]
    assert recorded(admin, account) == []  # written down, nothing sent yet

    seen: list[BroadcastProgress] = []
    report = run(services, account, broadcast_id, progress=seen.append)

    entries = recorded(admin, account)
    assert phones_of(entries) == sorted(p.phone for p in who)
    assert {(e["text"], e["sender_id"]) for e in entries} == {(TEXT, "TUMA")}
    assert admin.balance(account.account_id) == 995
    assert report.broadcast_id == broadcast_id
    assert report.outcome.finished
    assert report.error is None
    assert report.summary == SendSummary(
        recipients_accepted=5,
        credits=5,
        recipients_pending=0,
        recipients_in_doubt=0,
        refusals=(),
    )
    assert report.summary.finished
    assert (report.withdrawn, report.needed_credits, report.balance) == (False, None, None)
    # the Delivery tab's records: one per accepted batch, with the service's message ids
    sent = services.store.history.for_broadcast(PROFILE, broadcast_id)
    assert len(sent) == 3
    assert {s.message_id for s in sent} == {e["message_id"] for e in entries}
    assert sorted(p for s in sent for p in s.recipients) == sorted(p.phone for p in who)
    assert {(s.kind, s.text, s.sender_id, s.broadcast_id) for s in sent} == {
        (BroadcastKind.BULK, TEXT, "TUMA", broadcast_id)
    }
    assert sum(s.credits or 0 for s in sent) == 5
    assert seen[-1].fraction == 1.0
    assert asyncio.run(services.sending.unfinished(PROFILE)) == []


def test_a_run_pauses_only_the_collector_s_older_generations_and_restores_them(
    services: Services, account: Any
) -> None:
    """While a broadcast runs, young collections go on and older ones wait (a pass over
    the whole heap, on whichever thread allocates, the GUI's included); afterwards the
    collector is as it was."""
    import gc

    before = gc.get_threshold()
    broadcast_id = start(services, make_plan(people(4), size=2))
    during: list[tuple[int, int, int]] = []
    report = run(
        services, account, broadcast_id, progress=lambda _p: during.append(gc.get_threshold())
    )
    assert report.outcome.finished
    assert during
    assert {t[0] for t in during} == {before[0]}  # young collections as usual
    assert all(t[1] > 10**9 and t[2] > 10**9 for t in during)
    assert gc.get_threshold() == before


def test_a_personalised_send_delivers_each_recipient_s_own_text(
    services: Services, account: Any, admin: Any
) -> None:
    who = [Person("+254711300001", "Amina"), Person("+254711300002")]
    plan = make_plan(who, text="Habari {first_name}, mzigo wako umefika.", fallback="mteja")
    report = run(services, account, start(services, plan))
    texts = {e["phone"]: e["text"] for e in recorded(admin, account)}
    assert texts == {
        "+254711300001": "Habari Amina, mzigo wako umefika.",
        "+254711300002": "Habari mteja, mzigo wako umefika.",
    }
    assert report.summary.credits == plan.estimate.credits == 2
    assert admin.balance(account.account_id) == 998
    (sent,) = services.store.history.for_broadcast(PROFILE, report.broadcast_id)
    assert sent.kind is BroadcastKind.PERSONALIZED


def test_a_single_send_goes_to_its_one_recipient(
    services: Services, account: Any, admin: Any
) -> None:
    plan = make_plan([Person(PHONE)])
    report = run(services, account, start(services, plan))
    assert [(e["phone"], e["text"]) for e in recorded(admin, account)] == [(PHONE, TEXT)]
    assert report.summary.recipients_accepted == 1
    sent = services.store.history.for_broadcast(PROFILE, report.broadcast_id)
    assert [s.kind for s in sent] == [BroadcastKind.SINGLE]


def test_batches_the_service_refuses_are_summed_up_once_each(
    services: Services, account: Any, admin: Any
) -> None:
    """A batch whose numbers the service refuses is skipped and the rest goes on; the notice
    lists each distinct refusal once, in the service's words."""
    who = [Person("+254711500001"), Person("12345"), Person("999"), Person("+254711500002")]
    report = run(services, account, start(services, make_plan(who, size=1)))
    assert report.outcome.finished
    assert report.summary.recipients_accepted == 2
    assert report.summary.refusals == ((ChunkReason.REFUSED, "Invalid phone number"),)
    assert phones_of(recorded(admin, account)) == ["+254711500001", "+254711500002"]


def test_a_send_refused_for_lack_of_credit_from_the_form_is_withdrawn(
    services: Services, account: Any, admin: Any
) -> None:
    """Nothing went out: the form is still the thing to send, so no unfinished broadcast is
    left behind to resume; the notice says what was needed and what there was."""
    admin.topup(account.account_id, -995)
    broadcast_id = start(services, make_plan(people(6)))
    report = run(services, account, broadcast_id, withdraw_if_untouched=True)
    assert isinstance(report.error, api.InsufficientBalance)
    assert report.outcome.stopped
    assert report.withdrawn
    assert (report.needed_credits, report.balance) == (6, 5.0)
    assert services.store.history.for_broadcast(PROFILE, report.broadcast_id) == []
    assert report.summary.recipients_accepted == 0
    assert recorded(admin, account) == []
    assert admin.balance(account.account_id) == 5
    assert asyncio.run(services.sending.unfinished(PROFILE)) == []
    broadcast = asyncio.run(services.sending.broadcast(broadcast_id))
    assert (broadcast.pending, broadcast.cancelled) == (0, 1)


def test_a_resume_refused_for_lack_of_credit_stays_unfinished_until_topped_up(
    services: Services, account: Any, admin: Any
) -> None:
    admin.topup(account.account_id, -995)
    broadcast_id = start(services, make_plan(people(6)))
    report = run(services, account, broadcast_id, withdraw_if_untouched=False)
    assert isinstance(report.error, api.InsufficientBalance)
    assert not report.withdrawn
    assert (report.needed_credits, report.balance) == (6, 5.0)
    assert report.summary.recipients_pending == 6
    assert not report.summary.finished
    assert [b.id for b in asyncio.run(services.sending.unfinished(PROFILE))] == [broadcast_id]
    assert recorded(admin, account) == []

    admin.topup(account.account_id, 1)
    again = run(services, account, broadcast_id)
    assert again.outcome.finished
    assert phones_of(recorded(admin, account)) == sorted(p.phone for p in people(6))
    assert admin.balance(account.account_id) == 0


def test_a_send_refused_part_way_keeps_the_rest_even_from_the_form(
    services: Services, account: Any, admin: Any
) -> None:
    """Some batches went out: withdrawing would lose track of them, so the broadcast stays
    unfinished with what the rest needs."""
    admin.topup(account.account_id, -997)
    who = people(6)
    broadcast_id = start(services, make_plan(who, size=2))
    report = run(services, account, broadcast_id, withdraw_if_untouched=True)
    assert isinstance(report.error, api.InsufficientBalance)
    assert not report.withdrawn
    assert (report.needed_credits, report.balance) == (4, 1.0)
    assert (report.summary.recipients_accepted, report.summary.recipients_pending) == (2, 4)
    assert phones_of(recorded(admin, account)) == [p.phone for p in who[:2]]
    sent = services.store.history.for_broadcast(PROFILE, report.broadcast_id)
    assert [s.recipients for s in sent] == [tuple(p.phone for p in who[:2])]
    assert [b.id for b in asyncio.run(services.sending.unfinished(PROFILE))] == [broadcast_id]


def test_a_cancelled_run_stops_after_the_chunk_in_flight_and_the_rest_can_be_dropped(
    services: Services, account: Any, admin: Any
) -> None:
    who = people(3)
    broadcast_id = start(services, make_plan(who, size=1))
    cancel = asyncio.Event()

    def on_progress(progress: BroadcastProgress) -> None:
        if progress.chunk is not None:  # the first chunk is settled: the user presses Stop
            cancel.set()

    report = run(
        services,
        account,
        broadcast_id,
        progress=on_progress,
        cancel=cancel,
        withdraw_if_untouched=True,
    )
    assert report.outcome.cancelled
    assert report.error is None
    assert not report.withdrawn  # one batch went out
    assert (report.summary.recipients_accepted, report.summary.recipients_pending) == (1, 2)
    assert phones_of(recorded(admin, account)) == [who[0].phone]
    assert [b.id for b in asyncio.run(services.sending.unfinished(PROFILE))] == [broadcast_id]

    assert asyncio.run(services.sending.drop_rest(broadcast_id)) == 2
    assert asyncio.run(services.sending.unfinished(PROFILE)) == []
    broadcast = asyncio.run(services.sending.broadcast(broadcast_id))
    assert (broadcast.accepted, broadcast.cancelled, broadcast.pending) == (1, 2, 0)
    assert phones_of(recorded(admin, account)) == [who[0].phone]  # dropping sends nothing


def test_a_send_cancelled_before_anything_went_out_is_withdrawn(
    services: Services, account: Any, admin: Any
) -> None:
    broadcast_id = start(services, make_plan(people(3), size=1))
    cancel = asyncio.Event()
    cancel.set()
    report = run(services, account, broadcast_id, cancel=cancel, withdraw_if_untouched=True)
    assert report.outcome.cancelled
    assert report.withdrawn
    assert recorded(admin, account) == []
    assert asyncio.run(services.sending.unfinished(PROFILE)) == []


def test_unfinished_with_chunks_lists_this_profile_s_broadcasts_oldest_first(
    services: Services,
) -> None:
    first = start(services, make_plan(people(3), size=2))
    second = start(services, make_plan(people(1, base=11_400_001)))
    other = start(services, make_plan(people(2)), profile="other shop")

    listed = asyncio.run(services.sending.unfinished_with_chunks(PROFILE))
    assert [(b.id, [c.state for c in chunks]) for b, chunks in listed] == [
        (first, [ChunkState.PENDING, ChunkState.PENDING]),
        (second, [ChunkState.PENDING]),
    ]
    assert [c.phones for c in listed[0][1]] == [
        tuple(p.phone for p in people(3)[:2]),
        (people(3)[2].phone,),
    ]
    assert [
        b.id for b, _ in asyncio.run(services.sending.unfinished_with_chunks("other shop"))
    ] == [other]
    asyncio.run(services.sending.drop_rest(first))
    assert [b.id for b in asyncio.run(services.sending.unfinished(PROFILE))] == [second]


def test_an_in_doubt_chunk_resolved_as_sent_counts_as_accepted(
    services: Services, account: Any, admin: Any
) -> None:
    """The connection dropped after the service took the first batch: it is in doubt and
    the run pauses there; it is never resent. The user says it arrived, and resuming sends
    only the rest."""
    who = people(4)
    broadcast_id = start(services, make_plan(who, size=2))
    try:
        admin.fault("disconnect", 1, path_prefix="/v1/send")
        report = run(services, account, broadcast_id, withdraw_if_untouched=True)
    finally:
        admin.clear_faults()
    assert report.outcome.stopped
    assert report.error is None
    assert not report.withdrawn  # something may have gone out: never withdrawn
    assert (report.summary.recipients_in_doubt, report.summary.recipients_accepted) == (2, 0)
    assert not report.summary.finished
    first_batch = [p.phone for p in who[:2]]
    assert phones_of(recorded(admin, account)) == first_batch  # it did go out

    ((_, chunks),) = asyncio.run(services.sending.unfinished_with_chunks(PROFILE))
    doubtful = chunks[0]
    assert (doubtful.state, doubtful.reason) == (ChunkState.IN_DOUBT, ChunkReason.CONNECTION_LOST)

    asyncio.run(services.sending.resolve_in_doubt(doubtful.id, True))
    resolved = services.store.journal.chunk(doubtful.id)
    assert (resolved.state, resolved.reason) == (ChunkState.ACCEPTED, ChunkReason.RESOLVED_SENT)
    assert phones_of(recorded(admin, account)) == first_batch  # deciding sends nothing

    again = run(services, account, broadcast_id)
    assert again.outcome.finished
    assert again.summary.recipients_accepted == 4
    assert phones_of(recorded(admin, account)) == sorted(p.phone for p in who)  # once each
    assert asyncio.run(services.sending.unfinished(PROFILE)) == []


def test_an_in_doubt_chunk_resolved_as_not_sent_goes_out_on_resume(
    services: Services, account: Any, admin: Any
) -> None:
    who = people(2)
    broadcast_id = start(services, make_plan(who))
    (chunk,) = services.store.journal.chunks(broadcast_id)
    services.store.journal.mark_sending(chunk.id)  # a run that lost its answer
    services.store.journal.mark_in_doubt(chunk.id, ChunkReason.CONNECTION_LOST)

    asyncio.run(services.sending.resolve_in_doubt(chunk.id, False))
    (waiting,) = asyncio.run(services.sending.unfinished(PROFILE))
    assert (waiting.pending, waiting.in_doubt) == (1, 0)
    assert recorded(admin, account) == []

    report = run(services, account, broadcast_id)
    assert report.outcome.finished
    assert phones_of(recorded(admin, account)) == [p.phone for p in who]


# --- other channels ----------------------------------------------------------------------------


def test_a_whatsapp_send_is_recorded_for_the_delivery_tab(
    services: Services, account: Any, admin: Any
) -> None:
    admin.add_template(account.account_id, "order_ready", "en")
    admin.add_optin(account.account_id, PHONE)

    async def send(client: Client) -> tuple[SendResult, SentMessage | None]:
        return await services.sending.send_direct(
            BroadcastKind.WHATSAPP,
            "order_ready (en)",
            [PHONE],
            lambda: client.send_whatsapp_template("order_ready", "en", PHONE),
            profile=PROFILE,
            credits=lambda _result: None,
        )

    result, record = with_client(account, send)
    assert record is not None
    assert (record.message_id, record.recipients, record.text) == (
        result.message_id,
        (PHONE,),
        "order_ready (en)",
    )
    assert (record.kind, record.credits) == (BroadcastKind.WHATSAPP, None)
    (entry,) = recorded(admin, account)
    assert (entry["message_id"], entry["channel"], entry["phone"]) == (
        result.message_id,
        "whatsapp",
        PHONE,
    )
    assert services.store.history.sent_messages(PROFILE) == [record]
    assert asyncio.run(services.sending.unfinished(PROFILE)) == []  # never offered to resume


def test_a_survey_send_is_recorded_without_the_numbers_the_service_skipped(
    services: Services, account: Any, admin: Any
) -> None:
    admin.add_survey(account.account_id, "csat-1", "How did we do?")
    phones = [PHONE, "0712345601", "999"]

    async def send(client: Client) -> tuple[SendResult, SentMessage | None]:
        return await services.sending.send_direct(
            BroadcastKind.SURVEY,
            "How did we do?",
            phones,
            lambda: client.send_survey("csat-1", phones),
            profile=PROFILE,
            credits=lambda result: SendingService.survey_credits(result, phones),
        )

    result, record = with_client(account, send)
    assert (result.recipients, result.invalid) == (2, ("999",))
    assert record is not None
    assert record.message_id == result.message_id
    assert record.kind is BroadcastKind.SURVEY
    assert record.recipients == (PHONE, "0712345601")
    entries = recorded(admin, account)
    assert {(e["message_id"], e["channel"]) for e in entries} == {(result.message_id, "survey")}
    assert phones_of(entries) == ["+254712345601", PHONE]


def _survey(services: Services, client: Client, phones: list[str]) -> Any:
    return services.sending.send_direct(
        BroadcastKind.SURVEY,
        survey_text("csat-1"),
        phones,
        lambda: client.send_survey("csat-1", phones),
        profile=PROFILE,
        credits=lambda _result: None,
    )


def _guarded(services: Services, phones: list[str]) -> frozenset[str]:
    found = asyncio.run(
        services.sending.channel_duplicates(
            PROFILE, BroadcastKind.SURVEY, survey_text("csat-1"), phones, window_hours=24
        )
    )
    return found.phones


def test_a_survey_whose_reply_is_lost_is_in_doubt_and_guarded(
    services: Services, account: Any, admin: Any
) -> None:
    """It was written down only once the service answered: a reply lost on the way back left
    no trace, and Send pressed again (the page said "Outcome unknown") sent it to everyone
    twice. Now it is written down first, and left in doubt."""
    admin.add_survey(account.account_id, "csat-1", "How did we do?")
    phones = [PHONE, "+254712345601"]
    admin.fault("disconnect", path_prefix="/api/v1/surveys")

    async def send(client: Client) -> BaseException | None:
        try:
            await _survey(services, client, phones)
        except api.InDoubt as exc:
            return exc
        return None

    assert isinstance(with_client(account, send), api.InDoubt)
    assert phones_of(recorded(admin, account)) == sorted(phones)  # it did go out
    assert services.store.history.sent_messages(PROFILE) == []  # no message id to follow
    (broadcast,) = services.store.journal.broadcasts(PROFILE)
    assert (broadcast.kind, broadcast.in_doubt, broadcast.accepted) == (BroadcastKind.SURVEY, 1, 0)
    assert _guarded(services, phones) == set(phones)  # asked about before a second send
    assert asyncio.run(services.sending.unfinished(PROFILE)) == []  # never resumed as SMS


def test_a_survey_the_service_refused_leaves_nothing_behind(
    services: Services, account: Any, admin: Any
) -> None:
    """An unknown survey (refused): nothing went out, so nothing is listed or guarded."""

    async def send(client: Client) -> BaseException | None:
        try:
            await _survey(services, client, [PHONE])
        except api.ApiError as exc:
            return exc
        return None

    exc = with_client(account, send)
    assert isinstance(exc, api.ApiError)
    assert not isinstance(exc, api.InDoubt)
    assert recorded(admin, account) == []
    assert services.store.journal.broadcasts(PROFILE) == []
    assert not _guarded(services, [PHONE])


def test_a_survey_out_when_tuma_died_is_in_doubt_at_the_next_start(
    services: Services, account: Any, admin: Any
) -> None:
    """Killed while the request was out: the next start finds it in doubt (guarded), as a
    broadcast's round, never pending."""
    admin.add_survey(account.account_id, "csat-1", "How did we do?")
    journal = services.store.journal
    chunk = journal.begin_direct(
        BroadcastKind.SURVEY, survey_text("csat-1"), [PHONE], profile=PROFILE
    )
    assert journal.chunk(chunk.id).state is ChunkState.SENDING
    assert _guarded(services, [PHONE]) == {PHONE}  # while it is out, too
    # its owner gone (as the journal's own tests make a stale claim)
    old = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    journal._db.connection.execute("UPDATE chunks SET updated_at = ? WHERE id = ?", (old, chunk.id))
    assert journal.recover_interrupted() == 1
    assert journal.chunk(chunk.id).state is ChunkState.IN_DOUBT
    assert _guarded(services, [PHONE]) == {PHONE}
    assert asyncio.run(services.sending.unfinished(PROFILE)) == []


@pytest.mark.expect_log("could not record")
def test_a_send_that_cannot_be_recorded_returns_none_and_is_logged(
    services: Services, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The WhatsApp message went out whatever happens to our record: no exception reaches
    the page that sent it, and the failure is logged."""

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise StoreError(StoreProblem.DISK_FULL)

    monkeypatch.setattr(services.store.journal, "mark_accepted", broken)

    async def accepted() -> SendResult:
        return SendResult("m-1", recipients=1)

    result, record = asyncio.run(
        services.sending.send_direct(
            BroadcastKind.WHATSAPP,
            "order_ready (en)",
            [PHONE],
            accepted,
            profile=PROFILE,
            credits=lambda _result: None,
        )
    )
    assert (result.message_id, record) == ("m-1", None)
    assert [r.levelname for r in caplog.records if "could not record" in r.getMessage()] == [
        "ERROR"
    ]
    (broadcast,) = services.store.journal.broadcasts(PROFILE)
    (chunk,) = services.store.journal.chunks(broadcast.id)
    assert chunk.state is ChunkState.SENDING  # still out, as far as it knows: guarded


# --- the balance before sending ----------------------------------------------------------------


def test_fresh_balance_is_the_service_s_credits(
    services: Services, account: Any, admin: Any
) -> None:
    admin.topup(account.account_id, -1.5)
    check = with_client(account, lambda c: services.sending.fresh_balance(c, fallback=5.0))
    assert check == BalanceCheck(998.5, BalanceSource.FRESH)
    assert isinstance(check.credits, float)


def test_fresh_balance_uses_the_last_known_one_when_the_service_is_slow(
    services: Services, account: Any, admin: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow line must not leave the user looking at "Checking…": after the timeout the last
    known balance is used (the service still refuses a send it cannot cover)."""
    monkeypatch.setattr(client_module, "CONNECT_TIMEOUT", 0.1)  # connected at once: loopback

    async def twice(client: Client) -> tuple[BalanceCheck, BalanceCheck]:
        known = await services.sending.fresh_balance(client, fallback=321.0, timeout=0.2)
        unknown = await services.sending.fresh_balance(client, fallback=None, timeout=0.2)
        return known, unknown

    try:
        admin.fault("delay", 2, path_prefix="/v1/get-balance", seconds=1)
        assert with_client(account, twice) == (
            BalanceCheck(321.0, BalanceSource.LAST_KNOWN),
            BalanceCheck(None, BalanceSource.LAST_KNOWN),
        )
    finally:
        admin.clear_faults()


def test_fresh_balance_says_not_reached_when_the_service_refuses_at_once(
    services: Services,
) -> None:
    """Nothing listening (the service gone, no network): every try is refused, in about a
    second, and the check says so instead of passing off the last known balance."""
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{probe.getsockname()[1]}"
    heard: list[Retry] = []

    async def go() -> BalanceCheck:
        watch_retries(heard.append)  # the status bar still hears the retries
        async with Client(url, url, "tok-abc", backoff=0.01) as client:
            return await services.sending.fresh_balance(client, fallback=321.0, timeout=5.0)

    started = time.monotonic()
    assert asyncio.run(go()) == BalanceCheck(None, BalanceSource.NOT_REACHED)
    assert time.monotonic() - started < 4.0  # not the timeout: the tries failed at once
    assert [(r.attempt, r.reason) for r in heard] == [
        (2, RetryReason.NOT_REACHED),
        (3, RetryReason.NOT_REACHED),
    ]


def test_fresh_balance_says_not_reached_when_the_host_never_answers(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A host that drops every connection attempt (a pulled cable, mobile data gone) is not a
    slow service: once a try could not connect in the connect timeout, the check says so
    (and does not wait for the other tries)."""
    monkeypatch.setattr(client_module, "CONNECT_TIMEOUT", 0.3)

    async def go(url: str) -> BalanceCheck:
        async with Client(url, url, "tok-abc", backoff=0.01) as client:
            return await services.sending.fresh_balance(client, fallback=321.0, timeout=0.1)

    with black_hole() as url:
        started = time.monotonic()
        assert asyncio.run(go(url)) == BalanceCheck(None, BalanceSource.NOT_REACHED)
        assert time.monotonic() - started < 0.3 + 0.5 + 0.5  # one connect timeout and the grace


# --- the disk fills up ------------------------------------------------------------------------


@pytest.mark.expect_log("could not be written down", "writing recipients rows failed")
def test_a_round_not_written_down_is_written_on_closing_once_there_is_room(
    services: Services, account: Any, admin: Any, tmp_path: Any
) -> None:
    from desktop_app.core.store import ChunkState, StoreError
    from tests.disk import FullDisk

    broadcast_id = start(services, make_plan(people(6), size=2))
    disk = FullDisk(services.store.db)

    def fills(step: BroadcastProgress) -> None:
        if step.chunks_done == 1:
            disk.full = True  # the second batch goes out; its reply cannot be saved

    report = run(services, account, broadcast_id, progress=fills)
    assert report.sent_unrecorded == 2
    assert isinstance(report.error, StoreError)
    assert len(recorded(admin, account)) == 4
    disk.full = False  # room again, and the shop quits without sending anything more
    services.close()
    reopened = Services.open(
        store_path=tmp_path / "tuma.sqlite3", settings_path=tmp_path / "settings.json"
    )
    try:
        chunks = reopened.store.journal.chunks(broadcast_id)
        assert [c.state for c in chunks] == [
            ChunkState.ACCEPTED,
            ChunkState.ACCEPTED,  # not "in doubt": it was written down on closing
            ChunkState.PENDING,
        ]
        again = run(reopened, account, broadcast_id)
        assert again.outcome.finished
    finally:
        reopened.close()
    assert sorted(e["phone"] for e in recorded(admin, account)) == [p.phone for p in people(6)]


@pytest.mark.expect_log(
    "could not be written down", "writing recipients rows failed", "before closing"
)
def test_quitting_while_the_disk_is_still_full_leaves_that_round_in_doubt_never_resent(
    services: Services, account: Any, admin: Any, tmp_path: Any
) -> None:
    """The shop quits with the disk still full: closing tries to write the round down, cannot,
    and closes anyway; the next start asks about that round (in doubt) and sends only the
    rest."""
    from desktop_app.core.store import ChunkReason, ChunkState
    from tests.disk import FullDisk

    broadcast_id = start(services, make_plan(people(6), size=2))
    disk = FullDisk(services.store.db)

    def fills(step: BroadcastProgress) -> None:
        if step.chunks_done == 1:
            disk.full = True

    assert run(services, account, broadcast_id, progress=fills).sent_unrecorded == 2
    services.close()  # still full: nothing raised
    reopened = Services.open(
        store_path=tmp_path / "tuma.sqlite3", settings_path=tmp_path / "settings.json"
    )
    try:
        second = reopened.store.journal.chunks(broadcast_id)[1]
        assert (second.state, second.reason) == (ChunkState.IN_DOUBT, ChunkReason.INTERRUPTED)
        run(reopened, account, broadcast_id)
    finally:
        reopened.close()
    # each of the six once: the round in doubt was not sent again, the rest was
    assert sorted(e["phone"] for e in recorded(admin, account)) == [p.phone for p in people(6)]


def test_a_direct_send_cancelled_mid_request_is_in_doubt(services: Services) -> None:
    """Tuma quit (or the task was cancelled) while a survey's request was out: it may have
    gone, so it is in doubt and guarded, as a broadcast's round cancelled mid-request."""
    started = asyncio.Event()

    async def never_answers() -> SendResult:
        started.set()
        await asyncio.sleep(3600)
        raise AssertionError("not reached")

    async def quit_meanwhile() -> None:
        task = asyncio.ensure_future(
            services.sending.send_direct(
                BroadcastKind.SURVEY,
                survey_text("csat-1"),
                [PHONE],
                never_answers,
                profile=PROFILE,
                credits=lambda _result: None,
            )
        )
        await started.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(quit_meanwhile())
    (broadcast,) = services.store.journal.broadcasts(PROFILE)
    (chunk,) = services.store.journal.chunks(broadcast.id)
    assert (chunk.state, chunk.reason) == (ChunkState.IN_DOUBT, ChunkReason.CANCELLED_IN_FLIGHT)
    assert _guarded(services, [PHONE]) == {PHONE}
