"""The account portal's stand-in under /sandbox/, authenticated by the X-Admin-Key header."""

from __future__ import annotations

import hmac
import json
import math
import secrets
import uuid
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from desktop_app.sandbox.db import iso, now_iso, utc_now
from desktop_app.sandbox.rules import normalize_phone
from desktop_app.sandbox.service import (
    DEFAULT_SMS_RATE,
    FAULT_KINDS,
    SCOPES,
    Fault,
    Sandbox,
    token_hash,
)
from desktop_app.sandbox.web import BadBody, read_json_object, sandbox_of

MAX_TOKEN_LIFETIME = 10 * 366 * 24 * 3600  # seconds: ten years
MAX_CREDITS = 1e15  # a balance or amount: floats count whole credits exactly up to 2**53
MAX_RATE = 1e6  # KES per part
MAX_FAULT_SECONDS = 3600.0


class PortalError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


PortalHandler = Callable[[Request, Sandbox], Awaitable[Response]]


def portal(handler: PortalHandler) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        sandbox = sandbox_of(request)
        given = request.headers.get("x-admin-key", "")
        if not hmac.compare_digest(given.encode(), sandbox.admin_key.encode()):
            return _error(401, "A valid X-Admin-Key header is required")
        try:
            return await handler(request, sandbox)
        except PortalError as exc:
            return _error(exc.status, exc.message)
        except BadBody as exc:
            return _error(400, str(exc))

    return endpoint


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw.strip():
        return {}
    return await read_json_object(request)


def _opt(body: dict[str, Any], name: str) -> str | None:
    value = body.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise PortalError(400, f"{name} must be a string")
    return value


def _req(body: dict[str, Any], name: str) -> str:
    value = body.get(name)
    if not isinstance(value, str) or not value:
        raise PortalError(400, f"{name} is required (a non-empty string)")
    return value


def _valid_phone(raw: str) -> str:
    phone = normalize_phone(raw)
    if phone is None:
        raise PortalError(400, "phone is not a valid phone number")
    return phone


def _notify(sandbox: Sandbox, account_id: str, event: str, payload: dict[str, Any]) -> str | None:
    """Queue *event* for the account's webhook; its id, or None when it has no webhook."""
    target = sandbox.webhook_target(account_id)
    return sandbox.emit(target, event, payload) if target else None


def _webhook_url(body: dict[str, Any]) -> str | None:
    url = _opt(body, "webhook_url")
    if url:
        problem = "webhook_url must be an http:// or https:// URL"
        try:
            parsed = urlsplit(url)
            parsed.port  # noqa: B018  (raises ValueError on a bad port)
            httpx.URL(url)  # what the webhook sender will make of it
        except (ValueError, httpx.InvalidURL):
            raise PortalError(400, problem) from None
        if (
            parsed.scheme not in ("http", "https")
            or not parsed.hostname
            or any(ord(c) <= 0x20 or c == "\x7f" for c in url)  # spaces, control characters
        ):
            raise PortalError(400, problem)
    return url or None


def _number(body: dict[str, Any], name: str, *, bound: float = MAX_CREDITS) -> float:
    value = body.get(name)
    # json.loads accepts NaN and Infinity (web.decode_json refuses them): a NaN balance
    # fails the NOT NULL column (HTTP 500) and an infinite one would let every send through.
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or abs(value) > bound
    ):
        raise PortalError(400, f"{name} must be a finite number from -{bound:g} to {bound:g}")
    return float(value)


def _account(sandbox: Sandbox, request: Request) -> str:
    account_id = str(request.path_params["account_id"])
    row = sandbox.db.query_one("SELECT id FROM accounts WHERE id=?", (account_id,))
    if row is None:
        raise PortalError(404, "Unknown account")
    return account_id


def _account_json(sandbox: Sandbox, account_id: str) -> dict[str, Any]:
    row = sandbox.db.query_one("SELECT * FROM accounts WHERE id=?", (account_id,))
    assert row is not None
    return {
        "id": row["id"],
        "name": row["name"],
        "balance": float(row["balance"]),
        "sender_ids": json.loads(row["sender_ids"]),
        "webhook_url": row["webhook_url"],
        "webhook_secret": row["webhook_secret"],
        "sms_rate": float(row["sms_rate"]),
        "currency": "KES",
        "created_at": row["created_at"],
    }


# --- accounts and tokens -----------------------------------------------------------------


async def _create_account(request: Request, sandbox: Sandbox) -> Response:
    body = await _body(request)
    name = _req(body, "name")
    balance = _number(body, "balance") if "balance" in body else 0.0
    sender_ids = body.get("sender_ids", [])
    if not isinstance(sender_ids, list) or not all(isinstance(s, str) and s for s in sender_ids):
        raise PortalError(400, "sender_ids must be a list of non-empty strings")
    webhook_url = _webhook_url(body)
    webhook_secret = _opt(body, "webhook_secret")
    if webhook_url and not webhook_secret:  # every webhook call is signed
        webhook_secret = "whsec_" + secrets.token_urlsafe(24)
    sms_rate = _number(body, "sms_rate", bound=MAX_RATE) if "sms_rate" in body else DEFAULT_SMS_RATE
    account_id = "acc_" + uuid.uuid4().hex
    with sandbox.db.transaction() as conn:
        conn.execute(
            "INSERT INTO accounts (id, name, balance, sender_ids, webhook_url, webhook_secret,"
            " sms_rate, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                account_id,
                name,
                balance,
                json.dumps(sender_ids),
                webhook_url,
                webhook_secret,
                sms_rate,
                now_iso(),
            ),
        )
    return JSONResponse(
        {"account_id": account_id, "webhook_secret": webhook_secret}, status_code=201
    )


async def _list_accounts(request: Request, sandbox: Sandbox) -> Response:
    rows = sandbox.db.query("SELECT id FROM accounts ORDER BY seq")
    return JSONResponse({"accounts": [_account_json(sandbox, row["id"]) for row in rows]})


async def _get_account(request: Request, sandbox: Sandbox) -> Response:
    return JSONResponse(_account_json(sandbox, _account(sandbox, request)))


async def _update_account(request: Request, sandbox: Sandbox) -> Response:
    account_id = _account(sandbox, request)
    body = await _body(request)
    updates: dict[str, Any] = {}
    if "webhook_url" in body:
        updates["webhook_url"] = _webhook_url(body)
    if "webhook_secret" in body:
        updates["webhook_secret"] = _opt(body, "webhook_secret")
    if "name" in body:
        updates["name"] = _req(body, "name")
    if "sender_ids" in body:
        sender_ids = body["sender_ids"]
        if not isinstance(sender_ids, list) or not all(isinstance(s, str) for s in sender_ids):
            raise PortalError(400, "sender_ids must be a list of strings")
        updates["sender_ids"] = json.dumps(sender_ids)
    if "sms_rate" in body:
        updates["sms_rate"] = _number(body, "sms_rate", bound=MAX_RATE)
    current = sandbox.db.query_one("SELECT webhook_secret FROM accounts WHERE id=?", (account_id,))
    if updates.get("webhook_url") and not updates.get(
        "webhook_secret", current["webhook_secret"] if current else None
    ):
        updates["webhook_secret"] = "whsec_" + secrets.token_urlsafe(24)
    if updates:
        with sandbox.db.transaction() as conn:
            for column, value in updates.items():
                conn.execute(f"UPDATE accounts SET {column}=? WHERE id=?", (value, account_id))
    return JSONResponse(_account_json(sandbox, account_id))


async def _messages(request: Request, sandbox: Sandbox) -> Response:
    account_id = _account(sandbox, request)
    sandbox.settle_due()
    rows = sandbox.db.query(
        "SELECT r.message_id, r.phone, r.text, r.parts, r.status, r.raw_status, r.reason, "
        "r.delivered_at, r.created_at, m.sender_id, m.tracking_id, m.channel "
        "FROM recipients r JOIN messages m ON m.id = r.message_id "
        "WHERE r.account_id=? ORDER BY r.id",
        (account_id,),
    )
    return JSONResponse({"messages": [dict(row) for row in rows]})


async def _create_token(request: Request, sandbox: Sandbox) -> Response:
    account_id = _account(sandbox, request)
    body = await _body(request)
    kind = body.get("kind", "scoped")
    if kind not in ("scoped", "legacy"):
        raise PortalError(400, "kind must be 'scoped' or 'legacy'")
    scopes = body.get("scopes")
    if scopes is None:
        scopes = list(SCOPES) if kind == "scoped" else []
    if not isinstance(scopes, list) or not all(s in SCOPES for s in scopes):
        raise PortalError(400, f"scopes must be a list drawn from {', '.join(SCOPES)}")
    expires_at = _expiry(body)
    token = "mbs_" + secrets.token_urlsafe(32) if kind == "scoped" else secrets.token_hex(20)
    with sandbox.db.transaction() as conn:
        conn.execute(
            "INSERT INTO tokens (token_hash, account_id, kind, scopes, created_at, expires_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                token_hash(token),
                account_id,
                kind,
                json.dumps(sorted(set(scopes))),
                now_iso(),
                expires_at,
            ),
        )
    return JSONResponse({"token": token, "expires_at": expires_at}, status_code=201)


def _expiry(body: dict[str, Any]) -> str | None:
    """The absolute UTC expiry (ISO 8601) for an optional `expires_in` in seconds."""
    value = body.get("expires_in")
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not 0 < value <= MAX_TOKEN_LIFETIME
    ):
        raise PortalError(
            400, f"expires_in must be a number of seconds above 0, at most {MAX_TOKEN_LIFETIME}"
        )
    return iso(utc_now() + timedelta(seconds=value))


async def _revoke_token(request: Request, sandbox: Sandbox) -> Response:
    token = str(request.path_params["token"])
    with sandbox.db.transaction() as conn:
        changed = conn.execute(
            "UPDATE tokens SET revoked=1 WHERE token_hash=?", (token_hash(token),)
        ).rowcount
    if not changed:
        raise PortalError(404, "Unknown token")
    return JSONResponse({"revoked": True})


async def _topup(request: Request, sandbox: Sandbox) -> Response:
    account_id = _account(sandbox, request)
    amount = _number(await _body(request), "amount")
    with sandbox.db.transaction() as conn:
        row = conn.execute("SELECT balance FROM accounts WHERE id=?", (account_id,)).fetchone()
        balance = float(row["balance"]) + amount
        if abs(balance) > MAX_CREDITS:  # no balance may overflow, let alone become infinite
            raise PortalError(
                400, f"The balance would be {balance:g}: it must stay within ±{MAX_CREDITS:g}"
            )
        conn.execute("UPDATE accounts SET balance=? WHERE id=?", (balance, account_id))
    return JSONResponse({"balance": balance})


# --- channel set-up ----------------------------------------------------------------------


async def _add_template(request: Request, sandbox: Sandbox) -> Response:
    account_id = _account(sandbox, request)
    body = await _body(request)
    name = _req(body, "name")
    language = _req(body, "language")
    approved = body.get("approved", True)
    if not isinstance(approved, bool):
        raise PortalError(400, "approved must be true or false")
    with sandbox.db.transaction() as conn:
        conn.execute(
            "INSERT OR REPLACE INTO templates (account_id, name, language, approved) "
            "VALUES (?, ?, ?, ?)",
            (account_id, name, language, int(approved)),
        )
    return JSONResponse({"name": name, "language": language, "approved": approved}, 201)


async def _add_optin(request: Request, sandbox: Sandbox) -> Response:
    account_id = _account(sandbox, request)
    raw = _req(await _body(request), "phone")
    phone = _valid_phone(raw)
    with sandbox.db.transaction() as conn:
        conn.execute(
            "INSERT OR IGNORE INTO optins (account_id, phone) VALUES (?, ?)", (account_id, phone)
        )
    return JSONResponse({"phone": phone}, status_code=201)


async def _add_survey(request: Request, sandbox: Sandbox) -> Response:
    account_id = _account(sandbox, request)
    body = await _body(request)
    survey_id = _req(body, "surveyId")
    title = _req(body, "title")
    with sandbox.db.transaction() as conn:
        conn.execute(
            "INSERT OR REPLACE INTO surveys (account_id, survey_id, title) VALUES (?, ?, ?)",
            (account_id, survey_id, title),
        )
    return JSONResponse({"surveyId": survey_id, "title": title}, status_code=201)


async def _add_shortcode(request: Request, sandbox: Sandbox) -> Response:
    account_id = _account(sandbox, request)
    body = await _body(request)
    shortcode = _req(body, "shortcode")
    keywords = body.get("keywords", [])
    if not isinstance(keywords, list) or not all(
        isinstance(k, str) and k.strip() and " " not in k.strip() for k in keywords
    ):
        raise PortalError(400, "keywords must be a list of single words")
    wanted = [k.strip() for k in keywords] or [""]
    with sandbox.db.transaction() as conn:
        held = conn.execute(
            "SELECT keyword, account_id FROM shortcodes WHERE shortcode=?", (shortcode,)
        ).fetchall()
        others = {row["keyword"].lower() for row in held if row["account_id"] != account_id}
        mine = {row["keyword"].lower() for row in held if row["account_id"] == account_id}
        if "" in others:
            raise PortalError(409, "This code is dedicated to another account")
        if wanted == [""] and others:
            raise PortalError(409, "Another account holds keywords on this code")
        clash = sorted({k.lower() for k in wanted} & others)
        if clash:
            raise PortalError(409, f"Keyword held by another account: {', '.join(clash)}")
        conn.executemany(
            "INSERT INTO shortcodes (shortcode, keyword, account_id) VALUES (?, ?, ?)",
            [(shortcode, k, account_id) for k in dict.fromkeys(wanted) if k.lower() not in mine],
        )
    return JSONResponse({"shortcode": shortcode, "keywords": [k for k in wanted if k]}, 201)


def _route(sandbox: Sandbox, code: str, text: str) -> tuple[str, str] | None:
    """(account id, keyword) for a message to a shortcode or USSD service code."""
    first = text.strip().split(maxsplit=1)[0] if text.strip() else ""
    rows = sandbox.db.query("SELECT keyword, account_id FROM shortcodes WHERE shortcode=?", (code,))
    for row in rows:
        if row["keyword"] and row["keyword"].lower() == first.lower():
            return row["account_id"], row["keyword"]
    for row in rows:
        if row["keyword"] == "":
            return row["account_id"], first
    return None


async def _inbound(request: Request, sandbox: Sandbox) -> Response:
    body = await _body(request)
    shortcode = _req(body, "shortcode")
    raw = _req(body, "phone")
    message = body.get("message")
    if not isinstance(message, str):
        raise PortalError(400, "message must be a string")
    phone = _valid_phone(raw)
    route = _route(sandbox, shortcode, message)
    if route is None:
        return JSONResponse({"routed": False, "account_id": None, "event_id": None})
    account_id, keyword = route
    payload = {
        "shortcode": shortcode,
        "keyword": keyword,
        "phone": phone,
        "message": message,
        "receivedAt": now_iso(),
    }
    event_id = _notify(sandbox, account_id, "inbound_sms", payload)
    return JSONResponse(
        {"routed": True, "account_id": account_id, "keyword": keyword, "event_id": event_id}
    )


async def _ussd(request: Request, sandbox: Sandbox) -> Response:
    body = await _body(request)
    service_code = _req(body, "serviceCode")
    raw = _req(body, "phone")
    text = body.get("text", "")
    if not isinstance(text, str):
        raise PortalError(400, "text must be a string")
    session_id = _opt(body, "sessionId") or "ussd_" + uuid.uuid4().hex
    phone = _valid_phone(raw)
    event = _opt(body, "event") or ("continue" if session_id in sandbox.ussd_sessions else "start")
    if event not in ("start", "continue", "end"):
        raise PortalError(400, "event must be start, continue or end")
    if event == "end":
        sandbox.ussd_sessions.discard(session_id)
    else:
        sandbox.ussd_sessions.add(session_id)
    route = _route(sandbox, service_code, text)
    result: dict[str, Any] = {"sessionId": session_id, "event": event, "routed": False}
    if route is None:
        return JSONResponse({**result, "account_id": None, "event_id": None})
    account_id, _ = route
    payload = {
        "sessionId": session_id,
        "serviceCode": service_code,
        "phone": phone,
        "text": text,
        "event": event,
    }
    event_id = _notify(sandbox, account_id, "ussd", payload)
    return JSONResponse({**result, "routed": True, "account_id": account_id, "event_id": event_id})


# --- whole-sandbox switches --------------------------------------------------------------


async def _settle(request: Request, sandbox: Sandbox) -> Response:
    return JSONResponse({"settled": sandbox.settle_due(force=True)})


async def _faults(request: Request, sandbox: Sandbox) -> Response:
    body = await _body(request)
    kind = body.get("kind")
    if kind not in FAULT_KINDS:
        raise PortalError(400, f"kind must be one of {', '.join(FAULT_KINDS)}")
    count = body.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise PortalError(400, "count must be a positive integer")
    prefix = _opt(body, "path_prefix")
    seconds = body.get("seconds")
    if seconds is None:
        seconds = 1.0
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 <= seconds <= MAX_FAULT_SECONDS  # NaN fails this too
    ):
        raise PortalError(400, f"seconds must be a number from 0 to {MAX_FAULT_SECONDS:g}")
    sandbox.faults.add(Fault(str(kind), count, prefix, float(seconds)))
    return JSONResponse({"kind": kind, "count": count, "path_prefix": prefix}, status_code=201)


async def _clear_faults(request: Request, sandbox: Sandbox) -> Response:
    sandbox.faults.clear()
    return JSONResponse({"cleared": True})


create_account = portal(_create_account)
list_accounts = portal(_list_accounts)
get_account = portal(_get_account)
update_account = portal(_update_account)
account_messages = portal(_messages)
create_token = portal(_create_token)
revoke_token = portal(_revoke_token)
topup = portal(_topup)
add_template = portal(_add_template)
add_optin = portal(_add_optin)
add_survey = portal(_add_survey)
add_shortcode = portal(_add_shortcode)
inbound = portal(_inbound)
ussd = portal(_ussd)
settle = portal(_settle)
add_fault = portal(_faults)
clear_faults = portal(_clear_faults)
