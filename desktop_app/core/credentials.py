"""The account token lives only in the OS keyring (service "tuma", one entry per profile).

Every keyring call runs in its own daemon thread with a timeout: a hung secret-service daemon
(a locked GNOME Keyring waiting for a prompt nobody sees, a stuck D-Bus) must not freeze the
app, and a daemon thread left behind never blocks interpreter exit (a thread of the default
executor would). There is deliberately no fallback to a file: when no backend works the user
is told what to install. No message raised here ever contains the token.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Callable
from typing import Literal

import keyring
import keyring.errors
from keyring.backends import fail

__all__ = [
    "SERVICE",
    "CredentialError",
    "KeyringTimeout",
    "KeyringUnavailable",
    "adelete_token",
    "aload_token",
    "asave_token",
    "delete_token",
    "install_hint",
    "load_token",
    "save_token",
    "token_kind",
]

SERVICE = "tuma"
SCOPED_PREFIX = "mbs_"


class CredentialError(Exception):
    """The token could not be stored, read or deleted; the message says why and what to do."""


class KeyringUnavailable(CredentialError):
    """No working keyring backend (e.g. a Linux desktop without a secret service)."""


class KeyringTimeout(CredentialError):
    """The keyring did not answer in time (a hung or locked secret-service daemon)."""


def install_hint(platform: str | None = None) -> str:
    """What the user can install or start so that a keyring works on this system."""
    platform = sys.platform if platform is None else platform
    if platform.startswith("win"):
        return (
            "Tuma keeps your token in Windows Credential Manager. Make sure the Credential "
            "Manager service is running, then try again."
        )
    if platform == "darwin":
        return (
            "Tuma keeps your token in the macOS Keychain. Unlock your login keychain in "
            "Keychain Access, then try again."
        )
    return (
        "Tuma keeps your token in the system keyring and never in a plain file. Install and "
        "start a Secret Service provider: GNOME Keyring (package gnome-keyring), KeePassXC "
        "with Secret Service integration turned on, or KWallet (package kwalletmanager), "
        "then sign in to your desktop session again and retry."
    )


def token_kind(token: str) -> Literal["scoped", "legacy"]:
    """Scoped tokens start with "mbs_"; anything else is a legacy token, which reaches only
    the SMS endpoints (not contacts, WhatsApp or surveys)."""
    return "scoped" if token.strip().startswith(SCOPED_PREFIX) else "legacy"


def _check_profile(profile: str) -> str:
    name = profile.strip()
    if not name:
        raise CredentialError("The account profile needs a name before its token can be stored.")
    return name


class _NoBackend(Exception):
    """keyring fell back to its "fail" backend: nothing on this system can hold secrets."""


def _with_backend(fn: Callable[[], object]) -> Callable[[], object]:
    """Run fn only when a real backend is configured. Choosing the backend may itself talk to
    D-Bus, so this check runs in the keyring thread too."""

    def call() -> object:
        if isinstance(keyring.get_keyring(), fail.Keyring):
            raise _NoBackend
        return fn()

    return call


def _translate(exc: BaseException, action: str) -> CredentialError:
    """Map a backend failure to our errors without ever echoing backend text (which could, in
    a badly written backend, quote what it was given)."""
    kind = type(exc).__name__
    if isinstance(exc, _NoBackend | keyring.errors.NoKeyringError):
        return KeyringUnavailable(
            f"No system keyring is available, so the token could not be {action}. " + install_hint()
        )
    if isinstance(exc, keyring.errors.KeyringLocked):
        return KeyringUnavailable(
            f"The system keyring is locked, so the token could not be {action}. Unlock it "
            f"(it usually asks for your login password) and try again. ({kind})"
        )
    if isinstance(exc, keyring.errors.KeyringError):
        return KeyringUnavailable(
            f"The system keyring did not work, so the token could not be {action}. "
            f"{install_hint()} ({kind})"
        )
    return CredentialError(
        f"The system keyring failed unexpectedly, so the token could not be {action}. "
        f"Restart the keyring service or your desktop session and try again. ({kind})"
    )


def _timeout_error(action: str, timeout: float) -> KeyringTimeout:
    return KeyringTimeout(
        f"The system keyring did not answer within {timeout:g} seconds, so the token could not "
        f"be {action}. It may be locked and waiting for a password prompt, or its service may "
        "have hung: unlock or restart it and try again."
    )


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


def _outcome(call: _Call, action: str) -> object:
    if call.error is not None:
        raise _translate(call.error, action) from None
    return call.result


def _run_sync(fn: Callable[[], object], action: str, timeout: float) -> object:
    call = _Call(fn)
    if not call.done.wait(timeout):
        raise _timeout_error(action, timeout)
    return _outcome(call, action)


async def _run_async(fn: Callable[[], object], action: str, timeout: float) -> object:  # noqa: ASYNC109
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
        raise CredentialError("The token is empty: paste the API token from your account portal.")

    def call() -> None:
        keyring.set_password(SERVICE, name, secret)

    return call


def _load(profile: str) -> Callable[[], str | None]:
    name = _check_profile(profile)

    def call() -> str | None:
        return keyring.get_password(SERVICE, name)

    return call


def _delete(profile: str) -> Callable[[], None]:
    name = _check_profile(profile)

    def call() -> None:
        # PasswordDeleteError: nothing stored for this profile, already signed out.
        with contextlib.suppress(keyring.errors.PasswordDeleteError):
            keyring.delete_password(SERVICE, name)

    return call


def save_token(profile: str, token: str, *, timeout: float = 5.0) -> None:
    """Store (or replace) the profile's token in the keyring."""
    _run_sync(_save(profile, token), "saved", timeout)


def load_token(profile: str, *, timeout: float = 5.0) -> str | None:
    """The profile's token, or None when none is stored."""
    value = _run_sync(_load(profile), "read", timeout)
    return value if isinstance(value, str) else None


def delete_token(profile: str, *, timeout: float = 5.0) -> None:
    """Forget the profile's token (signing out); no error when none was stored."""
    _run_sync(_delete(profile), "deleted", timeout)


async def asave_token(profile: str, token: str, *, timeout: float = 5.0) -> None:  # noqa: ASYNC109 (bounds the keyring thread)
    """save_token without blocking the event loop."""
    await _run_async(_save(profile, token), "saved", timeout)


async def aload_token(profile: str, *, timeout: float = 5.0) -> str | None:  # noqa: ASYNC109 (bounds the keyring thread)
    """load_token without blocking the event loop."""
    value = await _run_async(_load(profile), "read", timeout)
    return value if isinstance(value, str) else None


async def adelete_token(profile: str, *, timeout: float = 5.0) -> None:  # noqa: ASYNC109 (bounds the keyring thread)
    """delete_token without blocking the event loop."""
    await _run_async(_delete(profile), "deleted", timeout)
