"""Counted phrases and money, formatted through QLocale and translatable in one context."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desktop_app.ui import formats

CONTEXT = "Compose"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks a literal for pyside6-lupdate (which looks for this name); returns it as is."""
    return text


def tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def number(value: int | float) -> str:
    """A count or credit amount in the user's locale (1,240; whole numbers without decimals)."""
    return formats.number(value)


def kes(amount: float) -> str:
    return formats.kes(amount)


# Plain English plurals without a .qm file; a translation replaces each whole phrase.
# QT_TRANSLATE_NOOP marks the literals for pyside6-lupdate; count() translates at run time.
_PHRASES: dict[str, tuple[str, str]] = {
    "part": (
        QT_TRANSLATE_NOOP("Compose", "1 part"),
        QT_TRANSLATE_NOOP("Compose", "{n} parts"),
    ),
    "character": (
        QT_TRANSLATE_NOOP("Compose", "1 character"),
        QT_TRANSLATE_NOOP("Compose", "{n} characters"),
    ),
    "recipient": (
        QT_TRANSLATE_NOOP("Compose", "1 recipient"),
        QT_TRANSLATE_NOOP("Compose", "{n} recipients"),
    ),
    "credit": (
        QT_TRANSLATE_NOOP("Compose", "1 credit"),
        QT_TRANSLATE_NOOP("Compose", "{n} credits"),
    ),
    "number": (
        QT_TRANSLATE_NOOP("Compose", "1 number"),
        QT_TRANSLATE_NOOP("Compose", "{n} numbers"),
    ),
    "contact": (
        QT_TRANSLATE_NOOP("Compose", "1 contact"),
        QT_TRANSLATE_NOOP("Compose", "{n} contacts"),
    ),
    "person": (
        QT_TRANSLATE_NOOP("Compose", "1 person"),
        QT_TRANSLATE_NOOP("Compose", "{n} people"),
    ),
    "duplicate": (
        QT_TRANSLATE_NOOP("Compose", "1 duplicate removed"),
        QT_TRANSLATE_NOOP("Compose", "{n} duplicates removed"),
    ),
    "invalid": (
        QT_TRANSLATE_NOOP("Compose", "1 number is not valid"),
        QT_TRANSLATE_NOOP("Compose", "{n} numbers are not valid"),
    ),
    "chunk": (
        QT_TRANSLATE_NOOP("Compose", "1 batch"),
        QT_TRANSLATE_NOOP("Compose", "{n} batches"),
    ),
}


def count(kind: str, n: int | float) -> str:
    """The phrase for *n* ("1 part", "3 parts"), the number formatted for the locale."""
    one, many = _PHRASES[kind]
    if n == 1:
        return tr(one)
    return tr(many).format(n=number(n))
