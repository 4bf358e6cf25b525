"""Some of the people already got this message: the confirmation shows the new people's
numbers (its default choice). After "Send to all 3 anyway…" it still showed "1 recipient,
2 credits" while the second click sent to all three and 6 credits were billed: the last thing
the owner read before the final click must be what is billed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.ui.compose.helpers import LEFT, SendRun, make_tab, use_kenyan_locale


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def tab(qtbot: Any, ctx: Any) -> Any:
    widget = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: widget.summary.balance_value.text() == "1,000 credits")
    return widget


def _fill(qtbot: Any, tab: Any, numbers: str, text: str) -> None:
    tab.recipients.set_numbers_text(numbers)
    tab.composer.set_text(text)
    qtbot.waitUntil(lambda: tab.summary.send_button.text().startswith("Send to"))


def test_send_to_all_anyway_shows_what_is_billed(
    qtbot: Any, tab: Any, admin: Any, account: Any
) -> None:
    text = "Bei poa leo! " * 13  # 2 parts
    _fill(qtbot, tab, "0712 345 601\n0712 345 602", text)
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    run.wait()
    assert admin.balance(account.account_id) == 996
    qtbot.waitUntil(lambda: tab.summary.balance_value.text() == "996 credits")

    _fill(qtbot, tab, "0712 345 601\n0712 345 602\n0712 345 603", text)
    run = SendRun(qtbot, tab)
    run.click_send()
    dialog = run.confirm_dialog()
    assert (dialog.recipients_value.text(), dialog.credits_value.text()) == ("1", "2 credits")
    everyone = dialog.confirm.everyone_button
    qtbot.mouseClick(everyone, LEFT)  # "Send to all 3 anyway…"
    qtbot.waitUntil(lambda: dialog.confirm.again_label is not None)
    assert dialog.heading.text() == "Send to 3 people?"
    assert (dialog.recipients_value.text(), dialog.credits_value.text()) == ("3", "6 credits")
    if dialog.after_value is not None:
        assert dialog.after_value.text() == "990 credits"
    qtbot.mouseClick(everyone, LEFT)  # "Yes, send to all 3 again"
    run.wait()
    assert 996 - admin.balance(account.account_id) == 6
