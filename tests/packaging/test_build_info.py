"""The packaging recipes: one version everywhere, the lean-bundle rules, the metadata files.

Building the bundle itself takes a minute and is done by installer/linux/build-and-check.sh;
these tests check the pieces it is made of, without PyInstaller where they can.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import desktop_app

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import build_info  # noqa: E402

VERSION = build_info.project_version()


# -- one version, from pyproject.toml -----------------------------------------------------------


def test_the_package_reports_pyprojects_version() -> None:
    assert desktop_app.__version__ == VERSION


def test_a_frozen_bundle_reads_the_version_file_the_spec_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "VERSION").write_text("9.8.7\n", encoding="utf-8")
    monkeypatch.setattr(desktop_app, "_VERSION_FILE", tmp_path / "VERSION")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    desktop_app._version.cache_clear()
    try:
        assert desktop_app.__version__ == "9.8.7"
    finally:
        desktop_app._version.cache_clear()


def test_every_recipe_states_pyprojects_version() -> None:
    metainfo = build_info.render(
        (ROOT / "packaging/linux/io.tuma.Tuma.metainfo.xml.in").read_text(encoding="utf-8")
    )
    releases = ET.fromstring(metainfo).findall("./releases/release")
    assert releases[0].get("version") == VERSION

    control = build_info.render(
        (ROOT / "installer/linux/control.in").read_text(encoding="utf-8"),
        ARCH="amd64",
        INSTALLED_SIZE="1",
    )
    assert f"\nVersion: {build_info.debian_version(VERSION)}\n" in control

    windows = build_info.windows_version_file(VERSION)
    assert f"filevers={build_info.version_tuple(VERSION)}" in windows
    assert f"StringStruct('ProductVersion', '{VERSION}')" in windows

    plist = build_info.info_plist(VERSION, "6.11.3")
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == VERSION

    # Inno Setup takes the version from tuma.exe's resource, which the spec wrote from pyproject
    iss = (ROOT / "installer/windows/tuma.iss").read_text(encoding="utf-8")
    assert 'GetStringFileInfo(AppExe, "ProductVersion")' in iss
    assert "AppVersion={#AppVersion}" in iss


def test_no_recipe_writes_the_version_down() -> None:
    recipes = [
        p
        for folder in ("packaging", "installer")
        for p in (ROOT / folder).rglob("*")
        if p.is_file()
        and p.suffix not in (".png", ".ico", ".icns", ".md")  # notes may quote a build
        and "__pycache__" not in p.parts
    ]
    assert recipes
    for recipe in recipes:
        text = recipe.read_text(encoding="utf-8")
        assert not re.search(rf"(?<![\d.]){re.escape(VERSION)}(?![\d.])", text), recipe


def test_the_windows_version_file_is_the_expression_pyinstaller_evaluates() -> None:
    """PyInstaller eval()s the file with its VSVersionInfo classes in scope (its reader cannot be
    imported off Windows): check it is one such call with the numbers where they belong."""
    tree = ast.parse(build_info.windows_version_file("1.2.3rc1"), mode="eval")
    assert isinstance(tree.body, ast.Call)
    assert isinstance(tree.body.func, ast.Name)
    assert tree.body.func.id == "VSVersionInfo"
    calls = {
        n.func.id: n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    }
    assert set(calls) >= {"FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct"}
    fixed = {k.arg: ast.literal_eval(k.value) for k in calls["FixedFileInfo"].keywords}
    assert fixed["filevers"] == fixed["prodvers"] == (1, 2, 3, 0)


@pytest.mark.parametrize(
    ("version", "numbers", "debian"),
    [
        ("0.1.0", (0, 1, 0, 0), "0.1.0"),
        ("1.2.3.4", (1, 2, 3, 4), "1.2.3.4"),
        ("1.0rc1", (1, 0, 0, 0), "1.0~rc1"),
        ("2.0.dev3", (2, 0, 0, 0), "2.0~dev3"),
        ("1.4.1.post2", (1, 4, 1, 0), "1.4.1.post2"),
    ],
)
def test_versions_for_windows_and_debian(
    version: str, numbers: tuple[int, int, int, int], debian: str
) -> None:
    assert build_info.version_tuple(version) == numbers
    assert build_info.debian_version(version) == debian


def test_a_template_with_an_unknown_placeholder_is_refused() -> None:
    with pytest.raises(ValueError, match="@NOPE@"):
        build_info.render("Version: @VERSION@ @NOPE@")


@pytest.mark.parametrize(
    ("qt", "minimum"), [("6.9.2", "12.0"), ("6.11.3", "13.0"), ("6.12.0", "14.4")]
)
def test_the_oldest_macos_follows_the_bundled_qt(qt: str, minimum: str) -> None:
    assert build_info.info_plist(VERSION, qt)["LSMinimumSystemVersion"] == minimum


# -- what the bundle carries ---------------------------------------------------------------------


def test_every_resource_is_collected_but_translation_sources(tmp_path: Path) -> None:
    resources = tmp_path / "desktop_app" / "resources"
    (resources / "translations").mkdir(parents=True)
    for name in ("style.qss", "tuma.svg", "translations/sw.qm", "translations/sw.ts", "x.json"):
        (resources / name).write_text("x", encoding="utf-8")
    collected = {
        (Path(src).relative_to(tmp_path).as_posix(), Path(dest).as_posix())
        for src, dest in build_info.resource_datas(tmp_path)
    }
    assert collected == {
        ("desktop_app/resources/style.qss", "desktop_app/resources"),
        ("desktop_app/resources/tuma.svg", "desktop_app/resources"),
        ("desktop_app/resources/x.json", "desktop_app/resources"),
        ("desktop_app/resources/translations/sw.qm", "desktop_app/resources/translations"),
    }


def test_the_real_resources_include_the_style_sheet_and_its_images() -> None:
    names = {Path(src).name for src, _ in build_info.resource_datas()}
    assert {"style.qss", "tuma.svg", "chevron-down.svg"} <= names


KEPT = [
    "PySide6/Qt/plugins/platforms/libqxcb.so",
    "PySide6/Qt/plugins/platforms/libqwayland.so",
    "PySide6/Qt/plugins/platforms/libqoffscreen.so",
    "PySide6\\plugins\\platforms\\qwindows.dll",
    "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
    "PySide6/Qt/plugins/imageformats/libqsvg.so",
    "PySide6\\plugins\\imageformats\\qsvg.dll",
    "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
    "PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so",
    "PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so",
    "PySide6/Qt/lib/libQt6Svg.so.6",
    "PySide6/Qt/lib/libQt6DBus.so.6",
    "PySide6/QtWidgets.abi3.so",
    "desktop_app/resources/translations/sw.qm",
]
DROPPED = [
    "PySide6/Qt/plugins/platforms/libqeglfs.so",
    "PySide6/Qt/plugins/platforms/libqvnc.so",
    "PySide6/Qt/plugins/imageformats/libqjpeg.so",
    "PySide6\\plugins\\imageformats\\qjpeg.dll",
    "PySide6/Qt/plugins/tls/libqopensslbackend.so",
    "PySide6/Qt/lib/libQt6Network.so.6",
    "PySide6/QtNetwork.abi3.so",
    "PySide6\\opengl32sw.dll",
    "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
    "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
    "PySide6/Qt/plugins/wayland-shell-integration/libivi-shell.so",
    "PySide6/Qt/translations/qtbase_de.qm",
    "libreadline.so.8",  # GPL-3.0: never in the bundle
    "python3.11/lib-dynload/readline.cpython-311-x86_64-linux-gnu.so",
]


@pytest.mark.parametrize("path", KEPT)
def test_what_the_app_uses_stays(path: str) -> None:
    assert not build_info.is_excluded(path, build_info.EXCLUSIONS)


@pytest.mark.parametrize("path", DROPPED)
def test_what_the_app_does_not_use_goes(path: str) -> None:
    assert build_info.is_excluded(path, build_info.EXCLUSIONS)


def test_the_app_imports_no_qt_module_the_bundle_leaves_out() -> None:
    left_out = {m for e in build_info.EXCLUSIONS for m in e.modules}
    used = set()
    for source in (ROOT / "desktop_app").rglob("*.py"):
        used |= set(re.findall(r"\bPySide6\.(Qt\w+)", source.read_text(encoding="utf-8")))
    assert used, "the app imports Qt modules"
    assert not {f"PySide6.{m}" for m in used} & left_out


def test_the_bundle_leaves_out_gpl_readline_and_the_build_environments_tools() -> None:
    left_out = set(build_info.excluded_modules(build_info.EXCLUSIONS))
    assert {"readline", "pytest", "rich", "pygments", "yaml", "dotenv"} <= left_out
    # what the app and its sandbox really import stays (uvicorn's command line needs click)
    assert not {"click", "httpx", "uvicorn", "starlette", "keyring", "anyio"} & left_out


def test_exclusions_can_be_switched_off_one_by_one() -> None:
    assert build_info.active_exclusions(None) == build_info.EXCLUSIONS
    assert build_info.active_exclusions("all") == ()
    kept = build_info.active_exclusions("pillow, qt-network")
    assert {e.name for e in kept} == {e.name for e in build_info.EXCLUSIONS} - {
        "pillow",
        "qt-network",
    }
    with pytest.raises(ValueError, match="nope"):
        build_info.active_exclusions("nope")


def test_libraries_only_a_dropped_plugin_needed_are_pruned() -> None:
    links = {
        "src/QtGui.abi3.so": ["libQt6Gui.so.6"],
        "src/libQt6Gui.so.6": ["libfreetype.so.6", "libc.so.6"],
        "src/libfreetype.so.6": ["libz.so.1"],
        "src/libz.so.1": [],
        "src/libpython3.11.so.1.0": ["libz.so.1"],
        "src/libcairo.so.2": ["libpixman-1.so.0"],  # was there for the dropped GTK theme
        "src/libpixman-1.so.0": [],
        "src/libqxcb.so": ["libxcb-cursor.so.0"],
        "src/libxcb-cursor.so.0": [],
    }
    binaries = [
        ("PySide6/QtGui.abi3.so", "src/QtGui.abi3.so", "EXTENSION"),
        ("PySide6/Qt/lib/libQt6Gui.so.6", "src/libQt6Gui.so.6", "BINARY"),
        ("libfreetype.so.6", "src/libfreetype.so.6", "BINARY"),
        ("libz.so.1", "src/libz.so.1", "BINARY"),
        ("libpython3.11.so.1.0", "src/libpython3.11.so.1.0", "BINARY"),
        ("libcairo.so.2", "src/libcairo.so.2", "BINARY"),
        ("libpixman-1.so.0", "src/libpixman-1.so.0", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "src/libqxcb.so", "BINARY"),
        ("libxcb-cursor.so.0", "src/libxcb-cursor.so.0", "BINARY"),
    ]
    kept, dropped = build_info.prune_orphans(binaries, lambda source: links[source])
    assert dropped == ["libcairo.so.2", "libpixman-1.so.0"]
    assert [e[0] for e in kept] == [e[0] for e in binaries if e[0] not in dropped]


# -- the Linux metadata ----------------------------------------------------------------------------


def test_the_metainfo_lists_every_screenshot_compose_first() -> None:
    metainfo = build_info.render(
        (ROOT / "packaging/linux/io.tuma.Tuma.metainfo.xml.in").read_text(encoding="utf-8")
    )
    component = ET.fromstring(metainfo)
    assert component.findtext("id") == build_info.APP_ID
    assert component.findtext("launchable") == f"{build_info.DESKTOP_ID}.desktop"
    shots = component.findall("./screenshots/screenshot")
    pictures = sorted(p.stem for p in (ROOT / "resources/screenshots").glob("*.png"))
    assert len(shots) == len(pictures)
    assert shots[0].get("type") == "default"
    assert shots[0].findtext("image", "").endswith("/screenshots/compose.png")


def test_the_desktop_file_names_the_program_and_icon_the_package_installs() -> None:
    entry = (ROOT / "packaging/linux/tuma.desktop").read_text(encoding="utf-8")
    assert "\nExec=tuma\n" in entry
    assert "\nIcon=tuma\n" in entry
    # app.py names this desktop file for the window (Wayland app id, taskbar grouping)
    assert 'setDesktopFileName("tuma")' in (ROOT / "desktop_app/app.py").read_text()


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils")
def test_the_desktop_file_is_valid() -> None:
    subprocess.run(
        ["desktop-file-validate", str(ROOT / "packaging/linux/tuma.desktop")], check=True
    )


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream is not installed")
def test_the_metainfo_is_valid(tmp_path: Path) -> None:
    path = tmp_path / f"{build_info.APP_ID}.metainfo.xml"
    path.write_text(
        build_info.render(
            (ROOT / "packaging/linux/io.tuma.Tuma.metainfo.xml.in").read_text(encoding="utf-8")
        ),
        encoding="utf-8",
    )
    subprocess.run(["appstreamcli", "validate", "--no-net", str(path)], check=True)


# -- the frozen executable's two roles ------------------------------------------------------------


def test_the_launcher_serves_the_sandbox_when_asked() -> None:
    """The frozen `tuma --serve-sandbox ARGS` is `tuma-sandbox ARGS`: here its --help."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "packaging/launchers/tuma.py"), "--serve-sandbox", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert result.stdout.startswith("usage: tuma-sandbox")


def test_a_frozen_app_starts_the_sandbox_with_its_own_executable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop_app.sandbox import process

    commands: list[list[str]] = []

    class Started(Exception):
        pass

    def fake_popen(command: list[str], **_kwargs: object) -> None:
        commands.append(command)
        raise Started

    monkeypatch.setattr(process.subprocess, "Popen", fake_popen)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    with pytest.raises(Started):
        process.start_sandbox(tmp_path)
    monkeypatch.delattr(sys, "frozen")
    with pytest.raises(Started):
        process.start_sandbox(tmp_path)
    frozen, source = commands
    assert frozen[:3] == [sys.executable, "--serve-sandbox", "serve"]
    assert source[:4] == [sys.executable, "-m", "desktop_app.sandbox", "serve"]
    assert frozen[2:] == source[3:]


# -- the icon ------------------------------------------------------------------------------------


def test_the_window_icon_is_the_app_icon() -> None:
    """The package can only ship files inside it: desktop_app/resources/tuma.svg is a copy."""
    source = ROOT / "resources/icons/tuma.svg"
    assert (ROOT / "desktop_app/resources/tuma.svg").read_bytes() == source.read_bytes()


def test_every_icon_size_is_rendered(tmp_path: Path, qapp: object) -> None:
    """(qapp: the test session's QApplication, which icons.build uses instead of its own.)"""
    image = pytest.importorskip("PIL.Image")  # in the packaging extra
    sys.path.insert(0, str(ROOT / "packaging"))
    import icons

    written = icons.build(tmp_path)
    assert len(written) == len(icons.HICOLOR_SIZES) + 3
    for size in icons.HICOLOR_SIZES:
        with image.open(tmp_path / f"hicolor/{size}x{size}/apps/tuma.png") as png:
            assert png.size == (size, size)
    with image.open(tmp_path / "tuma.ico") as ico:
        assert ico.info["sizes"] == {(s, s) for s in icons.ICO_SIZES}
    with image.open(tmp_path / "tuma.icns") as icns:
        assert max(icns.info["sizes"]) == (512, 512, 2)  # the 1024-pixel image


def test_the_bundle_carries_every_tab_the_window_imports_by_name() -> None:
    """The tabs are imported by name when the window builds them; PyInstaller's scan cannot
    see that, so every module of the app is a hidden import (a bundle without them showed
    five empty tabs)."""
    from desktop_app.ui.tabs import TABS

    modules = set(build_info.app_modules())
    for tab in TABS:
        assert tab.factory.partition(":")[0] in modules
    assert "desktop_app.sandbox" in modules
    assert not any("resources" in name or "__pycache__" in name for name in modules)
    spec = (Path(build_info.ROOT) / "packaging" / "tuma.spec").read_text(encoding="utf-8")
    assert "hiddenimports=build_info.app_modules()" in spec
