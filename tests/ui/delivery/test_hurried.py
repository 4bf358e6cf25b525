"""Delivery for a staff member in a hurry: a customer's number searched in whatever form it
was copied (in quotes from a spreadsheet, with a label from a message, with dots or
brackets), and a phone number typed into the message ID box."""

from __future__ import annotations

import pytest

from tests.ui.delivery.test_lookup_by_hand import look_up
from tests.ui.delivery.test_tab import FAILS, OK, OK2, make_tab, quick, record

#: One number (0712 300 002) in the ways it reaches the search box.
FORMS = [
    "0712 300 002",
    "0712300002",
    "+254712300002",
    "+254 712 300 002",
    "254712300002",
    "712300002",
    "0712-300-002",
    "0712.300.002",
    "(0712) 300 002",
    "+254 (0)712 300002",
    "00254712300002",
    '"0712300002"',
    "“0712 300 002”",
    "'+254712300002'",
    "+254712300002.",
    "0712 300 002,",
    "Tel: 0712 300 002",
    "Simu: 0712300002",
    "tel:+254712300002",
    "  0712 300 002\n",
]


@pytest.mark.parametrize("typed", FORMS)
def test_a_phone_in_any_form_finds_its_sends(qtbot, ctx, typed: str) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services, poll_seconds=60)
    record(ctx, 1, [OK])
    record(ctx, 2, [OK2, FAILS])
    record(ctx, 3, [OK2])
    tab = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: tab.history_model.total == 3, timeout=10000)
    tab.search_edit.setText(typed)
    tab.apply_filters()
    qtbot.waitUntil(lambda: tab.history_model.query.phone is not None, timeout=10000)
    assert tab.history_model.query.phone == OK2
    qtbot.waitUntil(lambda: tab.history_model.total == 2, timeout=10000)


@pytest.mark.parametrize("typed", ["0712 300 002", "+254712300002", "254 712 300 002"])
def test_a_phone_typed_where_the_message_id_goes_lists_its_sends(qtbot, ctx, typed: str) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services, poll_seconds=60)
    record(ctx, 1, [OK])
    record(ctx, 2, [OK2, FAILS])
    tab = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: tab.history_model.total == 2, timeout=10000)
    assert look_up(qtbot, tab, typed) is None
    assert tab.notice.text() == "0712 300 002 is a phone number: the sends to it are listed below."
    assert tab.search_edit.text() == "0712 300 002"
    assert tab.lookup_edit.text() == ""
    qtbot.waitUntil(lambda: tab.history_model.total == 1, timeout=10000)


@pytest.mark.parametrize("date", ["2024-11-24", "24.11.2024", "24/11/24", "2024/1/5"])
def test_a_date_in_the_search_is_not_taken_for_a_landline(date: str) -> None:
    """ "2024-11-24" read as the Nairobi number 020 2411 24, and its sends were looked for."""
    from desktop_app.ui.delivery.tab import looks_like_phone

    assert looks_like_phone(date) is None
    assert looks_like_phone("0712.345.678") == "+254712345678"  # dots, still a number
