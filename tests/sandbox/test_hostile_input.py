"""Bad input of every kind is a 4xx in the shape of the path's family, never a 500, and the
connection stays usable: nesting deeper than 32 levels, a body over 10 MiB, a lone UTF-16
surrogate in any stored string, numbers that are not finite or do not fit, overflowing
pages and balances, malformed URLs (CONTRACT.md, "Bad input of any kind")."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from desktop_app.sandbox.admin import SandboxAdmin
from desktop_app.sandbox.db import Database

SEND = {"senderID": "TUMA", "phone": "0712345678", "message": "Habari"}
MIB = 1024 * 1024
LONE = "\ud800"  # a lone high surrogate: not valid Unicode, cannot be stored or echoed


@dataclass(frozen=True)
class JsonRoute:
    """One route that reads a JSON body, a valid body for it, and the error shape of its
    family: "sms" (status/responseCode), "contacts" (success/error) or "portal" (error)."""

    method: str
    path: str
    family: str
    body: dict[str, Any]
    # the key path of a string the route stores or echoes, for the surrogate test
    stored: tuple[str | int, ...] | None


def _routes(account_id: str, contact_uuid: str) -> list[JsonRoute]:
    acc = f"/sandbox/accounts/{account_id}"
    return [
        JsonRoute("POST", "/v1/send/message", "sms", SEND, ("message",)),
        JsonRoute(
            "POST",
            "/v1/send/bulk",
            "sms",
            {"senderID": "TUMA", "phones": ["0712345678"], "message": "Hi"},
            ("message",),
        ),
        JsonRoute(
            "POST",
            "/v1/send/bulk-personalized",
            "sms",
            {"senderID": "TUMA", "messageBody": [{"phone": "0712345678", "message": "Hi"}]},
            ("messageBody", 0, "message"),
        ),
        JsonRoute(
            "POST", "/v2/send/message", "sms", {**SEND, "trackingId": "t-1"}, ("trackingId",)
        ),
        JsonRoute("POST", "/v1/dlr", "sms", {"messageId": "nope"}, ("messageId",)),
        JsonRoute(
            "POST",
            "/api/v1/whatsapp/send",
            "sms",
            {"template": "t", "language": "en", "phone": "0712345678"},
            ("template",),
        ),
        JsonRoute(
            "POST",
            "/api/v1/surveys/send",
            "sms",
            {"surveyId": "s", "phones": ["0712345678"]},
            ("surveyId",),
        ),
        JsonRoute(
            "POST",
            "/api/v1/contacts",
            "contacts",
            {"phone": "0799000001", "first_name": "A"},
            ("first_name",),
        ),
        JsonRoute(
            "PUT", f"/api/v1/contacts/{contact_uuid}", "contacts", {"notes": "n"}, ("notes",)
        ),
        JsonRoute("POST", "/sandbox/accounts", "portal", {"name": "Shop"}, ("name",)),
        JsonRoute("PATCH", acc, "portal", {"name": "Shop"}, ("name",)),
        JsonRoute("POST", f"{acc}/tokens", "portal", {"kind": "scoped"}, None),
        JsonRoute("POST", f"{acc}/topup", "portal", {"amount": 1}, None),
        JsonRoute("POST", f"{acc}/templates", "portal", {"name": "t", "language": "en"}, ("name",)),
        JsonRoute("POST", f"{acc}/optins", "portal", {"phone": "0712345678"}, ("phone",)),
        JsonRoute("POST", f"{acc}/surveys", "portal", {"surveyId": "s", "title": "T"}, ("title",)),
        JsonRoute("POST", f"{acc}/shortcodes", "portal", {"shortcode": "22345"}, ("shortcode",)),
        JsonRoute(
            "POST",
            "/sandbox/inbound",
            "portal",
            {"shortcode": "1", "phone": "0712345678", "message": "m"},
            ("message",),
        ),
        JsonRoute(
            "POST",
            "/sandbox/ussd",
            "portal",
            {"serviceCode": "*1#", "phone": "0712345678", "text": "t"},
            ("text",),
        ),
        JsonRoute(
            "POST",
            "/sandbox/faults",
            "portal",
            {"kind": "delay", "seconds": 0, "path_prefix": "/nothing"},
            ("path_prefix",),
        ),
    ]


ROUTE_NAMES = [f"{r.method} {r.path}" for r in _routes("{id}", "{uuid}")]


@pytest.fixture
def client(sandbox: Any, account: Any) -> Iterator[httpx.Client]:
    """One connection for all families: the account's token and the admin key together."""
    headers = {"Authorization": f"Bearer {account.token}", "X-Admin-Key": sandbox.admin_key}
    with httpx.Client(
        base_url=sandbox.base_url, headers=headers, timeout=30.0, trust_env=False
    ) as http:
        yield http


@pytest.fixture
def contact_uuid(client: httpx.Client) -> str:
    created = client.post("/api/v1/contacts", json={"phone": "0799000002"})
    assert created.status_code == 201, created.text
    return str(created.json()["data"]["uuid"])


@pytest.fixture(autouse=True)
def no_faults_left(admin: SandboxAdmin) -> Iterator[None]:
    yield
    admin.clear_faults()


def _route(account: Any, contact_uuid: str, index: int) -> JsonRoute:
    return _routes(account.account_id, contact_uuid)[index]


def _send_raw(client: httpx.Client, route: JsonRoute, raw: bytes) -> httpx.Response:
    return client.request(
        route.method, route.path, content=raw, headers={"Content-Type": "application/json"}
    )


def _assert_bad_request(response: httpx.Response, family: str) -> None:
    assert response.status_code == 400, response.text
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    if family == "sms":
        assert (body["status"], body["responseCode"]) == (False, "0400")
    elif family == "contacts":
        assert body["success"] is False
        assert body["error"]["code"] == "invalid_request"
    else:
        assert isinstance(body["error"], str)
        assert body["error"]


def _still_usable(client: httpx.Client) -> None:
    """The same connection answers the next request."""
    assert client.get("/v1/get-balance/").status_code == 200


def _nested(depth: int) -> str:
    """JSON text of `depth` nested arrays."""
    return "[" * depth + "]" * depth


def _with_extra(body: dict[str, Any], extra_json: str) -> bytes:
    """The body with one more key whose value is the given JSON text."""
    text = json.dumps(body)
    return (text[:-1] + ', "extra": ' + extra_json + "}").encode()


@pytest.mark.parametrize("index", range(len(ROUTE_NAMES)), ids=ROUTE_NAMES)
def test_deeply_nested_json_is_a_400_in_the_family_shape(
    client: httpx.Client, account: Any, contact_uuid: str, index: int
) -> None:
    route = _route(account, contact_uuid, index)
    _assert_bad_request(_send_raw(client, route, _nested(100_000).encode()), route.family)
    # 33 levels inside an otherwise valid body: the object itself is the first level
    too_deep = _with_extra(route.body, _nested(32))
    _assert_bad_request(_send_raw(client, route, too_deep), route.family)
    _still_usable(client)


def test_nesting_of_32_levels_is_accepted(client: httpx.Client) -> None:
    route = JsonRoute("POST", "/v1/send/message", "sms", SEND, None)
    response = _send_raw(client, route, _with_extra(SEND, _nested(31)))
    assert response.status_code == 200, response.text


def test_deep_json_inside_a_form_field_is_a_0400(client: httpx.Client) -> None:
    """A form-encoded personalised send carries messageBody as JSON text."""
    response = client.post(
        "/v1/send/bulk-personalized",
        data={"senderID": "TUMA", "messageBody": _nested(100_000)},
    )
    _assert_bad_request(response, "sms")


def _set(body: Any, keys: tuple[str | int, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(body))
    target = copy
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value
    return copy


SURROGATE_ROUTES = [i for i, r in enumerate(_routes("{id}", "{uuid}")) if r.stored is not None]


@pytest.mark.parametrize("index", SURROGATE_ROUTES, ids=[ROUTE_NAMES[i] for i in SURROGATE_ROUTES])
def test_lone_surrogate_in_a_stored_string_is_a_400(
    client: httpx.Client, account: Any, contact_uuid: str, index: int
) -> None:
    route = _route(account, contact_uuid, index)
    assert route.stored is not None
    for value in (LONE, f"ok {LONE} ok", "\udc00"):
        raw = json.dumps(_set(route.body, route.stored, value)).encode()  # \ud800 escapes
        _assert_bad_request(_send_raw(client, route, raw), route.family)
    raw = json.dumps({**route.body, LONE: "x"}).encode()  # in a key too
    _assert_bad_request(_send_raw(client, route, raw), route.family)
    _still_usable(client)


def test_a_valid_surrogate_pair_is_still_fine(client: httpx.Client) -> None:
    raw = json.dumps({**SEND, "message": "Karibu \U0001f600"}).encode()  # \ud83d\ude00
    response = client.post("/v1/send/message", content=raw)
    assert response.status_code == 200, response.text


def test_invalid_utf8_in_a_form_body_is_a_0400(client: httpx.Client) -> None:
    raw = b"senderID=TUMA&phone=0712345678&message=%ED%A0%80"  # UTF-8 of a lone surrogate
    response = client.post(
        "/v1/send/message",
        content=raw,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    _assert_bad_request(response, "sms")


@pytest.mark.parametrize(
    "number", ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1" + "0" * 30]
)
@pytest.mark.parametrize("index", [0, 7, 12], ids=["sms", "contacts", "portal topup"])
def test_numbers_that_are_not_finite_or_do_not_fit_are_a_400(
    client: httpx.Client, account: Any, contact_uuid: str, index: int, number: str
) -> None:
    route = _route(account, contact_uuid, index)
    _assert_bad_request(_send_raw(client, route, _with_extra(route.body, number)), route.family)
    if route.path.endswith("/topup"):
        raw = json.dumps({"amount": 0}).replace("0", number).encode()
        _assert_bad_request(_send_raw(client, route, raw), route.family)


@pytest.mark.parametrize("index", [0, 7, 9], ids=["sms", "contacts", "portal"])
@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_body_over_10_mib_is_a_400(
    client: httpx.Client, account: Any, contact_uuid: str, index: int, chunked: bool
) -> None:
    route = _route(account, contact_uuid, index)
    raw = _with_extra(route.body, json.dumps("x" * (10 * MIB)))
    content: bytes | Iterator[bytes] = raw
    if chunked:  # no Content-Length: the limit holds while reading the stream
        content = iter([raw[i : i + MIB] for i in range(0, len(raw), MIB)])
    response = client.request(
        route.method, route.path, content=content, headers={"Content-Type": "application/json"}
    )
    _assert_bad_request(response, route.family)
    assert "10 MiB" in response.text
    _still_usable(client)


def test_a_body_just_under_10_mib_is_read(client: httpx.Client) -> None:
    padding = 10 * MIB - len(json.dumps(SEND)) - 64
    raw = _with_extra(SEND, json.dumps("x" * padding))
    assert len(raw) < 10 * MIB
    assert client.post("/v1/send/message", content=raw).status_code == 200


# --- numbers that must stay finite -------------------------------------------------------


@pytest.mark.parametrize("page_size", [20, 100])
def test_a_page_past_the_end_is_empty(
    client: httpx.Client, contact_uuid: str, page_size: int
) -> None:
    for page in (99999999999999999, 2**63 - 1):
        params = {"page": str(page), "page_size": str(page_size)}
        response = client.get("/api/v1/contacts", params=params)
        assert response.status_code == 200, response.text
        data = response.json()["data"]
        assert (data["contacts"], data["page"], data["total"]) == ([], page, 1)


@pytest.mark.parametrize("page", [str(2**63), "9" * 30])
def test_a_page_number_that_does_not_fit_is_a_400(client: httpx.Client, page: str) -> None:
    response = client.get("/api/v1/contacts", params={"page": page})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["fields"] == {"page": "too large"}
    _still_usable(client)


def test_top_ups_cannot_make_the_balance_infinite(
    client: httpx.Client, admin: SandboxAdmin, account: Any
) -> None:
    path = f"/sandbox/accounts/{account.account_id}/topup"
    for _ in range(2):
        response = client.post(path, json={"amount": 1e308})
        assert response.status_code == 400, response.text
        assert "amount" in response.json()["error"]
    assert admin.balance(account.account_id) == 1000
    balance = client.get("/v1/get-balance/")
    assert balance.status_code == 200
    assert balance.json()["balance"] == 1000
    assert client.post("/v1/send/message", json=SEND).status_code == 200
    assert admin.balance(account.account_id) == 999  # billed


def test_the_balance_stays_within_its_bound(client: httpx.Client, account: Any) -> None:
    path = f"/sandbox/accounts/{account.account_id}/topup"
    assert client.post(path, json={"amount": 1e15 - 1000}).json() == {"balance": 1e15}
    over = client.post(path, json={"amount": 1})
    assert over.status_code == 400
    assert "balance" in over.json()["error"]
    assert client.post(path, json={"amount": -2e15}).status_code == 400
    assert client.post("/sandbox/accounts", json={"name": "x", "balance": 1e16}).status_code == 400
    patch = client.patch(f"/sandbox/accounts/{account.account_id}", json={"sms_rate": 1e300})
    assert patch.status_code == 400
    assert client.get("/v1/get-balance/").json()["balance"] == 1e15


@pytest.mark.parametrize("seconds", ["NaN", "Infinity", "1e308", "3601"])
@pytest.mark.parametrize("kind", ["delay", "ratelimit"])
def test_fault_seconds_must_be_finite_and_bounded(
    client: httpx.Client, seconds: str, kind: str
) -> None:
    raw = b'{"kind": "%s", "seconds": %s}' % (kind.encode(), seconds.encode())
    response = client.post("/sandbox/faults", content=raw)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert "seconds" in error or "finite" in error
    _still_usable(client)  # no fault was left behind to hold this request


@pytest.mark.parametrize(
    "url",
    [
        "http://[",
        "http://[::1",
        "https://example.com:99999/hook",
        "http://exa mple.com/",
        "http://",
    ],
)
def test_a_malformed_webhook_url_is_a_400(client: httpx.Client, account: Any, url: str) -> None:
    created = client.post("/sandbox/accounts", json={"name": "x", "webhook_url": url})
    assert created.status_code == 400, created.text
    assert "webhook_url" in created.json()["error"]
    patched = client.patch(f"/sandbox/accounts/{account.account_id}", json={"webhook_url": url})
    assert patched.status_code == 400, patched.text
    _still_usable(client)


def test_good_webhook_urls_are_kept(client: httpx.Client, account: Any) -> None:
    path = f"/sandbox/accounts/{account.account_id}"
    for url in ("http://[::1]:9000/hooks", "https://example.co.ke/hooks?x=1"):
        response = client.patch(path, json={"webhook_url": url})
        assert response.status_code == 200, response.text
        assert response.json()["webhook_url"] == url


def test_an_infinite_balance_left_by_an_older_sandbox_is_repaired_on_open(
    tmp_path: Path,
) -> None:
    path = tmp_path / "sandbox.sqlite3"
    Database(path).close()
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(
            "INSERT INTO accounts (id, name, balance, sender_ids, sms_rate, created_at) "
            "VALUES ('acc_old', 'Old shop', 9e999, '[]', 0.8, '2026-01-01T00:00:00.000Z')"
        )
    db = Database(path)  # what a sandbox does when it starts on an existing data dir
    try:
        row = db.query_one("SELECT balance FROM accounts WHERE id='acc_old'")
        assert row is not None
        assert row["balance"] == 1e15
    finally:
        db.close()
