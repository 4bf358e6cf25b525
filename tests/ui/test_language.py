"""The Language menu: English or Kiswahili, remembered, defaulting to the computer's
language; and numbers, money and times written the way each language's locale writes them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from PySide6.QtCore import QLocale, QTime

from desktop_app.app import parse_args
from desktop_app.ui import formats
from desktop_app.ui.i18n import (
    chosen_language,
    current_language,
    install_translations,
    language_locale,
    system_language,
    translate_in,
)
from desktop_app.ui.main_window import MainWindow
from tests.ui.support import saved_settings


@pytest.fixture
def restore_locale() -> Iterator[None]:
    old = QLocale()
    yield
    QLocale.setDefault(old)


@pytest.mark.parametrize(
    ("system", "language"),
    [
        ("sw_KE", "sw"),
        ("sw_TZ", "sw"),
        ("sw", "sw"),
        ("en_KE", "en"),
        ("en_US", "en"),
        ("de_DE", "en"),
        ("C", "en"),
    ],
)
def test_without_a_choice_the_computer_s_language_is_used(system: str, language: str) -> None:
    assert system_language(QLocale(system)) == language
    assert chosen_language(None, QLocale(system)) == language


def test_a_saved_choice_wins_and_an_unknown_one_is_ignored() -> None:
    assert chosen_language("sw", QLocale("en_US")) == "sw"
    assert chosen_language("en", QLocale("sw_KE")) == "en"
    assert chosen_language("fr", QLocale("sw_KE")) == "sw"


@pytest.mark.parametrize(
    ("language", "system", "locale"),
    [
        ("sw", "en_US", "sw_KE"),
        ("sw", "C", "sw_KE"),
        ("sw", "sw_TZ", "sw_TZ"),
        ("en", "sw_KE", "en_KE"),
        ("en", "C", "en_KE"),
        ("en", "en_GB", "en_GB"),
    ],
)
def test_each_language_writes_numbers_with_a_matching_locale(
    language: str, system: str, locale: str
) -> None:
    assert language_locale(language, QLocale(system)).name() == locale


@pytest.mark.usefixtures("restore_locale")
@pytest.mark.parametrize("name", ["sw_KE", "en_KE"])
def test_money_counts_and_times_go_through_the_locale(name: str, qapp) -> None:  # type: ignore[no-untyped-def]
    QLocale.setDefault(QLocale(name))
    assert formats.number(1240) == "1,240"
    assert formats.kes(1240.5) == "KES 1,240.50"
    assert formats.short_time(QTime(14, 5)) == "14:05"
    assert install_translations(qapp, name[:2])
    try:
        from desktop_app.ui.words import counts

        assert counts().credits(3) == ("krediti 3" if name == "sw_KE" else "3 credits")
        assert counts().recipients(1) == ("mpokeaji 1" if name == "sw_KE" else "1 recipient")
        assert counts().recipients(2) == ("wapokeaji 2" if name == "sw_KE" else "2 recipients")
    finally:
        install_translations(qapp, "en")


@pytest.mark.usefixtures("restore_locale")
def test_times_are_stored_in_utc_and_shown_in_local_time(monkeypatch, qapp) -> None:  # type: ignore[no-untyped-def]
    """A contact added at 09:30 UTC reads 12:30 in Nairobi (EAT, UTC+3)."""
    import time

    from desktop_app.core.store import db
    from desktop_app.ui.contacts.model import added_text

    monkeypatch.setenv("TZ", "Africa/Nairobi")
    time.tzset()
    try:
        moment = datetime(2026, 1, 3, 9, 30, tzinfo=UTC)
        local = moment.astimezone()  # as a form would hand it over: Nairobi time
        assert local.hour == 12
        stored = db.stamp(local)
        assert stored == "2026-01-03T09:30:00.000000+00:00"  # the store keeps UTC
        QLocale.setDefault(QLocale("sw_KE"))
        shown = added_text(db.parse_time(stored), with_time=True)
        assert shown == "3 Jan 2026, 12:30", shown
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


@pytest.mark.usefixtures("restore_locale")
@pytest.mark.parametrize(
    ("zone", "moment", "day", "with_time"),
    [
        ("Europe/London", datetime(2025, 3, 30, 0, 30, tzinfo=UTC), "30 Mar 2025", "00:30"),
        ("Europe/London", datetime(2025, 3, 30, 1, 30, tzinfo=UTC), "30 Mar 2025", "02:30"),
        ("Europe/London", datetime(2025, 10, 26, 0, 59, tzinfo=UTC), "26 Oct 2025", "01:59"),
        ("America/New_York", datetime(2026, 1, 1, 3, 0, tzinfo=UTC), "31 Dec 2025", "22:00"),
        ("Africa/Nairobi", datetime(2025, 12, 31, 21, 0, tzinfo=UTC), "1 Jan 2026", "00:00"),
    ],
)
def test_the_added_date_is_the_local_wall_clock_on_either_side_of_a_clock_change(  # type: ignore[no-untyped-def]
    monkeypatch, qapp, zone, moment, day, with_time
) -> None:
    """The grid's Added column and the form's "Added …" (the time is formatted from the local
    wall clock, not converted by Qt a second time)."""
    import time

    from desktop_app.ui.contacts.model import added_text

    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        QLocale.setDefault(QLocale("en_KE"))
        assert added_text(moment) == day
        assert added_text(moment, with_time=True) == f"{day}, {with_time}"
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_the_language_menu_remembers_the_choice_and_says_when_it_applies(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    titles = [a.text() for a in window.language_menu.actions()]
    assert titles == ["English", "Kiswahili"]  # each in its own name, never translated
    assert window.language_menu.title() == "&Language"
    assert current_language() == "en"
    assert window.language_actions["en"].isChecked()  # the test machine is not Swahili

    window.language_actions["sw"].trigger()
    assert saved_settings(ctx).language == "sw"
    assert window.language_actions["sw"].isChecked()
    assert not window.language_actions["en"].isChecked()
    # Said in Kiswahili, so whoever chose it can read it; the rest stays English until the
    # next start (nothing half-translated, nothing typed lost).
    message = ctx.errors.last
    assert message is not None
    assert message.title == "Kiswahili kuanzia utakapofungua tena"
    assert "Funga Tuma" in message.text
    assert window.tabs.tabText(0) == "&Compose"

    window.language_actions["en"].trigger()  # back to the language in use: nothing to say
    assert saved_settings(ctx).language == "en"
    assert ctx.errors.last is None
    window.close()


def test_the_next_start_opens_in_the_chosen_language(qtbot, ctx, qapp) -> None:  # type: ignore[no-untyped-def]
    ctx.settings.language = "sw"
    ctx.save_settings()
    assert install_translations(qapp, chosen_language(saved_settings(ctx).language))
    try:
        window = MainWindow(ctx, remember_layout=False)
        qtbot.addWidget(window)
        window.show()
        assert window.language_menu.title() == "&Lugha"
        assert window.language_actions["sw"].isChecked()
        assert [a.text() for a in window.menuBar().actions()][:2] == ["&Faili", "&Akaunti"]
        assert window.tabs.tabText(0) == "An&dika"
        window.close()
    finally:
        assert install_translations(qapp, "en")


def test_translate_in_reads_another_language_without_switching(qapp) -> None:  # type: ignore[no-untyped-def]
    assert translate_in("sw", "Tabs", "&Balance") == "&Salio"
    assert translate_in("en", "Tabs", "&Balance") == "&Balance"
    assert qapp.translate("Tabs", "&Balance") == "&Balance"


def test_a_run_can_be_started_in_either_language() -> None:
    assert parse_args(["--language", "sw"]).language == "sw"
    assert parse_args([]).language is None
    with pytest.raises(SystemExit):
        parse_args(["--language", "fr"])


def test_qt_s_own_buttons_and_edit_menus_read_in_kiswahili(qtbot, qapp) -> None:  # type: ignore[no-untyped-def]
    """Qt ships no Kiswahili: "Cancel" on a dialog and "Paste" on a right-click menu come
    from Tuma's catalogue."""
    from PySide6.QtWidgets import QDialogButtonBox, QLineEdit

    assert install_translations(qapp, "sw")
    try:
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Cancel | QDialogButtonBox.StandardButton.Close
        )
        qtbot.addWidget(buttons)
        assert buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "Ghairi"
        assert buttons.button(QDialogButtonBox.StandardButton.Close).text() == "Funga"
        edit = QLineEdit()
        qtbot.addWidget(edit)
        menu = edit.createStandardContextMenu()
        texts = [a.text().split("\t")[0] for a in menu.actions() if not a.isSeparator()]
        assert "&Bandika" in texts, texts
        assert "&Nakili" in texts, texts
        menu.deleteLater()
    finally:
        assert install_translations(qapp, "en")
