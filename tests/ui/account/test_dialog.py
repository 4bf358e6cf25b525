"""The account dialog and account switching, against the sandbox, with the in-memory keyring."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QComboBox, QLabel, QLineEdit, QWidget

from desktop_app.core.settings import Profile
from desktop_app.ui.account import AccountDialog
from desktop_app.ui.session import SessionManager
from tests.ui.support import add_other_shop, saved_settings


@pytest.fixture
def dialog(qtbot, ctx):  # type: ignore[no-untyped-def]
    widget = AccountDialog(ctx)
    qtbot.addWidget(widget)
    widget.open()
    widget.select_profile(None)  # "New account…"
    return widget


def _fill(dialog: AccountDialog, name: str, base_url: str, token: str) -> None:
    dialog.name_edit.setText(name)
    dialog.base_url_edit.setText(base_url)
    dialog.base_url_edit.textEdited.emit(base_url)  # as if typed: contacts URL follows
    dialog.token_edit.setText(token)
    dialog.sender_edit.setText("TUMA, SHOP2")


def _attempt(qtbot, dialog: AccountDialog, button) -> bool:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(dialog.attempt_finished, timeout=15000) as blocker:
        button.click()
    return bool(blocker.args[0])


def test_contacts_address_is_prefilled_and_token_masked(dialog, account) -> None:  # type: ignore[no-untyped-def]
    _fill(dialog, "Shop two", account.base_url, account.token)
    assert dialog.contacts_url_edit.text() == account.base_url
    assert dialog.token_edit.echoMode() == QLineEdit.EchoMode.Password


def _shown_texts(dialog: AccountDialog) -> list[str]:
    """Every string the dialog can show or hand to a screen reader: window title, labels,
    buttons, fields (what they display), placeholders, combo items, tooltips and the like."""
    texts: list[str] = [dialog.windowTitle()]
    for widget in [dialog, *dialog.findChildren(QWidget)]:
        texts += [
            widget.toolTip(),
            widget.statusTip(),
            widget.whatsThis(),
            widget.accessibleName(),
            widget.accessibleDescription(),
            widget.windowTitle(),
        ]
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        if isinstance(widget, QLineEdit):
            texts += [widget.displayText(), widget.placeholderText()]
            if widget.echoMode() == QLineEdit.EchoMode.Normal:
                texts.append(widget.text())
        if isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
    return texts


def _assert_token_not_shown(dialog: AccountDialog, token: str) -> None:
    assert dialog.token_edit.echoMode() == QLineEdit.EchoMode.Password
    body = token.removeprefix("mbs_")
    pieces = {body[i : i + 6] for i in range(len(body) - 5)}  # any 6 characters of the body
    for text in _shown_texts(dialog):
        assert token not in text
        assert not any(piece in text for piece in pieces), text


def test_the_token_is_never_shown_only_its_length_and_kind(qtbot, dialog, account, admin) -> None:  # type: ignore[no-untyped-def]
    """The field stays masked (there is no way to reveal it) and nothing in the dialog —
    label, button, tooltip, status or error — ever carries the token, at any step."""
    assert not [
        b for b in dialog.findChildren(QAbstractButton) if b.text() in ("Show", "Hide", "&Show")
    ]
    assert not [b for b in dialog.findChildren(QAbstractButton) if b.isCheckable()]
    assert dialog.token_info.isHidden()
    _assert_token_not_shown(dialog, account.token)

    # Pasted from the clipboard: the field takes it, masked, and says what arrived.
    dialog.name_edit.setText("Shop two")
    dialog.base_url_edit.setText(account.base_url)
    dialog.base_url_edit.textEdited.emit(account.base_url)
    QApplication.clipboard().setText(account.token)
    dialog.token_edit.setFocus()
    qtbot.keyClick(dialog.token_edit, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert dialog.token_edit.text() == account.token
    assert dialog.token_edit.displayText() != account.token
    assert not dialog.token_info.isHidden()
    assert dialog.token_info.text() == (
        f"Key entered: {len(account.token)} characters, starts with mbs_"
    )
    _assert_token_not_shown(dialog, account.token)
    QApplication.clipboard().clear()

    # A successful test, then a refused token: neither message quotes it.
    assert _attempt(qtbot, dialog, dialog.test_button)
    _assert_token_not_shown(dialog, account.token)
    wrong = admin.create_token(account.account_id, kind="scoped")
    admin.revoke_token(wrong)
    dialog.token_edit.setText(wrong)
    assert not _attempt(qtbot, dialog, dialog.test_button)
    assert "not accepted" in dialog.status_label.text()
    _assert_token_not_shown(dialog, wrong)

    # A legacy token has no public prefix: only its length is shown.
    dialog.token_edit.setText(account.legacy_token)
    assert dialog.token_info.text() == (
        f"Key entered: {len(account.legacy_token)} characters, an older kind"
    )
    _assert_token_not_shown(dialog, account.legacy_token)

    # Saved: the dialog closes with nothing of the token left on it.
    dialog.token_edit.setText(account.token)
    assert _attempt(qtbot, dialog, dialog.save_button)
    _assert_token_not_shown(dialog, account.token)
    assert dialog.token_info.isHidden()


def test_test_connection_success_shows_the_balance(qtbot, dialog, account) -> None:  # type: ignore[no-untyped-def]
    _fill(dialog, "Shop two", account.base_url, account.token)
    assert _attempt(qtbot, dialog, dialog.test_button)
    assert "Connected" in dialog.status_label.text()
    assert "1,000" in dialog.status_label.text() or "1000" in dialog.status_label.text()


def test_test_connection_with_a_bad_token_says_so_inline(qtbot, dialog, account, ctx) -> None:  # type: ignore[no-untyped-def]
    _fill(dialog, "Shop two", account.base_url, "mbs_" + "x" * 40)
    assert not _attempt(qtbot, dialog, dialog.test_button)
    assert "not accepted" in dialog.status_label.text()
    assert dialog.status_label.property("role") == "error"
    # Nothing was saved.
    assert ctx.settings.profile("Shop two") is None


def test_missing_permission_names_it(qtbot, dialog, account, admin) -> None:  # type: ignore[no-untyped-def]
    contacts_only = admin.create_token(account.account_id, kind="scoped", scopes=["contacts"])
    _fill(dialog, "Shop two", account.base_url, contacts_only)
    assert not _attempt(qtbot, dialog, dialog.test_button)
    assert "sending SMS" in dialog.status_label.text()


def test_a_legacy_token_warns_it_cannot_reach_contacts(dialog, account) -> None:  # type: ignore[no-untyped-def]
    _fill(dialog, "Shop two", account.base_url, account.token)
    assert dialog.legacy_label.isHidden()
    dialog.token_edit.setText(account.legacy_token)
    assert not dialog.legacy_label.isHidden()
    assert "cannot reach your contacts" in dialog.legacy_label.text()


def test_plain_http_to_a_remote_server_is_refused(qtbot, dialog, account) -> None:  # type: ignore[no-untyped-def]
    _fill(dialog, "Shop two", "http://sms.example.co.ke", account.token)
    assert not _attempt(qtbot, dialog, dialog.test_button)
    assert "https" in dialog.status_label.text()


@pytest.mark.parametrize(
    "pasted", ["Bearer {token}", "  bearer {token}\n", "Authorization: Bearer {token}"]
)
def test_a_key_pasted_with_bearer_in_front_is_the_key(  # type: ignore[no-untyped-def]
    qtbot, dialog, account, memory_keyring, pasted: str
) -> None:
    """A portal's example request shows "Authorization: Bearer mbs_…": pasted with its
    "Bearer", the key was called an older kind, then refused as malformed."""
    _fill(dialog, "Shop two", account.base_url, pasted.format(token=account.token))
    assert dialog.legacy_label.isHidden()
    assert "starts with mbs_" in dialog.token_info.text()
    assert _attempt(qtbot, dialog, dialog.save_button)
    assert memory_keyring.secrets[("tuma", "Shop two")] == account.token


class _NotTheService(http.server.BaseHTTPRequestHandler):
    """A hotel Wi-Fi's sign-in page: every address answers 200 with HTML."""

    def do_GET(self) -> None:
        body = b"<html><body>Welcome! Sign in to use the Wi-Fi.</body></html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: object) -> None:
        pass


@pytest.fixture
def wifi_sign_in_page() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _NotTheService)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.mark.parametrize("where", ["sign-in page", "a path too many"])
def test_an_address_that_is_not_the_service_says_to_check_it(  # type: ignore[no-untyped-def]
    qtbot, dialog, account, wifi_sign_in_page, where: str
) -> None:
    """A web page where the service should be (a Wi-Fi sign-in page, a website) or an
    address with a path added: the words said "try again later; contact support" (or quoted
    the service's "Not found: /api/v1/v1/get-balance/"), when the address needs checking."""
    address = wifi_sign_in_page if where == "sign-in page" else account.base_url + "/api/v1"
    _fill(dialog, "Shop two", address, account.token)
    assert not _attempt(qtbot, dialog, dialog.test_button)
    text = dialog.status_label.text()
    assert "not as a messaging service" in text
    assert "Check the Web address" in text
    assert "Wi-Fi sign-in page" in text
    assert "data bundle is used up" in text  # the other page a network puts there, here


def test_save_puts_the_token_in_the_keyring_only(
    qtbot, dialog, account, ctx, memory_keyring, settings_store
) -> None:  # type: ignore[no-untyped-def]
    _fill(dialog, "Shop two", account.base_url, account.token)
    dialog.price_spin.setValue(0.75)
    assert _attempt(qtbot, dialog, dialog.save_button)
    assert memory_keyring.secrets[("tuma", "Shop two")] == account.token
    text = settings_store.path.read_text(encoding="utf-8")
    assert account.token not in text
    saved = settings_store.load().profile("Shop two")
    assert saved is not None
    assert saved.sender_ids == ["TUMA", "SHOP2"]
    assert saved.price_per_part == 0.75
    assert settings_store.load().active_profile == "Shop two"
    assert ctx.session is not None
    assert ctx.session.profile.name == "Shop two"
    assert not dialog.isVisible()


def test_switch_profiles_and_sign_out(qtbot, ctx, arun, admin, account, memory_keyring) -> None:  # type: ignore[no-untyped-def]
    add_other_shop(admin, account, ctx, memory_keyring)
    manager = SessionManager(ctx)

    arun(manager.switch_to("Other shop"))
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    assert ctx.session.profile.name == "Other shop"
    assert ctx.last_balance.credits == 77

    arun(manager.switch_to("Test shop"))
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    assert ctx.session.profile.name == "Test shop"
    assert ctx.last_balance.credits == 1000

    # Sign out: the token is gone from the keyring, the profile stays, practice mode starts.
    try:
        arun(manager.sign_out(), timeout=60)
        assert ("tuma", "Test shop") not in memory_keyring.secrets
        assert saved_settings(ctx).profile("Test shop") is not None
        assert saved_settings(ctx).active_profile is None
        assert ctx.session is not None
        assert ctx.session.is_sandbox
    finally:
        arun(manager.shutdown(timeout=5), timeout=30)
    assert manager.sandbox is None


def test_a_profile_without_a_saved_token_asks_for_it(qtbot, ctx, arun, account) -> None:  # type: ignore[no-untyped-def]
    ctx.settings.upsert_profile(Profile("No token", account.base_url, account.base_url, []))
    manager = SessionManager(ctx)
    asked: list[tuple[str, object]] = []
    manager.account_needed.connect(lambda reason, name: asked.append((reason, name)))
    assert arun(manager.connect_profile("No token")) is False
    assert asked
    assert asked[0][1] == "No token"
    assert "Paste it again" in asked[0][0]


@pytest.fixture
def bare_ctx(qloop, arun, services):  # type: ignore[no-untyped-def]
    """A context with nothing configured (first run)."""
    from desktop_app.ui.context import AppContext

    context = AppContext(services)
    yield context
    arun(context.tasks.shutdown(timeout=5.0))
    arun(context.close_session(emit=False))


def test_first_run_opens_practice_mode_with_the_banner(qtbot, bare_ctx, arun) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.ui.main_window import MainWindow

    window = MainWindow(bare_ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    try:
        arun(window.manager.start(), timeout=60)
        assert bare_ctx.session is not None
        assert bare_ctx.session.is_sandbox
        assert window.practice_banner.isVisible()
        assert "go nowhere" in window.practice_banner.title.text()
        assert not window.sign_out_action.isEnabled()
        qtbot.waitUntil(lambda: bare_ctx.last_balance is not None, timeout=15000)
        assert "credits" in window.balance_label.text()
        # Practice settings are never saved as a profile.
        assert saved_settings(bare_ctx).profiles == []
    finally:
        arun(window.manager.shutdown(timeout=5), timeout=30)


def test_profile_option_opens_that_saved_account(
    qtbot, bare_ctx, arun, account, test_profile, memory_keyring
) -> None:  # type: ignore[no-untyped-def]
    bare_ctx.settings.upsert_profile(test_profile)
    memory_keyring.secrets[("tuma", test_profile.name)] = account.token
    manager = SessionManager(bare_ctx)
    arun(manager.start(profile_name=test_profile.name))
    assert bare_ctx.session is not None
    assert not bare_ctx.session.is_sandbox
    assert bare_ctx.session.profile.name == test_profile.name
    assert manager.sandbox is None  # no practice service was started
