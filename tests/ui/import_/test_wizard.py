"""The Import wizard driven like a user against the sandbox: a real file dropped on the window,
walked to "done", the counts checked against the sandbox's contacts; Cancel at every step; a
job the service reports failed keeps its report; past imports reopen after a restart; a wrong
file is refused; problem rows are exported."""

from __future__ import annotations

import asyncio
import csv
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from desktop_app.core.api.models import UploadStatus
from desktop_app.core.importing.mapping import Field
from desktop_app.core.services.imports import Step
from desktop_app.ui.main_window import MainWindow
from tests.core.import_files import DAMAGED_ROWS, big_rows, write_csv
from tests.ui.conftest import drop_event

LEFT = Qt.MouseButton.LeftButton


def wait_step(qtbot: Any, tab: Any, step: Step | str, timeout: int = 20000) -> None:
    target = step.value if isinstance(step, Step) else step
    if target == "start":
        qtbot.waitUntil(lambda: tab.stack.currentWidget() is tab.start_page, timeout=timeout)
    else:
        qtbot.waitUntil(lambda: tab.flow.step.value == target and _page_ready(tab), timeout=timeout)


def _page_ready(tab: Any) -> bool:
    if tab.flow.step is Step.FILE:
        return tab.file_page.next.isEnabled()
    if tab.flow.step in (Step.DONE, Step.FAILED):
        return tab.stack.currentWidget() is tab.done_page
    return True


def click(qtbot: Any, button: Any) -> None:
    assert button.isVisible(), button.objectName()
    assert button.isEnabled(), button.objectName()
    qtbot.mouseClick(button, LEFT)


def contacts_on_sandbox(arun: Any, ctx: Any) -> dict[str, Any]:
    async def everyone() -> dict[str, Any]:
        page = await ctx.client().list_contacts(page=1, page_size=100)
        return {c.phone: c for c in page.contacts}

    return arun(everyone())


def walk_to_check(qtbot: Any, window: Any, path: Path) -> Any:
    tab = window.tab("import")
    window.show_tab("compose")
    window.dropEvent(drop_event([path]))
    assert window.current_tab() == "import"
    wait_step(qtbot, tab, Step.FILE)
    assert tab.file_page.name.text() == path.name
    click(qtbot, tab.file_page.next)
    wait_step(qtbot, tab, Step.COLUMNS)
    click(qtbot, tab.columns_page.next)
    wait_step(qtbot, tab, Step.CHECK)
    return tab


def walk_to_done(qtbot: Any, window: Any, tmp_path: Path) -> Any:
    """The damaged sample uploaded: the Done page of its ten contacts."""
    tab = walk_to_check(qtbot, window, write_csv(tmp_path, "customers.csv", DAMAGED_ROWS))
    click(qtbot, tab.check_page.upload)
    wait_step(qtbot, tab, Step.DONE, timeout=60000)
    return tab


def test_a_dropped_file_walks_to_done_and_the_sandbox_has_the_contacts(
    qtbot, window, ctx, arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    tab = walk_to_check(qtbot, window, path)
    page = tab.check_page
    assert page.ready.value.text() == "10"
    assert page.repaired.value.text() == "5"
    assert page.rejected.value.text() == "5"
    assert page.duplicates.value.text() == "1"
    assert page.model.rowCount() == 6
    shown = [page.model.index(r, 2).data() for r in range(6)]
    assert "Excel shortened this number to “2.54712E+11”" in shown[0]
    assert shown[-1].startswith("More than one number")  # row 17, in row order
    assert page.upload.text() == "Upload 10 contacts"
    click(qtbot, page.upload)
    wait_step(qtbot, tab, Step.DONE, timeout=60000)
    done = tab.done_page
    assert done.imported.value.text() == "10"
    assert done.failed.value.text() == "0"
    assert done.not_uploaded.value.text() == "6"
    on_sandbox = contacts_on_sandbox(arun, ctx)
    assert len(on_sandbox) == 10
    assert on_sandbox["+254712345678"].first_name == "Wanjiru"
    assert "+254712345684" in on_sandbox  # scientific notation that kept every digit
    # add them to a new group, then open the contacts
    done.group.setEditText("Imported today")
    click(qtbot, done.add_group)
    qtbot.waitUntil(lambda: "added to “Imported today”" in done.group_status.text(), timeout=10000)
    groups = arun(ctx.services.contacts.groups(ctx.session.profile.name))
    assert [(g.name, g.size) for g in groups] == [("Imported today", 10)]
    click(qtbot, done.open_contacts)
    assert window.current_tab() == "contacts"
    # the report is kept and listed
    qtbot.waitUntil(lambda: tab.start_page.past.rowCount() == 1, timeout=10000)
    assert tab.start_page.past.item(0, 1).text() == "customers.csv"
    # when, as Delivery and Contacts write it: the month in words (not "24/11/2026 07:40")
    when = tab.start_page.past.item(0, 0).text()
    assert re.fullmatch(r"\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d", when), when


def test_a_macro_enabled_workbook_is_opened_like_any_other(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Offices keep customer lists in .xlsm (a workbook with macros): the core reads it, and
    the window no longer refused it as a kind of file Tuma cannot open."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in (("Name", "Phone"), ("Wanjiru", "0712 345 678"), ("Otieno", "0722 000 111")):
        sheet.append(row)
    path = tmp_path / "wateja.xlsm"
    book.save(path)
    tab = walk_to_check(qtbot, window, path)
    assert tab.check_page.ready.value.text() == "2"


def test_a_wrong_file_is_refused_on_the_window_and_on_the_drop_area(
    qtbot, window, ctx, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    notes = tmp_path / "notes.docx"
    notes.write_bytes(b"PK\x03\x04")
    window.dropEvent(drop_event([notes]))
    assert "“notes.docx” is not a spreadsheet" in shown[-1].text
    tab = window.tab("import")
    window.show_tab("import")
    tab.start_page.drop.dropEvent(drop_event([notes]))
    assert "“notes.docx” is not a spreadsheet Tuma can import" in shown[-1].text
    assert tab.flow.step is Step.IDLE
    # a file that says .xlsx but is not one: a clear error on the start page, no hang
    fake = tmp_path / "customers.xlsx"
    fake.write_text("phone\n0712345678\n", encoding="utf-8")
    tab.open_files([fake])
    qtbot.waitUntil(lambda: tab.start_page.problem.isVisible(), timeout=10000)
    assert "customers.xlsx" in tab.start_page.problem.text()
    assert tab.stack.currentWidget() is tab.start_page


def test_the_columns_page_remaps_with_a_live_sample(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rows = [["Jina", "Nambari ya simu", "Barua pepe"], ["Wanjiru Kamau", "712345678", ""]]
    path = write_csv(tmp_path, "wateja.csv", rows)
    tab = window.tab("import")
    window.show_tab("import")
    tab.open_files([path])
    wait_step(qtbot, tab, Step.FILE)
    click(qtbot, tab.file_page.next)
    wait_step(qtbot, tab, Step.COLUMNS)
    page = tab.columns_page
    sample = page.sample_model
    assert sample.index(0, 1).data() == "+254712345678  (repaired)"
    assert (sample.index(0, 2).data(), sample.index(0, 3).data()) == ("Wanjiru", "Kamau")
    phone_combo = page.combos[Field.PHONE]
    phone_combo.setCurrentIndex(0)
    phone_combo.activated.emit(0)  # "(none)"
    assert not page.next.isEnabled()
    assert page.hint.isVisible()
    assert sample.index(0, 1).data() == "✗ no number"
    phone_combo.setCurrentIndex(phone_combo.findData(1))
    phone_combo.activated.emit(phone_combo.currentIndex())
    assert page.next.isEnabled()
    assert sample.index(0, 1).data().startswith("+254712345678")


def _jobs_reported_as(ctx: Any, status: str) -> None:
    """The service's list says *status* for every upload ("processing": the job never ends;
    "failed": it gave up, which the sandbox cannot be made to do). ``del
    ctx.client().list_uploads`` puts the real one back."""
    real_list = ctx.client().list_uploads

    async def reported() -> list[UploadStatus]:
        return [UploadStatus(u.uuid, status, u.total, 0, 0) for u in await real_list()]

    ctx.client().list_uploads = reported


@pytest.mark.parametrize("where", ["file", "columns", "checking", "check", "uploading"])
def test_cancel_at_every_step_uploads_nothing(
    qtbot, window, ctx, arun, tmp_path: Path, where: str
) -> None:  # type: ignore[no-untyped-def]
    rows = big_rows(100_000) if where == "checking" else DAMAGED_ROWS
    path = write_csv(tmp_path, "customers.csv", rows)
    tab = window.tab("import")
    if where == "uploading":
        # the job is held at the service (its list says "processing") so Cancel meets it there
        _jobs_reported_as(ctx, "processing")
    window.dropEvent(drop_event([path]))
    wait_step(qtbot, tab, Step.FILE)
    page: Any = tab.file_page
    if where != "file":
        click(qtbot, tab.file_page.next)
        wait_step(qtbot, tab, Step.COLUMNS)
        page = tab.columns_page
    if where in ("checking", "check", "uploading"):
        click(qtbot, tab.columns_page.next)
        if where == "checking":
            wait_step(qtbot, tab, Step.CHECKING)
            qtbot.waitUntil(lambda: tab.checking_page.bar.maximum() > 0, timeout=10000)
            page = tab.checking_page
        else:
            wait_step(qtbot, tab, Step.CHECK)
            page = tab.check_page
    if where == "uploading":
        click(qtbot, tab.check_page.upload)
        wait_step(qtbot, tab, Step.UPLOADING)
        qtbot.waitUntil(
            lambda: "contacts added" in tab.upload_page.job_status.text(), timeout=20000
        )
        page = tab.upload_page
    click(qtbot, page.cancel)
    wait_step(qtbot, tab, "start")
    assert tab.flow.step is Step.CANCELLED
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("import.check"), timeout=5000)
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("import.upload"), timeout=5000)
    if where != "uploading":
        assert contacts_on_sandbox(arun, ctx) == {}
    else:
        qtbot.waitUntil(lambda: tab.start_page.past.rowCount() == 1, timeout=10000)
        assert tab.start_page.past.item(0, 3).text() == "Cancelled"
        del ctx.client().list_uploads


def test_a_failed_job_says_so_and_keeps_the_report(qtbot, window, ctx, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    _jobs_reported_as(ctx, "failed")  # the service gave up processing after accepting
    try:
        tab = walk_to_check(qtbot, window, path)
        click(qtbot, tab.check_page.upload)
        wait_step(qtbot, tab, Step.FAILED, timeout=30000)
    finally:
        del ctx.client().list_uploads
    done = tab.done_page
    assert done.title.text() == "The service could not finish this import"
    assert done.model.rowCount() == 6  # the report is still there
    assert not done.add_group.isVisible()
    qtbot.waitUntil(lambda: tab.start_page.past.rowCount() >= 1, timeout=10000)
    assert tab.start_page.past.item(0, 3).text() == "Failed at the service"


def test_past_imports_reopen_after_a_restart(
    qtbot, ctx, arun, tmp_path: Path, services, account
) -> None:  # type: ignore[no-untyped-def]
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    first = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(first)
    first.show()
    tab = walk_to_check(qtbot, first, path)
    click(qtbot, tab.check_page.upload)
    wait_step(qtbot, tab, Step.DONE, timeout=60000)
    qtbot.waitUntil(lambda: tab.start_page.past.rowCount() == 1, timeout=10000)
    first.close()
    # a new window on the same store (the services were opened on the test's file)
    from desktop_app.core.services import Services
    from desktop_app.ui.context import AppContext

    services.close()
    reopened = Services.open(
        store_path=services.store.path, settings_path=services.preferences.path
    )
    ctx2 = AppContext(reopened)
    arun(ctx2.open_session(ctx.session.profile, account.token))
    try:
        second = MainWindow(ctx2, remember_layout=False)
        qtbot.addWidget(second)
        second.show()
        again = second.tab("import")
        second.show_tab("import")
        qtbot.waitUntil(lambda: again.start_page.past.rowCount() == 1, timeout=10000)
        again.start_page.past.selectRow(0)
        click(qtbot, again.start_page.reopen)
        wait_step(qtbot, again, Step.DONE)
        assert again.done_page.imported.value.text() == "10"
        assert again.done_page.model.rowCount() == 6
        second.close()
    finally:
        arun(ctx2.tasks.shutdown(timeout=5.0))
        arun(ctx2.close_session(emit=False))
        reopened.close()


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_problem_rows_are_exported_for_excel(
    qtbot, window, ctx, tmp_path: Path, suffix: str
) -> None:  # type: ignore[no-untyped-def]
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    tab = walk_to_check(qtbot, window, path)
    finished: list[bool] = []
    tab.job_finished.connect(lambda: finished.append(True))
    out = tmp_path / f"problems{suffix}"
    tab.export_to(out)
    qtbot.waitUntil(lambda: finished == [True], timeout=10000)
    if suffix == ".csv":
        with out.open(encoding="utf-8-sig", newline="") as f:
            lines = list(csv.reader(f))
        assert lines[0][:4] == ["Row", "Problem", "Details", "Phone"]
        assert [line[0] for line in lines[1:]] == ["5", "11", "12", "13", "14", "17"]
        assert lines[1][3] == '="2.54712E+11"'
    else:
        import openpyxl

        values = list(openpyxl.load_workbook(out).active.iter_rows(values_only=True))
        assert [v[0] for v in values[1:]] == [5, 11, 12, 13, 14, 17]
        assert values[2][3] == "0712345678"


def test_an_upload_made_elsewhere_is_listed_and_opens(qtbot, window, ctx, arun) -> None:  # type: ignore[no-untyped-def]
    from tests.contacts_data import kenyan_contacts, upload

    arun(upload(ctx.client(), kenyan_contacts(3)), timeout=60)
    tab = window.tab("import")
    window.show_tab("import")
    loaded: list[bool] = []
    tab.history_loaded.connect(lambda: loaded.append(True))
    tab.load_history()  # (the list read when the tab was built may have caught it early)
    # (another read may land as well, e.g. one started by the tab's own polling: any is fine)
    qtbot.waitUntil(lambda: bool(loaded) and tab.start_page.past.rowCount() == 1, timeout=10000)
    assert tab.start_page.past.item(0, 1).text() == "(uploaded from elsewhere)"
    assert tab.start_page.past.item(0, 2).text() == "3"
    tab.start_page.past.selectRow(0)
    click(qtbot, tab.start_page.reopen)
    wait_step(qtbot, tab, Step.DONE)
    assert tab.done_page.imported.value.text() == "3"
    assert not tab.done_page.add_group.isVisible()
    click(qtbot, tab.done_page.another)
    wait_step(qtbot, tab, "start")


def test_rows_the_service_refuses_join_the_report_at_their_spreadsheet_row(
    qtbot, window, ctx, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from desktop_app.core.api.models import UploadRowError

    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    real_list = ctx.client().list_uploads

    async def one_refused() -> list[UploadStatus]:
        # the service refusing a row the app let through (the sandbox never does): row 3 of
        # the uploaded file is the second valid row, spreadsheet row 3
        refused = UploadRowError(3, "+254712345679", "blocked number")
        return [
            replace(u, errors=(refused,), failed=1, imported=(u.imported or 1) - 1)
            if u.settled
            else u
            for u in await real_list()
        ]

    ctx.client().list_uploads = one_refused
    try:
        tab = walk_to_check(qtbot, window, path)
        click(qtbot, tab.check_page.upload)
        wait_step(qtbot, tab, Step.DONE, timeout=30000)
    finally:
        del ctx.client().list_uploads
    done = tab.done_page
    assert done.failed.value.text() == "1"
    rows = [done.model.index(r, 0).data() for r in range(done.model.rowCount())]
    assert rows == ["3", "5", "11", "12", "13", "14", "17"]
    assert done.model.index(0, 2).data() == "Refused by the messaging service: “blocked number”"
    assert done.model.index(0, 1).data() == "+254712345679"


def _uploading_held(qtbot, window, ctx, tmp_path: Path) -> Any:  # type: ignore[no-untyped-def]
    """A file walked to its upload, the service holding the job ("processing") once it took
    the part: the Import tab, uploading. ``del ctx.client().list_uploads`` afterwards."""
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    _jobs_reported_as(ctx, "processing")
    tab = walk_to_check(qtbot, window, path)
    click(qtbot, tab.check_page.upload)
    qtbot.waitUntil(lambda: "contacts added" in tab.upload_page.job_status.text(), timeout=20000)
    return tab


def _kept_as_cancelled(arun: Any, ctx: Any, profile: str) -> Any:
    """The one past import of *profile*: kept as cancelled, with the part the service took
    (to follow up)."""
    from desktop_app.core.services.imports import ImportOutcome

    past, _problem = arun(ctx.services.imports.past(profile, None))
    assert len(past) == 1
    record = past[0].record
    assert record.outcome is ImportOutcome.CANCELLED
    assert len(record.upload_ids) == 1
    return record


def test_quitting_during_an_upload_keeps_its_report(
    qtbot, window, ctx, arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    try:
        _uploading_held(qtbot, window, ctx, tmp_path)
        arun(window.wind_down(5.0))
    finally:
        del ctx.client().list_uploads
    record = _kept_as_cancelled(arun, ctx, ctx.session.profile.name)
    assert record.valid == 10


def test_import_contacts_in_the_file_menu_opens_the_file_chooser(
    qtbot, window, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QFileDialog

    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    window.show_tab("compose")
    window.file_actions["import"].trigger()
    assert window.current_tab() == "import"
    dialog = window.findChild(QFileDialog, "importBrowse")
    assert dialog is not None
    assert dialog.isVisible()
    dialog.setDirectory(str(tmp_path))
    dialog.selectFile(str(path))
    dialog.accept()
    tab = window.tab("import")
    wait_step(qtbot, tab, Step.FILE)
    assert tab.file_page.name.text() == "customers.csv"


def test_the_check_says_how_many_are_on_the_opt_out_list(
    qtbot, window, ctx, arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.core.services.optouts import OptOutSource

    arun(
        ctx.services.optouts.add(ctx.session.profile.name, ["+254712345678"], OptOutSource.REPLIED)
    )
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    tab = walk_to_check(qtbot, window, path)
    note = tab.check_page.opt_out_note
    qtbot.waitUntil(note.isVisible, timeout=10000)
    assert note.text().startswith("1 of these numbers is on your opt-out list")


def test_an_error_after_the_service_took_the_file_keeps_the_report(
    qtbot, window, ctx, arun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """The file was accepted, then following it failed (no network until the waiting gave
    up): the rows may still be imported, so the import is kept (not left to be uploaded
    twice) under its account, and the words do not say "try again"."""
    from desktop_app.core.api import errors as api
    from desktop_app.core.services.imports import PollPolicy

    # (the waiting gives up after 30 minutes: here, after one second)
    monkeypatch.setattr(ctx.services.imports, "poll", PollPolicy(give_up_after=1.0))
    profile = ctx.session.profile.name
    client = ctx.client()
    try:
        tab = _uploading_held(qtbot, window, ctx, tmp_path)

        async def offline() -> list[UploadStatus]:
            raise api.NetworkError()

        client.list_uploads = offline
        wait_step(qtbot, tab, "start")
    finally:
        del client.list_uploads
    assert tab.flow.step is Step.CANCELLED  # not back on CHECK, to be uploaded again
    assert (ctx.errors.last.title, ctx.errors.last.text) == (
        "No connection",
        "Tuma stopped uploading “customers.csv”. Contacts the service had already received "
        "may still be added; the report is kept under Past imports.",
    )
    qtbot.waitUntil(lambda: tab.start_page.past.rowCount() == 1, timeout=10000)
    record = _kept_as_cancelled(arun, ctx, profile)
    assert record.valid == 10


def test_a_file_lost_on_its_way_says_nothing_was_imported_and_uploads_once_more(
    qtbot, window, ctx, arun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """The connection dropped as the file was sent, and the service never got it. Before:
    "Outcome unknown ... Check the list of imports before uploading the file again", for the
    user to settle. Now Tuma reads the list itself, and says plainly to upload again."""
    from desktop_app.core.api import errors as api
    from desktop_app.core.api.models import UploadAccepted
    from desktop_app.core.services.imports import PollPolicy

    monkeypatch.setattr(ctx.services.imports, "poll", PollPolicy(settle_after=0.2))
    client = ctx.client()

    async def lost_on_its_way(path: Any, progress: Any = None) -> UploadAccepted:
        raise api.InDoubt(what=api.InDoubtWhat.UPLOAD)

    client.upload_contacts = lost_on_its_way
    try:
        tab = walk_to_check(qtbot, window, write_csv(tmp_path, "customers.csv", DAMAGED_ROWS))
        click(qtbot, tab.check_page.upload)
        wait_step(qtbot, tab, Step.CHECK)
        qtbot.waitUntil(lambda: tab.check_page.upload.isEnabled(), timeout=10000)
    finally:
        del client.upload_contacts
    assert (ctx.errors.last.title, ctx.errors.last.text) == (
        "Nothing was imported",
        "The connection was lost while “customers.csv” was being sent, and the service did "
        "not receive it. Press Upload to send it again.",
    )
    click(qtbot, tab.check_page.upload)
    wait_step(qtbot, tab, Step.DONE, timeout=60000)
    assert tab.done_page.imported.value.text() == "10"
    uploads = arun(client.list_uploads())
    assert [(u.status, u.imported) for u in uploads] == [("completed", 10)]


def test_the_key_revoked_while_the_service_imports_keeps_the_report_and_says_so(
    qtbot, window, ctx, arun, account, admin, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """The service has the file when the key stops working: its rows may still be added, so
    the import is kept (as Cancel does) and the words say so beside "connect again"; before,
    only the key's words showed, and the report's fate was not said."""
    profile = ctx.session.profile.name
    client = ctx.client()
    try:
        tab = _uploading_held(qtbot, window, ctx, tmp_path)
        admin.revoke_token(account.token)
        wait_step(qtbot, tab, "start")
    finally:
        del client.list_uploads
    assert tab.flow.step is Step.CANCELLED  # not back on CHECK, to be uploaded again
    message = ctx.errors.last
    assert (message.title, message.text, message.reauth) == (
        "Sign-in needed",
        "Your secret key was not accepted (it may have expired or been revoked). Connect your "
        "account again with a new key.\nTuma stopped uploading “customers.csv”. Contacts the "
        "service had already received may still be added; the report is kept under Past "
        "imports.",
        True,
    )
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    assert _kept_as_cancelled(arun, ctx, profile).valid == 10


def test_closing_the_account_during_an_upload_keeps_the_report_under_it(
    qtbot, window, ctx, arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    profile = ctx.session.profile.name
    client = ctx.client()
    try:
        tab = _uploading_held(qtbot, window, ctx, tmp_path)
        arun(ctx.close_session())
        wait_step(qtbot, tab, "start")
        qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    finally:
        del client.list_uploads
    _kept_as_cancelled(arun, ctx, profile)


def test_the_problem_rows_save_dialog_follows_the_chosen_format(
    qtbot, window, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """The shared Save dialog: choosing the CSV filter renames the proposed .xlsx file."""
    from PySide6.QtWidgets import QFileDialog

    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    tab = walk_to_check(qtbot, window, path)
    click(qtbot, tab.check_page.export)
    dialog = tab.findChild(QFileDialog, "problemsExport")
    assert dialog is not None
    assert dialog.windowTitle() == "Save the problem rows"
    assert Path(dialog.selectedFiles()[0]).name.startswith("customers-problems-")
    assert dialog.selectedFiles()[0].endswith(".xlsx")
    plain = dialog.nameFilters()[1]
    dialog.filterSelected.emit(plain)  # as a native dialog says it (Qt's renames by itself)
    assert dialog.selectedFiles()[0].endswith(".csv")
    out = tmp_path / "to-fix.csv"
    dialog.setDirectory(str(tmp_path))
    dialog.selectFile(str(out))
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        dialog.accept()
    with out.open(encoding="utf-8-sig", newline="") as f:
        assert next(csv.reader(f))[:3] == ["Row", "Problem", "Details"]


def test_export_pressed_twice_writes_once(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    tab = walk_to_check(qtbot, window, path)
    finished: list[bool] = []
    tab.job_finished.connect(lambda: finished.append(True))
    first, second = tmp_path / "first.csv", tmp_path / "second.csv"
    tab.export_to(first)
    assert not tab.check_page.export.isEnabled()  # until the first is written
    tab.export_to(second)
    qtbot.waitUntil(lambda: finished == [True], timeout=10000)
    qtbot.wait(200)
    assert finished == [True]
    assert first.exists()
    assert not second.exists()
    assert tab.check_page.export.isEnabled()


def test_add_to_group_pressed_twice_adds_once(
    qtbot, window, ctx, arun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    tab = walk_to_done(qtbot, window, tmp_path)
    contacts = ctx.services.contacts
    real_add = contacts.add_to_group
    calls: list[int] = []

    async def counted(profile: str, group_id: Any, rows: Any, *args: Any) -> int:
        calls.append(len(rows))
        return await real_add(profile, group_id, rows, *args)

    monkeypatch.setattr(contacts, "add_to_group", counted)
    finished: list[bool] = []
    tab.job_finished.connect(lambda: finished.append(True))
    done = tab.done_page
    done.group.setEditText("Imported today")
    click(qtbot, done.add_group)
    assert not done.add_group.isEnabled()
    tab.add_to_group()  # a second press (the button waits: as if pressed before it did)
    qtbot.waitUntil(lambda: finished == [True], timeout=10000)
    qtbot.wait(200)
    assert calls == [10]
    assert done.add_group.isEnabled()
    groups = arun(ctx.services.contacts.groups(ctx.session.profile.name))
    assert [(g.name, g.size) for g in groups] == [("Imported today", 10)]


def _held_on_second(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> Any:
    """*owner*'s method *name* (run on a worker thread) held at its second call until the test
    lets it go: what a long job looks like while the user presses Cancel. Returns the sizes it
    was called with and the event that lets it go."""
    real = getattr(owner, name)
    calls: list[int] = []
    release = threading.Event()

    def held(*args: Any) -> Any:
        calls.append(len(args[-1]))
        if len(calls) == 2:
            release.wait(10)
        return real(*args)

    monkeypatch.setattr(owner, name, held)
    return calls, release


def test_export_shows_its_progress_and_cancel_leaves_the_earlier_file(
    qtbot, window, ctx, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.core import contact_files
    from desktop_app.core.services import imports

    monkeypatch.setattr(imports, "_EXPORT_BATCH", 2)  # six problem rows: three batches
    writes, release = _held_on_second(monkeypatch, contact_files.ContactFileWriter, "write")
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    tab = walk_to_check(qtbot, window, path)
    folder = tmp_path / "exports"
    folder.mkdir()
    out = folder / "to-fix.xlsx"
    out.write_bytes(b"last week's export")
    try:
        tab.export_to(out)
        qtbot.waitUntil(lambda: len(writes) == 2, timeout=10000)
        strip = tab.progress
        assert strip.isVisible()
        assert strip.label.text() == "Saving: 2 of 6 problem rows written…"
        assert (strip.bar.value(), strip.bar.maximum()) == (2, 6)
        assert not tab.check_page.export.isEnabled()
        # the wizard's own Cancel (ending the import) is on the same page: not the same word
        assert tab.check_page.cancel.isVisible()
        assert (tab.check_page.cancel.text(), strip.cancel_button.text()) == ("Cancel", "Stop")
        with qtbot.waitSignal(tab.job_finished, timeout=10000):
            click(qtbot, strip.cancel_button)
        assert not strip.isVisible()
        assert ctx.errors.last.title == "Export cancelled: no file was written."
    finally:
        release.set()
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)  # the job has unwound
    assert writes == [2, 2]  # nothing written after the Cancel
    assert list(folder.iterdir()) == [out]  # no part file left
    assert out.read_bytes() == b"last week's export"
    assert tab.check_page.export.isEnabled()


def test_add_to_group_shows_its_progress_and_cancel_stops_adding(
    qtbot, window, ctx, arun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.core.services import contacts

    tab = walk_to_done(qtbot, window, tmp_path)
    monkeypatch.setattr(contacts, "GROUP_BATCH", 2)  # ten contacts: five writes
    profile = ctx.session.profile.name
    writes, release = _held_on_second(monkeypatch, ctx.services.store.groups, "add")
    done = tab.done_page
    done.group.setEditText("Imported today")
    other = tmp_path / "meanwhile.csv"
    try:
        click(qtbot, done.add_group)
        qtbot.waitUntil(lambda: len(writes) == 2, timeout=10000)
        strip = tab.progress
        assert strip.isVisible()
        assert strip.label.text() == "Adding to “Imported today”: 2 of 10 contacts…"
        assert (strip.bar.value(), strip.bar.maximum()) == (2, 10)
        assert not done.add_group.isEnabled()
        assert not done.export.isEnabled()
        tab.add_to_group()  # pressed again, or Export: nothing starts beside it (or stops it)
        tab.export_to(other)
        click(qtbot, strip.cancel_button)
        assert strip.label.text() == "Stopping…"  # after the contacts in hand
        assert not strip.cancel_button.isEnabled()
        with qtbot.waitSignal(tab.job_finished, timeout=10000):
            release.set()
    finally:
        release.set()
    assert writes == [2, 2]  # no write after the Cancel
    assert done.group_status.text() == (
        "Stopped: 4 of 10 contacts added to “Imported today” before you cancelled."
    )
    assert not strip.isVisible()
    assert done.add_group.isEnabled()
    assert not other.exists()
    groups = arun(ctx.services.contacts.groups(profile))
    assert [(g.name, g.size) for g in groups] == [("Imported today", 4)]


def test_a_group_name_typed_with_extra_spaces_finds_the_group(
    qtbot, window, ctx, arun, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Names are compared as the store keeps them (spaces made one, case ignored)."""
    profile = ctx.session.profile.name
    arun(ctx.services.contacts.create_group(profile, "Imported today"))
    tab = walk_to_done(qtbot, window, tmp_path)
    done = tab.done_page
    done.group.setEditText("  imported   TODAY ")
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        click(qtbot, done.add_group)
    assert done.group_status.text() == "10 contacts added to “Imported today”."
    groups = arun(ctx.services.contacts.groups(profile))
    assert [(g.name, g.size) for g in groups] == [("Imported today", 10)]


def test_a_past_report_read_late_does_not_replace_a_file_opened_meanwhile(
    qtbot, window, ctx, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from datetime import UTC, datetime

    from desktop_app.core.services.imports import ImportOutcome, ImportRecord

    tab = window.tab("import")
    window.show_tab("import")
    tab.open_files([write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)])
    wait_step(qtbot, tab, Step.FILE)
    old = ImportRecord(
        1, ctx.session.profile.name, "old.csv", datetime.now(UTC), ImportOutcome.COMPLETED
    )
    tab._show_record(old)  # what a reopen started before the file was opened would do
    assert tab.flow.step is Step.FILE
    assert tab.stack.currentWidget() is tab.file_page
    assert tab.file_page.name.text() == "customers.csv"


def test_a_workbook_opens_on_its_sheet_with_rows_and_an_empty_sheet_chosen_is_said_so(
    qtbot, window, ctx, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Excel's blank "Sheet1" in front of the customers: the customers' sheet is read, and
    choosing the blank one keeps the file open (before: "has no rows at all", back to the
    start with the file closed)."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = "Sheet1"
    customers = book.create_sheet("Wateja")
    customers.append(["Simu", "Jina"])
    customers.append(["0712345678", "Wanjiru Kamau"])
    path = tmp_path / "wateja.xlsx"
    book.save(path)
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    tab = window.tab("import")
    window.dropEvent(drop_event([path]))
    wait_step(qtbot, tab, Step.FILE)
    page = tab.file_page
    assert page.sheet.currentText() == "Wateja"
    assert page.first_rows.item(0, 0).text() == "0712345678"
    page.sheet.setCurrentText("Sheet1")
    page.sheet.activated.emit(page.sheet.currentIndex())
    qtbot.waitUntil(lambda: bool(shown), timeout=10000)
    assert shown[-1].title == "That sheet is empty"
    assert (
        shown[-1].text == "The sheet “Sheet1” in “wateja.xlsx” has no rows. Choose another sheet."
    )
    wait_step(qtbot, tab, Step.FILE)
    assert tab.stack.currentWidget() is page
    assert page.sheet.currentText() == "Wateja"  # the sheet still read
    assert not tab.start_page.problem.isVisible()
    click(qtbot, page.next)
    wait_step(qtbot, tab, Step.COLUMNS)
    click(qtbot, tab.columns_page.next)
    wait_step(qtbot, tab, Step.CHECK)
    assert tab.check_page.ready.value.text() == "1"


def test_problem_rows_saved_to_a_folder_that_is_gone_says_so_in_plain_words(
    qtbot, window, ctx, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """It said "File not found … choose it again" and logged an unexpected error."""
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    tab = walk_to_check(qtbot, window, path)
    with qtbot.waitSignal(tab.job_finished, timeout=10000):
        tab.export_to(tmp_path / "stick" / "to-fix.csv")
    assert ctx.errors.last.title == (
        "Could not save to-fix.csv: the folder is no longer there or the disk is full. "
        "Choose another place, then export again."
    )
    assert tab.check_page.export.isEnabled()


def _choose_column(page: Any, what: Field, column: int | None) -> None:
    """The user picks *column* (None: "(none)") for *what* on the columns page."""
    combo = page.combos[what]
    combo.setCurrentIndex(combo.findData(column) if column is not None else 0)
    combo.activated.emit(combo.currentIndex())


def _unusable_files(folder: Path) -> list[Path]:
    """Files that cannot be imported: empty, blank rows only, a damaged workbook, and one
    deleted after it was chosen."""
    folder.mkdir()
    empty = folder / "empty.csv"
    empty.write_bytes(b"")
    blank = folder / "blank.csv"
    blank.write_bytes(b"\n,,\n  \n")
    damaged = folder / "damaged.xlsx"
    damaged.write_bytes(b"PK\x03\x04 not a workbook")
    return [empty, blank, damaged, folder / "deleted.csv"]


@pytest.mark.parametrize("where", ["file", "columns", "check"])
def test_a_file_that_cannot_be_used_dropped_on_one_in_progress_leaves_the_work_as_it_was(
    qtbot, window, ctx, arun, tmp_path: Path, where: str
) -> None:  # type: ignore[no-untyped-def]
    """A slip (the wrong file dropped) gave up the file in progress first: its columns and
    its check were lost, the user back on the start page. Now the new file is read first."""
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    tab = window.tab("import")
    window.dropEvent(drop_event([path]))
    wait_step(qtbot, tab, Step.FILE)
    page: Any = tab.file_page
    if where != "file":
        click(qtbot, tab.file_page.next)
        wait_step(qtbot, tab, Step.COLUMNS)
        page = tab.columns_page
        _choose_column(page, Field.EMAIL, None)  # the user's choice: e-mails not imported
    if where == "check":
        click(qtbot, tab.columns_page.next)
        wait_step(qtbot, tab, Step.CHECK)
        page = tab.check_page
        assert page.ready.value.text() == "11"  # row 14's bad e-mail is not read
    step = tab.flow.step
    for bad in _unusable_files(tmp_path / "slips"):
        before = len(shown)
        window.dropEvent(drop_event([bad]))
        qtbot.waitUntil(lambda before=before: len(shown) > before, timeout=10000)
        assert shown[-1].title == "That file cannot be imported"
        assert f"“{bad.name}”" in shown[-1].text
        assert tab.flow.step is step
        assert tab.flow.path == path
        assert tab.stack.currentWidget() is page
        assert not tab.start_page.problem.isVisible()
    assert [m.text for m in shown] == [
        "“empty.csv” has no rows at all.",
        "“blank.csv” has no rows at all.",
        "“damaged.xlsx” is damaged and cannot be read. If Excel can still open it, save it "
        "again under a new name and import that.",
        "“deleted.csv” is no longer there: it may have been moved or deleted. Choose it again.",
    ]
    assert tab.file_page.name.text() == "customers.csv"
    if where == "file":
        click(qtbot, tab.file_page.next)
        wait_step(qtbot, tab, Step.COLUMNS)
        _choose_column(tab.columns_page, Field.EMAIL, None)
    if where != "check":
        assert tab.flow.mapping.email is None
        click(qtbot, tab.columns_page.next)
        wait_step(qtbot, tab, Step.CHECK)
    # the work goes on where it was left: the columns chosen, the check as it was
    assert tab.check_page.ready.value.text() == "11"
    click(qtbot, tab.check_page.upload)
    wait_step(qtbot, tab, Step.DONE, timeout=60000)
    assert len(contacts_on_sandbox(arun, ctx)) == 11
    # a file that can be used still takes the place of one in progress, as before
    other = write_csv(tmp_path, "wateja.csv", [["Simu"], ["0722000111"]])
    tab2 = walk_to_check(qtbot, window, path)
    window.dropEvent(drop_event([other]))
    wait_step(qtbot, tab2, Step.FILE)
    assert tab2.file_page.name.text() == "wateja.csv"
    assert tab2.flow.path == other
    assert tab2.flow.report is None


def _preview_held(monkeypatch: pytest.MonkeyPatch, ctx: Any, name: str) -> Any:
    """Reading the head of the file called *name* waits until the test lets it go (a big
    workbook being read); returns the event that lets it go, and the names read."""
    imports = ctx.services.imports
    real = imports.preview
    release = asyncio.Event()
    read: list[str] = []

    async def held(path: Path, sheet: str | None = None) -> Any:
        read.append(path.name)
        if path.name == name:
            await release.wait()
        return await real(path, sheet)

    monkeypatch.setattr(imports, "preview", held)
    return release, read


@pytest.mark.parametrize("starts", ["check", "upload"])
def test_a_file_dropped_while_a_check_or_upload_runs_is_refused_and_the_work_goes_on(
    qtbot, window, ctx, arun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, starts: str
) -> None:  # type: ignore[no-untyped-def]
    """Dropped during a check or an upload, a file is refused in words saying what to do (an
    upload the service may have taken is never lost track of). Dropped just before, while it
    is still being read when the user starts the check or the upload, it is refused then."""
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    path = write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)
    other = write_csv(tmp_path, "wateja.csv", [["Simu"], ["0722000111"]])
    later = write_csv(tmp_path, "later.csv", [["Simu"], ["0722000112"]])
    release, read = _preview_held(monkeypatch, ctx, other.name)
    tab = window.tab("import")
    if starts == "check":
        window.dropEvent(drop_event([path]))
        wait_step(qtbot, tab, Step.FILE)
        click(qtbot, tab.file_page.next)
        wait_step(qtbot, tab, Step.COLUMNS)
        button = tab.columns_page.next
    else:
        _jobs_reported_as(ctx, "processing")  # the service holds the job: still uploading
        tab = walk_to_check(qtbot, window, path)
        button = tab.check_page.upload
    try:
        window.dropEvent(drop_event([other]))
        qtbot.waitUntil(lambda: read[-1:] == [other.name], timeout=10000)
        assert button.isVisible()  # still where the user was, while it is read
        click(qtbot, button)
        assert shown[-1].title == "An import is under way"
        assert shown[-1].text == (
            "“wateja.csv” was not opened: finish or cancel the import in progress first."
        )
        if starts == "upload":
            qtbot.waitUntil(
                lambda: "contacts added" in tab.upload_page.job_status.text(), timeout=20000
            )
            assert ctx.is_uploading()
            window.dropEvent(drop_event([later]))  # dropped during the upload
            assert shown[-1].text == (
                "“later.csv” was not opened: finish or cancel the import in progress first."
            )
            assert tab.flow.step is Step.UPLOADING
            assert tab.stack.currentWidget() is tab.upload_page
            assert ctx.is_uploading()
        release.set()
        qtbot.waitUntil(lambda: not ctx.tasks.is_running("import.next_file"), timeout=10000)
    finally:
        release.set()
        if starts == "upload":
            del ctx.client().list_uploads
    if starts == "check":
        wait_step(qtbot, tab, Step.CHECK)
        assert tab.check_page.ready.value.text() == "10"
        assert tab.flow.path == path
        with monkeypatch.context() as held:  # a check held: the drop meets it running
            real = ctx.services.imports.validate
            checking = asyncio.Event()

            async def validate(*args: Any) -> Any:
                await checking.wait()
                return await real(*args)

            held.setattr(ctx.services.imports, "validate", validate)
            click(qtbot, tab.check_page.back)
            wait_step(qtbot, tab, Step.COLUMNS)
            click(qtbot, tab.columns_page.next)
            wait_step(qtbot, tab, Step.CHECKING)
            window.dropEvent(drop_event([later]))
            assert shown[-1].text == (
                "“later.csv” was not opened: finish or cancel the import in progress first."
            )
            assert tab.flow.step is Step.CHECKING
            checking.set()
            wait_step(qtbot, tab, Step.CHECK)
        assert tab.check_page.ready.value.text() == "10"
        assert tab.flow.path == path
    else:
        wait_step(qtbot, tab, Step.DONE, timeout=60000)  # the upload ended as if nothing was
        assert tab.done_page.imported.value.text() == "10"
        assert len(contacts_on_sandbox(arun, ctx)) == 10
    assert "later.csv" not in read  # refused without being read
    assert tab.file_page.name.text() == "customers.csv"
