"""The account's promotional rules through the services: the opt-out list (kept per account,
honoured when a promotional broadcast actually goes, however it was started: from the form,
resumed, or from the schedule), the opt-out line and the category per sender ID, and sends
waiting for their time (due, released once, moved, cancelled, not "unfinished")."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from desktop_app.core.recipients import Person
from desktop_app.core.rules import DEFAULT_OPT_OUT_LINE, SendCategory
from desktop_app.core.services import Services
from desktop_app.core.services.optouts import OptOutSource, read_numbers
from desktop_app.core.services.sending import ChunkState
from desktop_app.core.store import BroadcastKind
from tests.core.services.test_sending import (
    PROFILE,
    make_plan,
    people,
    phones_of,
    recorded,
    run,
)


def go(coro: Any) -> Any:
    return asyncio.run(coro)


def test_the_opt_out_list_is_per_account_and_keeps_the_first_source(services: Services) -> None:
    optouts = services.optouts
    a, b = "+254711000001", "+254711000002"
    assert go(optouts.add(PROFILE, [a, b, a], OptOutSource.REPLIED)) == 2
    assert go(optouts.add(PROFILE, [a], OptOutSource.STAFF)) == 0
    assert go(optouts.count(PROFILE)) == 2
    assert go(optouts.count("other shop")) == 0
    assert go(optouts.among(PROFILE, [a, "+254711000003"])) == {a}
    listed = go(optouts.page(PROFILE))
    assert {o.phone: o.source for o in listed} == {
        a: OptOutSource.REPLIED,
        b: OptOutSource.REPLIED,
    }
    assert [o.phone for o in go(optouts.page(PROFILE, search="0711 000 002"))] == [b]
    assert go(optouts.remove(PROFILE, [a])) == 1
    assert go(optouts.among(PROFILE, [a])) == set()


def test_typed_numbers_are_read_in_any_form_and_bad_ones_counted() -> None:
    read = read_numbers("0712 345 678\n+254712345678, 0722-000-111; hello\n\n712345679")
    assert read.phones == ("+254712345678", "+254722000111", "+254712345679")
    assert read.unreadable == 1


def test_numbers_are_read_from_a_spreadsheet(services: Services, tmp_path: Path) -> None:
    sheet = tmp_path / "stop.csv"
    sheet.write_text("Simu,Jina\n0712345678,Amina\n0712 345 679,Baraka\nnot a number,Juma\n")
    read = go(services.optouts.read_file(sheet))
    assert read.phones == ("+254712345678", "+254712345679")
    assert read.unreadable == 1


def test_the_opt_out_line_and_category_are_remembered_per_account(services: Services) -> None:
    optouts = services.optouts
    assert go(optouts.opt_out_line(PROFILE)) == DEFAULT_OPT_OUT_LINE
    assert go(optouts.set_opt_out_line(PROFILE, "  Tuma  STOP kwa 22384 ")) == (
        "Tuma STOP kwa 22384"
    )
    assert go(optouts.opt_out_line(PROFILE)) == "Tuma STOP kwa 22384"
    assert go(optouts.opt_out_line("other")) == DEFAULT_OPT_OUT_LINE
    assert go(optouts.set_opt_out_line(PROFILE, "   ")) == DEFAULT_OPT_OUT_LINE

    assert go(optouts.category(PROFILE, "TUMA")) is SendCategory.PROMOTIONAL  # until chosen
    go(optouts.remember_category(PROFILE, "TUMA", SendCategory.TRANSACTIONAL))
    assert go(optouts.category(PROFILE, "TUMA")) is SendCategory.TRANSACTIONAL
    assert go(optouts.category(PROFILE, "DUKA")) is SendCategory.PROMOTIONAL


def test_a_renamed_account_keeps_its_list(services: Services) -> None:
    go(services.optouts.add(PROFILE, ["+254711000001"], OptOutSource.STAFF))
    services.store.db.rename_profile(PROFILE, "Duka Kuu")
    assert go(services.optouts.count("Duka Kuu")) == 1


# --- honoured when it goes ----------------------------------------------------------------------


def test_a_promotional_resume_leaves_out_numbers_that_opted_out_since(
    services: Services, account: Any, admin: Any
) -> None:
    who = people(5)
    plan = make_plan(who, size=2)
    broadcast_id = go(services.sending.start(plan, PROFILE, category=SendCategory.PROMOTIONAL))
    # Between the plan and the send (the app was closed), two customers replied STOP.
    stopped = [who[1].phone, who[4].phone]
    go(services.optouts.add(PROFILE, stopped, OptOutSource.REPLIED))
    report = run(services, account, broadcast_id)
    assert report.opted_out == 2
    assert phones_of(recorded(admin, account)) == sorted(
        p.phone for p in who if p.phone not in stopped
    )
    broadcast = services.store.journal.broadcast(broadcast_id)
    assert broadcast.is_finished
    assert broadcast.recipients == 3
    # The chunk left empty ([who[4]]) is cancelled, not sent empty.
    states = [c.state for c in services.store.journal.chunks(broadcast_id)]
    assert states == [ChunkState.ACCEPTED, ChunkState.ACCEPTED, ChunkState.CANCELLED]


def test_a_transactional_send_still_reaches_numbers_on_the_list(
    services: Services, account: Any, admin: Any
) -> None:
    """A receipt or a delivery notice is not a promotion: the list does not apply."""
    who = people(2)
    go(services.optouts.add(PROFILE, [who[0].phone], OptOutSource.REPLIED))
    broadcast_id = go(
        services.sending.start(make_plan(who), PROFILE, category=SendCategory.TRANSACTIONAL)
    )
    report = run(services, account, broadcast_id)
    assert report.opted_out == 0
    assert phones_of(recorded(admin, account)) == sorted(p.phone for p in who)


# --- later ---------------------------------------------------------------------------------------


def test_a_scheduled_send_waits_then_is_released_once(
    services: Services, account: Any, admin: Any
) -> None:
    sending = services.sending
    soon = datetime.now(UTC) + timedelta(hours=2)
    broadcast_id = go(
        sending.start(make_plan(people(3)), PROFILE, category=SendCategory.PROMOTIONAL, due_at=soon)
    )
    # Waiting: listed, not due, not "unfinished" (nothing resumes it), nobody got it.
    listed = go(sending.scheduled(PROFILE))
    assert [(s.broadcast.id, s.due_at, s.category) for s in listed] == [
        (broadcast_id, soon, "promotional")
    ]
    assert go(sending.due(PROFILE)) == []
    assert go(sending.unfinished(PROFILE)) == []
    assert recorded(admin, account) == []
    # Its time comes.
    later = soon + timedelta(seconds=1)
    assert [s.broadcast.id for s in go(sending.due(PROFILE, later))] == [broadcast_id]
    assert go(sending.release(broadcast_id)) is True
    assert go(sending.release(broadcast_id)) is False  # a second caller loses: never twice
    assert go(sending.scheduled(PROFILE)) == []
    report = run(services, account, broadcast_id)
    assert report.summary.recipients_accepted == 3
    assert len(recorded(admin, account)) == 3


def test_a_scheduled_send_can_be_moved_and_cancelled(services: Services) -> None:
    sending = services.sending
    soon = datetime.now(UTC) + timedelta(hours=2)
    broadcast_id = go(sending.start(make_plan(people(2)), PROFILE, due_at=soon))
    later = soon + timedelta(days=1)
    assert go(sending.reschedule(broadcast_id, later)) is True
    assert go(sending.scheduled(PROFILE))[0].due_at == later
    assert go(sending.cancel_scheduled(broadcast_id)) is True
    assert go(sending.cancel_scheduled(broadcast_id)) is False
    assert go(sending.scheduled(PROFILE)) == []
    assert go(sending.reschedule(broadcast_id, soon)) is False
    broadcast = services.store.journal.broadcast(broadcast_id)
    assert broadcast.cancelled == broadcast.chunks_total
    assert broadcast.is_finished


def test_a_send_cancelled_to_edit_it_can_be_put_back_as_it_was(
    services: Services, account: Any, admin: Any
) -> None:
    """Edit takes a send off the schedule; Undo puts it back, with its time, its recipients
    and its category: once, and never one that went out or is scheduled already."""
    sending = services.sending
    soon = datetime.now(UTC) + timedelta(hours=2)
    broadcast_id = go(
        sending.start(make_plan(people(3)), PROFILE, category=SendCategory.PROMOTIONAL, due_at=soon)
    )
    assert go(sending.restore_scheduled(broadcast_id, soon)) is False  # scheduled already
    assert go(sending.cancel_scheduled(broadcast_id)) is True
    assert go(sending.restore_scheduled(broadcast_id, soon)) is True
    assert go(sending.restore_scheduled(broadcast_id, soon)) is False
    (back,) = go(sending.scheduled(PROFILE))
    assert (back.broadcast.id, back.due_at, back.category) == (broadcast_id, soon, "promotional")
    assert back.broadcast.recipients_pending == 3
    assert go(sending.unfinished(PROFILE)) == []  # waiting for its time, as before
    assert go(sending.release(broadcast_id)) is True
    run(services, account, broadcast_id)
    assert len(recorded(admin, account)) == 3
    assert go(sending.restore_scheduled(broadcast_id, soon)) is False  # it went out


def test_a_scheduled_personalised_send_is_edited_with_its_names(services: Services) -> None:
    """Edit takes it back into the form: its template is personalised again there, so each
    recipient comes back with the name it was written for."""
    sending = services.sending
    amina = Person("+254711000001", "Amina", "Otieno", from_contacts=True)
    typed = Person("+254711000002")
    soon = datetime.now(UTC) + timedelta(hours=2)
    template = "Habari {first_name|customer}, ofa ya leo."
    broadcast_id = go(sending.start(make_plan([amina, typed], text=template), PROFILE, due_at=soon))
    recipients = go(sending.scheduled_recipients(broadcast_id))
    assert recipients.people == (amina, typed)
    assert not recipients.names_missing


def test_a_scheduled_personalised_send_is_edited_with_its_fallback_word(
    services: Services,
) -> None:
    """Edit takes it back into the form with the fallback word it was written with ("mteja"),
    not with whatever Compose shows by then; one scheduled before the word was kept has
    none (Compose keeps its own), and a bulk send never has one."""
    sending = services.sending
    typed = Person("+254711000002")
    soon = datetime.now(UTC) + timedelta(hours=2)
    template = "Habari {first_name}, ofa ya leo."
    plan = make_plan([typed], text=template, fallback="mteja")
    broadcast_id = go(sending.start(plan, PROFILE, due_at=soon))
    recipients = go(sending.scheduled_recipients(broadcast_id))
    assert recipients.people == (typed,)
    assert recipients.fallback == "mteja"
    older = go(sending.start(plan, PROFILE, due_at=soon))
    with services.store.db.write() as db:  # as one scheduled before the word was kept
        db.execute("UPDATE broadcasts SET fallback = NULL WHERE id = ?", (older,))
    assert go(sending.scheduled_recipients(older)).fallback is None
    bulk = go(sending.start(make_plan([typed], fallback="mteja"), PROFILE, due_at=soon))
    assert go(sending.scheduled_recipients(bulk)).fallback is None


def test_a_scheduled_personalised_send_goes_out_with_the_fallback_it_was_written_with(
    services: Services, account: Any, admin: Any
) -> None:
    """Nothing renders it again when it falls due: the texts went into the journal rendered,
    with the word of the moment it was scheduled."""
    sending = services.sending
    soon = datetime.now(UTC) + timedelta(hours=2)
    who = [Person("+254711000001", "Amina", "Otieno"), Person("+254711000002")]
    plan = make_plan(who, text="Habari {first_name}, ofa ya leo.", fallback="mteja")
    broadcast_id = go(sending.start(plan, PROFILE, due_at=soon))
    assert go(sending.release(broadcast_id)) is True
    run(services, account, broadcast_id)
    texts = {entry["phone"]: entry["text"] for entry in recorded(admin, account)}
    assert texts == {
        "+254711000001": "Habari Amina, ofa ya leo.",
        "+254711000002": "Habari mteja, ofa ya leo.",
    }


def test_an_older_scheduled_personalised_send_is_edited_with_numbers_only(
    services: Services,
) -> None:
    """Scheduled before names were kept: the numbers still come back, and it says the names
    are missing; a bulk send's never are."""
    sending = services.sending
    soon = datetime.now(UTC) + timedelta(hours=2)
    who = [Person("+254711000001", "Amina", "Otieno"), Person("+254711000002", "Baraka")]
    older = go(sending.start(make_plan(who, text="Habari {first_name}!"), PROFILE, due_at=soon))
    with services.store.db.write() as db:
        db.execute("DELETE FROM recipient_names WHERE broadcast_id = ?", (older,))
    recipients = go(sending.scheduled_recipients(older))
    assert recipients.people == tuple(Person(p.phone) for p in who)
    assert recipients.names_missing
    bulk = go(sending.start(make_plan(who), PROFILE, due_at=soon))
    plain = go(sending.scheduled_recipients(bulk))
    assert plain.people == tuple(Person(p.phone) for p in who)
    assert not plain.names_missing
    # personalised with the number only: no names were ever in it, so none are missing
    numbers = go(sending.start(make_plan(who, text="Ref {phone}: paid."), PROFILE, due_at=soon))
    assert go(sending.broadcast(numbers)).kind is BroadcastKind.PERSONALIZED
    with services.store.db.write() as db:
        db.execute("DELETE FROM recipient_names WHERE broadcast_id = ?", (numbers,))
    assert not go(sending.scheduled_recipients(numbers)).names_missing


def test_a_scheduled_send_counts_for_the_duplicate_guard(services: Services) -> None:
    """Its recipients are due to get it: the same text sent now asks first, and says they
    are in a scheduled send (not in one that did not finish: Review does not list it)."""
    sending = services.sending
    who = people(2)
    soon = datetime.now(UTC) + timedelta(hours=2)
    go(sending.start(make_plan(who), PROFILE, due_at=soon))
    found = go(sending.duplicates(PROFILE, make_plan(who), window_hours=24))
    assert found.count == 2
    assert found.in_scheduled == 2
    assert found.in_unfinished == 0


def test_scheduled_sends_survive_a_restart(tmp_path: Path) -> None:
    store, settings = tmp_path / "tuma.sqlite3", tmp_path / "settings.json"
    first = Services.open(store_path=store, settings_path=settings)
    due = datetime.now(UTC) - timedelta(minutes=5)
    try:
        broadcast_id = go(first.sending.start(make_plan(people(2)), PROFILE, due_at=due))
    finally:
        first.close()
    again = Services.open(store_path=store, settings_path=settings)
    try:
        assert [s.broadcast.id for s in go(again.sending.due(PROFILE))] == [broadcast_id]
    finally:
        again.close()


def test_a_scheduled_promotion_leaves_out_who_opted_out_while_it_waited(
    services: Services, account: Any, admin: Any
) -> None:
    sending = services.sending
    who = people(3)
    due = datetime.now(UTC) + timedelta(hours=1)
    broadcast_id = go(
        sending.start(make_plan(who), PROFILE, category=SendCategory.PROMOTIONAL, due_at=due)
    )
    go(services.optouts.add(PROFILE, [who[2].phone], OptOutSource.REPLIED))
    assert go(sending.release(broadcast_id)) is True
    report = run(services, account, broadcast_id)
    assert report.opted_out == 1
    assert phones_of(recorded(admin, account)) == sorted(p.phone for p in who[:2])
