"""Personalised messages: merge fields and a fallback for empty ones.

The text that is previewed is the text that is costed, checked against the sent history and
sent: all of them call :func:`render`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from desktop_app.core.recipients import Person

__all__ = ["MERGE_FIELDS", "has_merge_fields", "render", "render_all"]

MERGE_FIELDS = ("first_name", "last_name", "phone")
# {first_name} or {first_name|fallback for this field only}
_FIELD = re.compile(r"\{(first_name|last_name|phone)(?:\|([^{}]*))?\}")
_SPACES = re.compile(r"[ \t]{2,}")
_SPACE_BEFORE_PUNCT = re.compile(r"[ \t]+([,.!?;:])")


def has_merge_fields(text: str) -> bool:
    return _FIELD.search(text) is not None


def render(text: str, person: Person, fallback: str = "") -> str:
    """The message *person* receives.

    An empty {first_name} becomes *fallback* ("Habari {first_name}" -> "Habari customer");
    an empty {last_name} disappears. ``{field|words}`` sets the fallback for one field.
    Spaces left doubled by an empty field are tidied.
    """
    tidy = False

    def substitute(match: re.Match[str]) -> str:
        nonlocal tidy
        field, own_fallback = match.group(1), match.group(2)
        value = {
            "first_name": person.first_name,
            "last_name": person.last_name,
            "phone": person.phone,
        }[field].strip()
        if value:
            return value
        if own_fallback is not None:
            value = own_fallback.strip()
        elif field == "first_name":
            value = fallback.strip()
        if not value:
            tidy = True
        return value

    rendered = _FIELD.sub(substitute, text)
    if tidy:
        lines = [
            _SPACE_BEFORE_PUNCT.sub(r"\1", _SPACES.sub(" ", line)) for line in rendered.split("\n")
        ]
        rendered = "\n".join(line.strip(" \t") for line in lines)
    return rendered


def render_all(text: str, people: Sequence[Person], fallback: str) -> list[str]:
    return [render(text, p, fallback) for p in people]
