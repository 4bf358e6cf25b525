"""What the benchmarks share: the app and a bare PySide6 window started the same way (time to
the first paint, resident memory once idle), a throw-away home with a real account, and an
event-loop stall meter.

Start-up is timed from just before the process is spawned to the first paint of its main
window, read off one clock: the child prints ``shown T`` with ``T = time.monotonic()``
(``CLOCK_MONOTONIC``, shared by every process on the machine), so the pipe's delay is not
counted. The app does that when ``TUMA_STARTUP_PROBE=1`` is set (desktop_app/app.py), the bare
window (``python tests/bench/support.py bare-window``) always. Both then print ``ready T``
once idle: the app when its start-up session is connected and its balance read, the bare
window on the first idle turn of its loop. Resident memory (VmRSS) is read from
/proc/PID/status a moment after ``ready``; then the process gets SIGTERM.

Runs are offscreen (``QT_QPA_PLATFORM=offscreen``) unless ``TUMA_BENCH_PLATFORM`` names
another platform (e.g. ``xcb`` under Xvfb): the offscreen platform paints into memory
exactly as it would for a screen, but maps no window, so start-up here is a little shorter
than on a desktop, for the app and the baseline alike.
"""

from __future__ import annotations

import json
import os
import re
import selectors
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
MIB = 1024 * 1024
#: One frame at 60 Hz, as the targets count it.
FRAME = 0.016

Result = dict[str, Any]


def result(value: float, baseline: float, target: float, **extra: Any) -> Result:
    """``{value, baseline, ratio, target}`` and any extra facts."""
    return {
        "value": value,
        "baseline": baseline,
        "ratio": value / baseline if baseline else float("inf"),
        "target": target,
        **extra,
    }


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


# --- a process's start ----------------------------------------------------------------------


def isolated_env(home: Path, **extra: str) -> dict[str, str]:
    """A first start in a home of its own (never the user's folders), offscreen."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "XDG_RUNTIME_DIR": str(home / "run"),
        "QT_QPA_PLATFORM": os.environ.get("TUMA_BENCH_PLATFORM", "offscreen"),
        "PYTHONPATH": str(ROOT),
        # no keyring backend of the desktop: a file in the home (real accounts set it)
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
    }
    for display in ("DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY"):
        if display in os.environ:
            env[display] = os.environ[display]
    (home / "run").mkdir(mode=0o700, parents=True, exist_ok=True)
    env.update(extra)
    return env


@dataclass
class Started:
    shown: float  # seconds from spawn to the first paint
    ready: float | None  # seconds from spawn to idle, when waited for
    rss: int | None  # bytes resident once idle, when waited for


_MARK = re.compile(r"\b(shown|ready) (\d+\.\d+)")


def start(
    command: Sequence[str],
    env: dict[str, str],
    *,
    until: str = "shown",
    settle: float = 0.5,
    timeout: float = 60.0,
    on_ready: Callable[[int], Any] | None = None,
) -> Started:
    """Spawn *command*, wait for its ``shown`` (and, with ``until="ready"``, ``ready``) line,
    read its RSS *settle* seconds after ``ready``, then end it (SIGTERM, a clean quit, once
    idle; SIGKILL when only its start was timed)."""
    stderr_path = Path(env["HOME"]) / "stderr.txt"
    with stderr_path.open("ab") as stderr:
        spawned = time.monotonic()
        process = subprocess.Popen(
            list(command), cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=stderr
        )
    assert process.stdout is not None
    marks: dict[str, float] = {}
    rss = None
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    buffer = b""
    deadline = spawned + timeout
    try:
        while until not in marks:
            if time.monotonic() > deadline or process.poll() is not None:
                tail = stderr_path.read_text(errors="replace")[-2000:]
                raise RuntimeError(f"{command}: no {until!r} line (exit {process.poll()}):\n{tail}")
            if not selector.select(0.1):
                continue
            chunk = os.read(process.stdout.fileno(), 65536)
            buffer += chunk
            for found in _MARK.finditer(buffer.decode(errors="replace")):
                marks.setdefault(found.group(1), float(found.group(2)) - spawned)
        if until == "ready":
            time.sleep(settle)
            rss = rss_of(process.pid)
            if on_ready is not None:
                on_ready(process.pid)
    finally:
        selector.close()
        if process.poll() is None:
            # Once idle it quits the normal way; before that, how it stops is not measured.
            process.send_signal(signal.SIGTERM if until == "ready" else signal.SIGKILL)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        process.stdout.close()
    return Started(marks["shown"], marks.get("ready"), rss)


def rss_of(pid: int) -> int:
    """VmRSS of process *pid* in bytes (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def children_rss(pid: int) -> int:
    """The summed VmRSS of *pid*'s direct children (the practice sandbox)."""
    total = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        if fields.get("PPid", "").strip() == str(pid) and "VmRSS" in fields:
            total += int(fields["VmRSS"].split()[0]) * 1024
    return total


def app_command(*args: str) -> list[str]:
    return [PYTHON, "-m", "desktop_app", *args]


def bare_command(
    *, floor: bool = False, libraries: bool = False, content: bool = False
) -> list[str]:
    extra = (
        ["--content"] if content else ["--libraries"] if libraries else ["--floor"] if floor else []
    )
    return [PYTHON, str(Path(__file__).resolve()), "bare-window", *extra]


def app_env(home: Path, **extra: str) -> dict[str, str]:
    return isolated_env(home, TUMA_STARTUP_PROBE="1", **extra)


# --- a real account in a throw-away home ----------------------------------------------------


@dataclass
class Account:
    home: Path
    env: dict[str, str]


def real_account_home(home: Path, base_url: str, contacts_base_url: str, token: str) -> Account:
    """A home whose settings hold one saved account (the active one) on the given service,
    its token in a file keyring the app reads through the keyring library."""
    keyring_file = home / "keyring.json"
    env = app_env(
        home,
        PYTHON_KEYRING_BACKEND="tests.bench.file_keyring.FileKeyring",
        TUMA_BENCH_KEYRING_FILE=str(keyring_file),
    )
    settings_dir = Path(env["XDG_CONFIG_HOME"]) / "tuma"
    settings_dir.mkdir(parents=True, exist_ok=True)
    name = "Duka la Mama Njeri"
    profile = {
        "name": name,
        "base_url": base_url,
        "contacts_base_url": contacts_base_url,
        "sender_ids": ["TUMA"],
        "default_sender_id": "TUMA",
    }
    (settings_dir / "settings.json").write_text(
        json.dumps({"profiles": [profile], "active_profile": name}), encoding="utf-8"
    )
    keyring_file.write_text(json.dumps({f"tuma\n{name}": token}), encoding="utf-8")
    return Account(home, env)


# --- the Qt event loop ------------------------------------------------------------------------


class StallMeter:
    """The longest gap between turns of the Qt event loop while running: a 1 ms precise
    timer that notes how late each of its ticks comes. A stall the user would feel as a
    frozen window (no repaint, no click) shows as a long gap."""

    def __init__(self) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.longest = 0.0
        self.ticks = 0
        self._last = 0.0
        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(1)
        self._timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self._last)
        self._last = now
        self.ticks += 1

    def start(self) -> None:
        self.longest = 0.0
        self.ticks = 0
        self._last = time.perf_counter()
        self._timer.start()

    def stop(self) -> float:
        self._timer.stop()
        self._tick()
        return self.longest


def qt_app() -> Any:
    """The QApplication of this process (made offscreen when there is none)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["QT_API"] = "pyside6"
    from PySide6.QtWidgets import QApplication

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0]])
    app.setQuitOnLastWindowClosed(False)  # closing a measured widget must not end the loop
    return app


def run_in_qt_loop(coro_fn: Callable[[], Any]) -> Any:
    """Run ``coro_fn()`` to completion on a qasync loop, as the app does."""
    import asyncio

    import qasync

    app = qt_app()
    with asyncio.Runner(loop_factory=lambda: qasync.QEventLoop(app)) as runner:
        return runner.run(coro_fn())


async def connected_context(
    folder: Path, base_url: str, token: str, *, name: str = "Bench shop", **profile: Any
) -> tuple[Any, Any]:
    """``(services, ctx)`` on a store and settings in *folder*, with a session open on the
    service at *base_url* (as the app has once an account is connected) and idle."""
    from desktop_app.core.services import Services
    from desktop_app.core.settings import Profile
    from desktop_app.ui.context import AppContext

    services = Services.open(
        store_path=folder / "tuma.sqlite3", settings_path=folder / "settings.json"
    )
    ctx = AppContext(services)
    account = Profile(name=name, base_url=base_url, contacts_base_url=base_url, **profile)
    await ctx.open_session(account, token)
    await ctx.tasks.wait_idle()
    return services, ctx


def load_line() -> str:
    return (
        f"Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.2f} "
        f"on {os.cpu_count()} CPUs"
    )


# --- the bare window (the baseline) -----------------------------------------------------------


def bare_window(floor: bool = False, libraries: bool = False, content: bool = False) -> int:
    """An empty QMainWindow, shown: the least a PySide6 app can do before its first paint.

    With *floor*, the least Tuma's own stack needs besides (evidence, not a baseline): the
    window's loop is qasync's, so asyncio and qasync are imported (asyncio first, as the app
    does), and Qt's namespace of enums (``Qt.AlignmentFlag``…, built by PySide6 on first
    use) is touched, as any window that aligns a label does. With *libraries* as well, the
    libraries an idle Tuma has used once connected (fixed by the product's owner or the
    standard library): httpx (without its command line, as the app), keyring, sqlite3 and
    phonenumbers, each used once. With *content* as well, the least a window with tabs
    shows (:func:`_least_content`)."""
    libraries = libraries or content
    if floor or libraries:
        import asyncio  # noqa: F401

    if libraries:
        import sqlite3

        sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]
        import httpx
        import keyring
        import phonenumbers

        httpx.AsyncClient(trust_env=False)
        keyring.get_keyring()
        sqlite3.connect(":memory:").execute("SELECT 1")
        phonenumbers.parse("+254712345678")
        floor = True

    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    if floor:
        os.environ["QT_API"] = "pyside6"
        import qasync  # noqa: F401
        from PySide6.QtCore import Qt

        assert Qt.AlignmentFlag.AlignLeft

    app = QApplication(sys.argv[:1])
    window = QMainWindow()

    def ready() -> None:
        print(f"bare: ready {time.monotonic():.6f}", flush=True)

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                print(f"bare: shown {time.monotonic():.6f}", flush=True)
                window.removeEventFilter(self)
                QTimer.singleShot(
                    0, lambda: print(f"bare: ready {time.monotonic():.6f}", flush=True)
                )
            return False

    if content:
        _least_content(app, window)
    window.installEventFilter(FirstPaint(window))
    window.resize(1280, 800)
    window.show()
    return app.exec()


def _least_content(app: Any, window: Any) -> None:
    """The least a window with tabs shows, whatever it is for: a menu, a status bar, five
    tabs each with a label, a button, a line edit and a table, under Tuma's style sheet.
    Text on screen is what loads Qt's fonts (the empty window draws none)."""
    from PySide6.QtCore import QDir
    from PySide6.QtWidgets import (
        QLabel,
        QLineEdit,
        QPushButton,
        QTableView,
        QTabWidget,
        QVBoxLayout,
        QWidget,
    )

    resources = ROOT / "desktop_app" / "resources"
    QDir.setSearchPaths("tuma", [str(resources)])  # the sheet's images, as the app finds them
    app.setStyleSheet((resources / "style.qss").read_text(encoding="utf-8"))
    window.menuBar().addMenu("&File").addAction("&Quit")
    window.statusBar().showMessage("Ready")
    tabs = QTabWidget()
    for n in range(5):
        page = QWidget()
        column = QVBoxLayout(page)
        for widget in (QLabel(f"Page {n + 1}"), QPushButton("Send"), QLineEdit(), QTableView()):
            column.addWidget(widget)
        tabs.addTab(page, f"Tab {n + 1}")
    window.setCentralWidget(tabs)


if __name__ == "__main__":
    if sys.argv[1:] == ["bare-window"]:
        sys.exit(bare_window())
    if sys.argv[1:] == ["bare-window", "--floor"]:
        sys.exit(bare_window(floor=True))
    if sys.argv[1:] == ["bare-window", "--libraries"]:
        sys.exit(bare_window(libraries=True))
    if sys.argv[1:] == ["bare-window", "--content"]:
        sys.exit(bare_window(content=True))
    sys.exit("usage: support.py bare-window [--floor | --libraries | --content]")
