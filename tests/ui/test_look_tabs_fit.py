"""At 1280×800 no tab's page scrolls, even with a line that wraps above its titles (the
scheduled sends' banner on Compose and Delivery). A page whose words can wrap is asked by its
scroll area for its height at the width it has, and Qt's own answer is the height its lists
would like, not the least they need: Delivery scrolled by ~20 px with the banner, its
customers' list running on under the status bar. Every tab now answers the least height."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QLabel, QVBoxLayout

from desktop_app.core.recipients import Person
from desktop_app.core.services.sending import SendingService
from desktop_app.ui.tabs import TabPage
from tests.ui.conftest import app_theme
from tests.ui.support import shown_window


def _schedule(ctx: Any, arun: Any) -> None:
    session = ctx.session
    plan = SendingService.plan(
        sender_id="TUMA",
        text="Karibu kesho: duka linafunguliwa saa mbili.",
        people=[Person("+254712000001")],
        fallback="",
        skipped=0,
        profile=session.profile,
        balance=None,
        price_per_part=None,
    )
    due = datetime.now(UTC) + timedelta(hours=5)
    arun(ctx.services.sending.start(plan, session.profile.name, due_at=due))


@pytest.mark.parametrize("key", ["compose", "contacts", "import", "delivery", "balance"])
def test_no_tab_scrolls_at_1280_by_800_with_a_send_scheduled(
    qtbot: Any, qapp: Any, ctx: Any, arun: Any, key: str
) -> None:
    _schedule(ctx, arun)
    with app_theme(qapp):
        window = shown_window(qtbot, ctx, key)
        qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10_000)
        qtbot.wait(100)
        area: Any = window.tabs.currentWidget()
        assert area.verticalScrollBar().maximum() == 0, "the page scrolls"
        if key == "delivery":  # the banner shown, the customers' list ends in sight
            tab: Any = window.tab(key)
            assert tab.scheduled_banner.isVisible()
            assert tab.history_model.loaded_once
            table = tab.recipients_table
            bottom = table.mapTo(area.viewport(), QPoint(0, table.height())).y()
            assert bottom <= area.viewport().height(), "the customers run on under the status bar"
        window.close()


def test_a_page_with_wrapping_words_asks_for_its_least_height(qtbot: Any) -> None:
    page = TabPage()
    qtbot.addWidget(page)
    layout = QVBoxLayout(page)
    words = QLabel("A line long enough to wrap at a narrow width, as a banner's words do. " * 3)
    words.setWordWrap(True)
    layout.addWidget(words)
    grid = QLabel("grid")
    grid.setMinimumHeight(100)
    layout.addWidget(grid)
    grid.sizeHint = lambda: grid.minimumSize().grownBy(grid.contentsMargins()) * 4  # type: ignore[method-assign]
    assert page.hasHeightForWidth()
    least = layout.totalMinimumHeightForWidth(300)
    assert page.heightForWidth(300) == max(least, page.minimumSizeHint().height())
