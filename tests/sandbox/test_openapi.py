"""The OpenAPI 3.1 description at /openapi.json and its page at /docs: valid, complete (every
route the sandbox serves, and nothing it does not), self-contained."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from openapi_spec_validator import validate
from starlette.routing import Route

from desktop_app.sandbox import app as sandbox_app
from desktop_app.sandbox import openapi
from desktop_app.sandbox.admin import SandboxAdmin


@pytest.fixture(scope="module")
def document(sandbox: Any) -> dict[str, Any]:
    with httpx.Client(base_url=sandbox.base_url, trust_env=False) as client:
        response = client.get("/openapi.json")  # no credential needed
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    body: dict[str, Any] = response.json()
    return body


def test_openapi_json_is_a_valid_openapi_3_1_document(
    document: dict[str, Any], sandbox: Any
) -> None:
    validate(document)  # openapi-spec-validator picks the 3.1 schema from "openapi"
    assert document["openapi"] == "3.1.0"
    assert document["servers"] == [{"url": sandbox.base_url, "description": "This sandbox."}]
    # what test_schemathesis builds in-process is what the sandbox serves
    assert document == openapi.build(server_url=sandbox.base_url)


def test_the_document_names_this_sandboxs_shared_sender(document: dict[str, Any]) -> None:
    assert (
        "shared default sender ID of this sandbox is **`SANDBOX`**"
        in (document["info"]["description"])
    )
    other = openapi.build(shared_sender="PLATFORM")
    assert "**`PLATFORM`**" in other["info"]["description"]
    validate(other)


def _served() -> set[tuple[str, str]]:
    """(method, path) of every route, a frozen path's slash twin folded into the spec's form."""
    described = set(openapi.build()["paths"])
    served: set[tuple[str, str]] = set()
    for route in sandbox_app._routes():
        assert isinstance(route, Route)
        path = route.path
        if path not in described:
            twin = path + "/" if not path.endswith("/") else path.rstrip("/")
            assert twin in described, f"{path} is served but not described"
            path = twin
        for method in route.methods or {"GET"}:
            if method != "HEAD":
                served.add((method.lower(), path))
    return served


def test_every_route_is_described_and_nothing_else() -> None:
    described = {
        (method, path)
        for path, item in openapi.build()["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    }
    assert described == _served()


def test_every_operation_describes_its_errors(document: dict[str, Any]) -> None:
    for path, item in document["paths"].items():
        for method, operation in item.items():
            statuses = set(operation["responses"])
            assert any(s.startswith("2") for s in statuses), (method, path)
            if path not in ("/openapi.json", "/docs"):
                assert {"401", "500"} <= statuses, (method, path)
            assert operation["operationId"]
            assert operation["tags"]


def test_the_docs_page_is_readable_and_self_contained(
    sandbox: Any, document: dict[str, Any]
) -> None:
    with httpx.Client(base_url=sandbox.base_url, trust_env=False) as client:
        response = client.get("/docs")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    # nothing is fetched from anywhere: no script, stylesheet link, image, font or import
    for forbidden in ("<script", "<link", "<img", "<iframe", "@import", "url(", "src="):
        assert forbidden not in page
    assert not re.findall(r'href="(?!#|/openapi\.json")', page)
    # every operation has its section, every error code its row, every schema its table
    for item in document["paths"].values():
        for operation in item.values():
            assert f'id="{operation["operationId"]}"' in page
    for code in openapi.SMS_CODES:
        assert f">{code}</td>" in page
    for code, _ in openapi.CONTACT_CODES.values():
        assert f"<code>{code}</code>" in page
    for name in document["components"]["schemas"]:
        assert f'id="schema-{name}"' in page
    for tag in document["tags"]:  # grouped by tag
        assert f'<h2 class="tag" id="{tag["name"].lower().split()[0]}' in page


def test_the_description_is_never_faulted(sandbox: Any, admin: SandboxAdmin) -> None:
    admin.fault("error500", 2)
    try:
        with httpx.Client(base_url=sandbox.base_url, trust_env=False) as client:
            assert client.get("/openapi.json").status_code == 200
            assert client.get("/docs").status_code == 200
    finally:
        admin.clear_faults()
