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

__all__ = [
    "ErrorPresenter",
    "Level",
    "UserMessage",
    "api_error_text",
    "describe",
    "scope_label",
    "wait_text",
]

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


def wait_text(seconds: float | None) -> str:
    """How long to wait, in plain words ("30 seconds", "about 2 minutes", "a minute")."""
    from desktop_app.ui.words import counts

    if seconds is None or seconds <= 0:
        return _tr("a minute")
    whole = max(1, round(seconds))
    if whole < 90:
        return counts().seconds(whole)
    return counts().minutes(round(whole / 60))


def api_error_text(exc: BaseException) -> str:
    """What happened, in plain words, then what to do: for any error of core.api."""
    from desktop_app.core.api import errors as api

    if isinstance(exc, api.AuthError):
        if exc.malformed:
            return _tr(
                "The access token is empty or contains characters a token cannot have. "
                "Copy it again from the portal, then connect your account again."
            )
        return _tr(
            "Your access token was not accepted (it may have expired or been revoked). "
            "Connect your account again with a new token."
        )
    if isinstance(exc, api.ScopeError):
        return _tr(
            "Your access token does not have the “{permission}” permission. Ask your provider "
            "for a token that includes it, then connect again from the Account menu."
        ).format(permission=scope_label(exc.scope))
    if isinstance(exc, api.InvalidRequest):
        return _invalid_request_text(exc)
    if isinstance(exc, api.InsufficientBalance):
        return _tr("Your balance is too low for this send. Top up your account, then try again.")
    if isinstance(exc, api.SenderIdRejected):
        if exc.sender_id:
            return _tr(
                "Your account is not allowed to send as “{sender}”. Choose one of your own "
                "sender IDs (or the shared one) and try again."
            ).format(sender=exc.sender_id)
        return _tr(
            "Your account is not allowed to send as this sender ID. Choose one of your own "
            "sender IDs (or the shared one) and try again."
        )
    if isinstance(exc, api.RateLimited):
        return _tr(
            "The messaging service is busy and asked us to slow down. Wait {wait}, then try again."
        ).format(wait=wait_text(exc.retry_after))
    if isinstance(exc, api.ServerError):
        return _tr(
            "The messaging service had a problem on its side. Wait a minute, then try again."
        )
    if isinstance(exc, api.NetworkError):
        return _tr(
            "Could not reach the messaging service. Check your internet connection, then try again."
        )
    if isinstance(exc, api.InDoubt):
        if exc.what is api.InDoubtWhat.CONTACT_CHANGE:
            return _tr(
                "The connection was lost before the service confirmed the change, so we cannot "
                "tell whether it was saved. Refresh the contacts list to check, then try again "
                "if needed."
            )
        if exc.what is api.InDoubtWhat.UPLOAD:
            return _tr(
                "The connection was lost after the file was sent, so we cannot tell whether "
                "the import started. Check the list of imports before uploading the file again."
            )
        if isinstance(exc, api.ProtocolError):
            return _tr(
                "The messaging service's reply could not be understood, so we cannot tell "
                "whether the message was sent. Check the delivery report before sending again, "
                "so customers do not get it twice."
            )
        return _tr(
            "The connection was lost after the message was handed over, so we cannot tell "
            "whether it was sent. Check the delivery report before sending again, so customers "
            "do not get it twice."
        )
    if isinstance(exc, api.ProtocolError):
        return _tr(
            "The messaging service sent a reply this app could not understand. Try again "
            "later; if it keeps happening, contact support."
        )
    if isinstance(exc, api.NotFound):
        if exc.what == "upload":
            return _tr("That contacts import could not be found. Start the import again.")
        return _tr(
            "That contact could not be found; it may have been deleted. Refresh the list, "
            "then try again."
        )
    if isinstance(exc, api.Conflict):
        return _tr(
            "A contact with this phone number already exists. Search for it and edit it instead."
        )
    if isinstance(exc, api.UploadTimeout):
        return _tr(
            "The contacts import is taking longer than expected. It may still finish: check "
            "the import list again in a few minutes."
        )
    if isinstance(exc, api.ApiError) and exc.service_message:
        return _tr(
            "The messaging service refused the request, saying: “{message}”. Check the "
            "details, then try again; if it keeps happening, contact support."
        ).format(message=exc.service_message)
    return _tr(
        "Something went wrong while talking to the messaging service. Try again in a moment."
    )


def _invalid_request_text(exc: BaseException) -> str:
    from desktop_app.core.api import errors as api
    from desktop_app.ui.words import counts

    assert isinstance(exc, api.InvalidRequest)
    problem = exc.problem
    if problem is api.RequestProblem.NOT_OPTED_IN:
        return _tr(
            "This customer has not opted in to WhatsApp messages from you, so the template "
            "was not sent (and nothing was charged). Ask them to opt in first, for example by "
            "sending a message to your WhatsApp number."
        )
    if problem is api.RequestProblem.FILE_TOO_LARGE:
        return _tr(
            "The file is too large to import (at most 10 MB and 100,000 rows). Split it into "
            "smaller files, then import each one."
        )
    if problem is api.RequestProblem.FILE_TYPE:
        return _tr(
            "This type of file cannot be imported. Save it as CSV (UTF-8) or as an Excel "
            "workbook (.xlsx), then import it again."
        )
    if problem is api.RequestProblem.FILE_UNREADABLE:
        text = _tr(
            "The file could not be read as a contacts list: it needs a header row with a "
            "'phone' column."
        )
        if exc.service_message:
            text += " " + _tr("The service said: “{message}”").format(message=exc.service_message)
        return text + " " + _tr("Fix the file, then import it again.")
    if problem is api.RequestProblem.FILE_MISSING:
        return _tr(
            "The file “{name}” could not be opened. Check that it still exists, then try again."
        ).format(name=exc.file_name or "")
    if exc.invalid_phones:
        shown = ", ".join(exc.invalid_phones[:10])
        extra = len(exc.invalid_phones) - 10
        if extra > 0:
            shown = _tr("{numbers} and {more} more").format(
                numbers=shown, more=counts().numbers(extra)
            )
        return _tr(
            "These phone numbers are not valid: {numbers}. Correct or remove them, then try again."
        ).format(numbers=shown)
    if exc.fields:
        problems = "; ".join(f"{name}: {problem}" for name, problem in exc.fields.items())
        return _tr("Some details need fixing ({problems}). Correct them, then try again.").format(
            problems=problems
        )
    if exc.service_message:
        return _tr(
            "The messaging service did not accept this request: “{message}”. Check the "
            "details, then try again."
        ).format(message=exc.service_message)
    return _tr(
        "The messaging service did not accept this request. Check the details, then try again."
    )


def describe(exc: BaseException) -> tuple[str, str]:
    """(title, text) for *exc*: what happened in plain words, then what to do next."""
    # Imported here so the window can appear before httpx & co. are loaded.
    from desktop_app.core.api import errors as api

    if isinstance(exc, api.AuthError):
        return _tr("Sign-in needed"), api_error_text(exc)
    if isinstance(exc, api.ScopeError):
        return _tr("Permission missing"), api_error_text(exc)
    # First match wins (an unreadable send reply is in doubt before it is a protocol error).
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
            return title, api_error_text(exc)

    from desktop_app.core import phones
    from desktop_app.core.services.accounts import AccountError, CredentialError
    from desktop_app.core.services.sending import StoreError
    from desktop_app.core.settings import SettingsError
    from desktop_app.ui import words

    if isinstance(exc, CredentialError):
        return _tr("Password store unavailable"), words.keyring_problem(exc)
    if isinstance(exc, SettingsError):
        return _tr("Please check the settings"), words.settings_problem(exc)
    if isinstance(exc, AccountError):
        return _tr("Please check the account"), words.account_problem(exc)
    if isinstance(exc, phones.InvalidPhoneNumber):
        return _tr("Please check the number"), words.phone_problem(exc)
    if isinstance(exc, StoreError):
        return _tr("Could not update Tuma's records"), words.store_problem(exc)

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
