"""The OpenAPI 3.1 description of every endpoint the sandbox serves: the spec as fixed by
CONTRACT.md, errors included, plus the portal stand-in. Served at /openapi.json and rendered
for people at /docs (docs.py); validated by openapi-spec-validator and exercised by
Schemathesis in the tests, so it cannot drift from what the sandbox does."""

from __future__ import annotations

from typing import Any

from desktop_app.sandbox.routes_portal import MAX_CREDITS, MAX_FAULT_SECONDS, MAX_RATE
from desktop_app.sandbox.routes_sms import MAX_MESSAGE_CHARS, MAX_RECIPIENTS, MAX_TRACKING_ID
from desktop_app.sandbox.service import FAULT_KINDS, SCOPES, SHARED_SENDER_ID
from desktop_app.sandbox.uploads import MAX_BYTES, MAX_ROWS
from desktop_app.sandbox.web import MAX_DEPTH, MAX_INT

Schema = dict[str, Any]

SMS_TAG = "SMS (frozen /v1, /v2)"
CHANNELS_TAG = "Channels"
CONTACTS_TAG = "Contacts"
UPLOADS_TAG = "Contact uploads"
PORTAL_TAG = "Sandbox portal"
REFERENCE_TAG = "Reference"

#: What each code of the SMS-family envelope means (CONTRACT.md).
SMS_CODES: dict[str, str] = {
    "0200": "Accepted.",
    "0400": "Bad request: an invalid payload or phone number (not billed). Bad input of any "
    f"kind is a 0400: not JSON, wrong shape or types, nesting deeper than {MAX_DEPTH} levels, "
    "a body over 10 MiB, a string that is not valid Unicode (a lone surrogate), a number "
    "that is not finite or does not fit in 64 bits.",
    "0401": "Missing, malformed, unknown, expired or revoked token.",
    "0402": "Balance too low for the whole request: nothing is sent or billed.",
    "0403": "A valid token without the scope for this endpoint (or a legacy token on /api/v1).",
    "0404": "Unknown path.",
    "0405": "A served path called with the wrong method (the Allow header names the right ones).",
    "0422": 'Sender ID not owned by the account: "You are not assigned to this sender ID".',
    "0429": "Rate limited: retry after the Retry-After header's seconds.",
    "0500": "Server error: retry shortly.",
}

#: The contacts error envelope's codes, by HTTP status.
CONTACT_CODES: dict[int, tuple[str, str]] = {
    400: ("invalid_request", "A field is missing or not valid (see `fields`), or bad input."),
    401: ("unauthorized", "Missing, unknown, expired or revoked token."),
    403: ("forbidden", "The token lacks the `contacts` scope (or is a legacy token)."),
    404: ("not_found", "No such contact (or it belongs to another account)."),
    409: ("conflict", "A contact with this phone number already exists."),
    413: ("payload_too_large", "The file is over 10 MiB, 100,000 rows, or too big unpacked."),
    415: ("unsupported_media_type", "Not a .csv or .xlsx file, or not multipart/form-data."),
    422: ("unprocessable_entity", "No header row with a `phone` column, or unreadable file."),
    429: ("rate_limited", "Rate limited: retry after the Retry-After header's seconds."),
    500: ("server_error", "Server error: retry shortly."),
}

PORTAL_CODES: dict[int, str] = {
    400: "A bad body or field (the message says which).",
    401: "The X-Admin-Key header is missing or wrong.",
    404: "Unknown account or token.",
    409: "A shortcode keyword (or a dedicated code) held by another account.",
    500: "Server error.",
}


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _nullable(schema: Schema) -> Schema:
    return {**schema, "type": [schema["type"], "null"]}


def _obj(properties: dict[str, Schema], required: list[str] | None = None, **extra: Any) -> Schema:
    schema: Schema = {"type": "object", "properties": properties, **extra}
    if required:
        schema["required"] = required
    return schema


def _json_body(schema: Schema, description: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before trying again.",
        "schema": {"type": "string", "pattern": "^[0-9]+$"},
    }
}


def _sms_errors(*codes: str) -> dict[str, Schema]:
    responses: dict[str, Schema] = {}
    for code in (*codes, "0429", "0500"):
        response = _json_body(_ref("SmsError"), f"`{code}`: {SMS_CODES[code]}")
        if code == "0429":
            response["headers"] = _RETRY_AFTER
        responses[str(int(code))] = response
    return responses


def _contacts_errors(*statuses: int) -> dict[str, Schema]:
    responses: dict[str, Schema] = {}
    for status in (*statuses, 401, 403, 429, 500):
        code, meaning = CONTACT_CODES[status]
        response = _json_body(_ref("ContactsError"), f"`{code}`: {meaning}")
        if status == 429:
            response["headers"] = _RETRY_AFTER
        responses[str(status)] = response
    return dict(sorted(responses.items()))


def _portal_errors(*statuses: int) -> dict[str, Schema]:
    return {
        str(status): _json_body(_ref("PortalError"), PORTAL_CODES[status])
        for status in sorted({*statuses, 401, 500})
    }


def _op(
    tag: str,
    operation_id: str,
    summary: str,
    description: str,
    responses: dict[str, Schema],
    *,
    security: Security,
    body: Schema | None = None,
    parameters: list[Schema] | None = None,
) -> Schema:
    operation: Schema = {
        "tags": [tag],
        "operationId": operation_id,
        "summary": summary,
        "description": description,
        "security": security,
        "responses": dict(sorted(responses.items())),
    }
    if body is not None:
        operation["requestBody"] = body
    if parameters:
        operation["parameters"] = parameters
    return operation


# --- security ----------------------------------------------------------------------------

Security = list[dict[str, list[str]]]
FROZEN_SECURITY: Security = [{"bearer": []}, {"apiTokenQuery": []}]
SCOPED_SECURITY: Security = [{"bearer": []}]
ADMIN_SECURITY: Security = [{"adminKey": []}]
PUBLIC: Security = []


def _security_schemes() -> Schema:
    return {
        "bearer": {
            "type": "http",
            "scheme": "bearer",
            "description": "`Authorization: Bearer <token>`; it wins over every other "
            "placement. A scoped token is `mbs_` + at least 32 URL-safe characters, with "
            f"scopes drawn from {', '.join(SCOPES)}; /v1 and /v2 need `sms`. A legacy token "
            "(an opaque string) works on /v1 and /v2 only.",
        },
        "apiTokenQuery": {
            "type": "apiKey",
            "in": "query",
            "name": "api_token",
            "description": "Legacy placement on /v1 and /v2 only: also accepted as the form, "
            "multipart or JSON body field `api_token`. Prefer the header: query strings "
            "are logged.",
        },
        "adminKey": {
            "type": "apiKey",
            "in": "header",
            "name": "X-Admin-Key",
            "description": "The sandbox's admin key (printed when it starts): the portal "
            "stand-in's stand-in for logging in to the account portal.",
        },
    }


# --- schemas -----------------------------------------------------------------------------

_PHONE = {
    "type": "string",
    "description": "`0712345678`, `254712345678` or `+254712345678`; stored as E.164.",
    "examples": ["0712345678"],
}
_E164 = {"type": "string", "description": "E.164.", "examples": ["+254712345678"]}
_TIME = {"type": "string", "format": "date-time", "description": "ISO 8601 UTC."}
_MESSAGE = {
    "type": "string",
    "minLength": 1,
    "maxLength": MAX_MESSAGE_CHARS,
    "description": f"At most {MAX_MESSAGE_CHARS:,} characters (code points); billed per "
    "part (GSM-7 160/153, UCS-2 70/67).",
    "examples": ["Habari! Your order is ready."],
}
_SENDER = {
    "type": "string",
    "minLength": 1,
    "description": "One of the account's sender IDs, or the shared default one (case-sensitive).",
    "examples": [SHARED_SENDER_ID],
}
_PHONES = {
    "anyOf": [
        {"type": "array", "items": {"type": "string"}, "maxItems": MAX_RECIPIENTS},
        {"type": "string", "description": "Comma-separated (observed)."},
    ],
    "description": f"At most {MAX_RECIPIENTS:,} numbers; invalid ones are skipped and listed "
    "in `invalid`.",
}
_UUID = {"type": "string", "format": "uuid"}
_MONEY = {"type": "number", "minimum": -MAX_CREDITS, "maximum": MAX_CREDITS}
_OK = {"type": "boolean", "const": True}


def _envelope(extra: dict[str, Schema], required: list[str], description: str) -> Schema:
    return _obj(
        {
            "status": _OK,
            "responseCode": {"type": "string", "const": "0200"},
            "message": {"type": "string"},
            **extra,
        },
        ["status", "responseCode", "message", *required],
        description=description,
    )


def _sms_schemas() -> dict[str, Schema]:
    send_reply = _envelope(
        {
            "messageId": {**_UUID, "description": "Look the delivery up by it."},
            "parts": {"type": "integer", "minimum": 1, "description": "Parts per message."},
        },
        ["messageId"],
        "An accepted send. Only `status`, `responseCode` and the id are certain on the real "
        "service.",
    )
    bulk_reply = {
        "allOf": [
            _ref("SendReply"),
            _obj(
                {
                    "bulkId": {**_UUID, "description": "The same value as `messageId`."},
                    "recipients": {"type": "integer", "minimum": 1},
                    "invalid": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "The numbers skipped, exactly as given, in order.",
                    },
                },
                ["bulkId", "recipients", "invalid"],
            ),
        ]
    }
    v2_reply = {
        "allOf": [
            _ref("SendReply"),
            _obj(
                {
                    "trackingId": {"type": "string"},
                    "cost": {"type": "integer", "minimum": 0, "description": "Billed parts."},
                },
                ["trackingId", "cost"],
            ),
        ]
    }
    record = _obj(
        {
            "messageId": _UUID,
            "phone": _E164,
            "status": {
                "type": "string",
                "enum": ["queued", "sent", "delivered", "failed", "rejected"],
                "description": "Normalised.",
            },
            "deliveredAt": _nullable({**_TIME, "description": "Null until final."}),
            "reason": _nullable({"type": "string", "examples": ["AbsentSubscriber"]}),
            "deliveryStatus": _obj(
                {
                    "status": {
                        "type": "string",
                        "description": "The network's raw wording.",
                        "examples": ["DeliveredToTerminal", "SentToNetwork", "AbsentSubscriber"],
                    },
                    "deliveryTime": _nullable(_TIME),
                    "reason": _nullable({"type": "string"}),
                },
                ["status"],
                description="Observed nesting of the raw status.",
            ),
        },
        ["messageId", "phone", "status", "deliveredAt", "reason", "deliveryStatus"],
    )
    return {
        "SmsError": _obj(
            {
                "status": {"type": "boolean", "const": False},
                "responseCode": {
                    "type": "string",
                    "pattern": "^[0-9]{4}$",
                    "examples": ["0400"],
                },
                "message": {"type": "string"},
                "invalid": {"type": "array", "items": {"type": "string"}},
            },
            ["status", "responseCode", "message"],
            description="Every SMS-family error. `responseCode` is the HTTP status with a "
            "leading zero; a 0400 for phone numbers lists them in `invalid`.",
        ),
        "SendMessage": _obj(
            {"senderID": _SENDER, "phone": _PHONE, "message": _MESSAGE},
            ["senderID", "phone", "message"],
        ),
        "SendBulk": _obj(
            {"senderID": _SENDER, "phones": _PHONES, "message": _MESSAGE},
            ["senderID", "phones", "message"],
        ),
        "SendPersonalized": _obj(
            {
                "senderID": _SENDER,
                "messageBody": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": MAX_RECIPIENTS,
                    "items": _obj({"phone": _PHONE, "message": _MESSAGE}, ["phone", "message"]),
                    "description": "One message per number (observed shape). In a form body: "
                    "the same list as JSON text.",
                },
            },
            ["senderID", "messageBody"],
        ),
        "SendTracked": _obj(
            {
                "senderID": _SENDER,
                "phone": _PHONE,
                "message": _MESSAGE,
                "trackingId": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": MAX_TRACKING_ID,
                    "description": "Yours: echoed back and carried by the delivery webhook.",
                },
            },
            ["senderID", "phone", "message", "trackingId"],
        ),
        "DeliveryLookup": _obj({"messageId": _UUID}, ["messageId"]),
        "SendReply": send_reply,
        "BulkReply": bulk_reply,
        "TrackedReply": v2_reply,
        "DeliveryRecord": record,
        "DeliveryReport": _obj(
            {
                "status": _OK,
                "message": {"type": "string"},
                "messageId": _UUID,
                "messages": {"type": "array", "items": _ref("DeliveryRecord")},
            },
            ["status", "messageId", "messages"],
            description="One record per recipient. Observed: no `responseCode` on success.",
        ),
        "Balance": _envelope(
            {"balance": {**_MONEY, "description": "Credits (SMS parts)."}},
            ["balance"],
            "The credit balance.",
        ),
        "AccountDetails": _envelope(
            {
                "balance": _MONEY,
                "sms_rate": {"type": "number", "description": "KES per part."},
                "currency": {"type": "string", "const": "KES"},
            },
            ["balance", "sms_rate", "currency"],
            "Balance and rate (observed).",
        ),
        "WhatsAppSend": _obj(
            {
                "template": {"type": "string", "minLength": 1, "examples": ["order_ready"]},
                "language": {"type": "string", "minLength": 1, "examples": ["en"]},
                "phone": _PHONE,
            },
            ["template", "language", "phone"],
        ),
        "SurveySend": _obj(
            {"surveyId": {"type": "string", "minLength": 1}, "phones": _PHONES},
            ["surveyId", "phones"],
        ),
        "SurveyReply": {
            "allOf": [
                _ref("SendReply"),
                _obj(
                    {
                        "recipients": {"type": "integer", "minimum": 1},
                        "invalid": {"type": "array", "items": {"type": "string"}},
                    },
                    ["recipients", "invalid"],
                ),
            ]
        },
    }


def _contacts_schemas() -> dict[str, Schema]:
    text = {"type": ["string", "null"], "description": '`null` or `""` clears it.'}
    contact_fields = {
        "first_name": text,
        "last_name": text,
        "email": {**text, "format": "email"},
        "notes": text,
    }
    contact = _obj(
        {
            "uuid": _UUID,
            "phone": _E164,
            **{name: {"type": ["string", "null"]} for name in contact_fields},
            "created_at": _TIME,
            "updated_at": _TIME,
        },
        ["uuid", "phone", "first_name", "last_name", "email", "notes", "created_at"],
    )
    upload = _obj(
        {
            "uuid": _UUID,
            "status": {"type": "string", "enum": ["processing", "completed", "failed"]},
            "total": {"type": "integer", "minimum": 0, "description": "Data rows."},
            "imported": {"type": "integer", "minimum": 0},
            "failed": {"type": "integer", "minimum": 0},
            "created_at": _TIME,
            "errors": {
                "type": "array",
                "maxItems": 1000,
                "items": _obj(
                    {
                        "row": {"type": "integer"},
                        "phone": {"type": ["string", "null"]},
                        "reason": {"type": "string"},
                    },
                    ["row", "phone", "reason"],
                ),
            },
        },
        ["uuid", "status", "total", "imported", "failed", "created_at", "errors"],
    )

    def ok(data: Schema) -> Schema:
        return _obj({"success": _OK, "data": data}, ["success", "data"])

    return {
        "ContactsError": _obj(
            {
                "success": {"type": "boolean", "const": False},
                "error": _obj(
                    {
                        "code": {
                            "type": "string",
                            "enum": [code for code, _ in CONTACT_CODES.values()]
                            + ["method_not_allowed"],
                        },
                        "message": {"type": "string"},
                        "fields": {
                            "type": "object",
                            "additionalProperties": {"type": "string"},
                            "description": "Field name → what is wrong with it.",
                        },
                    },
                    ["code", "message", "fields"],
                ),
            },
            ["success", "error"],
            description="Every contacts error (HTTP 400, 401, 403, 404, 409, 413, 415, 422, "
            "429 or 500).",
        ),
        "ContactCreate": _obj({"phone": _PHONE, **contact_fields}, ["phone"]),
        "ContactUpdate": _obj(
            {"phone": _PHONE, **contact_fields},
            description="Only the fields given change; `null` clears an optional field.",
        ),
        "Contact": contact,
        "ContactReply": ok(_ref("Contact")),
        "ContactPage": ok(
            _obj(
                {
                    "contacts": {"type": "array", "items": _ref("Contact")},
                    "page": {"type": "integer", "minimum": 1},
                    "page_size": {"type": "integer", "minimum": 1, "maximum": 100},
                    "total": {"type": "integer", "minimum": 0},
                    "total_pages": {"type": "integer", "minimum": 0},
                },
                ["contacts", "page", "page_size", "total", "total_pages"],
            )
        ),
        "ContactDeleted": ok(
            _obj({"uuid": _UUID, "deleted": {"type": "boolean", "const": True}}, ["uuid"])
        ),
        "Upload": upload,
        "UploadAccepted": ok(
            _obj(
                {
                    "upload_uuid": _UUID,
                    "status": {"type": "string", "const": "processing"},
                    "total": {"type": "integer", "minimum": 0},
                },
                ["upload_uuid", "status", "total"],
            )
        ),
        "UploadList": ok(
            _obj({"uploads": {"type": "array", "items": _ref("Upload")}}, ["uploads"])
        ),
    }


def _portal_schemas() -> dict[str, Schema]:
    url = {
        "type": ["string", "null"],
        "description": 'http:// or https://; `null` or `""` removes it.',
        "examples": ["http://127.0.0.1:9000/hooks"],
    }
    sender_ids = {
        "type": "array",
        "items": {"type": "string", "minLength": 1},
        "description": "The shared default sender ID works without being listed.",
    }
    rate = {"type": "number", "minimum": -MAX_RATE, "maximum": MAX_RATE}
    account = _obj(
        {
            "id": {"type": "string", "examples": ["acc_e8e1dc5ae0a349d18e0ce8922f26e10c"]},
            "name": {"type": "string"},
            "balance": _MONEY,
            "sender_ids": {"type": "array", "items": {"type": "string"}},
            "webhook_url": {"type": ["string", "null"]},
            "webhook_secret": {"type": ["string", "null"]},
            "sms_rate": {"type": "number"},
            "currency": {"type": "string", "const": "KES"},
            "created_at": _TIME,
        },
        ["id", "name", "balance", "sender_ids", "webhook_url", "webhook_secret", "sms_rate"],
    )
    message = _obj(
        {
            "message_id": _UUID,
            "phone": _E164,
            "text": {"type": "string"},
            "parts": {"type": "integer"},
            "status": {"type": "string"},
            "raw_status": {"type": "string"},
            "reason": {"type": ["string", "null"]},
            "delivered_at": {"type": ["string", "null"]},
            "created_at": _TIME,
            "sender_id": {"type": ["string", "null"]},
            "tracking_id": {"type": ["string", "null"]},
            "channel": {"type": "string", "enum": ["sms", "whatsapp", "survey"]},
        },
        ["message_id", "phone", "text", "parts", "status", "channel"],
    )
    word = {"type": "string", "minLength": 1}
    return {
        "PortalError": _obj(
            {"error": {"type": "string"}},
            ["error"],
            description="Every portal error, with what is wrong in plain words.",
        ),
        "AccountCreate": _obj(
            {
                "name": word,
                "balance": {**_MONEY, "default": 0},
                "sender_ids": sender_ids,
                "webhook_url": url,
                "webhook_secret": {
                    "type": ["string", "null"],
                    "description": "Minted as `whsec_…` when a URL is given without one.",
                },
                "sms_rate": {**rate, "default": 0.8},
            },
            ["name"],
        ),
        "AccountCreated": _obj(
            {"account_id": {"type": "string"}, "webhook_secret": {"type": ["string", "null"]}},
            ["account_id", "webhook_secret"],
        ),
        "AccountUpdate": _obj(
            {
                "name": word,
                "sender_ids": sender_ids,
                "webhook_url": url,
                "webhook_secret": {
                    "type": ["string", "null"],
                    "description": "`null` removes it: webhooks go unsigned.",
                },
                "sms_rate": rate,
            }
        ),
        "Account": account,
        "AccountList": _obj({"accounts": {"type": "array", "items": account}}, ["accounts"]),
        "MessageList": _obj({"messages": {"type": "array", "items": message}}, ["messages"]),
        "TokenCreate": _obj(
            {
                "kind": {"type": "string", "enum": ["scoped", "legacy"], "default": "scoped"},
                "scopes": {
                    "type": "array",
                    "items": {"type": "string", "enum": list(SCOPES)},
                    "description": "Default: every scope for a scoped token.",
                },
                "expires_in": {
                    "type": ["number", "null"],
                    "exclusiveMinimum": 0,
                    "maximum": 10 * 366 * 24 * 3600,
                    "description": "Seconds; `null` or absent: never expires.",
                },
            }
        ),
        "TokenCreated": _obj(
            {
                "token": {"type": "string", "description": "Shown once; only a hash is kept."},
                "expires_at": _nullable(_TIME),
            },
            ["token", "expires_at"],
        ),
        "Topup": _obj(
            {"amount": {**_MONEY, "description": "Credits; negative takes some away."}},
            ["amount"],
        ),
        "BalanceAfter": _obj({"balance": _MONEY}, ["balance"]),
        "TemplateCreate": _obj(
            {"name": word, "language": word, "approved": {"type": "boolean", "default": True}},
            ["name", "language"],
        ),
        "OptIn": _obj({"phone": _PHONE}, ["phone"]),
        "SurveyCreate": _obj({"surveyId": word, "title": word}, ["surveyId", "title"]),
        "ShortcodeCreate": _obj(
            {
                "shortcode": {**word, "examples": ["22345", "*384*55#"]},
                "keywords": {
                    "type": "array",
                    "items": {"type": "string", "pattern": "^\\S+$"},
                    "description": "Single words; an empty list dedicates the code.",
                },
            },
            ["shortcode"],
        ),
        "Inbound": _obj(
            {"shortcode": word, "phone": _PHONE, "message": {"type": "string"}},
            ["shortcode", "phone", "message"],
        ),
        "InboundResult": _obj(
            {
                "routed": {"type": "boolean"},
                "account_id": {"type": ["string", "null"]},
                "keyword": {"type": "string"},
                "event_id": {"type": ["string", "null"]},
            },
            ["routed", "account_id", "event_id"],
        ),
        "Ussd": _obj(
            {
                "serviceCode": word,
                "phone": _PHONE,
                "text": {"type": "string", "default": ""},
                "sessionId": {"type": ["string", "null"]},
                "event": {"type": ["string", "null"], "enum": ["start", "continue", "end", None]},
            },
            ["serviceCode", "phone"],
        ),
        "UssdResult": _obj(
            {
                "sessionId": {"type": "string"},
                "event": {"type": "string", "enum": ["start", "continue", "end"]},
                "routed": {"type": "boolean"},
                "account_id": {"type": ["string", "null"]},
                "event_id": {"type": ["string", "null"]},
            },
            ["sessionId", "event", "routed", "account_id", "event_id"],
        ),
        "Fault": _obj(
            {
                "kind": {"type": "string", "enum": list(FAULT_KINDS)},
                "count": {"type": "integer", "minimum": 1, "maximum": MAX_INT, "default": 1},
                "path_prefix": {"type": ["string", "null"]},
                "seconds": {
                    "type": ["number", "null"],
                    "minimum": 0,
                    "maximum": MAX_FAULT_SECONDS,
                    "default": 1,
                },
            },
            ["kind"],
        ),
    }


# --- operations --------------------------------------------------------------------------


def _frozen_body(schema: str) -> Schema:
    ref = _ref(schema)
    return {
        "required": True,
        "description": "JSON, form-encoded or multipart alike (CONTRACT.md); a form body "
        "may also carry the legacy `api_token` field.",
        "content": {
            "application/json": {"schema": ref},
            "application/x-www-form-urlencoded": {"schema": {"type": "object"}},
            "multipart/form-data": {"schema": {"type": "object"}},
        },
    }


def _json_request(schema: str, *, required: bool = True) -> Schema:
    return {"required": required, "content": {"application/json": {"schema": _ref(schema)}}}


def _query(name: str, schema: Schema, description: str, *, required: bool = False) -> Schema:
    return {
        "name": name,
        "in": "query",
        "required": required,
        "description": description,
        "schema": schema,
    }


def _path(name: str, description: str) -> Schema:
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": description,
        "schema": {"type": "string"},
    }


def _sms_paths() -> dict[str, Schema]:
    def send(op_id: str, summary: str, description: str, request: str, reply: str) -> Schema:
        return _op(
            SMS_TAG,
            op_id,
            summary,
            description,
            {
                "200": _json_body(_ref(reply), "Accepted (`0200`): sent and billed."),
                **_sms_errors("0400", "0401", "0402", "0403", "0422"),
            },
            security=FROZEN_SECURITY,
            body=_frozen_body(request),
        )

    get_send_params = [
        _query("senderID", {"type": "string"}, "As in the POST body."),
        _query("phone", {"type": "string"}, "As in the POST body."),
        _query("message", {"type": "string"}, "As in the POST body."),
    ]
    get_send = _op(
        SMS_TAG,
        "sendMessageGet",
        "Send one SMS, expressed as a URL",
        "The same send as the POST, for clients that cannot POST.",
        {
            "200": _json_body(_ref("SendReply"), "Accepted (`0200`)."),
            **_sms_errors("0400", "0401", "0402", "0403", "0422"),
        },
        security=FROZEN_SECURITY,
        parameters=get_send_params,
    )
    read_errors = _sms_errors("0401", "0403")
    return {
        "/v1/send/message": {
            "post": send(
                "sendMessage",
                "Send one SMS",
                "Billed `parts(message)` credits. An invalid number is a 0400 and costs nothing.",
                "SendMessage",
                "SendReply",
            ),
            "get": get_send,
        },
        "/v1/send/messageget": {"get": {**get_send, "operationId": "sendMessageGetObserved"}},
        "/v1/send/bulk": {
            "post": send(
                "sendBulk",
                "Send one SMS to many numbers",
                f"At most {MAX_RECIPIENTS:,} recipients. Invalid numbers are skipped and "
                "listed in `invalid`; the valid ones are sent and billed. Balance is checked "
                "for the whole request first.",
                "SendBulk",
                "BulkReply",
            )
        },
        "/v1/send/bulk-personalized": {
            "post": send(
                "sendPersonalized",
                "Send a different SMS to each number",
                "Billed per message's parts. Invalid numbers are skipped and listed.",
                "SendPersonalized",
                "BulkReply",
            )
        },
        "/v2/send/message": {
            "post": send(
                "sendTracked",
                "Send one SMS with your tracking id",
                "As the v1 single send, plus `trackingId` (echoed, and carried by the "
                "delivery-report webhook) and `cost` in the reply.",
                "SendTracked",
                "TrackedReply",
            )
        },
        "/v1/dlr": {
            "post": _op(
                SMS_TAG,
                "deliveryReport",
                "Look up a send's delivery",
                "One record per recipient. An unknown id (or another account's) is a 0400.",
                {
                    "200": _json_body(_ref("DeliveryReport"), "The records."),
                    **_sms_errors("0400", "0401", "0403"),
                },
                security=FROZEN_SECURITY,
                body=_frozen_body("DeliveryLookup"),
            )
        },
        "/v1/get-balance/": {
            "get": _op(
                SMS_TAG,
                "getBalance",
                "The credit balance",
                "Observed clients call it without the trailing slash; both are served.",
                {"200": _json_body(_ref("Balance"), "The balance."), **read_errors},
                security=FROZEN_SECURITY,
            )
        },
        "/v1/get-balance/account-details": {
            "get": _op(
                SMS_TAG,
                "getAccountDetails",
                "Balance, rate per part and currency",
                "Observed on the real service; `sms_rate` turns credits into KES.",
                {"200": _json_body(_ref("AccountDetails"), "The details."), **read_errors},
                security=FROZEN_SECURITY,
            )
        },
    }


def _channel_paths() -> dict[str, Schema]:
    return {
        "/api/v1/whatsapp/send": {
            "post": _op(
                CHANNELS_TAG,
                "sendWhatsAppTemplate",
                "Send an approved WhatsApp template",
                "Scope `whatsapp`. An unknown or unapproved template, or a recipient who has "
                "not opted in, is a 0400. Not billed as SMS.",
                {
                    "200": _json_body(_ref("SendReply"), "Accepted (`0200`)."),
                    **_sms_errors("0400", "0401", "0403"),
                },
                security=SCOPED_SECURITY,
                body=_json_request("WhatsAppSend"),
            )
        },
        "/api/v1/surveys/send": {
            "post": _op(
                CHANNELS_TAG,
                "sendSurvey",
                "Send a survey",
                "Scope `surveys`. An unknown survey is a 0400.",
                {
                    "200": _json_body(_ref("SurveyReply"), "Accepted (`0200`)."),
                    **_sms_errors("0400", "0401", "0403"),
                },
                security=SCOPED_SECURITY,
                body=_json_request("SurveySend"),
            )
        },
    }


def _contacts_paths() -> dict[str, Schema]:
    uuid_param = [_path("uuid", "The contact's uuid.")]
    return {
        "/api/v1/contacts": {
            "get": _op(
                CONTACTS_TAG,
                "listContacts",
                "List contacts, newest first",
                "`search` matches names and phone (any of the three forms), "
                "case-insensitively. A page past the end is empty.",
                {"200": _json_body(_ref("ContactPage"), "One page."), **_contacts_errors(400)},
                security=SCOPED_SECURITY,
                parameters=[
                    _query(
                        "page",
                        {"type": "integer", "minimum": 1, "maximum": MAX_INT, "default": 1},
                        "1 or more.",
                    ),
                    _query(
                        "page_size",
                        {"type": "integer", "minimum": 1, "maximum": 100, "default": 20},
                        "1 to 100.",
                    ),
                    _query("search", {"type": "string"}, "Name or phone fragment."),
                ],
            ),
            "post": _op(
                CONTACTS_TAG,
                "createContact",
                "Create a contact",
                "The phone is unique per account: a duplicate is a 409.",
                {
                    "201": _json_body(_ref("ContactReply"), "Created."),
                    **_contacts_errors(400, 409),
                },
                security=SCOPED_SECURITY,
                body=_json_request("ContactCreate"),
            ),
        },
        "/api/v1/contacts/{uuid}": {
            "get": _op(
                CONTACTS_TAG,
                "getContact",
                "One contact",
                "Another account's uuid is unknown: 404.",
                {"200": _json_body(_ref("ContactReply"), "The contact."), **_contacts_errors(404)},
                security=SCOPED_SECURITY,
                parameters=uuid_param,
            ),
            "put": _op(
                CONTACTS_TAG,
                "updateContact",
                "Change some of a contact's fields",
                "Only the fields given change; `null` clears an optional field.",
                {
                    "200": _json_body(_ref("ContactReply"), "The contact as it now is."),
                    **_contacts_errors(400, 404, 409),
                },
                security=SCOPED_SECURITY,
                parameters=uuid_param,
                body=_json_request("ContactUpdate"),
            ),
            "delete": _op(
                CONTACTS_TAG,
                "deleteContact",
                "Delete a contact",
                "",
                {
                    "200": _json_body(_ref("ContactDeleted"), "Deleted."),
                    **_contacts_errors(404),
                },
                security=SCOPED_SECURITY,
                parameters=uuid_param,
            ),
        },
        "/api/v1/contacts/upload": {
            "post": _op(
                UPLOADS_TAG,
                "uploadContacts",
                "Import a .csv or .xlsx file",
                f"At most {MAX_BYTES // (1024 * 1024)} MiB and {MAX_ROWS:,} data rows; a "
                "header row naming the columns (case-insensitive): `phone` required, "
                "`first_name`, `last_name`, `email` optional, others ignored. Type, size, "
                "header and readability are checked before the 202; the import then runs "
                "on its own (poll the uploads list). A row whose phone exists updates that "
                "contact. An .xlsx is also refused (413) when it would unpack to more than "
                "128 MiB, or holds more than 1,048,576 rows or 5,000,000 cells; an imported "
                "cell over 1,000 characters is a 422.",
                {
                    "202": _json_body(_ref("UploadAccepted"), "Accepted: processing."),
                    **_contacts_errors(400, 413, 415, 422),
                },
                security=SCOPED_SECURITY,
                body={
                    "required": True,
                    "content": {
                        "multipart/form-data": {
                            "schema": _obj(
                                {"file": {"type": "string", "contentMediaType": "text/csv"}},
                                ["file"],
                            ),
                        }
                    },
                },
            )
        },
        "/api/v1/contacts/uploads": {
            "get": _op(
                UPLOADS_TAG,
                "listUploads",
                "Uploads and their progress, newest first",
                "`processing` → `completed` (imported + failed = total) or `failed`.",
                {"200": _json_body(_ref("UploadList"), "Every upload."), **_contacts_errors()},
                security=SCOPED_SECURITY,
            )
        },
    }


def _portal_paths() -> dict[str, Schema]:
    account = [_path("account_id", "The account's id (`acc_…`).")]

    def post(
        op_id: str,
        summary: str,
        description: str,
        request: str | None,
        reply: str,
        status: str = "201",
        errors: tuple[int, ...] = (400, 404),
        params: list[Schema] | None = None,
    ) -> Schema:
        return _op(
            PORTAL_TAG,
            op_id,
            summary,
            description,
            {status: _json_body(_ref(reply), "Done."), **_portal_errors(*errors)},
            security=ADMIN_SECURITY,
            body=_json_request(request, required=False) if request else None,
            parameters=params,
        )

    def get(op_id: str, summary: str, reply: str, errors: tuple[int, ...] = ()) -> Schema:
        return _op(
            PORTAL_TAG,
            op_id,
            summary,
            "",
            {"200": _json_body(_ref(reply), "Found."), **_portal_errors(*errors)},
            security=ADMIN_SECURITY,
            parameters=account if errors else None,
        )

    return {
        "/sandbox/accounts": {
            "post": post(
                "createAccount",
                "Create an account",
                "The portal step done once by hand on the real platform.",
                "AccountCreate",
                "AccountCreated",
                errors=(400,),
            ),
            "get": get("listAccounts", "Every account, oldest first", "AccountList"),
        },
        "/sandbox/accounts/{account_id}": {
            "get": get("getAccount", "One account", "Account", (404,)),
            "patch": post(
                "updateAccount",
                "Change an account",
                "Setting a webhook URL on an account without a secret mints one.",
                "AccountUpdate",
                "Account",
                status="200",
                params=account,
            ),
        },
        "/sandbox/accounts/{account_id}/messages": {
            "get": get(
                "listAccountMessages",
                "Every recipient record the account sent (all channels)",
                "MessageList",
                (404,),
            )
        },
        "/sandbox/accounts/{account_id}/tokens": {
            "post": post(
                "createToken",
                "Mint a token (shown once)",
                "The other portal step. A scoped token is `mbs_` + 43 URL-safe characters; "
                "a legacy one 40 hex characters.",
                "TokenCreate",
                "TokenCreated",
                params=account,
            )
        },
        "/sandbox/tokens/{token}": {
            "delete": _op(
                PORTAL_TAG,
                "revokeToken",
                "Revoke a token",
                "The token is never echoed back, not even in a 404.",
                {
                    "200": _json_body(
                        _obj({"revoked": {"type": "boolean", "const": True}}, ["revoked"]),
                        "Revoked.",
                    ),
                    **_portal_errors(404),
                },
                security=ADMIN_SECURITY,
                parameters=[_path("token", "The token itself.")],
            )
        },
        "/sandbox/accounts/{account_id}/topup": {
            "post": post(
                "topUp",
                "Add (or take away) credits",
                f"The balance stays within ±{MAX_CREDITS:g} credits: a top-up that would "
                "leave it outside is a 400.",
                "Topup",
                "BalanceAfter",
                status="200",
                params=account,
            )
        },
        "/sandbox/accounts/{account_id}/templates": {
            "post": post(
                "addTemplate",
                "Add a WhatsApp template",
                "Replaces one of the same name and language.",
                "TemplateCreate",
                "TemplateCreate",
                params=account,
            )
        },
        "/sandbox/accounts/{account_id}/optins": {
            "post": post(
                "addOptIn",
                "Opt a number in to WhatsApp",
                "",
                "OptIn",
                "OptIn",
                params=account,
            )
        },
        "/sandbox/accounts/{account_id}/surveys": {
            "post": post(
                "addSurvey", "Add a survey", "", "SurveyCreate", "SurveyCreate", params=account
            )
        },
        "/sandbox/accounts/{account_id}/shortcodes": {
            "post": post(
                "addShortcode",
                "Register keywords on a shortcode or USSD code",
                "A keyword (or a dedicated code) belongs to one account: 409 otherwise.",
                "ShortcodeCreate",
                "ShortcodeCreate",
                errors=(400, 404, 409),
                params=account,
            )
        },
        "/sandbox/inbound": {
            "post": post(
                "inboundSms",
                "An SMS arrives on a shortcode",
                "Routed by its first word (the keyword) to the account that registered it, "
                "as an `inbound_sms` webhook.",
                "Inbound",
                "InboundResult",
                status="200",
                errors=(400,),
            )
        },
        "/sandbox/ussd": {
            "post": post(
                "ussdEvent",
                "A USSD session event",
                "Routed like an inbound SMS, as a `ussd` webhook.",
                "Ussd",
                "UssdResult",
                status="200",
                errors=(400,),
            )
        },
        "/sandbox/settle": {
            "post": _op(
                PORTAL_TAG,
                "settle",
                "Make every pending delivery final now",
                "Returns once they are; the webhooks follow asynchronously.",
                {
                    "200": _json_body(
                        _obj({"settled": {"type": "integer", "minimum": 0}}, ["settled"]),
                        "How many settled.",
                    ),
                    **_portal_errors(),
                },
                security=ADMIN_SECURITY,
            )
        },
        "/sandbox/faults": {
            "post": post(
                "addFault",
                "Make the next requests fail",
                "The next `count` service requests whose path starts with `path_prefix` "
                "(every non-/sandbox path when left out) fail in the given way: `error500`, "
                "`ratelimit` (HTTP 429, Retry-After), `delay` (processed at once, the reply "
                f"`seconds` late; 0 to {MAX_FAULT_SECONDS:g}), `disconnect` (processed, no "
                "reply), `malformed` (processed, a body that is not JSON), `portal` (not "
                "processed: an HTML page in the service's place, as a network shows once the "
                "data bundle is used up or before a Wi-Fi sign-in).",
                "Fault",
                "Fault",
                errors=(400,),
            ),
            "delete": _op(
                PORTAL_TAG,
                "clearFaults",
                "Switch every fault off",
                "",
                {
                    "200": _json_body(
                        _obj({"cleared": {"type": "boolean", "const": True}}, ["cleared"]),
                        "Cleared.",
                    ),
                    **_portal_errors(),
                },
                security=ADMIN_SECURITY,
            ),
        },
    }


def _reference_paths() -> dict[str, Schema]:
    return {
        "/openapi.json": {
            "get": _op(
                REFERENCE_TAG,
                "openapi",
                "This description",
                "",
                {"200": _json_body({"type": "object"}, "OpenAPI 3.1.")},
                security=PUBLIC,
            )
        },
        "/docs": {
            "get": _op(
                REFERENCE_TAG,
                "docs",
                "This description, for people",
                "",
                {
                    "200": {
                        "description": "An HTML page with no outside assets.",
                        "content": {"text/html": {"schema": {"type": "string"}}},
                    }
                },
                security=PUBLIC,
            )
        },
    }


def _description(shared_sender: str) -> str:
    codes = "\n".join(f"| `{code}` | {meaning} |" for code, meaning in SMS_CODES.items())
    return f"""A faithful local stand-in for the messaging service (`spec/messaging-service.md` \
as fixed by `CONTRACT.md`), with a stand-in for the account portal under `/sandbox/`.

- **Success** is `status: true` **and** `responseCode: "0200"`; an HTTP 200 alone means \
nothing, and an error envelope may come with any HTTP status: always decode the body.
- The frozen `/v1` and `/v2` paths are served **with and without a trailing slash**; nothing \
answers with a redirect. Unknown paths get a 404 in the shape of their family.
- The shared default sender ID of this sandbox is **`{shared_sender}`**: every account may \
send from it (`--shared-sender` changes it).
- Bodies of `/v1` and `/v2` POSTs may be JSON, form-encoded or multipart.
- Each recipient settles `--settle-seconds` after the send (or at `POST /sandbox/settle`): \
numbers ending in `0000` fail with `AbsentSubscriber`, every other one is delivered.

| responseCode | meaning |
|---|---|
{codes}
"""


def build(shared_sender: str = SHARED_SENDER_ID, server_url: str | None = None) -> Schema:
    """The whole description; `server_url` becomes its one server."""
    document: Schema = {
        "openapi": "3.1.0",
        "info": {
            "title": "Tuma sandbox: messaging service",
            "version": "1.0.0",
            "summary": "SMS, delivery reports, contacts, channels, and the sandbox portal.",
            "description": _description(shared_sender),
        },
        "tags": [
            {"name": SMS_TAG, "description": "Frozen: their contracts never change."},
            {"name": CHANNELS_TAG, "description": "Template broadcasts and surveys."},
            {"name": CONTACTS_TAG, "description": "Scope `contacts`; envelope {success, data}."},
            {"name": UPLOADS_TAG, "description": "Bulk import; scope `contacts`."},
            {
                "name": PORTAL_TAG,
                "description": "The sandbox's stand-in for the account portal and the "
                "handset side. Never faulted.",
            },
            {"name": REFERENCE_TAG, "description": "This description itself."},
        ],
        "paths": {
            **_sms_paths(),
            **_channel_paths(),
            **_contacts_paths(),
            **_portal_paths(),
            **_reference_paths(),
        },
        "components": {
            "securitySchemes": _security_schemes(),
            "schemas": {**_sms_schemas(), **_contacts_schemas(), **_portal_schemas()},
        },
    }
    if server_url:
        document["servers"] = [{"url": server_url, "description": "This sandbox."}]
    return document
