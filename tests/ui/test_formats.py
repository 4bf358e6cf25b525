"""Numbers, money and times go through QLocale; a C/POSIX system gets English (Kenya)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QTime

from desktop_app.ui import formats
from desktop_app.ui.compose import wording


@pytest.fixture
def restore_locale() -> Iterator[None]:
    old = QLocale()
    yield
    QLocale.setDefault(old)


@pytest.mark.usefixtures("restore_locale")
@pytest.mark.parametrize("system", [QLocale.c(), QLocale("C"), QLocale("POSIX")])
def test_c_or_posix_system_locale_falls_back_to_english_kenya(system: QLocale) -> None:
    QLocale.setDefault(QLocale.c())
    applied = formats.apply_default_locale(system)
    assert applied.name() == "en_KE"
    assert QLocale().name() == "en_KE"
    assert formats.number(1000) == "1,000"
    assert formats.number(1240.5) == "1,240.50"
    assert formats.kes(1240.5) == "KES 1,240.50"
    # The compose wording is the same formatter.
    assert wording.number(12500) == "12,500"
    assert wording.kes(4.8) == "KES 4.80"
    assert formats.short_time(QTime(14, 5)) == QLocale().toString(
        QTime(14, 5), QLocale.FormatType.ShortFormat
    )


@pytest.mark.usefixtures("restore_locale")
def test_a_real_system_locale_is_kept() -> None:
    german = QLocale(QLocale.Language.German, QLocale.Country.Germany)
    QLocale.setDefault(german)
    applied = formats.apply_default_locale(german)
    assert applied.name() == "de_DE"
    assert formats.number(1000) == "1.000"
    assert formats.kes(1240.5) == "KES 1.240,50"


def test_app_start_under_lang_c_uses_english_kenya() -> None:
    """The real start-up path on a machine whose environment says LANG=C."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(LANG="C", LC_ALL="C", QT_QPA_PLATFORM="offscreen")
    code = (
        "from PySide6.QtCore import QLocale\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "assert QLocale.system().language() == QLocale.Language.C, QLocale.system().name()\n"
        "from desktop_app.ui.formats import apply_default_locale, kes, number\n"
        "apply_default_locale()\n"
        "print(QLocale().name(), number(1000), kes(12.5))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert out.stdout.split("\n")[0] == "en_KE 1,000 KES 12.50"
