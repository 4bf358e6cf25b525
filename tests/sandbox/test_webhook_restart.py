"""Pending webhook retries are kept in SQLite: a sandbox stopped while an event is waiting
for its next retry delivers it after a restart, with the same X-Event-Id, body and
signature. The receiver's port is held (bound, not listening) while it is "down", so the
same URL refuses connections and then answers once it is "up"."""

from __future__ import annotations

import hashlib
import hmac
import socket
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from desktop_app.sandbox.admin import SandboxAdmin
from desktop_app.sandbox.process import start_sandbox
from tests.sandbox.conftest import wait_until

SECRET = "whsec-restart"
# 1/5 of the contract's schedule: the retries after the first failure span ~6 s, ample
# time to stop the service while one is pending; after the restart the due retry goes at once.
FAST = {"TUMA_SANDBOX_WEBHOOK_BACKOFF_SCALE": "0.2"}


@dataclass
class LateReceiver:
    """A webhook URL whose port refuses connections until `up()` is called."""

    sock: socket.socket
    url: str
    hits: list[tuple[dict[str, str], bytes]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    server: ThreadingHTTPServer | None = None

    def up(self) -> None:
        state = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with state.lock:
                    state.hits.append(({k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                return

        server = ThreadingHTTPServer(self.sock.getsockname(), Handler, bind_and_activate=False)
        server.socket.close()
        server.socket = self.sock  # the port held since the start: no race for it
        server.daemon_threads = True
        server.server_activate()  # listen() now
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.server = server

    def received(self) -> list[tuple[dict[str, str], bytes]]:
        with self.lock:
            return list(self.hits)


@pytest.fixture
def late_receiver() -> Iterator[LateReceiver]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))  # bound but not listening: connections are refused
    receiver = LateReceiver(sock, f"http://127.0.0.1:{sock.getsockname()[1]}/hook")
    yield receiver
    if receiver.server is not None:
        receiver.server.shutdown()
        receiver.server.server_close()
    else:
        sock.close()


def _queue(data: Path) -> list[sqlite3.Row]:
    conn = sqlite3.connect(data / "sandbox.sqlite3")
    conn.row_factory = sqlite3.Row
    try:
        return conn.execute("SELECT * FROM webhook_queue").fetchall()
    finally:
        conn.close()


def test_pending_retry_survives_a_restart(tmp_path: Path, late_receiver: LateReceiver) -> None:
    data = tmp_path / "data"
    with start_sandbox(data, settle_seconds=0.05, env=FAST) as first:
        with SandboxAdmin(first.base_url, first.admin_key) as admin:
            account_id = admin.create_account("Restart shop", 0, [], late_receiver.url, SECRET)
            admin.add_shortcode(account_id, "23456", [])
            event_id = admin.inbound("23456", "0712345678", "hello there")["event_id"]
        # wait until the first attempt has failed and a retry is scheduled
        [row] = wait_until(lambda: [r for r in _queue(data) if r["attempt"] >= 1])
    # stopped (SIGTERM) with the retry still pending: it is still in the queue
    [row] = _queue(data)
    assert row["event_id"] == event_id
    assert row["attempt"] >= 1  # the attempts made so far are kept with it
    assert row["url"] == late_receiver.url
    assert late_receiver.received() == []

    late_receiver.up()
    with start_sandbox(data, settle_seconds=0.05, env=FAST):
        [(headers, body)] = wait_until(late_receiver.received)
        wait_until(lambda: _queue(data) == [])  # delivered: off the queue
    assert headers["x-event-id"] == event_id
    assert headers["x-event-type"] == "inbound_sms"
    digest = hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
    assert headers["x-signature"] == f"sha256={digest}"
    assert body == row["body"]
    assert b'"message":"hello there"' in body
    assert len(late_receiver.received()) == 1  # delivered once, not once per process


def test_delivery_reports_are_queued_with_the_settlement(tmp_path: Path) -> None:
    """Settling and queueing the report are one transaction; a service that is not serving
    (no event loop) keeps the event queued for the next start."""
    from desktop_app.sandbox import service

    sandbox = service.Sandbox(tmp_path / "d", admin_key="k", settle_seconds=0)
    try:
        with sandbox.db.transaction() as conn:
            conn.execute(
                "INSERT INTO accounts (id, name, balance, sender_ids, webhook_url,"
                " webhook_secret, sms_rate, created_at) VALUES"
                " ('a', 'n', 0, '[]', 'http://127.0.0.1:9/hook', 's', 0.8, 'now')"
            )
            conn.execute(
                "INSERT INTO messages (id, account_id, channel, created_at)"
                " VALUES ('m', 'a', 'sms', 'now')"
            )
            conn.execute(
                "INSERT INTO recipients (message_id, account_id, phone, text, parts, status,"
                " raw_status, created_at, settle_at) VALUES"
                " ('m', 'a', '+254712340000', 'hi', 1, 'sent', 'SentToNetwork', 'now', 0)"
            )
        assert sandbox.settle_due() == 1
        assert sandbox.pending_webhooks() == 1
        [row] = sandbox.db.query("SELECT event_type, attempt, body FROM webhook_queue")
        assert (row["event_type"], row["attempt"]) == ("delivery_report", 0)
        assert b'"reason":"AbsentSubscriber"' in row["body"]
    finally:
        sandbox.db.close()
