"""Which sheet of a workbook the wizard opens, and giving up on a file being read: the
hurried user's workbooks (a summary or instructions sheet in front of the customers, the
headings typed on the first sheet and the customers on the next)."""

from __future__ import annotations

import asyncio
import threading
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from desktop_app.core import importing
from desktop_app.core.background import inline
from desktop_app.core.importing import (
    FileErrorCode,
    ImportCancelled,
    ImportFileError,
    preview,
    validate_contacts_file,
)
from desktop_app.core.services import imports as imports_module
from desktop_app.core.services.imports import ImportsService
from desktop_app.core.store import Store
from tests.core import import_files as files


def _workbook(path: Path, sheets: dict[str, Any]) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book.save(path)
    return path


CUSTOMERS: list[list[object]] = [
    ["Phone", "Name"],
    ["0712345678", "Wanjiru Kamau"],
    [722000111, "Otieno"],
]


@pytest.mark.parametrize(
    "front",
    [
        [["Total customers", 2], ["Updated", "March"]],  # a summary: no phone column
        [["Fill in the customers on the next sheet"]],  # instructions
        [["Phone", "Name"]],  # the headings only: no customer under them
    ],
    ids=["summary", "instructions", "headings-only"],
)
def test_the_customers_sheet_is_opened_when_the_first_has_none(
    tmp_path: Path, front: list[list[object]]
) -> None:
    """It opened the first sheet: "no column holds phone numbers", or 0 rows and "Nothing
    to upload", while the customers sat on the next sheet."""
    path = _workbook(tmp_path / "wateja.xlsx", {"Sheet1": front, "Customers": CUSTOMERS})
    found = preview(path)
    assert found.source.sheet == "Customers"
    assert found.sheets == ("Sheet1", "Customers")  # the first stays choosable
    assert found.mapping.phone == 0
    report = validate_contacts_file(path)  # no sheet given: the one the preview opens
    assert report.source.sheet == "Customers"
    assert [(r.row, r.phone) for r in report.valid] == [
        (2, "+254712345678"),
        (3, "+254722000111"),
    ]
    # chosen, the first sheet is read as it is
    assert preview(path, "Sheet1").source.sheet == "Sheet1"


def test_a_workbook_with_no_customers_anywhere_opens_its_first_sheet_with_rows(
    tmp_path: Path,
) -> None:
    path = _workbook(
        tmp_path / "heads.xlsx",
        {"Blank": [], "Headings": [["Phone", "Name"]], "Notes": [["Call on Monday"]]},
    )
    found = preview(path)
    assert found.source.sheet == "Headings"
    assert found.header == ("Phone", "Name")
    assert found.rows == ()
    assert validate_contacts_file(path).data_rows == 0


def test_the_first_sheet_with_customers_wins_over_later_ones(tmp_path: Path) -> None:
    other = [["Phone"], ["0733123456"]]
    path = _workbook(tmp_path / "two.xlsx", {"Januari": CUSTOMERS, "Februari": other})
    assert preview(path).source.sheet == "Januari"
    assert validate_contacts_file(path).source.sheet == "Januari"


class _CancelAfter:
    def __init__(self, looks: int) -> None:
        self.left = looks

    def is_set(self) -> bool:
        self.left -= 1
        return self.left < 0


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_reading_the_head_stops_when_cancelled(tmp_path: Path, kind: str) -> None:
    rows = files.big_rows(2_000)
    path = (
        files.write_csv(tmp_path, "big.csv", rows)
        if kind == "csv"
        else files.big_xlsx(tmp_path / "big.xlsx", rows)
    )
    stop = threading.Event()
    stop.set()
    with pytest.raises(ImportCancelled):
        preview(path, cancel=stop)
    with pytest.raises(ImportCancelled):
        preview(path, cancel=_CancelAfter(1))  # looked at again once the file is opened
    assert preview(path, cancel=threading.Event()).rows[0][0] == 2


def test_cancelling_the_preview_tells_the_worker_to_stop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Giving up on a big workbook being read left its reading running to the end."""
    started = threading.Event()
    tokens: list[Any] = []

    def reading(*_args: object, cancel: Any = None, **_kw: object) -> None:
        tokens.append(cancel)
        started.set()
        assert cancel.wait(10)  # the worker sees the stop
        raise ImportCancelled

    monkeypatch.setattr(imports_module, "preview", reading)

    async def give_up() -> None:
        task = asyncio.ensure_future(service.preview(tmp_path / "big.xlsx"))
        await asyncio.to_thread(started.wait, 10)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    with Store(tmp_path / "tuma.sqlite3") as store:
        service = ImportsService(store, inline)
        asyncio.run(give_up())
    assert tokens[0].is_set()


def test_an_unreadable_other_sheet_does_not_refuse_the_workbook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _workbook(tmp_path / "w.xlsx", {"Summary": [["Total", 2]], "Broken": [["x"]]})
    real = importing._preview

    def broken(p: Any, sheet: str | None, *args: Any) -> Any:
        if sheet == "Broken":
            raise ImportFileError(FileErrorCode.CORRUPT, detail="test")
        return real(p, sheet, *args)

    monkeypatch.setattr(importing, "_preview", broken)
    assert preview(path).source.sheet == "Summary"


@pytest.mark.parametrize("state", ["hidden", "veryHidden"])
def test_a_sheet_hidden_in_excel_is_neither_opened_nor_offered(tmp_path: Path, state: str) -> None:
    """Former customers kept on a hidden first sheet: the user sees "Customers" in Excel, and
    Tuma opened (and offered) the hidden one, to be uploaded unseen."""
    book = openpyxl.Workbook()
    old = book.active
    old.title = "Old list"
    old.append(["Name", "Phone"])
    for i in range(5):
        old.append([f"Former customer {i}", f"070000000{i}"])
    old.sheet_state = state
    shown = book.create_sheet("Customers")
    for row in CUSTOMERS:
        shown.append(row)
    path = tmp_path / "wateja.xlsx"
    book.save(path)
    assert importing.sheets(path) == ("Customers",)
    found = preview(path)
    assert found.source.sheet == "Customers"
    assert found.sheets == ("Customers",)
    report = validate_contacts_file(path)
    assert [r.phone for r in report.valid] == ["+254712345678", "+254722000111"]
    # calamine's reading of the names (a workbook part Tuma could not map) agrees
    from desktop_app.core.importing import reading

    assert reading._calamine_names(path) == ("Customers",)


def test_a_workbook_hiding_every_sheet_still_offers_them(tmp_path: Path) -> None:
    """Excel never saves such a file (nor openpyxl): another program could. Better to offer
    what it holds than to say it holds nothing."""
    made = _workbook(tmp_path / "made.xlsx", {"Customers": CUSTOMERS})
    path = tmp_path / "odd.xlsx"
    with zipfile.ZipFile(made) as source, zipfile.ZipFile(path, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "xl/workbook.xml":
                data = data.replace(b'state="visible"', b'state="hidden"')
            target.writestr(info, data)
    with zipfile.ZipFile(path) as written:
        assert b'state="hidden"' in written.read("xl/workbook.xml")
    assert importing.sheets(path) == ("Customers",)
    assert [r.phone for r in validate_contacts_file(path).valid] == [
        "+254712345678",
        "+254722000111",
    ]
