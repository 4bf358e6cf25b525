"""The interface language: Qt translators loaded from the compiled ``.qm`` files, and the
locale that writes numbers, money and dates to match.

English is the source language; its ``.qm`` holds only the plural forms ("1 credit",
"3 credits"). Kiswahili's file holds every sentence.

The language is chosen under the Language menu and kept in the settings (``language``);
without a choice Tuma follows the computer: Kiswahili when the system locale is Swahili
(sw, sw_KE, sw_TZ…), English otherwise. A new choice applies the next time Tuma starts: the
widgets say their words when they are built, and rebuilding the open window could lose what
someone is typing.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

__all__ = [
    "LANGUAGES",
    "TRANSLATIONS",
    "chosen_language",
    "current_language",
    "install_translations",
    "language_locale",
    "system_language",
    "translate_in",
]

log = logging.getLogger(__name__)

TRANSLATIONS = Path(__file__).resolve().parents[1] / "resources" / "translations"

#: Code → the language's own name (shown untranslated in the Language menu).
LANGUAGES: dict[str, str] = {"en": "English", "sw": "Kiswahili"}


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks a literal for pyside6-lupdate; returns it untranslated."""
    return text


#: Qt's own words on standard buttons (QDialogButtonBox, QMessageBox: "Cancel", "Close"):
#: Qt ships no Kiswahili for them, so Tuma's catalogue holds them under Qt's context.
QT_STANDARD_BUTTONS = (
    QT_TRANSLATE_NOOP("QPlatformTheme", "OK"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Cancel"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Close"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Save"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Discard"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Apply"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Open"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Help"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Retry"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Abort"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Ignore"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&Yes"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&No"),
)

#: The right-click menu of text fields (pasting phone numbers is common), also Qt's own.
QT_EDIT_MENUS = tuple(
    text
    for text in (
        QT_TRANSLATE_NOOP("QLineEdit", "&Undo"),
        QT_TRANSLATE_NOOP("QLineEdit", "&Redo"),
        QT_TRANSLATE_NOOP("QLineEdit", "Cu&t"),
        QT_TRANSLATE_NOOP("QLineEdit", "&Copy"),
        QT_TRANSLATE_NOOP("QLineEdit", "&Paste"),
        QT_TRANSLATE_NOOP("QLineEdit", "Delete"),
        QT_TRANSLATE_NOOP("QLineEdit", "Select All"),
        QT_TRANSLATE_NOOP("QWidgetTextControl", "&Undo"),
        QT_TRANSLATE_NOOP("QWidgetTextControl", "&Redo"),
        QT_TRANSLATE_NOOP("QWidgetTextControl", "Cu&t"),
        QT_TRANSLATE_NOOP("QWidgetTextControl", "&Copy"),
        QT_TRANSLATE_NOOP("QWidgetTextControl", "&Paste"),
        QT_TRANSLATE_NOOP("QWidgetTextControl", "Delete"),
        QT_TRANSLATE_NOOP("QWidgetTextControl", "Select All"),
    )
)

_installed: list[QTranslator] = []
_current = "en"


def system_language(system: QLocale | None = None) -> str:
    """Kiswahili when the computer's locale is Swahili, else English."""
    system = system if system is not None else QLocale.system()
    return "sw" if system.language() == QLocale.Language.Swahili else "en"


def chosen_language(setting: str | None, system: QLocale | None = None) -> str:
    """The language to use: the saved choice when it is one Tuma has, else the system's."""
    return setting if setting in LANGUAGES else system_language(system)


def current_language() -> str:
    """The language installed by the last :func:`install_translations`."""
    return _current


def language_locale(language: str, system: QLocale | None = None) -> QLocale:
    """The locale that writes numbers, money and dates for *language*. Kiswahili: the
    computer's own when it is a Swahili one (sw_TZ…), else sw_KE. English: the computer's own
    (en_GB, de_DE… as before), except C/POSIX or Swahili, which give en_KE."""
    system = system if system is not None else QLocale.system()
    is_c = system.language() == QLocale.Language.C or system.name() in ("C", "POSIX")
    swahili = system.language() == QLocale.Language.Swahili
    if language == "sw":
        return system if swahili else QLocale(QLocale.Language.Swahili, QLocale.Country.Kenya)
    if is_c or swahili:
        return QLocale(QLocale.Language.English, QLocale.Country.Kenya)
    return system


def install_translations(
    app: QCoreApplication, language: str = "en", *, set_locale: bool = False
) -> bool:
    """Replace the app's translators with *language*'s (English plural forms always come
    first, so a partial translation still counts correctly). With *set_locale*, the default
    QLocale follows too (:func:`language_locale`). False when a file is missing (the set-up
    step builds them: ``python packaging/translations.py build``)."""
    global _current
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
    _current = language
    if set_locale:
        QLocale.setDefault(language_locale(language))
    return complete


def translate_in(language: str, context: str, source: str) -> str:
    """*source* in *language*, without changing the app's language (what the Language menu
    says about a choice that applies at the next start)."""
    if language == "en":
        return source
    translator = QTranslator()
    if not translator.load(str(TRANSLATIONS / f"tuma_{language}.qm")):
        return source
    return translator.translate(context, source) or source
