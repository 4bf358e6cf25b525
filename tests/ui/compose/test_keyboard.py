"""Keyboard users: Tab walks the Compose form in screen order, and the main controls have
names a screen reader can say."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from tests.ui.compose.helpers import make_tab


def _chain(start: QWidget) -> list[QWidget]:
    chain, widget = [start], start.nextInFocusChain()
    while widget is not start and len(chain) < 500:
        chain.append(widget)
        widget = widget.nextInFocusChain()
    return chain


def _named(widget: QWidget) -> bool:
    if widget.accessibleName():
        return True
    buddies = [label for label in widget.window().findChildren(QLabel) if label.buddy() is widget]
    return bool(buddies)


def test_tab_order_follows_the_screen_and_controls_are_named(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(qtbot, ctx)
    tab.show_sample()
    summary, preview = tab.summary, tab.preview
    expected = [
        tab.recipients.numbers_edit,
        tab.recipients.chips,
        tab.recipients.pick_button,
        tab.recipients.clear_button,
        tab.templates,
        tab.merge_bar.fallback_edit,
        tab.composer.editor,
        summary.sender_combo,
        preview.person_combo,
        summary.send_button,
    ]
    chain = _chain(tab.channel_buttons[0])
    positions = [chain.index(widget) for widget in expected]
    assert positions == sorted(positions)

    for widget in (
        tab.recipients.numbers_edit,
        tab.recipients.chips,
        tab.composer.editor,
        summary.sender_combo,
        preview.person_combo,
        tab.survey.recipients.numbers_edit,
    ):
        assert _named(widget), widget.objectName()
