"""Numbers the service skipped as invalid when it accepted the rest of a request: no report
ever comes for them, so the delivery records say so themselves the moment the message is
followed: rejected, with the reason SKIPPED_AS_INVALID, final (never "no report", never looked
up for), counted in the send's tally, left out of "Resend to failed" and of the duplicate-send
guard; the message stops being followed once the others are final. Sends of an older file
(schema step 10) are put right when it is opened."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from desktop_app.core.delivery import SKIPPED_AS_INVALID, DeliveryStatus
from desktop_app.core.store import BroadcastKind, Recipient, Store
from desktop_app.core.store.db import schema_version
from desktop_app.core.store.delivery import HistoryFilter, Outcome, Report, StatusFilter
from desktop_app.core.store.journal import content_key

P = "shop"
A, B, C = "+254711100001", "+254711100002", "+254711100003"
BAD = "+25471110000"  # one digit short: the service skips it
BACKOFF = (timedelta(seconds=10),)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(tmp_path / "tuma.sqlite3")
    yield opened
    opened.close()


def accepted_send(store: Store, phones: list[str], invalid: list[str], message_id: str) -> int:
    """A one-chunk bulk send the service accepted, skipping *invalid*."""
    journal = store.journal
    broadcast = journal.create_broadcast(
        BroadcastKind.BULK, "TUMA", "Sale!", [Recipient(p) for p in phones], 500, profile=P
    )
    (chunk,) = journal.chunks(broadcast.id)
    journal.mark_sending(chunk.id)
    journal.mark_accepted(
        chunk.id,
        message_id,
        1,
        len(phones) - len(invalid),
        recipients=len(phones) - len(invalid),
        invalid=invalid,
    )
    return broadcast.id


def shown(store: Store, broadcast_id: int) -> dict[str, tuple[Outcome | None, str | None]]:
    return {
        row.phone: (row.outcome, row.reason) for row in store.delivery.recipients(P, broadcast_id)
    }


def reports(**statuses: DeliveryStatus) -> list[Report]:
    phones = {"a": A, "b": B, "c": C}
    return [Report(phones[k], status, str(status)) for k, status in statuses.items()]


def test_a_skipped_number_is_rejected_as_soon_as_the_send_is_followed(store: Store) -> None:
    broadcast_id = accepted_send(store, [A, BAD, B], [BAD], "m-1")
    assert store.delivery.sync(P) == 1
    # no look-up yet: the others wait for their report, the skipped one is final already
    assert shown(store, broadcast_id) == {
        A: (Outcome.PENDING, None),
        BAD: (Outcome.REJECTED, SKIPPED_AS_INVALID),
        B: (Outcome.PENDING, None),
    }
    (bad,) = [r for r in store.delivery.recipients(P, broadcast_id) if r.phone == BAD]
    assert bad.raw_status is None  # no network said anything about it
    assert not bad.no_report
    row = store.delivery.broadcast_row(P, broadcast_id)
    assert row is not None
    assert row.tally.counts == {Outcome.REJECTED: 1, Outcome.PENDING: 2}
    assert (row.skipped, row.resendable) == (1, 0)
    waiting = store.delivery.history(P, HistoryFilter(status=StatusFilter.WAITING))
    assert [r.broadcast_id for r in waiting] == [broadcast_id]
    listed = store.delivery.recipients(P, broadcast_id, outcomes=[Outcome.REJECTED])
    assert [r.phone for r in listed] == [BAD]
    # syncing again changes nothing
    store.delivery.sync(P)
    again = store.delivery.broadcast_row(P, broadcast_id)
    assert again is not None
    assert (again.tally, again.skipped) == (row.tally, 1)

    # the others' reports end it: everyone final, no longer looked up
    moment = datetime.now(UTC)
    store.delivery.apply(
        P, [("m-1", reports(a=DeliveryStatus.DELIVERED, b=DeliveryStatus.FAILED))], moment, BACKOFF
    )
    assert store.delivery.following(P) == 0
    row = store.delivery.broadcast_row(P, broadcast_id)
    assert row is not None
    assert row.tally.counts == {
        Outcome.DELIVERED: 1,
        Outcome.FAILED: 1,
        Outcome.REJECTED: 1,
    }
    assert (row.tally.failed, row.skipped, row.resendable) == (2, 1, 1)
    # Resend to failed: the failed one, not the number the service would skip again
    assert store.delivery.failed_phones(P, broadcast_id) == [B]
    failed = store.delivery.history(P, HistoryFilter(status=StatusFilter.FAILED))
    assert [r.broadcast_id for r in failed] == [broadcast_id]
    for status in (StatusFilter.WAITING, StatusFilter.DELIVERED):
        assert store.delivery.history(P, HistoryFilter(status=status)) == []
    assert store.delivery.period_tally(P, HistoryFilter()) == row.tally


def test_a_skipped_number_is_never_no_report(store: Store) -> None:
    broadcast_id = accepted_send(store, [A, BAD, B], [BAD], "m-1")
    store.delivery.register(P, broadcast_id)
    later = datetime.now(UTC) + timedelta(hours=25)
    store.delivery.apply(P, [("m-1", reports(a=DeliveryStatus.DELIVERED))], later, BACKOFF)
    assert shown(store, broadcast_id) == {
        A: (Outcome.DELIVERED, None),
        BAD: (Outcome.REJECTED, SKIPPED_AS_INVALID),
        B: (Outcome.NO_REPORT, None),
    }
    row = store.delivery.broadcast_row(P, broadcast_id)
    assert row is not None
    assert row.tally.counts == {
        Outcome.DELIVERED: 1,
        Outcome.REJECTED: 1,
        Outcome.NO_REPORT: 1,
    }


def test_the_message_stops_being_followed_when_the_rest_is_final(store: Store) -> None:
    """Only the skipped number was left without a final word: one more look-up ends it
    (it used to go on being looked up for a day)."""
    broadcast_id = accepted_send(store, [A, BAD], [BAD], "m-1")
    store.delivery.register(P, broadcast_id)
    assert store.delivery.following(P) == 1
    store.delivery.apply(
        P, [("m-1", reports(a=DeliveryStatus.DELIVERED))], datetime.now(UTC), BACKOFF
    )
    assert store.delivery.following(P) == 0


def test_a_number_named_another_way_is_matched(store: Store) -> None:
    """The service lists the numbers as given; one written as 2547… still finds its
    recipient (CONTRACT.md: the client is tolerant)."""
    broadcast_id = accepted_send(store, [A, B, C], [B.lstrip("+")], "m-1")
    store.delivery.sync(P)
    assert shown(store, broadcast_id)[B] == (Outcome.REJECTED, SKIPPED_AS_INVALID)
    row = store.delivery.broadcast_row(P, broadcast_id)
    assert row is not None
    assert row.tally.counts == {Outcome.REJECTED: 1, Outcome.PENDING: 2}


def test_a_survey_lists_its_skipped_number_too(store: Store) -> None:
    survey = store.journal.record_sent(
        BroadcastKind.SURVEY,
        "Survey SRV-1",
        [A, BAD],
        profile=P,
        message_id="m-srv",
        accepted_recipients=1,
        invalid=[BAD],
    )
    store.delivery.sync(P)
    assert shown(store, survey) == {
        A: (Outcome.PENDING, None),
        BAD: (Outcome.REJECTED, SKIPPED_AS_INVALID),
    }
    info = store.delivery.message_info(P, "m-srv")
    assert info is not None
    assert info[1] == 2  # expected: both


def test_the_guard_does_not_count_a_skipped_number(store: Store) -> None:
    """Before the Delivery tab has followed the send, too: it never got the message."""
    accepted_send(store, [A, BAD], [BAD], "m-1")
    key = content_key(BroadcastKind.BULK, "Sale!")
    since = datetime.now(UTC) - timedelta(hours=1)
    found = store.history.prior_sends(P, [(A, key), (BAD, key)], since)
    assert [p.phone for p in found] == [A]


def test_an_older_file_is_put_right_when_opened(tmp_path: Path) -> None:
    """Schema step 10 and before: the skipped number of a send given up on is "no report",
    that of a send still followed is waiting (and keeps it followed), and a survey's was not
    listed at all. Opening the file records each as rejected and moves the tallies."""
    path = tmp_path / "tuma.sqlite3"
    store = Store(path)
    try:
        old = accepted_send(store, [A, BAD, B], [BAD], "m-old")
        recent = accepted_send(store, [A, BAD], [BAD], "m-recent")
        survey = store.journal.record_sent(
            BroadcastKind.SURVEY,
            "Survey SRV-1",
            [C, BAD],
            profile=P,
            message_id="m-srv",
            accepted_recipients=1,
            invalid=[BAD],
        )
    finally:
        store.close()
    # what the code before wrote for them
    raw = sqlite3.connect(path)
    at = datetime.now(UTC).isoformat(timespec="microseconds")
    columns = {row[1] for row in raw.execute("PRAGMA table_info(delivery_messages)")}
    if "skipped" in columns:  # the column step 11 adds
        raw.execute("ALTER TABLE delivery_messages DROP COLUMN skipped")
    raw.executescript(
        f"""
        DELETE FROM recipients WHERE broadcast_id = {survey} AND phone = '{BAD}';
        INSERT INTO delivery_messages (profile, message_id, broadcast_id, chunk_id, sent_at,
            expected, attempts, next_check)
        SELECT '{P}', c.message_id, c.broadcast_id, c.id, c.sent_at,
            (SELECT COUNT(*) FROM recipients r WHERE r.chunk_id = c.id), 3,
            CASE WHEN c.message_id = 'm-recent' THEN '{at}' END
        FROM chunks c;
        INSERT INTO delivery_status (profile, message_id, phone, status, raw_status,
            no_report, updated_at) VALUES
            ('{P}', 'm-old', '{A}', 'delivered', 'DeliveredToTerminal', 0, '{at}'),
            ('{P}', 'm-old', '{B}', 'failed', 'AbsentSubscriber', 0, '{at}'),
            ('{P}', 'm-old', '{BAD}', 'unknown', NULL, 1, '{at}'),
            ('{P}', 'm-recent', '{A}', 'delivered', 'DeliveredToTerminal', 0, '{at}'),
            ('{P}', 'm-srv', '{C}', 'delivered', 'DeliveredToTerminal', 0, '{at}');
        INSERT INTO delivery_tally (broadcast_id, outcome, n) VALUES
            ({old}, 'delivered', 1), ({old}, 'failed', 1), ({old}, 'no_report', 1),
            ({recent}, 'delivered', 1), ({survey}, 'delivered', 1);
        PRAGMA user_version = 10;
        """
    )
    raw.close()

    store = Store(path)
    try:
        delivery = store.delivery
        assert shown(store, old)[BAD] == (Outcome.REJECTED, SKIPPED_AS_INVALID)
        row = delivery.broadcast_row(P, old)
        assert row is not None
        assert row.tally.counts == {
            Outcome.DELIVERED: 1,
            Outcome.FAILED: 1,
            Outcome.REJECTED: 1,
        }
        assert (row.skipped, row.resendable) == (1, 1)
        assert delivery.failed_phones(P, old) == [B]
        assert shown(store, recent)[BAD] == (Outcome.REJECTED, SKIPPED_AS_INVALID)
        row = delivery.broadcast_row(P, recent)
        assert row is not None
        assert row.tally.counts == {Outcome.DELIVERED: 1, Outcome.REJECTED: 1}
        assert delivery.following(P) == 0  # everyone in it is final now
        assert shown(store, survey) == {
            C: (Outcome.DELIVERED, None),
            BAD: (Outcome.REJECTED, SKIPPED_AS_INVALID),
        }
        info = delivery.message_info(P, "m-srv")
        assert info is not None
        assert info[1] == 2
        with_rows = delivery.history(P, HistoryFilter(status=StatusFilter.DELIVERED))
        assert with_rows == []
    finally:
        store.close()
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == schema_version()
    finally:
        raw.close()
