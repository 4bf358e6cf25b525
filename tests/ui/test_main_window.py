"""The shell against the real sandbox: tabs, status bar, reauth on a revoked token, a 500
burst, the Balance tab and the screenshots mode."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from desktop_app.ui.main_window import TAB_KEYS, MainWindow
from tests.ui.support import saved_settings


@pytest.fixture
def window(qtbot, ctx):  # type: ignore[no-untyped-def]
    win = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    yield win
    win.close()


def _tab_titles(win: MainWindow) -> list[str]:
    return [win.tabs.tabText(i).replace("&", "") for i in range(win.tabs.count())]


def test_shell_opens_with_the_five_tabs_and_the_account_in_the_status_bar(
    qtbot, window, ctx
) -> None:  # type: ignore[no-untyped-def]
    assert _tab_titles(window) == ["Compose", "Contacts", "Import", "Delivery", "Balance"]
    assert type(window.pages["compose"]).__name__ == "ComposeTab"
    qtbot.waitUntil(lambda: "credits" in window.balance_label.text())
    assert "Test shop" in window.account_label.text()
    assert "1,000 credits" in window.balance_label.text() or "1000 credits" in (
        window.balance_label.text()
    )
    assert window.practice_banner.isHidden()  # a real (non-practice) account
    for number, key in enumerate(TAB_KEYS):
        window.show_tab(key)
        assert window.tabs.currentIndex() == number
        assert window.current_tab() == key


def test_window_remembers_size_and_tab(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    first = MainWindow(ctx)
    qtbot.addWidget(first)
    first.show()
    first.resize(1100, 700)
    first.show_tab("balance")
    first.close()
    saved = saved_settings(ctx)
    assert saved.last_tab == "balance"
    assert saved.window_geometry

    ctx.services.preferences.settings = saved
    second = MainWindow(ctx)
    qtbot.addWidget(second)
    assert second.current_tab() == "balance"
    # Restored (the offscreen screen is small, so Qt fits the window to it): not the default.
    assert second.width() < 1280


def test_revoked_token_opens_the_account_dialog_with_the_reason(
    qtbot, window, ctx, admin, account
) -> None:  # type: ignore[no-untyped-def]
    admin.revoke_token(account.token)
    window.show_tab("balance")
    window.tab("balance").refresh()
    qtbot.waitUntil(
        lambda: window.account_dialog is not None and window.account_dialog.isVisible(),
        timeout=10000,
    )
    dialog = window.account_dialog
    assert dialog.reason_label.isVisible()
    assert "not accepted" in dialog.reason_label.text()
    # The dialog offers the same account, with the token to paste again.
    assert dialog.name_edit.text() == "Test shop"
    assert window.message_bar.isVisible()
    assert window.message_bar.reconnect_button.isVisible()

    # Paste a fresh token and save: the session is back and the bar goes away.
    fresh = admin.create_token(account.account_id, kind="scoped")
    dialog.token_edit.setText(fresh)
    dialog.save_button.click()
    qtbot.waitUntil(lambda: window.account_dialog is None or not dialog.isVisible(), timeout=10000)
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    assert window.message_bar.message is None or not window.message_bar.message.reauth


def test_a_burst_of_500s_is_retried_and_the_balance_still_shows(qtbot, window, ctx, admin) -> None:  # type: ignore[no-untyped-def]
    readings: list[object] = []
    ctx.balance_changed.connect(readings.append)
    admin.fault("error500", count=2, path_prefix="/v1/get-balance")
    window.show_tab("balance")
    window.tab("balance").refresh()
    qtbot.waitUntil(lambda: bool(readings), timeout=15000)
    assert window.tab("balance").credits.value.text().replace(",", "") == "1000"
    assert window.message_bar.message is None


def test_balance_tab_shows_credits_value_messages_and_a_chart(qtbot, window, ctx) -> None:  # type: ignore[no-untyped-def]
    tab = window.tab("balance")
    window.show_tab("balance")
    qtbot.waitUntil(lambda: tab.credits.value.text() != "—")
    assert tab.credits.value.text().replace(",", "") == "1000"
    # The sandbox reports its rate (KES 0.80 per part): 1,000 credits = KES 800.00.
    assert tab.value.value.text().replace(",", "") == "KES 800.00"
    assert "provider" in tab.value.note.text()
    assert tab.buys.value.text().replace(",", "") == "1000"
    qtbot.waitUntil(lambda: len(tab.chart.points) >= 1)  # the reading just taken

    # Earlier readings (one spent day) show up as points and as spending.
    now = datetime.now().astimezone()
    name = ctx.session.profile.name
    ctx.services.store.balances.record(name, 1200, at=now - timedelta(days=2))
    ctx.services.store.balances.record(name, 1100, at=now - timedelta(days=1))
    tab.refresh()
    qtbot.waitUntil(lambda: len(tab.chart.points) >= 3, timeout=10000)
    assert sum(spent for _, spent in tab.chart.spending) >= 100
    image = tab.chart.grab()
    assert not image.isNull()


def test_low_balance_warns_in_the_status_bar(qtbot, window, ctx) -> None:  # type: ignore[no-untyped-def]
    tab = window.tab("balance")
    assert not window.low_balance_warning
    tab.threshold.setValue(5000)  # above the 1,000 credits
    assert saved_settings(ctx).low_balance_threshold == 5000
    assert window.low_balance_warning
    assert "Low balance" in window.balance_label.text()
    assert tab.warning.isVisible() or not tab.isVisible()
    assert "below your warning level" in tab.warning.text()
    tab.threshold.setValue(0)  # 0 = never warn
    assert not window.low_balance_warning
    assert tab.warning.isHidden()


def test_screenshots_mode_writes_five_pngs_and_leaves_the_user_s_records_alone(
    tmp_path: Path,
) -> None:
    out = tmp_path / "shots"
    home = tmp_path / "home"
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
    )
    # To a pipe, as installer/linux/startup_time.py reads it: block-buffered, unless each line
    # is flushed (its "practice" figure is the time to the first line).
    env.pop("PYTHONUNBUFFERED", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "desktop_app", "--sandbox", "--screenshots", str(out)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        # each line comes as its file is written, not all of them when the app ends
        assert first.strip() == str(out / "compose.png")
        assert not (out / "balance.png").exists()
        _rest, errors = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, errors
    for key in ("compose", "contacts", "import", "delivery", "balance"):
        image = QImage(str(out / f"{key}.png"))
        assert not image.isNull(), key
        assert (image.width(), image.height()) == (1280, 800)
    # Sample content (the practice shop, its groups) went to a scratch folder, now gone.
    assert [p for p in home.rglob("*") if p.is_file()] == []


def test_quitting_while_work_runs_stops_within_seconds(qtbot, ctx, arun, admin) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.ui.session import SessionManager

    admin.fault("delay", count=1, path_prefix="/v1/get-balance", seconds=20)
    manager = SessionManager(ctx)
    ctx.refresh_balance()
    qtbot.waitUntil(lambda: ctx.tasks.is_running("balance"))
    started = time.monotonic()
    try:
        arun(manager.shutdown(timeout=3.0), timeout=10)
    finally:
        admin.clear_faults()  # if the request had not gone out yet, the delay is still armed
    assert time.monotonic() - started < 5
    assert not ctx.tasks.busy
    assert ctx.session is None


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        text = (task / "children").read_text() if (task / "children").exists() else ""
        found += [int(p) for p in text.split()]
    return found


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_sigterm_closes_the_app_cleanly_and_stops_the_practice_service(
    qtbot, isolated_user_dirs
) -> None:  # type: ignore[no-untyped-def]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    app = subprocess.Popen(
        [sys.executable, "-m", "desktop_app", "--sandbox"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        log = isolated_user_dirs / "data" / "tuma" / "sandbox" / "sandbox.log"
        qtbot.waitUntil(lambda: log.exists() and bool(_children(app.pid)), timeout=30000)
        children = _children(app.pid)
        app.send_signal(signal.SIGTERM)
        assert app.wait(timeout=10) == 0
        for child in children:
            assert not Path(f"/proc/{child}").exists() or "zombie" in (
                Path(f"/proc/{child}/status").read_text().lower()
            )
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()


def test_the_account_cannot_change_under_a_running_send(qtbot, window, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    import asyncio

    release = asyncio.Event()
    ctx.tasks.start("compose.send", release.wait())
    session = ctx.session
    window.switch_to(None)
    assert ctx.session is session
    assert window.message_bar.message is not None
    assert "in progress" in window.message_bar.message.title
    release.set()
    qtbot.waitUntil(lambda: not ctx.is_sending())


def test_the_account_cannot_change_under_an_import_being_uploaded(qtbot, window, ctx) -> None:  # type: ignore[no-untyped-def]
    """A switch or a sign-out during an upload used to go ahead: the part going up was
    recorded under no import, and the waiting for the rest was cut off."""
    import asyncio

    from desktop_app.ui.import_.tab import UPLOAD_TASK

    assert UPLOAD_TASK == ctx.UPLOADING_TASK  # the task the guard looks for
    release = asyncio.Event()
    ctx.tasks.start(UPLOAD_TASK, release.wait())
    session = ctx.session
    window.switch_to(None)
    window.sign_out_action.trigger()
    assert ctx.session is session
    assert window.message_bar.message is not None
    assert window.message_bar.message.title == "An import is being uploaded"
    dialog = window.open_account_dialog()
    dialog._on_save_clicked()
    assert dialog.status_label.text() == (
        "An import is being uploaded: save this account once it has finished."
    )
    dialog.close()
    release.set()
    qtbot.waitUntil(lambda: not ctx.is_uploading())
    assert ctx.session is session


def test_good_news_shows_in_the_status_bar_and_goes_without_moving_the_page(
    qtbot, window, ctx
) -> None:  # type: ignore[no-untyped-def]
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.tabs.height() > 0)
    before = window.tabs.geometry()
    window.toast.fader.set_wait(50)

    ctx.errors.info("Connected to “Shop”", "Messages you send now go to your customers.")
    qtbot.waitUntil(window.toast.isVisible)
    assert window.tabs.geometry() == before  # nothing on the page moved
    assert window.message_bar.isHidden()
    assert window.statusBar().isAncestorOf(window.toast)
    assert window.toast.label.text().startswith("Connected to “Shop”")
    assert "customers" in window.toast.toolTip()

    qtbot.waitUntil(lambda: window.toast.isHidden(), timeout=3000)  # it goes by itself
    assert window.tabs.geometry() == before


def test_good_news_fades_again_after_it_faded_once(qtbot, window, ctx) -> None:  # type: ignore[no-untyped-def]
    """The fade's effect is made when a note first fades (not at start-up); a note shown
    again after fading is fully visible and goes by itself again."""
    toast = window.toast
    assert toast.graphicsEffect() is None  # nothing made for a fade that has not happened
    toast.fader.set_wait(50)
    ctx.errors.info("Templates updated", "")
    qtbot.waitUntil(toast.isVisible)
    qtbot.waitUntil(toast.isHidden, timeout=3000)
    effect = toast.graphicsEffect()
    assert effect is not None
    ctx.errors.info("Contacts updated", "")
    qtbot.waitUntil(toast.isVisible)
    assert effect.opacity() == 1.0
    assert toast.fader.counting
    qtbot.waitUntil(toast.isHidden, timeout=3000)
    assert toast.graphicsEffect() is effect  # the same effect, made once


def test_a_problem_replaces_good_news_and_stays(qtbot, window, ctx) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.ui.errors import Level

    window.toast.fader.set_wait(50)
    ctx.errors.info("Templates updated", "")
    qtbot.waitUntil(window.toast.isVisible)
    ctx.errors.info("That file cannot be opened here", "Drop a .csv file.", level=Level.WARNING)
    assert window.toast.isHidden()
    assert window.message_bar.isVisible()
    qtbot.wait(200)
    assert window.message_bar.isVisible()  # a problem waits to be dealt with
    window.message_bar.close_button.click()
    assert window.message_bar.isHidden()


def test_long_good_news_stays_on_one_line_at_the_smallest_size(qtbot, window, ctx) -> None:  # type: ignore[no-untyped-def]
    window.resize(800, 560)
    qtbot.waitUntil(lambda: window.width() <= 820)
    height = window.statusBar().height()
    ctx.errors.info(
        "Switched to “Duka la Mama na Watoto wa Nairobi Central”",
        "Balance, contacts and delivery reports are now this account’s, not the last one’s.",
    )
    qtbot.waitUntil(window.toast.isVisible)
    qtbot.wait(50)
    assert window.statusBar().height() == height
    assert window.toast.label.text().endswith("…")
    assert "not the last one’s" in window.toast.toolTip()


def test_f5_reads_the_open_tab_again(qtbot, window, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    from tests.ui.contacts.helpers import seed, wait_loaded

    seed(arun, ctx, 2)
    window.show_tab("contacts")
    tab = window.tab("contacts")
    wait_loaded(qtbot, tab, 2)
    seed(arun, ctx, 3, start=2)  # added elsewhere (the portal, another computer)
    assert tab.model.total == 2
    window.refresh_action.trigger()
    wait_loaded(qtbot, tab, 5)


@pytest.mark.expect_log("Tuma's records could not be opened")
def test_quitting_while_the_records_problem_is_shown_quits(
    qtbot, window, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    """Records that cannot be opened after the first paint are explained in a box on the
    window; Ctrl+Q (or the SIGTERM of a log-out, which closes the window) closes the box
    too and the start ends, instead of waiting on a box nobody can see."""
    import asyncio

    from PySide6.QtWidgets import QMessageBox

    from desktop_app import app as app_module
    from desktop_app.core.store import StoreError, StoreProblem

    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")  # as on a desktop: the box is shown
    problem = StoreError(StoreProblem.NEWER_VERSION, found=99, known=9)
    shown = asyncio.ensure_future(app_module._cannot_open_store(problem, window))
    qtbot.waitUntil(
        lambda: any(box.isVisible() for box in window.findChildren(QMessageBox)), timeout=5000
    )
    (box,) = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert "newer version" in box.text()
    window.quit_action.trigger()
    qtbot.waitUntil(shown.done, timeout=5000)
    assert shown.exception() is None
    assert "tuma: " in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("old.xls", "97-2003"),
        ("shop.ods", "LibreOffice"),
        ("shop.numbers", "Apple Numbers"),
        ("Customers", "is a folder"),
    ],
)
def test_a_spreadsheet_of_another_kind_dropped_on_the_window_says_how_to_import_it(  # type: ignore[no-untyped-def]
    qtbot, window, ctx, tmp_path, name, says
) -> None:
    """They got "is not a spreadsheet Tuma can import" from the window, while the Import
    tab's own drop area said how to save each as .xlsx or CSV."""
    path = tmp_path / name
    if "." in name:
        path.write_bytes(b"not read")
    else:
        path.mkdir()
    window.show_tab("compose")
    shown: list[object] = []
    ctx.errors.message_shown.connect(shown.append)
    window.open_files([path])
    assert window.current_tab() == "import"
    assert len(shown) == 1
    assert says in shown[0].text  # type: ignore[attr-defined]


def test_a_file_of_no_spreadsheet_kind_dropped_on_the_window_is_refused_where_it_is(  # type: ignore[no-untyped-def]
    qtbot, window, ctx, tmp_path
) -> None:
    path = tmp_path / "photo.jpg"
    path.write_bytes(b"\xff\xd8")
    window.show_tab("compose")
    shown: list[object] = []
    ctx.errors.message_shown.connect(shown.append)
    window.open_files([path])
    assert window.current_tab() == "compose"
    assert "is not a spreadsheet" in shown[0].text  # type: ignore[attr-defined]


def test_the_tabs_wind_down_side_by_side_within_one_quit_time(  # type: ignore[no-untyped-def]
    qtbot, window, arun, monkeypatch
) -> None:
    """A send finishing its batch and a contacts job finishing the contact in hand each may
    take the whole quit time: one after the other, the quit took twice that."""
    import asyncio
    import time

    stopped: list[str] = []

    def slow(key: str):  # type: ignore[no-untyped-def]
        own = window.pages[key].stop

        async def stop(timeout: float) -> bool:  # noqa: ASYNC109 (the TabPage interface)
            await asyncio.sleep(timeout * 0.8)  # nearly the whole time, as a slow batch
            stopped.append(key)
            return bool(await own(timeout))

        return stop

    for key in ("compose", "contacts"):
        monkeypatch.setattr(window.pages[key], "stop", slow(key))
    started = time.monotonic()
    arun(window.wind_down(timeout=1.0), timeout=10)
    took = time.monotonic() - started
    assert sorted(stopped) == ["compose", "contacts"]
    assert took < 1.5  # one quit time for them all (one after the other: 1.6 s)
