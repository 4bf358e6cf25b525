"""The token lives only in the keyring; a hung or missing keyring gives a clear error, never a
freeze, never a file, never the token in a message."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import keyring
import keyring.errors
import pytest
from keyring.backend import KeyringBackend

from desktop_app.core import credentials
from desktop_app.core.credentials import (
    SERVICE,
    CredentialError,
    KeyringProblem,
    KeyringTimeout,
    KeyringUnavailable,
    adelete_token,
    aload_token,
    asave_token,
    delete_token,
    load_token,
    save_token,
    token_kind,
)
from tests.conftest import MemoryKeyring
from tests.words import said
from tests.words import words as ui_words

TOKEN = "mbs_" + "S3cr3tT0kenValue" * 3


class HungKeyring(KeyringBackend):
    """A backend whose calls block until released, like a secret service stuck on a prompt."""

    priority = 1

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.release = threading.Event()
        self.entered = threading.Event()

    def _hang(self) -> None:
        self.entered.set()
        self.release.wait(30)

    def get_password(self, service: str, username: str) -> str | None:
        self._hang()
        return None

    def set_password(self, service: str, username: str, password: str) -> None:
        self._hang()

    def delete_password(self, service: str, username: str) -> None:
        self._hang()


class BrokenKeyring(KeyringBackend):
    """A backend that fails with a given error (and tries to leak the secret in its text)."""

    priority = 1

    def __init__(self, error: type[Exception]) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.error = error

    def get_password(self, service: str, username: str) -> str | None:
        raise self.error(f"cannot read {username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise self.error(f"cannot store {password}")

    def delete_password(self, service: str, username: str) -> None:
        raise self.error(f"cannot delete {username}")


@pytest.fixture
def hung_keyring(memory_keyring: MemoryKeyring) -> Iterator[HungKeyring]:
    backend = HungKeyring()
    keyring.set_keyring(backend)
    yield backend
    backend.release.set()


def test_round_trip_uses_service_tuma_and_one_entry_per_profile(
    memory_keyring: MemoryKeyring,
) -> None:
    save_token("Shop", TOKEN)
    save_token("Second shop", "legacy-token-123")
    assert memory_keyring.secrets == {
        (SERVICE, "Shop"): TOKEN,
        (SERVICE, "Second shop"): "legacy-token-123",
    }
    assert SERVICE == "tuma"
    assert load_token("Shop") == TOKEN
    assert load_token("Second shop") == "legacy-token-123"
    assert load_token("Nobody") is None

    save_token("Shop", TOKEN + "x")  # replacing a token
    assert load_token("Shop") == TOKEN + "x"

    delete_token("Shop")
    assert load_token("Shop") is None
    assert load_token("Second shop") == "legacy-token-123"
    delete_token("Shop")  # signing out twice is not an error


def test_pasted_token_is_trimmed_and_empty_values_refused(memory_keyring: MemoryKeyring) -> None:
    save_token("Shop", f"  {TOKEN}\n")
    assert load_token("Shop") == TOKEN
    with pytest.raises(CredentialError) as info:
        save_token("Shop", "   ")
    assert info.value.problem is KeyringProblem.EMPTY_TOKEN
    assert "empty" in said(info.value)
    with pytest.raises(CredentialError) as info:
        save_token(" ", TOKEN)
    assert info.value.problem is KeyringProblem.NO_NAME
    assert "name" in said(info.value)


def test_token_never_written_to_any_file(isolated_user_dirs: Path) -> None:
    save_token("Shop", TOKEN)
    for path in isolated_user_dirs.rglob("*"):
        if path.is_file():
            assert TOKEN not in path.read_text(errors="replace")


@pytest.mark.usefixtures("no_keyring")
@pytest.mark.parametrize("action", ["save", "load", "delete"])
def test_no_backend_tells_the_user_what_to_install(action: str, isolated_user_dirs: Path) -> None:
    calls: dict[str, Callable[[], object]] = {
        "save": lambda: save_token("Shop", TOKEN),
        "load": lambda: load_token("Shop"),
        "delete": lambda: delete_token("Shop"),
    }
    with pytest.raises(KeyringUnavailable) as info:
        calls[action]()
    assert info.value.problem is KeyringProblem.NO_BACKEND
    message = said(info.value)
    assert "GNOME Keyring" in message
    assert "KeePassXC" in message
    assert "KWallet" in message
    assert TOKEN not in message
    assert info.value.__cause__ is None
    # never a silent fallback to a plain file
    assert not [p for p in isolated_user_dirs.rglob("*") if p.is_file()]


def ui_words_object():  # type: ignore[no-untyped-def]
    """The UI's words object (its keyring hint, per platform)."""
    ui_words("counts")  # installs the English translator
    from desktop_app.ui.words import counts

    return counts()


def test_install_hint_per_platform() -> None:
    assert credentials.keyring_platform("linux") == "linux"
    assert credentials.keyring_platform("win32") == "windows"
    assert credentials.keyring_platform("darwin") == "macos"
    assert "GNOME Keyring" in ui_words_object().keyring_hint("linux")
    assert "Credential Manager" in ui_words_object().keyring_hint("windows")
    assert "Keychain" in ui_words_object().keyring_hint("macos")


@pytest.mark.parametrize(
    ("error", "expected", "words"),
    [
        (keyring.errors.KeyringError, KeyringUnavailable, "GNOME Keyring"),
        (keyring.errors.NoKeyringError, KeyringUnavailable, "GNOME Keyring"),
        (keyring.errors.KeyringLocked, KeyringUnavailable, "locked"),
        (keyring.errors.InitError, KeyringUnavailable, "GNOME Keyring"),
        (OSError, CredentialError, "failed unexpectedly"),
    ],
)
def test_backend_errors_become_plain_messages_without_the_token(
    error: type[Exception], expected: type[CredentialError], words: str
) -> None:
    keyring.set_keyring(BrokenKeyring(error))
    with pytest.raises(expected) as info:
        save_token("Shop", TOKEN)
    assert words in said(info.value)
    assert TOKEN not in said(info.value)
    assert TOKEN not in str(info.value)
    assert TOKEN not in repr(info.value)
    assert info.value.__cause__ is None
    assert info.value.__suppress_context__
    with pytest.raises(expected):
        load_token("Shop")


def test_hung_keyring_times_out_instead_of_freezing(hung_keyring: HungKeyring) -> None:
    started = time.monotonic()
    with pytest.raises(KeyringTimeout) as info:
        save_token("Shop", TOKEN, timeout=0.2)
    assert "did not answer" in said(info.value)
    assert time.monotonic() - started < 5
    assert hung_keyring.entered.is_set()
    assert TOKEN not in str(info.value)
    # the stuck call sits in a daemon thread, so it can never hang interpreter exit
    stuck = [t for t in threading.enumerate() if t.name == "tuma-keyring"]
    assert stuck
    assert all(t.daemon for t in stuck)
    with pytest.raises(KeyringTimeout):
        load_token("Shop", timeout=0.1)
    with pytest.raises(KeyringTimeout):
        delete_token("Shop", timeout=0.1)


def test_token_kind() -> None:
    assert token_kind(TOKEN) == "scoped"
    assert token_kind("  " + TOKEN) == "scoped"
    assert token_kind("a1b2c3d4e5") == "legacy"
    assert token_kind("MBS_uppercase") == "legacy"
    assert token_kind("") == "legacy"


@pytest.mark.parametrize(
    ("pasted", "token"),
    [
        (f"  {TOKEN}\n", TOKEN),
        (f"Bearer {TOKEN}", TOKEN),
        (f"bearer\t{TOKEN} ", TOKEN),
        (f"Authorization: Bearer {TOKEN}", TOKEN),
        ("a1b2c3d4e5", "a1b2c3d4e5"),
        ("Bearer", "Bearer"),  # nothing after it: left as typed, refused as malformed later
        ("", ""),
    ],
)
def test_a_pasted_token_loses_the_bearer_in_front(pasted: str, token: str) -> None:
    from desktop_app.core.tokens import pasted_token

    assert pasted_token(pasted) == token


def test_async_round_trip(memory_keyring: MemoryKeyring) -> None:
    async def scenario() -> tuple[str | None, str | None]:
        await asave_token("Shop", TOKEN)
        loaded = await aload_token("Shop")
        await adelete_token("Shop")
        return loaded, await aload_token("Shop")

    assert asyncio.run(scenario()) == (TOKEN, None)


def test_async_no_backend(no_keyring: None) -> None:
    with pytest.raises(KeyringUnavailable) as info:
        asyncio.run(asave_token("Shop", TOKEN))
    assert "GNOME Keyring" in said(info.value)


def test_async_hung_keyring_times_out_and_the_loop_keeps_running(
    hung_keyring: HungKeyring,
) -> None:
    async def scenario() -> int:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.01)

        task = asyncio.create_task(ticker())
        try:
            with pytest.raises(KeyringTimeout):
                await aload_token("Shop", timeout=0.3)
        finally:
            task.cancel()
        return ticks

    assert asyncio.run(scenario()) > 3  # the loop was never blocked by the keyring call


def test_async_call_finishing_after_its_loop_closed_is_harmless(
    hung_keyring: HungKeyring,
) -> None:
    with pytest.raises(KeyringTimeout):
        asyncio.run(aload_token("Shop", timeout=0.05))
    hung_keyring.release.set()  # the thread now wakes a closed loop: nothing may blow up
    for thread in [t for t in threading.enumerate() if t.name == "tuma-keyring"]:
        thread.join(5)
        assert not thread.is_alive()
