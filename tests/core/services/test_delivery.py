"""The Delivery service: the history, reports kept per recipient, the refresher (batched,
paced, backing off, across restarts, paused offline, "no report" after 24 hours, a final
status never replaced), looking up any id, resend to failed, exports read back.

The refresher's timing is checked with a fake clock and a fake client; the rest against
the real sandbox, whose statuses move from sent to delivered, or to failed for numbers
ending in 0000 (CONTRACT.md)."""

from __future__ import annotations

import asyncio
import csv
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import pytest

from desktop_app.core.api import Client
from desktop_app.core.api import errors as api
from desktop_app.core.api.models import DeliveryRecord
from desktop_app.core.delivery import SKIPPED_AS_INVALID, DeliveryStatus, normalize_status
from desktop_app.core.recipients import Person
from desktop_app.core.services import Services
from desktop_app.core.services.delivery import (
    DeliveryService,
    ExportFormat,
    HistoryFilter,
    Outcome,
    PermanentFailure,
    Report,
    StatusFilter,
)
from desktop_app.core.services.sending import SendingService
from desktop_app.core.settings import Profile
from desktop_app.core.store import BroadcastKind

T = TypeVar("T")
PROFILE = "shop"
TEXT = "Karibu! Ofa ya leo: unga 2kg KES 180."
OK = "+254712340001"
OK2 = "+254712340002"
FAILS = "+254712340000"  # the sandbox fails numbers ending in 0000
BAD = "+25471234001"  # one digit short: the sandbox skips it as invalid


class Clock:
    """The real time, moved on by hand (the store stamps sends with the real time)."""

    def __init__(self) -> None:
        self.offset = timedelta()

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.offset

    def advance(self, **delta: float) -> None:
        self.offset += timedelta(**delta)


class FakeClient:
    """Answers delivery look-ups from a script: message id → records (or an exception)."""

    def __init__(self) -> None:
        self.answers: dict[str, list[DeliveryRecord] | BaseException] = {}
        self.calls: list[str] = []

    def say(self, message_id: str, *statuses: tuple[str, str], reason: str | None = None) -> None:
        self.answers[message_id] = [
            DeliveryRecord(message_id, phone, normalize_status(raw), raw, reason=reason)
            for phone, raw in statuses
        ]

    async def delivery_report(self, message_id: str) -> list[DeliveryRecord]:
        self.calls.append(message_id)
        answer = self.answers.get(message_id, [])
        if isinstance(answer, BaseException):
            raise answer
        return answer


def delivery(services: Services, clock: Clock, **options: Any) -> DeliveryService:
    """A service on the same store with a fake clock and no pacing (unless asked)."""
    options.setdefault("rate", 0)
    return DeliveryService(services.store, services.io, clock=clock, **options)


def record(services: Services, message_id: str, phones: list[str]) -> int:
    return services.store.journal.record_sent(
        BroadcastKind.BULK, TEXT, phones, profile=PROFILE, message_id=message_id, sender_id="TUMA"
    )


def arun(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


def with_client(account: Any, work: Callable[[Client], Coroutine[Any, Any, T]]) -> T:
    async def scenario() -> T:
        async with Client(
            account.base_url, account.contacts_base_url, account.token, backoff=0.01
        ) as client:
            return await work(client)

    return asyncio.run(scenario())


def sms_profile(account: Any) -> Profile:
    return Profile(
        name=PROFILE,
        base_url=account.base_url,
        contacts_base_url=account.contacts_base_url,
        sender_ids=["TUMA"],
    )


def send(services: Services, account: Any, phones: list[str], text: str = TEXT) -> int:
    return send_people(services, account, [Person(p) for p in phones], text)


def send_people(
    services: Services, account: Any, people: list[Person], text: str, fallback: str = ""
) -> int:
    plan = SendingService.plan(
        sender_id="TUMA",
        text=text,
        people=people,
        fallback=fallback,
        skipped=0,
        profile=sms_profile(account),
        balance=None,
        price_per_part=None,
    )
    broadcast_id = arun(services.sending.start(plan, PROFILE))
    report = with_client(account, lambda c: services.sending.run(c, broadcast_id))
    assert report.summary.finished
    return broadcast_id


def resend_plan(resend: Any, account: Any, fallback: str = "customer") -> Any:
    """The plan Compose makes of a resend request (its text rendered for its people)."""
    return SendingService.plan(
        sender_id=resend.sender_id,
        text=resend.text,
        people=resend.people,
        fallback=fallback,
        skipped=0,
        profile=sms_profile(account),
        balance=None,
        price_per_part=None,
    )


def statuses(services: Services, service: DeliveryService, broadcast_id: int) -> dict[str, Any]:
    rows = arun(service.recipients(PROFILE, broadcast_id))
    return {row.phone: row.outcome for row in rows}


# --- against the sandbox --------------------------------------------------------------------


def test_statuses_move_from_pending_to_delivered_and_failed(
    services: Services, account: Any, admin: Any
) -> None:
    clock = Clock()
    service = delivery(services, clock)
    broadcast_id = send(services, account, [OK, OK2, FAILS])
    assert statuses(services, service, broadcast_id) == {
        OK: Outcome.PENDING,
        OK2: Outcome.PENDING,
        FAILS: Outcome.PENDING,
    }
    first = with_client(account, lambda c: service.refresh_due(c, PROFILE))
    assert first.checked == 1
    # not settled yet: handed to the network
    assert set(statuses(services, service, broadcast_id).values()) <= {
        Outcome.SENT,
        Outcome.DELIVERED,
        Outcome.FAILED,
    }
    admin.settle()
    # not due again until the backoff's first step has passed
    assert with_client(account, lambda c: service.refresh_due(c, PROFILE)).checked == 0
    clock.advance(seconds=11)
    second = with_client(account, lambda c: service.refresh_due(c, PROFILE))
    assert second.checked == 1
    assert statuses(services, service, broadcast_id) == {
        OK: Outcome.DELIVERED,
        OK2: Outcome.DELIVERED,
        FAILS: Outcome.FAILED,
    }
    rows = {r.phone: r for r in arun(service.recipients(PROFILE, broadcast_id))}
    assert rows[FAILS].raw_status == "AbsentSubscriber" or rows[FAILS].reason == "AbsentSubscriber"
    row = arun(service.broadcast(PROFILE, broadcast_id))
    assert row is not None
    assert row.tally[Outcome.DELIVERED] == 2
    assert row.tally[Outcome.FAILED] == 1
    assert row.tally[Outcome.PENDING] == 0
    # everyone is final: never looked up again
    assert arun(service.following(PROFILE)) == 0
    clock.advance(hours=2)
    assert with_client(account, lambda c: service.refresh_due(c, PROFILE)).checked == 0
    # the history's filters
    failed = arun(service.history(PROFILE, HistoryFilter(status=StatusFilter.FAILED)))
    assert [r.broadcast_id for r in failed] == [broadcast_id]
    assert arun(service.history(PROFILE, HistoryFilter(status=StatusFilter.DELIVERED))) == []
    assert arun(service.history_count(PROFILE, HistoryFilter(phone=FAILS))) == 1
    assert arun(service.history_count(PROFILE, HistoryFilter(phone="+254799999999"))) == 0
    assert arun(service.history_count(PROFILE, HistoryFilter(text="unga 2kg"))) == 1
    assert arun(service.history_count(PROFILE, HistoryFilter(text="50%"))) == 0
    assert arun(service.history_count(PROFILE, HistoryFilter(channel="whatsapp"))) == 0
    period = arun(service.period_tally(PROFILE, HistoryFilter()))
    assert (period[Outcome.DELIVERED], period[Outcome.FAILED]) == (2, 1)
    only_failed = arun(service.recipients(PROFILE, broadcast_id, outcomes=[Outcome.FAILED]))
    assert [r.phone for r in only_failed] == [FAILS]


def test_a_restart_in_the_middle_of_refreshing_carries_on(
    tmp_path: Path, account: Any, admin: Any
) -> None:
    paths = {"store_path": tmp_path / "t.sqlite3", "settings_path": tmp_path / "s.json"}
    clock = Clock()
    first = Services.open(**paths)
    try:
        broadcast_id = send(first, account, [OK, FAILS])
        other = send(first, account, [OK2], text="Second message, a different text.")
        service = delivery(first, clock, batch_size=1)
        # one of the two messages looked up, then the app stops
        assert with_client(account, lambda c: service.refresh_due(c, PROFILE)).checked == 1
        assert arun(service.following(PROFILE)) == 2
    finally:
        first.close()
    admin.settle()
    clock.advance(seconds=11)
    again = Services.open(**paths)
    try:
        service = delivery(again, clock)
        report = with_client(account, lambda c: service.refresh_due(c, PROFILE))
        assert report.checked == 2
        assert statuses(again, service, broadcast_id) == {
            OK: Outcome.DELIVERED,
            FAILS: Outcome.FAILED,
        }
        assert statuses(again, service, other) == {OK2: Outcome.DELIVERED}
        assert arun(service.following(PROFILE)) == 0
    finally:
        again.close()


def test_any_message_id_can_be_looked_up(services: Services, account: Any, admin: Any) -> None:
    """One this app did not send (sent by another program on the same account) too."""
    service = delivery(services, Clock())
    result = with_client(account, lambda c: c.send_bulk("TUMA", [OK, FAILS], TEXT))
    admin.settle()
    found = with_client(account, lambda c: service.lookup(c, PROFILE, f"  {result.message_id} "))
    assert found.broadcast_id is None
    got = {r.phone: r.status for r in found.reports}
    assert got == {OK: DeliveryStatus.DELIVERED, FAILS: DeliveryStatus.FAILED}
    with pytest.raises(api.InvalidRequest):
        with_client(account, lambda c: service.lookup(c, PROFILE, "no-such-message"))


def test_resend_to_failed_is_not_taken_for_a_duplicate(
    services: Services, account: Any, admin: Any
) -> None:
    clock = Clock()
    service = delivery(services, clock)
    broadcast_id = send(services, account, [OK, FAILS])
    admin.settle()
    with_client(account, lambda c: service.refresh_due(c, PROFILE))
    resend = arun(service.resend_failed(PROFILE, broadcast_id))
    assert resend is not None
    assert resend.phones == (FAILS,)
    assert (resend.text, resend.sender_id, resend.sms) == (TEXT, "TUMA", True)
    plan = SendingService.plan(
        sender_id="TUMA",
        text=TEXT,
        people=[Person(OK), Person(FAILS)],
        fallback="",
        skipped=0,
        profile=sms_profile(account),
        balance=None,
        price_per_part=None,
    )
    found = arun(services.sending.duplicates(PROFILE, plan, window_hours=24))
    # the delivered one is a duplicate; the failed one did not get it
    assert found.phones == frozenset({OK})
    assert arun(service.resend_failed("another shop", broadcast_id)) is None


def test_a_number_the_service_skipped_as_invalid_is_rejected_at_once(
    services: Services, account: Any, admin: Any
) -> None:
    """The sandbox skips a number that is not valid (libphonenumber's rules) and sends the
    rest: the skipped one is rejected as invalid from the first look-up (not "waiting" for a
    day, then "no report"), the message stops being followed when the others are final, and
    Resend to failed leaves it out (the service would skip it again)."""
    clock = Clock()
    service = delivery(services, clock)
    broadcast_id = send(services, account, [OK, BAD, FAILS])
    (chunk,) = services.store.journal.chunks(broadcast_id)
    assert chunk.invalid == (BAD,)
    first = with_client(account, lambda c: service.refresh_due(c, PROFILE))
    assert first.checked == 1
    got = statuses(services, service, broadcast_id)
    assert got[BAD] is Outcome.REJECTED  # before the others have their final word
    assert {got[OK], got[FAILS]} <= {Outcome.PENDING, Outcome.SENT}
    rows = {r.phone: r for r in arun(service.recipients(PROFILE, broadcast_id))}
    assert (rows[BAD].reason, rows[BAD].raw_status) == (SKIPPED_AS_INVALID, None)
    admin.settle()
    clock.advance(seconds=11)
    with_client(account, lambda c: service.refresh_due(c, PROFILE))
    assert statuses(services, service, broadcast_id) == {
        OK: Outcome.DELIVERED,
        BAD: Outcome.REJECTED,
        FAILS: Outcome.FAILED,
    }
    assert arun(service.following(PROFILE)) == 0  # everyone is final
    row = arun(service.broadcast(PROFILE, broadcast_id))
    assert row is not None
    assert row.tally.counts == {
        Outcome.DELIVERED: 1,
        Outcome.FAILED: 1,
        Outcome.REJECTED: 1,
    }
    assert (row.skipped, row.resendable) == (1, 1)
    resend = arun(service.resend_failed(PROFILE, broadcast_id))
    assert resend is not None
    assert resend.phones == (FAILS,)
    # a day later it is still rejected, never "no report"
    clock.advance(hours=25)
    assert with_client(account, lambda c: service.refresh_due(c, PROFILE)).checked == 0
    assert statuses(services, service, broadcast_id)[BAD] is Outcome.REJECTED


def test_resend_to_failed_of_a_personalised_send_gives_the_names_back(
    services: Services, account: Any, admin: Any
) -> None:
    """The text kept is the template: Compose personalises it again, so it needs each failed
    customer's name, not just the number (else everyone gets "Habari customer")."""
    template = "Habari {first_name|customer}, ofa ya leo: unga 2kg KES 180."
    amina = Person(OK, "Amina", "Otieno", from_contacts=True)
    baraka = Person(FAILS, "Baraka", "Mwangi", from_contacts=True)
    typed = Person("+254712350000")  # typed without a name; fails too
    broadcast_id = send_people(services, account, [amina, baraka, typed], template)
    admin.settle()
    with_client(account, lambda c: delivery(services, Clock()).refresh_due(c, PROFILE))
    resend = arun(services.delivery.resend_failed(PROFILE, broadcast_id))
    assert resend is not None
    assert resend.text == template
    assert resend.people == (baraka, typed)
    assert resend.phones == (FAILS, typed.phone)
    assert not resend.recipients.names_missing
    plan = resend_plan(resend, account)
    assert plan.texts == (
        "Habari Baraka, ofa ya leo: unga 2kg KES 180.",
        "Habari customer, ofa ya leo: unga 2kg KES 180.",
    )


def test_resend_to_failed_of_an_older_personalised_send_has_numbers_only(
    services: Services, account: Any, admin: Any
) -> None:
    """Sent before names were kept (no rows): the numbers still come back, and it says the
    names are missing; a bulk send's never are."""
    template = "Habari {first_name|customer}, ofa ya leo."
    older = send_people(services, account, [Person(FAILS, "Baraka", "Mwangi")], template)
    with services.store.db.write() as db:
        db.execute("DELETE FROM recipient_names WHERE broadcast_id = ?", (older,))
    bulk = send(services, account, [OK, "+254712350000"])
    admin.settle()
    with_client(account, lambda c: delivery(services, Clock()).refresh_due(c, PROFILE))
    resend = arun(services.delivery.resend_failed(PROFILE, older))
    assert resend is not None
    assert resend.people == (Person(FAILS),)
    assert resend.recipients.names_missing
    plain = arun(services.delivery.resend_failed(PROFILE, bulk))
    assert plain is not None
    assert plain.people == (Person("+254712350000"),)
    assert not plain.recipients.names_missing


def test_resend_to_failed_of_a_personalised_send_gives_its_fallback_word_back(
    services: Services, account: Any, admin: Any
) -> None:
    """Written with "mteja" for whoever has no name: the resend is written with "mteja"
    again, not with whatever Compose shows by then ("customer"); an older send kept none
    (Compose keeps its own), and a bulk send never has one."""
    template = "Habari {first_name}, ofa ya leo: unga 2kg KES 180."
    typed = Person(FAILS)  # typed without a name; fails
    broadcast_id = send_people(services, account, [Person(OK), typed], template, "mteja")
    older = send_people(services, account, [Person("+254712350000")], template, "mteja")
    with services.store.db.write() as db:  # as a send written before the fallback was kept
        db.execute("UPDATE broadcasts SET fallback = NULL WHERE id = ?", (older,))
    bulk = send(services, account, [OK, "+254712360000"])
    admin.settle()
    with_client(account, lambda c: delivery(services, Clock()).refresh_due(c, PROFILE))
    resend = arun(services.delivery.resend_failed(PROFILE, broadcast_id))
    assert resend is not None
    assert resend.people == (typed,)
    assert resend.fallback == "mteja"
    assert resend.recipients.fallback == "mteja"
    plan = resend_plan(resend, account, resend.fallback)
    assert plan.texts == ("Habari mteja, ofa ya leo: unga 2kg KES 180.",)
    resent = arun(services.sending.start(plan, PROFILE))
    assert services.store.names.fallback(resent) == "mteja"  # and kept with the resend
    again = arun(services.delivery.resend_failed(PROFILE, older))
    assert again is not None
    assert again.people == (Person("+254712350000"),)  # its names are still kept
    assert again.fallback is None
    plain = arun(services.delivery.resend_failed(PROFILE, bulk))
    assert plain is not None
    assert plain.fallback is None


def reported_now(services: Services, broadcast_id: int, *reports: Report) -> None:
    """Reports of the network kept for a send before the sandbox's own (which only fails
    numbers ending in 0000, with AbsentSubscriber): the first final word stands."""
    store = services.store
    store.delivery.sync(PROFILE)
    (chunk,) = store.journal.chunks(broadcast_id)
    assert chunk.message_id is not None
    now = datetime.now(UTC)
    store.delivery.apply(PROFILE, [(chunk.message_id, list(reports))], now, (timedelta(0),))


def test_resend_to_failed_leaves_out_who_blocked_promotions_and_numbers_that_are_not_valid(
    services: Services, account: Any, admin: Any
) -> None:
    """Sending again to a customer who blocked promotions or opted out, or to a number the
    network says does not exist, costs credits and fails again (or reaches someone who
    refused it): left out, and counted by why, with the numbers the service skipped as
    invalid. The phone that was off is sent again, by name."""
    template = "Habari {first_name|customer}, ofa ya leo: unga 2kg KES 180."
    amina = Person(OK, "Amina", "Otieno", from_contacts=True)  # delivered
    baraka = Person(FAILS, "Baraka", "Mwangi", from_contacts=True)  # phone off: try again
    chebet = Person("+254712340003", "Chebet", "Koech", from_contacts=True)
    daudi = Person("+254712340004", "Daudi", "Kamau", from_contacts=True)
    esther = Person("+254712340005", "Esther", "Wanjiru", from_contacts=True)
    faith = Person(BAD, "Faith", "Achieng", from_contacts=True)
    who = [amina, baraka, chebet, daudi, esther, faith]
    broadcast_id = send_people(services, account, who, template)
    failed = DeliveryStatus.FAILED
    reported_now(
        services,
        broadcast_id,
        Report(chebet.phone, failed, "SenderBlacklisted", "SenderBlacklisted"),
        Report(daudi.phone, failed, "SubscriberOptedOut", "SubscriberOptedOut"),
        Report(esther.phone, failed, "InvalidMsisdn", "InvalidMsisdn"),
    )
    admin.settle()
    with_client(account, lambda c: delivery(services, Clock()).refresh_due(c, PROFILE))
    row = arun(services.delivery.broadcast(PROFILE, broadcast_id))
    assert row is not None
    assert (row.tally.failed, row.skipped, row.resendable) == (5, 1, 4)  # the tally's bound
    resend = arun(services.delivery.resend_failed(PROFILE, broadcast_id))
    assert resend is not None
    assert resend.people == (baraka,)
    assert resend.left_out == {
        PermanentFailure.BLOCKED: 2,  # Chebet blocked promotions, Daudi opted out
        PermanentFailure.INVALID_NUMBER: 2,  # Esther's does not exist; Faith's was skipped
    }
    assert resend.left_out_count(PermanentFailure.BLOCKED) == 2
    plan = resend_plan(resend, account)
    assert plan.texts == ("Habari Baraka, ofa ya leo: unga 2kg KES 180.",)
    # who blocked promotions or opted out: candidates for the opt-out list
    failures = arun(services.delivery.failures(PROFILE, broadcast_id))
    assert failures.blocked == (chebet.phone, daudi.phone)
    assert failures.resendable == (FAILS,)


def test_resend_to_failed_when_every_failure_is_permanent_has_nobody(
    services: Services, account: Any, admin: Any
) -> None:
    blocked = "+254712340006"
    broadcast_id = send(services, account, [OK, blocked])
    reported_now(
        services,
        broadcast_id,
        Report(blocked, DeliveryStatus.FAILED, "UNDELIV", "User In Blacklist"),
    )
    admin.settle()
    with_client(account, lambda c: delivery(services, Clock()).refresh_due(c, PROFILE))
    resend = arun(services.delivery.resend_failed(PROFILE, broadcast_id))
    assert resend is not None
    assert resend.phones == ()
    assert resend.left_out == {PermanentFailure.BLOCKED: 1}
    assert resend.left_out_count(PermanentFailure.INVALID_NUMBER) == 0


def test_export_a_report_and_a_period_and_read_them_back(
    services: Services, account: Any, admin: Any, tmp_path: Path
) -> None:
    clock = Clock()
    service = delivery(services, clock)
    broadcast_id = send(services, account, [OK, FAILS])
    admin.settle()
    with_client(account, lambda c: service.refresh_due(c, PROFILE))
    seen: list[tuple[int, int]] = []
    target = tmp_path / "report.csv"
    done = arun(
        service.export_report(
            PROFILE,
            broadcast_id,
            target,
            ExportFormat.CSV,
            progress=lambda a, b: seen.append((a, b)),
        )
    )
    assert done.rows == 2
    assert seen[-1] == (2, 2)
    with target.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert {r["phone"]: r["status"] for r in rows} == {OK: "delivered", FAILS: "failed"}
    assert {r["phone"]: r["network_status"] for r in rows}[FAILS] == "AbsentSubscriber"

    from openpyxl import load_workbook

    book_path = tmp_path / "history.xlsx"
    arun(service.export_history(PROFILE, HistoryFilter(), book_path, ExportFormat.XLSX))
    sheet = load_workbook(book_path, read_only=True).active
    values = [list(r) for r in sheet.iter_rows(values_only=True)]
    assert values[0][:4] == ["sent_at", "channel", "sender_id", "message"]
    assert values[1][3] == TEXT
    assert values[1][7:10] == [1, 0, 1]  # delivered, sent, failed (numbers)

    report_book = tmp_path / "report.xlsx"
    arun(service.export_report(PROFILE, broadcast_id, report_book, ExportFormat.XLSX))
    book = load_workbook(report_book)
    cells = [row[0] for row in book.active.iter_rows(min_row=2)]
    assert {c.value for c in cells} == {OK, FAILS}
    assert all(c.data_type == "s" and c.number_format == "@" for c in cells)

    cancelled = tmp_path / "cancelled.csv"
    with pytest.raises(asyncio.CancelledError):
        arun(
            service.export_report(
                PROFILE, broadcast_id, cancelled, ExportFormat.CSV, cancel=lambda: True
            )
        )
    assert not cancelled.exists()
    assert not list(tmp_path.glob(".cancelled.csv*"))


# --- the refresher's rules (fake clock, fake client) -----------------------------------------


def test_looks_up_in_batches_and_backs_off_until_final(services: Services) -> None:
    clock = Clock()
    client = FakeClient()
    service = delivery(services, clock, batch_size=20)
    for n in range(30):
        record(services, f"m{n}", [f"+2547123{n:05d}"])
        client.say(f"m{n}", (f"+2547123{n:05d}", "SentToNetwork"))
    first = arun(service.refresh_due(client, PROFILE))  # type: ignore[arg-type]
    assert first.checked == 20
    second = arun(service.refresh_due(client, PROFILE))  # type: ignore[arg-type]
    assert second.checked == 10
    assert arun(service.refresh_due(client, PROFILE)).checked == 0  # type: ignore[arg-type]
    steps = [10, 30, 60, 120]
    for step in steps:
        clock.advance(seconds=step - 1)
        assert arun(service.refresh_due(client, PROFILE)).checked == 0  # type: ignore[arg-type]
        clock.advance(seconds=1)
        client.calls.clear()
        while arun(service.refresh_due(client, PROFILE)).checked:  # type: ignore[arg-type]
            pass
        assert len(client.calls) == 30
    # final: no more look-ups
    for n in range(30):
        client.say(f"m{n}", (f"+2547123{n:05d}", "DeliveredToTerminal"))
    clock.advance(seconds=300)
    client.calls.clear()
    while arun(service.refresh_due(client, PROFILE)).checked:  # type: ignore[arg-type]
        pass
    assert len(client.calls) == 30
    clock.advance(hours=3)
    assert arun(service.refresh_due(client, PROFILE)).checked == 0  # type: ignore[arg-type]
    assert arun(service.following(PROFILE)) == 0


def test_a_late_contradicting_report_never_undoes_delivered(services: Services) -> None:
    clock = Clock()
    client = FakeClient()
    service = delivery(services, clock)
    broadcast_id = record(services, "m1", [OK, OK2])
    client.say("m1", (OK, "DeliveredToTerminal"), (OK2, "SentToNetwork"))
    arun(service.refresh_due(client, PROFILE))  # type: ignore[arg-type]
    client.say("m1", (OK, "AbsentSubscriber"), (OK2, "Queued"), reason="AbsentSubscriber")
    clock.advance(seconds=10)
    assert arun(service.refresh_due(client, PROFILE)).checked == 1  # type: ignore[arg-type]
    rows = {r.phone: r for r in arun(service.recipients(PROFILE, broadcast_id))}
    assert rows[OK].outcome is Outcome.DELIVERED
    assert rows[OK].raw_status == "DeliveredToTerminal"
    assert rows[OK].reason is None
    assert rows[OK2].outcome is Outcome.SENT  # a late "queued" does not move it back
    tally = arun(service.broadcast(PROFILE, broadcast_id))
    assert tally is not None
    assert tally.tally.counts == {Outcome.DELIVERED: 1, Outcome.SENT: 1}


def test_no_report_after_24_hours(services: Services) -> None:
    clock = Clock()
    client = FakeClient()
    service = delivery(services, clock)
    broadcast_id = record(services, "m1", [OK, OK2, FAILS])
    client.say("m1", (OK, "DeliveredToTerminal"), (OK2, "SentToNetwork"))  # FAILS: never
    arun(service.refresh_due(client, PROFILE))  # type: ignore[arg-type]
    clock.advance(hours=24, seconds=1)
    arun(service.refresh_due(client, PROFILE))  # type: ignore[arg-type]
    assert statuses(services, service, broadcast_id) == {
        OK: Outcome.DELIVERED,
        OK2: Outcome.NO_REPORT,
        FAILS: Outcome.NO_REPORT,
    }
    row = arun(service.broadcast(PROFILE, broadcast_id))
    assert row is not None
    assert row.tally.counts == {Outcome.DELIVERED: 1, Outcome.NO_REPORT: 2}
    assert arun(service.following(PROFILE)) == 0
    # a report looked up by hand later still counts
    client.say("m1", (OK2, "DeliveredToTerminal"))
    arun(service.lookup(client, PROFILE, "m1"))  # type: ignore[arg-type]
    row = arun(service.broadcast(PROFILE, broadcast_id))
    assert row is not None
    assert row.tally.counts == {Outcome.DELIVERED: 2, Outcome.NO_REPORT: 1}


def test_offline_pauses_without_using_up_look_ups(services: Services) -> None:
    clock = Clock()
    client = FakeClient()
    service = delivery(services, clock)
    record(services, "m1", [OK])
    record(services, "m2", [OK2])
    client.answers["m1"] = api.NetworkError()
    client.answers["m2"] = api.NetworkError()
    report = arun(service.refresh_due(client, PROFILE))  # type: ignore[arg-type]
    assert report.offline
    assert report.checked == 0
    assert len(client.calls) == 1  # the first failure stops the batch
    client.say("m1", (OK, "DeliveredToTerminal"))
    client.say("m2", (OK2, "DeliveredToTerminal"))
    assert arun(service.refresh_due(client, PROFILE)).checked == 2  # type: ignore[arg-type]


def test_a_secure_connection_that_fails_pauses_as_offline_and_says_so(
    services: Services,
) -> None:
    clock = Clock()
    client = FakeClient()
    service = delivery(services, clock)
    record(services, "m1", [OK])
    client.answers["m1"] = api.CertificateError(dates=True)
    report = arun(service.refresh_due(client, PROFILE))  # type: ignore[arg-type]
    assert (report.offline, report.insecure, report.checked) == (True, True, 0)
    client.answers["m1"] = api.NetworkError()
    report = arun(service.refresh_due(client, PROFILE))  # type: ignore[arg-type]
    assert (report.offline, report.insecure) == (True, False)


def test_rate_limits_the_look_ups(services: Services) -> None:
    clock = Clock()
    client = FakeClient()
    service = delivery(services, clock, rate=20.0)
    for n in range(6):
        record(services, f"m{n}", [OK])
    loop_time: list[float] = []

    async def timed() -> None:
        start = asyncio.get_running_loop().time()
        await service.refresh_due(client, PROFILE)  # type: ignore[arg-type]
        loop_time.append(asyncio.get_running_loop().time() - start)

    arun(timed())
    assert len(client.calls) == 6
    assert loop_time[0] >= 5 / 20.0 * 0.9


def test_follow_keeps_going_until_cancelled(services: Services) -> None:
    clock = Clock()
    client = FakeClient()
    service = delivery(services, clock, poll_seconds=0.01)
    record(services, "m1", [OK])
    client.say("m1", (OK, "DeliveredToTerminal"))
    reports: list[Any] = []

    async def scenario() -> None:
        task = asyncio.create_task(service.follow(client, PROFILE, reports.append))  # type: ignore[arg-type]
        for _ in range(200):
            await asyncio.sleep(0.01)
            if reports:
                break
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    arun(scenario())
    assert reports
    assert reports[0].changed


@pytest.mark.expect_log("delivery reports could not be saved")
def test_follow_waits_out_a_full_disk_and_saves_the_reports_once_there_is_room(
    services: Services,
) -> None:
    """The statuses that come back cannot be saved (the disk is full): following does not
    end (it used to, silently, for the rest of the session); it pauses as offline does and
    looks the same messages up again, and keeps them once the disk has room."""
    from desktop_app.core.store import StoreError, StoreProblem
    from tests.disk import full_disk

    clock = Clock()
    client = FakeClient()
    service = delivery(services, clock, poll_seconds=0.01, offline_pauses=(0.02,))
    broadcast_id = record(services, "m1", [OK])
    client.say("m1", (OK, "DeliveredToTerminal"))
    reports: list[Any] = []

    async def scenario() -> None:
        with full_disk(services.store.db) as disk:
            disk.full = True
            task = asyncio.create_task(service.follow(client, PROFILE, reports.append))  # type: ignore[arg-type]
            for _ in range(200):
                await asyncio.sleep(0.01)
                if len([r for r in reports if r.not_saved is not None]) >= 2:
                    break
            assert not task.done()  # still following
            disk.full = False  # room again
            for _ in range(200):
                await asyncio.sleep(0.01)
                if any(r.changed for r in reports):
                    break
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task

    arun(scenario())
    failed = [r.not_saved for r in reports if r.not_saved is not None]
    assert len(failed) >= 2  # paused, then tried again
    assert all(isinstance(e, StoreError) and e.problem is StoreProblem.DISK_FULL for e in failed)
    assert any(r.changed == frozenset({broadcast_id}) for r in reports)
    assert statuses(services, service, broadcast_id) == {OK: Outcome.DELIVERED}
