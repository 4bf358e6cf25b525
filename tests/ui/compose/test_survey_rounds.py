"""A survey to more people than one request may name (CONTRACT: at most 1,000 recipients per
call): it went nowhere ("Too many recipients: at most 1000…"), and the only way through was to
split the list by hand. It now goes in rounds of 1,000, each written down before it goes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from desktop_app.core.store import BroadcastKind
from tests.ui.compose.helpers import LEFT, make_tab, use_kenyan_locale

SURVEY_PATH = "/api/v1/surveys/send"


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def tab(qtbot: Any, ctx: Any) -> Any:
    return make_tab(qtbot, ctx)


def _numbers(n: int) -> str:
    return "\n".join(f"0712 {i // 1000:03d} {i % 1000:03d}" for i in range(1, n + 1))


def _survey_of(qtbot: Any, tab: Any, people: int) -> tuple[Any, list[bool], list[Any]]:
    tab.set_channel(2)
    panel = tab.survey
    qtbot.keyClicks(panel.survey_edit, "SRV-BIG")
    panel.recipients.set_numbers_text(_numbers(people))
    text = f"Send survey to {people:,} people"
    qtbot.waitUntil(lambda: panel.send_button.text() == text, timeout=10000)
    results: list[bool] = []
    recorded: list[Any] = []
    panel.finished.connect(results.append)
    panel.recorded.connect(recorded.append)
    return panel, results, recorded


def _confirm(qtbot: Any, panel: Any) -> Any:
    qtbot.waitUntil(lambda: panel.confirm_dialog is not None and panel.confirm_dialog.isVisible())
    return panel.confirm_dialog


def test_a_survey_to_1200_people_goes_in_two_rounds(
    qtbot: Any, tab: Any, ctx: Any, admin: Any, account: Any
) -> None:
    admin.add_survey(account.account_id, "SRV-BIG", "Rate us")
    panel, results, recorded = _survey_of(qtbot, tab, 1200)
    qtbot.mouseClick(panel.send_button, LEFT)
    qtbot.mouseClick(_confirm(qtbot, panel).send_button, LEFT)
    qtbot.waitUntil(lambda: bool(results), timeout=30000)
    assert results == [True], panel.result_label.text()
    assert panel.result_label.text() == "Survey sent to 1,200 people."
    assert panel.result_label.objectName() == "success"
    phones = [m["phone"] for m in admin.messages(account.account_id)]
    assert len(phones) == len(set(phones)) == 1200  # each once
    # two sends on the Delivery tab, one per request, told to it at once
    (records,) = recorded
    assert [len(r.recipients) for r in records] == [1000, 200]
    assert all(r.kind is BroadcastKind.SURVEY for r in records)
    kept = ctx.services.store.history.sent_messages("Test shop")
    assert sorted(len(r.recipients) for r in kept) == [200, 1000]


def test_a_later_round_refused_says_who_did_not_get_it_and_send_again_sends_only_them(
    qtbot: Any, tab: Any, ctx: Any, admin: Any, account: Any
) -> None:
    admin.add_survey(account.account_id, "SRV-BIG", "Rate us")
    panel, results, recorded = _survey_of(qtbot, tab, 1200)
    admin.fault("delay", 1, path_prefix=SURVEY_PATH, seconds=0.1)  # the first round goes
    admin.fault("error500", 3, path_prefix=SURVEY_PATH)  # the second: every try refused
    try:
        qtbot.mouseClick(panel.send_button, LEFT)
        qtbot.mouseClick(_confirm(qtbot, panel).send_button, LEFT)
        qtbot.waitUntil(lambda: bool(results), timeout=30000)
    finally:
        admin.clear_faults()
    said = panel.result_label.text()
    assert said.startswith("Survey sent to 1,000 people. The survey stopped before the other 200")
    assert "Press Send survey again" in said
    assert panel.result_label.objectName() == "problem"
    assert len(admin.messages(account.account_id)) == 1000
    assert [len(r.recipients) for r in recorded[0]] == [1000]
    # the list is still there; Send again offers to leave out the 1,000 who got it
    qtbot.waitUntil(panel.send_button.isEnabled, timeout=10000)
    qtbot.mouseClick(panel.send_button, LEFT)
    dialog = _confirm(qtbot, panel)
    assert (
        "1,000 of these 1,200 people already got this message" in dialog.confirm.guard_label.text()
    )
    assert dialog.send_button.text() == "Send only to the 200 new people"
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(results) == 2, timeout=30000)
    phones = [m["phone"] for m in admin.messages(account.account_id)]
    assert len(phones) == len(set(phones)) == 1200  # each once, nobody twice
    assert panel.result_label.text() == "Survey sent to 200 people."


def test_a_survey_to_1000_people_is_one_request(
    qtbot: Any, tab: Any, ctx: Any, admin: Any, account: Any
) -> None:
    admin.add_survey(account.account_id, "SRV-BIG", "Rate us")
    panel, results, recorded = _survey_of(qtbot, tab, 1000)
    qtbot.mouseClick(panel.send_button, LEFT)
    dialog = _confirm(qtbot, panel)
    heading = "Send survey “SRV-BIG” to 1,000 people?"
    assert heading in [label.text() for label in dialog.findChildren(QLabel)]
    qtbot.mouseClick(dialog.send_button, LEFT)
    qtbot.waitUntil(lambda: bool(results), timeout=30000)
    assert [len(r.recipients) for r in recorded[0]] == [1000]
