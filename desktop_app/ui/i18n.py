"""The interface language: Qt translators loaded from the compiled ``.qm`` files.

English is the source language; its ``.qm`` holds only the plural forms ("1 credit",
"3 credits"). Another language's file holds every sentence.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTranslator

__all__ = ["TRANSLATIONS", "install_translations"]

log = logging.getLogger(__name__)

TRANSLATIONS = Path(__file__).resolve().parents[1] / "resources" / "translations"

_installed: list[QTranslator] = []


def install_translations(app: QCoreApplication, language: str = "en") -> bool:
    """Replace the app's translators with *language*'s (English plural forms always come
    first, so a partial translation still counts correctly). False when a file is missing
    (the set-up step builds them: ``python packaging/translations.py build``)."""
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    complete = True
    for code in dict.fromkeys(("en", language)):
        translator = QTranslator(app)
        path = TRANSLATIONS / f"tuma_{code}.qm"
        if translator.load(str(path)):
            app.installTranslator(translator)
            _installed.append(translator)
        else:
            log.warning("translation file %s is missing; run the set-up step again", path.name)
            complete = False
    return complete
