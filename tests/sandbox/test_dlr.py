"""Delivery reports: per-recipient records, deterministic settling, other accounts' ids."""

from __future__ import annotations

from typing import Any

import httpx

from tests.sandbox.conftest import wait_until

SEND = {"senderID": "TUMA", "message": "Habari"}


def _lookup(api: httpx.Client, message_id: str) -> dict[str, Any]:
    response = api.post("/v1/dlr", json={"messageId": message_id})
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    assert body["status"] is True
    assert "responseCode" not in body  # observed: left out on a successful lookup
    assert body["messageId"] == message_id
    return body


def test_records_settle_deterministically(api: httpx.Client, admin: Any, account: Any) -> None:
    phones = ["0712345678", "0722000000", "+254733000001"]
    sent = api.post("/v1/send/bulk", json={**SEND, "phones": phones}).json()
    message_id = sent["messageId"]
    body = _lookup(api, message_id)
    assert [r["phone"] for r in body["messages"]] == [
        "+254712345678",
        "+254722000000",
        "+254733000001",
    ]
    for record in body["messages"]:
        assert record["messageId"] == message_id
        if record["status"] == "sent":
            assert record["deliveredAt"] is None
            assert record["deliveryStatus"]["status"] == "SentToNetwork"

    def settled() -> dict[str, Any] | None:
        found = _lookup(api, message_id)
        done = all(r["status"] in ("delivered", "failed") for r in found["messages"])
        return found if done else None

    body = wait_until(settled)
    by_phone = {r["phone"]: r for r in body["messages"]}
    ok = by_phone["+254712345678"]
    assert ok["status"] == "delivered"
    assert ok["reason"] is None
    assert ok["deliveredAt"].endswith("Z")
    assert ok["deliveryStatus"] == {
        "status": "DeliveredToTerminal",
        "deliveryTime": ok["deliveredAt"],
        "reason": None,
    }
    failed = by_phone["+254722000000"]
    assert failed["status"] == "failed"
    assert failed["reason"] == "AbsentSubscriber"
    assert failed["deliveryStatus"]["status"] == "AbsentSubscriber"
    assert failed["deliveredAt"] is not None


def test_settle_makes_everything_final(sandbox: Any, admin: Any) -> None:
    account_id = admin.create_account(name="Slow shop", balance=10, sender_ids=["TUMA"])
    token = admin.create_token(account_id, kind="legacy")
    with httpx.Client(base_url=sandbox.base_url, trust_env=False) as client:
        sent = client.post(
            "/v1/send/message", params={"api_token": token}, json={**SEND, "phone": "0712345678"}
        ).json()
        admin.settle()
        body = client.post("/v1/dlr", data={"messageId": sent["messageId"], "api_token": token})
        [record] = body.json()["messages"]
        assert record["status"] == "delivered"
        assert [m["status"] for m in admin.messages(account_id)] == ["delivered"]


def test_unknown_or_foreign_message_id(api: httpx.Client, admin: Any, sandbox: Any) -> None:
    response = api.post("/v1/dlr", json={"messageId": "00000000-0000-0000-0000-000000000000"})
    assert response.status_code == 400
    assert response.json()["responseCode"] == "0400"
    assert api.post("/v1/dlr", json={}).json()["responseCode"] == "0400"
    other = admin.create_account(name="Other shop", balance=10, sender_ids=["TUMA"])
    token = admin.create_token(other, kind="scoped", scopes=["sms"])
    with httpx.Client(
        base_url=sandbox.base_url, trust_env=False, headers={"Authorization": f"Bearer {token}"}
    ) as client:
        sent = client.post("/v1/send/message", json={**SEND, "phone": "0712345678"}).json()
    response = api.post("/v1/dlr", json={"messageId": sent["messageId"]})
    assert response.json()["responseCode"] == "0400"
