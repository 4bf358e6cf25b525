"""The async client for the messaging service (spec/messaging-service.md + CONTRACT.md).

Reading is tolerant, as CONTRACT.md asks:

* SMS-family envelope: success is ``status`` true **and** ``responseCode`` "0200". ``status``
  may also arrive as the strings "true"/"success"; codes are compared case-insensitively and
  short or numeric forms are padded (``200`` and ``"200"`` read as ``"0200"``). The body is
  decoded whatever the HTTP status; when an error body has no code, the HTTP status stands in.
* A delivery lookup succeeds on ``status`` true with a list of records even without a code;
  records are read flat, nested (``deliveryStatus: {status, deliveryTime, reason}`` or a bare
  ``deliveryStatus`` string), as a ``messages`` list, a single ``messages`` object or a bare
  list. Only ``phone`` and a status are required in a record.
* Sends take ``messageId``, or ``bulkId`` where it is missing; every other field is optional
  and a malformed optional field is ignored rather than failing a send that was accepted.
* Unknown codes become :class:`~desktop_app.core.api.errors.ServiceError` carrying the
  service's own message verbatim; a body that is not JSON, or JSON of the wrong shape, becomes
  :class:`~desktop_app.core.api.errors.ProtocolError` (never ``KeyError``/``TypeError``).
  On a send with a 2xx status such a reply is :class:`UnreadableSendReply`, which is both a
  ``ProtocolError`` and an ``InDoubt``: the message may have gone out.

Retries are done here, whatever transport is injected: only on 0429, 0500 / HTTP 5xx and on
connection errors raised before the request went out, at most ``max_attempts`` attempts in
all, with exponential backoff and jitter, honouring ``Retry-After`` up to ``max_retry_after``
seconds. A send whose outcome is unknown (timeout after sending, connection lost mid-reply,
or a gateway's own 502/504 page: it forwarded the request and lost the answer) raises
``InDoubt`` and is never resent; reads may be repeated after such errors too.

Timeouts: making the connection (name look-up, TCP, TLS) is bounded by ``connect_timeout``
(:data:`CONNECT_TIMEOUT`, 8 s), everything after it by ``timeout`` (20 s). On a live link,
even slow mobile data, a connection is made in a few seconds (or refused at once; 8 s leaves
room for a lost packet or two on 2G, each resent after 1 then 2 s); a host
that drops packets (a pulled cable, mobile data gone) never answers, and waiting 20 s for it,
three times, kept a shop assistant waiting a minute to hear so. A slow *reply* is not a dead
host and keeps the long bound. Nothing has been sent when a connection could not be made, so
a send is retried after a connect failure as safely as a read.

Each retry is reported, before its pause, to the watcher of the context the request runs in
(:mod:`desktop_app.core.api.attempts`), so the screen can say "still trying". So is a reply
that is slow to come: once a request has been sent over a connection (a hung gateway, a Wi-Fi
sign-in page holding it, a mobile link that died after connecting) and has waited
:data:`SLOW_REPLY_AFTER` seconds (6 s) for its reply, a ``RetryReason.SLOW`` fact for the try in
progress, then ``None`` when that wait ends however it ends; otherwise the screen would sit
still for the whole 20 s. It only adds words: what is retried, and when, is unchanged. It costs
one ``loop.call_later`` handle per request, started by httpx's ``trace`` hook when the reply
begins to be awaited and cancelled when the request ends.

Reachability: every request goes through one place, so the client also says whether the
service can be reached at all. A request that finally fails with no HTTP reply because no
connection could be made or kept (refused, reset, DNS failure, connect timeout) marks it
unreachable; so does a request given up on by its caller (a bounded check, a newer search)
whose latest try could not connect, nothing having answered since. The next HTTP reply of any
kind (an error reply, a 5xx, a refused token too) marks it reachable again. Failed attempts
that a retry gets through do not count. A request given up on after a retry was announced
tells its watcher it is over (``None``), as a reply would. Observers in
:attr:`Client.reachability_observers` are called with the new state only when it changes.

The token only ever travels in the ``Authorization`` header. It is kept in a wrapper whose
repr is hidden, httpx masks the header in its own reprs, and anything the service sends back
is scrubbed of it before it reaches an error or a log line.
"""

from __future__ import annotations

import asyncio
import email.utils
import json as jsonlib
import logging
import math
import random
import re
import secrets
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from datetime import UTC, datetime
from os import PathLike
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal, Self, TypeVar, Unpack
from urllib.parse import quote

import httpx

from desktop_app.core.addresses import is_loopback_host, is_valid_host
from desktop_app.core.api import errors
from desktop_app.core.api.attempts import (
    Retry,
    RetryReason,
    report_retry,
    report_through,
    retry_stop,
)
from desktop_app.core.api.models import (
    AccountDetails,
    Balance,
    Contact,
    ContactPage,
    DeliveryRecord,
    SendResult,
    UploadAccepted,
    UploadRowError,
    UploadStatus,
)
from desktop_app.core.delivery import DeliveryStatus, normalize_status

log = logging.getLogger(__name__)

USER_AGENT: Final = "Tuma-desktop/0.1"

#: Seconds to make a connection (see the module docstring); the default of every client.
CONNECT_TIMEOUT: float = 8.0
#: Seconds a request that reached the service waits for its reply before the work waiting on
#: it hears that the service is slow to answer (see the module docstring).
SLOW_REPLY_AFTER: float = 6.0

# Raised before a single byte of the request left: always safe to try again.
_NOT_SENT: Final = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)
# Raised once the request may have reached the service: the outcome is unknown.
_LOST: Final = (httpx.TimeoutException, httpx.NetworkError, httpx.RemoteProtocolError)
# A gateway's own reply (not the service's envelope): it forwarded the request and then lost
# or gave up on the service's answer (bad gateway, gateway timeout), so the outcome is unknown.
_GATEWAY_LOST: Final = frozenset({502, 504})
# No connection could be made or kept: the service cannot be reached at all (refused, reset,
# DNS failure, connect timeout). A read timeout or a garbled reply means something answered.
_UNREACHABLE: Final = (httpx.NetworkError, httpx.ConnectTimeout)

_CONTACT_FIELDS: Final = frozenset({"phone", "first_name", "last_name", "email", "notes"})

# Error codes of the contacts envelope, for when one arrives under a 2xx status.
_CONTACT_ERROR_CODES: Final = {
    "invalid_request": 400,
    "validation_error": 400,
    "unauthorized": 401,
    "forbidden": 403,
    "not_found": 404,
    "conflict": 409,
    "payload_too_large": 413,
    "unsupported_media_type": 415,
    "unprocessable_entity": 422,
    "too_many_requests": 429,
    "server_error": 500,
}

_XLSX_TYPE: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
_UPLOAD_CHUNK: Final = 64 * 1024


class UnreadableSendReply(errors.ProtocolError, errors.InDoubt):
    """A send got a successful HTTP status but a reply that cannot be read: the message may
    have been accepted, so it must be reconciled, not resent."""

    def __init__(
        self, detail: str, *, web_page: bool = False, **facts: Unpack[errors.Facts]
    ) -> None:
        self.what = errors.InDoubtWhat.SEND
        errors.ProtocolError.__init__(self, detail, web_page=web_page, **facts)


class _ReplyWait:
    """One try of a request: says SLOW (attempts.py) once it has waited
    :data:`SLOW_REPLY_AFTER` s for the reply after the request went out over a connection.

    httpcore calls :meth:`trace` at each step of the request (its ``trace`` extension): the
    timer starts when the reply begins to be awaited, so the time spent connecting (bounded
    by the connect timeout, reported as NOT_REACHED when it fails) never counts.
    """

    __slots__ = ("_attempt", "_attempts", "_handle", "said")

    def __init__(self, attempt: int, attempts: int) -> None:
        self._attempt = attempt
        self._attempts = attempts
        self._handle: asyncio.TimerHandle | asyncio.Handle | None = None
        self.said = False

    async def trace(self, event: str, _info: Mapping[str, Any]) -> None:
        if self._handle is None and event.endswith(".receive_response_headers.started"):
            # In this request's context (the handle copies it): the task waiting hears it.
            self._handle = asyncio.get_running_loop().call_later(SLOW_REPLY_AFTER, self._say)

    def _say(self) -> None:
        self.said = True
        report_retry(Retry(self._attempt, self._attempts, RetryReason.SLOW, 0.0))

    def end(self) -> None:
        """The try ended (reply, error or cancellation): no more waiting to tell."""
        if self._handle is not None:
            self._handle.cancel()
        if self.said:
            report_through()


class _Tries:
    """What the tries of one request found so far, for when its caller gives up on it."""

    __slots__ = ("retrying", "unreached", "wait")

    def __init__(self) -> None:
        #: The failure of the latest try, when it could not connect (nothing answered since).
        self.unreached: BaseException | None = None
        #: A retry was announced and no reply has come since.
        self.retrying = False
        #: The try in progress (or the last one).
        self.wait: _ReplyWait | None = None

    def failed(self, exc: BaseException) -> None:
        """A try failed with no reply and another is coming."""
        self.unreached = exc if isinstance(exc, _UNREACHABLE) else None
        self.retrying = True

    def answered(self) -> None:
        self.unreached = None
        self.retrying = False


class _Secret:
    """Holds the token; its repr never shows it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "<hidden>"

    __str__ = __repr__


class _NotJson:
    """Marker for a body that could not be decoded as JSON."""

    def __repr__(self) -> str:
        return "<not JSON>"


_NOT_JSON: Final = _NotJson()

_TOKEN_SHAPE = re.compile(r"[\x21-\x7e]+")
_NOT_OPTED_IN = re.compile(r"\bopt(?:ed)?[\s_-]*in\b|\bconsent", re.IGNORECASE)

_T = TypeVar("_T")
ProgressCallback = Callable[[int, int], None]
#: Told ``False`` when the service cannot be reached, ``True`` when it answers again.
ReachabilityObserver = Callable[[bool], None]


class Client:
    """One open connection pool to the service, for one account (one token)."""

    def __init__(
        self,
        base_url: str,
        contacts_base_url: str,
        token: str,
        *,
        timeout: float = 20.0,
        connect_timeout: float | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        max_attempts: int = 3,
        backoff: float = 0.5,
        max_retry_after: float = 30.0,
        sleep: Callable[[float], Awaitable[None]] | None = None,
    ) -> None:
        token = token.strip()
        if not _TOKEN_SHAPE.fullmatch(token):
            # Never echo the value: it is a secret even when mistyped.
            raise errors.AuthError(malformed=True)
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self.base_url = _service_address(base_url)
        self.contacts_base_url = _service_address(contacts_base_url)
        self.max_attempts = max_attempts
        self.backoff = backoff
        self.max_retry_after = max_retry_after
        self._token = _Secret(token)
        self._sleep = sleep or asyncio.sleep
        self._reachable = True
        #: Called with the new state when the service stops or starts answering (see the
        #: module docstring); an observer that raises is logged and does not stop a request.
        self.reachability_observers: list[ReachabilityObserver] = []
        self._http = httpx.AsyncClient(
            headers={
                "Authorization": f"Bearer {token}",
                "Accept": "application/json",
                "User-Agent": USER_AGENT,
            },
            timeout=httpx.Timeout(
                timeout,
                connect=min(
                    timeout, CONNECT_TIMEOUT if connect_timeout is None else connect_timeout
                ),
            ),
            transport=transport,
            follow_redirects=False,
            # A service on this computer (the sandbox, over plain http) is reached directly:
            # an HTTP_PROXY/ALL_PROXY from the environment would otherwise get every request,
            # the token in its header included, in clear text (and cannot reach our loopback).
            trust_env=not (_is_loopback(self.base_url) and _is_loopback(self.contacts_base_url)),
        )

    def __repr__(self) -> str:
        return (
            f"Client(base_url={self.base_url!r}, contacts_base_url={self.contacts_base_url!r}, "
            "token=<hidden>)"
        )

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    @property
    def closed(self) -> bool:
        return self._http.is_closed

    @property
    def reachable(self) -> bool:
        """False from a request that found no service until the next HTTP reply."""
        return self._reachable

    # --- SMS ----------------------------------------------------------------------------

    async def send_message(self, sender_id: str, phone: str, message: str) -> SendResult:
        body = {"senderID": sender_id, "phone": phone, "message": message}
        data = await self._sms("POST", "/v1/send/message", json=body, sender_id=sender_id)
        return _send_result(data)

    async def send_bulk(self, sender_id: str, phones: Sequence[str], message: str) -> SendResult:
        body = {"senderID": sender_id, "phones": list(phones), "message": message}
        data = await self._sms("POST", "/v1/send/bulk", json=body, sender_id=sender_id)
        return _send_result(data)

    async def send_personalized(
        self, sender_id: str, items: Sequence[tuple[str, str]]
    ) -> SendResult:
        """One message per number: ``items`` are ``(phone, message)`` pairs."""
        body = {
            "senderID": sender_id,
            "messageBody": [{"phone": phone, "message": text} for phone, text in items],
        }
        data = await self._sms("POST", "/v1/send/bulk-personalized", json=body, sender_id=sender_id)
        return _send_result(data)

    async def send_tracked(
        self, sender_id: str, phone: str, message: str, tracking_id: str
    ) -> SendResult:
        body = {
            "senderID": sender_id,
            "phone": phone,
            "message": message,
            "trackingId": tracking_id,
        }
        data = await self._sms("POST", "/v2/send/message", json=body, sender_id=sender_id)
        return _send_result(data)

    async def delivery_report(self, message_id: str) -> list[DeliveryRecord]:
        """One record per recipient of ``message_id``."""
        data = await self._sms(
            "POST", "/v1/dlr", json={"messageId": message_id}, safe=True, dlr=True
        )
        return _delivery_records(data, message_id)

    async def balance(self) -> Balance:
        data = await self._sms("GET", "/v1/get-balance/", safe=True)
        return Balance(credits=_credits(data))

    async def account_details(self) -> AccountDetails:
        data = await self._sms("GET", "/v1/get-balance/account-details", safe=True)
        return AccountDetails(
            credits=_credits(data),
            sms_rate=_lenient(_opt_float, _get(data, "sms_rate", "smsRate", "rate")),
            currency=_lenient(_opt_str, _get(data, "currency")),
        )

    # --- channels -----------------------------------------------------------------------

    async def send_whatsapp_template(self, template: str, language: str, phone: str) -> SendResult:
        body = {"template": template, "language": language, "phone": phone}
        data = await self._sms("POST", "/api/v1/whatsapp/send", json=body, scope="whatsapp")
        return _send_result(data)

    async def send_survey(self, survey_id: str, phones: Sequence[str]) -> SendResult:
        body = {"surveyId": survey_id, "phones": list(phones)}
        data = await self._sms("POST", "/api/v1/surveys/send", json=body, scope="surveys")
        return _send_result(data)

    # --- contacts -----------------------------------------------------------------------

    async def list_contacts(
        self, page: int = 1, page_size: int = 20, search: str | None = None
    ) -> ContactPage:
        params: dict[str, str | int] = {"page": page, "page_size": page_size}
        if search:
            params["search"] = search
        data = await self._contacts("GET", "/api/v1/contacts", params=params, safe=True)
        if not isinstance(data, Mapping):
            raise errors.ProtocolError("contacts list: data is not an object")
        raw = _get(data, "contacts", "items", "results")
        if not isinstance(raw, list):
            raise errors.ProtocolError("contacts list: no list of contacts")
        contacts = tuple(_contact(item) for item in raw)
        got_page = _lenient(_opt_int, _get(data, "page")) or page
        got_size = _lenient(_opt_int, _get(data, "page_size", "pageSize")) or page_size
        total = _lenient(_opt_int, _get(data, "total", "count"))
        if total is None:
            total = (got_page - 1) * got_size + len(contacts)
        total_pages = _lenient(_opt_int, _get(data, "total_pages", "totalPages"))
        if total_pages is None:
            total_pages = math.ceil(total / got_size) if got_size > 0 else 0
        return ContactPage(contacts, got_page, got_size, total, total_pages)

    async def create_contact(
        self,
        phone: str,
        *,
        first_name: str | None = None,
        last_name: str | None = None,
        email: str | None = None,
        notes: str | None = None,
    ) -> Contact:
        body: dict[str, str] = {"phone": phone}
        for name, value in (
            ("first_name", first_name),
            ("last_name", last_name),
            ("email", email),
            ("notes", notes),
        ):
            if value is not None:
                body[name] = value
        data = await self._contacts(
            "POST", "/api/v1/contacts", json=body, in_doubt=errors.InDoubtWhat.CONTACT_CHANGE
        )
        return _contact(_unwrap_contact(data))

    async def get_contact(self, uuid: str) -> Contact:
        data = await self._contacts("GET", _contact_path(uuid), safe=True)
        return _contact(_unwrap_contact(data))

    async def update_contact(self, uuid: str, **fields: str | None) -> Contact:
        """Only the fields given change; ``None`` clears an optional field."""
        unknown = set(fields) - _CONTACT_FIELDS
        if unknown:
            raise TypeError(f"update_contact() got unknown fields: {', '.join(sorted(unknown))}")
        # PUT sets the same fields again when repeated: safe to retry after a lost reply.
        data = await self._contacts("PUT", _contact_path(uuid), json=dict(fields), safe=True)
        return _contact(_unwrap_contact(data))

    async def delete_contact(self, uuid: str) -> None:
        await self._contacts(
            "DELETE", _contact_path(uuid), in_doubt=errors.InDoubtWhat.CONTACT_CHANGE
        )

    async def upload_contacts(
        self, path: str | PathLike[str], progress: ProgressCallback | None = None
    ) -> UploadAccepted:
        """Stream a CSV/XLSX file as multipart field ``file``; ``progress(sent, total)`` is
        called with body bytes as they go out."""
        body = _MultipartFile(Path(path), progress)
        headers = {
            "Content-Type": f"multipart/form-data; boundary={body.boundary}",
            "Content-Length": str(body.total),
        }
        data = await self._contacts(
            "POST",
            "/api/v1/contacts/upload",
            content=body,
            headers=headers,
            in_doubt=errors.InDoubtWhat.UPLOAD,
        )
        if not isinstance(data, Mapping):
            raise errors.ProtocolError("upload: data is not an object")
        upload_uuid = _opt_str(_get(data, "upload_uuid", "uploadUuid", "uuid"))
        if not upload_uuid:
            raise errors.ProtocolError("upload: no upload_uuid in the reply")
        return UploadAccepted(
            upload_uuid=upload_uuid,
            status=_lenient(_opt_str, _get(data, "status")) or "processing",
            total=_lenient(_opt_int, _get(data, "total")),
        )

    async def list_uploads(self) -> list[UploadStatus]:
        data = await self._contacts("GET", "/api/v1/contacts/uploads", safe=True)
        raw = data if isinstance(data, list) else None
        if isinstance(data, Mapping):
            raw = _get(data, "uploads", "items")
        if not isinstance(raw, list):
            raise errors.ProtocolError("uploads: no list of uploads")
        return [_upload_status(item) for item in raw]

    async def wait_for_upload(
        self,
        upload_uuid: str,
        *,
        interval: float = 1.0,
        timeout: float = 600.0,  # noqa: ASYNC109 - a polling deadline, part of the interface
    ) -> UploadStatus:
        """Poll :meth:`list_uploads` until the upload is completed or failed.

        Raises :class:`~errors.UploadTimeout` when it is still processing after ``timeout``
        seconds, :class:`~errors.NotFound` when it never appeared in the list.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            found = next((u for u in await self.list_uploads() if u.uuid == upload_uuid), None)
            if found is not None and found.settled:
                return found
            remaining = deadline - loop.time()
            if remaining <= 0:
                if found is None:
                    raise errors.NotFound(what="upload")
                raise errors.UploadTimeout()
            await self._sleep(min(interval, remaining))

    # --- plumbing -----------------------------------------------------------------------

    async def _sms(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        safe: bool = False,
        scope: str = "sms",
        sender_id: str | None = None,
        dlr: bool = False,
    ) -> Mapping[str, Any]:
        response, body = await self._exchange(method, self.base_url + path, json=json, safe=safe)
        return self._read_envelope(
            response, body, safe=safe, scope=scope, sender_id=sender_id, dlr=dlr
        )

    async def _contacts(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: Mapping[str, str | int] | None = None,
        content: _MultipartFile | None = None,
        headers: Mapping[str, str] | None = None,
        safe: bool = False,
        in_doubt: errors.InDoubtWhat = errors.InDoubtWhat.SEND,
        scope: str = "contacts",
    ) -> Any:
        response, body = await self._exchange(
            method,
            self.contacts_base_url + path,
            json=json,
            params=params,
            content=content,
            headers=headers,
            safe=safe,
            in_doubt=in_doubt,
        )
        return self._read_contacts(response, body, scope=scope)

    async def _exchange(
        self,
        method: str,
        url: str,
        *,
        safe: bool,
        in_doubt: errors.InDoubtWhat = errors.InDoubtWhat.SEND,
        json: Any = None,
        params: Mapping[str, str | int] | None = None,
        content: _MultipartFile | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> tuple[httpx.Response, Any]:
        """Send with the retry rules; return the final reply and its decoded body.

        ``safe``: repeating the request changes nothing, so it may be retried after a timeout
        or a lost reply; otherwise such a failure raises ``InDoubt`` (about ``in_doubt``).
        """
        what = f"{method} {httpx.URL(url).path}"
        tried = _Tries()
        try:
            return await self._tries(
                tried,
                what,
                method,
                url,
                safe=safe,
                in_doubt=in_doubt,
                json=json,
                params=params,
                content=content,
                headers=headers,
            )
        except (asyncio.CancelledError, errors.StoppedBeforeRetry):
            # Given up on by its caller (a bounded check, a newer search, quitting, a Cancel
            # while waiting to try again): what its tries found still counts. Its latest try
            # could not connect and nothing answered since: the service cannot be reached, as
            # after the last try. And whoever was told "still trying" hears that this request
            # is over.
            if tried.unreached is not None:
                self._failed_without_reply(tried.unreached)
            if tried.retrying and not (tried.wait is not None and tried.wait.said):
                report_through()  # (said: wait.end told it already)
            raise

    async def _tries(
        self,
        tried: _Tries,
        what: str,
        method: str,
        url: str,
        *,
        safe: bool,
        in_doubt: errors.InDoubtWhat,
        json: Any,
        params: Mapping[str, str | int] | None,
        content: _MultipartFile | None,
        headers: Mapping[str, str] | None,
    ) -> tuple[httpx.Response, Any]:
        attempt = 0
        while True:
            attempt += 1
            last = attempt >= self.max_attempts
            wait = tried.wait = _ReplyWait(attempt, self.max_attempts)
            try:
                response = await self._request(
                    wait, method, url, json=json, params=params, content=content, headers=headers
                )
            except _NOT_SENT as exc:
                certificate = _certificate_failure(exc)
                if certificate is not None:
                    # Something answered (no "offline"), but not provably the service: nothing
                    # was sent, and another try would meet the same certificate.
                    log.info("%s: the certificate failed: %s", what, certificate.verify_message)
                    if not self._reachable:
                        self._set_reachable(True)
                    raise errors.CertificateError(
                        dates=certificate.verify_code in _CERTIFICATE_DATES
                    ) from self._cause(exc)
                log.info("%s: not sent (%s), attempt %d", what, type(exc).__name__, attempt)
                if last:
                    self._failed_without_reply(exc)
                    raise errors.NetworkError() from self._cause(exc)
                tried.failed(exc)
                await self._pause_before_retry(attempt, RetryReason.NOT_REACHED)
                continue
            except _LOST as exc:
                log.info(
                    "%s: no complete reply (%s), attempt %d", what, type(exc).__name__, attempt
                )
                if not safe:
                    self._failed_without_reply(exc)
                    raise errors.InDoubt(what=in_doubt) from self._cause(exc)
                if last:
                    self._failed_without_reply(exc)
                    raise errors.NetworkError() from self._cause(exc)
                reason = (
                    RetryReason.NOT_REACHED
                    if isinstance(exc, _UNREACHABLE)
                    else RetryReason.NO_REPLY
                )
                tried.failed(exc)
                await self._pause_before_retry(attempt, reason)
                continue
            except httpx.DecodingError as exc:
                error: errors.ApiError = (
                    errors.ProtocolError("reply content could not be decoded")
                    if safe
                    else UnreadableSendReply("reply content could not be decoded")
                )
                raise error from self._cause(exc)
            except httpx.RequestError as exc:
                log.info("%s: request error %s", what, type(exc).__name__)
                self._failed_without_reply(exc)
                raise errors.NetworkError() from self._cause(exc)

            if not self._reachable:  # the only cost on the way of a reply
                self._set_reachable(True)
            if attempt > 1 and not wait.said:  # (said: told by wait.end already)
                report_through()  # whoever was told "still trying" hears it got through
            tried.answered()
            body = _decode(response)
            log.debug("%s -> HTTP %d, attempt %d", what, response.status_code, attempt)
            kind = _retry_kind(response, body)
            if kind is None:
                return response, body
            if not safe and response.status_code in _GATEWAY_LOST and not _is_envelope(body):
                log.info("%s: gateway reply HTTP %d, outcome unknown", what, response.status_code)
                raise errors.InDoubt(what=in_doubt, http_status=response.status_code)
            retry_after = _retry_after(response.headers.get("Retry-After"))
            if retry_after is not None and retry_after > self.max_retry_after:
                if kind == "rate":
                    raise errors.RateLimited(
                        retry_after=retry_after,
                        response_code=_code_of(body),
                        http_status=response.status_code,
                    )
                return response, body  # a server asking for a long pause: report it now
            if last:
                return response, body
            delay = retry_after if retry_after is not None else self._backoff_delay(attempt)
            log.info("%s: %s reply, retrying in %.2f s", what, kind, delay)
            tried.retrying = True
            await self._pause_before_retry(attempt, RetryReason.BUSY, delay)

    async def _request(
        self,
        wait: _ReplyWait,
        method: str,
        url: str,
        *,
        json: Any,
        params: Mapping[str, str | int] | None,
        content: _MultipartFile | None,
        headers: Mapping[str, str] | None,
    ) -> httpx.Response:
        """One try, watched by *wait*; its "slow" word ends with it, before any retry is
        reported."""
        try:
            return await self._http.request(
                method,
                url,
                json=json,
                params=params,
                content=content,
                headers=headers,
                extensions={"trace": wait.trace},
            )
        finally:
            wait.end()

    async def _pause_before_retry(
        self, attempt: int, reason: RetryReason, delay: float | None = None
    ) -> None:
        """Say that try ``attempt + 1`` is coming (attempts.py), then wait before it. Every
        try so far sent nothing (else it would not be tried again): a stop asked meanwhile
        (``attempts.stop_retries_on``) ends the wait with ``StoppedBeforeRetry``, and a
        cancel with ``CancelledBeforeRetry``, so that nobody takes the request for one that
        may have gone out."""
        if delay is None:
            delay = self._backoff_delay(attempt)
        report_retry(Retry(attempt + 1, self.max_attempts, reason, delay))
        stop = retry_stop()
        try:
            if stop is None:
                await self._sleep(delay)
                return
            if stop.is_set():
                raise errors.StoppedBeforeRetry()
            sleeping = asyncio.ensure_future(self._sleep(delay))
            stopping = asyncio.ensure_future(stop.wait())
            try:
                await asyncio.wait({sleeping, stopping}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                sleeping.cancel()
                stopping.cancel()
            if stop.is_set():
                raise errors.StoppedBeforeRetry()
        except asyncio.CancelledError as exc:
            if isinstance(exc, errors.CancelledBeforeRetry):
                raise
            raise errors.CancelledBeforeRetry(*exc.args) from None

    def _failed_without_reply(self, exc: BaseException) -> None:
        """A request ended without an HTTP reply: when no connection could be made or kept,
        the service is unreachable."""
        if self._reachable and isinstance(exc, _UNREACHABLE):
            self._set_reachable(False)

    def _set_reachable(self, reachable: bool) -> None:
        self._reachable = reachable
        log.info("the service is %s", "reachable again" if reachable else "unreachable")
        for observer in tuple(self.reachability_observers):
            try:
                observer(reachable)
            except Exception:  # an observer's bug must not turn into a failed request
                log.exception("a reachability observer failed")

    def _backoff_delay(self, attempt: int) -> float:
        """Exponential backoff with jitter: ``backoff * 2**(n-1)``, scaled by 0.5-1.5."""
        return float(self.backoff * 2 ** (attempt - 1) * random.uniform(0.5, 1.5))

    def _scrub(self, text: str | None) -> str | None:
        if text is None:
            return None
        token = self._token.reveal()
        for form in (token, token.casefold()):  # codes are read casefolded
            if form in text:
                text = text.replace(form, "[token hidden]")
        return text

    def _scrubbed_fields(self, raw: Any) -> dict[str, str]:
        """Field problems as the service named them, names and problems scrubbed alike."""
        return {
            self._scrub(name) or "": self._scrub(problem) or ""
            for name, problem in (_lenient(_fields, raw) or {}).items()
        }

    def _cause(self, exc: BaseException) -> BaseException | None:
        """Keep the transport error as the cause, unless its text would carry the token."""
        return None if self._token.reveal() in f"{exc!s} {exc!r}" else exc

    # --- reading replies ----------------------------------------------------------------

    def _read_envelope(
        self,
        response: httpx.Response,
        body: Any,
        *,
        safe: bool,
        scope: str,
        sender_id: str | None,
        dlr: bool,
    ) -> Mapping[str, Any]:
        http = response.status_code
        if body is _NOT_JSON:
            raise self._unreadable(response, "reply is not JSON", safe=safe, scope=scope)
        if dlr and isinstance(body, list):
            return {"messages": body}
        if not isinstance(body, Mapping):
            raise self._unreadable(response, "reply is not a JSON object", safe=safe, scope=scope)
        status = _get(body, "status")
        code = self._scrub(_code_of(body))
        message = self._scrub(_lenient(_opt_str, _get(body, "message", "responseMessage")))
        if dlr and code in (None, "0200"):
            if _truthy(status) and _has_records(body):
                return body
            if (status is True or isinstance(status, str)) and _is_bare_record(body):
                return {"messages": [body]}  # one flat record, perhaps inside the envelope
        if _truthy(status):
            if code == "0200":
                return body
            if code is None:
                raise self._unreadable(
                    response, "status true without a responseCode", safe=safe, scope=scope
                )
            if not safe and not _is_known_code(code):
                # "Accepted" with a code we do not know: the message may have gone out, so it
                # must be reconciled, not put back to be sent again.
                raise UnreadableSendReply(
                    f"status true with responseCode {code!r}",
                    response_code=code,
                    http_status=http,
                    service_message=message,
                )
        elif status is None and code in (None, "0200"):
            raise self._unreadable(response, "reply has no status", safe=safe, scope=scope)
        elif code == "0200" and not safe and not _says_false(status):
            # "0200" with a status that is neither true nor false (1, "yes", ...): it may
            # have been accepted, so a send is in doubt rather than refused.
            raise self._unreadable(
                response, "responseCode 0200 with an unclear status", safe=safe, scope=scope
            )
        if code is None or code == "0200":
            code = f"{http:04d}" if http >= 300 else None
        raise self._error_for_code(
            code,
            body,
            http=http,
            message=message,
            scope=scope,
            sender_id=sender_id,
            retry_after=_retry_after(response.headers.get("Retry-After")),
        )

    def _error_for_code(
        self,
        code: str | None,
        body: Mapping[str, Any],
        *,
        http: int,
        message: str | None,
        scope: str,
        sender_id: str | None,
        retry_after: float | None,
    ) -> errors.ApiError:
        common: dict[str, Any] = {
            "service_message": message,
            "response_code": code,
            "http_status": http,
        }
        if code == "0422" or (code in ("0400", "0403") and _says_sender_not_owned(message)):
            # The spec gives the sender-ID refusal no code; it is recognised by its words too.
            return errors.SenderIdRejected(sender_id=sender_id, **common)
        if code == "0400":
            invalid = _lenient(_str_tuple, _get(body, "invalid", "invalidPhones")) or ()
            problem = (
                errors.RequestProblem.NOT_OPTED_IN
                if scope == "whatsapp" and _says_not_opted_in(message)
                else None
            )
            return errors.InvalidRequest(
                fields=self._scrubbed_fields(_get(body, "errors", "fields")),
                invalid_phones=tuple(self._scrub(phone) or "" for phone in invalid),
                problem=problem,
                **common,
            )
        if code == "0401":
            return errors.AuthError(**common)
        if code == "0402":
            return errors.InsufficientBalance(**common)
        if code == "0403":
            return errors.ScopeError(scope=scope, **common)
        if code == "0429":
            return errors.RateLimited(retry_after=retry_after, **common)
        if code is not None and code.isdigit() and 500 <= int(code) <= 599:
            return errors.ServerError(**common)
        return errors.ServiceError(service_message=message, response_code=code, http_status=http)

    def _unreadable(
        self, response: httpx.Response, detail: str, *, safe: bool, scope: str
    ) -> errors.ApiError:
        """An error for a reply whose body cannot be read: the HTTP status decides."""
        http = response.status_code
        common: dict[str, Any] = {"http_status": http}
        if http == 401:
            return errors.AuthError(**common)
        if http == 403:
            return errors.ScopeError(scope=scope, **common)
        if http == 429:
            return errors.RateLimited(
                retry_after=_retry_after(response.headers.get("Retry-After")), **common
            )
        if http >= 500:
            return errors.ServerError(**common)
        web_page = _is_web_page(response)
        if not safe and 200 <= http < 300:
            return UnreadableSendReply(detail, web_page=web_page, http_status=http)
        return errors.ProtocolError(detail, web_page=web_page, http_status=http)

    def _read_contacts(self, response: httpx.Response, body: Any, *, scope: str) -> Any:
        http = response.status_code
        if body is _NOT_JSON:
            raise self._unreadable(response, "reply is not JSON", safe=True, scope=scope)
        if not isinstance(body, Mapping):
            raise self._unreadable(response, "reply is not a JSON object", safe=True, scope=scope)
        success = _get(body, "success")
        if _truthy(success):
            if "data" not in body:
                raise errors.ProtocolError("success without data", http_status=http)
            return body["data"]
        if success is None and _get(body, "responseCode") is not None:
            # An SMS-style envelope (e.g. from a shared authentication layer).
            self._read_envelope(response, body, safe=True, scope=scope, sender_id=None, dlr=False)
            raise errors.ProtocolError("contacts reply in the SMS envelope", http_status=http)
        if success is None:
            raise self._unreadable(response, "reply has no success flag", safe=True, scope=scope)
        raise self._contacts_error(response, body, scope=scope)

    def _contacts_error(
        self, response: httpx.Response, body: Mapping[str, Any], *, scope: str
    ) -> errors.ApiError:
        """``{success: false, error: {code, message, fields}}``: the HTTP status decides."""
        http = response.status_code
        raw_error = _get(body, "error")
        error: Mapping[str, Any] = raw_error if isinstance(raw_error, Mapping) else {}
        message = self._scrub(
            _lenient(_opt_str, _get(error, "message")) or _lenient(_opt_str, _get(body, "message"))
        )
        fields = self._scrubbed_fields(_get(error, "fields"))
        code = self._scrub(_lenient(_opt_str, _get(error, "code")))
        status = http
        if status < 400:
            # An error envelope under a 2xx status: its own code may say which one.
            named = _CONTACT_ERROR_CODES.get((code or "").strip().casefold())
            status = named or _lenient(_opt_int, code) or 400
        common: dict[str, Any] = {
            "service_message": message,
            "response_code": code,
            "http_status": http,
        }
        if status == 400:
            return errors.InvalidRequest(fields=fields, **common)
        if status == 401:
            return errors.AuthError(**common)
        if status == 403:
            return errors.ScopeError(scope=scope, **common)
        if status == 404:
            return errors.NotFound(**common)
        if status == 409:
            return errors.Conflict(**common)
        file_problems = {
            413: errors.RequestProblem.FILE_TOO_LARGE,
            415: errors.RequestProblem.FILE_TYPE,
            422: errors.RequestProblem.FILE_UNREADABLE,
        }
        if status in file_problems:
            return errors.InvalidRequest(fields=fields, problem=file_problems[status], **common)
        if status == 429:
            return errors.RateLimited(
                retry_after=_retry_after(response.headers.get("Retry-After")), **common
            )
        if status >= 500:
            return errors.ServerError(**common)
        return errors.ServiceError(service_message=message, response_code=code, http_status=http)


# --- the multipart upload body -------------------------------------------------------------


class _MultipartFile:
    """A ``multipart/form-data`` body with one field ``file``, streamed from disk with a
    known length; iterating it again (a retry) starts over."""

    def __init__(self, path: Path, progress: ProgressCallback | None) -> None:
        try:
            size = path.stat().st_size
        except OSError as exc:
            raise errors.InvalidRequest(
                problem=errors.RequestProblem.FILE_MISSING, file_name=path.name
            ) from exc
        self.path = path
        self.size = size
        self.progress = progress
        self.boundary = f"tuma-{secrets.token_hex(16)}"
        filename = path.name.replace("\\", "_").replace('"', "%22")
        filename = filename.replace("\r", "").replace("\n", "")
        self.head = (
            f"--{self.boundary}\r\n"
            f'Content-Disposition: form-data; name="file"; filename="{filename}"\r\n'
            f"Content-Type: {_content_type(path)}\r\n\r\n"
        ).encode()
        self.tail = f"\r\n--{self.boundary}--\r\n".encode()
        self.total = len(self.head) + size + len(self.tail)

    def __aiter__(self) -> AsyncIterator[bytes]:
        return self._chunks()

    async def _chunks(self) -> AsyncIterator[bytes]:
        sent = 0
        self._report(sent)
        yield self.head
        sent += len(self.head)
        self._report(sent)
        remaining = self.size
        with self.path.open("rb") as handle:
            while remaining > 0:
                chunk = handle.read(min(_UPLOAD_CHUNK, remaining))
                if not chunk:
                    # The file shrank while being sent: pad so the declared length holds;
                    # the service will reject the damaged file.
                    chunk = b"\n" * min(_UPLOAD_CHUNK, remaining)
                remaining -= len(chunk)
                yield chunk
                sent += len(chunk)
                self._report(sent)
        yield self.tail
        sent += len(self.tail)
        self._report(sent)

    def _report(self, sent: int) -> None:
        if self.progress is not None:
            self.progress(sent, self.total)


def _content_type(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return "text/csv"
    if suffix == ".xlsx":
        return _XLSX_TYPE
    return "application/octet-stream"


# --- tolerant reading helpers --------------------------------------------------------------


def _says_not_opted_in(message: str | None) -> bool:
    """The WhatsApp 0400 for a customer who never agreed to messages: the contract gives it no
    code of its own, only "a message saying so"."""
    return _NOT_OPTED_IN.search(message or "") is not None


def _says_sender_not_owned(message: str | None) -> bool:
    """The observed wording of the sender-ID refusal: "You are not assigned to this sender ID"."""
    text = (message or "").casefold()
    return "sender" in text and "not assigned" in text


def _decode(response: httpx.Response) -> Any:
    content = response.content
    if not content.strip():
        return _NOT_JSON
    try:
        return jsonlib.loads(content)
    except (ValueError, RecursionError):
        return _NOT_JSON


#: OpenSSL's verify codes for a certificate not valid yet (9) and expired (10).
_CERTIFICATE_DATES: Final = frozenset({9, 10})


def _certificate_failure(exc: BaseException) -> ssl.SSLCertVerificationError | None:
    """The certificate check that failed under *exc* (a connect error), if that is what it
    was: the chain of causes holds ``ssl.SSLCertVerificationError``."""
    seen: BaseException | None = exc
    for _ in range(8):  # httpx's error, httpcore's, then the ssl module's
        if seen is None:
            return None
        if isinstance(seen, ssl.SSLCertVerificationError):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


def _is_web_page(response: httpx.Response) -> bool:
    """A reply that is a web page, not the service's: HTML, or a redirect to another host. In
    front of the internet a network may answer itself (a data bundle run out, a Wi-Fi
    sign-in). A redirect to the service's own host (http to https, a moved path) is not."""
    if 300 <= response.status_code < 400 and "location" in response.headers:
        try:
            target = response.request.url.join(response.headers["location"])
        except (httpx.InvalidURL, ValueError):
            return True
        if target.host != response.request.url.host:
            return True
    if "html" in response.headers.get("content-type", "").lower():
        return True
    start = response.content[:64].lstrip().lower()
    return start.startswith((b"<!doctype html", b"<html"))


_KNOWN_ERROR_CODES: Final = frozenset({"0400", "0401", "0402", "0403", "0422", "0429"})


def _is_known_code(code: str) -> bool:
    """A refusal code of CONTRACT.md's table (0500 and the other 5xx included)."""
    return code in _KNOWN_ERROR_CODES or (code.isdigit() and 500 <= int(code) <= 599)


def _service_address(url: str) -> str:
    """The base URL without a trailing slash; a malformed one is refused here, in plain words,
    instead of as an httpx.InvalidURL escaping from the first request."""
    text = url.strip().rstrip("/")
    try:
        parsed = httpx.URL(text)
    except httpx.InvalidURL:
        parsed = None
    host = parsed.host if parsed is not None else ""
    if parsed is None or parsed.scheme not in ("http", "https") or not is_valid_host(host):
        raise ValueError(
            f"{text!r} is not a valid service address; it should look like "
            "https://api.example.co.ke."
        )
    return text


def _is_loopback(url: str) -> bool:
    try:
        host = httpx.URL(url).host
    except httpx.InvalidURL:
        return False
    return is_loopback_host(host)


def _is_envelope(body: Any) -> bool:
    """The service's own reply (SMS-family or contacts envelope), not a gateway's page."""
    return isinstance(body, Mapping) and (
        _code_of(body) is not None or _get(body, "success") is not None
    )


def _retry_kind(response: httpx.Response, body: Any) -> Literal["rate", "server"] | None:
    code = _code_of(body)
    if isinstance(body, Mapping) and _truthy(_get(body, "status")) and code == "0200":
        return None
    if isinstance(body, Mapping) and _truthy(_get(body, "success")):
        return None
    if response.status_code == 429 or code == "0429":
        return "rate"
    if response.status_code >= 500 or code == "0500":
        return "server"
    return None


def _retry_after(value: str | None) -> float | None:
    """Seconds from a ``Retry-After`` header (delta-seconds or an HTTP date)."""
    if value is None:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        seconds = (when - datetime.now(UTC)).total_seconds()
    if math.isnan(seconds) or math.isinf(seconds):
        return None
    return max(0.0, seconds)


def _get(data: Mapping[str, Any], *names: str) -> Any:
    """The first of ``names`` present (exact spelling first, then ignoring case)."""
    for name in names:
        if name in data:
            return data[name]
    folded = {str(k).casefold(): v for k, v in data.items()}
    for name in names:
        if name.casefold() in folded:
            return folded[name.casefold()]
    return None


def _truthy(value: Any) -> bool:
    """``status``/``success`` flags: ``true``, or the strings "true"/"success"/"ok"."""
    if value is True:
        return True
    return isinstance(value, str) and value.strip().casefold() in ("true", "success", "ok")


def _says_false(value: Any) -> bool:
    """``status`` plainly false: ``false``, ``0``, or the strings "false"/"0"."""
    if value is False or (type(value) is int and value == 0):
        return True
    return isinstance(value, str) and value.strip().casefold() in ("false", "0")


def _code_of(body: Any) -> str | None:
    """``responseCode`` normalised: "0200"; ints and short digit strings are zero-padded."""
    if not isinstance(body, Mapping):
        return None
    value = _get(body, "responseCode", "response_code")
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return f"{value:04d}"
    if isinstance(value, float) and value.is_integer():
        return f"{int(value):04d}"
    if isinstance(value, str) and value.strip():
        text = value.strip().casefold()
        return text.zfill(4) if text.isdigit() else text
    return None


def _opt_str(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise errors.ProtocolError(f"expected text, got {type(value).__name__}")


def _opt_int(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool):
        raise errors.ProtocolError("expected a number, got a boolean")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    raise errors.ProtocolError(f"expected a whole number, got {type(value).__name__}")


def _opt_float(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool):
        raise errors.ProtocolError("expected a number, got a boolean")
    if isinstance(value, int | float):
        result = float(value)
    elif isinstance(value, str):
        try:
            result = float(value.strip().replace(",", ""))
        except ValueError:
            raise errors.ProtocolError("expected a number, got text") from None
    else:
        raise errors.ProtocolError(f"expected a number, got {type(value).__name__}")
    if math.isnan(result) or math.isinf(result):
        raise errors.ProtocolError("expected a finite number")
    return result


def _str_tuple(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(p.strip() for p in value.split(",") if p.strip())
    if isinstance(value, list):
        return tuple(s for s in (_opt_str(v) for v in value) if s is not None)
    raise errors.ProtocolError("expected a list of phone numbers")


def _fields(value: Any) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise errors.ProtocolError("expected an object of field problems")
    result: dict[str, str] = {}
    for name, problem in value.items():
        if isinstance(problem, list):
            result[str(name)] = "; ".join(str(p) for p in problem)
        else:
            result[str(name)] = str(problem)
    return result


def _lenient(read: Callable[[Any], _T | None], value: Any) -> _T | None:
    """Optional fields: a malformed value reads as missing rather than failing the call."""
    try:
        return read(value)
    except errors.ProtocolError:
        return None


def _datetime(value: Any) -> datetime | None:
    """ISO 8601 (``Z`` or offset; naive means UTC) or epoch seconds; anything else: None."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        try:
            return datetime.fromtimestamp(value, UTC)
        except (OverflowError, OSError, ValueError):
            return None
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    if text[-1:] in ("Z", "z"):
        text = text[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


def _credits(data: Mapping[str, Any]) -> float:
    value = _opt_float(_get(data, "balance", "credits", "credit"))
    if value is None:
        raise errors.ProtocolError("balance reply without a balance")
    return value


def _send_result(data: Mapping[str, Any]) -> SendResult:
    message_id = _lenient(_opt_str, _get(data, "messageId", "message_id"))
    if not message_id:
        message_id = _lenient(_opt_str, _get(data, "bulkId", "bulk_id"))
    if not message_id:
        raise UnreadableSendReply("accepted send without a messageId or bulkId")
    recipients_raw = _get(data, "recipients")
    recipients = (
        len(recipients_raw)
        if isinstance(recipients_raw, list)
        else _lenient(_opt_int, recipients_raw)
    )
    return SendResult(
        message_id=message_id,
        recipients=recipients,
        invalid=_lenient(_str_tuple, _get(data, "invalid")) or (),
        parts=_lenient(_opt_int, _get(data, "parts")),
        cost=_lenient(_opt_int, _get(data, "cost")),
        tracking_id=_lenient(_opt_str, _get(data, "trackingId", "tracking_id")),
        service_message=_lenient(_opt_str, _get(data, "message")) or "",
    )


_PHONE_KEYS: Final = ("phone", "phoneNumber", "msisdn", "mobile", "recipient")


def _has_records(body: Mapping[str, Any]) -> bool:
    return isinstance(_get(body, "messages", "data"), list | Mapping)


def _is_bare_record(body: Mapping[str, Any]) -> bool:
    """A single flat record instead of an envelope (its ``status`` is the delivery status)."""
    return _get(body, *_PHONE_KEYS) is not None and (
        isinstance(_get(body, "status"), str) or _get(body, "deliveryStatus") is not None
    )


def _delivery_records(data: Mapping[str, Any], message_id: str) -> list[DeliveryRecord]:
    raw = _get(data, "messages", "data")
    if isinstance(raw, Mapping):
        raw = [raw]
    if raw is None and _is_bare_record(data):
        raw = [data]
    if not isinstance(raw, list):
        raise errors.ProtocolError("delivery report without a list of records")
    return [_delivery_record(item, message_id) for item in raw]


def _delivery_record(item: Any, message_id: str) -> DeliveryRecord:
    if not isinstance(item, Mapping):
        raise errors.ProtocolError("delivery record is not an object")
    phone = _lenient(_opt_str, _get(item, *_PHONE_KEYS))
    if not phone:
        raise errors.ProtocolError("delivery record without a phone number")
    nested = _get(item, "deliveryStatus", "delivery_status")
    nested_status: str | None = None
    nested_time: Any = None
    nested_reason: str | None = None
    if isinstance(nested, Mapping):
        nested_status = _lenient(_opt_str, _get(nested, "status", "description"))
        nested_time = _get(nested, "deliveryTime", "deliveredAt", "time")
        nested_reason = _lenient(_opt_str, _get(nested, "reason"))
    elif isinstance(nested, str):
        nested_status = nested
    outer_raw = _get(item, "status")
    outer_status = outer_raw if isinstance(outer_raw, str) else None
    raw_status = nested_status or outer_status
    if raw_status is None:
        raise errors.ProtocolError("delivery record without a status")
    status = normalize_status(raw_status)
    if status is DeliveryStatus.UNKNOWN and outer_status and nested_status:
        status = normalize_status(outer_status)  # the service's own normalised word
    when = _get(item, "deliveredAt", "delivered_at", "deliveryTime")
    return DeliveryRecord(
        message_id=_lenient(_opt_str, _get(item, "messageId", "message_id")) or message_id,
        phone=phone,
        status=status,
        raw_status=raw_status,
        delivered_at=_datetime(when if when is not None else nested_time),
        reason=_lenient(_opt_str, _get(item, "reason")) or nested_reason,
    )


def _contact_path(uuid: str) -> str:
    return f"/api/v1/contacts/{quote(uuid, safe='')}"


def _unwrap_contact(data: Any) -> Any:
    if isinstance(data, Mapping) and "uuid" not in data:
        inner = _get(data, "contact")
        if isinstance(inner, Mapping):
            return inner
    return data


def _contact(item: Any) -> Contact:
    if not isinstance(item, Mapping):
        raise errors.ProtocolError("contact is not an object")
    uuid = _lenient(_opt_str, _get(item, "uuid", "id"))
    phone = _lenient(_opt_str, _get(item, "phone"))
    if not uuid or phone is None:
        raise errors.ProtocolError("contact without uuid or phone")
    return Contact(
        uuid=uuid,
        phone=phone,
        first_name=_lenient(_opt_str, _get(item, "first_name", "firstName")),
        last_name=_lenient(_opt_str, _get(item, "last_name", "lastName")),
        email=_lenient(_opt_str, _get(item, "email")),
        notes=_lenient(_opt_str, _get(item, "notes")),
        created_at=_datetime(_get(item, "created_at", "createdAt")),
        updated_at=_datetime(_get(item, "updated_at", "updatedAt")),
    )


def _upload_status(item: Any) -> UploadStatus:
    if not isinstance(item, Mapping):
        raise errors.ProtocolError("upload is not an object")
    uuid = _lenient(_opt_str, _get(item, "uuid", "upload_uuid"))
    status = _lenient(_opt_str, _get(item, "status"))
    if not uuid or not status:
        raise errors.ProtocolError("upload without uuid or status")
    raw_errors = _get(item, "errors")
    row_errors: list[UploadRowError] = []
    if isinstance(raw_errors, list):
        for err in raw_errors:
            if not isinstance(err, Mapping):
                continue
            row_errors.append(
                UploadRowError(
                    row=_lenient(_opt_int, _get(err, "row")) or 0,
                    phone=_lenient(_opt_str, _get(err, "phone")),
                    reason=_lenient(_opt_str, _get(err, "reason", "message")) or "",
                )
            )
    return UploadStatus(
        uuid=uuid,
        status=status.strip().casefold(),
        total=_lenient(_opt_int, _get(item, "total")),
        imported=_lenient(_opt_int, _get(item, "imported")),
        failed=_lenient(_opt_int, _get(item, "failed")),
        created_at=_datetime(_get(item, "created_at", "createdAt")),
        errors=tuple(row_errors),
    )
