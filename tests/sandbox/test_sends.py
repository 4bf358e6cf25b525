"""Sends over real HTTP: envelopes, the three phone forms, billing per part, limits,
balance and sender-ID rules."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest

from desktop_app.core import sms

SEND = {"senderID": "TUMA", "phone": "0712345678", "message": "Habari"}


def _ok(response: httpx.Response) -> dict[str, Any]:
    body: dict[str, Any] = response.json()
    assert response.status_code == 200, body
    assert body["status"] is True
    assert body["responseCode"] == "0200"
    uuid.UUID(body["messageId"])
    return body


def _error(response: httpx.Response, code: str) -> dict[str, Any]:
    body: dict[str, Any] = response.json()
    assert response.status_code == int(code), body
    assert body["status"] is False
    assert body["responseCode"] == code
    assert body["message"]
    return body


def test_single_send_envelope_and_billing(api: httpx.Client, admin: Any, account: Any) -> None:
    body = _ok(api.post("/v1/send/message", json=SEND))
    assert body["parts"] == 1
    assert admin.balance(account.account_id) == 999
    [record] = admin.messages(account.account_id)
    assert record["message_id"] == body["messageId"]
    assert record["phone"] == "+254712345678"
    assert record["text"] == "Habari"
    assert record["sender_id"] == "TUMA"
    assert record["parts"] == 1


@pytest.mark.parametrize("phone", ["0712345678", "254712345678", "+254712345678"])
def test_three_phone_forms_store_e164(
    api: httpx.Client, admin: Any, account: Any, phone: str
) -> None:
    _ok(api.post("/v1/send/message", json={**SEND, "phone": phone}))
    assert [m["phone"] for m in admin.messages(account.account_id)] == ["+254712345678"]


@pytest.mark.parametrize("path", ["/v1/send/message", "/v1/send/messageget"])
def test_get_send(http: httpx.Client, account: Any, admin: Any, path: str) -> None:
    params = {**SEND, "api_token": account.legacy_token}
    _ok(http.get(path, params=params))
    assert admin.balance(account.account_id) == 999


def test_form_and_multipart_bodies(api: httpx.Client, admin: Any, account: Any) -> None:
    _ok(api.post("/v1/send/message", data=SEND))
    _ok(api.post("/v1/send/message", data=SEND, files={"unused": ("x.txt", b"x")}))
    assert admin.balance(account.account_id) == 998


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("a" * 160, 1),
        ("a" * 161, 2),
        ("a" * 306, 2),
        ("a" * 307, 3),
        ("ç" * 70, 1),  # lower-case ç is not GSM-7: UCS-2
        ("ç" * 71, 2),
        ("Ç" * 160, 1),  # capital Ç is GSM-7
        ("a" * 158 + "€", 1),  # extension character: two septets
        ("a" * 159 + "€", 2),
        ("a" * 152 + "€" + "a" * 152, 3),  # the escape pair is not split across parts
        ("😀" * 35, 1),
        ("a" * 69 + "😀", 2),
        ("a" * 66 + "😀" + "a" * 66, 3),  # the surrogate pair is not split across parts
        ("x" * 1600, 11),
    ],
)
def test_billing_per_part(
    api: httpx.Client, admin: Any, account: Any, text: str, parts: int
) -> None:
    assert sms.parts(text) == parts  # the counter on screen agrees with the bill
    body = _ok(
        api.post(
            "/v1/send/bulk", json={**SEND, "phones": ["0712345678", "0722000001"], "message": text}
        )
    )
    assert body["parts"] == parts
    assert admin.balance(account.account_id) == 1000 - 2 * parts


def test_bulk_skips_invalid_numbers_in_request_order(
    api: httpx.Client, admin: Any, account: Any
) -> None:
    phones = ["0712345678", "12345", "254722000001", "not a number", "+254733000002"]
    body = _ok(api.post("/v1/send/bulk", json={**SEND, "phones": phones}))
    assert body["bulkId"] == body["messageId"]
    assert body["recipients"] == 3
    assert body["invalid"] == ["12345", "not a number"]
    assert admin.balance(account.account_id) == 997
    recorded = [m["phone"] for m in admin.messages(account.account_id)]
    assert recorded == ["+254712345678", "+254722000001", "+254733000002"]


def test_bulk_phones_as_comma_string_and_form_list(
    api: httpx.Client, admin: Any, account: Any
) -> None:
    body = _ok(api.post("/v1/send/bulk", json={**SEND, "phones": "0712345678, 0722000001"}))
    assert body["recipients"] == 2
    form = {"senderID": "TUMA", "message": "Hi", "phones": ["0712345678", "0722000001"]}
    body = _ok(api.post("/v1/send/bulk", data=form))
    assert body["recipients"] == 2
    assert admin.balance(account.account_id) == 996


def test_bulk_with_no_valid_number_is_rejected(api: httpx.Client, admin: Any, account: Any) -> None:
    body = _error(api.post("/v1/send/bulk", json={**SEND, "phones": ["123", "abc"]}), "0400")
    assert body["invalid"] == ["123", "abc"]
    assert admin.balance(account.account_id) == 1000


def test_single_invalid_phone_is_rejected_not_billed(
    api: httpx.Client, admin: Any, account: Any
) -> None:
    _error(api.post("/v1/send/message", json={**SEND, "phone": "0712"}), "0400")
    assert admin.balance(account.account_id) == 1000
    assert admin.messages(account.account_id) == []


def test_personalized(api: httpx.Client, admin: Any, account: Any) -> None:
    items = [
        {"phone": "0712345678", "message": "Hi Amina"},
        {"phone": "999", "message": "lost"},
        {"phone": "254722000001", "message": "b" * 161},
    ]
    body = _ok(
        api.post("/v1/send/bulk-personalized", json={"senderID": "TUMA", "messageBody": items})
    )
    assert body["recipients"] == 2
    assert body["invalid"] == ["999"]
    assert body["parts"] == 2
    assert admin.balance(account.account_id) == 997
    texts = {m["phone"]: m["text"] for m in admin.messages(account.account_id)}
    assert texts == {"+254712345678": "Hi Amina", "+254722000001": "b" * 161}
    form = {"senderID": "TUMA", "messageBody": json.dumps(items[:1])}
    _ok(api.post("/v1/send/bulk-personalized", data=form))


@pytest.mark.parametrize(
    "body",
    [
        {"senderID": "TUMA"},
        {"senderID": "TUMA", "messageBody": "nope"},
        {"senderID": "TUMA", "messageBody": []},
        {"senderID": "TUMA", "messageBody": [{"phone": "0712345678", "message": ""}]},
        {"senderID": "TUMA", "messageBody": [{"phone": "0712345678"}]},
        {"senderID": "TUMA", "messageBody": [{"phone": "0712345678", "message": "x" * 1601}]},
    ],
)
def test_personalized_bad_payloads(api: httpx.Client, body: dict[str, Any]) -> None:
    _error(api.post("/v1/send/bulk-personalized", json=body), "0400")


def test_v2_tracking_and_cost(api: httpx.Client, admin: Any, account: Any) -> None:
    body = _ok(
        api.post("/v2/send/message", json={**SEND, "message": "a" * 161, "trackingId": "order-17"})
    )
    assert body["trackingId"] == "order-17"
    assert body["cost"] == 2
    assert body["parts"] == 2
    assert admin.messages(account.account_id)[0]["tracking_id"] == "order-17"
    _ok(api.post("/v2/send/message", json={**SEND, "trackingId": "t" * 64}))
    _error(api.post("/v2/send/message", json={**SEND, "trackingId": "t" * 65}), "0400")
    _error(api.post("/v2/send/message", json=SEND), "0400")
    assert admin.balance(account.account_id) == 997


@pytest.mark.parametrize(
    "changes",
    [
        {"message": ""},
        {"message": "x" * 1601},
        {"message": None},
        {"senderID": None},
        {"phone": None},
        {"message": 5},
    ],
)
def test_single_send_bad_payloads(
    api: httpx.Client, admin: Any, account: Any, changes: dict[str, Any]
) -> None:
    body = {k: v for k, v in {**SEND, **changes}.items() if v is not None}
    _error(api.post("/v1/send/message", json=body), "0400")
    assert admin.balance(account.account_id) == 1000


def test_malformed_json_body(api: httpx.Client) -> None:
    _error(
        api.post(
            "/v1/send/message", content=b"{nope", headers={"Content-Type": "application/json"}
        ),
        "0400",
    )


def test_recipient_limit(api: httpx.Client, admin: Any, account: Any) -> None:
    phones = [f"07{n:08d}" for n in range(12_000_001, 12_001_002)]  # 1,001 numbers
    _error(api.post("/v1/send/bulk", json={**SEND, "phones": phones}), "0400")
    body = _ok(api.post("/v1/send/bulk", json={**SEND, "phones": phones[:1000]}))
    assert body["recipients"] == 1000
    assert admin.balance(account.account_id) == 0


def test_limits_are_checked_before_balance(admin: Any, sandbox: Any) -> None:
    account_id = admin.create_account(name="Empty shop", balance=0, sender_ids=["TUMA"])
    token = admin.create_token(account_id, kind="scoped", scopes=["sms"])
    with httpx.Client(
        base_url=sandbox.base_url, trust_env=False, headers={"Authorization": f"Bearer {token}"}
    ) as client:
        _error(client.post("/v1/send/message", json={**SEND, "message": "x" * 1601}), "0400")
        _error(client.post("/v1/send/message", json={**SEND, "phone": "0712"}), "0400")
        _error(client.post("/v1/send/message", json=SEND), "0402")


def test_insufficient_balance_bills_nothing(admin: Any, sandbox: Any) -> None:
    account_id = admin.create_account(name="Small shop", balance=3, sender_ids=["TUMA"])
    token = admin.create_token(account_id, kind="scoped", scopes=["sms"])
    with httpx.Client(
        base_url=sandbox.base_url, trust_env=False, headers={"Authorization": f"Bearer {token}"}
    ) as client:
        phones = ["0712345678", "0722000001"]
        body = _error(
            client.post("/v1/send/bulk", json={**SEND, "phones": phones, "message": "a" * 161}),
            "0402",
        )
        assert "balance" in body["message"].lower()
        assert admin.balance(account_id) == 3
        assert admin.messages(account_id) == []
        _ok(client.post("/v1/send/message", json={**SEND, "message": "a" * 400}))  # 3 parts
        assert admin.balance(account_id) == 0


@pytest.mark.parametrize("sender", ["tuma", "OTHER", ""])
def test_sender_id_not_owned(api: httpx.Client, admin: Any, account: Any, sender: str) -> None:
    body = api.post("/v1/send/message", json={**SEND, "senderID": sender}).json()
    if sender == "":
        assert body["responseCode"] == "0400"
    else:
        assert body["responseCode"] == "0422"
        assert body["message"] == "You are not assigned to this sender ID"
    assert admin.balance(account.account_id) == 1000


def test_shared_sender_id(api: httpx.Client, admin: Any, account: Any) -> None:
    _ok(api.post("/v1/send/message", json={**SEND, "senderID": "SANDBOX"}))
    _error(api.post("/v1/send/message", json={**SEND, "senderID": "Sandbox"}), "0422")
    assert admin.balance(account.account_id) == 999


def test_balance_and_account_details(api: httpx.Client, admin: Any, account: Any) -> None:
    body = api.get("/v1/get-balance/").json()
    assert body["status"] is True
    assert body["responseCode"] == "0200"
    assert body["balance"] == 1000
    assert admin.topup(account.account_id, 50) == 1050
    body = api.get("/v1/get-balance/account-details").json()
    assert body["responseCode"] == "0200"
    assert body["balance"] == 1050
    assert body["sms_rate"] == pytest.approx(0.80)
    assert body["currency"] == "KES"


def test_get_send_errors(http: httpx.Client, account: Any, admin: Any) -> None:
    params = {**SEND, "api_token": account.legacy_token}
    _error(http.get("/v1/send/message", params={**params, "message": ""}), "0400")
    _error(http.get("/v1/send/messageget", params={**params, "senderID": "NOPE"}), "0422")
    _error(http.get("/v1/send/message", params={**SEND, "api_token": "wrong"}), "0401")
    assert admin.balance(account.account_id) == 1000
