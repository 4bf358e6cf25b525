"""Webhooks: delivery reports, inbound SMS by keyword, USSD events; signature, event id,
retries with backoff (a second sandbox with a fast schedule), then dropped."""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from desktop_app.sandbox.admin import SandboxAdmin
from desktop_app.sandbox.process import SandboxProcess, start_sandbox
from tests.sandbox.conftest import Receiver, wait_until

SECRET = "whsec-test"


def _signed(body: bytes, secret: str = SECRET) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


@pytest.fixture(scope="module")
def fast_sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SandboxProcess]:
    """A sandbox whose webhook backoff runs at 1/100 of the contract's schedule."""
    with start_sandbox(
        tmp_path_factory.mktemp("fast-sandbox"),
        settle_seconds=0.1,
        env={"TUMA_SANDBOX_WEBHOOK_BACKOFF_SCALE": "0.01"},
    ) as proc:
        yield proc


@pytest.fixture
def fast_admin(fast_sandbox: SandboxProcess) -> Iterator[SandboxAdmin]:
    with SandboxAdmin(fast_sandbox.base_url, fast_sandbox.admin_key) as client:
        yield client


def _client(sandbox: Any, token: str) -> httpx.Client:
    return httpx.Client(
        base_url=sandbox.base_url, trust_env=False, headers={"Authorization": f"Bearer {token}"}
    )


def test_delivery_report_webhooks_are_signed(
    receiver: Receiver, admin: SandboxAdmin, sandbox: Any
) -> None:
    account_id = admin.create_account("Hook shop", 10, ["TUMA"], receiver.url, SECRET)
    token = admin.create_token(account_id, kind="scoped", scopes=["sms"])
    with _client(sandbox, token) as client:
        sent = client.post(
            "/v2/send/message",
            json={"senderID": "TUMA", "phone": "0712345678", "message": "Hi", "trackingId": "t-1"},
        )
        bulk = client.post(
            "/v1/send/bulk", json={"senderID": "TUMA", "phones": ["0722000000"], "message": "Hi"}
        )
    admin.settle()
    events = wait_until(lambda: len(receiver.events()) >= 2 and receiver.events())
    by_phone = {e.json()["phone"]: e for e in events}
    delivered = by_phone["+254712345678"]
    assert delivered.json() == {
        "messageId": sent.json()["messageId"],
        "trackingId": "t-1",
        "phone": "+254712345678",
        "status": "delivered",
        "deliveredAt": delivered.json()["deliveredAt"],
        "reason": None,
    }
    failed = by_phone["+254722000000"].json()
    assert failed["messageId"] == bulk.json()["messageId"]
    assert (failed["status"], failed["reason"]) == ("failed", "AbsentSubscriber")
    for event in events:
        assert event.headers["x-signature"] == _signed(event.body)
        assert event.headers["content-length"] == str(len(event.body))
        assert event.headers["content-type"] == "application/json"
        assert event.headers["x-event-id"]
    assert len({e.headers["x-event-id"] for e in events}) == 2


def test_retry_keeps_event_id_then_succeeds(receiver: Receiver, fast_admin: SandboxAdmin) -> None:
    receiver.fail_first = 2
    account_id = fast_admin.create_account("Retry shop", 0, [], receiver.url, SECRET)
    fast_admin.add_shortcode(account_id, "22001", ["ORDER"])
    result = fast_admin.inbound("22001", "0712345678", "order 2 bags")
    assert result["routed"] is True
    events = wait_until(lambda: len(receiver.events()) >= 3 and receiver.events())
    assert len({e.headers["x-event-id"] for e in events}) == 1
    assert events[0].headers["x-event-id"] == result["event_id"]
    assert len({e.body for e in events}) == 1
    assert all(e.headers["x-signature"] == _signed(e.body) for e in events)


def test_event_dropped_after_the_last_retry(receiver: Receiver, fast_admin: SandboxAdmin) -> None:
    receiver.fail_first = 100
    account_id = fast_admin.create_account("Down shop", 0, [], receiver.url, SECRET)
    fast_admin.add_shortcode(account_id, "22002", [])
    fast_admin.inbound("22002", "0712345678", "hello")
    wait_until(lambda: len(receiver.events()) >= 6)
    time.sleep(0.5)  # 30x the remaining schedule at this scale: nothing more may come
    assert len(receiver.events()) == 6  # the first try and the 1, 2, 4, 8, 16 s retries


def test_inbound_routing_by_keyword(receiver: Receiver, admin: SandboxAdmin) -> None:
    shop = admin.create_account("Keyword shop", 0, [], receiver.url, SECRET)
    other = admin.create_account("Other shop", 0, [])
    admin.add_shortcode(shop, "21234", ["Shop", "JOIN"])
    with pytest.raises(httpx.HTTPStatusError) as conflict:
        admin.add_shortcode(other, "21234", ["shop"])
    assert conflict.value.response.status_code == 409
    with pytest.raises(httpx.HTTPStatusError):
        admin.add_shortcode(other, "21234", [])  # dedicated while keywords are held
    admin.add_shortcode(other, "21234", ["stop"])  # a free keyword is fine

    result = admin.inbound("21234", "254712345678", "SHOP two loaves please")
    assert (result["routed"], result["account_id"], result["keyword"]) == (True, shop, "Shop")
    assert admin.inbound("21234", "0712345678", "stop")["account_id"] == other
    assert admin.inbound("21234", "0712345678", "unknown words")["routed"] is False

    [event] = wait_until(receiver.events)
    body = event.json()
    assert body == {
        "shortcode": "21234",
        "keyword": "Shop",
        "phone": "+254712345678",
        "message": "SHOP two loaves please",
        "receivedAt": body["receivedAt"],
    }
    assert event.headers["x-signature"] == _signed(event.body)


def test_dedicated_shortcode_takes_everything(receiver: Receiver, admin: SandboxAdmin) -> None:
    owner = admin.create_account("Dedicated shop", 0, [], receiver.url, SECRET)
    other = admin.create_account("Latecomer", 0, [])
    admin.add_shortcode(owner, "40400", [])
    with pytest.raises(httpx.HTTPStatusError) as conflict:
        admin.add_shortcode(other, "40400", ["mine"])
    assert conflict.value.response.status_code == 409
    assert admin.inbound("40400", "0712345678", "anything at all")["account_id"] == owner
    wait_until(receiver.events)


def test_ussd_events(receiver: Receiver, admin: SandboxAdmin) -> None:
    owner = admin.create_account("USSD shop", 0, [], receiver.url, SECRET)
    admin.add_shortcode(owner, "*384*55#", [])
    first = admin.ussd("*384*55#", "0712345678", "")
    assert first["routed"] is True
    assert first["event"] == "start"
    second = admin.ussd("*384*55#", "0712345678", "1", session_id=first["sessionId"])
    assert second["event"] == "continue"
    events = wait_until(lambda: len(receiver.events()) >= 2 and receiver.events())
    bodies = sorted((e.json() for e in events[:2]), key=lambda b: b["text"])
    assert bodies == [
        {
            "sessionId": first["sessionId"],
            "serviceCode": "*384*55#",
            "phone": "+254712345678",
            "text": "",
            "event": "start",
        },
        {
            "sessionId": first["sessionId"],
            "serviceCode": "*384*55#",
            "phone": "+254712345678",
            "text": "1",
            "event": "continue",
        },
    ]
    ended = admin.ussd("*384*55#", "0712345678", "1*2", session_id=first["sessionId"], event="end")
    assert ended["event"] == "end"
    wait_until(lambda: len(receiver.events()) >= 3)
    assert admin.ussd("*999#", "0712345678", "")["routed"] is False


def test_webhook_backoff_default_is_the_contracts(tmp_path: Path) -> None:
    from desktop_app.sandbox import service

    assert service.WEBHOOK_BACKOFF == (1.0, 2.0, 4.0, 8.0, 16.0)
    assert service.WEBHOOK_TIMEOUT == 5.0
    sandbox = service.Sandbox(tmp_path / "data", admin_key="k")
    assert sandbox.backoff_scale == 1.0
    sandbox.db.close()


def test_a_secret_is_minted_when_none_is_given(receiver: Receiver, admin: SandboxAdmin) -> None:
    owner = admin.create_account("Unsigned shop", 0, [], receiver.url)
    secret = admin.account(owner)["webhook_secret"]
    assert secret.startswith("whsec_")
    admin.add_shortcode(owner, "22999", [])
    admin.inbound("22999", "0712345678", "hi")
    [event] = wait_until(receiver.events)
    assert event.headers["x-signature"] == _signed(event.body, secret)
