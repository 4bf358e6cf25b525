"""The Delivery filters on a wide window (1280×800) show the choice picked whole, in English
and in Kiswahili: the period's combo read "Siku 30 zilizo" (of "Siku 30 zilizopita") beside a
search box ~700 px wide, the combos asking only for the 7 characters a small window has room
for. At the least window they may still narrow (tests/ui/test_small_screens_and_quitting.py:
nothing scrolls sideways); there the search box keeps ~200 px, as before."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox

from desktop_app.ui.i18n import install_translations
from tests.ui.conftest import app_theme
from tests.ui.delivery.test_tab import stop_following  # noqa: F401 (a fixture)
from tests.ui.support import shown_window


def _room(combo: QComboBox) -> int:
    """The width the combo draws its text in (the style's edit field)."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox,
        option,
        QStyle.SubControl.SC_ComboBoxEditField,
        combo,
    )
    return field.width()


@pytest.mark.parametrize("language", ["en", "sw"])
def test_on_a_wide_window_the_filters_show_their_choices_whole(
    qtbot: Any, qapp: Any, ctx: Any, language: str
) -> None:
    with app_theme(qapp):
        assert install_translations(qapp, language)
        try:
            window = shown_window(qtbot, ctx, "delivery")
            tab: Any = window.tab("delivery")
            qtbot.waitUntil(lambda: tab.history_model.loaded_once, timeout=10000)
            assert tab.search_edit.width() > 300  # room to spare
            cut: list[str] = []
            for combo in (tab.period_combo, tab.channel_combo, tab.status_combo):
                first = combo.currentIndex()
                for i in range(combo.count()):
                    combo.setCurrentIndex(i)  # each choice, as the user picks it
                    qapp.processEvents()  # (the row laid out again)
                    if combo.fontMetrics().horizontalAdvance(combo.currentText()) > _room(combo):
                        cut.append(combo.currentText())
                combo.setCurrentIndex(first)
            assert cut == []
            window.resize(800, 560)
            qtbot.waitUntil(lambda: window.width() == 800)
            assert tab.search_edit.width() >= 190
            window.close()
        finally:
            install_translations(qapp, "en")


def test_the_subtitle_starts_with_a_capital_in_kiswahili(
    qtbot: Any, qapp: Any, ctx: Any, arun: Any
) -> None:
    """ "%Ln send(s)" is "utumaji %Ln" in Kiswahili: the subtitle read "utumaji 1 · Hali…"."""
    from tests.ui.delivery.test_tab import OK, send

    send(arun, ctx, [OK])
    assert install_translations(qapp, "sw")
    try:
        window = shown_window(qtbot, ctx, "delivery")
        tab: Any = window.tab("delivery")
        qtbot.waitUntil(lambda: tab.history_model.loaded_once, timeout=10000)
        qtbot.waitUntil(lambda: "1" in tab.subtitle.text(), timeout=10000)
        text = tab.subtitle.text()
        assert text.startswith("Utumaji 1 · "), text
        window.close()
    finally:
        install_translations(qapp, "en")


def test_at_the_least_window_a_filter_narrowed_ends_its_words_with_an_ellipsis(
    qtbot: Any, qapp: Any, ctx: Any
) -> None:
    """800 px in Kiswahili: the period's combo is narrowed (the search box keeps its room)
    and Qt cut its choice mid-word, "Siku 30 zilizop"; now "Siku 30 zili…", whole in the
    tooltip. A choice that fits is drawn whole, with no tooltip."""
    with app_theme(qapp):
        assert install_translations(qapp, "sw")
        try:
            window = shown_window(qtbot, ctx, "delivery")
            tab: Any = window.tab("delivery")
            qtbot.waitUntil(lambda: tab.history_model.loaded_once, timeout=10000)
            window.resize(800, 560)
            qtbot.waitUntil(lambda: window.width() == 800)
            qapp.processEvents()
            combo = tab.period_combo
            whole = combo.currentText()
            assert combo.fontMetrics().horizontalAdvance(whole) > _room(combo)  # narrowed
            shown = combo.shown_text()
            assert shown.endswith("…")
            assert whole.startswith(shown[:-1])
            assert combo.fontMetrics().horizontalAdvance(shown) <= _room(combo)
            assert combo.toolTip() == whole
            window.resize(1280, 800)
            qtbot.waitUntil(lambda: window.width() == 1280)
            qapp.processEvents()
            assert combo.shown_text() == whole
            assert combo.toolTip() == ""
            window.close()
        finally:
            install_translations(qapp, "en")
