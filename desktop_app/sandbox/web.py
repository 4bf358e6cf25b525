"""Request plumbing shared by the routes: envelopes, body decoding, authentication."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import parse_qsl

from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import JSONResponse

from desktop_app.sandbox.db import utc_now
from desktop_app.sandbox.service import Sandbox, token_hash

SCOPED_PREFIX = "mbs_"
_SCOPED_RE = re.compile(r"^mbs_[A-Za-z0-9_-]{32,}$")


def sandbox_of(request: Request) -> Sandbox:
    sandbox: Sandbox = request.app.state.sandbox
    return sandbox


# --- envelopes ---------------------------------------------------------------------------


def sms_ok(message: str = "Accepted", **fields: Any) -> JSONResponse:
    return JSONResponse({"status": True, "responseCode": "0200", "message": message, **fields})


def sms_error(code: str, message: str, **fields: Any) -> JSONResponse:
    return JSONResponse(
        {"status": False, "responseCode": code, "message": message, **fields},
        status_code=int(code),
    )


_CONTACT_CODES = {
    400: "invalid_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "unprocessable_entity",
    500: "server_error",
}


def contacts_ok(data: Any, status_code: int = 200) -> JSONResponse:
    return JSONResponse({"success": True, "data": data}, status_code=status_code)


def contacts_error(
    status_code: int, message: str, fields: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(
        {
            "success": False,
            "error": {
                "code": _CONTACT_CODES.get(status_code, str(status_code)),
                "message": message,
                "fields": fields or {},
            },
        },
        status_code=status_code,
    )


# --- bodies ------------------------------------------------------------------------------
#
# CONTRACT.md: bad input of any kind is a 400 in the family's shape, never a 500. A body over
# MAX_BODY bytes is cut off while it is read (BodyLimit in app.py raises BodyTooLarge from
# `receive`); decode_json refuses nesting deeper than MAX_DEPTH, strings that are not valid
# Unicode (a lone UTF-16 surrogate cannot be stored, hashed or echoed) and numbers that are
# not finite or do not fit in 64 bits.

MAX_BODY = 10 * 1024 * 1024
MAX_DEPTH = 32
MAX_INT = 2**63 - 1
MAX_FORM_FIELDS = 1000
_SURROGATE = re.compile("[\ud800-\udfff]")


class BadBody(Exception):
    pass


class BodyTooLarge(BadBody):
    def __init__(self, limit: int = MAX_BODY) -> None:
        super().__init__(f"The body is larger than {limit // (1024 * 1024)} MiB")
        self.limit = limit


def valid_unicode(text: str) -> bool:
    """False for a string holding a lone UTF-16 surrogate (JSON allows the escape)."""
    return text.isascii() or _SURROGATE.search(text) is None


def _json_constant(name: str) -> Any:
    raise BadBody(f"Numbers must be finite: {name} is not allowed")


def _json_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadBody("Numbers must be finite: a number is too large")
    return value


def _json_int(text: str) -> int:
    if len(text) > 20 or abs(value := int(text)) > MAX_INT:
        raise BadBody("A number is too large: whole numbers must fit in 64 bits")
    return value


def decode_json(raw: bytes | str) -> Any:
    """JSON text checked against the bad-input rules above; raises BadBody."""
    try:
        data = json.loads(
            raw, parse_constant=_json_constant, parse_float=_json_float, parse_int=_json_int
        )
    except BadBody:
        raise
    except RecursionError:
        raise BadBody(f"The body nests deeper than {MAX_DEPTH} levels") from None
    except (ValueError, UnicodeDecodeError):
        raise BadBody("The body is not valid JSON") from None
    _check_tree(data)
    return data


def _check_tree(data: Any) -> None:
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if not valid_unicode(value):
                raise BadBody("The body holds a string that is not valid Unicode")
        elif isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise BadBody(f"The body nests deeper than {MAX_DEPTH} levels")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str) and not valid_unicode(key):
                    raise BadBody("The body holds a string that is not valid Unicode")
                stack.append((item, depth + 1))


def _form_fields(raw: bytes) -> dict[str, Any]:
    """An application/x-www-form-urlencoded body, decoded strictly as UTF-8 (Starlette's
    parser would turn bytes that are not UTF-8 into U+FFFD and accept them)."""
    try:
        pairs = parse_qsl(
            raw.decode("utf-8"),
            keep_blank_values=True,
            strict_parsing=False,
            encoding="utf-8",
            errors="strict",
            max_num_fields=MAX_FORM_FIELDS,
        )
    except (UnicodeDecodeError, ValueError):
        raise BadBody("The form body is not valid UTF-8 form data") from None
    grouped: dict[str, list[str]] = {}
    for key, value in pairs:
        if not valid_unicode(key) or not valid_unicode(value):
            raise BadBody("The form body holds a string that is not valid Unicode")
        grouped.setdefault(key, []).append(value)
    return _collapse(grouped)


def _collapse(grouped: dict[str, list[str]]) -> dict[str, Any]:
    """One value per field, a list for a repeated field or one named `name[]`."""
    fields: dict[str, Any] = {}
    for key, values in grouped.items():
        name = key[:-2] if key.endswith("[]") else key
        if len(values) == 1 and not key.endswith("[]"):
            fields[name] = values[0]
        else:
            fields[name] = list(values)
    return fields


async def read_fields(request: Request) -> dict[str, Any]:
    """The fields of a /v1 /v2 request: JSON, form-encoded or multipart alike (GET: query).
    Raises BadBody when the body cannot be decoded."""
    if request.method == "GET":
        return {key: request.query_params.get(key) for key in request.query_params}
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype == "application/x-www-form-urlencoded":
        return _form_fields(await request.body())
    if ctype == "multipart/form-data":
        try:
            async with request.form(max_fields=MAX_FORM_FIELDS) as form:
                grouped: dict[str, list[str]] = {}
                for key in form:
                    values = [v for v in form.getlist(key) if not isinstance(v, UploadFile)]
                    if values:
                        grouped[key] = values
                return _collapse(grouped)
        except BadBody:
            raise
        except Exception as exc:
            raise BadBody("The form body could not be read") from exc
    raw = await request.body()
    if not raw.strip():
        return {}
    return _json_object(raw)


async def read_json_object(request: Request) -> dict[str, Any]:
    return _json_object(await request.body())


def _json_object(raw: bytes) -> dict[str, Any]:
    data = decode_json(raw)
    if not isinstance(data, dict):
        raise BadBody("The body must be a JSON object")
    return data


# --- authentication ----------------------------------------------------------------------


@dataclass(frozen=True)
class Caller:
    account_id: str
    kind: str
    scopes: frozenset[str]


class AuthFailure(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _header_token(request: Request) -> str | None:
    """The bearer token of the Authorization header; "" when the header is present but not
    a bearer credential (that still wins over every other placement)."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, value = header.strip().partition(" ")
    if scheme.lower() != "bearer":
        return ""
    return value.strip()


def authenticate(
    request: Request, fields: dict[str, Any] | None, *, frozen: bool, scope: str
) -> Caller:
    """Resolves the caller or raises AuthFailure (401 unknown/missing, 403 scope)."""
    token = _header_token(request)
    if token is None and frozen:
        candidate = request.query_params.get("api_token")
        if candidate is None and fields is not None:
            value = fields.get("api_token")
            candidate = value if isinstance(value, str) else None
        token = candidate
    if not token:
        raise AuthFailure(401, "Unauthorized: a valid API token is required")
    if token.startswith(SCOPED_PREFIX) and not _SCOPED_RE.match(token):
        raise AuthFailure(401, "Unauthorized: the API token is not valid")
    row = sandbox_of(request).db.query_one(
        "SELECT account_id, kind, scopes, revoked, expires_at FROM tokens WHERE token_hash=?",
        (token_hash(token),),
    )
    if row is None or row["revoked"]:
        raise AuthFailure(401, "Unauthorized: the API token is not valid")
    if row["expires_at"] is not None and datetime.fromisoformat(row["expires_at"]) <= utc_now():
        raise AuthFailure(401, "Unauthorized: the API token has expired")
    if row["kind"] == "legacy":
        if not frozen:
            raise AuthFailure(
                403, "Forbidden: legacy API tokens cannot be used here; use a scoped token"
            )
        return Caller(row["account_id"], "legacy", frozenset({"sms"}))
    scopes = frozenset(json.loads(row["scopes"]))
    if scope not in scopes:
        raise AuthFailure(403, f"Forbidden: this token lacks the '{scope}' scope")
    return Caller(row["account_id"], "scoped", scopes)
