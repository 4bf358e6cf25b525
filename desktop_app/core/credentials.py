"""The account token lives only in the OS keyring (service "tuma", one entry per profile).

Every keyring call runs in its own daemon thread with a timeout: a hung secret-service daemon
(a locked GNOME Keyring waiting for a prompt nobody sees, a stuck D-Bus) must not freeze the
app, and a daemon thread left behind never blocks interpreter exit (a thread of the default
executor would). There is deliberately no fallback to a file: when no backend works the user
is told what to install. No error raised here ever contains the token, and none carries
sentences: a problem code and the action; the UI says the words.

The keyring library (and the backend it picks, which may talk to D-Bus) is imported on first
use, in the keyring thread: the window never waits for it at start-up.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Callable
from enum import StrEnum
from typing import Literal

from desktop_app.core.tokens import token_kind

__all__ = [
    "SERVICE",
    "CredentialError",
    "KeyringAction",
    "KeyringProblem",
    "KeyringTimeout",
    "KeyringUnavailable",
    "adelete_token",
    "aload_token",
    "asave_token",
    "delete_token",
    "keyring_platform",
    "load_token",
    "save_token",
    "token_kind",
]

SERVICE = "tuma"


class KeyringProblem(StrEnum):
    """Why the keyring could not do what was asked (the UI says what to do about each)."""

    NO_BACKEND = "no_backend"  # nothing on this system can hold secrets
    LOCKED = "locked"  # it asked for a password nobody typed
    FAILED = "failed"  # the backend reported an error
    UNEXPECTED = "unexpected"  # the backend raised something it should not have
    TIMEOUT = "timeout"  # it did not answer in time (hung or waiting for a prompt)
    NO_NAME = "no_name"  # the account has no name to store the token under
    EMPTY_TOKEN = "empty_token"


class KeyringAction(StrEnum):
    SAVE = "save"
    READ = "read"
    DELETE = "delete"


class CredentialError(Exception):
    """The token could not be stored, read or deleted: ``problem`` says why, ``action`` what
    was being done. ``kind`` is the backend's exception type (never its text, which a badly
    written backend could fill with what it was given)."""

    def __init__(
        self,
        problem: KeyringProblem,
        action: KeyringAction | None = None,
        *,
        kind: str | None = None,
        timeout: float | None = None,
    ) -> None:
        self.problem = problem
        self.action = action
        self.kind = kind
        self.timeout = timeout
        self.platform = keyring_platform()
        facts = [f"{problem}"] + [f"{n}={v}" for n, v in (("action", action), ("kind", kind)) if v]
        super().__init__(", ".join(facts))


class KeyringUnavailable(CredentialError):
    """No working keyring backend (e.g. a Linux desktop without a secret service)."""


class KeyringTimeout(CredentialError):
    """The keyring did not answer in time (a hung or locked secret-service daemon)."""


def keyring_platform(platform: str | None = None) -> Literal["windows", "macos", "linux"]:
    """Which keyring the user has to deal with: Windows Credential Manager, the macOS
    Keychain, or a Secret Service provider (GNOME Keyring, KeePassXC, KWallet)."""
    platform = sys.platform if platform is None else platform
    if platform.startswith("win"):
        return "windows"
    if platform == "darwin":
        return "macos"
    return "linux"


def _check_profile(profile: str) -> str:
    name = profile.strip()
    if not name:
        raise CredentialError(KeyringProblem.NO_NAME)
    return name


class _NoBackend(Exception):
    """keyring fell back to its "fail" backend: nothing on this system can hold secrets."""


def _with_backend(fn: Callable[[], object]) -> Callable[[], object]:
    """Run fn only when a real backend is configured. Choosing the backend may itself talk to
    D-Bus, so this check runs in the keyring thread too."""

    def call() -> object:
        import keyring
        from keyring.backends import fail

        if isinstance(keyring.get_keyring(), fail.Keyring):
            raise _NoBackend
        return fn()

    return call


def _translate(exc: BaseException, action: KeyringAction) -> CredentialError:
    """Map a backend failure to our errors, keeping only its type."""
    import keyring.errors

    kind = type(exc).__name__
    if isinstance(exc, _NoBackend | keyring.errors.NoKeyringError):
        return KeyringUnavailable(KeyringProblem.NO_BACKEND, action)
    if isinstance(exc, keyring.errors.KeyringLocked):
        return KeyringUnavailable(KeyringProblem.LOCKED, action, kind=kind)
    if isinstance(exc, keyring.errors.KeyringError):
        return KeyringUnavailable(KeyringProblem.FAILED, action, kind=kind)
    return CredentialError(KeyringProblem.UNEXPECTED, action, kind=kind)


def _timeout_error(action: KeyringAction, timeout: float) -> KeyringTimeout:
    return KeyringTimeout(KeyringProblem.TIMEOUT, action, timeout=timeout)


class _Call:
    """One keyring call in a daemon thread; whoever waits may give up on it."""

    def __init__(self, fn: Callable[[], object], on_done: Callable[[], None] | None = None) -> None:
        self.done = threading.Event()
        self.result: object = None
        self.error: BaseException | None = None
        self._fn = _with_backend(fn)
        self._on_done = on_done
        thread = threading.Thread(target=self._run, name="tuma-keyring", daemon=True)
        thread.start()

    def _run(self) -> None:
        try:
            self.result = self._fn()
        except BaseException as exc:  # reported to the waiter, never lost in the thread
            self.error = exc
        finally:
            self.done.set()
            if self._on_done is not None:
                self._on_done()


def _outcome(call: _Call, action: KeyringAction) -> object:
    if call.error is not None:
        raise _translate(call.error, action) from None
    return call.result


def _run_sync(fn: Callable[[], object], action: KeyringAction, timeout: float) -> object:
    call = _Call(fn)
    if not call.done.wait(timeout):
        raise _timeout_error(action, timeout)
    return _outcome(call, action)


async def _run_async(fn: Callable[[], object], action: KeyringAction, timeout: float) -> object:  # noqa: ASYNC109
    loop = asyncio.get_running_loop()
    future: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        def settle() -> None:
            if not future.done():
                future.set_result(None)

        # RuntimeError: the loop closed while the keyring hung, so nobody is waiting.
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(settle)

    call = _Call(fn, on_done=wake)
    try:
        await asyncio.wait_for(future, timeout)
    except TimeoutError:
        raise _timeout_error(action, timeout) from None
    return _outcome(call, action)


def _save(profile: str, token: str) -> Callable[[], None]:
    name = _check_profile(profile)
    secret = token.strip()
    if not secret:
        raise CredentialError(KeyringProblem.EMPTY_TOKEN, KeyringAction.SAVE)

    def call() -> None:
        import keyring

        keyring.set_password(SERVICE, name, secret)

    return call


def _load(profile: str) -> Callable[[], str | None]:
    name = _check_profile(profile)

    def call() -> str | None:
        import keyring

        return keyring.get_password(SERVICE, name)

    return call


def _delete(profile: str) -> Callable[[], None]:
    name = _check_profile(profile)

    def call() -> None:
        import keyring
        import keyring.errors

        # PasswordDeleteError: nothing stored for this profile, already signed out.
        with contextlib.suppress(keyring.errors.PasswordDeleteError):
            keyring.delete_password(SERVICE, name)

    return call


def save_token(profile: str, token: str, *, timeout: float = 5.0) -> None:
    """Store (or replace) the profile's token in the keyring."""
    _run_sync(_save(profile, token), KeyringAction.SAVE, timeout)


def load_token(profile: str, *, timeout: float = 5.0) -> str | None:
    """The profile's token, or None when none is stored."""
    value = _run_sync(_load(profile), KeyringAction.READ, timeout)
    return value if isinstance(value, str) else None


def delete_token(profile: str, *, timeout: float = 5.0) -> None:
    """Forget the profile's token (signing out); no error when none was stored."""
    _run_sync(_delete(profile), KeyringAction.DELETE, timeout)


async def asave_token(profile: str, token: str, *, timeout: float = 5.0) -> None:  # noqa: ASYNC109 (bounds the keyring thread)
    """save_token without blocking the event loop."""
    await _run_async(_save(profile, token), KeyringAction.SAVE, timeout)


async def aload_token(profile: str, *, timeout: float = 5.0) -> str | None:  # noqa: ASYNC109 (bounds the keyring thread)
    """load_token without blocking the event loop."""
    value = await _run_async(_load(profile), KeyringAction.READ, timeout)
    return value if isinstance(value, str) else None


async def adelete_token(profile: str, *, timeout: float = 5.0) -> None:  # noqa: ASYNC109 (bounds the keyring thread)
    """delete_token without blocking the event loop."""
    await _run_async(_delete(profile), KeyringAction.DELETE, timeout)
