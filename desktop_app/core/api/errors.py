"""Typed errors of the messaging service, each with words a shop assistant understands.

``str(error)`` is always ``error.user_message``: plain words saying what happened and the next
step to take. Technical details (response code, HTTP status, the service's own message) are
kept in attributes for logs and support. No error ever carries the access token: the client
scrubs it from anything the service sends back before it lands here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


class ApiError(Exception):
    """Base of every error the API client raises."""

    default_message = (
        "Something went wrong while talking to the messaging service. Try again in a moment."
    )

    def __init__(
        self,
        user_message: str | None = None,
        *,
        service_message: str | None = None,
        response_code: str | None = None,
        http_status: int | None = None,
    ) -> None:
        self.user_message = user_message or self.default_message
        self.service_message = service_message
        self.response_code = response_code
        self.http_status = http_status
        super().__init__(self.user_message)

    def __str__(self) -> str:
        return self.user_message

    def __repr__(self) -> str:
        parts = [repr(self.user_message)]
        if self.response_code is not None:
            parts.append(f"response_code={self.response_code!r}")
        if self.http_status is not None:
            parts.append(f"http_status={self.http_status}")
        return f"{type(self).__name__}({', '.join(parts)})"


class AuthError(ApiError):
    """401 / 0401: missing, mistyped, expired or revoked token."""

    default_message = (
        "Your access token was not accepted (it may have expired or been revoked). "
        "Connect your account again with a new token."
    )


_SCOPE_WORDS = {
    "sms": "send SMS",
    "contacts": "use contacts",
    "whatsapp": "send WhatsApp templates",
    "surveys": "send surveys",
}


class ScopeError(ApiError):
    """403 / 0403: a valid token without the permission (scope) for this endpoint."""

    def __init__(
        self,
        user_message: str | None = None,
        *,
        scope: str | None = None,
        service_message: str | None = None,
        response_code: str | None = None,
        http_status: int | None = None,
    ) -> None:
        self.scope = scope
        if user_message is None:
            if scope:
                what = _SCOPE_WORDS.get(scope, f"use {scope}")
                user_message = (
                    f'Your access token is not allowed to {what}: it lacks the "{scope}" '
                    "permission (older, legacy tokens have none beyond SMS). Create a token "
                    f'with the "{scope}" permission in the portal, then connect your account '
                    "again with it."
                )
            else:
                user_message = (
                    "Your access token is not allowed to do this. Create a token with the "
                    "needed permission in the portal, then connect your account again with it."
                )
        super().__init__(
            user_message,
            service_message=service_message,
            response_code=response_code,
            http_status=http_status,
        )


class InvalidRequest(ApiError):
    """400 / 0400 (and the contacts' 413, 415, 422): the service refused what was sent."""

    def __init__(
        self,
        user_message: str | None = None,
        *,
        fields: Mapping[str, str] | None = None,
        invalid_phones: Sequence[str] = (),
        service_message: str | None = None,
        response_code: str | None = None,
        http_status: int | None = None,
    ) -> None:
        self.fields: dict[str, str] = dict(fields or {})
        self.invalid_phones: tuple[str, ...] = tuple(invalid_phones)
        if user_message is None:
            user_message = _invalid_request_message(
                service_message, self.fields, self.invalid_phones
            )
        super().__init__(
            user_message,
            service_message=service_message,
            response_code=response_code,
            http_status=http_status,
        )


def _invalid_request_message(
    service_message: str | None, fields: Mapping[str, str], invalid_phones: Sequence[str]
) -> str:
    if invalid_phones:
        shown = ", ".join(invalid_phones[:10])
        more = f" and {len(invalid_phones) - 10} more" if len(invalid_phones) > 10 else ""
        return (
            f"These phone numbers are not valid: {shown}{more}. "
            "Correct or remove them, then try again."
        )
    if fields:
        problems = "; ".join(f"{name}: {problem}" for name, problem in fields.items())
        return f"Some details need fixing ({problems}). Correct them, then try again."
    if service_message:
        return (
            f"The messaging service did not accept this request: {service_message} "
            "Check the details, then try again."
        )
    return "The messaging service did not accept this request. Check the details, then try again."


class InsufficientBalance(ApiError):
    """0402: the balance is too low for the whole request; nothing was sent or billed."""

    default_message = "Your balance is too low for this send. Top up your account, then try again."


class SenderIdRejected(ApiError):
    """0422: the account does not own the sender ID."""

    def __init__(
        self,
        user_message: str | None = None,
        *,
        sender_id: str | None = None,
        service_message: str | None = None,
        response_code: str | None = None,
        http_status: int | None = None,
    ) -> None:
        self.sender_id = sender_id
        if user_message is None:
            name = f'"{sender_id}"' if sender_id else "this sender ID"
            user_message = (
                f"Your account is not allowed to send as {name}. Choose one of your own "
                "sender IDs (or the shared one) and try again."
            )
        super().__init__(
            user_message,
            service_message=service_message,
            response_code=response_code,
            http_status=http_status,
        )


class RateLimited(ApiError):
    """0429 that could not be waited out: too many requests for now."""

    def __init__(
        self,
        user_message: str | None = None,
        *,
        retry_after: float | None = None,
        service_message: str | None = None,
        response_code: str | None = None,
        http_status: int | None = None,
    ) -> None:
        self.retry_after = retry_after
        if user_message is None:
            if retry_after is not None and retry_after > 0:
                wait = _plain_duration(retry_after)
                user_message = (
                    f"The messaging service is busy and asked us to slow down. "
                    f"Wait {wait}, then try again."
                )
            else:
                user_message = (
                    "The messaging service is busy and asked us to slow down. "
                    "Wait a minute, then try again."
                )
        super().__init__(
            user_message,
            service_message=service_message,
            response_code=response_code,
            http_status=http_status,
        )


def _plain_duration(seconds: float) -> str:
    whole = max(1, round(seconds))
    if whole < 90:
        return f"{whole} second{'s' if whole != 1 else ''}"
    minutes = round(whole / 60)
    return f"about {minutes} minutes"


class ServerError(ApiError):
    """0500 / HTTP 5xx that persisted after the automatic retries."""

    default_message = (
        "The messaging service had a problem on its side. Wait a minute, then try again."
    )


class NetworkError(ApiError):
    """The service could not be reached (no request was answered)."""

    default_message = (
        "Could not reach the messaging service. Check your internet connection, then try again."
    )


class InDoubt(ApiError):
    """A send was handed over but no answer came back: it may or may not have gone out.
    It is never resent automatically."""

    default_message = (
        "The connection was lost after the message was handed over, so we cannot tell whether "
        "it was sent. Check the delivery report before sending again, so customers do not "
        "get it twice."
    )


class ProtocolError(ApiError):
    """The reply was not JSON, or JSON of an unexpected shape."""

    default_message = (
        "The messaging service sent a reply this app could not understand. Try again later; "
        "if it keeps happening, contact support."
    )

    def __init__(
        self,
        detail: str,
        *,
        user_message: str | None = None,
        response_code: str | None = None,
        http_status: int | None = None,
    ) -> None:
        #: What exactly was wrong with the reply (for logs and support, not for the user).
        self.detail = detail
        super().__init__(user_message, response_code=response_code, http_status=http_status)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.detail!r}, http_status={self.http_status})"


class NotFound(ApiError):
    """Contacts 404: the contact (or upload) does not exist, or belongs to another account."""

    default_message = (
        "That contact could not be found; it may have been deleted. Refresh the list, "
        "then try again."
    )


class Conflict(ApiError):
    """Contacts 409, e.g. a contact with this phone number already exists."""

    default_message = (
        "A contact with this phone number already exists. Search for it and edit it instead."
    )


class ServiceError(ApiError):
    """A refusal with a response code this app does not know: shows the service's own words."""

    def __init__(
        self,
        service_message: str | None,
        *,
        response_code: str | None = None,
        http_status: int | None = None,
    ) -> None:
        if service_message:
            user_message = (
                f'The messaging service refused the request, saying: "{service_message}". '
                "Check the details, then try again; if it keeps happening, contact support."
            )
        else:
            user_message = None
        super().__init__(
            user_message,
            service_message=service_message,
            response_code=response_code,
            http_status=http_status,
        )


class UploadTimeout(ApiError):
    """``wait_for_upload`` gave up before the import settled (it may still finish)."""

    default_message = (
        "The contacts import is taking longer than expected. It may still finish: "
        "check the import list again in a few minutes."
    )


__all__ = [
    "ApiError",
    "AuthError",
    "Conflict",
    "InDoubt",
    "InsufficientBalance",
    "InvalidRequest",
    "NetworkError",
    "NotFound",
    "ProtocolError",
    "RateLimited",
    "ScopeError",
    "SenderIdRejected",
    "ServerError",
    "ServiceError",
    "UploadTimeout",
]
