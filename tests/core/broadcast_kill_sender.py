"""The sender process of the kill test (test_broadcast_kill.py): opens the outbox (which turns
chunks left in `sending` by a killed run into `in_doubt`), then runs the broadcast's pending
chunks against the sandbox with the real Client.

Usage: python broadcast_kill_sender.py OUTBOX_DB BASE_URL CONTACTS_BASE_URL BROADCAST_ID
The token comes from the TUMA_KILL_TOKEN environment variable (never the command line).

Prints, flushed, one line per event so the test can kill it at a chosen moment:
    recovered <n>            chunks found interrupted on open
    sending <seq>            chunk <seq> is durably `sending`; its request starts now
    answered <seq>           the service accepted chunk <seq>; the outbox has not recorded it
With TUMA_KILL_PAUSE=before (or =after) the sender waits for a line on stdin after each
"sending" (or "answered") line, so the test can kill it at exactly that moment: claimed but
not sent, or sent and accepted but not yet written down (the worst moment).
    settled <seq> <state>    chunk <seq> is recorded as accepted / rejected / in_doubt
    done <accepted> <rejected> <in_doubt> <pending>
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Awaitable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from desktop_app.core.api import Client  # noqa: E402
from desktop_app.core.api.models import SendResult  # noqa: E402
from desktop_app.core.broadcast import BroadcastProgress, run_broadcast  # noqa: E402
from desktop_app.core.store import Journal  # noqa: E402

Outbox = Journal.open  # the journal on its own connection, as 0.1's Outbox was

PAUSE = os.environ.get("TUMA_KILL_PAUSE", "")


class AnnouncingClient:
    """Passes sends to the real client, saying which chunk starts (it is durably `sending`
    by then: the runner commits the claim before calling the client)."""

    def __init__(self, client: Client, seq_of: dict[str, int]) -> None:
        self.client = client
        self.seq_of = seq_of

    async def _around(self, phone: str, send: Awaitable[SendResult]) -> SendResult:
        seq = self.seq_of[phone]
        print(f"sending {seq}", flush=True)
        if PAUSE == "before":
            sys.stdin.readline()  # blocks the whole process: the test may kill it here
        result = await send
        print(f"answered {seq}", flush=True)
        if PAUSE == "after":
            sys.stdin.readline()
        return result

    async def send_bulk(self, sender_id: str, phones: Sequence[str], message: str) -> SendResult:
        return await self._around(phones[0], self.client.send_bulk(sender_id, phones, message))

    async def send_personalized(
        self, sender_id: str, items: Sequence[tuple[str, str]]
    ) -> SendResult:
        return await self._around(items[0][0], self.client.send_personalized(sender_id, items))

    async def send_message(self, sender_id: str, phone: str, message: str) -> SendResult:
        return await self._around(phone, self.client.send_message(sender_id, phone, message))

    async def send_tracked(
        self, sender_id: str, phone: str, message: str, tracking_id: str
    ) -> SendResult:
        send = self.client.send_tracked(sender_id, phone, message, tracking_id)
        return await self._around(phone, send)


async def main(db: Path, base_url: str, contacts_base_url: str, broadcast_id: int) -> int:
    token = os.environ["TUMA_KILL_TOKEN"]
    with Outbox(db) as outbox:
        print(f"recovered {outbox.recovered}", flush=True)
        seq_of = {c.recipients[0].phone: c.seq for c in outbox.chunks(broadcast_id)}

        def progress(report: BroadcastProgress) -> None:
            if report.chunk is not None:
                print(f"settled {report.chunk.seq} {report.chunk.state}", flush=True)

        async with Client(base_url, contacts_base_url, token, backoff=0.01) as client:
            outcome = await run_broadcast(
                AnnouncingClient(client, seq_of), outbox, broadcast_id, progress=progress
            )
        print(
            f"done {outcome.accepted} {outcome.rejected} {outcome.in_doubt} {outcome.pending}",
            flush=True,
        )
        return 0 if outcome.error is None else 1


if __name__ == "__main__":
    db, base, contacts, bid = sys.argv[1:5]
    sys.exit(asyncio.run(main(Path(db), base, contacts, int(bid))))
