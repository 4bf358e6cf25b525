"""Numbers and money for the Compose tab, through QLocale.

Module-level sentences use ``QCoreApplication.translate("Compose", "...")`` (a literal context
and text, so ``pyside6-lupdate`` files them).

Counted phrases ("3 parts") are Qt plural forms in :func:`desktop_app.ui.words.counts`.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desktop_app.ui import formats

__all__ = ["CONTEXT", "kes", "number", "tr"]

CONTEXT = "Compose"


def tr(text: str) -> str:
    """Kept only so code written against the old helper still runs: ``pyside6-lupdate``
    cannot see through it, so its sentences never reach the translators, and
    ``tests/ui/test_translations.py`` points at every call. Write
    ``QCoreApplication.translate("Compose", "...")`` instead."""
    return QCoreApplication.translate(CONTEXT, text)


def number(value: int | float) -> str:
    """A count or credit amount in the user's locale (1,240; whole numbers without decimals)."""
    return formats.number(value)


def kes(amount: float) -> str:
    return formats.kes(amount)
