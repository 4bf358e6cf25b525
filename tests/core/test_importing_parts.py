"""core.importing piece by piece: one cell's phone, header names, the mapping the user edits,
the problem report and the upload files."""

from __future__ import annotations

import csv
import datetime
from pathlib import Path

import openpyxl
import pytest

from desktop_app.core.importing import (
    ColumnMapping,
    Field,
    ProblemHeadings,
    RejectReason,
    check_phone,
    split_name,
    validate_contacts_file,
    write_problem_report_csv,
    write_problem_report_xlsx,
    write_upload_files,
)
from desktop_app.core.importing.cells import cell_text, is_phone
from desktop_app.core.importing.mapping import find_header, guess_mapping
from desktop_app.core.importing.validation import ValidRow
from desktop_app.core.importing.writing import column_letter, problem_rows
from desktop_app.sandbox import uploads
from tests.core import import_files as files

# --- one cell ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "phone", "repaired"),
    [
        ("0712345678", "+254712345678", False),
        ("712345678", "+254712345678", True),  # Excel dropped the 0
        (" 712 345 678 ", "+254712345678", True),
        ("(712) 345678", "+254712345678", True),
        (712345678, "+254712345678", True),  # a number cell
        (712345678.0, "+254712345678", True),
        (254712345678.0, "+254712345678", True),
        ("254712345678.0", "+254712345678", True),
        ("712345678.00", "+254712345678", True),
        ("'0712345678", "+254712345678", True),
        ("'712345678", "+254712345678", True),
        ('="0712345678"', "+254712345678", False),
        ("7.12345678E+08", "+254712345678", True),
        ("2.54712345678E+11", "+254712345678", True),  # every digit written: exact
        ("2,54712345678E+11", "+254712345678", True),  # a decimal comma
        ("+254-712-345-678", "+254712345678", False),
        ("0712.345.678", "+254712345678", False),
        ("0110123456", "+254110123456", False),
        ("+44 20 7946 0958", "+442079460958", False),
    ],
)
def test_phone_repairs(cell: object, phone: str, repaired: bool) -> None:
    assert check_phone(cell) == (phone, repaired, None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cell", "reason"),
    [
        ("", RejectReason.MISSING_PHONE),
        ("   ", RejectReason.MISSING_PHONE),
        ("2.54712E+11", RejectReason.PRECISION_LOST),  # 254712??????
        ("2.5E+11", RejectReason.PRECISION_LOST),
        (2.0**60, RejectReason.PRECISION_LOST),  # a float past 2**53 lost digits
        ("7123456780", RejectReason.INVALID_PHONE),
        ("71234567.0", RejectReason.INVALID_PHONE),  # not read as 712345670
        (712345678.5, RejectReason.INVALID_PHONE),
        (True, RejectReason.INVALID_PHONE),
        (datetime.date(2024, 1, 2), RejectReason.INVALID_PHONE),
        ("abc", RejectReason.INVALID_PHONE),
        ("1.5E-3", RejectReason.INVALID_PHONE),
        ("0712345678 / 0722000111", RejectReason.MULTIPLE_PHONES),
        ("0712345678, 0722000111", RejectReason.MULTIPLE_PHONES),
    ],
)
def test_phone_rejections(cell: object, reason: RejectReason) -> None:
    assert check_phone(cell) == (None, False, reason)  # type: ignore[arg-type]


def test_lost_zero_is_kenyan_only() -> None:
    assert check_phone("2079460958", "GB") == ("+442079460958", False, None)


@pytest.mark.parametrize(
    ("cell", "text"),
    [
        (" Wanjiru ", "Wanjiru"),
        (5.0, "5"),
        (5.5, "5.5"),
        (7, "7"),
        (True, "TRUE"),
        (datetime.date(2024, 3, 1), "2024-03-01"),
        (datetime.datetime(2024, 3, 1, 8, 30), "2024-03-01 08:30:00"),
        (datetime.time(8, 30), "08:30:00"),
        (datetime.timedelta(hours=1), "1:00:00"),
    ],
)
def test_cell_text(cell: object, text: str) -> None:
    assert cell_text(cell) == text  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("full", "first", "last"),
    [
        ("Wanjiru Kamau", "Wanjiru", "Kamau"),
        ("  Mary   Wanjiru  Kamau ", "Mary", "Wanjiru Kamau"),
        ("Kamau, Wanjiru", "Wanjiru", "Kamau"),
        ("Otieno", "Otieno", ""),
        ("", "", ""),
    ],
)
def test_split_name(full: str, first: str, last: str) -> None:
    assert split_name(full) == (first, last)


# --- header names and mapping ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (["Phone", "First Name", "Last Name", "Email"], ColumnMapping(0, 1, 2, 3)),
        (["MSISDN", "Name"], ColumnMapping(phone=0, name=1)),
        (["Tel.", "E-mail"], ColumnMapping(phone=0, email=1)),
        (
            ["Mobile No.", "Surname", "Given name"],
            ColumnMapping(phone=0, first_name=2, last_name=1),
        ),
        (["simu", "jina la kwanza", "jina la mwisho"], ColumnMapping(0, 1, 2)),
        (["NAMBA", "JINA"], ColumnMapping(phone=0, name=1)),
        (["Jina", "Ukoo", "Barua pepe", "Nambari ya simu"], ColumnMapping(3, 0, 1, 2)),
        (["Customer Phone (Safaricom)", "Customer name"], ColumnMapping(phone=0, name=1)),
        (["phone_1", "phone_2", "email"], ColumnMapping(phone=0, email=2)),
        (["#", "Jina kamili", "Simu ya mkononi"], ColumnMapping(phone=2, name=1)),
    ],
)
def test_mapping_from_header_names(header: list[str], expected: ColumnMapping) -> None:
    assert guess_mapping(header, [], is_phone) == expected


def test_mapping_from_content() -> None:
    sample = [
        ["1", "Wanjiru Kamau", "0712345678", "w@example.com"],
        ["2", "Otieno", "722000111", ""],
        ["3", "Akinyi Odhiambo", "0733 123 456", "a@example.co.ke"],
    ]
    # "No." and "Number" say nothing sure: the cells tell phones from serial numbers
    header = ["No.", "Customer", "Number", "Contact"]
    assert guess_mapping(header, sample, is_phone) == ColumnMapping(phone=2, email=3, name=1)
    assert guess_mapping(None, sample, is_phone) == ColumnMapping(phone=2, email=3, name=1)


def test_find_header_passes_over_titles_and_data() -> None:
    rows = [
        (1, ["Customer phone list"]),  # a word in a title: less sure than a header
        (2, ["Name", "Phone"]),
        (3, ["Wanjiru", "0712345678"]),
    ]
    assert find_header(rows, is_phone) == 1
    assert find_header(rows[2:], is_phone) is None
    # a row with a phone number is data, whatever words it has
    assert find_header([(1, ["Phone", "0712345678"])], is_phone) is None


def test_user_changes_the_mapping() -> None:
    mapping = ColumnMapping(phone=0, first_name=1, email=2)
    moved = mapping.with_column(Field.PHONE, 2)
    assert moved == ColumnMapping(phone=2, first_name=1)  # a column holds one field
    assert moved.with_column(Field.FIRST_NAME, None) == ColumnMapping(phone=2)
    assert moved.as_dict() == {Field.PHONE: 2, Field.FIRST_NAME: 1}
    assert moved.column(Field.EMAIL) is None


# --- problem report ---------------------------------------------------------------------------


@pytest.fixture
def damaged_report(tmp_path: Path) -> object:
    rows = [*files.DAMAGED_ROWS, ["=HYPERLINK(1)", "Formula", "", ""]]  # row 20: text only
    return validate_contacts_file(files.write_csv(tmp_path, "damaged.csv", rows))


def test_problem_rows_in_spreadsheet_order(damaged_report: object) -> None:
    rows = problem_rows(damaged_report)  # type: ignore[arg-type]
    assert [(r.row, r.reason.value) for r in rows] == [
        (5, "precision_lost"),
        (11, "duplicate"),
        (12, "invalid_phone"),
        (13, "missing_phone"),
        (14, "invalid_email"),
        (17, "multiple_phones"),
        (20, "invalid_phone"),
    ]


def test_problem_report_csv_keeps_phones_as_text_for_excel(
    damaged_report: object, tmp_path: Path
) -> None:
    path = tmp_path / "problems.csv"
    count = write_problem_report_csv(
        damaged_report,  # type: ignore[arg-type]
        path,
        headings=ProblemHeadings("Safu", "Tatizo", "Maelezo"),
        describe=lambda p: f"<{p.reason.value}>",
    )
    assert count == 7
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # Excel reads UTF-8 only with a BOM
    with path.open(encoding="utf-8-sig", newline="") as f:
        table = list(csv.reader(f))
    assert table[0] == ["Safu", "Tatizo", "Maelezo", "Phone", "First Name", "Last Name", "Email"]
    assert table[1] == ["5", "<precision_lost>", "2.54712E+11", '="2.54712E+11"', "Mutua", "", ""]
    assert table[2] == ["11", "<duplicate>", "2", '="0712345678"', "Dup", "", ""]
    assert table[4] == ["13", "<missing_phone>", "", "", "NoPhone", "", ""]
    # read back by the import itself: the ="…" wrapping is undone, the numbers are whole
    again = validate_contacts_file(path)
    assert again.mapping == ColumnMapping(phone=3, first_name=4, last_name=5, email=6)
    assert [(r.row, r.phone) for r in again.valid] == [(3, "+254712345678")]  # alone now
    assert [(r.row, r.reason.value, r.detail) for r in again.rejected] == [
        (2, "precision_lost", "2.54712E+11"),
        (4, "invalid_phone", "12345"),
        (5, "missing_phone", ""),
        (6, "invalid_email", "not-an-email"),
        (7, "multiple_phones", "0712 345 686 / 0722 000 111"),
        (8, "invalid_phone", "=HYPERLINK(1)"),
    ]


def test_problem_report_xlsx_has_text_phone_cells(damaged_report: object, tmp_path: Path) -> None:
    path = tmp_path / "problems.xlsx"
    assert write_problem_report_xlsx(damaged_report, path) == 7  # type: ignore[arg-type]
    book = openpyxl.load_workbook(path)
    sheet = book["Problems"]
    assert [c.value for c in sheet[1]] == [
        "row", "problem", "detail", "Phone", "First Name", "Last Name", "Email",
    ]  # fmt: skip
    phone = sheet["D3"]  # the duplicate's phone, as typed
    assert (phone.value, phone.data_type, phone.number_format) == ("0712345678", "s", "@")
    assert sheet["A2"].value == 5
    formula_text = sheet["D8"]
    assert (formula_text.value, formula_text.data_type) == ("=HYPERLINK(1)", "s")
    book.close()


def test_problem_report_without_header_uses_column_letters(tmp_path: Path) -> None:
    path = files.write_csv(tmp_path, "nohead.csv", [["0712345678", "A"], ["123", "B"]])
    report = validate_contacts_file(path)
    out = tmp_path / "p.csv"
    write_problem_report_csv(report, out)
    with out.open(encoding="utf-8-sig", newline="") as f:
        assert next(csv.reader(f)) == ["row", "problem", "detail", "A", "B"]
    assert [column_letter(i) for i in (0, 25, 26, 701, 702)] == ["A", "Z", "AA", "ZZ", "AAA"]


# --- upload files ------------------------------------------------------------------------------


def _valid_rows(count: int) -> list[ValidRow]:
    return [
        ValidRow(n, f"+2547{n:08d}", "Wanjirũ", f"Kamau, {n}", f"w{n}@example.com", False)
        for n in range(2, count + 2)
    ]


def test_upload_files_split_by_rows_and_map_back(tmp_path: Path) -> None:
    valid = _valid_rows(25)
    made = write_upload_files(valid, tmp_path, max_rows=10)
    assert [f.path.name for f in made] == ["contacts-1.csv", "contacts-2.csv", "contacts-3.csv"]
    assert [len(f.source_rows) for f in made] == [10, 10, 5]
    assert made[1].spreadsheet_row(2) == 12  # the service's row 2 is the file's first data row
    assert made[2].spreadsheet_row(6) == 26
    assert made[2].spreadsheet_row(7) is None
    assert made[0].spreadsheet_row(1) is None  # the header
    for upload in made:
        data = upload.path.read_bytes()
        assert len(data) == upload.size
        assert data.startswith(b"phone,first_name,last_name,email\r\n")
        # the service's own reader accepts it, and its row numbers map back
        parsed = uploads.parse(data, "csv")
        for number, fields in parsed:
            source = upload.spreadsheet_row(number)
            original = next(v for v in valid if v.row == source)
            assert fields == {
                "phone": original.phone,
                "first_name": original.first_name,
                "last_name": original.last_name,
                "email": original.email,
            }


def test_upload_files_split_by_size(tmp_path: Path) -> None:
    valid = _valid_rows(40)
    made = write_upload_files(valid, tmp_path, stem="wateja", max_bytes=1000)
    assert all(f.size <= 1000 for f in made)
    assert len(made) > 2
    assert [r for f in made for r in f.source_rows] == [v.row for v in valid]
    assert write_upload_files([], tmp_path) == []
    with pytest.raises(ValueError, match="larger than"):
        write_upload_files(valid, tmp_path, max_bytes=50)


#: e-mail addresses the service accepts and refuses, and the spaces and dots that trip checks
EMAILS = [
    "w@example.com",
    "a.b+c@mail.co.ke",
    "no-at-sign",
    "two@@example.com",
    "a@b@c.com",
    "a@nodot",
    "a@.com",
    "a@com.",
    "a@b.c",
    "@example.com",
    "a b@example.com",
    "a@exa mple.com",
    "a@example.com\u00a0x",  # a no-break space inside
    "a@ex\u2003ample.com",
    "ñandú@correo.es",
    "a@b..c",
    ".a@b.c",
]


@pytest.mark.parametrize("email", EMAILS)
def test_column_email_check_is_the_services(email: str) -> None:
    """The validator checks a column of e-mails with one fullmatch; it must agree with the
    service's regex (sandbox/uploads.py) on every stripped address."""
    from desktop_app.core.importing.validation import _EMAIL_OR_NOTHING

    assert (_EMAIL_OR_NOTHING.fullmatch(email) is not None) is (
        uploads.EMAIL_RE.match(email) is not None
    )
    assert _EMAIL_OR_NOTHING.fullmatch("") is not None


def test_email_column_check_is_one_by_ones() -> None:
    """The whole-column check (one fullmatch over the addresses joined by new lines) finds
    exactly the addresses the one-by-one check rejects, whatever the column holds."""
    import random

    from desktop_app.core.importing.validation import _EMAIL_OR_NOTHING, _bad_emails

    pool = [
        "",
        *EMAILS,
        "a@b.c\nd@e.f",  # a line break inside one cell: two good lines, one bad address
        "a@x.y.",
        "a@.x.y",
        "a@x..",
        "a\x1cb@c.de",  # ASCII characters str.isspace() takes for spaces
        "a@b\x0b.cd",
        "a@b.c\x1fd",
        "a@b.c\td",
        "a~!#$%^&*()@b-c_d.e/f",
    ]
    rng = random.Random(5)
    for _ in range(300):
        column = [rng.choice(pool) for _ in range(rng.choice((1, 2, 5, 40)))]
        expected = [i for i, e in enumerate(column) if _EMAIL_OR_NOTHING.fullmatch(e) is None]
        assert _bad_emails(column) == expected, column


def test_ascii_email_check_spells_out_unicode_spaces() -> None:
    """On ASCII text the column check's spelt-out class says what "[^@\\s]" says."""
    from desktop_app.core.importing.validation import _EMAIL_LINES_ASCII, _EMAIL_OR_NOTHING

    for code in range(128):
        c = chr(code)
        for email in (f"a{c}b@c.de", f"ab@c{c}.de", f"ab@cd.e{c}f", f"{c}@c.de", f"a@{c}.de"):
            if "\n" in email:
                continue  # the line separator of the joined column
            expected = _EMAIL_OR_NOTHING.fullmatch(email) is not None
            assert (_EMAIL_LINES_ASCII.fullmatch(email) is not None) is expected, repr(email)
