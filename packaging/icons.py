"""Renders the app icon in every size each OS wants, from the SVG sources in resources/icons/.

    python packaging/icons.py [OUT]        (OUT defaults to build/icons)

writes, all generated (none is committed):

- ``OUT/hicolor/<N>x<N>/apps/tuma.png`` for N in 16 22 24 32 48 64 128 256 512, and
  ``OUT/hicolor/scalable/apps/tuma.svg`` (Linux icon theme, used by the .desktop file);
- ``OUT/tuma.ico`` with 16–256 px images (Windows: tuma.exe, the installer, Start menu);
- ``OUT/tuma.icns`` with 16–1024 px images (macOS: Tuma.app).

``tuma-small.svg`` (the same mark redrawn on a 32-pixel grid) gives the 16–32 px images,
``tuma.svg`` the rest. Qt's SVG renderer rasterises offscreen; Pillow writes ICO and ICNS.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "resources" / "icons"
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)
SMALL_UP_TO = 32


def source_for(size: int) -> Path:
    return SOURCES / ("tuma-small.svg" if size <= SMALL_UP_TO else "tuma.svg")


def render_png(svg: Path, size: int, out: Path) -> None:
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out)):  # PNG, from the suffix
        raise SystemExit(f"could not write {out}")


def build(out: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PIL import Image
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    written: list[Path] = []
    pngs: dict[int, Path] = {}
    for size in sorted({*HICOLOR_SIZES, *ICO_SIZES, *ICNS_SIZES}):
        path = (
            out / "hicolor" / f"{size}x{size}" / "apps" / "tuma.png"
            if size in HICOLOR_SIZES
            else out / "other" / f"tuma-{size}.png"  # hicolor has no 1024 folder
        )
        render_png(source_for(size), size, path)
        pngs[size] = path
    written += [pngs[s] for s in HICOLOR_SIZES]
    scalable = out / "hicolor" / "scalable" / "apps" / "tuma.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SOURCES / "tuma.svg", scalable)
    written.append(scalable)

    def images(sizes: tuple[int, ...]) -> list[Image.Image]:
        return [Image.open(pngs[s]).convert("RGBA") for s in sizes]

    ico = images(ICO_SIZES)
    ico[-1].save(
        out / "tuma.ico", format="ICO", sizes=[(s, s) for s in ICO_SIZES], append_images=ico
    )
    icns = images(ICNS_SIZES)
    icns[-1].save(out / "tuma.icns", format="ICNS", append_images=icns[:-1])
    written += [out / "tuma.ico", out / "tuma.icns"]
    del app
    return written


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "build" / "icons"
    for path in build(out):
        print(path.relative_to(out) if path.is_relative_to(out) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
