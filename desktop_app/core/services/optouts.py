"""The promotional rules of an account: its opt-out list, its opt-out line, and the category
each sender ID's sends usually are.

Numbers on the opt-out list never get a promotional send: Compose takes them out of the plan
(and says how many), and :meth:`SendingService.run` takes out any added since a broadcast was
planned (a resumed or scheduled one), so every send path honours the list as it stands when
the message actually goes.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from desktop_app.core import phones as phone_rules
from desktop_app.core.background import Blocking, run_in_daemon_thread
from desktop_app.core.rules import DEFAULT_OPT_OUT_LINE, MAX_OPT_OUT_LINE, SendCategory
from desktop_app.core.store import OptOut, OptOutSource, Store

__all__ = [
    "NumbersRead",
    "OptOut",
    "OptOutService",
    "OptOutSource",
    "SendCategory",
]

log = logging.getLogger(__name__)

#: A send's category until the user chooses one for the sender ID: the promotional rules
#: protect the shop from fines, and a receipt is one click away.
DEFAULT_CATEGORY = SendCategory.PROMOTIONAL


@dataclass(frozen=True)
class NumbersRead:
    """Phone numbers read from typed text or a file: the valid ones (E.164) and how many
    entries could not be read as a number (typed: which, as typed; from a file: which rows,
    each with its row number and what its phone cell held, ``""`` when empty)."""

    phones: tuple[str, ...]
    unreadable: int
    unread: tuple[str, ...] = ()
    unread_rows: tuple[tuple[int, str], ...] = ()


def read_numbers(text: str, region: str = "KE") -> NumbersRead:
    """Numbers typed or pasted: one per line, or separated by commas, semicolons or tabs
    (rows copied from Excel, where the name beside a number is no number and not counted as
    one), or by spaces when every piece is a number ("0712345678 0722111222")."""
    found: list[str] = []
    unread: list[str] = []
    for line in text.splitlines():
        columns = line.split("\t")
        entries = [e.strip() for column in columns for e in re.split("[,;]", column)]
        numbers: list[str] = []
        bad: list[str] = []
        for entry in filter(None, entries):
            number = phone_rules.try_normalize(entry, region)
            if number is not None:
                numbers.append(number)
                continue
            pieces = [phone_rules.try_normalize(piece, region) for piece in entry.split()]
            if len(pieces) > 1 and all(pieces):
                numbers.extend(p for p in pieces if p)
            else:
                bad.append(entry)
        if len(columns) > 1 and numbers:
            bad = [entry for entry in bad if any(c.isdigit() for c in entry)]
        elif len(columns) > 1 and bad:
            bad = [" ".join(bad)]  # one row of a spreadsheet without a number in it
        found.extend(numbers)
        unread.extend(bad)
    return NumbersRead(tuple(dict.fromkeys(found)), len(unread), tuple(unread))


def _read_file(path: Path) -> NumbersRead:
    """Every number in the file's phone column. Only that column counts: a row whose other
    cells a contact import would refuse (an e-mail that is no address) is still a number to
    keep promotions from."""
    from desktop_app.core.importing import RejectReason, validate_contacts_file

    report = validate_contacts_file(path)
    if any(row.reason is RejectReason.INVALID_EMAIL for row in report.rejected):
        report = validate_contacts_file(
            path,
            mapping=replace(report.mapping, email=None),
            sheet=report.source.sheet,
            header_row="none" if report.header_row is None else report.header_row,
        )
    phones = tuple(dict.fromkeys(row.phone for row in report.valid))
    rows = tuple((row.row, row.detail) for row in report.rejected)
    return NumbersRead(phones, len(report.rejected), unread_rows=rows)


class OptOutService:
    def __init__(self, store: Store, io: Blocking) -> None:
        self._optouts = store.optouts
        self._io = io

    # -- the list ------------------------------------------------------------------------------

    async def add(
        self, profile: str, phones: Iterable[str], source: OptOutSource, note: str = ""
    ) -> int:
        """Put numbers on the list; returns how many were new to it."""
        return await self._io(self._optouts.add, profile, list(phones), source, note)

    async def remove(self, profile: str, phones: Iterable[str]) -> int:
        return await self._io(self._optouts.remove, profile, list(phones))

    async def take_off(self, profile: str, phones: Iterable[str]) -> tuple[OptOut, ...]:
        """Take numbers off the list; returns the entries as they were, for :meth:`put_back`
        (the list's Undo)."""
        return tuple(await self._io(self._optouts.take_off, profile, list(phones)))

    async def put_back(self, profile: str, entries: Iterable[OptOut]) -> int:
        """Undo :meth:`take_off`: the entries back with their reason and date; how many."""
        return await self._io(self._optouts.put_back, profile, list(entries))

    async def among(self, profile: str, phones: Sequence[str]) -> set[str]:
        """Which of *phones* are on the list."""
        return await self._io(self._optouts.among, profile, list(phones))

    async def count(self, profile: str) -> int:
        return await self._io(self._optouts.count, profile)

    async def page(
        self, profile: str, *, search: str = "", offset: int = 0, limit: int = 100
    ) -> list[OptOut]:
        return await self._io(
            self._optouts.page, profile, search=search, offset=offset, limit=limit
        )

    @staticmethod
    def read_typed(text: str) -> NumbersRead:
        return read_numbers(text)

    async def read_file(self, path: Path) -> NumbersRead:
        """The numbers in a CSV or Excel file (read in a worker thread). Raises
        core.importing's ImportError (with a code) when the file cannot be read."""
        return await run_in_daemon_thread(_read_file, path)

    # -- the account's rules ---------------------------------------------------------------------

    async def opt_out_line(self, profile: str) -> str:
        """The line "Add opt-out line" adds: the account's own, or the default."""
        line = await self._io(self._optouts.opt_out_line, profile)
        return line or DEFAULT_OPT_OUT_LINE

    async def set_opt_out_line(self, profile: str, line: str) -> str:
        """Save the account's line (trimmed; empty: back to the default). Returns it."""
        cleaned = " ".join(line.split())[:MAX_OPT_OUT_LINE]
        await self._io(self._optouts.set_opt_out_line, profile, cleaned or None)
        return cleaned or DEFAULT_OPT_OUT_LINE

    async def category(self, profile: str, sender_id: str) -> SendCategory:
        """The category last chosen for this sender ID's sends (promotional until chosen)."""
        raw = await self._io(self._optouts.category, profile, sender_id)
        try:
            return SendCategory(raw) if raw else DEFAULT_CATEGORY
        except ValueError:
            return DEFAULT_CATEGORY

    async def remember_category(self, profile: str, sender_id: str, category: SendCategory) -> None:
        if sender_id:
            await self._io(self._optouts.set_category, profile, sender_id, str(category))
