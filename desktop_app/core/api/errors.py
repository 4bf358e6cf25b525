"""Typed errors of the messaging service: facts, not sentences.

Each error carries what happened as data (its class, a problem code where one class covers
several cases, the service's own ``service_message``, the response code and HTTP status); the
UI turns it into words a shop assistant understands (``desktop_app.ui.errors.describe``).
``str(error)`` is a short technical description for logs and support, never shown to a user.
No error ever carries the access token: the client scrubs it from anything the service sends
back before it lands here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import TypedDict, Unpack

__all__ = [
    "ApiError",
    "AuthError",
    "CertificateError",
    "Conflict",
    "Facts",
    "InDoubt",
    "InDoubtWhat",
    "InsufficientBalance",
    "InvalidRequest",
    "NetworkError",
    "NotFound",
    "ProtocolError",
    "RateLimited",
    "RequestProblem",
    "ScopeError",
    "SenderIdRejected",
    "ServerError",
    "ServiceError",
    "UploadTimeout",
]


class Facts(TypedDict, total=False):
    """What every error may know about the reply it came from."""

    service_message: str | None
    response_code: str | None
    http_status: int | None


class ApiError(Exception):
    """Base of every error the API client raises."""

    def __init__(
        self,
        *,
        service_message: str | None = None,
        response_code: str | None = None,
        http_status: int | None = None,
    ) -> None:
        self.service_message = service_message
        self.response_code = response_code
        self.http_status = http_status
        super().__init__(self._describe())

    def _facts(self) -> list[str]:
        facts = []
        if self.response_code is not None:
            facts.append(f"response_code={self.response_code!r}")
        if self.http_status is not None:
            facts.append(f"http_status={self.http_status}")
        return facts

    def _describe(self) -> str:
        return ", ".join(self._facts()) or "no details"

    def __str__(self) -> str:
        return f"{type(self).__name__}: {self._describe()}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(self._facts())})"


class AuthError(ApiError):
    """401 / 0401: missing, mistyped, expired or revoked token (``malformed``: it was refused
    before any request, because it cannot be a token at all)."""

    def __init__(self, *, malformed: bool = False, **facts: Unpack[Facts]) -> None:
        self.malformed = malformed
        super().__init__(**facts)

    def _facts(self) -> list[str]:
        return (["malformed token"] if self.malformed else []) + super()._facts()


class ScopeError(ApiError):
    """403 / 0403: a valid token without the permission (scope) for this endpoint."""

    def __init__(self, *, scope: str | None = None, **facts: Unpack[Facts]) -> None:
        self.scope = scope
        super().__init__(**facts)

    def _facts(self) -> list[str]:
        return [f"scope={self.scope!r}", *super()._facts()]


class RequestProblem(StrEnum):
    """Which of the many "bad request" cases an :class:`InvalidRequest` is, where we know."""

    NOT_OPTED_IN = "not_opted_in"  # WhatsApp: the customer never agreed to messages
    FILE_TOO_LARGE = "file_too_large"  # upload: 413
    FILE_TYPE = "file_type"  # upload: 415
    FILE_UNREADABLE = "file_unreadable"  # upload: 422 (no phone column, unreadable)
    FILE_MISSING = "file_missing"  # upload: the file could not be opened here


class InvalidRequest(ApiError):
    """400 / 0400 (and the contacts' 413, 415, 422): the service refused what was sent."""

    def __init__(
        self,
        *,
        fields: Mapping[str, str] | None = None,
        invalid_phones: Sequence[str] = (),
        problem: RequestProblem | None = None,
        file_name: str | None = None,
        **facts: Unpack[Facts],
    ) -> None:
        self.fields: dict[str, str] = dict(fields or {})
        self.invalid_phones: tuple[str, ...] = tuple(invalid_phones)
        self.problem = problem
        self.file_name = file_name
        super().__init__(**facts)

    def _facts(self) -> list[str]:
        facts = [] if self.problem is None else [f"problem={self.problem}"]
        if self.fields:
            facts.append(f"fields={sorted(self.fields)}")
        if self.invalid_phones:
            facts.append(f"invalid_phones={len(self.invalid_phones)}")
        return facts + super()._facts()


class InsufficientBalance(ApiError):
    """0402: the balance is too low for the whole request; nothing was sent or billed."""


class SenderIdRejected(ApiError):
    """0422: the account does not own the sender ID."""

    def __init__(self, *, sender_id: str | None = None, **facts: Unpack[Facts]) -> None:
        self.sender_id = sender_id
        super().__init__(**facts)


class RateLimited(ApiError):
    """0429 that could not be waited out: too many requests for now."""

    def __init__(self, *, retry_after: float | None = None, **facts: Unpack[Facts]) -> None:
        self.retry_after = retry_after
        super().__init__(**facts)

    def _facts(self) -> list[str]:
        return [f"retry_after={self.retry_after}", *super()._facts()]


class ServerError(ApiError):
    """0500 / HTTP 5xx that persisted after the automatic retries."""


class NetworkError(ApiError):
    """The service could not be reached (no request was answered)."""


class CertificateError(NetworkError):
    """Something answered at the service's address, but its security certificate could not
    be verified, so no request was sent (and none is tried again: another try meets the same
    certificate). *dates*: it failed on its dates (not valid yet, or expired), as it does when
    this computer's clock is wrong (an old laptop whose date was reset), or when the provider
    let it lapse. Otherwise something else answered in the service's place: a Wi-Fi sign-in
    or a used-up data bundle that takes over the connection, a proxy."""

    def __init__(self, *, dates: bool = False, **facts: Unpack[Facts]) -> None:
        self.dates = dates
        super().__init__(**facts)

    def _facts(self) -> list[str]:
        return [f"dates={self.dates}", *super()._facts()]


class InDoubtWhat(StrEnum):
    """What was handed over when the answer was lost."""

    SEND = "send"  # a message (the default)
    CONTACT_CHANGE = "contact_change"  # creating or deleting a contact
    UPLOAD = "upload"  # a contacts file


class InDoubt(ApiError):
    """A request that changes something was handed over but no answer came back: it may or
    may not have taken effect. It is never resent automatically."""

    def __init__(self, *, what: InDoubtWhat = InDoubtWhat.SEND, **facts: Unpack[Facts]) -> None:
        self.what = what
        super().__init__(**facts)

    def _facts(self) -> list[str]:
        return [f"what={self.what}", *super()._facts()]


class StoppedBeforeRetry(ApiError):
    """Stopped (``attempts.stop_retries_on``: the user's Cancel) while waiting to try a
    request again: every try so far provably sent nothing (the service was not reached, or
    answered busy), so nothing went out."""


class CancelledBeforeRetry(asyncio.CancelledError):
    """The task was cancelled (quitting) while the client waited to try a request again: as
    :class:`StoppedBeforeRetry`, nothing went out. Still a cancellation."""


class ProtocolError(ApiError):
    """The reply was not JSON, or JSON of an unexpected shape."""

    def __init__(self, detail: str, *, web_page: bool = False, **facts: Unpack[Facts]) -> None:
        #: What exactly was wrong with the reply (for logs and support, not for the user).
        self.detail = detail
        #: The reply was a web page (HTML, or a redirect), not the service's: most often a
        #: network's own page in the way (a data bundle run out, a Wi-Fi sign-in page).
        self.web_page = web_page
        super().__init__(**facts)

    def _facts(self) -> list[str]:
        web = ["web_page=True"] if self.web_page else []
        return [repr(self.detail), *web, *super()._facts()]


class NotFound(ApiError):
    """Contacts 404 (or an upload that never appeared): ``what`` was not found."""

    def __init__(self, *, what: str = "contact", **facts: Unpack[Facts]) -> None:
        self.what = what
        super().__init__(**facts)


class Conflict(ApiError):
    """Contacts 409, e.g. a contact with this phone number already exists."""


class ServiceError(ApiError):
    """A refusal with a response code this app does not know: the UI shows the service's own
    words (``service_message``), quoted."""


class UploadTimeout(ApiError):
    """``wait_for_upload`` gave up before the import settled (it may still finish)."""
