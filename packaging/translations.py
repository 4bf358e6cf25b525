"""Translation sources and their compiled files.

    python packaging/translations.py update   # refresh the .ts sources from the code
    python packaging/translations.py build    # compile every .ts into a .qm beside it
    python packaging/translations.py missing  # list the Kiswahili entries still to translate
    python packaging/translations.py missing --json todo.json  # ... as a file to fill in
    python packaging/translations.py fill todo.json           # put the filled-in file back

The ``.ts`` files (Qt Linguist sources) live in ``desktop_app/resources/translations/`` and
are committed; the ``.qm`` files are built from them by the set-up step
(``installer/bootstrap.sh``) and by packaging, never committed.

English is the source language, so ``tuma_en.ts`` holds only the plural forms
("%Ln credit(s)" → "1 credit" / "3 credits"); ``update`` fills new ones in by rule, with the
irregular ones listed in :data:`ENGLISH_PLURALS`. ``tuma_sw.ts`` (Kiswahili) holds every
sentence; ``update`` keeps its finished translations and marks new sentences unfinished.
Translating them is mechanical: ``missing --json todo.json`` writes
``{context: {source: ""}}`` (plural sources get a list of two forms: one, other), fill in
the blanks following ``GLOSSARY.md`` beside the ``.ts`` files, then ``fill todo.json``.
``tests/ui/test_translations.py`` fails while anything is left unfinished.
"""

from __future__ import annotations

import argparse
import json
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
#: The languages besides English (the source language): tuma_<code>.ts, every sentence.
TARGETS = ("sw",)

#: Source text → (singular, plural) where "(s)" → "" / "s" is not English.
ENGLISH_PLURALS: dict[str, tuple[str, str]] = {
    "%Ln person(s)": ("%Ln person", "%Ln people"),
    "%Ln more person(s) got it too, but Tuma could not save that yet. It saves it once it can, "
    "and never sends it to them twice.": (
        "%Ln more person got it too, but Tuma could not save that yet. It saves it once it can, "
        "and never sends it to them twice.",
        "%Ln more people got it too, but Tuma could not save that yet. It saves it once it can, "
        "and never sends it to them twice.",
    ),
    "%Ln number(s) are not valid": ("%Ln number is not valid", "%Ln numbers are not valid"),
    "Send only to the %Ln new person(s)": (
        "Send only to the %Ln new person",
        "Send only to the %Ln new people",
    ),
    "%n of these numbers are on your opt-out list: they are imported, but promotions skip them.": (
        "%n of these numbers is on your opt-out list: it is imported, but promotions skip it.",
        "%n of these numbers are on your opt-out list: they are imported, but promotions skip "
        "them.",
    ),
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
    for code in TARGETS:
        other = FOLDER / f"tuma_{code}.ts"
        lupdate(other, plural_only=False)
        left = len(unfinished(other))
        print(f"{other.relative_to(ROOT)}: updated, {left} entries to translate")


def unfinished(path: Path) -> list[tuple[str, str]]:
    """(context, source) of every entry with no finished translation: marked unfinished,
    empty, or a plural with an empty form."""
    found = []
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            source = message.findtext("source") or ""
            if translation is None or translation.get("type") in ("unfinished", "vanished"):
                found.append((name, source))
            elif message.get("numerus") == "yes":
                forms = translation.findall("numerusform")
                if not forms or not all((f.text or "").strip() for f in forms):
                    found.append((name, source))
            elif not (translation.text or "").strip():
                found.append((name, source))
    return found


def todo(path: Path) -> dict[str, dict[str, str | list[str]]]:
    """The unfinished entries as a file to fill in: {context: {source: "" or ["", ""]}}."""
    plural = {
        (c.findtext("name") or "", m.findtext("source") or "")
        for c in ET.parse(path).getroot().iter("context")
        for m in c.iter("message")
        if m.get("numerus") == "yes"
    }
    table: dict[str, dict[str, str | list[str]]] = {}
    for context, source in unfinished(path):
        table.setdefault(context, {})[source] = ["", ""] if (context, source) in plural else ""
    return table


def fill(path: Path, table: dict[str, dict[str, str | list[str]]]) -> int:
    """Write the translations in *table* into *path*; blanks are skipped. Returns how many
    entries were finished."""
    tree = ET.parse(path)
    done = 0
    for context in tree.getroot().iter("context"):
        given = table.get(context.findtext("name") or "", {})
        for message in context.iter("message"):
            text = given.get(message.findtext("source") or "")
            if not text:
                continue
            translation = message.find("translation")
            if translation is None:
                translation = ET.SubElement(message, "translation")
            if message.get("numerus") == "yes":
                forms = [text] if isinstance(text, str) else list(text)
                if not all(forms):
                    continue
                for form in translation.findall("numerusform"):
                    translation.remove(form)
                for form_text in forms:
                    ET.SubElement(translation, "numerusform").text = form_text
            else:
                if not isinstance(text, str):
                    continue
                translation.text = text
            translation.attrib.pop("type", None)
            done += 1
    ET.indent(tree, space="    ")
    tree.write(path, encoding="utf-8", xml_declaration=True)
    return done


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
    parser.add_argument("command", choices=("update", "build", "missing", "fill"))
    parser.add_argument("file", nargs="?", type=Path, help="fill: the filled-in JSON file")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--json", type=Path, metavar="FILE", help="missing: write them here")
    parser.add_argument("--language", default=TARGETS[0], choices=TARGETS)
    args = parser.parse_args(argv)
    target = FOLDER / f"tuma_{args.language}.ts"
    if args.command == "update":
        update()
    elif args.command == "missing":
        left = unfinished(target)
        if args.json is not None:
            args.json.write_text(
                json.dumps(todo(target), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
        elif not args.quiet:
            for context, source in left:
                print(f"{context}\t{source}")
        print(f"{target.relative_to(ROOT)}: {len(left)} entries to translate", file=sys.stderr)
        return 1 if left else 0
    elif args.command == "fill":
        if args.file is None:
            parser.error("fill needs the JSON file written by: missing --json FILE")
        table = json.loads(args.file.read_text(encoding="utf-8"))
        print(f"{target.relative_to(ROOT)}: {fill(target, table)} entries filled in")
        lupdate(target, plural_only=False)  # lupdate's own layout: small diffs, easy merges
    else:
        build(quiet=args.quiet)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


# --- checks (tests/ui/test_translations.py, and ``check`` below) --------------------------

#: What must come through a translation unchanged: {name} and {} fields, Qt's %n/%Ln/%1…
#: and %v/%m, HTML tags and line breaks.
_PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%L?n|%\d|%[vm]|</?[a-zA-Z][^>]*>|\n")


def placeholders(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text))


def mnemonic(text: str) -> str | None:
    """The letter after a single "&" (the Alt+letter shortcut), lower-cased, if any."""
    found = re.search(r"(?<!&)&([^&\s])", text)
    return found.group(1).lower() if found else None


def catalogue_problems(path: Path, *, plural_forms: int = 2) -> list[str]:
    """Everything wrong with a translated .ts: unfinished or empty entries, a plural with
    the wrong number of forms, placeholders or "&" shortcuts lost or added, and two
    different shortcuts of one context that became the same letter."""
    problems = [f"unfinished: [{c}] {s!r}" for c, s in unfinished(path)]
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        letters: dict[str, tuple[str, str]] = {}
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            if translation is None:
                continue
            if message.get("numerus") == "yes":
                texts = [f.text or "" for f in translation.findall("numerusform")]
                if len(texts) != plural_forms:
                    problems.append(
                        f"plural forms: [{name}] {source!r} has {len(texts)}, needs {plural_forms}"
                    )
            else:
                texts = [translation.text or ""]
            for text in texts:
                if not text.strip():
                    continue
                if placeholders(text) != placeholders(source):
                    problems.append(
                        f"placeholders: [{name}] {source!r} → {text!r}: "
                        f"{placeholders(source)} ≠ {placeholders(text)}"
                    )
                if (mnemonic(source) is None) != (mnemonic(text) is None):
                    problems.append(f"shortcut (&): [{name}] {source!r} → {text!r}")
                letter, english = mnemonic(text), mnemonic(source)
                if letter is None or english is None:
                    continue
                other = letters.setdefault(letter, (english, source))
                if other[0] != english:
                    problems.append(
                        f"same shortcut Alt+{letter}: [{name}] {other[1]!r} and {source!r}"
                    )
    return problems


def catalogue_keys(path: Path) -> set[tuple[str, str, bool]]:
    """(context, source, is plural) of every entry."""
    return {
        (c.findtext("name") or "", m.findtext("source") or "", m.get("numerus") == "yes")
        for c in ET.parse(path).getroot().iter("context")
        for m in c.iter("message")
        if (m.find("translation") is None or m.find("translation").get("type") != "vanished")  # type: ignore[union-attr]
    }


def fresh_catalogue(folder: Path, code: str) -> Path:
    """What ``update`` would write for *code* from the code as it is now, in *folder*."""
    target = folder / f"tuma_{code}.ts"
    lupdate(target, plural_only=False)
    return target
