"""Runs the sandbox in a subprocess (tests, the desktop app's first run) and reads its
one JSON line to learn where it listens."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import IO

from desktop_app.sandbox.__main__ import ADMIN_KEY_ENV
from desktop_app.sandbox.service import SHARED_SENDER_ID

_REPO_ROOT = Path(__file__).resolve().parents[2]


class SandboxStartError(RuntimeError):
    pass


class SandboxProcess:
    def __init__(
        self,
        popen: subprocess.Popen[str],
        base_url: str,
        contacts_base_url: str,
        admin_key: str,
        data_dir: Path,
        shared_sender: str,
    ) -> None:
        self._popen = popen
        self.base_url = base_url
        self.contacts_base_url = contacts_base_url
        self.admin_key = admin_key
        self.data_dir = data_dir
        self.shared_sender = shared_sender

    @property
    def pid(self) -> int:
        return self._popen.pid

    def __repr__(self) -> str:
        return f"SandboxProcess(pid={self.pid}, base_url={self.base_url!r})"

    @property
    def returncode(self) -> int | None:
        return self._popen.returncode

    def running(self) -> bool:
        return self._popen.poll() is None

    def stop(self, timeout: float = 5) -> None:
        """SIGTERM (a clean stop), then SIGKILL when it does not exit in time."""
        if self._popen.poll() is None:
            self._popen.terminate()
            try:
                self._popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self._popen.kill()
                self._popen.wait(timeout)
        for stream in (self._popen.stdout, self._popen.stdin):
            if stream is not None:
                stream.close()

    def __enter__(self) -> SandboxProcess:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def _read_line(stream: IO[str], lines: queue.Queue[str]) -> None:
    lines.put(stream.readline())


def start_sandbox(
    data_dir: Path,
    *,
    settle_seconds: float = 2.0,
    admin_key: str | None = None,
    port: int = 0,
    python: str = sys.executable,
    timeout: float = 30.0,
    env: Mapping[str, str] | None = None,
    shared_sender: str = SHARED_SENDER_ID,
    exit_with_parent: bool = False,
) -> SandboxProcess:
    """Starts ``python -m desktop_app.sandbox serve`` on 127.0.0.1 and waits for its JSON
    line. `env` adds environment variables (e.g. TUMA_SANDBOX_WEBHOOK_BACKOFF_SCALE).
    `shared_sender` is the shared default sender ID every account may use. With
    `exit_with_parent` the child stops when this process ends, even when it is killed (it
    watches a pipe this process holds open): the app's practice sandbox never outlives it.

    The admin key goes to the child in its environment, never on its command line (which
    any local user can read with ``ps``); without ``admin_key`` the child picks a random one.
    """
    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    # A frozen bundle (PyInstaller) has no interpreter to take -m: its executable serves the
    # sandbox when its first argument is --serve-sandbox (packaging/launchers/tuma.py).
    frozen = getattr(sys, "frozen", False) and python == sys.executable
    command = [
        *([python, "--serve-sandbox"] if frozen else [python, "-m", "desktop_app.sandbox"]),
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--data-dir",
        str(data_dir),
        "--settle-seconds",
        str(settle_seconds),
        "--shared-sender",
        shared_sender,
        *(["--exit-with-parent"] if exit_with_parent else []),
    ]
    child_env = dict(os.environ)
    child_env.pop(ADMIN_KEY_ENV, None)  # "admin_key=None" means random, whatever we inherit
    child_env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(_REPO_ROOT), child_env.get("PYTHONPATH", "")) if p
    )
    child_env["PYTHONUNBUFFERED"] = "1"
    if env:
        child_env.update(env)
    if admin_key is not None:
        child_env[ADMIN_KEY_ENV] = admin_key
    log_path = data_dir / "sandbox.log"
    with open(log_path, "ab") as log:
        popen = subprocess.Popen(
            command,
            stdin=subprocess.PIPE if exit_with_parent else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            encoding="utf-8",
            env=child_env,
        )
    assert popen.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=_read_line, args=(popen.stdout, lines), daemon=True)
    reader.start()
    try:
        line = lines.get(timeout=timeout)
    except queue.Empty:
        line = ""
    try:
        info = json.loads(line)
        process = SandboxProcess(
            popen,
            info["base_url"],
            info["contacts_base_url"],
            info["admin_key"],
            data_dir,
            shared_sender,
        )
    except (ValueError, KeyError, TypeError):
        popen.kill()
        popen.wait()
        reader.join(5)  # EOF now that the child is gone
        popen.stdout.close()  # else the pipe stays open until garbage collection
        if popen.stdin is not None:
            popen.stdin.close()
        tail = log_path.read_text(encoding="utf-8", errors="replace")[-2000:]
        raise SandboxStartError(f"the sandbox did not start; its log ends:\n{tail}") from None
    return process
