"""Start-up stays light: what the window needs before its first paint, and nothing else
(the benchmarks in tests/bench measure how long it takes; these tests keep the causes fixed)."""

from __future__ import annotations

import linecache
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from desktop_app import app as app_module

ROOT = Path(__file__).resolve().parents[2]

#: Loaded after the window is painted (first connection, first phone number, keyring read).
LATER = (
    "httpx",
    "keyring",
    "phonenumbers",
    "desktop_app.core.api.client",
    "desktop_app.core.api.models",  # ~4 ms of dataclasses (the retry watcher once pulled it in)
    "desktop_app.core.services.accounts",
    "desktop_app.core.services.contacts",
    "desktop_app.core.services.sending",
)


def _window_shown(tmp_path: Path, open_options: str, then: str) -> list[str]:
    """In a fresh process: open the services (``Services.open(..., {open_options})``), build
    the main window as the app does (tabs deferred), show it and let it paint, then run the
    lines *then*; returns what they printed."""
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from desktop_app.core.services import Services\n"
        "from desktop_app.ui.context import AppContext\n"
        "from desktop_app.ui.main_window import MainWindow\n"
        "from desktop_app.ui.session import SessionManager\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "folder = Path(sys.argv[1])\n"
        "services = Services.open(store_path=folder / 't.sqlite3', "
        f"settings_path=folder / 's.json'{open_options})\n"
        "ctx = AppContext(services)\n"
        "window = MainWindow(ctx, SessionManager(ctx), deferred=True)\n"
        "window.show()\n"
        "app.processEvents()\n"
        f"{then}"
        "services.close()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        cwd=ROOT,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_window_and_the_services_open_without_the_network_stack(tmp_path: Path) -> None:
    printed = _window_shown(
        tmp_path,
        "",
        f"print(sorted(m for m in {LATER!r} if m in sys.modules))\n"
        "services.accounts\n"  # built on first use: then it is there
        "print('desktop_app.core.services.accounts' in sys.modules)\n",
    )
    assert printed == ["[]", "True"]


def test_pyside_s_import_scan_keeps_no_module_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.support import feature  # type: ignore[attr-defined]

    monkeypatch.setattr(feature, "_mod_uses_pyside", feature._mod_uses_pyside)  # restored after
    app_module._lighter_pyside_import_hook()
    import desktop_app.core.sms
    import desktop_app.ui.widgets

    for module in (desktop_app.ui.widgets, desktop_app.core.sms):
        linecache.checkcache(module.__file__)
        linecache.cache.pop(module.__file__, None)
    assert feature._mod_uses_pyside(desktop_app.ui.widgets) is True
    assert feature._mod_uses_pyside(desktop_app.core.sms) is False
    assert feature._mod_uses_pyside(sys) is False  # built in: no source
    assert desktop_app.ui.widgets.__file__ not in linecache.cache
    assert desktop_app.core.sms.__file__ not in linecache.cache


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="times read off one clock")
def test_the_startup_probe_says_when_the_window_is_painted_and_when_it_is_ready(
    isolated_user_dirs: Path,
) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TUMA_STARTUP_PROBE="1")
    spawned = time.monotonic()
    app = subprocess.Popen(
        [sys.executable, "-m", "desktop_app", "--sandbox"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    marks: dict[str, float] = {}
    try:
        assert app.stdout is not None
        for line in app.stdout:
            name, _, stamp = line.removeprefix("tuma: ").strip().partition(" ")
            marks[name] = float(stamp)
            if name == "ready":
                break
        app.terminate()
        assert app.wait(timeout=15) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        if app.stdout is not None:
            app.stdout.close()
    assert list(marks) == ["shown", "ready"]
    assert spawned < marks["shown"] <= marks["ready"] < time.monotonic()


def test_the_store_opens_after_the_window_is_painted(tmp_path: Path) -> None:
    """The app opens its services with ``store_later``: the window is built and painted
    before the store's modules are imported or its file opened; the first use opens it."""
    where = "print('desktop_app.core.store' in sys.modules, (folder / 't.sqlite3').exists())\n"
    printed = _window_shown(
        tmp_path, ", store_later=True", where + "services.store.journal\n" + where
    )
    assert printed == ["False False", "True True"]


def test_records_of_a_newer_version_stop_the_app_with_plain_words(
    isolated_user_dirs: Path,
) -> None:
    """The store opens after the first paint; a file it cannot open still ends the start
    with the same plain sentence (and exit 1), not a half-working window."""
    import sqlite3

    from desktop_app.core.store import Store

    data = isolated_user_dirs / "data" / "tuma"
    data.mkdir(parents=True)
    Store(data / "tuma.sqlite3").close()
    raw = sqlite3.connect(data / "tuma.sqlite3")
    raw.execute("PRAGMA user_version = 99")
    raw.close()
    done = subprocess.run(
        [sys.executable, "-m", "desktop_app"],
        cwd=ROOT,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "tuma: " in done.stderr
    assert "newer" in done.stderr.lower()
    assert "Traceback" not in done.stderr.split("tuma: ")[-1]


def test_the_cycle_collector_rests_until_the_tabs_are_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """main() pauses the collector for the start-up and freezes what is alive once the tabs
    are built (the app calls ``started``); it is back as it was however main() ends."""
    import gc

    seen: dict[str, object] = {}

    def fake_main(argv: object, started: Callable[[], None]) -> int:
        seen["during"] = gc.isenabled()
        frozen = gc.get_freeze_count()
        started()
        seen["after started"] = gc.isenabled()
        seen["froze"] = gc.get_freeze_count() > frozen
        started()  # twice is harmless (the error paths end it too)
        return 7

    monkeypatch.setattr(app_module, "_main", fake_main)
    assert gc.isenabled()
    try:
        assert app_module.main([]) == 7
    finally:
        gc.unfreeze()
    assert seen == {"during": False, "after started": True, "froze": True}
    assert gc.isenabled()

    def failing_main(argv: object, started: Callable[[], None]) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(app_module, "_main", failing_main)
    with pytest.raises(RuntimeError):
        app_module.main([])
    gc.unfreeze()
    assert gc.isenabled()


def test_a_damaged_records_file_stops_the_app_with_plain_words_and_is_kept(
    isolated_user_dirs: Path,
) -> None:
    """A store file a crash or a disk fault left unreadable: one plain sentence naming the
    file and what to do (exit 1), not sqlite3's traceback; the file is not touched."""
    data = isolated_user_dirs / "data" / "tuma"
    data.mkdir(parents=True)
    damaged = os.urandom(8192)
    (data / "tuma.sqlite3").write_bytes(damaged)
    done = subprocess.run(
        [sys.executable, "-m", "desktop_app"],
        cwd=ROOT,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    said = done.stderr.split("tuma: ")[-1]
    assert said.startswith("Could not open Tuma's records")
    assert "damaged" in said
    assert str(data / "tuma.sqlite3") in said
    assert "Traceback" not in said
    assert (data / "tuma.sqlite3").read_bytes() == damaged


@pytest.mark.parametrize("blocked", ["file", "read-only"])
def test_a_records_folder_that_cannot_be_made_is_said_in_plain_words(
    isolated_user_dirs: Path, blocked: str
) -> None:
    """Where Tuma's records go, a file is in the way, or a folder Tuma may not write in (an
    earlier run with sudo leaves ~/.local/share root's): one plain sentence and exit 1, not
    a traceback (nothing at all appeared when started from the menu)."""
    data = isolated_user_dirs / "data"
    if blocked == "file":
        (data / "tuma").write_text("")
    else:
        if os.geteuid() == 0:
            pytest.skip("root may write in a read-only folder")
        data.chmod(0o500)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "desktop_app"],
            cwd=ROOT,
            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        data.chmod(0o700)
    assert done.returncode == 1, done.stderr
    said = done.stderr.split("tuma: ")[-1]
    assert said.startswith("Could not open Tuma's records"), done.stderr
    assert str(data / "tuma") in said
    assert "Traceback" not in said
