"""No table holds the Tab key. Qt's tables move Tab from cell to cell by default, so a keyboard
user was stuck in one for as many presses as it has cells (the arrows move inside a table;
Tab must go on to the next control).

The whole app is walked on the sandbox with a shop's worth of data: every tab, every button
of it and the dialogs they open, every menu entry, each page of the Import wizard, a message
looked up, the "Which message?" list and the scheduled sends. Every item view shown on the
way, anywhere, is checked as it appears, so a table added later (in a new dialog too) cannot
trap the keyboard again.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QDialog,
    QFileDialog,
)

from desktop_app.ui.main_window import TAB_KEYS, MainWindow
from tests.ui.compose.test_rules import schedule_directly
from tests.ui.conftest import run_async
from tests.ui.test_hurried_clicks import (
    SKIPPED_MENUS,
    _close_every_dialog,
    _menu_actions,
    _pump,
    _seed_a_shop,
    _usable,
)
from tests.ui.test_keyboard_everywhere import _import_pages


class ShownViews(QObject):
    """Installed on the application: every item view shown, and those Tab moves inside."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[str] = set()
        self.trapping: set[str] = set()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Show and isinstance(watched, QAbstractItemView):
            self.note(watched)
        return False

    def note(self, view: QAbstractItemView) -> None:
        window = view.window()
        name = (
            f"{type(view).__name__}#{view.objectName()} in "
            f"{type(window).__name__} {window.windowTitle()!r}"
        )
        self.seen.add(name)
        if view.tabKeyNavigation():
            self.trapping.add(name)

    def sweep(self) -> None:
        """The views shown now (those shown before the filter was installed)."""
        for widget in QApplication.allWidgets():
            if isinstance(widget, QAbstractItemView) and widget.isVisible():
                self.note(widget)


@pytest.fixture
def window(pressable_window: MainWindow) -> MainWindow:
    return pressable_window


def _press_and_close(button: QAbstractButton, views: ShownViews) -> None:
    """Press *button* once; press every button of a dialog it opens, then close them all."""
    button.click()
    _pump(150)
    views.sweep()
    modal = QApplication.activeModalWidget()
    if isinstance(modal, QDialog) and not isinstance(modal, QFileDialog):
        for inner in [b for b in modal.findChildren(QAbstractButton) if _usable(b)]:
            if not (shiboken6.isValid(modal) and modal.isVisible()):
                break
            if _usable(inner):
                inner.click()
                _pump(100)
                views.sweep()
                nested = QApplication.activeModalWidget()
                if isinstance(nested, QDialog) and nested is not modal:
                    nested.reject()
                    _pump(40)
    _close_every_dialog()


# (menus popped up by a button: the offscreen platform can neither raise them nor grab keys)
@pytest.mark.qt_log_ignore(
    r"This plugin does not support raise\(\)", "This plugin does not support grabbing the keyboard"
)
def test_no_table_anywhere_holds_the_tab_key(
    qtbot, window, ctx, account, arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.core.store import BroadcastKind

    _seed_a_shop(ctx, account, arun)
    schedule_directly(window.pages["compose"], arun, datetime.now(UTC) + timedelta(days=1))
    views = ShownViews()
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(views)
    try:
        views.sweep()
        # every tab, each of its buttons, and the dialogs they open
        for key in TAB_KEYS:
            window.show_tab(key)
            window.refresh_action.trigger()
            _pump(400)
            tab: Any = window.tab(key)
            if key == "contacts":
                tab.select_rows([0, 1])
            elif key == "delivery":
                tab.history_table.selectRow(1)
            done: set[int] = set()
            for _round in range(2):  # buttons a press revealed get their turn next round
                for button in [b for b in tab.findChildren(QAbstractButton) if _usable(b)]:
                    if id(button) not in done and _usable(button):
                        done.add(id(button))
                        _press_and_close(button, views)
                        window.show_tab(key)
        # every menu entry
        for action in list(_menu_actions(window.menuBar())):
            if not shiboken6.isValid(action) or not action.isEnabled():
                continue
            if action is window.quit_action or action.text() in SKIPPED_MENUS:
                continue
            if action.parent() is getattr(window, "switch_menu", None):
                continue
            action.trigger()
            _pump(300)  # some dialogs (the licences) come once read off the GUI thread
            views.sweep()
            _close_every_dialog()

        # the dialogs no button opens: a message looked up, "Which message?", the scheduled
        delivery: Any = window.pages["delivery"]
        window.show_tab("delivery")
        sent = run_async(qtbot, ctx.client().send_bulk("TUMA", ["+254712000001"], "Habari"))
        delivery.lookup_edit.setText(sent.message_id)
        delivery.look_up()
        qtbot.waitUntil(lambda: delivery.lookup_dialog is not None, timeout=10000)
        _pump(100)
        _close_every_dialog()
        for twin in (
            "4f1c2a9b-1e2f-4a6b-9c3d-5e7f8a9b0c1d",
            "4f1c2a9b-0000-4a6b-9c3d-5e7f8a9b0c1d",
        ):
            ctx.services.store.journal.record_sent(
                BroadcastKind.BULK,
                "Habari",
                ["+254712000001"],
                profile=ctx.session.profile.name,
                message_id=twin,
                sender_id="TUMA",
            )
        delivery.lookup_edit.setText("4f1c2a9b")
        delivery.look_up()
        qtbot.waitUntil(
            lambda: delivery.matches_dialog is not None and delivery.matches_dialog.isVisible(),
            timeout=10000,
        )
        _close_every_dialog()
        window.show_tab("compose")
        compose: Any = window.pages["compose"]
        compose.open_scheduled_dialog()
        qtbot.waitUntil(lambda: compose.scheduled_dialog.table.isVisible(), timeout=10000)
        _close_every_dialog()
        # each page of the Import wizard, to its report
        for _page in _import_pages(qtbot, window, tmp_path):
            views.sweep()
        window.show_tab("import")
        views.sweep()
    finally:
        app.removeEventFilter(views)

    # the walk reached the tables it is for (a change that hid them would make this hollow)
    for expected in (
        "#contactsTable",
        "#pickerTable",
        "#historyTable",
        "#recipientsTable",
        "#optOutTable",
        "#lookupMatches",
        "#scheduledTable",
        "#sampleTable",
        "#problemsTable",
        "in LookupDialog",
    ):
        assert any(expected in name for name in views.seen), (expected, sorted(views.seen))
    assert not views.trapping, "Tab moves from cell to cell in:\n" + "\n".join(
        sorted(views.trapping)
    )
