"""The Import wizard's tables look like the app's other grids (Contacts, Delivery, the
opt-out list): rows in alternate shades without lines between cells, a white header; the
first rows keep the file's own row numbers beside them. They were plain grids with grey
headers and Qt's lines between cells."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.core.import_files import DAMAGED_ROWS, write_csv
from tests.ui.conftest import app_theme, drop_event
from tests.ui.import_.test_wizard import wait_step
from tests.ui.test_optouts_look import ALTERNATE, WHITE, between_rows, header_colour, row_colours


def test_the_first_rows_look_like_the_other_grids_with_their_row_numbers(
    qtbot: Any, ctx: Any, qapp: Any, tmp_path: Path
) -> None:
    from desktop_app.ui.main_window import MainWindow

    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    with app_theme(qapp):
        window = MainWindow(ctx, remember_layout=False)
        qtbot.addWidget(window)
        window.resize(1100, 760)
        window.show()
        window.show_tab("import")
        tab = window.tab("import")
        window.dropEvent(drop_event([path]))
        wait_step(qtbot, tab, "file")
        table = tab.file_page.first_rows
        qtbot.waitUntil(lambda: table.rowCount() >= 4, timeout=10000)
        table.clearSelection()
        table.clearFocus()
        assert row_colours(table, 1)[:4] == [WHITE, ALTERNATE, WHITE, ALTERNATE]
        assert between_rows(table, 1, 1) in (WHITE, ALTERNATE)  # no grid line
        assert header_colour(table, 1) == WHITE
        assert table.verticalHeader().isVisible()  # the file's row numbers
        assert table.verticalHeaderItem(0).text() == "2"  # the row under the headings
        window.close()
