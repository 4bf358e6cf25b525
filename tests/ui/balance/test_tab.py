"""The Balance tab: practice mode's seeded history is labelled as a sample (a real account's never
is), and a low balance is said as it is."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from desktop_app.core.services.accounts import PRACTICE_PROFILE_NAME as SANDBOX_PROFILE_NAME
from desktop_app.ui.balance import BalanceTab
from tests.ui.compose.helpers import use_kenyan_locale


def test_sample_caption_only_in_practice_mode(qtbot, ctx, arun, test_profile, account) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    tab = BalanceTab(ctx)
    qtbot.addWidget(tab)
    tab.show()
    caption = tab.sample_caption
    assert ctx.session is not None
    assert not ctx.session.is_sandbox
    assert caption.isHidden()  # a real account: its chart is its own readings

    practice = replace(test_profile, name=SANDBOX_PROFILE_NAME)
    arun(ctx.open_session(practice, account.token, is_sandbox=True))
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    assert caption.isVisible()
    assert caption.text() == "Sample history for the practice account"
    assert caption.toolTip()

    # Back to the real account: the caption goes away again.
    arun(ctx.open_session(test_profile, account.token))
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    assert caption.isHidden()

    arun(ctx.close_session())
    assert caption.isHidden()


@pytest.fixture
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


def test_a_low_balance_is_said_as_it_is(qtbot, ctx, admin, account, kenyan_locale) -> None:  # type: ignore[no-untyped-def]
    """One credit left is "1 credit", and 99.6 credits are not rounded up to the warning level
    they are below (the status bar, the tab's figure and its warning agree)."""
    from desktop_app.ui.main_window import MainWindow

    ctx.settings.low_balance_threshold = 100
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    tab = window.tab("balance")
    for credits, status, figure, warning in (
        (1, "⚠ Low balance: 1 credit · KES 0.80", "1", "1 credit left"),
        (99.6, "⚠ Low balance: 99.60 credits · KES 79.68", "99.60", "99.60 credits left"),
    ):
        admin.topup(account.account_id, credits - admin.balance(account.account_id))
        tab.refresh()
        qtbot.waitUntil(
            lambda credits=credits: (
                ctx.last_balance is not None and ctx.last_balance.credits == credits
            ),
            timeout=10000,
        )
        assert window.balance_label.text() == status
        assert tab.credits.value.text() == figure
        assert tab.warning.text() == (
            f"Your balance is low: {warning}, below your warning level of 100. Top up "
            "with your provider before a big broadcast."
        )


@pytest.mark.parametrize(("width", "one_line"), [(800, False), (1024, True), (1280, True)])
def test_the_practice_caption_wraps_rather_than_scroll_sideways(
    qtbot, ctx, qapp, width: int, one_line: bool
) -> None:  # type: ignore[no-untyped-def]
    """In English, "Sample history for the practice account" beside the warning field made
    the 800 px window scroll sideways (4 px too wide, with the app's look): the caption goes
    onto two lines there, and stays on one wherever there is room."""
    from PySide6.QtWidgets import QApplication, QScrollArea

    from desktop_app.ui.main_window import MainWindow
    from tests.ui.conftest import app_theme

    with app_theme(qapp):
        window = MainWindow(ctx, remember_layout=False)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
        assert ctx.session is not None
        ctx.session.is_sandbox = True
        ctx.session_changed.emit()
        window.resize(width, 560)
        window.show_tab("balance")
        area = window.tabs.currentWidget()
        assert isinstance(area, QScrollArea)
        caption = window.tab("balance").sample_caption
        qtbot.waitUntil(lambda: caption.isVisible())
        QApplication.processEvents()
        assert area.horizontalScrollBar().maximum() == 0
        assert area.widget().width() <= area.viewport().width()
        assert caption.width() >= caption.minimumSizeHint().width()
        assert caption.height() >= caption.heightForWidth(caption.width())  # nothing cut
        lines = round(caption.heightForWidth(caption.width()) / caption.sizeHint().height())
        assert (lines == 1) is one_line
        window.close()
