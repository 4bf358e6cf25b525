"""The spreadsheet writer's guard against CSV injection, in its text (phone) columns too."""

from __future__ import annotations

import csv
from pathlib import Path

from desktop_app.core.contact_files import ContactFileWriter, ExportFormat


def _written(
    path: Path, rows: list[list[str | int]], *, excel_text: bool = False
) -> list[list[str]]:
    writer = ContactFileWriter(
        path, ExportFormat.CSV, columns=("phone", "note"), excel_text=excel_text
    )
    writer.write(rows)
    writer.finish()
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.reader(handle))[1:]


def test_a_phone_column_keeps_numbers_as_written_and_guards_anything_else(
    tmp_path: Path,
) -> None:
    """The phone column is text: "+254…" keeps its "+". But what it holds may come from
    elsewhere (a contact's number as the service returned it): a value that is not a phone
    number and starts like a formula gets the same "'" as every other cell."""
    rows: list[list[str | int]] = [
        ["+254712345678", "+1"],
        ["0712 345-678", "ok"],
        ["(0712) 345.678", ""],
        ['=HYPERLINK("http://x")', "=1+2"],
        ["@SUM(A1)", "-3"],
        ["-cmd|' /C calc'!A0", "x"],
        ["+254 7A", "x"],
    ]
    assert _written(tmp_path / "c.csv", rows) == [
        ["+254712345678", "'+1"],
        ["0712 345-678", "ok"],
        ["(0712) 345.678", ""],
        ['\'=HYPERLINK("http://x")', "'=1+2"],
        ["'@SUM(A1)", "'-3"],
        ["'-cmd|' /C calc'!A0", "x"],
        ["'+254 7A", "x"],
    ]


def test_excel_text_writes_the_text_columns_as_string_formulas(tmp_path: Path) -> None:
    """The import's problem rows: the user's phone cell, whatever it holds, shown by Excel
    character for character (a string formula only gives its quoted text back)."""
    rows: list[list[str | int]] = [
        ["+254712345678", "+1"],
        ['=cmd|"x"', "=2"],
        ["", "-"],
    ]
    assert _written(tmp_path / "p.csv", rows, excel_text=True) == [
        ['="+254712345678"', "'+1"],
        ['="=cmd|""x"""', "'=2"],
        ["", "'-"],
    ]
