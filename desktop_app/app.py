"""Start Tuma: ``tuma [--sandbox] [--profile NAME] [--screenshots DIR]``.

The window appears first; the network stack (httpx), the keyring and the practice sandbox are
loaded or started after it is on screen. Closing the window cancels running work, closes the
client and stops the sandbox within a few seconds, then exits 0.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse
    import asyncio
    import logging

    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QApplication, QWidget

    from desktop_app.core.services import Services
    from desktop_app.ui.context import AppContext
    from desktop_app.ui.instance import Guard
    from desktop_app.ui.main_window import MainWindow
    from desktop_app.ui.session import SessionManager

__all__ = [
    "apply_theme",
    "light_palette",
    "main",
    "make_excepthook",
    "missing_display",
    "parse_args",
    "resource_path",
]

# asyncio, logging and argparse are imported inside main(), with the cycle collector resting:
# this module's own import is part of the start-up that bench_startup times.


def _log() -> logging.Logger:
    import logging

    return logging.getLogger("desktop_app")


RESOURCES = Path(__file__).resolve().parent / "resources"
SCREENSHOT_SIZE = (1280, 800)
INK = "#1f2933"  # the text colour (style.qss names the others)
TEXT_POINT_SIZE = 10.0


def resource_path(name: str) -> Path:
    return RESOURCES / name


#: The light palette Tuma is drawn with, whatever the computer's own colours: its style sheet
#: paints light fields and pages, so a dark system palette (Windows, macOS or GNOME in dark
#: mode) left dark what the sheet does not paint (the import wizard's pages, a table's spare
#: area) under ink that could not be read there. Role: (active and inactive, disabled); these
#: are Qt's own light (Fusion) colours but for the text, which is ink.
LIGHT_PALETTE: dict[str, tuple[str, str]] = {
    "WindowText": (INK, "#bebebe"),
    "Button": ("#efefef", "#efefef"),
    "Light": ("#ffffff", "#ffffff"),
    "Midlight": ("#cacaca", "#cacaca"),
    "Dark": ("#9f9f9f", "#bebebe"),
    "Mid": ("#b8b8b8", "#b8b8b8"),
    "Text": (INK, "#bebebe"),
    "BrightText": ("#ffffff", "#ffffff"),
    "ButtonText": (INK, "#bebebe"),
    "Base": ("#ffffff", "#efefef"),
    "Window": ("#efefef", "#efefef"),
    "Shadow": ("#767676", "#b1b1b1"),
    "Highlight": ("#308cc6", "#919191"),
    "HighlightedText": ("#ffffff", "#ffffff"),
    "Link": ("#0000ff", "#0000ff"),
    "LinkVisited": ("#ff00ff", "#ff00ff"),
    "AlternateBase": ("#f7f7f7", "#f7f7f7"),
    "NoRole": ("#000000", "#000000"),
    "ToolTipBase": ("#ffffdc", "#ffffdc"),
    "ToolTipText": ("#000000", "#000000"),
    "PlaceholderText": (INK, "#000000"),  # at half alpha, below
    "Accent": ("#308cc6", "#919191"),
}


def light_palette() -> QPalette:
    """:data:`LIGHT_PALETTE` as a ``QPalette``, every role of every group set (so none is
    taken from the system's palette, nor changes with it)."""
    from PySide6.QtGui import QColor, QPalette

    palette = QPalette()
    groups = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive)
    for name, (normal, disabled) in LIGHT_PALETTE.items():
        role = QPalette.ColorRole[name]
        colours = [QColor(normal), QColor(disabled)]
        if role == QPalette.ColorRole.PlaceholderText:
            for colour in colours:
                colour.setAlpha(128)  # as Qt derives it from a style sheet's text colour
        for group in groups:
            palette.setColor(group, role, colours[0])
        palette.setColor(QPalette.ColorGroup.Disabled, role, colours[1])
    return palette


def apply_theme(app: QApplication) -> None:
    """The app's style sheet; its images are found as ``url(tuma:NAME)`` in resources/.

    Ink-coloured 10pt text is the application's font and palette rather than a style sheet
    rule every ``QWidget`` matches (which also kept disabled text from looking disabled); it
    saves ~0.6 MiB with the tabs built. The style sheet itself costs ~5 MiB spread over all
    its rules (measured by leaving each section out in turn), the price of the look.

    The palette is :func:`light_palette` whatever the system's colour scheme, and the
    platform is asked for its light scheme too (title bars, native dialogs), since the style
    sheet is light."""
    from PySide6.QtCore import QDir, Qt

    QDir.setSearchPaths("tuma", [str(RESOURCES)])
    app.styleHints().setColorScheme(Qt.ColorScheme.Light)
    font = app.font()
    font.setPointSizeF(TEXT_POINT_SIZE)
    app.setFont(font)
    app.setPalette(light_palette())
    try:
        app.setStyleSheet(resource_path("style.qss").read_text(encoding="utf-8"))
    except OSError:
        _log().warning("style sheet missing; using the platform look")


def _size(text: str) -> tuple[int, int]:
    import argparse

    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from None
    return width, height


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    import argparse

    parser = argparse.ArgumentParser(
        prog="tuma", description="Tuma: SMS broadcasts for small businesses."
    )
    parser.add_argument(
        "--sandbox",
        action="store_true",
        help="practice mode: use the local sandbox service with a demo shop (nothing is sent)",
    )
    parser.add_argument("--profile", metavar="NAME", help="open the saved account NAME")
    parser.add_argument(
        "--size",
        metavar="WxH",
        type=_size,
        default=SCREENSHOT_SIZE,
        help="with --screenshots: the window size (default 1280x800)",
    )
    parser.add_argument(
        "--screenshots",
        metavar="DIR",
        type=Path,
        help="render every tab to DIR/<tab>.png at 1280x800 in practice mode, then exit",
    )
    parser.add_argument(
        "--language",
        choices=("en", "sw"),
        help="the interface language for this run (en, sw); default: the Language menu's "
        "choice, else the computer's",
    )
    return parser.parse_args(argv)


def missing_display(
    environ: Mapping[str, str] | None = None, platform: str | None = None
) -> str | None:
    """One plain sentence when Tuma is started where no screen can show it (a Linux
    session with no X11 or Wayland display, e.g. over ssh), instead of Qt's abort that
    blames a library. None when a display (or an explicit Qt platform) is there."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux") or environ.get("QT_QPA_PLATFORM"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "tuma: no display found. Start Tuma from a desktop session (the menu or a terminal "
        "in your desktop), not from a remote shell."
    )


def main(argv: Sequence[str] | None = None) -> int:
    from desktop_app.core.collector import collector_paused

    # Start-up makes a few hundred thousand objects (modules, classes, widgets' wrappers)
    # that all live as long as the app: the cycle collector walking them again and again
    # costs ~7 ms before the first paint (tests/bench/bench_startup.py). It rests until the
    # tabs are built; what is alive then is frozen (out of its sight, so no catch-up pass
    # on the GUI thread either).
    with contextlib.ExitStack() as startup:
        startup.enter_context(collector_paused(freeze=True))
        return _main(argv, startup.close)


def _main(argv: Sequence[str] | None, started: Callable[[], None]) -> int:
    import asyncio
    import logging

    args = parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(
        level=logging.INFO if os.environ.get("TUMA_DEBUG") else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # qasync picks its Qt binding on import: it must be the one the app uses.
    os.environ["QT_API"] = "pyside6"
    # httpx imports its command line's libraries (click, rich, pygments: ~10 MiB, ~50 ms)
    # whenever they are installed; the app never runs that command line.
    sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]
    if args.screenshots is not None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    problem = missing_display()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1

    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    _lighter_pyside_import_hook()
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0]])
    app.setApplicationName("Tuma")
    # No application display name: Qt would append it to every window title
    # ("Tuma — Practice account — Tuma"); the window sets its whole title itself.
    app.setOrganizationName("Tuma")
    app.setDesktopFileName("tuma")
    app.setWindowIcon(QIcon(str(resource_path("tuma.svg"))))
    from desktop_app.ui.formats import apply_default_locale

    apply_default_locale()  # C/POSIX systems: English (Kenya), so numbers read "1,000"
    from desktop_app.ui.i18n import chosen_language, install_translations

    install_translations(app)  # English until the settings say which language
    apply_theme(app)
    # The window's close starts an orderly shutdown; the loop ends when it is done.
    app.setQuitOnLastWindowClosed(False)
    if args.screenshots is not None:
        args.screenshots.mkdir(parents=True, exist_ok=True)

    from desktop_app.core.services import Services

    # Screenshots never touch the user's own records, settings or practice shop: they are
    # taken in a folder of their own, removed afterwards.
    scratch: Path | None = None
    guard: Guard | None = None
    if args.screenshots is not None:
        import tempfile

        scratch = Path(tempfile.mkdtemp(prefix="tuma-screenshots-"))
    try:
        # The store (and its tables' modules) opens once the window is painted (_run).
        try:
            services = (
                Services.open(store_later=True)
                if scratch is None
                else Services.open(
                    store_path=scratch / "tuma.sqlite3",
                    settings_path=scratch / "settings.json",
                    store_later=True,
                )
            )
        except OSError as exc:
            _cannot_open_records(exc)
            return 1
        # The Language menu's choice (else the computer's language), and its locale for
        # numbers, money and dates.
        language = args.language or chosen_language(services.preferences.settings.language)
        install_translations(app, language, set_locale=True)
        if scratch is None:
            # One Tuma per person: a second start brings the open window forward instead.
            from desktop_app.ui.instance import Guard, Outcome

            try:
                records = services.records_folder()  # (made when missing)
            except Exception as exc:  # a file in its place, a folder Tuma may not write in
                # (StoreError NO_FOLDER; not imported here: the store's modules load after the
                # first paint)
                services.close()
                _cannot_open_records(exc)
                return 1
            guard = Guard(records)
            outcome = guard.claim()
            if outcome is not Outcome.FIRST:
                services.close()
                return _already_open(outcome is Outcome.SHOWN)

        import qasync

        with asyncio.Runner(loop_factory=lambda: qasync.QEventLoop(app)) as runner:
            result: int = runner.run(_run(app, args, services, started, guard))
        return result
    finally:
        if guard is not None:
            guard.release()  # after the records are closed: the next start may begin
        if scratch is not None:
            import shutil

            shutil.rmtree(scratch, ignore_errors=True)


def _already_open(shown: bool) -> int:
    """Another Tuma is open on this computer: it brought its window forward (*shown*), or
    it did not answer. Nothing of this start was opened; 0 when the other one showed."""
    if shown:
        print("tuma: Tuma is already open; its window was brought to the front.", file=sys.stderr)
        return 0
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QMessageBox

    title = QCoreApplication.translate("Startup", "Tuma is already open")
    text = QCoreApplication.translate(
        "Startup",
        "Tuma is already running on this computer but did not answer. If you cannot see its "
        "window, wait a minute, then start Tuma again. If this keeps happening, restart the "
        "computer.",
    )
    print(f"tuma: {title}. {text}", file=sys.stderr)
    if os.environ.get("QT_QPA_PLATFORM") != "offscreen":
        QMessageBox.warning(None, title, text)
    return 1


def _lighter_pyside_import_hook() -> None:
    """PySide6 looks at every module imported after it for the word "PySide6" (to know which
    modules its ``__feature__`` switches apply to) through ``inspect.getsource``, which keeps
    the whole text of every module in ``linecache``: ~10 MiB and tens of milliseconds for
    Tuma's imports. The same check made on the file's bytes keeps nothing. Tuma uses no
    ``__feature__``; should PySide6 change its internals, its own check stays."""
    try:
        from PySide6.support import feature  # type: ignore[attr-defined]
    except ImportError:
        return
    if not callable(getattr(feature, "_mod_uses_pyside", None)):
        return

    def uses_pyside(module: object) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return False  # built in, compiled or frozen: inspect finds no source either
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return False

    feature._mod_uses_pyside = uses_pyside


def _records_problem(exc: BaseException) -> tuple[str, str]:
    """Tuma's records could not be opened (written by a newer version, a disk problem): log
    it, say it on stderr in plain words, and return (title, text) for a box."""
    from desktop_app.ui.errors import describe

    _log().error("Tuma's records could not be opened", exc_info=exc)
    title, text = describe(exc)
    print(f"tuma: {title}. {text}", file=sys.stderr)
    return title, text


def _cannot_open_records(exc: BaseException) -> None:
    """The settings could not be read, before any event loop runs: say so, in a box too."""
    from PySide6.QtWidgets import QMessageBox

    title, text = _records_problem(exc)
    if os.environ.get("QT_QPA_PLATFORM") != "offscreen":
        QMessageBox.critical(None, title, text)


async def _cannot_open_store(exc: BaseException, window: QWidget) -> None:
    """The store could not be opened, once the window was painted: the same words, in a box
    on the window, awaited on the running loop (no second event loop; ui/dialogs.py). Closing
    the window (Ctrl+Q, a SIGTERM) closes the box too (MainWindow.closeEvent)."""
    from PySide6.QtWidgets import QMessageBox

    from desktop_app.ui.dialogs import wait_finished

    title, text = _records_problem(exc)
    if os.environ.get("QT_QPA_PLATFORM") != "offscreen":
        box = QMessageBox(
            QMessageBox.Icon.Critical, title, text, QMessageBox.StandardButton.Ok, window
        )
        await wait_finished(box)
        box.deleteLater()


async def _run(
    app: QApplication,
    args: argparse.Namespace,
    services: Services,
    started: Callable[[], None],
    guard: Guard | None = None,
) -> int:
    import asyncio

    from desktop_app.ui.context import AppContext
    from desktop_app.ui.main_window import MainWindow
    from desktop_app.ui.session import SessionManager

    screenshots: Path | None = args.screenshots
    ctx = AppContext(services)
    manager = SessionManager(ctx)
    window = MainWindow(ctx, manager, deferred=True, remember_layout=screenshots is None)
    _install_error_hooks(ctx)
    if services.preferences.load_problem is not None:
        from desktop_app.ui.errors import Level
        from desktop_app.ui.words import settings_set_aside

        title, text = settings_set_aside(services.preferences.load_problem.kept_as)
        ctx.errors.info(title, text, level=Level.WARNING)
    closed = asyncio.Event()
    window.close_requested.connect(closed.set)
    _quit_on_signals(window)
    if screenshots is not None:
        window.resize(*args.size)
    if os.environ.get("TUMA_STARTUP_PROBE"):
        _startup_probe(window, manager, ctx)
    window.show()
    await asyncio.sleep(0)  # let the window paint before the heavier imports
    from desktop_app.core.store import StoreError

    try:
        # Tuma's records, then the tabs that show them. Opened on the store's thread: the
        # window stays responsive while the file waits for another Tuma's write, or a new
        # schema step rebuilds an index over a long history.
        await services.io(lambda: services.store)
    except (StoreError, OSError) as exc:
        await _cannot_open_store(exc, window)
        window.hide()
        services.close()
        window.deleteLater()
        return 1
    window.load_tabs()
    started()
    if guard is not None:
        await guard.listen(lambda: _bring_forward(window))
    if os.environ.get("TUMA_EXIT_WHEN_SHOWN"):
        # start-up timing (installer/linux/startup_time.py): the window is up with its tabs
        print("tuma: window shown", flush=True)
        services.close()
        return 0
    if screenshots is None and ctx.settings.last_tab:
        window.show_tab(ctx.settings.last_tab)
    ctx.tasks.start(
        "startup",
        manager.start(
            force_sandbox=args.sandbox or screenshots is not None, profile_name=args.profile
        ),
    )
    code = 0
    try:
        if screenshots is not None:
            code = await _take_screenshots(window, ctx, screenshots, args.size)
        else:
            await closed.wait()
    finally:
        window.hide()
        if guard is not None:  # a start from now on waits for this one to let go
            await guard.stop_listening()
        await window.wind_down(timeout=5.0)  # a send finishes its batch in flight first
        await manager.shutdown(timeout=3.0)
        services.close()
        window.deleteLater()
    return code


def _bring_forward(window: MainWindow) -> None:
    """A second start of Tuma asked for this window (ui/instance.py)."""
    window.bring_to_front()
    if os.environ.get("TUMA_STARTUP_PROBE"):
        import time

        print(f"tuma: brought to front {time.monotonic():.6f}", flush=True)


def _startup_probe(window: MainWindow, manager: SessionManager, ctx: AppContext) -> None:
    """``TUMA_STARTUP_PROBE=1`` (tests/bench): print ``tuma: shown T`` when the window is
    first painted and ``tuma: ready T`` once the start-up session is connected and idle, T
    being ``time.monotonic()`` (one clock for every process on the machine)."""
    import asyncio
    import time

    from PySide6.QtCore import QEvent, QObject

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                print(f"tuma: shown {time.monotonic():.6f}", flush=True)
                window.removeEventFilter(self)
            return False

    window.installEventFilter(FirstPaint(window))

    async def ready() -> None:
        await ctx.tasks.wait_idle()  # the start-up task, then the balance it asked for
        print(f"tuma: ready {time.monotonic():.6f}", flush=True)

    waiting: list[asyncio.Future[None]] = []
    manager.started.connect(lambda: waiting.append(asyncio.ensure_future(ready())))


def _quit_on_signals(window: MainWindow) -> None:
    """Ctrl+C in a terminal or a SIGTERM (log out, kill) closes the window the normal way, so
    work is cancelled cleanly and the practice service is stopped."""
    import signal

    from PySide6.QtCore import QTimer

    def request_close(_signum: int, _frame: object) -> None:
        QTimer.singleShot(0, window.close)

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, request_close)
    # Python runs signal handlers only between bytecodes: wake it regularly while Qt waits.
    pulse = QTimer(window)
    pulse.setInterval(250)
    pulse.timeout.connect(lambda: None)
    pulse.start()


def make_excepthook(
    ctx: AppContext,
) -> Callable[[type[BaseException], BaseException, TracebackType | None], None]:
    """A sys.excepthook that logs the error and shows it to the user (non-modally)."""

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        _log().error("uncaught exception", exc_info=(kind, exc, tb))
        if isinstance(exc, KeyboardInterrupt):
            return
        try:
            ctx.errors.present(exc)
        except Exception:  # the presenter itself failed: at least the log has it
            _log().exception("could not show the error")

    return hook


def _install_error_hooks(ctx: AppContext) -> None:
    """Uncaught exceptions (e.g. in an @asyncSlot or a Qt callback) reach the user."""
    import asyncio

    hook = make_excepthook(ctx)
    sys.excepthook = hook

    def loop_handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        if isinstance(exc, BaseException) and not isinstance(exc, asyncio.CancelledError):
            hook(type(exc), exc, exc.__traceback__)
        else:
            loop.default_exception_handler(context)

    asyncio.get_running_loop().set_exception_handler(loop_handler)


async def _take_screenshots(
    window: MainWindow, ctx: AppContext, folder: Path, size: tuple[int, int]
) -> int:
    """Wait for the practice session and its balance, then grab every tab."""
    import asyncio

    from desktop_app.ui.tabs import TABS

    deadline = asyncio.get_running_loop().time() + 90
    while ctx.session is None or ctx.last_balance is None or ctx.tasks.busy:
        if window.manager.has_started and ctx.session is None:
            print("tuma: the practice session could not start", file=sys.stderr)
            return 1
        if asyncio.get_running_loop().time() > deadline:
            print("tuma: the practice session did not start in time", file=sys.stderr)
            return 1
        await asyncio.sleep(0.1)
    window.message_bar.dismiss()
    window.update_bars()
    window.resize(*size)
    for tab in TABS:
        key = tab.key
        window.show_tab(key)
        window.tab(key).prepare_screenshot()
        await ctx.tasks.wait_idle()
        await asyncio.sleep(0.3)  # let layouts and deferred repaints settle
        shots: list[tuple[str, QWidget]] = [(f"{key}.png", window)]
        for name, extra in window.tab(key).screenshot_extras():
            extra.show()
            await asyncio.sleep(0.3)
            shots.append((f"{key}-{name}.png", extra))
        for file_name, widget in shots:
            path = folder / file_name
            if not widget.grab().save(str(path)):
                print(f"tuma: could not write {path}", file=sys.stderr)
                return 1
            print(path, flush=True)  # a pipe buffers: each line when its file is written
            if widget is not window:
                widget.hide()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
