"""Benchmark a broadcast: 10,000 recipients through the journal and the client to the sandbox,
against the same chunks posted with bare httpx.

- value: ``SendingService.start`` (the broadcast and its chunks written down durably) then
  ``SendingService.run`` (each chunk claimed in the journal, posted by the app's ``Client``,
  settled in the journal, progress read back), on the store's worker thread and a qasync
  loop as in the app;
- baseline: the same chunks (the profile's chunk size, 500) posted one after another with
  a bare ``httpx.AsyncClient`` to the same endpoint with the same bodies;

on one sandbox over loopback, the two taking turns (median of the rounds). Target: ratio ≤ 1.2.

Evidence beside it (not a baseline), measured after those rounds so as not to disturb them:
``durable_floor``, the bare posts plus the least a journal that never sends twice must write
(the chunks first, then one durable commit per request: its outcome with the next one's
claim; ``_durable_floor``), as a ratio of the bare posts.

Run: ``.venv/bin/python tests/bench/bench_broadcast.py [--quick]`` (not collected by pytest).
``--quick`` sends to 2,000 recipients.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench import support
from tests.bench.support import Result

TEXT = "Habari! Bei mpya za leo: unga 2kg KES 150, sukari 1kg KES 180. Karibu Duka la Mama Njeri."
TARGET = 1.2


def phones(count: int) -> list[str]:
    return [f"+2547{n:08d}" for n in range(10_000_000, 10_000_000 + count)]


async def _bare(base_url: str, token: str, numbers: list[str], chunk: int) -> float:
    import httpx

    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(headers=headers, timeout=60, trust_env=False) as http:
        started = time.perf_counter()
        for first in range(0, len(numbers), chunk):
            body = {"senderID": "TUMA", "phones": numbers[first : first + chunk], "message": TEXT}
            reply = await http.post(base_url + "/v1/send/bulk", json=body)
            reply.raise_for_status()
        return time.perf_counter() - started


async def _durable_floor(
    base_url: str, token: str, numbers: list[str], chunk: int, path: Path
) -> float:
    """Evidence, not a baseline: the bare posts plus the least a journal that never sends
    anyone the same message twice must write, in SQLite as the app keeps it (WAL,
    ``synchronous=FULL``): the chunks and their lists in one durable transaction, the first
    one claimed ("sending"), then after each request one durable commit holding its outcome
    ("accepted") and the next one's claim; made inline on the loop (no store thread, no
    reads, no progress). Tuma's runner commits the same way after an acceptance
    (``Journal.mark_accepted(claim_next=…)``)."""
    import json
    import sqlite3

    import httpx

    headers = {"Authorization": f"Bearer {token}"}
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("CREATE TABLE chunks (id INTEGER PRIMARY KEY, state TEXT, recipients TEXT)")
        async with httpx.AsyncClient(headers=headers, timeout=60, trust_env=False) as http:
            started = time.perf_counter()
            batches = [numbers[first : first + chunk] for first in range(0, len(numbers), chunk)]
            db.execute("BEGIN IMMEDIATE")
            db.executemany(
                "INSERT INTO chunks (id, state, recipients) VALUES (?, 'pending', ?)",
                [(n, json.dumps(batch)) for n, batch in enumerate(batches)],
            )
            db.execute("COMMIT")
            db.execute("UPDATE chunks SET state = 'sending' WHERE id = 0")  # (autocommit)
            for n, batch in enumerate(batches):
                body = {"senderID": "TUMA", "phones": batch, "message": TEXT}
                reply = await http.post(base_url + "/v1/send/bulk", json=body)
                reply.raise_for_status()
                # this chunk's outcome and the next one's claim, in one commit
                db.execute("BEGIN IMMEDIATE")
                db.execute("UPDATE chunks SET state = 'accepted' WHERE id = ?", (n,))
                db.execute("UPDATE chunks SET state = 'sending' WHERE id = ?", (n + 1,))
                db.execute("COMMIT")
            return time.perf_counter() - started
    finally:
        db.close()


async def _app(services: Any, client: Any, profile: Any, numbers: list[str]) -> float:
    from desktop_app.core.recipients import Person

    plan = services.sending.plan(
        sender_id="TUMA",
        text=TEXT,
        people=[Person(phone) for phone in numbers],
        fallback="",
        skipped=0,
        profile=profile,
        balance=None,
        price_per_part=None,
    )
    started = time.perf_counter()
    broadcast = await services.sending.start(plan, profile.name)
    report = await services.sending.run(client, broadcast, progress=lambda _p: None)
    seconds = time.perf_counter() - started
    if report.summary.recipients_accepted != len(numbers):
        raise RuntimeError(f"the broadcast was not all accepted: {report.summary}")
    return seconds


async def _measure(base_url: str, token: str, folder: Path, count: int, rounds: int) -> Any:
    from desktop_app.core.services import Services
    from desktop_app.core.services.sending import chunk_size
    from desktop_app.core.settings import Profile

    services = Services.open(
        store_path=folder / "tuma.sqlite3", settings_path=folder / "settings.json"
    )
    profile = Profile(name="Bench shop", base_url=base_url, contacts_base_url=base_url)
    client = services.accounts.open_client(profile, token)
    numbers = phones(count)
    times: dict[str, list[float]] = {"bare": [], "app": [], "durable": []}
    size = chunk_size(profile)
    try:
        await _bare(base_url, token, numbers[:500], 500)  # warm both paths up
        await _app(services, client, profile, numbers[:500])
        for _ in range(rounds):
            times["bare"].append(await _bare(base_url, token, numbers, size))
            times["app"].append(await _app(services, client, profile, numbers))
        for round_ in range(rounds):  # the evidence afterwards, not to disturb the two above
            floor = folder / f"floor-{round_}.sqlite3"
            times["durable"].append(await _durable_floor(base_url, token, numbers, size, floor))
    finally:
        await client.aclose()
        services.close()
    return times, chunk_size(profile)


def run(quick: bool = False) -> dict[str, Result]:
    from desktop_app.sandbox.admin import SandboxAdmin
    from desktop_app.sandbox.process import start_sandbox

    count, rounds = (2_000, 3) if quick else (10_000, 9)
    with tempfile.TemporaryDirectory(prefix="tuma-bench-broadcast-") as temp:
        folder = Path(temp)
        with start_sandbox(folder / "service", settle_seconds=0.2) as service:
            with SandboxAdmin(service.base_url, service.admin_key) as admin:
                account = admin.create_account("Bench shop", balance=10**8, sender_ids=["TUMA"])
                token = admin.create_token(account, kind="scoped", scopes=["sms", "contacts"])
            times, chunk = support.run_in_qt_loop(
                lambda: _measure(service.base_url, token, folder, count, rounds)
            )
    bare = support.median(times["bare"])
    return {
        "broadcast": support.result(
            support.median(times["app"]),
            bare,
            TARGET,
            recipients=count,
            chunk_size=chunk,
            rounds=rounds,
            durable_floor=support.median(times["durable"]),
            durable_floor_ratio=support.median(times["durable"]) / bare,
        )
    }


def main() -> None:
    print(support.load_line())
    r = run("--quick" in sys.argv[1:])["broadcast"]
    verdict = "ok" if r["ratio"] <= r["target"] else "OVER TARGET"
    print(
        f"broadcast: {r['recipients']:,} recipients in chunks of {r['chunk_size']} through the "
        f"journal and client {r['value']:.2f} s; the same chunks with bare httpx "
        f"{r['baseline']:.2f} s (median of {r['rounds']}): ratio {r['ratio']:.2f} "
        f"(target ≤ {r['target']}) - {verdict}"
    )
    print(
        f"evidence: the bare posts with the durable commits 'never twice' needs (the chunks "
        f"first, then one per request) {r['durable_floor']:.2f} s = "
        f"{r['durable_floor_ratio']:.2f}x the bare posts, before any of Tuma's own code"
    )


if __name__ == "__main__":
    main()
