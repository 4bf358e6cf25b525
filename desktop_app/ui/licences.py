"""Help → About Tuma → Open-source licences: the notices of the software Tuma is built with.

A frozen bundle carries ``licenses/THIRD-PARTY-NOTICES.txt`` (written at build time by
packaging/notices.py, see packaging/tuma.spec); from a source checkout the same text is made
from the environment the app runs in, by the same script. Shown read-only, as it is.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

__all__ = ["LicencesDialog", "bundled_notices", "notices_text"]

log = logging.getLogger(__name__)

FILE_NAME = "THIRD-PARTY-NOTICES.txt"
_SOURCE_SCRIPT = Path(__file__).resolve().parents[2] / "packaging" / "notices.py"


def bundled_notices() -> Path | None:
    """The notices file of a frozen bundle (``_internal/licenses/`` beside the program);
    None when running from source."""
    if not getattr(sys, "frozen", False):
        return None
    base = getattr(sys, "_MEIPASS", None)
    folder = Path(base) if base else Path(sys.executable).parent / "_internal"
    return folder / "licenses" / FILE_NAME


def notices_text() -> str | None:
    """The notices, or None when this copy of Tuma has neither the bundled file nor the
    source checkout's packaging/notices.py (or it failed)."""
    bundled = bundled_notices()
    if bundled is not None:
        try:
            return bundled.read_text(encoding="utf-8")
        except FileNotFoundError:  # a bundle built without them: the dialog says so
            return None
        except OSError:
            log.warning("the bundle's licence notices cannot be read", exc_info=True)
            return None
    if not _SOURCE_SCRIPT.is_file():
        return None
    try:
        spec = importlib.util.spec_from_file_location("tuma_packaging_notices", _SOURCE_SCRIPT)
        if spec is None or spec.loader is None:
            raise ImportError(_SOURCE_SCRIPT)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
        text: str = module.generate()
    except Exception:  # a broken environment must not break the About box
        log.warning("the licence notices could not be made from the environment", exc_info=True)
        return None
    return text


class LicencesDialog(QDialog):
    """The notices in a read-only text box, in a fixed-width font (the licence texts are laid
    out in columns)."""

    def __init__(self, parent: QWidget | None = None, text: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Open-source licences"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        intro = QLabel(
            self.tr(
                "Tuma is built with the open-source software listed below. Each part keeps its "
                "own licence: here are their licence texts and copyright notices."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        #: the notices as shown (None: not found in this copy of Tuma)
        self.text = text
        self.viewer: QPlainTextEdit | None = None
        if text is None:
            missing = QLabel(
                self.tr(
                    "The notices are not in this copy of Tuma. They come with the program, in "
                    "the file {file}."
                ).format(file=FILE_NAME)
            )
            missing.setWordWrap(True)
            layout.addWidget(missing)
        else:
            viewer = QPlainTextEdit(self)
            viewer.setReadOnly(True)
            viewer.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            viewer.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
            viewer.setPlainText(text)
            width = viewer.fontMetrics().horizontalAdvance("M" * 84)
            viewer.setMinimumSize(min(width, 760), 420)
            layout.addWidget(viewer, 1)
            self.viewer = viewer
            bundled = bundled_notices()
            if bundled is not None:
                where = QLabel(self.tr("Also in the file {path}").format(path=str(bundled)))
                where.setWordWrap(True)
                where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                layout.addWidget(where)
        close = QPushButton(self.tr("Close"), self)
        close.setDefault(True)
        close.clicked.connect(self.reject)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
