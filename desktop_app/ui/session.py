"""Which account the window works with: a saved profile, or practice mode on the sandbox.

Practice mode starts the local sandbox service in the background (a subprocess on loopback,
a fresh admin key each start), makes sure the demo shop exists and connects to it. Blocking
steps run in daemon threads, so a slow start never freezes the window nor hangs quitting.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from desktop_app.core.background import run_in_daemon_thread
from desktop_app.ui.context import AppContext
from desktop_app.ui.errors import Level

if TYPE_CHECKING:
    from desktop_app.sandbox.admin import SandboxAdmin
    from desktop_app.sandbox.process import SandboxProcess

__all__ = ["SessionManager"]

log = logging.getLogger(__name__)


class SessionManager(QObject):
    """Opens, switches and closes sessions; owns the practice sandbox."""

    #: True while practice mode is being started (the banner says so).
    practice_starting = Signal(bool)
    #: The account dialog is needed: (reason, profile name or None).
    account_needed = Signal(str, object)
    #: The start-up session choice is done (whatever happened).
    started = Signal()

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.sandbox: SandboxProcess | None = None
        self.admin: SandboxAdmin | None = None
        self.demo_account_id: str | None = None
        self._closing = False
        self.has_started = False
        self._sandbox_start: asyncio.Future[Any] | None = None

    @property
    def is_practice(self) -> bool:
        return self.ctx.session is not None and self.ctx.session.is_sandbox

    # -- start-up -------------------------------------------------------------------------

    async def start(self, *, force_sandbox: bool = False, profile_name: str | None = None) -> None:
        """Choose the first session: ``--profile``, else the last account, else practice."""
        try:
            if profile_name is not None:
                if self.ctx.settings.profile(profile_name) is None:
                    self.ctx.errors.info(
                        self.tr("No saved account called “{name}”").format(name=profile_name),
                        self.tr(
                            "Tuma opened in practice mode instead. Use Account → Connect an "
                            "account… to add it."
                        ),
                        level=Level.WARNING,
                    )
                elif await self.connect_profile(profile_name):
                    return
            elif not force_sandbox:
                active = self.ctx.settings.active()
                if active is not None and await self.connect_profile(active.name):
                    return
            await self.start_practice()
        finally:
            self.has_started = True
            self.started.emit()

    async def connect_profile(self, name: str) -> bool:
        """Connect the saved profile *name* with its token from the keyring."""
        from desktop_app.core.services.accounts import AccountError, AccountProblem, CredentialError
        from desktop_app.ui.words import account_problem

        profile = self.ctx.settings.profile(name)
        if profile is None:
            return False
        try:
            token = await self.ctx.services.accounts.saved_token(name)
        except CredentialError as exc:
            self.ctx.errors.present(exc)
            return False
        except AccountError as exc:
            if exc.problem is AccountProblem.NO_SAVED_TOKEN:
                self.account_needed.emit(account_problem(exc), name)
            return False
        await self.ctx.open_session(profile, token)
        if self.ctx.session is not None and not self.ctx.session.can_use_contacts:
            self.ctx.errors.info(
                self.tr("Older key: contacts are not available"),
                self.tr(
                    "This account's key can send SMS but cannot reach your contacts. Ask your "
                    "provider for a newer key (starting with mbs_) and connect again."
                ),
                level=Level.WARNING,
            )
        return True

    async def start_practice(self) -> None:
        """Connect to the demo shop on the local sandbox (starting the sandbox if needed)."""
        from desktop_app.core.services.accounts import PRACTICE_PROFILE_NAME
        from desktop_app.core.settings import Profile

        self.practice_starting.emit(True)
        try:
            try:
                await self._ensure_sandbox()
            except Exception:
                log.exception("the practice service did not start")
                self.ctx.errors.info(
                    self.tr("Practice mode could not start"),
                    self.tr(
                        "The built-in practice service did not start on this computer. You can "
                        "still connect your own account: Account → Connect an account…"
                    ),
                    level=Level.ERROR,
                )
                return
            assert self.admin is not None
            assert self.sandbox is not None
            from desktop_app.sandbox.demo import ensure_demo_account

            demo = await run_in_daemon_thread(ensure_demo_account, self.admin)
            self.demo_account_id = demo.account_id
            profile = Profile(
                name=PRACTICE_PROFILE_NAME,
                base_url=self.sandbox.base_url,
                contacts_base_url=self.sandbox.contacts_base_url,
                sender_ids=list(demo.sender_ids),
                default_sender_id=demo.sender_ids[0] if demo.sender_ids else None,
            )
            await self._seed_practice_history(demo.account_id)
            await self.ctx.open_session(profile, demo.token, is_sandbox=True)
        finally:
            self.practice_starting.emit(False)

    async def _ensure_sandbox(self) -> None:
        if self.sandbox is not None and self.sandbox.running():
            return
        from secrets import token_hex

        from desktop_app.sandbox.admin import SandboxAdmin
        from desktop_app.sandbox.process import start_sandbox

        folder = self.ctx.services.practice_data_dir()

        def start() -> SandboxProcess:
            process = start_sandbox(
                folder, admin_key=token_hex(24), settle_seconds=2.0, exit_with_parent=True
            )
            if self._closing:  # the user quit while it was starting: do not leave it behind
                process.stop(timeout=3)
            return process

        starting = asyncio.ensure_future(run_in_daemon_thread(start))
        self._sandbox_start = starting
        # Cleared only once the start really ended: if this await is cancelled (quit), the
        # shutdown still finds the start in progress and waits to stop what it started.
        starting.add_done_callback(lambda _f: self._forget_start(starting))
        process: SandboxProcess = await asyncio.shield(starting)
        self.sandbox = process
        self.admin = SandboxAdmin(process.base_url, process.admin_key)

    def _forget_start(self, starting: asyncio.Future[Any]) -> None:
        if self._sandbox_start is starting:
            self._sandbox_start = None
        if not starting.cancelled() and starting.exception() is None:
            self.sandbox = starting.result()  # known to shutdown even if nobody awaited it

    async def _seed_practice_history(self, account_id: str) -> None:
        """Give the demo shop two weeks of sample balance readings the first time, so the
        Balance tab shows what its chart looks like. Only ever for the practice account."""
        from desktop_app.core.services.accounts import PRACTICE_PROFILE_NAME

        admin = self.admin
        assert admin is not None
        credits = await run_in_daemon_thread(admin.balance, account_id)
        await self.ctx.services.balance.seed_sample_history(PRACTICE_PROFILE_NAME, credits)

    # -- account actions ------------------------------------------------------------------

    async def switch_to(self, name: str | None) -> None:
        """Switch to saved profile *name*, or to practice mode when None."""
        if name is None:
            await self.start_practice()
        else:
            await self.connect_profile(name)

    async def sign_out(self) -> None:
        """Delete the connected account's token from the keyring and go to practice mode."""
        from desktop_app.core.services.accounts import CredentialError

        session = self.ctx.session
        if session is None or session.is_sandbox:
            return
        name = session.profile.name
        await self.ctx.close_session()
        try:
            await self.ctx.services.accounts.sign_out(name)
        except CredentialError as exc:
            self.ctx.settings_changed.emit()
            self.ctx.errors.present(exc)
        else:
            self.ctx.settings_changed.emit()
            self.ctx.errors.info(
                self.tr("Signed out of “{name}”").format(name=name),
                self.tr(
                    "Its key was deleted from this computer. To use it again, choose "
                    "Account → Connect an account… and paste the key."
                ),
            )
        await self.start_practice()

    # -- quitting -------------------------------------------------------------------------

    async def shutdown(self, timeout: float = 3.0) -> None:  # noqa: ASYNC109 (bounded quit)
        """Cancel running work, close the client and stop the sandbox, within a few seconds."""
        self._closing = True
        await self.ctx.tasks.shutdown(timeout)
        await self.ctx.close_session(emit=False)
        if self._sandbox_start is not None:
            # Still starting: wait for it, so the process is stopped rather than orphaned
            # (the starting thread stops it itself once it sees we are closing).
            try:
                await asyncio.wait_for(asyncio.shield(self._sandbox_start), timeout + 10)
            except Exception:
                log.warning("the practice service was still starting at quit")
        if self.admin is not None:
            try:
                self.admin.close()
            except Exception:
                log.debug("closing the sandbox admin client failed", exc_info=True)
            self.admin = None
        sandbox, self.sandbox = self.sandbox, None
        if sandbox is not None:
            try:
                await asyncio.wait_for(run_in_daemon_thread(sandbox.stop, 3), timeout + 3)
            except Exception:
                log.warning("the practice service did not stop cleanly", exc_info=True)
