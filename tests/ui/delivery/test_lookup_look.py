"""The look-up windows' tables (a message's recipients; which message, when several IDs
start alike) look like the Delivery tab's grids: alternate shades, no lines between cells,
the app's green selection, a white header."""

from __future__ import annotations

from datetime import UTC, datetime

from desktop_app.core.delivery import DeliveryStatus
from desktop_app.core.services.delivery import Lookup, MessageMatch
from desktop_app.core.store.delivery import Report
from desktop_app.ui.delivery.lookup import LookupDialog, MatchesDialog
from tests.ui.conftest import app_theme
from tests.ui.test_optouts_look import (
    ALTERNATE,
    SELECTED,
    WHITE,
    between_rows,
    header_colour,
    row_colours,
)

ID = "0c8a3f1e-1111-4222-8333-444455556666"


def test_the_look_up_tables_look_like_the_delivery_grids(qtbot, qapp) -> None:  # type: ignore[no-untyped-def]
    now = datetime.now(UTC)
    reports = tuple(
        Report(f"+25471230000{n}", DeliveryStatus.DELIVERED, "DELIVRD", None, now) for n in range(4)
    )
    matches = tuple(MessageMatch(ID[:-1] + str(n), now, 3, None, "Ofa") for n in range(4))
    with app_theme(qapp):
        lookup = LookupDialog(Lookup(ID, reports, None))
        which = MatchesDialog(ID[:4], matches, False)
        for dialog, column in ((lookup, 2), (which, 2)):
            qtbot.addWidget(dialog)
            dialog.show()
            qtbot.waitExposed(dialog)
            table = dialog.table
            table.selectRow(1)
            table.clearFocus()
            assert row_colours(table, column) == [WHITE, SELECTED, WHITE, ALTERNATE], dialog
            assert between_rows(table, column, 2) in (WHITE, ALTERNATE)
            assert header_colour(table, column) == WHITE
