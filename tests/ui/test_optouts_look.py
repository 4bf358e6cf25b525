"""The opt-out list's table looks like the app's other grids (Contacts, Delivery): rows in
alternate shades without lines between cells, the app's green selection and a white header,
the number and the date shown whole."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QTableWidget

from desktop_app.core.services.optouts import OptOutSource
from tests.ui.conftest import app_theme
from tests.ui.test_optouts import PROFILE, open_list

#: The grids' colours (ui/grids.py).
WHITE = "#ffffff"
ALTERNATE = "#f8fafb"
SELECTED = "#d7eee6"


def row_colours(table: QTableWidget, column: int) -> list[str]:
    """Each row's background, read near the right end of *column* (past its text)."""
    image: QImage = table.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    colours = []
    for row in range(table.rowCount()):
        rect = table.visualRect(table.model().index(row, column))
        x, y = int((rect.right() - 4) * ratio), int(rect.center().y() * ratio)
        colours.append(QColor(image.pixel(x, y)).name())
    return colours


def between_rows(table: QTableWidget, column: int, row: int) -> str:
    """The colour on the line between *row* and the next (a grid line, if drawn)."""
    image = table.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    rect = table.visualRect(table.model().index(row, column))
    return QColor(image.pixel(int(rect.center().x() * ratio), int(rect.bottom() * ratio))).name()


def header_colour(table: QTableWidget, column: int) -> str:
    header = table.horizontalHeader()
    image = header.grab().toImage()
    ratio = image.devicePixelRatio()
    x = header.sectionViewportPosition(column) + header.sectionSize(column) - 4
    return QColor(image.pixel(int(x * ratio), int(4 * ratio))).name()


def test_the_opt_out_table_looks_like_the_other_grids(qtbot, ctx, arun, qapp) -> None:  # type: ignore[no-untyped-def]
    phones = [f"+2547120000{n:02d}" for n in range(1, 5)]
    arun(ctx.services.optouts.add(PROFILE, phones, OptOutSource.REPLIED))
    with app_theme(qapp):
        dialog = open_list(qtbot, ctx)
        table = dialog.table
        qtbot.waitUntil(lambda: table.rowCount() == 4)
        table.selectRow(1)
        table.clearFocus()
        assert row_colours(table, 1) == [WHITE, SELECTED, WHITE, ALTERNATE]
        assert between_rows(table, 1, 2) in (WHITE, ALTERNATE)  # no grid line
        assert header_colour(table, 1) == WHITE
        # the number and the date whole, not "0712 000 …"
        for column in (0, 2):
            assert table.columnWidth(column) >= table.sizeHintForColumn(column), column
