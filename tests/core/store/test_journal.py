"""The broadcast journal: broadcasts written down before sending, durable chunk states,
recovery of interrupted sends; and the store file they live in."""

from __future__ import annotations

import gc
import os
import sqlite3
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from desktop_app.core.store import (
    BroadcastKind,
    ChunkReason,
    ChunkState,
    Journal,
    Recipient,
    SentHistory,
    StoreError,
    StoreProblem,
)

REPO = Path(__file__).resolve().parents[3]


def problem(info: pytest.ExceptionInfo[StoreError]) -> StoreProblem:
    return info.value.problem


def phones(n: int, start: int = 0) -> list[Recipient]:
    return [Recipient(f"+2547{start + i:08d}") for i in range(n)]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tuma.sqlite3"


@pytest.fixture
def outbox(db_path: Path) -> Iterator[Journal]:
    box = Journal.open(db_path)
    yield box
    box.close()


def sent_messages(journal: Journal, profile: str, limit: int = 200):  # type: ignore[no-untyped-def]
    """What the Delivery tab lists (sent history, on the journal's own connection)."""
    return SentHistory(journal._db).sent_messages(profile, limit)


def run_python(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        check=False,
    )


def test_default_location_is_the_data_dir(isolated_user_dirs: Path) -> None:
    with Journal.open() as box:
        assert box.path == isolated_user_dirs / "data" / "tuma" / "tuma.sqlite3"
        assert box.path.exists()


def test_the_first_release_file_is_taken_over(isolated_user_dirs: Path) -> None:
    """0.1 kept the same tables in outbox.sqlite3: its broadcasts are still there after."""
    legacy = isolated_user_dirs / "data" / "tuma" / "outbox.sqlite3"
    legacy.parent.mkdir(parents=True, exist_ok=True)
    with Journal.open(legacy) as old:
        broadcast = old.create_broadcast(
            BroadcastKind.BULK, "TUMA", "Kept", phones(2), 2, profile="p"
        )
    with Journal.open() as box:
        assert box.path.name == "tuma.sqlite3"
        assert [b.text for b in box.unfinished("p")] == ["Kept"]
        assert box.broadcast(broadcast.id).recipients == 2
    assert not legacy.exists()


def test_wal_and_full_sync(outbox: Journal, db_path: Path) -> None:
    db = outbox._db.connection
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_broadcast_and_all_chunks_are_on_disk_before_sending(
    outbox: Journal, db_path: Path
) -> None:
    created = outbox.create_broadcast(
        BroadcastKind.BULK, "TUMA", "Karibu!", phones(12), 5, profile="Shop"
    )
    assert created.recipients == 12
    assert created.chunks_total == 3
    assert created.pending == 3
    assert created.recipients_pending == 12
    assert not created.is_finished
    # another connection (another process would see the same) reads it all back
    raw = sqlite3.connect(db_path)
    try:
        rows = raw.execute(
            "SELECT seq, state, size FROM chunks WHERE broadcast_id = ? ORDER BY seq",
            (created.id,),
        ).fetchall()
    finally:
        raw.close()
    assert rows == [(0, "pending", 5), (1, "pending", 5), (2, "pending", 2)]
    with Journal.open(db_path) as other:
        chunks = other.chunks(created.id)
        assert [c.phones for c in chunks] == [
            tuple(r.phone for r in phones(12)[i : i + 5]) for i in (0, 5, 10)
        ]
        assert other.broadcast(created.id) == created


def test_single_and_tracked_go_one_number_per_chunk(outbox: Journal) -> None:
    single = outbox.create_broadcast(
        BroadcastKind.SINGLE, "TUMA", "Hi", phones(3), 500, profile="p"
    )
    assert single.chunk_size == 1
    assert single.chunks_total == 3
    tracked = outbox.create_broadcast(
        BroadcastKind.TRACKED, "TUMA", "Hi", phones(3), 500, profile="p"
    )
    ids = [c.tracking_id for c in outbox.chunks(tracked.id)]
    assert all(ids)
    assert len(set(ids)) == 3
    assert all(c.tracking_id is None for c in outbox.chunks(single.id))


def test_personalised_keeps_each_text(outbox: Journal) -> None:
    recipients = [Recipient("+254700000001", "Hi Amina"), Recipient("+254700000002", "Hi Baraka")]
    created = outbox.create_broadcast(
        BroadcastKind.PERSONALIZED, "TUMA", "Hi {first_name}", recipients, 1000, profile="p"
    )
    (chunk,) = outbox.chunks(created.id)
    assert chunk.recipients == tuple(recipients)


@pytest.mark.parametrize(
    ("kind", "text", "recipients", "size", "expected"),
    [
        (BroadcastKind.BULK, "Hi", [], 5, StoreProblem.NO_RECIPIENTS),
        (BroadcastKind.BULK, "", phones(2), 5, StoreProblem.EMPTY_TEXT),
        (BroadcastKind.BULK, "Hi", phones(2), 0, StoreProblem.BAD_CHUNK_SIZE),
        (BroadcastKind.BULK, "Hi", phones(2), 1001, StoreProblem.BAD_CHUNK_SIZE),
        (BroadcastKind.PERSONALIZED, "Hi", phones(2), 5, StoreProblem.EMPTY_TEXT),
    ],
)
def test_create_refuses_bad_broadcasts(
    outbox: Journal,
    kind: BroadcastKind,
    text: str,
    recipients: list[Recipient],
    size: int,
    expected: StoreProblem,
) -> None:
    with pytest.raises(StoreError) as info:
        outbox.create_broadcast(kind, "TUMA", text, recipients, size, profile="p")
    assert problem(info) is expected
    if expected is StoreProblem.BAD_CHUNK_SIZE:
        assert info.value.data == {"size": size, "most": 1000}  # between 1 and 1000
    assert outbox.broadcasts("p") == []


def test_chunk_state_machine(outbox: Journal) -> None:
    b = outbox.create_broadcast(BroadcastKind.BULK, "TUMA", "Hi", phones(10), 2, profile="p")
    first, second, third, fourth, fifth = outbox.chunks(b.id)

    outbox.mark_sending(first.id)
    assert outbox.chunk(first.id).state is ChunkState.SENDING
    assert outbox.chunk(first.id).attempts == 1
    with pytest.raises(StoreError) as info:
        outbox.mark_sending(first.id)  # a second claim never succeeds
    assert problem(info) is StoreProblem.ILLEGAL_MOVE
    assert info.value.data["state"] is ChunkState.SENDING  # not pending
    outbox.mark_accepted(first.id, "m-1", 1, 1, recipients=1, invalid=[first.phones[1]])
    accepted = outbox.chunk(first.id)
    assert accepted.state is ChunkState.ACCEPTED
    assert (accepted.message_id, accepted.parts, accepted.credits) == ("m-1", 1, 1)
    assert accepted.invalid == (first.phones[1],)
    assert accepted.sent_at is not None
    with pytest.raises(StoreError) as info:
        outbox.mark_pending(first.id)
    assert info.value.data["state"] is ChunkState.ACCEPTED

    outbox.mark_sending(second.id)
    outbox.mark_rejected(second.id, ChunkReason.REFUSED, "Every number is invalid.")
    assert outbox.chunk(second.id).reason is ChunkReason.REFUSED
    assert outbox.chunk(second.id).detail == "Every number is invalid."

    outbox.mark_sending(third.id)
    outbox.mark_pending(third.id)  # refused before it left: may be sent again
    assert outbox.chunk(third.id).state is ChunkState.PENDING

    outbox.mark_sending(fourth.id)
    outbox.mark_in_doubt(fourth.id, ChunkReason.CONNECTION_LOST)
    with pytest.raises(StoreError):
        outbox.mark_sending(fourth.id)  # in doubt is never sent again on its own
    with pytest.raises(StoreError):
        outbox.mark_pending(fourth.id)

    with pytest.raises(StoreError):
        outbox.mark_in_doubt(fifth.id, ChunkReason.CONNECTION_LOST)  # only one being sent
    with pytest.raises(StoreError):
        outbox.mark_accepted(fifth.id, "m", 1, 1)
    with pytest.raises(StoreError):
        outbox.resolve_in_doubt(fifth.id, sent=True)
    with pytest.raises(StoreError) as info:
        outbox.mark_sending(99999)
    assert problem(info) is StoreProblem.NOT_FOUND  # no chunk

    summary = outbox.broadcast(b.id)
    assert (summary.accepted, summary.rejected, summary.pending, summary.in_doubt) == (1, 1, 2, 1)
    assert summary.recipients_accepted == 1
    assert summary.recipients_in_doubt == 2


def test_resolve_in_doubt(outbox: Journal) -> None:
    b = outbox.create_broadcast(BroadcastKind.BULK, "TUMA", "Hi", phones(4), 2, profile="p")
    one, two = outbox.chunks(b.id)
    for chunk in (one, two):
        outbox.mark_sending(chunk.id)
        outbox.mark_in_doubt(chunk.id, ChunkReason.CONNECTION_LOST)
    outbox.resolve_in_doubt(one.id, sent=True)
    outbox.resolve_in_doubt(two.id, sent=False)
    assert outbox.chunk(one.id).state is ChunkState.ACCEPTED
    assert outbox.chunk(one.id).message_id is None
    assert outbox.chunk(two.id).state is ChunkState.PENDING
    with pytest.raises(StoreError):
        outbox.resolve_in_doubt(one.id, sent=False)
    # accepted-without-id cannot be looked up, so it is not on the Delivery tab
    assert sent_messages(outbox, "p") == []


def test_late_answer_can_settle_an_in_doubt_chunk(outbox: Journal) -> None:
    b = outbox.create_broadcast(BroadcastKind.BULK, "TUMA", "Hi", phones(2), 2, profile="p")
    (chunk,) = outbox.chunks(b.id)
    outbox.mark_sending(chunk.id)
    outbox.mark_in_doubt(chunk.id, ChunkReason.CONNECTION_LOST)
    outbox.mark_accepted(chunk.id, "m-late", 1, 2)
    assert outbox.chunk(chunk.id).state is ChunkState.ACCEPTED


def test_unfinished_lists_pending_or_in_doubt_per_profile(outbox: Journal) -> None:
    done = outbox.create_broadcast(BroadcastKind.BULK, "TUMA", "a", phones(2), 2, profile="p")
    waiting = outbox.create_broadcast(BroadcastKind.BULK, "TUMA", "b", phones(2), 2, profile="p")
    doubtful = outbox.create_broadcast(BroadcastKind.BULK, "TUMA", "c", phones(2), 2, profile="p")
    outbox.create_broadcast(BroadcastKind.BULK, "TUMA", "d", phones(2), 2, profile="other")
    (c,) = outbox.chunks(done.id)
    outbox.mark_sending(c.id)
    outbox.mark_accepted(c.id, "m", 1, 2)
    (c,) = outbox.chunks(doubtful.id)
    outbox.mark_sending(c.id)
    outbox.mark_in_doubt(c.id, ChunkReason.CONNECTION_LOST)
    assert [b.id for b in outbox.unfinished("p")] == [waiting.id, doubtful.id]
    assert outbox.broadcast(done.id).is_finished
    assert [b.text for b in outbox.unfinished("other")] == ["d"]
    assert outbox.unfinished("nobody") == []

    assert outbox.cancel_pending(waiting.id) == 1
    assert [b.id for b in outbox.unfinished("p")] == [doubtful.id]
    assert outbox.broadcast(waiting.id).cancelled == 1
    assert [b.id for b in outbox.broadcasts("p")] == [doubtful.id, waiting.id, done.id]


def test_sent_messages_feed_the_delivery_tab(outbox: Journal) -> None:
    bulk = outbox.create_broadcast(BroadcastKind.BULK, "TUMA", "Sale!", phones(5), 3, profile="p")
    first, second = outbox.chunks(bulk.id)
    outbox.mark_sending(first.id)
    outbox.mark_accepted(first.id, "m-1", 1, 2, recipients=2, invalid=[first.phones[0]])
    outbox.mark_sending(second.id)
    outbox.mark_accepted(second.id, "m-2", 1, 2)
    personal = outbox.create_broadcast(
        BroadcastKind.PERSONALIZED,
        "TUMA",
        "",
        [Recipient("+254700000009", "Hi Zawadi")],
        5,
        profile="p",
    )
    (chunk,) = outbox.chunks(personal.id)
    outbox.mark_sending(chunk.id)
    outbox.mark_accepted(chunk.id, "m-3", 1, 1)
    other = outbox.create_broadcast(BroadcastKind.BULK, "TUMA", "x", phones(1), 3, profile="q")
    (chunk,) = outbox.chunks(other.id)
    outbox.mark_sending(chunk.id)
    outbox.mark_accepted(chunk.id, "m-other", 1, 1)

    sent = sent_messages(outbox, "p")
    assert [m.message_id for m in sent] == ["m-3", "m-2", "m-1"]
    assert sent[0].text == "Hi Zawadi"
    assert sent[0].kind is BroadcastKind.PERSONALIZED
    assert sent[2].recipients == first.phones[1:]  # the skipped invalid number is not listed
    assert sent[2].text == "Sale!"
    assert (sent[2].parts, sent[2].credits, sent[2].broadcast_id) == (1, 2, bulk.id)
    assert sent[2].sent_at.tzinfo is not None
    assert sent[1].recipients == second.phones
    assert [m.message_id for m in sent_messages(outbox, "p", limit=1)] == ["m-3"]
    assert [m.message_id for m in sent_messages(outbox, "q")] == ["m-other"]


def test_record_sent_lists_a_direct_send_for_the_delivery_tab(outbox: Journal) -> None:
    """A WhatsApp template or a survey is one request, accepted before it is recorded: it is
    listed with the SMS sends, and is never pending, in doubt or resumable."""
    bulk = outbox.create_broadcast(BroadcastKind.BULK, "TUMA", "Sale!", phones(1), 3, profile="p")
    (chunk,) = outbox.chunks(bulk.id)
    outbox.mark_sending(chunk.id)
    outbox.mark_accepted(chunk.id, "m-sms", 1, 1)
    whatsapp_id = outbox.record_sent(
        BroadcastKind.WHATSAPP,
        "WhatsApp template order_ready (en)",
        ["+254712345678"],
        profile="p",
        message_id="m-wa",
    )
    survey_id = outbox.record_sent(
        BroadcastKind.SURVEY,
        "Survey SRV-1",
        ["+254700000001", "+254700000002", "+25470"],
        profile="p",
        message_id="m-srv",
        parts=2,
        credits=4,
        accepted_recipients=2,
        invalid=["+25470"],
    )
    outbox.record_sent(
        BroadcastKind.SURVEY, "Survey X", ["+254700000003"], profile="q", message_id="m-q"
    )

    sent = sent_messages(outbox, "p")
    assert [m.message_id for m in sent] == ["m-srv", "m-wa", "m-sms"]
    survey, whatsapp = sent[0], sent[1]
    assert survey.broadcast_id == survey_id
    assert whatsapp.broadcast_id == whatsapp_id
    assert whatsapp.kind is BroadcastKind.WHATSAPP
    assert whatsapp.recipients == ("+254712345678",)
    assert whatsapp.text == "WhatsApp template order_ready (en)"
    assert (whatsapp.parts, whatsapp.credits, whatsapp.sender_id) == (None, None, "")
    assert whatsapp.sent_at.tzinfo is not None
    assert survey.kind is BroadcastKind.SURVEY
    assert survey.recipients == ("+254700000001", "+254700000002")  # the skipped one is not
    assert (survey.parts, survey.credits) == (2, 4)
    assert [m.message_id for m in sent_messages(outbox, "q")] == ["m-q"]

    record = outbox.broadcast(survey.broadcast_id)
    assert (record.kind, record.profile, record.text) == (BroadcastKind.SURVEY, "p", "Survey SRV-1")
    assert (record.accepted, record.pending, record.in_doubt) == (1, 0, 0)
    assert record.recipients_accepted == 2
    assert record.is_finished
    (chunk,) = outbox.chunks(survey.broadcast_id)
    assert (chunk.state, chunk.message_id, chunk.invalid) == (
        ChunkState.ACCEPTED,
        "m-srv",
        ("+25470",),
    )
    assert outbox.unfinished("p") == []


def test_record_sent_survives_reopening(db_path: Path) -> None:
    with Journal.open(db_path) as box:
        box.record_sent(
            BroadcastKind.WHATSAPP,
            "WhatsApp template t (sw)",
            ["+254712345678"],
            profile="p",
            message_id="m-1",
        )
    with Journal.open(db_path) as box:
        assert [(m.message_id, m.kind) for m in sent_messages(box, "p")] == [
            ("m-1", BroadcastKind.WHATSAPP)
        ]


@pytest.mark.parametrize(
    ("recipients", "message_id", "text", "error"),
    [
        ([], "m-1", "Survey S", StoreProblem.NO_RECIPIENTS),
        (["+254712345678"], "", "Survey S", StoreProblem.NO_MESSAGE_ID),
        (["+254712345678"], "m-1", "", StoreProblem.EMPTY_TEXT),
    ],
)
def test_record_sent_refuses_incomplete_records(
    outbox: Journal, recipients: list[str], message_id: str, text: str, error: StoreProblem
) -> None:
    with pytest.raises(StoreError) as info:
        outbox.record_sent(
            BroadcastKind.SURVEY, text, recipients, profile="p", message_id=message_id
        )
    assert problem(info) is error
    assert sent_messages(outbox, "p") == []
    assert outbox.broadcasts("p") == []


@pytest.mark.parametrize("kind", [BroadcastKind.WHATSAPP, BroadcastKind.SURVEY])
def test_direct_send_kinds_cannot_be_queued_as_broadcasts(
    outbox: Journal, kind: BroadcastKind
) -> None:
    """The runner would send them as SMS: only record_sent may write them."""
    with pytest.raises(StoreError) as info:
        outbox.create_broadcast(kind, "TUMA", "Survey S", phones(1), 5, profile="p")
    assert problem(info) is StoreProblem.NOT_A_BROADCAST  # record_sent writes them
    assert outbox.broadcasts("p") == []


# --- recovery of interrupted sends -------------------------------------------------------------


def test_reopening_after_a_crash_marks_sending_chunks_in_doubt(db_path: Path) -> None:
    box = Journal.open(db_path)
    b = box.create_broadcast(BroadcastKind.BULK, "TUMA", "Hi", phones(6), 2, profile="p")
    first, second, _ = box.chunks(b.id)
    box.mark_sending(first.id)
    box.mark_accepted(first.id, "m-1", 1, 2)
    box.mark_sending(second.id)
    box.close()  # the run stopped with `second` in flight

    with Journal.open(db_path) as reopened:
        assert reopened.recovered == 1
        states = [c.state for c in reopened.chunks(b.id)]
        assert states == [ChunkState.ACCEPTED, ChunkState.IN_DOUBT, ChunkState.PENDING]
        assert reopened.chunk(second.id).reason is ChunkReason.INTERRUPTED
        unfinished = reopened.unfinished("p")
        assert [u.id for u in unfinished] == [b.id]
        assert (unfinished[0].pending, unfinished[0].in_doubt) == (1, 1)


def test_a_dropped_instance_counts_as_interrupted(db_path: Path) -> None:
    box = Journal.open(db_path)
    b = box.create_broadcast(BroadcastKind.BULK, "TUMA", "Hi", phones(2), 2, profile="p")
    (chunk,) = box.chunks(b.id)
    box.mark_sending(chunk.id)
    with Journal.open(db_path) as other:  # the sender is still open: its chunk is not touched
        assert other.recovered == 0
        assert other.chunk(chunk.id).state is ChunkState.SENDING
    del box
    gc.collect()
    with Journal.open(db_path) as other:
        assert other.chunk(chunk.id).state is ChunkState.IN_DOUBT


def test_a_killed_process_leaves_its_chunk_in_doubt(db_path: Path) -> None:
    with Journal.open(db_path) as box:
        b = box.create_broadcast(BroadcastKind.BULK, "TUMA", "Hi", phones(4), 2, profile="p")
        first, second = box.chunks(b.id)
    result = run_python(
        """
        import os, signal, sys
        from pathlib import Path
        from desktop_app.core.store import Journal
        box = Journal.open(Path(sys.argv[1]))
        box.mark_sending(int(sys.argv[2]))
        os.kill(os.getpid(), signal.SIGKILL)
        """,
        str(db_path),
        str(first.id),
    )
    assert result.returncode != 0, result.stderr
    with Journal.open(db_path) as box:
        assert box.chunk(first.id).state is ChunkState.IN_DOUBT
        assert box.chunk(second.id).state is ChunkState.PENDING


def test_a_live_process_keeps_its_claim(db_path: Path) -> None:
    with Journal.open(db_path) as box:
        b = box.create_broadcast(BroadcastKind.BULK, "TUMA", "Hi", phones(2), 2, profile="p")
        (chunk,) = box.chunks(b.id)
    code = textwrap.dedent(
        """
        import sys
        from pathlib import Path
        from desktop_app.core.store import Journal
        box = Journal.open(Path(sys.argv[1]))
        box.mark_sending(int(sys.argv[2]))
        print("claimed", flush=True)
        sys.stdin.readline()
        box.mark_accepted(int(sys.argv[2]), "m-live", 1, 2)
        print("done", flush=True)
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(db_path), str(chunk.id)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    try:
        assert proc.stdout is not None
        assert proc.stdin is not None
        assert proc.stdout.readline().strip() == "claimed"
        with Journal.open(db_path) as box:
            assert box.recovered == 0
            assert box.chunk(chunk.id).state is ChunkState.SENDING
        proc.stdin.write("go\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "done"
    finally:
        proc.stdin.close()  # type: ignore[union-attr]
        proc.wait(30)
        proc.stdout.close()  # type: ignore[union-attr]
    with Journal.open(db_path) as box:
        assert box.chunk(chunk.id).state is ChunkState.ACCEPTED


def test_a_stale_claim_is_interrupted_even_if_the_pid_looks_alive(
    outbox: Journal, db_path: Path
) -> None:
    b = outbox.create_broadcast(BroadcastKind.BULK, "TUMA", "Hi", phones(2), 2, profile="p")
    (chunk,) = outbox.chunks(b.id)
    outbox.mark_sending(chunk.id)
    old = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    outbox._db.connection.execute("UPDATE chunks SET updated_at = ? WHERE id = ?", (old, chunk.id))
    assert outbox.recover_interrupted() == 1
    assert outbox.chunk(chunk.id).state is ChunkState.IN_DOUBT


def test_claims_are_exclusive_across_threads(db_path: Path) -> None:
    with Journal.open(db_path) as box:
        b = box.create_broadcast(BroadcastKind.BULK, "TUMA", "Hi", phones(40), 1, profile="p")
        ids = [c.id for c in box.chunks(b.id)]
    won: list[list[int]] = [[], [], [], []]
    boxes = [Journal.open(db_path) for _ in won]
    barrier = threading.Barrier(len(won))

    def claim(index: int) -> None:
        barrier.wait()
        for chunk_id in ids:
            try:
                boxes[index].mark_sending(chunk_id)
            except StoreError:
                continue
            won[index].append(chunk_id)

    threads = [threading.Thread(target=claim, args=(i,)) for i in range(len(won))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    for box in boxes:
        box.close()
    claimed = sorted(x for w in won for x in w)
    assert claimed == sorted(ids)  # every chunk claimed exactly once


def test_claims_are_exclusive_across_processes(db_path: Path) -> None:
    with Journal.open(db_path) as box:
        b = box.create_broadcast(BroadcastKind.BULK, "TUMA", "Hi", phones(60), 1, profile="p")
        ids = [c.id for c in box.chunks(b.id)]
    code = textwrap.dedent(
        """
        import sys
        from pathlib import Path
        from desktop_app.core.store import Journal, StoreError
        box = Journal.open(Path(sys.argv[1]))
        won = []
        for chunk_id in map(int, sys.argv[2:]):
            try:
                box.mark_sending(chunk_id)
            except StoreError:
                continue
            box.mark_accepted(chunk_id, f"m-{chunk_id}", 1, 1)
            won.append(chunk_id)
        print(" ".join(map(str, won)))
        """
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(db_path), *map(str, ids)],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )
        for _ in range(3)
    ]
    outputs = [p.communicate(timeout=60)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs)
    claimed = sorted(int(x) for out in outputs for x in out.split())
    assert claimed == sorted(ids)


def test_closed_outbox_refuses_work(db_path: Path) -> None:
    box = Journal.open(db_path)
    box.close()
    box.close()  # twice is fine
    with pytest.raises(StoreError) as info:
        box.unfinished("p")
    assert problem(info) is StoreProblem.CLOSED


def test_newer_schema_is_refused(db_path: Path) -> None:
    Journal.open(db_path).close()
    raw = sqlite3.connect(db_path)
    raw.execute("PRAGMA user_version = 99")
    raw.close()
    with pytest.raises(StoreError) as info:
        Journal.open(db_path)
    assert problem(info) is StoreProblem.NEWER_VERSION


def test_a_first_release_journal_gets_reason_codes(db_path: Path) -> None:
    """0.1 stored reasons as English sentences: opening the file turns them into codes, and a
    refusal in the service's words is kept as the detail."""
    with Journal.open(db_path) as box:
        b = box.create_broadcast(BroadcastKind.BULK, "TUMA", "Hi", phones(6), 2, profile="p")
        first, second, third = box.chunks(b.id)
    raw = sqlite3.connect(db_path)
    try:
        raw.execute("ALTER TABLE chunks DROP COLUMN detail")
        raw.execute("PRAGMA user_version = 1")
        for chunk_id, state, reason in (
            (
                first.id,
                "in_doubt",
                "Tuma stopped while this part was being sent, so it may or may not have gone out.",
            ),
            (second.id, "rejected", "All 2 numbers are invalid"),
            (third.id, "accepted", "Marked as sent by you."),
        ):
            raw.execute(
                "UPDATE chunks SET state = ?, reason = ? WHERE id = ?", (state, reason, chunk_id)
            )
        raw.commit()
    finally:
        raw.close()
    with Journal.open(db_path) as box:
        one, two, three = box.chunks(b.id)
        assert (one.reason, one.detail) == (ChunkReason.INTERRUPTED, None)
        assert (two.reason, two.detail) == (ChunkReason.REFUSED, "All 2 numbers are invalid")
        assert (three.reason, three.detail) == (ChunkReason.RESOLVED_SENT, None)


def test_a_broadcast_can_be_written_inside_a_wider_transaction(outbox: Journal) -> None:
    """With db=, the broadcast is part of the caller's transaction: rolled back with it."""

    def half_done() -> None:
        with outbox._db.write() as db:
            outbox.create_broadcast(
                BroadcastKind.BULK, "TUMA", "Hi", phones(2), 2, profile="p", db=db
            )
            raise RuntimeError("the other half of the transaction failed")

    with pytest.raises(RuntimeError):
        half_done()
    assert outbox.broadcasts("p") == []
    with outbox._db.write() as db:
        created = outbox.create_broadcast(
            BroadcastKind.BULK, "TUMA", "Hi", phones(3), 2, profile="p", db=db
        )
    assert outbox.broadcast(created.id) == created
    assert created.chunks_total == 2


def test_a_direct_send_is_written_down_before_it_goes_and_never_resumed(outbox: Journal) -> None:
    """A WhatsApp template or survey (begin_direct): `sending` and in the recipients before
    its request; then accepted, in doubt, or taken back when nothing went out. In doubt it is
    not unfinished: a run would send it as an SMS."""
    numbers = ["+254700000001", "+254700000002"]
    lost = outbox.begin_direct(BroadcastKind.SURVEY, "Survey SRV-1", numbers, profile="p")
    assert (lost.state, lost.phones) == (ChunkState.SENDING, tuple(numbers))
    outbox.mark_in_doubt(lost.id, ChunkReason.CONNECTION_LOST)
    went = outbox.begin_direct(BroadcastKind.WHATSAPP, "order_ready (en)", numbers[:1], profile="p")
    outbox.mark_accepted(went.id, "m-wa", 1, None)
    refused = outbox.begin_direct(BroadcastKind.SURVEY, "Survey NOPE", numbers, profile="p")
    outbox.discard_direct(refused.id)

    assert outbox.unfinished("p") == []
    assert [(b.kind, b.in_doubt, b.accepted) for b in outbox.broadcasts("p")] == [
        (BroadcastKind.WHATSAPP, 0, 1),
        (BroadcastKind.SURVEY, 1, 0),
    ]
    assert [m.message_id for m in sent_messages(outbox, "p")] == ["m-wa"]
    with pytest.raises(StoreError) as taken:
        outbox.discard_direct(lost.id)  # it may have gone out: never taken back
    assert taken.value.problem is StoreProblem.ILLEGAL_MOVE
    with pytest.raises(StoreError) as sms:
        outbox.begin_direct(BroadcastKind.BULK, "Sale!", numbers, profile="p")
    assert sms.value.problem is StoreProblem.NOT_A_BROADCAST
