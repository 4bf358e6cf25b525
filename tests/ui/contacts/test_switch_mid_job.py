"""Switching account (the Account menu, the account dialog's Save, Sign out) while the
Contacts tab changes contacts, on the sandbox with a slow line.

The switch used to cancel the job with a request on its way: of six contacts being deleted,
three went, the third still in "Wholesale" on this computer (deleted on the service), and
nothing said the other three were not deleted. The account now cannot change under such a
job, as under a send or an upload; a job that only reads (collecting, exporting) does not
hold it."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.ui.contacts.tab import JOB_TASK
from tests.ui.contacts.helpers import LEFT, answer, wait_loaded
from tests.ui.contacts.test_quit_jobs import (
    COUNT,
    _count_calls,
    _in_group,
    _on_the_service,
    _window_with_a_group,
)
from tests.ui.support import add_other_shop


def test_the_account_cannot_change_under_a_delete(
    qtbot: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    account: Any,
    memory_keyring: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert JOB_TASK == ctx.CONTACTS_JOB_TASK  # the task the guard looks for
    add_other_shop(admin, account, ctx, memory_keyring)
    window, tab, everyone = _window_with_a_group(qtbot, ctx, arun)
    session = ctx.session
    profile = session.profile.name
    calls = _count_calls(monkeypatch, session.client, "delete_contact")
    admin.fault("delay", COUNT, path_prefix="/api/v1/contacts", seconds=0.3)
    try:
        tab.table.clearSelection()
        tab.select_rows(range(COUNT))
        qtbot.mouseClick(tab.delete_button, LEFT)
        answer(qtbot, tab)
        qtbot.waitUntil(lambda: len(calls) >= 3, timeout=15000)  # half-way
        window.switch_to("Other shop")  # the Account menu
        assert window.message_bar.message is not None
        assert window.message_bar.message.title == "Contacts are being changed"
        assert "press Cancel on the Contacts tab" in window.message_bar.message.text
        window.sign_out_action.trigger()
        dialog = window.open_account_dialog()
        dialog._on_save_clicked()
        assert dialog.status_label.text() == (
            "Contacts are being changed: save this account once it has finished."
        )
        dialog.close()
        assert ctx.session is session
        with qtbot.waitSignal(tab.job_finished, timeout=15000):
            pass  # the delete goes on to its end
    finally:
        admin.clear_faults()
    assert tab.notice.text() == f"Deleted {COUNT} contacts."
    assert _on_the_service(arun, account) == []
    assert not _in_group(arun, ctx, profile, everyone)  # all of them out of the group
    window.switch_to("Other shop")  # now it goes
    qtbot.waitUntil(lambda: ctx.session.profile.name == "Other shop", timeout=10000)


def test_a_job_that_only_reads_does_not_hold_the_account(
    qtbot: Any, ctx: Any, arun: Any, admin: Any, account: Any, memory_keyring: Any
) -> None:
    """Exporting changes nothing: switching cancels it, as before (no file is left)."""
    import asyncio

    add_other_shop(admin, account, ctx, memory_keyring)
    window, tab, _everyone = _window_with_a_group(qtbot, ctx, arun)
    release = asyncio.Event()
    ctx.tasks.start(JOB_TASK, release.wait())  # a job that has not changed anything
    assert not ctx.is_changing_contacts()
    window.switch_to("Other shop")
    qtbot.waitUntil(lambda: ctx.session.profile.name == "Other shop", timeout=10000)
    assert not ctx.tasks.is_running(JOB_TASK)  # cancelled by the switch
    wait_loaded(qtbot, tab, 0)
