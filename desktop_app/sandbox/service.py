"""The sandbox's state beyond one request: storage, delivery settlement, webhooks, faults."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import os
import sqlite3
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

from desktop_app.sandbox.db import Database, iso

log = logging.getLogger("desktop_app.sandbox")

SHARED_SENDER_ID = "SANDBOX"
"""The platform's shared default sender ID as the sandbox plays it, unless ``--shared-sender``
names another (so integration code written for the real platform's runs unchanged)."""
DEFAULT_SMS_RATE = 0.80
SCOPES = ("sms", "contacts", "whatsapp", "surveys")
WEBHOOK_TIMEOUT = 5.0
WEBHOOK_BACKOFF = (1.0, 2.0, 4.0, 8.0, 16.0)
BACKOFF_SCALE_ENV = "TUMA_SANDBOX_WEBHOOK_BACKOFF_SCALE"
FAULT_KINDS = ("error500", "delay", "disconnect", "malformed", "ratelimit", "portal")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def backoff_scale_from_env() -> float:
    raw = os.environ.get(BACKOFF_SCALE_ENV, "")
    try:
        value = float(raw) if raw else 1.0
    except ValueError:
        return 1.0
    return value if value >= 0 else 1.0


@dataclass
class Fault:
    kind: str
    remaining: int
    path_prefix: str | None
    seconds: float


@dataclass
class Faults:
    """Fault switches for the whole sandbox: the next `count` matching requests fail."""

    active: list[Fault] = field(default_factory=list)

    def add(self, fault: Fault) -> None:
        self.active.append(fault)

    def clear(self) -> None:
        self.active.clear()

    def take(self, path: str) -> Fault | None:
        for fault in self.active:
            if fault.path_prefix is None or path.startswith(fault.path_prefix):
                fault.remaining -= 1
                if fault.remaining <= 0:
                    self.active.remove(fault)
                return fault
        return None


@dataclass(frozen=True)
class WebhookTarget:
    url: str
    secret: str | None


def outcome_for(phone: str) -> tuple[str, str, str | None]:
    """(status, raw network status, reason): deterministic, numbers ending 0000 fail."""
    if phone.endswith("0000"):
        return "failed", "AbsentSubscriber", "AbsentSubscriber"
    return "delivered", "DeliveredToTerminal", None


class Sandbox:
    def __init__(
        self,
        data_dir: Path,
        *,
        admin_key: str,
        settle_seconds: float = 2.0,
        backoff_scale: float | None = None,
        shared_sender: str = SHARED_SENDER_ID,
    ) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        self.data_dir = data_dir
        self.admin_key = admin_key
        self.settle_seconds = max(0.0, settle_seconds)
        self.shared_sender = shared_sender
        self.backoff_scale = backoff_scale_from_env() if backoff_scale is None else backoff_scale
        self.db = Database(data_dir / "sandbox.sqlite3")
        self.faults = Faults()
        self.ussd_sessions: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._delivering: set[str] = set()
        self._http: httpx.AsyncClient | None = None
        self._settler: asyncio.Task[None] | None = None
        self.upload_threads: list[Any] = []
        self._recover()

    # --- lifecycle -----------------------------------------------------------------------

    def _recover(self) -> None:
        """An upload that was processing when the service stopped can never finish."""
        with self.db.transaction() as conn:
            conn.execute(
                "UPDATE uploads SET status='failed' WHERE status='processing'",
            )

    async def start(self) -> None:
        self._http = httpx.AsyncClient(timeout=WEBHOOK_TIMEOUT, trust_env=False)
        self._resume_webhooks()
        self._settler = asyncio.create_task(self._settle_loop())

    async def stop(self) -> None:
        tasks = [t for t in (self._settler, *self._tasks) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for thread in self.upload_threads:
            thread.stop()
        for thread in self.upload_threads:
            thread.join(timeout=5.0)
        if self._http is not None:
            await self._http.aclose()
            self._http = None
        self.db.close()

    # --- settlement ----------------------------------------------------------------------

    async def _settle_loop(self) -> None:
        interval = min(0.25, max(0.02, self.settle_seconds / 4))
        while True:
            try:
                self.settle_due()
            except sqlite3.Error:
                log.exception("settling deliveries failed")
            await asyncio.sleep(interval)

    def settle_due(self, *, force: bool = False) -> int:
        """Moves every recipient whose time has come (all of them when forced) to its final
        status, then queues the delivery-report webhooks. Returns how many settled."""
        now = time.time()
        settled = 0
        due = self.db.query_one(
            "SELECT 1 FROM recipients WHERE final = 0"
            + ("" if force else " AND settle_at <= ?")
            + " LIMIT 1",
            () if force else (now,),
        )
        if due is None:
            return 0
        queued: list[str] = []
        with self.db.transaction() as conn:
            sql = (
                "SELECT r.id, r.message_id, r.account_id, r.phone, r.settle_at, m.tracking_id "
                "FROM recipients r JOIN messages m ON m.id = r.message_id WHERE r.final = 0"
            )
            params: tuple[object, ...] = ()
            if not force:
                sql += " AND r.settle_at <= ?"
                params = (now,)
            targets: dict[str, WebhookTarget | None] = {}
            for row in conn.execute(sql, params).fetchall():
                status, raw, reason = outcome_for(row["phone"])
                at = iso(datetime.fromtimestamp(min(now, row["settle_at"]), UTC))
                conn.execute(
                    "UPDATE recipients SET status=?, raw_status=?, reason=?, delivered_at=?, "
                    "final=1 WHERE id=?",
                    (status, raw, reason, at, row["id"]),
                )
                settled += 1
                account_id = row["account_id"]
                if account_id not in targets:
                    targets[account_id] = _webhook_target(conn, account_id)
                target = targets[account_id]
                if target is None:
                    continue
                payload = {
                    "messageId": row["message_id"],
                    "trackingId": row["tracking_id"],
                    "phone": row["phone"],
                    "status": status,
                    "deliveredAt": at,
                    "reason": reason,
                }
                # queued in the same transaction: a settled delivery always has its report
                queued.append(_queue_event(conn, target, "delivery_report", payload, now))
        for event_id in queued:
            self._schedule(event_id)
        return settled

    # --- webhooks ------------------------------------------------------------------------
    #
    # Every event is written to the webhook_queue table before its first attempt and stays
    # there, with its attempt count and the time of its next attempt, until a 2xx reply or
    # the last retry: pending retries survive a restart (start() resumes them), and every
    # attempt carries the same X-Event-Id, body and signature.

    def webhook_target(self, account_id: str) -> WebhookTarget | None:
        return _webhook_target(self.db.connection(), account_id)

    def emit(self, target: WebhookTarget, event_type: str, payload: dict[str, Any]) -> str:
        """Queues one event durably (at least once, retried with backoff); returns its id."""
        with self.db.transaction() as conn:
            event_id = _queue_event(conn, target, event_type, payload, time.time())
        self._schedule(event_id)
        return event_id

    def pending_webhooks(self) -> int:
        row = self.db.query_one("SELECT COUNT(*) AS n FROM webhook_queue")
        return int(row["n"]) if row is not None else 0

    def _schedule(self, event_id: str) -> None:
        """Starts the delivery task of a queued event; without a running service (not
        started yet, or stopped) the event waits in the queue for start()."""
        if self._http is None or event_id in self._delivering:
            return
        try:
            task = asyncio.get_running_loop().create_task(self._deliver(event_id))
        except RuntimeError:  # no loop: not serving
            return
        self._delivering.add(event_id)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(lambda _t: self._delivering.discard(event_id))

    def _resume_webhooks(self) -> None:
        rows = self.db.query("SELECT event_id FROM webhook_queue ORDER BY next_attempt_at")
        if rows:
            log.info("resuming %d pending webhook event(s)", len(rows))
        for row in rows:
            self._schedule(row["event_id"])

    async def _deliver(self, event_id: str) -> None:
        try:
            await self._deliver_queued(event_id)
        except sqlite3.Error:  # the event stays queued; the next start tries it again
            log.exception("webhook event %s: the delivery queue could not be updated", event_id)

    async def _deliver_queued(self, event_id: str) -> None:
        row = self.db.query_one("SELECT * FROM webhook_queue WHERE event_id=?", (event_id,))
        if row is None:
            return
        body: bytes = row["body"]
        headers = {
            "Content-Type": "application/json",
            "User-Agent": "tuma-sandbox",
            "X-Event-Id": event_id,
            "X-Event-Type": row["event_type"],
        }
        if row["signature"]:
            headers["X-Signature"] = row["signature"]
        url: str = row["url"]
        attempt: int = row["attempt"]  # attempts already made
        next_at: float = row["next_attempt_at"]
        assert self._http is not None
        while True:
            delay = next_at - time.time()
            if delay > 0:
                await asyncio.sleep(delay)
            delivered = False
            try:
                async with asyncio.timeout(WEBHOOK_TIMEOUT):  # the whole reply, not per read
                    reply = await self._http.post(url, content=body, headers=headers)
                delivered = 200 <= reply.status_code < 300
            except (httpx.HTTPError, httpx.InvalidURL, TimeoutError, OSError):
                pass
            attempt += 1
            if delivered or attempt > len(WEBHOOK_BACKOFF):
                with self.db.transaction() as conn:
                    conn.execute("DELETE FROM webhook_queue WHERE event_id=?", (event_id,))
                if not delivered:
                    log.warning("webhook event %s dropped after %d attempts", event_id, attempt)
                return
            next_at = time.time() + WEBHOOK_BACKOFF[attempt - 1] * self.backoff_scale
            with self.db.transaction() as conn:
                conn.execute(
                    "UPDATE webhook_queue SET attempt=?, next_attempt_at=? WHERE event_id=?",
                    (attempt, next_at, event_id),
                )


def _webhook_target(conn: sqlite3.Connection, account_id: str) -> WebhookTarget | None:
    row = conn.execute(
        "SELECT webhook_url, webhook_secret FROM accounts WHERE id=?", (account_id,)
    ).fetchone()
    if row is None or not row["webhook_url"]:
        return None
    return WebhookTarget(row["webhook_url"], row["webhook_secret"])


def _queue_event(
    conn: sqlite3.Connection,
    target: WebhookTarget,
    event_type: str,
    payload: dict[str, Any],
    now: float,
) -> str:
    """Writes one event to the delivery queue (inside the caller's transaction): the body
    and signature are fixed now, so every attempt sends the same bytes."""
    event_id = str(uuid.uuid4())
    body = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    signature = None
    if target.secret:
        digest = hmac.new(target.secret.encode("utf-8"), body, hashlib.sha256).hexdigest()
        signature = f"sha256={digest}"
    conn.execute(
        "INSERT INTO webhook_queue (event_id, event_type, url, body, signature, attempt,"
        " next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?)",
        (event_id, event_type, target.url, body, signature, now, iso(datetime.now(UTC))),
    )
    return event_id
