"""Builders of the messy spreadsheets the import tests read: every kind of damage Excel does,
wrong encodings, titles above headers, Swahili headers, broken and hostile workbooks.

Each builder writes one file into a folder and returns its path. Workbooks come from openpyxl
(as a user's Excel would leave them: numbers as numbers, merged cells) or, where openpyxl
cannot say it (a formula's cached value, cells without references, a 100,000-row sheet in a
fraction of a second), from ``raw_xlsx``, which writes the package's XML itself.
"""

from __future__ import annotations

import datetime
import functools
import io
import random
import struct
import zipfile
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

import openpyxl

from desktop_app.core.importing.writing import column_letter

# One CSV with every kind of damage and problem, row by row (row 1 is the header).
DAMAGED_ROWS: list[list[str]] = [
    ["Phone", "First Name", "Last Name", "Email"],
    ["712345678", "Wanjiru", "Kamau", "wanjiru@example.com"],  # 2: lost leading zero
    ["712345679.0", "Otieno", "Ouma", ""],  # 3: number exported with .0
    ["254722000111.0", "Akinyi", "", ""],  # 4: 12 digits with .0
    ["2.54712E+11", "Mutua", "", ""],  # 5: scientific notation, digits lost
    ["'0733123456", "Njeri", "", ""],  # 6: apostrophe prefix
    ["0712-345-680", "Kip", "Rotich", ""],  # 7: dashes (not damage)
    ["(0712) 345.681", "Chebet", "", ""],  # 8: brackets and dots
    ["+254 712 345 682", "Amina", "", "amina@example.co.ke"],  # 9: international, spaces
    ["", "", "", ""],  # 10: blank row (",,," in the file)
    ["0712345678", "Dup", "", ""],  # 11: same phone as row 2
    ["12345", "Short", "", ""],  # 12: not a phone number
    ["", "NoPhone", "", ""],  # 13: phone missing
    ["0712345683", "Bad", "Email", "not-an-email"],  # 14: invalid e-mail
    ["7.12345684E+08", "Exact", "", ""],  # 15: scientific notation with every digit
    ['="0712345685"', "Wrapped", "", ""],  # 16: our own problem report's protection
    ["0712 345 686 / 0722 000 111", "Two", "", ""],  # 17: two numbers in one cell
    ["   ", "", "", ""],  # 18: a row of spaces: blank
    ["0110 123 456", "Safaricom", "011", ""],  # 19: an 011x number
]

# (row, phone, repaired) of the valid rows of DAMAGED_ROWS, in order
DAMAGED_VALID = [
    (2, "+254712345678", True),
    (3, "+254712345679", True),
    (4, "+254722000111", True),
    (6, "+254733123456", True),
    (7, "+254712345680", False),
    (8, "+254712345681", False),
    (9, "+254712345682", False),
    (15, "+254712345684", True),
    (16, "+254712345685", False),
    (19, "+254110123456", False),
]
# (row, reason code, detail)
DAMAGED_REJECTED = [
    (5, "precision_lost", "2.54712E+11"),
    (12, "invalid_phone", "12345"),
    (13, "missing_phone", ""),
    (14, "invalid_email", "not-an-email"),
    (17, "multiple_phones", "0712 345 686 / 0722 000 111"),
]
DAMAGED_DUPLICATES = [(11, "+254712345678", 2)]

# A small list in every encoding and separator: (row, phone, first, last)
NAMES_ROWS = [
    ["phone", "first_name", "last_name"],
    ["0712345678", "Renée", "Müller"],
    ["0722000111", "José", "Ñandú"],
    ["0733123456", "Zoë", "O'Brien; Jr"],
]
NAMES_VALID = [
    (2, "+254712345678", "Renée", "Müller"),
    (3, "+254722000111", "José", "Ñandú"),
    (4, "+254733123456", "Zoë", "O'Brien; Jr"),
]


def csv_text(rows: Sequence[Sequence[str]], delimiter: str = ",") -> str:
    """Rows as Excel writes CSV: fields with the delimiter, quotes or line breaks quoted."""
    out = []
    for row in rows:
        fields = []
        for value in row:
            if any(c in value for c in (delimiter, '"', "\n", "\r")):
                value = '"' + value.replace('"', '""') + '"'
            fields.append(value)
        out.append(delimiter.join(fields))
    return "\r\n".join(out) + "\r\n"


def write_csv(
    folder: Path,
    name: str,
    rows: Sequence[Sequence[str]],
    *,
    encoding: str = "utf-8",
    delimiter: str = ",",
    prefix: str = "",
) -> Path:
    path = folder / name
    path.write_bytes((prefix + csv_text(rows, delimiter)).encode(encoding))
    return path


# --- XLSX written by hand ------------------------------------------------------------------

_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
    'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.spreadsheetml.sheet.main+xml"/>{sheets}</Types>'
)
_SHEET_TYPE = (
    '<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="application/'
    'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
)
_ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
)
_WORKBOOK = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
    "<sheets>{sheets}</sheets></workbook>"
)
_WORKBOOK_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    "{rels}</Relationships>"
)
_SHEET_REL = (
    '<Relationship Id="rId{n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/worksheet" Target="worksheets/sheet{n}.xml"/>'
)
SHEET_XML = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    "<sheetData>{rows}</sheetData></worksheet>"
)


def cell_xml(ref: str, value: object) -> str:
    """One cell: text inline, numbers as numbers, ``("=", formula, cached)`` as a formula
    with the value Excel cached when it last calculated."""
    if isinstance(value, tuple):
        _, formula, cached = value
        return f'<c r="{ref}" t="str"><f>{escape(formula)}</f><v>{escape(cached)}</v></c>'
    if isinstance(value, str):
        return f'<c r="{ref}" t="inlineStr"><is><t>{escape(value)}</t></is></c>'
    return f'<c r="{ref}"><v>{value}</v></c>'


def sheet_xml(rows: Sequence[Sequence[object]], first_row: int = 1) -> str:
    parts = []
    for number, row in enumerate(rows, first_row):
        cells = "".join(
            cell_xml(f"{column_letter(i)}{number}", v) for i, v in enumerate(row) if v != ""
        )
        parts.append(f'<row r="{number}">{cells}</row>')
    return SHEET_XML.format(rows="".join(parts))


_SHARED_STRINGS_REL = (
    '<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/sharedStrings" Target="sharedStrings.xml"/>'
)
_SHARED_STRINGS_TYPE = (
    '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.spreadsheetml.sharedStrings+xml"/>'
)
_SHARED_STRINGS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="{n}" '
    'uniqueCount="{n}">{items}</sst>'
)


def raw_xlsx(path: Path, sheets: dict[str, str], shared_strings: Sequence[str] = ()) -> Path:
    """A workbook package from sheet XML, sheet name -> XML, in order; with a shared-strings
    table when given (cells ``t="s"`` index into it, as Excel writes text)."""
    names = list(sheets)
    rels = "".join(_SHEET_REL.format(n=i + 1) for i in range(len(names)))
    if shared_strings:
        rels += _SHARED_STRINGS_REL
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        types = "".join(_SHEET_TYPE.format(n=i + 1) for i in range(len(names)))
        if shared_strings:
            types += _SHARED_STRINGS_TYPE
        zf.writestr("[Content_Types].xml", _CONTENT_TYPES.format(sheets=types))
        zf.writestr("_rels/.rels", _ROOT_RELS)
        zf.writestr(
            "xl/workbook.xml",
            _WORKBOOK.format(
                sheets="".join(
                    f'<sheet name="{escape(name)}" sheetId="{i + 1}" r:id="rId{i + 1}"/>'
                    for i, name in enumerate(names)
                )
            ),
        )
        zf.writestr("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS.format(rels=rels))
        for i, name in enumerate(names):
            zf.writestr(f"xl/worksheets/sheet{i + 1}.xml", sheets[name])
        if shared_strings:
            items = "".join(f"<si><t>{escape(s)}</t></si>" for s in shared_strings)
            zf.writestr(
                "xl/sharedStrings.xml",
                _SHARED_STRINGS.format(n=len(shared_strings), items=items),
            )
    return path


# --- the messy workbooks -----------------------------------------------------------------------


def damaged_xlsx(folder: Path) -> Path:
    """What Excel leaves: a merged title, a blank row, Swahili headers, numbers stored as
    numbers, a formula, a date, merged name cells, junk columns far right, blank rows."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Wateja"
    sheet["A1"] = "Orodha ya wateja - Machi 2024"
    sheet.merge_cells("A1:D1")
    # row 2 blank
    sheet.append([])
    sheet["A3"], sheet["B3"], sheet["C3"], sheet["D3"] = (
        "Jina",
        "Ukoo",
        "Namba ya simu",
        "Barua pepe",
    )
    rows: list[list[object]] = [
        ["Wanjiru", "Kamau", 712345678, "wanjiru@example.com"],  # 4: number, lost 0
        ["Otieno", "Ouma", 254722000111.0, ""],  # 5: float number
        ["Akinyi", "Odhiambo", "0733 123 456", ""],  # 6: text with spaces
        ["Mutua", "", "2.54712E+11", ""],  # 7: text scientific notation
        ["Njeri", "", "'0711222333", ""],  # 8: apostrophe kept as text
        ["Date", "", datetime.datetime(2024, 3, 1), ""],  # 9: a date in the phone column
        ["Merged", "Name", "0722111222", ""],  # 10: first name merged over rows 10-11
        ["", "", "0722111223", ""],  # 11: under the merge: no first name
    ]
    for offset, row in enumerate(rows):
        for column, value in enumerate(row):
            if value != "":
                sheet.cell(row=4 + offset, column=column + 1, value=value)
    sheet.merge_cells("A10:A11")
    # row 12 blank; row 13 a formula (its cached value is added below); 14 blank
    sheet["A13"], sheet["B13"], sheet["C13"] = "Formula", "Cell", '="07"&"12345699"'
    sheet["H4"] = "x"  # junk far right, beside data
    sheet["H15"] = 0  # a dragged-down formula's 0, alone on its row
    sheet["A16"], sheet["C16"] = "Last", 712345698
    path = folder / "damaged.xlsx"
    book.save(path)
    _cache_formula_values(path, {"C13": "0712345699"})
    return path


DAMAGED_XLSX_VALID = [
    (4, "+254712345678", "Wanjiru", "Kamau", True),
    (5, "+254722000111", "Otieno", "Ouma", True),
    (6, "+254733123456", "Akinyi", "Odhiambo", False),
    (8, "+254711222333", "Njeri", "", True),
    (10, "+254722111222", "Merged", "Name", False),
    (11, "+254722111223", "", "", False),
    (13, "+254712345699", "Formula", "Cell", False),
    (16, "+254712345698", "Last", "", True),
]
DAMAGED_XLSX_REJECTED = [
    (7, "precision_lost", "2.54712E+11"),
    (9, "invalid_phone", "2024-03-01 00:00:00"),
]


def _cache_formula_values(path: Path, values: dict[str, str]) -> None:
    """Give formula cells the value Excel would have cached (openpyxl writes none)."""
    with zipfile.ZipFile(path) as zf:
        parts = {info.filename: zf.read(info) for info in zf.infolist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    for ref, value in values.items():
        start = sheet.index(f'<c r="{ref}"')
        end = sheet.index("</c>", start) + len("</c>")
        formula = sheet[start:end].split("<f>")[1].split("</f>")[0]
        sheet = (
            sheet[:start]
            + f'<c r="{ref}" t="str"><f>{formula}</f><v>{escape(value)}</v></c>'
            + sheet[end:]
        )
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)


def two_sheets_xlsx(folder: Path) -> Path:
    """A first sheet with a title, a second starting at C4, and a chart sheet between."""
    book = openpyxl.Workbook()
    first = book.active
    assert first is not None
    first.title = "Januari"
    first.append(["Phone", "Name"])
    first.append(["0712345678", "Wanjiru Kamau"])
    book.create_chartsheet("Chati")
    second = book.create_sheet("Februari")
    second["C4"], second["D4"] = "Mobile No.", "Full name"
    second["C5"], second["D5"] = "0722000111", "Otieno Ouma"
    second["C7"], second["D7"] = 733123456, "Kamau, Wanjiru"
    path = folder / "two_sheets.xlsx"
    book.save(path)
    return path


@functools.cache
def big_rows(count: int, seed: int = 254) -> list[list[str]]:
    """``count`` data rows under a header: Kenyan mobiles in the forms people type (some
    damaged by Excel), ~1% invalid, ~0.5% repeated, two thirds with an e-mail. Cached:
    do not change the lists."""
    rng = random.Random(seed)
    rows = [["phone", "first_name", "last_name", "email"]]
    firsts = ["Wanjiru", "Otieno", "Akinyi", "Mutua", "Njeri", "Kiprop", "Amina", "Baraka"]
    lasts = ["Kamau", "Ouma", "Odhiambo", "Mwangi", "Chebet", "Hassan", "Wafula", "Njoroge"]
    used: list[str] = []
    for i in range(count):
        roll = rng.random()
        if roll < 0.005 and used:
            phone = rng.choice(used)
        elif roll < 0.015:
            phone = "07" + "".join(rng.choice("0123456789") for _ in range(6))  # too short
        else:
            nsn = rng.choice("79") + "".join(rng.choice("0123456789") for _ in range(8))
            if nsn[0] == "9":
                nsn = "11" + nsn[2:]
            form = rng.randrange(10)
            phone = (
                "0" + nsn
                if form < 5
                else "254" + nsn
                if form == 5
                else "+254" + nsn
                if form == 6
                else nsn  # Excel dropped the 0
                if form == 7
                else f"0{nsn[:3]} {nsn[3:6]} {nsn[6:]}"
            )
            used.append(phone)
        first, last = rng.choice(firsts), rng.choice(lasts)
        email = f"{first.lower()}.{last.lower()}{i}@example.com" if i % 3 else ""
        rows.append([phone, first, last, email])
    return rows


def big_xlsx(path: Path, rows: Sequence[Sequence[str]]) -> Path:
    """``rows`` (plain text needing no XML escapes) as inline strings, fast."""
    letters = [column_letter(i) for i in range(max(map(len, rows)))]
    xml = "".join(
        f'<row r="{n}">'
        + "".join(
            f'<c r="{letters[i]}{n}" t="inlineStr"><is><t>{v}</t></is></c>'
            for i, v in enumerate(row)
            if v
        )
        + "</row>"
        for n, row in enumerate(rows, 1)
    )
    return raw_xlsx(path, {"Sheet1": SHEET_XML.format(rows=xml)})


@functools.cache
def big_expected(
    count: int,
) -> tuple[list[tuple[int, str, str, str, str, bool]], list[int], list[tuple[int, str, int]]]:
    """What validating ``big_rows(count)`` must give: valid (row, phone, first, last, email,
    repaired), rejected rows, duplicates (row, phone, first row)."""
    valid: list[tuple[int, str, str, str, str, bool]] = []
    rejected: list[int] = []
    duplicates: list[tuple[int, str, int]] = []
    seen: dict[str, int] = {}
    for number, (phone, first, last, email) in enumerate(big_rows(count)[1:], 2):
        digits = phone.replace(" ", "")
        if len(digits) == 8:  # the too-short ones
            rejected.append(number)
            continue
        e164 = "+254" + digits[-9:]
        if e164 in seen:
            duplicates.append((number, e164, seen[e164]))
            continue
        seen[e164] = number
        valid.append((number, e164, first, last, email, len(digits) == 9))
    return valid, rejected, duplicates


# --- broken and hostile files ----------------------------------------------------------------


def corrupt_xlsx(folder: Path, source: Path) -> Path:
    """A workbook cut short, as a failed download leaves it."""
    data = source.read_bytes()
    path = folder / "truncated.xlsx"
    path.write_bytes(data[: len(data) // 2])
    return path


def garbage_sheet_xlsx(folder: Path) -> Path:
    """A well-formed package whose sheet is not XML at all."""
    return raw_xlsx(folder / "garbage.xlsx", {"Sheet1": "<worksheet><sheetData><row r=1>no"})


def bomb_ratio_xlsx(folder: Path, size: int = 32 * 1024 * 1024) -> Path:
    """A sheet part that unpacks to ``size`` bytes of spaces from a few kilobytes."""
    path = folder / "bomb_ratio.xlsx"
    padding = " " * size
    raw_xlsx(path, {"Sheet1": SHEET_XML.format(rows=padding)})
    return path


def bomb_declared_xlsx(folder: Path, declared: int = 0xC000_0000) -> Path:
    """A package whose directory declares a 3 GiB sheet (the data itself is small)."""
    path = raw_xlsx(folder / "bomb_declared.xlsx", {"Sheet1": sheet_xml([["phone"]])})
    _set_declared_size(path, "xl/worksheets/sheet1.xml", declared)
    return path


def lying_xlsx(folder: Path) -> Path:
    """A directory declaring the sheet smaller than what it unpacks to."""
    rows = [["phone"], *[["0712345678"]] * 200]
    path = raw_xlsx(folder / "lying.xlsx", {"Sheet1": sheet_xml(rows)})
    _set_declared_size(path, "xl/worksheets/sheet1.xml", 100)
    return path


def _set_declared_size(path: Path, name: str, size: int) -> None:
    """Rewrite the uncompressed size of ``name`` in its local and central headers."""
    data = bytearray(path.read_bytes())
    encoded = name.encode()
    for signature, size_at, name_len_at, name_at in (
        (b"PK\x03\x04", 22, 26, 30),  # local file header
        (b"PK\x01\x02", 24, 28, 46),  # central directory header
    ):
        start = 0
        while (start := data.find(signature, start)) != -1:
            (name_len,) = struct.unpack_from("<H", data, start + name_len_at)
            if data[start + name_at : start + name_at + name_len] == encoded:
                struct.pack_into("<I", data, start + size_at, size)
            start += 4
    path.write_bytes(bytes(data))


def far_cell_xlsx(folder: Path, ref: str) -> Path:
    """A tiny workbook whose one far cell (``XFD1048576``) would make calamine's dense grid
    gigabytes large."""
    xml = SHEET_XML.format(
        rows='<row r="1"><c r="A1" t="inlineStr"><is><t>phone</t></is></c></row>'
        '<row r="2"><c r="A2" t="inlineStr"><is><t>0712345678</t></is></c></row>'
        f'<row r="{ref[3:]}"><c r="{ref}" t="inlineStr"><is><t>x</t></is></c></row>'
    )
    return raw_xlsx(folder / f"far_{ref}.xlsx", {"Sheet1": xml})


def positional_xlsx(folder: Path) -> Path:
    """Cells without references (placed by order), as some generators write them."""
    xml = SHEET_XML.format(
        rows='<row><c t="inlineStr"><is><t>phone</t></is></c>'
        '<c t="inlineStr"><is><t>name</t></is></c></row>'
        '<row><c t="inlineStr"><is><t>0712345678</t></is></c>'
        '<c t="inlineStr"><is><t>Wanjiru</t></is></c></row>'
    )
    return raw_xlsx(folder / "positional.xlsx", {"Sheet1": xml})


def ole2_file(folder: Path, name: str, *, encrypted: bool = False) -> Path:
    """An OLE2 compound file's start: an old .xls, or an encrypted .xlsx (its stream names
    are UTF-16)."""
    body = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504
    if encrypted:
        body += "EncryptedPackage".encode("utf-16-le") + b"\x00" * 64
    else:
        body += "Workbook".encode("utf-16-le") + b"\x00" * 64
    path = folder / name
    path.write_bytes(body)
    return path


def docx_file(folder: Path, name: str) -> Path:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("word/document.xml", "<document/>")
    path = folder / name
    path.write_bytes(buffer.getvalue())
    return path
