"""Personalised messages: merge fields and a fallback for empty ones.

The text that is previewed is the text that is costed, checked against the sent history and
sent: all of them call :func:`render`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from desktop_app.core.recipients import Person

__all__ = [
    "MERGE_FIELDS",
    "has_merge_fields",
    "render",
    "render_all",
    "unknown_fields",
    "uses_names",
]

MERGE_FIELDS = ("first_name", "last_name", "phone")
# {first_name} or {first_name|fallback for this field only}
_FIELD = re.compile(r"\{(first_name|last_name|phone)(?:\|([^{}]*))?\}")
#: Marks where a field stayed empty while the gaps around it are closed.
_GAP = "\x00"
_GAP_AT_EDGE = re.compile(r"(^|\n)[ \t]*\x00[ \t\x00]*|[ \t\x00]*\x00[ \t]*(?=\n|$)")
_GAP_BEFORE_PUNCT = re.compile(r"[ \t]*\x00[ \t\x00]*(?=[,.!?;:])")
_GAP_BETWEEN = re.compile(r"[ \t]*\x00[ \t\x00]*")
#: Words in braces that read like a field ("{jina}", "{first_nam}", "{First Name}"): letters,
#: underscores and spaces only, so "{KES 500}" is left alone.
_LOOKS_LIKE_FIELD = re.compile(r"\{[ \t]*[A-Za-z_][A-Za-z_ \t]{0,30}(?:\|[^{}\n]*)?\}")


def has_merge_fields(text: str) -> bool:
    return _FIELD.search(text) is not None


def unknown_fields(text: str) -> list[str]:
    """The placeholders in *text* that are none of :data:`MERGE_FIELDS` ("{jina}",
    "{first_nam}", "{ first_name }"), as typed, each once: :func:`render` leaves them as
    they are, so every customer would get the braces."""
    found: list[str] = []
    for match in _LOOKS_LIKE_FIELD.finditer(text):
        placeholder = match.group()
        if _FIELD.fullmatch(placeholder) is None and placeholder not in found:
            found.append(placeholder)
    return found


def uses_names(text: str) -> bool:
    """Whether the text greets people by name ({first_name}, {last_name}), not only {phone}."""
    return any(match.group(1) != "phone" for match in _FIELD.finditer(text))


def render(text: str, person: Person, fallback: str = "") -> str:
    """The message *person* receives.

    An empty {first_name} becomes *fallback* ("Habari {first_name}" -> "Habari customer");
    an empty {last_name} disappears. ``{field|words}`` sets the fallback for one field.
    The gap a field that stays empty leaves is closed (doubled spaces around it, a space
    before the punctuation after it, spaces at the start or end of its line); the user's
    own spacing elsewhere is left as typed.
    """
    empty = False

    def substitute(match: re.Match[str]) -> str:
        nonlocal empty
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
            empty = True
            return _GAP
        return value

    rendered = _FIELD.sub(substitute, text)
    if empty:
        rendered = _GAP_AT_EDGE.sub(r"\1", rendered)  # at the start or end of a line
        rendered = _GAP_BEFORE_PUNCT.sub("", rendered)  # "Habari {first_name}!" -> "Habari!"
        rendered = _GAP_BETWEEN.sub(" ", rendered)  # "Dear {first_name} Otieno": one space
        rendered = rendered.replace(_GAP, "")
    return rendered


def render_all(text: str, people: Sequence[Person], fallback: str) -> list[str]:
    return [render(text, p, fallback) for p in people]
