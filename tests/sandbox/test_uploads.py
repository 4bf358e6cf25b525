"""Contact uploads: checks before the 202, asynchronous import, counts and row errors."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import httpx
import openpyxl
import pytest

from desktop_app.sandbox import uploads
from desktop_app.sandbox.service import Sandbox
from tests.sandbox.conftest import wait_until

UPLOAD = "/api/v1/contacts/upload"
UPLOADS = "/api/v1/contacts/uploads"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _upload(api: httpx.Client, name: str, data: bytes, ctype: str = "text/csv") -> httpx.Response:
    return api.post(UPLOAD, files={"file": (name, data, ctype)})


def _accepted(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 202, response.text
    body = response.json()
    assert body["success"] is True
    data: dict[str, Any] = body["data"]
    assert data["status"] == "processing"
    return data


def _settled(api: httpx.Client, upload_uuid: str) -> dict[str, Any]:
    def find() -> dict[str, Any] | None:
        uploads = api.get(UPLOADS).json()["data"]["uploads"]
        [upload] = [u for u in uploads if u["uuid"] == upload_uuid]
        return upload if upload["status"] != "processing" else None

    result: dict[str, Any] = wait_until(find)
    return result


def _rejected(response: httpx.Response, status: int) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["success"] is False
    assert body["error"]["message"]


def test_csv_import_counts_and_row_errors(api: httpx.Client) -> None:
    existing = api.post("/api/v1/contacts", json={"phone": "0711000001", "first_name": "Old"})
    assert existing.status_code == 201
    text = (
        "\ufeffPhone,First_Name,last_name,EMAIL,ignored\n"
        "0712345678,Amina,Otieno,amina@example.com,x\n"
        "12345,Bad,Number,,\n"
        ",,,,\n"
        "254711000001,New,Name,,\n"
        ",No,Phone,,\n"
        "+254722000001,Bad,Email,nope,\n"
        "\n"
        "0733000001,,,,\n"
    )
    data = _accepted(_upload(api, "contacts.csv", text.encode("utf-8")))
    assert data["total"] == 6
    upload = _settled(api, data["upload_uuid"])
    assert upload["status"] == "completed"
    assert upload["total"] == 6
    assert upload["imported"] == 3
    assert upload["failed"] == 3
    assert upload["imported"] + upload["failed"] == upload["total"]
    assert upload["created_at"].endswith("Z")
    assert [(e["row"], e["phone"]) for e in upload["errors"]] == [
        (3, "12345"),
        (6, None),
        (7, "+254722000001"),
    ]
    assert all(e["reason"] for e in upload["errors"])
    contacts = api.get("/api/v1/contacts", params={"page_size": 100}).json()["data"]
    by_phone = {c["phone"]: c for c in contacts["contacts"]}
    assert set(by_phone) == {"+254712345678", "+254711000001", "+254733000001"}
    assert by_phone["+254711000001"]["first_name"] == "New"  # existing phone: updated
    assert by_phone["+254712345678"]["email"] == "amina@example.com"


def test_xlsx_import(api: httpx.Client) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["first_name", "PHONE"])
    sheet.append(["Amina", 254712345678])
    sheet.append([None, None])
    sheet.append(["Brian", "0733 000 111"])
    sheet.append(["Chebet", "999"])
    buffer = io.BytesIO()
    book.save(buffer)
    data = _accepted(_upload(api, "people.xlsx", buffer.getvalue(), XLSX))
    assert data["total"] == 3
    upload = _settled(api, data["upload_uuid"])
    assert (upload["status"], upload["imported"], upload["failed"]) == ("completed", 2, 1)
    assert upload["errors"] == [{"row": 5, "phone": "999", "reason": upload["errors"][0]["reason"]}]


def test_uploads_newest_first(api: httpx.Client) -> None:
    first = _accepted(_upload(api, "a.csv", b"phone\n0712345678\n"))["upload_uuid"]
    second = _accepted(_upload(api, "b.csv", b"phone\n0722345678\n"))["upload_uuid"]
    _settled(api, first)
    _settled(api, second)
    uploads = api.get(UPLOADS).json()["data"]["uploads"]
    assert [u["uuid"] for u in uploads] == [second, first]


@pytest.mark.parametrize(
    ("name", "data", "ctype", "status"),
    [
        ("notes.txt", b"phone\n0712345678\n", "text/plain", 415),
        ("photo.png", b"\x89PNG....", "image/png", 415),
        ("contacts.csv", b"name,email\nAmina,a@b.co\n", "text/csv", 422),
        ("contacts.csv", b"", "text/csv", 422),
        ("contacts.csv", "phone\n0712345678,é\n".encode("latin-1"), "text/csv", 422),
        ("contacts.xlsx", b"this is not a zip file", XLSX, 422),
    ],
)
def test_rejected_before_acceptance(
    api: httpx.Client, name: str, data: bytes, ctype: str, status: int
) -> None:
    _rejected(_upload(api, name, data, ctype), status)
    assert api.get(UPLOADS).json()["data"]["uploads"] == []


def test_too_large_file(api: httpx.Client) -> None:
    data = b"phone\n" + b"0712345678\n" * (10 * 1024 * 1024 // 11 + 10)
    _rejected(_upload(api, "big.csv", data), 413)


def test_too_many_rows(api: httpx.Client) -> None:
    data = b"phone\n" + b"1\n" * 100_001
    _rejected(_upload(api, "many.csv", data), 413)


def test_missing_file_field_and_wrong_body(api: httpx.Client) -> None:
    _rejected(api.post(UPLOAD, files={"other": ("a.csv", b"phone\n")}), 400)
    _rejected(api.post(UPLOAD, json={"file": "phone\n0712345678"}), 415)


def test_finished_upload_workers_leave_no_connection_open(tmp_path: Path) -> None:
    """Each worker thread opens its own SQLite connection; it is closed when the thread ends
    (else every import would keep three file descriptors until the service stops)."""
    sandbox = Sandbox(tmp_path / "data", admin_key="k")
    try:
        before = len(sandbox.db._all)
        rows = uploads.parse(b"phone\n0712345678\nnot a phone\n", "csv")
        for _ in range(5):
            upload_uuid = uploads.start(sandbox, "acc-1", rows)
            sandbox.upload_threads[-1].join(10)
            row = sandbox.db.query_one("SELECT * FROM uploads WHERE uuid=?", (upload_uuid,))
            assert row is not None
            assert (row["status"], row["imported"], row["failed"]) == ("completed", 1, 1)
        assert len(sandbox.db._all) == before
    finally:
        sandbox.db.close()
