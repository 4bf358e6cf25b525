"""The window made small at once (1280×800 to its least, 800×560: a window restored from
maximised): the handle between the sends and the chosen send's customers lies between them,
and the customers' list ends above the status bar. It used to keep the handle's old place,
drawn across the list of sends, and the customers' list ran on under the status bar: the
send's actions wrapping onto a second line shared the height out again from inside the
splitter's own placing of its panes, which then finished with the old sizes."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QRect

from tests.ui.conftest import app_theme
from tests.ui.delivery.test_tab import (  # noqa: F401 (a fixture)
    FAILS,
    OK,
    OK2,
    quick,
    select_send,
    send,
    stop_following,
)
from tests.ui.support import shown_window


def _box(widget: Any, within: Any) -> QRect:
    return QRect(widget.mapTo(within, QPoint(0, 0)), widget.size())


def test_made_small_at_once_the_handle_and_the_customers_stay_in_their_places(
    qtbot: Any, qapp: Any, ctx: Any, arun: Any
) -> None:
    quick(ctx.services)
    broadcast_id = send(arun, ctx, [OK, OK2, FAILS])
    with app_theme(qapp):
        window = shown_window(qtbot, ctx, "delivery")
        tab: Any = window.tab("delivery")
        qtbot.waitUntil(lambda: tab.history_model.loaded_once, timeout=10000)
        select_send(qtbot, tab, broadcast_id)
        assert tab._actions.geometry().height() < 40  # the actions on one line

        window.resize(800, 560)
        qtbot.waitUntil(lambda: window.width() == 800 and window.height() == 560)
        qtbot.wait(50)
        splitter = tab.splitter
        sends, customers = splitter.widget(0), splitter.widget(1)
        handle = splitter.handle(1).geometry()
        assert handle.top() == sends.geometry().bottom() + 1, "the handle is across the sends"
        assert customers.geometry().top() == handle.bottom() + 1
        table = _box(tab.recipients_table, customers)
        assert table.bottom() <= customers.rect().bottom(), "the customers run on below"
        page = window.tabs.currentWidget()
        assert _box(tab.recipients_table, page).bottom() <= page.rect().bottom()
        window.close()
