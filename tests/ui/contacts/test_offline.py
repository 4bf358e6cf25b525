"""The Contacts tab when the connection drops and comes back (the sandbox stopped and started
again): the user is told in plain words, nothing typed is lost, and Retry brings the list back."""

from __future__ import annotations

from typing import Any

from desktop_app.ui.contacts.states import State
from tests.conftest import RestartableSandbox
from tests.ui.contacts.helpers import LEFT, answer, make_tab, seed, wait_loaded
from tests.ui.contacts.test_form import everyone, open_add_form, save

NO_CONNECTION = (
    "Could not reach the messaging service. Check your internet connection, then try again."
)


def test_offline_delete_and_save_say_so_and_keep_everything(
    qtbot: Any, arun: Any, own_ctx: Any, own_sandbox: RestartableSandbox
) -> None:
    ctx = own_ctx
    seed(arun, ctx, 30)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 30)

    own_sandbox.stop()
    tab.select_rows([0, 1, 2])
    with qtbot.waitSignal(tab.job_finished, timeout=15000):
        qtbot.mouseClick(tab.delete_button, LEFT)
        answer(qtbot, tab)
    assert tab.notice.text() == f"3 contacts could not be deleted. {NO_CONNECTION}"
    # The list read again after the delete fails too: the page says why, the title no
    # longer claims to be loading.
    qtbot.waitUntil(lambda: tab.state_page.state is State.ERROR, timeout=15000)
    assert tab.state_page.title.text() == "No connection"
    assert tab.subtitle.text() == ""

    form = open_add_form(qtbot, tab)
    qtbot.keyClicks(form.phone_edit, "0799 000 111")
    qtbot.keyClicks(form.first_edit, "Baraka")
    save(qtbot, form)
    assert form.isVisible()
    assert form.banner.text() == f"No connection. {NO_CONNECTION}"
    assert (form.phone_edit.text(), form.first_edit.text()) == ("0799 000 111", "Baraka")

    own_sandbox.start()
    save(qtbot, form)
    assert not form.isVisible()
    wait_loaded(qtbot, tab, 31)  # the add reads the list again: the error page is gone
    assert tab.stack.currentWidget() is tab.table
    assert len(everyone(arun, ctx.client())) == 31  # nothing deleted, Baraka added once


def test_the_list_comes_back_by_itself_when_the_connection_does(
    qtbot: Any, arun: Any, own_ctx: Any, own_sandbox: RestartableSandbox, monkeypatch: Any
) -> None:
    """The list could not be read (no connection); once the service answers again (the app's
    own quiet check, the status bar's word) the list is read again without Retry pressed: once,
    never on a timer of the tab's own while the service is away."""
    from desktop_app.ui import context

    monkeypatch.setattr(context, "RECHECK_PAUSES", (0.2,))  # the app's check, soon
    ctx = own_ctx
    seed(arun, ctx, 30)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 30)
    client = ctx.client()
    reads: list[int] = []
    balance_reads: list[int] = []
    list_contacts, account = client.list_contacts, client.account_details

    async def counted_list(*args: Any, **kwargs: Any) -> Any:
        reads.append(1)
        return await list_contacts(*args, **kwargs)

    async def counted_account(*args: Any, **kwargs: Any) -> Any:
        balance_reads.append(1)
        return await account(*args, **kwargs)

    monkeypatch.setattr(client, "list_contacts", counted_list)
    monkeypatch.setattr(client, "account_details", counted_account)

    own_sandbox.stop()
    tab.refresh()
    qtbot.waitUntil(lambda: tab.state_page.state is State.ERROR, timeout=15000)
    assert not ctx.service_reachable
    failed_reads = len(reads)
    # the app asks now and then whether the service is back: the tab does not ask as well
    qtbot.waitUntil(lambda: len(balance_reads) >= 3, timeout=15000)
    assert len(reads) == failed_reads

    own_sandbox.start()
    qtbot.waitUntil(lambda: ctx.service_reachable, timeout=15000)
    wait_loaded(qtbot, tab, 30)
    assert tab.stack.currentWidget() is tab.table
    assert len(reads) == failed_reads + 1  # read once more, not hammered
