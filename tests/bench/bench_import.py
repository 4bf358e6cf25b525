"""Benchmark core.importing: validating a 100k-row contact list, CSV and XLSX, beside merely
reading the same file with ``csv.reader`` and with openpyxl's read-only mode, in the same run.

Run: ``.venv/bin/python tests/bench/bench_import.py [--quick]`` (not collected by pytest).
``run(quick)`` gives the figures to a benchmark runner: ``{name: {value, baseline, ratio,
target}}`` with times in seconds, ``ratio = value / baseline`` and the target that ratio must
stay under.

Times are the best of a few rounds (the least disturbed by other load), measured as wall
time; the CPU time of the same best rounds is printed too, since on a shared machine it moves
less. The files are built like real ones: the phones in the forms people type (some damaged
by Excel: in the XLSX, phones that lost their 0 are number cells), ~1% invalid, ~0.5%
repeated, two thirds with an e-mail; the XLSX uses shared strings, as Excel writes them.
"""

from __future__ import annotations

import csv
import os
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

try:
    import desktop_app  # noqa: F401
except ImportError:  # run from a checkout without an installed package
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
if str(Path(__file__).resolve().parents[2]) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # for tests.core

from desktop_app.core.importing import validate_contacts_file
from desktop_app.core.importing.writing import column_letter
from tests.core import import_files

TARGETS = {"import_csv": 5.0, "import_xlsx": 0.3}


def _excel_like_xlsx(path: Path, rows: list[list[str]]) -> Path:
    """``rows`` as Excel saves them: text in the shared-strings table, digits-only phones
    that lost their 0 as numbers."""
    strings: dict[str, int] = {}
    out = []
    letters = [column_letter(i) for i in range(max(map(len, rows)))]
    for number, row in enumerate(rows, 1):
        cells = []
        for i, value in enumerate(row):
            if not value:
                continue
            ref = f"{letters[i]}{number}"
            if value.isdigit() and not value.startswith("0"):
                cells.append(f'<c r="{ref}"><v>{value}</v></c>')
            else:
                index = strings.setdefault(value, len(strings))
                cells.append(f'<c r="{ref}" t="s"><v>{index}</v></c>')
        out.append(f'<row r="{number}">{"".join(cells)}</row>')
    sheet = import_files.SHEET_XML.format(rows="".join(out))
    return import_files.raw_xlsx(path, {"Contacts": sheet}, shared_strings=list(strings))


def _best(fn: Callable[[], object], rounds: int) -> tuple[float, float]:
    """(wall, CPU) seconds of the fastest of ``rounds`` runs."""
    best = (float("inf"), float("inf"))
    for _ in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        best = min(best, (time.perf_counter() - wall, time.process_time() - cpu))
    return best


def _csv_read(path: Path) -> None:
    with path.open(encoding="utf-8", newline="") as f:
        for _row in csv.reader(f):
            pass


def _openpyxl_read(path: Path) -> None:
    import openpyxl

    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    try:
        for _row in book.worksheets[0].iter_rows(values_only=True):
            pass
    finally:
        book.close()


def run(quick: bool = False) -> dict[str, dict[str, float]]:
    """The figures: ``import_csv`` and ``import_xlsx``, seconds for 100k rows (20k quick)."""
    rows = 20_000 if quick else 100_000
    rounds = 3 if quick else 5
    data = import_files.big_rows(rows)
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        csv_path = import_files.write_csv(Path(folder), "contacts.csv", data)
        xlsx_path = _excel_like_xlsx(Path(folder) / "contacts.xlsx", data)
        assert validate_contacts_file(xlsx_path).data_rows == rows
        for name, path, read, read_rounds in (
            ("import_csv", csv_path, _csv_read, rounds),
            ("import_xlsx", xlsx_path, _openpyxl_read, 1 if quick else 2),
        ):
            baseline, baseline_cpu = _best(partial(read, path), read_rounds)
            value, value_cpu = _best(partial(validate_contacts_file, path), rounds)
            results[name] = {
                "value": value,
                "baseline": baseline,
                "ratio": value / baseline,
                "target": TARGETS[name],
                "rows": rows,
                "rows_per_s": rows / value,
                "cpu_ratio": value_cpu / baseline_cpu,
            }
    return results


def main() -> None:
    quick = "--quick" in sys.argv
    print(
        f"Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.2f} "
        f"on {os.cpu_count()} CPUs"
    )
    for name, r in run(quick).items():
        read = "csv.reader" if name == "import_csv" else "openpyxl read-only"
        verdict = "ok" if r["ratio"] <= r["target"] else "OVER TARGET"
        print(
            f"{name}: validate {int(r['rows']):,} rows in {r['value']:.3f} s "
            f"({r['rows_per_s']:,.0f} rows/s); {read} alone {r['baseline']:.3f} s "
            f"({r['rows'] / r['baseline']:,.0f} rows/s); ratio {r['ratio']:.2f} "
            f"(CPU time {r['cpu_ratio']:.2f}), target <= {r['target']} - {verdict}"
        )


if __name__ == "__main__":
    main()
