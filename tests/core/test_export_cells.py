"""What an exported file's cells are: times in the computer's own time (EAT here), real
date-time cells in an XLSX and ``YYYY-MM-DD HH:MM:SS`` in a CSV; counts as numbers (Excel's
SUM must add them up); and a file anyone may read as a normally saved one would be (not the
private mode of a temporary file), keeping the mode of a file it replaces."""

from __future__ import annotations

import asyncio
import csv
import os
import stat
import time
from collections.abc import Coroutine, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

import openpyxl
import pytest

from desktop_app.core.api import Client
from desktop_app.core.api.models import DeliveryRecord
from desktop_app.core.background import inline
from desktop_app.core.delivery import normalize_status
from desktop_app.core.services import Services
from desktop_app.core.services.contacts import ContactQuery, ContactsService
from desktop_app.core.services.delivery import DeliveryService, ExportFormat, HistoryFilter
from desktop_app.core.store import BroadcastKind, Store
from tests.conftest import Account

T = TypeVar("T")
PROFILE = "shop"
TEXT = "Karibu! Ofa ya leo: unga 2kg KES 180."
NAIROBI = ZoneInfo("Africa/Nairobi")
DELIVERED = "+254712340001"
#: when the network says it delivered to DELIVERED: 06:00:47 on the shop's clock
DELIVERED_AT = datetime(2026, 11, 25, 3, 0, 47, 528000, tzinfo=UTC)
COUNTS = ("recipients", "delivered", "sent", "failed", "rejected", "pending", "no_report")


def arun(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


@pytest.fixture
def nairobi(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The computer's own time is EAT (UTC+3) for the test."""
    monkeypatch.setenv("TZ", "Africa/Nairobi")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def local(moment: datetime | None) -> datetime:
    """*moment* as the shop's clock shows it, to the second, without a zone."""
    assert moment is not None
    assert moment.tzinfo is not None
    return moment.astimezone(NAIROBI).replace(tzinfo=None, microsecond=0)


def sends(services: Services) -> int:
    """Two sends: one with its parts and credits known (returned), one without."""
    journal = services.store.journal
    journal.record_sent(
        BroadcastKind.BULK, "older", ["+254712340009"], profile=PROFILE, message_id="m0"
    )
    return journal.record_sent(
        BroadcastKind.BULK,
        TEXT,
        [DELIVERED, "+254712340002"],
        profile=PROFILE,
        message_id="m1",
        parts=1,
        credits=2,
        sender_id="TUMA",
    )


class FakeClient:
    """Reports for "m1": DELIVERED delivered at DELIVERED_AT, the other still on its way."""

    async def delivery_report(self, message_id: str) -> list[DeliveryRecord]:
        if message_id != "m1":
            return []
        return [
            DeliveryRecord(
                "m1",
                DELIVERED,
                normalize_status("DeliveredToTerminal"),
                "DeliveredToTerminal",
                delivered_at=DELIVERED_AT,
            ),
            DeliveryRecord(
                "m1", "+254712340002", normalize_status("SentToNetwork"), "SentToNetwork"
            ),
        ]


def reported(services: Services) -> int:
    """The two sends, with "m1"'s reports kept."""
    broadcast_id = sends(services)
    service = DeliveryService(services.store, services.io, rate=0)
    arun(service.refresh_due(FakeClient(), PROFILE))  # type: ignore[arg-type]
    return broadcast_id


def sheet_rows(path: Path) -> list[dict[str, Any]]:
    """Every row of the first sheet, by header, as cells (their value, type and format)."""
    sheet = openpyxl.load_workbook(path).active
    assert sheet is not None
    rows = list(sheet.iter_rows())
    header = [c.value for c in rows[0]]
    return [dict(zip(header, cells, strict=True)) for cells in rows[1:]]


def csv_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


# --- the Delivery tab's exports -----------------------------------------------------------------


def test_history_xlsx_counts_are_number_cells(services: Services, tmp_path: Path) -> None:
    sends(services)
    target = tmp_path / "history.xlsx"
    arun(services.delivery.export_history(PROFILE, HistoryFilter(), target, ExportFormat.XLSX))
    rows = {r["message"].value: r for r in sheet_rows(target)}
    line = rows[TEXT]
    for name in COUNTS:
        assert line[name].data_type == "n", name
        assert isinstance(line[name].value, int), name
    assert [line[n].value for n in ("recipients", "parts", "credits")] == [2, 1, 2]
    assert line["pending"].value + line["sent"].value + line["no_report"].value == 2
    # unknown stays an empty cell, not "" nor 0
    assert rows["older"]["parts"].value is None
    assert rows["older"]["credits"].value is None


def test_history_xlsx_times_are_date_cells_in_local_time(
    services: Services, tmp_path: Path, nairobi: None
) -> None:
    sends(services)
    sent = {r.text: r for r in arun(services.delivery.history(PROFILE, HistoryFilter()))}
    target = tmp_path / "history.xlsx"
    arun(services.delivery.export_history(PROFILE, HistoryFilter(), target, ExportFormat.XLSX))
    for row in sheet_rows(target):
        cell = row["sent_at"]
        assert cell.is_date
        assert "yy" in cell.number_format
        assert "hh:mm" in cell.number_format
        assert cell.value == local(sent[row["message"].value].sent_at)


def test_report_xlsx_times_are_date_cells_in_local_time(
    services: Services, tmp_path: Path, nairobi: None
) -> None:
    broadcast_id = reported(services)
    kept = {r.phone: r for r in arun(services.delivery.recipients(PROFILE, broadcast_id))}
    target = tmp_path / "report.xlsx"
    arun(services.delivery.export_report(PROFILE, broadcast_id, target, ExportFormat.XLSX))
    rows = {r["phone"].value: r for r in sheet_rows(target)}
    assert set(rows) == set(kept)
    for phone, row in rows.items():
        assert row["updated_at"].is_date
        assert row["updated_at"].value == local(kept[phone].updated_at)
    assert rows[DELIVERED]["delivered_at"].is_date
    assert rows[DELIVERED]["delivered_at"].value == datetime(2026, 11, 25, 6, 0, 47)
    assert rows["+254712340002"]["delivered_at"].value is None  # not delivered: empty


def test_csv_times_are_local_date_times(services: Services, tmp_path: Path, nairobi: None) -> None:
    broadcast_id = reported(services)
    sent = {r.text: r for r in arun(services.delivery.history(PROFILE, HistoryFilter()))}
    history = tmp_path / "history.csv"
    arun(services.delivery.export_history(PROFILE, HistoryFilter(), history, ExportFormat.CSV))
    rows = csv_rows(history)
    assert {r["message"]: r["sent_at"] for r in rows} == {
        text: f"{local(row.sent_at):%Y-%m-%d %H:%M:%S}" for text, row in sent.items()
    }
    assert {r["message"]: r["recipients"] for r in rows} == {TEXT: "2", "older": "1"}

    kept = {r.phone: r for r in arun(services.delivery.recipients(PROFILE, broadcast_id))}
    report = tmp_path / "report.csv"
    arun(services.delivery.export_report(PROFILE, broadcast_id, report, ExportFormat.CSV))
    lines = {r["phone"]: r for r in csv_rows(report)}
    assert {phone: r["updated_at"] for phone, r in lines.items()} == {
        phone: f"{local(row.updated_at):%Y-%m-%d %H:%M:%S}" for phone, row in kept.items()
    }
    assert lines[DELIVERED]["delivered_at"] == "2026-11-25 06:00:47"
    assert lines["+254712340002"]["delivered_at"] == ""


# --- the contacts export -------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", list(ExportFormat))
def test_contacts_created_at_is_local_time(
    account: Account, tmp_path: Path, nairobi: None, fmt: ExportFormat
) -> None:
    target = tmp_path / f"contacts.{fmt}"

    async def go() -> datetime | None:
        async with Client(
            account.base_url, account.contacts_base_url, account.token, backoff=0.01
        ) as client:
            made = await client.create_contact("+254712345678", first_name="Wanjiru")
            with Store(tmp_path / "tuma.sqlite3") as store:
                await ContactsService(store, inline).export(
                    client, PROFILE, target, fmt, ContactQuery()
                )
            return made.created_at

    expected = local(arun(go()))
    if fmt is ExportFormat.CSV:
        [row] = csv_rows(target)
        assert row["created_at"] == f"{expected:%Y-%m-%d %H:%M:%S}"
    else:
        [cells] = sheet_rows(target)
        assert cells["created_at"].is_date
        assert cells["created_at"].value == expected


# --- the file's permissions ---------------------------------------------------------------------


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")
@pytest.mark.parametrize("fmt", list(ExportFormat))
def test_an_exported_file_has_a_normal_files_mode(
    services: Services, tmp_path: Path, umask_022: None, fmt: ExportFormat
) -> None:
    sends(services)
    normal = tmp_path / "normal.txt"
    normal.write_text("a file saved the ordinary way")
    target = tmp_path / f"history.{fmt}"
    arun(services.delivery.export_history(PROFILE, HistoryFilter(), target, fmt))
    assert mode_of(target) == mode_of(normal) == 0o644

    # exporting over a file keeps that file's mode
    target.chmod(0o640)
    arun(services.delivery.export_history(PROFILE, HistoryFilter(), target, fmt))
    assert mode_of(target) == 0o640
    assert list(tmp_path.glob("*.part")) == []
