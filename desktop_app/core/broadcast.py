"""Sending a broadcast from the journal, chunk by chunk, so that nothing is sent twice and
nothing is lost.

For each PENDING chunk, in order: claim it (`sending`, committed to disk) → one request →
record the outcome (committed) before looking at the next chunk. After an acceptance, that
same commit claims the next chunk (one trip to the disk per request); a claimed chunk that is
then not sent (the run cancelled or stopped first) goes back to `pending`:

- accepted → `accepted` with the messageId, parts and credits;
- the service refused this chunk only (InvalidRequest, e.g. every number invalid) →
  `rejected` with the reason, and the broadcast goes on;
- the request may have gone out but the answer was lost (InDoubt, an unreadable reply, the
  task cancelled mid-request) → `in_doubt`, and the run pauses there: nothing more is sent
  until the user has seen what is known and decided (under a persistent fault every chunk
  would otherwise end in doubt); the runner never resends an in-doubt chunk itself;
- the service refused the request as a whole and sent nothing (balance too low, sender ID not
  allowed, token refused, rate limit, network down before sending, server error) → the chunk
  goes back to `pending`, the run stops, and the outcome carries the error: fix the cause and
  resume; the chunks not yet sent are still pending.

A cancel Event stops the run between chunks, and a request waiting to be tried again (the
service answered busy: nothing went) at once, its chunk back to `pending`
(``attempts.stop_retries_on``); a request in flight is never abandoned without its chunk
being marked in doubt (a task cancelled while waiting to try again puts it back too).

When the computer fails a write of the journal (the disk full, a disk error), the run stops
there and the outcome carries the StoreError. A chunk whose reply came but could not be
written down stays `sending`, claimed by this run, so nothing sends it again; the outcome
carries what is known of it (:class:`Unrecorded`) for the caller to write down once the
store can take it (the next start finds it in doubt if it never could).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from desktop_app.core.api import errors
from desktop_app.core.api.attempts import stop_retries_on, stop_retries_reset
from desktop_app.core.api.models import SendResult
from desktop_app.core.background import Blocking, finish, inline
from desktop_app.core.sms import analyse
from desktop_app.core.store import (
    WEB_PAGE_DETAIL,
    Broadcast,
    BroadcastKind,
    Chunk,
    ChunkReason,
    Journal,
    StoreError,
    StoreProblem,
    could_not_write,
)

__all__ = [
    "BroadcastOutcome",
    "BroadcastProgress",
    "SendClient",
    "Unrecorded",
    "doubt_of",
    "run_broadcast",
]

log = logging.getLogger(__name__)

# The service refused the whole request and sent nothing: put the chunk back, stop the run.
_STOP_NOT_SENT: tuple[type[errors.ApiError], ...] = (
    errors.InsufficientBalance,
    errors.SenderIdRejected,
    errors.AuthError,
    errors.ScopeError,
    errors.RateLimited,
    errors.NetworkError,
    errors.ServerError,
)


class SendClient(Protocol):
    """The part of core.api.Client the runner uses (so tests can pass a fake)."""

    async def send_message(self, sender_id: str, phone: str, message: str) -> SendResult: ...

    async def send_bulk(
        self, sender_id: str, phones: Sequence[str], message: str
    ) -> SendResult: ...

    async def send_personalized(
        self, sender_id: str, items: Sequence[tuple[str, str]]
    ) -> SendResult: ...

    async def send_tracked(
        self, sender_id: str, phone: str, message: str, tracking_id: str
    ) -> SendResult: ...


@dataclass(frozen=True)
class BroadcastProgress:
    """How far a broadcast is, after each chunk. The ``run_*`` fields count only what this
    run set out to send (a resume starts at 0 of what was left), for a progress bar."""

    broadcast_id: int
    chunks_done: int  # chunks settled (accepted, rejected, in doubt or cancelled)
    chunks_total: int
    recipients_accepted: int
    recipients_total: int
    chunk: Chunk | None = None  # the chunk just settled (None for the first report)
    run_chunks_done: int = 0
    run_chunks_total: int = 0
    run_recipients_done: int = 0

    @property
    def fraction(self) -> float:
        return 1.0 if self.chunks_total == 0 else self.chunks_done / self.chunks_total


@dataclass(frozen=True)
class Unrecorded:
    """A chunk's outcome that is known but could not be written down (the store refused the
    write: a full disk): the chunk stays `sending`, claimed by this run, until ``record``
    (on the store's thread) writes it."""

    chunk_id: int
    #: the people it went to, when the service accepted it (0: it was not accepted)
    recipients_sent: int
    record: Callable[[], object]


class _NotWritten(Exception):
    """A chunk's outcome could not be written down: stop the run (carries both)."""

    def __init__(self, error: StoreError, unrecorded: Unrecorded) -> None:
        super().__init__(str(error))
        self.error = error
        self.unrecorded = unrecorded


@dataclass(frozen=True)
class BroadcastOutcome:
    """Where the broadcast stands after a run (chunk counts are for the whole broadcast)."""

    broadcast_id: int
    accepted: int
    rejected: int
    in_doubt: int
    pending: int
    recipients_accepted: int
    credits: int  # credits spent by the chunks accepted in this run
    message_ids: tuple[str, ...] = ()  # accepted in this run, in order
    #: why the run stopped early, if it did: the service, or the store failing a write
    error: errors.ApiError | StoreError | None = None
    cancelled: bool = False
    #: The run paused at a chunk whose outcome is unknown (the rest is still pending).
    paused_in_doubt: bool = False
    #: What left that chunk in doubt (a lost connection, an unreadable reply).
    doubt: errors.ApiError | None = None
    #: Chunks settled here but not written down (the store failed the write).
    unrecorded: tuple[Unrecorded, ...] = ()

    @property
    def finished(self) -> bool:
        """Nothing left to send and nothing in doubt."""
        return self.pending == 0 and self.in_doubt == 0

    @property
    def stopped(self) -> bool:
        return self.error is not None or self.cancelled or self.paused_in_doubt


def _parts(text: str, cache: dict[str, int]) -> int:
    parts = cache.get(text)
    if parts is None:
        parts = cache[text] = analyse(text).parts
    return parts


def _accepted_numbers(
    broadcast: Broadcast, chunk: Chunk, result: SendResult, cache: dict[str, int]
) -> tuple[int | None, int, int]:
    """(parts per message, recipients accepted, credits) for an accepted chunk, from the reply
    where it says, else computed the same way the service bills."""
    skipped = set(result.invalid)
    kept = [r for r in chunk.recipients if r.phone not in skipped] if skipped else chunk.recipients
    if broadcast.kind is BroadcastKind.PERSONALIZED:
        per_recipient = [_parts(r.message or "", cache) for r in kept]
        parts = result.parts if result.parts is not None else max(per_recipient, default=0)
        computed = sum(per_recipient)
    else:
        parts = result.parts if result.parts is not None else _parts(broadcast.text, cache)
        computed = parts * len(kept)
    count = result.recipients if result.recipients is not None else len(kept)
    if result.recipients is not None and broadcast.kind is not BroadcastKind.PERSONALIZED:
        computed = parts * count
    credits = result.cost if result.cost is not None else computed
    return parts, count, credits


async def _send(client: SendClient, broadcast: Broadcast, chunk: Chunk) -> SendResult:
    sender = broadcast.sender_id
    if broadcast.kind is BroadcastKind.BULK:
        return await client.send_bulk(sender, list(chunk.phones), broadcast.text)
    if broadcast.kind is BroadcastKind.PERSONALIZED:
        items = [(r.phone, r.message or "") for r in chunk.recipients]
        return await client.send_personalized(sender, items)
    (recipient,) = chunk.recipients
    text = recipient.message or broadcast.text
    if broadcast.kind is BroadcastKind.TRACKED:
        assert chunk.tracking_id is not None
        return await client.send_tracked(sender, recipient.phone, text, chunk.tracking_id)
    return await client.send_message(sender, recipient.phone, text)


async def run_broadcast(
    client: SendClient,
    journal: Journal,
    broadcast_id: int,
    *,
    progress: Callable[[BroadcastProgress], None] | None = None,
    cancel: asyncio.Event | None = None,
    io: Blocking = inline,
) -> BroadcastOutcome:
    """Send the broadcast's pending chunks in order; see the module docstring for each case.
    Resuming is calling this again: accepted, rejected and in-doubt chunks are never resent.

    Every journal call goes through *io* (the app runs them on its store thread, off the GUI
    thread) and is awaited to its end even if the run is cancelled meanwhile (``finish``):
    a chunk is known to be claimed before its request leaves, and known to be settled after.
    """
    start = await io(journal.broadcast, broadcast_id)
    cache: dict[str, int] = {}
    message_ids: list[str] = []
    credits_spent = 0
    error: errors.ApiError | StoreError | None = None
    doubt: errors.ApiError | None = None
    unrecorded: Unrecorded | None = None
    cancelled = False
    paused = False

    def report(now: Broadcast, chunk: Chunk | None) -> None:
        if progress is None:
            return
        progress(
            BroadcastProgress(
                broadcast_id=broadcast_id,
                chunks_done=now.chunks_total - now.pending - now.sending,
                chunks_total=now.chunks_total,
                recipients_accepted=now.recipients_accepted,
                recipients_total=now.recipients,
                chunk=chunk,
                run_chunks_done=max(0, start.pending - now.pending - now.sending),
                run_chunks_total=start.pending,
                run_recipients_done=max(0, start.recipients_pending - now.recipients_pending),
            )
        )

    def settled(chunk_id: int, fn: Callable[..., object], *args: object) -> _Settled:
        """On the store's thread: record the outcome, then (for a progress report) read
        where the broadcast and the chunk stand, in the same trip."""
        fn(*args)
        if progress is None:
            return None
        return journal.broadcast(broadcast_id), journal.chunk(chunk_id)

    async def settle(
        chunk_id: int,
        fn: Callable[..., object],
        *args: object,
        sent: int = 0,
        later: Callable[[], object] | None = None,
    ) -> _Settled:
        """Write the chunk's outcome down; *sent*: the people it went to (accepted). A write
        the computer failed stops the run (_NotWritten) with the outcome kept, to be written
        by *later* (by default, *fn* again)."""
        try:
            return await finish(io(settled, chunk_id, fn, *args))
        except StoreError as exc:
            if not could_not_write(exc):
                raise
            record = later if later is not None else _recorder(fn, args)
            raise _NotWritten(exc, Unrecorded(chunk_id, sent, record)) from exc

    # The next chunk, claimed in the commit of the last one's acceptance and not sent yet.
    # Set on the store's thread, before the trip that claimed it returns (or is cancelled).
    claimed: Chunk | None = None

    def accept(
        chunk_id: int,
        next_id: int | None,
        result: SendResult,
        parts: int | None,
        credits: int,
        count: int,
    ) -> None:
        nonlocal claimed
        claimed = journal.mark_accepted(
            chunk_id,
            result.message_id,
            parts,
            credits,
            recipients=count,
            invalid=result.invalid,
            claim_next=next_id,
        )

    behind = True  # chunks whose recipients rows are still to be written

    def _written(task: asyncio.Future[int]) -> None:
        nonlocal behind
        if task.cancelled():
            return
        if (exc := task.exception()) is not None:
            # claiming a chunk writes its rows anyway, and the guard reads its own list
            log.warning("writing recipients rows failed: %s", type(exc).__name__)
            return
        behind = task.result() > 0

    def _read_ahead(task: asyncio.Future[Chunk]) -> None:
        if not task.cancelled() and (exc := task.exception()) is not None:
            log.info("reading the next chunk ahead failed: %s", type(exc).__name__)

    report(start, None)
    ids = await io(journal.pending_ids, broadcast_id)
    stop_waits = stop_retries_on(cancel)  # Cancel ends a wait to try a round again
    try:
        for position, chunk_id in enumerate(ids):
            if cancel is not None and cancel.is_set():
                cancelled = True
                break
            if claimed is not None and claimed.id == chunk_id:
                chunk, claimed = claimed, None
            else:
                try:
                    chunk = await finish(io(journal.claim, chunk_id))
                except StoreError as exc:
                    if exc.problem is StoreProblem.ILLEGAL_MOVE:
                        continue  # another run (another window) has claimed or settled it
                    if could_not_write(exc):  # not claimed, so not sent: still pending
                        error = exc
                        break
                    raise
                except asyncio.CancelledError:
                    await settle(chunk_id, journal.mark_pending, chunk_id)  # claimed, not sent
                    raise
            after: _Settled = None
            if behind:
                # while the request is on its way, the store writes the next chunks' recipients
                # rows (queued before this chunk's outcome, so it is done by then)
                writing = asyncio.ensure_future(io(journal.index_pending, broadcast_id, 2))
                writing.add_done_callback(_written)
            if position + 1 < len(ids):
                # and reads the next chunk, so its claim finds the list decoded (a list that
                # changes meanwhile is read again: Journal._recipients)
                ahead = asyncio.ensure_future(io(journal.chunk, ids[position + 1]))
                ahead.add_done_callback(_read_ahead)
            try:
                result = await _send(client, start, chunk)
            except errors.CancelledBeforeRetry:  # quitting while "busy, try again": not sent
                await settle(chunk_id, journal.mark_pending, chunk_id)
                raise
            except asyncio.CancelledError as exc:
                await settle(chunk_id, journal.mark_in_doubt, chunk_id, *_doubt(exc))
                raise
            except errors.StoppedBeforeRetry:  # the user's Cancel while "busy, try again"
                await settle(chunk_id, journal.mark_pending, chunk_id)
                cancelled = True
                break
            except errors.InDoubt as exc:  # includes an unreadable reply to a send
                after = await settle(chunk_id, journal.mark_in_doubt, chunk_id, *_doubt(exc))
                doubt = exc
                paused = True
            except errors.InvalidRequest as exc:
                detail = exc.service_message or ", ".join(exc.invalid_phones) or None
                after = await settle(
                    chunk_id, journal.mark_rejected, chunk_id, ChunkReason.REFUSED, detail
                )
            except _STOP_NOT_SENT as exc:
                await settle(chunk_id, journal.mark_pending, chunk_id)
                error = exc
                break
            except errors.ProtocolError as exc:
                # An answer we cannot read: it may have been accepted. Stop before the next chunk
                # gets the same treatment.
                await settle(chunk_id, journal.mark_in_doubt, chunk_id, *_doubt(exc))
                error = exc
                break
            except errors.ApiError as exc:
                # Any other refusal the service put into words (an unknown code): it answered,
                # and it did not accept; nothing was sent. Stop and show its message.
                await settle(chunk_id, journal.mark_pending, chunk_id)
                error = exc
                break
            except BaseException as exc:
                await settle(chunk_id, journal.mark_in_doubt, chunk_id, *_doubt(exc))
                raise
            else:
                parts, count, credits = _accepted_numbers(start, chunk, result, cache)
                going_on = position + 1 < len(ids) and not (cancel is not None and cancel.is_set())
                next_id = ids[position + 1] if going_on else None
                after = await settle(
                    chunk_id,
                    accept,
                    chunk_id,
                    next_id,
                    result,
                    parts,
                    credits,
                    count,
                    sent=count,
                    # written later: the acceptance alone (the next chunk is not claimed)
                    later=_recorder(
                        journal.mark_accepted,
                        (chunk_id, result.message_id, parts, credits),
                        recipients=count,
                        invalid=result.invalid,
                    ),
                )
                message_ids.append(result.message_id)
                credits_spent += credits
            if after is not None:
                report(*after)
            if paused:
                break
    except _NotWritten as exc:
        error, unrecorded = exc.error, exc.unrecorded
        log.warning("a round's outcome could not be written down: %s", exc.error.problem)
    finally:
        stop_retries_reset(stop_waits)
        if claimed is not None:  # claimed with the last acceptance, and not sent: put back
            try:
                await finish(io(journal.mark_pending, claimed.id))
            except Exception as exc:  # the store failed: the next start finds it in doubt
                log.warning("a claimed chunk could not be put back: %s", type(exc).__name__)
        if behind:  # stopped before the end (or cancelled, or failed): the rest's rows now
            try:
                await finish(io(journal.index_pending, broadcast_id, 1_000_000))
            except Exception as exc:  # the store closed under it (quitting): at next start
                log.warning("writing recipients rows failed: %s", type(exc).__name__)
    final = await io(journal.broadcast, broadcast_id)
    return BroadcastOutcome(
        broadcast_id=broadcast_id,
        accepted=final.accepted,
        rejected=final.rejected,
        in_doubt=final.in_doubt,
        pending=final.pending,
        recipients_accepted=final.recipients_accepted,
        credits=credits_spent,
        message_ids=tuple(message_ids),
        error=error,
        cancelled=cancelled,
        paused_in_doubt=paused,
        doubt=doubt,
        unrecorded=() if unrecorded is None else (unrecorded,),
    )


def _recorder(
    fn: Callable[..., object], args: tuple[object, ...], **kwargs: object
) -> Callable[[], object]:
    def record() -> object:
        return fn(*args, **kwargs)

    return record


def doubt_of(exc: BaseException) -> tuple[ChunkReason, str | None] | None:
    """Why a request that ended in *exc* may have gone out (its chunk goes in doubt: the
    reason and its detail), or None when it provably sent nothing: the service answered with
    a refusal, or was never reached (any other ApiError). The runner's rule, which a WhatsApp
    or survey send follows too (SendingService.send_direct)."""
    if isinstance(exc, errors.ApiError) and not isinstance(
        exc, errors.InDoubt | errors.ProtocolError
    ):
        return None
    if isinstance(exc, errors.CancelledBeforeRetry):  # cancelled before trying again
        return None
    return _doubt(exc)


def _doubt(exc: BaseException) -> tuple[ChunkReason, str | None]:
    """(reason, detail) of a chunk left in doubt by *exc*: a reply that could not be read, a
    connection lost after the request was handed over, a cancel mid-request, or a failure
    nobody foresaw (its type's name)."""
    if isinstance(exc, errors.ProtocolError):
        return ChunkReason.UNREADABLE_REPLY, _web_page_detail(exc)
    if isinstance(exc, errors.InDoubt):
        return ChunkReason.CONNECTION_LOST, None
    if isinstance(exc, asyncio.CancelledError):
        return ChunkReason.CANCELLED_IN_FLIGHT, None
    return ChunkReason.UNEXPECTED, type(exc).__name__


def _web_page_detail(exc: errors.ApiError) -> str | None:
    """The journal's detail for a chunk left in doubt by *exc*: a web page in the service's
    place is told apart (the user is told to look at their internet), else none."""
    if isinstance(exc, errors.ProtocolError) and exc.web_page:
        return WEB_PAGE_DETAIL
    return None


#: where the broadcast and the settled chunk stand (None when nobody asked for progress)
_Settled = tuple[Broadcast, Chunk] | None
