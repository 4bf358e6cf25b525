"""The connection lost while the service imports an uploaded file (a sandbox of the test's
own, stopped and started again): Tuma keeps following the import and finishes it once, rather
than giving up on it and leaving the file to be uploaded twice."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desktop_app.core.services.imports import Step
from desktop_app.ui.main_window import MainWindow
from tests.conftest import RestartableSandbox
from tests.core.import_files import DAMAGED_ROWS, write_csv
from tests.ui.import_.test_wizard import _jobs_reported_as, click, wait_step, walk_to_check


@pytest.fixture
def own_window(qtbot, own_ctx) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    win = MainWindow(own_ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.show()
    yield win
    win.close()


def test_the_connection_lost_while_the_service_imports_is_waited_out(
    qtbot: Any,
    arun: Any,
    own_window: MainWindow,
    own_ctx: Any,
    own_sandbox: RestartableSandbox,
    tmp_path: Path,
) -> None:
    """Before, the first failed check (~2 s offline) ended the upload: back to the start,
    "Cancelled", and "No connection ... then try again", inviting a second upload."""
    ctx = own_ctx
    client = ctx.client()
    _jobs_reported_as(ctx, "processing")  # the service holds the job until the test lets go
    try:
        tab = walk_to_check(qtbot, own_window, write_csv(tmp_path, "customers.csv", DAMAGED_ROWS))
        click(qtbot, tab.check_page.upload)
        status = tab.upload_page.job_status
        qtbot.waitUntil(lambda: "contacts added" in status.text(), timeout=20000)
        own_sandbox.stop()
        qtbot.waitUntil(
            lambda: "connection to the service was lost" in status.text(), timeout=20000
        )
        assert status.text() == (
            "The connection to the service was lost. It already has the file: Tuma keeps "
            "checking until the connection is back…"
        )
        assert tab.flow.step is Step.UPLOADING
        assert tab.upload_page.cancel.isEnabled()  # the user may still stop waiting
        own_sandbox.start()
    finally:
        del client.list_uploads
    wait_step(qtbot, tab, Step.DONE, timeout=30000)
    assert tab.done_page.imported.value.text() == "10"
    uploads = arun(client.list_uploads())
    assert [(u.status, u.imported) for u in uploads] == [("completed", 10)]  # uploaded once
    qtbot.waitUntil(lambda: tab.start_page.past.rowCount() == 1, timeout=10000)
    assert tab.start_page.past.item(0, 3).text() == "Completed, 6 problem rows"


def test_a_reply_lost_once_the_file_is_sent_is_settled_from_the_list_when_back(
    qtbot: Any,
    arun: Any,
    own_window: MainWindow,
    own_ctx: Any,
    own_sandbox: RestartableSandbox,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The service took the file, then the connection dropped before its reply (and stayed
    down). Before, Tuma went back to the Check page, "Outcome unknown", Upload enabled: one
    more press uploaded the rows twice. Now, once the service can be asked, its list of
    uploads shows the file arrived, and Tuma follows that import to the end."""
    from desktop_app.core.api import errors as api
    from desktop_app.core.api.models import UploadAccepted
    from desktop_app.core.services.imports import PollPolicy
    from desktop_app.sandbox.admin import SandboxAdmin

    monkeypatch.setattr(own_ctx.services.imports, "poll", PollPolicy(settle_after=0.2))
    client = own_ctx.client()
    real_upload = client.upload_contacts

    async def reply_lost(path: Any, progress: Any = None) -> UploadAccepted:
        with SandboxAdmin(own_sandbox.process.base_url, own_sandbox.admin_key) as admin:
            admin.fault("disconnect", path_prefix="/api/v1/contacts/upload")  # taken, no reply
        try:
            return await real_upload(path, progress)
        except api.InDoubt:
            own_sandbox.stop()  # and the connection stays down
            raise

    client.upload_contacts = reply_lost
    try:
        tab = walk_to_check(qtbot, own_window, write_csv(tmp_path, "customers.csv", DAMAGED_ROWS))
        click(qtbot, tab.check_page.upload)
        status = tab.upload_page.job_status
        qtbot.waitUntil(lambda: "asking the service" in status.text(), timeout=20000)
    finally:
        del client.upload_contacts
    assert status.text() == (
        "The connection was lost just after the file was sent. Tuma is asking the service "
        "whether it received it (and keeps asking until the connection is back)…"
    )
    assert tab.flow.step is Step.UPLOADING
    assert tab.upload_page.cancel.isEnabled()
    own_sandbox.start()
    wait_step(qtbot, tab, Step.DONE, timeout=30000)
    assert tab.done_page.imported.value.text() == "10"
    uploads = arun(client.list_uploads())
    assert [(u.status, u.imported) for u in uploads] == [("completed", 10)]  # uploaded once
    qtbot.waitUntil(lambda: tab.start_page.past.rowCount() == 1, timeout=10000)
    assert tab.start_page.past.item(0, 3).text() == "Completed, 6 problem rows"
