"""Fault switches: error500, delay, disconnect (after processing), malformed; count and
path prefix; the portal itself is never hit."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from desktop_app.sandbox.admin import SandboxAdmin
from tests.sandbox.conftest import wait_until

SEND = {"senderID": "TUMA", "phone": "0712345678", "message": "Habari"}


@pytest.fixture(autouse=True)
def no_faults_left(admin: SandboxAdmin) -> Iterator[None]:
    yield
    admin.clear_faults()


def test_error500_for_count_matching_requests(api: httpx.Client, admin: SandboxAdmin) -> None:
    admin.fault("error500", 2, path_prefix="/v1/get-balance")
    for _ in range(2):
        response = api.get("/v1/get-balance/")
        assert response.status_code == 500
        assert response.json() == {
            "status": False,
            "responseCode": "0500",
            "message": response.json()["message"],
        }
    assert admin.list_accounts()  # the portal is never faulted
    assert api.get("/api/v1/contacts").status_code == 200  # another path: untouched
    assert api.get("/v1/get-balance/").status_code == 200


def test_error500_is_not_processed(api: httpx.Client, admin: SandboxAdmin, account: Any) -> None:
    admin.fault("error500", 1, path_prefix="/v1/send")
    assert api.post("/v1/send/message", json=SEND).status_code == 500
    assert admin.balance(account.account_id) == 1000


def test_error500_on_contacts_uses_the_contacts_envelope(
    api: httpx.Client, admin: SandboxAdmin
) -> None:
    admin.fault("error500", 1, path_prefix="/api/v1/contacts")
    response = api.get("/api/v1/contacts")
    assert response.status_code == 500
    assert response.json()["success"] is False


def test_delay(api: httpx.Client, admin: SandboxAdmin) -> None:
    admin.fault("delay", 1, path_prefix="/v1/get-balance", seconds=0.3)
    started = time.monotonic()
    assert api.get("/v1/get-balance/").status_code == 200
    assert time.monotonic() - started >= 0.3


def test_delay_carries_out_a_send_whose_client_gave_up(account: Any, admin: SandboxAdmin) -> None:
    """The request is processed at once and only the reply is held back: a client that
    times out is in doubt, and its send did happen (it must reconcile, not resend)."""
    admin.fault("delay", 1, path_prefix="/v1/send/message", seconds=3)
    with (
        httpx.Client(
            base_url=account.base_url,
            headers={"Authorization": f"Bearer {account.token}"},
            timeout=httpx.Timeout(10.0, read=0.3),
            trust_env=False,
        ) as impatient,
        pytest.raises(httpx.ReadTimeout),
    ):
        impatient.post("/v1/send/message", json=SEND)
    assert wait_until(lambda: len(admin.messages(account.account_id)) == 1, timeout=2)
    assert admin.balance(account.account_id) == 999


def test_delayed_reply_is_the_normal_reply(
    api: httpx.Client, admin: SandboxAdmin, account: Any
) -> None:
    admin.fault("delay", 1, path_prefix="/v1/send/message", seconds=0.2)
    response = api.post("/v1/send/message", json=SEND)
    assert response.status_code == 200
    assert response.json()["responseCode"] == "0200"
    [record] = admin.messages(account.account_id)
    assert record["message_id"] == response.json()["messageId"]


def test_disconnect_after_processing(api: httpx.Client, admin: SandboxAdmin, account: Any) -> None:
    admin.fault("disconnect", 1, path_prefix="/v1/send/message")
    with pytest.raises(httpx.RemoteProtocolError):
        api.post("/v1/send/message", json=SEND)
    assert admin.balance(account.account_id) == 999  # the send went through: in doubt
    assert len(admin.messages(account.account_id)) == 1
    assert api.post("/v1/send/message", json=SEND).status_code == 200


def test_malformed_body_after_processing(
    api: httpx.Client, admin: SandboxAdmin, account: Any
) -> None:
    admin.fault("malformed", 1)
    response = api.post("/v1/send/message", json=SEND)
    with pytest.raises(json.JSONDecodeError):
        json.loads(response.content)
    assert admin.balance(account.account_id) == 999


@pytest.mark.parametrize(
    "body",
    [
        {"kind": "explode", "count": 1},
        {"kind": "delay", "count": 0},
        {"kind": "delay", "count": 1, "seconds": -1},
    ],
)
def test_bad_fault_requests(sandbox: Any, body: dict[str, Any]) -> None:
    with httpx.Client(
        base_url=sandbox.base_url, trust_env=False, headers={"X-Admin-Key": sandbox.admin_key}
    ) as client:
        assert client.post("/sandbox/faults", json=body).status_code == 400


def test_ratelimit_extra_fault(api: httpx.Client, admin: SandboxAdmin, account: Any) -> None:
    admin.fault("ratelimit", 1, path_prefix="/v1/send", seconds=2)
    response = api.post("/v1/send/message", json=SEND)
    assert response.status_code == 429
    assert response.headers["Retry-After"] == "2"
    assert response.json()["responseCode"] == "0429"
    assert admin.balance(account.account_id) == 1000


def test_portal_answers_a_web_page_in_the_service_s_place(
    api: httpx.Client, admin: SandboxAdmin, account: Any
) -> None:
    """A network's own page (data bundle used up, Wi-Fi sign-in): HTML, and the request never
    reached the service (nothing sent, nothing charged)."""
    admin.fault("portal", 1)
    response = api.post("/v1/send/message", json=SEND)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.text.lower().startswith("<!doctype html")
    assert admin.balance(account.account_id) == 1000
    assert admin.messages(account.account_id) == []
    assert api.post("/v1/send/message", json=SEND).status_code == 200  # once only
