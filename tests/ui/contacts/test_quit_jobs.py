"""Quitting while the Contacts tab's long job changes something, on the real sandbox with a
slow line: the tab winds down as the Compose send does (the contact whose request is on its
way is finished, its groups settled, then the job stops), within the quit's bounds; a service
that never answers is waited for no longer than the timeout, then the job is cancelled as
before; a job that has only read is cancelled at once; an Undo's offer ends with the app (it
lives in memory only: pressing Undo afterwards adds nobody)."""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from desktop_app.core.api.client import Client
from desktop_app.ui.contacts.tab import JOB_TASK
from desktop_app.ui.main_window import MainWindow
from tests.ui.contacts.helpers import LEFT, answer, seed, wait_loaded

COUNT = 6
GROUP = "Wholesale"
#: What app.py allows a quit: the tabs wind down (5 s), then the work is cancelled (3 s).
WIND_DOWN = 5.0
SHUTDOWN = 3.0


def _on_the_service(arun: Any, account: Any) -> list[str]:
    """The numbers among the account's contacts, read with a client of its own (the app's
    was closed by the quit)."""

    async def read() -> list[str]:
        client = Client(account.base_url, account.contacts_base_url, account.token)
        try:
            return [c.phone for c in (await client.list_contacts(page_size=100)).contacts]
        finally:
            await client.aclose()

    phones: list[str] = arun(read())
    return phones


def _in_group(arun: Any, ctx: Any, profile: str, phones: list[str]) -> set[str]:
    """Which of *phones* are in the group (kept on this computer)."""
    found = arun(ctx.services.contacts.groups_of(profile, phones))
    return {phone for phone, groups in found.items() if GROUP in groups}


def _window_on_contacts(qtbot: Any, ctx: Any, count: int = COUNT) -> tuple[Any, Any]:
    """The main window on the Contacts tab, its *count* customers listed."""
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    window.show_tab("contacts")
    tab: Any = window.tab("contacts")
    wait_loaded(qtbot, tab, count)
    return window, tab


def _window_with_a_group(qtbot: Any, ctx: Any, arun: Any) -> tuple[Any, Any, list[str]]:
    """COUNT customers, all in GROUP; the window on the Contacts tab, the list shown."""
    seed(arun, ctx, COUNT)
    session = ctx.session
    contacts = ctx.services.contacts
    profile = session.profile.name
    group = arun(contacts.create_group(profile, GROUP))
    rows = arun(contacts.page(session.client, profile, 1, 100)).rows
    arun(contacts.add_to_group(profile, group.id, rows))
    window, tab = _window_on_contacts(qtbot, ctx)
    everyone = [r.phone for r in rows]
    assert _in_group(arun, ctx, profile, everyone) == set(everyone)
    return window, tab, everyone


def _count_calls(monkeypatch: pytest.MonkeyPatch, client: Any, method: str) -> list[str]:
    """The numbers (create) or ids (delete) *method* of the session's client was called for."""
    real = getattr(client, method)
    calls: list[str] = []

    async def counted(first: str, **kwargs: Any) -> Any:
        calls.append(first)
        return await real(first, **kwargs)

    monkeypatch.setattr(client, method, counted)
    return calls


def _quit(arun: Any, window: Any) -> float:
    """As app.py quits: the window goes, the tabs wind down, the work is cancelled. How long
    it took."""
    started = time.monotonic()
    window.close()
    arun(window.wind_down(timeout=WIND_DOWN), timeout=WIND_DOWN + 10)
    arun(window.manager.shutdown(timeout=SHUTDOWN), timeout=SHUTDOWN + 10)
    return time.monotonic() - started


def _delete_everyone(qtbot: Any, tab: Any) -> None:
    tab.table.clearSelection()
    tab.select_rows(range(COUNT))
    with qtbot.waitSignal(tab.job_finished, timeout=15000):
        qtbot.mouseClick(tab.delete_button, LEFT)
        answer(qtbot, tab)
    wait_loaded(qtbot, tab, 0)
    assert tab.undo_button.isVisible()


def _slow_group_writes(
    qtbot: Any, ctx: Any, arun: Any, monkeypatch: pytest.MonkeyPatch, tab: Any
) -> tuple[Any, Callable[[], None]]:
    """A new group "Staff", everyone selected, and the store's group writes made slow, two
    numbers each (six numbers: three writes). Returns the group, and a wait for the first
    write to begin."""
    from desktop_app.core.services import contacts as service_module

    profile = ctx.session.profile.name
    staff = arun(ctx.services.contacts.create_group(profile, "Staff"))
    tab.groups.reload()
    qtbot.waitUntil(lambda: any(g.id == staff.id for g in tab.groups.groups), timeout=5000)
    monkeypatch.setattr(service_module, "GROUP_BATCH", 2)
    store_groups = ctx.services.contacts._groups
    real_add = store_groups.add
    writes = threading.Semaphore(0)

    def slow_add(*args: Any, **kwargs: Any) -> int:  # (on the store's thread)
        writes.release()
        time.sleep(0.4)
        result: int = real_add(*args, **kwargs)
        return result

    monkeypatch.setattr(store_groups, "add", slow_add)
    tab.table.clearSelection()
    tab.select_rows(range(COUNT))
    return staff, lambda: qtbot.waitUntil(lambda: writes.acquire(blocking=False), timeout=5000)


def _assert_said_what_went_in(
    arun: Any, ctx: Any, profile: str, tab: Any, everyone: list[str]
) -> None:
    """Stopped between writes, and the notice counts the numbers that went in, as they are."""
    found = arun(ctx.services.contacts.groups_of(profile, everyone))
    in_staff = {phone for phone, groups in found.items() if "Staff" in groups}
    assert 0 < len(in_staff) < COUNT  # stopped between writes
    said = re.fullmatch(
        r"Stopped: added (\d+) contacts to “Staff”; the others were not\.", tab.notice.text()
    )
    assert said is not None, tab.notice.text()
    assert int(said.group(1)) == len(in_staff)  # what went in, as it is


def _quit_mid_job(
    qtbot: Any,
    arun: Any,
    ctx: Any,
    window: Any,
    admin: Any,
    caplog: pytest.LogCaptureFixture,
    calls: list[str],
    start: Callable[[], None],
    *,
    delays: int = COUNT,
    seconds: float = 0.6,
) -> None:
    """*start* the job on a slow line (*delays* contact requests held *seconds* each), and
    quit once three of its requests are out (the third on its way), logging from INFO on:
    the quit keeps within its time and leaves nothing running."""
    admin.fault("delay", delays, path_prefix="/api/v1/contacts", seconds=seconds)
    try:
        start()
        qtbot.waitUntil(lambda: len(calls) >= min(3, delays), timeout=15000)
        assert ctx.tasks.is_running(JOB_TASK)
        caplog.set_level(logging.INFO)
        caplog.clear()
        took = _quit(arun, window)
    finally:
        admin.clear_faults()
    assert took < WIND_DOWN + SHUTDOWN
    assert not ctx.tasks.running()


def test_quitting_mid_undo_finishes_the_contact_on_its_way_with_its_groups(
    qtbot: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    account: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    window, tab, everyone = _window_with_a_group(qtbot, ctx, arun)
    profile = ctx.session.profile.name
    _delete_everyone(qtbot, tab)
    assert not _in_group(arun, ctx, profile, everyone)  # they left the group

    calls = _count_calls(monkeypatch, ctx.session.client, "create_contact")
    # two added back, the third on its way: the quit comes mid-way
    _quit_mid_job(
        qtbot, arun, ctx, window, admin, caplog, calls,
        lambda: qtbot.mouseClick(tab.undo_button, LEFT),
    )  # fmt: skip
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not [r for r in caplog.records if "still busy" in r.getMessage()]  # it stopped
    after = _on_the_service(arun, account)
    # the one on its way was finished, and the job stopped there: nobody else, nobody twice
    assert sorted(after) == sorted(calls)
    assert len(calls) == len(set(calls)) == 3
    # ... each in the group again, the one on its way too; the rest not
    assert _in_group(arun, ctx, profile, everyone) == set(after)
    assert tab.notice.text().startswith("Added back 3 contacts. Stopped: 3 contacts not added")


def test_quitting_mid_delete_takes_the_contact_on_its_way_out_of_its_groups(
    qtbot: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    account: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    window, tab, everyone = _window_with_a_group(qtbot, ctx, arun)
    profile = ctx.session.profile.name
    shown = [tab.model.row_at(row) for row in range(COUNT)]
    uuids = {row.contact.uuid: row.phone for row in shown}
    calls = _count_calls(monkeypatch, ctx.session.client, "delete_contact")

    def delete_everyone() -> None:
        tab.table.clearSelection()
        tab.select_rows(range(COUNT))
        qtbot.mouseClick(tab.delete_button, LEFT)
        answer(qtbot, tab)

    _quit_mid_job(qtbot, arun, ctx, window, admin, caplog, calls, delete_everyone)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not [r for r in caplog.records if "still busy" in r.getMessage()]
    deleted = {uuids[uuid] for uuid in calls}
    assert len(calls) == len(deleted) == 3
    after = _on_the_service(arun, account)
    assert sorted(after) == sorted(set(everyone) - deleted)  # the one on its way went too
    # out of the group: the three deleted; in it still: the rest
    assert _in_group(arun, ctx, profile, everyone) == set(after)
    assert tab.notice.text() == "Stopped: 3 contacts were deleted before you cancelled."


def test_a_service_that_never_answers_keeps_the_quit_within_its_time(
    qtbot: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    window, tab, _everyone = _window_with_a_group(qtbot, ctx, arun)
    _delete_everyone(qtbot, tab)
    calls = _count_calls(monkeypatch, ctx.session.client, "create_contact")
    # the first add-back is held far longer than the quit may take
    _quit_mid_job(
        qtbot, arun, ctx, window, admin, caplog, calls,
        lambda: qtbot.mouseClick(tab.undo_button, LEFT),
        delays=1, seconds=WIND_DOWN + SHUTDOWN + 4,
    )  # fmt: skip
    assert not ctx.tasks.busy
    # waited for up to the timeout (the tab said it was still busy), then cancelled
    assert any("still busy" in r.getMessage() for r in caplog.records)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(calls) == 1  # no other was tried
    assert "Added back" not in tab.notice.text()  # nothing said to be added back


def test_quitting_while_collecting_cancels_at_once_and_sends_nobody_to_compose(
    qtbot: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
) -> None:
    window, tab, _everyone = _window_with_a_group(qtbot, ctx, arun)
    requests: list[object] = []
    ctx.compose_requested.connect(requests.append)
    admin.fault("delay", 3, path_prefix="/api/v1/contacts", seconds=WIND_DOWN + 2)
    try:
        tab.message_matching()
        assert ctx.tasks.is_running(JOB_TASK)
        qtbot.wait(200)  # its first read is on its way
        started = time.monotonic()
        assert arun(tab.stop(WIND_DOWN), timeout=WIND_DOWN + 5)
        took = time.monotonic() - started
        assert not ctx.tasks.is_running(JOB_TASK)
        assert took < WIND_DOWN  # not waited for: it had changed nothing
        assert tab.notice.text() == "Cancelled: nothing was changed."
        _quit(arun, window)
    finally:
        admin.clear_faults()
    assert not requests


def test_quitting_mid_group_add_stops_between_writes_and_says_what_went_in(
    qtbot: Any,
    ctx: Any,
    arun: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    window, tab, everyone = _window_with_a_group(qtbot, ctx, arun)
    profile = ctx.session.profile.name
    staff, first_write = _slow_group_writes(qtbot, ctx, arun, monkeypatch, tab)
    tab.add_selected_to(staff)
    first_write()
    caplog.set_level(logging.INFO)
    caplog.clear()
    _quit(arun, window)

    assert not [r for r in caplog.records if "still busy" in r.getMessage()]
    _assert_said_what_went_in(arun, ctx, profile, tab, everyone)


def test_quitting_during_an_undo_quits_and_adds_nobody_twice(
    qtbot: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    account: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Without groups: nobody twice, nothing claimed that was not done, and the offer (in
    memory only) gone with the app."""
    seed(arun, ctx, COUNT)
    window, tab = _window_on_contacts(qtbot, ctx)
    everyone = sorted(_on_the_service(arun, account))
    assert len(everyone) == COUNT
    _delete_everyone(qtbot, tab)
    assert tab.notice.text() == f"Deleted {COUNT} contacts."

    calls = _count_calls(monkeypatch, ctx.session.client, "create_contact")
    # two added back, the third on its way: the quit comes mid-way
    _quit_mid_job(
        qtbot, arun, ctx, window, admin, caplog, calls,
        lambda: qtbot.mouseClick(tab.undo_button, LEFT),
    )  # fmt: skip
    assert not ctx.tasks.busy
    problems = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not problems, [r.getMessage() for r in problems]

    # (a create cut off on its way may still be carried out by the service: let it land)
    qtbot.wait(500)
    after = _on_the_service(arun, account)
    assert len(after) == len(set(after))  # nobody twice
    assert set(after) <= set(everyone)
    assert len(calls) == len(set(calls))  # no contact sent twice
    assert set(after) <= set(calls)
    # the two answered are back; the one on its way when the quit came may have got there
    assert 2 <= len(after) <= len(calls) < COUNT
    # what was not added back is not said to be
    claimed = re.search(r"Added back (\d+)", tab.notice.text())
    assert claimed is None or int(claimed.group(1)) <= len(after)
    assert "Added back 6" not in tab.notice.text()

    # The offer was in memory only: Undo after the quit adds nobody (and goes).
    tab.undo_delete()
    assert not ctx.tasks.is_running(JOB_TASK)
    assert tab.undo_button.isHidden()
    qtbot.wait(300)
    assert sorted(_on_the_service(arun, account)) == sorted(after)


def test_cancel_mid_group_add_says_what_went_in(
    qtbot: Any, ctx: Any, arun: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The strip's Cancel while numbers were being put in a group cancelled at once and said
    "Cancelled: nothing was changed." with some of them in the group already."""
    _window, tab, everyone = _window_with_a_group(qtbot, ctx, arun)
    profile = ctx.session.profile.name
    staff, first_write = _slow_group_writes(qtbot, ctx, arun, monkeypatch, tab)
    with qtbot.waitSignal(tab.job_finished, timeout=15000):
        tab.add_selected_to(staff)
        first_write()
        qtbot.mouseClick(tab.progress.cancel_button, LEFT)
    _assert_said_what_went_in(arun, ctx, profile, tab, everyone)


def test_quitting_while_a_changed_number_is_saved_keeps_its_groups(
    qtbot: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    account: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Save pressed on a contact whose number changed, and the window closed at once: the
    service took the new number, but the quit cut the save off before the groups on this
    computer followed it, so the customer silently left "Wholesale" (the next send to the
    group missed them). A save on its way is now waited for, as a job's contact is."""
    window, tab, everyone = _window_with_a_group(qtbot, ctx, arun)
    profile = ctx.session.profile.name
    row = tab.model.row_at(0)
    old = row.phone
    new = "+254799000123"
    calls = _count_calls(monkeypatch, ctx.session.client, "update_contact")
    tab.edit_row(0)
    qtbot.waitUntil(lambda: bool(tab._forms) and tab._forms[-1].isVisible(), timeout=5000)
    form = tab._forms[-1]
    form.phone_edit.clear()
    qtbot.keyClicks(form.phone_edit, "0799 000 123")
    admin.fault("delay", 1, path_prefix="/api/v1/contacts", seconds=0.6)
    try:
        qtbot.mouseClick(form.save_button, LEFT)
        qtbot.waitUntil(lambda: len(calls) == 1, timeout=5000)  # on its way
        caplog.set_level(logging.INFO)
        caplog.clear()
        took = _quit(arun, window)  # (as a log-out closes it)
    finally:
        admin.clear_faults()
    assert took < WIND_DOWN + SHUTDOWN
    assert not ctx.tasks.running()
    assert not [r for r in caplog.records if "still busy" in r.getMessage()]
    after = _on_the_service(arun, account)
    assert new in after  # the service has the new number ...
    assert old not in after
    groups = arun(ctx.services.contacts.groups_of(profile, [old, new]))
    assert GROUP in groups.get(new, ())  # ... and the group follows it
    assert GROUP not in groups.get(old, ())
    assert len(after) == len(everyone) == COUNT
