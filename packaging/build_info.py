"""What every packaging recipe needs to know, from one place: the version (pyproject.toml's),
the filled-in templates, and which Qt parts the frozen bundle leaves out.

Used by ``packaging/freeze.py`` and ``packaging/tuma.spec`` at build time, by the installer
scripts through ``python packaging/build_info.py version|render SRC DEST``, and by the tests
that check every recipe states the same version. Standard library only: it runs before the
project's dependencies are importable, and inside PyInstaller's process.
"""

from __future__ import annotations

import datetime as _dt
import fnmatch
import os
import re
import sys
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.tuma.Tuma"  # AppStream id, macOS bundle id
DESKTOP_ID = "tuma"  # the .desktop file's name: app.py sets it as the window's desktop file
PUBLISHER = "Tuma"
# Where the AppStream screenshots are published (resources/screenshots/ under /screenshots/).
# An assumption until the site exists: software centres show no pictures before then.
HOMEPAGE = "https://tuma.io"
SCREENSHOTS = ROOT / "resources" / "screenshots"
CAPTIONS = {
    "compose": "Write a message and see its parts and cost before sending",
    "contacts": "Your customers, searchable",
    "import": "Import customers from a spreadsheet",
    "delivery": "See which messages were delivered",
    "balance": "Credit balance and spending",
}

Entry = tuple[str, str, str]  # PyInstaller's (path in the bundle, source path, kind)


def project_version(pyproject: Path = ROOT / "pyproject.toml") -> str:
    """The one version number: ``[project] version`` in pyproject.toml."""
    with pyproject.open("rb") as file:
        version = tomllib.load(file)["project"]["version"]
    if not isinstance(version, str):
        raise ValueError(f"{pyproject}: [project] version must be a string")
    return version


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """Four numbers for the Windows version resource and Inno Setup ("1.2.3rc1" -> 1,2,3,0)."""
    numbers: list[int] = []
    for part in version.split(".")[:4]:
        digits = ""
        for char in part:
            if not char.isdigit():
                break
            digits += char
        numbers.append(int(digits or 0))
        if digits != part:  # a pre-release or local suffix ends the numeric part
            break
    numbers += [0] * (4 - len(numbers))
    return numbers[0], numbers[1], numbers[2], numbers[3]


def release_date() -> str:
    """The release date written into the AppStream metadata: $SOURCE_DATE_EPOCH (reproducible
    builds) or today, in UTC."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = _dt.datetime.fromtimestamp(int(epoch), _dt.UTC) if epoch else _dt.datetime.now(_dt.UTC)
    return moment.date().isoformat()


def screenshots_xml(folder: Path = SCREENSHOTS) -> str:
    """AppStream <screenshot> elements for the pictures in resources/screenshots/, the Compose
    tab first (the default one); a tab added later gets a plain caption until it has one."""
    names = sorted((p.stem for p in folder.glob("*.png")), key=lambda n: (n != "compose", n))
    lines = []
    for name in names:
        kind = ' type="default"' if name == names[0] else ""
        caption = CAPTIONS.get(name, f"The {name.replace('-', ' ')} tab")
        lines += [
            f"    <screenshot{kind}>",
            f"      <caption>{caption}</caption>",
            f"      <image>{HOMEPAGE}/screenshots/{name}.png</image>",
            "    </screenshot>",
        ]
    return "".join(line + "\n" for line in lines)


def render(template: str, version: str | None = None, **extra: str) -> str:
    """Fills the ``@NAME@`` placeholders of a recipe template (version from pyproject.toml;
    ``extra`` adds more, e.g. ``ARCH="amd64"``); a placeholder left unfilled is an error."""
    values = {
        "@VERSION@": version or project_version(),
        "@DATE@": release_date(),
        "@APP_ID@": APP_ID,
        "@HOMEPAGE@": HOMEPAGE,
        "@SCREENSHOTS@": screenshots_xml(),
        "@DEB_VERSION@": debian_version(version or project_version()),
        **{f"@{key}@": value for key, value in extra.items()},
    }
    for key, value in values.items():
        template = template.replace(key, value)
    left = re.findall(r"@[A-Z_]+@", template)
    if left:
        raise ValueError(f"unfilled placeholders: {', '.join(sorted(set(left)))}")
    return template


def debian_version(version: str) -> str:
    """A PEP 440 version as Debian orders it: a pre-release sorts before the release
    ("1.0rc1" -> "1.0~rc1", "1.0.dev3" -> "1.0~dev3")."""
    return re.sub(r"(\d)\.?(a|b|rc|dev)(\d*)", r"\1~\2\3", version)


def windows_version_file(version: str) -> str:
    """PyInstaller's ``version=`` file (a VSVersionInfo literal) for tuma.exe."""
    numbers = version_tuple(version)
    strings = {
        "CompanyName": PUBLISHER,
        "FileDescription": "Tuma",
        "FileVersion": version,
        "InternalName": "tuma",
        "LegalCopyright": f"© {PUBLISHER}",
        "OriginalFilename": "tuma.exe",
        "ProductName": "Tuma",
        "ProductVersion": version,
    }
    entries = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0,
                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
          {entries}])]),
    VarFileInfo([VarStruct('Translation', [0x0409, 1200])]),
  ],
)
"""


def macos_minimum(qt_version: str) -> str:
    """The oldest macOS the bundled Qt supports (doc.qt.io, "Qt for macOS", per release)."""
    major, minor = version_tuple(qt_version)[:2]
    if (major, minor) < (6, 10):
        return "12.0"
    if (major, minor) < (6, 12):
        return "13.0"
    return "14.4"


def info_plist(version: str, qt_version: str) -> dict[str, object]:
    """Info.plist values for the macOS app bundle (PyInstaller's BUNDLE adds the rest)."""
    return {
        "CFBundleName": "Tuma",
        "CFBundleDisplayName": "Tuma",
        "CFBundleIdentifier": APP_ID,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "CFBundlePackageType": "APPL",
        "LSApplicationCategoryType": "public.app-category.business",
        "LSMinimumSystemVersion": macos_minimum(qt_version),
        "NSHighResolutionCapable": True,
        "NSRequiresAquaSystemAppearance": False,  # follow the system's dark mode
        "NSHumanReadableCopyright": f"© {PUBLISHER}",
    }


def resource_datas(root: Path = ROOT) -> list[tuple[str, str]]:
    """PyInstaller ``datas`` for everything under desktop_app/resources/ (style sheet, SVG and
    PNG images, compiled .qm translations, JSON, and whatever is added later, in sub-folders
    too), less translation sources (.ts) and notes (.md): (source file, folder in the bundle)."""
    resources = root / "desktop_app" / "resources"
    return [
        (str(path), str(path.parent.relative_to(root)))
        for path in sorted(resources.rglob("*"))
        if path.is_file() and path.suffix not in (".ts", ".md") and "__pycache__" not in path.parts
    ]


def app_modules(root: Path = ROOT) -> list[str]:
    """Every module of the app, for PyInstaller's ``hiddenimports``: the tabs are imported by
    name when the window builds them (ui/tabs.py), which its import scan cannot follow."""
    package = root / "desktop_app"
    names = []
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" in path.parts or "resources" in path.relative_to(package).parts:
            continue
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


# -- keeping the bundle lean ----------------------------------------------------------------


@dataclass(frozen=True)
class Exclusion:
    """One part of the Python/Qt installation the app does not use. ``drop`` are glob patterns
    on a file's path inside the bundle (``*`` also crosses folders), ``keep`` wins over them;
    ``modules`` are Python modules PyInstaller must not collect at all."""

    name: str
    why: str
    drop: tuple[str, ...] = ()
    keep: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()

    def drops(self, path: str) -> bool:
        path = path.replace("\\", "/")
        return any(fnmatch.fnmatch(path, p) for p in self.drop) and not any(
            fnmatch.fnmatch(path, p) for p in self.keep
        )


EXCLUSIONS: tuple[Exclusion, ...] = (
    Exclusion(
        "qt-network",
        "QtNetwork, its TLS and network-information plugins: the app talks HTTP with httpx",
        drop=("*Qt6Network*", "*QtNetwork*", "*plugins/tls/*", "*plugins/networkinformation/*"),
        modules=("PySide6.QtNetwork",),
    ),
    Exclusion(
        "qt-dbus-binding",
        "the QtDBus Python binding (libQt6DBus itself stays: QtGui needs it)",
        drop=("*PySide6/QtDBus.*",),
        modules=("PySide6.QtDBus",),
    ),
    Exclusion(
        "qt-opengl",
        "OpenGL glue (xcb/wayland GL integrations, QtOpenGL, Windows' software OpenGL): "
        "widgets paint in software",
        drop=(
            "*plugins/xcbglintegrations/*",
            "*plugins/wayland-graphics-integration-*",
            "*Qt6OpenGL*",
            "*QtOpenGL*",
            "*opengl32sw.dll",
        ),
        modules=("PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets"),
    ),
    Exclusion(
        "embedded-platforms",
        "platform plugins for kiosks and servers (eglfs, linuxfb, vnc, minimal, vkkhrdisplay) "
        "and their evdev input plugins; xcb, wayland and offscreen stay",
        drop=(
            "*plugins/platforms/*",
            "*plugins/egldeviceintegrations/*",
            "*plugins/generic/*",
            "*Qt6EglFS*",
            "*Qt6EglFs*",
        ),
        keep=(
            "*plugins/platforms/*xcb*",
            "*plugins/platforms/*wayland*",
            "*plugins/platforms/*offscreen*",
            "*plugins/platforms/qwindows*",
            "*plugins/platforms/libqcocoa*",
        ),
    ),
    Exclusion(
        "wayland-shells",
        "Wayland shells other than xdg-shell (ivi, fullscreen, wl-shell, qt-shell)",
        drop=("*plugins/wayland-shell-integration/*", "*Qt6WlShellIntegration*"),
        keep=("*xdg-shell*",),
    ),
    Exclusion(
        "image-formats",
        "image format plugins other than SVG (the app shows SVG and PNG; PNG is built in)",
        drop=("*plugins/imageformats/*",),
        keep=("*qsvg*",),
    ),
    Exclusion(
        "gtk3-theme",
        "the GTK 3 platform theme (drags cairo, pango, gdk-pixbuf; the style sheet sets the "
        "look; the XDG portal theme stays)",
        drop=("*plugins/platformthemes/*gtk3*",),
    ),
    Exclusion(
        "qt-translations",
        "Qt's own translations (none for Swahili; the app's own .qm files are kept)",
        drop=("*PySide6/Qt/translations/*", "*PySide6/translations/*"),
    ),
    Exclusion(
        "readline",
        "GNU readline (GPL-3.0), for Python's interactive prompt: a window has no prompt, and "
        "a proprietary bundle must not carry a GPL library",
        drop=("*libreadline.so*", "*lib-dynload/readline.*"),
        modules=("readline",),
    ),
    Exclusion(
        "dev-tools",
        "the build environment's test and terminal tools (pytest, rich, Pygments, markdown-it, "
        "PyYAML, python-dotenv): only optional imports reach them (httpx's command line, "
        "uvicorn's YAML log files and .env files, anyio's pytest plugin); the app uses none",
        modules=(
            "pytest",
            "_pytest",
            "pluggy",
            "iniconfig",
            "rich",
            "pygments",
            "markdown_it",
            "mdurl",
            "yaml",
            "dotenv",
        ),
    ),
    Exclusion(
        "pillow",
        "Pillow: only openpyxl's optional image support imports it (it is in the build "
        "environment to draw the icons)",
        modules=("PIL",),
    ),
)


def active_exclusions(keep: str | None = None) -> tuple[Exclusion, ...]:
    """EXCLUSIONS less the ones named in ``keep`` (comma-separated; "all" keeps everything):
    how measure_exclusions.py builds a bundle with one exclusion switched off."""
    names = {n.strip() for n in (keep or "").split(",") if n.strip()}
    if "all" in names:
        return ()
    unknown = names - {e.name for e in EXCLUSIONS}
    if unknown:
        raise ValueError(f"unknown exclusions: {', '.join(sorted(unknown))}")
    return tuple(e for e in EXCLUSIONS if e.name not in names)


def excluded_modules(exclusions: Iterable[Exclusion]) -> list[str]:
    return [m for e in exclusions for m in e.modules]


def is_excluded(path: str, exclusions: Sequence[Exclusion]) -> bool:
    return any(e.drops(path) for e in exclusions)


def _name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def _is_plain_library(dest: str) -> bool:
    """A shared library collected because something links to it (not a plugin, not a Python
    extension module, not the Python runtime the bootloader opens itself)."""
    name = _name(dest)
    if "plugins/" in dest.replace("\\", "/") or name.startswith(("libpython", "python")):
        return False
    return fnmatch.fnmatch(name, "lib*.so*") or name.endswith((".dll", ".dylib"))


def prune_orphans(
    binaries: Sequence[Entry], needs: Callable[[str], Iterable[str]]
) -> tuple[list[Entry], list[str]]:
    """Drops the shared libraries nothing left in the bundle links to any more.

    PyInstaller collects a plugin's libraries while it analyses it, before the exclusions
    drop the plugin: this takes them out again. ``binaries`` are PyInstaller's (dest, source,
    kind) entries; ``needs(source)`` names the libraries a file links to. Everything that is
    not a plain library (extension modules, plugins, the Python runtime) is a root.
    """
    libraries = {_name(e[0]): e for e in binaries if _is_plain_library(e[0])}
    wanted: set[str] = set()
    todo = [e for e in binaries if not _is_plain_library(e[0])]
    while todo:
        for name in map(_name, needs(todo.pop()[1])):
            if name in libraries and name not in wanted:
                wanted.add(name)
                todo.append(libraries[name])
    orphans = set(libraries) - wanted
    kept = [e for e in binaries if _name(e[0]) not in orphans or not _is_plain_library(e[0])]
    return kept, sorted(e[0] for e in binaries if e not in kept)


def main(argv: Sequence[str]) -> int:
    """``version`` prints the version; ``render SRC DEST [KEY=VALUE...]`` fills a template."""
    if argv[:1] == ["version"]:
        print(project_version())
        return 0
    if len(argv) >= 3 and argv[0] == "render" and all("=" in a for a in argv[3:]):
        extra = dict(a.split("=", 1) for a in argv[3:])
        text = render(Path(argv[1]).read_text(encoding="utf-8"), **extra)
        Path(argv[2]).write_text(text, encoding="utf-8")
        return 0
    print("usage: build_info.py version | render SRC DEST [KEY=VALUE...]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
