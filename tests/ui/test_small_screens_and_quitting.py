"""The window at its smallest (800×560) and on a 1024×600 netbook: nothing clipped, nothing
that needs sideways scrolling; quitting always quits, whatever dialog was opened; files
dropped on the window go where they belong, never into the message text."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QMimeData, QUrl
from PySide6.QtWidgets import QApplication, QDialog, QScrollArea

from desktop_app.app import missing_display
from desktop_app.ui.main_window import TAB_KEYS, MainWindow
from tests.ui.conftest import app_theme, drop_event


@pytest.fixture
def window(qtbot, ctx):  # type: ignore[no-untyped-def]
    win = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    yield win
    win.close()


@pytest.mark.parametrize("size", [(800, 560), (1024, 600)])
def test_no_tab_needs_sideways_scrolling(qtbot, window, ctx, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    # The widest case: the practice account, whose Balance tab says its history is a sample.
    ctx.session.is_sandbox = True
    ctx.session_changed.emit()
    window.resize(*size)
    assert (window.width(), window.height()) == size  # 800×560 is the minimum size
    compose = window.tab("compose")
    views = [(key, None) for key in TAB_KEYS] + [("compose", index) for index in (1, 2)]
    for key, channel in views:
        window.show_tab(key)
        if channel is not None:
            compose.set_channel(channel)
        QApplication.processEvents()
        area = window.tabs.currentWidget()
        assert isinstance(area, QScrollArea)
        qtbot.waitUntil(lambda area=area: area.horizontalScrollBar().maximum() == 0)
        # and nothing is cut off on the right: the page is no wider than what shows it
        assert area.widget().width() <= area.viewport().width(), (key, channel)
    compose.set_channel(0)


def test_the_compose_columns_stack_on_a_small_window_and_sit_side_by_side_on_a_wide_one(
    qtbot, window
) -> None:  # type: ignore[no-untyped-def]
    compose = window.tab("compose")
    window.show_tab("compose")
    window.resize(800, 560)
    qtbot.waitUntil(lambda: compose.columns.stacked)
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: not compose.columns.stacked)


def test_the_window_title_names_the_account_once(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    win = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(win)
    assert win.windowTitle() == "Tuma — Test shop"
    ctx.session.is_sandbox = True
    ctx.session_changed.emit()
    assert win.windowTitle() == "Tuma — Practice account"
    assert QApplication.applicationDisplayName() in ("", "Tuma", QApplication.applicationName())
    assert win.windowTitle().count("Tuma") == 1


def test_quitting_after_every_dialog_the_menus_offer_still_quits(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """After Help → About, Ctrl+Q used to hide the window and leave the app running (the
    closed About box was deleted, and closing it again raised in closeEvent)."""
    quit_requested: list[bool] = []
    window.close_requested.connect(lambda: quit_requested.append(True))
    opened = [
        window.open_account_dialog,
        window.show_shortcuts,
        window.show_about,
        window.show_licences,
    ]
    for open_dialog in opened:
        open_dialog()
        # (the licences are read off the GUI thread first: their dialog comes a moment later)
        qtbot.waitUntil(lambda: any(d.isVisible() for d in window.findChildren(QDialog)))
        dialog = next(d for d in window.findChildren(QDialog) if d.isVisible())
        dialog.close()
        qtbot.waitUntil(lambda dialog=dialog: not dialog.isVisible())
    # The closed About box deletes itself (WA_DeleteOnClose) once the loop runs.
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    QApplication.processEvents()
    window.quit_action.trigger()
    qtbot.waitUntil(lambda: quit_requested == [True])
    assert not window.isVisible()
    assert not [d for d in window.findChildren(QDialog) if d.isVisible()]


def test_a_file_dropped_on_the_message_never_becomes_text(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    compose = window.tab("compose")
    editor = compose.composer.editor
    editor.setPlainText("Karibu!")
    mime = QMimeData()
    sheet = tmp_path / "customers.csv"
    sheet.write_text("phone\n0712345678\n", encoding="utf-8")
    mime.setUrls([QUrl.fromLocalFile(str(sheet))])
    mime.setText(QUrl.fromLocalFile(str(sheet)).toString())  # what a file manager offers
    assert not editor.canInsertFromMimeData(mime)
    editor.insertFromMimeData(mime)  # pasting it does nothing either
    assert compose.composer.text() == "Karibu!"


def test_a_spreadsheet_dropped_on_the_window_goes_to_the_import_tab(
    qtbot, window, ctx, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    sheet = tmp_path / "customers.xlsx"
    sheet.write_bytes(b"PK")
    opened: list[list[Path]] = []
    window.tab("import").open_files = opened.append  # type: ignore[method-assign]
    window.show_tab("compose")
    window.dropEvent(drop_event([sheet]))
    assert window.current_tab() == "import"
    assert opened == [[sheet]]


def test_anything_else_dropped_is_refused_in_plain_words(
    qtbot, window, ctx, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    shown: list[object] = []
    ctx.errors.message_shown.connect(shown.append)
    photo = tmp_path / "holiday.jpg"
    photo.write_bytes(b"\xff\xd8")
    window.show_tab("compose")
    window.dropEvent(drop_event([photo]))
    assert window.current_tab() == "compose"
    (message,) = shown
    assert "holiday.jpg" in message.text  # type: ignore[attr-defined]
    assert ".csv or .xlsx" in message.text  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("environ", "platform", "problem"),
    [
        ({}, "linux", True),
        ({"DISPLAY": ":0"}, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        ({}, "win32", False),
        ({}, "darwin", False),
    ],
)
def test_no_display_gets_one_plain_sentence(
    environ: dict[str, str], platform: str, problem: bool
) -> None:
    said = missing_display(environ, platform)
    assert (said is not None) is problem
    if said is not None:
        assert "no display found" in said
        assert "desktop session" in said


def test_no_import_step_needs_sideways_scrolling(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Every page of the Import wizard at 800×560, the Done page after adding to a group with
    a long name (its sentence wraps rather than widen the page), and while adding to it (the
    progress strip cuts the name short)."""
    from desktop_app.core.services.imports import Step, write_sample_workbook

    window.resize(800, 560)
    sample = write_sample_workbook(tmp_path / "customers-march.xlsx")
    tab = window.tab("import")
    window.show_tab("import")
    area = window.tabs.currentWidget()
    assert isinstance(area, QScrollArea)
    for step in (Step.FILE, Step.COLUMNS, Step.CHECKING, Step.CHECK, Step.UPLOADING, Step.DONE):
        if tab.flow.step in (Step.COLUMNS, Step.CHECKING, Step.CHECK, Step.UPLOADING):
            tab.flow.cancel()
        tab.show_sample(sample, step)
        if step is Step.DONE:
            group = "Wateja wa duka la Mama Njeri, Nairobi na Kisumu, walioingizwa Machi " * 2
            tab._group_note(f"44 contacts added to “{group.strip()}”.")  # as adding says
        qtbot.wait(100)  # the layouts settle (a label's new text is laid out later)
        assert area.horizontalScrollBar().maximum() == 0, step
        assert area.widget().width() <= area.viewport().width(), step
    tab.show_sample_adding(group.strip())
    assert tab.progress.isVisible()
    qtbot.wait(100)
    assert area.horizontalScrollBar().maximum() == 0
    assert area.widget().width() <= area.viewport().width()
    tab.progress.finish()


@pytest.fixture(params=["en", "sw"])
def window_in(request, qtbot, qapp, ctx):  # type: ignore[no-untyped-def]
    """The window built in English and in Kiswahili (whose words are longer), with the
    app's look (its font is larger than the suite's)."""
    from desktop_app.ui.i18n import install_translations

    install_translations(qapp, request.param)
    try:
        with app_theme(qapp):
            win = MainWindow(ctx, remember_layout=False)
            qtbot.addWidget(win)
            win.show()
            qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
            yield win
            win.close()
    finally:
        install_translations(qapp, "en")


def test_the_sends_grid_shows_every_column_on_a_netbook(qtbot, window_in) -> None:  # type: ignore[no-untyped-def]
    """At 1024×600 the Delivery column went off the grid's right edge (the period's chart
    kept its place beside it), and "WhatsApp" was cut short in the Channel column."""
    from desktop_app.core.services.delivery import BroadcastKind
    from desktop_app.ui.delivery.models import HistoryColumn, channel_text

    window_in.resize(1024, 600)
    window_in.show_tab("delivery")
    tab = window_in.tab("delivery")
    table = tab.history_table
    qtbot.waitUntil(lambda: table.isVisible() and table.viewport().width() > 0)
    QApplication.processEvents()
    assert table.horizontalScrollBar().maximum() == 0
    header = table.horizontalHeader()
    last = HistoryColumn.DELIVERY
    assert header.sectionViewportPosition(last) + header.sectionSize(last) <= (
        table.viewport().width()
    )
    widest = max(table.fontMetrics().horizontalAdvance(channel_text(k)) for k in BroadcastKind)
    # the cell's padding (6 px a side) and the room Qt keeps around a cell's text: 84 px
    # cut the 66 px of "WhatsApp" short
    assert table.columnWidth(HistoryColumn.CHANNEL) >= widest + 12 + 8
    # on a wide window the chart comes back, and still nothing is cut off
    window_in.resize(1280, 800)
    qtbot.waitUntil(tab.period_card.isVisible)
    QApplication.processEvents()
    assert table.horizontalScrollBar().maximum() == 0


def test_the_import_pages_fit_their_words(qtbot, window_in, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The file's first rows: each column as wide as its cells (names were cut short beside
    a half-empty last column); the check page's counts: cards of one height, side by side
    (a caption on two lines in Kiswahili made them staggered)."""
    from desktop_app.core.services.imports import Step, write_sample_workbook
    from desktop_app.ui.import_.pages import FIRST_ROWS_COLUMN_MAX

    window_in.resize(800, 560)
    sample = write_sample_workbook(tmp_path / "customers-march.xlsx")
    tab = window_in.tab("import")
    window_in.show_tab("import")
    tab.show_sample(sample, Step.FILE)
    table = tab.file_page.first_rows
    qtbot.waitUntil(lambda: table.rowCount() > 0)
    header = table.horizontalHeader()
    for column in range(table.columnCount() - 1):  # the last one takes what is left
        needed = max(table.sizeHintForColumn(column), header.sectionSizeHint(column))
        assert table.columnWidth(column) >= min(needed, FIRST_ROWS_COLUMN_MAX), column
    tab.flow.cancel()
    tab.show_sample(sample, Step.CHECK)
    page = tab.check_page
    qtbot.wait(100)  # the layouts settle
    cards = (page.ready, page.repaired, page.rejected, page.duplicates)
    assert len({(card.y(), card.height()) for card in cards}) == 1


@pytest.mark.parametrize("size", [(800, 560), (1024, 600)])
def test_the_contacts_grid_needs_no_sideways_scrolling(qtbot, window_in, ctx, arun, size) -> None:  # type: ignore[no-untyped-def]
    """At 800×560 the customers' grid scrolled sideways to reach its Email and Notes columns
    (and at 1024×600 its Notes and Added): the columns needed least step aside on a narrow
    window, and come back on a wide one."""
    from desktop_app.ui.contacts.model import Column
    from tests.ui.contacts.helpers import seed, wait_loaded

    seed(arun, ctx, 30)
    window_in.resize(*size)
    window_in.show_tab("contacts")
    tab = window_in.tab("contacts")
    table = tab.table
    wait_loaded(qtbot, tab)
    qtbot.waitUntil(table.isVisible)
    QApplication.processEvents()
    assert table.horizontalScrollBar().maximum() == 0
    header = table.horizontalHeader()
    shown = [c for c in Column if not table.isColumnHidden(c)]
    assert shown[:3] == [Column.NAME, Column.PHONE, Column.GROUPS]  # never left out
    last = shown[-1]
    assert header.sectionViewportPosition(last) + header.sectionSize(last) <= (
        table.viewport().width()
    )
    window_in.resize(1280, 800)
    qtbot.waitUntil(lambda: not any(table.isColumnHidden(c) for c in Column))
    QApplication.processEvents()
    assert table.horizontalScrollBar().maximum() == 0


@pytest.mark.parametrize("size", [(800, 560), (1024, 600)])
def test_the_sends_list_keeps_five_rows_on_a_short_window(
    qtbot, window_in, ctx, arun, size
) -> None:  # type: ignore[no-untyped-def]
    """At 600 px high the Delivery page scrolled down and its sends list showed 2.5 rows (the
    selected send's chart held the recipients' half tall): now the sends keep five rows and
    the chosen send's recipients two, with no page scrolling; a hand-moved handle stays."""
    from desktop_app.ui.delivery.sample import SAMPLES

    arun(ctx.services.delivery.seed_sample_history(ctx.session.profile.name, SAMPLES))
    window_in.resize(*size)
    window_in.show_tab("delivery")
    tab = window_in.tab("delivery")
    history, recipients = tab.history_table, tab.recipients_table
    qtbot.waitUntil(lambda: tab.history_model.rowCount() > 3, timeout=10000)
    history.selectRow(1)  # a send with customers who refused promotions: every action shown
    qtbot.waitUntil(lambda: recipients.model().rowCount() > 3 and tab.block_button.isVisible())
    qtbot.wait(100)  # the layouts settle
    area = window_in.tabs.currentWidget()
    assert isinstance(area, QScrollArea)
    assert area.verticalScrollBar().maximum() == 0
    assert history.viewport().height() >= 5 * history.rowHeight(0)
    assert recipients.viewport().height() >= 2 * recipients.rowHeight(0)
    # nothing of the selected send is squeezed under another: its list ends inside its half
    bottom = tab.splitter.widget(1)
    assert recipients.geometry().bottom() <= bottom.height()
    assert not tab.send_card.isVisible()  # its numbers are in the row's Delivery column
    # the handle moved by hand stays where it was put
    tab.splitter.moveSplitter(150, 1)
    placed = tab.splitter.sizes()
    window_in.resize(size[0] + 10, size[1])
    qtbot.wait(50)
    assert tab.splitter.sizes() == placed
    # a tall window: the send's chart is back, and still no page scrolling
    window_in.resize(1280, 800)
    qtbot.waitUntil(tab.send_card.isVisible)
    qtbot.wait(100)
    assert area.verticalScrollBar().maximum() == 0


def test_nothing_of_delivery_scrolls_in_practice_mode(qtbot, window_in, ctx) -> None:  # type: ignore[no-untyped-def]
    """With the practice banner above the tabs (60-80 px less height) the page still fits."""
    ctx.session.is_sandbox = True
    ctx.session_changed.emit()
    window_in.show_tab("delivery")
    area = window_in.tabs.currentWidget()
    for size in ((800, 560), (1024, 600)):
        window_in.resize(*size)
        qtbot.wait(100)
        assert area.verticalScrollBar().maximum() == 0, size


@pytest.mark.parametrize("size", [(800, 560), (1024, 600), (1280, 800)])
def test_the_look_up_box_shows_its_whole_hint(qtbot, window_in, size) -> None:  # type: ignore[no-untyped-def]
    """ "Paste a message ID…" was cut short at every size (in both languages): the box is as
    wide as its hint, which is also its tooltip and accessible description."""
    from PySide6.QtWidgets import QLineEdit

    window_in.resize(*size)
    window_in.show_tab("delivery")
    edit = window_in.tab("delivery").lookup_edit
    qtbot.waitUntil(edit.isVisible)
    QApplication.processEvents()
    hint = edit.placeholderText()
    metrics = edit.fontMetrics()
    # the room Qt keeps around a line edit's text: its own size hint less its 17 "x"
    room = QLineEdit.sizeHint(edit).width() - 17 * metrics.horizontalAdvance("x")
    assert edit.width() >= metrics.horizontalAdvance(hint) + room
    assert edit.toolTip() == hint
    assert edit.accessibleDescription() == hint
