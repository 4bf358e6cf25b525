"""Send later's one-click times: in an hour, today at 17:00, tomorrow at 08:00 (the box still
takes any other). Shop owners typed tomorrow's date and 08:00 into the box by hand."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from PySide6.QtWidgets import QDialogButtonBox

from desktop_app.ui.compose.rules import SendLaterDialog, quick_times
from tests.ui.compose.helpers import LEFT


def at(hour: int, minute: int = 0) -> datetime:
    """Today at *hour*:*minute* on this computer's clock."""
    return datetime.now().astimezone().replace(hour=hour, minute=minute, second=0, microsecond=0)


def shown(times: list[tuple[str, datetime]]) -> list[tuple[str, str]]:
    return [(text, moment.strftime("%d %H:%M")) for text, moment in times]


def test_the_times_offered_in_the_morning() -> None:
    now = at(10, 2)
    tomorrow = (now + timedelta(days=1)).strftime("%d")
    today = now.strftime("%d")
    assert shown(quick_times(now, promotional=False)) == [
        ("In an hour", f"{today} 11:05"),  # (rounded up to five minutes)
        ("Today at 17:00", f"{today} 17:00"),
        ("Tomorrow at 08:00", f"{tomorrow} 08:00"),
    ]


def test_the_evening_is_offered_only_while_an_hour_or_more_away() -> None:
    texts = [text for text, _m in quick_times(at(16, 30), promotional=False)]
    assert texts == ["In an hour", "Tomorrow at 08:00"]


def test_a_promotion_is_offered_only_times_inside_its_hours() -> None:
    """At 17:30 an hour on is 18:30, after the hours for promotions: not offered for one."""
    assert [text for text, _m in quick_times(at(17, 30), promotional=True)] == ["Tomorrow at 08:00"]
    assert [text for text, _m in quick_times(at(17, 30), promotional=False)] == [
        "In an hour",
        "Tomorrow at 08:00",
    ]


def test_a_quick_time_is_put_in_the_box_and_chosen(qtbot: Any) -> None:
    dialog = SendLaterDialog(datetime.now().astimezone() + timedelta(hours=2), promotional=True)
    qtbot.addWidget(dialog)
    dialog.show()
    tomorrow = next(b for b in dialog.quick_buttons if b.text() == "Tomorrow at 08:00")
    qtbot.mouseClick(tomorrow, LEFT)
    expected = (datetime.now().astimezone() + timedelta(days=1)).replace(
        hour=8, minute=0, second=0, microsecond=0
    )
    assert dialog.due_at() == expected
    assert not tomorrow.isDefault()  # Enter still means Continue
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, LEFT)
    assert dialog.result() == SendLaterDialog.DialogCode.Accepted
