"""Dialogs in async code: open one and await its result, never nest an event loop.

``QDialog.exec()`` (and the static ``QMessageBox`` helpers) inside a coroutine would start a
second event loop on top of qasync's; instead :func:`wait_finished` opens the dialog with
``open()`` (window-modal, non-blocking) and awaits its ``finished`` signal.
"""

from __future__ import annotations

import asyncio

from PySide6.QtWidgets import QDialog

__all__ = ["wait_finished"]


async def wait_finished(dialog: QDialog) -> int:
    """Open *dialog* (window-modal, non-blocking) and wait for its result code. If the
    awaiting coroutine is cancelled, the dialog is rejected rather than left behind."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[int] = loop.create_future()

    def done(result: int) -> None:
        if not future.done():
            future.set_result(result)

    dialog.finished.connect(done)
    dialog.open()
    try:
        return await future
    finally:
        dialog.finished.disconnect(done)
        if dialog.isVisible():  # the coroutine was cancelled: do not leave the dialog behind
            dialog.reject()
