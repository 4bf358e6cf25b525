"""The message being written, per account, in the store: saved as you type, restored when the
account is opened again, and gone the moment it is sent (``SendingService.start`` clears it in
the same transaction that writes the broadcast down).
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace

from desktop_app.core.background import Blocking
from desktop_app.core.rules import SendCategory
from desktop_app.core.store import Draft, DraftPerson, Store
from desktop_app.core.store.drafts import TakenOff

__all__ = ["Draft", "DraftPerson", "DraftsService", "TakenOff"]

log = logging.getLogger(__name__)

#: Where 0.1 kept the one draft it had (not per account), in the data folder.
LEGACY_FILE = "compose-draft.json"


class DraftsService:
    def __init__(self, store: Store, io: Blocking) -> None:
        self._store = store
        self._drafts = store.drafts
        self._io = io

    async def load(self, profile: str) -> Draft:
        """The profile's draft (empty when there is none)."""
        return await self._io(self._load, profile)

    def _load(self, profile: str) -> Draft:
        draft = self._drafts.load(profile)
        taken_off = draft.taken_off
        if taken_off is not None and taken_off.category is None:
            # Taken off by a Tuma that kept no kind with the draft: the send's own, as
            # recorded with it (a promotion edited stays one: the opt-out list, the hours).
            category = self._store.schedule.category(taken_off.broadcast_id)
            if category is not None:
                draft = replace(draft, taken_off=replace(taken_off, category=category))
        if draft.is_empty:
            legacy = _take_legacy_draft()
            if legacy is not None:  # 0.1's draft goes to the first account opened
                self._drafts.save(profile, legacy)
                return legacy
        return draft

    async def send_category(self, broadcast_id: int) -> SendCategory | None:
        """The kind of message a send written down in the journal is, as recorded with it
        (None: recorded without one). Compose reads it where the form's kind is not the
        send's: "Send to the remaining" of an unfinished send asks about the hours for
        promotions when it is one."""
        raw = await self._io(self._store.schedule.category, broadcast_id)
        try:
            return None if raw is None else SendCategory(raw)
        except ValueError:
            log.warning("broadcast %d has an unknown kind of message: %r", broadcast_id, raw)
            return None

    async def save(self, profile: str, draft: Draft) -> None:
        await self._io(self._drafts.save, profile, draft)

    async def clear(self, profile: str) -> None:
        await self._io(self._drafts.clear, profile)

    async def take_off_schedule(self, profile: str, draft: Draft) -> bool:
        """Edit of a scheduled send: the send named by ``draft.taken_off`` is cancelled off
        the schedule and *draft* becomes the profile's draft, in one transaction, so a quit
        or a crash at any moment leaves it either still scheduled or in the draft (never
        neither). False when it was no longer scheduled (sent or cancelled meanwhile)."""
        assert draft.taken_off is not None
        return await self._io(self._take_off, profile, draft.taken_off.broadcast_id, draft)

    def _take_off(self, profile: str, broadcast_id: int, draft: Draft) -> bool:
        with self._store.db.write() as db:
            if not self._store.schedule.cancel(broadcast_id, db=db):
                return False
            self._drafts.save(profile, draft, db=db)
            return True

    async def put_back(self, profile: str, taken_off: TakenOff) -> bool:
        """Undo of an edit: the send back on the schedule as it was and the draft what the
        form held before, in one transaction. Only while the profile's draft is still that
        edit: once it was sent or scheduled again (the draft cleared), False, so the old
        send can never go out as well."""
        return await self._io(self._put_back, profile, taken_off)

    def _put_back(self, profile: str, taken_off: TakenOff) -> bool:
        with self._store.db.write() as db:
            current = self._drafts.taken_off(profile, db)
            if current is None or current.broadcast_id != taken_off.broadcast_id:
                return False
            if not self._store.schedule.restore(taken_off.broadcast_id, taken_off.due_at, db=db):
                return False
            self._drafts.save(profile, taken_off.before or Draft(), db=db)
            return True


def _take_legacy_draft() -> Draft | None:
    from desktop_app.core.settings import data_dir

    path = data_dir() / LEGACY_FILE
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        log.warning("the old compose draft could not be read; it is left where it is")
        return None
    draft = Draft(
        text=str(raw.get("text", "")) if isinstance(raw, dict) else "",
        numbers=str(raw.get("numbers", "")) if isinstance(raw, dict) else "",
        sender_id=str(raw.get("sender_id", "")) if isinstance(raw, dict) else "",
        fallback=raw.get("fallback") if isinstance(raw, dict) and raw.get("fallback") else None,
    )
    try:
        path.unlink()
    except OSError:
        log.warning("the old compose draft file could not be removed", exc_info=True)
    return None if draft.is_empty else draft
