"""What every tab shares: the services, the task runner, the error presenter, the settings
and the connected session (profile + open API client)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal

from desktop_app.ui.errors import ErrorPresenter, UserMessage
from desktop_app.ui.tasks import TaskRunner

if TYPE_CHECKING:
    from desktop_app.core.recipients import Person
    from desktop_app.core.rules import SendCategory

if TYPE_CHECKING:
    import asyncio

    from desktop_app.core.api import Client
    from desktop_app.core.api.models import AccountDetails
    from desktop_app.core.services import Services
    from desktop_app.core.services.accounts import Session
    from desktop_app.core.settings import AppSettings, Profile

__all__ = ["AccountHold", "AppContext", "ComposeRequest", "session_title"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ComposeRequest:
    """Another tab asks Compose to prepare a message: to these people (with their names, for
    personalisation) and, when given, this text and sender ID. Nothing is sent: the user
    still presses Send and confirms, with the cost and the duplicate-send guard."""

    people: tuple[Person, ...]
    text: str | None = None
    sender_id: str | None = None
    # The people come from an older personalised send that kept no names (Compose says
    # that the fallback word stands in for them).
    names_missing: bool = False
    # A sentence the asking tab wants read with the prepared send (already in words: who
    # Resend to failed left out, and why); Compose shows it until dismissed.
    note: str = ""
    # The "No name? Use:" word the earlier send was personalised with: Compose's fallback
    # field shows it again. None (none kept: an older send, or not personalised) leaves the
    # field as it is.
    fallback: str | None = None
    # The kind of message it is (a scheduled promotion brought back by Edit): Compose shows
    # it, over the sender ID's usual kind, so the rules for promotions still apply. None
    # leaves the kind to the sender ID.
    category: SendCategory | None = None


def session_title(session: Session) -> str:
    """How the window names the connected account."""
    if session.is_sandbox:
        return QCoreApplication.translate("context", "Practice account")
    return session.profile.name


# Offline, the balance is read again after these pauses (seconds), then every last one.
RECHECK_PAUSES: tuple[float, ...] = (15.0, 30.0, 60.0, 120.0)


class AccountHold(Enum):
    """Work under way that holds the account (see :meth:`AppContext.account_hold`)."""

    SENDING = "sending"
    UPLOADING = "uploading"
    CHANGING_CONTACTS = "changing_contacts"


class AppContext(QObject):
    """Shared state of the window. Tabs read from it and listen to its signals."""

    #: The connected account changed (or was closed: ``session`` is then None).
    session_changed = Signal()
    #: A fresh balance reading: :class:`~desktop_app.core.api.models.AccountDetails`.
    balance_changed = Signal(object)
    #: Refreshing the balance failed (the exception; already shown by the presenter).
    balance_failed = Signal(object)
    #: Settings were changed and saved (threshold, profiles, ...).
    settings_changed = Signal()
    #: A :class:`ComposeRequest`: the Compose tab takes it and shows itself.
    compose_requested = Signal(object)
    #: A tab asks to be shown (its key); the window shows it (it names no tab itself).
    show_tab_requested = Signal(str)
    #: Contacts were added or changed outside the Contacts tab (an import): it reads them again.
    contacts_changed = Signal()
    #: Someone asks for the list of scheduled sends (Compose shows it, with its actions).
    scheduled_requested = Signal()
    #: The scheduled sends changed (one was added, sent, moved or cancelled).
    scheduled_changed = Signal()
    #: Another tab (Delivery) asks for Compose's Review of unfinished broadcasts.
    review_requested = Signal()
    #: The service could not be reached (False) or answers again (True); only on a change.
    #: Opening or closing a session puts it back to reachable.
    reachability_changed = Signal(bool)

    def __init__(self, services: Services, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.errors = ErrorPresenter(self)
        self.tasks = TaskRunner(self.errors, self)
        self.services = services
        self.session: Session | None = None
        self.last_balance: AccountDetails | None = None
        #: The scheduled sends whose time passed that wait for the user's decision (ids):
        #: Compose decides it and emits ``scheduled_changed`` when it changes; every banner
        #: of scheduled sends says they wait, not that they go out at a time already past.
        self.scheduled_waiting: frozenset[int] = frozenset()
        #: The session the balance task was started for (joined only by the same session).
        self._balance_for: Session | None = None
        #: The words a failed balance reading put up (taken back by the next one that works).
        self._balance_words: UserMessage | None = None
        #: The last balance reading failed, and none has worked since (see balance_unknown).
        self._balance_reading_failed = False
        #: False while the connected session's service cannot be reached.
        self.service_reachable = True
        self._reachability_observer: Callable[[bool], None] | None = None
        self._recheck: asyncio.Task[None] | None = None

    @property
    def settings(self) -> AppSettings:
        return self.services.settings

    # -- session --------------------------------------------------------------------------

    def client(self) -> Client:
        """The open client of the connected account."""
        if self.session is None:
            raise RuntimeError("no account is connected")
        return self.session.client

    async def open_session(
        self, profile: Profile, token: str, *, is_sandbox: bool = False
    ) -> Session:
        """Close the current session (if any) and connect *profile* with *token*.

        The token only goes into the client's Authorization header; it is not kept here.
        """
        await self.close_session(emit=False)
        active_before = self.settings.active_profile
        session = self.services.accounts.start_session(profile, token, practice=is_sandbox)
        self.session = session
        self.last_balance = None
        self._balance_reading_failed = False
        self._reachability_observer = lambda reachable: self._on_reachability(session, reachable)
        session.client.reachability_observers.append(self._reachability_observer)
        self._set_reachable(session.client.reachable)
        if self.settings.active_profile != active_before:
            self.settings_changed.emit()
        self.session_changed.emit()
        self.refresh_balance()
        return self.session

    async def close_session(self, *, emit: bool = True) -> None:
        """Stop the session's work and close its client."""
        session, self.session = self.session, None
        self.last_balance = None
        self._balance_reading_failed = False
        self._set_reachable(True)  # nothing is connected: nothing to be offline from
        if session is None:
            return
        observers = session.client.reachability_observers
        if self._reachability_observer in observers:
            observers.remove(self._reachability_observer)
        self._reachability_observer = None
        self.tasks.cancel("balance")
        try:
            await session.client.aclose()
        except Exception:  # closing must never stop a switch or a quit
            log.warning("closing the API client failed", exc_info=True)
        if emit:
            self.session_changed.emit()

    #: Task names of sends: while one runs, the session must not change under it.
    SENDING_TASKS = ("compose.send", "compose.whatsapp", "compose.survey")

    def is_sending(self) -> bool:
        return any(self.tasks.is_running(name) for name in self.SENDING_TASKS)

    #: The Import tab's upload: the account must not change under it either (the part going
    #: up would be recorded under no import, and the waiting for the rest cut off).
    UPLOADING_TASK = "import.upload"

    def is_uploading(self) -> bool:
        return self.tasks.is_running(self.UPLOADING_TASK)

    #: The Contacts tab's one job: once it has begun to change something (deleting, adding
    #: back, putting numbers in a group or on the opt-out list), the account must not change
    #: under it either. A switch cancelled it with a request on its way: the contact deleted
    #: stayed in its groups here, and the user was never told the rest was not done.
    CONTACTS_JOB_TASK = "contacts.job"
    #: Set by the Contacts tab: its job has begun to change something.
    changing_contacts = False

    def is_changing_contacts(self) -> bool:
        return self.changing_contacts and self.tasks.is_running(self.CONTACTS_JOB_TASK)

    #: Task names of the ways the account changes (the Account menu, Sign out, the account
    #: dialog's Save): while one runs (a slow keyring, the practice service starting), no
    #: send starts, or it would be confirmed in one account and go out from the next.
    SWITCHING_TASKS = ("account.switch", "account.sign_out", "account.save")

    def is_switching(self) -> bool:
        return any(self.tasks.is_running(name) for name in self.SWITCHING_TASKS)

    def account_hold(self) -> AccountHold | None:
        """The work the account must not change under, if any is running: what every way of
        changing it (the Account menu, Sign out, the account dialog's Save) asks first."""
        if self.is_sending():
            return AccountHold.SENDING
        if self.is_uploading():
            return AccountHold.UPLOADING
        if self.is_changing_contacts():
            return AccountHold.CHANGING_CONTACTS
        return None

    def _on_reachability(self, session: Session, reachable: bool) -> None:
        if session is self.session:  # not a late word from a client already replaced
            self._set_reachable(reachable)

    def _set_reachable(self, reachable: bool) -> None:
        if reachable != self.service_reachable:
            self.service_reachable = reachable
            self.reachability_changed.emit(reachable)
        if reachable or self.session is None or self.tasks.closing:
            if self._recheck is not None:
                self._recheck.cancel()
                self._recheck = None
        elif self._recheck is None or self._recheck.done():
            import asyncio

            # A plain task, not one of self.tasks: it waits most of its life, and must not
            # show the window as busy while offline.
            self._recheck = asyncio.ensure_future(self._recheck_while_offline(self.session))

    async def _recheck_while_offline(self, session: Session) -> None:
        """Offline, nothing else may ask the service anything for a long while (nothing due
        on the Delivery tab, nobody pressing a button): the balance is read now and then, a
        quiet question whose answer also ends the offline word (and updates the balance)."""
        import asyncio
        import itertools

        for pause in itertools.chain(RECHECK_PAUSES, itertools.repeat(RECHECK_PAUSES[-1])):
            await asyncio.sleep(pause)
            if self.service_reachable or session is not self.session or self.tasks.closing:
                return
            if not self.tasks.is_running("balance"):
                self.refresh_balance()

    # -- settings -------------------------------------------------------------------------

    def save_settings(self) -> None:
        self.services.preferences.save()
        self.settings_changed.emit()

    @property
    def price_per_part(self) -> float | None:
        """KES per SMS part: the service's rate when it told us, else the profile's setting."""
        if self.last_balance is not None and self.last_balance.sms_rate is not None:
            return self.last_balance.sms_rate
        if self.session is not None:
            return self.session.profile.price_per_part
        return None

    # -- balance --------------------------------------------------------------------------

    @property
    def balance_unknown(self) -> str | None:
        """Why a connected account has no balance to show: ``"offline"`` (its service cannot
        be reached), ``"failed"`` (the last reading failed otherwise, and was said), or
        ``None``: a balance is known, no account is connected, or the first reading is
        still under way ("checking…"). Offline, "checking…" stayed up for good: the reading
        had failed, and the status bar said "Offline" beside it."""
        if self.session is None or self.last_balance is not None:
            return None
        if not self.service_reachable:
            return "offline"
        return "failed" if self._balance_reading_failed else None

    def refresh_balance(self, *, join: bool = False) -> None:
        """Fetch the balance in the background; emits balance_changed and records the reading.

        *join*: a reading already under way for this session answers this ask too (F5 with
        the open tab asking as well, Refresh pressed again): it is not started over, which
        would ask a service that said "slow down" again at once. Without it (after a send:
        the balance changed since that reading began) the reading starts over."""
        session = self.session
        if session is None or self.tasks.closing:
            return
        if join and self.tasks.is_running("balance") and self._balance_for is session:
            return
        self._balance_for = session
        self.tasks.start(
            "balance",
            self._fetch_balance(session),
            on_success=lambda details: self._on_balance(session, details),
            on_error=lambda exc: self._on_balance_error(exc, session),
        )

    async def _fetch_balance(self, session: Session) -> AccountDetails:
        balance = self.services.balance
        details = await balance.fetch(session.client)
        try:
            await balance.record(session.profile.name, details.credits)
        except Exception:  # a history point is nice to have; the balance still shows
            log.warning("could not record the balance reading", exc_info=True)
        return details

    def _on_balance(self, session: Session, details: AccountDetails) -> None:
        if session is not self.session:
            return  # a reading for an account that is no longer connected
        self.last_balance = details
        self._balance_reading_failed = False
        self.balance_changed.emit(details)
        # The words of a reading that failed are out of date once one gets through (they
        # stayed up, "The service had a problem", under a balance just read); a problem shown
        # since by anything else stays.
        self.errors.take_back(self._balance_words)
        self._balance_words = None

    def _on_balance_error(self, exc: BaseException, session: Session) -> bool:
        from desktop_app.core.api import errors

        if session is self.session:  # (not a reading of an account already gone)
            self._balance_reading_failed = True
        self.balance_failed.emit(exc)
        # While the status bar says the service cannot be reached, a balance reading that
        # could not reach it says nothing more; otherwise the presenter shows it (here, so
        # that the next reading that gets through can take those words back).
        if isinstance(exc, errors.NetworkError) and not self.service_reachable:
            return True
        self.errors.present(exc)
        self._balance_words = self.errors.problem
        return True
