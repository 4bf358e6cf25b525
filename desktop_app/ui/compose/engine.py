"""The compose tab's thin adapter over core.outbox, core.broadcast and core.cost.

Keeps the widgets free of outbox bookkeeping: what to create, how far a run got (read back
from the outbox itself, so progress is right for a fresh send and for a resume alike), and
how to say what happened.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from desktop_app.ui.compose.wording import count, tr

if TYPE_CHECKING:
    from desktop_app.core.api import Client
    from desktop_app.core.broadcast import BroadcastOutcome
    from desktop_app.core.outbox import Broadcast, Outbox, SentMessage

MAX_CHUNK = 1000

#: (chunks done, chunks in this run, recipients done)
ProgressCallback = Callable[[int, int, int], None]


def chunk_size(configured: int | None) -> int:
    """The profile's bulk chunk size, kept within what the service accepts (1..1,000)."""
    if not configured:
        return 500
    return max(1, min(MAX_CHUNK, int(configured)))


async def fetch_balance(client: Client) -> float:
    """Credits right now (account details, or the plain balance where that is missing)."""
    from desktop_app.core.api import errors as api

    try:
        return float((await client.account_details()).credits)
    except (api.NotFound, api.ProtocolError, api.InvalidRequest):
        return float((await client.balance()).credits)


def unfinished(outbox: Outbox, profile: str) -> list[Broadcast]:
    return outbox.unfinished(profile)


def create_broadcast(
    outbox: Outbox,
    *,
    profile: str,
    sender_id: str,
    text: str,
    people: Sequence[str],
    texts: Sequence[str] | None,
    chunk_size: int,
) -> int:
    """Write the broadcast and its chunks down durably; nothing has been sent yet."""
    from desktop_app.core.outbox import BroadcastKind, Recipient

    if texts is not None:
        kind = BroadcastKind.PERSONALIZED
        recipients = [Recipient(p, t) for p, t in zip(people, texts, strict=True)]
    else:
        kind = BroadcastKind.SINGLE if len(people) == 1 else BroadcastKind.BULK
        recipients = [Recipient(p) for p in people]
    broadcast = outbox.create_broadcast(
        kind, sender_id, text, recipients, chunk_size, profile=profile
    )
    return broadcast.id


def pending_credits(outbox: Outbox, broadcast_id: int) -> int:
    """Credits the not-yet-sent chunks of a broadcast need (billed like the service does)."""
    from desktop_app.core import cost
    from desktop_app.core.outbox import ChunkState

    broadcast = outbox.broadcast(broadcast_id)
    chunks = outbox.chunks(broadcast_id, ChunkState.PENDING)
    texts = [r.message or broadcast.text for c in chunks for r in c.recipients]
    return cost.estimate(texts).credits


def pending_counts(outbox: Outbox, broadcast_id: int) -> tuple[int, int]:
    b = outbox.broadcast(broadcast_id)
    return b.pending, b.recipients_pending


async def run(
    client: Client,
    outbox: Outbox,
    broadcast_id: int,
    *,
    progress: ProgressCallback | None = None,
    cancel: asyncio.Event | None = None,
) -> BroadcastOutcome:
    """Send the pending chunks (core.broadcast), reporting progress as the outbox moves.
    A run stopped by the service (balance, sender ID, token, ...) returns its error in the
    outcome; the caller decides how to show it."""
    from desktop_app.core.broadcast import run_broadcast

    start = outbox.broadcast(broadcast_id)

    def report(_event: object = None) -> None:
        if progress is None:
            return
        now = outbox.broadcast(broadcast_id)
        done = max(0, start.pending - now.pending - now.sending)
        people = max(0, start.recipients_pending - now.recipients_pending)
        progress(done, start.pending, people)

    report()
    outcome = await run_broadcast(client, outbox, broadcast_id, progress=report, cancel=cancel)
    report()
    return outcome


def sent_for(outbox: Outbox, profile: str, broadcast_id: int) -> list[SentMessage]:
    """The accepted batches of a broadcast that just ran (for the Delivery tab).

    Read on the UI thread right after a send, so it reads only as many of the newest batches
    as this broadcast has accepted (every batch accepted by this run is among them), not the
    whole history: months of sends would otherwise freeze the window after each one."""
    accepted = outbox.broadcast(broadcast_id).accepted
    if accepted <= 0:
        return []
    return [
        m for m in outbox.sent_messages(profile, limit=accepted) if m.broadcast_id == broadcast_id
    ]


def describe_outcome(outbox: Outbox, broadcast_id: int) -> str:
    """One sentence for the notice line: who got it, what is left, what is unknown."""
    b = outbox.broadcast(broadcast_id)
    credits = sum(c.credits or 0 for c in outbox.chunks(broadcast_id) if c.credits)
    pieces: list[str] = []
    if b.recipients_accepted:
        pieces.append(
            tr("Sent to {people} ({credits}).").format(
                people=count("person", b.recipients_accepted), credits=count("credit", credits)
            )
        )
    if b.recipients_pending:
        pieces.append(
            tr("{n} not sent yet: you can send them later.").format(
                n=count("recipient", b.recipients_pending)
            )
        )
    if b.recipients_in_doubt:
        pieces.append(
            tr(
                "{n}: the connection broke while sending, so it is not known whether they got "
                "it. Choose Review to decide; nothing is sent again on its own."
            ).format(n=count("recipient", b.recipients_in_doubt))
        )
    if b.rejected:
        reasons = {
            c.reason for c in outbox.chunks(broadcast_id) if c.reason and c.state == "rejected"
        }
        pieces.append(
            tr("Some batches were refused: {reason}").format(reason="; ".join(sorted(reasons)))
        )
    if b.recipients_accepted:
        pieces.append(tr("Delivery reports will appear in the Delivery tab."))
    return " ".join(pieces)
