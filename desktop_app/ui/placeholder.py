"""The page of a tab whose feature arrives in a later release: honest, and one widget for all."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel

from desktop_app.ui.tabs import TabPage, TabSpec
from desktop_app.ui.widgets import centered_card

if TYPE_CHECKING:
    from desktop_app.ui.context import AppContext

__all__ = ["PlaceholderTab"]


class PlaceholderTab(TabPage):
    """Title, "arrives in a later release", what it will do. Texts come from its TabSpec."""

    def __init__(self, tab: TabSpec, ctx: AppContext) -> None:
        super().__init__()
        self.setObjectName(f"placeholder-{tab.key}")
        self._ctx = ctx
        self._title = tab.plain_title()
        summary, *points = (QCoreApplication.translate("Tabs", text) for text in tab.placeholder)
        box, inner = centered_card(self, margin=32, padding=(32, 28), max_width=620)
        heading = QLabel(tab.plain_title(), box)
        heading.setProperty("role", "title")
        badge = QLabel(self.tr("Arrives in a later release"), box)
        badge.setProperty("role", "caption")
        lead = QLabel(summary, box)
        lead.setWordWrap(True)
        inner.addWidget(badge)
        inner.addWidget(heading)
        inner.addWidget(lead)
        if points:
            bullets = QLabel(
                "<ul style='margin-left:-20px'>"
                + "".join(f"<li style='margin-bottom:4px'>{p}</li>" for p in points)
                + "</ul>",
                box,
            )
            bullets.setWordWrap(True)
            bullets.setProperty("role", "muted")
            inner.addWidget(bullets)

    def open_files(self, paths: list[Path]) -> None:
        self._ctx.errors.info(
            self.tr("{tab} arrives in a later release").format(tab=self._title),
            self.tr("“{name}” was not opened: this part of Tuma is not ready yet.").format(
                name=paths[0].name if paths else ""
            ),
        )
