"""A key refused (revoked on the sandbox) during an upload, as the Import tab says it beside
the key's own words: before, nothing of the tab's when no part was taken (was anything
imported? what now?), and when a later part was refused only "contacts the service had
received may still be added", not that the rest was never sent nor how to add it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desktop_app.core.services.imports import ImportOutcome, Step
from tests.core.import_files import DAMAGED_ROWS, write_csv
from tests.ui.import_.test_wizard import click, contacts_on_sandbox, wait_step, walk_to_check

REFUSED = (
    "Your secret key was not accepted (it may have expired or been revoked). Connect your "
    "account again with a new key."
)


def _reconnect(qtbot: Any, ctx: Any, arun: Any, admin: Any, account: Any) -> None:
    token = admin.create_token(account.account_id, kind="scoped", scopes=["sms", "contacts"])
    arun(ctx.open_session(ctx.session.profile, token))
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)


def test_a_key_refused_before_anything_was_taken_keeps_the_check_and_says_press_upload(
    qtbot, window, ctx, arun, admin, account, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    tab = walk_to_check(qtbot, window, write_csv(tmp_path, "customers.csv", DAMAGED_ROWS))
    admin.revoke_token(account.token)
    click(qtbot, tab.check_page.upload)
    qtbot.waitUntil(lambda: bool(shown), timeout=20000)
    wait_step(qtbot, tab, Step.CHECK)
    assert [(m.title, m.text, m.reauth) for m in shown] == [
        (
            "Sign-in needed",
            REFUSED + "\nNothing from “customers.csv” was uploaded. The checked rows are "
            "kept: once your account is connected again, press Upload.",
            True,
        )
    ]
    _reconnect(qtbot, ctx, arun, admin, account)
    assert tab.flow.step is Step.CHECK  # what the words promise: the check is still there
    click(qtbot, tab.check_page.upload)
    wait_step(qtbot, tab, Step.DONE, timeout=60000)
    assert tab.done_page.imported.value.text() == "10"
    assert len(contacts_on_sandbox(arun, ctx)) == 10


def test_a_key_refused_at_a_later_part_says_the_rest_was_not_sent_and_how_to_add_it(
    qtbot, window, ctx, arun, admin, account, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    ctx.services.imports.max_upload_rows = 4  # ten contacts: three parts
    client = ctx.client()
    real = client.upload_contacts
    parts: list[Any] = []

    async def revoked_after_the_first(path: Any, progress: Any = None) -> Any:
        if parts:
            admin.revoke_token(account.token)
        parts.append(path)
        return await real(path, progress)

    client.upload_contacts = revoked_after_the_first
    try:
        tab = walk_to_check(qtbot, window, write_csv(tmp_path, "customers.csv", DAMAGED_ROWS))
        click(qtbot, tab.check_page.upload)
        qtbot.waitUntil(lambda: bool(shown), timeout=30000)
        wait_step(qtbot, tab, "start")
        qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    finally:
        del client.upload_contacts
    assert len(parts) == 2
    assert [(m.title, m.text, m.reauth) for m in shown] == [
        (
            "Sign-in needed",
            REFUSED + "\nTuma stopped uploading “customers.csv” after part 1 of 3. The "
            "contacts in the parts the service received may still be added; the report is "
            "kept under Past imports. To add the rest, connect your account again, then "
            "import the file again: contacts already added are updated, not added twice.",
            True,
        )
    ]
    past, _problems = arun(ctx.services.imports.past(ctx.session.profile.name, None))
    assert [(p.record.outcome, len(p.record.upload_ids)) for p in past] == [
        (ImportOutcome.CANCELLED, 1)
    ]
    # what the words say to do: connected again, the file imported again adds the rest once
    _reconnect(qtbot, ctx, arun, admin, account)
    tab = walk_to_check(qtbot, window, write_csv(tmp_path, "customers.csv", DAMAGED_ROWS))
    click(qtbot, tab.check_page.upload)
    wait_step(qtbot, tab, Step.DONE, timeout=60000)
    assert len(contacts_on_sandbox(arun, ctx)) == 10
