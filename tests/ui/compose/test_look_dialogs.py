"""The Compose tab's dialogs as the user sees them, with the app's style, in English and in
Kiswahili: no words cut off by their box, no rows squeezed, no button shorter than its
words, and room for what matters (the message in the scheduled list)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog, QLabel, QWidget

from desktop_app.core.cost import CostEstimate
from desktop_app.core.services.sending import Duplicates
from desktop_app.core.store import BroadcastKind, ChunkState
from desktop_app.core.store.history import PriorSend
from desktop_app.core.store.journal import Broadcast
from desktop_app.core.store.schedule import ScheduledSend
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose.channels import ConfirmWhatsAppDialog
from desktop_app.ui.compose.rules import ScheduledDialog, SendLaterDialog
from desktop_app.ui.compose.send_dialog import ConfirmSendDialog
from tests.ui.compose.helpers import make_tab, use_kenyan_locale
from tests.ui.conftest import app_theme

MESSAGE = (
    "Habari Achieng! Mama Mboga Fresh Produce: this weekend only, sukuma wiki and tomatoes "
    "are 20% off. Karibu sana! Reply STOP to opt out."
)


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture(params=["en", "sw"])
def tab(request, qtbot, qapp, ctx) -> Iterator[ComposeTab]:  # type: ignore[no-untyped-def]
    """The Compose tab (whose style its dialogs take) with the app's theme, in a language."""
    from desktop_app.ui.i18n import install_translations

    install_translations(qapp, request.param)
    try:
        with app_theme(qapp):
            yield make_tab(qtbot, ctx)
    finally:
        install_translations(qapp, "en")


def settle(qtbot: Any) -> None:
    """The layouts (and a dialog's own fitting, a turn of the loop later) have run."""
    for _ in range(3):
        qtbot.wait(20)
        QApplication.processEvents()


def cut_off(window: QWidget) -> list[str]:
    """What *window* draws cut off: words that do not fit their label (as the label itself
    lays them out, its indent too), a line squeezed below its height, a button narrower or
    lower than its words."""
    found = []
    for label in window.findChildren(QLabel):
        if not label.isVisible() or not label.text():
            continue
        if label.wordWrap():
            if QLabel.heightForWidth(label, label.width()) > label.height():
                found.append(f"wrapped words cut off: {label.text()!r}")
        elif label.minimumSizeHint().height() > label.height():
            found.append(f"line squeezed: {label.text()!r}")
    for button in window.findChildren(QAbstractButton):
        if button.isVisible() and (
            button.sizeHint().width() > button.width()
            or button.sizeHint().height() > button.height()
        ):
            found.append(f"button cut off: {button.text()!r}")
    return found


D = TypeVar("D", bound=QDialog)


def opened(qtbot: Any, dialog: D) -> D:
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.isVisible)
    settle(qtbot)
    return dialog


def priors(count: int, state: ChunkState = ChunkState.ACCEPTED) -> tuple[PriorSend, ...]:
    at = datetime.now(UTC) - timedelta(hours=1)
    return tuple(PriorSend(f"+2547120{i:05d}", state, at, 1) for i in range(count))


def test_asking_again_before_sending_to_everyone_squeezes_nothing(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    """ "Send to all anyway…" puts a red line above the buttons: the dialog grows for it.
    It did not (its minimum width was set by hand, so Qt no longer sized it): the form's
    rows were squeezed to 11 px, their words cut in half, and the guard's finding lost its
    last line."""
    estimate = CostEstimate(1234, 1, 2, 2468, 0.8, 5000)
    fresh = CostEstimate(1219, 1, 2, 2438, 0.8, 5000)
    found = priors(12) + priors(3, ChunkState.PENDING)
    dialog = opened(
        qtbot,
        ConfirmSendDialog(
            channel="SMS",
            sender_id="MAMAMBOGA",
            estimate=estimate,
            message=MESSAGE,
            skipped=0,
            chunks=1,
            duplicates=Duplicates(1234, found),
            new_estimate=fresh,
            parent=tab,
        ),
    )
    assert cut_off(dialog) == []
    everyone = dialog.confirm.everyone_button
    assert everyone is not None
    everyone.click()
    settle(qtbot)
    assert dialog.confirm.again_label is not None
    assert dialog.confirm.again_label.isVisible()
    assert cut_off(dialog) == []


def test_a_time_gone_by_in_send_later_squeezes_nothing(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    """Continue on a time that passed while the dialog was open shows a red line in it: the
    dialog grows for it, and is wide enough that its hints are not a column of short lines."""
    suggested = datetime.now().astimezone() + timedelta(hours=2)
    dialog = opened(qtbot, SendLaterDialog(suggested, promotional=True, parent=tab))
    assert cut_off(dialog) == []
    # It opened 288 px wide: the heading touched its edge, each hint took three lines.
    assert dialog.width() >= 400
    dialog.edit.setMinimumDateTime(dialog.edit.minimumDateTime().addDays(-1))
    dialog.edit.setDateTime(dialog.edit.dateTime().addDays(-1).addSecs(-7200))
    dialog.accept()
    settle(qtbot)
    assert dialog.isVisible()
    assert dialog.past_label.isVisible()
    assert cut_off(dialog) == []


def _scheduled(broadcast_id: int, text: str, people: int, due_at: datetime) -> ScheduledSend:
    broadcast = Broadcast(
        id=broadcast_id,
        profile="Test shop",
        kind=BroadcastKind.BULK,
        sender_id="MAMAMBOGA",
        text=text,
        chunk_size=500,
        recipients=people,
        created_at=datetime.now(UTC),
        recipients_pending=people,
    )
    return ScheduledSend(broadcast=broadcast, due_at=due_at, category="promotional")


def test_the_scheduled_list_shows_the_message_beside_an_overdue_send(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    """With an overdue send in the list, its long "Goes out" words took the width: the
    message (what tells the sends apart) had ~90 px, and in Kiswahili none at all (it was
    off to the right, behind a scroll bar)."""
    now = datetime.now(UTC)
    dialog = ScheduledDialog(tab)
    dialog.show_sends(
        [
            _scheduled(7, MESSAGE, 1234, now - timedelta(hours=3)),
            _scheduled(8, "Karibu kesho, duka letu liko wazi", 3, now + timedelta(days=2)),
        ],
        waiting={7},
    )
    opened(qtbot, dialog)
    table = dialog.table
    assert table.horizontalScrollBar().maximum() == 0, "the list scrolls sideways"
    assert table.columnWidth(3) >= 200, "no room for the message"
    # every column but the message shows its words whole (those of "Goes out" may wrap)
    metrics = table.fontMetrics()
    for row in range(table.rowCount()):
        for column in range(3):
            item = table.item(row, column)
            assert item is not None
            room = QRect(0, 0, table.columnWidth(column) - 6, 10_000)  # 3 px a side
            needed = metrics.boundingRect(room, int(Qt.TextFlag.TextWordWrap), item.text())
            assert needed.width() <= room.width(), item.text()
            assert needed.height() <= table.rowHeight(row), item.text()
    assert cut_off(dialog) == []


def test_a_whatsapp_send_to_someone_who_got_it_says_so_plainly(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    """One customer, who already got this template: not "1 of these 1 person already got
    this message" and "Send to all 1 anyway…"."""
    dialog = opened(
        qtbot,
        ConfirmWhatsAppDialog(
            "order_ready", "English", "+254712345678", tab, duplicates=Duplicates(1, priors(1))
        ),
    )
    said = dialog.confirm.guard_label.text()
    assert "1 of" not in said, said
    assert "1 kati ya" not in said, said
    everyone = dialog.confirm.everyone_button
    assert everyone is not None
    assert " 1 " not in everyone.text(), everyone.text()
    assert cut_off(dialog) == []
    everyone.click()
    settle(qtbot)
    assert " 1 " not in everyone.text(), everyone.text()
    assert cut_off(dialog) == []


def test_all_of_a_few_people_who_got_it(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    """Everyone in the list got it: "All 3 …", not "3 of these 3 people …"."""
    dialog = opened(
        qtbot,
        ConfirmSendDialog(
            channel="SMS",
            sender_id="MAMAMBOGA",
            estimate=CostEstimate(3, 1, 1, 3, 0.8, 100),
            message="Karibu",
            skipped=0,
            chunks=1,
            duplicates=Duplicates(3, priors(3)),
            new_estimate=CostEstimate(0, 1, 1, 0, 0.8, 100),
            parent=tab,
        ),
    )
    said = dialog.confirm.guard_label.text()
    assert "3 of these 3" not in said, said
    assert "3 kati ya watu 3" not in said, said
    assert cut_off(dialog) == []


def test_the_empty_scheduled_list_says_so_at_the_top(qtbot, qapp) -> None:  # type: ignore[no-untyped-def]
    """With nothing scheduled, its words sat halfway down the empty window."""
    from desktop_app.ui.compose.rules import ScheduledDialog
    from tests.ui.conftest import app_theme

    with app_theme(qapp):
        dialog = ScheduledDialog()
        qtbot.addWidget(dialog)
        dialog.show_sends([], set())
        dialog.show()
        qtbot.waitExposed(dialog)
        label = dialog.empty_label
        assert label.isVisible()
        # (the label took the window's height, and its words sat in its middle)
        assert label.mapTo(dialog, label.rect().topLeft()).y() < 40
        assert label.height() < 3 * label.fontMetrics().lineSpacing()
        assert "Send later" in label.text()  # and how to schedule one
