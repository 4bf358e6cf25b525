"""Who a message goes to: typed numbers and picked contacts, merged, each number once.

Plain rules (no Qt): the Compose tab shows them, the sending service sends them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from desktop_app.core import phones

__all__ = [
    "InvalidNumber",
    "KeptPeople",
    "NumberParser",
    "Person",
    "RecipientList",
    "Word",
    "kept_people",
    "merge_recipients",
    "read_recipients",
]


@dataclass(frozen=True)
class Person:
    """One valid recipient: an E.164 number and, when picked from contacts, the names."""

    phone: str
    first_name: str = ""
    last_name: str = ""
    from_contacts: bool = False

    @property
    def name(self) -> str:
        return " ".join(p for p in (self.first_name, self.last_name) if p)


@dataclass(frozen=True)
class InvalidNumber:
    """A typed number that is not valid, and why (``error.problem``)."""

    raw: str
    error: phones.InvalidPhoneNumber


@dataclass(frozen=True)
class Word:
    """A pasted item with no digit in it: a name or a heading copied with the numbers from a
    spreadsheet ("Achieng Otieno<Tab>0712 345 678"), or a name typed to find someone. Not a
    number at all, so not "a number that is not valid" either: it is left out, and said so."""

    raw: str


@dataclass(frozen=True)
class RecipientList:
    people: tuple[Person, ...]
    invalid: tuple[InvalidNumber, ...]
    duplicates: int
    #: The words left out (each once, in order): see :class:`Word`.
    words: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        """No one to send to and no number to correct (words left out do not count)."""
        return not self.people and not self.invalid


@dataclass(frozen=True)
class KeptPeople:
    """The recipients of an earlier send, for a new one built from it (resend to those it
    failed for, a scheduled send taken back to edit)."""

    people: tuple[Person, ...]  # with the names it was personalised with, when kept
    #: Its text greets people by name, but it was written before names were kept: numbers
    #: only, so everyone gets the fallback word unless they are picked from the contacts again.
    names_missing: bool = False
    #: The fallback word ("No name? Use:") it was personalised with, for whoever has no first
    #: name; None when none was kept (not personalised, or written before it was kept).
    fallback: str | None = None

    @property
    def phones(self) -> tuple[str, ...]:
        return tuple(person.phone for person in self.people)


def kept_people(
    phones: Sequence[str],
    named: Sequence[Person] | None,
    *,
    by_name: bool,
    fallback: str | None = None,
) -> KeptPeople:
    """*phones* of an earlier send as people: *named* (with the names the store kept; None
    when it kept none), or bare numbers; *by_name*: its text greets people by name, so bare
    numbers are worth a word to the user (names_missing); *fallback*: the word it was
    written with for whoever has no name, when kept."""
    if named is not None:
        return KeptPeople(tuple(named), fallback=fallback)
    people = tuple(Person(phone) for phone in phones)
    return KeptPeople(people, names_missing=by_name and bool(people), fallback=fallback)


class NumberParser:
    """Splits pasted text and normalises each number, remembering results (pastes repeat)."""

    def __init__(self) -> None:
        self._cache: dict[str, str | InvalidNumber] = {}

    def normalise(self, raw: str) -> str | InvalidNumber:
        known = self._cache.get(raw)
        if known is None:
            from desktop_app.core import phones  # phonenumbers: loaded when first needed

            result = phones.check(raw)
            known = InvalidNumber(raw, result) if isinstance(result, Exception) else result
            self._cache[raw] = known
        return known

    def parse(self, text: str) -> list[str | InvalidNumber | Word]:
        from desktop_app.core import phones

        return [
            self.normalise(raw) if any(c.isdigit() for c in raw) else Word(raw)
            for raw in phones.split_numbers(text)
        ]


def merge_recipients(
    typed: Sequence[str | InvalidNumber | Word], picked: Iterable[Person]
) -> RecipientList:
    """Contacts first (they carry names), then typed numbers; each number once."""
    seen: dict[str, Person] = {}
    duplicates = 0
    invalid: list[InvalidNumber] = []
    seen_invalid: set[str] = set()
    words: dict[str, None] = {}
    for person in picked:
        if person.phone in seen:
            duplicates += 1
            continue
        seen[person.phone] = person
    for item in typed:
        if isinstance(item, Word):
            words.setdefault(item.raw)
        elif isinstance(item, InvalidNumber):
            if item.raw in seen_invalid:
                duplicates += 1
            else:
                seen_invalid.add(item.raw)
                invalid.append(item)
        elif item in seen:
            duplicates += 1
        else:
            seen[item] = Person(item)
    return RecipientList(tuple(seen.values()), tuple(invalid), duplicates, tuple(words))


def read_recipients(
    parser: NumberParser, text: str, picked: Sequence[Person]
) -> tuple[list[str | InvalidNumber | Word], RecipientList]:
    """*text* parsed, and merged with *picked*: the whole reading of a pasted list, in one
    call a worker thread can make (50,000 new numbers take ~0.3 s). The parser's memory of
    numbers it has seen may be shared with the GUI thread: each entry is one dict write."""
    typed = parser.parse(text)
    return typed, merge_recipients(typed, picked)
