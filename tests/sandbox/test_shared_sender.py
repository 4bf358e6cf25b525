"""The shared default sender ID every account may use is an option (`--shared-sender`,
`$TUMA_SANDBOX_SHARED_SENDER`, `start_sandbox(shared_sender=...)`), `SANDBOX` by default, so
integration code written for the real platform's shared sender runs unchanged."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from desktop_app.sandbox.__main__ import SHARED_SENDER_ENV
from desktop_app.sandbox.admin import SandboxAdmin
from desktop_app.sandbox.demo import ensure_demo_account
from desktop_app.sandbox.process import start_sandbox
from tests.sandbox.conftest import REPO, bearer_client, serve_cli


def _send_codes(base_url: str, admin_key: str, senders: list[str]) -> dict[str, str]:
    """The responseCode of a send from each sender ID, by an account that owns none."""
    with SandboxAdmin(base_url, admin_key) as admin:
        account_id = admin.create_account("Shared sender shop", 10, [])
        token = admin.create_token(account_id, scopes=["sms"])
    codes: dict[str, str] = {}
    with bearer_client(base_url, token) as client:
        for sender in senders:
            body = {"senderID": sender, "phone": "0712345678", "message": "Habari"}
            codes[sender] = client.post("/v1/send/message", json=body).json()["responseCode"]
    return codes


def test_start_sandbox_takes_the_shared_sender(tmp_path: Path) -> None:
    with start_sandbox(tmp_path / "d", settle_seconds=0.05, shared_sender="PLATFORM") as proc:
        assert proc.shared_sender == "PLATFORM"
        codes = _send_codes(proc.base_url, proc.admin_key, ["PLATFORM", "SANDBOX", "platform"])
        with SandboxAdmin(proc.base_url, proc.admin_key) as admin:
            demo = ensure_demo_account(admin, proc.shared_sender)
    assert codes == {"PLATFORM": "0200", "SANDBOX": "0422", "platform": "0422"}  # exact case
    assert demo.sender_ids == ["TUMA", "PLATFORM"]


def test_the_default_shared_sender_is_sandbox(sandbox: Any) -> None:
    assert sandbox.shared_sender == "SANDBOX"
    assert _send_codes(sandbox.base_url, sandbox.admin_key, ["SANDBOX"]) == {"SANDBOX": "0200"}


def test_cli_flag_wins_over_the_environment(tmp_path: Path) -> None:
    senders = ["FROMCLI", "FROMENV", "SANDBOX"]
    env = {SHARED_SENDER_ENV: "FROMENV"}
    with serve_cli(tmp_path / "d", ["--shared-sender", "FROMCLI"], env) as info:
        codes = _send_codes(info["base_url"], info["admin_key"], senders)
    assert codes == {"FROMCLI": "0200", "FROMENV": "0422", "SANDBOX": "0422"}
    with serve_cli(tmp_path / "d", [], env) as info:
        codes = _send_codes(info["base_url"], info["admin_key"], senders)
    assert codes == {"FROMCLI": "0422", "FROMENV": "0200", "SANDBOX": "0422"}


@pytest.mark.parametrize("bad", ["", " PADDED", "X" * 33, "TAB\tBED"])
def test_a_bad_shared_sender_is_a_usage_error(tmp_path: Path, bad: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    result = subprocess.run(
        [sys.executable, "-m", "desktop_app.sandbox", "serve", "--shared-sender", bad],
        capture_output=True,
        text=True,
        env=env,
        timeout=30,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert "--shared-sender" in result.stderr
