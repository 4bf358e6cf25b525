"""Help → About Tuma offers the open-source licences: the bundle's notices file when frozen, the
same text made from the environment when running from source."""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton

from desktop_app.ui import licences
from desktop_app.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot, ctx):  # type: ignore[no-untyped-def]
    win = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)  # done loading
    yield win
    win.close()


def _open_licences(qtbot, window) -> licences.LicencesDialog:  # type: ignore[no-untyped-def]
    window.show_about()
    box = window.about_box
    assert isinstance(box, QMessageBox)
    qtbot.waitUntil(box.isVisible)
    button = next(b for b in box.buttons() if b.text() == "Open-source licences")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.licences_dialog is not None)
    dialog = window.licences_dialog
    assert isinstance(dialog, licences.LicencesDialog)
    qtbot.waitUntil(dialog.isVisible)
    return dialog


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # offscreen: shown again
def test_about_opens_the_licences_made_from_the_environment(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dialog = _open_licences(qtbot, window)
    assert dialog.windowTitle() == "Open-source licences"
    assert dialog.viewer is not None
    assert dialog.viewer.isReadOnly()
    shown = dialog.viewer.toPlainText()
    assert f"\nPySide6_Essentials {metadata.version('PySide6-Essentials')}\n" in shown
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in shown
    assert "GNU GENERAL PUBLIC LICENSE" in shown
    assert "\nhttpx " in shown
    # the same dialog again, not a second one
    dialog.close()
    window.show_licences()
    assert window.licences_dialog is dialog
    assert dialog.isVisible()
    close = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Close")
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_a_frozen_app_shows_the_bundled_notices_file(
    qtbot, window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    bundled = tmp_path / "licenses" / "THIRD-PARTY-NOTICES.txt"
    bundled.parent.mkdir()
    bundled.write_text("Tuma: third-party software notices\nQt, frozen\n", encoding="utf-8")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    dialog = _open_licences(qtbot, window)
    assert dialog.viewer is not None
    assert dialog.viewer.toPlainText() == "Tuma: third-party software notices\nQt, frozen\n"
    where = [label.text() for label in dialog.findChildren(QLabel)]
    assert f"Also in the file {bundled}" in where


def test_without_the_notices_it_says_where_they_are(
    qtbot, window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    dialog = _open_licences(qtbot, window)
    assert dialog.viewer is None
    texts = " ".join(label.text() for label in dialog.findChildren(QLabel))
    assert "THIRD-PARTY-NOTICES.txt" in texts


def test_the_notices_are_read_off_the_gui_thread_and_opened_once(
    qtbot, window, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """From a source checkout they are made from the environment (~0.2 s): not on the GUI
    thread, and pressing the button again meanwhile opens no second dialog."""
    import threading

    readers: list[str] = []
    release = threading.Event()

    def slow_notices() -> str:
        readers.append(threading.current_thread().name)
        release.wait(10)
        return "the notices\n"

    monkeypatch.setattr(licences, "notices_text", slow_notices)
    window.show_licences()
    qtbot.waitUntil(lambda: readers != [])
    window.show_licences()  # pressed again while they are read
    assert window.licences_dialog is None
    release.set()
    qtbot.waitUntil(lambda: window.licences_dialog is not None)
    assert readers != [threading.main_thread().name]
    assert len(readers) == 1
    dialogs = window.findChildren(licences.LicencesDialog)
    assert dialogs == [window.licences_dialog]
    assert window.licences_dialog.viewer.toPlainText() == "the notices\n"
    window.licences_dialog.close()
