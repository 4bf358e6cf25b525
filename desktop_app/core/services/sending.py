"""Sending SMS: plan → journal → run → report. Everything the Send button decides.

- :meth:`SendingService.plan` freezes what the user asked for (sender, text, recipients, the
  personalised texts, the kind of request, the chunk size, the cost) once per Send;
- :meth:`SendingService.duplicates` is the duplicate-send guard: who of these recipients
  already got this very content from the account lately (accepted or in doubt), or is due to
  get it in a broadcast not finished yet. Nobody gets the same text twice within the window
  unless the user deliberately chooses so;
- :meth:`SendingService.start` writes the broadcast down and clears the account's draft, in
  one transaction (nothing has been sent yet; a started send is never a draft again);
- :meth:`SendingService.run` sends its pending chunks through core.broadcast and returns a
  :class:`RunReport` of facts: what went, what is left, what is unknown, and why it stopped;
- resuming, settling in-doubt chunks and dropping the rest act on the journal.

The Compose tab's flow (checking the balance, asking, sending) is a :class:`SendFlow`: one
state with the legal moves between them, as the journal's chunk states are.

Every store call runs through ``io`` (the app's store thread), never on the GUI thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import TYPE_CHECKING

from desktop_app.core import cost
from desktop_app.core.api import errors as api
from desktop_app.core.api.models import AccountDetails, SendResult
from desktop_app.core.background import Blocking, finish
from desktop_app.core.broadcast import (
    BroadcastOutcome,
    BroadcastProgress,
    Unrecorded,
    doubt_of,
    run_broadcast,
)
from desktop_app.core.collector import old_collections_paused
from desktop_app.core.personalise import has_merge_fields, render_all, uses_names
from desktop_app.core.recipients import KeptPeople, Person, kept_people
from desktop_app.core.rules import SendCategory
from desktop_app.core.services.balance import BalanceService
from desktop_app.core.settings import DEFAULT_CHUNK_SIZE, MAX_CHUNK_SIZE, Profile
from desktop_app.core.store import (
    WEB_PAGE_DETAIL,
    Broadcast,
    BroadcastKind,
    Chunk,
    ChunkReason,
    ChunkState,
    PriorSend,
    Recipient,
    RecipientNames,
    Schedule,
    ScheduledSend,
    SentMessage,
    Store,
    StoreError,
    StoreProblem,
    could_not_write,
)
from desktop_app.core.store.journal import content_key

if TYPE_CHECKING:
    from desktop_app.core.api import Client

__all__ = [  # noqa: RUF022 (the journal's types the UI shows, re-exported, come last)
    "BALANCE_CHECK_TIMEOUT",
    "SHARED_SENDER_ID",
    "BalanceCheck",
    "BalanceSource",
    "Duplicates",
    "FlowError",
    "FlowState",
    "RunReport",
    "SendFlow",
    "SendPlan",
    "SendSummary",
    "SendingService",
    "chunk_size",
    "survey_text",
    "whatsapp_text",
    # what the journal hands back
    "Broadcast",
    "BroadcastKind",
    "Chunk",
    "ChunkReason",
    "ChunkState",
    "PriorSend",
    "ScheduledSend",
    "SendCategory",
    "SentMessage",
    "StoreError",
    "StoreProblem",
    "WEB_PAGE_DETAIL",
    "could_not_write",
]

log = logging.getLogger(__name__)

#: The platform's shared default sender ID that every account may use (CONTRACT.md); the
#: practice sandbox's. Offered in practice mode even when the profile does not list it.
SHARED_SENDER_ID = "SANDBOX"
#: Seconds the fresh balance check before a send may take; after that the last known balance
#: is used (the service still refuses a send it cannot cover, and that is reported): a slow
#: line must not leave the user looking at "Sending…" with no way out for a minute. When no
#: connection could be made at all, the check says so instead (:class:`BalanceCheck`); to tell
#: a host that never answers from a slow one it waits at least one connect timeout (the
#: client's ``CONNECT_TIMEOUT``) and :data:`CONNECT_GRACE` more.
BALANCE_CHECK_TIMEOUT = 8.0
#: Seconds past the connect timeout the check waits to hear whether the first try connected.
CONNECT_GRACE = 0.5


def chunk_size(profile: Profile) -> int:
    """The profile's bulk chunk size, kept within what the service accepts (1..1,000)."""
    configured = profile.bulk_chunk_size or DEFAULT_CHUNK_SIZE
    return max(1, min(MAX_CHUNK_SIZE, int(configured)))


# --- the flow ----------------------------------------------------------------------------------


class FlowState(StrEnum):
    IDLE = "idle"
    CHECKING = "checking"  # reading a fresh balance before asking
    CONFIRMING = "confirming"  # the confirmation is open
    SENDING = "sending"  # chunks are going out
    STOPPING = "stopping"  # the user (or quitting) asked to stop after the chunk in flight


class FlowError(RuntimeError):
    """An illegal move of the flow (a bug: the UI offered something it should not have)."""


class SendFlow:
    """Where a Send stands. The legal moves::

        idle ──check──► checking ──ask──► confirming ──send──► sending ──stop──► stopping
          ▲                │                  │                 │                 │
          └────────────────┴──── done ────────┴─────────────────┴─────────────────┘
        idle ──send──► sending            (resuming an unfinished broadcast: no question)

    ``done`` returns to idle from anywhere (finished, refused, cancelled, failed).
    """

    def __init__(self) -> None:
        self.state = FlowState.IDLE

    def _move(self, allowed: tuple[FlowState, ...], target: FlowState) -> None:
        if self.state not in allowed:
            raise FlowError(f"cannot go from {self.state} to {target}")
        self.state = target

    @property
    def busy(self) -> bool:
        return self.state is not FlowState.IDLE

    @property
    def sending(self) -> bool:
        """Chunks are (or may be) going out: the button says so, the account is locked."""
        return self.state in (FlowState.SENDING, FlowState.STOPPING)

    def check(self) -> None:
        self._move((FlowState.IDLE,), FlowState.CHECKING)

    def ask(self) -> None:
        self._move((FlowState.CHECKING,), FlowState.CONFIRMING)

    def send(self) -> None:
        self._move((FlowState.CONFIRMING, FlowState.IDLE), FlowState.SENDING)

    def stop(self) -> None:
        self._move((FlowState.SENDING, FlowState.STOPPING), FlowState.STOPPING)

    def done(self) -> None:
        self.state = FlowState.IDLE


# --- the balance check before a send ----------------------------------------------------------


class BalanceSource(StrEnum):
    #: The service's answer, just now.
    FRESH = "fresh"
    #: The service was reached but did not answer in time (a slow line): the last known
    #: balance stands in, and the service still refuses a send it cannot cover.
    LAST_KNOWN = "last_known"
    #: No connection could be made (refused, no network, a host that never answers): a send
    #: now could only fail, after every try of every chunk. Nothing was sent.
    NOT_REACHED = "not_reached"


@dataclass(frozen=True)
class BalanceCheck:
    """What the check before a send found: the credits to plan with, and where they came from."""

    credits: float | None
    source: BalanceSource
    #: Why it was not reached, when the service's certificate failed (the words differ
    #: from "check your internet": a computer clock, a Wi-Fi sign-in).
    certificate: api.CertificateError | None = None

    @property
    def reached(self) -> bool:
        return self.source is not BalanceSource.NOT_REACHED


# --- the plan ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SendPlan:
    """Everything a send needs, frozen at the moment the user pressed Send."""

    sender_id: str
    text: str
    people: tuple[Person, ...]
    texts: tuple[str, ...] | None  # per-recipient texts when personalised
    estimate: cost.CostEstimate
    chunk_size: int
    skipped: int  # typed numbers left out as invalid
    #: the "No name? Use:" word the texts were rendered with (kept with a personalised send)
    fallback: str = ""

    @property
    def personalised(self) -> bool:
        return self.texts is not None

    @property
    def kind(self) -> BroadcastKind:
        if self.texts is not None:
            return BroadcastKind.PERSONALIZED
        return BroadcastKind.SINGLE if len(self.people) == 1 else BroadcastKind.BULK

    @property
    def chunks(self) -> int:
        size = 1 if self.kind is BroadcastKind.SINGLE else self.chunk_size
        return -(-len(self.people) // size) if self.people else 0

    @property
    def longest(self) -> int:
        """Characters of the longest text anyone gets."""
        if self.texts:
            return max(len(t) for t in self.texts)
        return len(self.text)

    def recipients(self) -> list[Recipient]:
        if self.texts is not None:
            return [Recipient(p.phone, t) for p, t in zip(self.people, self.texts, strict=True)]
        return [Recipient(p.phone) for p in self.people]

    def with_balance(self, balance: float | None) -> SendPlan:
        return replace(self, estimate=self.estimate.with_balance(balance))

    def contents(self) -> list[tuple[str, str]]:
        """(phone, content key) of each recipient: what the guard compares."""
        kind = self.kind
        if self.texts is not None:
            keys: dict[str, str] = {}
            pairs = []
            for person, text in zip(self.people, self.texts, strict=True):
                key = keys.get(text)
                if key is None:
                    key = keys[text] = content_key(kind, text)
                pairs.append((person.phone, key))
            return pairs
        key = content_key(kind, self.text)
        return [(person.phone, key) for person in self.people]

    def without(self, phones: Collection[str]) -> SendPlan:
        """The same send to everyone but *phones* (the cost follows)."""
        skip = set(phones)
        keep = [i for i, person in enumerate(self.people) if person.phone not in skip]
        people = tuple(self.people[i] for i in keep)
        texts = None if self.texts is None else tuple(self.texts[i] for i in keep)
        estimate = self.estimate
        if texts is not None:
            fresh = cost.estimate(texts, price_per_part=estimate.price_per_part)
        else:
            fresh = cost.estimate(self.text, len(people), price_per_part=estimate.price_per_part)
        return replace(
            self, people=people, texts=texts, estimate=fresh.with_balance(estimate.balance)
        )


@dataclass(frozen=True)
class Duplicates:
    """What the guard found for one send (facts; the confirmation says them)."""

    checked: int  # recipients looked at
    found: tuple[PriorSend, ...]  # those who got it already, or are due to
    #: the broadcasts among *found* waiting for their time (Send later): their people are
    #: due to get it in a scheduled message, not in a broadcast that did not finish
    scheduled: frozenset[int] = frozenset()

    @property
    def phones(self) -> frozenset[str]:
        return frozenset(prior.phone for prior in self.found)

    @property
    def count(self) -> int:
        return len(self.found)

    @property
    def already_sent(self) -> int:
        """Got it already (accepted, or in doubt: it may have arrived)."""
        return sum(1 for prior in self.found if not prior.unfinished)

    @property
    def in_unfinished(self) -> int:
        """Are due to get it in a broadcast that has not finished (Review)."""
        return sum(
            1
            for prior in self.found
            if prior.unfinished and prior.broadcast_id not in self.scheduled
        )

    @property
    def in_scheduled(self) -> int:
        """Are due to get it in a scheduled send, waiting for its time (the scheduled list)."""
        return sum(
            1 for prior in self.found if prior.unfinished and prior.broadcast_id in self.scheduled
        )

    @property
    def last_sent_at(self) -> datetime | None:
        """When the latest of those sends went out (for "already got it today at 12:26")."""
        sent = [prior.at for prior in self.found if not prior.unfinished]
        return max(sent) if sent else None

    def __bool__(self) -> bool:
        return bool(self.found)


def whatsapp_text(template: str, language: str) -> str:
    """How a WhatsApp template send is written down (the Delivery tab words it)."""
    return f"{template} ({language})"


def survey_text(survey_id: str) -> str:
    """How a survey send is written down."""
    return survey_id


# --- what a run reports ------------------------------------------------------------------------


@dataclass(frozen=True)
class SendSummary:
    """Where a broadcast stands, in numbers (the notice line after a send says them)."""

    recipients_accepted: int
    credits: int  # spent by its accepted chunks
    recipients_pending: int
    recipients_in_doubt: int
    refusals: tuple[tuple[ChunkReason, str | None], ...]  # distinct (reason, detail) of rejects

    @property
    def finished(self) -> bool:
        return self.recipients_pending == 0 and self.recipients_in_doubt == 0


@dataclass(frozen=True)
class RunReport:
    """What one run of a broadcast did, as facts."""

    broadcast_id: int
    outcome: BroadcastOutcome
    summary: SendSummary
    #: Nothing went out (refused or stopped before any batch was accepted, nothing in doubt):
    #: the broadcast was withdrawn, and the form is still the one thing to send.
    withdrawn: bool = False
    #: Stopped for lack of credit: what the rest needs, and the balance then (when known).
    needed_credits: int | None = None
    balance: float | None = None
    #: Recipients taken out before sending: they joined the opt-out list after the plan.
    opted_out: int = 0
    #: People the service accepted it for whom Tuma could not write that down yet (the
    #: store failed the write: a full disk). Written down once it can (see ``unrecorded``).
    sent_unrecorded: int = 0

    @property
    def error(self) -> api.ApiError | StoreError | None:
        return self.outcome.error


# --- the service -------------------------------------------------------------------------------


class SendingService:
    def __init__(self, store: Store, io: Blocking, balance: BalanceService) -> None:
        self._store = store
        self._journal = store.journal
        self._history = store.history
        self._io = io
        self._balance = balance
        #: Outcomes of chunks known but not written down yet (the store failed the write),
        #: oldest first; only touched on the store's thread (``_record_unrecorded``).
        self._unrecorded: list[Unrecorded] = []
        #: The broadcasts a :meth:`run` is sending now (until it returns).
        self._running: set[int] = set()

    # -- before sending ------------------------------------------------------------------------

    @staticmethod
    def sender_ids(profile: Profile, *, practice: bool) -> list[str]:
        """The sender IDs to offer: the profile's, plus the shared one in practice mode."""
        ids = [s for s in profile.sender_ids if s]
        if practice and SHARED_SENDER_ID not in ids:
            ids.append(SHARED_SENDER_ID)
        return ids

    @staticmethod
    def plan(
        *,
        sender_id: str,
        text: str,
        people: Sequence[Person],
        fallback: str,
        skipped: int,
        profile: Profile | None,
        balance: float | None,
        price_per_part: float | None,
    ) -> SendPlan:
        """The plan for these inputs (pure: also what the live cost card shows)."""
        people = tuple(people)
        texts: tuple[str, ...] | None = None
        if has_merge_fields(text):
            texts = tuple(render_all(text, people, fallback))
            estimate = cost.estimate(texts, price_per_part=price_per_part, balance=balance)
        else:
            estimate = cost.estimate(
                text, len(people), price_per_part=price_per_part, balance=balance
            )
        return SendPlan(
            sender_id=sender_id,
            text=text,
            people=people,
            texts=texts,
            estimate=estimate,
            chunk_size=chunk_size(profile) if profile is not None else DEFAULT_CHUNK_SIZE,
            skipped=skipped,
            fallback=fallback,
        )

    async def fresh_balance(
        self,
        client: Client,
        fallback: float | None,
        timeout: float = BALANCE_CHECK_TIMEOUT,  # noqa: ASYNC109 (a bound on one read)
    ) -> BalanceCheck:
        """Credits right now (FRESH). After *timeout* seconds (and at least one connect
        timeout, see :data:`BALANCE_CHECK_TIMEOUT`): *fallback*, the last known (LAST_KNOWN),
        when a connection was made and the answer is slow; NOT_REACHED when no try could
        connect, or at once when every try failed so (refused: about a second).

        The client's retries are still reported to whoever watches this context (the status
        bar's "still trying"); the check listens in on them to learn that a try could not
        connect, which a timeout alone cannot tell from a slow answer.
        """
        # Imported here: the client module brings httpx, which is loaded after the first paint.
        from desktop_app.core.api import client as api_client
        from desktop_app.core.api.attempts import Retry, RetryReason, report_retry, watch_retries

        outer = contextvars.copy_context()  # its watcher: the status bar's
        not_connected: list[Retry] = []

        def heard(retry: Retry | None) -> None:
            if retry is not None and retry.reason is RetryReason.NOT_REACHED:
                not_connected.append(retry)
            outer.run(report_retry, retry)

        async def read() -> AccountDetails:
            watch_retries(heard)  # in this task's own context only
            return await self._balance.fetch(client)

        deadline = max(timeout, api_client.CONNECT_TIMEOUT + CONNECT_GRACE)
        try:
            details = await asyncio.wait_for(read(), deadline)  # a task: a context of its own
        except api.CertificateError as exc:
            log.info("the balance check before a send met a certificate that failed")
            return BalanceCheck(None, BalanceSource.NOT_REACHED, certificate=exc)
        except api.NetworkError:
            log.info("the balance check before a send could not reach the service")
            return BalanceCheck(None, BalanceSource.NOT_REACHED)
        except TimeoutError:
            if not_connected:
                log.info("the balance check before a send could not connect in time")
                return BalanceCheck(None, BalanceSource.NOT_REACHED)
            log.info("the balance check before a send timed out; using the last known one")
            return BalanceCheck(fallback, BalanceSource.LAST_KNOWN)
        return BalanceCheck(float(details.credits), BalanceSource.FRESH)

    # -- sending -------------------------------------------------------------------------------

    async def duplicates(self, profile: str, plan: SendPlan, *, window_hours: int) -> Duplicates:
        """The duplicate-send guard for an SMS plan (see the module docstring)."""
        return await self._io(self._duplicates, profile, plan.contents(), window_hours)

    async def channel_duplicates(
        self,
        profile: str,
        kind: BroadcastKind,
        text: str,
        phones: Sequence[str],
        *,
        window_hours: int,
    ) -> Duplicates:
        """The guard for a WhatsApp template (``whatsapp_text``) or a survey (``survey_text``)."""
        key = content_key(kind, text)
        return await self._io(self._duplicates, profile, [(p, key) for p in phones], window_hours)

    def _duplicates(
        self, profile: str, contents: list[tuple[str, str]], window_hours: int
    ) -> Duplicates:
        since = datetime.now().astimezone() - timedelta(hours=window_hours)
        found = self._history.prior_sends(profile, contents, since)
        waiting = {prior.broadcast_id for prior in found if prior.unfinished}
        scheduled = (
            frozenset(s.broadcast.id for s in self._store.schedule.scheduled(profile)) & waiting
            if waiting
            else frozenset()
        )
        return Duplicates(checked=len(contents), found=tuple(found), scheduled=scheduled)

    async def start(
        self,
        plan: SendPlan,
        profile: str,
        *,
        category: SendCategory | None = None,
        due_at: datetime | None = None,
    ) -> int:
        """Write the broadcast and its chunks down durably, and clear the account's draft in
        the same transaction: from here on it is this broadcast (resumed, reviewed), never a
        ready-to-send form again. Nothing has been sent yet. With *due_at* it waits on the
        schedule until then (see :meth:`due`), its texts rendered already: it goes out with
        the fallback word it was written with, whatever Compose shows by then. A personalised
        send keeps its recipients' names and that fallback word with it (store.names), so a
        send built from it is personalised again, as it was."""
        with old_collections_paused():  # 10,000 recipients: see run()
            return await self._io(self._start, plan, profile, category, due_at)

    def _start(
        self,
        plan: SendPlan,
        profile: str,
        category: SendCategory | None = None,
        due_at: datetime | None = None,
    ) -> int:
        with self._store.db.write() as db:
            broadcast = self._journal.create_broadcast(
                plan.kind,
                plan.sender_id,
                plan.text,
                plan.recipients(),
                plan.chunk_size,
                profile=profile,
                db=db,
                write_behind=due_at is None,  # sent now: the rest is written on the way
            )
            if plan.personalised:  # to personalise a send built from it again, as it was
                RecipientNames.keep(db, broadcast.id, plan.people, plan.fallback)
            if category is not None or due_at is not None:
                Schedule.mark(
                    db,
                    broadcast.id,
                    category=None if category is None else str(category),
                    due_at=due_at,
                )
            self._store.drafts.clear(profile, db=db)
        return broadcast.id

    # -- sends waiting for their time -------------------------------------------------------------

    async def scheduled(self, profile: str) -> list[ScheduledSend]:
        """The account's scheduled sends, soonest first."""
        return await self._io(self._store.schedule.scheduled, profile)

    async def due(self, profile: str, at: datetime | None = None) -> list[ScheduledSend]:
        """Scheduled sends whose time has come."""
        return await self._io(self._store.schedule.due, profile, at)

    async def release(self, broadcast_id: int) -> bool:
        """Take a scheduled send off the schedule to send it now (then :meth:`run` it). Only
        one caller wins: False means it was released (or cancelled) already."""
        return await self._io(self._store.schedule.release, broadcast_id)

    async def reschedule(self, broadcast_id: int, due_at: datetime) -> bool:
        return await self._io(self._store.schedule.reschedule, broadcast_id, due_at)

    async def scheduled_recipients(self, broadcast_id: int) -> KeptPeople:
        """Who a scheduled send is for (its pending chunks' recipients), in order, with the
        names and the fallback word it was personalised with."""

        def read() -> KeptPeople:
            broadcast = self._journal.broadcast(broadcast_id)
            chunks = self._journal.chunks(broadcast_id, ChunkState.PENDING)
            phones = [phone for chunk in chunks for phone in chunk.phones]
            names = self._store.names
            personalised = broadcast.kind is BroadcastKind.PERSONALIZED
            return kept_people(
                phones,
                names.people(broadcast_id, phones),
                by_name=personalised and uses_names(broadcast.text),
                fallback=names.fallback(broadcast_id) if personalised else None,
            )

        return await self._io(read)

    async def cancel_scheduled(self, broadcast_id: int) -> bool:
        """Cancel a scheduled send (nothing of it goes out). False when it was already sent
        or cancelled."""
        return await self._io(self._store.schedule.cancel, broadcast_id)

    async def restore_scheduled(self, broadcast_id: int, due_at: datetime) -> bool:
        """Undo :meth:`cancel_scheduled` (an edit the user took back): the send is scheduled
        for *due_at* again, as it was. False when some of it went out or it is scheduled."""
        return await self._io(self._store.schedule.restore, broadcast_id, due_at)

    def _honour_opt_outs(self, broadcast_id: int) -> int:
        """A promotional broadcast's pending recipients now on the opt-out list are taken
        out before anything more is sent; returns how many."""
        if self._store.schedule.category(broadcast_id) != SendCategory.PROMOTIONAL:
            return 0
        broadcast = self._journal.broadcast(broadcast_id)
        pending = [
            phone
            for chunk in self._journal.chunks(broadcast_id, ChunkState.PENDING)
            for phone in chunk.phones
        ]
        listed = self._store.optouts.among(broadcast.profile, pending)
        if not listed:
            return 0
        removed = self._journal.withdraw_recipients(broadcast_id, listed)
        log.info("%d opted-out recipients taken out of broadcast %d", removed, broadcast_id)
        return removed

    async def run(
        self,
        client: Client,
        broadcast_id: int,
        *,
        progress: Callable[[BroadcastProgress], None] | None = None,
        cancel: asyncio.Event | None = None,
        withdraw_if_untouched: bool = False,
    ) -> RunReport:
        """Send the broadcast's pending chunks. With *withdraw_if_untouched* (a send from the
        form), a run that sent nothing withdraws the broadcast, even when it was cancelled.

        Only young collections meanwhile (core/collector.py): a run decodes every chunk's
        list (a tuple per recipient), and the older generations' passes those would set
        off walk the whole heap, on whichever thread allocates, the GUI's included."""
        self._running.add(broadcast_id)
        try:
            with old_collections_paused():
                return await self._run(
                    client,
                    broadcast_id,
                    progress=progress,
                    cancel=cancel,
                    withdraw_if_untouched=withdraw_if_untouched,
                )
        finally:
            self._running.discard(broadcast_id)

    async def _run(
        self,
        client: Client,
        broadcast_id: int,
        *,
        progress: Callable[[BroadcastProgress], None] | None,
        cancel: asyncio.Event | None,
        withdraw_if_untouched: bool,
    ) -> RunReport:
        withdrawn = False
        needed: int | None = None
        opted_out = 0
        try:
            opted_out = await self._io(self._before_run, broadcast_id)
            outcome = await run_broadcast(
                client, self._journal, broadcast_id, progress=progress, cancel=cancel, io=self._io
            )
            if outcome.unrecorded:
                await self._io(self._keep_unrecorded, outcome.unrecorded)
            if isinstance(outcome.error, api.InsufficientBalance):
                needed = await self._io(self._pending_credits, broadcast_id)
        finally:
            if withdraw_if_untouched:
                withdrawn = await finish(self._io(self._withdraw_if_untouched, broadcast_id))
        balance: float | None = None
        if needed is not None:
            with contextlib.suppress(api.ApiError):  # the numbers are a courtesy
                balance = float((await self._balance.fetch(client)).credits)
        summary, sent_unrecorded = await self._io(self._after_run, broadcast_id)
        return RunReport(
            broadcast_id=broadcast_id,
            outcome=outcome,
            summary=summary,
            withdrawn=withdrawn,
            needed_credits=needed,
            balance=balance,
            opted_out=opted_out,
            sent_unrecorded=sent_unrecorded,
        )

    def _before_run(self, broadcast_id: int) -> int:
        """(Store thread.) What an earlier run could not write down is written first: until
        it is, its chunk stays claimed (never sent again), and a disk still full stops the
        run here. Then the opt-outs are honoured (how many were taken out)."""
        self._record_unrecorded(True)
        return self._honour_opt_outs(broadcast_id)

    def _withdraw_if_untouched(self, broadcast_id: int) -> bool:
        broadcast = self._journal.broadcast(broadcast_id)
        if broadcast.accepted or broadcast.in_doubt or broadcast.sending:
            return False
        try:
            self._journal.cancel_pending(broadcast_id)
        except StoreError as exc:
            if not could_not_write(exc):
                raise
            # kept, not withdrawn: the rest waits to be resumed (nothing of it was sent)
            log.warning("an untouched broadcast could not be withdrawn: %s", exc.problem)
            return False
        return True

    # -- outcomes not written down yet ----------------------------------------------------------

    def _keep_unrecorded(self, unrecorded: Sequence[Unrecorded]) -> None:
        """(Store thread.) Keep them, and try writing them down at once."""
        self._unrecorded.extend(unrecorded)
        self._record_unrecorded(False)

    def _record_unrecorded(self, strict: bool) -> int:
        """(Store thread.) Write down the outcomes kept, oldest first; stop at the first the
        store still fails (raised when *strict*: nothing should be sent before it is
        written). Returns how many are still kept."""
        while self._unrecorded:
            try:
                self._unrecorded[0].record()
            except StoreError as exc:
                if exc.problem in (StoreProblem.ILLEGAL_MOVE, StoreProblem.NOT_FOUND):
                    log.info("an unrecorded outcome was settled meanwhile: %s", exc.problem)
                elif strict or not could_not_write(exc):
                    raise
                else:
                    break
            self._unrecorded.pop(0)
        return len(self._unrecorded)

    def record_unrecorded(self) -> None:
        """(Store thread: on closing.) Write down what can be of the outcomes kept; whatever
        still cannot be is left to the next start, which finds those rounds in doubt."""
        try:
            left = self._record_unrecorded(False)
        except Exception:
            log.exception("a send's outcome could not be written down on closing")
            return
        if left:
            log.warning("%d rounds' outcomes could not be written down before closing", left)

    def _sent_unrecorded(self, broadcast_id: int) -> int:
        """(Store thread.) People of this broadcast the service accepted it for, not
        written down yet."""
        if not self._unrecorded:
            return 0
        ids = {c.id for c in self._journal.chunks(broadcast_id, ChunkState.SENDING)}
        return sum(u.recipients_sent for u in self._unrecorded if u.chunk_id in ids)

    def _pending_credits(self, broadcast_id: int) -> int:
        """Credits the not-yet-sent chunks need (billed as the service does)."""
        broadcast = self._journal.broadcast(broadcast_id)
        chunks = self._journal.chunks(broadcast_id, ChunkState.PENDING)
        texts = [r.message or broadcast.text for c in chunks for r in c.recipients]
        return cost.estimate(texts).credits

    def _after_run(self, broadcast_id: int) -> tuple[SendSummary, int]:
        """(Store thread.) Where the broadcast stands, and how many people it went to that
        are not written down yet (``_sent_unrecorded``)."""
        broadcast = self._journal.broadcast(broadcast_id)
        credits, refused = self._journal.run_summary(broadcast_id)
        refusals = sorted(
            ((ChunkReason(reason), detail) for reason, detail in refused),
            key=lambda item: (item[0], item[1] or ""),
        )
        summary = SendSummary(
            recipients_accepted=broadcast.recipients_accepted,
            credits=credits,
            recipients_pending=broadcast.recipients_pending,
            recipients_in_doubt=broadcast.recipients_in_doubt,
            refusals=tuple(refusals),
        )
        return summary, self._sent_unrecorded(broadcast_id)

    # -- unfinished broadcasts -------------------------------------------------------------------

    async def unfinished(self, profile: str) -> list[Broadcast]:
        def read() -> list[Broadcast]:
            self._record_unrecorded(False)
            return self._journal.unfinished(profile)

        return await self._io(read)

    async def broadcast(self, broadcast_id: int) -> Broadcast:
        return await self._io(self._journal.broadcast, broadcast_id)

    async def unfinished_with_chunks(self, profile: str) -> list[tuple[Broadcast, list[Chunk]]]:
        """Each unfinished broadcast with its chunks (the review dialog), in one call; not
        one a run is sending now: its rest is going out ("Send the rest" could not start,
        "Don't send the rest" would drop it from under the run)."""
        going = frozenset(self._running)

        def read() -> list[tuple[Broadcast, list[Chunk]]]:
            self._record_unrecorded(False)
            return [
                (b, self._journal.chunks(b.id))
                for b in self._journal.unfinished(profile)
                if b.id not in going
            ]

        return await self._io(read)

    async def resolve_in_doubt(self, chunk_id: int, sent: bool) -> None:
        await self._io(self._journal.resolve_in_doubt, chunk_id, sent)

    async def drop_rest(self, broadcast_id: int) -> int:
        """The user does not want the rest sent: its pending chunks are cancelled. Not while
        a run is sending it (asked in a review dialog opened before the run started):
        nothing is dropped (0); once it has stopped, what is left can be reviewed again.
        (A round claimed in the journal says so too: another window's run.)"""
        going = broadcast_id in self._running

        def drop() -> int:
            if going or self._journal.broadcast(broadcast_id).sending:
                log.info("the rest of broadcast %d is being sent: not dropped", broadcast_id)
                return 0
            return self._journal.cancel_pending(broadcast_id)

        return await self._io(drop)

    # -- other channels ----------------------------------------------------------------------

    async def send_direct(
        self,
        kind: BroadcastKind,
        text: str,
        phones: Sequence[str],
        request: Callable[[], Awaitable[SendResult]],
        *,
        profile: str,
        credits: Callable[[SendResult], int | None],
    ) -> tuple[SendResult, SentMessage | None]:
        """A WhatsApp template or a survey (*text*: ``whatsapp_text``, ``survey_text``): one
        *request*, written down before it goes out, as a broadcast's round is
        (Journal.begin_direct), so a reply that is lost, or a Tuma killed while it is out,
        leaves it in doubt, listed by Delivery and counted by the duplicate-send guard, rather
        than unknown to both: "Outcome unknown... check before sending again", then Send
        pressed again, sent it to everyone twice. Raises what the request raised (then the
        send is in doubt, or taken back when the request provably sent nothing), or a
        StoreError when it cannot be written down (then nothing was sent). Returns the
        service's reply and the Delivery tab's record; the record is None when the reply
        could not be written (logged; the next start finds the send in doubt)."""
        chunk = await finish(
            self._io(self._journal.begin_direct, kind, text, list(phones), profile=profile)
        )
        try:
            result = await request()
        except BaseException as exc:
            await finish(self._io(self._direct_failed, chunk.id, exc))
            raise
        return result, await finish(
            self._io(self._direct_accepted, profile, chunk, result, credits(result))
        )

    def _direct_failed(self, chunk_id: int, exc: BaseException) -> None:
        """A direct send's request failed: in doubt when it may have gone out; taken back
        when it provably sent nothing (as the runner puts a round back: ``doubt_of``)."""
        try:
            doubt = doubt_of(exc)
            if doubt is None:
                self._journal.discard_direct(chunk_id)
            else:
                self._journal.mark_in_doubt(chunk_id, *doubt)
        except Exception:  # the store failed: the next start finds it in doubt
            log.warning("a direct send's failure could not be written down", exc_info=True)

    def _direct_accepted(
        self, profile: str, chunk: Chunk, result: SendResult, credits: int | None
    ) -> SentMessage | None:
        try:
            self._journal.mark_accepted(
                chunk.id,
                result.message_id or None,
                result.parts,
                credits,
                recipients=result.recipients,
                invalid=result.invalid,
            )
            records = self._history.for_broadcast(profile, chunk.broadcast_id)
        except Exception:
            log.exception("could not record an accepted send (broadcast %s)", chunk.broadcast_id)
            return None
        return records[0] if records else None

    @staticmethod
    def survey_credits(result: SendResult, phones: Sequence[str]) -> int | None:
        """A survey's cost when the service said; else recipients × parts when it gave the
        parts; else unknown (a survey's questions are not ours to count)."""
        if result.cost is not None:
            return result.cost
        if result.parts is None:
            return None
        skipped = set(result.invalid)
        reached = (
            result.recipients
            if result.recipients is not None
            else sum(1 for phone in phones if phone not in skipped)
        )
        return reached * result.parts
