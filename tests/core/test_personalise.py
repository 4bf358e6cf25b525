"""Personalised messages: merge fields, the fallback for an empty first name, a field's own
fallback, and the spacing an empty field leaves behind."""

from __future__ import annotations

import pytest

from desktop_app.core.personalise import (
    has_merge_fields,
    render,
    render_all,
    unknown_fields,
    uses_names,
)
from desktop_app.core.recipients import Person

PHONE = "+254712345678"
AMINA = Person(PHONE, "Amina", "Otieno")
NAMELESS = Person(PHONE)


@pytest.mark.parametrize(
    ("text", "person", "fallback", "expected"),
    [
        ("Habari {first_name} {last_name}!", AMINA, "mteja", "Habari Amina Otieno!"),
        ("Habari {first_name}, karibu", NAMELESS, "mteja", "Habari mteja, karibu"),
        ("Habari {first_name}, karibu", Person(PHONE, "  "), "mteja", "Habari mteja, karibu"),
        ("Namba yako: {phone}", NAMELESS, "", f"Namba yako: {PHONE}"),
        # an empty last name disappears with the space it leaves (the fallback is for
        # the first name only: "Habari Amina mteja" would be wrong)
        ("Habari {first_name} {last_name}!", Person(PHONE, "Amina"), "mteja", "Habari Amina!"),
        (
            "Habari {first_name} {last_name}, karibu",
            Person(PHONE, "Amina"),
            "",
            "Habari Amina, karibu",
        ),
        # no first name and no fallback: the gap closes, also before punctuation
        ("Habari {first_name}!", NAMELESS, "", "Habari!"),
        ("Habari {first_name} , karibu", NAMELESS, "  ", "Habari, karibu"),
        # a field's own fallback beats the message's, and applies to any field
        ("Habari {first_name|rafiki}!", NAMELESS, "mteja", "Habari rafiki!"),
        ("Habari {first_name|rafiki}!", AMINA, "mteja", "Habari Amina!"),
        ("Bw. {last_name| Mteja }", NAMELESS, "", "Bw. Mteja"),
        ("Habari {first_name|}!", NAMELESS, "mteja", "Habari!"),
        # fields it does not know are left for the user to see
        ("Habari {name}", AMINA, "mteja", "Habari {name}"),
    ],
)
def test_render(text: str, person: Person, fallback: str, expected: str) -> None:
    assert render(text, person, fallback) == expected


def test_render_closes_only_the_gaps_empty_fields_leave_and_keeps_the_line_breaks() -> None:
    """Everyone gets the same layout: the user's own spacing is not "tidied" for those whose
    field was empty only (their text would differ from the others' by more than the name)."""
    text = "Habari {first_name} {last_name}\n  Ofa ya leo:  unga {last_name} KES 180 ."
    expected = "Habari Amina\n  Ofa ya leo:  unga KES 180 ."
    assert render(text, Person(PHONE, "Amina"), "") == expected
    assert render("{last_name} Karibu\n{last_name}", Person(PHONE), "") == "Karibu\n"


def test_render_leaves_the_spacing_alone_when_every_field_has_a_value() -> None:
    """Only a gap an empty field left is tidied: the user's own layout is theirs."""
    text = "Habari  {first_name} ,\n  bei: KES 180 ."
    assert render(text, AMINA, "mteja") == "Habari  Amina ,\n  bei: KES 180 ."
    assert render(text, NAMELESS, "mteja") == "Habari  mteja ,\n  bei: KES 180 ."


def test_render_all_renders_one_text_per_person_in_order() -> None:
    people = [AMINA, NAMELESS, Person("+254722000111", "Baraka")]
    assert render_all("Habari {first_name}", people, "mteja") == [
        "Habari Amina",
        "Habari mteja",
        "Habari Baraka",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Habari {first_name}", True),
        ("{last_name}", True),
        ("Piga {phone|0700000000}", True),
        ("Habari {first_name|}", True),
        ("Habari {name}", False),
        ("Habari {first_name", False),
        ("Habari {First_Name}", False),
        ("Bei {KES 180}", False),
        ("", False),
    ],
)
def test_has_merge_fields(text: str, expected: bool) -> None:
    assert has_merge_fields(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Habari {first_name}", True),
        ("{last_name|} ref {phone}", True),
        ("Ref {phone}: paid", False),
        ("Piga {phone|0700000000}", False),
        ("Habari {name}", False),
        ("", False),
    ],
)
def test_uses_names(text: str, expected: bool) -> None:
    assert uses_names(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Habari {first_name} {last_name}, namba {phone}", []),
        ("Habari {first_name|rafiki}!", []),
        ("Habari {jina}!", ["{jina}"]),  # Kiswahili for "name": no recipient has it
        ("Habari {first_nam}, {First_Name} {name}", ["{first_nam}", "{First_Name}", "{name}"]),
        ("Habari { first_name }", ["{ first_name }"]),
        ("Habari {jina} na {jina|rafiki} {jina}", ["{jina}", "{jina|rafiki}"]),
        # braces that do not read like a field are the shop's own words
        ("Bei {KES 500} tu; {1} {} {", []),
    ],
)
def test_unknown_fields_are_the_placeholders_render_would_send_as_typed(
    text: str, expected: list[str]
) -> None:
    assert unknown_fields(text) == expected
    for placeholder in expected:
        assert placeholder in render(text, AMINA, "mteja")
