"""Dialogs in async code: open one and await its result, never nest an event loop.

``QDialog.exec()`` (and the static ``QMessageBox`` helpers) inside a coroutine would start a
second event loop on top of qasync's; instead :func:`wait_finished` opens the dialog with
``open()`` (window-modal, non-blocking) and awaits its ``finished`` signal.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import shiboken6
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

__all__ = ["confirm", "wait_finished"]


async def wait_finished(dialog: QDialog) -> int:
    """Open *dialog* (window-modal, non-blocking) and wait for its result code. If the
    awaiting coroutine is cancelled, the dialog is rejected rather than left behind."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[int] = loop.create_future()

    def done(result: int) -> None:
        if not future.done():
            future.set_result(result)

    dialog.finished.connect(done)
    # deleted with its parent (a window closed under it: a quit) it never says "finished":
    # taken as rejected, rather than waited for until the task is cut off
    dialog.destroyed.connect(lambda *_args: done(QDialog.DialogCode.Rejected.value))
    dialog.open()
    try:
        return await future
    finally:
        if shiboken6.isValid(dialog):  # (else gone with its parent: nothing to undo on it)
            dialog.finished.disconnect(done)
            if dialog.isVisible():  # the coroutine was cancelled: do not leave it behind
                dialog.reject()


def confirm(
    parent: QWidget,
    *,
    title: str,
    text: str,
    informative: str = "",
    yes: str,
    no: str,
    on_yes: Callable[[], None],
    destructive: bool = False,
) -> QMessageBox:
    """Ask a yes/no question without blocking (``open()``): *on_yes* runs only when *yes* is
    clicked; *no* is the default and what Esc means. The box deletes itself when answered."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning if destructive else QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setText(text)
    if informative:
        box.setInformativeText(informative)
    role = QMessageBox.ButtonRole.DestructiveRole if destructive else QMessageBox.ButtonRole.YesRole
    yes_button = box.addButton(yes, role)
    yes_button.setObjectName("confirmYes")
    no_button = box.addButton(no, QMessageBox.ButtonRole.RejectRole)
    no_button.setObjectName("confirmNo")
    box.setDefaultButton(no_button)
    box.setEscapeButton(no_button)

    def decided(_result: int) -> None:
        if box.clickedButton() is yes_button:
            on_yes()
        box.deleteLater()

    box.finished.connect(decided)
    box.open()
    return box
