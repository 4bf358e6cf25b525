"""Measures what each exclusion in build_info.EXCLUSIONS saves, by building the bundle with
that one exclusion switched off (everything else as shipped) and comparing its size with the
shipped bundle's. Also builds the bundle with nothing left out and nothing stripped.

    python packaging/measure_exclusions.py       (after packaging/freeze.py; ~40 s a build)

Builds go to build/measure/; dist/ is not touched. Prints a Markdown table (the one in
packaging/README.md). Sizes are the sum of the files' sizes, in MiB.
"""

from __future__ import annotations

import shutil

from build_info import EXCLUSIONS
from freeze import ROOT, folder_size, run_pyinstaller

OUT = ROOT / "build" / "measure"


def bundle_size(label: str, **env: str) -> float:
    work = OUT / label
    shutil.rmtree(work, ignore_errors=True)
    size = folder_size(run_pyinstaller(work / "dist", work / "work", **env)) / 2**20
    shutil.rmtree(work)
    print(f"  {label}: {size:.1f} MiB", flush=True)
    return size


def main() -> int:
    shipped = bundle_size("shipped")
    everything = bundle_size("nothing-left-out", TUMA_KEEP="all", TUMA_STRIP="0")
    unstripped = bundle_size("not-stripped", TUMA_STRIP="0")
    rows = [(e.name, e.why, bundle_size(e.name, TUMA_KEEP=e.name) - shipped) for e in EXCLUSIONS]
    rows.append(
        ("strip", "debug symbols stripped from the libraries (Linux)", unstripped - shipped)
    )
    print("\n| left out | what | saves (MiB) |\n|---|---|---:|")
    for name, why, saved in rows:
        print(f"| `{name}` | {why} | {saved:.1f} |")
    print(
        f"| **all of them** | nothing left out, nothing stripped: {everything:.1f} MiB; shipped: "
        f"{shipped:.1f} MiB | **{everything - shipped:.1f}** |"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
