"""Words from the service (or typed by the user) are shown as they are, never as markup."""

from __future__ import annotations

from PySide6.QtCore import Qt

from desktop_app.ui.errors import Level, UserMessage
from desktop_app.ui.widgets import MessageBar


def test_message_bar_shows_markup_as_text(qtbot) -> None:  # type: ignore[no-untyped-def]
    bar = MessageBar()
    qtbot.addWidget(bar)
    bar.show_message(
        UserMessage("<b>Bad gateway</b>", "<html><body><h1>502</h1></body></html>", Level.ERROR)
    )
    assert bar.title.textFormat() == Qt.TextFormat.PlainText
    assert bar.text.textFormat() == Qt.TextFormat.PlainText


def test_compose_labels_that_quote_the_service_are_plain_text(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    from tests.ui.compose.helpers import make_tab

    tab = make_tab(qtbot, ctx)
    for label in (
        tab.summary.problem_label,
        tab.notice.label,
        tab.whatsapp.result_label,
        tab.survey.result_label,
    ):
        assert label.textFormat() == Qt.TextFormat.PlainText
