"""The Delivery tab's numbers in the store: the period chart's tally (one query) is the sum
of the history rows' own tallies, whatever the filter, for a history with every kind of send
in it (reported, partly reported, failed, "no report", unfinished, in doubt, rejected,
WhatsApp, another profile's)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from desktop_app.core.delivery import DeliveryStatus
from desktop_app.core.store import BroadcastKind, ChunkReason, Recipient, Store
from desktop_app.core.store.delivery import (
    HistoryFilter,
    Outcome,
    Report,
    StatusFilter,
    Tally,
)

P = "shop"


def people(n: int, start: int) -> list[Recipient]:
    return [Recipient(f"+2547{start + i:08d}") for i in range(n)]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(tmp_path / "tuma.sqlite3")
    yield opened
    opened.close()


def accept_all(store: Store, broadcast_id: int, prefix: str) -> list[str]:
    """Send every chunk of a broadcast: accepted, one message id each."""
    ids = []
    for n, chunk in enumerate(store.journal.chunks(broadcast_id)):
        store.journal.mark_sending(chunk.id)
        message_id = f"{prefix}-{n}"
        store.journal.mark_accepted(chunk.id, message_id, 1, len(chunk.phones))
        ids.append(message_id)
    return ids


def report(
    store: Store, profile: str, message_id: str, statuses: dict[str, DeliveryStatus]
) -> None:
    now = datetime.now(UTC)
    reports = [Report(phone, status, str(status)) for phone, status in statuses.items()]
    store.delivery.apply(profile, [(message_id, reports)], now, (timedelta(hours=1),))


@pytest.fixture
def history(store: Store) -> Store:
    journal, delivery = store.journal, store.delivery
    # reported: 3 delivered, 1 failed, 1 on its way, 1 without a word yet (pending)
    done = journal.create_broadcast(BroadcastKind.BULK, "TUMA", "Sale!", people(6, 0), 6, profile=P)
    (mid,) = accept_all(store, done.id, "done")
    delivery.register(P, done.id)
    phones = [r.phone for r in people(6, 0)]
    report(
        store,
        P,
        mid,
        {
            phones[0]: DeliveryStatus.DELIVERED,
            phones[1]: DeliveryStatus.DELIVERED,
            phones[2]: DeliveryStatus.DELIVERED,
            phones[3]: DeliveryStatus.FAILED,
            phones[4]: DeliveryStatus.SENT,
        },
    )
    # all delivered
    good = journal.create_broadcast(
        BroadcastKind.BULK, "TUMA", "Asante", people(2, 10), 2, profile=P
    )
    (gid,) = accept_all(store, good.id, "good")
    delivery.register(P, good.id)
    report(store, P, gid, dict.fromkeys((r.phone for r in people(2, 10)), DeliveryStatus.DELIVERED))
    # given up on: "no report" for the rest (sent more than a day ago)
    old = journal.create_broadcast(BroadcastKind.BULK, "TUMA", "Old", people(3, 20), 3, profile=P)
    (oid,) = accept_all(store, old.id, "old")
    delivery.backdate(old.id, datetime.now(UTC) - timedelta(days=2))
    delivery.register(P, old.id)
    report(store, P, oid, {people(3, 20)[0].phone: DeliveryStatus.DELIVERED})
    # unfinished: one chunk accepted (no reports), one pending, one in doubt, one rejected
    half = journal.create_broadcast(BroadcastKind.BULK, "TUMA", "Half", people(8, 30), 2, profile=P)
    first, second, third, fourth = journal.chunks(half.id)
    journal.mark_sending(first.id)
    journal.mark_accepted(first.id, "half-0", 1, 2)
    journal.mark_sending(third.id)
    journal.mark_in_doubt(third.id, ChunkReason.CONNECTION_LOST)
    journal.mark_sending(fourth.id)
    journal.mark_rejected(fourth.id)
    assert second.id  # left pending
    # a WhatsApp send, one failed
    wa = journal.record_sent(
        BroadcastKind.WHATSAPP,
        "Template",
        ["+254712000001", "+254712000002"],
        profile=P,
        message_id="wa-1",
    )
    delivery.register(P, wa)
    report(store, P, "wa-1", {"+254712000002": DeliveryStatus.REJECTED})
    # another profile's send (never counted)
    other = journal.create_broadcast(
        BroadcastKind.BULK, "TUMA", "Sale!", people(4, 50), 4, profile="q"
    )
    (qid,) = accept_all(store, other.id, "other")
    delivery.register("q", other.id)
    report(store, "q", qid, dict.fromkeys((r.phone for r in people(4, 50)), DeliveryStatus.FAILED))
    return store


def summed(store: Store, f: HistoryFilter) -> Tally:
    total = Tally()
    for row in store.delivery.history(P, f, limit=1000):
        total = total + row.tally
    return total


@pytest.mark.parametrize("status", list(StatusFilter))
@pytest.mark.parametrize("channel", [None, "sms", "whatsapp"])
def test_the_period_tally_is_the_sum_of_the_rows_tallies(
    history: Store, status: StatusFilter, channel: str | None
) -> None:
    f = HistoryFilter(status=status, channel=channel)
    assert history.delivery.period_tally(P, f) == summed(history, f)


def test_the_period_tally_counts_every_outcome(history: Store) -> None:
    tally = history.delivery.period_tally(P, HistoryFilter())
    assert tally.counts == {
        Outcome.DELIVERED: 3 + 2 + 1,
        Outcome.FAILED: 1,
        Outcome.REJECTED: 1,
        Outcome.SENT: 1,
        Outcome.NO_REPORT: 2,
        Outcome.PENDING: 1 + 2 + 1,  # no word yet: done's sixth, half's accepted two, WhatsApp's
    }
    texts = HistoryFilter(text="Sale")
    assert history.delivery.period_tally(P, texts) == summed(history, texts)
    since = HistoryFilter(since=datetime.now(UTC) - timedelta(days=1))
    assert history.delivery.period_tally(P, since)[Outcome.NO_REPORT] == 0
    assert history.delivery.period_tally("nobody", HistoryFilter()) == Tally()


def test_a_send_waiting_for_its_time_is_not_listed_as_unfinished(store: Store) -> None:
    """The "Unfinished or in doubt" filter listed sends scheduled for later (their rounds
    are pending): nothing of them went wrong. Taken off the schedule to go out, and not
    finished, one is listed like any other."""
    from desktop_app.core.store.schedule import Schedule

    journal = store.journal
    waiting = journal.create_broadcast(
        BroadcastKind.BULK, "TUMA", "Kesho", people(2, 40), 2, profile=P
    )
    broken = journal.create_broadcast(
        BroadcastKind.BULK, "TUMA", "Leo", people(2, 50), 2, profile=P
    )
    with store.db.write() as db:
        Schedule.mark(
            db, waiting.id, category="promotional", due_at=datetime.now(UTC) + timedelta(days=1)
        )
    unfinished = HistoryFilter(status=StatusFilter.UNFINISHED)
    listed = [row.broadcast_id for row in store.delivery.history(P, unfinished)]
    assert listed == [broken.id]
    assert store.delivery.history_count(P, unfinished) == 1
    assert store.schedule.release(waiting.id)  # its time came: it goes out, and stops halfway
    listed = [row.broadcast_id for row in store.delivery.history(P, unfinished)]
    assert sorted(listed) == sorted([broken.id, waiting.id])
