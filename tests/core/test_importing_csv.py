"""core.importing's CSV reading: text without quotes is split by ``str`` methods instead of
csv, which must give the very rows csv gives (numbered by record, blank rows left out), and
the same errors on the same lines, whatever the line breaks and wherever the quotes are."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

import pytest

from desktop_app.core.importing import FileErrorCode, ImportFileError, validate_contacts_file
from desktop_app.core.importing.errors import DEFAULT_LIMITS
from desktop_app.core.importing.reading import _csv_rows

_BREAKS = ("\n", "\r\n", "\r")
# where str.splitlines() breaks a line and csv does not
_RARE_BREAKS = ("\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def _reference(text: str, delimiter: str, skip_directive: bool) -> list[tuple[int, list[str]]]:
    """What csv alone reads (the reading before str-splitting), blank rows left out."""
    f = io.StringIO(text, newline="")
    if skip_directive:
        f.readline()
    rows = list(csv.reader(f, delimiter=delimiter))
    return [(number, row) for number, row in enumerate(rows, 1) if any(row)]


def _read(path: Path, delimiter: str, skip_directive: bool) -> list[tuple[int, list[str]]]:
    chunks = _csv_rows(path, "utf-8", delimiter, skip_directive, DEFAULT_LIMITS)
    return [(n, list(row)) for chunk in chunks for n, row in zip(*chunk, strict=True)]


def _text(rng: random.Random, lines: int, delimiter: str, quotes: bool, rare: bool) -> str:
    plain = ["", "a", "Wanjiru", "0712 345 678", " x ", "7", "é", "\t", ";", ","]
    if rare:
        plain += list(_RARE_BREAKS)
    quoted = ['"a,b"', '"two\nlines"', '""', '"say ""hi"""', '"\r\n"', 'a"b']
    out = []
    for _ in range(lines):
        fields = [
            rng.choice(quoted) if quotes and rng.random() < 0.05 else rng.choice(plain)
            for _ in range(rng.choice((0, 1, 3, 4, 4, 4, 5)))
        ]
        out.append(delimiter.join(fields) + rng.choice(_BREAKS))
    text = "".join(out)
    return text if rng.random() < 0.5 else text.rstrip("\r\n")


@pytest.mark.parametrize("seed", range(12))
def test_split_reading_is_csvs(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    delimiter = rng.choice((",", ";", "\t"))
    quotes, rare, directive = seed % 3 == 0, seed % 4 == 1, seed % 5 == 2
    # over 32,768 characters: more than one piece of text split at a time
    text = _text(rng, rng.choice((5, 300, 4000)), delimiter, quotes, rare)
    if directive:
        text = f"sep={delimiter}{rng.choice(_BREAKS[:2])}{text}"
    path = tmp_path / "rows.csv"
    path.write_bytes(text.encode("utf-8"))
    assert _read(path, delimiter, directive) == _reference(text, delimiter, directive)


def test_blank_lines_and_lone_carriage_returns(tmp_path: Path) -> None:
    text = "a,b\n\n,,\r\nc,d\r\r\ne\rf,\x0cg\n\u2028h\r\n"
    path = tmp_path / "breaks.csv"
    path.write_bytes(text.encode("utf-8"))
    assert _read(path, ",", False) == _reference(text, ",", False)
    assert _read(path, ",", False)[:2] == [(1, ["a", "b"]), (4, ["c", "d"])]


def _csv_error_line(text: str) -> int:
    reader = csv.reader(io.StringIO(text, newline=""))
    with pytest.raises(csv.Error):
        for _ in reader:
            pass
    return reader.line_num


@pytest.mark.parametrize("quoted", [False, True])
def test_field_limit_on_the_line_csv_names(tmp_path: Path, quoted: bool) -> None:
    """A field over csv's limit, with or without quotes around it (without quotes it is
    split by str methods up to the piece that holds it), fails on csv's own line."""
    head = "".join(f"07{n:08d},name {n}\r\n" for n in range(3000))
    huge = '"' + "x" * 140_000 + '"' if quoted else "x" * 140_000
    text = "phone,name\r\n" + head + f"0712345678,{huge}\r\n0722000111,after\r\n"
    path = tmp_path / "long.csv"
    path.write_bytes(text.encode("utf-8"))
    with pytest.raises(ImportFileError) as caught:
        validate_contacts_file(path)
    assert caught.value.code is FileErrorCode.CELL_TOO_LONG
    assert caught.value.data["line"] == _csv_error_line(text) == 3002
