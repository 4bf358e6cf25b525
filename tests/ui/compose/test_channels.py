"""Templates, WhatsApp template sends and survey sends from the Compose tab."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QPushButton

from desktop_app.core.api.models import SendResult
from desktop_app.core.services.sending import SendingService
from desktop_app.core.store import BroadcastKind
from desktop_app.core.store.delivery import HistoryFilter
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.delivery.models import summary_text
from tests.ui.compose.helpers import LEFT, make_tab, use_kenyan_locale


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def tab(qtbot, ctx):  # type: ignore[no-untyped-def]
    return make_tab(qtbot, ctx)


def _menu_action(tab: ComposeTab, text: str) -> QAction:
    tab.templates.rebuild_menu()
    for action in tab.templates.menu_.actions():
        if action.text() == text:
            return action
    raise AssertionError(f"no menu entry {text!r}")


def test_templates_save_reuse_and_delete(qtbot, tab, ctx) -> None:  # type: ignore[no-untyped-def]
    qtbot.keyClicks(tab.composer.editor, "Karibu! New stock of maize flour has arrived.")
    _menu_action(tab, "Save this message as a template…").trigger()
    dialog = tab.templates.name_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.textValue() == "Karibu! New stock of maize…"  # suggested from the text
    dialog.setTextValue("Maize stock")
    dialog.accept()
    qtbot.waitUntil(lambda: [t.name for t in tab.templates.saved] == ["Maize stock"])
    assert [(t.name, t.text) for t in ctx.services.store.templates.all()] == [
        ("Maize stock", "Karibu! New stock of maize flour has arrived.")
    ]
    tab.composer.set_text("Something else I was writing")
    _menu_action(tab, "Maize stock").trigger()
    assert tab.composer.text() == "Karibu! New stock of maize flour has arrived."
    assert "Ctrl+Z" in tab.notice.label.text()
    tab.composer.editor.undo()  # the text it replaced is one undo away
    assert tab.composer.text() == "Something else I was writing"
    delete_menu = _menu_action(tab, "Delete a template").menu()
    (delete,) = [a for a in delete_menu.actions() if a.text() == "Maize stock"]
    # Deleting is confirmed first; "Keep it" (the default, and Esc) keeps it.
    delete.trigger()
    box = tab.templates.delete_box
    assert box is not None
    qtbot.waitUntil(box.isVisible)
    assert "Maize stock" in box.text()
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: tab.templates.delete_box is None)
    assert [t.name for t in ctx.services.store.templates.all()] == ["Maize stock"]
    delete_menu = _menu_action(tab, "Delete a template").menu()
    (delete,) = [a for a in delete_menu.actions() if a.text() == "Maize stock"]
    delete.trigger()
    box = tab.templates.delete_box
    assert box is not None
    qtbot.waitUntil(box.isVisible)
    qtbot.mouseClick(box.findChild(QPushButton, "confirmDeleteTemplate"), LEFT)
    qtbot.waitUntil(lambda: tab.templates.delete_box is None)
    qtbot.waitUntil(lambda: tab.templates.saved == [])  # deleted, and the menu read again
    assert ctx.services.store.templates.all() == []
    assert _menu_action(tab, "No saved templates yet").isEnabled() is False


def test_a_message_that_starts_like_a_saved_template_does_not_replace_it(qtbot, tab, ctx) -> None:  # type: ignore[no-untyped-def]
    """Shops start their messages alike: the suggested name is the first words, so the
    second one's suggestion is numbered and pressing Save keeps both."""
    tomatoes = "Habari {first_name}! Mama Mboga Fresh Produce: tomatoes 20% off today."
    maize = "Habari {first_name}! Mama Mboga Fresh Produce: maize flour is back in stock."
    for text in (tomatoes, maize):
        tab.composer.set_text(text)
        _menu_action(tab, "Save this message as a template…").trigger()
        dialog = tab.templates.name_dialog
        assert dialog is not None
        qtbot.waitUntil(dialog.isVisible)
        saved = len(tab.templates.saved)
        dialog.accept()  # the suggested name, as it is
        qtbot.waitUntil(lambda: len(tab.templates.saved) == saved + 1)  # noqa: B023
    assert [(t.name, t.text) for t in ctx.services.store.templates.all()] == [
        ("Habari {first_name}! Mama Mboga…", tomatoes),
        ("Habari {first_name}! Mama Mboga… (2)", maize),
    ]


def test_whatsapp_not_opted_in_is_explained_then_sent_after_opt_in(
    qtbot, tab, ctx, admin, account
) -> None:  # type: ignore[no-untyped-def]
    admin.add_template(account.account_id, "order_ready", "en")
    qtbot.mouseClick(tab.channel_buttons[1], LEFT)
    panel = tab.whatsapp
    assert tab.stack.currentWidget() is panel
    qtbot.keyClicks(panel.template_edit, "order_ready")
    qtbot.keyClicks(panel.phone_edit, "0712 345 678")
    assert panel.phone_hint.text() == "Will be sent to +254712345678"
    assert panel.language() == "en"
    results: list[bool] = []
    panel.finished.connect(results.append)
    qtbot.mouseClick(panel.send_button, LEFT)
    _confirm_whatsapp(qtbot, panel)
    qtbot.waitUntil(lambda: bool(results), timeout=10000)
    assert results == [False]
    text = panel.result_label.text()
    assert "has not opted in to WhatsApp messages from you" in text
    assert "nothing was charged" in text
    assert ctx.services.store.history.sent_messages("Test shop") == []  # refused: nothing recorded

    admin.add_optin(account.account_id, "+254712345678")
    qtbot.mouseClick(panel.send_button, LEFT)
    _confirm_whatsapp(qtbot, panel)
    qtbot.waitUntil(lambda: len(results) == 2, timeout=10000)
    assert results[1] is True
    assert panel.result_label.text().startswith("Sent.")

    # Recorded for the Delivery tab, under the service's own message id.
    (service_record,) = [
        m for m in admin.messages(account.account_id) if m["phone"] == "+254712345678"
    ]
    (record,) = ctx.services.store.history.sent_messages("Test shop")
    assert record.message_id == service_record["message_id"]
    assert record.message_id in panel.result_label.text()
    assert record.kind is BroadcastKind.WHATSAPP
    assert record.recipients == ("+254712345678",)
    assert record.text == "order_ready (en)"  # the facts; the Delivery tab says the words
    assert (record.parts, record.credits) == (None, None)  # the service did not say
    assert record.sent_at.tzinfo is not None
    assert ctx.services.store.journal.broadcast(record.broadcast_id).profile == "Test shop"
    assert ctx.services.store.journal.unfinished("Test shop") == []


def test_whatsapp_invalid_number_cannot_be_sent(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    tab.set_channel(1)
    panel = tab.whatsapp
    qtbot.keyClicks(panel.template_edit, "order_ready")
    qtbot.keyClicks(panel.phone_edit, "0712 34")
    assert panel.phone_hint.text().startswith("Not a valid number: ")
    assert not panel.send_button.isEnabled()


def _survey_page(
    qtbot: Any, tab: ComposeTab, survey_id: str, numbers: str
) -> tuple[Any, list[bool]]:
    """The survey page with *survey_id* typed and *numbers* in its list, and what each of its
    sends reports (``finished``), in order."""
    tab.set_channel(2)
    panel = tab.survey
    qtbot.keyClicks(panel.survey_edit, survey_id)
    panel.recipients.set_numbers_text(numbers)
    results: list[bool] = []
    panel.finished.connect(results.append)
    return panel, results


def test_survey_send(qtbot, tab, ctx, admin, account) -> None:  # type: ignore[no-untyped-def]
    admin.add_survey(account.account_id, "SRV-1", "How was our service?")
    panel, results = _survey_page(qtbot, tab, "SRV-1", "0712 000 001\n0712 000 002\n0712 000 001")
    assert panel.send_button.text() == "Send survey to 2 people"
    qtbot.mouseClick(panel.send_button, LEFT)
    _confirm_survey(qtbot, panel, "SRV-1", 2)
    qtbot.waitUntil(lambda: bool(results), timeout=10000)
    assert results == [True]
    assert panel.result_label.text() == "Survey sent to 2 people."

    # Recorded for the Delivery tab, under the service's own message id.
    service_ids = {m["message_id"] for m in admin.messages(account.account_id)}
    (record,) = ctx.services.store.history.sent_messages("Test shop")
    assert service_ids == {record.message_id}
    assert record.kind is BroadcastKind.SURVEY
    assert record.recipients == ("+254712000001", "+254712000002")
    assert record.text == "SRV-1"  # the facts; the Delivery tab says the words
    assert (record.parts, record.credits) == (None, None)  # the service gave no parts
    assert ctx.services.store.journal.broadcast(record.broadcast_id).profile == "Test shop"
    assert ctx.services.store.journal.broadcast(record.broadcast_id).recipients_accepted == 2


@pytest.mark.parametrize(
    ("reply", "credits"),
    [
        ({}, None),  # no parts, no cost: unknown
        ({"parts": 2}, 6),  # 3 recipients as sent × 2 parts
        ({"parts": 2, "recipients": 2, "invalid": ("+254712000003",)}, 4),
        ({"parts": 2, "invalid": ("+254712000003",)}, 4),  # the skipped one is not billed
        ({"parts": 2, "cost": 9}, 9),  # the service's own figure wins
    ],
)
def test_survey_credits_are_what_the_service_reported(
    reply: dict[str, Any], credits: int | None
) -> None:
    people = ["+254712000001", "+254712000002", "+254712000003"]
    result = SendResult(
        message_id="m-1",
        recipients=reply.get("recipients"),
        invalid=reply.get("invalid", ()),
        parts=reply.get("parts"),
        cost=reply.get("cost"),
        tracking_id=None,
        service_message="",
    )
    assert SendingService.survey_credits(result, people) == credits


@pytest.mark.expect_log("could not record an accepted")
def test_an_accepted_send_that_cannot_be_recorded_still_says_sent(
    qtbot, tab, ctx, admin, account, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """The send went out: the user is told so (and that the Delivery tab will miss it),
    not shown an error that would invite sending it again."""
    admin.add_template(account.account_id, "order_ready", "en")
    admin.add_optin(account.account_id, "+254712345678")

    def broken(*_args: object, **_kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(ctx.services.store.journal, "mark_accepted", broken)
    tab.set_channel(1)
    panel = tab.whatsapp
    qtbot.keyClicks(panel.template_edit, "order_ready")
    qtbot.keyClicks(panel.phone_edit, "0712 345 678")
    results: list[bool] = []
    panel.finished.connect(results.append)
    qtbot.mouseClick(panel.send_button, LEFT)
    _confirm_whatsapp(qtbot, panel)
    qtbot.waitUntil(lambda: bool(results), timeout=10000)
    assert results == [True]
    assert panel.result_label.text().startswith("Sent.")
    assert "could not be added to the Delivery tab" in panel.result_label.text()
    assert ctx.services.store.history.sent_messages("Test shop") == []


def test_unknown_survey_is_explained(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    panel, results = _survey_page(qtbot, tab, "NOPE", "0712 000 001")
    qtbot.mouseClick(panel.send_button, LEFT)
    _confirm_survey(qtbot, panel, "NOPE", 1)
    qtbot.waitUntil(lambda: bool(results), timeout=10000)
    assert results == [False]
    assert panel.result_label.text().startswith("Please check the details.")


def test_legacy_token_cannot_pick_contacts_and_says_why(qtbot, tab, ctx) -> None:  # type: ignore[no-untyped-def]
    assert tab.recipients.pick_button.isEnabled()
    ctx.session.token_kind = "legacy"
    ctx.session_changed.emit()
    for panel in (tab.recipients, tab.survey.recipients):
        assert not panel.pick_button.isEnabled()
        assert "cannot read contacts" in panel.pick_button.toolTip()


def _confirm_whatsapp(qtbot, panel) -> None:  # type: ignore[no-untyped-def]
    """A WhatsApp template is confirmed first, like an SMS or a survey."""
    qtbot.waitUntil(lambda: panel.confirm_dialog is not None and panel.confirm_dialog.isVisible())
    dialog = panel.confirm_dialog
    assert dialog.windowTitle() == "Send this WhatsApp template?"
    qtbot.mouseClick(dialog.send_button, LEFT)


def _confirm_survey(qtbot, panel, survey_id: str, people: int) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: panel.confirm_dialog is not None and panel.confirm_dialog.isVisible())
    dialog = panel.confirm_dialog
    assert dialog.windowTitle() == "Send this survey?"
    heading = f"Send survey “{survey_id}” to {people} {'people' if people > 1 else 'person'}?"
    assert heading in [label.text() for label in dialog.findChildren(QLabel)]
    qtbot.mouseClick(dialog.send_button, LEFT)


def test_survey_is_confirmed_first_and_cancel_sends_nothing(qtbot, tab, admin, account) -> None:  # type: ignore[no-untyped-def]
    admin.add_survey(account.account_id, "SRV-2", "Rate us")
    panel, _results = _survey_page(qtbot, tab, "SRV-2", "0712 000 001, 0712 000 002, 0712 000 003")
    before = len(admin.messages(account.account_id))
    qtbot.mouseClick(panel.send_button, LEFT)
    qtbot.waitUntil(lambda: panel.confirm_dialog is not None and panel.confirm_dialog.isVisible())
    assert not panel.send_button.isEnabled()  # no second survey while this one is asked
    panel.confirm_dialog.reject()
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.survey"))
    # (Send comes back in the task's done-callback, a moment after the task itself ended)
    qtbot.waitUntil(panel.send_button.isEnabled)
    assert panel.send_button.isEnabled()
    assert panel.result_label.isHidden()
    assert len(admin.messages(account.account_id)) == before
    assert tab.ctx.services.store.history.sent_messages("Test shop") == []


def _guard_text(dialog: Any) -> str:
    return dialog.confirm.guard_label.text()


def test_a_whatsapp_template_sent_today_asks_before_sending_it_again(
    qtbot, tab, admin, account
) -> None:  # type: ignore[no-untyped-def]
    admin.add_template(account.account_id, "order_ready", "en")
    admin.add_optin(account.account_id, "+254712345678")
    tab.set_channel(1)
    panel = tab.whatsapp
    qtbot.keyClicks(panel.template_edit, "order_ready")
    qtbot.keyClicks(panel.phone_edit, "0712 345 678")
    results: list[bool] = []
    panel.finished.connect(results.append)
    qtbot.mouseClick(panel.send_button, LEFT)
    _confirm_whatsapp(qtbot, panel)
    qtbot.waitUntil(lambda: bool(results), timeout=10000)
    assert results == [True]

    # The same template to the same customer: the guard speaks and nothing is preselected.
    qtbot.mouseClick(panel.send_button, LEFT)
    qtbot.waitUntil(lambda: panel.confirm_dialog is not None and panel.confirm_dialog.isVisible())
    dialog = panel.confirm_dialog
    assert "already got this message today at" in _guard_text(dialog)
    assert dialog.send_button is None  # nobody is new
    assert dialog.confirm.cancel_button.isDefault()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not tab.ctx.tasks.is_running("compose.whatsapp"))
    assert len(admin.messages(account.account_id)) == 1  # not sent again

    # Only the deliberate two clicks send it again. (Send comes back in the task's
    # done-callback, a moment after the task itself ended: pressed before, it does nothing.)
    qtbot.waitUntil(panel.send_button.isEnabled)
    qtbot.mouseClick(panel.send_button, LEFT)
    qtbot.waitUntil(lambda: panel.confirm_dialog is not None and panel.confirm_dialog.isVisible())
    everyone = panel.confirm_dialog.confirm.everyone_button
    qtbot.mouseClick(everyone, LEFT)
    assert len(admin.messages(account.account_id)) == 1
    qtbot.mouseClick(everyone, LEFT)
    qtbot.waitUntil(lambda: len(results) == 2, timeout=10000)
    assert len(admin.messages(account.account_id)) == 2


def test_a_survey_goes_only_to_the_new_people_by_default(qtbot, tab, admin, account) -> None:  # type: ignore[no-untyped-def]
    admin.add_survey(account.account_id, "SRV-3", "How was our service?")
    panel, results = _survey_page(qtbot, tab, "SRV-3", "0712 000 001, 0712 000 002")
    qtbot.mouseClick(panel.send_button, LEFT)
    _confirm_survey(qtbot, panel, "SRV-3", 2)
    qtbot.waitUntil(lambda: bool(results), timeout=10000)

    panel.recipients.set_numbers_text("0712 000 001, 0712 000 002, 0712 000 003")
    qtbot.mouseClick(panel.send_button, LEFT)
    qtbot.waitUntil(lambda: panel.confirm_dialog is not None and panel.confirm_dialog.isVisible())
    dialog = panel.confirm_dialog
    assert "2 of these 3 people already got this message today at" in _guard_text(dialog)
    assert dialog.send_button.text() == "Send only to the 1 new person"
    assert dialog.send_button.isDefault()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(results) == 2, timeout=10000)
    phones = [m["phone"] for m in admin.messages(account.account_id)]
    assert sorted(phones) == ["+254712000001", "+254712000002", "+254712000003"]  # once each


@pytest.mark.parametrize("before", [True, False], ids=["over-two-numbers", "into-empty"])
def test_survey_sent_just_after_a_long_paste(qtbot, tab, ctx, admin, account, before) -> None:  # type: ignore[no-untyped-def]
    """The survey page's list waits for a long paste to settle too: Send read the two
    numbers that were there before it (and into an empty list, Ctrl+Enter did nothing)."""
    admin.add_survey(account.account_id, "SRV-4", "How was our service?")
    panel, results = _survey_page(
        qtbot, tab, "SRV-4", "0712 000 001\n0712 000 002" if before else ""
    )
    pasted = [f"0712 {n:06d}" for n in range(100, 500)]
    edit = panel.recipients.numbers_edit
    edit.selectAll()
    edit.insertPlainText("\n".join(pasted))
    assert len(panel.recipients.current.people) == (2 if before else 0)  # not parsed yet
    qtbot.keyClick(edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # at once
    _confirm_survey(qtbot, panel, "SRV-4", 400)
    qtbot.waitUntil(lambda: bool(results), timeout=10000)
    assert results == [True]
    (record,) = ctx.services.store.history.sent_messages("Test shop")
    assert record.recipients == tuple("+254" + n.replace(" ", "")[1:] for n in pasted)


def test_a_survey_whose_reply_was_lost_is_asked_about_before_it_goes_again(
    qtbot, tab, ctx, admin, account
) -> None:  # type: ignore[no-untyped-def]
    """The connection dropped after the survey was handed over: the page said "Outcome
    unknown... Check the delivery report before sending again", but nothing was written
    down, so the Delivery tab had no such send and Send pressed again asked nothing and sent
    it to both customers a second time."""
    admin.add_survey(account.account_id, "SRV-5", "How was our service?")
    panel, results = _survey_page(qtbot, tab, "SRV-5", "0712 000 001\n0712 000 002")
    admin.fault("disconnect", path_prefix="/api/v1/surveys")
    qtbot.mouseClick(panel.send_button, LEFT)
    _confirm_survey(qtbot, panel, "SRV-5", 2)
    qtbot.waitUntil(lambda: bool(results), timeout=20000)
    assert results == [False]
    assert panel.result_label.text().startswith("Outcome unknown.")
    assert len(admin.messages(account.account_id)) == 2  # it did go out

    # the Delivery tab lists it, its outcome unknown (nothing to review in Compose)
    (row,) = ctx.services.store.delivery.history("Test shop", HistoryFilter())
    assert (row.kind, row.outcome_unknown, row.unfinished) == (BroadcastKind.SURVEY, True, False)
    assert summary_text(row) == "Outcome unknown"
    assert ctx.services.store.journal.unfinished("Test shop") == []  # never resumed as SMS

    # Send again: the guard asks, and nobody is preselected
    qtbot.waitUntil(panel.send_button.isEnabled)
    qtbot.mouseClick(panel.send_button, LEFT)
    qtbot.waitUntil(lambda: panel.confirm_dialog is not None and panel.confirm_dialog.isVisible())
    dialog = panel.confirm_dialog
    assert "All 2 people already got this message today at" in _guard_text(dialog)
    assert dialog.send_button is None
    assert dialog.confirm.cancel_button.isDefault()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # in a hurry: the default is Cancel
    qtbot.waitUntil(lambda: not ctx.tasks.is_running("compose.survey"))
    assert len(admin.messages(account.account_id)) == 2  # not sent twice
