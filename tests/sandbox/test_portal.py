"""The portal stand-in's own success and error paths."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from desktop_app.sandbox.admin import SandboxAdmin


@pytest.fixture
def portal(sandbox: Any) -> Iterator[httpx.Client]:
    with httpx.Client(
        base_url=sandbox.base_url, trust_env=False, headers={"X-Admin-Key": sandbox.admin_key}
    ) as client:
        yield client


def test_accounts(admin: SandboxAdmin) -> None:
    account_id = admin.create_account("Portal shop", 12.5, ["TUMA", "DUKA"])
    account = admin.account(account_id)
    assert account["name"] == "Portal shop"
    assert account["balance"] == 12.5
    assert account["sender_ids"] == ["TUMA", "DUKA"]
    assert account["sms_rate"] == pytest.approx(0.80)
    assert account["currency"] == "KES"
    listed = {a["id"]: a for a in admin.list_accounts()}
    assert listed[account_id]["balance"] == 12.5
    assert admin.topup(account_id, 7.5) == 20
    assert admin.balance(account_id) == 20
    updated = admin.update_account(account_id, sender_ids=["DUKA"], sms_rate=0.5)
    assert (updated["sender_ids"], updated["sms_rate"]) == (["DUKA"], 0.5)


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"name": ""},
        {"name": "x", "balance": "ten"},
        {"name": "x", "sender_ids": "TUMA"},
        {"name": "x", "sender_ids": [""]},
    ],
)
def test_bad_account_bodies(portal: httpx.Client, body: dict[str, Any]) -> None:
    assert portal.post("/sandbox/accounts", json=body).status_code == 400


@pytest.mark.parametrize("number", [b"NaN", b"Infinity", b"-Infinity"])
def test_numbers_must_be_finite(portal: httpx.Client, account: Any, number: bytes) -> None:
    """Python's JSON reader accepts NaN and Infinity; the portal must not store them."""
    base = f"/sandbox/accounts/{account.account_id}"
    headers = {"Content-Type": "application/json"}
    for path, body in [
        ("/sandbox/accounts", b'{"name": "x", "balance": %s}'),
        (f"{base}/topup", b'{"amount": %s}'),
        (f"{base}", b'{"sms_rate": %s}'),
    ]:
        method = "PATCH" if path == base else "POST"
        reply = portal.request(method, path, content=body % number, headers=headers)
        assert reply.status_code == 400, (path, reply.text)
    assert portal.get(base).json()["balance"] == 1000  # the fixture's balance, untouched


def test_unknown_account_is_404(portal: httpx.Client) -> None:
    for method, path, body in [
        ("GET", "/sandbox/accounts/nope", None),
        ("GET", "/sandbox/accounts/nope/messages", None),
        ("POST", "/sandbox/accounts/nope/tokens", {"kind": "scoped"}),
        ("POST", "/sandbox/accounts/nope/topup", {"amount": 5}),
        ("POST", "/sandbox/accounts/nope/templates", {"name": "t", "language": "en"}),
        ("POST", "/sandbox/accounts/nope/optins", {"phone": "0712345678"}),
        ("POST", "/sandbox/accounts/nope/surveys", {"surveyId": "s", "title": "t"}),
        ("POST", "/sandbox/accounts/nope/shortcodes", {"shortcode": "1", "keywords": []}),
    ]:
        assert portal.request(method, path, json=body).status_code == 404, path
    assert portal.delete("/sandbox/tokens/unknown").status_code == 404


def test_bad_portal_bodies(portal: httpx.Client, account: Any) -> None:
    base = f"/sandbox/accounts/{account.account_id}"
    assert portal.post(f"{base}/tokens", json={"kind": "admin"}).status_code == 400
    assert portal.post(f"{base}/tokens", json={"scopes": ["root"]}).status_code == 400
    assert portal.post(f"{base}/topup", json={"amount": "5"}).status_code == 400
    assert portal.post(f"{base}/optins", json={"phone": "12"}).status_code == 400
    assert portal.post(f"{base}/templates", json={"name": "t"}).status_code == 400
    assert (
        portal.post(
            f"{base}/shortcodes", json={"shortcode": "1", "keywords": ["two words"]}
        ).status_code
        == 400
    )
    assert (
        portal.post(
            "/sandbox/inbound", json={"shortcode": "1", "phone": "x", "message": "m"}
        ).status_code
        == 400
    )
    assert portal.post("/sandbox/ussd", json={"serviceCode": "*1#"}).status_code == 400
    assert portal.post("/sandbox/accounts", content=b"{").status_code == 400


def test_token_kinds(admin: SandboxAdmin, account: Any) -> None:
    scoped = admin.create_token(account.account_id)
    assert scoped.startswith("mbs_")
    assert len(scoped) >= 4 + 32
    legacy = admin.create_token(account.account_id, kind="legacy")
    assert not legacy.startswith("mbs_")


def test_messages_listing(admin: SandboxAdmin, account: Any) -> None:
    with httpx.Client(
        base_url=account.base_url,
        trust_env=False,
        headers={"Authorization": f"Bearer {account.token}"},
    ) as client:
        client.post(
            "/v2/send/message",
            json={"senderID": "TUMA", "phone": "0712345678", "message": "Hi", "trackingId": "x-1"},
        )
    assert admin.settle() >= 1
    [record] = admin.messages(account.account_id)
    assert {
        "message_id",
        "phone",
        "text",
        "parts",
        "status",
        "sender_id",
        "tracking_id",
        "created_at",
    } <= set(record)
    assert (record["status"], record["tracking_id"]) == ("delivered", "x-1")


def test_webhook_url_must_be_http(portal: httpx.Client, account: Any) -> None:
    body = {"name": "x", "webhook_url": "ftp://example.com/hook"}
    assert portal.post("/sandbox/accounts", json=body).status_code == 400
    path = f"/sandbox/accounts/{account.account_id}"
    assert portal.patch(path, json={"webhook_url": "nope"}).status_code == 400
    assert portal.patch(path, json={"name": None}).status_code == 400
    patched = portal.patch(path, json={"webhook_url": "http://127.0.0.1:9/hook"}).json()
    assert patched["webhook_secret"].startswith("whsec_")
