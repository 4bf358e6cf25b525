"""With a send scheduled (its banner above the titles), the Delivery tab on a 1280×800 window
still fits it: no scroll bar, the customers' list ends in sight. The banner's words may wrap,
so the page's scroll area asked the tab for its height at that width, and Qt answered with the
height the lists would like (~20 px more than there was): the page scrolled, the customers'
list ran on under the status bar."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from PySide6.QtCore import QPoint

from desktop_app.core.recipients import Person
from desktop_app.core.services.sending import SendingService
from desktop_app.ui.main_window import MainWindow
from tests.ui.conftest import app_theme
from tests.ui.delivery.test_tab import OK, TEXT, stop_following  # noqa: F401 (a fixture)


def test_with_a_send_scheduled_the_tab_fits_a_1280_by_800_window(
    qtbot: Any, qapp: Any, ctx: Any, arun: Any
) -> None:
    session = ctx.session
    plan = SendingService.plan(
        sender_id="TUMA",
        text=TEXT,
        people=[Person(OK)],
        fallback="",
        skipped=0,
        profile=session.profile,
        balance=None,
        price_per_part=None,
    )
    due = datetime.now(UTC) + timedelta(hours=5)
    arun(ctx.services.sending.start(plan, session.profile.name, due_at=due))
    with app_theme(qapp):
        window = MainWindow(ctx, remember_layout=False)
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        qtbot.waitExposed(window)
        window.show_tab("delivery")
        tab: Any = window.tab("delivery")
        qtbot.waitUntil(tab.scheduled_banner.isVisible, timeout=10000)
        qtbot.waitUntil(lambda: tab.history_model.loaded_once, timeout=10000)
        qtbot.wait(50)
        area: Any = window.tabs.currentWidget()
        assert area.verticalScrollBar().maximum() == 0, "the page scrolls"
        table = tab.recipients_table
        bottom = table.mapTo(area.viewport(), QPoint(0, table.height())).y()
        assert bottom <= area.viewport().height(), "the customers run on under the status bar"
        window.close()
