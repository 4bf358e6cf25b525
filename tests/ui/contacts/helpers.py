"""Shared helpers of the Contacts tab tests: customers on the sandbox, the tab on a connected
context, and answering the dialogs it opens (open(), never exec())."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QWidget

from desktop_app.ui.contacts import ContactsTab
from tests.contacts_data import kenyan_contacts, upload

LEFT = Qt.MouseButton.LeftButton


def seed(arun: Any, ctx: Any, count: int, start: int = 0) -> None:
    """*count* customers on the connected account (one upload)."""
    arun(upload(ctx.client(), kenyan_contacts(count, start)), timeout=60)


def make_tab(qtbot: Any, ctx: Any) -> ContactsTab:
    tab = ContactsTab(ctx)
    qtbot.addWidget(tab)
    tab.resize(1200, 760)
    tab.show()
    qtbot.waitExposed(tab)
    tab.activateWindow()  # keyboard shortcuts reach the active window only
    qtbot.waitUntil(lambda: QApplication.activeWindow() is tab, timeout=5000)
    return tab


def wait_loaded(qtbot: Any, tab: ContactsTab, total: int | None = None) -> None:
    """Until the first page of the current query is shown (and the total is *total*)."""
    qtbot.waitUntil(
        lambda: (
            tab.model.known
            and not tab.model.loading
            and (total is None or tab.model.total == total)
        ),
        timeout=10000,
    )


def answer(qtbot: Any, parent: QWidget, button: str = "confirmYes") -> str:
    """Click *button* in the question box *parent* opened; returns the question."""
    qtbot.waitUntil(lambda: _box(parent) is not None, timeout=5000)
    box = _box(parent)
    assert box is not None
    clicked = box.findChild(QPushButton, button)
    assert clicked is not None
    question = box.text()
    qtbot.mouseClick(clicked, LEFT)
    parent.window().activateWindow()  # as the window manager does when the box goes
    return question


def _box(parent: QWidget) -> QMessageBox | None:
    boxes = [b for b in parent.findChildren(QMessageBox) if b.isVisible()]
    return boxes[-1] if boxes else None
