"""The broadcast runner's state machine, with a scripted fake client (every error path), and
the same runner with the real Client against the sandbox."""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from desktop_app.core.api import errors
from desktop_app.core.api.models import SendResult
from desktop_app.core.background import Blocking, SerialWorker, inline
from desktop_app.core.broadcast import BroadcastOutcome, BroadcastProgress, run_broadcast
from desktop_app.core.store import (
    BroadcastKind,
    Chunk,
    ChunkReason,
    ChunkState,
    Journal,
    Recipient,
    SentHistory,
    SentMessage,
    StoreError,
    StoreProblem,
)
from desktop_app.core.store.journal import content_key

TEXT = "Karibu! Ofa ya leo: unga 2kg KES 180."  # one GSM-7 part
LONG = "Bei mpya " * 20  # 180 characters: two parts

Step = SendResult | BaseException | Callable[[], Any] | None


class FakeClient:
    """Answers each send with the next scripted step: a SendResult, an exception to raise, a
    callable (may be async) to run, or None for a default accepted result."""

    def __init__(self, *steps: Step) -> None:
        self.steps = list(steps)
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.ids = (f"msg-{n}" for n in itertools.count(1))

    async def _answer(self, method: str, *args: Any) -> SendResult:
        self.calls.append((method, args))
        step = self.steps.pop(0) if self.steps else None
        if callable(step) and not isinstance(step, BaseException):
            step = step()
            if asyncio.iscoroutine(step):
                step = await step
        if isinstance(step, BaseException):
            raise step
        if isinstance(step, SendResult):
            return step
        return SendResult(message_id=next(self.ids))

    async def send_message(self, sender_id: str, phone: str, message: str) -> SendResult:
        return await self._answer("send_message", sender_id, phone, message)

    async def send_bulk(self, sender_id: str, phones: Sequence[str], message: str) -> SendResult:
        return await self._answer("send_bulk", sender_id, tuple(phones), message)

    async def send_personalized(
        self, sender_id: str, items: Sequence[tuple[str, str]]
    ) -> SendResult:
        return await self._answer("send_personalized", sender_id, tuple(items))

    async def send_tracked(
        self, sender_id: str, phone: str, message: str, tracking_id: str
    ) -> SendResult:
        return await self._answer("send_tracked", sender_id, phone, message, tracking_id)


def numbers(n: int) -> list[Recipient]:
    return [Recipient(f"+2547110{i:05d}") for i in range(n)]


@pytest.fixture
def outbox(tmp_path: Path) -> Iterator[Journal]:
    box = Journal.open(tmp_path / "outbox.sqlite3")
    yield box
    box.close()


IO: dict[str, Blocking] = {"io": inline}


@pytest.fixture(autouse=True, params=["inline", "store thread"])
def journal_calls(request: pytest.FixtureRequest) -> Iterator[str]:
    """Every scenario runs twice: journal calls made inline (scripts, the kill test's sender)
    and on the store's worker thread (the app), with the same outcomes."""
    worker = SerialWorker() if request.param == "store thread" else None
    IO["io"] = worker if worker is not None else inline
    yield request.param
    IO["io"] = inline
    if worker is not None:
        worker.stop()


def sent_messages(journal: Journal, profile: str) -> list[SentMessage]:
    return SentHistory(journal._db).sent_messages(profile)


def bulk(outbox: Journal, n: int = 12, size: int = 5, text: str = TEXT) -> int:
    return outbox.create_broadcast(
        BroadcastKind.BULK, "TUMA", text, numbers(n), size, profile="shop"
    ).id


def run(
    client: FakeClient,
    outbox: Journal,
    broadcast_id: int,
    *,
    progress: Callable[[BroadcastProgress], None] | None = None,
    cancel: asyncio.Event | None = None,
) -> BroadcastOutcome:
    async def scenario() -> BroadcastOutcome:
        return await run_broadcast(
            client, outbox, broadcast_id, progress=progress, cancel=cancel, io=IO["io"]
        )

    return asyncio.run(scenario())


def states(outbox: Journal, broadcast_id: int) -> list[ChunkState]:
    return [c.state for c in outbox.chunks(broadcast_id)]


def test_bulk_sends_every_chunk_in_order_and_reports_progress(outbox: Journal) -> None:
    bid = bulk(outbox, 12, 5, LONG)
    client = FakeClient()
    seen: list[BroadcastProgress] = []
    outcome = run(client, outbox, bid, progress=seen.append)

    phones = [r.phone for r in numbers(12)]
    assert client.calls == [
        ("send_bulk", ("TUMA", tuple(phones[0:5]), LONG)),
        ("send_bulk", ("TUMA", tuple(phones[5:10]), LONG)),
        ("send_bulk", ("TUMA", tuple(phones[10:12]), LONG)),
    ]
    assert outcome.finished
    assert not outcome.stopped
    assert (outcome.accepted, outcome.rejected, outcome.in_doubt, outcome.pending) == (3, 0, 0, 0)
    assert outcome.message_ids == ("msg-1", "msg-2", "msg-3")
    assert outcome.credits == 24  # 2 parts × 12, computed the way the service bills
    assert outcome.recipients_accepted == 12
    assert [(p.chunks_done, p.chunks_total, p.recipients_accepted) for p in seen] == [
        (0, 3, 0),
        (1, 3, 5),
        (2, 3, 10),
        (3, 3, 12),
    ]
    assert seen[-1].fraction == 1.0
    assert seen[1].chunk is not None
    assert seen[1].chunk.state is ChunkState.ACCEPTED
    sent = sent_messages(outbox, "shop")
    assert [(m.message_id, len(m.recipients), m.parts, m.credits) for m in sent] == [
        ("msg-3", 2, 2, 4),
        ("msg-2", 5, 2, 10),
        ("msg-1", 5, 2, 10),
    ]
    # running again sends nothing: every chunk is settled
    again = FakeClient()
    assert run(again, outbox, bid).finished
    assert again.calls == []


def test_reply_figures_win_and_skipped_numbers_are_recorded(outbox: Journal) -> None:
    bid = bulk(outbox, 5, 5)
    bad = numbers(5)[1].phone
    client = FakeClient(SendResult("bulk-1", recipients=4, invalid=(bad,), parts=1, cost=4))
    outcome = run(client, outbox, bid)
    (chunk,) = outbox.chunks(bid)
    assert (chunk.accepted_recipients, chunk.credits, chunk.invalid) == (4, 4, (bad,))
    assert outcome.recipients_accepted == 4
    assert bad not in sent_messages(outbox, "shop")[0].recipients


def test_personalised_sends_each_text_and_counts_exact_credits(outbox: Journal) -> None:
    recipients = [
        Recipient("+254711000001", "Habari Amina, deni lako ni KES 200."),
        Recipient("+254711000002", "Habari Baraka, " + "asante sana " * 15),  # 2 parts
        Recipient("+254711000003", "Habari Wanjiru 😊"),  # UCS-2, 1 part
    ]
    bid = outbox.create_broadcast(
        BroadcastKind.PERSONALIZED, "TUMA", "Habari {first_name}", recipients, 2, profile="shop"
    ).id
    client = FakeClient()
    outcome = run(client, outbox, bid)
    assert client.calls == [
        ("send_personalized", ("TUMA", tuple((r.phone, r.message) for r in recipients[:2]))),
        ("send_personalized", ("TUMA", ((recipients[2].phone, recipients[2].message),))),
    ]
    assert outcome.credits == 1 + 2 + 1
    first, second = outbox.chunks(bid)
    assert (first.parts, first.credits, second.parts, second.credits) == (2, 3, 1, 1)


def test_single_and_tracked_use_their_endpoints(outbox: Journal) -> None:
    single = outbox.create_broadcast(
        BroadcastKind.SINGLE, "TUMA", TEXT, numbers(2), 500, profile="shop"
    ).id
    tracked = outbox.create_broadcast(
        BroadcastKind.TRACKED, "TUMA", TEXT, numbers(2), 500, profile="shop"
    ).id
    client = FakeClient()
    run(client, outbox, single)
    run(client, outbox, tracked)
    tracking = [c.tracking_id for c in outbox.chunks(tracked)]
    assert client.calls == [
        ("send_message", ("TUMA", numbers(2)[0].phone, TEXT)),
        ("send_message", ("TUMA", numbers(2)[1].phone, TEXT)),
        ("send_tracked", ("TUMA", numbers(2)[0].phone, TEXT, tracking[0])),
        ("send_tracked", ("TUMA", numbers(2)[1].phone, TEXT, tracking[1])),
    ]
    assert all(c.credits == 1 for c in outbox.chunks(single))


def test_chunk_is_durably_sending_while_its_request_is_in_flight(
    outbox: Journal, tmp_path: Path
) -> None:
    bid = bulk(outbox, 10, 5)
    seen: list[list[ChunkState]] = []

    def look() -> None:
        with Journal.open(tmp_path / "outbox.sqlite3") as other:  # as another process would see it
            seen.append(states(other, bid))

    run(FakeClient(look, look), outbox, bid)
    assert seen == [
        [ChunkState.SENDING, ChunkState.PENDING],
        [ChunkState.ACCEPTED, ChunkState.SENDING],
    ]


def test_in_doubt_pauses_the_run_and_is_never_resent(outbox: Journal) -> None:
    """A chunk whose answer was lost pauses the broadcast there: under a persistent fault
    every chunk would otherwise end in doubt. The user decides; the rest waits, pending."""
    bid = bulk(outbox, 15, 5)
    client = FakeClient(None, errors.InDoubt(), None)
    outcome = run(client, outbox, bid)
    assert len(client.calls) == 2  # nothing after the chunk in doubt
    assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.IN_DOUBT, ChunkState.PENDING]
    assert (outcome.in_doubt, outcome.pending, outcome.error) == (1, 1, None)
    assert outcome.paused_in_doubt
    assert outcome.stopped
    assert not outcome.finished
    assert outbox.chunks(bid)[1].reason is ChunkReason.CONNECTION_LOST
    assert [b.id for b in outbox.unfinished("shop")] == [bid]

    again = FakeClient()
    run(again, outbox, bid)  # resuming sends what never left, never the chunk in doubt
    assert [args[1] for _, args in again.calls] == [outbox.chunks(bid)[2].phones]

    outbox.resolve_in_doubt(outbox.chunks(bid)[1].id, sent=False)  # the user says: not sent
    last = FakeClient()
    run(last, outbox, bid)
    assert [args[1] for _, args in last.calls] == [outbox.chunks(bid)[1].phones]
    assert outbox.broadcast(bid).is_finished


def test_unreadable_send_reply_is_in_doubt(outbox: Journal) -> None:
    from desktop_app.core.api import UnreadableSendReply

    bid = bulk(outbox, 10, 5)
    client = FakeClient(UnreadableSendReply("not json"), None)
    outcome = run(client, outbox, bid)
    assert states(outbox, bid) == [ChunkState.IN_DOUBT, ChunkState.PENDING]  # paused there
    assert outcome.error is None
    assert outcome.paused_in_doubt


def test_other_protocol_error_is_in_doubt_and_stops(outbox: Journal) -> None:
    bid = bulk(outbox, 15, 5)
    problem = errors.ProtocolError("html from a proxy")
    client = FakeClient(problem)
    outcome = run(client, outbox, bid)
    assert len(client.calls) == 1
    assert states(outbox, bid) == [ChunkState.IN_DOUBT, ChunkState.PENDING, ChunkState.PENDING]
    assert outcome.error is problem
    assert outbox.chunks(bid)[0].reason is ChunkReason.UNREADABLE_REPLY


STOPPERS: list[errors.ApiError] = [
    errors.InsufficientBalance(),
    errors.SenderIdRejected(sender_id="TUMA"),
    errors.AuthError(),
    errors.ScopeError(scope="sms"),
    errors.RateLimited(retry_after=60),
    errors.NetworkError(),
    errors.ServerError(),
    errors.ServiceError(service_message="Account suspended", response_code="0499"),
]


@pytest.mark.parametrize("problem", STOPPERS, ids=lambda e: type(e).__name__)
def test_refusals_stop_the_run_and_leave_the_rest_pending(
    outbox: Journal, problem: errors.ApiError
) -> None:
    bid = bulk(outbox, 15, 5)
    client = FakeClient(None, problem, None)
    outcome = run(client, outbox, bid)
    assert len(client.calls) == 2  # nothing after the refusal
    assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.PENDING, ChunkState.PENDING]
    assert outcome.error is problem
    assert outcome.stopped
    assert (outcome.accepted, outcome.pending, outcome.in_doubt) == (1, 2, 0)
    assert outbox.chunks(bid)[1].attempts == 1

    # after fixing the cause, resuming sends exactly the chunks that never went out
    resume = FakeClient()
    outcome = run(resume, outbox, bid)
    assert [args[1] for _, args in resume.calls] == [c.phones for c in outbox.chunks(bid)[1:]]
    assert outcome.finished


def test_invalid_chunk_is_rejected_and_the_run_goes_on(outbox: Journal) -> None:
    bid = bulk(outbox, 15, 5)
    refusal = errors.InvalidRequest(invalid_phones=tuple(r.phone for r in numbers(15)[5:10]))
    client = FakeClient(None, refusal, None)
    outcome = run(client, outbox, bid)
    assert len(client.calls) == 3
    assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.REJECTED, ChunkState.ACCEPTED]
    rejected = outbox.chunks(bid)[1]
    assert rejected.reason is ChunkReason.REFUSED
    assert rejected.detail == ", ".join(refusal.invalid_phones)  # what the service said
    assert outcome.error is None
    assert outcome.finished
    assert (outcome.rejected, outcome.recipients_accepted) == (1, 10)


def test_cancel_stops_between_chunks(outbox: Journal) -> None:
    bid = bulk(outbox, 15, 5)
    cancel = asyncio.Event()
    client = FakeClient(cancel.set)  # the user presses Cancel while chunk 1 is in flight
    outcome = run(client, outbox, bid, cancel=cancel)
    assert len(client.calls) == 1
    assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.PENDING, ChunkState.PENDING]
    assert outcome.cancelled
    assert outcome.error is None
    assert outcome.pending == 2


def test_cancel_after_an_acceptance_claimed_the_next_chunk_puts_it_back(
    outbox: Journal,
) -> None:
    """The commit that records an acceptance also claims the next chunk; Cancel pressed
    just after it (here, as the progress is shown) sends nothing more, and the claimed chunk
    is pending again, not "sending" (which the next start would show as maybe sent)."""
    bid = bulk(outbox, 15, 5)
    cancel = asyncio.Event()
    client = FakeClient()

    def progress(now: BroadcastProgress) -> None:
        if now.chunk is not None:
            cancel.set()

    outcome = run(client, outbox, bid, progress=progress, cancel=cancel)
    assert len(client.calls) == 1
    assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.PENDING, ChunkState.PENDING]
    assert outcome.cancelled
    assert outcome.pending == 2


def test_a_failure_after_an_acceptance_claimed_the_next_chunk_puts_it_back(
    outbox: Journal,
) -> None:
    bid = bulk(outbox, 10, 5)

    def progress(now: BroadcastProgress) -> None:
        if now.chunk is not None:
            raise RuntimeError("the progress bar broke")

    with pytest.raises(RuntimeError, match="progress bar"):
        run(FakeClient(), outbox, bid, progress=progress)
    assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.PENDING]


def test_a_run_cancelled_while_recording_an_acceptance_puts_the_next_chunk_back(
    outbox: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The task is cancelled (the window closed) while the acceptance and the next claim are
    being written: both are written, then the claim is taken back: nothing was sent."""
    bid = bulk(outbox, 10, 5)
    mark_accepted = outbox.mark_accepted

    async def scenario() -> None:
        task = asyncio.current_task()
        assert task is not None
        loop = asyncio.get_running_loop()

        def cancelled_meanwhile(*args: Any, **kwargs: Any) -> Chunk | None:
            loop.call_soon_threadsafe(task.cancel)  # the GUI thread cancels the send task
            return mark_accepted(*args, **kwargs)

        monkeypatch.setattr(outbox, "mark_accepted", cancelled_meanwhile)
        await run_broadcast(FakeClient(), outbox, bid, io=IO["io"])

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(scenario())
    assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.PENDING]


def test_accepting_a_chunk_claims_the_next_in_the_same_commit(outbox: Journal) -> None:
    bid = outbox.create_broadcast(
        BroadcastKind.BULK, "TUMA", TEXT, numbers(15), 5, profile="shop", write_behind=True
    ).id
    first, second, _third = outbox.chunks(bid)
    outbox.mark_sending(first.id)
    claimed = outbox.mark_accepted(first.id, "msg-1", 1, 5, recipients=5, claim_next=second.id)
    assert claimed is not None
    assert (claimed.id, claimed.state, claimed.phones) == (
        second.id,
        ChunkState.SENDING,
        second.phones,
    )
    assert claimed.attempts == 1
    accepted = outbox.chunk(first.id)
    assert (accepted.state, accepted.message_id, accepted.credits) == (
        ChunkState.ACCEPTED,
        "msg-1",
        5,
    )
    assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.SENDING, ChunkState.PENDING]
    # a claimed chunk is in the recipients table, like any chunk that may have gone out
    rows = outbox._db.read("SELECT chunk_id, COUNT(*) FROM recipients GROUP BY chunk_id")
    assert sorted(rows) == [(first.id, 5), (second.id, 5)]


def test_accepting_keeps_the_acceptance_when_the_next_chunk_is_not_pending(
    outbox: Journal, tmp_path: Path
) -> None:
    bid = bulk(outbox, 10, 5)
    first, second = outbox.chunks(bid)
    outbox.mark_sending(first.id)
    with Journal.open(tmp_path / "outbox.sqlite3") as other:
        other.mark_sending(second.id)  # another window claimed it
        assert outbox.mark_accepted(first.id, "m", 1, 5, claim_next=second.id) is None
    assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.SENDING]
    assert outbox.chunk(second.id).attempts == 1  # claimed once, by the other window


def test_an_acceptance_refused_claims_nothing(outbox: Journal) -> None:
    bid = bulk(outbox, 10, 5)
    first, second = outbox.chunks(bid)  # the first was never claimed: it cannot be accepted
    with pytest.raises(StoreError) as refused:
        outbox.mark_accepted(first.id, "m", 1, 5, claim_next=second.id)
    assert refused.value.problem is StoreProblem.ILLEGAL_MOVE
    assert states(outbox, bid) == [ChunkState.PENDING, ChunkState.PENDING]


@pytest.mark.expect_log("a claimed chunk could not be read")
def test_a_next_chunk_that_cannot_be_read_after_its_claim_is_pending_again(
    outbox: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    bid = bulk(outbox, 10, 5)
    first, second = outbox.chunks(bid)
    outbox.mark_sending(first.id)

    def unreadable(chunk_id: int) -> Chunk:
        raise StoreError(StoreProblem.NOT_FOUND, chunk=chunk_id)

    monkeypatch.setattr(outbox, "chunk", unreadable)
    assert outbox.mark_accepted(first.id, "m", 1, 5, claim_next=second.id) is None
    monkeypatch.undo()
    assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.PENDING]


def test_cancel_before_start_sends_nothing(outbox: Journal) -> None:
    bid = bulk(outbox, 5, 5)
    cancel = asyncio.Event()
    cancel.set()
    client = FakeClient()
    outcome = run(client, outbox, bid, cancel=cancel)
    assert client.calls == []
    assert outcome.cancelled
    assert outcome.pending == 1


def test_task_cancelled_mid_request_leaves_the_chunk_in_doubt(outbox: Journal) -> None:
    bid = bulk(outbox, 10, 5)

    async def scenario() -> None:
        in_flight = asyncio.Event()

        async def hang() -> None:
            in_flight.set()
            await asyncio.Event().wait()

        task = asyncio.create_task(run_broadcast(FakeClient(hang), outbox, bid))
        await asyncio.wait_for(in_flight.wait(), 5)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(scenario())
    first, second = outbox.chunks(bid)
    assert (first.state, first.reason) == (ChunkState.IN_DOUBT, ChunkReason.CANCELLED_IN_FLIGHT)
    assert second.state is ChunkState.PENDING


def test_unexpected_failure_is_in_doubt_and_raised(outbox: Journal) -> None:
    bid = bulk(outbox, 10, 5)
    with pytest.raises(RuntimeError, match="boom"):
        run(FakeClient(RuntimeError("boom")), outbox, bid)
    assert states(outbox, bid) == [ChunkState.IN_DOUBT, ChunkState.PENDING]
    failed = outbox.chunks(bid)[0]
    assert (failed.reason, failed.detail) == (ChunkReason.UNEXPECTED, "RuntimeError")


def test_a_chunk_claimed_elsewhere_is_skipped(outbox: Journal, tmp_path: Path) -> None:
    bid = bulk(outbox, 10, 5)
    other = Journal.open(tmp_path / "outbox.sqlite3")
    try:
        other.mark_sending(outbox.chunks(bid)[0].id)  # another window is sending chunk 1
        client = FakeClient()
        outcome = run(client, outbox, bid)
        assert [args[1] for _, args in client.calls] == [outbox.chunks(bid)[1].phones]
        assert states(outbox, bid) == [ChunkState.SENDING, ChunkState.ACCEPTED]
        assert outcome.accepted == 1
    finally:
        other.close()


# --- with the real Client against the sandbox ----------------------------------------------------


def sandbox_numbers(n: int, base: int) -> list[Recipient]:
    return [Recipient(f"+2547{base + i:08d}") for i in range(n)]


def real_run(account: Any, outbox: Journal, broadcast_id: int, **options: Any) -> BroadcastOutcome:
    from desktop_app.core.api import Client

    async def scenario() -> BroadcastOutcome:
        async with Client(
            account.base_url, account.contacts_base_url, account.token, backoff=0.01
        ) as client:
            return await run_broadcast(client, outbox, broadcast_id, io=IO["io"], **options)

    return asyncio.run(scenario())


def recorded(admin: Any, account: Any) -> list[str]:
    return sorted(m["phone"] for m in admin.messages(account.account_id))


@pytest.mark.slow
def test_sandbox_bulk_broadcast(outbox: Journal, admin: Any, account: Any) -> None:
    recipients = sandbox_numbers(12, 11_000_000)
    bid = outbox.create_broadcast(
        BroadcastKind.BULK, account.sender_id, LONG, recipients, 5, profile="shop"
    ).id
    before = admin.balance(account.account_id)
    outcome = real_run(account, outbox, bid)
    assert outcome.finished
    assert outcome.credits == 24
    assert recorded(admin, account) == sorted(r.phone for r in recipients)
    assert admin.balance(account.account_id) == before - 24
    assert {m.message_id for m in sent_messages(outbox, "shop")} == set(outcome.message_ids)


@pytest.mark.slow
def test_sandbox_personalised_single_and_tracked(outbox: Journal, admin: Any, account: Any) -> None:
    people = [
        Recipient("+254711200001", "Habari Amina, mzigo wako umefika."),
        Recipient("+254711200002", "Habari Baraka, " + "asante sana " * 15),
    ]
    personal = outbox.create_broadcast(
        BroadcastKind.PERSONALIZED,
        account.sender_id,
        "Habari {first_name}",
        people,
        10,
        profile="shop",
    ).id
    single = outbox.create_broadcast(
        BroadcastKind.SINGLE,
        account.sender_id,
        TEXT,
        sandbox_numbers(1, 11_300_000),
        1,
        profile="shop",
    ).id
    tracked = outbox.create_broadcast(
        BroadcastKind.TRACKED,
        account.sender_id,
        TEXT,
        sandbox_numbers(1, 11_400_000),
        1,
        profile="shop",
    ).id
    for bid in (personal, single, tracked):
        assert real_run(account, outbox, bid).finished
    texts = {m["phone"]: m["text"] for m in admin.messages(account.account_id)}
    assert texts["+254711200001"] == people[0].message
    assert texts["+254711200002"] == people[1].message
    tracked_chunk = outbox.chunks(tracked)[0]
    records = [m for m in admin.messages(account.account_id) if m.get("tracking_id")]
    assert [m["tracking_id"] for m in records] == [tracked_chunk.tracking_id]
    assert outbox.chunks(personal)[0].credits == 3


@pytest.mark.slow
def test_sandbox_insufficient_balance_stops_and_resumes(
    outbox: Journal, admin: Any, account: Any
) -> None:
    recipients = sandbox_numbers(15, 11_500_000)
    bid = outbox.create_broadcast(
        BroadcastKind.BULK, account.sender_id, TEXT, recipients, 5, profile="shop"
    ).id
    # an account with credits for one chunk only
    poor_id = admin.create_account(name="Poor shop", balance=7, sender_ids=["TUMA"])
    account = dataclasses.replace(
        account, account_id=poor_id, token=admin.create_token(poor_id, scopes=["sms"])
    )
    outcome = real_run(account, outbox, bid)
    assert isinstance(outcome.error, errors.InsufficientBalance)
    assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.PENDING, ChunkState.PENDING]
    assert len(recorded(admin, account)) == 5
    admin.topup(account.account_id, 100)
    outcome = real_run(account, outbox, bid)
    assert outcome.finished
    assert recorded(admin, account) == sorted(r.phone for r in recipients)


@pytest.mark.slow
def test_sandbox_rejected_sender_and_invalid_chunk(
    outbox: Journal, admin: Any, account: Any
) -> None:
    bid = outbox.create_broadcast(
        BroadcastKind.BULK, "NOTMINE", TEXT, sandbox_numbers(4, 11_600_000), 2, profile="shop"
    ).id
    outcome = real_run(account, outbox, bid)
    assert isinstance(outcome.error, errors.SenderIdRejected)
    assert outcome.pending == 2
    assert recorded(admin, account) == []

    mixed = [Recipient("+254711700001"), Recipient("12345"), Recipient("999")]
    bid = outbox.create_broadcast(
        BroadcastKind.BULK, account.sender_id, TEXT, mixed, 1, profile="shop"
    ).id
    outcome = real_run(account, outbox, bid)
    assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.REJECTED, ChunkState.REJECTED]
    assert outcome.error is None
    assert recorded(admin, account) == ["+254711700001"]


@pytest.mark.slow
def test_sandbox_revoked_token_stops(outbox: Journal, admin: Any, account: Any) -> None:
    bid = outbox.create_broadcast(
        BroadcastKind.BULK,
        account.sender_id,
        TEXT,
        sandbox_numbers(4, 11_800_000),
        2,
        profile="shop",
    ).id
    admin.revoke_token(account.token)
    outcome = real_run(account, outbox, bid)
    assert isinstance(outcome.error, errors.AuthError)
    assert outcome.pending == 2


@pytest.mark.slow
def test_sandbox_faults(outbox: Journal, admin: Any, account: Any) -> None:
    """A dropped connection after the send: in doubt, sent once, never resent. A short 500
    burst is retried by the client and succeeds; a long one stops the run, nothing lost."""
    recipients = sandbox_numbers(6, 11_900_000)
    bid = outbox.create_broadcast(
        BroadcastKind.BULK, account.sender_id, TEXT, recipients, 2, profile="shop"
    ).id
    try:
        admin.fault("disconnect", count=1, path_prefix="/v1/send")
        outcome = real_run(account, outbox, bid)
        assert states(outbox, bid) == [
            ChunkState.IN_DOUBT,
            ChunkState.PENDING,
            ChunkState.PENDING,
        ]  # paused at the chunk in doubt
        assert outcome.error is None
        assert outcome.paused_in_doubt
        assert recorded(admin, account) == sorted(r.phone for r in recipients[:2])
        real_run(account, outbox, bid)  # resuming never resends the in-doubt chunk
        assert recorded(admin, account) == sorted(r.phone for r in recipients)  # once each

        burst = sandbox_numbers(2, 11_940_000)
        bid = outbox.create_broadcast(
            BroadcastKind.BULK, account.sender_id, TEXT, burst, 2, profile="shop"
        ).id
        admin.fault("error500", count=2, path_prefix="/v1/send")  # the third attempt succeeds
        assert real_run(account, outbox, bid).finished

        more = sandbox_numbers(4, 11_950_000)
        bid = outbox.create_broadcast(
            BroadcastKind.BULK, account.sender_id, TEXT, more, 2, profile="shop"
        ).id
        admin.fault("error500", count=3, path_prefix="/v1/send")  # outlasts every attempt
        outcome = real_run(account, outbox, bid)
        assert isinstance(outcome.error, errors.ServerError)
        assert states(outbox, bid) == [ChunkState.PENDING, ChunkState.PENDING]
        outcome = real_run(account, outbox, bid)
        assert outcome.finished
        expected = sorted(r.phone for r in recipients + burst + more)
        assert recorded(admin, account) == expected
    finally:
        admin.clear_faults()


# --- recipients rows written behind (issue 15: a broadcast starts after one chunk's rows) ----


def rows_of(outbox: Journal, broadcast_id: int) -> list[tuple[int, str, str]]:
    """The recipients table's rows of a broadcast: (chunk id, phone, content key)."""
    return [
        (chunk_id, phone, content)
        for chunk_id, phone, content in outbox._db.read(
            "SELECT chunk_id, phone, content FROM recipients WHERE broadcast_id = ? ORDER BY id",
            (broadcast_id,),
        )
    ]


def expected_rows(outbox: Journal, broadcast_id: int) -> list[tuple[int, str, str]]:
    """What the rows must be: every chunk's own list, with its content's digest."""
    broadcast = outbox.broadcast(broadcast_id)
    return [
        (chunk.id, r.phone, content_key(broadcast.kind, r.message or broadcast.text))
        for chunk in outbox.chunks(broadcast_id)
        for r in chunk.recipients
    ]


def behind(outbox: Journal, kind: BroadcastKind = BroadcastKind.BULK, n: int = 12) -> int:
    """*n* recipients in chunks of 5 (of 1 for a single send, whose recipients carry texts of
    their own as a resend may), written behind."""
    people = (
        [Recipient(r.phone, f"Habari {i}") for i, r in enumerate(numbers(n))]
        if kind in (BroadcastKind.PERSONALIZED, BroadcastKind.SINGLE)
        else numbers(n)
    )
    return outbox.create_broadcast(
        kind,
        "TUMA",
        "" if kind is BroadcastKind.PERSONALIZED else TEXT,
        people,
        5,
        profile="shop",
        write_behind=True,
    ).id


@pytest.mark.parametrize(
    "kind", [BroadcastKind.BULK, BroadcastKind.PERSONALIZED, BroadcastKind.SINGLE]
)
def test_a_broadcast_written_behind_gets_every_row_by_the_end_of_its_run(
    outbox: Journal, kind: BroadcastKind
) -> None:
    bid = behind(outbox, kind)
    first = outbox.chunks(bid)[0]
    only_first = [first.id] * len(first.recipients)
    assert [row[0] for row in rows_of(outbox, bid)] == only_first  # only the first now
    client = FakeClient()
    assert run(client, outbox, bid).finished
    assert rows_of(outbox, bid) == expected_rows(outbox, bid)  # same rows, in sending order


def test_a_chunk_has_its_rows_before_it_is_claimed(outbox: Journal) -> None:
    bid = behind(outbox)
    last = outbox.chunks(bid)[-1]
    assert all(row[0] != last.id for row in rows_of(outbox, bid))
    outbox.mark_sending(last.id)
    assert [row[0] for row in rows_of(outbox, bid)].count(last.id) == 2
    assert outbox.index_pending(bid, 5) == 0  # the middle one; nothing left after


def test_a_run_that_stops_early_writes_the_rows_it_left(outbox: Journal) -> None:
    bid = behind(outbox)
    outcome = run(FakeClient(errors.InsufficientBalance()), outbox, bid)
    assert outcome.error is not None
    assert outcome.pending == 3
    assert rows_of(outbox, bid) == expected_rows(outbox, bid)


def test_the_guard_sees_recipients_whose_rows_are_not_written_yet(outbox: Journal) -> None:
    """Between a broadcast written behind and its rows, the duplicate-send guard reads the
    chunks' own lists: a second send of the same text to them is flagged, another text not."""
    bid = behind(outbox)
    history = SentHistory(outbox._db)
    since = datetime.now(UTC) - timedelta(hours=1)
    same = [(r.phone, content_key(BroadcastKind.BULK, TEXT)) for r in numbers(12)]
    found = history.prior_sends("shop", same, since)
    assert sorted(p.phone for p in found) == [r.phone for r in numbers(12)]
    assert {(p.broadcast_id, p.state) for p in found} == {(bid, ChunkState.PENDING)}
    other = [(r.phone, content_key(BroadcastKind.BULK, "Another text")) for r in numbers(12)]
    assert history.prior_sends("shop", other, since) == []
    assert history.prior_sends("another shop", same, since) == []


def test_rows_left_behind_by_a_run_that_died_are_written_when_the_file_opens(
    tmp_path: Path,
) -> None:
    path = tmp_path / "died.sqlite3"
    with Journal.open(path) as box:
        bid = behind(box)
    with Journal.open(path) as box:  # the app starting again
        assert rows_of(box, bid) == expected_rows(box, bid)


def test_the_app_writes_rows_left_behind_on_its_store_thread_not_at_open(
    tmp_path: Path,
) -> None:
    """Opening the app's services does not write them on the opening (GUI) thread: the
    store's worker does, first thing; the guard reads the lists until then."""
    from desktop_app.core.services import Services
    from desktop_app.core.store import Store

    path = tmp_path / "died.sqlite3"
    with Journal.open(path) as box:
        bid = behind(box)
    store = Store(path)
    try:
        assert len(rows_of(store.journal, bid)) == 5  # opening alone wrote nothing more
    finally:
        store.close()
    services = Services.open(store_path=path, settings_path=tmp_path / "settings.json")
    try:
        asyncio.run(services.io(lambda: None))  # everything queued before it has run
        journal = services.store.journal
        assert rows_of(journal, bid) == expected_rows(journal, bid)
    finally:
        services.close()


# --- each chunk's list decoded once --------------------------------------------------------


class _CountingJson:
    """The journal module's json, counting the recipients lists it decodes."""

    def __init__(self) -> None:
        import json

        self._json = json
        self.lists = 0

    def loads(self, text: str) -> Any:
        value = self._json.loads(text)
        if value and isinstance(value, list) and isinstance(value[0], list):
            self.lists += 1
        return value

    def dumps(self, value: Any, **options: Any) -> str:
        return self._json.dumps(value, **options)


def test_a_run_decodes_each_chunk_s_list_once(
    outbox: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read ahead while the previous chunk is out, claimed, read back once settled: one
    decoding of its 500 (here 5) recipients, not three."""
    from desktop_app.core.store import journal as journal_module

    bid = bulk(outbox, 12, 5)  # three chunks
    counting = _CountingJson()
    monkeypatch.setattr(journal_module, "json", counting)
    client = FakeClient()
    assert run(client, outbox, bid, progress=lambda _step: None).finished
    assert [len(args[1]) for _method, args in client.calls] == [5, 5, 2]
    assert counting.lists == 3


def test_a_list_changed_after_it_was_read_ahead_is_sent_as_it_is_now(outbox: Journal) -> None:
    """A customer opts out while the chunk before theirs is out: their chunk was read ahead
    with them in it; it is claimed and sent without them."""
    bid = bulk(outbox, 10, 5)
    second = outbox.chunks(bid)[1]
    leaving = second.recipients[2].phone
    outbox._decoded.clear()  # as if nothing was read yet

    async def opt_out_meanwhile() -> None:
        for _ in range(200):  # until the second chunk has been read ahead
            if second.id in outbox._decoded:
                break
            await asyncio.sleep(0.005)
        assert second.id in outbox._decoded
        assert outbox.withdraw_recipients(bid, [leaving]) == 1

    client = FakeClient(opt_out_meanwhile)
    assert run(client, outbox, bid).finished
    sent_second = client.calls[1][1][1]
    assert leaving not in sent_second
    assert sent_second == tuple(r.phone for r in second.recipients if r.phone != leaving)


def test_the_journal_keeps_only_the_last_few_lists_decoded(outbox: Journal) -> None:
    bid = bulk(outbox, 40, 5)  # eight chunks
    chunks = outbox.chunks(bid)
    again = outbox.chunk(chunks[-1].id)
    assert again.recipients is chunks[-1].recipients  # the same decoded tuple, not a copy
    assert len(outbox._decoded) == Journal._DECODED_KEPT
    assert chunks[0].id not in outbox._decoded


# --- rows written behind, whatever way the run ends -----------------------------------------


def test_a_run_cancelled_mid_request_writes_the_rows_it_left(outbox: Journal) -> None:
    """Closing the window mid-send cancels the run: the chunks it left still get their rows
    (the Delivery tab's list, its search and the export count them), not at the next start.
    Six chunks: the first has its rows, the first request's flight writes two more."""
    bid = behind(outbox, n=30)

    async def scenario() -> None:
        in_flight = asyncio.Event()

        async def hang() -> None:
            in_flight.set()
            await asyncio.Event().wait()

        task = asyncio.create_task(run_broadcast(FakeClient(hang), outbox, bid, io=IO["io"]))
        await asyncio.wait_for(in_flight.wait(), 5)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(scenario())
    assert rows_of(outbox, bid) == expected_rows(outbox, bid)


def test_a_run_that_fails_writes_the_rows_it_left(outbox: Journal) -> None:
    bid = behind(outbox, n=30)
    with pytest.raises(RuntimeError, match="boom"):
        run(FakeClient(RuntimeError("boom")), outbox, bid)
    assert rows_of(outbox, bid) == expected_rows(outbox, bid)


def test_an_emptied_chunk_never_gets_rows_for_those_who_left(
    outbox: Journal, tmp_path: Path
) -> None:
    """Everyone in a chunk not yet written opts out: the chunk is cancelled, and its list
    (which still names them) is never written as recipients rows, now or at a reopen."""
    bid = behind(outbox)
    second = outbox.chunks(bid)[1]
    assert outbox.withdraw_recipients(bid, second.phones) == len(second.recipients)
    assert outbox.index_pending(bid, 10) == 0
    reopened = Journal.open(tmp_path / "outbox.sqlite3")
    try:
        reopened.index_left_behind()
    finally:
        reopened.close()
    phones = {phone for _chunk, phone, _content in rows_of(outbox, bid)}
    assert phones.isdisjoint(second.phones)
    assert len(phones) == outbox.broadcast(bid).recipients


def test_a_claimed_chunk_that_cannot_be_read_is_pending_again(
    outbox: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing was sent: the chunk goes back to pending rather than being found "in doubt"
    (maybe sent) at the next start, where the user would be asked about it."""
    bid = bulk(outbox, 10, 5)
    first = outbox.chunks(bid)[0]

    def unreadable(chunk_id: int) -> Chunk:
        raise StoreError(StoreProblem.NOT_FOUND, chunk=chunk_id)

    monkeypatch.setattr(outbox, "chunk", unreadable)
    with pytest.raises(StoreError):
        outbox.claim(first.id)
    monkeypatch.undo()
    assert states(outbox, bid) == [ChunkState.PENDING, ChunkState.PENDING]
