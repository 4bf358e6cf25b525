"""The network pulled in the middle of a broadcast, then back, and the rest sent from Review:
everyone had it once and Compose said "Sent to 15 people", but the window's red bar still
said "No connection … Check your internet connection, then try again." over every tab,
while the status bar said Tuma was online, until it was closed by hand. A send that goes
well takes back the words a failed one put there."""

from __future__ import annotations

from collections import Counter
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from desktop_app.sandbox.admin import SandboxAdmin
from desktop_app.ui.compose import ComposeTab
from desktop_app.ui.compose.send_dialog import SendProgressDialog
from desktop_app.ui.main_window import MainWindow
from tests.conftest import RestartableSandbox

LEFT = Qt.MouseButton.LeftButton


def _sent(box: RestartableSandbox, account: Any) -> Counter[str]:
    with SandboxAdmin(box.process.base_url, box.admin_key) as admin:
        return Counter(m["phone"] for m in admin.messages(account.account_id))


def test_after_the_line_is_back_and_the_rest_is_sent_no_red_no_connection_bar_stays(
    qtbot: Any, own_ctx: Any, own_sandbox: RestartableSandbox, monkeypatch: Any
) -> None:
    ctx = own_ctx
    ctx.session.profile.bulk_chunk_size = 5
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    tab = window.tab("compose")
    assert isinstance(tab, ComposeTab)
    shown = SendProgressDialog.show_progress
    pulled: list[int] = []

    def pull_after_the_first_round(dialog: Any, done: int, total: int, people: int) -> None:
        if done == 1 and not pulled:
            pulled.append(1)
            own_sandbox.stop()  # the cable is pulled
        shown(dialog, done, total, people)

    monkeypatch.setattr(SendProgressDialog, "show_progress", pull_after_the_first_round)
    people = [f"+254712{700 + n:06d}" for n in range(15)]
    tab.recipients.set_numbers_text("\n".join(people))
    tab.composer.set_text("Karibu duka letu leo")
    qtbot.waitUntil(tab.summary.send_button.isEnabled)
    finished: list[Any] = []
    tab.send_finished.connect(finished.append)
    qtbot.mouseClick(tab.summary.send_button, LEFT)
    qtbot.waitUntil(
        lambda: tab.confirm_dialog is not None and tab.confirm_dialog.isVisible(), timeout=10000
    )
    qtbot.mouseClick(tab.confirm_dialog.send_button, LEFT)
    qtbot.waitUntil(lambda: bool(finished), timeout=60000)
    assert "10 recipients not sent yet" in tab.resume_banner.label.text()
    assert window.message_bar.message is not None  # "No connection" at the top
    # the card says where the rest is, not "…then try again" above an emptied form
    said = tab.summary.problem_label.text()
    assert said.startswith("No connection: the rest of this send was not sent."), said
    assert "resume it from the note above" in said

    own_sandbox.start()  # the line is back
    ctx.refresh_balance()
    qtbot.waitUntil(lambda: not window.offline_shown, timeout=20000)
    finished.clear()
    qtbot.mouseClick(tab.resume_banner.review_button, LEFT)
    qtbot.waitUntil(lambda: tab.resume_dialog is not None and tab.resume_dialog.isVisible())
    qtbot.waitUntil(lambda: tab.resume_dialog.findChild(QPushButton, "resumeButton") is not None)
    qtbot.mouseClick(tab.resume_dialog.findChild(QPushButton, "resumeButton"), LEFT)
    qtbot.waitUntil(lambda: bool(finished), timeout=60000)
    got = _sent(own_sandbox, ctx.account)
    assert sorted(got) == people
    assert max(got.values()) == 1  # everyone once
    assert tab.summary.problem_label.isHidden()
    assert ctx.errors.problem is None
    assert not window.message_bar.isVisible()
