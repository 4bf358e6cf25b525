"""A send still going out, as the Delivery tab shows it, and the words of its Delivery column.

Opened while Compose was sending (a round out, the rest still to go), the tab listed the send
as "Unfinished: review · 2 delivered" and offered Review…, whose "Send to the remaining 6
recipients" closed and did nothing and whose "Don't send the rest" dropped the rounds of the
send going out right then. A send going out now reads "Being sent" (as its recipients in the
round on its way do), with no Review, until it has stopped; when it stops, its row is read
again: finished, it shows its delivery; stopped half-way, it says so and offers Review. Review
stays offered for another send that really did not finish, and the review it opens lists only
what can be reviewed: never the send going out, whose rest it cannot drop either.

Each send here is held at its second round (the real request waits until the test lets it
through), so "going out" lasts as long as the test looks, without slow requests.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QPushButton

from desktop_app.core.services.delivery import BroadcastKind, BroadcastRow, Outcome, Tally
from desktop_app.core.store import ChunkState
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.delivery import DeliveryTab
from desktop_app.ui.delivery.models import HistoryColumn, RecipientColumn, summary_text
from desktop_app.ui.delivery.tab import SENDS_TASK
from tests.ui.compose.helpers import LEFT, SendRun, compose, use_kenyan_locale
from tests.ui.delivery.test_tab import Gate, select_send
from tests.ui.support import write_broadcast

TEXT = "Karibu dukani: bei nafuu leo."
#: Eight customers in rounds of two: four rounds.
PHONES = [f"+2547123001{n:02d}" for n in range(1, 9)]


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


class HeldRounds:
    """The send's rounds after the first *let* go no further than the door until
    :meth:`release`: the round held is claimed (being sent) and the rest wait their turn."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, client: Any, let: int = 1) -> None:
        self.released = asyncio.Event()
        self.asked = 0
        original = client.send_bulk

        async def held(*args: Any, **kwargs: Any) -> Any:
            self.asked += 1
            if self.asked > let:
                await self.released.wait()
            return await original(*args, **kwargs)

        monkeypatch.setattr(client, "send_bulk", held)

    def release(self) -> None:
        self.released.set()


def start_send(qtbot: Any, win: Any, ctx: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Eight customers typed in Compose, Send pressed and confirmed; the send holds at its
    second round. Returns (the run, the rounds held)."""
    ctx.session.profile.bulk_chunk_size = 2
    held = HeldRounds(monkeypatch, ctx.session.client)
    tab: ComposeTab = win.tab("compose")
    win.show_tab("compose")
    compose(qtbot, tab, "\n".join(PHONES), TEXT)
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm()
    qtbot.waitUntil(lambda: held.asked == 2, timeout=10000)  # one round out, one at the door
    return run, held


def open_delivery(qtbot: Any, win: Any) -> DeliveryTab:
    win.show_tab("delivery")
    tab: DeliveryTab = win.tab("delivery")
    qtbot.waitUntil(
        lambda: tab.history_model.loaded_once and tab.history_model.rowCount() > 0,
        timeout=10000,
    )
    return tab


def delivery_words(tab: DeliveryTab, broadcast_id: int) -> str:
    """The send's Delivery column, as its row shows it."""
    row = tab.history_model.row_of(broadcast_id)
    assert row is not None
    text = tab.history_model.index(row, HistoryColumn.DELIVERY).data()
    assert isinstance(text, str)
    return text


def newest_id(tab: DeliveryTab) -> int:
    row = tab.history_model.row_at(0)
    assert row is not None
    return row.broadcast_id


def test_a_send_still_going_out_reads_as_being_sent_and_offers_no_review(
    qtbot: Any, pressable_window: Any, ctx: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The user sends to eight customers and, while the send is going out, opens the Delivery
    tab and picks it: it reads "Being sent" (not "Unfinished: review"), no Review… is
    offered, and the customers still to go are not said to be left over from a send that
    did not finish. Once it has gone out, its row shows its delivery, still with no Review."""
    win = pressable_window
    win.resize(1280, 800)
    run, held = start_send(qtbot, win, ctx, monkeypatch)
    try:
        tab = open_delivery(qtbot, win)
        broadcast_id = newest_id(tab)
        select_send(qtbot, tab, broadcast_id)
        assert ctx.is_sending()
        words = delivery_words(tab, broadcast_id)
        assert words.startswith("Being sent"), words
        assert "review" not in words.lower(), words
        assert not tab.review_button.isVisible()
        model = tab.recipients_model
        meanings = {
            model.data(model.index(r, RecipientColumn.MEANING))
            for r in range(model.rowCount())
            if model.row_at(r).chunk_state is ChunkState.PENDING  # type: ignore[union-attr]
        }
        assert meanings == {"Not sent yet: this send is still going out."}, meanings
    finally:
        held.release()
        run.wait()
    qtbot.waitUntil(lambda: not delivery_words(tab, broadcast_id).startswith("Being"))
    assert "review" not in delivery_words(tab, broadcast_id).lower()
    assert not tab.review_button.isVisible()


def test_a_send_stopped_half_way_offers_review_once_it_has_stopped(
    qtbot: Any, pressable_window: Any, ctx: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The user opens the Delivery tab on a send going out, then presses Cancel on its
    progress: once it has stopped (after the round on its way), its row says what is left
    ("Unfinished: review") and Review… is offered, at once: no report moves to tell the tab
    (the statuses' refresher is held throughout)."""
    win = pressable_window
    win.resize(1280, 800)
    Gate(ctx.services)  # the statuses say nothing: the send's own end must
    run, held = start_send(qtbot, win, ctx, monkeypatch)
    try:
        tab = open_delivery(qtbot, win)
        broadcast_id = newest_id(tab)
        select_send(qtbot, tab, broadcast_id)
        assert delivery_words(tab, broadcast_id).startswith("Being sent")
        assert not tab.review_button.isVisible()
        compose_tab: ComposeTab = win.tab("compose")
        assert compose_tab.progress_dialog is not None
        compose_tab.progress_dialog.request_cancel()
    finally:
        held.release()
        run.wait()
    qtbot.waitUntil(
        lambda: delivery_words(tab, broadcast_id).startswith("Unfinished: review"), timeout=5000
    )
    qtbot.waitUntil(tab.review_button.isVisible, timeout=5000)


def test_review_stays_offered_for_a_send_that_did_not_finish_while_another_goes_out(
    qtbot: Any, pressable_window: Any, ctx: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older send did not finish; the user sends another and, while it goes out, picks
    the older one in the Delivery tab: it still reads "Unfinished: review" with Review…,
    and the review opened lists it alone, not the send going out."""
    win = pressable_window
    win.resize(1280, 800)
    older = write_broadcast(ctx, "Old news", ["+254712000001", "+254712000002"], chunk_size=1)
    run, held = start_send(qtbot, win, ctx, monkeypatch)
    try:
        compose_tab: ComposeTab = win.tab("compose")
        tab = open_delivery(qtbot, win)
        going = newest_id(tab)
        assert going != older
        assert delivery_words(tab, going).startswith("Being sent")
        select_send(qtbot, tab, older)
        assert delivery_words(tab, older).startswith("Unfinished: review")
        assert tab.review_button.isVisible()

        qtbot.mouseClick(tab.review_button, LEFT)
        qtbot.waitUntil(
            lambda: compose_tab.resume_dialog is not None and compose_tab.resume_dialog.isVisible(),
            timeout=5000,
        )
        dialog = compose_tab.resume_dialog
        assert dialog is not None
        qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.resume.reload"))
        assert [b.id for b in dialog.broadcasts] == [older]
        dialog.close()
    finally:
        held.release()
        run.wait()


def test_the_rest_of_a_send_going_out_is_not_dropped_from_a_review_opened_before_it(
    qtbot: Any,
    pressable_window: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    account: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The review of unfinished sends is open on one of them when that send starts going
    out (another window resumed it): "Don't send the rest", confirmed, drops nothing from
    under it, and every customer gets the message. A round claimed by another window's run
    (the journal says it is being sent) is not dropped from either."""
    win = pressable_window
    compose_tab: ComposeTab = win.tab("compose")
    unfinished = write_broadcast(ctx, "Sale ya leo", PHONES[:4], chunk_size=2)
    ctx.review_requested.emit()
    qtbot.waitUntil(
        lambda: compose_tab.resume_dialog is not None and compose_tab.resume_dialog.isVisible(),
        timeout=5000,
    )
    dialog = compose_tab.resume_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.findChild(QPushButton, "discardPending") is not None)
    discard = dialog.findChild(QPushButton, "discardPending")

    held = HeldRounds(monkeypatch, ctx.session.client)
    sending = ctx.services.sending
    going = asyncio.ensure_future(sending.run(ctx.session.client, unfinished))
    try:
        qtbot.waitUntil(lambda: held.asked == 2, timeout=10000)
        qtbot.mouseClick(discard, LEFT)
        box = dialog.discard_box
        assert box is not None
        qtbot.waitUntil(box.isVisible)
        qtbot.mouseClick(box.findChild(QPushButton, "confirmDiscard"), LEFT)
        qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.resume.discard"), timeout=5000)
    finally:
        held.release()
        qtbot.waitUntil(going.done, timeout=10000)
    assert going.result().summary.finished
    assert sorted(m["phone"] for m in admin.messages(account.account_id)) == PHONES[:4]
    dialog.close()

    journal = ctx.services.store.journal
    other = write_broadcast(ctx, "Another window's", PHONES[4:], chunk_size=2)
    claimed = journal.chunks(other)[0].id
    journal.mark_sending(claimed)  # its first round on its way from another window
    assert arun(sending.drop_rest(other)) == 0
    assert [c.state for c in journal.chunks(other)] == [ChunkState.SENDING, ChunkState.PENDING]


def test_another_window_s_send_is_read_once_more_not_in_a_loop(
    qtbot: Any, pressable_window: Any, ctx: Any
) -> None:
    """A send another window is sending (a round claimed in the journal, no send of this
    window under way) reads "Being sent" with no Review, and the tab reads its row again
    once, not over and over."""
    win = pressable_window
    journal = ctx.services.store.journal
    other = write_broadcast(ctx, "Another window's", PHONES[:4], chunk_size=2)
    journal.mark_sending(journal.chunks(other)[0].id)
    tab = open_delivery(qtbot, win)
    select_send(qtbot, tab, other)
    assert delivery_words(tab, other).startswith("Being sent")
    assert not tab.review_button.isVisible()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running(SENDS_TASK), timeout=5000)
    qtbot.wait(100)
    assert not ctx.tasks.is_running(SENDS_TASK)


# --- the Delivery column's counts --------------------------------------------------------------


class Asked(QTranslator):
    """Notes what the texts are asked for in (context, source, n), translating nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[str, str, int]] = []

    def translate(  # type: ignore[override]
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> None:
        self.asked.append((context, source, n))

    def isEmpty(self) -> bool:
        return False


@pytest.fixture
def asked(qapp: Any) -> Iterator[Callable[[], list[tuple[str, str, int]]]]:
    translator = Asked()
    QCoreApplication.installTranslator(translator)
    yield lambda: translator.asked
    QCoreApplication.removeTranslator(translator)


def row_with(tally: dict[Outcome, int]) -> BroadcastRow:
    from datetime import UTC, datetime

    accepted = sum(tally.values())
    return BroadcastRow(
        broadcast_id=1,
        kind=BroadcastKind.BULK,
        sender_id="TUMA",
        text=TEXT,
        created_at=datetime.now(UTC),
        sent_at=datetime.now(UTC),
        recipients=accepted,
        accepted=accepted,
        parts=1,
        credits=accepted,
        message_ids=1,
        chunks_pending=0,
        chunks_in_doubt=0,
        chunks_rejected=0,
        chunks_cancelled=0,
        tally=Tally(tally),
    )


def test_the_delivery_column_counts_read_as_before_in_plural_forms(asked: Any) -> None:
    """The counts of the Delivery column read as they did in English ("1 delivered", "1,234
    failed"), and each is asked for in Qt's plural form with its number, so the Kiswahili
    translation can say "1 umeshindwa" and "2 zimeshindwa"."""
    row = row_with(
        {
            Outcome.DELIVERED: 1,
            Outcome.FAILED: 1000,
            Outcome.REJECTED: 234,
            Outcome.SENT: 1,
            Outcome.NO_REPORT: 2,
        }
    )
    assert summary_text(row) == "1 delivered · 1,234 failed · 1 waiting · 2 no report"
    counted = {(source, n) for _context, source, n in asked() if source.startswith("%Ln")}
    assert counted == {
        ("%Ln delivered", 1),
        ("%Ln failed", 1234),
        ("%Ln waiting", 1),
        ("%Ln no report", 2),
    }
    assert summary_text(row_with({Outcome.DELIVERED: 2, Outcome.PENDING: 3})) == (
        "2 delivered · 3 waiting"
    )
