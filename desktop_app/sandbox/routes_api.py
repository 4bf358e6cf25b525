"""The /api/v1 endpoints: contacts, contact uploads, WhatsApp templates, surveys."""

from __future__ import annotations

import math
import re
import sqlite3
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from desktop_app.sandbox import uploads
from desktop_app.sandbox.db import now_iso
from desktop_app.sandbox.routes_sms import (
    Batch,
    Rejected,
    check_count,
    phone_list,
    record_send,
    required_str,
    split_valid,
)
from desktop_app.sandbox.rules import normalize_phone
from desktop_app.sandbox.service import Sandbox
from desktop_app.sandbox.web import (
    MAX_INT,
    AuthFailure,
    BadBody,
    BodyTooLarge,
    Caller,
    authenticate,
    contacts_error,
    contacts_ok,
    read_json_object,
    sandbox_of,
    sms_error,
    sms_ok,
)

OPTIONAL_FIELDS = ("first_name", "last_name", "email", "notes")
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


class ContactError(Exception):
    def __init__(self, status: int, message: str, fields: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.fields = fields or {}


ContactHandler = Callable[[Request, Caller], Awaitable[Response]]


def contacts_endpoint(handler: ContactHandler) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        try:
            caller = authenticate(request, None, frozen=False, scope="contacts")
        except AuthFailure as exc:
            return contacts_error(exc.status, exc.message)
        try:
            return await handler(request, caller)
        except ContactError as exc:
            return contacts_error(exc.status, exc.message, exc.fields)
        except BadBody as exc:
            return contacts_error(400, str(exc))

    return endpoint


def contact_json(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "uuid": row["uuid"],
        "phone": row["phone"],
        "first_name": row["first_name"],
        "last_name": row["last_name"],
        "email": row["email"],
        "notes": row["notes"],
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
    }


def _like(term: str) -> str:
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def phone_search_forms(term: str) -> list[str]:
    """The E.164 fragments a typed number may stand for (any of the three phone forms)."""
    digits = re.sub(r"[\s\-().]", "", term)
    if not re.fullmatch(r"\+?\d+", digits):
        return []
    forms = {digits}
    if digits.startswith("0"):
        forms.add("+254" + digits[1:])
    elif digits.startswith("254"):
        forms.add("+" + digits)
    return sorted(forms)


# --- contacts ----------------------------------------------------------------------------


def _int_param(request: Request, name: str, default: int) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ContactError(400, f"{name} must be a whole number", {name: "not a number"}) from None
    if value > MAX_INT:
        raise ContactError(400, f"{name} is too large", {name: "too large"})
    return value


async def _list_contacts(request: Request, caller: Caller) -> Response:
    page = _int_param(request, "page", 1)
    page_size = _int_param(request, "page_size", 20)
    if page < 1:
        raise ContactError(400, "page must be 1 or more", {"page": "must be 1 or more"})
    if not 1 <= page_size <= 100:
        raise ContactError(
            400, "page_size must be between 1 and 100", {"page_size": "must be 1 to 100"}
        )
    where = "account_id = ?"
    params: list[object] = [caller.account_id]
    search = (request.query_params.get("search") or "").strip()
    if search:
        term = _like(search.casefold())
        clauses = [
            "casefold(coalesce(first_name, '')) LIKE ? ESCAPE '\\'",
            "casefold(coalesce(last_name, '')) LIKE ? ESCAPE '\\'",
            "casefold(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) "
            "LIKE ? ESCAPE '\\'",
        ]
        params += [term, term, term]
        for form in phone_search_forms(search):
            clauses.append("phone LIKE ? ESCAPE '\\'")
            params.append(_like(form))
        where += " AND (" + " OR ".join(clauses) + ")"
    db = sandbox_of(request).db
    total_row = db.query_one(f"SELECT COUNT(*) AS n FROM contacts WHERE {where}", tuple(params))
    total = int(total_row["n"]) if total_row is not None else 0
    offset = (page - 1) * page_size  # may not fit SQLite's 64 bits: only used below total
    rows = (
        db.query(
            f"SELECT * FROM contacts WHERE {where} ORDER BY seq DESC LIMIT ? OFFSET ?",
            (*params, page_size, offset),
        )
        if offset < total
        else []
    )
    return contacts_ok(
        {
            "contacts": [contact_json(row) for row in rows],
            "page": page,
            "page_size": page_size,
            "total": total,
            "total_pages": math.ceil(total / page_size),
        }
    )


def _clean_fields(body: dict[str, Any], *, creating: bool) -> dict[str, str | None]:
    """The given fields, checked: phone normalised to E.164, null/"" clears an option."""
    problems: dict[str, str] = {}
    values: dict[str, str | None] = {}
    if "phone" in body or creating:
        raw = body.get("phone")
        if not isinstance(raw, str) or not raw.strip():
            problems["phone"] = "phone is required"
        else:
            phone = normalize_phone(raw)
            if phone is None:
                problems["phone"] = "not a valid phone number"
            else:
                values["phone"] = phone
    for name in OPTIONAL_FIELDS:
        if name not in body:
            continue
        value = body[name]
        if value is None or value == "":
            values[name] = None
        elif not isinstance(value, str):
            problems[name] = "must be a string or null"
        elif name == "email" and not EMAIL_RE.match(value.strip()):
            problems[name] = "not a valid email address"
        else:
            values[name] = value.strip() if name == "email" else value
    if problems:
        raise ContactError(400, "Some fields are not valid", problems)
    return values


def _duplicate() -> ContactError:
    return ContactError(
        409,
        "A contact with this phone number already exists",
        {"phone": "already used by another contact"},
    )


async def _create_contact(request: Request, caller: Caller) -> Response:
    values = _clean_fields(await read_json_object(request), creating=True)
    sandbox = sandbox_of(request)
    now = now_iso()
    contact_uuid = str(uuid.uuid4())
    try:
        with sandbox.db.transaction() as conn:
            conn.execute(
                "INSERT INTO contacts (uuid, account_id, phone, first_name, last_name, email, "
                "notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    contact_uuid,
                    caller.account_id,
                    values["phone"],
                    values.get("first_name"),
                    values.get("last_name"),
                    values.get("email"),
                    values.get("notes"),
                    now,
                    now,
                ),
            )
    except sqlite3.IntegrityError:
        raise _duplicate() from None
    return contacts_ok(_contact_by_uuid(request, caller, contact_uuid), 201)


def _contact_by_uuid(request: Request, caller: Caller, contact_uuid: str) -> dict[str, Any]:
    row = sandbox_of(request).db.query_one(
        "SELECT * FROM contacts WHERE uuid=? AND account_id=?", (contact_uuid, caller.account_id)
    )
    if row is None:
        raise ContactError(404, "No such contact")
    return contact_json(row)


def _load_contact(request: Request, caller: Caller) -> dict[str, Any]:
    return _contact_by_uuid(request, caller, str(request.path_params["uuid"]))


async def _get_contact(request: Request, caller: Caller) -> Response:
    return contacts_ok(_load_contact(request, caller))


async def _update_contact(request: Request, caller: Caller) -> Response:
    contact_uuid = str(request.path_params["uuid"])
    _contact_by_uuid(request, caller, contact_uuid)
    values = _clean_fields(await read_json_object(request), creating=False)
    if values:
        assignments = ", ".join(f"{name}=?" for name in values)
        try:
            with sandbox_of(request).db.transaction() as conn:
                changed = conn.execute(
                    f"UPDATE contacts SET {assignments}, updated_at=? "
                    "WHERE uuid=? AND account_id=?",
                    (*values.values(), now_iso(), contact_uuid, caller.account_id),
                ).rowcount
        except sqlite3.IntegrityError:
            raise _duplicate() from None
        if not changed:
            raise ContactError(404, "No such contact")
    return contacts_ok(_contact_by_uuid(request, caller, contact_uuid))


async def _delete_contact(request: Request, caller: Caller) -> Response:
    contact_uuid = str(request.path_params["uuid"])
    with sandbox_of(request).db.transaction() as conn:
        changed = conn.execute(
            "DELETE FROM contacts WHERE uuid=? AND account_id=?",
            (contact_uuid, caller.account_id),
        ).rowcount
    if not changed:
        raise ContactError(404, "No such contact")
    return contacts_ok({"uuid": contact_uuid, "deleted": True})


# --- uploads -----------------------------------------------------------------------------


async def _upload(request: Request, caller: Caller) -> Response:
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype != "multipart/form-data":
        raise ContactError(
            415, "Send the file as multipart/form-data in the field 'file'", {"file": "required"}
        )
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > uploads.MAX_BYTES + 65536:
        raise ContactError(413, "The file is larger than 10 MiB", {"file": "too large"})
    try:
        async with request.form(max_files=1, max_fields=16) as form:
            file = form.get("file")
            if not isinstance(file, UploadFile):
                raise ContactError(400, "The field 'file' is required", {"file": "required"})
            kind = uploads.file_kind(file.filename, file.content_type)
            if kind is None:
                raise ContactError(
                    415, "Upload a .csv or .xlsx file", {"file": "not a CSV or XLSX file"}
                )
            data = await file.read(uploads.MAX_BYTES + 1)
    except ContactError:
        raise
    except BodyTooLarge:
        raise ContactError(413, "The file is larger than 10 MiB", {"file": "too large"}) from None
    except Exception as exc:
        raise ContactError(400, "The multipart body could not be read") from exc
    if len(data) > uploads.MAX_BYTES:
        raise ContactError(413, "The file is larger than 10 MiB", {"file": "too large"})
    try:
        rows = await run_in_threadpool(uploads.parse, data, kind)
    except uploads.UploadRejected as exc:
        raise ContactError(exc.status, exc.message, {"file": exc.message}) from None
    sandbox = sandbox_of(request)
    upload_uuid = uploads.start(sandbox, caller.account_id, rows)
    return contacts_ok(
        {"upload_uuid": upload_uuid, "status": "processing", "total": len(rows)}, 202
    )


async def _list_uploads(request: Request, caller: Caller) -> Response:
    rows = sandbox_of(request).db.query(
        "SELECT * FROM uploads WHERE account_id=? ORDER BY seq DESC", (caller.account_id,)
    )
    return contacts_ok({"uploads": [uploads.upload_json(row) for row in rows]})


# --- channels ----------------------------------------------------------------------------


ChannelHandler = Callable[[Request, Caller, dict[str, Any]], Awaitable[Response]]


def channel_endpoint(
    scope: str, handler: ChannelHandler
) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        try:
            caller = authenticate(request, None, frozen=False, scope=scope)
        except AuthFailure as exc:
            return sms_error(f"0{exc.status}", exc.message)
        try:
            body = await read_json_object(request)
        except BadBody as exc:
            return sms_error("0400", str(exc))
        try:
            return await handler(request, caller, body)
        except Rejected as exc:
            return exc.response()

    return endpoint


def _record_unbilled(sandbox: Sandbox, caller: Caller, channel: str, batch: Batch) -> str:
    """Stores a WhatsApp or survey send (no sender ID, no tracking id, not billed as SMS);
    returns its message id."""
    message_id, _, _ = record_send(
        sandbox,
        caller,
        channel=channel,
        sender_id=None,
        tracking_id=None,
        batch=batch,
        billed=False,
    )
    return message_id


async def _whatsapp(request: Request, caller: Caller, body: dict[str, Any]) -> Response:
    sandbox = sandbox_of(request)
    template = required_str(body, "template")
    language = required_str(body, "language")
    raw = required_str(body, "phone")
    phone = normalize_phone(raw)
    if phone is None:
        raise Rejected("0400", "Invalid phone number", invalid=[raw])
    row = sandbox.db.query_one(
        "SELECT approved FROM templates WHERE account_id=? AND name=? AND language=?",
        (caller.account_id, template, language),
    )
    if row is None:
        raise Rejected("0400", f"Unknown template '{template}' in language '{language}'")
    if not row["approved"]:
        raise Rejected("0400", f"Template '{template}' is not approved yet")
    optin = sandbox.db.query_one(
        "SELECT 1 FROM optins WHERE account_id=? AND phone=?", (caller.account_id, phone)
    )
    if optin is None:
        raise Rejected(
            "0400", "The recipient has not opted in to WhatsApp messages from this business"
        )
    message_id = _record_unbilled(
        sandbox, caller, "whatsapp", Batch(items=[(phone, f"[template {template} ({language})]")])
    )
    return sms_ok(messageId=message_id)


async def _survey(request: Request, caller: Caller, body: dict[str, Any]) -> Response:
    sandbox = sandbox_of(request)
    survey_id = required_str(body, "surveyId")
    phones = phone_list(body.get("phones"))
    check_count(len(phones))
    row = sandbox.db.query_one(
        "SELECT title FROM surveys WHERE account_id=? AND survey_id=?",
        (caller.account_id, survey_id),
    )
    if row is None:
        raise Rejected("0400", f"Unknown survey '{survey_id}'")
    batch = split_valid([(phone, f"[survey {row['title']}]") for phone in phones])
    message_id = _record_unbilled(sandbox, caller, "survey", batch)
    return sms_ok(messageId=message_id, recipients=len(batch.items), invalid=batch.invalid)


def routes() -> list[Route]:
    return [
        Route("/api/v1/contacts", contacts_endpoint(_list_contacts), methods=["GET"]),
        Route("/api/v1/contacts", contacts_endpoint(_create_contact), methods=["POST"]),
        Route("/api/v1/contacts/upload", contacts_endpoint(_upload), methods=["POST"]),
        Route("/api/v1/contacts/uploads", contacts_endpoint(_list_uploads), methods=["GET"]),
        Route("/api/v1/contacts/{uuid}", contacts_endpoint(_get_contact), methods=["GET"]),
        Route("/api/v1/contacts/{uuid}", contacts_endpoint(_update_contact), methods=["PUT"]),
        Route("/api/v1/contacts/{uuid}", contacts_endpoint(_delete_contact), methods=["DELETE"]),
        Route("/api/v1/whatsapp/send", channel_endpoint("whatsapp", _whatsapp), methods=["POST"]),
        Route("/api/v1/surveys/send", channel_endpoint("surveys", _survey), methods=["POST"]),
    ]
