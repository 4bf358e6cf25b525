"""The Delivery tab against the sandbox, driven like a user: a send whose statuses move from
waiting to delivered and to failed (numbers ending 0000), a restart in the middle of
refreshing, a message id looked up by hand, a late contradicting report, exports read back,
resend to failed through Compose, and pytest-qt's model tester on both models."""

from __future__ import annotations

import asyncio
import contextlib
import csv
import threading
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel

from desktop_app.core.delivery import DeliveryStatus
from desktop_app.core.recipients import Person
from desktop_app.core.services import Services
from desktop_app.core.services.delivery import ExportFormat, Outcome, Report
from desktop_app.core.store import BroadcastKind
from desktop_app.ui.context import AppContext
from desktop_app.ui.delivery import DeliveryTab
from desktop_app.ui.delivery.lookup import LookupDialog
from desktop_app.ui.delivery.models import (
    HistoryColumn,
    HistoryModel,
    RecipientColumn,
    RecipientsModel,
)
from tests.ui.compose.helpers import LEFT, SendRun, use_kenyan_locale
from tests.ui.compose.helpers import make_tab as make_compose_tab

TEXT = "Mama Mboga: sukuma wiki 20% off this weekend only. Karibu!"
OK = "+254712300001"
OK2 = "+254712300002"
FAILS = "+254712300000"  # the sandbox fails numbers ending in 0000
BAD = "+25471230001"  # one digit short: the sandbox skips it as invalid


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


def quick(services: Services, **options: Any) -> None:
    """Look-ups due again after 0.3 s (not 10 s), new sends noticed within 0.2 s."""
    service = services.delivery
    service.backoff = (timedelta(seconds=0.3),)
    service.poll_seconds = 0.2
    service.rate = 0
    for name, value in options.items():
        setattr(service, name, value)


class Gate:
    """Holds the tab's refresher before each pass until the test lets one through."""

    def __init__(self, services: Services) -> None:
        self.service = services.delivery
        self.passes = 0
        self.allowed = 0
        self._opened = asyncio.Event()
        self._original = self.service.refresh_due

        async def gated(client: Any, profile: str) -> Any:
            while self.passes >= self.allowed:
                self._opened.clear()
                await self._opened.wait()
            self.passes += 1
            return await self._original(client, profile)

        self.service.refresh_due = gated  # type: ignore[method-assign]

    def open(self, passes: int = 1_000_000) -> None:
        self.allowed = self.passes + passes
        self._opened.set()


_opened: list[DeliveryTab] = []


@pytest.fixture(autouse=True)
def stop_following(qloop: Any) -> Iterator[None]:
    """Each tab stops following statuses when its test ends, as when the app quits."""
    yield
    while _opened:
        tab = _opened.pop()
        with contextlib.suppress(RuntimeError):  # already deleted
            task = asyncio.ensure_future(tab.stop(2.0))
            while not task.done():
                QCoreApplication.processEvents()


def make_tab(qtbot: Any, ctx: Any) -> DeliveryTab:
    tab = DeliveryTab(ctx)
    _opened.append(tab)
    qtbot.addWidget(tab)
    tab.resize(1280, 800)
    tab.show()
    qtbot.waitExposed(tab)
    qtbot.waitUntil(lambda: tab.history_model.loaded_once, timeout=10000)
    return tab


def send(arun: Any, ctx: Any, phones: list[str | Person], text: str = TEXT) -> int:
    """A send as Compose makes it (plan, journal, run), for the tests that are not about
    Compose (a number is a recipient without a name)."""
    from desktop_app.core.services.sending import SendingService

    session = ctx.session
    plan = SendingService.plan(
        sender_id="TUMA",
        text=text,
        people=[Person(p) if isinstance(p, str) else p for p in phones],
        fallback="",
        skipped=0,
        profile=session.profile,
        balance=None,
        price_per_part=None,
    )
    sending = ctx.services.sending
    broadcast_id = arun(sending.start(plan, session.profile.name))
    report = arun(sending.run(session.client, broadcast_id))
    assert report.summary.finished
    return int(broadcast_id)


def select_send(qtbot: Any, tab: DeliveryTab, broadcast_id: int) -> None:
    qtbot.waitUntil(lambda: tab.history_model.row_of(broadcast_id) is not None, timeout=10000)
    row = tab.history_model.row_of(broadcast_id)
    assert row is not None
    rect = tab.history_table.visualRect(tab.history_model.index(row, HistoryColumn.MESSAGE))
    qtbot.mouseClick(tab.history_table.viewport(), LEFT, pos=rect.center())
    qtbot.waitUntil(
        lambda: (
            tab.recipients_model.broadcast_id == broadcast_id
            and tab.recipients_model.loaded_once
            and not tab.recipients_model.loading
        ),
        timeout=10000,
    )


def shown_statuses(tab: DeliveryTab) -> dict[str, str]:
    """Each recipient's status as the table shows it (the word beside the icon)."""
    model = tab.recipients_model
    return {
        model.row_at(r).phone: model.data(model.index(r, RecipientColumn.STATUS))  # type: ignore[union-attr]
        for r in range(model.rowCount())
    }


def settled(tab: DeliveryTab, expected: dict[str, str]) -> bool:
    return not tab.recipients_model.loading and shown_statuses(tab) == expected


# --- watching statuses move -------------------------------------------------------------------


def test_statuses_move_from_waiting_to_delivered_and_failed(
    qtbot, ctx, arun, admin, account
) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services)
    gate = Gate(ctx.services)
    tab = make_tab(qtbot, ctx)
    assert tab.following
    broadcast_id = send(arun, ctx, [OK, OK2, FAILS])
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    # nothing looked up yet: every customer is waiting, and says so in words and icon
    assert shown_statuses(tab) == {
        OK: "Waiting for report",
        OK2: "Waiting for report",
        FAILS: "Waiting for report",
    }
    model = tab.recipients_model
    waiting = model.data(model.index(0, RecipientColumn.STATUS), Qt.ItemDataRole.DecorationRole)
    assert waiting is not None
    assert not waiting.isNull()
    assert tab.send_chart.figure(Outcome.PENDING) == 3
    admin.settle()
    gate.open()
    qtbot.waitUntil(
        lambda: settled(tab, {OK: "Delivered", OK2: "Delivered", FAILS: "Failed"}),
        timeout=15000,
    )
    failed_row = next(r for r in range(3) if model.row_at(r).phone == FAILS)  # type: ignore[union-attr]
    meaning = model.data(model.index(failed_row, RecipientColumn.MEANING))
    assert "phone was off or out of coverage" in meaning
    assert "may arrive later" in meaning
    tip = model.data(model.index(failed_row, RecipientColumn.STATUS), Qt.ItemDataRole.ToolTipRole)
    assert "AbsentSubscriber" in tip  # the raw value is kept
    colour = model.data(
        model.index(failed_row, RecipientColumn.STATUS), Qt.ItemDataRole.ForegroundRole
    )
    delivered_colour = model.data(
        model.index(next(r for r in range(3) if r != failed_row), RecipientColumn.STATUS),
        Qt.ItemDataRole.ForegroundRole,
    )
    assert colour != delivered_colour
    # the history row and both charts carry the numbers
    qtbot.waitUntil(lambda: tab.send_chart.figure(Outcome.DELIVERED) == 2, timeout=10000)
    assert tab.send_chart.figure(Outcome.FAILED) == 1
    assert tab.send_chart.figure(Outcome.PENDING) == 0
    qtbot.waitUntil(lambda: tab.period_chart.figure(Outcome.DELIVERED) == 2, timeout=10000)
    row = tab.history_model.row_of(broadcast_id)
    summary = tab.history_model.data(tab.history_model.index(row, HistoryColumn.DELIVERY))
    assert summary == "2 delivered · 1 failed"
    assert tab.resend_button.isEnabled()
    # "Failed only" shows the one whose message failed
    tab.show_combo.setCurrentIndex(1)
    qtbot.waitUntil(lambda: settled(tab, {FAILS: "Failed"}), timeout=10000)


def test_a_restart_in_the_middle_of_refreshing_carries_on(
    qtbot, ctx, arun, admin, account, services, test_profile, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services, batch_size=1)
    gate = Gate(ctx.services)
    tab = make_tab(qtbot, ctx)
    first = send(arun, ctx, [OK, FAILS])
    second = send(arun, ctx, [OK2], text="Second message, another text.")
    admin.settle()
    gate.open(1)  # one message looked up, then Tuma stops
    qtbot.waitUntil(lambda: gate.passes == 1 and not ctx.tasks.busy, timeout=10000)
    qtbot.waitUntil(lambda: arun(services.delivery.following("Test shop")) == 1, timeout=10000)
    assert arun(tab.stop(2.0))  # Tuma quits
    assert not tab.following

    again = Services.open(store_path=services.store.path, settings_path=tmp_path / "again.json")
    try:
        quick(again)
        context = AppContext(again)
        arun(context.open_session(test_profile, account.token))
        reopened = make_tab(qtbot, context)
        select_send(qtbot, reopened, first)
        qtbot.waitUntil(
            lambda: settled(reopened, {OK: "Delivered", FAILS: "Failed"}), timeout=15000
        )
        select_send(qtbot, reopened, second)
        qtbot.waitUntil(lambda: settled(reopened, {OK2: "Delivered"}), timeout=15000)
        assert arun(again.delivery.following("Test shop")) == 0
        reopened.close()
        arun(context.tasks.shutdown(timeout=5.0))
        arun(context.close_session(emit=False))
    finally:
        again.close()


def test_a_refused_key_stops_the_statuses_and_says_so(qtbot, ctx, arun, admin, account) -> None:  # type: ignore[no-untyped-def]
    """The key is revoked while statuses are followed: the tab no longer claims they refresh
    by themselves, and the user is asked to connect again (once, by the one presenter);
    nothing is marked "no report" meanwhile."""
    quick(ctx.services)
    tab = make_tab(qtbot, ctx)
    broadcast_id = send(arun, ctx, [OK])
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    admin.revoke_token(account.token)
    tab.refresh()
    qtbot.waitUntil(lambda: not tab.following, timeout=10000)
    assert tab.subtitle.text() == "1 send · Statuses stopped refreshing: connect your account again"
    assert [m.title for m in shown] == ["Sign-in needed"]
    assert shown[0].reauth
    assert shown_statuses(tab) == {OK: "Waiting for report"}


# --- looking up by hand -----------------------------------------------------------------------


def test_look_up_any_message_id_by_hand(qtbot, ctx, arun, admin, account) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services)
    tab = make_tab(qtbot, ctx)
    # sent by another program on the same account: Tuma never recorded it
    result = arun(ctx.client().send_bulk("TUMA", [OK, FAILS], TEXT))
    admin.settle()
    qtbot.keyClicks(tab.lookup_edit, f" {result.message_id} ")
    qtbot.mouseClick(tab.lookup_button, LEFT)
    qtbot.waitUntil(
        lambda: tab.lookup_dialog is not None and tab.lookup_dialog.isVisible(), timeout=10000
    )
    dialog = tab.lookup_dialog
    assert isinstance(dialog, LookupDialog)
    table = dialog.table
    rows = {table.item(r, 0).toolTip(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert rows == {OK: "Delivered", FAILS: "Failed"}
    failed = next(r for r in range(2) if table.item(r, 0).toolTip() == FAILS)
    assert "out of coverage" in table.item(failed, 2).text()
    assert not table.item(failed, 1).icon().isNull()
    assert dialog.findChild(QLabel) is not None
    dialog.close()
    # an id the service does not know: said plainly beside the box
    tab.lookup_edit.setText("not-a-real-id")
    qtbot.mouseClick(tab.lookup_button, LEFT)
    qtbot.waitUntil(lambda: tab.notice.isVisible(), timeout=10000)
    assert "No message with the ID not-a-real-id" in tab.notice.text()


@pytest.mark.parametrize(
    "pasted",
    ['"{id}"', "\u201c{id}\u201d.", "Message ID: {id}", "<{id}>\n", "{head}\n{tail}"],
    ids=["quoted", "curly quotes and a full stop", "with its label", "in brackets", "two lines"],
)
def test_a_message_id_pasted_with_its_wrapping_is_found(
    qtbot, ctx, arun, account, pasted: str
) -> None:  # type: ignore[no-untyped-def]
    """Copied from an e-mail or a receipt, an id comes in quotes, with a label, a full stop
    or broken over two lines: the id in it is looked up (and shown alone in the box)."""
    from PySide6.QtGui import QGuiApplication

    quick(ctx.services)
    tab = make_tab(qtbot, ctx)
    message_id = arun(ctx.client().send_bulk("TUMA", [OK], TEXT)).message_id
    head, tail = message_id[:19], message_id[19:]
    QGuiApplication.clipboard().setText(pasted.format(id=message_id, head=head, tail=tail))
    tab.lookup_edit.setFocus()
    tab.lookup_edit.paste()
    qtbot.keyClick(tab.lookup_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(
        lambda: (
            tab.notice.isVisible()
            or (tab.lookup_dialog is not None and tab.lookup_dialog.isVisible())
        ),
        timeout=10000,
    )
    assert not tab.notice.isVisible(), tab.notice.text()
    assert tab.lookup_dialog is not None
    assert tab.lookup_dialog.lookup.message_id == message_id
    assert tab.lookup_edit.text() == message_id
    tab.lookup_dialog.close()


# --- a late contradicting report --------------------------------------------------------------


def test_a_late_failed_report_never_undoes_delivered(qtbot, ctx, arun, admin, account) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services)
    tab = make_tab(qtbot, ctx)
    broadcast_id = send(arun, ctx, [OK])
    admin.settle()
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    qtbot.waitUntil(lambda: settled(tab, {OK: "Delivered"}), timeout=15000)
    message_id = tab.recipients_model.row_at(0).message_id  # type: ignore[union-attr]
    store = ctx.services.store.delivery
    late = Report(OK, DeliveryStatus.FAILED, "AbsentSubscriber", "AbsentSubscriber")
    arun(
        ctx.services.io(
            store.apply,
            "Test shop",
            [(message_id, [late])],
            datetime.now(UTC),
            (timedelta(seconds=1),),
        )
    )
    tab.refresh()
    tab.recipients_model.reload()
    qtbot.waitUntil(lambda: not tab.recipients_model.loading, timeout=10000)
    assert shown_statuses(tab) == {OK: "Delivered"}
    row = tab.recipients_model.row_at(0)
    assert row is not None
    assert row.raw_status == "DeliveredToTerminal"
    assert tab.send_chart.figure(Outcome.DELIVERED) == 1
    assert tab.send_chart.figure(Outcome.FAILED) == 0


# --- export -----------------------------------------------------------------------------------


def test_export_a_report_and_the_history_and_read_them_back(
    qtbot, ctx, arun, admin, account, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services)
    tab = make_tab(qtbot, ctx)
    broadcast_id = send(arun, ctx, [OK, FAILS])
    admin.settle()
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    qtbot.waitUntil(lambda: settled(tab, {OK: "Delivered", FAILS: "Failed"}), timeout=15000)
    finished: list[bool] = []
    tab.job_finished.connect(lambda: finished.append(True))

    report = tmp_path / "report.csv"
    tab.export_report_to(report, ExportFormat.CSV)
    assert tab.progress.isVisible()  # progress and Cancel while it runs
    assert tab.progress.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: bool(finished), timeout=10000)
    with report.open(encoding="utf-8-sig", newline="") as handle:
        rows = {r["phone"]: r for r in csv.DictReader(handle)}
    assert {p: r["status"] for p, r in rows.items()} == {OK: "delivered", FAILS: "failed"}
    assert rows[FAILS]["network_status"] == "AbsentSubscriber"
    assert "Saved 2 rows to report.csv." in tab.notice.text()

    from openpyxl import load_workbook

    book = tmp_path / "history.xlsx"
    finished.clear()
    tab.export_history_to(book, ExportFormat.XLSX)
    qtbot.waitUntil(lambda: bool(finished), timeout=10000)
    sheet = load_workbook(book).active
    header = [c.value for c in next(sheet.iter_rows(max_row=1))]
    line = [c.value for c in next(sheet.iter_rows(min_row=2, max_row=2))]
    assert dict(zip(header, line, strict=True))["message"] == TEXT
    assert dict(zip(header, line, strict=True))["failed"] == 1

    report_book = tmp_path / "report.xlsx"
    finished.clear()
    tab.export_report_to(report_book, ExportFormat.XLSX)
    qtbot.waitUntil(lambda: bool(finished), timeout=10000)
    phones = [row[0] for row in load_workbook(report_book).active.iter_rows(min_row=2)]
    assert {c.value for c in phones} == {OK, FAILS}
    assert all(c.data_type == "s" and c.number_format == "@" for c in phones)

    # Cancel: no file, and the user is told
    cancelled = tmp_path / "cancelled.csv"
    finished.clear()
    tab.export_report_to(cancelled, ExportFormat.CSV)
    qtbot.mouseClick(tab.progress.cancel_button, LEFT)
    assert finished
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("delivery.job"), timeout=5000)
    assert not cancelled.exists()
    assert "no file was written" in tab.notice.text()


def test_an_export_that_cannot_be_written_says_why_and_what_to_do(
    qtbot, ctx, arun, admin, account, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """The report is open in Excel (Windows refuses to replace it), or the memory stick it
    was going to was taken out: the tab says so and what to do, nothing is half-written,
    and no error is logged as unexpected."""
    import os

    tab = make_tab(qtbot, ctx)
    broadcast_id = send(arun, ctx, [OK, FAILS])
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    finished: list[bool] = []
    tab.job_finished.connect(lambda: finished.append(True))

    gone = tmp_path / "stick" / "report.csv"
    tab.export_report_to(gone, ExportFormat.CSV)
    qtbot.waitUntil(lambda: bool(finished), timeout=10000)
    assert tab.notice.isVisible()
    assert tab.notice.text() == (
        "Could not save report.csv: the folder is no longer there or the disk is full. "
        "Choose another place, then export again."
    )

    locked = tmp_path / "report.xlsx"
    locked.write_bytes(b"the copy open in Excel")
    replace = os.replace

    def refused(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
        if Path(dst) == locked:
            raise PermissionError(13, "The process cannot access the file", str(dst))
        replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", refused)
    finished.clear()
    tab.export_history_to(locked, ExportFormat.XLSX)
    qtbot.waitUntil(lambda: bool(finished), timeout=10000)
    assert tab.notice.text() == (
        "Could not save report.xlsx: it is open in another program (Excel?) or that folder "
        "cannot be written to. Close the file, or choose another place, then export again."
    )
    assert locked.read_bytes() == b"the copy open in Excel"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".report")] == []
    assert shown == []  # said once, beside the buttons
    assert tab.export_report_button.isEnabled()


# --- resend to failed -------------------------------------------------------------------------


def test_resend_to_failed_goes_through_compose_without_a_duplicate_warning(
    qtbot, ctx, arun, admin, account
) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services)
    compose = make_compose_tab(qtbot, ctx)
    tab = make_tab(qtbot, ctx)
    shown: list[str] = []
    ctx.show_tab_requested.connect(shown.append)
    broadcast_id = send(arun, ctx, [OK, OK2, FAILS])
    admin.settle()
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    qtbot.waitUntil(
        lambda: settled(tab, {OK: "Delivered", OK2: "Delivered", FAILS: "Failed"}),
        timeout=15000,
    )
    qtbot.waitUntil(lambda: tab.resend_button.isEnabled(), timeout=10000)
    qtbot.mouseClick(tab.resend_button, LEFT)
    qtbot.waitUntil(lambda: shown == ["compose"], timeout=10000)
    assert [p.phone for p in compose.recipients.people()] == [FAILS]
    assert compose.composer.text() == TEXT
    assert Counter(m["phone"] for m in admin.messages(account.account_id))[FAILS] == 1
    # Compose's own confirmation, cost and guard: no "already got it" for a failed message
    run = SendRun(qtbot, compose)
    qtbot.waitUntil(lambda: compose.summary.send_button.isEnabled(), timeout=10000)
    run.click_send()
    dialog = run.confirm_dialog()
    warning = dialog.findChild(QLabel, "duplicateWarning")
    assert warning is None or not warning.isVisible() or not warning.text()
    assert dialog.credits_value.text() == "1 credit"
    run.confirm()
    run.wait()
    sent = Counter(m["phone"] for m in admin.messages(account.account_id))
    assert sent == Counter({OK: 1, OK2: 1, FAILS: 2})
    # and a delivered customer is still guarded against a second copy
    from desktop_app.core.services.sending import SendingService

    plan = SendingService.plan(
        sender_id="TUMA",
        text=TEXT,
        people=[Person(OK)],
        fallback="",
        skipped=0,
        profile=ctx.session.profile,
        balance=None,
        price_per_part=None,
    )
    found = arun(ctx.services.sending.duplicates("Test shop", plan, window_hours=24))
    assert found.phones == frozenset({OK})


def test_a_number_the_service_skipped_shows_rejected_and_is_not_resent(
    qtbot, ctx, arun, admin, account
) -> None:  # type: ignore[no-untyped-def]
    """The sandbox skips a number that is not valid and sends the rest: as soon as the tab
    follows the send, that customer reads "Rejected" with the words for an invalid number
    (not "Waiting for report" for a day, then "No report"); Resend to failed leaves the
    number out, and is off when it is the only failure."""
    quick(ctx.services)
    compose = make_compose_tab(qtbot, ctx)
    tab = make_tab(qtbot, ctx)
    shown: list[str] = []
    ctx.show_tab_requested.connect(shown.append)
    only_bad = send(arun, ctx, [OK, BAD], text="Karibu tena! Mafuta 1L KES 290.")
    broadcast_id = send(arun, ctx, [OK2, BAD, FAILS])
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    qtbot.waitUntil(lambda: shown_statuses(tab).get(BAD) == "Rejected", timeout=10000)
    model = tab.recipients_model
    bad_row = next(r for r in range(3) if model.row_at(r).phone == BAD)  # type: ignore[union-attr]
    meaning = model.data(model.index(bad_row, RecipientColumn.MEANING))
    assert "Check the number with the customer" in meaning
    admin.settle()
    qtbot.waitUntil(
        lambda: settled(tab, {OK2: "Delivered", BAD: "Rejected", FAILS: "Failed"}),
        timeout=15000,
    )
    qtbot.waitUntil(lambda: tab.send_chart.figure(Outcome.REJECTED) == 1, timeout=10000)
    assert tab.send_chart.figure(Outcome.FAILED) == 1
    assert tab.send_chart.figure(Outcome.PENDING) == 0
    row = tab.history_model.row_of(broadcast_id)
    summary = tab.history_model.data(tab.history_model.index(row, HistoryColumn.DELIVERY))
    assert summary == "1 delivered · 2 failed"
    qtbot.waitUntil(lambda: "Left out" in tab.resend_button.toolTip(), timeout=10000)
    assert tab.resend_button.isEnabled()
    assert tab.resend_button.toolTip() == (
        "Write a new send to 1 person whose message failed. Left out: 1 number is not valid."
    )
    qtbot.mouseClick(tab.resend_button, LEFT)
    qtbot.waitUntil(lambda: shown == ["compose"], timeout=10000)
    assert [p.phone for p in compose.recipients.people()] == [FAILS]
    # a send whose only failure is the skipped number: nothing to resend
    select_send(qtbot, tab, only_bad)
    qtbot.waitUntil(lambda: settled(tab, {OK: "Delivered", BAD: "Rejected"}), timeout=15000)
    qtbot.waitUntil(lambda: "Only numbers that are not valid" in tab.resend_button.toolTip())
    assert not tab.resend_button.isEnabled()


def test_review_opens_compose_for_an_unfinished_send(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.core.store import Recipient

    quick(ctx.services)
    compose = make_compose_tab(qtbot, ctx)
    journal = ctx.services.store.journal
    broadcast = journal.create_broadcast(
        BroadcastKind.BULK,
        "TUMA",
        TEXT,
        [Recipient(OK), Recipient(OK2)],
        1,
        profile="Test shop",
    )
    tab = make_tab(qtbot, ctx)
    tab.status_combo.setCurrentIndex(4)  # unfinished or in doubt
    qtbot.waitUntil(lambda: tab.history_model.row_of(broadcast.id) is not None, timeout=10000)
    row = tab.history_model.row_of(broadcast.id)
    summary = tab.history_model.data(tab.history_model.index(row, HistoryColumn.DELIVERY))
    assert summary.startswith("Unfinished: review")
    select_send(qtbot, tab, broadcast.id)
    assert tab.review_button.isVisible()
    shown: list[str] = []
    ctx.show_tab_requested.connect(shown.append)
    qtbot.mouseClick(tab.review_button, LEFT)
    assert shown == ["compose"]
    qtbot.waitUntil(
        lambda: compose.resume_dialog is not None and compose.resume_dialog.isVisible(),
        timeout=10000,
    )
    compose.resume_dialog.close()


PERSONAL = "Habari {first_name|customer}, sukuma wiki 20% off this weekend. Karibu!"


def resend_in_compose(
    qtbot: Any,
    ctx: Any,
    tab: DeliveryTab,
    broadcast_id: int,
    statuses: dict[str, str] | None = None,
) -> None:
    """Select the send once its statuses are in, press Resend to failed; Compose shows."""
    shown: list[str] = []
    ctx.show_tab_requested.connect(shown.append)
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    expected = statuses or {OK: "Delivered", FAILS: "Failed"}
    qtbot.waitUntil(lambda: settled(tab, expected), timeout=15000)
    qtbot.waitUntil(lambda: tab.resend_button.isEnabled(), timeout=10000)
    qtbot.mouseClick(tab.resend_button, LEFT)
    qtbot.waitUntil(lambda: shown == ["compose"], timeout=10000)


def test_resend_to_failed_of_a_personalised_send_greets_each_customer_by_name(
    qtbot, ctx, arun, admin, account
) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services)
    compose = make_compose_tab(qtbot, ctx)
    tab = make_tab(qtbot, ctx)
    baraka = Person(FAILS, "Baraka", "Mwangi", from_contacts=True)
    broadcast_id = send(arun, ctx, [Person(OK, "Amina", "Otieno", True), baraka], PERSONAL)
    admin.settle()
    resend_in_compose(qtbot, ctx, tab, broadcast_id)
    assert compose.recipients.people() == (baraka,)
    assert compose.composer.text() == PERSONAL
    assert "names were not kept" not in compose.notice.label.text()
    run = SendRun(qtbot, compose)
    qtbot.waitUntil(lambda: compose.summary.send_button.isEnabled(), timeout=10000)
    run.click_send()
    run.confirm_dialog()
    run.confirm()
    run.wait()
    texts = [m["text"] for m in admin.messages(account.account_id) if m["phone"] == FAILS]
    greeting = "Habari Baraka, sukuma wiki 20% off this weekend. Karibu!"
    assert texts == [greeting, greeting]  # the first send, and the resend: not "customer"


def type_fallback(qtbot: Any, compose: Any, word: str) -> None:
    """The user types another "No name? Use:" word."""
    field = compose.merge_bar.fallback_edit
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, word)
    assert compose.merge_bar.fallback() == word


def test_resend_to_failed_writes_the_message_again_with_the_fallback_word_it_was_sent_with(
    qtbot, ctx, arun, admin, account
) -> None:  # type: ignore[no-untyped-def]
    """Sent from Compose as "Habari {first_name}" with "mteja" for a customer without a
    name, whose phone fails; the word in Compose is changed since. Resend to failed puts
    "mteja" back in the field (Undo puts the user's word back), and the customer gets
    "Habari mteja" again, never "Habari rafiki"."""
    quick(ctx.services)
    compose = make_compose_tab(qtbot, ctx)
    tab = make_tab(qtbot, ctx)
    type_fallback(qtbot, compose, "mteja")
    compose.recipients.set_numbers_text("0712 300 000")  # FAILS, typed: no name
    compose.composer.set_text("Habari {first_name}")
    first = SendRun(qtbot, compose)
    qtbot.waitUntil(lambda: compose.summary.send_button.isEnabled(), timeout=10000)
    first.click_send()
    first.confirm()
    report = first.wait()
    broadcast_id = report.broadcast_id  # type: ignore[attr-defined]
    assert [m["text"] for m in admin.messages(account.account_id)] == ["Habari mteja"]
    type_fallback(qtbot, compose, "rafiki")  # Compose's word today
    admin.settle()
    resend_in_compose(qtbot, ctx, tab, broadcast_id, {FAILS: "Failed"})
    assert compose.recipients.people() == (Person(FAILS),)
    assert compose.composer.text() == "Habari {first_name}"
    assert compose.merge_bar.fallback() == "mteja"
    # Undo puts back what the form had, the user's word with it
    qtbot.mouseClick(compose.notice.action_button, LEFT)
    assert compose.composer.text() == ""
    assert compose.merge_bar.fallback() == "rafiki"
    qtbot.mouseClick(tab.resend_button, LEFT)
    qtbot.waitUntil(lambda: compose.merge_bar.fallback() == "mteja", timeout=10000)
    run = SendRun(qtbot, compose)
    qtbot.waitUntil(lambda: compose.summary.send_button.isEnabled(), timeout=10000)
    run.click_send()
    run.confirm()
    run.wait()
    texts = [m["text"] for m in admin.messages(account.account_id) if m["phone"] == FAILS]
    assert texts == ["Habari mteja", "Habari mteja"]  # the first send, and the resend


def test_resend_to_failed_of_an_older_personalised_send_says_the_names_were_not_kept(
    qtbot, ctx, arun, admin, account
) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services)
    compose = make_compose_tab(qtbot, ctx)
    tab = make_tab(qtbot, ctx)
    who = [Person(OK, "Amina", "Otieno", True), Person(FAILS, "Baraka", "Mwangi", True)]
    broadcast_id = send(arun, ctx, who, PERSONAL)
    with ctx.services.store.db.write() as db:  # as a send written before names were kept
        db.execute("DELETE FROM recipient_names WHERE broadcast_id = ?", (broadcast_id,))
        db.execute("UPDATE broadcasts SET fallback = NULL WHERE id = ?", (broadcast_id,))
    admin.settle()
    compose.merge_bar.fallback_edit.setText("rafiki")
    resend_in_compose(qtbot, ctx, tab, broadcast_id)
    assert compose.recipients.people() == (Person(FAILS),)
    assert compose.composer.text() == PERSONAL
    assert compose.merge_bar.fallback() == "rafiki"  # no word kept either: Compose's stays
    assert compose.notice.isVisible()
    assert "names were not kept with this older send" in compose.notice.label.text()
    assert not compose.notice.property("ok")  # it stays until read


def reported_now(arun: Any, ctx: Any, broadcast_id: int, *reports: Report) -> None:
    """The network's reports for a send, kept before the sandbox's own (it only fails numbers
    ending in 0000, with AbsentSubscriber): the first final word stands."""
    store = ctx.services.store
    arun(ctx.services.io(store.delivery.sync, "Test shop"))
    (chunk,) = store.journal.chunks(broadcast_id)
    arun(
        ctx.services.io(
            store.delivery.apply,
            "Test shop",
            [(chunk.message_id, list(reports))],
            datetime.now(UTC),
            (timedelta(seconds=0.3),),
        )
    )


BLOCKS = "+254712300003"  # the customer blocked promotions
NO_SUCH = "+254712300004"  # the network says no such number


def test_resend_to_failed_leaves_out_who_blocked_promotions_and_says_who_and_why(
    qtbot, ctx, arun, admin, account
) -> None:  # type: ignore[no-untyped-def]
    """Sending again to a customer who blocked promotions, or to a number that does not
    exist, costs credits and fails again: Compose gets the others (by name), and the words
    say who was left out and why, and what to do."""
    quick(ctx.services)
    compose = make_compose_tab(qtbot, ctx)
    tab = make_tab(qtbot, ctx)
    baraka = Person(FAILS, "Baraka", "Mwangi", from_contacts=True)  # phone off: try again
    who = [
        Person(OK, "Amina", "Otieno", True),
        baraka,
        Person(BLOCKS, "Chebet", "Koech", True),
        Person(NO_SUCH, "Daudi", "Kamau", True),
    ]
    broadcast_id = send(arun, ctx, who, PERSONAL)
    failed = DeliveryStatus.FAILED
    reported_now(
        arun,
        ctx,
        broadcast_id,
        Report(BLOCKS, failed, "SenderBlacklisted", "SenderBlacklisted"),
        Report(NO_SUCH, failed, "InvalidMsisdn", "InvalidMsisdn"),
    )
    admin.settle()
    shown: list[str] = []
    ctx.show_tab_requested.connect(shown.append)
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    expected = {OK: "Delivered", FAILS: "Failed", BLOCKS: "Failed", NO_SUCH: "Failed"}
    qtbot.waitUntil(lambda: settled(tab, expected), timeout=15000)
    qtbot.waitUntil(lambda: "Left out" in tab.resend_button.toolTip(), timeout=10000)
    assert tab.resend_button.isEnabled()
    assert tab.resend_button.toolTip() == (
        "Write a new send to 1 person whose message failed. Left out: 1 customer blocked "
        "promotions or opted out and 1 number is not valid."
    )
    assert tab.block_button.isVisible()
    qtbot.mouseClick(tab.resend_button, LEFT)
    qtbot.waitUntil(lambda: shown == ["compose"], timeout=10000)
    assert compose.recipients.people() == (baraka,)
    assert compose.composer.text() == PERSONAL
    assert compose.notice.label.text() == (
        "Ready to send to 1 person: check the message, then press Send. Left out: 1 customer "
        "blocked promotions or opted out and 1 number is not valid. On the Delivery tab, "
        "“Stop promotions to them” puts those customers on your opt-out list. Check the "
        "numbers with the customers before sending to them again."
    )
    assert not compose.notice.property("ok")  # it stays until read
    run = SendRun(qtbot, compose)
    qtbot.waitUntil(lambda: compose.summary.send_button.isEnabled(), timeout=10000)
    run.click_send()
    run.confirm_dialog()
    run.confirm()
    run.wait()
    sent = Counter(m["phone"] for m in admin.messages(account.account_id))
    assert sent == Counter({OK: 1, FAILS: 2, BLOCKS: 1, NO_SUCH: 1})
    texts = [m["text"] for m in admin.messages(account.account_id) if m["phone"] == FAILS]
    greeting = "Habari Baraka, sukuma wiki 20% off this weekend. Karibu!"
    assert texts == [greeting, greeting]  # still by name


def test_a_send_whose_failures_are_all_permanent_opens_no_compose(
    qtbot, ctx, arun, admin, account
) -> None:  # type: ignore[no-untyped-def]
    """Everyone whose message failed blocked promotions or has a number that does not exist:
    Resend says so in plain words and Compose is left alone. Pressed before the reasons
    were read (the button is on from the history's counts), the tab's notice says it; once
    they are read, the button is off and its tooltip says why."""
    quick(ctx.services)
    compose = make_compose_tab(qtbot, ctx)
    tab = make_tab(qtbot, ctx)
    service = ctx.services.delivery
    read_failures = service.failures
    reasons_read = asyncio.Event()

    async def held(profile: str, broadcast_id: int) -> Any:
        await reasons_read.wait()
        return await read_failures(profile, broadcast_id)

    service.failures = held
    broadcast_id = send(arun, ctx, [OK, BLOCKS, NO_SUCH])
    failed = DeliveryStatus.FAILED
    reported_now(
        arun,
        ctx,
        broadcast_id,
        Report(BLOCKS, failed, "UNDELIV", "User_In_Blacklist"),
        Report(NO_SUCH, failed, "InvalidMsisdn", None),
    )
    admin.settle()
    shown: list[str] = []
    ctx.show_tab_requested.connect(shown.append)
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    expected = {OK: "Delivered", BLOCKS: "Failed", NO_SUCH: "Failed"}
    qtbot.waitUntil(lambda: settled(tab, expected), timeout=15000)
    qtbot.waitUntil(tab.resend_button.isEnabled, timeout=10000)
    qtbot.mouseClick(tab.resend_button, LEFT)
    qtbot.waitUntil(lambda: "Nobody to send again" in tab.notice.text(), timeout=10000)
    assert tab.notice.text() == (
        "Nobody to send again: 1 customer blocked promotions or opted out and 1 number is not "
        "valid. Check the numbers with the customers before sending to them again."
    )
    assert shown == []
    assert compose.recipients.people() == ()
    # the reasons read: the button is off, and says why
    reasons_read.set()
    qtbot.waitUntil(lambda: not tab.resend_button.isEnabled(), timeout=10000)
    assert tab.block_button.isVisible()
    assert tab.blocked == [BLOCKS]
    assert tab.resend_button.toolTip() == (
        "Nobody to send again: 1 customer blocked promotions or opted out and 1 number is not "
        "valid. “Stop promotions to them” puts those customers on your opt-out list. Check "
        "the numbers with the customers before sending to them again."
    )
    assert shown == []


# --- filters and models -------------------------------------------------------------------------


def record(ctx: Any, n: int, phones: list[str], kind: BroadcastKind = BroadcastKind.BULK) -> int:
    return int(
        ctx.services.store.journal.record_sent(
            kind,
            f"Offer number {n}: maize flour KES 180",
            phones,
            profile="Test shop",
            message_id=f"local-{n}-{len(phones)}",
            sender_id="TUMA",
        )
    )


def test_filters_search_text_and_phone_and_channel(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    quick(ctx.services, poll_seconds=60)
    record(ctx, 1, [OK])
    record(ctx, 2, [OK2, FAILS])
    record(ctx, 3, [OK2], BroadcastKind.WHATSAPP)
    tab = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: tab.history_model.rowCount() == 3, timeout=10000)
    # the count is written once the rows are painted
    qtbot.waitUntil(lambda: tab.subtitle.text().startswith("3 sends"), timeout=10000)
    qtbot.keyClicks(tab.search_edit, "number 2")
    qtbot.waitUntil(lambda: tab.history_model.total == 1, timeout=10000)
    tab.search_edit.setText("0712 300 002")  # a phone number: its sends
    qtbot.waitUntil(lambda: tab.history_model.total == 2, timeout=10000)
    tab.channel_combo.setCurrentIndex(2)  # WhatsApp
    qtbot.waitUntil(lambda: tab.history_model.total == 1, timeout=10000)
    tab.search_edit.setText("nothing like this")
    qtbot.waitUntil(lambda: tab.history_stack.currentWidget() is tab.empty_label, timeout=10000)
    assert "No sends match" in tab.empty_label.text()


def test_model_tester_on_both_models_with_pages_fetched(qtbot, qtmodeltester, ctx) -> None:  # type: ignore[no-untyped-def]
    for n in range(150):
        record(ctx, n, [OK])
    big = record(ctx, 999, [f"+2547123{n:05d}" for n in range(450)])
    history = HistoryModel(ctx)
    history.set_query("Test shop", tab_filter())
    qtbot.waitUntil(lambda: history.loaded_once and not history.loading, timeout=10000)
    assert history.rowCount() == 100  # one page, not the whole history
    assert history.total == 151
    assert history.canFetchMore()
    history.fetchMore()
    assert not history.canFetchMore()  # one page in flight at a time
    qtbot.waitUntil(lambda: history.rowCount() == 151, timeout=10000)
    history.set_query("Test shop", tab_filter())  # read again from the top
    qtbot.waitUntil(lambda: history.loaded_once and not history.loading, timeout=10000)
    qtmodeltester.check(history, force_py=True)  # it fetches more itself, too
    qtbot.waitUntil(lambda: not history.loading, timeout=10000)
    assert not history.canFetchMore()
    assert history.row_at(0).broadcast_id == big  # type: ignore[union-attr]

    recipients = RecipientsModel(ctx)
    recipients.show("Test shop", big, None)
    qtbot.waitUntil(lambda: recipients.loaded_once and not recipients.loading, timeout=10000)
    assert recipients.rowCount() == 200
    qtmodeltester.check(recipients, force_py=True)
    qtbot.waitUntil(lambda: not recipients.loading, timeout=10000)
    while recipients.canFetchMore():
        recipients.fetchMore()
        qtbot.waitUntil(lambda: not recipients.loading, timeout=10000)
    ids = [r.row_id for r in recipients.rows]
    assert len(set(ids)) == len(ids) == 450  # no page twice
    assert recipients.rowCount() == 450
    assert recipients.data(recipients.index(0, RecipientColumn.PHONE)) == "0712 300 000"
    assert recipients.data(recipients.index(0, RecipientColumn.STATUS)) == "Waiting for report"
    recipients.show("Test shop", big, (Outcome.FAILED,))  # a reset, checked by the tester too
    qtbot.waitUntil(lambda: recipients.loaded_once and not recipients.loading, timeout=10000)
    assert recipients.rowCount() == 0


def test_the_rows_are_painted_before_the_chart_and_the_count(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    """Opening the tab reads the first page of sends and paints it before anything else:
    the period's chart is read, and the count written, only once the rows are on screen."""
    quick(ctx.services, poll_seconds=60)
    for n in range(3):
        record(ctx, n, [OK, FAILS])
    events: list[tuple[str, int, str]] = []
    service = ctx.services.delivery
    read_tally = service.period_tally

    def period_tally(profile: str, query: Any) -> Any:
        events.append(("chart read", tab.history_model.rowCount(), tab.subtitle.text()))
        return read_tally(profile, query)

    service.period_tally = period_tally
    tab = DeliveryTab(ctx)
    _opened.append(tab)
    qtbot.addWidget(tab)
    tab.resize(1280, 800)
    assert tab.subtitle.text() == "Statuses refresh by themselves"  # not "0 sends"

    class Paints(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                rows = tab.history_model.rowCount()
                events.append(("painted", rows, tab.subtitle.text()))
            return False

    paints = Paints(tab)
    tab.history_table.viewport().installEventFilter(paints)
    tab.show()
    qtbot.waitUntil(lambda: tab.period_chart.tally.total == 6, timeout=10000)
    assert tab.subtitle.text().startswith("3 sends")
    reads = [i for i, event in enumerate(events) if event[0] == "chart read"]
    assert len(reads) == 1
    painted = [i for i, event in enumerate(events) if event[:2] == ("painted", 3)]
    assert painted[0] < reads[0]  # the rows were painted first
    assert not events[painted[0]][2].startswith("3 sends")  # then the count was written


def test_a_hidden_tab_or_an_empty_history_does_not_hold_the_chart(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    """With no grid on screen (the tab not shown, or nothing sent) nothing waits for a paint."""
    quick(ctx.services, poll_seconds=60)
    tab = DeliveryTab(ctx)
    _opened.append(tab)
    qtbot.addWidget(tab)
    tab.resize(1280, 800)
    tab.show()
    qtbot.waitUntil(lambda: tab.history_model.loaded_once, timeout=10000)
    assert tab.history_stack.currentWidget() is tab.empty_label
    qtbot.waitUntil(lambda: tab.period_chart.accessibleDescription() != "", timeout=10000)
    assert tab.subtitle.text().startswith("0 sends")
    tab.hide()
    record(ctx, 1, [OK, OK2])
    tab.apply_filters()  # e.g. a look-up's "show this send" while another tab is shown
    qtbot.waitUntil(lambda: tab.period_chart.tally.total == 2, timeout=10000)
    qtbot.waitUntil(lambda: tab.subtitle.text().startswith("1 send "), timeout=10000)


def test_stopping_drops_the_reads_still_waiting(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    """Quitting (``stop``) drops the reads that only refresh the screen, the chart still
    waiting for the rows included: nothing lands on a tab that is going away."""
    quick(ctx.services, poll_seconds=60)
    record(ctx, 1, [OK])
    tab = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("delivery.period"), timeout=10000)
    reads: list[str] = []
    service = ctx.services.delivery
    read_tally = service.period_tally

    def period_tally(profile: str, query: Any) -> Any:
        reads.append(profile)
        return read_tally(profile, query)

    service.period_tally = period_tally
    tab.apply_filters()
    assert tab.history_model.loading
    assert arun(tab.stop(2.0))
    assert not ctx.tasks.is_running("delivery.history")
    tab.history_table.viewport().repaint()  # a paint after stopping starts nothing
    arun(ctx.tasks.wait_idle())
    assert reads == []


def test_the_history_rows_read_as_before(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    """Each column's words, tooltips, icon, alignment and colour; a row read again (its
    numbers moved) shows its new words."""
    from dataclasses import replace

    from desktop_app.core.services.delivery import Tally
    from desktop_app.ui.delivery.look import IN_DOUBT
    from desktop_app.ui.delivery.models import ROW_ROLE, TALLY_ROLE

    record(ctx, 7, [OK, OK2, FAILS])
    model = HistoryModel(ctx)
    model.set_query("Test shop", tab_filter())
    qtbot.waitUntil(lambda: model.loaded_once and not model.loading, timeout=10000)
    assert model.total == 1
    row = model.row_at(0)
    assert row is not None

    def cell(column: int, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        return model.data(model.index(0, column), role)

    assert cell(HistoryColumn.CHANNEL) == "SMS"
    assert cell(HistoryColumn.SENDER) == "TUMA"
    assert cell(HistoryColumn.MESSAGE) == "Offer number 7: maize flour KES 180"
    assert cell(HistoryColumn.RECIPIENTS) == "3"
    assert cell(HistoryColumn.DELIVERY) == "3 waiting"
    assert cell(HistoryColumn.DELIVERY, Qt.ItemDataRole.ToolTipRole) == "3 waiting"
    assert cell(HistoryColumn.MESSAGE, Qt.ItemDataRole.ToolTipRole) == row.text
    assert cell(HistoryColumn.SENDER, Qt.ItemDataRole.ToolTipRole) is None
    assert not cell(HistoryColumn.DELIVERY, Qt.ItemDataRole.DecorationRole).isNull()
    assert cell(HistoryColumn.MESSAGE, Qt.ItemDataRole.DecorationRole) is None
    right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    assert cell(HistoryColumn.CREDITS, Qt.ItemDataRole.TextAlignmentRole) == right
    assert cell(HistoryColumn.MESSAGE, Qt.ItemDataRole.TextAlignmentRole) is None
    assert cell(HistoryColumn.DELIVERY, Qt.ItemDataRole.ForegroundRole) is None
    assert cell(HistoryColumn.WHEN, ROW_ROLE) is row
    assert cell(HistoryColumn.DELIVERY, TALLY_ROLE) == row.tally
    assert model.data(model.index(1, 0)) is None
    assert model.data(model.index(0, len(HistoryColumn))) is None
    moved = replace(row, tally=Tally({Outcome.DELIVERED: 2, Outcome.FAILED: 1}), chunks_pending=1)
    changed: list[int] = []
    model.dataChanged.connect(lambda top, _bottom, _roles: changed.append(top.row()))
    model.update_rows([moved])
    assert changed == [0]
    assert cell(HistoryColumn.DELIVERY) == "Unfinished: review · 2 delivered · 1 failed"
    assert cell(HistoryColumn.DELIVERY, Qt.ItemDataRole.ForegroundRole) == IN_DOUBT


def tab_filter() -> Any:
    from desktop_app.core.services.delivery import HistoryFilter

    return HistoryFilter()


def test_the_chart_draws_its_numbers(qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.core.services.delivery import Tally
    from desktop_app.ui.delivery.chart import DeliveryChart, share

    chart = DeliveryChart("This send")
    qtbot.addWidget(chart)
    chart.resize(320, 240)
    chart.set_tally(Tally({Outcome.DELIVERED: 940, Outcome.FAILED: 52, Outcome.NO_REPORT: 8}))
    chart.show()
    qtbot.waitExposed(chart)
    assert not chart.grab().isNull()
    assert chart.accessibleDescription().startswith("Delivered 940")
    assert (share(940, 1000), share(8, 1000), share(0, 1000), share(1, 3)) == (
        "94%",
        "<1%",
        "0%",
        "33%",
    )


def test_a_new_send_appears_by_itself(qtbot, ctx, arun, admin, account) -> None:  # type: ignore[no-untyped-def]
    """Sent from Compose while the tab is open: listed once its statuses start to move."""
    quick(ctx.services)
    tab = make_tab(qtbot, ctx)
    assert tab.history_model.rowCount() == 0
    assert tab.history_stack.currentWidget() is tab.empty_label
    assert "Nothing sent in this period" in tab.empty_label.text()
    broadcast_id = send(arun, ctx, [OK])
    admin.settle()
    qtbot.waitUntil(lambda: tab.history_model.row_of(broadcast_id) is not None, timeout=15000)
    assert tab.history_stack.currentWidget() is tab.history_table
    row = tab.history_model.row_of(broadcast_id)
    qtbot.waitUntil(
        lambda: (
            tab.history_model.data(tab.history_model.index(row, HistoryColumn.DELIVERY))
            == "1 delivered"
        ),
        timeout=15000,
    )


# --- the rules: who blocked promotions, and what is scheduled ------------------------------------


def test_customers_who_blocked_promotions_can_go_on_the_opt_out_list(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(qtbot, ctx)
    blocked, absent = "+254711500001", "+254711500002"
    broadcast_id = send(arun, ctx, [blocked, absent, OK])
    message_id = next(c.message_id for c in ctx.services.store.journal.chunks(broadcast_id))
    reports = [
        Report(blocked, DeliveryStatus.FAILED, "SenderBlacklisted", "SenderBlacklisted"),
        Report(absent, DeliveryStatus.FAILED, "AbsentSubscriber", "AbsentSubscriber"),
    ]
    arun(
        ctx.services.io(
            ctx.services.store.delivery.apply,
            "Test shop",
            [(message_id, reports)],
            datetime.now(UTC),
            (timedelta(seconds=1),),
        )
    )
    tab.refresh()
    select_send(qtbot, tab, broadcast_id)
    qtbot.waitUntil(tab.block_button.isVisible, timeout=10000)
    assert tab.blocked == [blocked]  # the phone that was off is not one of them
    # pressed twice while the store is busy: the second press must not cancel the first
    # (its adding goes on on the store's thread) and then say they were on the list already
    hold = threading.Event()
    holding = ctx.services.io(hold.wait)
    qtbot.mouseClick(tab.block_button, LEFT)
    qtbot.wait(50)
    qtbot.mouseClick(tab.block_button, LEFT)
    hold.set()
    arun(holding)
    qtbot.waitUntil(lambda: "added to the opt-out list" in tab.notice.text(), timeout=10000)
    qtbot.wait(200)
    assert "already" not in tab.notice.text()
    assert arun(ctx.services.optouts.among("Test shop", [blocked, absent])) == {blocked}
    assert not tab.block_button.isVisible()


def test_scheduled_sends_are_listed_and_open_in_compose(qtbot, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.core.recipients import Person
    from desktop_app.core.services.sending import SendingService

    session = ctx.session
    plan = SendingService.plan(
        sender_id="TUMA",
        text=TEXT,
        people=[Person(OK)],
        fallback="",
        skipped=0,
        profile=session.profile,
        balance=None,
        price_per_part=None,
    )
    arun(
        ctx.services.sending.start(
            plan, session.profile.name, due_at=datetime.now(UTC) + timedelta(hours=5)
        )
    )
    tab = make_tab(qtbot, ctx)
    qtbot.waitUntil(tab.scheduled_banner.isVisible, timeout=10000)
    assert "1 message scheduled" in tab.scheduled_banner.label.text()
    asked: list[bool] = []
    ctx.scheduled_requested.connect(lambda: asked.append(True))
    qtbot.mouseClick(tab.scheduled_banner.view_button, LEFT)
    assert asked == [True]
