"""Credentials: scoped and legacy tokens in every placement, 401/403 exactly as the contract."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from desktop_app.sandbox.db import Database
from tests.sandbox.conftest import wait_until

SEND = {"senderID": "TUMA", "phone": "0712345678", "message": "Habari"}


def _code(response: httpx.Response) -> str:
    code: str = response.json()["responseCode"]
    assert response.status_code == int(code)
    return code


@pytest.mark.parametrize("kind", ["scoped", "legacy"])
def test_every_placement_on_frozen_endpoints(
    http: httpx.Client, account: Any, admin: Any, kind: str
) -> None:
    token = account.token if kind == "scoped" else account.legacy_token
    assert (
        _code(
            http.post("/v1/send/message", json=SEND, headers={"Authorization": f"Bearer {token}"})
        )
        == "0200"
    )
    assert _code(http.post("/v1/send/message", json=SEND, params={"api_token": token})) == "0200"
    assert _code(http.post("/v1/send/message", data={**SEND, "api_token": token})) == "0200"
    assert (
        _code(
            http.post(
                "/v1/send/message", data={**SEND, "api_token": token}, files={"f": ("a.txt", b"a")}
            )
        )
        == "0200"
    )
    assert _code(http.post("/v1/send/message", json={**SEND, "api_token": token})) == "0200"
    assert _code(http.get("/v1/get-balance/", params={"api_token": token})) == "0200"
    assert admin.balance(account.account_id) == 995


def test_header_wins_over_other_placements(http: httpx.Client, account: Any) -> None:
    bad = {"Authorization": "Bearer mbs_" + "x" * 40}
    good = {"Authorization": f"Bearer {account.token}"}
    assert (
        _code(http.post("/v1/send/message", json={**SEND, "api_token": account.token}, headers=bad))
        == "0401"
    )
    assert (
        _code(
            http.post(
                "/v1/send/message", params={"api_token": account.token}, json=SEND, headers=bad
            )
        )
        == "0401"
    )
    assert (
        _code(http.post("/v1/send/message", json={**SEND, "api_token": "junk"}, headers=good))
        == "0200"
    )
    assert (
        _code(
            http.get(
                "/v1/get-balance/",
                params={"api_token": account.legacy_token},
                headers={"Authorization": "Basic abc"},
            )
        )
        == "0401"
    )


@pytest.mark.parametrize(
    "header",
    [None, "Bearer", "Bearer nonsense", "Bearer mbs_short", "Bearer mbs_" + "a" * 40, "Token x"],
)
def test_missing_or_unknown_token_is_401(http: httpx.Client, header: str | None) -> None:
    headers = {"Authorization": header} if header is not None else {}
    response = http.post("/v1/send/message", json=SEND, headers=headers)
    assert _code(response) == "0401"
    assert response.json()["status"] is False
    response = http.get("/api/v1/contacts", headers=headers)
    assert response.status_code == 401
    assert response.json()["success"] is False


def test_revoked_token_is_401(http: httpx.Client, account: Any, admin: Any) -> None:
    headers = {"Authorization": f"Bearer {account.token}"}
    assert _code(http.get("/v1/get-balance/", headers=headers)) == "0200"
    admin.revoke_token(account.token)
    assert _code(http.get("/v1/get-balance/", headers=headers)) == "0401"
    assert http.get("/api/v1/contacts", headers=headers).status_code == 401
    admin.revoke_token(account.legacy_token)
    assert _code(http.get("/v1/get-balance/", params={"api_token": account.legacy_token})) == "0401"


def test_legacy_token_on_api_v1_is_403(http: httpx.Client, account: Any) -> None:
    headers = {"Authorization": f"Bearer {account.legacy_token}"}
    response = http.get("/api/v1/contacts", headers=headers)
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "forbidden"
    response = http.post(
        "/api/v1/whatsapp/send",
        headers=headers,
        json={"template": "t", "language": "en", "phone": "0712345678"},
    )
    assert _code(response) == "0403"
    response = http.post(
        "/api/v1/surveys/send", headers=headers, json={"surveyId": "s", "phones": ["0712345678"]}
    )
    assert _code(response) == "0403"


def test_api_v1_takes_the_header_only(http: httpx.Client, account: Any) -> None:
    assert http.get("/api/v1/contacts", params={"api_token": account.token}).status_code == 401


@pytest.mark.parametrize(
    ("scopes", "allowed"),
    [
        (["contacts"], {"contacts"}),
        (["sms"], {"sms"}),
        (["whatsapp", "surveys"], {"whatsapp", "surveys"}),
    ],
)
def test_scopes(
    http: httpx.Client, account: Any, admin: Any, scopes: list[str], allowed: set[str]
) -> None:
    token = admin.create_token(account.account_id, kind="scoped", scopes=scopes)
    headers = {"Authorization": f"Bearer {token}"}
    calls: dict[str, Callable[[], httpx.Response]] = {
        "sms": lambda: http.get("/v1/get-balance/", headers=headers),
        "contacts": lambda: http.get("/api/v1/contacts", headers=headers),
        "whatsapp": lambda: http.post(
            "/api/v1/whatsapp/send",
            headers=headers,
            json={"template": "x", "language": "en", "phone": "0712345678"},
        ),
        "surveys": lambda: http.post(
            "/api/v1/surveys/send",
            headers=headers,
            json={"surveyId": "x", "phones": ["0712345678"]},
        ),
    }
    for scope, call in calls.items():
        status = call().status_code
        if scope in allowed:
            assert status != 403, scope
        else:
            assert status == 403, scope


def test_scope_403_envelope_on_frozen_endpoint(
    http: httpx.Client, account: Any, admin: Any
) -> None:
    token = admin.create_token(account.account_id, kind="scoped", scopes=["contacts"])
    response = http.post(
        "/v1/send/message", json=SEND, headers={"Authorization": f"Bearer {token}"}
    )
    body = response.json()
    assert response.status_code == 403
    assert body == {"status": False, "responseCode": "0403", "message": body["message"]}
    assert admin.balance(account.account_id) == 1000


def test_portal_needs_the_admin_key(sandbox: Any) -> None:
    with httpx.Client(base_url=sandbox.base_url, trust_env=False) as client:
        assert client.get("/sandbox/accounts").status_code == 401
        response = client.get("/sandbox/accounts", headers={"X-Admin-Key": "wrong"})
        assert response.status_code == 401


def test_admin_errors_never_show_a_token(admin: Any, account: Any) -> None:
    admin.revoke_token(account.token)
    with pytest.raises(httpx.HTTPStatusError) as failure:
        admin.revoke_token("mbs_" + "z" * 40)
    assert failure.value.response.status_code == 404
    assert "zzzz" not in str(failure.value)
    assert "<token>" in str(failure.value)


def _portal(sandbox: Any) -> httpx.Client:
    return httpx.Client(
        base_url=sandbox.base_url, headers={"X-Admin-Key": sandbox.admin_key}, trust_env=False
    )


def test_token_expiry_is_stored_absolute_and_reported(account: Any, sandbox: Any) -> None:
    before = datetime.now(UTC)
    with _portal(sandbox) as client:
        reply = client.post(
            f"/sandbox/accounts/{account.account_id}/tokens",
            json={"kind": "scoped", "scopes": ["sms"], "expires_in": 3600},
        )
        assert reply.status_code == 201
        expires_at = datetime.fromisoformat(reply.json()["expires_at"])
        assert expires_at.utcoffset() == timedelta(0)
        span = expires_at - before
        assert timedelta(seconds=3598) < span < timedelta(seconds=3602)
        headers = {"Authorization": f"Bearer {reply.json()['token']}"}
        assert _code(client.get("/v1/get-balance/", headers=headers)) == "0200"
        forever = client.post(
            f"/sandbox/accounts/{account.account_id}/tokens",
            json={},
        )
        assert forever.json()["expires_at"] is None


def test_expired_token_is_401_saying_it_expired(
    http: httpx.Client, account: Any, admin: Any
) -> None:
    scoped = admin.create_token(account.account_id, expires_in=1.0)
    legacy = admin.create_token(account.account_id, kind="legacy", expires_in=1.0)
    headers = {"Authorization": f"Bearer {scoped}"}
    assert _code(http.get("/v1/get-balance/", headers=headers)) == "0200"
    assert _code(http.get("/v1/get-balance/", params={"api_token": legacy})) == "0200"

    expired = wait_until(
        lambda: (r := http.get("/v1/get-balance/", headers=headers)).status_code == 401 and r
    )
    assert _code(expired) == "0401"
    assert expired.json()["status"] is False
    assert "expired" in expired.json()["message"]
    response = http.get("/v1/get-balance/", params={"api_token": legacy})
    assert _code(response) == "0401"
    assert "expired" in response.json()["message"]
    response = http.get("/api/v1/contacts", headers=headers)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "unauthorized"
    assert "expired" in response.json()["error"]["message"]
    assert scoped not in response.text
    # the account's other tokens are untouched
    ok = http.get("/v1/get-balance/", headers={"Authorization": f"Bearer {account.token}"})
    assert _code(ok) == "0200"


@pytest.mark.parametrize("expires_in", [0, -5, "60", True, 1e12, None])
def test_expires_in_must_be_a_positive_number(
    account: Any, sandbox: Any, expires_in: object
) -> None:
    with _portal(sandbox) as client:
        body = {"expires_in": expires_in}
        reply = client.post(
            f"/sandbox/accounts/{account.account_id}/tokens",
            json=body,
        )
    if expires_in is None:  # explicit null: no expiry
        assert reply.status_code == 201
        assert reply.json()["expires_at"] is None
    else:
        assert reply.status_code == 400
        assert "expires_in" in reply.json()["error"]


def test_an_older_data_dir_gains_the_expiry_column(tmp_path: Path) -> None:
    path = tmp_path / "sandbox.sqlite3"
    with sqlite3.connect(path) as old:
        old.execute(
            "CREATE TABLE tokens (token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL,"
            " kind TEXT NOT NULL, scopes TEXT NOT NULL, revoked INTEGER NOT NULL DEFAULT 0,"
            " created_at TEXT NOT NULL)"
        )
        old.execute("INSERT INTO tokens VALUES ('h', 'acc', 'legacy', '[]', 0, 'then')")
    old.close()
    db = Database(path)
    try:
        [row] = db.query("SELECT token_hash, expires_at FROM tokens")
        assert (row["token_hash"], row["expires_at"]) == ("h", None)
    finally:
        db.close()
