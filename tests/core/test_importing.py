"""core.importing end to end: every messy file the import must survive, checked row by row."""

from __future__ import annotations

import itertools
import pickle
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest

from desktop_app.core.importing import (
    ColumnMapping,
    FileErrorCode,
    ImportCancelled,
    ImportFileError,
    ImportLimits,
    ImportReport,
    RejectReason,
    preview,
    read_table,
    sheets,
    validate_contacts_file,
)
from tests.core import import_files as files


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("imports")


def _valid(report: ImportReport) -> list[tuple[int, str, bool]]:
    return [(r.row, r.phone, r.repaired) for r in report.valid]


def _rejected(report: ImportReport) -> list[tuple[int, str, str]]:
    return [(r.row, r.reason.value, r.detail) for r in report.rejected]


def _duplicates(report: ImportReport) -> list[tuple[int, str, int]]:
    return [(r.row, r.phone, r.first_row) for r in report.duplicates]


def _error(path: Path, **kwargs: object) -> ImportFileError:
    with pytest.raises(ImportFileError) as caught:
        validate_contacts_file(path, **kwargs)  # type: ignore[arg-type]
    return caught.value


# --- Excel's damage, row by row ----------------------------------------------------------


def test_damaged_csv_row_by_row(folder: Path) -> None:
    path = files.write_csv(folder, "damaged.csv", files.DAMAGED_ROWS, encoding="utf-8-sig")
    report = validate_contacts_file(path)
    assert report.header_row == 1
    assert report.header == ("Phone", "First Name", "Last Name", "Email")
    assert report.mapping == ColumnMapping(phone=0, first_name=1, last_name=2, email=3)
    assert _valid(report) == files.DAMAGED_VALID
    assert _rejected(report) == files.DAMAGED_REJECTED
    assert _duplicates(report) == files.DAMAGED_DUPLICATES
    assert report.skipped == ()
    # every data row in exactly one list; rows 10 (",,,") and 18 (spaces) are blank
    rows = [r.row for r in (*report.valid, *report.rejected, *report.duplicates)]
    assert sorted(rows) == [n for n in range(2, 20) if n not in (10, 18)]
    assert report.data_rows == 16
    first = report.valid[0]
    assert (first.first_name, first.last_name, first.email) == (
        "Wanjiru",
        "Kamau",
        "wanjiru@example.com",
    )
    email_row = next(r for r in report.rejected if r.reason is RejectReason.INVALID_EMAIL)
    assert email_row.column == 3
    assert email_row.cells == ("0712345683", "Bad", "Email", "not-an-email")
    assert report.rejected[0].column == 0


def test_damaged_xlsx_row_by_row(folder: Path) -> None:
    report = validate_contacts_file(files.damaged_xlsx(folder))
    assert report.source.sheet == "Wateja"
    assert report.source.engine == "calamine"
    assert report.header_row == 3  # below the merged title and a blank row
    assert report.header[:4] == ("Jina", "Ukoo", "Namba ya simu", "Barua pepe")
    # "Jina" beside "Ukoo" is the first name, not a whole name to split
    assert report.mapping == ColumnMapping(phone=2, first_name=0, last_name=1, email=3)
    assert [(r.row, r.phone, r.first_name, r.last_name, r.repaired) for r in report.valid] == (
        files.DAMAGED_XLSX_VALID
    )
    assert _rejected(report) == [
        (7, "precision_lost", "2.54712E+11"),
        (9, "invalid_phone", "2024-03-01"),
    ]
    assert report.duplicates == ()
    assert report.skipped == (15,)  # only a junk 0 far to the right
    assert report.valid[0].email == "wanjiru@example.com"


def test_sheets_and_a_sheet_that_starts_at_c4(folder: Path) -> None:
    path = files.two_sheets_xlsx(folder)
    assert sheets(path) == ("Januari", "Februari")  # the chart sheet is no choice
    first = validate_contacts_file(path)
    assert first.source.sheet == "Januari"
    assert [(r.row, r.phone, r.first_name, r.last_name) for r in first.valid] == [
        (2, "+254712345678", "Wanjiru", "Kamau")
    ]
    second = validate_contacts_file(path, sheet="Februari")
    assert second.header_row == 4
    assert second.mapping == ColumnMapping(phone=2, name=3)  # column C and D, as in Excel
    assert [(r.row, r.phone, r.first_name, r.last_name, r.repaired) for r in second.valid] == [
        (5, "+254722000111", "Otieno", "Ouma", False),
        (7, "+254733123456", "Wanjiru", "Kamau", True),  # "Kamau, Wanjiru"
    ]
    assert _error(path, sheet="Machi").code is FileErrorCode.SHEET_NOT_FOUND


def test_a_blank_first_sheet_opens_the_next_sheet_with_rows(folder: Path) -> None:
    """Excel's empty "Sheet1" left in front of the customers: not "no rows at all"."""
    book = openpyxl.Workbook()
    book.active.title = "Sheet1"
    book.create_sheet("Blank too")
    customers = book.create_sheet("Wateja")
    customers.append(["Simu", "Jina"])
    customers.append(["0712345678", "Wanjiru Kamau"])
    path = folder / "blank_first.xlsx"
    book.save(path)
    shown = preview(path)
    assert shown.source.sheet == "Wateja"
    assert shown.sheets == ("Sheet1", "Blank too", "Wateja")  # the others stay choosable
    assert validate_contacts_file(path).valid[0].phone == "+254712345678"
    assert _error(path, sheet="Sheet1").code is FileErrorCode.EMPTY  # chosen: said so
    empty = openpyxl.Workbook()
    empty.create_sheet("Nothing here either")
    empty.save(folder / "all_blank.xlsx")
    assert _error(folder / "all_blank.xlsx").code is FileErrorCode.EMPTY


# --- encodings and separators --------------------------------------------------------------


@pytest.mark.parametrize(
    ("encoding", "delimiter", "reported"),
    [
        ("utf-8", ",", "utf-8"),
        ("utf-8-sig", ",", "utf-8-sig"),
        ("utf-8", ";", "utf-8"),
        ("utf-16", "\t", "utf-16"),  # Excel's "Unicode text"
        ("utf-16-le", "\t", "utf-16-le"),  # the same without its BOM
        ("utf-16-be", ",", "utf-16-be"),
        ("cp1252", ";", "cp1252"),  # Excel's plain "CSV" on Windows
        ("cp1252", "\t", "cp1252"),
    ],
)
def test_encodings_and_separators(
    folder: Path, encoding: str, delimiter: str, reported: str
) -> None:
    name = f"names-{encoding}-{ord(delimiter)}.csv"
    path = files.write_csv(folder, name, files.NAMES_ROWS, encoding=encoding, delimiter=delimiter)
    report = validate_contacts_file(path)
    assert report.source.encoding == reported
    assert report.source.delimiter == delimiter
    assert [(r.row, r.phone, r.first_name, r.last_name) for r in report.valid] == (
        files.NAMES_VALID
    )


def test_excel_sep_directive_is_obeyed_and_not_a_row(folder: Path) -> None:
    rows = [["phone", "name"], ["0712345678", "Kamau, Wanjiru"]]
    path = files.write_csv(folder, "sep.csv", rows, delimiter=";", prefix="sep=;\r\n")
    report = validate_contacts_file(path)
    assert report.source.delimiter == ";"
    assert report.header_row == 1  # Excel hides the directive line
    assert [(r.row, r.first_name, r.last_name) for r in report.valid] == [(2, "Wanjiru", "Kamau")]


def test_quoted_line_breaks_stay_in_their_row(folder: Path) -> None:
    rows = [["phone", "name"], ["0712345678", "Wanjiru\nKamau"], ["0722000111", "Otieno"]]
    report = validate_contacts_file(files.write_csv(folder, "multiline.csv", rows))
    assert [(r.row, r.phone) for r in report.valid] == [
        (2, "+254712345678"),
        (3, "+254722000111"),
    ]


def test_undecodable_bytes(folder: Path) -> None:
    path = folder / "mixed.csv"
    path.write_bytes(b"phone,name\r\n0712345678,Caf\xc3\xa9\r\n0722000111,\x81\x8d\r\n")
    error = _error(path)
    assert error.code is FileErrorCode.ENCODING
    assert error.data == {"offset": 41}  # the \x81: neither UTF-8 nor Windows-1252


# --- headers, titles, mapping -----------------------------------------------------------------


def test_title_rows_and_swahili_headers(folder: Path) -> None:
    rows = [
        ["Orodha ya wateja - Duka la Mama Njeri", "", ""],
        ["", "", ""],
        ["Jina", "Nambari ya simu", "Barua pepe"],
        ["Wanjiru Kamau", "0712 345 678", "wanjiru@example.com"],
        ["Otieno", "0722000111", ""],
    ]
    path = files.write_csv(folder, "swahili.csv", rows)
    report = validate_contacts_file(path)
    assert report.header_row == 3
    assert report.mapping == ColumnMapping(phone=1, email=2, name=0)
    assert [(r.row, r.phone, r.first_name, r.last_name, r.email) for r in report.valid] == [
        (4, "+254712345678", "Wanjiru", "Kamau", "wanjiru@example.com"),
        (5, "+254722000111", "Otieno", "", ""),
    ]


def test_no_header_at_all(folder: Path) -> None:
    rows = [["0712345678", "Wanjiru", "Kamau"], ["0722000111", "Otieno", "Ouma"]]
    report = validate_contacts_file(files.write_csv(folder, "headerless.csv", rows))
    assert report.header_row is None
    assert report.header == ()
    assert report.mapping == ColumnMapping(phone=0, first_name=1, last_name=2)
    assert [(r.row, r.first_name, r.last_name) for r in report.valid] == [
        (1, "Wanjiru", "Kamau"),
        (2, "Otieno", "Ouma"),
    ]


def test_unknown_header_names_found_by_content(folder: Path) -> None:
    rows = [
        ["Wateja wetu wa Machi"],
        ["Mteja namba", "Maelezo"],  # a header, names we do not know
        ["0712345678", "anakuja Jumatatu"],
        ["0722000111", ""],
    ]
    report = validate_contacts_file(files.write_csv(folder, "unknown.csv", rows))
    assert report.header_row == 2
    assert report.mapping.phone == 0
    assert [r.row for r in report.valid] == [3, 4]


def test_a_customer_named_like_a_heading_is_not_taken_for_the_headings(folder: Path) -> None:
    """A list without headings: a customer's row with a heading's word in it ("Mobile") is
    a customer, not the headings (taking it lost every row above it, without a word)."""
    rows = [[f"Customer {i}", f"07123456{i:02d}"] for i in range(1, 8)]
    rows.append(["Juma Mobile Repairs", "0712 34"])  # a shop's name, a number mistyped
    rows += [[f"Customer {i}", f"07123456{i:02d}"] for i in range(9, 15)]
    rows.append(["Simu ya Amina", ""])  # a heading's word and no number at all, below them
    rows.append(["Amina", "0733 000 111"])
    path = files.write_csv(folder, "named-like-headings.csv", rows)
    shown = preview(path)
    assert shown.header_row is None
    report = validate_contacts_file(path)
    assert report.header_row is None
    assert report.mapping.phone == 1
    assert report.data_rows == 16
    assert len(report.valid) == 14
    assert [r[0] for r in _rejected(report)] == [8, 15]


def test_headings_below_a_title_with_the_shops_number_are_found(folder: Path) -> None:
    rows = [
        ["Duka la Mama Njeri", "0712 000 000"],  # the shop's own number on its title line
        ["Name", "Phone"],
        ["Wanjiru Kamau", "0712 345 678"],
        ["Otieno", "0722000111"],
    ]
    report = validate_contacts_file(files.write_csv(folder, "titled.csv", rows))
    assert report.header_row == 2
    assert report.mapping == ColumnMapping(phone=1, name=0)
    assert [r.row for r in report.valid] == [3, 4]


def test_user_mapping_and_header_choice(folder: Path) -> None:
    rows = [["a", "b", "c"], ["Wanjiru", "0712345678", "x@example.com"]]
    path = files.write_csv(folder, "letters.csv", rows)
    mapping = ColumnMapping(phone=1, first_name=0)
    report = validate_contacts_file(path, mapping=mapping, header_row=1)
    assert report.mapping == mapping
    assert [(r.row, r.phone, r.first_name, r.email) for r in report.valid] == [
        (2, "+254712345678", "Wanjiru", "")
    ]
    everything = validate_contacts_file(path, mapping=mapping, header_row="none")
    assert _rejected(everything) == [(1, "invalid_phone", "b")]


def test_no_phone_column(folder: Path) -> None:
    rows = [["Name", "Town"], ["Wanjiru", "Nairobi"], ["Otieno", "Kisumu"]]
    path = files.write_csv(folder, "nophone.csv", rows)
    assert _error(path).code is FileErrorCode.NO_PHONE_COLUMN
    shown = preview(path)  # the wizard still shows the columns, to pick the phones
    assert shown.mapping.phone is None
    assert shown.header == ("Name", "Town")


def test_preview(folder: Path) -> None:
    shown = preview(files.damaged_xlsx(folder), rows=3)
    assert shown.sheets == ("Wateja",)
    assert shown.header_row == 3
    assert shown.mapping == ColumnMapping(phone=2, first_name=0, last_name=1, email=3)
    assert [n for n, _ in shown.rows] == [4, 5, 6]
    assert shown.rows[0][1][:3] == ("Wanjiru", "Kamau", 712345678.0)
    assert shown.columns == 8  # the junk in column H is a column in use
    csv_shown = preview(files.write_csv(folder, "p.csv", files.NAMES_ROWS))
    assert csv_shown.sheets == ()
    assert csv_shown.source.encoding == "utf-8"


# --- empty, wrong and broken files -----------------------------------------------------------


def test_empty_files(folder: Path) -> None:
    empty = folder / "empty.csv"
    empty.write_bytes(b"")
    assert _error(empty).code is FileErrorCode.EMPTY
    blank = folder / "blank.csv"
    blank.write_bytes(b"\r\n,,\r\n  \r\n")
    assert _error(blank).code is FileErrorCode.EMPTY
    sheet = files.raw_xlsx(folder / "empty.xlsx", {"Sheet1": files.sheet_xml([])})
    assert _error(sheet).code is FileErrorCode.EMPTY


def _claims(extension: str, detected: str) -> dict[str, object]:
    return {"extension": extension, "detected": detected}


@pytest.mark.parametrize(
    ("name", "make", "code", "data"),
    [
        ("old.xls", "xls", FileErrorCode.OLD_EXCEL, {}),
        ("locked.xlsx", "encrypted", FileErrorCode.ENCRYPTED, {}),
        ("renamed.csv", "xls", FileErrorCode.TYPE_MISMATCH, _claims(".csv", "xls")),
        ("letter.xlsx", "docx", FileErrorCode.NOT_A_SPREADSHEET, {"detected": "docx"}),
        ("photo.csv", "png", FileErrorCode.NOT_A_SPREADSHEET, {"detected": "binary"}),
        ("text.xlsx", "text", FileErrorCode.TYPE_MISMATCH, _claims(".xlsx", "csv")),
        ("book.csv", "xlsx", FileErrorCode.TYPE_MISMATCH, _claims(".csv", "xlsx")),
        ("page.xls", "html", FileErrorCode.NOT_A_SPREADSHEET, {"detected": "html"}),
        ("report.pdf", "text", FileErrorCode.UNSUPPORTED_TYPE, {"extension": ".pdf"}),
    ],
)
def test_files_that_are_not_what_their_name_says(
    folder: Path, name: str, make: str, code: FileErrorCode, data: dict[str, object]
) -> None:
    if make == "xls":
        path = files.ole2_file(folder, name)
    elif make == "encrypted":
        path = files.ole2_file(folder, name, encrypted=True)
    elif make == "docx":
        path = files.docx_file(folder, name)
    elif make == "xlsx":
        path = folder / name
        path.write_bytes(files.damaged_xlsx(folder).read_bytes())
    else:
        path = folder / name
        content = {
            "png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)),
            "text": b"phone\r\n0712345678\r\n",
            "html": b"<html><table><tr><td>0712345678</td></tr></table></html>",
        }[make]
        path.write_bytes(content)
    error = _error(path)
    assert error.code is code
    assert error.data == data


def test_missing_file(folder: Path) -> None:
    assert _error(folder / "gone.csv").code is FileErrorCode.NOT_FOUND


def test_corrupt_workbooks(folder: Path) -> None:
    truncated = files.corrupt_xlsx(folder, files.damaged_xlsx(folder))
    assert _error(truncated).code is FileErrorCode.CORRUPT
    garbage = files.garbage_sheet_xlsx(folder)
    assert _error(garbage).code is FileErrorCode.CORRUPT  # calamine and openpyxl both fail
    lying = files.lying_xlsx(folder)
    error = _error(lying)
    assert error.code is FileErrorCode.CORRUPT  # unpacked past its declared size: CRC fails
    assert "CRC" in str(error.data["detail"])


def test_zip_bombs(folder: Path) -> None:
    ratio = _error(files.bomb_ratio_xlsx(folder))
    assert ratio.code is FileErrorCode.ZIP_BOMB
    assert ratio.data["reason"] == "ratio"
    declared = _error(files.bomb_declared_xlsx(folder))
    assert declared.code is FileErrorCode.ZIP_BOMB
    assert declared.data == {
        "reason": "size",
        "value": 0xC000_0000 + _others(folder),
        "limit": 256 << 20,
    }
    many = folder / "many.xlsx"
    with zipfile.ZipFile(many, "w") as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("xl/workbook.xml", "<workbook/>")
        for i in range(30):
            zf.writestr(f"xl/media/{i}.bin", b"")
    error = _error(many, limits=ImportLimits(max_zip_entries=20))
    assert (error.code, error.data["reason"]) == (FileErrorCode.ZIP_BOMB, "entries")


def _others(folder: Path) -> int:
    """Declared size of every part of bomb_declared.xlsx but the sheet."""
    with zipfile.ZipFile(folder / "bomb_declared.xlsx") as zf:
        return sum(i.file_size for i in zf.infolist() if not i.filename.endswith("sheet1.xml"))


def test_a_far_cell_cannot_ask_for_gigabytes(folder: Path) -> None:
    # calamine would hold 16,384 x 1,048,576 cells for this 1 KB file
    tiny = files.far_cell_xlsx(folder, "XFD1048576")
    assert tiny.stat().st_size < 2000
    assert _error(tiny).code is FileErrorCode.TOO_MANY_ROWS
    # within the rows, too wide to hold: streamed, the junk column cut off
    wide = files.far_cell_xlsx(folder, "XFD5000")
    report = validate_contacts_file(wide)
    assert report.source.engine == "openpyxl"
    assert _valid(report) == [(2, "+254712345678", False)]
    assert report.skipped == ()  # column XFD is past what is read


def test_cells_without_references_are_streamed(folder: Path) -> None:
    report = validate_contacts_file(files.positional_xlsx(folder))
    assert report.source.engine == "openpyxl"
    assert [(r.row, r.phone, r.first_name) for r in report.valid] == [
        (2, "+254712345678", "Wanjiru")
    ]


def test_calamine_failure_falls_back_to_openpyxl(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import python_calamine

    def broken(path: object, load_tables: bool = False) -> object:
        raise python_calamine.CalamineError("cannot read this one")

    path = files.damaged_xlsx(folder)
    monkeypatch.setattr(python_calamine.CalamineWorkbook, "from_path", broken)
    report = validate_contacts_file(path)
    assert report.source.engine == "openpyxl"
    assert [(r.row, r.phone, r.first_name, r.last_name, r.repaired) for r in report.valid] == (
        files.DAMAGED_XLSX_VALID
    )


# --- limits --------------------------------------------------------------------------------------


def test_limits(folder: Path) -> None:
    path = files.write_csv(folder, "limits.csv", files.big_rows(50))
    xlsx = files.big_xlsx(folder / "limits.xlsx", files.big_rows(50))
    too_large = _error(path, limits=ImportLimits(max_file_bytes=100))
    assert too_large.code is FileErrorCode.TOO_LARGE
    assert too_large.data == {"size": path.stat().st_size, "limit": 100}
    for source in (path, xlsx):
        error = _error(source, limits=ImportLimits(max_rows=40))
        assert (error.code, error.data) == (FileErrorCode.TOO_MANY_ROWS, {"limit": 40})
    long_cell = _error(xlsx, limits=ImportLimits(max_cell_chars=10))
    assert long_cell.code is FileErrorCode.CELL_TOO_LONG
    first_long = next(n for n, row in enumerate(files.big_rows(50), 1) if max(map(len, row)) > 10)
    assert long_cell.data == {"row": first_long, "limit": 10}
    assert _error(xlsx, limits=ImportLimits(max_uncompressed_bytes=1000)).code is (
        FileErrorCode.ZIP_BOMB
    )
    streamed = validate_contacts_file(xlsx, limits=ImportLimits(max_cells=10))
    assert streamed.source.engine == "openpyxl"
    assert streamed.valid == validate_contacts_file(xlsx).valid


def test_csv_field_limit(folder: Path) -> None:
    path = folder / "unclosed.csv"
    path.write_text('phone,name\r\n0712345678,"never closed\r\n' + "x" * 140_000)
    error = _error(path)
    assert error.code is FileErrorCode.CELL_TOO_LONG
    assert error.data["line"] == 3


# --- progress and cancel --------------------------------------------------------------------


@pytest.fixture(scope="module")
def big_csv(folder: Path) -> Path:
    return files.write_csv(folder, "big.csv", files.big_rows(100_000))


@pytest.fixture(scope="module")
def big_xlsx(folder: Path) -> Path:
    return files.big_xlsx(folder / "big.xlsx", files.big_rows(100_000))


def _check_big(report: ImportReport) -> None:
    valid, rejected, duplicates = files.big_expected(100_000)
    assert report.data_rows == 100_000
    assert [tuple(r) for r in report.valid] == valid
    assert [(r.row, r.reason) for r in report.rejected] == [
        (n, RejectReason.INVALID_PHONE) for n in rejected
    ]
    assert _duplicates(report) == duplicates
    assert len(duplicates) > 100  # the file has some of each
    assert len(rejected) > 500
    assert 0 < report.repaired < len(valid)


def test_100k_row_csv(big_csv: Path) -> None:
    calls: list[tuple[int, int]] = []
    report = validate_contacts_file(big_csv, progress=lambda d, t: calls.append((d, t)))
    _check_big(report)
    assert calls[0][0] == 0
    assert calls[-1] == (100_001, 100_001)
    assert all(a[0] <= b[0] for a, b in itertools.pairwise(calls))
    assert len(calls) < 200  # a bounded rate, not one call per chunk


def test_100k_row_xlsx(big_xlsx: Path) -> None:
    report = validate_contacts_file(big_xlsx)
    assert report.source.engine == "calamine"
    _check_big(report)


class _CancelAfter:
    """Set after ``checks`` looks: cancels in the middle of the work, deterministically."""

    def __init__(self, checks: int) -> None:
        self.left = checks

    def is_set(self) -> bool:
        self.left -= 1
        return self.left < 0


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_cancel(folder: Path, kind: str) -> None:
    rows = files.big_rows(5_000)
    path = (
        files.write_csv(folder, "cancel.csv", rows)
        if kind == "csv"
        else files.big_xlsx(folder / "cancel.xlsx", rows)
    )
    cancel = _CancelAfter(5)
    with pytest.raises(ImportCancelled):
        validate_contacts_file(path, cancel=cancel)
    assert cancel.left == -1  # stopped at the first look that said "cancel"
    event = threading.Event()
    event.set()
    with pytest.raises(ImportCancelled):
        validate_contacts_file(path, cancel=event)
    assert validate_contacts_file(path, cancel=threading.Event()).data_rows == 5_000


def test_read_table_gives_rows_with_numbers(folder: Path) -> None:
    path = files.write_csv(folder, "damaged.csv", files.DAMAGED_ROWS)
    with read_table(path) as table:
        rows: Iterator[tuple[int, object]] = iter(table)
        numbers = [n for n, _ in rows]
    assert numbers == [n for n in range(1, 20) if n != 10]  # row 18 has spaces: kept


def test_errors_pickle_whole() -> None:
    error = ImportFileError(FileErrorCode.ZIP_BOMB, reason="ratio", value=900, limit=250)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.code, copy.data, str(copy)) == (error.code, error.data, str(error))
    assert str(error) == "zip_bomb: reason='ratio', value=900, limit=250"
