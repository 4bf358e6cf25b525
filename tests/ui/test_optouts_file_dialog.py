"""The opt-out list's "From a file…" opened Qt's static file picker: a second event loop
inside the app's (the one place left), which a log-out or a quit then had to end from inside.
It is now opened with open(): Tuma's loop runs on, and the window closes under it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desktop_app.ui.main_window import MainWindow
from tests.ui.test_optouts import PROFILE


@pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")
def test_from_a_file_opens_a_picker_without_a_loop_of_its_own(
    qtbot: Any, ctx: Any, arun: Any, tmp_path: Path
) -> None:
    sheet = tmp_path / "stop replies.csv"
    sheet.write_text("Jina;Simu\nAmina;0712 000 001\nBaraka;0712-000-002\n")
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    window.opt_out_action.trigger()
    dialog = window.opt_out_dialog
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    dialog.import_button.click()  # returns at once (the static picker waited here)
    picker = dialog.import_dialog
    assert picker is not None
    assert picker.isVisible()
    dialog.import_button.click()  # pressed again: the same picker, not a second one
    assert dialog.import_dialog is picker
    picker.setDirectory(str(tmp_path))
    picker.selectFile(str(sheet))  # a file chosen
    picker.accept()
    qtbot.waitUntil(lambda: "2 added" in dialog.status.text(), timeout=10000)
    assert arun(ctx.services.optouts.count(PROFILE)) == 2
    assert dialog.import_dialog is None
    dialog.import_button.click()  # and once more, then the window closed under it
    assert dialog.import_dialog is not None
    failures: list[BaseException] = []
    ctx.tasks.failed.connect(failures.append)
    window.close()
    arun(window.wind_down(timeout=5.0), timeout=20)
    assert failures == []
