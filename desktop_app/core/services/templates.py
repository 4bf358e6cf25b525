"""Message templates: list, save, delete (store calls off the GUI thread)."""

from __future__ import annotations

from collections.abc import Sequence

from desktop_app.core.background import Blocking
from desktop_app.core.store import Store, Template

__all__ = ["MAX_NAME", "Template", "TemplatesService", "suggested_name"]

MAX_NAME = 60


def suggested_name(text: str, saved: Sequence[Template] = ()) -> str:
    """The first few words of the message, as a starting name. Messages often start alike
    ("Habari {first_name}! Mama Mboga…"): a name one of the *saved* templates has is
    numbered ("… (2)"), so accepting the suggestion never replaces another text; the name
    of a template with this very text is suggested as it is (saving it again changes
    nothing)."""
    for template in saved:
        if template.text == text:
            return template.name
    words = " ".join(text.split())
    base = words if len(words) <= 32 else words[:32].rsplit(" ", 1)[0] + "…"
    taken = {t.name.casefold() for t in saved}
    name, number = base, 2
    while name.casefold() in taken:
        name, number = f"{base} ({number})", number + 1
    return name


def clean_name(name: str) -> str:
    """Whitespace runs made one space, at most MAX_NAME characters."""
    return " ".join(name.split())[:MAX_NAME]


class TemplatesService:
    def __init__(self, store: Store, io: Blocking) -> None:
        self._templates = store.templates
        self._io = io

    async def all(self) -> list[Template]:
        return await self._io(self._templates.all)

    async def save(self, name: str, text: str) -> Template | None:
        """Save *text* under *name* (replacing a template of that name); None when the name
        or the text is empty."""
        name = clean_name(name)
        if not name or not text.strip():
            return None
        return await self._io(self._templates.save, name, text)

    async def delete(self, name: str) -> bool:
        return await self._io(self._templates.delete, name)
