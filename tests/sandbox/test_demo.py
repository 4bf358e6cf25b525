"""The first-run demo account."""

from __future__ import annotations

from pathlib import Path

import httpx

from desktop_app.sandbox.admin import SandboxAdmin
from desktop_app.sandbox.demo import DEMO_NAME, demo_contacts, ensure_demo_account
from desktop_app.sandbox.process import start_sandbox


def test_demo_account_is_created_once(tmp_path: Path) -> None:
    with start_sandbox(tmp_path / "data", settle_seconds=0.05) as proc:
        with SandboxAdmin(proc.base_url, proc.admin_key) as admin:
            first = ensure_demo_account(admin)
            second = ensure_demo_account(admin)
            assert first.account_id == second.account_id
            assert first.token != second.token
            assert second.token not in repr(second)
            assert second.account_id in repr(second)
            assert first.sender_ids == ["TUMA", "SANDBOX"]
            assert [a["name"] for a in admin.list_accounts()] == [DEMO_NAME]
            assert admin.balance(first.account_id) == 500
        headers = {"Authorization": f"Bearer {second.token}"}
        with httpx.Client(base_url=proc.base_url, headers=headers, trust_env=False) as client:
            data = client.get("/api/v1/contacts").json()["data"]
            assert data["total"] == len(demo_contacts()) == 40
            sent = client.post(
                "/api/v1/whatsapp/send",
                json={
                    "template": "order_ready",
                    "language": "sw",
                    "phone": demo_contacts()[0]["phone"],
                },
            ).json()
            assert sent["responseCode"] == "0200"
            sent = client.post(
                "/api/v1/surveys/send",
                json={"surveyId": "customer-satisfaction", "phones": ["0712345678"]},
            ).json()
            assert sent["responseCode"] == "0200"
            sent = client.post(
                "/v1/send/message",
                json={"senderID": "SANDBOX", "phone": "0712345678", "message": "Karibu!"},
            ).json()
            assert sent["responseCode"] == "0200"
