"""Assembles the sandbox's ASGI application: routes, fault switches, lifespan."""

from __future__ import annotations

import asyncio
import logging
import math
import traceback
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from http import HTTPStatus
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from desktop_app.sandbox import docs, openapi, routes_api
from desktop_app.sandbox import routes_portal as portal
from desktop_app.sandbox import routes_sms as sms
from desktop_app.sandbox.service import Sandbox
from desktop_app.sandbox.uploads import MAX_BYTES as MAX_UPLOAD_BYTES
from desktop_app.sandbox.web import MAX_BODY, BodyTooLarge, contacts_error, sandbox_of

log = logging.getLogger("desktop_app.sandbox")

UPLOAD_PATH = "/api/v1/contacts/upload"
REFERENCE_PATHS = ("/openapi.json", "/docs")  # the description: never faulted
UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024  # the file plus the multipart framing

# Open connections by peer address, so a "disconnect" fault can drop the right one.
_transports: dict[tuple[str, int], asyncio.Transport] = {}


class TrackingH11Protocol(H11Protocol):
    """uvicorn's h11 protocol that remembers its transport by peer address."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if self.client is not None:
            _transports[self.client] = transport

    def connection_lost(self, exc: Exception | None) -> None:
        if self.client is not None and _transports.get(self.client) is self.transport:
            del _transports[self.client]
        super().connection_lost(exc)


def _is_contacts_path(path: str) -> bool:
    return path == "/api/v1/contacts" or path.startswith("/api/v1/contacts/")


def _is_portal_path(path: str) -> bool:
    return path == "/sandbox" or path.startswith("/sandbox/")


def _shown_path(path: str) -> str:
    """The path as echoed in an error message: a token in the portal's revoke path is never
    repeated back (it would end up in exception text and logs)."""
    if path.startswith("/sandbox/tokens/"):
        return "/sandbox/tokens/<token>"
    return path


def _server_error_body(path: str) -> dict[str, Any]:
    if _is_portal_path(path):
        return {"error": "Server error: retry shortly"}
    if _is_contacts_path(path):
        return {
            "success": False,
            "error": {"code": "server_error", "message": "Server error", "fields": {}},
        }
    return {"status": False, "responseCode": "0500", "message": "Server error: retry shortly"}


#: What the "portal" fault answers in the service's place: the page a mobile network or a
#: Wi-Fi shows every request once the data bundle is used up or before one signs in (a
#: captive portal). The request never reaches the service.
PORTAL_PAGE = (
    "<!DOCTYPE html><html><head><title>Data bundle used up</title></head><body>"
    "<h1>Your data bundle is used up</h1><p>Buy a bundle to continue browsing.</p>"
    "</body></html>"
)


class FaultMiddleware:
    """Applies the fault switches set through /sandbox/faults to service requests."""

    def __init__(self, app: ASGIApp, sandbox: Sandbox) -> None:
        self.app = app
        self.sandbox = sandbox

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or path.startswith("/sandbox") or path in REFERENCE_PATHS:
            await self.app(scope, receive, send)
            return
        fault = self.sandbox.faults.take(path)
        if fault is None:
            await self.app(scope, receive, send)
        elif fault.kind == "delay":
            await self._delayed(scope, receive, send, fault.seconds)
        elif fault.kind == "error500":
            await JSONResponse(_server_error_body(path), status_code=500)(scope, receive, send)
        elif fault.kind == "ratelimit":
            await self._rate_limited(path, fault.seconds)(scope, receive, send)
        elif fault.kind == "malformed":
            await self._malformed(scope, receive, send)
        elif fault.kind == "portal":
            await HTMLResponse(PORTAL_PAGE)(scope, receive, send)
        else:
            await self._disconnect(scope, receive, send)

    @staticmethod
    def _rate_limited(path: str, seconds: float) -> Response:
        retry_after = str(max(1, math.ceil(seconds)))
        headers = {"Retry-After": retry_after}
        if _is_contacts_path(path):
            body: dict[str, Any] = {
                "success": False,
                "error": {"code": "rate_limited", "message": "Too many requests", "fields": {}},
            }
        else:
            body = {"status": False, "responseCode": "0429", "message": "Too many requests"}
        return JSONResponse(body, status_code=429, headers=headers)

    async def _delayed(self, scope: Scope, receive: Receive, send: Send, seconds: float) -> None:
        """Processes the request at once, then holds the reply back for `seconds`: a client
        that gives up meanwhile finds its request carried out (it is in doubt)."""
        held: list[Message] = []

        async def hold(message: Message) -> None:
            held.append(message)

        await self.app(scope, receive, hold)
        await asyncio.sleep(seconds)
        for message in held:
            await send(message)  # uvicorn drops these quietly if the client has gone

    async def _malformed(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Processes the request, then answers with a body that is not JSON (a broken proxy)."""
        status = 200

        async def capture(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])

        await self.app(scope, receive, capture)
        body = b'{"status": true, "responseCode": "02<html><body>Bad Gateway</body></html>'
        await Response(body, status_code=status, media_type="application/json")(
            scope, receive, send
        )

    async def _disconnect(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Processes the request, then drops the connection without any reply."""

        async def swallow(message: Message) -> None:
            return None

        await self.app(scope, receive, swallow)
        client = scope.get("client")
        transport = _transports.get(tuple(client)) if client else None
        if transport is None:
            raise ConnectionAbortedError("disconnect fault: connection not found")
        transport.abort()
        for _ in range(3):  # let connection_lost run so the server sends nothing
            await asyncio.sleep(0)


class _HttpMiddleware:
    """An ASGI middleware that acts on HTTP requests only (lifespan passes straight on)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        raise NotImplementedError


class BodyLimit(_HttpMiddleware):
    """Cuts a request body off past its limit while it is read: `receive` raises
    BodyTooLarge, which the routes answer with a 400 (an upload: 413) in their family's
    shape. uvicorn then reads and drops the rest, so the connection stays usable."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        limit = UPLOAD_BODY_LIMIT if path == UPLOAD_PATH else MAX_BODY
        declared = _content_length(scope)
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            if declared is not None and declared > limit:
                raise BodyTooLarge(limit)
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge(limit)
            return message

        await self.app(scope, limited, send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            return int(value) if value.isdigit() else None
    return None


class ErrorGuard(_HttpMiddleware):
    """The outermost layer: an unhandled error is logged once (its type and where it was
    raised: never the request body, nor the exception's text, which may quote it) and
    answered with the 0500 envelope; it is not passed on to uvicorn, which would close the
    connection, so the client's next request on it works."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = complete = False

        async def tracking(message: Message) -> None:
            nonlocal started, complete
            if message["type"] == "http.response.start":
                started = True
            elif message["type"] == "http.response.body" and not message.get("more_body"):
                complete = True
            await send(message)

        try:
            await self.app(scope, receive, tracking)
        except Exception as exc:
            path = scope.get("path", "")
            log.error(
                "unhandled %s in %s %s\n%s",
                type(exc).__name__,
                scope.get("method", ""),
                _shown_path(path),
                "".join(traceback.format_tb(exc.__traceback__)).rstrip(),
            )
            if not started:
                await JSONResponse(_server_error_body(path), status_code=500)(scope, receive, send)
            elif not complete:
                raise  # a reply cut short cannot be mended: uvicorn closes the connection


async def _server_error(request: Request, exc: Exception) -> Response:
    return JSONResponse(_server_error_body(request.url.path), status_code=500)


def _allowed_methods(request: Request) -> list[str]:
    """Every method some route serves at this path (Starlette names only the first)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        if isinstance(route, Route) and route.methods and route.path_regex.match(request.url.path):
            methods |= route.methods
    return sorted(methods)


async def _http_error(request: Request, exc: Exception) -> Response:
    """404 and 405 (and any other HTTPException Starlette raises) in the shape of the family
    the path belongs to, instead of Starlette's plain text."""
    assert isinstance(exc, HTTPException)
    path = request.url.path
    status = exc.status_code
    headers = dict(exc.headers or {})
    shown = _shown_path(path)
    if status == 404:
        message = f"Not found: {shown}"
    elif status == 405:
        allowed = _allowed_methods(request)
        if allowed:
            headers["Allow"] = ", ".join(allowed)
        message = f"Method not allowed: {request.method} {shown}"
        if allowed:
            message += f" (allowed: {', '.join(allowed)})"
    else:
        message = exc.detail or HTTPStatus(status).phrase
    if _is_portal_path(path):
        return JSONResponse({"error": message}, status_code=status, headers=headers)
    if _is_contacts_path(path):
        response = contacts_error(status, message)
    else:
        response = JSONResponse(
            {"status": False, "responseCode": f"{status:04d}", "message": message},
            status_code=status,
        )
    response.headers.update(headers)
    return response


def _document(request: Request) -> dict[str, Any]:
    return openapi.build(
        shared_sender=sandbox_of(request).shared_sender,
        server_url=str(request.base_url).rstrip("/"),
    )


async def _openapi_json(request: Request) -> Response:
    return JSONResponse(_document(request))


async def _docs_page(request: Request) -> Response:
    return HTMLResponse(docs.render(_document(request)))


def _frozen(path: str, endpoint: Any, methods: list[str]) -> list[Route]:
    """A frozen /v1 /v2 path, served with and without a trailing slash (CONTRACT.md:
    observed clients call both; nothing answers with a redirect)."""
    bare = path.rstrip("/")
    return [Route(bare, endpoint, methods=methods), Route(bare + "/", endpoint, methods=methods)]


def _routes() -> list[Route]:
    routes = [
        *_frozen("/v1/send/message", sms.send_message, ["GET", "POST"]),
        *_frozen("/v1/send/messageget", sms.send_message, ["GET"]),
        *_frozen("/v1/send/bulk", sms.send_bulk, ["POST"]),
        *_frozen("/v1/send/bulk-personalized", sms.send_personalized, ["POST"]),
        *_frozen("/v2/send/message", sms.send_message_v2, ["POST"]),
        *_frozen("/v1/dlr", sms.delivery_report, ["POST"]),
        *_frozen("/v1/get-balance/", sms.get_balance, ["GET"]),
        *_frozen("/v1/get-balance/account-details", sms.get_account_details, ["GET"]),
        # the portal stand-in
        Route("/sandbox/accounts", portal.create_account, methods=["POST"]),
        Route("/sandbox/accounts", portal.list_accounts, methods=["GET"]),
        Route("/sandbox/accounts/{account_id}", portal.get_account, methods=["GET"]),
        Route("/sandbox/accounts/{account_id}", portal.update_account, methods=["PATCH"]),
        Route("/sandbox/accounts/{account_id}/messages", portal.account_messages),
        Route("/sandbox/accounts/{account_id}/tokens", portal.create_token, methods=["POST"]),
        Route("/sandbox/tokens/{token}", portal.revoke_token, methods=["DELETE"]),
        Route("/sandbox/accounts/{account_id}/topup", portal.topup, methods=["POST"]),
        Route("/sandbox/accounts/{account_id}/templates", portal.add_template, methods=["POST"]),
        Route("/sandbox/accounts/{account_id}/optins", portal.add_optin, methods=["POST"]),
        Route("/sandbox/accounts/{account_id}/surveys", portal.add_survey, methods=["POST"]),
        Route("/sandbox/accounts/{account_id}/shortcodes", portal.add_shortcode, methods=["POST"]),
        Route("/sandbox/inbound", portal.inbound, methods=["POST"]),
        Route("/sandbox/ussd", portal.ussd, methods=["POST"]),
        Route("/sandbox/settle", portal.settle, methods=["POST"]),
        Route("/sandbox/faults", portal.add_fault, methods=["POST"]),
        Route("/sandbox/faults", portal.clear_faults, methods=["DELETE"]),
        # the description of all of the above
        Route("/openapi.json", _openapi_json, methods=["GET"]),
        Route("/docs", _docs_page, methods=["GET"]),
    ]
    return routes + routes_api.routes()


def create_app(sandbox: Sandbox) -> ASGIApp:
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await sandbox.start()
        try:
            yield
        finally:
            await sandbox.stop()

    app = Starlette(
        routes=_routes(),
        lifespan=lifespan,
        exception_handlers={Exception: _server_error, HTTPException: _http_error},
    )
    app.router.redirect_slashes = False  # an unknown path is a 404 envelope, never a 307
    app.state.sandbox = sandbox
    return ErrorGuard(BodyLimit(FaultMiddleware(app, sandbox)))
