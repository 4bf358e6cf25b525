"""Freezes Tuma into dist/tuma/ (and dist/Tuma.app on macOS), on the OS it runs on.

    python packaging/freeze.py

Run with the project's virtual environment, installed with the ``packaging`` extra
(``pip install -e ".[packaging]"``). Steps: compile the translations (``pyside6-lrelease``,
every ``*.ts`` in desktop_app/resources/translations/ into a ``.qm`` beside it, by
packaging/translations.py), render the icons (packaging/icons.py), then run
PyInstaller on packaging/tuma.spec. The .qm files and icons are build outputs, never
committed. Prints the bundle's size at the end.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    """A console script of the running environment (pyside6-lrelease, pyinstaller)."""
    folder = Path(sys.executable).parent
    for candidate in (folder / name, folder / f"{name}.exe"):
        if candidate.is_file():
            return str(candidate)
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install the project with its packaging extra")
    return found


def compile_translations() -> list[Path]:
    """Each ``NAME.ts`` becomes ``NAME.qm`` beside it (packaging/translations.py, the same
    step the source set-up runs)."""
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import translations
    finally:
        sys.path.pop(0)
    built: list[Path] = translations.build(quiet=True)
    return built


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def run_pyinstaller(dist: Path, work: Path, **env: str) -> Path:
    """Runs PyInstaller on tuma.spec into ``dist``; ``env`` adds variables the spec reads
    (TUMA_KEEP, TUMA_STRIP). Returns the bundle folder."""
    subprocess.run(
        [
            _tool("pyinstaller"),
            "--noconfirm",
            "--log-level=WARN",
            f"--distpath={dist}",
            f"--workpath={work}",
            str(ROOT / "packaging" / "tuma.spec"),
        ],
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "0", **env},  # steadier bytecode across builds
    )
    return dist / "tuma"


def main() -> int:
    qm = compile_translations()
    print(f"translations: {len(qm)} .qm file(s)" + "".join(f"\n  {p}" for p in qm))
    subprocess.run([sys.executable, str(ROOT / "packaging" / "icons.py")], check=True)
    bundle = run_pyinstaller(ROOT / "dist", ROOT / "build" / "pyinstaller")
    print(f"bundle: {bundle} ({folder_size(bundle) / 2**20:.1f} MiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
