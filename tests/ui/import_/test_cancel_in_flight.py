"""An import cancelled (or the app quit) after its file reached the service, while the reply
was still on its way: the service imports the contacts all the same, so the import kept here
holds that upload (one row in Past imports, "Cancelled", with the service's count), never a
"(uploaded from elsewhere)" row beside a "0 imported" one, which invited the user to upload the
file again. A reopened cancelled import says what the list says, in words that are true.

The settling itself (which upload a part on its way was, and when none is sure) is checked
without Qt at the end (``ImportsService.past``)."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from desktop_app.core.api.models import UploadStatus
from desktop_app.core.background import inline
from desktop_app.core.services.imports import (
    ImportOutcome,
    ImportRecord,
    ImportsService,
    PartInFlight,
    PollPolicy,
    Step,
)
from desktop_app.core.store import Store
from desktop_app.core.store.db import schema_version
from tests.core.import_files import DAMAGED_ROWS, write_csv
from tests.ui.import_.test_wizard import _uploading_held, click, wait_step, walk_to_check

STOPPED = (
    "Upload stopped",
    "Tuma stopped uploading “customers.csv”. Contacts the service had already received may "
    "still be added; the report is kept under Past imports.",
)
ALL_ADDED = (
    "Tuma stopped uploading “customers.csv”, but the service had already received it: it "
    "added 10 contacts."
)


def _rows(tab: Any) -> list[tuple[str, ...]]:
    """Past imports as the user reads them: file, imported, outcome."""
    past = tab.start_page.past
    return [tuple(past.item(r, c).text() for c in (1, 2, 3)) for r in range(past.rowCount())]


def _reopen_first(qtbot: Any, tab: Any) -> Any:
    tab.start_page.past.selectRow(0)
    click(qtbot, tab.start_page.reopen)
    wait_step(qtbot, tab, Step.DONE)
    return tab.done_page


def _sent_with_its_reply_held(
    qtbot: Any, window: Any, ctx: Any, arun: Any, admin: Any, tmp_path: Path, seconds: float
) -> Any:
    """The damaged sample's upload sent, and taken by the service, whose reply is held back
    *seconds*: the Import tab, uploading, its part on its way."""
    tab = walk_to_check(qtbot, window, write_csv(tmp_path, "customers.csv", DAMAGED_ROWS))
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("import.history"), timeout=10000)
    # in order: the list read just before the part is sent, then the part itself (the
    # sandbox carries a request out at once and holds only its reply)
    admin.fault("delay", count=1, path_prefix="/api/v1/contacts/upload", seconds=0.01)
    admin.fault("delay", count=1, path_prefix="/api/v1/contacts/upload", seconds=seconds)
    click(qtbot, tab.check_page.upload)
    qtbot.waitUntil(lambda: tab._in_flight is not None, timeout=20000)
    client = ctx.client()
    for _ in range(100):  # until the service lists the upload: the file has reached it
        if arun(client.list_uploads()):
            break
        qtbot.wait(100)
    else:
        pytest.fail("the service never listed the upload")
    assert tab.flow.step is Step.UPLOADING
    assert tab._accepted == []  # its reply has not come
    return tab


def test_a_reopened_cancelled_import_shows_the_count_the_list_shows(
    qtbot, window, ctx, arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Before: the list said 10 (the service's count), the reopened report 0 (the count kept
    at the cancel) and "was not fully uploaded"."""
    try:
        tab = _uploading_held(qtbot, window, ctx, tmp_path)
        click(qtbot, tab.upload_page.cancel)
        wait_step(qtbot, tab, "start")
    finally:
        del ctx.client().list_uploads
    tab.load_history()
    qtbot.waitUntil(lambda: _rows(tab) == [("customers.csv", "10", "Cancelled")], timeout=10000)
    done = _reopen_first(qtbot, tab)
    assert done.imported.value.text() == "10"
    assert done.title.text() == "Import cancelled"
    assert done.lead.text() == ALL_ADDED


def test_cancel_while_the_reply_is_on_its_way_keeps_the_upload_with_the_import(
    qtbot, window, ctx, arun, admin, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Before: "customers.csv · 0 · Cancelled" and "(uploaded from elsewhere) · 10 ·
    Completed", the same contacts, told as if nothing of the file had gone."""
    try:
        tab = _sent_with_its_reply_held(qtbot, window, ctx, arun, admin, tmp_path, 4.0)
        loaded: list[bool] = []
        tab.history_loaded.connect(lambda: loaded.append(True))
        click(qtbot, tab.upload_page.cancel)
        wait_step(qtbot, tab, "start")
        assert (ctx.errors.last.title, ctx.errors.last.text) == STOPPED
        qtbot.waitUntil(lambda: bool(loaded), timeout=10000)  # the first list after Cancel
    finally:
        admin.clear_faults()
    assert [row[0] for row in _rows(tab)] == ["customers.csv"]
    tab.load_history()  # the service has surely finished importing by now
    qtbot.waitUntil(lambda: _rows(tab) == [("customers.csv", "10", "Cancelled")], timeout=10000)
    done = _reopen_first(qtbot, tab)
    assert done.imported.value.text() == "10"
    assert done.lead.text() == ALL_ADDED
    profile = ctx.session.profile.name
    past, _problem = arun(ctx.services.imports.past(profile, None))
    record = past[0].record
    assert record.in_flight is None  # settled, and kept so
    assert record.upload_ids == tuple(u.uuid for u in arun(ctx.client().list_uploads()))


def test_quitting_while_the_reply_is_on_its_way_is_bounded_and_keeps_the_upload(
    qtbot, window, ctx, arun, admin, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Quitting cancels the upload: it waits neither for the reply held back (30 s) nor for
    the service's list (out of reach here); the part on its way is kept with the import, and
    the next read of Past imports (after a restart) settles it: one row, the service's
    count."""
    profile = ctx.session.profile.name
    client = ctx.client()
    never: asyncio.Future[list[UploadStatus]] = asyncio.get_running_loop().create_future()

    async def out_of_reach() -> list[UploadStatus]:
        return await never

    try:
        tab = _sent_with_its_reply_held(qtbot, window, ctx, arun, admin, tmp_path, 30.0)
        client.list_uploads = out_of_reach
        arun(window.wind_down(1.0), timeout=5.0)
        arun(ctx.tasks.shutdown(timeout=1.0), timeout=5.0)
        assert tab.flow.step is Step.CANCELLED
        kept, _problem = arun(ctx.services.imports.past(profile, None))
        assert len(kept) == 1
        assert kept[0].record.outcome is ImportOutcome.CANCELLED
        assert kept[0].record.upload_ids == ()
        assert kept[0].record.in_flight is not None
    finally:
        never.cancel()
        del client.list_uploads
        admin.clear_faults()
    for _ in range(100):  # the next start's read, once the service has finished importing
        past, problem = arun(ctx.services.imports.past(profile, client))
        assert problem is None
        if past[0].record is not None and past[0].record.imported == 10:
            break
        qtbot.wait(100)
    assert len(past) == 1, past
    record = past[0].record
    assert record.file_name == "customers.csv"
    assert record.outcome is ImportOutcome.CANCELLED
    assert [record.imported, len(record.upload_ids), record.in_flight] == [10, 1, None]


@pytest.mark.parametrize(
    ("uploads", "imported", "importing", "lead"),
    [
        pytest.param((), 0, False, "“customers.csv” was not fully uploaded.", id="nothing-sent"),
        pytest.param(
            ("u1",),
            4,
            False,
            "Tuma stopped uploading “customers.csv” after part of it had reached the service: "
            "it added 4 contacts. To add the rest, import the file again: contacts already "
            "added are updated, not added twice.",
            id="part",
        ),
        pytest.param(
            ("u1",),
            1,
            True,
            "Tuma stopped uploading “customers.csv”, but the service had already received "
            "contacts from it and is still adding them: 1 contact so far.",
            id="still-importing",
        ),
        pytest.param(("u1", "u2"), 10, False, ALL_ADDED, id="all"),
    ],
)
def test_a_reopened_cancelled_import_says_what_reached_the_service(
    qtbot, window, ctx, uploads: tuple[str, ...], imported: int, importing: bool, lead: str
) -> None:  # type: ignore[no-untyped-def]
    tab = window.tab("import")
    window.show_tab("import")
    record = ImportRecord(
        id=1,
        profile=ctx.session.profile.name,
        file_name="customers.csv",
        created_at=datetime.now(UTC),
        outcome=ImportOutcome.CANCELLED,
        data_rows=16,
        valid=10,
        imported=imported,
        upload_ids=uploads,
    )
    tab._show_record(record, importing)
    wait_step(qtbot, tab, Step.DONE)
    done = tab.done_page
    assert (done.title.text(), done.lead.text()) == ("Import cancelled", lead)
    assert done.imported.value.text() == str(imported)


# --- settling a part on its way, without Qt -----------------------------------------------

SHOP = "Test shop"


def _service(tmp_path: Path, settle_after: float) -> tuple[Store, ImportsService]:
    store = Store(tmp_path / "settle.sqlite3")
    return store, ImportsService(store, inline, poll=PollPolicy(settle_after=settle_after))  # type: ignore[arg-type]


def _cancelled(store: Store, before: set[str], rows: int = 10, *uploads: str) -> ImportRecord:
    return store.imports.add(
        ImportRecord(
            id=0,
            profile=SHOP,
            file_name="customers.csv",
            created_at=datetime.now(UTC),
            outcome=ImportOutcome.CANCELLED,
            data_rows=rows,
            valid=rows,
            upload_ids=uploads,
            in_flight=PartInFlight(frozenset(before), rows),
        )
    )


class _Listed:
    """The service's list of uploads, newest first."""

    def __init__(self, *uploads: UploadStatus) -> None:
        self.uploads = list(uploads)

    async def list_uploads(self) -> list[UploadStatus]:
        return self.uploads

    async def upload_contacts(self, path: Any, progress: Any = None) -> Any:
        raise AssertionError("nothing is uploaded here")


def _done(uuid: str, total: int | None = 10) -> UploadStatus:
    return UploadStatus(uuid, "completed", total, total or 0, 0)


def _past(arun: Any, service: ImportsService, client: _Listed, *, settle: bool = True) -> Any:
    return arun(service.past(SHOP, client, settle=settle))[0]


def test_the_one_upload_that_can_be_the_part_joins_its_import_and_stays_there(
    arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    store, service = _service(tmp_path, settle_after=3600)
    with store:
        kept = _cancelled(store, {"old"})
        client = _Listed(_done("new"), _done("old"))
        past = _past(arun, service, client)
        assert [(p.record is not None, p.upload.uuid if p.upload else None) for p in past] == [
            (True, "new"),
            (False, "old"),  # made before the part was sent: not it
        ]
        assert past[0].record.upload_ids == ("new",)
        assert past[0].record.imported == 10
        again = arun(service.reopen(SHOP, kept.id))
        assert (again.upload_ids, again.in_flight, again.imported) == (("new",), None, 10)


@pytest.mark.parametrize(
    "listed",
    [
        pytest.param((_done("a"), _done("b")), id="two-of-its-size"),
        pytest.param((_done("a"), _done("b", None)), id="one-of-unknown-size"),
    ],
)
def test_when_more_than_one_upload_could_be_the_part_none_is_merged(
    arun, tmp_path: Path, listed: tuple[UploadStatus, ...]
) -> None:  # type: ignore[no-untyped-def]
    store, service = _service(tmp_path, settle_after=3600)
    with store:
        _cancelled(store, set())
        past = _past(arun, service, _Listed(*listed))
        assert past[0].record.upload_ids == ()
        assert past[0].record.in_flight is not None  # young: asked again later
        assert sorted(p.upload.uuid for p in past if p.record is None) == ["a", "b"]
        _, later = _service(tmp_path, settle_after=0)
        past = _past(arun, later, _Listed(*listed))  # old: given up, the uploads on their own
        assert (past[0].record.upload_ids, past[0].record.in_flight) == ((), None)
        assert sorted(p.upload.uuid for p in past if p.record is None) == ["a", "b"]


def test_two_parts_on_their_way_that_one_upload_could_be_are_not_merged(
    arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    store, service = _service(tmp_path, settle_after=3600)
    with store:
        _cancelled(store, set())
        _cancelled(store, set())
        past = _past(arun, service, _Listed(_done("a")))
        assert [p.record.upload_ids for p in past if p.record is not None] == [(), ()]
        assert [p.upload.uuid for p in past if p.record is None] == ["a"]


def test_a_part_the_service_never_listed_is_given_up_once_it_would_have(
    arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    store, service = _service(tmp_path, settle_after=3600)
    with store:
        kept = _cancelled(store, {"old"}, 10, "part1")
        client = _Listed(_done("other", 7), _done("part1"), _done("old"))
        past = _past(arun, service, client)
        assert past[0].record.in_flight is not None  # it may not be listed yet
        assert past[0].record.upload_ids == ("part1",)
        _, later = _service(tmp_path, settle_after=0)
        past = _past(arun, later, client)
        assert (past[0].record.upload_ids, past[0].record.in_flight) == (("part1",), None)
        assert arun(later.reopen(SHOP, kept.id)).in_flight is None


def test_while_an_upload_of_this_computer_is_under_way_nothing_is_settled(
    arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    store, service = _service(tmp_path, settle_after=0)
    with store:
        _cancelled(store, set())
        past = _past(arun, service, _Listed(_done("mine, not kept yet")), settle=False)
        assert past[0].record.in_flight is not None
        assert past[0].record.upload_ids == ()


def test_a_store_file_from_before_keeps_its_imports_and_gains_the_column(tmp_path: Path) -> None:
    path = tmp_path / "tuma.sqlite3"
    Store(path).close()
    raw = sqlite3.connect(path)
    raw.execute("ALTER TABLE imports DROP COLUMN in_flight")
    raw.execute(
        "INSERT INTO imports (profile, file_name, created_at, outcome) "
        "VALUES ('Shop', 'customers.csv', '2026-11-20T08:00:00+00:00', 'cancelled')"
    )
    raw.execute("PRAGMA user_version = 14")
    raw.commit()
    raw.close()
    with Store(path) as store:
        [record] = store.imports.all("Shop")
        assert (record.file_name, record.in_flight) == ("customers.csv", None)
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == schema_version()
    finally:
        raw.close()
