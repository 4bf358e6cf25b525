"""A number copied from WhatsApp (wrapped in invisible direction marks), pasted into the
contact form and into the search: read as the number it looks like."""

from __future__ import annotations

from typing import Any

from tests.ui.contacts.helpers import LEFT, make_tab, wait_loaded

#: A number copied from a WhatsApp chat: WhatsApp wraps it in invisible direction marks.
WHATSAPP_COPY = "\u202a+254 712 345678\u202c"


def test_a_number_copied_from_whatsapp_is_saved_in_the_form(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 0)
    form = tab.open_form()
    qtbot.waitExposed(form)
    form.phone_edit.setText(WHATSAPP_COPY)  # pasted
    form.first_edit.setText("Achieng")
    with qtbot.waitSignal(form.attempt_finished, timeout=10000):
        qtbot.mouseClick(form.save_button, LEFT)
    assert not form.fields["phone"].has_problem, form.fields["phone"].message.text()
    found = arun(ctx.client().list_contacts(page=1, page_size=10))
    assert [c.phone for c in found.contacts] == ["+254712345678"]


def test_searching_a_number_copied_from_whatsapp_finds_the_customer(
    qtbot: Any, ctx: Any, arun: Any
) -> None:
    arun(ctx.client().create_contact("+254712345678", first_name="Achieng"))
    arun(ctx.client().create_contact("+254722000111", first_name="Baraka"))
    tab = make_tab(qtbot, ctx)
    wait_loaded(qtbot, tab, 2)
    tab.search_edit.setText(WHATSAPP_COPY)  # pasted
    tab.search_now()
    wait_loaded(qtbot, tab)
    assert tab.model.total == 1
    assert tab.model.row_at(0).contact.first_name == "Achieng"
