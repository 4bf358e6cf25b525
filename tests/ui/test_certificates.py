"""The service's certificate fails (tests/tls.py): the window says why, in words a shop can
act on, instead of "Offline: cannot reach the service". Two causes, told apart: this
computer's date (an old laptop whose clock was reset), or something else answering in the
service's place (a Wi-Fi sign-in, a used-up data bundle)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from PySide6.QtCore import QDate, QLocale

from desktop_app.core.settings import Profile
from desktop_app.ui.context import AppContext
from desktop_app.ui.main_window import MainWindow
from tests.tls import TlsServer, tls_server
from tests.ui.compose.helpers import SendRun, compose

TOKEN = "mbs_" + "k" * 40


@pytest.fixture
def connect(qtbot: Any, arun: Any, services: Any) -> Iterator[Any]:
    """Connects a fresh context to *server* and shows a window on it; the balance reading
    the connection starts has ended when it returns."""
    opened: list[AppContext] = []

    def go(server: TlsServer) -> tuple[AppContext, MainWindow]:
        ctx = AppContext(services)
        opened.append(ctx)
        profile = Profile(
            name="Duka", base_url=server.url, contacts_base_url=server.url, sender_ids=["TUMA"]
        )
        window = MainWindow(ctx, remember_layout=False)
        qtbot.addWidget(window)
        window.show()
        arun(ctx.open_session(profile, TOKEN))
        qtbot.waitUntil(lambda: ctx.balance_unknown is not None, timeout=15000)
        qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=15000)
        return ctx, window

    yield go
    for ctx in opened:
        arun(ctx.tasks.shutdown(timeout=5.0))
        arun(ctx.close_session(emit=False))


def _trust(monkeypatch: pytest.MonkeyPatch, server: TlsServer) -> None:
    """This computer trusts the server's authority, as it trusts a real provider's."""
    real = httpx.AsyncClient

    class Trusting(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("verify", server.trusting_context())
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(httpx, "AsyncClient", Trusting)


def test_a_clock_that_is_wrong_is_named_with_this_computer_s_date(
    qtbot: Any, connect: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with tls_server(tmp_path, valid_from_days=400) as server:  # as a clock a year behind sees
        _trust(monkeypatch, server)
        _ctx, window = connect(server)
        message = window.message_bar.message
        assert message is not None
        assert message.title == "Secure connection failed"
        today = QLocale().toString(QDate.currentDate(), QLocale.FormatType.LongFormat)
        assert today in message.text
        assert "set the right date and time" in message.text
        assert not window.offline_shown  # something answered: not "Offline"
        assert window.balance_label.text() == "Balance: not known"
        window.close()


def test_something_in_the_service_s_place_says_open_a_browser_and_sends_nothing(
    qtbot: Any, connect: Any, tmp_path: Path
) -> None:
    with tls_server(tmp_path) as server:  # an authority this computer does not trust
        ctx, window = connect(server)
        message = window.message_bar.message
        assert message is not None
        assert message.title == "Secure connection failed"
        assert "something else answered in its place" in message.text
        assert "open a web browser" in message.text
        assert not window.offline_shown
        window.message_bar.dismiss()

        tab = window.tab("compose")
        window.show_tab("compose")
        compose(qtbot, tab, "0712 345 678", "Habari")
        run = SendRun(qtbot, tab)
        run.click_send()
        qtbot.waitUntil(lambda: not tab.flow.busy, timeout=15000)
        problem = tab.summary.problem_label.text()
        assert problem.startswith("Nothing was sent, and your message is kept.")
        assert "something else answered in its place" in problem
        assert tab.confirm_dialog is None
        assert tab.composer.text() == "Habari"
        assert ctx.services.store.journal.unfinished("Duka") == []
        window.close()


def test_delivery_says_the_secure_connection_failed_not_offline(
    qtbot: Any, connect: Any, tmp_path: Path, services: Any
) -> None:
    from desktop_app.core.store import BroadcastKind

    services.store.journal.record_sent(
        BroadcastKind.BULK,
        "Habari",
        ["+254712345678"],
        profile="Duka",
        message_id="msg-1",
        sender_id="TUMA",
    )
    with tls_server(tmp_path) as server:
        _ctx, window = connect(server)
        window.show_tab("delivery")
        tab = window.tab("delivery")
        qtbot.waitUntil(lambda: "Secure connection failed" in tab.subtitle.text(), timeout=15000)
        assert "Offline" not in tab.subtitle.text()
        window.close()
