"""Helpers shared by the UI tests: what the app saved, and waiting for async reads."""

from __future__ import annotations

from typing import Any

from desktop_app.core.settings import AppSettings, SettingsStore


def add_other_shop(admin: Any, account: Any, ctx: Any, memory_keyring: Any) -> str:
    """A second account on the sandbox, "Other shop", saved as a profile with its key in the
    (test) keyring, ready to switch to; its account id."""
    from desktop_app.core.settings import Profile

    other_id: str = admin.create_account(name="Other shop", balance=77, sender_ids=["OTHER"])
    other_token = admin.create_token(other_id, kind="scoped")
    other = Profile("Other shop", account.base_url, account.contacts_base_url, ["OTHER"])
    ctx.settings.upsert_profile(other)
    ctx.save_settings()
    memory_keyring.secrets[("tuma", "Other shop")] = other_token
    return other_id


def saved_settings(ctx: Any) -> AppSettings:
    """The settings as written to disk (a fresh read of the file the app saves to)."""
    return SettingsStore(ctx.services.preferences.path).load()


def check_unfinished(qtbot: Any, tab: Any, *, open_dialog: bool = True) -> list[Any]:
    """Ask the Compose tab to look for unfinished broadcasts; wait until it has shown them."""
    with qtbot.waitSignal(tab.unfinished_checked, timeout=10000) as blocker:
        tab.check_unfinished(open_dialog=open_dialog)
    found: list[Any] = blocker.args[0]
    return found


def write_broadcast(
    ctx: Any, text: str, phones: list[str], *, chunk_size: int, sender_id: str = "TUMA"
) -> int:
    """A broadcast written down in the journal and not sent (as if the app died right after)."""
    from desktop_app.core.store import BroadcastKind, Recipient

    kind = BroadcastKind.SINGLE if len(phones) == 1 else BroadcastKind.BULK
    return int(
        ctx.services.store.journal.create_broadcast(
            kind,
            sender_id,
            text,
            [Recipient(phone) for phone in phones],
            chunk_size,
            profile=ctx.session.profile.name,
        ).id
    )


def shown_window(qtbot: Any, ctx: Any, tab: str, size: tuple[int, int] = (1280, 800)) -> Any:
    """The main window on *ctx* at *size*, shown (exposed) with the tab *tab* in front: what
    the look tests grab (under ``app_theme``, which the caller sets)."""
    from desktop_app.ui.main_window import MainWindow

    window = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.show_tab(tab)
    return window
