"""Message templates through the service: a suggested name, a tidy name, and save, list and
delete on the store's thread."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from desktop_app.core.services import Services
from desktop_app.core.services.templates import MAX_NAME, Template, clean_name, suggested_name


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Karibu!", "Karibu!"),
        ("  Ofa ya leo:\n unga   2kg ", "Ofa ya leo: unga 2kg"),
        ("x" * 32, "x" * 32),
        # cut at the last whole word within 32 characters
        ("Ofa ya leo: unga 2kg KES 180, sukari KES 150", "Ofa ya leo: unga 2kg KES 180,…"),
        ("y" * 40, "y" * 32 + "…"),  # one long word: cut inside it
        ("", ""),
    ],
)
def test_suggested_name_is_the_first_few_words(text: str, expected: str) -> None:
    assert suggested_name(text) == expected


def test_the_suggested_name_never_replaces_another_text() -> None:
    def saved(name: str, text: str) -> Template:
        return Template(name, text, datetime.now(UTC))

    first = saved("Habari! Mama Mboga Fresh…", "Habari! Mama Mboga Fresh Produce: tomatoes")
    second = saved("habari! mama mboga fresh… (2)", "Habari! Mama Mboga Fresh Produce: unga")
    text = "Habari! Mama Mboga Fresh Produce: sukari"
    assert suggested_name(text, [first]) == "Habari! Mama Mboga Fresh… (2)"
    assert suggested_name(text, [first, second]) == "Habari! Mama Mboga Fresh… (3)"  # any case
    assert suggested_name(first.text, [second, first]) == first.name  # the same text: its name


def test_clean_name_collapses_whitespace_and_caps_the_length() -> None:
    assert clean_name("  Ofa \t ya\nleo  ") == "Ofa ya leo"
    assert clean_name("n" * 100) == "n" * MAX_NAME
    assert clean_name(" \n ") == ""


def test_save_all_and_delete(services: Services) -> None:
    async def scenario() -> None:
        saved = await services.templates.save("  Ofa   ya leo ", "Unga 2kg KES 180")
        assert isinstance(saved, Template)
        assert (saved.name, saved.text) == ("Ofa ya leo", "Unga 2kg KES 180")
        await services.templates.save("Asante", "Asante kwa kununua!")
        assert [(t.name, t.text) for t in await services.templates.all()] == [
            ("Asante", "Asante kwa kununua!"),
            ("Ofa ya leo", "Unga 2kg KES 180"),
        ]
        # saving under a name that differs only in case replaces it
        await services.templates.save("ofa YA leo", "Unga 2kg KES 170")
        assert [(t.name, t.text) for t in await services.templates.all()] == [
            ("Asante", "Asante kwa kununua!"),
            ("ofa YA leo", "Unga 2kg KES 170"),
        ]
        assert await services.templates.delete("Asante") is True
        assert await services.templates.delete("Asante") is False
        assert [t.name for t in await services.templates.all()] == ["ofa YA leo"]

    asyncio.run(scenario())
    # written to the store, not only returned
    assert [t.name for t in services.store.templates.all()] == ["ofa YA leo"]


def test_a_long_name_is_saved_cut_to_the_limit(services: Services) -> None:
    saved = asyncio.run(services.templates.save("n" * 80, "Karibu"))
    assert saved is not None
    assert saved.name == "n" * MAX_NAME
    assert [t.name for t in services.store.templates.all()] == ["n" * MAX_NAME]


@pytest.mark.parametrize(("name", "text"), [("", "Karibu"), (" \t ", "Karibu"), ("Ofa", "  \n")])
def test_an_empty_name_or_text_saves_nothing(services: Services, name: str, text: str) -> None:
    assert asyncio.run(services.templates.save(name, text)) is None
    assert services.store.templates.all() == []
