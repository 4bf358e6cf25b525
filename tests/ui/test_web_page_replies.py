"""A network's own web page in the service's place (a data bundle used up, a Wi-Fi sign-in:
the sandbox's "portal" fault) is said as such, with what to do: open a browser. It was "The
messaging service sent a reply this app could not understand … contact support"."""

from __future__ import annotations

from typing import Any

from desktop_app.ui.main_window import MainWindow


def _balance_read_through(qtbot: Any, ctx: Any, admin: Any, fault: str) -> MainWindow:
    """A window whose next balance reading meets *fault* (both of its requests: the account
    details, then the plain balance), once the message about it is up."""
    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    admin.fault(fault, 2, path_prefix="/v1/get-balance")
    try:
        ctx.refresh_balance()
        qtbot.waitUntil(lambda: window.message_bar.message is not None, timeout=10000)
    finally:
        admin.clear_faults()
    return window


def test_a_web_page_for_the_balance_says_check_your_internet(
    qtbot: Any, ctx: Any, admin: Any
) -> None:
    window = _balance_read_through(qtbot, ctx, admin, "portal")
    message = window.message_bar.message
    assert message.title == "Check your internet"
    assert "web page came back" in message.text
    assert "data bundle" in message.text
    assert "Open a web browser" in message.text
    assert "contact support" not in message.text
    ctx.refresh_balance()  # the next reading that gets through takes the words back
    qtbot.waitUntil(lambda: window.message_bar.message is None, timeout=10000)
    window.close()


def test_a_reply_the_service_garbled_still_says_contact_support(
    qtbot: Any, ctx: Any, admin: Any
) -> None:
    """Not a web page (a broken proxy's half JSON): the old words stay."""
    window = _balance_read_through(qtbot, ctx, admin, "malformed")
    assert window.message_bar.message.title == "Unexpected reply"
    assert "contact support" in window.message_bar.message.text
    window.close()
