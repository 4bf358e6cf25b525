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


FROZEN_READS = ["/v1/get-balance", "/v1/get-balance/account-details"]
FROZEN_SENDS = [
    ("/v1/send/message", {"senderID": "TUMA", "phone": "0712345678", "message": "Hi"}),
    ("/v1/send/bulk", {"senderID": "TUMA", "phones": ["0712345678"], "message": "Hi"}),
    (
        "/v1/send/bulk-personalized",
        {"senderID": "TUMA", "messageBody": [{"phone": "0712345678", "message": "Hi"}]},
    ),
    (
        "/v2/send/message",
        {"senderID": "TUMA", "phone": "0712345678", "message": "Hi", "trackingId": "t"},
    ),
]


@pytest.mark.parametrize("slash", ["", "/"], ids=["bare", "slash"])
@pytest.mark.parametrize("path", FROZEN_READS)
def test_frozen_reads_are_served_with_and_without_the_trailing_slash(
    api: httpx.Client, path: str, slash: str
) -> None:
    """What the WordPress plugin and the PHP SDK call: GET /v1/get-balance, no slash."""
    response = api.get(path + slash)
    assert response.status_code == 200, response.text
    assert "location" not in response.headers
    body = _json(response)
    assert (body["status"], body["responseCode"]) == (True, "0200")
    assert body["balance"] == 1000


@pytest.mark.parametrize("slash", ["", "/"], ids=["bare", "slash"])
@pytest.mark.parametrize(("path", "body"), FROZEN_SENDS, ids=[p for p, _ in FROZEN_SENDS])
def test_frozen_sends_are_served_with_and_without_the_trailing_slash(
    api: httpx.Client, path: str, body: dict[str, Any], slash: str
) -> None:
    response = api.post(path + slash, json=body)
    assert response.status_code == 200, response.text
    sent = _json(response)
    assert sent["responseCode"] == "0200"
    for lookup in ("/v1/dlr", "/v1/dlr/"):
        report = api.post(lookup, json={"messageId": sent["messageId"]})
        assert report.status_code == 200, report.text
    for get_path in ("/v1/send/message/", "/v1/send/messageget/"):
        assert api.get(get_path, params=body).status_code in (200, 400)  # served, not 307


@pytest.mark.parametrize(
    ("path", "family"),
    [
        ("/v1/send/nothing/", "sms"),
        ("/v1/get-balance/nope/", "sms"),
        ("/api/v1/whatsapp/send/", "sms"),
        ("/api/v1/surveys/send/", "sms"),
        ("/api/v1/contacts/", "contacts"),
        ("/api/v1/contacts/uploads/", "contacts"),
        ("/sandbox/accounts/", "portal"),
        ("/sandbox/settle/", "portal"),
    ],
)
@pytest.mark.parametrize("method", ["GET", "POST"])
def test_other_paths_with_a_trailing_slash_are_404s_never_redirects(
    api: httpx.Client, sandbox: Any, path: str, family: str, method: str
) -> None:
    headers = {"X-Admin-Key": sandbox.admin_key}
    response = api.request(method, path, headers=headers, json={})
    assert response.status_code == 404, response.text
    assert "location" not in response.headers
    body = _json(response)
    if family == "sms":
        assert body == {"status": False, "responseCode": "0404", "message": f"Not found: {path}"}
    elif family == "contacts":
        assert body["error"]["code"] == "not_found"
    else:
        assert body == {"error": f"Not found: {path}"}
