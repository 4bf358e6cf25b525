"""What the Delivery tab keeps while statuses move and sends are chosen again.

"Stop promotions to them" stayed gone only until the send was chosen again (or its statuses
were read again): back it came for customers already on the opt-out list, and pressing it
said "They are on the opt-out list already."; Resend's words pointed to it too. It is now
offered only for those of them not on the list yet.

Statuses arriving read the chosen send's recipients again, and the list was rebuilt: the
recipient chosen (and the keyboard's place) were lost, for the keyboard's and the screen
reader's user a jump back to nothing. The recipient chosen, and the current one, are now
kept (by the recipient, not by the row: one leaving a filter above it moves it up).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from PySide6.QtCore import QItemSelectionModel

from desktop_app.core.delivery import DeliveryStatus
from desktop_app.core.services.delivery import Outcome, Report
from desktop_app.ui.delivery.models import RecipientColumn, RecipientsModel
from tests.ui.delivery.test_tab import (  # noqa: F401 (kenyan_locale, stop_following: fixtures)
    LEFT,
    OK,
    kenyan_locale,
    make_tab,
    quick,
    record,
    select_send,
    send,
    shown_statuses,
    stop_following,
)

PROFILE = "Test shop"
BLOCKED = "+254711500001"
ABSENT = "+254711500002"
ALSO_BLOCKED = "+254711500003"


def report(arun: Any, ctx: Any, broadcast_id: int, reports: list[Report]) -> None:
    """The network's reports for a send, kept as if the statuses were looked up now (the
    send followed first, so its numbers count them)."""
    store = ctx.services.store
    arun(ctx.services.io(store.delivery.sync, PROFILE))
    message_id = next(c.message_id for c in store.journal.chunks(broadcast_id))
    arun(
        ctx.services.io(
            store.delivery.apply,
            PROFILE,
            [(message_id, reports)],
            datetime.now(UTC),
            (timedelta(seconds=1),),
        )
    )


def blocked_send(arun: Any, ctx: Any, phones: list[str]) -> int:
    """A send to *phones* and OK whose report says BLOCKED and ALSO_BLOCKED blocked
    promotions and ABSENT's phone was off."""
    broadcast_id = send(arun, ctx, [*phones, OK])
    reasons = {BLOCKED: "SenderBlacklisted", ALSO_BLOCKED: "UserInBlacklist"}
    report(
        arun,
        ctx,
        broadcast_id,
        [
            Report(p, DeliveryStatus.FAILED, why, why)
            for p in phones
            for why in [reasons.get(p, "AbsentSubscriber")]
        ],
    )
    return broadcast_id


def idle(arun: Any, ctx: Any) -> None:
    arun(ctx.tasks.wait_idle())


# --- "Stop promotions to them" ------------------------------------------------------------------


def test_stop_promotions_button_stays_gone_once_they_are_on_the_list(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(qtbot, ctx)
    other = send(arun, ctx, [OK])
    broadcast_id = blocked_send(arun, ctx, [BLOCKED, ABSENT])
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    qtbot.waitUntil(tab.block_button.isVisible, timeout=10000)
    qtbot.mouseClick(tab.block_button, LEFT)
    qtbot.waitUntil(lambda: "added to the opt-out list" in tab.notice.text(), timeout=10000)
    assert not tab.block_button.isVisible()
    select_send(qtbot, tab, other)
    select_send(qtbot, tab, broadcast_id)
    qtbot.wait(500)
    idle(arun, ctx)
    assert not tab.block_button.isVisible()
    assert tab.blocked == []
    # Resend's words no longer send the user to a button that is not there
    tip = tab.resend_button.toolTip()
    assert "Left out: 1 customer blocked promotions or opted out" in tip
    assert "Stop promotions" not in tip
    assert tab.left_out_advice(tab.failures[1].left_out_counts(), here=False) == []  # type: ignore[index]


def test_it_stays_gone_when_the_statuses_of_the_send_are_read_again(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(qtbot, ctx)
    broadcast_id = blocked_send(arun, ctx, [BLOCKED, ABSENT])
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    qtbot.waitUntil(tab.block_button.isVisible, timeout=10000)
    qtbot.mouseClick(tab.block_button, LEFT)
    qtbot.waitUntil(lambda: "added to the opt-out list" in tab.notice.text(), timeout=10000)
    # OK's report arrives: the send's row, its recipients and its failures are read again
    report(arun, ctx, broadcast_id, [Report(OK, DeliveryStatus.DELIVERED, "DeliveredToTerminal")])
    tab._after_refresh(None)
    qtbot.waitUntil(lambda: tab.send_chart.figure(Outcome.DELIVERED) == 1, timeout=10000)
    qtbot.waitUntil(lambda: shown_statuses(tab).get(OK) == "Delivered", timeout=10000)
    idle(arun, ctx)
    assert not tab.block_button.isVisible()
    assert tab.blocked == []


def test_it_is_offered_for_those_not_on_the_list_yet(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.core.services.optouts import OptOutSource

    tab = make_tab(qtbot, ctx)
    other = send(arun, ctx, [OK])
    broadcast_id = blocked_send(arun, ctx, [BLOCKED, ABSENT, ALSO_BLOCKED])
    optouts = ctx.services.optouts
    arun(optouts.add(PROFILE, [BLOCKED], OptOutSource.BLOCKED))
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    qtbot.waitUntil(tab.block_button.isVisible, timeout=10000)
    assert tab.blocked == [ALSO_BLOCKED]
    assert tab.block_button.toolTip().startswith("1 person blocked promotional messages")
    qtbot.mouseClick(tab.block_button, LEFT)
    qtbot.waitUntil(
        lambda: "1 person added to the opt-out list" in tab.notice.text(), timeout=10000
    )
    assert not tab.block_button.isVisible()
    # taken off the list (on the Opt-outs tab): offered again, for that one
    arun(optouts.remove(PROFILE, [BLOCKED]))
    select_send(qtbot, tab, other)
    select_send(qtbot, tab, broadcast_id)
    qtbot.waitUntil(tab.block_button.isVisible, timeout=10000)
    assert tab.blocked == [BLOCKED]


# --- the place in the recipients -------------------------------------------------------------


def test_statuses_arriving_keep_the_place_in_the_recipients(qtbot, ctx, arun, admin) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services)
    tab = make_tab(qtbot, ctx)
    broadcast_id = send(arun, ctx, [f"+2547124{n:05d}" for n in range(1, 101)])
    other = send(arun, ctx, [OK])
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    view = tab.recipients_table
    view.setFocus()
    view.scrollToBottom()
    view.selectRow(95)
    qtbot.wait(100)
    assert view.currentIndex().row() == 95
    before = view.verticalScrollBar().value()
    admin.settle()
    qtbot.waitUntil(
        lambda: list(shown_statuses(tab).values()).count("Delivered") == 100, timeout=20000
    )
    qtbot.wait(300)
    assert view.verticalScrollBar().value() == before
    assert [i.row() for i in view.selectionModel().selectedRows()] == [95]
    assert view.currentIndex().row() == 95  # the keyboard's place, too
    # another send's recipients start with nothing chosen, as before
    select_send(qtbot, tab, other)
    assert view.selectionModel().selectedRows() == []
    assert not view.currentIndex().isValid()


def test_the_recipient_chosen_is_followed_when_others_leave_the_filter(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(qtbot, ctx)
    phones = [f"+2547125{n:05d}" for n in range(1, 6)]
    broadcast_id = send(arun, ctx, phones)
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    tab.show_combo.setCurrentIndex(2)  # Waiting only
    qtbot.waitUntil(
        lambda: not tab.recipients_model.loading and len(shown_statuses(tab)) == 5, timeout=10000
    )
    view = tab.recipients_table
    view.setFocus()
    view.selectRow(3)
    # the two above it are delivered: they leave "Waiting only", the one chosen moves up
    report(
        arun,
        ctx,
        broadcast_id,
        [Report(p, DeliveryStatus.DELIVERED, "DeliveredToTerminal") for p in phones[:2]],
    )
    tab._after_refresh(None)
    qtbot.waitUntil(lambda: len(shown_statuses(tab)) == 3, timeout=10000)
    idle(arun, ctx)
    chosen = [tab.recipients_model.row_at(i.row()) for i in view.selectionModel().selectedRows()]
    assert [row.phone for row in chosen if row is not None] == [phones[3]]
    current = tab.recipients_model.row_at(view.currentIndex().row())
    assert current is not None
    assert current.phone == phones[3]


def test_a_reload_that_moves_rows_passes_the_model_tester(qtbot, qtmodeltester, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    """Rows leaving and joining a filtered list read again are removed and inserted where
    they are (not a reset), and the model stays consistent for Qt."""
    phones = [f"+2547126{n:05d}" for n in range(1, 9)]
    broadcast_id = record(ctx, 1, phones)
    model = RecipientsModel(ctx)
    waiting = (Outcome.PENDING, Outcome.SENT, Outcome.NO_REPORT)
    model.show(PROFILE, broadcast_id, waiting)
    qtbot.waitUntil(lambda: model.loaded_once and not model.loading, timeout=10000)
    assert model.rowCount() == 8
    qtmodeltester.check(model, force_py=True)
    kept = model.index(5, RecipientColumn.PHONE)
    selection = QItemSelectionModel(model)
    selection.setCurrentIndex(kept, QItemSelectionModel.SelectionFlag.ClearAndSelect)
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    report(
        arun,
        ctx,
        broadcast_id,
        [
            Report(phones[0], DeliveryStatus.DELIVERED, "DeliveredToTerminal"),
            Report(phones[2], DeliveryStatus.FAILED, "AbsentSubscriber", "AbsentSubscriber"),
            Report(phones[7], DeliveryStatus.DELIVERED, "DeliveredToTerminal"),
            Report(phones[4], DeliveryStatus.SENT, "SentToNetwork"),
        ],
    )
    model.reload()
    qtbot.waitUntil(lambda: not model.loading and model.rowCount() == 5, timeout=10000)
    assert resets == []
    assert [row.phone for row in model.rows] == [phones[i] for i in (1, 3, 4, 5, 6)]
    assert selection.currentIndex().row() == 3
    assert model.data(model.index(2, RecipientColumn.STATUS)) == "On its way"
    qtmodeltester.check(model, force_py=True)
