"""A small synchronous client for the sandbox's portal stand-in (/sandbox/*)."""

from __future__ import annotations

from types import TracebackType
from typing import Any

import httpx


class SandboxAdmin:
    def __init__(self, base_url: str, admin_key: str, *, timeout: float = 30.0) -> None:
        self.base_url = base_url.rstrip("/")
        self._client = httpx.Client(
            base_url=self.base_url,
            headers={"X-Admin-Key": admin_key},
            timeout=timeout,
            trust_env=False,
        )

    def __repr__(self) -> str:
        return f"SandboxAdmin({self.base_url!r})"

    def __enter__(self) -> SandboxAdmin:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._client.close()

    def _call(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        *,
        shown_path: str | None = None,
    ) -> Any:
        """The decoded reply; an error status raises httpx.HTTPStatusError whose text names
        `shown_path` (never a token) and the service's own words."""
        response = self._client.request(method, path, json=body)
        if response.is_error:
            try:
                reason = str(response.json().get("error", ""))
            except ValueError:
                reason = response.text[:200]
            raise httpx.HTTPStatusError(
                f"{method} {shown_path or path} -> HTTP {response.status_code}: {reason}",
                request=response.request,
                response=response,
            )
        return response.json()

    # --- accounts and tokens -------------------------------------------------------------

    def create_account(
        self,
        name: str,
        balance: float,
        sender_ids: list[str],
        webhook_url: str | None = None,
        webhook_secret: str | None = None,
    ) -> str:
        body: dict[str, Any] = {"name": name, "balance": balance, "sender_ids": sender_ids}
        if webhook_url is not None:
            body["webhook_url"] = webhook_url
        if webhook_secret is not None:
            body["webhook_secret"] = webhook_secret
        return str(self._call("POST", "/sandbox/accounts", body)["account_id"])

    def list_accounts(self) -> list[dict[str, Any]]:
        accounts: list[dict[str, Any]] = self._call("GET", "/sandbox/accounts")["accounts"]
        return accounts

    def account(self, account_id: str) -> dict[str, Any]:
        data: dict[str, Any] = self._call("GET", f"/sandbox/accounts/{account_id}")
        return data

    def update_account(self, account_id: str, **fields: Any) -> dict[str, Any]:
        data: dict[str, Any] = self._call("PATCH", f"/sandbox/accounts/{account_id}", fields)
        return data

    def balance(self, account_id: str) -> float:
        return float(self.account(account_id)["balance"])

    def messages(self, account_id: str) -> list[dict[str, Any]]:
        data: list[dict[str, Any]] = self._call("GET", f"/sandbox/accounts/{account_id}/messages")[
            "messages"
        ]
        return data

    def create_token(
        self,
        account_id: str,
        kind: str = "scoped",
        scopes: list[str] | None = None,
        expires_in: float | None = None,
    ) -> str:
        """A new token; `expires_in` (seconds) makes it expire, never when None."""
        body: dict[str, Any] = {"kind": kind}
        if scopes is not None:
            body["scopes"] = scopes
        if expires_in is not None:
            body["expires_in"] = expires_in
        return str(self._call("POST", f"/sandbox/accounts/{account_id}/tokens", body)["token"])

    def revoke_token(self, token: str) -> None:
        self._call("DELETE", f"/sandbox/tokens/{token}", shown_path="/sandbox/tokens/<token>")

    def topup(self, account_id: str, amount: float) -> float:
        body = {"amount": amount}
        return float(self._call("POST", f"/sandbox/accounts/{account_id}/topup", body)["balance"])

    # --- channels ------------------------------------------------------------------------

    def add_template(
        self, account_id: str, name: str, language: str, approved: bool = True
    ) -> None:
        body = {"name": name, "language": language, "approved": approved}
        self._call("POST", f"/sandbox/accounts/{account_id}/templates", body)

    def add_optin(self, account_id: str, phone: str) -> None:
        self._call("POST", f"/sandbox/accounts/{account_id}/optins", {"phone": phone})

    def add_survey(self, account_id: str, survey_id: str, title: str) -> None:
        body = {"surveyId": survey_id, "title": title}
        self._call("POST", f"/sandbox/accounts/{account_id}/surveys", body)

    def add_shortcode(self, account_id: str, shortcode: str, keywords: list[str]) -> None:
        body = {"shortcode": shortcode, "keywords": keywords}
        self._call("POST", f"/sandbox/accounts/{account_id}/shortcodes", body)

    def inbound(self, shortcode: str, phone: str, message: str) -> dict[str, Any]:
        body = {"shortcode": shortcode, "phone": phone, "message": message}
        data: dict[str, Any] = self._call("POST", "/sandbox/inbound", body)
        return data

    def ussd(
        self,
        service_code: str,
        phone: str,
        text: str,
        session_id: str | None = None,
        event: str | None = None,
    ) -> dict[str, Any]:
        """A USSD session event; `event` (start/continue/end) defaults to start for a new
        session and continue for a known one."""
        body: dict[str, Any] = {"serviceCode": service_code, "phone": phone, "text": text}
        if session_id is not None:
            body["sessionId"] = session_id
        if event is not None:
            body["event"] = event
        data: dict[str, Any] = self._call("POST", "/sandbox/ussd", body)
        return data

    # --- whole-sandbox switches ----------------------------------------------------------

    def settle(self) -> int:
        return int(self._call("POST", "/sandbox/settle")["settled"])

    def fault(
        self,
        kind: str,
        count: int = 1,
        path_prefix: str | None = None,
        seconds: float | None = None,
    ) -> None:
        body: dict[str, Any] = {"kind": kind, "count": count}
        if path_prefix is not None:
            body["path_prefix"] = path_prefix
        if seconds is not None:
            body["seconds"] = seconds
        self._call("POST", "/sandbox/faults", body)

    def clear_faults(self) -> None:
        self._call("DELETE", "/sandbox/faults")
