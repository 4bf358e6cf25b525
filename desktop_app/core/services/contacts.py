"""Contacts: the customer list the service keeps (paged, searched, added, changed, deleted),
the groups kept on this computer, and what is done with "all of them" (messaging, export).

Every method that talks to the service takes the session's :class:`~desktop_app.core.api.Client`
and every method about groups the account's profile name: the service is built once for the
app (on the store and its worker thread), while sessions come and go; passing the client in
means a switched account can never be reached through a stale one. Store calls run through
``io`` (the store's thread), never on the GUI thread.

Outcomes are facts: a :class:`ContactFormError` names each field's problem (a code, the phone
error, the service's own words, or the contact that already has the number); a
:class:`DeleteReport` says which were deleted and which failed, and why (and the group places
they left, for an Undo); a :class:`RestoreReport` what that Undo put back; the API's typed
errors pass through unchanged (a legacy token gets :class:`~desktop_app.core.api.errors.
ScopeError`).

Sorting is the service's: newest first. It offers no other order, so neither does this.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from desktop_app.core.api import errors as api
from desktop_app.core.api.models import Contact
from desktop_app.core.background import Blocking
from desktop_app.core.contact_files import (
    Cancelled,
    Cell,
    ContactFileWriter,
    ExportFormat,
    ExportReport,
    check_cancel,
    write_in_batches,
)
from desktop_app.core.invisible import without_invisible
from desktop_app.core.recipients import Person
from desktop_app.core.store import ContactDraft, Group, Member, Store
from desktop_app.core.store.groups import Membership, clean_group_name

if TYPE_CHECKING:
    from desktop_app.core import phones
    from desktop_app.core.api import Client

__all__ = [
    "CONTACT_FIELDS",
    "GROUP_BATCH",
    "LOOKUP_CONCURRENCY",
    "MAX_MATCHING",
    "PAGE_SIZES",
    "Contact",
    "ContactDraft",
    "ContactForm",
    "ContactFormError",
    "ContactQuery",
    "ContactRow",
    "ContactsPage",
    "ContactsService",
    "DeleteReport",
    "ExportFormat",
    "ExportReport",
    "FieldProblem",
    "FormCheck",
    "Group",
    "Matching",
    "Membership",
    "RestoreReport",
    "changes",
    "clean_group_name",
    "validate_contact_form",
]

log = logging.getLogger(__name__)

#: The page sizes offered (the service allows 1 to 100).
PAGE_SIZES = (20, 50, 100)
#: "Everyone matching" stops at this many people: a message to more is better sent as an
#: import plus a bulk job, and 20,000 people (a few MB) keep Compose responsive. Export has
#: no such limit: it streams every page to the file.
MAX_MATCHING = 20_000
#: Lookups of single numbers (a group's members) in flight at once.
LOOKUP_CONCURRENCY = 6
#: The fields of a contact the form edits, in the form's order.
CONTACT_FIELDS = ("phone", "first_name", "last_name", "email", "notes")
_OPTIONAL = CONTACT_FIELDS[1:]
#: The service's own rule for an email address (CONTRACT: checked before the request).
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_FULL_PAGE = 100
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
#: Numbers put in a group per write (one transaction): 100,000 go in twenty, with progress
#: and a chance to stop between them.
GROUP_BATCH = 5_000

Progress = Callable[[int, int], None]


# --- the form ----------------------------------------------------------------------------------


class FieldProblem(StrEnum):
    """What is wrong with one field of the add/edit form (the UI says it beside the field)."""

    PHONE = "phone"  # not a valid number: FormCheck.phone_error / ContactFormError.phone_error
    EMAIL = "email"  # not an email address
    DUPLICATE = "duplicate"  # another contact has this number (ContactFormError.owner)
    SERVICE = "service"  # the service refused it, in its own words (ContactFormError.service)


@dataclass(frozen=True)
class ContactForm:
    """The add/edit form as typed."""

    phone: str = ""
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    notes: str = ""

    @classmethod
    def of(cls, contact: Contact) -> ContactForm:
        return cls(
            phone=contact.phone,
            first_name=contact.first_name or "",
            last_name=contact.last_name or "",
            email=contact.email or "",
            notes=contact.notes or "",
        )

    @classmethod
    def of_draft(cls, draft: ContactDraft) -> ContactForm:
        """The form as it was typed when *draft* was kept."""
        return cls(
            phone=draft.phone,
            first_name=draft.first_name,
            last_name=draft.last_name,
            email=draft.email,
            notes=draft.notes,
        )


@dataclass(frozen=True)
class FormCheck:
    """The form checked before any request: cleaned values (the phone in E.164, an empty
    optional field as None) and each field's problem."""

    values: dict[str, str | None]
    problems: dict[str, FieldProblem] = field(default_factory=dict)
    phone_error: phones.InvalidPhoneNumber | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


def validate_contact_form(form: ContactForm) -> FormCheck:
    values: dict[str, str | None] = {}
    problems: dict[str, FieldProblem] = {}
    from desktop_app.core import phones  # phonenumbers: loaded when first needed

    phone = phones.check(form.phone)
    phone_error = phone if isinstance(phone, phones.InvalidPhoneNumber) else None
    if phone_error is not None:
        problems["phone"] = FieldProblem.PHONE
        values["phone"] = form.phone.strip()
    else:
        assert isinstance(phone, str)
        values["phone"] = phone
    for name in _OPTIONAL:
        text = getattr(form, name).strip()
        values[name] = text or None
    email = values["email"]
    if email is not None and not _EMAIL.match(email):
        problems["email"] = FieldProblem.EMAIL
    return FormCheck(values, problems, phone_error)


def changes(original: Contact, values: Mapping[str, str | None]) -> dict[str, str | None]:
    """Only the fields whose value differs from *original*; None clears an optional one."""
    changed: dict[str, str | None] = {}
    for name in CONTACT_FIELDS:
        if name not in values:
            continue
        old = getattr(original, name) or None
        new = values[name] or None
        if old != new:
            changed[name] = new
    return changed


class ContactFormError(Exception):
    """The form cannot be saved as it is: field → problem, with the details each needs."""

    def __init__(
        self,
        problems: Mapping[str, FieldProblem],
        *,
        phone_error: phones.InvalidPhoneNumber | None = None,
        service: Mapping[str, str] | None = None,
        owner: Contact | None = None,
        phone: str | None = None,
    ) -> None:
        self.problems = dict(problems)
        self.phone_error = phone_error
        self.service: dict[str, str] = dict(service or {})
        self.owner = owner  # DUPLICATE: the contact that has the number (None: not found)
        self.phone = phone  # DUPLICATE: the number, E.164
        super().__init__(", ".join(f"{name}: {p}" for name, p in self.problems.items()))


# --- pages, rows, queries ----------------------------------------------------------------------


@dataclass(frozen=True)
class ContactQuery:
    """What the grid shows: everyone, a search, a group, or a search within a group."""

    search: str = ""
    group_id: int | None = None

    def __post_init__(self) -> None:
        # a number pasted from WhatsApp brings invisible direction marks: they match nothing
        object.__setattr__(self, "search", without_invisible(self.search).strip())


@dataclass(frozen=True)
class ContactRow:
    """One row: the service's contact (None when a group member's number is no longer among
    the contacts) and the groups of its number."""

    phone: str
    contact: Contact | None
    groups: tuple[str, ...] = ()
    first_name: str = ""  # the contact's, or the name the group last saw
    last_name: str = ""

    @property
    def name(self) -> str:
        return " ".join(p for p in (self.first_name, self.last_name) if p)

    def person(self) -> Person:
        return Person(self.phone, self.first_name, self.last_name, from_contacts=True)

    @classmethod
    def of(cls, contact: Contact, groups: tuple[str, ...] = ()) -> ContactRow:
        return cls(
            contact.phone,
            contact,
            groups,
            (contact.first_name or "").strip(),
            (contact.last_name or "").strip(),
        )


@dataclass(frozen=True)
class ContactsPage:
    rows: tuple[ContactRow, ...]
    page: int
    page_size: int
    total: int
    total_pages: int


@dataclass(frozen=True)
class Matching:
    """Everyone matching a query, up to a limit."""

    rows: tuple[ContactRow, ...]
    total: int  # how many matched (may exceed len(rows) when truncated)
    truncated: bool

    def people(self) -> list[Person]:
        return [row.person() for row in self.rows]


@dataclass(frozen=True)
class DeleteReport:
    deleted: tuple[Contact, ...]
    failed: tuple[tuple[Contact, api.ApiError], ...]
    stopped: bool = False  # cancelled before every contact was tried
    #: The group places the deleted numbers left (kept on this computer): an Undo puts them
    #: back (:meth:`ContactsService.restore_many`).
    memberships: tuple[Membership, ...] = ()


@dataclass(frozen=True)
class RestoreReport:
    """What an Undo of a delete did: each contact added back (as it was, and as the service
    now has it), each whose number was back among the contacts already (someone added it
    again meanwhile: not added twice), and each that could not be added, with why; the group
    places put back (for the first two)."""

    restored: tuple[tuple[Contact, Contact], ...]  # (as deleted, as added back)
    existing: tuple[Contact, ...]
    failed: tuple[tuple[Contact, api.ApiError], ...]
    not_tried: tuple[Contact, ...] = ()  # cancelled before these were tried
    groups: int = 0  # group places put back

    @property
    def stopped(self) -> bool:
        return bool(self.not_tried)

    @property
    def left(self) -> tuple[Contact, ...]:
        """The contacts still to add back (a later Undo tries them again)."""
        return (*(contact for contact, _exc in self.failed), *self.not_tried)


# --- the service -------------------------------------------------------------------------------


class ContactsService:
    def __init__(self, store: Store, io: Blocking) -> None:
        self._groups = store.groups
        self._drafts = store.contact_drafts
        self._io = io

    # -- pages -----------------------------------------------------------------------------

    async def page(
        self,
        client: Client,
        profile: str,
        page: int,
        size: int,
        query: ContactQuery | None = None,
    ) -> ContactsPage:
        """One page of the list (newest first), with each number's groups."""
        query = query or ContactQuery()
        size = max(1, min(_FULL_PAGE, size))
        page = max(1, page)
        if query.group_id is not None:
            return await self._group_page(client, profile, page, size, query)
        result = await client.list_contacts(page=page, page_size=size, search=query.search or None)
        rows = await self._io(self._annotate, profile, result.contacts)
        return ContactsPage(rows, result.page, result.page_size, result.total, result.total_pages)

    def _annotate(self, profile: str, contacts: Sequence[Contact]) -> tuple[ContactRow, ...]:
        """(store thread) Rows with their groups; the names groups keep are freshened."""
        rows = [ContactRow.of(c) for c in contacts]
        found = self._groups.groups_of(profile, [r.phone for r in rows])
        if not found:
            return tuple(rows)
        self._groups.seen(
            profile, [Member(r.phone, r.first_name, r.last_name) for r in rows if r.phone in found]
        )
        return tuple(replace(r, groups=found.get(r.phone, ())) for r in rows)

    async def _group_page(
        self, client: Client, profile: str, page: int, size: int, query: ContactQuery
    ) -> ContactsPage:
        assert query.group_id is not None
        total, members = await self._io(
            self._group_slice, profile, query.group_id, query.search, (page - 1) * size, size
        )
        rows = await self._resolve(client, profile, members)
        return ContactsPage(tuple(rows), page, size, total, math.ceil(total / size))

    def _group_slice(
        self, profile: str, group_id: int, search: str, offset: int, limit: int | None
    ) -> tuple[int, list[Member]]:
        count = self._groups.count(profile, group_id, search)
        members = self._groups.members(profile, group_id, search=search, offset=offset, limit=limit)
        return count, members

    async def _resolve(
        self, client: Client, profile: str, members: Sequence[Member]
    ) -> list[ContactRow]:
        """Each member's contact, looked up by number (a few lookups at once)."""
        gate = asyncio.Semaphore(LOOKUP_CONCURRENCY)

        async def one(member: Member) -> Contact | None:
            async with gate:
                return await self.owner_of(client, member.phone)

        found = await asyncio.gather(*(one(m) for m in members))
        return await self._member_rows(profile, members, found)

    async def _member_rows(
        self, profile: str, members: Sequence[Member], found: Sequence[Contact | None]
    ) -> list[ContactRow]:
        contacts = [c for c in found if c is not None]
        annotated = {row.phone: row for row in await self._io(self._annotate, profile, contacts)}
        missing = [m.phone for m, c in zip(members, found, strict=True) if c is None]
        missing_groups = await self._io(self._groups.groups_of, profile, missing) if missing else {}
        rows: list[ContactRow] = []
        for member, contact in zip(members, found, strict=True):
            if contact is not None:
                rows.append(annotated[contact.phone])
            else:
                rows.append(
                    ContactRow(
                        member.phone,
                        None,
                        missing_groups.get(member.phone, ()),
                        member.first_name,
                        member.last_name,
                    )
                )
        return rows

    # -- one contact -----------------------------------------------------------------------

    async def owner_of(self, client: Client, phone: str) -> Contact | None:
        """The contact with this number (any form), or None: a search by the E.164 number."""
        from desktop_app.core import phones

        e164 = phones.try_normalize(phone) or phone
        result = await client.list_contacts(page=1, page_size=10, search=e164)
        return next((c for c in result.contacts if c.phone == e164), None)

    async def create(self, client: Client, form: ContactForm) -> Contact:
        """Add a contact (checked first: nothing is sent when the form has a problem)."""
        check = validate_contact_form(form)
        if not check.ok:
            raise ContactFormError(check.problems, phone_error=check.phone_error)
        values = check.values
        phone = values["phone"]
        assert phone is not None
        try:
            return await client.create_contact(
                phone,
                first_name=values["first_name"],
                last_name=values["last_name"],
                email=values["email"],
                notes=values["notes"],
            )
        except api.Conflict:
            raise await self._duplicate(client, phone) from None
        except api.InvalidRequest as exc:
            raise self._refused(exc) from exc

    async def update(self, client: Client, uuid: str, changed: Mapping[str, str | None]) -> Contact:
        """Change only the fields given (None clears an optional one)."""
        try:
            return await client.update_contact(uuid, **dict(changed))
        except api.Conflict:
            phone = changed.get("phone") or ""
            raise await self._duplicate(client, phone, not_uuid=uuid) from None
        except api.InvalidRequest as exc:
            raise self._refused(exc) from exc

    async def save(
        self, client: Client, profile: str, form: ContactForm, original: Contact | None = None
    ) -> Contact | None:
        """The form's Save: add a contact, or send what changed in *original* (None when
        nothing did). Groups follow a changed number and a changed name."""
        if original is None:
            return await self.create(client, form)
        check = validate_contact_form(form)
        if not check.ok:
            raise ContactFormError(check.problems, phone_error=check.phone_error)
        changed = changes(original, check.values)
        if not changed:
            return None
        saved = await self.update(client, original.uuid, changed)
        if saved.phone != original.phone:
            await self._io(self._groups.change_phone, profile, original.phone, saved.phone)
        row = ContactRow.of(saved)
        await self._io(
            self._groups.seen, profile, [Member(row.phone, row.first_name, row.last_name)]
        )
        return saved

    async def _duplicate(
        self, client: Client, phone: str, not_uuid: str | None = None
    ) -> ContactFormError:
        from desktop_app.core import phones

        try:
            owner = await self.owner_of(client, phone)
        except api.ApiError:
            log.info("could not look up the contact that has the number", exc_info=True)
            owner = None
        if owner is not None and owner.uuid == not_uuid:
            owner = None
        return ContactFormError(
            {"phone": FieldProblem.DUPLICATE}, owner=owner, phone=phones.try_normalize(phone)
        )

    @staticmethod
    def _refused(exc: api.InvalidRequest) -> Exception:
        known = {name: words for name, words in exc.fields.items() if name in CONTACT_FIELDS}
        if not known:
            return exc
        return ContactFormError(dict.fromkeys(known, FieldProblem.SERVICE), service=known)

    # -- many contacts ---------------------------------------------------------------------

    async def delete_many(
        self,
        client: Client,
        profile: str,
        contacts: Sequence[Contact],
        progress: Progress | None = None,
        cancel: Cancelled | None = None,
    ) -> DeleteReport:
        """Delete each contact (one request each, in order), reporting which failed and why.
        A contact already gone counts as deleted. A refused token (401/403) stops at once and
        is raised: every other would fail the same way. No connection stops at once too, the
        rest failing with it (each would otherwise wait for its own failure, up to the client's
        timeout, offline). Deleted numbers leave their groups
        (the contacts are given, not their ids, so their numbers are known)."""
        deleted: list[Contact] = []
        failed: list[tuple[Contact, api.ApiError]] = []
        stopped = False
        try:
            for done, contact in enumerate(contacts):
                if cancel is not None and cancel():
                    stopped = True
                    break
                try:
                    await client.delete_contact(contact.uuid)
                    deleted.append(contact)
                except api.NotFound:
                    deleted.append(contact)
                except (api.AuthError, api.ScopeError):
                    raise
                except api.NetworkError as exc:
                    failed.extend((c, exc) for c in contacts[done:])
                    if progress is not None:
                        progress(len(contacts), len(contacts))
                    break
                except api.ApiError as exc:
                    failed.append((contact, exc))
                if progress is not None:
                    progress(done + 1, len(contacts))
        finally:
            taken: list[Membership] = []
            if deleted:
                taken = await self._io(self._groups.take, profile, [c.phone for c in deleted])
        return DeleteReport(tuple(deleted), tuple(failed), stopped, tuple(taken))

    async def restore_many(
        self,
        client: Client,
        profile: str,
        contacts: Sequence[Contact],
        memberships: Sequence[Membership] = (),
        progress: Progress | None = None,
        cancel: Cancelled | None = None,
    ) -> RestoreReport:
        """Undo a delete: add each contact back with all its fields (one create each, the
        oldest first, so they keep their order among themselves; the service gives them new
        ids and today's date), then put their numbers back in the groups they left.

        Never a duplicate: a number that is among the contacts again (409: someone added it
        meanwhile, or an earlier try whose answer was lost) is not added twice but counted as
        existing; a try whose answer was lost (in doubt) is settled by looking the number up.
        The single create is used, not the bulk upload: an upload updates a contact whose
        number exists (overwriting what someone else typed) and carries no notes. No
        connection stops at once, the rest failing with it; a refused token is raised.
        ``cancel()`` true stops before the next contact. Whatever was not added back is in
        :attr:`RestoreReport.failed`, to try again."""
        order = sorted(contacts, key=lambda c: c.created_at or _EPOCH)
        restored: list[tuple[Contact, Contact]] = []
        existing: list[Contact] = []
        failed: list[tuple[Contact, api.ApiError]] = []
        not_tried: list[Contact] = []
        try:
            for done, contact in enumerate(order):
                if cancel is not None and cancel():
                    not_tried = list(order[done:])
                    break
                try:
                    restored.append((contact, await self._add_back(client, contact)))
                except api.Conflict:
                    existing.append(contact)
                except (api.AuthError, api.ScopeError):
                    raise
                except api.NetworkError as exc:
                    failed.extend((c, exc) for c in order[done:])
                    if progress is not None:
                        progress(len(order), len(order))
                    break
                except api.ApiError as exc:
                    failed.append((contact, exc))
                if progress is not None:
                    progress(done + 1, len(order))
        finally:
            back = {c.phone for c, _new in restored} | {c.phone for c in existing}
            places = [m for m in memberships if m.phone in back]
            put_back = await self._io(self._groups.restore, profile, places) if places else 0
        return RestoreReport(
            tuple(restored), tuple(existing), tuple(failed), tuple(not_tried), put_back
        )

    async def _add_back(self, client: Client, contact: Contact) -> Contact:
        """One deleted contact added again as it was; raises Conflict when its number is
        among the contacts already. An answer lost on the way (in doubt) is settled by
        looking the number up: there, it was added (by this try or meanwhile)."""
        try:
            return await client.create_contact(
                contact.phone,
                first_name=contact.first_name or None,
                last_name=contact.last_name or None,
                email=contact.email or None,
                notes=contact.notes or None,
            )
        except api.InDoubt:
            owner = await self.owner_of(client, contact.phone)
            if owner is None:
                raise
            return owner

    async def rows(
        self,
        client: Client,
        profile: str,
        query: ContactQuery,
        progress: Progress | None = None,
        cancel: Cancelled | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[list[ContactRow]]:
        """Every row matching *query*, a batch at a time (every page, not only one), up to
        *limit*. ``progress(done, total)`` after each batch; ``cancel()`` true stops it
        (raising CancelledError)."""
        walk = _Walk(client, profile, query, progress, cancel, limit)
        batches = self._group_rows(walk) if query.group_id is not None else self._search_rows(walk)
        async for batch in batches:
            yield batch

    async def _search_rows(self, walk: _Walk) -> AsyncIterator[list[ContactRow]]:
        done = 0
        number = 1
        while True:
            walk.check()
            result = await self.page(walk.client, walk.profile, number, _FULL_PAGE, walk.query)
            wanted = result.total if walk.limit is None else min(walk.limit, result.total)
            batch = list(result.rows[: max(0, wanted - done)])
            done += len(batch)
            if batch:
                yield batch
            walk.report(done, wanted)
            if done >= wanted or number >= result.total_pages or not result.rows:
                return
            number += 1

    async def _group_rows(self, walk: _Walk) -> AsyncIterator[list[ContactRow]]:
        """A group's members, resolved the cheaper way: one lookup per number, or (for a
        group large next to the whole list) reading the whole list a full page at a time."""
        query = walk.query
        assert query.group_id is not None
        _count, members = await self._io(
            self._group_slice, walk.profile, query.group_id, query.search, 0, walk.limit
        )
        everyone = await walk.client.list_contacts(page=1, page_size=1)
        wanted = len(members)
        if math.ceil(everyone.total / _FULL_PAGE) < wanted:
            found = await self._scan_for(walk, members, everyone.total)
            for start in range(0, wanted, _FULL_PAGE):
                chunk = members[start : start + _FULL_PAGE]
                found_chunk = [found.get(m.phone) for m in chunk]
                yield await self._member_rows(walk.profile, chunk, found_chunk)
            return
        done = 0
        for start in range(0, wanted, _FULL_PAGE // 2):
            walk.check()
            rows = await self._resolve(
                walk.client, walk.profile, members[start : start + _FULL_PAGE // 2]
            )
            done += len(rows)
            yield rows
            walk.report(done, wanted)
        if not wanted:
            walk.report(0, 0)

    async def _scan_for(
        self, walk: _Walk, members: Sequence[Member], total: int
    ) -> dict[str, Contact]:
        wanted = {m.phone for m in members}
        found: dict[str, Contact] = {}
        pages = max(1, math.ceil(total / _FULL_PAGE))
        for number in range(1, pages + 1):
            walk.check()
            result = await walk.client.list_contacts(page=number, page_size=_FULL_PAGE)
            found.update((c.phone, c) for c in result.contacts if c.phone in wanted)
            walk.report(number, pages)
            if len(found) == len(wanted) or not result.contacts:
                break
        return found

    async def all_matching(
        self,
        client: Client,
        profile: str,
        query: ContactQuery,
        progress: Progress | None = None,
        cancel: Cancelled | None = None,
        limit: int = MAX_MATCHING,
    ) -> Matching:
        """Everyone matching *query* (every page), up to *limit* people."""
        rows: list[ContactRow] = []
        async for batch in self.rows(client, profile, query, progress, cancel, limit + 1):
            rows.extend(batch)
        truncated = len(rows) > limit
        total = await self._total(client, profile, query) if truncated else len(rows)
        return Matching(tuple(rows[:limit]), total, truncated)

    async def _total(self, client: Client, profile: str, query: ContactQuery) -> int:
        if query.group_id is not None:
            count: int = await self._io(self._groups.count, profile, query.group_id, query.search)
            return count
        result = await client.list_contacts(page=1, page_size=1, search=query.search or None)
        return result.total

    async def export(
        self,
        client: Client,
        profile: str,
        path: Path,
        fmt: ExportFormat,
        query: ContactQuery,
        progress: Progress | None = None,
        cancel: Cancelled | None = None,
    ) -> ExportReport:
        """Write everyone matching *query* (every page) to *path*. The file appears only when
        complete: a cancel (``cancel()`` true, or the task cancelled) or a failure leaves
        nothing behind. The file is written on a thread of its own."""
        rows = self.rows(client, profile, query, progress, cancel)
        return await write_in_batches(
            path,
            lambda: ContactFileWriter(path, fmt),
            ([_file_row(row) for row in batch] async for batch in rows),
            cancel,
        )

    # -- the form's draft ------------------------------------------------------------------

    async def load_drafts(self, profile: str) -> list[ContactDraft]:
        """The contacts the profile's forms held when Tuma closed (or crashed), the latest
        kept first."""
        return await self._io(self._drafts.load, profile)

    async def save_draft(
        self, profile: str, key: str, form: ContactForm, contact: Contact | None
    ) -> None:
        """Keep the form as typed under its *key*: an edit of *contact*, or a new contact
        (None). It replaces what that key held, never another form's."""
        draft = ContactDraft(
            key=key,
            phone=form.phone,
            first_name=form.first_name,
            last_name=form.last_name,
            email=form.email,
            notes=form.notes,
            contact=contact,
        )
        await self._io(self._drafts.save, profile, draft)

    async def clear_draft(self, key: str) -> None:
        """The form kept under *key* was saved or discarded: its draft goes."""
        await self._io(self._drafts.clear, key)

    # -- groups ----------------------------------------------------------------------------

    async def groups(self, profile: str) -> list[Group]:
        return await self._io(self._groups.all, profile)

    async def create_group(self, profile: str, name: str) -> Group:
        return await self._io(self._groups.create, profile, name)

    async def rename_group(self, profile: str, group_id: int, name: str) -> Group:
        return await self._io(self._groups.rename, profile, group_id, name)

    async def delete_group(self, profile: str, group_id: int) -> bool:
        return await self._io(self._groups.delete, profile, group_id)

    async def add_to_group(
        self,
        profile: str,
        group_id: int,
        rows: Sequence[ContactRow],
        progress: Progress | None = None,
        cancel: Cancelled | None = None,
    ) -> int:
        """Put the rows' numbers in the group; returns how many were not in it before. They go
        in :data:`GROUP_BATCH`-sized writes, ``progress(done, total)`` after each; ``cancel()``
        true stops before the next (what went in stays: the count is of those)."""
        members = [Member(r.phone, r.first_name, r.last_name) for r in rows]
        added = 0
        for start in range(0, len(members), GROUP_BATCH):
            if cancel is not None and cancel():
                break
            batch = members[start : start + GROUP_BATCH]
            added += await self._io(self._groups.add, profile, group_id, batch)
            if progress is not None:
                progress(start + len(batch), len(members))
        return added

    async def remove_from_group(self, profile: str, group_id: int, numbers: Sequence[str]) -> int:
        return await self._io(self._groups.remove, profile, group_id, list(numbers))

    async def groups_of(self, profile: str, numbers: Sequence[str]) -> dict[str, tuple[str, ...]]:
        return await self._io(self._groups.groups_of, profile, list(numbers))

    async def seed_sample_groups(self, client: Client, profile: str) -> bool:
        """Sample groups from the first contacts, when the account has none: for the practice
        account only (the caller decides), so its Contacts tab shows what groups look like.
        True when it seeded."""
        if await self.groups(profile):
            return False
        first = await self.page(client, profile, 1, 30)
        rows = list(first.rows)
        if not rows:
            return False
        samples = (
            ("Wholesale", rows[0:12:3]),
            ("Mama mboga customers", rows[1:20:2]),
            ("Staff", rows[2:5]),
        )
        for name, members in samples:
            group = await self.create_group(profile, name)
            await self.add_to_group(profile, group.id, members)
        return True


@dataclass(frozen=True)
class _Walk:
    """One walk through every row of a query: where, what, how far it may go, whom to tell."""

    client: Client
    profile: str
    query: ContactQuery
    progress: Progress | None
    cancel: Cancelled | None
    limit: int | None

    def check(self) -> None:
        check_cancel(self.cancel)

    def report(self, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(done, total)


def _file_row(row: ContactRow) -> list[Cell]:
    contact = row.contact
    # a moment: the writer puts it in the computer's own time
    created: Cell = contact.created_at if contact and contact.created_at else ""
    return [
        row.phone,
        row.first_name,
        row.last_name,
        (contact.email or "") if contact else "",
        (contact.notes or "") if contact else "",
        "; ".join(row.groups),
        created,
    ]
