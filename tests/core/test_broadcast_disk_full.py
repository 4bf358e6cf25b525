"""The disk fills up in the middle of a broadcast: the runner stops there, says why, keeps
what it knows of the round that could not be written down, and nobody is sent it twice: not
by this run, not by a resume once there is room, not after a restart."""

from __future__ import annotations

import pytest

from desktop_app.core.api import errors
from desktop_app.core.store import ChunkReason, ChunkState, Journal, StoreError, StoreProblem
from tests.core import test_broadcast as base
from tests.core.test_broadcast import FakeClient, bulk, numbers, run, sent_messages, states
from tests.disk import FullDisk, full_disk

pytestmark = pytest.mark.expect_log(
    "could not be written down", "writing recipients rows failed", "could not be put back"
)

# the same journal, and every case run inline and on the store's thread
outbox = base.outbox
journal_calls = base.journal_calls


def _fills(disk: FullDisk) -> None:
    disk.full = True  # while this round's request is out: its reply cannot be written down


def test_a_reply_that_cannot_be_written_stops_the_run_and_is_written_once_there_is_room(
    outbox: Journal,
) -> None:
    bid = bulk(outbox, 12, 5)
    with full_disk(outbox._db) as disk:
        client = FakeClient(None, lambda: _fills(disk))
        outcome = run(client, outbox, bid)
        phones = [r.phone for r in numbers(12)]
        assert [call[1][1] for call in client.calls] == [tuple(phones[0:5]), tuple(phones[5:10])]
        assert isinstance(outcome.error, StoreError)
        assert outcome.error.problem is StoreProblem.DISK_FULL
        assert outcome.stopped
        assert not outcome.finished
        assert outcome.message_ids == ("msg-1",)
        # the second round went out, and stays claimed by this run: nothing sends it again
        assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.SENDING, ChunkState.PENDING]
        (unrecorded,) = outcome.unrecorded
        second = outbox.chunks(bid)[1]
        assert (unrecorded.chunk_id, unrecorded.recipients_sent) == (second.id, 5)

        # still full: a resume claims nothing and sends nothing
        again = FakeClient()
        stopped = run(again, outbox, bid)
        assert again.calls == []
        assert isinstance(stopped.error, StoreError)
        assert states(outbox, bid) == [ChunkState.ACCEPTED, ChunkState.SENDING, ChunkState.PENDING]

        disk.full = False  # the shop deleted some files
        unrecorded.record()
    accepted = outbox.chunks(bid)[1]
    assert (accepted.state, accepted.message_id, accepted.accepted_recipients) == (
        ChunkState.ACCEPTED,
        "msg-2",
        5,
    )
    rest = FakeClient()
    assert run(rest, outbox, bid).finished
    assert [call[1][1] for call in rest.calls] == [tuple(phones[10:12])]
    assert sorted(len(m.recipients) for m in sent_messages(outbox, "shop")) == [2, 5, 5]


def test_after_a_restart_the_round_that_was_not_written_down_is_in_doubt_never_resent(
    outbox: Journal,
) -> None:
    bid = bulk(outbox, 10, 5)
    with full_disk(outbox._db) as disk:
        outcome = run(FakeClient(lambda: _fills(disk)), outbox, bid)
        assert outcome.unrecorded
    outbox.close()  # Tuma quit (or was killed) before there was room again
    with Journal.open(outbox.path) as reopened:
        first, second = reopened.chunks(bid)
        assert (first.state, first.reason) == (ChunkState.IN_DOUBT, ChunkReason.INTERRUPTED)
        assert second.state is ChunkState.PENDING
        client = FakeClient()
        after = run(client, reopened, bid)
        assert [call[1][1] for call in client.calls] == [tuple(r.phone for r in numbers(10)[5:])]
        assert after.in_doubt == 1  # for the user to decide, as any round whose reply was lost


def test_a_full_disk_before_the_first_request_sends_nothing(outbox: Journal) -> None:
    bid = bulk(outbox, 10, 5)
    with full_disk(outbox._db) as disk:
        disk.full = True
        client = FakeClient()
        outcome = run(client, outbox, bid)
    assert client.calls == []
    assert isinstance(outcome.error, StoreError)
    assert outcome.error.problem is StoreProblem.DISK_FULL
    assert outcome.unrecorded == ()
    assert states(outbox, bid) == [ChunkState.PENDING, ChunkState.PENDING]


def test_a_refusal_that_cannot_be_written_is_kept_as_not_sent(outbox: Journal) -> None:
    bid = bulk(outbox, 10, 5)

    def refused() -> None:
        disk.full = True
        raise errors.InvalidRequest(service_message="every number is invalid", http_status=400)

    with full_disk(outbox._db) as disk:
        outcome = run(FakeClient(refused), outbox, bid)
        (unrecorded,) = outcome.unrecorded
        assert unrecorded.recipients_sent == 0
        assert states(outbox, bid) == [ChunkState.SENDING, ChunkState.PENDING]
        disk.full = False
        unrecorded.record()
    assert states(outbox, bid) == [ChunkState.REJECTED, ChunkState.PENDING]
