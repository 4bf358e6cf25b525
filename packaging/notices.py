"""Writes THIRD-PARTY-NOTICES.txt: the licence and copyright notices of the software Tuma ships.

    python packaging/notices.py [OUT] [--module NAME ...] [--also DIST ...]

Without OUT the text goes to standard output. What it lists, from the environment it runs in:

- the Python runtime, with its ``LICENSE.txt`` (``packaging/licenses/Python-LICENSE.txt`` where
  the interpreter carries none, as on Debian's);
- every distribution in the closure of pyproject.toml's ``[project] dependencies`` (markers
  and extras evaluated for this interpreter and OS), and every distribution that provides one
  of the top-level modules given with ``--module`` (packaging/tuma.spec passes what PyInstaller
  really collected: optional imports pull in more than the requirements name) or named with
  ``--also`` (the spec adds PyInstaller, whose bootloader is the executable);
- for each: name, version, licence (``License-Expression``, ``License`` or the classifiers),
  home page, and the full text of every licence file its dist-info has (a ``licenses/``
  folder, ``LICENSE*``, ``LICENCE*``, ``COPYING*``, ``NOTICE*``, ``AUTHORS*``, as listed in
  RECORD);
- distributions whose wheels carry no licence file (PySide6-Essentials, shiboken6) get the
  texts committed in ``packaging/licenses/`` (LGPL-3.0 and the GPL-3.0 it builds on) and where
  to get their source. Any other distribution without a licence file is an error: a new
  dependency cannot ship without its notice.

packaging/tuma.spec generates the file at build time into the bundle's ``licenses/`` folder,
from the build's own environment, so the versions are the ones shipped and the
platform-specific dependencies (SecretStorage on Linux, pywin32-ctypes on Windows) are the
ones of the OS it is built on. The output is sorted and has no date: the same environment
gives the same bytes. It needs the standard library and ``packaging`` (requirements and their
markers read as pip reads them; PyInstaller depends on it, and a source checkout has it with
the test tools). It runs inside PyInstaller, and from the app when it runs from a source
checkout (Help → About → Open-source licences; without ``packaging`` the dialog says where
the notices are).
"""

from __future__ import annotations

import argparse
import platform
import re
import sys
import sysconfig
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
LICENSES = Path(__file__).resolve().parent / "licenses"
FILE_NAME = "THIRD-PARTY-NOTICES.txt"
BUNDLE_FOLDER = "licenses"  # in the bundle: _internal/licenses/ (sys._MEIPASS)
WIDTH = 78

# Licence texts committed to the repository, by name (file in packaging/licenses/).
SHARED_TEXTS = {
    "LGPL-3.0": "LGPL-3.0.txt",
    "GPL-3.0": "GPL-3.0.txt",
}

QT_SOURCE = """\
Tuma uses {name} under the GNU Lesser General Public License version 3
(LGPL-3.0-only), one of the licences it is offered under; the LGPL-3.0 is a set of
additional permissions on top of the GNU General Public License version 3, so both
texts are given at the end of this file (and in the licenses folder beside it).
Qt, PySide6 and shiboken6 are unmodified and used as shared libraries, in the
folders PySide6 and shiboken6 inside the program's _internal folder (on macOS,
inside Tuma.app/Contents): you may replace them with your own builds of the same
version.

The complete corresponding source code of this version ({version}):
  https://download.qt.io/official_releases/QtForPython/ (pyside6 and shiboken6,
  version {version}: source archives of PySide6, shiboken6 and the matching Qt)
  https://code.qt.io/cgit/pyside/pyside-setup.git/ (tag v{version})
  https://download.qt.io/official_releases/qt/ (Qt {version} itself)
Qt includes third-party components under their own licences (ICU, FreeType,
HarfBuzz, libpng, PCRE2, zlib, ...): https://doc.qt.io/qt-6/licenses-used-in-qt.html
"""


@dataclass(frozen=True)
class Fallback:
    """For a distribution whose wheel carries no licence file: the licence Tuma uses it
    under, the committed texts that go with it, and a note (where its source is)."""

    chosen: str
    texts: tuple[str, ...]
    note: str


_QT = Fallback("LGPL-3.0-only", ("LGPL-3.0", "GPL-3.0"), QT_SOURCE)
FALLBACKS: dict[str, Fallback] = {
    "pyside6": _QT,
    "pyside6-essentials": _QT,
    "pyside6-addons": _QT,
    "shiboken6": _QT,
}

# A word on how a component is part of Tuma, where its licence alone would mislead.
NOTES: dict[str, str] = {
    "pyinstaller": (
        "Only PyInstaller's bootloader is part of Tuma: it is the tuma executable that\n"
        "starts the program. The exception to the GPL for the bootloader (in the text\n"
        "below) allows it to be distributed with any program, whatever its licence."
    ),
}

_LICENCE_FILE = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)


class MissingLicence(Exception):
    """A distribution would ship without any licence text."""


@dataclass(frozen=True)
class Component:
    name: str
    version: str
    licence: str
    homepage: str
    texts: tuple[tuple[str, str], ...]  # (where the text comes from, the text)
    note: str = ""
    shared: tuple[str, ...] = field(default=())  # SHARED_TEXTS printed once, at the end


# -- requirements and markers (PEP 508), without the `packaging` library ----------------------


def normalize(name: str) -> str:
    """A distribution or extra name as PEP 503/685 compare them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wanted(requirement: Requirement, extras: Iterable[str] = ()) -> bool:
    """Whether *requirement* applies here, for a distribution asked for with *extras*."""
    marker = requirement.marker
    return marker is None or any(marker.evaluate({"extra": e}) for e in ("", *extras))


# -- which distributions ----------------------------------------------------------------------


def project(pyproject: Path = ROOT / "pyproject.toml") -> tuple[str, list[str]]:
    """The project's name and its runtime requirements, from pyproject.toml."""
    with pyproject.open("rb") as file:
        table = tomllib.load(file)["project"]
    return str(table["name"]), [str(r) for r in table.get("dependencies", [])]


def runtime_distributions(requirements: Iterable[str]) -> dict[str, metadata.Distribution]:
    """Every installed distribution *requirements* need here (their markers evaluated for
    this interpreter and platform), recursively, by normalized name. A requirement that
    applies but is not installed is an error: the environment is not the one the app runs
    with."""
    found: dict[str, metadata.Distribution] = {}
    asked: set[tuple[str, frozenset[str]]] = set()
    todo = [(Requirement(r), frozenset[str]()) for r in requirements]
    while todo:
        requirement, parent_extras = todo.pop()
        if not wanted(requirement, parent_extras):
            continue
        key, extras = normalize(requirement.name), frozenset(requirement.extras)
        if (key, extras) in asked:
            continue
        asked.add((key, extras))
        try:
            dist = found.get(key) or metadata.distribution(requirement.name)
        except metadata.PackageNotFoundError:
            raise MissingLicence(f"{requirement.name} is required here but not installed") from None
        found[key] = dist
        todo += [(Requirement(r), extras) for r in dist.requires or []]
    return found


def module_distributions(modules: Iterable[str]) -> dict[str, metadata.Distribution]:
    """The installed distributions that provide these top-level modules (the standard
    library's and unknown ones map to none)."""
    providers = metadata.packages_distributions()
    found: dict[str, metadata.Distribution] = {}
    for module in modules:
        for name in providers.get(module.split(".")[0], []):
            found.setdefault(normalize(name), metadata.distribution(name))
    return found


# -- what each one says -------------------------------------------------------------------------


def _field(dist: metadata.Distribution, key: str) -> str:
    """A metadata field, "" when absent (``get_all``: indexing a missing one warns on 3.12+)."""
    return str((dist.metadata.get_all(key) or [""])[0]).strip()


def licence_of(dist: metadata.Distribution) -> str:
    """The licence as the distribution declares it: SPDX ``License-Expression``, else a
    one-line ``License`` field, else its ``License ::`` classifiers."""
    expression = _field(dist, "License-Expression")
    if expression:
        return expression
    declared = _field(dist, "License")
    if declared and "\n" not in declared and len(declared) <= 100:
        return declared
    classifiers = [
        c.split(" :: ")[-1]
        for c in dist.metadata.get_all("Classifier") or []
        if c.startswith("License ::")
    ]
    return " / ".join(classifiers) or "see the licence text"


def homepage_of(dist: metadata.Distribution) -> str:
    if _field(dist, "Home-page"):
        return _field(dist, "Home-page")
    urls: dict[str, str] = {}
    for entry in dist.metadata.get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        urls.setdefault(re.sub(r"[-_. ]", "", label.lower()), url.strip())
    for label in ("homepage", "home", "source", "sourcecode", "repository", "documentation"):
        if label in urls:
            return urls[label]
    return next(iter(urls.values()), f"https://pypi.org/project/{_field(dist, 'Name')}/")


def licence_files(dist: metadata.Distribution) -> list[tuple[str, str]]:
    """The licence files in the distribution's dist-info, as RECORD lists them:
    (path, text), sorted by path."""
    texts = []
    for file in dist.files or []:
        parts = file.parts
        if len(parts) < 2 or not parts[0].endswith(".dist-info"):
            continue
        if "licenses" in parts[1:-1] or _LICENCE_FILE.match(parts[-1]):
            path = Path(str(dist.locate_file(file)))
            texts.append((file.as_posix(), _read(path)))
    return sorted(texts)


def _read(path: Path) -> str:
    text = path.read_bytes().decode("utf-8", errors="replace").replace("\r\n", "\n")
    return text.rstrip() + "\n"


def component(dist: metadata.Distribution) -> Component:
    name, version = _field(dist, "Name"), str(dist.version)
    fallback = FALLBACKS.get(normalize(name))
    texts = tuple(licence_files(dist))
    licence = licence_of(dist)
    if fallback is not None and not texts:
        return Component(
            name,
            version,
            f"{licence} (used under {fallback.chosen})",
            homepage_of(dist),
            (),
            fallback.note.format(name=name, version=version),
            fallback.texts,
        )
    if not texts:
        raise MissingLicence(
            f"{name} {version} ({licence}) has no licence file in its dist-info: add its text "
            f"to packaging/licenses/ and an entry to FALLBACKS in packaging/notices.py"
        )
    return Component(
        name, version, licence, homepage_of(dist), texts, NOTES.get(normalize(name), "")
    )


def python_runtime() -> Component:
    """The interpreter and its standard library: CPython's LICENSE.txt (PSF-2.0 and the
    history of the licences before it), from the interpreter when it carries one."""
    candidates = [
        Path(sys.base_prefix) / "LICENSE.txt",  # Windows (python.org)
        Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt",  # POSIX, macOS framework
    ]
    source = next((p for p in candidates if p.is_file()), LICENSES / "Python-LICENSE.txt")
    where = "LICENSE.txt" if source in candidates else "packaging/licenses/Python-LICENSE.txt"
    return Component(
        "Python",
        platform.python_version(),
        "PSF-2.0",
        "https://www.python.org/",
        ((where, _read(source)),),
    )


def components(modules: Iterable[str] = (), also: Iterable[str] = ()) -> list[Component]:
    """The Python runtime first, then every distribution Tuma ships, by name."""
    name, requirements = project()
    found = runtime_distributions(requirements)
    found.update({k: v for k, v in module_distributions(modules).items() if k not in found})
    for extra in also:
        found.setdefault(normalize(extra), metadata.distribution(extra))
    found.pop(normalize(name), None)  # Tuma itself
    ordered = sorted(found.values(), key=lambda d: normalize(_field(d, "Name")))
    return [python_runtime(), *(component(d) for d in ordered)]


# -- the text -------------------------------------------------------------------------------------

HEADER = """\
Tuma: third-party software notices
==================================

Tuma includes the open-source software listed below. Each part keeps its own
licence; the licence texts and copyright notices follow, as each project
distributes them. Tuma itself is proprietary software.
"""


def render(parts: Sequence[Component]) -> str:
    lines = [HEADER, "Contents", ""]
    column = max(len(f"{p.name} {p.version}") for p in parts) + 2
    lines += [f"  {f'{p.name} {p.version}':<{column}}{p.licence}" for p in parts]
    for part in parts:
        lines += ["", "", "=" * WIDTH, f"{part.name} {part.version}", "=" * WIDTH]
        lines += [f"Licence:   {part.licence}", f"Home page: {part.homepage}"]
        if part.note:
            lines += ["", part.note.rstrip()]
        if part.shared:
            names = " and ".join(part.shared)
            lines += ["", f"The {names} texts are at the end of this file."]
        for where, text in part.texts:
            lines += ["", f"--- {where} " + "-" * max(3, WIDTH - 5 - len(where)), "", text.rstrip()]
    for name in sorted({n for p in parts for n in p.shared}, key=list(SHARED_TEXTS).index):
        lines += ["", "", "=" * WIDTH, f"{name}: the full text", "=" * WIDTH, ""]
        lines.append(_read(LICENSES / SHARED_TEXTS[name]).rstrip())
    return "\n".join(lines) + "\n"


def generate(modules: Iterable[str] = (), also: Iterable[str] = ()) -> str:
    """The whole notices file for this environment (see the module's docstring)."""
    return render(components(modules, also))


def shared_files() -> list[Path]:
    """The committed licence texts that ship beside the notices file."""
    return [LICENSES / SHARED_TEXTS[name] for name in SHARED_TEXTS]


def bundle_datas(notices: Path) -> list[tuple[str, str, str]]:
    """PyInstaller TOC entries (path in the bundle, source, "DATA") putting the generated
    notices file and the committed licence texts into the bundle's licenses/ folder."""
    return [
        (f"{BUNDLE_FOLDER}/{path.name}", str(path), "DATA") for path in [notices, *shared_files()]
    ]


def collected_modules(pure: Iterable[Sequence[str]], binaries: Iterable[Sequence[str]]) -> set[str]:
    """The top-level module names in PyInstaller's Analysis: pure modules by name, extension
    modules by the first part of their path in the bundle."""
    names = {entry[0].split(".")[0] for entry in pure}
    names |= {
        re.split(r"[/\\]", entry[0])[0].split(".")[0]
        for entry in binaries
        if len(entry) > 2 and entry[2] == "EXTENSION"
    }
    return names


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="notices.py", description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", type=Path, help="the file to write (default: stdout)")
    parser.add_argument("--module", action="append", default=[], help="a bundled module")
    parser.add_argument("--also", action="append", default=[], help="another distribution")
    args = parser.parse_args(argv)
    try:
        text = generate(args.module, args.also)
    except MissingLicence as error:
        print(f"notices.py: {error}", file=sys.stderr)
        return 1
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
