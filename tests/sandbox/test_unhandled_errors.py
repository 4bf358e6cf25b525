"""An error no handler expects: logged once (never the request body), answered with the
0500 envelope in the path's family shape, and the connection stays usable."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from desktop_app.sandbox.admin import SandboxAdmin

REPO = Path(__file__).resolve().parents[2]
MARKER = "0712345678"  # the phone number: the planted error's text quotes it


@dataclass
class Crashing:
    base_url: str
    admin_key: str
    log: Path
    proc: subprocess.Popen[str]


@pytest.fixture
def crashing(tmp_path: Path) -> Iterator[Crashing]:
    log = tmp_path / "sandbox.log"
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, str(REPO / "tests" / "sandbox" / "crashing_sandbox.py")]
    with open(log, "wb") as stderr:
        proc = subprocess.Popen(
            [*command, "serve", "--port", "0", "--data-dir", str(tmp_path / "d")],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            env=env,
        )
    try:
        assert proc.stdout is not None
        info = json.loads(proc.stdout.readline())
        yield Crashing(info["base_url"], info["admin_key"], log, proc)
    finally:
        proc.terminate()
        proc.communicate(timeout=10)


def test_an_unhandled_error_is_a_0500_logged_once_and_the_connection_stays_usable(
    crashing: Crashing,
) -> None:
    with SandboxAdmin(crashing.base_url, crashing.admin_key) as admin:
        account_id = admin.create_account("Crash shop", 10, ["TUMA"])
        token = admin.create_token(account_id, scopes=["sms"])
    connections: set[int] = set()

    def note_connection(response: httpx.Response) -> None:
        stream = response.extensions.get("network_stream")
        connections.add(id(stream))

    with httpx.Client(
        base_url=crashing.base_url,
        headers={"Authorization": f"Bearer {token}"},
        event_hooks={"response": [note_connection]},
        trust_env=False,
    ) as client:
        send = {"senderID": "TUMA", "phone": MARKER, "message": "Habari"}
        response = client.post("/v1/send/message", json=send)
        assert response.status_code == 500
        assert response.headers["content-type"] == "application/json"
        assert response.json() == {
            "status": False,
            "responseCode": "0500",
            "message": "Server error: retry shortly",
        }
        # the same connection serves the next request
        balance = client.get("/v1/get-balance")
        assert balance.status_code == 200
        assert balance.json()["balance"] == 10  # nothing was billed
    assert len(connections) == 1

    crashing.proc.terminate()
    crashing.proc.communicate(timeout=10)
    log = crashing.log.read_text(encoding="utf-8")
    assert log.count("unhandled RuntimeError in POST /v1/send/message") == 1, log
    assert "_broken_normalize" in log  # where it was raised: enough to find the fault
    assert "Exception in ASGI application" not in log  # uvicorn never saw it
    assert MARKER not in log
    assert "Habari" not in log
    assert token not in log
