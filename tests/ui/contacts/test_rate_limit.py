"""The service asks the contacts paging to slow down (429 with Retry-After, the sandbox's
rate-limit fault) and the client's own tries give up: for a short wait the tab counts it down
and tries once more by itself; a search or leaving the tab stops that; a long wait keeps the
Retry button only."""

from __future__ import annotations

from typing import Any

from desktop_app.ui.contacts.states import State
from tests.ui.contacts.helpers import make_tab, seed, wait_loaded

PAGES = "/api/v1/contacts"


def test_a_later_page_slowed_down_is_tried_again_by_itself(qtbot, ctx, arun, admin) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 60)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 60)
    ctx.session.client.max_attempts = 1  # the client's own tries give up at once
    reads: list[int] = []
    tab.model.page_loaded.connect(reads.append)
    admin.fault("ratelimit", 1, path_prefix=PAGES, seconds=2)
    try:
        tab.last_button.click()
        qtbot.waitUntil(lambda: tab.error_strip.isVisible(), timeout=10000)
        assert tab.auto_retry_seconds == 2
        assert tab.error_label.text() == (
            "Some contacts could not be loaded: the service asked us to slow down. Trying "
            "again by itself in 2 seconds…"
        )
        assert tab.retry_strip_button.isVisible()  # pressing it need not wait
        qtbot.waitUntil(lambda: tab.auto_retry_seconds == 1, timeout=3000)
        assert tab.error_label.text().endswith("in 1 second…")
        qtbot.waitUntil(lambda: tab.model.row_at(59) is not None, timeout=10000)
    finally:
        admin.clear_faults()
    assert not tab.error_strip.isVisible()
    assert reads == [3]  # the last page, read by itself once

    # slowed down again: waited out by itself again (the list loaded in between)
    admin.fault("ratelimit", 1, path_prefix=PAGES, seconds=1)
    try:
        tab.first_button.click()
        tab.model._pages.clear()
        tab.model.want_page(1)
        qtbot.waitUntil(lambda: tab.auto_retry_seconds == 1, timeout=10000)
        qtbot.waitUntil(lambda: tab.model.row_at(0) is not None, timeout=10000)
    finally:
        admin.clear_faults()


def test_the_first_page_slowed_down_counts_down_then_tries_once(qtbot, ctx, arun, admin) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 5)
    ctx.session.client.max_attempts = 1
    admin.fault("ratelimit", 2, path_prefix=PAGES, seconds=1)  # the try by itself too
    try:
        tab = make_tab(qtbot, ctx)
        qtbot.waitUntil(lambda: tab.auto_retry_seconds == 1, timeout=10000)
        assert tab.state_page.state is State.ERROR
        assert tab.state_page.text.text() == (
            "The messaging service asked us to slow down. Trying again by itself in 1 second…"
        )
        # tried once by itself, slowed down again: now it is the user's Retry
        qtbot.waitUntil(
            lambda: tab.state_page.text.text().endswith("Wait 1 second, then try again."),
            timeout=10000,
        )
    finally:
        admin.clear_faults()
    assert tab.auto_retry_seconds == 0
    assert tab.state_page.primary.text() == "Retry"
    tab.state_page.primary.click()
    wait_loaded(qtbot, tab, 5)


def test_a_search_or_leaving_the_tab_stops_the_countdown(qtbot, ctx, arun, admin) -> None:  # type: ignore[no-untyped-def]
    seed(arun, ctx, 60)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 60)
    ctx.session.client.max_attempts = 1
    admin.fault("ratelimit", 1, path_prefix=PAGES, seconds=20)
    try:
        tab.last_button.click()
        qtbot.waitUntil(lambda: tab.auto_retry_seconds == 20, timeout=10000)
    finally:
        admin.clear_faults()
    tab.search_edit.setText("Juma")
    tab.search_now()
    assert tab.auto_retry_seconds == 0
    wait_loaded(qtbot, tab)

    tab.search_edit.clear()
    tab.search_now()
    wait_loaded(qtbot, tab, 60)
    admin.fault("ratelimit", 1, path_prefix=PAGES, seconds=20)
    try:
        tab.last_button.click()
        qtbot.waitUntil(lambda: tab.auto_retry_seconds == 20, timeout=10000)
    finally:
        admin.clear_faults()
    tab.hide()  # another tab chosen
    assert tab.auto_retry_seconds == 0
    tab.show()
    assert tab.error_strip.isVisible()
    assert tab.retry_strip_button.isVisible()
    assert "Wait 20 seconds, then try again." in tab.error_label.text()


def test_a_long_wait_keeps_the_retry_button_only(
    qtbot: Any, ctx: Any, arun: Any, admin: Any
) -> None:
    seed(arun, ctx, 60)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 60)
    ctx.session.client.max_attempts = 1
    admin.fault("ratelimit", 1, path_prefix=PAGES, seconds=120)
    try:
        tab.last_button.click()
        qtbot.waitUntil(lambda: tab.error_strip.isVisible(), timeout=10000)
    finally:
        admin.clear_faults()
    assert tab.auto_retry_seconds == 0
    assert "Wait about 2 minutes, then try again." in tab.error_label.text()
    assert tab.retry_strip_button.isVisible()
