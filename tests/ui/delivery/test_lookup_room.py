"""The Delivery report (a message ID looked up) opened at its least, 640 px: "What it means",
the reason the user opened it for, read "The phone was off or out…" with ~200 px empty below,
and in Kiswahili the last heading "Taarifa ya mwisho" read "Taarifa ya mwishc"."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QLocale, Qt

from desktop_app.ui.main_window import MainWindow
from tests.ui.conftest import app_theme
from tests.ui.delivery.test_tab import FAILS, OK, TEXT


@pytest.mark.parametrize("language", ["en", "sw"])
def test_the_delivery_report_shows_its_headings_and_what_each_status_means(
    qtbot: Any, qapp: Any, ctx: Any, arun: Any, admin: Any, language: str
) -> None:
    from desktop_app.ui.i18n import install_translations

    install_translations(qapp, language)
    QLocale.setDefault(QLocale("sw_KE" if language == "sw" else "en_KE"))
    try:
        with app_theme(qapp):
            win = MainWindow(ctx, remember_layout=False)
            qtbot.addWidget(win)
            win.show()
            qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
            win.resize(1024, 600)
            win.show_tab("delivery")
            tab: Any = win.tab("delivery")
            result = arun(ctx.client().send_bulk("TUMA", [OK, FAILS], TEXT))
            admin.settle()
            tab.lookup_edit.setText(result.message_id)
            tab.lookup_button.click()
            qtbot.waitUntil(
                lambda: tab.lookup_dialog is not None and tab.lookup_dialog.isVisible(),
                timeout=10000,
            )
            dialog = tab.lookup_dialog
            assert dialog.width() <= 800  # within the smallest window
            table = dialog.table
            header = table.horizontalHeader()
            cut = [
                table.horizontalHeaderItem(column).text()
                for column in range(4)
                if header.sectionSize(column) < header.sectionSizeHint(column)
            ]
            assert cut == []
            # what each status means is whole: wrapped, its row as tall as its lines
            width = header.sectionSize(2) - 16  # (the cell's padding)
            for row in range(table.rowCount()):
                text = table.item(row, 2).text()
                lines = table.fontMetrics().boundingRect(
                    0, 0, width, 10_000, int(Qt.TextFlag.TextWordWrap), text
                )
                assert table.rowHeight(row) >= lines.height(), text
            assert table.wordWrap()
            dialog.close()
            win.close()
    finally:
        install_translations(qapp, "en")
        QLocale.setDefault(QLocale("en_KE"))
