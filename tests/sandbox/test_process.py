"""The command line, its JSON line, clean stops, persistence across restarts, and a burst
of concurrent sends."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import platformdirs
import pytest

from desktop_app.sandbox.__main__ import ADMIN_KEY_ENV, default_data_dir
from desktop_app.sandbox.admin import SandboxAdmin
from desktop_app.sandbox.process import SandboxStartError, start_sandbox
from tests.sandbox.conftest import serve_cli, wait_until

REPO = Path(__file__).resolve().parents[2]


def test_cli_prints_one_json_line_and_stops_on_sigint(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "desktop_app.sandbox",
            "serve",
            "--port",
            "0",
            "--data-dir",
            str(tmp_path / "d"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        info = json.loads(proc.stdout.readline())
        assert set(info) == {"base_url", "contacts_base_url", "admin_key"}
        assert info["base_url"].startswith("http://127.0.0.1:")
        assert info["contacts_base_url"] == info["base_url"]
        assert len(info["admin_key"]) >= 16
        with SandboxAdmin(info["base_url"], info["admin_key"]) as admin:
            assert admin.list_accounts() == []
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert out == ""  # exactly one line in all
    assert (tmp_path / "d" / "sandbox.sqlite3").exists()


def test_start_sandbox_keeps_the_admin_key_off_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = "secret-admin-key-4f9c2e"
    with start_sandbox(tmp_path / "d", settle_seconds=0.05, admin_key=key) as proc:
        assert proc.admin_key == key
        cmdline = Path(f"/proc/{proc.pid}/cmdline").read_bytes()
        assert b"desktop_app.sandbox" in cmdline
        assert key.encode() not in cmdline
        assert b"--admin-key" not in cmdline
        with SandboxAdmin(proc.base_url, key) as admin:
            assert admin.list_accounts() == []
    # admin_key=None means a random key, even when the parent has the variable set
    monkeypatch.setenv(ADMIN_KEY_ENV, key)
    with start_sandbox(tmp_path / "d", settle_seconds=0.05) as proc:
        assert proc.admin_key != key


def _serve_line(tmp_path: Path, extra: list[str], env_key: str | None) -> dict[str, str]:
    with serve_cli(tmp_path / "cli", extra, {ADMIN_KEY_ENV: env_key}) as info:
        return info


def test_failed_start_raises_and_closes_the_pipe(tmp_path: Path) -> None:
    with pytest.raises(SandboxStartError, match="did not start"):
        start_sandbox(tmp_path / "d", python="/bin/false", timeout=10)  # exits at once
    gc.collect()  # an unclosed pipe would surface here as an unraisable ResourceWarning


def test_cli_admin_key_precedence(tmp_path: Path) -> None:
    """--admin-key wins over $TUMA_SANDBOX_ADMIN_KEY, which wins over a random key."""
    assert _serve_line(tmp_path, ["--admin-key", "from-cli"], "from-env")["admin_key"] == (
        "from-cli"
    )
    assert _serve_line(tmp_path, [], "from-env")["admin_key"] == "from-env"
    assert _serve_line(tmp_path, [], None)["admin_key"] not in ("from-cli", "from-env", "")


def test_default_data_dir_follows_platformdirs() -> None:
    assert default_data_dir() == Path(platformdirs.user_data_dir("tuma")) / "sandbox"


def test_restart_keeps_everything(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with start_sandbox(data, settle_seconds=0.05, admin_key="first-key") as first:
        assert first.admin_key == "first-key"
        with SandboxAdmin(first.base_url, first.admin_key) as admin:
            account_id = admin.create_account("Persistent shop", 20, ["TUMA"])
            token = admin.create_token(account_id)
        headers = {"Authorization": f"Bearer {token}"}
        with httpx.Client(base_url=first.base_url, headers=headers, trust_env=False) as client:
            sent = client.post(
                "/v1/send/message",
                json={"senderID": "TUMA", "phone": "0712345678", "message": "Habari"},
            ).json()
            contact = client.post("/api/v1/contacts", json={"phone": "0722000001"}).json()
            accepted = client.post(
                "/api/v1/contacts/upload",
                files={"file": ("big.csv", b"phone\n" + b"0733000001\n" * 100_000, "text/csv")},
            )
            assert accepted.status_code == 202
    assert first.running() is False
    assert first.returncode == 0  # SIGTERM is a clean stop
    # As if the service had died mid-import (a stop may also land after the import ended):
    with sqlite3.connect(data / "sandbox.sqlite3") as db:
        db.execute("UPDATE uploads SET status='processing'")
    db.close()

    with start_sandbox(data, settle_seconds=0.05) as second:
        assert second.admin_key != "first-key"
        with SandboxAdmin(second.base_url, second.admin_key) as admin:
            assert admin.balance(account_id) == 19
            assert [m["message_id"] for m in admin.messages(account_id)] == [sent["messageId"]]
        with httpx.Client(base_url=second.base_url, headers=headers, trust_env=False) as client:
            uuid = contact["data"]["uuid"]
            assert client.get(f"/api/v1/contacts/{uuid}").json()["data"]["phone"] == (
                "+254722000001"
            )

            def delivered() -> bool:
                records = client.post("/v1/dlr", json={"messageId": sent["messageId"]}).json()
                return bool(records["messages"][0]["status"] == "delivered")

            wait_until(delivered)
            [upload] = client.get("/api/v1/contacts/uploads").json()["data"]["uploads"]
            # an import cut short can never finish
            assert upload["status"] == "failed"
            assert upload["total"] == 100_000


def test_burst_of_200_concurrent_sends(admin: SandboxAdmin, sandbox: Any) -> None:
    account_id = admin.create_account("Busy shop", 1000, ["TUMA"])
    token = admin.create_token(account_id, kind="scoped", scopes=["sms"])
    texts = ["a" * 10, "b" * 200, "ç" * 71, "d" * 400]  # 1, 2, 2 and 3 parts

    async def burst() -> list[httpx.Response]:
        limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
        async with httpx.AsyncClient(
            base_url=sandbox.base_url,
            headers={"Authorization": f"Bearer {token}"},
            limits=limits,
            timeout=30.0,
            trust_env=False,
        ) as client:
            return await asyncio.gather(
                *(
                    client.post(
                        "/v1/send/message",
                        json={"senderID": "TUMA", "phone": f"07{n:08d}", "message": texts[n % 4]},
                    )
                    for n in range(12_000_000, 12_000_200)
                )
            )

    responses = asyncio.run(burst())
    assert [r.status_code for r in responses] == [200] * 200
    assert all(r.json()["responseCode"] == "0200" for r in responses)
    assert admin.balance(account_id) == 1000 - 50 * (1 + 2 + 2 + 3)
    assert len(admin.messages(account_id)) == 200


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_a_sandbox_started_to_exit_with_its_parent_ends_when_the_parent_is_killed(
    tmp_path: Path,
) -> None:
    """The app's practice sandbox never outlives the app, even one killed with SIGKILL (no
    cleanup runs): it watches a pipe the app holds open."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from desktop_app.sandbox.process import start_sandbox\n"
        "p = start_sandbox(Path(sys.argv[1]), exit_with_parent=True)\n"
        "print(p.pid, flush=True)\n"
        "sys.stdin.readline()\n"
    )
    parent = subprocess.Popen(
        [sys.executable, "-c", code, str(tmp_path / "d")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    try:
        assert _alive(child)
        parent.kill()
        parent.wait(10)
        wait_until(lambda: not _alive(child), timeout=15)
    finally:
        if _alive(child):
            os.kill(child, signal.SIGKILL)
        for stream in (parent.stdout, parent.stdin):
            if stream is not None:
                stream.close()


def test_without_the_watch_the_sandbox_keeps_serving_when_stdin_is_closed(tmp_path: Path) -> None:
    """The integrators' sandbox (no --exit-with-parent) is not stopped by a closed stdin."""
    with start_sandbox(tmp_path / "d") as sandbox:
        response = httpx.get(f"{sandbox.base_url}/v1/get-balance/", timeout=5)
        assert response.status_code == 401  # serving (no token given)
        assert sandbox.running()
