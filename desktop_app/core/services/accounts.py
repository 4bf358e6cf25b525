"""Accounts: test a connection, save an account (its token to the keyring only), rename it,
connect to it, sign out. The one place that touches the keyring and the saved profiles.

The token passes through here on its way between the keyring, the form and the client's
``Authorization`` header; it is never kept in an attribute, a log line or an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from desktop_app.core import credentials
from desktop_app.core.background import Blocking
from desktop_app.core.credentials import (
    CredentialError,
    KeyringAction,
    KeyringProblem,
    KeyringTimeout,
    KeyringUnavailable,
)
from desktop_app.core.services.preferences import Preferences
from desktop_app.core.settings import AppSettings, Profile, SettingsError, SettingsProblem
from desktop_app.core.store.db import Database
from desktop_app.core.tokens import pasted_token, token_kind

if TYPE_CHECKING:
    from desktop_app.core.api import Client

log = logging.getLogger(__name__)

__all__ = [
    "PRACTICE_PROFILE_NAME",
    "AccountError",
    "AccountProblem",
    "AccountsService",
    "ClientFactory",
    "CredentialError",
    "KeyringAction",
    "KeyringProblem",
    "KeyringTimeout",
    "KeyringUnavailable",
    "Session",
    "key_from_paste",
    "same_name",
]

#: The profile name of the built-in practice (sandbox) account. Never saved to settings.
PRACTICE_PROFILE_NAME = "~practice"

ClientFactory = Callable[[Profile, str], "Client"]


def _default_client(profile: Profile, token: str) -> Client:
    from desktop_app.core.api import Client  # the network stack, on the first connection

    return Client(profile.base_url, profile.contacts_base_url, token)


class AccountProblem(StrEnum):
    TOKEN_MISSING = "token_missing"  # the form has no token and none is saved
    EMAIL_NOT_KEY = "email_not_key"  # an e-mail address was pasted where the key goes
    ADDRESS_NOT_KEY = "address_not_key"  # a web address was pasted where the key goes
    NO_SAVED_TOKEN = "no_saved_token"  # the profile exists, its token is not in the keyring
    NO_SUCH_PROFILE = "no_such_profile"
    #: The balance was read at the Web address, but the Contacts address did not answer as
    #: the contacts service (not found there, not reached, a web page, the key refused).
    CONTACTS_ADDRESS = "contacts_address"


class AccountError(Exception):
    def __init__(self, problem: AccountProblem, name: str | None = None) -> None:
        self.problem = problem
        self.name = name
        super().__init__(f"{problem}" + (f" ({name!r})" if name else ""))


#: Quotes a key arrives wrapped in, copied from a document or a chat ("…", “…”, `…`).
_QUOTES = "\"'`\u201c\u201d\u2018\u2019\u00ab\u00bb\u2039\u203a"
_EMAIL_SHAPE = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_ADDRESS_SHAPE = re.compile(r"(?:https?://|www\.)\S*", re.IGNORECASE)


def key_from_paste(text: str) -> str:
    """The key in what was pasted: without a ``Bearer`` in front, the quotes around it, or
    the spaces and line breaks inside it (a key wrapped over two lines in an e-mail). A key
    is printable ASCII with no spaces (the client refuses anything else), so none of these
    can be part of one."""
    token = pasted_token(_unquoted(text))
    return "".join(_unquoted(token).split())


def _unquoted(text: str) -> str:
    token = text.strip()
    while len(token) > 1 and token[0] in _QUOTES and token[-1] in _QUOTES:
        token = token[1:-1].strip()
    return token


def not_a_key(token: str) -> AccountProblem | None:
    """What was pasted instead of the key, when it is plainly something else: an e-mail
    address, or a web address (the portal's page rather than the key shown on it)."""
    if _EMAIL_SHAPE.fullmatch(token):
        return AccountProblem.EMAIL_NOT_KEY
    if _ADDRESS_SHAPE.fullmatch(token):
        return AccountProblem.ADDRESS_NOT_KEY
    return None


def same_name(a: str, b: str) -> bool:
    """Two account names the user (and a case-blind password store, as Windows' is) would
    take for one: "Mama Njeri Shop" and "mama njeri shop"."""
    return a.strip().casefold() == b.strip().casefold()


@dataclass
class Session:
    """A connected account: its profile and an open client (closed when the session ends)."""

    profile: Profile
    client: Client = field(repr=False)
    is_sandbox: bool
    token_kind: str  # "scoped" | "legacy"

    @property
    def can_use_contacts(self) -> bool:
        """Legacy tokens are refused by the contacts API (CONTRACT: unscoped on /api/v1)."""
        return self.token_kind == "scoped"


class AccountsService:
    def __init__(
        self,
        preferences: Preferences,
        *,
        client_factory: ClientFactory | None = None,
        records: Database | None = None,
        io: Blocking | None = None,
    ) -> None:
        self._preferences = preferences
        self._client_factory = client_factory or _default_client
        #: Where this computer keeps each account's records (moved along when renamed).
        self._records = records
        self._io = io

    @property
    def settings(self) -> AppSettings:
        return self._preferences.settings

    # -- the form ----------------------------------------------------------------------------

    def profile_from_form(
        self,
        *,
        name: str,
        base_url: str,
        contacts_base_url: str,
        sender_ids: Sequence[str],
        price_per_part: float | None,
        original: str | None = None,
    ) -> Profile:
        """The checked profile the form describes (raises SettingsError naming the field).
        What the form does not show (chunk size, a default sender still listed) is kept from
        the saved profile being edited (*original*, which a rename changes), else from the
        saved profile of that name."""
        senders = [s.strip() for s in sender_ids if s.strip()]
        profile = Profile(
            name=name.strip(),
            base_url=base_url.strip(),
            contacts_base_url=contacts_base_url.strip() or base_url.strip(),
            sender_ids=senders,
            default_sender_id=senders[0] if senders else None,
            price_per_part=price_per_part if price_per_part else None,
        )
        existing = self.settings.profile(original or profile.name)
        if existing is not None:
            profile.bulk_chunk_size = existing.bulk_chunk_size
            if existing.default_sender_id in senders:
                profile.default_sender_id = existing.default_sender_id
        return profile.validate()

    @staticmethod
    def fingerprint(profile: Profile, token: str) -> str:
        """Identifies what was tested (addresses + token) without keeping the token."""
        raw = "\n".join((profile.base_url, profile.contacts_base_url, token))
        return hashlib.sha256(raw.encode()).hexdigest()

    async def token_for_form(self, typed: str, saved_under: str | None) -> str:
        """The token typed in the form, else the one saved for the profile being edited."""
        token = key_from_paste(typed)
        if token:
            problem = not_a_key(token)
            if problem is not None:
                raise AccountError(problem)
            return token
        if saved_under:
            saved = await credentials.aload_token(saved_under)
            if saved:
                return saved
        raise AccountError(AccountProblem.TOKEN_MISSING)

    # -- use cases ---------------------------------------------------------------------------

    def open_client(self, profile: Profile, token: str) -> Client:
        return self._client_factory(profile, token)

    async def test(self, profile: Profile, token: str) -> float:
        """The balance, read with these details on a throw-away client; and, for a key the
        contacts service takes (scoped), a first page of contacts at the Contacts address:
        a wrong one was saved unchecked, and the Contacts tab then said "Not found …
        contact support" (AccountError CONTACTS_ADDRESS). A key without the contacts
        permission is not refused here: the Contacts tab says what it lacks."""
        from desktop_app.core.api import errors as api
        from desktop_app.core.tokens import token_kind

        client = self.open_client(profile, token)
        try:
            balance = await client.balance()
            if token_kind(token) == "scoped":
                try:
                    await client.list_contacts(page=1, page_size=1)
                except api.ScopeError:
                    pass
                except (api.NotFound, api.ProtocolError, api.NetworkError, api.AuthError) as exc:
                    raise AccountError(AccountProblem.CONTACTS_ADDRESS) from exc
                except api.ServiceError as exc:
                    if exc.http_status not in (404, 405):  # (no such path there)
                        raise
                    raise AccountError(AccountProblem.CONTACTS_ADDRESS) from exc
        finally:
            await client.aclose()
        return balance.credits

    async def save(
        self, profile: Profile, token: str, *, original: str | None, tested: str | None
    ) -> Profile:
        """Check (unless these very details were just tested), store the token, apply a
        rename, make it the active account, save the settings. Returns the saved profile.

        A name another saved account has is refused (it would replace that account). The
        settings file is written before the old name's token is deleted, and a failed write
        undoes the new token: a crash or a full disk never leaves an account without its
        token."""
        renamed = bool(original) and original != profile.name
        taken = next(
            (
                p.name
                for p in self.settings.profiles
                if same_name(p.name, profile.name) and p.name != original
            ),
            None,
        )
        if taken is not None:
            raise SettingsError(SettingsProblem.NAME_TAKEN, field="name", value=taken)
        if tested != self.fingerprint(profile, token):
            await self.test(profile, token)  # never save details that do not work
        previous = self._preferences.settings
        updated = replace(previous, profiles=list(previous.profiles))
        if renamed and original:
            updated.remove_profile(original)
        saved = updated.upsert_profile(profile)
        updated.active_profile = saved.name
        await credentials.asave_token(saved.name, token)
        self._preferences.settings = updated
        try:
            self._preferences.save()
        except BaseException:
            self._preferences.settings = previous
            if renamed or not original:  # no saved account is left pointing at it
                with contextlib.suppress(credentials.CredentialError):
                    await credentials.adelete_token(saved.name)
            raise
        if renamed and original:
            # Renamed: the token moved with the profile; the old name is forgotten.
            await credentials.adelete_token(original)
            if same_name(original, saved.name):
                # Only the case changed: a case-blind store (Windows) deleted the new entry
                # with the old one. Written once more, it is there either way.
                await credentials.asave_token(saved.name, token)
            await self._move_records(original, saved.name)
        return saved

    async def _move_records(self, old: str, new: str) -> None:
        """The account's sends, drafts and groups follow it to its new name. Should that
        fail (a full disk), they stay under the old name: nothing is lost, and the rename
        itself stands."""
        records, io = self._records, self._io
        if records is None or io is None:
            return
        try:
            await io(records.rename_profile, old, new)
        except Exception:
            log.exception("the records of a renamed account stayed under its old name")

    async def saved_token(self, name: str) -> str:
        """The saved profile's token from the keyring (AccountError when there is none)."""
        if self.settings.profile(name) is None:
            raise AccountError(AccountProblem.NO_SUCH_PROFILE, name)
        token = await credentials.aload_token(name)
        if not token:
            raise AccountError(AccountProblem.NO_SAVED_TOKEN, name)
        return token

    def start_session(self, profile: Profile, token: str, *, practice: bool = False) -> Session:
        """An open client for *profile*; a real account becomes the one opened next time."""
        session = Session(profile, self.open_client(profile, token), practice, token_kind(token))
        if not practice and self.settings.active_profile != profile.name:
            self.settings.active_profile = profile.name
            self._remember_active()
        return session

    def _remember_active(self) -> None:
        """Save which account is open, for the next start. A full disk or a read-only
        settings folder must not stop the connection itself (nor a sign-out): the next
        start then opens the account saved before."""
        try:
            self._preferences.save()
        except OSError:
            log.warning("could not save which account is open", exc_info=True)

    async def sign_out(self, name: str) -> None:
        """Forget that *name* is the active account, then delete its token from the keyring
        (a CredentialError from the keyring is raised after the settings are saved). The
        token is deleted even when the settings cannot be saved: the next start then asks
        for it."""
        self.settings.active_profile = None
        self._remember_active()
        await credentials.adelete_token(name)
