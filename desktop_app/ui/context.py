"""What every tab shares: the task runner, the error presenter, settings, the outbox and the
connected session (profile + open API client)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal

from desktop_app.ui.errors import ErrorPresenter
from desktop_app.ui.tasks import TaskRunner

if TYPE_CHECKING:
    from desktop_app.core.api import Client
    from desktop_app.core.api.models import AccountDetails
    from desktop_app.core.outbox import Outbox
    from desktop_app.core.settings import AppSettings, Profile, SettingsStore

__all__ = ["SANDBOX_PROFILE_NAME", "AppContext", "Session"]

log = logging.getLogger(__name__)

#: The profile name used for the built-in practice (sandbox) account. Never saved to settings.
SANDBOX_PROFILE_NAME = "~practice"


@dataclass
class Session:
    """A connected account: its profile and an open client (closed when the session ends)."""

    profile: Profile
    client: Client
    is_sandbox: bool
    token_kind: str  # "scoped" | "legacy"

    @property
    def display_name(self) -> str:
        if self.is_sandbox:
            return QCoreApplication.translate("context", "Practice account")
        return self.profile.name

    @property
    def can_use_contacts(self) -> bool:
        """Legacy tokens are refused by the contacts API (CONTRACT: unscoped on /api/v1)."""
        return self.token_kind == "scoped"


ClientFactory = Callable[["Profile", str], "Client"]


def _default_client_factory(profile: Profile, token: str) -> Client:
    from desktop_app.core.api import Client

    return Client(profile.base_url, profile.contacts_base_url, token)


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

    def __init__(
        self,
        settings_store: SettingsStore,
        outbox: Outbox,
        *,
        settings: AppSettings | None = None,
        client_factory: ClientFactory | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.errors = ErrorPresenter(self)
        self.tasks = TaskRunner(self.errors, self)
        self.settings_store = settings_store
        self.settings: AppSettings = settings if settings is not None else settings_store.load()
        self.outbox = outbox
        self.session: Session | None = None
        self.last_balance: AccountDetails | None = None
        self._client_factory = client_factory or _default_client_factory

    # -- session --------------------------------------------------------------------------

    def make_client(self, profile: Profile, token: str) -> Client:
        """A new client for *profile* (the caller closes it); used to test a connection."""
        return self._client_factory(profile, token)

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
        from desktop_app.core.credentials import token_kind

        await self.close_session(emit=False)
        client = self._client_factory(profile, token)
        self.session = Session(profile, client, is_sandbox, token_kind(token))
        self.last_balance = None
        if not is_sandbox:
            self.settings.active_profile = profile.name
            self.save_settings()
        self.session_changed.emit()
        self.refresh_balance()
        return self.session

    async def close_session(self, *, emit: bool = True) -> None:
        """Stop the session's work and close its client."""
        session, self.session = self.session, None
        self.last_balance = None
        if session is None:
            return
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

    # -- settings -------------------------------------------------------------------------

    def save_settings(self) -> None:
        self.settings_store.save(self.settings)
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

    def refresh_balance(self) -> None:
        """Fetch the balance in the background; emits balance_changed and records the reading."""
        session = self.session
        if session is None or self.tasks.closing:
            return
        self.tasks.start(
            "balance",
            self._fetch_balance(session),
            on_success=lambda details: self._on_balance(session, details),
            on_error=self._on_balance_error,
        )

    async def _fetch_balance(self, session: Session) -> AccountDetails:
        from desktop_app.core.api import errors as api
        from desktop_app.core.api.models import AccountDetails

        try:
            return await session.client.account_details()
        except (api.NotFound, api.ProtocolError, api.InvalidRequest):
            # A deployment without the (observed) account-details endpoint: plain balance.
            balance = await session.client.balance()
            return AccountDetails(credits=balance.credits, sms_rate=None, currency=None)

    def _on_balance(self, session: Session, details: AccountDetails) -> None:
        if session is not self.session:
            return  # a reading for an account that is no longer connected
        self.last_balance = details
        try:
            self.outbox.record_balance(session.profile.name, details.credits)
        except Exception:  # a history point is nice to have; the balance still shows
            log.warning("could not record the balance reading", exc_info=True)
        self.balance_changed.emit(details)

    def _on_balance_error(self, exc: BaseException) -> bool:
        self.balance_failed.emit(exc)
        return False  # let the presenter show it
