"""Unknown paths and wrong methods answer in the shape of the family the path belongs to:
the SMS envelope (/v1, /v2, the channel endpoints and anything else), the contacts error
envelope (/api/v1/contacts...), the portal's {"error"} (/sandbox/...). Never plain text."""

from __future__ import annotations

from typing import Any

import httpx
import pytest


def _json(response: httpx.Response) -> Any:
    assert response.headers["content-type"] == "application/json"
    return response.json()


@pytest.mark.parametrize(
    "path",
    [
        "/v1/send/nothing",
        "/v2/send/bulk",
        "/v1/get-balance/nope",
        "/api/v1/whatsapp/templates",
        "/api/v1/surveys",
        "/",
        "/api/v2/anything",
    ],
)
def test_unknown_sms_family_path_is_a_0404_envelope(api: httpx.Client, path: str) -> None:
    response = api.post(path, json={})
    assert response.status_code == 404
    assert _json(response) == {
        "status": False,
        "responseCode": "0404",
        "message": f"Not found: {path}",
    }


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("GET", "/v1/send/bulk", "POST"),
        ("DELETE", "/v1/send/message", "GET, HEAD, POST"),
        ("POST", "/v1/get-balance/", "GET, HEAD"),
        ("GET", "/api/v1/whatsapp/send", "POST"),
        ("PUT", "/api/v1/surveys/send", "POST"),
    ],
)
def test_wrong_method_on_sms_family_is_a_0405_envelope(
    api: httpx.Client, method: str, path: str, allowed: str
) -> None:
    response = api.request(method, path)
    assert response.status_code == 405
    assert response.headers["allow"] == allowed
    body = _json(response)
    assert (body["status"], body["responseCode"]) == (False, "0405")
    assert body["message"] == f"Method not allowed: {method} {path} (allowed: {allowed})"


def test_contacts_paths_use_the_contacts_error_envelope(api: httpx.Client) -> None:
    response = api.get("/api/v1/contacts/some-uuid/notes")
    assert response.status_code == 404
    assert _json(response) == {
        "success": False,
        "error": {
            "code": "not_found",
            "message": "Not found: /api/v1/contacts/some-uuid/notes",
            "fields": {},
        },
    }
    response = api.patch("/api/v1/contacts/some-uuid", json={})
    assert response.status_code == 405
    assert response.headers["allow"] == "DELETE, GET, HEAD, PUT"
    error = _json(response)["error"]
    assert error["code"] == "method_not_allowed"
    assert error["message"].startswith("Method not allowed: PATCH /api/v1/contacts/some-uuid")
    response = api.delete("/api/v1/contacts")
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, HEAD, POST"
    assert _json(response)["success"] is False


def test_portal_paths_use_the_portal_error_shape(sandbox: Any) -> None:
    token = "mbs_" + "s" * 40
    with httpx.Client(
        base_url=sandbox.base_url, headers={"X-Admin-Key": sandbox.admin_key}, trust_env=False
    ) as client:
        response = client.get("/sandbox/nothing-here")
        assert response.status_code == 404
        assert _json(response) == {"error": "Not found: /sandbox/nothing-here"}
        response = client.put("/sandbox/accounts")
        assert response.status_code == 405
        assert response.headers["allow"] == "GET, HEAD, POST"
        assert _json(response) == {
            "error": "Method not allowed: PUT /sandbox/accounts (allowed: GET, HEAD, POST)"
        }
        response = client.get(f"/sandbox/tokens/{token}")  # only DELETE there
        assert response.status_code == 405
        assert token not in response.text
        assert "/sandbox/tokens/<token>" in _json(response)["error"]


def test_known_paths_still_authenticate_first(http: httpx.Client) -> None:
    """A right path with a right method is untouched: no token is still 401/0401."""
    response = http.post("/v1/send/bulk", json={})
    assert response.status_code == 401
    assert _json(response)["responseCode"] == "0401"
