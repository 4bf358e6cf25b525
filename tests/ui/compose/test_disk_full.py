"""The computer's disk fills up while the shop sends (a 32 GB laptop does): Tuma says the
disk is full and what to do, not "Something went wrong (OperationalError) … try again"; the
people who were sent it are never sent it again, not by Send pressed again, not by Resume
once there is room. Against the real sandbox; the store's commits fail as SQLite's do on a
full disk (tests/disk.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.disk import full_disk
from tests.ui.compose.helpers import LEFT, SendRun, compose, make_tab, use_kenyan_locale

pytestmark = pytest.mark.expect_log(
    "records could not be saved",
    "could not be written down",
    "writing recipients rows failed",
    "could not be put back",
    "could not save the draft",
    "could not record the balance reading",
)

PHONES = [f"+25471200{n:04d}" for n in range(1, 7)]


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def tab(qtbot, ctx):  # type: ignore[no-untyped-def]
    widget = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: widget.summary.balance_value.text() == "1,000 credits")
    return widget


def _phones(admin: Any, account: Any) -> list[str]:
    return sorted(r["phone"] for r in admin.messages(account.account_id))


def test_the_disk_filling_mid_send_says_so_and_nobody_gets_it_twice(
    qtbot, tab, ctx, admin, account, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.ui.compose.send_dialog import SendProgressDialog

    shown = SendProgressDialog.show_progress
    with full_disk(ctx.services.store.db) as disk:

        def fills_after_the_first_batch(dialog, done, total, recipients):  # type: ignore[no-untyped-def]
            if done == 1:
                disk.full = True  # the second batch goes out; its reply cannot be saved
            shown(dialog, done, total, recipients)

        monkeypatch.setattr(SendProgressDialog, "show_progress", fills_after_the_first_batch)
        ctx.session.profile.bulk_chunk_size = 2
        compose(qtbot, tab, "\n".join(PHONES), "Disk sale")
        run = SendRun(qtbot, tab)
        run.click_send()
        run.confirm()
        run.wait()
        assert _phones(admin, account) == PHONES[:4]
        problem = ctx.errors.problem
        assert problem is not None
        assert problem.title == "The disk is full"
        assert "Free some space" in problem.text
        assert "OperationalError" not in problem.text + problem.title
        notice = tab.notice.label.text()
        assert "Sent to 2 people" in notice
        assert "2 more people got it too, but Tuma could not save that yet" in notice
        assert "2 recipients not sent yet" in notice
        # Some of it went: the form is cleared, so Send cannot send it to them again; the
        # rest waits in the note above.
        assert tab.composer.text() == ""
        assert tab.recipients.is_empty()
        assert "2 recipients not sent yet" in tab.resume_banner.label.text()

        # Still full: resuming sends nobody, and says the disk is full again.
        monkeypatch.setattr(SendProgressDialog, "show_progress", shown)
        run.finished.clear()
        _resume(qtbot, tab)
        run.wait()
        assert _phones(admin, account) == PHONES[:4]
        assert ctx.errors.problem is not None
        assert ctx.errors.problem.title == "The disk is full"

        disk.full = False  # the shop deleted some old videos
        run.finished.clear()
        _resume(qtbot, tab)
        run.wait()
    assert _phones(admin, account) == PHONES  # each of the six once
    journal = ctx.services.store.journal
    broadcast = journal.broadcast(_broadcast(ctx))
    assert broadcast.is_finished
    assert broadcast.recipients_accepted == 6
    assert len(run.batches()) == 3  # all three batches reach the Delivery tab
    qtbot.waitUntil(tab.resume_banner.isHidden)


def _resume(qtbot: Any, tab: Any) -> None:
    """Review… in the note above, then "Send to the remaining 2 recipients"."""
    from PySide6.QtWidgets import QPushButton

    qtbot.mouseClick(tab.resume_banner.review_button, LEFT)
    qtbot.waitUntil(lambda: tab.resume_dialog is not None and tab.resume_dialog.isVisible())
    dialog = tab.resume_dialog
    qtbot.waitUntil(lambda: dialog.findChild(QPushButton, "resumeButton") is not None)
    resume = dialog.findChild(QPushButton, "resumeButton")
    assert resume.text() == "Send to the remaining 2 recipients"
    qtbot.mouseClick(resume, LEFT)


def _asking(tab: Any) -> bool:
    return tab.confirm_dialog is not None and tab.confirm_dialog.isVisible()


def _broadcast(ctx: Any) -> int:
    profile = ctx.session.profile.name
    (latest, *_older) = ctx.services.store.journal.broadcasts(profile)
    return int(latest.id)


def test_a_full_disk_before_sending_sends_nothing_and_keeps_the_form(
    qtbot, tab, ctx, admin, account
) -> None:  # type: ignore[no-untyped-def]
    compose(qtbot, tab, "\n".join(PHONES[:3]), "Full before")
    with full_disk(ctx.services.store.db) as disk:
        disk.full = True
        run = SendRun(qtbot, tab)
        run.click_send()
        # Where it stops depends on the first write that needs room: the duplicate check's
        # (these commits all fail), or writing the broadcast down once confirmed.
        qtbot.waitUntil(lambda: bool(run.finished) or _asking(tab), timeout=10000)
        if _asking(tab):
            run.confirm()
        run.wait()
        assert _phones(admin, account) == []
        problem = ctx.errors.problem
        assert problem is not None
        assert problem.title == "The disk is full"
        assert tab.composer.text() == "Full before"  # nothing went: the form is the send
        assert len(tab.recipients.people()) == 3
        disk.full = False
        run.finished.clear()
        run.click_send()
        run.confirm()
        run.wait()
    assert _phones(admin, account) == sorted(PHONES[:3])


def test_a_full_disk_is_logged_in_one_line_not_as_an_unexpected_error(qtbot, caplog) -> None:  # type: ignore[no-untyped-def]
    """The bar says it at every autosave while the disk is full: the log, on that same disk,
    gets one warning line each time, not an "unexpected error" with its traceback."""
    import logging

    from desktop_app.core.store import StoreError, StoreProblem
    from desktop_app.ui.errors import ErrorPresenter

    presenter = ErrorPresenter()
    with caplog.at_level(logging.WARNING):
        presenter.present(StoreError(StoreProblem.DISK_FULL, path="/home/duka/tuma.sqlite3"))
    assert presenter.problem is not None
    assert presenter.problem.title == "The disk is full"
    (record,) = [r for r in caplog.records if r.name == "desktop_app.ui.errors"]
    assert record.levelno == logging.WARNING
    assert record.getMessage().startswith("Tuma's records could not be saved: disk_full")
    assert record.exc_info is None
