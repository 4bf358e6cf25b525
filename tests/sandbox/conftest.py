"""Helpers for the sandbox tests: HTTP clients on the session sandbox, a webhook receiver."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest


def wait_until(condition: Callable[[], Any], timeout: float = 10.0, interval: float = 0.02) -> Any:
    """Polls `condition` until it returns something truthy (returned), or fails the test."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"condition not met within {timeout} s")
        time.sleep(interval)


REPO = Path(__file__).resolve().parents[2]


def bearer_client(base_url: str, token: str, *, timeout: float = 20.0) -> httpx.Client:
    """A client carrying `token` in the Authorization header."""
    return httpx.Client(
        base_url=base_url,
        headers={"Authorization": f"Bearer {token}"},
        timeout=timeout,
        trust_env=False,
    )


@contextmanager
def serve_cli(
    data_dir: Path, extra: list[str], env: Mapping[str, str | None]
) -> Iterator[dict[str, str]]:
    """`python -m desktop_app.sandbox serve` with `extra` options and `env` changes (None
    removes a variable); yields its JSON line, stops it on exit."""
    child_env = {**os.environ, "PYTHONPATH": str(REPO)}
    for name, value in env.items():
        child_env.pop(name, None)
        if value is not None:
            child_env[name] = value
    command = [sys.executable, "-m", "desktop_app.sandbox", "serve", "--data-dir", str(data_dir)]
    proc = subprocess.Popen(
        [*command, *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=child_env,
    )
    try:
        assert proc.stdout is not None
        yield json.loads(proc.stdout.readline())
    finally:
        proc.terminate()
        proc.communicate(timeout=10)


@pytest.fixture
def http(account: Any) -> Iterator[httpx.Client]:
    """A client with no credential: tests add the placement they exercise."""
    with httpx.Client(base_url=account.base_url, timeout=20.0, trust_env=False) as client:
        yield client


@pytest.fixture
def api(account: Any) -> Iterator[httpx.Client]:
    """A client carrying the account's scoped token (every scope) in the header."""
    with bearer_client(account.base_url, account.token) as client:
        yield client


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Receiver:
    """A tiny webhook receiver on 127.0.0.1; `fail_first` attempts per event get HTTP 500."""

    url: str = ""
    fail_first: int = 0
    received: list[Received] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    attempts_by_event: dict[str, int] = field(default_factory=dict)

    def events(self) -> list[Received]:
        with self.lock:
            return list(self.received)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    state = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            event_id = self.headers.get("X-Event-Id", "")
            with state.lock:
                state.received.append(
                    Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                attempt = state.attempts_by_event.get(event_id, 0) + 1
                state.attempts_by_event[event_id] = attempt
            status = 500 if attempt <= state.fail_first else 200
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield state
    server.shutdown()
    server.server_close()
    thread.join(5)
