"""Shared fixtures: offscreen Qt, an in-memory keyring, isolated user dirs, and one real
sandbox service (a subprocess on loopback) for the whole test session."""

from __future__ import annotations

import os

# Before anything imports Qt or qasync (PLATFORM-NOTES.md): without a display Qt would abort
# the whole run, and qasync must pick the same binding as the app.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["QT_API"] = "pyside6"

import itertools
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import keyring
import keyring.errors
import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail


class MemoryKeyring(KeyringBackend):
    """A real keyring backend that keeps secrets in a dict (never the developer's own)."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.secrets: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.secrets.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.secrets[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.secrets.pop((service, username), None) is None:
            raise keyring.errors.PasswordDeleteError(username)


@pytest.fixture(autouse=True)
def no_unexpected_log(
    request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture
) -> Iterator[None]:
    """A warning or error logged during a test fails it, unless the test expects it:
    ``@pytest.mark.expect_log("pattern", ...)`` (a test that checks a failure path says so)."""
    yield
    marker = request.node.get_closest_marker("expect_log")
    patterns = [re.compile(p) for p in (marker.args if marker else ())]
    unexpected = [
        record
        for record in caplog.get_records("call")
        if record.levelno >= logging.WARNING
        and not any(p.search(record.getMessage()) or p.search(record.name) for p in patterns)
    ]
    if unexpected:
        lines = "\n".join(f"{r.levelname} {r.name}: {r.getMessage()}" for r in unexpected)
        pytest.fail(f"unexpected log records (mark the test expect_log if meant):\n{lines}")


@pytest.fixture(autouse=True)
def memory_keyring() -> Iterator[MemoryKeyring]:
    old = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(old)


@pytest.fixture
def no_keyring(memory_keyring: MemoryKeyring) -> None:
    """The headless-Linux case: no working keyring backend at all (memory_keyring's teardown
    restores the developer's own backend)."""
    keyring.set_keyring(fail.Keyring())


@pytest.fixture(autouse=True)
def isolated_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """platformdirs follows XDG_*: point config, data and cache into the test's tmp dir."""
    home = tmp_path / "home"
    for var, sub in (
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_DATA_HOME", "data"),
        ("XDG_CACHE_HOME", "cache"),
        ("XDG_STATE_HOME", "state"),
    ):
        (home / sub).mkdir(parents=True)
        monkeypatch.setenv(var, str(home / sub))
    return home


# --- the sandbox service ------------------------------------------------------------------


@pytest.fixture(scope="session")
def sandbox(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """One real sandbox service for the session, in a subprocess on 127.0.0.1."""
    from desktop_app.sandbox.process import start_sandbox

    proc = start_sandbox(data_dir=tmp_path_factory.mktemp("sandbox-data"), settle_seconds=0.2)
    yield proc
    proc.stop()


@pytest.fixture(scope="session")
def admin(sandbox):  # type: ignore[no-untyped-def]
    from desktop_app.sandbox.admin import SandboxAdmin

    with SandboxAdmin(sandbox.base_url, sandbox.admin_key) as client:
        yield client


_account_numbers = itertools.count(1)


@dataclass(frozen=True)
class Account:
    """A fresh sandbox account for one test: its id, a token with every scope, a legacy
    token, and the URLs to reach it."""

    account_id: str
    token: str = field(repr=False)  # secrets stay out of assertion messages and logs
    legacy_token: str = field(repr=False)
    base_url: str
    contacts_base_url: str
    sender_id: str = "TUMA"


@pytest.fixture
def account(sandbox, admin) -> Account:  # type: ignore[no-untyped-def]
    n = next(_account_numbers)
    account_id = admin.create_account(name=f"Test shop {n}", balance=1000, sender_ids=["TUMA"])
    token = admin.create_token(
        account_id, kind="scoped", scopes=["sms", "contacts", "whatsapp", "surveys"]
    )
    legacy = admin.create_token(account_id, kind="legacy")
    return Account(account_id, token, legacy, sandbox.base_url, sandbox.contacts_base_url)


class RestartableSandbox:
    """A sandbox of one test's own that can be stopped (the service gone: connections are
    refused) and started again on the same port, with the same data, accounts and tokens."""

    def __init__(self, data_dir: Path) -> None:
        from desktop_app.sandbox.process import start_sandbox

        self.data_dir = data_dir
        self.process = start_sandbox(data_dir=data_dir, settle_seconds=0.2)
        self.port = _port_of(self.process.base_url)
        self.admin_key = self.process.admin_key

    def stop(self) -> None:
        self.process.stop()

    def start(self) -> None:
        from desktop_app.sandbox.process import start_sandbox

        self.process = start_sandbox(
            data_dir=self.data_dir, settle_seconds=0.2, port=self.port, admin_key=self.admin_key
        )

    def new_account(self) -> Account:
        from desktop_app.sandbox.admin import SandboxAdmin

        with SandboxAdmin(self.process.base_url, self.admin_key) as admin:
            account_id = admin.create_account(name="Own shop", balance=1000, sender_ids=["TUMA"])
            token = admin.create_token(
                account_id, kind="scoped", scopes=["sms", "contacts", "whatsapp", "surveys"]
            )
            legacy = admin.create_token(account_id, kind="legacy")
        return Account(
            account_id, token, legacy, self.process.base_url, self.process.contacts_base_url
        )


def _port_of(url: str) -> int:
    from urllib.parse import urlsplit

    port = urlsplit(url).port
    assert port is not None
    return port


@pytest.fixture
def own_sandbox(tmp_path: Path) -> Iterator[RestartableSandbox]:
    """A sandbox for this test alone, which it may stop and start again (``stop``/``start``)."""
    box = RestartableSandbox(tmp_path / "own-sandbox")
    yield box
    box.stop()
