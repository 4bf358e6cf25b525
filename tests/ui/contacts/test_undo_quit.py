"""Quitting while an Undo is adding deleted contacts back, on the real sandbox: the app still
quits within its bounds (the tabs wound down, then the work cancelled), no contact is added
twice, the ones not yet added back are not said to be, and the offer ends with the app (it
lives in memory only: pressing Undo afterwards adds nobody)."""

from __future__ import annotations

import logging
import re
import time
from typing import Any

import pytest

from desktop_app.core.api.client import Client
from desktop_app.ui.contacts.tab import JOB_TASK
from desktop_app.ui.main_window import MainWindow
from tests.ui.contacts.helpers import LEFT, answer, seed, wait_loaded

COUNT = 6
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


def test_quitting_during_an_undo_quits_and_adds_nobody_twice(
    qtbot: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    account: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    seed(arun, ctx, COUNT)
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    window.show_tab("contacts")
    tab: Any = window.tab("contacts")
    wait_loaded(qtbot, tab, COUNT)
    everyone = sorted(_on_the_service(arun, account))
    assert len(everyone) == COUNT

    tab.table.clearSelection()
    tab.select_rows(range(COUNT))
    with qtbot.waitSignal(tab.job_finished, timeout=15000):
        qtbot.mouseClick(tab.delete_button, LEFT)
        answer(qtbot, tab)
    wait_loaded(qtbot, tab, 0)
    assert tab.notice.text() == f"Deleted {COUNT} contacts."
    assert tab.undo_button.isVisible()

    session_client = ctx.session.client
    create_contact = session_client.create_contact
    calls: list[str] = []

    async def counted(phone: str, **kwargs: Any) -> Any:
        calls.append(phone)
        return await create_contact(phone, **kwargs)

    monkeypatch.setattr(session_client, "create_contact", counted)
    admin.fault("delay", COUNT, path_prefix="/api/v1/contacts", seconds=0.6)  # a slow line
    try:
        qtbot.mouseClick(tab.undo_button, LEFT)
        # two added back, the third on its way: the quit comes mid-way
        qtbot.waitUntil(lambda: len(calls) >= 3, timeout=15000)
        assert ctx.tasks.is_running(JOB_TASK)
        caplog.set_level(logging.INFO)
        caplog.clear()
        started = time.monotonic()
        window.close()  # as app.py quits: the window goes, the tabs wind down, work is cancelled
        arun(window.wind_down(timeout=WIND_DOWN), timeout=WIND_DOWN + 10)
        arun(window.manager.shutdown(timeout=SHUTDOWN), timeout=SHUTDOWN + 10)
        took = time.monotonic() - started
    finally:
        admin.clear_faults()

    assert took < WIND_DOWN + SHUTDOWN
    assert not ctx.tasks.busy
    assert not ctx.tasks.running()
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
