"""Another account opened with the WhatsApp or Survey page filled in: the page shows that
account's own typing (empty the first time), says nothing of the last one's send, and gives
the last one's typing back when it is opened again. A survey typed for one shop's customers,
left on the page, went to them from the other shop with one click."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.ui.compose.helpers import LEFT, make_tab, use_kenyan_locale
from tests.ui.support import add_other_shop


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def tab(qtbot: Any, ctx: Any) -> Any:
    return make_tab(qtbot, ctx)


def _open(qtbot: Any, ctx: Any, arun: Any, memory_keyring: Any, name: str) -> None:
    profile = ctx.settings.profile(name)
    token = memory_keyring.secrets[("tuma", name)]
    arun(ctx.open_session(profile, token))
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)


def test_a_survey_typed_and_sent_in_one_shop_is_not_left_ready_in_the_next(
    qtbot: Any, tab: Any, ctx: Any, arun: Any, admin: Any, account: Any, memory_keyring: Any
) -> None:
    add_other_shop(admin, account, ctx, memory_keyring)
    first = ctx.session.profile.name
    admin.add_survey(account.account_id, "SRV-1", "Rate us")
    tab.set_channel(2)
    panel = tab.survey
    qtbot.keyClicks(panel.survey_edit, "SRV-1")
    panel.recipients.set_numbers_text("0712 000 001\n0712 000 002")
    results: list[bool] = []
    panel.finished.connect(results.append)
    qtbot.mouseClick(panel.send_button, LEFT)
    qtbot.waitUntil(lambda: panel.confirm_dialog is not None and panel.confirm_dialog.isVisible())
    qtbot.mouseClick(panel.confirm_dialog.send_button, LEFT)
    qtbot.waitUntil(lambda: bool(results), timeout=10000)
    assert panel.result_label.text() == "Survey sent to 2 people."

    _open(qtbot, ctx, arun, memory_keyring, "Other shop")
    assert not panel.result_label.isVisible()
    assert panel.survey_edit.text() == ""
    assert not panel.recipients.people()
    assert not panel.send_button.isEnabled()

    qtbot.keyClicks(panel.survey_edit, "SRV-OTHER")  # typed for the other shop
    _open(qtbot, ctx, arun, memory_keyring, first)
    assert panel.survey_edit.text() == "SRV-1"  # the first shop's typing is back
    qtbot.waitUntil(lambda: len(panel.recipients.people()) == 2, timeout=10000)
    _open(qtbot, ctx, arun, memory_keyring, "Other shop")
    assert panel.survey_edit.text() == "SRV-OTHER"
    assert not panel.recipients.people()


def test_a_whatsapp_template_typed_in_one_shop_waits_for_it(
    qtbot: Any, tab: Any, ctx: Any, arun: Any, admin: Any, account: Any, memory_keyring: Any
) -> None:
    add_other_shop(admin, account, ctx, memory_keyring)
    first = ctx.session.profile.name
    tab.set_channel(1)
    panel = tab.whatsapp
    qtbot.keyClicks(panel.template_edit, "order_ready")
    panel.language_combo.setCurrentIndex(1)  # Kiswahili (sw), picked from the list
    qtbot.keyClicks(panel.phone_edit, "0712 345 678")
    _open(qtbot, ctx, arun, memory_keyring, "Other shop")
    assert (panel.template_edit.text(), panel.phone_edit.text()) == ("", "")
    assert panel.language() == "en"
    _open(qtbot, ctx, arun, memory_keyring, first)
    assert panel.template_edit.text() == "order_ready"
    assert panel.language() == "sw"
    assert panel.phone_edit.text() == "0712 345 678"
    panel.language_combo.setEditText("pt_BR")  # a code of its own, typed
    _open(qtbot, ctx, arun, memory_keyring, "Other shop")
    _open(qtbot, ctx, arun, memory_keyring, first)
    assert panel.language() == "pt_BR"


def test_the_same_account_connected_again_keeps_the_page(
    qtbot: Any, tab: Any, ctx: Any, arun: Any, memory_keyring: Any
) -> None:
    tab.set_channel(2)
    panel = tab.survey
    qtbot.keyClicks(panel.survey_edit, "SRV-1")
    _open(qtbot, ctx, arun, memory_keyring, ctx.session.profile.name)  # after a refused key
    assert panel.survey_edit.text() == "SRV-1"
