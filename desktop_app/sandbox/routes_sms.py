"""The frozen SMS endpoints (/v1, /v2): sends, delivery reports, balance."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from desktop_app.sandbox.db import now_iso
from desktop_app.sandbox.rules import message_parts, normalize_phone
from desktop_app.sandbox.service import Sandbox
from desktop_app.sandbox.web import (
    AuthFailure,
    BadBody,
    Caller,
    authenticate,
    decode_json,
    read_fields,
    sandbox_of,
    sms_error,
    sms_ok,
)

MAX_RECIPIENTS = 1000
MAX_MESSAGE_CHARS = 1600
MAX_TRACKING_ID = 64


class Rejected(Exception):
    """A request refused with an SMS-family envelope."""

    def __init__(self, code: str, message: str, **fields: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.fields = fields

    def response(self) -> JSONResponse:
        return sms_error(self.code, self.message, **self.fields)


Handler = Callable[[Request, Caller, dict[str, Any]], Awaitable[Response]]


async def frozen_call(request: Request, scope: str, handler: Handler) -> Response:
    """Decodes the fields, authenticates (every credential placement), runs the handler and
    turns Rejected into its envelope."""
    fields: dict[str, Any] | None
    bad: BadBody | None = None
    try:
        fields = await read_fields(request)
    except BadBody as exc:
        fields, bad = None, exc
    try:
        caller = authenticate(request, fields, frozen=True, scope=scope)
    except AuthFailure as exc:
        return sms_error(f"0{exc.status}", exc.message)
    if fields is None:
        return sms_error("0400", str(bad) if bad else "The request body could not be read")
    try:
        return await handler(request, caller, fields)
    except Rejected as exc:
        return exc.response()


# --- validation --------------------------------------------------------------------------


def required_str(fields: dict[str, Any], name: str) -> str:
    value = fields.get(name)
    if value is None or value == "":
        raise Rejected("0400", f"{name} is required")
    if not isinstance(value, str):
        raise Rejected("0400", f"{name} must be a string")
    return value


def check_message(text: str, name: str = "message") -> None:
    if text == "":
        raise Rejected("0400", f"{name} must not be empty")
    if len(text) > MAX_MESSAGE_CHARS:
        raise Rejected(
            "0400", f"{name} is too long: at most {MAX_MESSAGE_CHARS} characters are allowed"
        )


def message_field(fields: dict[str, Any]) -> str:
    value = fields.get("message")
    if value is None or value == "":
        raise Rejected("0400", "message must not be empty")
    if not isinstance(value, str):
        raise Rejected("0400", "message must be a string")
    check_message(value)
    return value


def phone_list(value: Any, name: str = "phones") -> list[str]:
    if isinstance(value, str):
        items = [part.strip() for part in value.split(",")]
        return [item for item in items if item]
    if isinstance(value, list):
        if not all(isinstance(item, str) for item in value):
            raise Rejected("0400", f"{name} must be a list of strings")
        return list(value)
    if value is None:
        raise Rejected("0400", f"{name} is required")
    raise Rejected("0400", f"{name} must be a list of phone numbers")


def check_count(count: int) -> None:
    if count == 0:
        raise Rejected("0400", "At least one recipient is required")
    if count > MAX_RECIPIENTS:
        raise Rejected(
            "0400", f"Too many recipients: at most {MAX_RECIPIENTS} are allowed per request"
        )


@dataclass
class Batch:
    """Recipients that passed validation, with their texts, and the invalid numbers."""

    items: list[tuple[str, str]] = field(default_factory=list)  # (E.164, text)
    invalid: list[str] = field(default_factory=list)


def split_valid(pairs: list[tuple[str, str]]) -> Batch:
    batch = Batch()
    for raw, text in pairs:
        phone = normalize_phone(raw)
        if phone is None:
            batch.invalid.append(raw)
        else:
            batch.items.append((phone, text))
    if not batch.items:
        single = len(pairs) == 1
        raise Rejected(
            "0400",
            "Invalid phone number" if single else "No valid phone number in the request",
            invalid=batch.invalid,
        )
    return batch


def check_sender(sandbox: Sandbox, caller: Caller, sender_id: str) -> None:
    row = sandbox.db.query_one("SELECT sender_ids FROM accounts WHERE id=?", (caller.account_id,))
    owned: list[str] = json.loads(row["sender_ids"]) if row is not None else []
    if sender_id != sandbox.shared_sender and sender_id not in owned:
        raise Rejected("0422", "You are not assigned to this sender ID")


def record_send(
    sandbox: Sandbox,
    caller: Caller,
    *,
    channel: str,
    sender_id: str | None,
    tracking_id: str | None,
    batch: Batch,
    billed: bool = True,
) -> tuple[str, int, int]:
    """Bills the whole request (0402 when the balance is short, nothing billed) and stores
    one message with its recipients. Returns (message id, cost, largest part count)."""
    parts_each = [message_parts(text) for _, text in batch.items]
    cost = sum(parts_each) if billed else 0
    message_id = str(uuid.uuid4())
    created = now_iso()
    settle_at = time.time() + sandbox.settle_seconds
    with sandbox.db.transaction() as conn:
        row = conn.execute(
            "SELECT balance FROM accounts WHERE id=?", (caller.account_id,)
        ).fetchone()
        balance = float(row["balance"]) if row is not None else 0.0
        if cost > balance:
            raise Rejected(
                "0402",
                f"Insufficient balance: this request needs {cost} credits and the balance "
                f"is {balance:g}",
            )
        if cost:
            conn.execute(
                "UPDATE accounts SET balance = balance - ? WHERE id=?",
                (cost, caller.account_id),
            )
        conn.execute(
            "INSERT INTO messages (id, account_id, channel, sender_id, tracking_id, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (message_id, caller.account_id, channel, sender_id, tracking_id, created),
        )
        conn.executemany(
            "INSERT INTO recipients (message_id, account_id, phone, text, parts, status, "
            "raw_status, created_at, settle_at) VALUES (?, ?, ?, ?, ?, 'sent', "
            "'SentToNetwork', ?, ?)",
            [
                (message_id, caller.account_id, phone, text, parts, created, settle_at)
                for (phone, text), parts in zip(batch.items, parts_each, strict=True)
            ],
        )
    return message_id, cost, max(parts_each)


# --- sends -------------------------------------------------------------------------------


async def _single(request: Request, caller: Caller, fields: dict[str, Any]) -> Response:
    return _single_send(request, caller, fields, v2=False)


async def _single_v2(request: Request, caller: Caller, fields: dict[str, Any]) -> Response:
    return _single_send(request, caller, fields, v2=True)


def _single_send(request: Request, caller: Caller, fields: dict[str, Any], *, v2: bool) -> Response:
    sandbox = sandbox_of(request)
    sender_id = required_str(fields, "senderID")
    phone = required_str(fields, "phone")
    text = message_field(fields)
    tracking_id: str | None = None
    if v2:
        tracking_id = required_str(fields, "trackingId")
        if len(tracking_id) > MAX_TRACKING_ID:
            raise Rejected("0400", f"trackingId is too long: at most {MAX_TRACKING_ID} characters")
    batch = split_valid([(phone, text)])
    check_sender(sandbox, caller, sender_id)
    message_id, cost, parts = record_send(
        sandbox,
        caller,
        channel="sms",
        sender_id=sender_id,
        tracking_id=tracking_id,
        batch=batch,
    )
    if v2:
        return sms_ok(messageId=message_id, trackingId=tracking_id, cost=cost, parts=parts)
    return sms_ok(messageId=message_id, parts=parts)


def _send_batch(sandbox: Sandbox, caller: Caller, sender_id: str, batch: Batch) -> Response:
    """The rest of a bulk or personalised send: sender check, billing and record, reply."""
    check_sender(sandbox, caller, sender_id)
    message_id, _, parts = record_send(
        sandbox, caller, channel="sms", sender_id=sender_id, tracking_id=None, batch=batch
    )
    return sms_ok(
        messageId=message_id,
        bulkId=message_id,
        recipients=len(batch.items),
        invalid=batch.invalid,
        parts=parts,
    )


async def _bulk(request: Request, caller: Caller, fields: dict[str, Any]) -> Response:
    sandbox = sandbox_of(request)
    sender_id = required_str(fields, "senderID")
    text = message_field(fields)
    phones = phone_list(fields.get("phones"))
    check_count(len(phones))
    batch = split_valid([(phone, text) for phone in phones])
    return _send_batch(sandbox, caller, sender_id, batch)


async def _personalized(request: Request, caller: Caller, fields: dict[str, Any]) -> Response:
    sandbox = sandbox_of(request)
    sender_id = required_str(fields, "senderID")
    body = fields.get("messageBody")
    if isinstance(body, str):  # a form field carries the list as JSON text
        try:
            body = decode_json(body)
        except BadBody as exc:
            raise Rejected("0400", f"messageBody is not a JSON list: {exc}") from None
    if not isinstance(body, list):
        raise Rejected("0400", "messageBody must be a list of {phone, message}")
    check_count(len(body))
    pairs: list[tuple[str, str]] = []
    for index, item in enumerate(body):
        if not isinstance(item, dict):
            raise Rejected("0400", f"messageBody[{index}] must be an object {{phone, message}}")
        phone, text = item.get("phone"), item.get("message")
        if not isinstance(phone, str) or phone == "":
            raise Rejected("0400", f"messageBody[{index}].phone is required")
        if not isinstance(text, str):
            raise Rejected("0400", f"messageBody[{index}].message is required")
        check_message(text, f"messageBody[{index}].message")
        pairs.append((phone, text))
    batch = split_valid(pairs)
    return _send_batch(sandbox, caller, sender_id, batch)


# --- delivery reports and balance --------------------------------------------------------


async def _dlr(request: Request, caller: Caller, fields: dict[str, Any]) -> Response:
    sandbox = sandbox_of(request)
    message_id = required_str(fields, "messageId")
    sandbox.settle_due()
    message = sandbox.db.query_one(
        "SELECT id FROM messages WHERE id=? AND account_id=?", (message_id, caller.account_id)
    )
    if message is None:
        raise Rejected("0400", "Unknown messageId")
    rows = sandbox.db.query(
        "SELECT phone, status, raw_status, reason, delivered_at FROM recipients "
        "WHERE message_id=? ORDER BY id",
        (message_id,),
    )
    records = [
        {
            "messageId": message_id,
            "phone": row["phone"],
            "status": row["status"],
            "deliveredAt": row["delivered_at"],
            "reason": row["reason"],
            "deliveryStatus": {
                "status": row["raw_status"],
                "deliveryTime": row["delivered_at"],
                "reason": row["reason"],
            },
        }
        for row in rows
    ]
    # Observed: the real service leaves responseCode out of a successful lookup.
    return JSONResponse(
        {"status": True, "message": "Delivery report", "messageId": message_id, "messages": records}
    )


def _balance_row(request: Request, caller: Caller) -> tuple[float, float]:
    row = sandbox_of(request).db.query_one(
        "SELECT balance, sms_rate FROM accounts WHERE id=?", (caller.account_id,)
    )
    if row is None:
        raise Rejected("0401", "Unauthorized: the account no longer exists")
    return float(row["balance"]), float(row["sms_rate"])


async def _balance(request: Request, caller: Caller, fields: dict[str, Any]) -> Response:
    balance, _ = _balance_row(request, caller)
    return sms_ok("Balance", balance=balance)


async def _account_details(request: Request, caller: Caller, fields: dict[str, Any]) -> Response:
    balance, rate = _balance_row(request, caller)
    return sms_ok("Account details", balance=balance, sms_rate=rate, currency="KES")


# --- endpoints ---------------------------------------------------------------------------


async def send_message(request: Request) -> Response:
    return await frozen_call(request, "sms", _single)


async def send_message_v2(request: Request) -> Response:
    return await frozen_call(request, "sms", _single_v2)


async def send_bulk(request: Request) -> Response:
    return await frozen_call(request, "sms", _bulk)


async def send_personalized(request: Request) -> Response:
    return await frozen_call(request, "sms", _personalized)


async def delivery_report(request: Request) -> Response:
    return await frozen_call(request, "sms", _dlr)


async def get_balance(request: Request) -> Response:
    return await frozen_call(request, "sms", _balance)


async def get_account_details(request: Request) -> Response:
    return await frozen_call(request, "sms", _account_details)
