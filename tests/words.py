"""What a user reads for a core fact: the UI's words, for tests that check a whole path
(a service reply → the client's typed error → the sentence on screen).

Core hands back codes and data; ``desktop_app.ui`` says the words. These helpers install the
English translator (plural forms) on a QApplication, as the app does, then ask the UI.
"""

from __future__ import annotations

import functools
from typing import Any


@functools.cache
def _english() -> None:
    from PySide6.QtWidgets import QApplication

    from desktop_app.ui.i18n import install_translations

    app = QApplication.instance() or QApplication([])
    assert install_translations(app), "build the translations: packaging/translations.py build"


def said(exc: BaseException) -> str:
    """The title and text the error presenter shows for *exc*."""
    _english()
    from desktop_app.ui.errors import describe

    title, text = describe(exc)
    return f"{title}. {text}"


def words(fn_name: str, *args: Any) -> str:
    """``desktop_app.ui.words.<fn_name>(*args)``: e.g. ``words("phone_problem", exc)``."""
    _english()
    from desktop_app.ui import words as ui_words

    result: str = getattr(ui_words, fn_name)(*args)
    return result
