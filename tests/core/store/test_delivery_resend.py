"""Resend to failed leaves out the failures sending again cannot mend: customers who blocked
promotions or opted out (it would reach someone who refused it, or fail again), and numbers
that are not valid (the network's InvalidMsisdn, or a number the service skipped as
invalid): each counted by why. Every other failure (the phone off, expired, a plain
"failed" or "rejected", ...) may go through another time. Reasons and raw statuses are
matched as statuses are: case, spaces and underscores ignored (CONTRACT.md)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from desktop_app.core.delivery import DeliveryStatus, PermanentFailure
from desktop_app.core.store import BroadcastKind, Recipient, Store
from desktop_app.core.store.delivery import Failures, Report

P = "shop"
BLOCKED = PermanentFailure.BLOCKED
INVALID = PermanentFailure.INVALID_NUMBER
F, R = DeliveryStatus.FAILED, DeliveryStatus.REJECTED

#: (phone, status, raw status, reason, why sending again cannot help or None), in sending order
CASES: list[tuple[str, DeliveryStatus, str, str | None, PermanentFailure | None]] = [
    ("+254711200001", F, "UserInBlacklist", "UserInBlacklist", BLOCKED),
    ("+254711200002", F, "AbsentSubscriber", "AbsentSubscriber", None),  # the phone was off
    ("+254711200003", F, "SenderBlacklisted", "SenderBlacklisted", BLOCKED),
    ("+254711200004", F, "UNDELIV", "SenderName Blacklisted", BLOCKED),  # the reason says it
    ("+254711200005", F, "SubscriberOptedOut", None, BLOCKED),  # the raw status says it
    ("+254711200006", F, "DeliveryImpossible", "DeliveryImpossible", None),
    ("+254711200007", F, "InvalidMsisdn", "InvalidMsisdn", INVALID),
    ("+254711200008", F, "Expired", "Expired", None),
    ("+254711200009", F, "Undelivered", None, None),
    ("+254711200010", F, "failed", None, None),
    ("+254711200011", R, "REJECTD", None, None),  # rejected without a reason of those
    ("+254711200012", F, "user_in_blacklist", None, BLOCKED),  # underscores and case
    ("+254711200013", F, "failed", "subscriber opted out", BLOCKED),  # spaces and case
    ("+254711200014", F, "UNDELIV", "Invalid MSISDN", INVALID),
    ("+254711200015", R, "rejected", "SENDER_BLACKLISTED", BLOCKED),
]
DELIVERED = "+254711200016"
BAD = "+25471120001"  # one digit short: the service skipped it as invalid


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(tmp_path / "tuma.sqlite3")
    yield opened
    opened.close()


def reported_send(store: Store) -> int:
    """A one-chunk bulk send the service accepted (skipping BAD), with a report for each."""
    phones = [c[0] for c in CASES[:7]] + [BAD] + [c[0] for c in CASES[7:]] + [DELIVERED]
    journal = store.journal
    broadcast = journal.create_broadcast(
        BroadcastKind.BULK, "TUMA", "Sale!", [Recipient(p) for p in phones], 500, profile=P
    )
    (chunk,) = journal.chunks(broadcast.id)
    journal.mark_sending(chunk.id)
    accepted = len(phones) - 1
    journal.mark_accepted(chunk.id, "m-1", 1, accepted, recipients=accepted, invalid=[BAD])
    store.delivery.sync(P)  # BAD: rejected as skipped at once
    reports = [Report(phone, status, raw, reason) for phone, status, raw, reason, _ in CASES]
    reports.append(Report(DELIVERED, DeliveryStatus.DELIVERED, "DeliveredToTerminal"))
    store.delivery.apply(P, [("m-1", reports)], datetime.now(UTC), (timedelta(seconds=10),))
    return broadcast.id


def test_resend_to_failed_leaves_out_who_blocked_promotions_and_numbers_that_are_not_valid(
    store: Store,
) -> None:
    broadcast_id = reported_send(store)
    temporary = [phone for phone, *_rest, why in CASES if why is None]
    blocked = [phone for phone, *_rest, why in CASES if why is BLOCKED]
    assert store.delivery.failed_phones(P, broadcast_id) == temporary
    # the opt-out list's candidates: those who blocked promotions, and those who opted out
    assert store.delivery.blocked_phones(P, broadcast_id) == blocked


def test_the_failures_of_a_send_split_by_why(store: Store) -> None:
    broadcast_id = reported_send(store)
    failures = store.delivery.failures(P, broadcast_id)
    assert failures == Failures(
        resendable=tuple(phone for phone, *_rest, why in CASES if why is None),
        left_out={
            BLOCKED: tuple(phone for phone, *_rest, why in CASES if why is BLOCKED),
            INVALID: ("+254711200007", BAD, "+254711200014"),  # in sending order
        },
    )
    assert failures.left_out_counts() == {BLOCKED: 7, INVALID: 3}
    assert failures.blocked == failures.left_out[BLOCKED]
    # the history's row counts from its tally (no reasons): an upper bound, read for free
    row = store.delivery.broadcast_row(P, broadcast_id)
    assert row is not None
    assert (row.tally.failed, row.skipped, row.resendable) == (16, 1, 15)
    assert len(failures.resendable) == 6


def test_a_send_whose_failures_are_all_permanent_has_nobody_to_resend(store: Store) -> None:
    journal = store.journal
    phones = ["+254711300001", "+254711300002", "+254711300003"]
    broadcast = journal.create_broadcast(
        BroadcastKind.BULK, "TUMA", "Sale!", [Recipient(p) for p in phones], 500, profile=P
    )
    (chunk,) = journal.chunks(broadcast.id)
    journal.mark_sending(chunk.id)
    journal.mark_accepted(chunk.id, "m-2", 1, 3, recipients=3)
    store.delivery.sync(P)
    reports = [
        Report(phones[0], F, "SenderBlacklisted", "SenderBlacklisted"),
        Report(phones[1], F, "InvalidMsisdn", "InvalidMsisdn"),
        Report(phones[2], DeliveryStatus.DELIVERED, "DeliveredToTerminal"),
    ]
    store.delivery.apply(P, [("m-2", reports)], datetime.now(UTC), (timedelta(seconds=10),))
    assert store.delivery.failed_phones(P, broadcast.id) == []
    failures = store.delivery.failures(P, broadcast.id)
    assert failures.resendable == ()
    assert failures.left_out_counts() == {BLOCKED: 1, INVALID: 1}
    # another profile's view of it: nothing
    assert store.delivery.failures("another shop", broadcast.id) == Failures()
