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
        "sms": QCoreApplication.translate("errors", "sending SMS"),
        "contacts": QCoreApplication.translate("errors", "contacts"),
        "whatsapp": QCoreApplication.translate("errors", "WhatsApp messages"),
        "surveys": QCoreApplication.translate("errors", "surveys"),
    }
    if scope is None:
        return QCoreApplication.translate("errors", "this feature")
    return labels.get(scope.lower(), scope)


def wait_text(seconds: float | None) -> str:
    """How long to wait, in plain words ("30 seconds", "about 2 minutes", "a minute")."""
    from desktop_app.ui.words import counts

    if seconds is None or seconds <= 0:
        return QCoreApplication.translate("errors", "a minute")
    whole = max(1, round(seconds))
    if whole < 90:
        return counts().seconds(whole)
    return counts().minutes(round(whole / 60))


def api_error_text(exc: BaseException) -> str:
    """What happened, in plain words, then what to do: for any error of core.api."""
    from desktop_app.core.api import errors as api

    if isinstance(exc, api.AuthError):
        if exc.malformed:
            return QCoreApplication.translate(
                "errors",
                "The secret key is empty or contains characters a key cannot have. "
                "Copy it again from the portal, then connect your account again.",
            )
        return QCoreApplication.translate(
            "errors",
            "Your secret key was not accepted (it may have expired or been revoked). "
            "Connect your account again with a new key.",
        )
    if isinstance(exc, api.ScopeError):
        return QCoreApplication.translate(
            "errors",
            "Your secret key does not have the “{permission}” permission. Ask your provider "
            "for a key that includes it, then connect again from the Account menu.",
        ).format(permission=scope_label(exc.scope))
    if isinstance(exc, api.InvalidRequest):
        return _invalid_request_text(exc)
    if isinstance(exc, api.InsufficientBalance):
        return QCoreApplication.translate(
            "errors", "Your balance is too low for this send. Top up your account, then try again."
        )
    if isinstance(exc, api.SenderIdRejected):
        if exc.sender_id:
            return QCoreApplication.translate(
                "errors",
                "Your account is not allowed to send as “{sender}”. Choose one of your own "
                "sender names (or the shared one) and try again.",
            ).format(sender=exc.sender_id)
        return QCoreApplication.translate(
            "errors",
            "Your account is not allowed to send as this sender name. Choose one of your own "
            "sender names (or the shared one) and try again.",
        )
    if isinstance(exc, api.RateLimited):
        return QCoreApplication.translate(
            "errors",
            "The messaging service is busy and asked us to slow down. Wait {wait}, then try again.",
        ).format(wait=wait_text(exc.retry_after))
    if isinstance(exc, api.ServerError):
        return QCoreApplication.translate(
            "errors",
            "The messaging service had a problem on its side. Wait a minute, then try again.",
        )
    if isinstance(exc, api.CertificateError) and exc.dates:
        from PySide6.QtCore import QDate, QLocale

        return QCoreApplication.translate(
            "errors",
            "Tuma could not make a secure connection to the messaging service: its security "
            "certificate is not valid on this computer's date, {date}. If that date is wrong, "
            "set the right date and time, then try again. If it is right, tell your provider.",
        ).format(date=QLocale().toString(QDate.currentDate(), QLocale.FormatType.LongFormat))
    if isinstance(exc, api.CertificateError):
        return QCoreApplication.translate(
            "errors",
            "Tuma could not make a secure connection to the messaging service: something "
            "else answered in its place. A Wi-Fi that wants you to sign in, or a used-up data "
            "bundle, does this: open a web browser to check, then try again.",
        )
    if isinstance(exc, api.NetworkError):
        return QCoreApplication.translate(
            "errors",
            "Could not reach the messaging service. Check your internet connection, "
            "then try again.",
        )
    if isinstance(exc, api.InDoubt):
        if exc.what is api.InDoubtWhat.CONTACT_CHANGE:
            return QCoreApplication.translate(
                "errors",
                "The connection was lost before the service confirmed the change, so we cannot "
                "tell whether it was saved. Refresh the contacts list to check, then try again "
                "if needed.",
            )
        if exc.what is api.InDoubtWhat.UPLOAD:
            return QCoreApplication.translate(
                "errors",
                "The connection was lost after the file was sent, so we cannot tell whether "
                "the import started. Check the list of imports before uploading the file again.",
            )
        if isinstance(exc, api.ProtocolError) and exc.web_page:
            return QCoreApplication.translate(
                "errors",
                "A web page came back instead of the messaging service's reply, so we cannot "
                "tell whether the message was sent. Your internet may need attention (data "
                "bundle used up, or Wi-Fi asking you to sign in): open a web browser to check. "
                "Then check the delivery report before sending again, so customers do not get "
                "it twice.",
            )
        if isinstance(exc, api.ProtocolError):
            return QCoreApplication.translate(
                "errors",
                "The messaging service's reply could not be understood, so we cannot tell "
                "whether the message was sent. Check the delivery report before sending again, "
                "so customers do not get it twice.",
            )
        return QCoreApplication.translate(
            "errors",
            "The connection was lost after the message was handed over, so we cannot tell "
            "whether it was sent. Check the delivery report before sending again, so customers "
            "do not get it twice.",
        )
    if isinstance(exc, api.ProtocolError) and exc.web_page:
        return QCoreApplication.translate(
            "errors",
            "A web page came back instead of the messaging service's reply. Your internet "
            "may need attention: the data bundle may be used up, or the Wi-Fi may be asking "
            "you to sign in. Open a web browser to check, then try again.",
        )
    if isinstance(exc, api.ProtocolError):
        return QCoreApplication.translate(
            "errors",
            "The messaging service sent a reply this app could not understand. Try again "
            "later; if it keeps happening, contact support.",
        )
    if isinstance(exc, api.NotFound):
        if exc.what == "upload":
            return QCoreApplication.translate(
                "errors", "That contacts import could not be found. Start the import again."
            )
        return QCoreApplication.translate(
            "errors",
            "That contact could not be found; it may have been deleted. Refresh the list, "
            "then try again.",
        )
    if isinstance(exc, api.Conflict):
        return QCoreApplication.translate(
            "errors",
            "A contact with this phone number already exists. Search for it and edit it instead.",
        )
    if isinstance(exc, api.UploadTimeout):
        return QCoreApplication.translate(
            "errors",
            "The contacts import is taking longer than expected. It may still finish: check "
            "the import list again in a few minutes.",
        )
    if isinstance(exc, api.ApiError) and exc.service_message:
        return QCoreApplication.translate(
            "errors",
            "The messaging service refused the request, saying: “{message}”. Check the "
            "details, then try again; if it keeps happening, contact support.",
        ).format(message=exc.service_message)
    return QCoreApplication.translate(
        "errors",
        "Something went wrong while talking to the messaging service. Try again in a moment.",
    )


def _invalid_request_text(exc: BaseException) -> str:
    from desktop_app.core.api import errors as api
    from desktop_app.ui.words import counts

    assert isinstance(exc, api.InvalidRequest)
    problem = exc.problem
    if problem is api.RequestProblem.NOT_OPTED_IN:
        return QCoreApplication.translate(
            "errors",
            "This customer has not opted in to WhatsApp messages from you, so the template "
            "was not sent (and nothing was charged). Ask them to opt in first, for example by "
            "sending a message to your WhatsApp number.",
        )
    if problem is api.RequestProblem.FILE_TOO_LARGE:
        return QCoreApplication.translate(
            "errors",
            "The file is too large to import (at most 10 MB and 100,000 rows). Split it into "
            "smaller files, then import each one.",
        )
    if problem is api.RequestProblem.FILE_TYPE:
        return QCoreApplication.translate(
            "errors",
            "This type of file cannot be imported. Save it as CSV (UTF-8) or as an Excel "
            "workbook (.xlsx), then import it again.",
        )
    if problem is api.RequestProblem.FILE_UNREADABLE:
        text = QCoreApplication.translate(
            "errors",
            "The file could not be read as a contacts list: it needs a header row with a "
            "'phone' column.",
        )
        if exc.service_message:
            text += " " + QCoreApplication.translate(
                "errors", "The service said: “{message}”"
            ).format(message=exc.service_message)
        return (
            text + " " + QCoreApplication.translate("errors", "Fix the file, then import it again.")
        )
    if problem is api.RequestProblem.FILE_MISSING:
        return QCoreApplication.translate(
            "errors",
            "The file “{name}” could not be opened. Check that it still exists, then try again.",
        ).format(name=exc.file_name or "")
    if exc.invalid_phones:
        shown = ", ".join(exc.invalid_phones[:10])
        extra = len(exc.invalid_phones) - 10
        if extra > 0:
            shown = QCoreApplication.translate("errors", "{numbers} and {more} more").format(
                numbers=shown, more=counts().numbers(extra)
            )
        return QCoreApplication.translate(
            "errors",
            "These phone numbers are not valid: {numbers}. Correct or remove them, then try again.",
        ).format(numbers=shown)
    if exc.fields:
        problems = "; ".join(f"{name}: {problem}" for name, problem in exc.fields.items())
        return QCoreApplication.translate(
            "errors", "Some details need fixing ({problems}). Correct them, then try again."
        ).format(problems=problems)
    if exc.service_message:
        return QCoreApplication.translate(
            "errors",
            "The messaging service did not accept this request: “{message}”. Check the "
            "details, then try again.",
        ).format(message=exc.service_message)
    return QCoreApplication.translate(
        "errors",
        "The messaging service did not accept this request. Check the details, then try again.",
    )


def describe(exc: BaseException) -> tuple[str, str]:
    """(title, text) for *exc*: what happened in plain words, then what to do next."""
    # Imported here so the window can appear before httpx & co. are loaded.
    from desktop_app.core.api import errors as api

    if isinstance(exc, api.AuthError):
        return QCoreApplication.translate("errors", "Sign-in needed"), api_error_text(exc)
    if isinstance(exc, api.ScopeError):
        return QCoreApplication.translate("errors", "Permission missing"), api_error_text(exc)
    # First match wins (an unreadable send reply is in doubt before it is a protocol error).
    titles: tuple[tuple[type[api.ApiError], str], ...] = (
        (api.InsufficientBalance, QCoreApplication.translate("errors", "Not enough credit")),
        (api.SenderIdRejected, QCoreApplication.translate("errors", "Sender name not allowed")),
        (api.InvalidRequest, QCoreApplication.translate("errors", "Please check the details")),
        (api.RateLimited, QCoreApplication.translate("errors", "The service is busy")),
        (api.ServerError, QCoreApplication.translate("errors", "The service had a problem")),
        (api.CertificateError, QCoreApplication.translate("errors", "Secure connection failed")),
        (api.NetworkError, QCoreApplication.translate("errors", "No connection")),
        (api.InDoubt, QCoreApplication.translate("errors", "Outcome unknown")),
        (api.NotFound, QCoreApplication.translate("errors", "Not found")),
        (api.Conflict, QCoreApplication.translate("errors", "Already exists")),
        (api.ProtocolError, QCoreApplication.translate("errors", "Unexpected reply")),
        (api.ApiError, QCoreApplication.translate("errors", "The request failed")),
    )
    if isinstance(exc, api.ProtocolError) and exc.web_page and not isinstance(exc, api.InDoubt):
        return (
            QCoreApplication.translate("errors", "Check your internet"),
            api_error_text(exc),
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
        return QCoreApplication.translate(
            "errors", "Password store unavailable"
        ), words.keyring_problem(exc)
    if isinstance(exc, SettingsError):
        return QCoreApplication.translate(
            "errors", "Please check the settings"
        ), words.settings_problem(exc)
    if isinstance(exc, AccountError):
        return QCoreApplication.translate(
            "errors", "Please check the account"
        ), words.account_problem(exc)
    if isinstance(exc, phones.InvalidPhoneNumber):
        return QCoreApplication.translate("errors", "Please check the number"), words.phone_problem(
            exc
        )
    if isinstance(exc, StoreError):
        from desktop_app.core.services.sending import StoreProblem

        if exc.problem in (StoreProblem.DAMAGED, StoreProblem.UNAVAILABLE, StoreProblem.NO_FOLDER):
            title = QCoreApplication.translate("errors", "Could not open Tuma's records")
        elif exc.problem is StoreProblem.DISK_FULL:
            title = QCoreApplication.translate("errors", "The disk is full")
        elif exc.problem is StoreProblem.WRITE_FAILED:
            title = QCoreApplication.translate("errors", "Could not save Tuma's records")
        else:
            title = QCoreApplication.translate("errors", "Could not update Tuma's records")
        return title, words.store_problem(exc)

    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return QCoreApplication.translate(
            "errors", "That took too long"
        ), QCoreApplication.translate(
            "errors",
            "The operation did not finish in time. Check your internet connection and try again.",
        )
    if isinstance(exc, PermissionError):
        return QCoreApplication.translate("errors", "No permission"), QCoreApplication.translate(
            "errors",
            "Tuma is not allowed to open that file or folder. Choose another place, "
            "or check its permissions.",
        )
    if isinstance(exc, FileNotFoundError):
        return QCoreApplication.translate("errors", "File not found"), QCoreApplication.translate(
            "errors",
            "The file could not be found. It may have been moved or deleted; choose it again.",
        )
    if isinstance(exc, OSError):
        return QCoreApplication.translate(
            "errors", "Could not read or write a file"
        ), QCoreApplication.translate(
            "errors",
            "Your computer reported: {detail}. Check there is free disk space and try again.",
        ).format(detail=exc.strerror or type(exc).__name__)
    return QCoreApplication.translate("errors", "Something went wrong"), QCoreApplication.translate(
        "errors",
        "An unexpected problem occurred ({kind}). Nothing you entered was lost. Try again; if it "
        "keeps happening, restart Tuma.",
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
        #: The last problem shown (a warning or an error: it stays up until dealt with; good
        #: news goes by itself).
        self.problem: UserMessage | None = None

    def present(self, exc: BaseException, *, action: str | None = None, more: str = "") -> None:
        """Show *exc* in plain words; *action* is what was being done ("Refreshing the balance");
        *more*, a sentence of the caller's after them (what became of the work)."""
        if isinstance(exc, asyncio.CancelledError):
            return
        if _is_computer_problem(exc):
            # a full disk, a disk error: expected of a computer, said in the bar; one line
            # (a traceback at every autosave would only fill the disk further)
            log.warning("Tuma's records could not be saved: %s", exc)
        elif not _is_api_error(exc):
            log.error("unexpected error", exc_info=(type(exc), exc, exc.__traceback__))
        title, text = describe(exc)
        if action:
            title = QCoreApplication.translate("errors", "{action} failed — {title}").format(
                action=action, title=title
            )
        reauth = _is_auth_error(exc)
        shown = f"{text}\n{more}" if more else text
        self.show(UserMessage(title, shown, Level.ERROR, reauth=reauth))
        if reauth:
            self.reauth_needed.emit(text)

    def show(self, message: UserMessage) -> None:
        self.last = message
        if message.level is not Level.INFO:
            self.problem = message
        self.message_shown.emit(message)

    def info(self, title: str, text: str, *, level: Level = Level.INFO) -> None:
        self.show(UserMessage(title, text, level))

    def clear(self) -> None:
        self.last = self.problem = None
        self.cleared.emit()

    def take_back(self, message: UserMessage | None) -> None:
        """*message* (words shown earlier, e.g. of a reading or a send that failed) is out of
        date: it goes if it is still the problem shown; a problem shown since stays."""
        if message is not None and self.problem is message:
            self.clear()


def _is_api_error(exc: BaseException) -> bool:
    from desktop_app.core.api import errors as api

    return isinstance(exc, api.ApiError)


def _is_computer_problem(exc: BaseException) -> bool:
    from desktop_app.core.services.sending import could_not_write

    return could_not_write(exc)


def _is_auth_error(exc: BaseException) -> bool:
    from desktop_app.core.api import errors as api

    return isinstance(exc, api.AuthError)
