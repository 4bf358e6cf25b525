"""Shared UI fixtures: one qasync loop for the session, and an AppContext on the sandbox.

PLATFORM-NOTES.md: a single session-scoped ``qasync.QEventLoop(qapp, already_running=True)``
made the running loop; never stop it per test. Async work is driven by waiting on a condition
(``qtbot.waitUntil``) or with :func:`run_async`, which pumps Qt until a coroutine is done.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

T = TypeVar("T")


@pytest.fixture(scope="session")
def qloop(qapp):  # type: ignore[no-untyped-def]
    """The qasync loop, running on top of pytest-qt's QApplication for the whole session."""
    import qasync

    loop = qasync.QEventLoop(qapp, already_running=True)
    asyncio.set_event_loop(loop)
    yield loop
    # Leave the loop open: closing a loop marked running raises, and stopping it would call
    # QApplication.exit() (PLATFORM-NOTES). Drop the running-loop marker only.
    asyncio.events._set_running_loop(None)
    asyncio.set_event_loop(None)


def run_async(qtbot: Any, coro: Coroutine[Any, Any, T], timeout: float = 15.0) -> T:
    """Run *coro* on the qasync loop, pumping Qt events until it finishes; return its result."""
    task = asyncio.ensure_future(coro)
    qtbot.waitUntil(task.done, timeout=int(timeout * 1000))
    return task.result()


@pytest.fixture
def arun(qtbot, qloop):  # type: ignore[no-untyped-def]
    """``arun(coro)`` runs a coroutine to completion in a sync test (see :func:`run_async`)."""

    def _run(coro: Coroutine[Any, Any, T], timeout: float = 15.0) -> T:
        return run_async(qtbot, coro, timeout)

    return _run


@pytest.fixture
def outbox(tmp_path: Path):  # type: ignore[no-untyped-def]
    from desktop_app.core.outbox import Outbox

    box = Outbox(tmp_path / "outbox.sqlite3")
    yield box
    close = getattr(box, "close", None)
    if close is not None:
        close()


@pytest.fixture
def settings_store(tmp_path: Path):  # type: ignore[no-untyped-def]
    from desktop_app.core.settings import SettingsStore

    return SettingsStore(tmp_path / "settings.json")


@pytest.fixture
def test_profile(account):  # type: ignore[no-untyped-def]
    from desktop_app.core.settings import Profile

    return Profile(
        name="Test shop",
        base_url=account.base_url,
        contacts_base_url=account.contacts_base_url,
        sender_ids=[account.sender_id],
        default_sender_id=account.sender_id,
        price_per_part=0.8,
    )


@pytest.fixture
def ctx(qtbot, qloop, arun, account, outbox, settings_store, test_profile) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    """An AppContext connected to the test ``account`` on the sandbox (token via the keyring)."""
    from desktop_app.core import credentials
    from desktop_app.ui.context import AppContext

    settings = settings_store.load()
    settings.profiles.append(test_profile)
    settings.active_profile = test_profile.name
    settings_store.save(settings)
    credentials.save_token(test_profile.name, account.token)

    context = AppContext(settings_store, outbox)
    arun(context.open_session(test_profile, account.token))
    qtbot.waitUntil(lambda: not context.tasks.busy, timeout=15000)
    yield context
    arun(context.tasks.shutdown(timeout=5.0))
    arun(context.close_session(emit=False))
