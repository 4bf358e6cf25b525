"""Counted phrases and money, formatted through QLocale and translatable in one context."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale

CONTEXT = "Compose"


def tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def number(value: int | float) -> str:
    """A count or credit amount in the user's locale (1,240; whole numbers without decimals)."""
    locale = QLocale()
    if isinstance(value, float) and not value.is_integer():
        return locale.toString(value, "f", 2)
    return locale.toString(int(value))


def kes(amount: float) -> str:
    return tr("KES {amount}").format(amount=QLocale().toString(float(amount), "f", 2))


# Plain English plurals without a .qm file; a translation replaces each whole phrase.
_PHRASES: dict[str, tuple[str, str]] = {
    "part": ("1 part", "{n} parts"),
    "character": ("1 character", "{n} characters"),
    "recipient": ("1 recipient", "{n} recipients"),
    "credit": ("1 credit", "{n} credits"),
    "number": ("1 number", "{n} numbers"),
    "contact": ("1 contact", "{n} contacts"),
    "person": ("1 person", "{n} people"),
    "duplicate": ("1 duplicate removed", "{n} duplicates removed"),
    "invalid": ("1 number is not valid", "{n} numbers are not valid"),
    "chunk": ("1 batch", "{n} batches"),
}


def count(kind: str, n: int | float) -> str:
    one, many = _PHRASES[kind]
    if n == 1:
        return tr(one)
    return tr(many).format(n=number(n))


def _register_for_lupdate() -> None:  # pragma: no cover - only marks strings for translators
    for one, many in _PHRASES.values():
        QCoreApplication.translate(CONTEXT, one)
        QCoreApplication.translate(CONTEXT, many)
