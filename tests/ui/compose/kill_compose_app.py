"""The app's Compose tab in a process of its own, sending a broadcast until the test kills it
(test_never_twice.py): a shop assistant filled the form, pressed Send, confirmed, and the
computer died half-way.

Usage: python kill_compose_app.py STORE SETTINGS BASE_URL CONTACTS_URL PROFILE SENDER TEXT
The recipients come one per line on stdin, then an empty line; the token comes from the
TUMA_KILL_TOKEN environment variable. Prints "confirmed" once the send was confirmed.
"""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["QT_API"] = "pyside6"

import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from desktop_app.core import rules  # noqa: E402
from desktop_app.core.services import Services  # noqa: E402
from desktop_app.core.settings import Profile  # noqa: E402
from desktop_app.ui.compose import ComposeTab  # noqa: E402
from desktop_app.ui.context import AppContext  # noqa: E402
from desktop_app.ui.i18n import install_translations  # noqa: E402


async def scenario(argv: list[str], numbers: str) -> None:
    store, settings, base_url, contacts_url, profile_name, sender, text = argv
    services = Services.open(store_path=Path(store), settings_path=Path(settings))
    ctx = AppContext(services)
    profile = Profile(profile_name, base_url, contacts_url, [sender], sender, bulk_chunk_size=5)
    services.settings.upsert_profile(profile)
    services.preferences.save()
    await ctx.open_session(profile, os.environ["TUMA_KILL_TOKEN"])
    # The shop's clock at 10:00, as in the UI tests: a promotion goes now, whatever the hour.
    rules.local_now = lambda: datetime.now().astimezone().replace(hour=10, minute=0)
    tab = ComposeTab(ctx)
    tab.show()
    while ctx.last_balance is None:  # noqa: ASYNC110 (a GUI state, polled as a user waits)
        await asyncio.sleep(0.02)
    tab.recipients.set_numbers_text(numbers)
    tab.composer.set_text(text)
    tab.save_draft()  # what was typed is the account's draft, as after a second's pause
    await ctx.tasks.wait_idle()
    tab.send()
    while tab.confirm_dialog is None or not tab.confirm_dialog.isVisible():  # noqa: ASYNC110
        await asyncio.sleep(0.02)
    assert tab.confirm_dialog.send_button is not None
    tab.confirm_dialog.send_button.click()
    print("confirmed", flush=True)
    await asyncio.Event().wait()  # sending, until the test kills this process


def main() -> None:
    numbers = "".join(iter(sys.stdin.readline, "\n"))
    app = QApplication([sys.argv[0]])
    install_translations(app)
    with asyncio.Runner(loop_factory=lambda: qasync.QEventLoop(app)) as runner:
        runner.run(scenario(sys.argv[1:], numbers))


if __name__ == "__main__":
    main()
