"""The third-party notices (packaging/notices.py): every component Tuma ships is listed with its
licence text, and the bundle and every installer recipe carry them.

The real bundle is built by installer/linux/build-and-check.sh; these tests check the
generator against this environment, and the recipes the way test_build_info.py does.
"""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import notices  # noqa: E402

LICENSES = ROOT / "packaging" / "licenses"


@pytest.fixture(scope="module")
def text() -> str:
    return notices.generate()


@pytest.fixture(scope="module")
def parts() -> dict[str, notices.Component]:
    return {notices.normalize(p.name): p for p in notices.components()}


def _runtime_closure() -> dict[str, str]:
    """The project's runtime requirements, closed over with the `packaging` library (the
    generator does without it): normalized name -> version."""
    name, requirements = notices.project()
    found: dict[str, str] = {}
    todo = [(Requirement(r), "") for r in requirements]
    while todo:
        requirement, extra = todo.pop()
        if requirement.marker and not requirement.marker.evaluate({"extra": extra}):
            continue
        key = notices.normalize(requirement.name)
        if key in found:
            continue
        dist = metadata.distribution(requirement.name)
        found[key] = dist.version
        for extra_name in ["", *sorted(requirement.extras)]:
            todo += [(Requirement(r), extra_name) for r in dist.requires or []]
    found.pop(notices.normalize(name), None)
    return found


# -- what is listed ---------------------------------------------------------------------------


def test_pyside_and_shiboken_come_with_the_lgpl_and_the_gpl_it_builds_on(
    text: str, parts: dict[str, notices.Component]
) -> None:
    lgpl = (LICENSES / "LGPL-3.0.txt").read_text(encoding="utf-8").rstrip()
    gpl = (LICENSES / "GPL-3.0.txt").read_text(encoding="utf-8").rstrip()
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in lgpl
    assert "GNU GENERAL PUBLIC LICENSE" in gpl
    assert lgpl in text
    assert gpl in text
    for name in ("PySide6-Essentials", "shiboken6"):
        version = metadata.version(name)
        part = parts[notices.normalize(name)]
        assert part.version == version
        assert part.shared == ("LGPL-3.0", "GPL-3.0")
        assert "used under LGPL-3.0-only" in part.licence
        assert f"https://code.qt.io/cgit/pyside/pyside-setup.git/ (tag v{version})" in part.note
        assert "https://download.qt.io/official_releases/QtForPython/" in part.note
        assert f"\n{part.name} {version}\n" in text


def test_every_runtime_dependency_is_listed_with_a_licence_text(
    text: str, parts: dict[str, notices.Component]
) -> None:
    closure = _runtime_closure()
    assert {"pyside6-essentials", "shiboken6", "httpx", "certifi", "keyring", "openpyxl"} <= set(
        closure
    )
    assert set(parts) == {"python", *closure}  # nothing missing, nothing extra
    for key, version in closure.items():
        part = parts[key]
        assert part.version == version
        assert part.texts or part.shared, f"{part.name} has no licence text"
        assert part.licence
        assert f"\n{part.name} {version}\n" in text
        for _, licence in part.texts:
            assert licence.strip() in text


def test_the_python_runtime_comes_first_with_its_licence(
    parts: dict[str, notices.Component],
) -> None:
    runtime = notices.components()[0]
    assert runtime.name == "Python"
    assert runtime.licence == "PSF-2.0"
    assert "PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2" in runtime.texts[0][1]


def test_a_license_expression_and_the_licence_files_of_the_dist_info_are_used(
    parts: dict[str, notices.Component],
) -> None:
    certifi = parts["certifi"]
    assert certifi.licence == "MPL-2.0"
    assert any("Mozilla Public License" in t or "MPL" in t for _, t in certifi.texts)
    # et_xmlfile spells it LICENCE and keeps its authors apart
    names = [Path(where).name for where, _ in parts["et-xmlfile"].texts]
    assert "LICENCE.rst" in names
    assert "AUTHORS.txt" in names


def _fake_dist(tmp_path: Path, files: dict[str, str], name: str = "fakepkg") -> Path:
    info = tmp_path / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\nLicense: MIT\n", encoding="utf-8"
    )
    for relative, content in files.items():
        (info / relative).parent.mkdir(parents=True, exist_ok=True)
        (info / relative).write_text(content, encoding="utf-8")
    record = [f"{info.name}/{r},," for r in ["METADATA", *files]] + [f"{info.name}/RECORD,,"]
    (info / "RECORD").write_text("\n".join(record) + "\n", encoding="utf-8")
    return info


def test_licence_files_are_found_in_the_dist_info(tmp_path: Path) -> None:
    info = _fake_dist(
        tmp_path,
        {"licenses/LICENSE": "Copyright (c) Someone\n", "COPYING.LESSER": "lesser\n", "x.txt": ""},
    )
    part = notices.component(metadata.PathDistribution(info))
    assert [w for w, _ in part.texts] == [
        "fakepkg-1.0.dist-info/COPYING.LESSER",
        "fakepkg-1.0.dist-info/licenses/LICENSE",
    ]
    assert part.texts[1][1] == "Copyright (c) Someone\n"
    assert part.licence == "MIT"


def test_a_distribution_without_a_licence_text_stops_the_build(tmp_path: Path) -> None:
    info = _fake_dist(tmp_path, {})
    with pytest.raises(notices.MissingLicence, match=r"fakepkg 1\.0"):
        notices.component(metadata.PathDistribution(info))


def test_what_pyinstaller_collected_is_listed_too() -> None:
    """Optional imports bring distributions the requirements do not name into the bundle
    (here: pytest, through a module that tries to import it)."""
    pure = [("httpx._client", "x", "PYMODULE"), ("_pytest.config", "x", "PYMODULE")]
    binaries = [
        ("python_calamine/_python_calamine.cpython-311-x86_64-linux-gnu.so", "x", "EXTENSION"),
        ("libQt6Core.so.6", "x", "BINARY"),
    ]
    modules = notices.collected_modules(pure, binaries)
    assert modules == {"httpx", "_pytest", "python_calamine"}
    names = {notices.normalize(p.name) for p in notices.components(modules, also=["pytest-qt"])}
    assert {"pytest", "pytest-qt", "httpx", "python-calamine"} <= names
    assert "tuma" not in names


def test_the_notices_are_the_same_bytes_every_time(text: str) -> None:
    assert notices.generate() == text
    assert notices.main([]) == 0  # and the command line works


def test_a_requirement_applies_as_its_marker_and_extras_say() -> None:
    """Requirements of the environment's distributions are read with `packaging`: a marker
    for another platform or an extra nobody asked for leaves the requirement out."""
    here = f'sys_platform == "{sys.platform}"'
    assert notices.wanted(Requirement("httpx"))
    assert notices.wanted(Requirement(f"SecretStorage; {here}"))
    assert not notices.wanted(Requirement('pywin32-ctypes; sys_platform == "nowhere"'))
    assert not notices.wanted(Requirement('h2; extra == "http2"'))
    assert notices.wanted(Requirement('h2; extra == "http2"'), frozenset({"http2"}))


# -- the bundle and the installers carry them --------------------------------------------------


def test_the_spec_puts_the_notices_and_the_licence_texts_into_the_bundle(tmp_path: Path) -> None:
    generated = tmp_path / notices.FILE_NAME
    datas = notices.bundle_datas(generated)
    assert [dest for dest, _, _ in datas] == [
        "licenses/THIRD-PARTY-NOTICES.txt",
        "licenses/LGPL-3.0.txt",
        "licenses/GPL-3.0.txt",
    ]
    assert all(kind == "DATA" for _, _, kind in datas)
    assert all(Path(src).is_file() for _, src, _ in datas[1:])
    spec = (ROOT / "packaging/tuma.spec").read_text(encoding="utf-8")
    assert "notices.generate(notices.collected_modules(app.pure, binaries)" in spec
    assert "collected_datas += notices.bundle_datas(NOTICES)" in spec
    assert "COLLECT(tuma_exe, binaries, collected_datas" in spec
    # the app reads the file from there (sys._MEIPASS is the bundle's _internal folder)
    from desktop_app.ui import licences

    assert licences.FILE_NAME == notices.FILE_NAME
    assert f"{notices.BUNDLE_FOLDER}/{licences.FILE_NAME}" == datas[0][0]


def test_the_debian_package_installs_the_notices_where_debian_expects_them() -> None:
    script = (ROOT / "installer/linux/build-deb.sh").read_text(encoding="utf-8")
    bundled = "dist/tuma/_internal/" + notices.bundle_datas(Path(notices.FILE_NAME))[0][0]
    assert f"notices={bundled}\n" in script
    assert 'gzip -9n <"$notices" >"$stage/usr/share/doc/tuma/THIRD-PARTY-NOTICES.txt.gz"' in script
    copyright_file = (ROOT / "installer/linux/copyright").read_text(encoding="utf-8")
    assert "see their project pages" not in copyright_file
    assert "/usr/share/doc/tuma/THIRD-PARTY-NOTICES.txt.gz" in copyright_file
    assert "/opt/tuma/_internal/licenses/THIRD-PARTY-NOTICES.txt" in copyright_file
    assert "/usr/share/common-licenses/LGPL-3" in copyright_file


def test_the_windows_and_macos_recipes_ship_the_notices() -> None:
    iss = (ROOT / "installer/windows/tuma.iss").read_text(encoding="utf-8")
    assert '#define Notices Bundle + "\\_internal\\licenses\\THIRD-PARTY-NOTICES.txt"' in iss
    assert 'Source: "{#Notices}"; DestDir: "{app}"' in iss
    dmg = (ROOT / "installer/macos/build-dmg.sh").read_text(encoding="utf-8")
    assert 'cp -L "$notices" "$stage/THIRD-PARTY-NOTICES.txt"' in dmg
