"""What is typed in the contact form survives a quit, a log-out or a crash, on the sandbox:
kept as the account's contact draft shortly after typing stops and when the tab winds down
(a quit closes the form without asking "Discard changes?"), offered back in the Contacts
tab's notice when the account opens again, reopened as the same add or edit, and gone once
saved or discarded. A form of one account never writes under another."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from desktop_app.core.api import Client
from desktop_app.core.services import Services
from desktop_app.ui.contacts import form as form_module
from desktop_app.ui.contacts.form import DRAFT_DELAY_MS, DRAFT_TASK, ContactFormDialog
from desktop_app.ui.contacts.tab import DRAFT_LOAD_TASK, ContactsTab
from desktop_app.ui.context import AppContext
from tests.ui.contacts.helpers import LEFT, answer, make_tab, seed, wait_loaded
from tests.ui.contacts.test_quit_jobs import _quit, _window_on_contacts
from tests.ui.support import add_other_shop

KEPT = "A contact you were typing when Tuma closed was kept: {name}."


def everyone(arun: Any, client: Client) -> list[Any]:
    return list(arun(client.list_contacts(page_size=100)).contacts)


def kept(arun: Any, ctx: Any, profile: str) -> Any:
    """The account's latest contact draft as the store has it now (None: none)."""
    drafts = arun(ctx.services.contacts.load_drafts(profile))
    return drafts[0] if drafts else None


def open_add_form(qtbot: Any, tab: ContactsTab) -> ContactFormDialog:
    qtbot.mouseClick(tab.add_button, LEFT)
    qtbot.waitUntil(lambda: bool(tab._forms) and tab._forms[-1].isVisible(), timeout=5000)
    return tab._forms[-1]


def open_edit_form(qtbot: Any, tab: ContactsTab) -> ContactFormDialog:
    tab.edit_row(0)
    qtbot.waitUntil(lambda: bool(tab._forms) and tab._forms[-1].isVisible(), timeout=5000)
    return tab._forms[-1]


def type_new_contact(qtbot: Any, form: ContactFormDialog) -> None:
    qtbot.keyClicks(form.phone_edit, "0712 345 678")
    qtbot.keyClicks(form.first_edit, "Wanjiku")
    qtbot.keyClicks(form.last_edit, "Kamau")
    qtbot.keyClicks(form.notes_edit, "Buys every Friday")


def died(form: ContactFormDialog) -> None:
    """The process ends here: the form's timer never fires again."""
    form._draft_timer.stop()
    form.keeps_draft = False


def saved(qtbot: Any, form: ContactFormDialog) -> None:
    with qtbot.waitSignal(form.attempt_finished, timeout=10000):
        qtbot.mouseClick(form.save_button, LEFT)


def looked(qtbot: Any, ctx: Any, tab: ContactsTab) -> None:
    """Until the tab has looked for the account's kept draft."""
    qtbot.waitUntil(
        lambda: tab._draft_looked_for is ctx.session and not ctx.tasks.is_running(DRAFT_LOAD_TASK),
        timeout=5000,
    )


def wait_written(qtbot: Any, ctx: Any, profile: str) -> None:
    """Until no draft write or clear is on its way."""
    qtbot.waitUntil(
        lambda: not [n for n in ctx.tasks.running() if n.startswith(DRAFT_TASK + ".")],
        timeout=5000,
    )


@pytest.fixture
def restart(
    qtbot: Any, arun: Any, services: Any, tmp_path: Any, test_profile: Any, account: Any
) -> Iterator[Callable[[], tuple[AppContext, ContactsTab]]]:
    """Tuma started again on the same records (after a quit or a crash): a new context on
    a new opening of the store file, and its Contacts tab shown."""
    opened: list[tuple[AppContext, Services]] = []

    def start() -> tuple[AppContext, ContactsTab]:
        again = Services.open(store_path=services.store.path, settings_path=tmp_path / "2.json")
        context = AppContext(again)
        opened.append((context, again))
        arun(context.open_session(test_profile, account.token))
        tab = make_tab(qtbot, context)
        looked(qtbot, context, tab)
        return context, tab

    yield start
    for context, again in opened:
        arun(context.tasks.shutdown(timeout=5.0))
        arun(context.close_session(emit=False))
        again.close()


@pytest.fixture
def questions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every "Discard changes?" a contact form asks (its title)."""
    asked: list[str] = []
    ask = form_module.confirm

    def recording(parent: Any, **kwargs: Any) -> QMessageBox:
        asked.append(kwargs["title"])
        return ask(parent, **kwargs)

    monkeypatch.setattr(form_module, "confirm", recording)
    return asked


def test_a_new_contact_typed_then_quit_is_kept_by_the_tabs_stop(
    qtbot: Any, ctx: Any, arun: Any, restart: Any
) -> None:
    """Typed, and Tuma quit within the second before the timer: the tab's stop() (the quit's
    wind-down) writes it; the next start offers it back, Open it refills the form (dirty: its
    Cancel asks), and its Save adds the contact and ends the draft."""
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 0)
    profile = ctx.session.profile.name
    form = open_add_form(qtbot, tab)
    type_new_contact(qtbot, form)
    assert form._draft_timer.isActive()  # not written yet
    assert kept(arun, ctx, profile) is None
    assert arun(tab.stop(5.0))
    died(form)
    draft = kept(arun, ctx, profile)
    assert draft is not None
    assert (draft.phone, draft.first_name, draft.last_name, draft.notes, draft.contact) == (
        "0712 345 678",
        "Wanjiku",
        "Kamau",
        "Buys every Friday",
        None,
    )

    again, tab2 = restart()
    assert tab2.notice.isVisible()
    assert tab2.notice.text() == KEPT.format(name="Wanjiku Kamau")
    assert tab2.open_draft_button.isVisible()
    assert tab2.discard_draft_button.isVisible()
    qtbot.mouseClick(tab2.open_draft_button, LEFT)
    qtbot.waitUntil(lambda: bool(tab2._forms) and tab2._forms[-1].isVisible(), timeout=5000)
    reopened = tab2._forms[-1]
    assert reopened.contact is None
    assert reopened.windowTitle() == "Add a contact"
    assert reopened.form() == form.form()
    assert reopened.dirty
    assert not tab2.open_draft_button.isVisible()
    assert kept(arun, again, profile) is not None  # kept until saved or discarded
    reopened.reject()  # Cancel asks, as for any typing
    assert answer(qtbot, reopened, "confirmNo") == "Close without saving this contact?"
    assert reopened.isVisible()
    saved(qtbot, reopened)
    assert not reopened.isVisible()
    (contact,) = everyone(arun, again.client())
    assert (contact.phone, contact.first_name, contact.last_name, contact.notes) == (
        "+254712345678",
        "Wanjiku",
        "Kamau",
        "Buys every Friday",
    )
    wait_written(qtbot, again, profile)
    assert kept(arun, again, profile) is None


def test_an_edit_typed_at_quit_reopens_as_that_edit(
    qtbot: Any, ctx: Any, arun: Any, restart: Any
) -> None:
    """A changed name on an existing contact, then the quit: reopened, it is an edit of that
    contact (its Save updates it: no second contact)."""
    seed(arun, ctx, 1)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 1)
    profile = ctx.session.profile.name
    (before,) = everyone(arun, ctx.client())
    form = open_edit_form(qtbot, tab)
    assert form.contact is not None
    assert form.contact.uuid == before.uuid
    form.first_edit.selectAll()
    qtbot.keyClicks(form.first_edit, "Nyambura")
    form.notes_edit.clear()
    qtbot.keyClicks(form.notes_edit, "Owes 200")
    assert arun(tab.stop(5.0))
    died(form)
    draft = kept(arun, ctx, profile)
    assert draft is not None
    assert draft.contact is not None
    assert draft.contact.uuid == before.uuid

    again, tab2 = restart()
    assert tab2.notice.text() == KEPT.format(
        name=" ".join(p for p in ("Nyambura", before.last_name or "") if p)
    )
    reopened = tab2.open_draft()
    assert reopened is not None
    qtbot.waitUntil(reopened.isVisible, timeout=5000)
    assert reopened.contact is not None
    assert reopened.contact.uuid == before.uuid
    assert reopened.windowTitle() == "Edit contact"
    assert reopened.first_edit.text() == "Nyambura"
    assert reopened.notes_edit.toPlainText() == "Owes 200"
    assert reopened.dirty
    saved(qtbot, reopened)
    (after,) = everyone(arun, again.client())  # the same one, changed
    assert after.uuid == before.uuid
    assert (after.first_name, after.notes, after.phone) == ("Nyambura", "Owes 200", before.phone)
    wait_written(qtbot, again, profile)
    assert kept(arun, again, profile) is None


def test_closing_the_window_keeps_the_typing_without_asking(
    qtbot: Any, ctx: Any, arun: Any, restart: Any, questions: list[str]
) -> None:
    """A log-out, a SIGTERM or Ctrl+C close the main window, which closes every dialog: the
    form used to ask "Discard changes?" for the instant the app took to end, and the typing
    was gone. It now closes without asking, its typing kept."""
    window, tab = _window_on_contacts(qtbot, ctx, 0)
    profile = ctx.session.profile.name
    form = open_add_form(qtbot, tab)
    type_new_contact(qtbot, form)
    closed: list[int] = []
    form.finished.connect(closed.append)
    _quit(arun, window)
    assert questions == []
    assert closed == [0]  # closed (rejected), not left open behind a question
    assert not [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert not ctx.tasks.running()
    draft = kept(arun, ctx, profile)
    assert draft is not None
    assert (draft.first_name, draft.phone) == ("Wanjiku", "0712 345 678")
    _again, tab2 = restart()
    assert tab2.notice.text() == KEPT.format(name="Wanjiku Kamau")


def test_a_new_form_typed_while_a_kept_draft_is_on_offer_does_not_replace_it(
    qtbot: Any, ctx: Any, arun: Any, restart: Any
) -> None:
    """Tuma reopened with Wanjiku kept and on offer; the user ignores it, adds Baraka, types,
    and Tuma is closed again. One draft per account made Baraka's typing replace Wanjiku's
    without a word. Both are kept: offered the latest first, then the other once it is dealt
    with."""
    profile = ctx.session.profile.name
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 0)
    first = open_add_form(qtbot, tab)
    type_new_contact(qtbot, first)
    assert arun(tab.stop(5.0))
    died(first)

    again, tab2 = restart()
    assert tab2.notice.text() == KEPT.format(name="Wanjiku Kamau")
    second = open_add_form(qtbot, tab2)  # Add contact, not Open it
    qtbot.keyClicks(second.first_edit, "Baraka")
    qtbot.waitUntil(lambda: kept(arun, again, profile).first_name == "Baraka", timeout=5000)
    assert arun(tab2.stop(5.0))
    died(second)
    names = [d.first_name for d in arun(again.services.contacts.load_drafts(profile))]
    assert names == ["Baraka", "Wanjiku"]  # both kept, the latest first

    third, tab3 = restart()
    text = "2 contacts you were typing when Tuma closed were kept; the latest: Baraka."
    assert tab3.notice.text() == text
    qtbot.mouseClick(tab3.open_draft_button, LEFT)
    qtbot.waitUntil(lambda: bool(tab3._forms) and tab3._forms[-1].isVisible(), timeout=5000)
    baraka = tab3._forms[-1]
    assert baraka.first_edit.text() == "Baraka"
    qtbot.mouseClick(baraka.cancel_button, LEFT)
    answer(qtbot, baraka)  # Discard
    qtbot.waitUntil(lambda: not baraka.isVisible(), timeout=5000)
    # once that form is done with, the other is offered
    qtbot.waitUntil(lambda: tab3.notice.text() == KEPT.format(name="Wanjiku Kamau"), timeout=5000)
    assert tab3.open_draft_button.isVisible()
    assert [d.first_name for d in arun(third.services.contacts.load_drafts(profile))] == ["Wanjiku"]


def test_the_users_own_cancel_still_asks(
    qtbot: Any, ctx: Any, arun: Any, questions: list[str]
) -> None:
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 0)
    form = open_add_form(qtbot, tab)
    qtbot.keyClicks(form.first_edit, "Achieng")
    qtbot.keyClick(form.first_edit, Qt.Key.Key_Escape)
    assert answer(qtbot, form, "confirmNo") == "Close without saving this contact?"
    assert questions == ["Discard changes?"]
    assert form.isVisible()
    qtbot.waitUntil(lambda: form._discard_box is None, timeout=5000)  # (the box is gone)
    qtbot.mouseClick(form.cancel_button, LEFT)
    assert answer(qtbot, form, "confirmNo") == "Close without saving this contact?"
    assert questions == ["Discard changes?"] * 2
    assert form.isVisible()


def test_typing_is_kept_shortly_after_it_stops_even_without_a_quit(
    qtbot: Any, ctx: Any, arun: Any, restart: Any
) -> None:
    """A crash (no quit path at all): what was typed a second ago is in the store."""
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 0)
    profile = ctx.session.profile.name
    form = open_add_form(qtbot, tab)
    qtbot.keyClicks(form.phone_edit, "0722 000 111")
    qtbot.waitUntil(lambda: kept(arun, ctx, profile) is not None, timeout=DRAFT_DELAY_MS + 4000)
    assert kept(arun, ctx, profile).phone == "0722 000 111"
    qtbot.keyClicks(form.first_edit, "Baraka")  # more typing: written again
    qtbot.waitUntil(
        lambda: kept(arun, ctx, profile).first_name == "Baraka", timeout=DRAFT_DELAY_MS + 4000
    )
    died(form)  # killed: no stop(), no close
    _again, tab2 = restart()
    assert tab2.notice.text() == KEPT.format(name="Baraka")


def test_save_clears_the_draft(qtbot: Any, ctx: Any, arun: Any) -> None:
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 0)
    profile = ctx.session.profile.name
    form = open_add_form(qtbot, tab)
    type_new_contact(qtbot, form)
    qtbot.waitUntil(lambda: kept(arun, ctx, profile) is not None, timeout=DRAFT_DELAY_MS + 4000)
    saved(qtbot, form)
    assert not form.isVisible()
    wait_written(qtbot, ctx, profile)
    assert kept(arun, ctx, profile) is None
    assert len(everyone(arun, ctx.client())) == 1


def test_discard_clears_the_draft_and_a_clean_cancel_leaves_anothers(
    qtbot: Any, ctx: Any, arun: Any, questions: list[str]
) -> None:
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 0)
    profile = ctx.session.profile.name
    form = open_add_form(qtbot, tab)
    type_new_contact(qtbot, form)
    qtbot.waitUntil(lambda: kept(arun, ctx, profile) is not None, timeout=DRAFT_DELAY_MS + 4000)
    qtbot.mouseClick(form.cancel_button, LEFT)
    assert answer(qtbot, form) == "Close without saving this contact?"  # Discard
    assert questions == ["Discard changes?"]
    qtbot.waitUntil(lambda: not form.isVisible(), timeout=5000)
    wait_written(qtbot, ctx, profile)
    assert kept(arun, ctx, profile) is None
    assert everyone(arun, ctx.client()) == []
    # A form typed in and kept, another opened and cancelled untouched: the draft stays.
    first = open_add_form(qtbot, tab)
    qtbot.keyClicks(first.first_edit, "Chebet")
    qtbot.waitUntil(lambda: kept(arun, ctx, profile) is not None, timeout=DRAFT_DELAY_MS + 4000)
    second = ContactFormDialog(ctx, None, tab)
    second.reject()  # nothing typed: closes at once
    assert not second.isVisible()
    wait_written(qtbot, ctx, profile)
    assert kept(arun, ctx, profile).first_name == "Chebet"


def test_the_notices_discard_drops_the_kept_draft(
    qtbot: Any, ctx: Any, arun: Any, restart: Any
) -> None:
    profile = ctx.session.profile.name
    from desktop_app.core.services.contacts import ContactForm

    arun(ctx.services.contacts.save_draft(profile, "k1", ContactForm(phone="0733 111 222"), None))
    again, tab = restart()
    assert tab.notice.text() == KEPT.format(name="0733 111 222")
    qtbot.mouseClick(tab.discard_draft_button, LEFT)  # asked first: one click lost it
    qtbot.mouseClick(tab.discard_draft_button, LEFT)  # (twice, in a hurry: one question)
    question = "Forget the contact you were typing when Tuma closed?"
    assert len([b for b in tab.findChildren(QMessageBox) if b.isVisible()]) == 1
    assert answer(qtbot, tab, "confirmNo") == question
    assert tab.open_draft_button.isVisible()  # kept, still on offer
    assert kept(arun, again, profile) is not None
    qtbot.mouseClick(tab.discard_draft_button, LEFT)
    assert answer(qtbot, tab, "confirmYes") == question
    assert not tab.open_draft_button.isVisible()
    assert tab.notice.text() == "Discarded the contact you were typing."
    wait_written(qtbot, again, profile)
    assert kept(arun, again, profile) is None


def test_a_form_of_one_account_never_writes_under_another(
    qtbot: Any, ctx: Any, arun: Any, admin: Any, account: Any, memory_keyring: Any
) -> None:
    """Typing in shop A's form, then a switch to shop B (the form kept open through it):
    what is typed is A's draft, B has none and its tab offers nothing; back in A, the tab
    offers it."""
    add_other_shop(admin, account, ctx, memory_keyring)
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 0)
    shop_a = ctx.session.profile
    form = open_add_form(qtbot, tab)
    qtbot.keyClicks(form.first_edit, "Achieng")
    other = next(p for p in ctx.settings.profiles if p.name == "Other shop")
    arun(ctx.open_session(other, memory_keyring.secrets[("tuma", "Other shop")]))
    assert answer(qtbot, form, "confirmNo") == "Close without saving this contact?"  # kept open
    looked(qtbot, ctx, tab)
    qtbot.keyClicks(form.last_edit, "Otieno")  # typing after the switch
    qtbot.waitUntil(
        lambda: getattr(kept(arun, ctx, shop_a.name), "last_name", "") == "Otieno",
        timeout=DRAFT_DELAY_MS + 4000,
    )
    assert kept(arun, ctx, "Other shop") is None
    assert not tab.open_draft_button.isVisible()  # B is offered nothing
    assert arun(tab.stop(5.0))
    assert kept(arun, ctx, "Other shop") is None
    draft = kept(arun, ctx, shop_a.name)
    assert (draft.first_name, draft.last_name) == ("Achieng", "Otieno")
    died(form)
    form.closing_for_quit()
    form.close()
    arun(ctx.open_session(shop_a, account.token))  # back in A
    looked(qtbot, ctx, tab)
    assert tab.notice.text() == KEPT.format(name="Achieng Otieno")
