"""Numbers, money and times for people: always through QLocale (a Swahili or French interface
is then a translation file, not a rewrite).

:func:`apply_default_locale` runs once at start-up: a machine left on the C/POSIX locale (a
fresh server image, a kiosk, ``LANG=C``) would otherwise show "1000" and "4.8"; Tuma then uses
English (Kenya), its home market, instead.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from PySide6.QtCore import QCoreApplication, QDate, QLocale, QTime

__all__ = [
    "FALLBACK_LOCALE",
    "QLocaleText",
    "apply_default_locale",
    "due_text",
    "kes",
    "number",
    "short_time",
    "snippet",
]

#: The locale used when the system only offers C/POSIX.
FALLBACK_LOCALE = (QLocale.Language.English, QLocale.Country.Kenya)


def _is_c_locale(locale: QLocale) -> bool:
    return locale.language() == QLocale.Language.C or locale.name() in ("C", "POSIX")


def apply_default_locale(system: QLocale | None = None) -> QLocale:
    """Make English (Kenya) the default locale when *system* (the OS's) is C/POSIX; otherwise
    leave the user's own locale. Returns the default locale now in force."""
    system = system if system is not None else QLocale.system()
    if _is_c_locale(system):
        QLocale.setDefault(QLocale(*FALLBACK_LOCALE))
    return QLocale()


def number(value: int | float, decimals: int | None = None) -> str:
    """A count or amount in the user's locale (1,240); whole numbers without decimals unless
    *decimals* is given."""
    locale = QLocale()
    if decimals is not None:
        return locale.toString(float(value), "f", decimals)
    if isinstance(value, float) and not value.is_integer():
        return locale.toString(value, "f", 2)
    return locale.toString(int(value))


def kes(amount: float) -> str:
    """Kenyan shillings, two decimals: "KES 1,240.50"."""
    return QCoreApplication.translate("formats", "KES {amount}").format(
        amount=QLocale().toString(float(amount), "f", 2)
    )


def short_time(time: QTime) -> str:
    """A clock time the way the user's locale writes it."""
    return QLocale().toString(time, QLocale.FormatType.ShortFormat)


def snippet(text: str, limit: int) -> str:
    """*text* on one line (its runs of spaces and line breaks made one space), cut to *limit*
    characters with "…": what was typed or sent, quoted in a sentence or a title."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class QLocaleText:
    """Local date and time words, through QLocale."""

    @staticmethod
    def time(local: datetime) -> str:
        return QLocale().toString(QTime(local.hour, local.minute), QLocale.FormatType.ShortFormat)

    @staticmethod
    def date(local: datetime) -> str:
        return QLocale().toString(
            QDate(local.year, local.month, local.day), QLocale.FormatType.ShortFormat
        )


def due_text(moment: datetime, now: datetime | None = None) -> str:
    """When a send goes out, in local time: "today at 08:00", "tomorrow at 08:00", "on
    24/11/2026 at 08:00". (Compose's scheduled sends and Delivery's rows of them.)"""
    local = moment.astimezone()
    today = (now or datetime.now()).astimezone().date()
    time = QLocaleText.time(local)
    if local.date() == today:
        return QCoreApplication.translate("Rules", "today at {time}").format(time=time)
    if local.date() == today + timedelta(days=1):
        return QCoreApplication.translate("Rules", "tomorrow at {time}").format(time=time)
    if local.date() == today - timedelta(days=1):
        return QCoreApplication.translate("Rules", "yesterday at {time}").format(time=time)
    return QCoreApplication.translate("Rules", "on {date} at {time}").format(
        date=QLocaleText.date(local), time=time
    )
