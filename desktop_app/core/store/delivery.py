"""Delivery reports kept on this computer: one row per recipient of every message id, the
schedule of the next look-up of each message, and per-broadcast tallies for the history.

- ``delivery_messages``: one row per message id the app follows (every accepted send, and any
  id looked up by hand), with when it was sent, how many recipients it has, how many times it
  was looked up and when it is next due. ``next_check`` is NULL once every recipient is final,
  or after :data:`NO_REPORT_AFTER` (the rest is then marked "no report"). The schedule is in
  the file, so refreshing picks up where it was after a restart.
- ``delivery_status``: one row per (message id, phone): the normalised status, the raw
  wording, the reason, when it was delivered. A final status is never overwritten
  (:func:`~desktop_app.core.delivery.merge_status`).
- ``delivery_tally``: per broadcast, how many recipients are in each :class:`Outcome` except
  ``pending`` (pending is what is left of the accepted recipients), kept up to date in the
  same transaction as the rows, so the history never counts 100,000 rows to show a page.

Numbers the service skipped as invalid when it accepted the rest of a request (a chunk's
``invalid`` list) never get a report: the moment a message is followed (:meth:`~DeliveryRecords.
sync`, :meth:`~DeliveryRecords.register`) each of them is recorded as rejected, with the reason
:data:`~desktop_app.core.delivery.SKIPPED_AS_INVALID`, in the same transaction. They count
among the message's expected recipients and its final ones (so it stops being followed when
the rest are final), in the send's tally as rejected, and ``delivery_messages.skipped`` says
how many there were; "Resend to failed" leaves them out (the same number would be skipped
again). Schema step 11 did the same once for the sends of older files.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from desktop_app.core.delivery import (
    SKIPPED_AS_INVALID,
    DeliveryStatus,
    PermanentFailure,
    merge_status,
    permanent_failure,
)
from desktop_app.core.store.db import Database, migration, now, parse_time, run_script, stamp
from desktop_app.core.store.journal import RECORDED_ONLY, BroadcastKind, ChunkState, content_key

__all__ = [
    "NO_REPORT_AFTER",
    "BroadcastRow",
    "DeliveryRecords",
    "Failures",
    "HistoryFilter",
    "MessageMatch",
    "Outcome",
    "RecipientRow",
    "Report",
    "StatusFilter",
    "Tally",
    "outcome_of",
]

#: A message with recipients still not final this long after it was sent is given up on:
#: they are marked "no report" and no longer looked up by themselves.
NO_REPORT_AFTER = timedelta(hours=24)


class Outcome(StrEnum):
    """What the Delivery tab counts and charts, for one recipient of an accepted send."""

    DELIVERED = "delivered"
    SENT = "sent"  # handed to the network, no final word yet
    FAILED = "failed"
    REJECTED = "rejected"
    PENDING = "pending"  # no report yet (or queued / unknown)
    NO_REPORT = "no_report"  # still not final after NO_REPORT_AFTER

    @property
    def is_failure(self) -> bool:
        return self in (Outcome.FAILED, Outcome.REJECTED)


_TALLIED = (Outcome.DELIVERED, Outcome.SENT, Outcome.FAILED, Outcome.REJECTED, Outcome.NO_REPORT)


def outcome_of(status: DeliveryStatus | str | None, no_report: bool = False) -> Outcome:
    if status is None:
        return Outcome.NO_REPORT if no_report else Outcome.PENDING
    status = DeliveryStatus(status)
    if status.is_final:
        return Outcome(str(status))
    if no_report:
        return Outcome.NO_REPORT
    if status is DeliveryStatus.SENT:
        return Outcome.SENT
    return Outcome.PENDING


@dataclass(frozen=True)
class Tally:
    """Recipients by outcome (an accepted send's, a broadcast's or a period's)."""

    counts: dict[Outcome, int] = field(default_factory=dict)

    def __getitem__(self, outcome: Outcome) -> int:
        return self.counts.get(outcome, 0)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def failed(self) -> int:
        return self[Outcome.FAILED] + self[Outcome.REJECTED]

    @property
    def waiting(self) -> int:
        """Not final yet: pending or sent."""
        return self[Outcome.PENDING] + self[Outcome.SENT]

    def __add__(self, other: Tally) -> Tally:
        merged = Counter(self.counts)
        merged.update(other.counts)
        return Tally({k: v for k, v in merged.items() if v})


@dataclass(frozen=True)
class Report:
    """One recipient's report as received (already normalised)."""

    phone: str
    status: DeliveryStatus
    raw_status: str
    reason: str | None = None
    delivered_at: datetime | None = None


@dataclass(frozen=True)
class Failures:
    """A broadcast's recipients whose message failed or was rejected (final), split by
    whether sending it again may help (:func:`~desktop_app.core.delivery.permanent_failure`)."""

    #: those a new send may reach, in sending order
    resendable: tuple[str, ...] = ()
    #: the others, by why sending again cannot help, each in sending order
    left_out: dict[PermanentFailure, tuple[str, ...]] = field(default_factory=dict)

    def left_out_counts(self) -> dict[PermanentFailure, int]:
        return {why: len(phones) for why, phones in self.left_out.items() if phones}

    @property
    def blocked(self) -> tuple[str, ...]:
        """Who blocked promotional messages or opted out (for the opt-out list)."""
        return self.left_out.get(PermanentFailure.BLOCKED, ())


@dataclass(frozen=True)
class BroadcastRow:
    """One line of the sent history: a broadcast (or a WhatsApp / survey send)."""

    broadcast_id: int
    kind: BroadcastKind
    sender_id: str
    text: str
    created_at: datetime
    sent_at: datetime | None
    recipients: int  # asked for
    accepted: int  # recipients in accepted requests
    parts: int | None
    credits: int | None
    message_ids: int
    #: rounds left to send, those being sent right now (``chunks_sending``) included
    chunks_pending: int
    chunks_in_doubt: int
    chunks_rejected: int
    chunks_cancelled: int
    tally: Tally
    #: recipients the service skipped as invalid, counted in the tally as rejected
    skipped: int = 0
    #: rounds claimed by a run that is sending them now (the journal's ``sending``: a run
    #: of this Tuma, or of another window on the same file; one left by a run that died is
    #: in doubt once the journal is opened again)
    chunks_sending: int = 0

    @property
    def resendable(self) -> int:
        """At most this many recipients whose message failed may be sent it again: not the
        numbers the service skipped as invalid (it would skip them again). Counted from the
        tally, which knows no reasons: :meth:`DeliveryRecords.failures` also leaves out
        those who blocked promotions or opted out and numbers the network says do not
        exist."""
        return max(0, self.tally.failed - self.skipped)

    @property
    def being_sent(self) -> bool:
        """A run is sending it right now: what is left of it is not unfinished (yet)."""
        return self.chunks_sending > 0

    @property
    def unfinished(self) -> bool:
        """Left to send, or waiting for the user's word on an in-doubt batch: Review. A
        WhatsApp or survey send in doubt is not (nothing of it is resumed: Journal.unfinished);
        it is :attr:`outcome_unknown`. Nor is a send :attr:`being_sent`: its rounds still to
        go are going out (reviewed, "Send the rest" did nothing and "Don't send the rest"
        dropped them from under the run); it is unfinished once that run has stopped."""
        if self.kind in RECORDED_ONLY or self.being_sent:
            return False
        return self.chunks_pending > 0 or self.chunks_in_doubt > 0

    @property
    def outcome_unknown(self) -> bool:
        """A WhatsApp or survey send whose reply was lost (or Tuma stopped while it was out):
        it may have gone out; the duplicate-send guard asks before it goes to them again."""
        return self.kind in RECORDED_ONLY and self.chunks_in_doubt > 0

    @property
    def channel(self) -> str:
        if self.kind in (BroadcastKind.WHATSAPP, BroadcastKind.SURVEY):
            return str(self.kind)
        return "sms"


@dataclass(frozen=True)
class MessageMatch:
    """A message kept on this computer whose id matched what was typed (a look-up by hand)."""

    message_id: str
    sent_at: datetime
    recipients: int
    broadcast_id: int | None  # the send of this app it belongs to, if any
    text: str | None  # that send's message


@dataclass(frozen=True)
class RecipientRow:
    """One recipient of a broadcast, with the delivery report kept for it."""

    row_id: int
    phone: str
    message_id: str | None
    chunk_state: ChunkState
    status: DeliveryStatus | None
    raw_status: str | None
    reason: str | None
    delivered_at: datetime | None
    no_report: bool
    updated_at: datetime | None

    @property
    def outcome(self) -> Outcome | None:
        """None when the recipient's batch was never accepted (see ``chunk_state``)."""
        if self.chunk_state is not ChunkState.ACCEPTED:
            return None
        return outcome_of(self.status, self.no_report)


class StatusFilter(StrEnum):
    ANY = "any"
    WAITING = "waiting"  # some recipients have no final report yet
    FAILED = "failed"  # some recipients' messages failed or were rejected
    DELIVERED = "delivered"  # every accepted recipient delivered
    UNFINISHED = "unfinished"  # left to send or in doubt


@dataclass(frozen=True)
class HistoryFilter:
    since: datetime | None = None
    until: datetime | None = None  # exclusive
    status: StatusFilter = StatusFilter.ANY
    channel: str | None = None  # "sms", "whatsapp", "survey"
    phone: str | None = None  # E.164
    text: str = ""


@migration(6, "delivery")
def _create(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
        CREATE TABLE IF NOT EXISTS delivery_messages (
            profile TEXT NOT NULL,
            message_id TEXT NOT NULL,
            broadcast_id INTEGER,
            chunk_id INTEGER,
            sent_at TEXT NOT NULL,
            expected INTEGER NOT NULL DEFAULT 0,
            attempts INTEGER NOT NULL DEFAULT 0,
            checked_at TEXT,
            next_check TEXT,
            PRIMARY KEY (profile, message_id)
        );
        CREATE INDEX IF NOT EXISTS delivery_messages_due
            ON delivery_messages (profile, next_check) WHERE next_check IS NOT NULL;
        CREATE TABLE IF NOT EXISTS delivery_status (
            profile TEXT NOT NULL,
            message_id TEXT NOT NULL,
            phone TEXT NOT NULL,
            status TEXT NOT NULL,
            raw_status TEXT,
            reason TEXT,
            delivered_at TEXT,
            no_report INTEGER NOT NULL DEFAULT 0,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (profile, message_id, phone)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS delivery_tally (
            broadcast_id INTEGER NOT NULL,
            outcome TEXT NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (broadcast_id, outcome)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS broadcasts_by_profile ON broadcasts (profile, id);
        """,
    )


def _phone(raw: str) -> str:
    """Reports may name a number as 2547…, 07… or +2547…: kept in E.164 like the journal."""
    from desktop_app.core import phones  # phonenumbers: loaded when first needed

    return phones.try_normalize(raw) or raw


@migration(11, "delivery: the numbers the service skipped as invalid are rejected")
def _skipped_as_invalid(db: sqlite3.Connection) -> None:
    """Sends recorded before: a number the service skipped as invalid was "waiting for
    report" for a day, then "no report" (and kept its message followed that long); one that
    a WhatsApp or survey send skipped was not listed at all. Each gets its recipients row
    (from its chunk's own list) and is recorded as rejected, the tallies moved with it, and a
    message whose other recipients are all final is no longer looked up."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(delivery_messages)").fetchall()}
    if "skipped" not in columns:
        db.execute("ALTER TABLE delivery_messages ADD COLUMN skipped INTEGER NOT NULL DEFAULT 0")
    rows = db.execute(
        "SELECT c.id, c.broadcast_id, b.profile, b.kind, b.text, c.recipients FROM chunks c "
        "JOIN broadcasts b ON b.id = c.broadcast_id WHERE c.state = 'accepted' "
        "AND c.invalid != '[]' AND c.indexed = 1"
    ).fetchall()
    for chunk_id, broadcast_id, profile, kind, text, members_json in rows:
        have = {
            r[0] for r in db.execute("SELECT phone FROM recipients WHERE chunk_id = ?", (chunk_id,))
        }
        db.executemany(
            "INSERT INTO recipients (broadcast_id, chunk_id, profile, phone, content) "
            "VALUES (?, ?, ?, ?, ?)",
            [
                (broadcast_id, chunk_id, profile, phone, content_key(kind, message or text))
                for phone, message in json.loads(members_json)
                if phone not in have
            ],
        )
    _mark_skipped(db, stamp(now()), "1", ())


def _skipped_members(members: Sequence[str], invalid: Sequence[str]) -> list[str]:
    """Which of a chunk's recipients (*members*, E.164) the service listed as *invalid*: the
    strings as we sent them (CONTRACT.md); one written another way (``07…``, ``2547…``) is
    matched by its E.164 form."""
    present = set(members)
    found: dict[str, None] = {}
    for raw in invalid:
        phone = raw if raw in present else _phone(raw)
        if phone in present:
            found[phone] = None
    return list(found)


def _mark_skipped(db: sqlite3.Connection, at: str, where: str, args: Sequence[Any]) -> None:
    """In the open transaction: every followed message whose chunk (``c``, with its broadcast
    ``b`` and message ``m``) matches *where* and had numbers skipped as invalid gets them
    recorded as rejected (final: never looked up again, never "no report"), unless a final
    word is already kept; the tally moves with them, ``m.skipped`` counts them, and the
    message is no longer followed once everyone in it is final. A message is done in one go:
    one with ``m.skipped`` counted is not looked at again, and doing it again changes
    nothing."""
    candidates = db.execute(
        "SELECT m.profile, m.message_id, m.broadcast_id, c.id, c.invalid, m.expected, "
        "m.next_check FROM chunks c JOIN broadcasts b ON b.id = c.broadcast_id "
        "JOIN delivery_messages m ON m.profile = b.profile AND m.message_id = c.message_id "
        "AND m.chunk_id = c.id WHERE c.state = 'accepted' AND c.invalid != '[]' "
        "AND m.skipped = 0 AND " + where,
        tuple(args),
    ).fetchall()
    for profile, message_id, broadcast_id, chunk_id, invalid, expected, next_check in candidates:
        members = [
            r[0] for r in db.execute("SELECT phone FROM recipients WHERE chunk_id = ?", (chunk_id,))
        ]
        delta: Counter[Outcome] = Counter()
        for phone in _skipped_members(members, json.loads(invalid)):
            row = db.execute(
                "SELECT status, no_report FROM delivery_status WHERE profile = ? "
                "AND message_id = ? AND phone = ?",
                (profile, message_id, phone),
            ).fetchone()
            if row is None:
                db.execute(
                    "INSERT INTO delivery_status (profile, message_id, phone, status, reason, "
                    "updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (profile, message_id, phone, DeliveryStatus.REJECTED, SKIPPED_AS_INVALID, at),
                )
            elif DeliveryStatus(row[0]).is_final:
                continue  # the first final word stands
            else:
                db.execute(
                    "UPDATE delivery_status SET status = ?, reason = ?, delivered_at = NULL, "
                    "no_report = 0, updated_at = ? WHERE profile = ? AND message_id = ? "
                    "AND phone = ?",
                    (DeliveryStatus.REJECTED, SKIPPED_AS_INVALID, at, profile, message_id, phone),
                )
                delta[outcome_of(row[0], bool(row[1]))] -= 1
            delta[Outcome.REJECTED] += 1
        expected = max(int(expected), len(members))
        if next_check is not None:
            finals = db.execute(
                "SELECT COUNT(*) FROM delivery_status WHERE profile = ? AND message_id = ? "
                "AND status IN ('delivered', 'failed', 'rejected')",
                (profile, message_id),
            ).fetchone()[0]
            if finals >= expected:
                next_check = None
        db.execute(
            "UPDATE delivery_messages SET skipped = skipped + ?, expected = ?, next_check = ? "
            "WHERE profile = ? AND message_id = ?",
            (delta[Outcome.REJECTED], expected, next_check, profile, message_id),
        )
        if broadcast_id is not None and any(delta.values()):
            DeliveryRecords._add_tally(db, broadcast_id, delta)


_KINDS = {
    "sms": tuple(
        str(k) for k in BroadcastKind if k not in (BroadcastKind.WHATSAPP, BroadcastKind.SURVEY)
    ),
    "whatsapp": (str(BroadcastKind.WHATSAPP),),
    "survey": (str(BroadcastKind.SURVEY),),
}

#: Recipients in a broadcast's accepted requests (an aggregate over its chunks ``c``): the
#: service's count, or the chunk's size when it gave none; a chunk of which the service
#: skipped some numbers as invalid counts every recipient it had (its size), since those
#: are followed too, as rejected.
_ACCEPTED = (
    "COALESCE(SUM(CASE WHEN c.state = 'accepted' THEN CASE WHEN c.invalid = '[]' "
    "THEN COALESCE(c.accepted_recipients, c.size) ELSE c.size END END), 0)"
)

_ROW_SELECT = f"""
    SELECT b.id, b.kind, b.sender_id, b.text, b.created_at, b.recipients,
           MAX(c.sent_at),
           {_ACCEPTED},
           SUM(CASE WHEN c.state = 'accepted' THEN c.parts END),
           SUM(CASE WHEN c.state = 'accepted' THEN c.credits END),
           COALESCE(SUM(c.state = 'accepted' AND c.message_id IS NOT NULL), 0),
           COALESCE(SUM(c.state IN ('pending', 'sending')), 0),
           COALESCE(SUM(c.state = 'in_doubt'), 0),
           COALESCE(SUM(c.state = 'rejected'), 0),
           COALESCE(SUM(c.state = 'cancelled'), 0),
           (SELECT group_concat(t.outcome || '=' || t.n) FROM delivery_tally t
            WHERE t.broadcast_id = b.id),
           COALESCE(SUM(CASE WHEN c.state = 'accepted' AND c.invalid != '[]'
                        THEN (SELECT m.skipped FROM delivery_messages m
                              WHERE m.profile = b.profile AND m.message_id = c.message_id)
                        END), 0),
           COALESCE(SUM(c.state = 'sending'), 0)
    FROM broadcasts b LEFT JOIN chunks c ON c.broadcast_id = b.id
"""


_OUTCOMES = {str(o): o for o in Outcome}
_BROADCAST_KINDS = {str(k): k for k in BroadcastKind}


def _tally_of(text: str | None, accepted: int) -> Tally:
    counts: dict[Outcome, int] = {}
    if text:
        for item in text.split(","):
            name, _, n = item.partition("=")
            value = int(n)
            if value:
                counts[_OUTCOMES[name]] = value
    pending = accepted - sum(counts.values())
    if pending > 0:
        counts[Outcome.PENDING] = pending
    return Tally(counts)


def _broadcast_row(row: Sequence[Any]) -> BroadcastRow:
    # a page is made on the store's thread while the GUI thread paints: dict look-ups, not
    # enum calls (the GIL is shared)
    return BroadcastRow(
        broadcast_id=row[0],
        kind=_BROADCAST_KINDS[row[1]],
        sender_id=row[2],
        text=row[3],
        created_at=parse_time(row[4]),
        recipients=row[5],
        sent_at=None if row[6] is None else parse_time(row[6]),
        accepted=row[7],
        parts=row[8],
        credits=row[9],
        message_ids=row[10],
        chunks_pending=row[11],
        chunks_in_doubt=row[12],
        chunks_rejected=row[13],
        chunks_cancelled=row[14],
        tally=_tally_of(row[15], row[7]),
        skipped=row[16],
        chunks_sending=row[17],
    )


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def history_where(profile: str, f: HistoryFilter) -> tuple[str, str, list[Any]]:
    """WHERE and HAVING clauses (and their arguments) of a history query."""
    where = ["b.profile = ?"]
    args: list[Any] = [profile]
    if f.since is not None:
        where.append("b.created_at >= ?")
        args.append(stamp(f.since))
    if f.until is not None:
        where.append("b.created_at < ?")
        args.append(stamp(f.until))
    if f.channel:
        kinds = _KINDS.get(f.channel, ())
        where.append(f"b.kind IN ({', '.join('?' for _ in kinds) or 'NULL'})")
        args.extend(kinds)
    if f.text.strip():
        where.append("b.text LIKE ? ESCAPE '\\'")
        args.append(_like(f.text.strip()))
    if f.phone:
        where.append(
            "EXISTS (SELECT 1 FROM recipients r WHERE r.profile = b.profile AND r.phone = ? "
            "AND r.broadcast_id = b.id)"
        )
        args.append(f.phone)
    having = ""
    final = (
        "COALESCE((SELECT SUM(t.n) FROM delivery_tally t WHERE t.broadcast_id = b.id "
        "AND t.outcome IN ({})), 0)"
    )
    accepted = _ACCEPTED
    if f.status is StatusFilter.UNFINISHED:
        # a send waiting for its time is not unfinished (as Journal.unfinished): nothing of
        # it went wrong, nothing to review; once it goes out it is an ordinary send
        where.append("b.scheduled_for IS NULL")
        having = " HAVING SUM(c.state IN ('pending', 'sending', 'in_doubt')) > 0"
    elif f.status is StatusFilter.FAILED:
        having = " HAVING " + final.format("'failed', 'rejected'") + " > 0"
    elif f.status is StatusFilter.DELIVERED:
        having = f" HAVING {accepted} > 0 AND " + final.format("'delivered'") + f" >= {accepted}"
    elif f.status is StatusFilter.WAITING:
        having = f" HAVING {accepted} > " + final.format(
            "'delivered', 'failed', 'rejected', 'no_report'"
        )
    return " WHERE " + " AND ".join(where), having, args


def history_sql(profile: str, f: HistoryFilter, limit: int, offset: int) -> tuple[str, list[Any]]:
    where, having, args = history_where(profile, f)
    sql = _ROW_SELECT + where + " GROUP BY b.id" + having + " ORDER BY b.id DESC LIMIT ? OFFSET ?"
    return sql, [*args, limit, offset]


class DeliveryRecords:
    """The delivery tables of one store file (blocking: call them on the store's thread)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._synced_since: dict[str, str] = {}

    # --- the history ------------------------------------------------------------------------

    def history(
        self, profile: str, f: HistoryFilter, *, limit: int = 100, offset: int = 0
    ) -> list[BroadcastRow]:
        sql, args = history_sql(profile, f, limit, offset)
        return [_broadcast_row(row) for row in self._db.read(sql, args)]

    def history_count(self, profile: str, f: HistoryFilter) -> int:
        where, having, args = history_where(profile, f)
        if not having:
            row = self._db.read_one("SELECT COUNT(*) FROM broadcasts b" + where, args)
        else:
            row = self._db.read_one(
                "SELECT COUNT(*) FROM (SELECT b.id FROM broadcasts b LEFT JOIN chunks c "
                "ON c.broadcast_id = b.id" + where + " GROUP BY b.id" + having + ")",
                args,
            )
        return int(row[0]) if row else 0

    def broadcast_row(self, profile: str, broadcast_id: int) -> BroadcastRow | None:
        rows = self._db.read(
            _ROW_SELECT + " WHERE b.profile = ? AND b.id = ? GROUP BY b.id",
            (profile, broadcast_id),
        )
        return _broadcast_row(rows[0]) if rows else None

    def period_tally(self, profile: str, f: HistoryFilter) -> Tally:
        """Every recipient of the broadcasts matching *f*, by outcome (the period chart), in
        one query: the sum of the history rows' tallies (each send's "pending" is what its
        accepted recipients have no count for yet), without making a row per send."""
        where, having, args = history_where(profile, f)
        rows = self._db.read(
            "WITH picked AS (SELECT b.id AS id, "
            + _ACCEPTED
            + " AS accepted FROM broadcasts b LEFT JOIN chunks c ON c.broadcast_id = b.id"
            + where
            + " GROUP BY b.id"
            + having
            + ") SELECT t.outcome, SUM(t.n) FROM picked p "
            "JOIN delivery_tally t ON t.broadcast_id = p.id GROUP BY t.outcome "
            "UNION ALL SELECT 'pending', SUM(MAX(p.accepted - COALESCE((SELECT SUM(t.n) "
            "FROM delivery_tally t WHERE t.broadcast_id = p.id), 0), 0)) FROM picked p",
            args,
        )
        return Tally({_OUTCOMES[name]: int(n) for name, n in rows if n})

    def recipients(
        self,
        profile: str,
        broadcast_id: int,
        *,
        after: int = 0,
        limit: int = 200,
        outcomes: Iterable[Outcome] | None = None,
    ) -> list[RecipientRow]:
        """A page of a broadcast's recipients in sending order, after row id *after*."""
        sql = (
            "SELECT r.id, r.phone, c.message_id, c.state, d.status, d.raw_status, d.reason, "
            "d.delivered_at, d.no_report, d.updated_at FROM recipients r "
            "JOIN chunks c ON c.id = r.chunk_id "
            "LEFT JOIN delivery_status d ON d.profile = r.profile "
            "AND d.message_id = c.message_id AND d.phone = r.phone "
            "WHERE r.broadcast_id = ? AND r.profile = ? AND r.id > ?"
        )
        args: list[Any] = [broadcast_id, profile, after]
        wanted = set(outcomes) if outcomes is not None else None
        if wanted is not None:
            statuses = [str(o) for o in wanted if o not in (Outcome.PENDING, Outcome.SENT)]
            conditions = []
            if statuses:
                conditions.append(
                    f"d.status IN ({', '.join('?' for _ in statuses)}) AND d.no_report = 0"
                )
                args.extend(statuses)
            if Outcome.NO_REPORT in wanted:
                conditions.append(
                    "d.no_report = 1 AND d.status NOT IN ('delivered', 'failed', 'rejected')"
                )
            if Outcome.SENT in wanted:
                conditions.append("d.status = 'sent' AND d.no_report = 0")
            if Outcome.PENDING in wanted:
                conditions.append(
                    "c.state = 'accepted' AND (d.status IS NULL OR "
                    "(d.status IN ('queued', 'unknown') AND d.no_report = 0))"
                )
            sql += (
                " AND c.state = 'accepted' AND ("
                + " OR ".join(f"({c})" for c in conditions or ["0"])
                + ")"
            )
        sql += " ORDER BY r.id LIMIT ?"
        args.append(limit)
        return [_recipient_row(row) for row in self._db.read(sql, args)]

    def recipient_count(self, broadcast_id: int) -> int:
        row = self._db.read_one(
            "SELECT COUNT(*) FROM recipients WHERE broadcast_id = ?", (broadcast_id,)
        )
        return int(row[0]) if row else 0

    def message_statuses(self, profile: str, message_id: str) -> list[Report]:
        rows = self._db.read(
            "SELECT phone, status, raw_status, reason, delivered_at FROM delivery_status "
            "WHERE profile = ? AND message_id = ? ORDER BY phone",
            (profile, message_id),
        )
        return [
            Report(
                phone=r[0],
                status=DeliveryStatus(r[1]),
                raw_status=r[2] or "",
                reason=r[3],
                delivered_at=None if r[4] is None else parse_time(r[4]),
            )
            for r in rows
        ]

    def broadcast_text(self, profile: str, broadcast_id: int) -> tuple[str, str, str] | None:
        """(kind, sender ID, text) of a broadcast of *profile*."""
        row = self._db.read_one(
            "SELECT kind, sender_id, text FROM broadcasts WHERE profile = ? AND id = ?",
            (profile, broadcast_id),
        )
        return None if row is None else (row[0], row[1], row[2])

    # --- following messages -----------------------------------------------------------------

    def sync(self, profile: str) -> int:
        """Follow every accepted send of *profile* not followed yet (looked up from the time
        of the last sync on: cheap to call often). Returns how many were added."""
        since = self._synced_since.get(profile, "")
        if since:  # a margin for a send accepted by another process meanwhile
            since = stamp(parse_time(since) - timedelta(minutes=1))
        newest, missing = self._db.read_one(
            "SELECT MAX(c.sent_at), COALESCE(SUM(c.state = 'accepted' AND c.message_id IS NOT "
            "NULL AND b.profile = ? AND NOT EXISTS (SELECT 1 FROM delivery_messages m WHERE "
            "m.profile = b.profile AND m.message_id = c.message_id)), 0) "
            "FROM chunks c JOIN broadcasts b ON b.id = c.broadcast_id WHERE c.sent_at >= ?",
            (profile, since),
        ) or (None, 0)
        if not missing:  # nothing new: no write (a durable commit costs a disk flush)
            if newest is not None:
                self._synced_since[profile] = newest
            return 0
        with self._db.write() as db:
            cursor = db.execute(
                "INSERT OR IGNORE INTO delivery_messages "
                "(profile, message_id, broadcast_id, chunk_id, sent_at, expected, next_check) "
                "SELECT b.profile, c.message_id, b.id, c.id, c.sent_at, "
                "(SELECT COUNT(*) FROM recipients r WHERE r.chunk_id = c.id), c.sent_at "
                "FROM chunks c JOIN broadcasts b ON b.id = c.broadcast_id "
                "WHERE c.sent_at >= ? AND c.state = 'accepted' AND c.message_id IS NOT NULL "
                "AND b.profile = ?",
                (since, profile),
            )
            added = max(cursor.rowcount, 0)
            _mark_skipped(db, stamp(now()), "c.sent_at >= ? AND b.profile = ?", (since, profile))
        if newest is not None:
            self._synced_since[profile] = newest
        return added

    def backdate(self, broadcast_id: int, moment: datetime) -> None:
        """Move a send back in time (the screenshots' sample history only)."""
        at = stamp(moment)
        with self._db.write() as db:
            db.execute("UPDATE broadcasts SET created_at = ? WHERE id = ?", (at, broadcast_id))
            db.execute(
                "UPDATE chunks SET sent_at = CASE WHEN sent_at IS NULL THEN NULL ELSE ? END, "
                "updated_at = ? WHERE broadcast_id = ?",
                (at, at, broadcast_id),
            )
            db.execute(
                "UPDATE delivery_messages SET sent_at = ? WHERE broadcast_id = ?",
                (at, broadcast_id),
            )

    def register(self, profile: str, broadcast_id: int) -> None:
        """Follow the accepted sends of one broadcast now (whatever their time)."""
        with self._db.write() as db:
            db.execute(
                "INSERT OR IGNORE INTO delivery_messages "
                "(profile, message_id, broadcast_id, chunk_id, sent_at, expected, next_check) "
                "SELECT ?, c.message_id, c.broadcast_id, c.id, c.sent_at, "
                "(SELECT COUNT(*) FROM recipients r WHERE r.chunk_id = c.id), c.sent_at "
                "FROM chunks c WHERE c.broadcast_id = ? AND c.state = 'accepted' "
                "AND c.message_id IS NOT NULL",
                (profile, broadcast_id),
            )
            _mark_skipped(db, stamp(now()), "c.broadcast_id = ?", (broadcast_id,))

    def stop_following(self, profile: str, message_id: str) -> None:
        with self._db.write() as db:
            db.execute(
                "UPDATE delivery_messages SET next_check = NULL WHERE profile = ? "
                "AND message_id = ?",
                (profile, message_id),
            )

    def due(self, profile: str, moment: datetime, limit: int) -> list[str]:
        """Message ids of *profile* due for a look-up at *moment*, most overdue first."""
        rows = self._db.read(
            "SELECT message_id FROM delivery_messages WHERE profile = ? AND next_check IS NOT "
            "NULL AND next_check <= ? ORDER BY next_check LIMIT ?",
            (profile, stamp(moment), limit),
        )
        return [r[0] for r in rows]

    def next_due(self, profile: str) -> datetime | None:
        row = self._db.read_one(
            "SELECT MIN(next_check) FROM delivery_messages WHERE profile = ? "
            "AND next_check IS NOT NULL",
            (profile,),
        )
        return None if row is None or row[0] is None else parse_time(row[0])

    def following(self, profile: str) -> int:
        """How many messages are still looked up by themselves."""
        row = self._db.read_one(
            "SELECT COUNT(*) FROM delivery_messages WHERE profile = ? AND next_check IS NOT NULL",
            (profile,),
        )
        return int(row[0]) if row else 0

    def find_messages(
        self, profile: str, message_id: str, *, prefix: bool = False, limit: int = 20
    ) -> list[MessageMatch]:
        """The messages of *profile* kept here (sent by this app, or looked up before) whose
        id is *message_id* whatever its letter case, newest first; with *prefix*, those whose
        id begins with it (its dashes aside: *message_id* is then hex digits only). A scan of
        the account's messages: for a look-up typed by hand, not for a loop."""
        if prefix:
            where = "substr(replace(lower(m.message_id), '-', ''), 1, ?) = ?"
            key = message_id.lower().replace("-", "")
            args: tuple[Any, ...] = (profile, len(key), key)
        else:
            where = "lower(m.message_id) = ?"
            args = (profile, message_id.lower())
        rows = self._db.read(
            "SELECT m.message_id, m.sent_at, m.expected, m.broadcast_id, b.text "
            "FROM delivery_messages m LEFT JOIN broadcasts b ON b.id = m.broadcast_id "
            f"WHERE m.profile = ? AND {where} ORDER BY m.sent_at DESC, m.message_id LIMIT ?",
            (*args, limit),
        )
        return [
            MessageMatch(
                message_id=r[0],
                sent_at=parse_time(r[1]),
                recipients=int(r[2]),
                broadcast_id=r[3],
                text=r[4],
            )
            for r in rows
        ]

    def message_info(self, profile: str, message_id: str) -> tuple[int | None, int, int] | None:
        """(broadcast id, recipients expected, look-ups so far) of a followed message."""
        row = self._db.read_one(
            "SELECT broadcast_id, expected, attempts FROM delivery_messages "
            "WHERE profile = ? AND message_id = ?",
            (profile, message_id),
        )
        return None if row is None else (row[0], int(row[1]), int(row[2]))

    def apply(
        self,
        profile: str,
        results: Sequence[tuple[str, Sequence[Report] | None]],
        moment: datetime,
        backoff: Sequence[timedelta],
        *,
        no_report_after: timedelta = NO_REPORT_AFTER,
    ) -> set[int]:
        """Record the reports of one batch of look-ups (message id → records, or None when
        the service did not know the id), in one transaction, and schedule each message's
        next look-up: none when everyone is final or it is past *no_report_after* (the rest
        are then marked "no report"), else after ``backoff[attempts]`` (the last step
        repeats). Returns the broadcasts whose numbers changed."""
        touched: set[int] = set()
        at = stamp(moment)
        with self._db.write() as db:
            for message_id, reports in results:
                info = db.execute(
                    "SELECT broadcast_id, chunk_id, sent_at, expected, attempts "
                    "FROM delivery_messages WHERE profile = ? AND message_id = ?",
                    (profile, message_id),
                ).fetchone()
                if info is None:
                    sent_at = at
                    db.execute(
                        "INSERT INTO delivery_messages (profile, message_id, sent_at, expected) "
                        "VALUES (?, ?, ?, ?)",
                        (profile, message_id, at, len(reports or ())),
                    )
                    broadcast_id, chunk_id, expected, attempts = None, None, len(reports or ()), 0
                else:
                    broadcast_id, chunk_id, sent_at, expected, attempts = info
                delta: Counter[Outcome] = Counter()
                for report in reports or ():
                    self._apply_one(db, profile, message_id, report, at, delta)
                if broadcast_id is None and reports:
                    expected = max(expected, len(reports))
                attempts += 1
                finals = db.execute(
                    "SELECT COUNT(*) FROM delivery_status WHERE profile = ? AND message_id = ? "
                    "AND status IN ('delivered', 'failed', 'rejected')",
                    (profile, message_id),
                ).fetchone()[0]
                next_check: str | None
                if expected and finals >= expected:
                    next_check = None
                elif moment - parse_time(sent_at) >= no_report_after:
                    next_check = None
                    self._mark_no_report(db, profile, message_id, chunk_id, at, delta)
                else:
                    step = backoff[min(attempts - 1, len(backoff) - 1)]
                    next_check = stamp(moment + step)
                db.execute(
                    "UPDATE delivery_messages SET attempts = ?, checked_at = ?, next_check = ?, "
                    "expected = ? WHERE profile = ? AND message_id = ?",
                    (attempts, at, next_check, expected, profile, message_id),
                )
                if broadcast_id is not None and any(delta.values()):
                    self._add_tally(db, broadcast_id, delta)
                    touched.add(broadcast_id)
        return touched

    @staticmethod
    def _apply_one(
        db: sqlite3.Connection,
        profile: str,
        message_id: str,
        report: Report,
        at: str,
        delta: Counter[Outcome],
    ) -> None:
        phone = _phone(report.phone)
        row = db.execute(
            "SELECT status, no_report FROM delivery_status WHERE profile = ? AND message_id = ? "
            "AND phone = ?",
            (profile, message_id, phone),
        ).fetchone()
        delivered = None if report.delivered_at is None else stamp(report.delivered_at)
        if row is None:
            db.execute(
                "INSERT INTO delivery_status (profile, message_id, phone, status, raw_status, "
                "reason, delivered_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    profile,
                    message_id,
                    phone,
                    report.status,
                    report.raw_status,
                    report.reason,
                    delivered,
                    at,
                ),
            )
            delta[outcome_of(report.status)] += 1
            return
        current = DeliveryStatus(row[0])
        no_report = bool(row[1])
        merged = merge_status(current, report.status)
        if merged == current and current.is_final:
            return  # the first final word stands (raw value and reason included)
        if merged == current and merged is not DeliveryStatus.UNKNOWN and not no_report:
            db.execute(
                "UPDATE delivery_status SET raw_status = ?, reason = COALESCE(?, reason) "
                "WHERE profile = ? AND message_id = ? AND phone = ?",
                (report.raw_status, report.reason, profile, message_id, phone),
            )
            return
        if merged == current:
            return
        # a final word ends "no report" too: it arrived after all
        keep_no_report = no_report and not merged.is_final
        db.execute(
            "UPDATE delivery_status SET status = ?, raw_status = ?, reason = ?, "
            "delivered_at = ?, no_report = ?, updated_at = ? "
            "WHERE profile = ? AND message_id = ? AND phone = ?",
            (
                merged,
                report.raw_status,
                report.reason,
                delivered,
                int(keep_no_report),
                at,
                profile,
                message_id,
                phone,
            ),
        )
        delta[outcome_of(current, no_report)] -= 1
        delta[outcome_of(merged, keep_no_report)] += 1

    @staticmethod
    def _mark_no_report(
        db: sqlite3.Connection,
        profile: str,
        message_id: str,
        chunk_id: int | None,
        at: str,
        delta: Counter[Outcome],
    ) -> None:
        rows = db.execute(
            "SELECT status FROM delivery_status WHERE profile = ? AND message_id = ? "
            "AND no_report = 0 AND status NOT IN ('delivered', 'failed', 'rejected')",
            (profile, message_id),
        ).fetchall()
        for (status,) in rows:
            delta[outcome_of(status)] -= 1
            delta[Outcome.NO_REPORT] += 1
        db.execute(
            "UPDATE delivery_status SET no_report = 1, updated_at = ? WHERE profile = ? "
            "AND message_id = ? AND no_report = 0 "
            "AND status NOT IN ('delivered', 'failed', 'rejected')",
            (at, profile, message_id),
        )
        if chunk_id is None:
            return
        # recipients the service never reported at all
        missing = db.execute(
            "INSERT INTO delivery_status (profile, message_id, phone, status, no_report, "
            "updated_at) SELECT r.profile, ?, r.phone, 'unknown', 1, ? FROM recipients r "
            "WHERE r.chunk_id = ? AND NOT EXISTS (SELECT 1 FROM delivery_status d WHERE "
            "d.profile = r.profile AND d.message_id = ? AND d.phone = r.phone)",
            (message_id, at, chunk_id, message_id),
        ).rowcount
        if missing > 0:
            delta[Outcome.NO_REPORT] += missing

    @staticmethod
    def _add_tally(db: sqlite3.Connection, broadcast_id: int, delta: Counter[Outcome]) -> None:
        for outcome, n in delta.items():
            if n == 0 or outcome is Outcome.PENDING:
                continue
            db.execute(
                "INSERT INTO delivery_tally (broadcast_id, outcome, n) VALUES (?, ?, ?) "
                "ON CONFLICT (broadcast_id, outcome) DO UPDATE SET n = n + excluded.n",
                (broadcast_id, outcome, n),
            )

    def failures(self, profile: str, broadcast_id: int) -> Failures:
        """Recipients of a broadcast whose message failed or was rejected (final), in order,
        split by whether sending again may help: not those who blocked promotions or opted
        out, nor numbers that are not valid (the network's ``InvalidMsisdn``, or the numbers
        the service skipped as invalid, which it would skip again): see
        :data:`~desktop_app.core.delivery.PERMANENT_REASONS`. Read when a send is selected
        or resent (the failures of one send), classified here so the matching is the same
        as everywhere (case, spaces and underscores ignored)."""
        rows = self._db.read(
            "SELECT r.phone, d.reason, d.raw_status FROM recipients r "
            "JOIN chunks c ON c.id = r.chunk_id "
            "JOIN delivery_status d ON d.profile = r.profile AND d.message_id = c.message_id "
            "AND d.phone = r.phone WHERE r.broadcast_id = ? AND r.profile = ? "
            "AND d.status IN ('failed', 'rejected') ORDER BY r.id",
            (broadcast_id, profile),
        )
        why: dict[str, PermanentFailure | None] = {}
        for phone, reason, raw_status in rows:
            # a number listed twice: one permanent failure is enough to leave it out
            why[phone] = why.get(phone) or permanent_failure(reason, raw_status)
        resendable = tuple(phone for phone, kind in why.items() if kind is None)
        left_out: dict[PermanentFailure, list[str]] = {}
        for phone, kind in why.items():
            if kind is not None:
                left_out.setdefault(kind, []).append(phone)
        return Failures(resendable, {kind: tuple(p) for kind, p in left_out.items()})

    def failed_phones(self, profile: str, broadcast_id: int) -> list[str]:
        """Recipients of a broadcast whose message failed and may be sent it again, in order
        (:meth:`failures`)."""
        return list(self.failures(profile, broadcast_id).resendable)

    def blocked_phones(self, profile: str, broadcast_id: int) -> list[str]:
        """Recipients of a broadcast whose report says they blocked promotional messages or
        opted out (``SenderBlacklisted``, ``UserInBlacklist``, ``SubscriberOptedOut``, ...),
        in order."""
        return list(self.failures(profile, broadcast_id).blocked)

    def chunk_members(self, chunk_id: int) -> list[str]:
        row = self._db.read_one("SELECT recipients FROM chunks WHERE id = ?", (chunk_id,))
        return [] if row is None else [phone for phone, _m in json.loads(row[0])]


def _recipient_row(row: Sequence[Any]) -> RecipientRow:
    return RecipientRow(
        row_id=row[0],
        phone=row[1],
        message_id=row[2],
        chunk_state=ChunkState(row[3]),
        status=None if row[4] is None else DeliveryStatus(row[4]),
        raw_status=row[5],
        reason=row[6],
        delivered_at=None if row[7] is None else parse_time(row[7]),
        no_report=bool(row[8]),
        updated_at=None if row[9] is None else parse_time(row[9]),
    )
