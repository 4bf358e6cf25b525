"""Shared UI fixtures: one qasync loop for the session, and an AppContext on the sandbox.

PLATFORM-NOTES.md: a single session-scoped ``qasync.QEventLoop(qapp, already_running=True)``
made the running loop; never stop it per test. Async work is driven by waiting on a condition
(``qtbot.waitUntil``) or with :func:`run_async`, which pumps Qt until a coroutine is done.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from datetime import datetime
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


@pytest.fixture(autouse=True)
def qloop_running(qloop):  # type: ignore[no-untyped-def]
    """The qasync loop is the running loop during a UI test only: a core test run after it
    in the same session may call ``asyncio.run`` (which refuses inside a running loop, and
    leaves no current loop behind)."""
    asyncio.set_event_loop(qloop)
    asyncio.events._set_running_loop(qloop)
    yield
    asyncio.events._set_running_loop(None)


class ShopClock:
    """The shop's wall clock as the promotional rules see it (``core.rules.local_now``)."""

    def __init__(self) -> None:
        self.now = datetime.now().astimezone().replace(hour=10, minute=0, second=0, microsecond=0)

    def set(self, hour: int, minute: int = 0) -> datetime:
        self.now = self.now.replace(hour=hour, minute=minute)
        return self.now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(autouse=True)
def shop_clock(monkeypatch: pytest.MonkeyPatch) -> ShopClock:
    """UI tests run at 10:00 in the shop, inside the hours for promotions, whatever the
    machine's clock says; a test moves it with ``shop_clock.set(19, 30)``."""
    from desktop_app.core import rules

    clock = ShopClock()
    monkeypatch.setattr(rules, "local_now", clock)
    return clock


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


@pytest.fixture(scope="session", autouse=True)
def english_plurals(qapp):  # type: ignore[no-untyped-def]
    """The English translator (plural forms: "1 credit", "3 credits"), as the app installs."""
    from desktop_app.ui.i18n import install_translations

    assert install_translations(qapp), "build the translations: packaging/translations.py build"


@pytest.fixture
def services(tmp_path: Path):  # type: ignore[no-untyped-def]
    """The app's services on a fresh store and settings file in the test's tmp dir."""
    from desktop_app.core.services import Services

    opened = Services.open(
        store_path=tmp_path / "tuma.sqlite3", settings_path=tmp_path / "settings.json"
    )
    yield opened
    opened.close()


@pytest.fixture
def settings_store(services):  # type: ignore[no-untyped-def]
    """Reads the settings file the app saves to (what is on disk, not what is in memory)."""
    from desktop_app.core.settings import SettingsStore

    return SettingsStore(services.preferences.path)


@pytest.fixture
def store(services):  # type: ignore[no-untyped-def]
    """The store behind ``services`` (tests read what the app wrote)."""
    return services.store


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
def ctx(qtbot, qloop, arun, account, services, test_profile) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    """An AppContext connected to the test ``account`` on the sandbox (token via the keyring)."""
    from desktop_app.core import credentials
    from desktop_app.ui.context import AppContext

    settings = services.settings
    settings.profiles.append(test_profile)
    settings.active_profile = test_profile.name
    services.preferences.save()
    credentials.save_token(test_profile.name, account.token)

    context = AppContext(services)
    arun(context.open_session(test_profile, account.token))
    qtbot.waitUntil(lambda: not context.tasks.busy, timeout=15000)
    yield context
    arun(context.tasks.shutdown(timeout=5.0))
    arun(context.close_session(emit=False))


@pytest.fixture
def pressable_window(qtbot, ctx, monkeypatch) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    """The main window on the sandbox's shop, for tests that press everything in it: the
    static file pickers answer "cancelled" (they run a nested loop nobody would close)."""
    from PySide6.QtWidgets import QFileDialog

    from desktop_app.ui.main_window import MainWindow

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *_a, **_k: ("", "")))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: ("", "")))
    win = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    yield win
    win.close()


@pytest.fixture
def own_ctx(qtbot, qloop, arun, own_sandbox, services) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    """An AppContext connected to an account on ``own_sandbox`` (which the test may stop and
    start again: the connection lost and back), its balance read; ``.account`` and
    ``.profile`` are the account and profile it connected with."""
    from desktop_app.core.settings import Profile
    from desktop_app.ui.context import AppContext

    account = own_sandbox.new_account()
    profile = Profile(
        name="Own shop",
        base_url=account.base_url,
        contacts_base_url=account.contacts_base_url,
        sender_ids=[account.sender_id],
        default_sender_id=account.sender_id,
    )
    context = AppContext(services)
    context.account = account  # type: ignore[attr-defined]
    context.profile = profile  # type: ignore[attr-defined]
    arun(context.open_session(profile, account.token))
    qtbot.waitUntil(lambda: context.last_balance is not None, timeout=15000)
    yield context
    arun(context.tasks.shutdown(timeout=5.0))
    arun(context.close_session(emit=False))


@contextmanager
def app_theme(app: Any) -> Iterator[Any]:
    """The app's look (style sheet, font, palette: desktop_app.app.apply_theme) for a block;
    the suite otherwise runs without it, so everything is put back afterwards."""
    from desktop_app.app import apply_theme

    font, palette = app.font(), app.palette()
    apply_theme(app)
    try:
        yield app
    finally:
        app.setStyleSheet("")
        app.setFont(font)
        app.setPalette(palette)


_DROPPED: list[Any] = []  # a QDropEvent does not own its data: keep it alive


def drop_event(paths: list[Path]) -> Any:
    """A drop of the files *paths* (as from a file manager), for a widget's dropEvent."""
    from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
    from PySide6.QtGui import QDropEvent

    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    _DROPPED.append(mime)
    return QDropEvent(
        QPoint(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
