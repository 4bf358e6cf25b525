"""The Compose tab's module-level translation context, and numbers and money through QLocale.

Counted phrases ("3 parts") are Qt plural forms in :func:`desktop_app.ui.words.counts`.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desktop_app.ui import formats

__all__ = ["CONTEXT", "kes", "number", "tr"]

CONTEXT = "Compose"


def tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def number(value: int | float) -> str:
    """A count or credit amount in the user's locale (1,240; whole numbers without decimals)."""
    return formats.number(value)


def kes(amount: float) -> str:
    return formats.kes(amount)
