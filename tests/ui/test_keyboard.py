"""With the keyboard alone: in the app's look, the control that has the keyboard looks
different from the same control without it, on every kind of control Tab stops at. (The
platform's focus box, a faint blue frame inside a button, was all there was: on a green
primary button it could not be seen at all, nor anywhere on the Compose channel switch.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QHBoxLayout,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QRadioButton,
    QTabBar,
    QTableView,
    QWidget,
)

from tests.ui.conftest import app_theme


@pytest.fixture
def themed(qapp: QApplication) -> Iterator[QApplication]:
    with app_theme(qapp):
        yield qapp


def _window(qtbot: Any, control: QWidget) -> tuple[QMainWindow, QLineEdit]:
    """*control* in a main window (no "default" button there), beside a line edit that
    Shift+Tab leaves for it; returns the window (keep it) and the line edit."""
    win = QMainWindow()
    qtbot.addWidget(win)
    body = QWidget()
    row = QHBoxLayout(body)
    other = QLineEdit("other")
    row.addWidget(control)
    row.addWidget(other)
    row.addStretch(1)
    win.setCentralWidget(body)
    win.show()
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    return win, other


def _unfocused_and_focused(qtbot: Any, control: QWidget, other: QWidget) -> tuple[QImage, QImage]:
    """*control* grabbed without the keyboard, then after Shift+Tab brought it there (by a
    key, as the user does: the platform draws its focus box only then)."""
    other.setFocus()
    qtbot.waitUntil(other.hasFocus)
    size = control.size()
    before = control.grab().toImage()
    qtbot.keyClick(other, Qt.Key.Key_Backtab)
    qtbot.waitUntil(control.hasFocus)
    assert control.size() == size  # focus moves nothing
    return before, control.grab().toImage()


def _ring_changed(before: QImage, after: QImage, width: int = 2) -> float:
    """The share of the pixels of the outer *width* px ring of the widget that changed."""
    changed = total = 0
    w, h = before.width(), before.height()
    for x in range(w):
        for y in range(h):
            if width <= x < w - width and width <= y < h - width:
                continue
            total += 1
            changed += before.pixel(x, y) != after.pixel(x, y)
    return changed / total


def _brand_green_ish(image: QImage) -> int:
    """Pixels of the brand green's hue (#0f7b5f and its tints): green clearly above red and
    blue. The platform's focus box is blue-grey and does not count."""
    found = 0
    for x in range(image.width()):
        for y in range(image.height()):
            c = QColor(image.pixel(x, y))
            if c.green() > c.red() + 30 and c.green() > c.blue() + 8:
                found += 1
    return found


@pytest.mark.parametrize("role", [None, "primary", "danger", "link"])
def test_a_focused_push_button_shows_it_at_its_edge(qtbot, themed, role) -> None:  # type: ignore[no-untyped-def]
    button = QPushButton("Send now")
    if role is not None:
        button.setProperty("role", role)
    _win, other = _window(qtbot, button)
    before, after = _unfocused_and_focused(qtbot, button, other)
    # the edge of the button changes (its border, or for a link its ground), not a faint
    # frame around the words
    assert _ring_changed(before, after) > 0.25, role


def test_a_focused_primary_button_stays_green_with_a_dark_edge(qtbot, themed) -> None:  # type: ignore[no-untyped-def]
    button = QPushButton("Send now")
    button.setProperty("role", "primary")
    _win, other = _window(qtbot, button)
    _before, after = _unfocused_and_focused(qtbot, button, other)
    middle = QColor(after.pixel(4, after.height() // 2))
    assert middle.name() == "#0f7b5f"  # still the main action's green
    edge = QColor(after.pixel(0, after.height() // 2))
    assert edge.lightness() < QColor("#0f7b5f").lightness() - 30, edge.name()


@pytest.mark.parametrize("kind", [QCheckBox, QRadioButton])
def test_a_focused_check_box_or_radio_button_turns_green(qtbot, themed, kind) -> None:  # type: ignore[no-untyped-def]
    control = kind("Remember me")
    _win, other = _window(qtbot, control)
    before, after = _unfocused_and_focused(qtbot, control, other)
    assert _brand_green_ish(before) == 0
    assert _brand_green_ish(after) > 30


def test_the_tab_bar_shows_when_it_has_the_keyboard(qtbot, themed) -> None:  # type: ignore[no-untyped-def]
    bar = QTabBar()
    bar.addTab("Compose")
    bar.addTab("Contacts")
    _win, other = _window(qtbot, bar)
    before, after = _unfocused_and_focused(qtbot, bar, other)
    pale_green = QColor("#e5f3ee").rgb()

    def pale(image: QImage) -> int:
        return sum(
            image.pixel(x, y) == pale_green
            for x in range(image.width())
            for y in range(image.height())
        )

    assert pale(before) == 0
    assert pale(after) > bar.tabRect(0).width() * bar.tabRect(0).height() // 3


def test_the_compose_channel_switch_shows_which_one_has_the_keyboard(qtbot, ctx, qapp) -> None:  # type: ignore[no-untyped-def]
    """The switch is drawn by the Compose tab's own style sheet, which wins over the app's
    for borders and fills."""
    from desktop_app.ui.main_window import MainWindow

    with app_theme(qapp):
        win = MainWindow(ctx, remember_layout=False)
        qtbot.addWidget(win)
        win.show()
        win.activateWindow()
        qtbot.waitUntil(win.isActiveWindow)
        win.show_tab("compose")
        compose: Any = win.pages["compose"]
        for button in compose.channel_buttons:
            button.setFocus()
            qtbot.waitUntil(button.hasFocus)
            qtbot.keyClick(button, Qt.Key.Key_Tab)
            qtbot.waitUntil(lambda b=button: not b.hasFocus())
            before = button.grab().toImage()
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab)
            qtbot.waitUntil(button.hasFocus)
            after = button.grab().toImage()
            changed = sum(
                before.pixel(x, y) != after.pixel(x, y)
                for x in range(before.width())
                for y in range(before.height())
            )
            assert changed > 20, button.text()
            # its edge, as every button's (not only the underline of its words)
            assert _ring_changed(before, after, 1) > 0.25, button.text()
        win.close()


def test_a_focused_grid_shows_it_at_its_edge(qtbot, themed) -> None:  # type: ignore[no-untyped-def]
    """Tab stops at the Contacts and Delivery grids (arrows then move in them): their own
    style sheet's border turns green, as a focused field's does."""
    from PySide6.QtGui import QStandardItemModel

    from desktop_app.ui.grids import grid_look

    table = QTableView()
    model = QStandardItemModel(3, 2)
    table.setModel(model)
    grid_look(table)
    table.setFixedSize(240, 140)
    _win, other = _window(qtbot, table)
    before, after = _unfocused_and_focused(qtbot, table, other)
    assert _ring_changed(before, after, 1) > 0.25
