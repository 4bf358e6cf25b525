"""Compose's "Add from contacts…" picker as the user sees it, with the app's style, in English
and in Kiswahili: the chosen group's name is shown whole in its box, and the buttons whose
words change with the group and the selection are never cut off."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QComboBox

from desktop_app.ui.compose.contact_picker import GROUP_NAME_CHARS
from tests.ui.compose.helpers import make_tab
from tests.ui.compose.test_contact_picker import open_picker
from tests.ui.compose.test_look_dialogs import cut_off, settle
from tests.ui.conftest import app_theme
from tests.ui.contacts.helpers import seed

GROUP = "Mama mboga customers"


@pytest.fixture(params=["en", "sw"])
def themed(request, qapp) -> Iterator[str]:  # type: ignore[no-untyped-def]
    from desktop_app.ui.i18n import install_translations

    install_translations(qapp, request.param)
    try:
        with app_theme(qapp):
            yield request.param
    finally:
        install_translations(qapp, "en")


def whole_width(combo: QComboBox) -> int:
    """The width *combo* needs to show its longest item whole, as Qt measures it."""
    measure = QComboBox()
    measure.setStyleSheet(combo.styleSheet())
    measure.setFont(combo.font())
    measure.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    measure.addItems([combo.itemText(i) for i in range(combo.count())])
    measure.ensurePolished()
    return measure.sizeHint().width()


def test_a_group_and_its_button_are_shown_whole(qtbot, ctx, arun, themed) -> None:  # type: ignore[no-untyped-def]
    """The group box was filled after the dialog opened and kept its first width: "Mama
    mboga custo|"; "Add everyone in “Mama mboga customers” (3)" did not fit the dialog's
    set width, and in Kiswahili was cut off at both ends."""
    seed(arun, ctx, 12)
    profile = ctx.session.profile.name
    contacts = ctx.services.contacts
    group = arun(contacts.create_group(profile, GROUP))
    page = arun(contacts.page(ctx.client(), profile, 1, 20))
    arun(contacts.add_to_group(profile, group.id, page.rows[3:6]))
    tab = make_tab(qtbot, ctx)
    picker = open_picker(qtbot, tab, 12)
    qtbot.waitUntil(lambda: picker.group_combo.count() == 2, timeout=5000)
    settle(qtbot)
    combo = picker.group_combo
    assert combo.width() >= whole_width(combo), "the group's name is cut off"
    assert cut_off(picker) == []
    combo.setCurrentIndex(1)
    qtbot.waitUntil(lambda: picker.model.known and picker.model.total == 3, timeout=10000)
    picker.table.selectRow(0)
    settle(qtbot)
    assert GROUP in picker.all_button.text()
    assert combo.width() >= whole_width(combo), "the group's name is cut off"
    assert cut_off(picker) == []


def test_a_long_group_name_is_shortened_in_the_button(qtbot, ctx, arun, themed) -> None:  # type: ignore[no-untyped-def]
    """A group named at length does not make the dialog as wide as the screen: the button
    quotes the start of its name."""
    seed(arun, ctx, 3)
    profile = ctx.session.profile.name
    contacts = ctx.services.contacts
    name = "Customers from the Kangemi market stall and the Westlands shop"
    group = arun(contacts.create_group(profile, name))
    page = arun(contacts.page(ctx.client(), profile, 1, 20))
    arun(contacts.add_to_group(profile, group.id, page.rows[:2]))
    tab = make_tab(qtbot, ctx)
    picker = open_picker(qtbot, tab, 3)
    qtbot.waitUntil(lambda: picker.group_combo.count() == 2, timeout=5000)
    picker.group_combo.setCurrentIndex(1)
    qtbot.waitUntil(lambda: picker.model.known and picker.model.total == 2, timeout=10000)
    settle(qtbot)
    assert name[: GROUP_NAME_CHARS - 1] + "…" in picker.all_button.text()
    assert cut_off(picker) == []
    assert picker.width() <= 800
