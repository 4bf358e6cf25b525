"""The account dialog on a short screen: however many messages it shows (why it opened, the
older-key warning, a long error, in Kiswahili), it is never taller than the screen; what does
not fit scrolls between the title and the buttons, and Save and Cancel always show."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect

from desktop_app.core.api import errors
from desktop_app.ui.account import AccountDialog
from desktop_app.ui.account import dialog as module
from desktop_app.ui.i18n import install_translations
from tests.ui.conftest import app_theme

REASON = (
    "Your secret key was not accepted (it may have expired or been revoked). Copy it again "
    "from the portal, then connect your account again."
)
OLDER_KEY = "abcdefabcdefabcdefabcdef1234"  # no mbs_: the older kind


def _in_sight(dialog: AccountDialog, widget: Any) -> bool:
    viewport = dialog.scroll_area.viewport()
    top_left = widget.mapTo(viewport, QPoint(0, 0))
    return viewport.rect().contains(QRect(top_left, widget.size()))


def _open(qtbot: Any, ctx: Any) -> AccountDialog:
    dialog = AccountDialog(ctx, reason=REASON)
    qtbot.addWidget(dialog)
    dialog.open()
    qtbot.waitExposed(dialog)
    dialog.token_edit.setText(OLDER_KEY)
    dialog._on_failure(errors.ProtocolError("a web page"))  # the longest error it says
    return dialog


@pytest.mark.parametrize("language", ["en", "sw"])
def test_never_taller_than_a_short_screen(qtbot, ctx, qapp, monkeypatch, language) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(module, "available_height", lambda _w: 560)
    with app_theme(qapp):
        assert install_translations(qapp, language)
        try:
            dialog = _open(qtbot, ctx)
            qtbot.waitUntil(lambda: dialog.scroll_area.verticalScrollBar().isVisible())
            qtbot.waitUntil(lambda: _in_sight(dialog, dialog.status_label), timeout=2000)
        finally:
            install_translations(qapp, "en")
    assert dialog.legacy_label.isVisible()
    assert dialog.reason_label.isVisible()
    assert dialog.height() + module.FRAME_ALLOWANCE <= 560
    assert dialog.maximumHeight() + module.FRAME_ALLOWANCE <= 560
    for button in (dialog.save_button, dialog.cancel_button):
        corner = button.mapTo(dialog, QPoint(0, 0))
        assert dialog.rect().contains(QRect(corner, button.size()))


def test_with_room_it_grows_to_show_everything(qtbot, ctx, qapp, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(module, "available_height", lambda _w: 1000)
    with app_theme(qapp):
        assert install_translations(qapp, "sw")
        try:
            dialog = _open(qtbot, ctx)
            qtbot.waitUntil(lambda: dialog.height() > 700, timeout=2000)
        finally:
            install_translations(qapp, "en")
    assert not dialog.scroll_area.verticalScrollBar().isVisible()  # nothing to scroll
    assert _in_sight(dialog, dialog.status_label)
