"""Delivery: did my customers get it? The sent history, each recipient's report, the
look-ups that keep them fresh, charts' numbers, exports and "resend to failed".

- History and per-recipient rows are read a page at a time (the store's tables have an index
  for each), never whole: :meth:`DeliveryService.history`, :meth:`DeliveryService.recipients`.
- :meth:`DeliveryService.refresh_due` looks up one batch of messages whose next look-up is
  due, at most :attr:`DeliveryService.rate` requests a second, and writes what came back in
  one transaction; :meth:`DeliveryService.follow` repeats it for as long as the session lasts:
  each message is looked up again after a growing delay (:data:`BACKOFF`) until every
  recipient is final, or for :data:`~desktop_app.core.store.delivery.NO_REPORT_AFTER` at most
  (the rest is then "no report"). The due times are in the store, so a restart carries on
  where it was. While the service cannot be reached (offline) it pauses, looking again after a
  growing pause, without using up any message's look-ups. A final status is never replaced.
- :meth:`DeliveryService.lookup` looks up any message id, also one this app did not send.
- :meth:`DeliveryService.resend_failed` gives what a new send to the recipients whose message
  failed needs; Compose sends it, with its confirmation, cost and duplicate-send guard (the
  guard does not count a send whose report says it failed: store.history). It leaves out the
  failures sending again cannot mend (:class:`PermanentFailure`: the customer blocked
  promotions or opted out; the number is not valid, as the network says or as the service
  found when it skipped it, which store.delivery records as rejected the moment the message
  is followed) and says how many of each it left out.
- Exports write a broadcast's report, or a period's history, to CSV or XLSX (phones as text)
  through the Contacts export's writer, on a thread of its own, with progress and cancel.

Every store call runs through ``io`` (the store's thread), never on the GUI thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import re
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from pathlib import Path

from desktop_app.core.api import Client
from desktop_app.core.api import errors as api
from desktop_app.core.api.models import DeliveryRecord
from desktop_app.core.background import Blocking
from desktop_app.core.contact_files import (
    Cancelled,
    Cell,
    ContactFileWriter,
    ExportFormat,
    ExportReport,
    check_cancel,
    write_in_batches,
)
from desktop_app.core.delivery import (
    SKIPPED_AS_INVALID,
    DeliveryStatus,
    PermanentFailure,
    normalize_status,
)
from desktop_app.core.personalise import uses_names
from desktop_app.core.recipients import KeptPeople, Person, kept_people
from desktop_app.core.store import BroadcastKind, ChunkState, Store, StoreError, could_not_write
from desktop_app.core.store.delivery import (
    NO_REPORT_AFTER,
    BroadcastRow,
    Failures,
    HistoryFilter,
    MessageMatch,
    Outcome,
    RecipientRow,
    Report,
    StatusFilter,
    Tally,
    outcome_of,
)

__all__ = [
    "BACKOFF",
    "HISTORY_COLUMNS",
    "MIN_ID_PREFIX",
    "NO_REPORT_AFTER",
    "OFFLINE_PAUSES",
    "REPORT_COLUMNS",
    "SKIPPED_AS_INVALID",
    "BroadcastKind",
    "BroadcastRow",
    "ChunkState",
    "DeliveryService",
    "ExportFormat",
    "ExportReport",
    "Failures",
    "HistoryFilter",
    "IdProblem",
    "Lookup",
    "MessageIdProblem",
    "MessageMatch",
    "Outcome",
    "PermanentFailure",
    "RecipientRow",
    "RefreshReport",
    "Report",
    "ResendRequest",
    "SampleSend",
    "StatusFilter",
    "Tally",
    "message_id_in",
    "outcome_of",
]

log = logging.getLogger(__name__)

#: How long to wait before each next look-up of a message (the last step repeats).
BACKOFF: tuple[timedelta, ...] = tuple(
    timedelta(seconds=s) for s in (10, 30, 60, 120, 300, 600, 1200, 1800, 3600)
)
#: The pauses while the service cannot be reached (the last repeats).
OFFLINE_PAUSES: tuple[float, ...] = (5.0, 10.0, 20.0, 40.0, 60.0)
#: Messages looked up in one batch; each is one request.
BATCH_SIZE = 20
#: Look-up requests a second, at most (a polite client of a shared service).
RATE = 4.0
#: New sends are noticed within this long, however far the next look-up is.
POLL_SECONDS = 5.0

Progress = Callable[[int, int], None]
_Pages = AsyncIterator[list[list[Cell]]]

REPORT_COLUMNS = (
    "phone",
    "status",
    "network_status",
    "reason",
    "delivered_at",
    "message_id",
    "updated_at",
)
_REPORT_WIDTHS = (18, 12, 22, 22, 26, 38, 26)
HISTORY_COLUMNS = (
    "sent_at",
    "channel",
    "sender_id",
    "message",
    "recipients",
    "parts",
    "credits",
    "delivered",
    "sent",
    "failed",
    "rejected",
    "pending",
    "no_report",
    "state",
)
_HISTORY_WIDTHS = (26, 10, 12, 50, 11, 7, 8, 10, 8, 8, 9, 9, 10, 12)


#: One sample send of the screenshots' history: (hours ago, kind, sender ID, text,
#: recipients, raw statuses of those that failed, how many still on their way).
SampleSend = tuple[int, BroadcastKind, str, str, int, tuple[str, ...], int]


@dataclass(frozen=True)
class RefreshReport:
    """One pass of :meth:`DeliveryService.refresh_due`."""

    checked: int = 0  # messages looked up
    changed: frozenset[int] = frozenset()  # broadcasts whose numbers moved
    offline: bool = False  # the service could not be reached: nothing was used up
    #: of which: something answered, but the secure connection failed (its certificate)
    insecure: bool = False
    #: What came back could not be saved (the computer failed the write: a full disk);
    #: nothing moved, and the same messages are looked up again after a pause.
    not_saved: StoreError | None = None
    retry_after: float | None = None  # the service asked us to slow down
    unknown: int = 0  # ids the service did not know


@dataclass(frozen=True)
class Lookup:
    """A message id looked up by hand: each recipient's report, as now kept."""

    message_id: str
    reports: tuple[Report, ...]
    broadcast_id: int | None  # the send of this app it belongs to, if any


@dataclass(frozen=True)
class ResendRequest:
    """What a new send to a broadcast's failed recipients needs (Compose shows it)."""

    broadcast_id: int
    text: str
    sender_id: str
    #: the failed recipients sending again may reach, with the names a personalised send
    #: was written for
    recipients: KeptPeople
    kind: BroadcastKind
    #: the failed recipients left out, by why sending again cannot help (how many of each;
    #: the numbers the service skipped as invalid count as INVALID_NUMBER)
    left_out: dict[PermanentFailure, int] = field(default_factory=dict)

    @property
    def people(self) -> tuple[Person, ...]:
        return self.recipients.people

    @property
    def phones(self) -> tuple[str, ...]:
        return self.recipients.phones

    @property
    def fallback(self) -> str | None:
        """The fallback word it was personalised with, when kept."""
        return self.recipients.fallback

    @property
    def sms(self) -> bool:
        return self.kind not in (BroadcastKind.WHATSAPP, BroadcastKind.SURVEY)

    def left_out_count(self, why: PermanentFailure) -> int:
        return self.left_out.get(why, 0)


#: The service's message ids are UUIDs (CONTRACT: Sends).
_UUID = re.compile(r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")
#: What a copied id often comes wrapped in: quotes, brackets, the full stop of a sentence.
_WRAPPING = "\"'`\u201c\u201d\u2018\u2019\u00ab\u00bb<>()[]{}.,;:"
#: The label an id is often copied with: "Message ID:", "ID #", "messageId=".
_LABEL = re.compile(r"^(?:(?:message|msg)[\s_-]*id\b\s*[:=#]?|id\s*[:=#])\s*", re.IGNORECASE)
#: Dashes a word processor, an e-mail or a PDF puts in place of the id's hyphen-minus
#: (hyphen, non-breaking hyphen, figure dash, en and em dash, minus sign, their wide forms).
_DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2212\ufe63\uff0d", "-"))
#: The beginning of a UUID, or a whole one written without its dashes.
_HEX = re.compile(r"[0-9a-fA-F]+(?:-[0-9a-fA-F]*)*")
#: What any message id the service could have given looks like (sent as it is, in a JSON
#: body); text with spaces or other signs in it is no id, and is not sent.
_PLAUSIBLE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,99}")
#: The beginning of an id is looked for in this app's history from this many hex digits on.
MIN_ID_PREFIX = 8
#: At most this many messages are listed when the beginning of an id matches several.
MATCHES_SHOWN = 20


class IdProblem(StrEnum):
    """Why a message id typed by hand was not looked up."""

    NOT_AN_ID = "not_an_id"  # no message id can look like that (words, signs, too long)
    TOO_SHORT = "too_short"  # the beginning of an id, shorter than MIN_ID_PREFIX
    NO_MATCH = "no_match"  # the beginning of an id no message kept here starts with
    SEVERAL = "several"  # the beginning of an id several messages kept here start with


class MessageIdProblem(ValueError):
    """A look-up by hand that did not go to the service (:class:`IdProblem`); ``matches``:
    the messages it could be, newest first (SEVERAL), and ``more`` when there are others."""

    def __init__(
        self,
        problem: IdProblem,
        typed: str,
        matches: Sequence[MessageMatch] = (),
        *,
        more: bool = False,
    ) -> None:
        super().__init__(problem, typed)
        self.problem = problem
        self.typed = typed
        self.matches = tuple(matches)
        self.more = more


def message_id_in(text: str) -> str:
    """The message id in *text* as pasted: the UUID in it ("ID: 4f1c…", in quotes, with a
    full stop after it, or broken over two lines by an e-mail), else the text without the
    spaces, quotes, brackets and label around it (the beginning of an id broken over two
    lines is joined again; its dashes are hyphens again, as a document may have set them)."""
    text = text.translate(_DASHES)
    found = _UUID.search(text) or _UUID.search("".join(text.split()))
    if found is not None:
        return found.group(0)
    bare = text.strip().strip(_WRAPPING).strip()
    bare = _LABEL.sub("", bare, count=1).strip().strip(_WRAPPING).strip()
    joined = "".join(bare.split())
    if joined != bare and _HEX.fullmatch(joined):
        return joined
    return bare


def _whole_uuid(message_id: str) -> str | None:
    """*message_id* as a UUID in its usual form (lower case, with dashes), when it is one
    (also written in capitals, or without its dashes)."""
    compact = message_id.replace("-", "")
    if len(compact) != 32 or not _HEX.fullmatch(message_id):
        return None
    if "-" in message_id and not _UUID.fullmatch(message_id):
        return None
    return str(uuid.UUID(hex=compact))


def _utcnow() -> datetime:
    return datetime.now(UTC)


class DeliveryService:
    def __init__(
        self,
        store: Store,
        io: Blocking,
        *,
        clock: Callable[[], datetime] = _utcnow,
        backoff: Sequence[timedelta] = BACKOFF,
        batch_size: int = BATCH_SIZE,
        rate: float = RATE,
        offline_pauses: Sequence[float] = OFFLINE_PAUSES,
        poll_seconds: float = POLL_SECONDS,
        no_report_after: timedelta = NO_REPORT_AFTER,
    ) -> None:
        self._store = store
        self._records = store.delivery
        self._io = io
        self.clock = clock
        self.backoff = tuple(backoff)
        self.batch_size = batch_size
        self.rate = rate
        self.offline_pauses = tuple(offline_pauses)
        self.poll_seconds = poll_seconds
        self.no_report_after = no_report_after
        self._wake = asyncio.Event()
        self._last_request = 0.0

    # --- reading ----------------------------------------------------------------------------

    async def history(
        self, profile: str, query: HistoryFilter, *, offset: int = 0, limit: int = 100
    ) -> list[BroadcastRow]:
        """A page of the sent history, newest first."""
        return await self._io(self._records.history, profile, query, limit=limit, offset=offset)

    def history_with_total(
        self, profile: str, query: HistoryFilter, *, limit: int = 100
    ) -> Awaitable[tuple[int, list[BroadcastRow]]]:
        """How many sends match, and the first page: one trip to the store's thread (the tab
        opens on it). Not a coroutine: the read is on its way when this returns (with the
        store's thread), so the tab can paint itself meanwhile."""

        def read() -> tuple[int, list[BroadcastRow]]:
            total = self._records.history_count(profile, query)
            return total, self._records.history(profile, query, limit=limit, offset=0)

        return self._io(read)

    async def history_count(self, profile: str, query: HistoryFilter) -> int:
        return await self._io(self._records.history_count, profile, query)

    async def broadcast(self, profile: str, broadcast_id: int) -> BroadcastRow | None:
        return await self._io(self._records.broadcast_row, profile, broadcast_id)

    async def recipients(
        self,
        profile: str,
        broadcast_id: int,
        *,
        after: int = 0,
        limit: int = 200,
        outcomes: Sequence[Outcome] | None = None,
    ) -> list[RecipientRow]:
        """A page of a broadcast's recipients, after row id *after* (``row_id`` of the last
        row shown), in sending order; only those in *outcomes* when given."""
        return await self._io(
            self._records.recipients,
            profile,
            broadcast_id,
            after=after,
            limit=limit,
            outcomes=outcomes,
        )

    async def period_tally(self, profile: str, query: HistoryFilter) -> Tally:
        """Every recipient of the sends matching *query*, by outcome (the period chart)."""
        return await self._io(self._records.period_tally, profile, query)

    # --- refreshing -------------------------------------------------------------------------

    def wake(self) -> None:
        """Something was sent: look for new messages now rather than at the next poll."""
        self._wake.set()

    async def following(self, profile: str) -> int:
        """How many messages are still looked up by themselves."""
        return await self._io(self._records.following, profile)

    async def _pace(self) -> None:
        """At most :attr:`rate` requests a second."""
        gap = 1.0 / self.rate if self.rate > 0 else 0.0
        wait = self._last_request + gap - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        self._last_request = time.monotonic()

    async def refresh_due(self, client: Client, profile: str) -> RefreshReport:
        """Look up the messages of *profile* now due (one batch) and keep what came back."""
        await self._io(self._records.sync, profile)
        due = await self._io(self._records.due, profile, self.clock(), self.batch_size)
        results: list[tuple[str, Sequence[Report] | None]] = []
        offline = insecure = False
        retry_after: float | None = None
        unknown = 0
        for message_id in due:
            await self._pace()
            try:
                records = await client.delivery_report(message_id)
            except api.NetworkError as exc:
                offline = True
                insecure = isinstance(exc, api.CertificateError)
                break
            except api.RateLimited as exc:
                retry_after = exc.retry_after or self.offline_pauses[0]
                break
            except api.InvalidRequest:
                unknown += 1  # not (or no longer) known to the service: look again later
                results.append((message_id, None))
                continue
            except (api.ServerError, api.ProtocolError, api.InDoubt):
                log.info("delivery look-up failed for now; trying again later", exc_info=True)
                results.append((message_id, None))
                continue
            results.append((message_id, [_report(r) for r in records]))
        changed: set[int] = set()
        if results:
            changed = await self._io(
                self._records.apply,
                profile,
                results,
                self.clock(),
                self.backoff,
                no_report_after=self.no_report_after,
            )
        return RefreshReport(
            checked=len(results),
            changed=frozenset(changed),
            offline=offline,
            insecure=insecure,
            retry_after=retry_after,
            unknown=unknown,
        )

    async def follow(
        self,
        client: Client,
        profile: str,
        on_change: Callable[[RefreshReport], None] | None = None,
        *,
        keep_going: Callable[[], bool] = lambda: True,
        first_after: float = 0.0,
    ) -> None:
        """Keep refreshing until cancelled (the session ends): each due batch, then a sleep
        until the next message is due (or :attr:`poll_seconds`, to notice new sends, or a
        :meth:`wake`), for as long as *keep_going()* says so (the session is the same),
        starting *first_after* seconds from now (what the user opened comes first).
        Offline, or when what came back cannot be saved (a full disk), it pauses a growing
        while; errors that need the user (the token refused) end it."""
        offline_round = 0
        if first_after > 0:
            await asyncio.sleep(first_after)
        while keep_going():
            try:
                report = await self.refresh_due(client, profile)  # a refused token ends it
            except StoreError as exc:
                if not could_not_write(exc):
                    raise
                # a full disk: paused as offline is, until the reports can be saved again
                log.warning("delivery reports could not be saved: %s", exc.problem)
                report = RefreshReport(not_saved=exc)
            if on_change is not None and (
                report.changed or report.offline or report.checked or report.not_saved
            ):
                on_change(report)
            if report.offline or report.not_saved is not None:
                pause = self.offline_pauses[min(offline_round, len(self.offline_pauses) - 1)]
                offline_round += 1
                await self._sleep(pause, wakeable=False)
                continue
            offline_round = 0
            if report.retry_after is not None:
                await self._sleep(report.retry_after, wakeable=False)
                continue
            if report.checked >= self.batch_size:
                continue  # more are due: carry on (paced by the rate)
            nxt = await self._io(self._records.next_due, profile)
            wait = self.poll_seconds
            if nxt is not None:
                wait = min(wait, max(0.0, (nxt - self.clock()).total_seconds()))
            await self._sleep(wait, wakeable=True)

    async def _sleep(self, seconds: float, *, wakeable: bool) -> None:
        if not wakeable:
            await asyncio.sleep(seconds)
            return
        self._wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout=max(0.0, seconds))

    async def lookup(self, client: Client, profile: str, message_id: str) -> Lookup:
        """Look up *message_id* now (typed or pasted; any send of this account) and keep the
        reports.

        - An id kept here (sent by this app, or looked up before) is found whatever its
          letter case: the service is asked with the id as it gave it.
        - The beginning of an id (at least :data:`MIN_ID_PREFIX` hex digits, dashes aside) is
          found among the messages kept here: the one whose id starts with it, or
          ``MessageIdProblem(SEVERAL)`` with those it could be. The service knows whole ids
          only: a beginning that matches nothing here is ``NO_MATCH``; a shorter one
          ``TOO_SHORT``.
        - Another whole UUID is asked as the service writes them (lower case), then as
          typed; anything else that may be an id, as typed; text no id looks like is
          ``NOT_AN_ID`` and is not sent.

        Raises the API's errors: ``InvalidRequest`` when the service does not know the id."""
        typed = message_id_in(message_id)
        await self._io(self._records.sync, profile)
        known = await self._known_id(profile, typed)
        if known is not None:
            asked = [known]
        elif (whole := _whole_uuid(typed)) is not None:
            asked = list(dict.fromkeys([whole, typed, typed.upper()]))
        elif not _PLAUSIBLE.fullmatch(typed):
            raise MessageIdProblem(IdProblem.NOT_AN_ID, typed)
        else:
            asked = [typed]
        records: list[DeliveryRecord] | None = None
        for attempt, candidate in enumerate(asked):
            try:
                records = await client.delivery_report(candidate)
            except api.InvalidRequest:
                if attempt == len(asked) - 1:
                    raise
                continue
            message_id = candidate
            break
        assert records is not None
        reports = [_report(r) for r in records]
        await self._io(
            self._records.apply,
            profile,
            [(message_id, reports)],
            self.clock(),
            self.backoff,
            no_report_after=self.no_report_after,
        )
        info = await self._io(self._records.message_info, profile, message_id)
        kept = await self._io(self._records.message_statuses, profile, message_id)
        return Lookup(message_id, tuple(kept), None if info is None else info[0])

    async def _known_id(self, profile: str, typed: str) -> str | None:
        """The id kept here that *typed* names (its letter case aside), or that *typed* is
        the beginning of; raises MessageIdProblem for a beginning that names no single one."""
        if not typed:
            raise MessageIdProblem(IdProblem.NOT_AN_ID, typed)
        if len(typed) <= 100:
            same = await self._io(self._records.find_messages, profile, typed, limit=50)
            exact = [m.message_id for m in same if m.message_id == typed]
            if exact or len(same) == 1:
                return exact[0] if exact else same[0].message_id
            if same:
                raise MessageIdProblem(IdProblem.SEVERAL, typed, same[:MATCHES_SHOWN])
        compact = typed.replace("-", "")
        if not _HEX.fullmatch(typed) or len(compact) >= 32:
            return None  # not the beginning of a UUID
        if len(compact) < MIN_ID_PREFIX:
            raise MessageIdProblem(IdProblem.TOO_SHORT, typed)
        found = await self._io(
            self._records.find_messages, profile, compact, prefix=True, limit=MATCHES_SHOWN + 1
        )
        if not found:
            raise MessageIdProblem(IdProblem.NO_MATCH, typed)
        if len(found) > 1:
            raise MessageIdProblem(
                IdProblem.SEVERAL, typed, found[:MATCHES_SHOWN], more=len(found) > MATCHES_SHOWN
            )
        return found[0].message_id

    # --- the screenshots' sample ------------------------------------------------------------

    async def seed_sample_history(self, profile: str, samples: Sequence[SampleSend]) -> bool:
        """A small shop's last weeks of sends (*samples*), with their reports, into an empty
        history (the ``--screenshots`` practice store only). False when there was one."""
        return await self._io(self._seed, profile, samples)

    def _seed(self, profile: str, samples: Sequence[SampleSend]) -> bool:
        if self._records.history_count(profile, HistoryFilter()):
            return False
        journal = self._store.journal
        rng = random.Random(11)
        moment = self.clock()
        for hours_ago, kind, sender, text, size, failed, waiting in samples:
            phones = sorted({f"+2547{rng.randrange(10_000_000, 99_999_999)}" for _ in range(size)})
            parts = 1 if len(text) <= 160 else 2
            message_id = f"sample-{rng.getrandbits(64):016x}"
            broadcast_id = journal.record_sent(
                kind,
                text,
                phones,
                profile=profile,
                message_id=message_id,
                parts=parts * len(phones),
                credits=parts * len(phones),
                sender_id=sender,
            )
            sent_at = moment - timedelta(hours=hours_ago)
            self._records.backdate(broadcast_id, sent_at)
            self._records.register(profile, broadcast_id)
            reports = []
            # the failures spread through the list (every fifth or so), as in life
            slots = [2 + 5 * i for i in range(len(failed)) if 2 + 5 * i < len(phones)]
            rest = [i for i in range(len(phones)) if i not in set(slots)]
            rng.shuffle(rest)
            order = [0] * len(phones)
            for rank, position in enumerate(slots + rest):
                order[position] = rank
            for index, phone in zip(order, phones, strict=True):
                if index < len(failed):
                    raw = failed[index]
                    late = sent_at + timedelta(seconds=rng.randrange(30, 3600))
                    reports.append(Report(phone, normalize_status(raw), raw, raw, late))
                elif index < len(failed) + waiting:
                    reports.append(Report(phone, DeliveryStatus.SENT, "SentToNetwork"))
                else:
                    reports.append(
                        Report(
                            phone,
                            DeliveryStatus.DELIVERED,
                            "DeliveredToTerminal",
                            delivered_at=sent_at + timedelta(seconds=rng.randrange(4, 600)),
                        )
                    )
            self._records.apply(profile, [(message_id, reports)], moment, self.backoff)
            self._records.stop_following(profile, message_id)  # not the service's ids
        return True

    # --- resend to failed -------------------------------------------------------------------

    async def resend_failed(self, profile: str, broadcast_id: int) -> ResendRequest | None:
        """The broadcast's text and sender, and the recipients whose message failed or was
        rejected (with their names and the fallback word, when it was personalised: the text
        is the template, so Compose renders it for each again), except those sending again
        cannot help (the customer blocked promotions or opted out; the number is not valid,
        including the numbers the service skipped as invalid), counted in ``left_out``; None
        when the broadcast is not this profile's."""

        def read() -> ResendRequest | None:
            about = self._records.broadcast_text(profile, broadcast_id)
            if about is None:
                return None
            kind, sender_id, text = BroadcastKind(about[0]), about[1], about[2]
            split = self._records.failures(profile, broadcast_id)
            phones = list(split.resendable)
            names = self._store.names
            personalised = kind is BroadcastKind.PERSONALIZED
            failed = kept_people(
                phones,
                names.people(broadcast_id, phones) if phones else None,
                by_name=personalised and uses_names(text),
                fallback=names.fallback(broadcast_id) if personalised else None,
            )
            return ResendRequest(
                broadcast_id, text, sender_id, failed, kind, split.left_out_counts()
            )

        return await self._io(read)

    async def failures(self, profile: str, broadcast_id: int) -> Failures:
        """The broadcast's failed recipients, split into those a new send may reach and
        those it would not (who blocked promotions or opted out: candidates for the opt-out
        list; numbers that are not valid). One read when a send is selected."""
        return await self._io(self._records.failures, profile, broadcast_id)

    # --- export -----------------------------------------------------------------------------

    async def export_report(
        self,
        profile: str,
        broadcast_id: int,
        path: Path,
        fmt: ExportFormat,
        progress: Progress | None = None,
        cancel: Cancelled | None = None,
    ) -> ExportReport:
        """Every recipient of one broadcast with its report, to *path* (complete or nothing)."""
        total = await self._io(self._records.recipient_count, broadcast_id)

        async def pages() -> _Pages:
            after = 0
            while True:
                page = await self.recipients(profile, broadcast_id, after=after, limit=1000)
                if not page:
                    return
                after = page[-1].row_id
                yield [_report_row(row) for row in page]

        return await self._export(
            path, fmt, REPORT_COLUMNS, _REPORT_WIDTHS, "Delivery", pages(), total, progress, cancel
        )

    async def export_history(
        self,
        profile: str,
        query: HistoryFilter,
        path: Path,
        fmt: ExportFormat,
        progress: Progress | None = None,
        cancel: Cancelled | None = None,
    ) -> ExportReport:
        """Every send matching *query* (a period's history), one line each, with its numbers."""
        total = await self.history_count(profile, query)

        async def pages() -> _Pages:
            offset = 0
            while True:
                page = await self.history(profile, query, offset=offset, limit=500)
                if not page:
                    return
                offset += len(page)
                yield [_history_row(row) for row in page]

        return await self._export(
            path, fmt, HISTORY_COLUMNS, _HISTORY_WIDTHS, "History", pages(), total, progress, cancel
        )

    async def _export(
        self,
        path: Path,
        fmt: ExportFormat,
        columns: Sequence[str],
        widths: Sequence[int],
        sheet: str,
        pages: _Pages,
        total: int,
        progress: Progress | None,
        cancel: Cancelled | None,
    ) -> ExportReport:
        async def counted() -> AsyncIterator[Sequence[Sequence[Cell]]]:
            if progress is not None:
                progress(0, total)
            done = 0
            async for batch in pages:
                check_cancel(cancel)
                yield batch
                done += len(batch)
                if progress is not None:
                    progress(done, max(total, done))

        return await write_in_batches(
            path,
            lambda: ContactFileWriter(
                path, fmt, columns=columns, widths=widths, sheet=sheet, text_columns=("phone",)
            ),
            counted(),
            cancel,
        )


def _report(record: DeliveryRecord) -> Report:
    return Report(
        phone=record.phone,
        status=record.status,
        raw_status=record.raw_status,
        reason=record.reason,
        delivered_at=record.delivered_at,
    )


def _time(moment: datetime | None) -> datetime | str:
    """A moment for the file (the writer puts it in the computer's own time), or empty."""
    return "" if moment is None else moment


def _report_row(row: RecipientRow) -> list[Cell]:
    outcome = row.outcome
    return [
        row.phone,
        str(outcome) if outcome is not None else f"not_sent:{row.chunk_state}",
        row.raw_status or "",
        row.reason or "",
        _time(row.delivered_at),
        row.message_id or "",
        _time(row.updated_at),
    ]


def _history_row(row: BroadcastRow) -> list[Cell]:
    t = row.tally
    if row.being_sent:
        state = "sending"  # (not "done": the rest is going out)
    else:
        state = "unfinished" if row.unfinished else ("done" if row.accepted else "not_sent")
    return [
        _time(row.sent_at or row.created_at),
        row.channel,
        row.sender_id,
        row.text,
        row.recipients,
        "" if row.parts is None else row.parts,
        "" if row.credits is None else row.credits,
        *(
            t[o]
            for o in (
                Outcome.DELIVERED,
                Outcome.SENT,
                Outcome.FAILED,
                Outcome.REJECTED,
                Outcome.PENDING,
                Outcome.NO_REPORT,
            )
        ),
        state,
    ]
