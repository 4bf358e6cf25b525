"""Contacts CRUD, paging, search, uniqueness and the error envelope."""

from __future__ import annotations

import concurrent.futures
from typing import Any

import httpx
import pytest

BASE = "/api/v1/contacts"


def _create(api: httpx.Client, phone: str, **fields: Any) -> dict[str, Any]:
    response = api.post(BASE, json={"phone": phone, **fields})
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["success"] is True
    data: dict[str, Any] = body["data"]
    return data


def _error(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["success"] is False
    assert set(body["error"]) == {"code", "message", "fields"}
    error: dict[str, Any] = body["error"]
    return error


def test_create_get_update_delete(api: httpx.Client) -> None:
    created = _create(
        api,
        "0712345678",
        first_name="Amina",
        last_name="Otieno",
        email="amina@example.co.ke",
        notes="VIP",
    )
    assert created["phone"] == "+254712345678"
    assert created["first_name"] == "Amina"
    assert created["created_at"].endswith("Z")
    assert created["updated_at"] == created["created_at"]
    uuid = created["uuid"]
    assert api.get(f"{BASE}/{uuid}").json()["data"] == created

    updated = api.put(f"{BASE}/{uuid}", json={"last_name": "Wanjiru", "notes": None}).json()
    data = updated["data"]
    assert data["last_name"] == "Wanjiru"
    assert data["notes"] is None
    assert data["first_name"] == "Amina"  # not given, not changed
    assert data["email"] == "amina@example.co.ke"
    assert data["phone"] == "+254712345678"
    data = api.put(f"{BASE}/{uuid}", json={"phone": "254722000001"}).json()["data"]
    assert data["phone"] == "+254722000001"

    deleted = api.delete(f"{BASE}/{uuid}")
    assert deleted.status_code == 200
    assert deleted.json() == {"success": True, "data": {"uuid": uuid, "deleted": True}}
    _error(api.get(f"{BASE}/{uuid}"), 404)
    _error(api.delete(f"{BASE}/{uuid}"), 404)
    _error(api.put(f"{BASE}/{uuid}", json={"first_name": "X"}), 404)


@pytest.mark.parametrize("phone", ["0712345678", "254712345678", "+254712345678"])
def test_duplicate_phone_in_any_form_is_409(api: httpx.Client, phone: str) -> None:
    _create(api, "+254712345678")
    error = _error(api.post(BASE, json={"phone": phone}), 409)
    assert "phone" in error["fields"]


def test_update_to_a_taken_phone_is_409(api: httpx.Client) -> None:
    _create(api, "0712345678")
    other = _create(api, "0722000001")
    _error(api.put(f"{BASE}/{other['uuid']}", json={"phone": "0712345678"}), 409)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "phone"),
        ({"phone": "0712"}, "phone"),
        ({"phone": 712345678}, "phone"),
        ({"phone": "0712345678", "email": "not-an-email"}, "email"),
        ({"phone": "0712345678", "first_name": 5}, "first_name"),
    ],
)
def test_invalid_create(api: httpx.Client, body: dict[str, Any], field: str) -> None:
    error = _error(api.post(BASE, json=body), 400)
    assert field in error["fields"]


def test_invalid_update_and_bad_json(api: httpx.Client) -> None:
    created = _create(api, "0712345678")
    _error(api.put(f"{BASE}/{created['uuid']}", json={"phone": None}), 400)
    _error(api.put(f"{BASE}/{created['uuid']}", json={"email": "x@"}), 400)
    _error(api.post(BASE, content=b"{", headers={"Content-Type": "application/json"}), 400)


def test_paging_newest_first(api: httpx.Client) -> None:
    uuids = [_create(api, f"07220000{n:02d}")["uuid"] for n in range(25)]
    body = api.get(BASE).json()["data"]
    assert body["page"] == 1
    assert body["page_size"] == 20
    assert body["total"] == 25
    assert body["total_pages"] == 2
    assert [c["uuid"] for c in body["contacts"]] == uuids[::-1][:20]
    second = api.get(BASE, params={"page": 2, "page_size": 20}).json()["data"]
    assert [c["uuid"] for c in second["contacts"]] == uuids[::-1][20:]
    assert api.get(BASE, params={"page": 9}).json()["data"]["contacts"] == []
    assert len(api.get(BASE, params={"page_size": 100}).json()["data"]["contacts"]) == 25


@pytest.mark.parametrize(
    "params", [{"page": 0}, {"page_size": 101}, {"page_size": 0}, {"page": "x"}]
)
def test_paging_limits(api: httpx.Client, params: dict[str, Any]) -> None:
    _error(api.get(BASE, params=params), 400)


def test_search_names_and_phone_forms(api: httpx.Client) -> None:
    amina = _create(api, "0712345678", first_name="Amina", last_name="Otieno")
    brian = _create(api, "0733000111", first_name="Brian", last_name="Kamau")
    _create(api, "0744000222", first_name="Chebet", email="amina@example.com")

    def found(term: str) -> list[str]:
        data = api.get(BASE, params={"search": term}).json()["data"]
        return [c["uuid"] for c in data["contacts"]]

    assert found("amina") == [amina["uuid"]]  # names, not email
    assert found("OTIENO") == [amina["uuid"]]
    assert found("amina otieno") == [amina["uuid"]]
    assert found("kam") == [brian["uuid"]]
    for form in ("0712345678", "254712345678", "+254712345678", "0712 345", "712345"):
        assert found(form) == [amina["uuid"]], form
    assert found("zzz") == []


def test_contacts_of_another_account_are_unknown(
    api: httpx.Client, admin: Any, sandbox: Any
) -> None:
    mine = _create(api, "0712345678")
    other = admin.create_account(name="Other", balance=0, sender_ids=[])
    token = admin.create_token(other, kind="scoped", scopes=["contacts"])
    with httpx.Client(
        base_url=sandbox.contacts_base_url,
        trust_env=False,
        headers={"Authorization": f"Bearer {token}"},
    ) as client:
        _error(client.get(f"{BASE}/{mine['uuid']}"), 404)
        _error(client.put(f"{BASE}/{mine['uuid']}", json={"first_name": "x"}), 404)
        _error(client.delete(f"{BASE}/{mine['uuid']}"), 404)
        assert client.get(BASE).json()["data"]["total"] == 0
        # the same phone may exist once per account
        assert client.post(BASE, json={"phone": "0712345678"}).status_code == 201


def test_no_duplicate_under_a_race(account: Any) -> None:
    headers = {"Authorization": f"Bearer {account.token}"}

    def create(_: int) -> int:
        with httpx.Client(
            base_url=account.contacts_base_url, headers=headers, trust_env=False
        ) as client:
            return client.post(BASE, json={"phone": "0799111222"}).status_code

    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        statuses = list(pool.map(create, range(16)))
    assert sorted(statuses) == [201] + [409] * 15
