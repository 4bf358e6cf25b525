"""Another account opened while the Import tab shows an import: the finished import's report
(its contacts, the groups Add to group fills) stays with its own account, and a checked file
waiting to be uploaded counts its opt-outs on the account it will go to."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desktop_app.core.services.imports import Step
from desktop_app.core.services.optouts import OptOutSource
from tests.core.import_files import DAMAGED_ROWS, write_csv
from tests.ui.import_.test_wizard import click, wait_step, walk_to_check, walk_to_done
from tests.ui.support import add_other_shop


def _switch(qtbot: Any, window: Any, ctx: Any, name: str) -> None:
    window.switch_to(name)
    qtbot.waitUntil(
        lambda: ctx.session is not None and ctx.session.profile.name == name, timeout=10000
    )
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)


def test_a_finished_import_is_left_for_the_start_page_when_another_account_opens(
    qtbot: Any,
    window: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    account: Any,
    memory_keyring: Any,
    tmp_path: Path,
) -> None:
    first = ctx.session.profile.name
    tab = walk_to_done(qtbot, window, tmp_path)  # ten contacts imported into the first shop
    assert tab.done_page.add_group.isVisible()
    add_other_shop(admin, account, ctx, memory_keyring)
    _switch(qtbot, window, ctx, "Other shop")
    # the first shop's report is not shown as this one's: its Add to group is out of reach
    wait_step(qtbot, tab, "start")
    assert not tab.done_page.isVisible()
    assert arun(ctx.services.contacts.groups("Other shop")) == []
    # back in the first shop, its import is listed under Past imports, and reopens
    _switch(qtbot, window, ctx, first)
    qtbot.waitUntil(lambda: tab.start_page.past.rowCount() >= 1, timeout=10000)


def test_add_to_group_fills_the_group_of_the_account_the_contacts_went_to(
    qtbot: Any,
    window: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    account: Any,
    memory_keyring: Any,
    tmp_path: Path,
) -> None:
    """Even if the page were still up after a switch (a signal late, a path not thought of),
    the contacts go into the group of the account they were imported to."""
    first = ctx.session.profile.name
    tab = walk_to_done(qtbot, window, tmp_path)
    add_other_shop(admin, account, ctx, memory_keyring)
    window.switch_to("Other shop")
    qtbot.waitUntil(lambda: ctx.session.profile.name == "Other shop", timeout=10000)
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    tab.done_page.group.setEditText("Wholesale")
    tab.add_to_group()
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    assert arun(ctx.services.contacts.groups("Other shop")) == []
    assert [(g.name, g.size) for g in arun(ctx.services.contacts.groups(first))] == [
        ("Wholesale", 10)
    ]


def test_a_checked_file_counts_its_opt_outs_on_the_account_it_will_go_to(
    qtbot: Any,
    window: Any,
    ctx: Any,
    arun: Any,
    admin: Any,
    account: Any,
    memory_keyring: Any,
    tmp_path: Path,
) -> None:
    first = ctx.session.profile.name
    arun(ctx.services.optouts.add(first, ["+254712345678"], OptOutSource.REPLIED))
    tab = walk_to_check(qtbot, window, write_csv(tmp_path, "customers.csv", DAMAGED_ROWS))
    note = tab.check_page.opt_out_note
    qtbot.waitUntil(note.isVisible, timeout=10000)
    add_other_shop(admin, account, ctx, memory_keyring)
    _switch(qtbot, window, ctx, "Other shop")
    # the file stays checked, ready for this account; nobody on this account's list
    assert tab.flow.step is Step.CHECK
    assert tab.check_page.isVisible()
    assert not note.isVisible()
    # and back: the first shop's opt-out counted again
    _switch(qtbot, window, ctx, first)
    qtbot.waitUntil(note.isVisible, timeout=10000)
    assert note.text().startswith("1 of these numbers")
    click(qtbot, tab.check_page.upload)
    wait_step(qtbot, tab, Step.DONE, timeout=60000)
