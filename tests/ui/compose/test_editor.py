"""The message editor, recipients and personalisation as a user sees them (no network)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMimeData, Qt
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QApplication

from desktop_app.ui.compose.editor import MessageComposer
from desktop_app.ui.compose.personalise import PreviewCard, has_merge_fields, render
from desktop_app.ui.compose.recipients import Person, RecipientsPanel


def _composer(qtbot):  # type: ignore[no-untyped-def]
    composer = MessageComposer()
    qtbot.addWidget(composer)
    composer.show()
    return composer


def type_text(widget, text: str) -> None:  # type: ignore[no-untyped-def]
    """Type any Unicode text key by key (QTest.keyClicks only handles Latin-1)."""
    for char in text:
        key = Qt.Key.Key_Return if char == "\n" else 0
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(
                widget, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, char)
            )


def _highlighted(composer: MessageComposer) -> list[str]:
    """Characters the UCS-2 highlighter marked, read back from the laid-out document."""
    marked: list[str] = []
    block = composer.editor.document().begin()
    while block.isValid():
        text = block.text()
        for fmt in block.layout().formats():
            if fmt.format.background().color() == QColor("#ffe08a"):
                marked.append(text[fmt.start : fmt.start + fmt.length])
        block = block.next()
    return marked


def test_counter_follows_every_keystroke_across_the_160_boundary(qtbot) -> None:  # type: ignore[no-untyped-def]
    composer = _composer(qtbot)
    assert composer.counter.parts_label.text() == "0 parts"
    qtbot.keyClicks(composer.editor, "a" * 159)
    assert composer.counter.characters_label.text() == "159 characters"
    assert composer.counter.parts_label.text() == "1 part"
    assert composer.counter.left_label.text() == "1 left in this part"
    qtbot.keyClick(composer.editor, "b")
    assert composer.counter.characters_label.text() == "160 characters"
    assert composer.counter.parts_label.text() == "1 part"
    assert composer.counter.left_label.text() == "0 left in this part"
    assert composer.counter.encoding_label.text() == "Standard characters"
    qtbot.keyClick(composer.editor, "c")
    assert composer.counter.characters_label.text() == "161 characters"
    assert composer.counter.parts_label.text() == "2 parts"
    # 161 of 2 × 153
    assert composer.counter.left_label.text() == "145 left in this part"
    qtbot.keyClick(composer.editor, Qt.Key.Key_Backspace)
    assert composer.counter.parts_label.text() == "1 part"


def test_ucs2_switch_highlight_and_make_gsm7_shows_the_saving_first(qtbot) -> None:  # type: ignore[no-untyped-def]
    composer = _composer(qtbot)
    text = "Karibu! Bei ni nafuu sana leo " * 4  # 120 characters, GSM-7
    qtbot.keyClicks(composer.editor, text)
    assert composer.counter.encoding_label.text() == "Standard characters"
    assert composer.gsm_banner.isHidden()
    type_text(composer.editor, "“café”")
    # Plain words on screen, the technical term on hover.
    assert composer.counter.encoding_label.text() == "Special characters “ ”: costs more"
    assert "UCS-2" in composer.counter.encoding_label.toolTip()
    assert composer.counter.parts_label.text() == "2 parts"
    assert composer.counter.encoding_label.property("ucs2") is True
    qtbot.waitUntil(lambda: sorted(_highlighted(composer)) == ["“", "”"])
    # The banner says what Make GSM-7 saves before anything changes.
    assert composer.gsm_banner.isVisible()
    assert "2 parts → 1 part" in composer.gsm_banner.summary_label.text()
    assert '“ → "' in composer.gsm_banner.detail_label.text()
    assert composer.text().endswith("“café”")
    qtbot.mouseClick(composer.gsm_banner.apply_button, Qt.MouseButton.LeftButton)
    assert composer.text().endswith('"café"')  # é is GSM-7: left alone
    assert composer.counter.encoding_label.text() == "Standard characters"
    assert composer.counter.parts_label.text() == "1 part"
    assert composer.gsm_banner.isHidden()
    assert _highlighted(composer) == []
    composer.editor.undo()  # one undo brings the original back
    assert composer.text().endswith("“café”")


def test_characters_without_a_look_alike_are_explained(qtbot) -> None:  # type: ignore[no-untyped-def]
    composer = _composer(qtbot)
    # 100 characters and a 🙏: 2 parts of 67; without it, 1 part of 160.
    type_text(composer.editor, "Asante sana kwa kununua leo, karibu tena dukani! " * 2 + "🙏")
    assert composer.counter.encoding_label.text() == "Special characters 🙏: costs more"
    assert composer.gsm_banner.isVisible()
    assert composer.gsm_banner.apply_button.isHidden()
    assert "🙏" in composer.gsm_banner.summary_label.text()
    assert "2 parts → 1 part" in composer.gsm_banner.detail_label.text()
    qtbot.waitUntil(lambda: _highlighted(composer) == ["🙏"])  # a surrogate pair, both halves


def test_the_special_characters_notice_appears_only_when_it_saves_parts(qtbot) -> None:  # type: ignore[no-untyped-def]
    composer = _composer(qtbot)
    type_text(composer.editor, "Asante 🙏")  # 1 part with or without the 🙏
    assert composer.counter.encoding_label.text() == "Special characters 🙏"
    assert "UCS-2" in composer.counter.encoding_label.toolTip()
    assert composer.gsm_banner.isHidden()
    composer.set_text("Karibu “Mama Njeri”")  # look-alikes, but 1 part either way
    assert composer.info().encoding == "UCS-2"
    assert composer.gsm_banner.isHidden()
    # No notice: the counter alone says which characters they are (curly quotes look like
    # any other quote, pasted from a phone).
    assert composer.counter.encoding_label.text() == "Special characters “ ”"
    composer.set_text("Karibu “Mama Njeri” " + "x" * 60)  # 80 characters: 2 parts → 1
    assert composer.gsm_banner.isVisible()
    assert "2 parts → 1 part" in composer.gsm_banner.summary_label.text()
    assert composer.gsm_banner.apply_button.text() == "Use standard characters"
    assert "GSM-7" in composer.gsm_banner.apply_button.toolTip()


def test_pasted_line_endings_are_normalised(qtbot) -> None:  # type: ignore[no-untyped-def]
    composer = _composer(qtbot)
    mime = QMimeData()
    mime.setText("Line one\r\nLine two\rLine three\u2028end")
    composer.editor.insertFromMimeData(mime)
    assert composer.text() == "Line one\nLine two\nLine three\nend"
    assert composer.counter.characters_label.text() == f"{len(composer.text())} characters"


def test_recipients_are_normalised_marked_and_deduplicated(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = RecipientsPanel()
    qtbot.addWidget(panel)
    type_text(panel.numbers_edit, "0712 345 678, +254712345678\n0722000111\n12345, 0733-123-456")
    people = [p.phone for p in panel.people()]
    assert people == ["+254712345678", "+254722000111", "+254733123456"]
    assert [bad.raw for bad in panel.invalid()] == ["12345"]
    assert panel.current.duplicates == 1
    summary = panel.summary_label.text()
    assert "3 recipients" in summary
    assert "1 number is not valid" in summary
    assert "1 duplicate removed" in summary
    invalid_chip = next(
        panel.chips.item(i)
        for i in range(panel.chips.count())
        if panel.chips.item(i).data(Qt.ItemDataRole.UserRole + 1) == "invalid"
    )
    assert invalid_chip.text() == "✗ 12345"
    assert invalid_chip.toolTip().startswith("Not a valid number: ")
    assert len(invalid_chip.toolTip()) > len("Not a valid number: ")
    # A contact with the same number as a typed one is counted once, with its name.
    panel.add_people([Person("+254722000111", "Akinyi", "Odhiambo", from_contacts=True)])
    assert len(panel.people()) == 3
    assert any(p.first_name == "Akinyi" for p in panel.people())
    # Contacts can be removed with Delete.
    for i in range(panel.chips.count()):
        item = panel.chips.item(i)
        item.setSelected(item.data(Qt.ItemDataRole.UserRole) == "+254722000111")
    panel.remove_selected()
    assert [p.first_name for p in panel.people()] == ["", "", ""]


def test_names_pasted_with_the_numbers_are_left_out_and_said_so(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Name and Phone columns pasted from a spreadsheet: the numbers are the recipients, the
    names are not red "not valid" chips; a name typed alone points to Add from contacts."""
    panel = RecipientsPanel()
    qtbot.addWidget(panel)
    panel.set_numbers_text("Name\tPhone\nAchieng Otieno\t0712345678\nBaraka\t0722000111")
    assert [p.phone for p in panel.people()] == ["+254712345678", "+254722000111"]
    assert panel.invalid() == ()
    summary = panel.summary_label.text()
    assert summary == "2 recipients · 4 names or words left out"
    tip = panel.summary_label.toolTip()
    assert tip.startswith("Left out: Name, Phone, Achieng Otieno, Baraka. To greet people by name")
    assert "Import tab" in tip
    chips = [panel.chips.item(i).text() for i in range(panel.chips.count())]
    assert not any(chip.startswith("✗") for chip in chips)

    panel.set_numbers_text("Achieng")  # looking for someone by name
    assert panel.is_empty()
    assert panel.summary_label.text() == (
        "No recipients yet. Names are not numbers: to pick people by name, use Add from contacts…"
    )


def test_render_fills_fields_with_fallback_and_tidy_spaces() -> None:
    jane = Person("+254712345678", "Jane", "Wanjiru")
    nameless = Person("+254722000111")
    text = "Habari {first_name} {last_name}, your number {phone} is ready."
    assert has_merge_fields(text)
    assert render(text, jane, "customer") == (
        "Habari Jane Wanjiru, your number +254712345678 is ready."
    )
    assert render(text, nameless, "customer") == (
        "Habari customer, your number +254722000111 is ready."
    )
    assert render("Dear {first_name|rafiki}!", nameless, "customer") == "Dear rafiki!"
    assert not has_merge_fields("Price {50}")


def test_preview_for_any_chosen_recipient_shows_its_exact_parts(qtbot) -> None:  # type: ignore[no-untyped-def]
    card = PreviewCard()
    qtbot.addWidget(card)
    long_name = "Wanjiru" * 3
    people = [Person("+254712345678", "Jo"), Person("+254722000111", long_name)]
    text = "Habari {first_name}! " + "x" * 140
    card.update_preview(text, people, "customer")
    assert card.person_combo.count() == 2
    assert card.bubble.text().startswith("Habari Jo! ")
    assert card.parts_label.text() == "This recipient: 1 part · standard characters"
    card.person_combo.setCurrentIndex(1)
    assert card.bubble.text().startswith(f"Habari {long_name}! ")
    assert card.parts_label.text() == "This recipient: 2 parts · standard characters"


def test_the_counter_names_a_few_special_characters_and_shows_blank_ones_by_code(qtbot) -> None:  # type: ignore[no-untyped-def]
    composer = _composer(qtbot)
    composer.set_text("Bei\u200bnafuu “leo” 😀 – ¾")
    assert composer.counter.encoding_label.text() == "Special characters U+200B “ ” 😀 … +2"
