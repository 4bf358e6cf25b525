"""WhatsApp template sends and survey sends."""

from __future__ import annotations

from typing import Any

import httpx

WA = "/api/v1/whatsapp/send"
SURVEY = "/api/v1/surveys/send"


def _code(response: httpx.Response) -> str:
    code: str = response.json()["responseCode"]
    assert response.status_code == int(code), response.text
    return code


def test_whatsapp_template_send(api: httpx.Client, admin: Any, account: Any) -> None:
    send = {"template": "order_ready", "language": "en", "phone": "0712345678"}
    response = api.post(WA, json=send)
    assert _code(response) == "0400"
    assert "template" in response.json()["message"].lower()

    admin.add_template(account.account_id, "order_ready", "en", approved=False)
    response = api.post(WA, json=send)
    assert _code(response) == "0400"
    assert "approved" in response.json()["message"].lower()

    admin.add_template(account.account_id, "order_ready", "en", approved=True)
    response = api.post(WA, json=send)
    assert _code(response) == "0400"
    assert "opted in" in response.json()["message"].lower()

    admin.add_optin(account.account_id, "+254712345678")
    for phone in ("0712345678", "254712345678", "+254712345678"):
        body = api.post(WA, json={**send, "phone": phone}).json()
        assert body["status"] is True
        assert body["responseCode"] == "0200"
        assert body["messageId"]
    assert _code(api.post(WA, json={**send, "language": "sw"})) == "0400"
    assert _code(api.post(WA, json={**send, "phone": "0712"})) == "0400"
    assert _code(api.post(WA, json={"template": "order_ready"})) == "0400"
    assert admin.balance(account.account_id) == 1000


def test_survey_send(api: httpx.Client, admin: Any, account: Any) -> None:
    send = {"surveyId": "csat-1", "phones": ["0712345678", "bad", "254722000001"]}
    response = api.post(SURVEY, json=send)
    assert _code(response) == "0400"
    assert "survey" in response.json()["message"].lower()
    admin.add_survey(account.account_id, "csat-1", "How did we do?")
    body = api.post(SURVEY, json=send).json()
    assert body["responseCode"] == "0200"
    assert body["recipients"] == 2
    assert body["invalid"] == ["bad"]
    assert body["messageId"]
    assert _code(api.post(SURVEY, json={"surveyId": "csat-1", "phones": ["bad"]})) == "0400"
    assert _code(api.post(SURVEY, json={"surveyId": "csat-1"})) == "0400"
    assert _code(api.post(SURVEY, content=b"nope")) == "0400"


def test_channel_set_up_of_another_account_is_not_shared(
    api: httpx.Client, admin: Any, sandbox: Any
) -> None:
    other = admin.create_account(name="Other", balance=0, sender_ids=[])
    admin.add_survey(other, "theirs", "Not yours")
    assert _code(api.post(SURVEY, json={"surveyId": "theirs", "phones": ["0712345678"]})) == "0400"
