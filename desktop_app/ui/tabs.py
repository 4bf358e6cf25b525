"""The tabs, declared: what each one is called, where it goes, how it is built.

The main window assembles whatever :data:`TABS` holds and names no tab. Adding a tab is one
new package (a :class:`TabPage` subclass) and one :class:`TabSpec` entry here; its module
is imported only when the window builds it, after the window is on screen.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from desktop_app.ui.context import AppContext

__all__ = ["TABS", "TabPage", "TabSpec", "spec", "tab_for_file"]


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks a literal for pyside6-lupdate; returns it untranslated (translated at use)."""
    return text


class TabPage(QWidget):
    """What the window asks of a tab; every method has a sensible default."""

    def session_changed(self) -> None:
        """The connected account changed (or was closed). Most tabs listen to the context's
        ``session_changed`` themselves; this is for work that must follow the window's own."""

    def refresh(self) -> None:
        """Read again what the tab shows (F5)."""

    def closing(self) -> None:
        """The window is closing for good (a quit, a log-out, a shutdown), before it closes
        the dialogs still open: a dialog holding unsaved typing keeps it (as a draft) and
        closes without asking, rather than ask for the instant the app takes to end."""

    async def stop(self, timeout: float) -> bool:  # noqa: ASYNC109 (a bound, by design)
        """Quitting: wind down work that must not be cut off (a send finishes its batch in
        flight). True when nothing is left running within *timeout* seconds."""
        return True

    def prepare_screenshot(self) -> None:
        """``--screenshots``: show realistic sample content (never the user's own data)."""

    def screenshot_extras(self) -> list[tuple[str, QWidget]]:
        """``--screenshots``, after the tab itself: windows worth a picture of their own (a
        dialog showing a typical problem), as (name, window); saved as ``<tab>-<name>.png``."""
        return []

    def open_files(self, paths: list[Path]) -> None:
        """Files of a kind the tab's spec ``accepts`` were dropped on the window."""

    def heightForWidth(self, width: int) -> int:
        """The least height that shows the page at *width*. Its scroll area asks this once a
        line in it wraps (the scheduled sends' banner), and Qt's own answer is the height the
        lists would like: with the banner, Delivery scrolled on a 1280×800 window with room
        for all of it, its customers' list running on under the status bar."""
        layout = self.layout()
        if layout is None or not layout.hasHeightForWidth():
            return super().heightForWidth(width)
        return max(layout.totalMinimumHeightForWidth(width), self.minimumSizeHint().height())

    def first_focus(self) -> QWidget | None:
        """Where the keyboard starts the first time the tab is opened (Ctrl+2 …): the field
        a user types in first. None: the first control in Tab order. Later visits return to
        where the keyboard was when the user left the tab."""
        return None

    def file_action_triggered(self) -> None:
        """The tab's File-menu entry was chosen; the tab is already shown (an "Import
        contacts…" entry opens its file chooser)."""


@dataclass(frozen=True)
class FileAction:
    """An entry the tab adds to the File menu (e.g. "Import contacts…", Ctrl+I): it shows
    the tab."""

    text: str  # marked with QT_TRANSLATE_NOOP("Tabs", …)
    shortcut: str


@dataclass(frozen=True)
class TabSpec:
    key: str  # stable: saved as the last tab, used by --screenshots file names
    order: int
    title: str  # marked with QT_TRANSLATE_NOOP("Tabs", …), with its & mnemonic
    factory: str  # "package.module:Class", a TabPage taking the AppContext
    file_action: FileAction | None = None
    #: File name endings (lower case, with the dot) this tab opens when dropped on the window.
    accepts: tuple[str, ...] = ()
    #: Endings it does not open but knows how to turn into one it does (an old Excel file, a
    #: LibreOffice one): dropped on the window, they go to it, which says how. So does a
    #: folder when the tab ``accepts`` anything.
    explains: tuple[str, ...] = ()

    def translated_title(self) -> str:
        return QCoreApplication.translate("Tabs", self.title)

    def plain_title(self) -> str:
        return self.translated_title().replace("&", "")

    def build(self, ctx: AppContext) -> TabPage:
        module_name, _, class_name = self.factory.partition(":")
        cls: Callable[..., TabPage] = getattr(importlib.import_module(module_name), class_name)
        return cls(ctx)


TABS: tuple[TabSpec, ...] = tuple(
    sorted(
        (
            TabSpec(
                key="compose",
                order=10,
                title=QT_TRANSLATE_NOOP("Tabs", "&Compose"),
                factory="desktop_app.ui.compose:ComposeTab",
            ),
            TabSpec(
                key="contacts",
                order=20,
                title=QT_TRANSLATE_NOOP("Tabs", "Co&ntacts"),
                factory="desktop_app.ui.contacts:ContactsTab",
            ),
            TabSpec(
                key="import",
                order=30,
                title=QT_TRANSLATE_NOOP("Tabs", "&Import"),
                factory="desktop_app.ui.import_:ImportTab",
                file_action=FileAction(QT_TRANSLATE_NOOP("Tabs", "&Import contacts…"), "Ctrl+I"),
                accepts=(".csv", ".xlsx"),
                # (.xlsm, .txt and .tsv are opened too: ui/import_/pages.ACCEPTED)
                explains=(".xls", ".xlsm", ".ods", ".fods", ".numbers", ".txt", ".tsv"),
            ),
            TabSpec(
                key="delivery",
                order=40,
                title=QT_TRANSLATE_NOOP("Tabs", "&Delivery"),
                factory="desktop_app.ui.delivery:DeliveryTab",
            ),
            TabSpec(
                key="balance",
                order=50,
                title=QT_TRANSLATE_NOOP("Tabs", "&Balance"),
                factory="desktop_app.ui.balance:BalanceTab",
            ),
        ),
        key=lambda tab: tab.order,
    )
)


def tab_for_file(path: Path) -> TabSpec | None:
    """The tab that opens *path* when it is dropped on the window, or says how to make it a
    file it opens (a folder: the spreadsheet inside it), if any."""
    suffix = path.suffix.lower()
    found = next((tab for tab in TABS if suffix in tab.accepts or suffix in tab.explains), None)
    if found is None and path.is_dir():
        found = next((tab for tab in TABS if tab.accepts), None)
    return found


def spec(key: str) -> TabSpec:
    for tab in TABS:
        if tab.key == key:
            return tab
    raise KeyError(key)
