"""The notice under a tab's titles (Contacts, Delivery): "Deleted 3 contacts." with its Undo,
"Saved 10,000 rows to …", a message ID's problem. At 800×560, in Kiswahili (whose sentences
are longer), it was squeezed to ~140 px beside the title, wrapped onto four to nine lines,
grew the header and made the Delivery page scroll; with its Undo its words were pushed to
the right. Now it has a row of its own, one or two lines, and the page does not scroll."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QVBoxLayout, QWidget

from desktop_app.ui.main_window import MainWindow
from desktop_app.ui.widgets import TabNotice, tab_notice
from tests.ui.conftest import app_theme

#: The most the title row and the notice under it may take, from the top of the page: the
#: notice beside the title made it 160-200 px at 800×560 in Kiswahili.
HEADER_MOST = 130


@pytest.fixture(params=["sw", "en"])
def small_window(request, qtbot, qapp, ctx) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    """The window at its smallest, with the app's look, in Kiswahili and in English."""
    from desktop_app.ui.i18n import install_translations

    assert install_translations(qapp, request.param)
    try:
        with app_theme(qapp):
            win = MainWindow(ctx, remember_layout=False)
            qtbot.addWidget(win)
            win.show()
            qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
            win.resize(800, 560)
            yield win
            win.close()
    finally:
        install_translations(qapp, "en")


def _lines(notice: TabNotice) -> int:
    """How many lines the notice's words take in its box (its padding and border aside)."""
    inner = notice.contentsRect().height() - 2 * notice.margin()
    used = notice.fontMetrics().boundingRect(
        notice.contentsRect(), int(notice.alignment()) | 0x1000, notice.shown_text()
    )  # 0x1000: Qt.TextWordWrap
    assert used.height() <= inner + 1, "the words do not fit their box"
    # and as the label itself lays them out (its indent too): a one-line notice drawn on
    # two lines had its second line cut off by the box (every notice, until its indent was 0)
    assert QLabel.heightForWidth(notice, notice.width()) <= notice.height(), "cut off"
    return round(used.height() / notice.fontMetrics().lineSpacing())


def _check(qtbot: Any, window: MainWindow, key: str, say: Callable[[], None]) -> None:
    tab: Any = window.tab(key)
    area = window.tabs.currentWidget()
    assert isinstance(area, QScrollArea)
    say()
    notice: TabNotice = tab.notice
    qtbot.waitUntil(notice.isVisible)
    qtbot.wait(50)  # the layouts settle (a notice's height follows the width it is given)
    QApplication.processEvents()
    words = notice.text()
    # on its own row, as wide as the page: from the title's left edge, under the title row
    assert notice.x() == tab.subtitle.x(), words
    assert notice.y() > tab.subtitle.geometry().bottom(), words
    assert 1 <= _lines(notice) <= TabNotice.MAX_LINES, words
    assert notice.geometry().bottom() <= HEADER_MOST, words
    assert area.verticalScrollBar().maximum() == 0, words
    assert area.horizontalScrollBar().maximum() == 0, words
    if notice.shown_text() != words:  # cut short: all of it is in its tooltip
        assert notice.shown_text().endswith("…")
        assert words in notice.toolTip()
        assert notice.accessibleName() == words


def test_the_longest_contacts_notices_fit_under_the_title(qtbot, small_window, ctx) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.core.api import errors as api
    from desktop_app.core.api.models import Contact
    from desktop_app.core.services.contacts import DeleteReport, RestoreReport

    window = small_window
    window.show_tab("contacts")
    tab = window.tab("contacts")
    people = tuple(
        Contact(uuid=f"u{i}", phone=f"+2547123456{i:02}", first_name="Wanjiku", last_name="Kamau")
        for i in range(12)
    )
    failed = tuple((c, api.NetworkError()) for c in people[:3])
    # a delete that partly failed (the service's reason, and its Undo)
    _check(
        qtbot,
        window,
        "contacts",
        lambda: tab._on_deleted(DeleteReport(deleted=people[3:], failed=failed)),
    )
    assert tab.undo_button.isVisible()
    # the Undo is right after the notice's words, not across the page from them
    assert 0 <= tab.undo_button.x() - tab.notice.geometry().right() <= 12
    offer = tab._undo
    assert offer is not None
    # an Undo that added some back, found others added again meanwhile, and failed for some
    _check(
        qtbot,
        window,
        "contacts",
        lambda: tab._on_restored(
            offer,
            RestoreReport(
                restored=tuple((c, c) for c in people[3:8]), existing=people[8:], failed=failed
            ),
        ),
    )
    assert tab.undo_button.isVisible()
    assert 0 <= tab.undo_button.x() - tab.notice.geometry().right() <= 12
    _check(
        qtbot,
        window,
        "contacts",
        lambda: tab.show_notice(
            tab.tr(
                "The list changed meanwhile (a search, Refresh or an import), so nothing was "
                "done. Select the contacts again."
            ),
            ok=False,
        ),
    )
    # a short one: no wider than its words, its Undo right after them
    _check(
        qtbot,
        window,
        "contacts",
        lambda: tab._on_deleted(DeleteReport(deleted=people[:3], failed=())),
    )
    assert tab.notice.width() < 300
    assert 0 <= tab.undo_button.x() - tab.notice.geometry().right() <= 12


def test_the_longest_delivery_notices_fit_under_the_title(qtbot, small_window) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.core.services.delivery import (
        ExportReport,
        IdProblem,
        MessageIdProblem,
        PermanentFailure,
    )

    window = small_window
    window.show_tab("delivery")
    tab = window.tab("delivery")
    pasted = "Habari, ujumbe wako umefika salama kwa mteja wetu wa Kisumu jana"
    for problem in (IdProblem.NOT_AN_ID, IdProblem.NO_MATCH, IdProblem.TOO_SHORT):
        _check(
            qtbot, window, "delivery", partial(tab._id_problem, MessageIdProblem(problem, pasted))
        )
    _check(qtbot, window, "delivery", lambda: tab._show_sends_to("+254712345678"))
    _check(
        qtbot,
        window,
        "delivery",
        lambda: tab.show_notice(
            tab.nobody_to_resend(
                {PermanentFailure.BLOCKED: 1234, PermanentFailure.INVALID_NUMBER: 56}
            ),
            ok=False,
        ),
    )
    report = ExportReport(rows=10_000, path=Path("/home/duka/tuma-ripoti-ya-machi-2024.xlsx"))
    _check(qtbot, window, "delivery", lambda: tab._exported(report))
    assert tab.notice.toolTip() == str(report.path)
    # a later notice is not about that file: its path is no longer its tooltip
    tab.show_notice(tab.tr("Paste a message ID first (from a report or a receipt)."))
    assert tab.notice.toolTip() == ""


def test_a_notice_too_long_for_two_lines_ends_in_an_ellipsis(qtbot, qapp) -> None:  # type: ignore[no-untyped-def]
    with app_theme(qapp):
        page = QWidget()
        qtbot.addWidget(page)
        layout = QVBoxLayout(page)
        notice = tab_notice(page, layout, "notice")
        layout.addStretch(1)
        page.resize(400, 300)
        page.show()
        words = " ".join(
            ["Hakuna ujumbe uliotumwa kutoka kompyuta hii wenye kitambulisho hicho."] * 4
        )
        notice.say(words, "warning")
        notice.setToolTip("/home/duka/ripoti.xlsx")
        qtbot.waitUntil(lambda: notice.width() > 300)
        QApplication.processEvents()
        assert notice.text() == words
        assert notice.shown_text().endswith("…")
        assert words.startswith(notice.shown_text()[:-1].rstrip())
        assert notice.toolTip() == words + "\n\n/home/duka/ripoti.xlsx"
        assert notice.accessibleName() == words
        assert _lines(notice) == TabNotice.MAX_LINES
        # the warning's box around its words (a role set after it was first shown)
        assert notice.contentsRect().left() > 0
        assert notice.contentsRect().top() > 0
        # wide enough for all of it: whole again, and its tooltip the caller's only
        page.resize(2400, 300)
        qtbot.waitUntil(lambda: notice.shown_text() == words)
        assert notice.toolTip() == "/home/duka/ripoti.xlsx"
        assert notice.accessibleName() == ""
        assert _lines(notice) == 1
        # hidden, the notice's row takes no room
        notice.hide()
        QApplication.processEvents()
        row = layout.itemAt(0)
        assert row is not None
        assert row.isEmpty()


def test_good_news_on_delivery_looks_as_on_contacts(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    """Delivery's notices of what went well ("Saved 10,000 rows to …") were plain text (a
    role no style had), where Contacts' are green."""
    from desktop_app.ui.contacts.tab import ContactsTab
    from desktop_app.ui.delivery.tab import DeliveryTab

    delivery, contacts = DeliveryTab(ctx), ContactsTab(ctx)
    for tab in (delivery, contacts):
        qtbot.addWidget(tab)
    delivery.show_notice("Saved 3 rows to report.xlsx.")
    contacts.show_notice("Deleted 3 contacts.")
    assert delivery.notice.property("role") == contacts.notice.property("role") == "success"
