"""Spreadsheets that would exhaust the sandbox: an .xlsx that decompresses hugely, row
numbers that jump far, cells that are far too long. Each is refused (413 or 422) before
it costs memory or time, and the sandbox keeps answering."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import httpx
import openpyxl
import pytest

from desktop_app.sandbox import uploads
from desktop_app.sandbox.admin import SandboxAdmin
from desktop_app.sandbox.process import SandboxProcess, start_sandbox
from tests.sandbox.conftest import bearer_client

UPLOAD = "/api/v1/contacts/upload"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
SHEET = "xl/worksheets/sheet1.xml"
MIB = 1024 * 1024


def _xlsx(sheet_xml: Iterable[bytes]) -> bytes:
    """A real workbook whose first sheet is replaced by the given XML, streamed into the
    archive (deflate, level 9) so a huge sheet costs the test no memory."""
    book = openpyxl.Workbook()
    template = io.BytesIO()
    book.save(template)
    out = io.BytesIO()
    with (
        zipfile.ZipFile(template) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target,
    ):
        for info in source.infolist():
            if info.filename == SHEET:
                with target.open(SHEET, "w", force_zip64=True) as sheet:
                    for chunk in sheet_xml:
                        sheet.write(chunk)
            else:
                target.writestr(info, source.read(info))
    return out.getvalue()


def _sheet(rows: Iterable[bytes]) -> Iterator[bytes]:
    yield (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b"<sheetData>"
    )
    yield from rows
    yield b"</sheetData></worksheet>"


def _cell(ref: str, text: str | bytes) -> bytes:
    raw = text.encode() if isinstance(text, str) else text
    return b'<c r="%s" t="inlineStr"><is><t>%s</t></is></c>' % (ref.encode(), raw)


def _header() -> bytes:
    return b'<row r="1">' + _cell("A1", "phone") + _cell("B1", "first_name") + b"</row>"


def _bomb(uncompressed: int) -> bytes:
    """About `uncompressed` bytes of sheet XML: rows of one 1 MiB cell each."""
    row = b"<row>" + _cell("B2", b"a" * MIB) + b"</row>"
    return _xlsx(_sheet([_header(), *([row] * (uncompressed // len(row)))]))


def _peak_rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM line")


@pytest.fixture
def own_sandbox(tmp_path: Path) -> Iterator[tuple[SandboxProcess, httpx.Client]]:
    """A sandbox of its own, so its peak memory is this test's alone."""
    with start_sandbox(tmp_path / "d", settle_seconds=0.05) as proc:
        with SandboxAdmin(proc.base_url, proc.admin_key) as admin:
            account_id = admin.create_account("Upload shop", 10, [])
            token = admin.create_token(account_id, scopes=["contacts", "sms"])
        with bearer_client(proc.base_url, token, timeout=60.0) as client:
            yield proc, client


def _refused(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["success"] is False
    error: dict[str, Any] = body["error"]
    assert error["fields"]["file"]
    return error


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_an_xlsx_that_decompresses_hugely_is_refused_without_using_the_memory(
    own_sandbox: tuple[SandboxProcess, httpx.Client],
) -> None:
    proc, client = own_sandbox
    data = _bomb(300 * MIB)
    assert len(data) < 2 * MIB  # a small upload...
    before = _peak_rss_mib(proc.pid)
    error = _refused(client.post(UPLOAD, files={"file": ("b.xlsx", data, XLSX)}), 413)
    assert "uncompressed" in error["message"]
    assert _peak_rss_mib(proc.pid) - before < 50  # ...that is never inflated
    assert client.get("/v1/get-balance/").json()["balance"] == 10  # still serving
    assert client.get("/api/v1/contacts/uploads").json()["data"]["uploads"] == []


def test_sheet_rows_numbered_past_the_spreadsheet_limit_are_refused(api: httpx.Client) -> None:
    """A row numbered 10**9 would make the reader fill a billion empty rows."""
    far = b'<row r="1000000000">' + _cell("A1000000000", "0712345678") + b"</row>"
    data = _xlsx(_sheet([_header(), far]))
    error = _refused(api.post(UPLOAD, files={"file": ("far.xlsx", data, XLSX)}), 413)
    assert "rows" in error["message"]


def test_cells_far_to_the_right_cost_nothing(api: httpx.Client) -> None:
    """A cell in column XFD (16,384) on every row: only the header's columns are read."""
    rows = [
        b'<row r="%d">' % n + _cell(f"A{n}", f"07120000{n:02d}") + _cell(f"XFD{n}", "x") + b"</row>"
        for n in range(2, 40)
    ]
    data = _xlsx(_sheet([_header(), *rows]))
    response = api.post(UPLOAD, files={"file": ("wide.xlsx", data, XLSX)})
    assert response.status_code == 202, response.text
    assert response.json()["data"]["total"] == 38


def test_a_far_right_header_with_rows_far_down_is_refused(api: httpx.Client) -> None:
    """Every empty row in between would be filled in 16,384 cells wide."""
    header = b'<row r="1">' + _cell("XFD1", "phone") + b"</row>"
    far = b'<row r="1000000">' + _cell("XFD1000000", "0712345678") + b"</row>"
    data = _xlsx(_sheet([header, far]))
    error = _refused(api.post(UPLOAD, files={"file": ("far.xlsx", data, XLSX)}), 413)
    assert "cells" in error["message"]


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_cell_longer_than_the_limit_is_refused(api: httpx.Client, kind: str) -> None:
    long_name = "A" * (uploads.MAX_CELL + 1)
    if kind == "csv":
        data = f"phone,first_name\n0712345678,{long_name}\n".encode()
        files = {"file": ("long.csv", data, "text/csv")}
    else:
        row = b'<row r="2">' + _cell("A2", "0712345678") + _cell("B2", long_name) + b"</row>"
        files = {"file": ("long.xlsx", _xlsx(_sheet([_header(), row])), XLSX)}
    error = _refused(api.post(UPLOAD, files=files), 422)
    assert "row 2" in error["message"].lower()
    assert "first_name" in error["message"]


def test_a_long_cell_in_a_column_that_is_not_imported_is_fine(api: httpx.Client) -> None:
    data = f"phone,address\n0712345678,{'x' * 5000}\n".encode()
    response = api.post(UPLOAD, files={"file": ("notes.csv", data, "text/csv")})
    assert response.status_code == 202, response.text


def test_an_archive_with_too_many_entries_is_refused(api: httpx.Client) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for n in range(uploads.MAX_XLSX_ENTRIES + 1):
            archive.writestr(f"f{n}", b"")
    error = _refused(api.post(UPLOAD, files={"file": ("x.xlsx", out.getvalue(), XLSX)}), 422)
    assert "cannot be read" in error["message"]


def test_a_chunked_upload_over_the_limit_is_refused(api: httpx.Client) -> None:
    """No Content-Length to check first: the size is found while the body is read."""
    boundary = "tuma-boundary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n'
        "Content-Type: text/csv\r\n\r\nphone\r\n"
    ).encode()
    rows = b"0712345678\r\n" * (MIB // 12)

    def body() -> Iterator[bytes]:
        yield head
        for _ in range(11):  # 11 MiB of rows
            yield rows
        yield f"\r\n--{boundary}--\r\n".encode()

    response = api.post(
        UPLOAD,
        content=body(),
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    _refused(response, 413)
    assert api.get("/api/v1/contacts/uploads").status_code == 200  # the connection still works
