"""The use cases, one module each: what a button does, from the plan to the report.

Widgets call one service method and show what comes back; no module under ``ui/`` touches
the store, the keyring or the settings file except through these. :class:`Services` opens
them together on one store file and one settings file.
"""

from __future__ import annotations

import threading
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from desktop_app.core.background import Blocking, SerialWorker
from desktop_app.core.services.preferences import Preferences
from desktop_app.core.settings import AppSettings

if TYPE_CHECKING:
    from collections.abc import Callable

    from desktop_app.core.services.accounts import AccountsService, ClientFactory
    from desktop_app.core.services.balance import BalanceService
    from desktop_app.core.services.contacts import ContactsService
    from desktop_app.core.services.delivery import DeliveryService
    from desktop_app.core.services.drafts import DraftsService
    from desktop_app.core.services.imports import ImportsService
    from desktop_app.core.services.optouts import OptOutService
    from desktop_app.core.services.sending import SendingService
    from desktop_app.core.services.templates import TemplatesService
    from desktop_app.core.store import Store

__all__ = ["Services"]


class Services:
    """Every service of the app, on one store (its calls on one worker thread) and one
    settings file.

    Each service is made (and its module imported) when first used: the window is painted
    before the client, the phone numbers' rules or the sending code are loaded."""

    def __init__(
        self,
        store: Store | None,
        preferences: Preferences,
        *,
        store_path: Path | None = None,
        io: Blocking | None = None,
        client_factory: ClientFactory | None = None,
    ) -> None:
        """*store* open already, or None: the store at *store_path* (default: the data
        dir's) is opened when first used (:attr:`store`)."""
        self._worker = SerialWorker() if io is None else None
        self.io: Blocking = io if io is not None else self._worker  # type: ignore[assignment]
        self.preferences = preferences
        self._client_factory = client_factory
        self._store_path = store_path
        self._store = store
        self._store_lock = threading.Lock()  # first use may come from two threads at once
        if store is not None:
            self._opened(store)

    @property
    def store(self) -> Store:
        """The store, opened on first use (its tables' modules imported then): the app opens
        it on the store's own thread once its window is painted. Raises StoreError or
        OSError as :class:`~desktop_app.core.store.Store` does."""
        store = self._store
        if store is None:
            with self._store_lock:
                if self._store is None:
                    from desktop_app.core.store import Store

                    self._store = Store(self._store_path)
                    self._opened(self._store)
                store = self._store
        return store

    def _opened(self, store: Store) -> None:
        # recipients rows a run that died left unwritten: on the store's thread, after start
        if self._worker is not None:
            self._worker.submit(store.journal.index_left_behind)
        else:
            store.journal.index_left_behind()

    @cached_property
    def accounts(self) -> AccountsService:
        from desktop_app.core.services.accounts import AccountsService

        return AccountsService(
            self.preferences, client_factory=self._client_factory, records=self.store.db, io=self.io
        )

    @cached_property
    def balance(self) -> BalanceService:
        from desktop_app.core.services.balance import BalanceService

        return BalanceService(self.store, self.io)

    @cached_property
    def templates(self) -> TemplatesService:
        from desktop_app.core.services.templates import TemplatesService

        return TemplatesService(self.store, self.io)

    @cached_property
    def contacts(self) -> ContactsService:
        from desktop_app.core.services.contacts import ContactsService

        return ContactsService(self.store, self.io)

    @cached_property
    def sending(self) -> SendingService:
        from desktop_app.core.services.sending import SendingService

        return SendingService(self.store, self.io, self.balance)

    @cached_property
    def drafts(self) -> DraftsService:
        from desktop_app.core.services.drafts import DraftsService

        return DraftsService(self.store, self.io)

    @cached_property
    def optouts(self) -> OptOutService:
        from desktop_app.core.services.optouts import OptOutService

        return OptOutService(self.store, self.io)

    @cached_property
    def delivery(self) -> DeliveryService:
        from desktop_app.core.services.delivery import DeliveryService

        return DeliveryService(self.store, self.io)

    @cached_property
    def imports(self) -> ImportsService:
        from desktop_app.core.services.imports import ImportsService

        return ImportsService(self.store, self.io)

    @classmethod
    def open(
        cls,
        *,
        store_path: Path | None = None,
        settings_path: Path | None = None,
        settings: AppSettings | None = None,
        client_factory: ClientFactory | None = None,
        store_later: bool = False,
    ) -> Services:
        """Open the store (default: the data dir's) and the settings (default: the config
        dir's). With *store_later*, only the settings: the store opens when first used
        (the app paints its window first)."""
        preferences = Preferences(settings_path, settings=settings)
        services = cls(None, preferences, store_path=store_path, client_factory=client_factory)
        if not store_later:
            try:
                services.store  # noqa: B018 (opens it)
            except BaseException:
                services.close()
                raise
        return services

    @property
    def settings(self) -> AppSettings:
        return self.preferences.settings

    def records_folder(self) -> Path:
        """The folder of Tuma's records (the store's), without opening them: the data
        folder, unless the store is kept elsewhere (screenshots, tests)."""
        if self._store_path is not None:
            return self._store_path.parent
        from desktop_app.core.settings import data_dir

        try:
            return data_dir()  # (made when missing)
        except OSError as exc:  # a file in its place, or a parent Tuma may not write in
            from desktop_app.core.store import StoreError, StoreProblem

            raise StoreError(
                StoreProblem.NO_FOLDER,
                path=str(exc.filename or ""),
                reason=exc.strerror or type(exc).__name__,
            ) from exc

    def practice_data_dir(self) -> Path:
        """Where the practice sandbox keeps its demo shop: beside the store (the app's data
        folder, unless the store was opened elsewhere, as for screenshots and tests)."""
        return self.store.db.path.parent / "sandbox"

    def close(self) -> None:
        """Close the store; queued store calls finish first (they are on one thread). A send's
        outcome the store could not take earlier (a full disk) is written down first if it
        can be now (else the next start finds that round in doubt)."""
        store = self._store
        sending: SendingService | None = self.__dict__.get("sending")
        last: Callable[[], None] | None = None
        if store is not None:

            def last() -> None:
                if sending is not None:
                    sending.record_unrecorded()
                store.close()

        if self._worker is not None:
            self._worker.stop(last=last)
        elif last is not None:
            last()
