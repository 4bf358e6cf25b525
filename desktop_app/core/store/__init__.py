"""The local data, in one SQLite file: one module per table group, one :class:`Store` to open
them together. Reached only through core.services (the UI never touches it directly).

- :mod:`~desktop_app.core.store.db`: the connection, durability and the schema steps;
- :mod:`~desktop_app.core.store.journal`: broadcasts and their chunks (the send journal);
- :mod:`~desktop_app.core.store.history`: what was sent (for the Delivery tab);
- :mod:`~desktop_app.core.store.templates`: saved message texts;
- :mod:`~desktop_app.core.store.balances`: balance readings (for the chart);
- :mod:`~desktop_app.core.store.drafts`: the message being written, per account.
- :mod:`~desktop_app.core.store.contact_drafts`: the contact being typed in the add/edit
  form, per account.
- :mod:`~desktop_app.core.store.groups`: contact groups, kept on this computer.
- :mod:`~desktop_app.core.store.imports`: past imports and their problem rows;
- :mod:`~desktop_app.core.store.optouts`: the opt-out list and the account's sending rules;
- :mod:`~desktop_app.core.store.schedule`: sends waiting for their time, and each send's
  category (promotional or transactional).
- :mod:`~desktop_app.core.store.delivery`: delivery reports per recipient, and when to look
  each message up again.
- :mod:`~desktop_app.core.store.names`: who a personalised send was for, with their names,
  and the fallback word it was written with (to personalise a new send built from it).
"""

from __future__ import annotations

from pathlib import Path

from desktop_app.core.store.balances import BalanceReadings
from desktop_app.core.store.contact_drafts import ContactDraft, ContactDrafts
from desktop_app.core.store.db import (
    Closing,
    Database,
    StoreError,
    StoreProblem,
    could_not_write,
)
from desktop_app.core.store.delivery import DeliveryRecords
from desktop_app.core.store.drafts import Draft, DraftPerson, Drafts
from desktop_app.core.store.groups import Group, Groups, Member
from desktop_app.core.store.history import PriorSend, SentHistory, SentMessage
from desktop_app.core.store.imports import ImportOutcome, ImportRecord, Imports, ProblemRecord
from desktop_app.core.store.journal import (
    RECORDED_ONLY,
    WEB_PAGE_DETAIL,
    Broadcast,
    BroadcastKind,
    Chunk,
    ChunkReason,
    ChunkState,
    Journal,
    Recipient,
)
from desktop_app.core.store.names import RecipientNames
from desktop_app.core.store.optouts import OptOut, OptOuts, OptOutSource
from desktop_app.core.store.schedule import Schedule, ScheduledSend
from desktop_app.core.store.templates import Template, Templates

__all__ = [
    "RECORDED_ONLY",
    "WEB_PAGE_DETAIL",
    "BalanceReadings",
    "Broadcast",
    "BroadcastKind",
    "Chunk",
    "ChunkReason",
    "ChunkState",
    "ContactDraft",
    "ContactDrafts",
    "Database",
    "DeliveryRecords",
    "Draft",
    "DraftPerson",
    "Drafts",
    "Group",
    "Groups",
    "ImportOutcome",
    "ImportRecord",
    "Imports",
    "Journal",
    "Member",
    "OptOut",
    "OptOutSource",
    "OptOuts",
    "PriorSend",
    "ProblemRecord",
    "Recipient",
    "RecipientNames",
    "Schedule",
    "ScheduledSend",
    "SentHistory",
    "SentMessage",
    "Store",
    "StoreError",
    "StoreProblem",
    "Template",
    "Templates",
    "could_not_write",
]


class Store(Closing):
    """Every table group on one connection to the store file."""

    def __init__(self, path: Path | None = None) -> None:
        self.db = Database(path)
        try:
            self.journal = Journal(self.db, write_left_behind=False)
            self.history = SentHistory(self.db)
            self.templates = Templates(self.db)
            self.balances = BalanceReadings(self.db)
            self.drafts = Drafts(self.db)
            self.contact_drafts = ContactDrafts(self.db)
            self.groups = Groups(self.db)
            self.imports = Imports(self.db)
            self.optouts = OptOuts(self.db)
            self.schedule = Schedule(self.db, self.journal)
            self.delivery = DeliveryRecords(self.db)
            self.names = RecipientNames(self.db)
        except BaseException:
            self.db.close()
            raise

    @property
    def path(self) -> Path:
        return self.db.path

    def close(self) -> None:
        self.db.close()

    def __repr__(self) -> str:
        return f"Store({str(self.db.path)!r})"
