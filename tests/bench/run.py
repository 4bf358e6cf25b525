"""Run every benchmark, print one table, optionally write the figures as JSON.

    python tests/bench/run.py [--quick] [--json FILE] [--only NAME ...]

Each module of :data:`MODULES` runs in a process of its own (``run(quick)`` returning
``{name: {value, baseline, ratio, target, ...}}``), so one module's Qt application, threads
or crash cannot disturb the next. A module that is missing, has no ``run()`` or fails is
shown as "not available" (with the reason), never stops the others. ``--quick`` runs a
smaller version of each (under a minute in all). ``--only`` takes benchmark names
(``startup``) or module names (``bench_startup``).

Every figure is a ratio against a baseline measured in the same run on the same machine;
absolute times are shown but not judged. tests/bench/README.md says what each one means.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench.support import ROOT, load_line


@dataclass(frozen=True)
class Figure:
    name: str
    unit: str  # "s" (shown in ms), "MiB"
    judged: str = "ratio"  # the target bounds the ratio, or the "value" itself


#: module → the figures it gives, in the table's order
MODULES: dict[str, tuple[Figure, ...]] = {
    "bench_startup": (Figure("startup", "s"), Figure("startup_sandbox", "s")),
    "bench_keystroke": (Figure("keystroke", "s"),),
    "bench_import": (Figure("import_csv", "s"), Figure("import_xlsx", "s")),
    "bench_ui_stall_import": (Figure("ui_stall_import", "s"),),
    "bench_ui_stall_broadcast": (Figure("ui_stall_broadcast", "s"),),
    "bench_broadcast": (Figure("broadcast", "s"),),
    "bench_contacts": (
        Figure("contacts_first_page", "s"),
        Figure("memory_paging", "MiB", judged="value"),
    ),
    "bench_delivery": (Figure("delivery_history", "s"),),
    "bench_memory": (Figure("memory_idle", "MiB"),),
}
FIGURES = {figure.name: figure for figures in MODULES.values() for figure in figures}
#: the longest one module may take (a full run seeds 100,000 contacts)
TIMEOUT = {False: 1200.0, True: 120.0}


def _child(module: str, quick: bool, out: Path) -> int:
    """In the module's own process: import it, run it, write what it returned."""
    try:
        bench = importlib.import_module(f"tests.bench.{module}")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"tests.bench.{module}",):
            raise
        out.write_text(json.dumps({"unavailable": "not written yet"}))
        return 0
    if not callable(getattr(bench, "run", None)):
        out.write_text(json.dumps({"unavailable": "has no run()"}))
        return 0
    figures = bench.run(quick)
    out.write_text(json.dumps({"figures": figures}, default=float))
    return 0


def run_module(module: str, quick: bool) -> dict[str, Any]:
    """``{"figures": {...}}``, or ``{"unavailable": reason}``; plus ``seconds``."""
    with tempfile.TemporaryDirectory(prefix="tuma-bench-") as temp:
        out = Path(temp) / "out.json"
        command = [sys.executable, str(Path(__file__).resolve()), "--child", module]
        command += ["--out", str(out)] + (["--quick"] if quick else [])
        started = time.perf_counter()
        try:
            done = subprocess.run(
                command,
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                capture_output=True,
                text=True,
                timeout=TIMEOUT[quick],
            )
        except subprocess.TimeoutExpired:
            return {"unavailable": f"did not finish in {TIMEOUT[quick]:.0f} s", "seconds": 0.0}
        seconds = time.perf_counter() - started
        if done.returncode != 0 or not out.exists():
            lines = (done.stderr or done.stdout).strip().splitlines()
            reason = lines[-1] if lines else f"exit {done.returncode}"
            return {"unavailable": f"failed: {reason}", "seconds": seconds}
        answer: dict[str, Any] = json.loads(out.read_text())
        answer["seconds"] = seconds
        return answer


def _shown(value: float, unit: str) -> str:
    if not math.isfinite(value):
        return "—"
    if unit == "s":
        return f"{value * 1000:,.1f} ms" if value < 10 else f"{value:,.1f} s"
    return f"{value:,.1f} {unit}"


def met(name: str, figure: dict[str, Any]) -> bool:
    judged = FIGURES[name].judged if name in FIGURES else "ratio"
    return bool(figure[judged] <= figure["target"])


def table(rows: list[tuple[str, dict[str, Any] | str]]) -> str:
    header = ("benchmark", "value", "baseline", "ratio", "target", "met?")
    lines: list[tuple[str, ...]] = [header]
    for name, figure in rows:
        if isinstance(figure, str):
            lines.append((name, "not available", "", "", "", figure))
            continue
        unit = FIGURES[name].unit if name in FIGURES else "s"
        judged = FIGURES[name].judged if name in FIGURES else "ratio"
        target = figure["target"]
        target_text = f"≤ {target:g} {unit}" if judged == "value" else f"≤ {target:g}"
        lines.append(
            (
                name,
                _shown(figure["value"], unit),
                _shown(figure["baseline"], unit) if figure["baseline"] else "—",
                f"{figure['ratio']:.2f}",
                target_text,
                "yes" if met(name, figure) else "NO",
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out = []
    for number, line in enumerate(lines):
        out.append("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(line)).rstrip())
        if number == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smaller run, under a minute")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the figures here")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="these benchmarks only")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return _child(args.child, args.quick, args.out)

    wanted = set(args.only or ())
    unknown = wanted - set(FIGURES) - set(MODULES)
    if unknown:
        parser.error(f"no such benchmark: {', '.join(sorted(unknown))}")
    print(load_line() + (" (quick)" if args.quick else ""), flush=True)
    rows: list[tuple[str, dict[str, Any] | str]] = []
    figures: dict[str, dict[str, float]] = {}
    started = time.perf_counter()
    for module, expected in MODULES.items():
        names = [f.name for f in expected]
        if wanted and module not in wanted and not wanted & set(names):
            continue
        answer = run_module(module, args.quick)
        print(f"  {module}: {answer['seconds']:.1f} s", file=sys.stderr, flush=True)
        given: dict[str, dict[str, Any]] = answer.get("figures", {})
        for name in [*names, *(n for n in given if n not in names)]:
            if wanted and module not in wanted and name not in wanted:
                continue
            if name in given:
                rows.append((name, given[name]))
                figures[name] = {
                    k: given[name][k] for k in ("value", "baseline", "ratio", "target")
                }
            else:
                rows.append((name, answer.get("unavailable", "not given by its module")))
    print(table(rows))
    print(f"({time.perf_counter() - started:.0f} s in all)")
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
