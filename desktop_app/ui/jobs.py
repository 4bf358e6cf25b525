"""The one long job at a time of a tab (deleting, collecting, exporting): its progress strip,
its Cancel, and the tab's actions brought up to date around it. The Contacts, Delivery and
Import tabs share it.

A tab mixing it in has ``ctx``, ``progress`` (a strip with ``start``/``finish``, ``label``,
``bar`` and ``cancel_button``), a ``job_finished`` signal, ``_update_actions()`` and
``show_notice()``, and names its task in ``job_task``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:
    from desktop_app.ui.context import AppContext

__all__ = ["OneJob", "not_written_text"]

log = logging.getLogger(__name__)


def not_written_text(exc: OSError, path: Path) -> str:
    """Why a file the user chose could not be written, and what to do (an export: nothing
    was written; the writers leave no half file)."""
    if isinstance(exc, PermissionError):
        text = QCoreApplication.translate(
            "jobs",
            "Could not save {file}: it is open in another program (Excel?) or that folder "
            "cannot be written to. Close the file, or choose another place, then export again.",
        )
    else:
        text = QCoreApplication.translate(
            "jobs",
            "Could not save {file}: the folder is no longer there or the disk is full. "
            "Choose another place, then export again.",
        )
    return text.format(file=path.name)


class OneJob:
    job_task: str
    ctx: AppContext
    progress: Any
    job_finished: Any
    #: The user pressed Cancel (a cooperative job checks it between steps).
    _cancel_requested = False
    _job_ok: Callable[[Any], None] | None = None
    _job_cooperative = False
    #: The file the job writes (an export), if any: not being able to write it is said here.
    _job_writes: Path | None = None
    #: Where the keyboard was when the job started (the button that started it).
    _job_starter: QWidget | None = None

    def _update_actions(self) -> None:
        raise NotImplementedError

    def show_notice(self, text: str, *, ok: bool = True) -> None:
        raise NotImplementedError

    def _run_job(
        self,
        text: str,
        coro: Coroutine[Any, Any, Any],
        on_success: Callable[[Any], None],
        *,
        cooperative: bool = False,
        writes: Path | None = None,
    ) -> None:
        """Run *coro* as the tab's one job, *text* on the strip; *on_success* gets its result.
        A *cooperative* job stops by itself when ``_cancel_requested`` turns true. A job that
        *writes* a file the user chose: a file that cannot be written (open in Excel, the
        folder gone, a full disk) is said beside the buttons, not as an unexpected error."""
        self._cancel_requested = False
        self._job_cooperative = cooperative
        self._job_writes = writes
        self._job_starter = QApplication.focusWidget()
        self.progress.start(text)
        self._job_ok = on_success
        self.ctx.tasks.start(
            self.job_task, coro, on_success=self._job_succeeded, on_error=self._job_failed
        )
        self._update_actions()

    def _job_succeeded(self, result: Any) -> None:
        held = self._strip_has_keyboard()
        self.progress.finish()
        callback, self._job_ok = self._job_ok, None
        if callback is not None:
            callback(result)
        self._update_actions()
        self._keyboard_back(held)
        self.job_finished.emit()

    def _job_failed(self, exc: BaseException) -> bool:
        held = self._strip_has_keyboard()
        self.progress.finish()
        self._job_ok = None
        self._update_actions()
        self._keyboard_back(held)
        self.job_finished.emit()
        if self._job_writes is not None and isinstance(exc, OSError):
            log.info("file not written: %s", type(exc).__name__)
            self.show_notice(not_written_text(exc, self._job_writes), ok=False)
            return True
        return False  # the presenter says what went wrong, with the next step

    def _cancel_job(self, cancelled: str, stopping: str) -> None:
        """The strip's Cancel: a cooperative job is asked to stop (*stopping* shown until it
        does); any other is cancelled at once and *cancelled* said."""
        if not self.ctx.tasks.is_running(self.job_task):
            return
        held = self._strip_has_keyboard()
        if held:
            # Stop is disabled next: Qt would pass the keyboard on to the next button (the
            # wizard's Cancel); it waits on the strip's bar until the job has stopped
            self.progress.bar.setFocus(Qt.FocusReason.OtherFocusReason)
        self._cancel_requested = True
        self.progress.cancel_button.setEnabled(False)
        if self._job_cooperative:
            self.progress.label.setText(stopping)
            return
        self.ctx.tasks.cancel(self.job_task)
        self.progress.finish()
        self._job_ok = None
        self.show_notice(cancelled, ok=False)
        self._update_actions()
        self._keyboard_back(held)
        self.job_finished.emit()

    def _strip_has_keyboard(self) -> bool:
        focus = QApplication.focusWidget()
        strip = self.progress
        return focus is not None and (focus is strip or strip.isAncestorOf(focus))

    def _keyboard_back(self, held: bool) -> None:
        """The strip hid with the keyboard on its Stop: Qt would hand it to the next control
        in line (on the Import tab, the wizard's own Cancel, where a hurried second Enter
        ended the whole import). It goes back to the control that started the job (Export,
        Add to group...), else to the tab's first control."""
        starter, self._job_starter = self._job_starter, None
        if not held:
            return
        first = getattr(self, "first_focus", None)
        for target in (starter, first() if callable(first) else None):
            try:
                if target is not None and target.isVisible() and target.isEnabled():
                    target.setFocus(Qt.FocusReason.OtherFocusReason)
                    return
            except RuntimeError:  # the starter was deleted meanwhile (a page rebuilt)
                continue
