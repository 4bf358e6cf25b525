"""Message templates: list, save, delete (store calls off the GUI thread)."""

from __future__ import annotations

from desktop_app.core.background import Blocking
from desktop_app.core.store import Store, Template

__all__ = ["MAX_NAME", "Template", "TemplatesService", "suggested_name"]

MAX_NAME = 60


def suggested_name(text: str) -> str:
    """The first few words of the message, as a starting name."""
    words = " ".join(text.split())
    if len(words) <= 32:
        return words
    return words[:32].rsplit(" ", 1)[0] + "…"


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
