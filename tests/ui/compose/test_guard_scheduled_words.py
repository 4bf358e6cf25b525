"""The duplicate-send guard, when the people "waiting for it" are in a send scheduled for
later: it said "… waiting for it in a broadcast that has not finished (Review… in Compose
shows it)", where there was no Review and Review listed nothing; the send is in the
scheduled list. And Send later's time box had no name for a screen reader."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDateTimeEdit, QLabel

from desktop_app.core.recipients import Person
from desktop_app.core.rules import SendCategory
from desktop_app.core.services.sending import SendingService
from desktop_app.ui.compose.rules import SendLaterDialog
from tests.ui.compose.helpers import SendRun, compose, make_tab
from tests.ui.support import check_unfinished
from tests.ui.test_keyboard_everywhere import spoken_name

TEXT = "Jumamosi sale: viatu 20% off. STOP to opt out"


def test_the_guard_points_a_scheduled_send_to_the_scheduled_list_not_to_review(
    qtbot: Any, ctx: Any, arun: Any, admin: Any, account: Any
) -> None:
    tab = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.rules"))
    phones = ["+254712000901", "+254712000902", "+254712000903"]
    plan = SendingService.plan(
        sender_id="TUMA",
        text=TEXT,
        people=[Person(p) for p in phones],
        fallback="",
        skipped=0,
        profile=ctx.session.profile,
        balance=None,
        price_per_part=None,
    )
    arun(
        ctx.services.sending.start(
            plan,
            ctx.session.profile.name,
            category=SendCategory.PROMOTIONAL,
            due_at=datetime.now(UTC) + timedelta(hours=20),
        )
    )
    assert check_unfinished(qtbot, tab, open_dialog=False) == []  # nothing for Review
    compose(qtbot, tab, "\n".join(phones), TEXT)
    run = SendRun(qtbot, tab)
    run.click_send()
    dialog = run.confirm_dialog()
    guard = dialog.findChild(QLabel, "duplicateWarning").text()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    run.wait()
    assert admin.messages(account.account_id) == []
    assert "Review…" not in guard
    assert "3 people are due to get it in a scheduled message (View… in Compose" in guard


def test_the_send_later_time_box_has_a_name_a_screen_reader_can_say(qtbot: Any) -> None:
    dialog = SendLaterDialog(datetime.now().astimezone() + timedelta(hours=1), promotional=False)
    qtbot.addWidget(dialog)
    dialog.open()
    qtbot.waitExposed(dialog)
    box = dialog.findChild(QDateTimeEdit, "sendAt")
    assert spoken_name(box) == "Day and time it goes out"
    dialog.reject()
