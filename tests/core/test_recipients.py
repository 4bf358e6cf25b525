"""Who a message goes to: pasted numbers parsed (and remembered), picked contacts and typed
numbers merged so each number gets the message once."""

from __future__ import annotations

import pytest

from desktop_app.core import phones
from desktop_app.core.phones import PhoneProblem
from desktop_app.core.recipients import (
    InvalidNumber,
    NumberParser,
    Person,
    Word,
    merge_recipients,
)

AMINA = Person("+254712345678", "Amina", "Otieno", from_contacts=True)
BARAKA = Person("+254722000111", "Baraka", from_contacts=True)


def test_person_name_joins_the_parts_it_has() -> None:
    assert AMINA.name == "Amina Otieno"
    assert BARAKA.name == "Baraka"
    assert Person("+254733000222").name == ""


def test_parse_splits_pasted_text_into_numbers_invalid_entries_and_words() -> None:
    parsed = NumberParser().parse("0712 345 678, +254722000111\n0712 34; abc; O7I2 345 678")
    assert parsed[:2] == ["+254712345678", "+254722000111"]
    short, letters, typo = parsed[2:]
    assert isinstance(short, InvalidNumber)
    assert (short.raw, short.error.problem) == ("0712 34", PhoneProblem.SHORT_KE_MOBILE)
    assert letters == Word("abc")  # no digit at all: a word, not a wrong number
    assert isinstance(typo, InvalidNumber)  # letters for digits in a number: still wrong
    assert typo.error.problem == PhoneProblem.BAD_CHAR


def test_names_pasted_with_numbers_from_a_spreadsheet_are_left_out_not_invalid() -> None:
    """Two columns copied from Excel (Name, Phone): the names were "numbers that are not
    valid", red chips counted as skipped. They are words left out, each once."""
    pasted = (
        "Name\tPhone\nAchieng Otieno\t0712345678\nBaraka\t+254 722 000 111\nBaraka\t0722000112\n"
    )
    merged = merge_recipients(NumberParser().parse(pasted), [])
    assert [p.phone for p in merged.people] == ["+254712345678", "+254722000111", "+254722000112"]
    assert merged.invalid == ()
    assert merged.words == ("Name", "Phone", "Achieng Otieno", "Baraka")
    assert merged.duplicates == 0


def test_parser_remembers_each_raw_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pastes repeat while the user edits: a number already seen is not checked again."""
    calls: list[str] = []
    real_check = phones.check

    def counting_check(raw: str, region: str = "KE") -> str | phones.InvalidPhoneNumber:
        calls.append(raw)
        return real_check(raw, region)

    monkeypatch.setattr(phones, "check", counting_check)
    parser = NumberParser()
    first = parser.normalise("0712x45678")
    again = parser.normalise("0712x45678")
    assert isinstance(first, InvalidNumber)
    assert again is first
    assert first.error.problem is PhoneProblem.BAD_CHAR
    assert parser.parse("0712345678, 0712x45678") == ["+254712345678", first]
    assert parser.normalise("0712345678") == "+254712345678"
    assert calls == ["0712x45678", "0712345678"]  # each raw text checked once
    assert NumberParser().normalise("0712x45678") is not first  # the memory is per parser


def test_merge_puts_picked_contacts_first_then_new_typed_numbers_in_order() -> None:
    """Contacts carry the names a personalised message needs, so the contact wins over the
    same number typed by hand."""
    typed = NumberParser().parse("0733 000 222, 0712345678, 0744000333")
    merged = merge_recipients(typed, [AMINA, BARAKA])
    assert merged.people == (
        AMINA,
        BARAKA,
        Person("+254733000222"),
        Person("+254744000333"),
    )
    assert merged.invalid == ()
    assert merged.duplicates == 1  # Amina's number typed again


def test_merge_counts_every_duplicate_and_keeps_each_invalid_entry_once() -> None:
    parser = NumberParser()
    typed = parser.parse("0733000222, +254 733 000 222, 07x2, 0712 34, 07x2, 0733000222")
    merged = merge_recipients(typed, [AMINA, AMINA])
    assert merged.people == (AMINA, Person("+254733000222"))
    assert [(i.raw, i.error.problem) for i in merged.invalid] == [
        ("07x2", PhoneProblem.BAD_CHAR),
        ("0712 34", PhoneProblem.SHORT_KE_MOBILE),
    ]
    # a picked contact twice, the same number typed in two forms and once more, "07x2" twice
    assert merged.duplicates == 1 + 2 + 1


def test_merge_of_nothing_is_empty() -> None:
    merged = merge_recipients([], [])
    assert (merged.people, merged.invalid, merged.duplicates) == ((), (), 0)
