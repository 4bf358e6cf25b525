"""Translation sources and their compiled files.

    python packaging/translations.py update   # refresh the .ts sources from the code
    python packaging/translations.py build    # compile every .ts into a .qm beside it

The ``.ts`` files (Qt Linguist sources) live in ``desktop_app/resources/translations/`` and
are committed; the ``.qm`` files are built from them by the set-up step
(``installer/bootstrap.sh``) and by packaging, never committed.

English is the source language, so ``tuma_en.ts`` holds only the plural forms
("%Ln credit(s)" → "1 credit" / "3 credits"); ``update`` fills new ones in by rule, with the
irregular ones listed in :data:`ENGLISH_PLURALS`.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "desktop_app"
FOLDER = SOURCES / "resources" / "translations"
ENGLISH = FOLDER / "tuma_en.ts"

#: Source text → (singular, plural) where "(s)" → "" / "s" is not English.
ENGLISH_PLURALS: dict[str, tuple[str, str]] = {
    "%Ln person(s)": ("%Ln person", "%Ln people"),
    "%Ln number(s) are not valid": ("%Ln number is not valid", "%Ln numbers are not valid"),
}


def _tool(name: str) -> str:
    """A Qt tool from the PySide6 wheel, next to this Python (the venv's bin/Scripts)."""
    here = Path(sys.executable).parent
    for candidate in (here / name, here / f"{name}.exe"):
        if candidate.exists():
            return str(candidate)
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install the project (pip install -e .) first")
    return found


def _python_files() -> list[str]:
    return sorted(str(p) for p in SOURCES.rglob("*.py") if "sandbox" not in p.parts)


def english_forms(source: str) -> tuple[str, str]:
    if source in ENGLISH_PLURALS:
        return ENGLISH_PLURALS[source]
    singular = re.sub(r"\((?:e?s)\)", "", source)
    plural = re.sub(r"\((e?s)\)", r"\1", source)
    return singular, plural


def fill_english(path: Path) -> int:
    """Give every unfinished plural message of the English file its two forms."""
    tree = ET.parse(path)
    filled = 0
    for message in tree.getroot().iter("message"):
        if message.get("numerus") != "yes":
            continue
        source = message.findtext("source") or ""
        translation = message.find("translation")
        if translation is None:
            translation = ET.SubElement(message, "translation")
        forms = translation.findall("numerusform")
        if translation.get("type") != "unfinished" and all((f.text or "") for f in forms):
            continue
        for form in forms:
            translation.remove(form)
        for text in english_forms(source):
            ET.SubElement(translation, "numerusform").text = text
        translation.attrib.pop("type", None)
        filled += 1
    ET.indent(tree, space="    ")
    tree.write(path, encoding="utf-8", xml_declaration=True)
    return filled


def lupdate(target: Path, *, plural_only: bool) -> None:
    args = [_tool("pyside6-lupdate"), *_python_files(), "-ts", str(target)]
    args += ["-no-obsolete", "-locations", "none", "-source-language", "en"]
    args += ["-target-language", target.stem.removeprefix("tuma_")]
    if plural_only:
        args.append("-pluralonly")
    subprocess.run(args, check=True, capture_output=True, text=True)


def update() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    lupdate(ENGLISH, plural_only=True)
    print(f"{ENGLISH.relative_to(ROOT)}: {fill_english(ENGLISH)} plural forms filled in")
    for other in sorted(FOLDER.glob("tuma_*.ts")):
        if other != ENGLISH:
            lupdate(other, plural_only=False)
            print(f"{other.relative_to(ROOT)}: updated")


def build(*, quiet: bool = False) -> list[Path]:
    built = []
    for source in sorted(FOLDER.glob("*.ts")):
        target = source.with_suffix(".qm")
        subprocess.run(
            [_tool("pyside6-lrelease"), "-silent", str(source), "-qm", str(target)],
            check=True,
        )
        built.append(target)
        if not quiet:
            print(target.relative_to(ROOT))
    return built


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("update", "build"))
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "update":
        update()
    else:
        build(quiet=args.quiet)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
