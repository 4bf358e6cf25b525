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
from desktop_app.core.importing.reading import ColumnRows, _csv_rows, _split_columns

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


@pytest.mark.parametrize("seed", range(12))
def test_column_split_reading_is_csvs(tmp_path: Path, seed: int) -> None:
    """Lines all as wide, as most files are: split a column at a time (``ColumnRows``); a
    blank line, a line of another width or a lone "\\r" before a delimiter put the piece
    back on the row by row way."""
    rng = random.Random(seed)
    delimiter = rng.choice((",", ";", "\t", " "))
    width = rng.choice((1, 2, 4, 7))
    cells = [c for c in ("", "a", "Wanjiru", "0712345678", "x y", "é", "7") if delimiter not in c]
    lines = []
    for _ in range(rng.choice((3, 300, 5000))):
        fields = [rng.choice(cells) for _ in range(width)]
        if not any(fields):
            fields[0] = "z"
        lines.append(delimiter.join(fields))
    odd = seed % 4
    if odd == 1:  # a blank line
        lines.insert(len(lines) // 2, delimiter * (width - 1))
    if odd == 3 and width > 1:  # one line wider, one narrower: as many fields in all
        lines.insert(len(lines) // 3, "wide" + delimiter * width)
        lines.insert(len(lines) // 3, "narrow" + delimiter * (width - 2))
    # lines ending one way (else the row by row way), not a lone "\r" (nor then: a line
    # ending "\r" and one starting with the delimiter fuse into a "\r\n")
    one_way = rng.choice(_BREAKS[:2])
    breaks = [one_way if odd == 0 else rng.choice(_BREAKS) for _ in lines]
    if odd == 2 and width > 1:  # "a,b\r" then ",c": a lone CR, then the delimiter first
        at = len(lines) // 2
        breaks[at] = "\r"
        lines[at + 1] = delimiter + lines[at + 1].split(delimiter, 1)[1]
    text = "".join(line + end for line, end in zip(lines, breaks, strict=True))
    path = tmp_path / "columns.csv"
    path.write_bytes(text.encode("utf-8"))
    assert _read(path, delimiter, False) == _reference(text, delimiter, False)
    if odd == 0 and width > 1:
        chunks = list(_csv_rows(path, "utf-8", delimiter, False, DEFAULT_LIMITS))
        assert all(isinstance(chunk.rows, ColumnRows) for chunk in chunks)


def test_column_rows_act_as_a_list_of_rows() -> None:
    rows = ColumnRows([["a", "b", "c"], ["1", "2", "3"]], 3)
    assert len(rows) == 3
    assert rows[0] == ["a", "1"]
    assert rows[-1] == ["c", "3"]
    assert rows[1:] == [["b", "2"], ["c", "3"]]
    assert list(rows) == [["a", "1"], ["b", "2"], ["c", "3"]]
    assert ["b", "2"] in rows
    with pytest.raises(IndexError):
        rows[3]


def test_split_columns_only_for_lines_as_wide() -> None:
    assert _split_columns("a,b\r\nc,d\r\n", ",") == ([["a", "c"], ["b", "d"]], 2)
    assert _split_columns("a,b\nc,d", ",") == ([["a", "c"], ["b", "d"]], 2)
    assert _split_columns("a,é\rc,d\r", ",") == ([["a", "c"], ["é", "d"]], 2)
    assert _split_columns("a\nb\n", ",") == ([["a", "b"]], 2)
    assert _split_columns("a,b,c", ",") == ([["a"], ["b"], ["c"]], 1)
    assert _split_columns("a,b\nc,d,e\nf\n", ",") is None
    assert _split_columns("a,b\n,\n", ",") is None  # a blank row
    assert _split_columns("a\n\nb\n", ",") is None
    assert _split_columns("a,b\r\nc,d\n", ",") is None  # lines ending two ways
    assert _split_columns("a,b\r,c\r", ",") is None  # "\r" + "," fuse into one break
