"""One place that turns exceptions into words a shop assistant understands.

:func:`describe` is pure (title + text with the next step); :class:`ErrorPresenter` publishes
the result non-modally (the main window shows it in a dismissable bar at the top) and asks for
the account dialog when the token stopped working.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QCoreApplication, QObject, Signal

__all__ = ["ErrorPresenter", "Level", "UserMessage", "describe", "scope_label"]

log = logging.getLogger(__name__)


def _tr(text: str) -> str:
    return QCoreApplication.translate("errors", text)


class Level(StrEnum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


@dataclass(frozen=True)
class UserMessage:
    """What the message bar shows. ``reauth`` adds a "Connect again" button."""

    title: str
    text: str
    level: Level = Level.ERROR
    reauth: bool = False


def scope_label(scope: str | None) -> str:
    """The permission a token lacks, in plain words."""
    labels = {
        "sms": _tr("sending SMS"),
        "contacts": _tr("contacts"),
        "whatsapp": _tr("WhatsApp messages"),
        "surveys": _tr("surveys"),
    }
    if scope is None:
        return _tr("this feature")
    return labels.get(scope.lower(), scope)


def describe(exc: BaseException) -> tuple[str, str]:
    """(title, text) for *exc*: what happened in plain words, then what to do next."""
    # Imported here so the window can appear before httpx & co. are loaded.
    from desktop_app.core.api import errors as api

    if isinstance(exc, api.AuthError):
        return _tr("Sign-in needed"), exc.user_message
    if isinstance(exc, api.ScopeError):
        text = _tr(
            "Your access token does not have the “{permission}” permission. Ask your provider "
            "for a token that includes it, then connect again from the Account menu."
        ).format(permission=scope_label(exc.scope))
        return _tr("Permission missing"), text
    # The service's own wording (user_message) under a title; first match wins.
    titles: tuple[tuple[type[api.ApiError], str], ...] = (
        (api.InsufficientBalance, _tr("Not enough credit")),
        (api.SenderIdRejected, _tr("Sender ID not allowed")),
        (api.InvalidRequest, _tr("Please check the details")),
        (api.RateLimited, _tr("The service is busy")),
        (api.ServerError, _tr("The service had a problem")),
        (api.NetworkError, _tr("No connection")),
        (api.InDoubt, _tr("Outcome unknown")),
        (api.NotFound, _tr("Not found")),
        (api.Conflict, _tr("Already exists")),
        (api.ProtocolError, _tr("Unexpected reply")),
        (api.ApiError, _tr("The request failed")),
    )
    for kind, title in titles:
        if isinstance(exc, kind):
            return title, exc.user_message

    from desktop_app.core.credentials import CredentialError
    from desktop_app.core.settings import SettingsError

    if isinstance(exc, CredentialError):
        return _tr("Password store unavailable"), str(exc)
    if isinstance(exc, SettingsError):
        return _tr("Please check the settings"), str(exc)

    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return _tr("That took too long"), _tr(
            "The operation did not finish in time. Check your internet connection and try again."
        )
    if isinstance(exc, PermissionError):
        return _tr("No permission"), _tr(
            "Tuma is not allowed to open that file or folder. Choose another place, "
            "or check its permissions."
        )
    if isinstance(exc, FileNotFoundError):
        return _tr("File not found"), _tr(
            "The file could not be found. It may have been moved or deleted; choose it again."
        )
    if isinstance(exc, OSError):
        return _tr("Could not read or write a file"), _tr(
            "Your computer reported: {detail}. Check there is free disk space and try again."
        ).format(detail=exc.strerror or type(exc).__name__)
    return _tr("Something went wrong"), _tr(
        "An unexpected problem occurred ({kind}). Nothing you entered was lost. Try again; if it "
        "keeps happening, restart Tuma."
    ).format(kind=type(exc).__name__)


class ErrorPresenter(QObject):
    """Publishes user messages; the main window shows them in its message bar."""

    #: The token was refused (401): open the account dialog, showing this reason.
    reauth_needed = Signal(str)
    #: A :class:`UserMessage` to show (non-modal).
    message_shown = Signal(object)
    #: The bar should be cleared (e.g. after a successful reconnect).
    cleared = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.last: UserMessage | None = None

    def present(self, exc: BaseException, *, action: str | None = None) -> None:
        """Show *exc* in plain words; *action* is what was being done ("Refreshing the balance")."""
        if isinstance(exc, asyncio.CancelledError):
            return
        if not _is_api_error(exc):
            log.error("unexpected error", exc_info=(type(exc), exc, exc.__traceback__))
        title, text = describe(exc)
        if action:
            title = _tr("{action} failed — {title}").format(action=action, title=title)
        reauth = _is_auth_error(exc)
        self.show(UserMessage(title, text, Level.ERROR, reauth=reauth))
        if reauth:
            self.reauth_needed.emit(text)

    def show(self, message: UserMessage) -> None:
        self.last = message
        self.message_shown.emit(message)

    def info(self, title: str, text: str, *, level: Level = Level.INFO) -> None:
        self.show(UserMessage(title, text, level))

    def clear(self) -> None:
        self.last = None
        self.cleared.emit()


def _is_api_error(exc: BaseException) -> bool:
    from desktop_app.core.api import errors as api

    return isinstance(exc, api.ApiError)


def _is_auth_error(exc: BaseException) -> bool:
    from desktop_app.core.api import errors as api

    return isinstance(exc, api.AuthError)
