"""The selected send and a new search or filter: while the send is still listed it stays
selected with its recipients; once the new rows do not hold it, the recipients, the title and
the send's actions are cleared (they showed the hidden send's customers as if they belonged
to what was listed). A send on a later page is read for, not dropped."""

from __future__ import annotations

from typing import Any

from desktop_app.ui.delivery import DeliveryTab
from tests.ui.delivery.test_tab import (  # noqa: F401 (fixtures)
    OK,
    OK2,
    kenyan_locale,
    make_tab,
    quick,
    select_send,
    send,
    stop_following,
)

CHOOSE = "Choose a send above to see each customer's status."


def search(qtbot: Any, tab: DeliveryTab, text: str) -> None:
    tab.search_edit.setText(text)
    tab.apply_filters()  # (as Enter does, without the typing pause)
    model = tab.history_model
    qtbot.waitUntil(
        lambda: model.query.text == text and model.loaded_once and not model.loading,
        timeout=10000,
    )


def selected_id(tab: DeliveryTab) -> int | None:
    rows = tab.history_table.selectionModel().selectedRows()
    row = tab.history_model.row_at(rows[0].row()) if rows else None
    return None if row is None else row.broadcast_id


def test_the_selected_send_stays_while_listed_and_is_cleared_once_hidden(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services)
    tab = make_tab(qtbot, ctx)
    sukuma = send(arun, ctx, [OK, OK2], "Sukuma wiki 20% off this weekend. Karibu!")
    send(arun, ctx, [OK], "Chapati za moto kila asubuhi")
    tab.refresh()
    select_send(qtbot, tab, sukuma)
    assert tab.recipients_model.rowCount() == 2
    assert tab.export_report_button.isEnabled()

    search(qtbot, tab, "sukuma")  # the send still matches: it stays, with its customers
    assert tab.selected is not None
    assert tab.selected.broadcast_id == sukuma
    assert selected_id(tab) == sukuma
    assert tab.recipients_model.broadcast_id == sukuma
    assert tab.recipients_model.rowCount() == 2
    assert tab.send_title.text().startswith("“Sukuma wiki")
    assert tab.export_report_button.isEnabled()

    search(qtbot, tab, "chapati")  # hidden by the search: nothing of it is shown below
    assert tab.history_model.rowCount() == 1
    assert tab.selected is None
    assert tab.recipients_model.rowCount() == 0
    assert tab.send_title.text() == CHOOSE
    assert tab.send_title.toolTip() == ""
    assert not tab.export_report_button.isEnabled()
    assert not tab.resend_button.isEnabled()
    assert not tab.show_combo.isEnabled()

    search(qtbot, tab, "nothing like this")  # no rows at all: still nothing below
    assert tab.history_model.rowCount() == 0
    assert tab.recipients_model.rowCount() == 0
    assert tab.send_title.text() == CHOOSE


def test_a_send_on_a_later_page_is_read_for_and_stays_selected(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    """Pages of two sends: the oldest of five, shown from a look-up ("Show this send"), is on
    the third page; the pages up to it are read, and it is selected with its customers. A
    search whose first page is full but holds only newer sends clears it once every page of
    it is read."""
    quick(ctx.services)
    tab = make_tab(qtbot, ctx)
    tab.history_model.page_size = 2
    oldest = send(arun, ctx, [OK, OK2], "Sukuma wiki 20% off this weekend. Karibu!")
    for n in range(4):
        send(arun, ctx, [OK], f"Chapati za moto, siku {n}")
    tab.select_send(oldest)
    qtbot.waitUntil(lambda: selected_id(tab) == oldest, timeout=10000)
    assert tab.history_model.rowCount() == 5
    qtbot.waitUntil(
        lambda: (
            tab.recipients_model.broadcast_id == oldest
            and tab.recipients_model.loaded_once
            and not tab.recipients_model.loading
        ),
        timeout=10000,
    )
    assert tab.recipients_model.rowCount() == 2

    search(qtbot, tab, "chapati")  # four newer sends: two full pages, then an empty one
    qtbot.waitUntil(lambda: tab.selected is None, timeout=10000)
    assert tab.history_model.rowCount() == 4
    assert tab.recipients_model.rowCount() == 0
    assert tab.send_title.text() == CHOOSE
