"""The opt-out list closed (Esc, Close, a quit) while its work was still on its way: the work
finished on the deleted dialog's widgets, and the user got "Something went wrong … Try again"
out of nowhere (a removal already made said to be tried again); a quit with "Add numbers…"
open logged "Signal source has been deleted". What the work brings back is now dropped; the
writes still finish."""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop_app.core.services.optouts import OptOutSource
from desktop_app.ui.main_window import MainWindow
from desktop_app.ui.optouts import AddNumbersDialog


def _window(qtbot: Any, ctx: Any) -> MainWindow:
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    return window


def test_quitting_with_add_numbers_open_logs_no_error(qtbot: Any, ctx: Any, arun: Any) -> None:
    window = _window(qtbot, ctx)
    window.opt_out_action.trigger()
    dialog = window.opt_out_dialog
    qtbot.waitUntil(dialog.isVisible)
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)  # its list and line read
    dialog.add_button.click()
    qtbot.waitUntil(
        lambda: any(
            isinstance(d, AddNumbersDialog) and d.isVisible()
            for d in QApplication.topLevelWidgets()
        )
    )
    failures: list[BaseException] = []
    ctx.tasks.failed.connect(failures.append)
    window.close()  # as a log-out does
    arun(window.wind_down(timeout=5.0), timeout=20)
    arun(window.manager.shutdown(timeout=3.0), timeout=20)
    assert failures == []  # (and no_unexpected_log: nothing logged)


def test_esc_before_the_list_is_read_shows_no_error(qtbot: Any, ctx: Any, monkeypatch: Any) -> None:
    service = ctx.services.optouts
    gate = asyncio.Event()
    real_page = service.page

    async def slow_page(*args: Any, **kwargs: Any) -> Any:
        await gate.wait()  # the store's thread busy with other work (a long write)
        return await real_page(*args, **kwargs)

    monkeypatch.setattr(service, "page", slow_page)
    window = _window(qtbot, ctx)
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    window.opt_out_action.trigger()
    dialog = window.opt_out_dialog
    qtbot.waitUntil(dialog.isVisible)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # opened by mistake: closed at once
    qtbot.waitUntil(lambda: not dialog.isVisible())
    qtbot.wait(50)  # (the closed list is deleted)
    gate.set()
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=5000)
    assert [m.title for m in shown] == []


def test_closing_the_list_while_a_removal_is_on_its_way_shows_no_error(
    qtbot: Any, ctx: Any, arun: Any, monkeypatch: Any
) -> None:
    profile = ctx.session.profile.name
    arun(ctx.services.optouts.add(profile, ["+254712000001"], OptOutSource.STAFF))
    window = _window(qtbot, ctx)
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    window.opt_out_action.trigger()
    dialog = window.opt_out_dialog
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1, timeout=5000)
    service = ctx.services.optouts
    gate = asyncio.Event()
    real = service.take_off

    async def slow_take_off(*args: Any, **kwargs: Any) -> Any:
        await gate.wait()
        return await real(*args, **kwargs)

    monkeypatch.setattr(service, "take_off", slow_take_off)
    dialog.table.selectRow(0)
    dialog.remove_button.click()
    dialog.reject()  # Close, while it is being taken off
    qtbot.wait(50)
    gate.set()
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=5000)
    assert arun(service.count(profile)) == 0  # taken off all the same
    assert [m.title for m in shown] == []
