"""A send that stops part-way says, in red, "The rest was not sent: top up, then resume it
from the note above." At 800×560 and 1024×600 the summary column is below the form, and
that note ("A broadcast did not finish… Review…") was ~250 px below the fold, nothing of it
above the red box: it is brought into view, just above the outcome and the red box, in
English and in Kiswahili, and on a laptop's window as well."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

from desktop_app.ui.main_window import MainWindow
from tests.ui.compose.helpers import SendRun, compose, use_kenyan_locale
from tests.ui.compose.test_small_window import on_screen
from tests.ui.conftest import app_theme


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


def numbers(n: int, base: int = 1) -> str:
    return "\n".join(f"0712 {(base + i) // 1000:03d} {(base + i) % 1000:03d}" for i in range(n))


@pytest.fixture(params=["en", "sw"])
def window(request, qtbot, qapp, ctx) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    from desktop_app.ui.i18n import install_translations

    install_translations(qapp, request.param)
    try:
        with app_theme(qapp):
            win = MainWindow(ctx, remember_layout=False)
            qtbot.addWidget(win)
            win.show()
            qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
            win.show_tab("compose")
            yield win
            win.close()
    finally:
        install_translations(qapp, "en")


@pytest.mark.parametrize(
    "size", [(800, 560), (1024, 600), (1366, 680)], ids=["800x560", "1024x600", "1366x680"]
)
def test_the_review_note_a_stopped_send_points_to_is_on_screen(  # type: ignore[no-untyped-def]
    qtbot, window, ctx, admin, account, size
) -> None:
    window.practice_banner.setVisible(False)
    window.update_bars()
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().toTuple() == size)
    tab = window.tab("compose")
    ctx.session.profile.bulk_chunk_size = 2
    compose(qtbot, tab, numbers(6), "Jumamosi sale")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm_dialog()
    admin.topup(account.account_id, -997)
    run.confirm()
    run.wait()
    qtbot.wait(100)  # the layouts settle (the outcome and the red box were just shown)
    QApplication.processEvents()
    assert on_screen(tab.summary.problem_label)
    assert on_screen(tab.resume_banner.review_button)
    # the note is above the red box, as its words say
    banner_bottom = tab.resume_banner.mapTo(window, tab.resume_banner.rect().bottomLeft()).y()
    assert banner_bottom < tab.summary.problem_label.mapTo(window, QPoint(0, 0)).y()
