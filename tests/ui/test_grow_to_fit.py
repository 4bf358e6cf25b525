"""A dialog that grows for a message shown after it opened (the contact form) fits the words
it shows, and never grows past the screen (its buttons stay reachable on a 560 px screen)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout

from desktop_app.ui import widgets

LONG = "Namba hii tayari ina mteja mwingine kwenye orodha yako. " * 40


def _dialog(qtbot: Any) -> tuple[QDialog, QLabel]:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    layout = QVBoxLayout(dialog)
    label = QLabel("Short")
    label.setWordWrap(True)
    layout.addWidget(label)
    dialog.resize(420, 80)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog, label


def test_a_dialog_grows_for_a_long_message(qtbot: Any) -> None:
    dialog, label = _dialog(qtbot)
    label.setText(LONG)
    widgets.grow_to_fit(dialog)
    qtbot.waitUntil(lambda: dialog.height() > 200)
    assert dialog.height() >= dialog.layout().totalHeightForWidth(dialog.width()) - 1


def test_it_never_grows_past_the_screen(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(widgets, "available_height", lambda _w: 300)
    dialog, label = _dialog(qtbot)
    label.setText(LONG * 3)
    widgets.grow_to_fit(dialog)
    qtbot.waitUntil(lambda: dialog.height() > 80)
    qtbot.wait(50)
    assert dialog.height() + widgets.FRAME_ALLOWANCE <= 300
