"""Message templates: save the texts staff send often, reuse them, delete them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QInputDialog,
    QLineEdit,
    QMenu,
    QMessageBox,
    QToolButton,
    QWidget,
)

from desktop_app.core.services.templates import suggested_name

if TYPE_CHECKING:
    from desktop_app.core.services.templates import Template
    from desktop_app.ui.context import AppContext

__all__ = ["TemplatesButton", "suggested_name"]


class TemplatesButton(QToolButton):
    """A "Templates" menu: each saved text (click to use), save the current one, delete."""

    use_requested = Signal(str)
    #: A template was saved or deleted (the name); tests and status messages listen.
    templates_changed = Signal(str)

    #: The menu was filled with the saved templates (tests and the busy state listen).
    loaded = Signal()

    def __init__(
        self,
        ctx: AppContext,
        text_getter: Callable[[], str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._text = text_getter
        #: The saved templates as last read (the menu is built from these, instantly).
        self.saved: list[Template] = []
        self.setObjectName("templatesButton")
        self.setText(self.tr("Templates") + " ▾")
        self.setToolTip(self.tr("Use a saved message, or save this one for next time"))
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.menu_ = QMenu(self)
        self.menu_.aboutToShow.connect(self.rebuild_menu)
        self.setMenu(self.menu_)
        self.name_dialog: QInputDialog | None = None
        self.delete_box: QMessageBox | None = None
        self.rebuild_menu()
        self.reload()

    def reload(self) -> None:
        """Read the saved templates (off the GUI thread), then rebuild the menu."""
        self._ctx.tasks.start(
            "compose.templates", self._ctx.services.templates.all(), on_success=self._loaded
        )

    def _loaded(self, templates: list[Template]) -> None:
        self.saved = templates
        self.rebuild_menu()
        self.loaded.emit()

    def rebuild_menu(self) -> None:
        menu = self.menu_
        menu.clear()
        templates = self.saved
        if not templates:
            empty = menu.addAction(self.tr("No saved templates yet"))
            empty.setEnabled(False)
        for template in templates:
            preview = " ".join(template.text.split())
            action = menu.addAction(_as_menu_text(template.name))
            action.setToolTip(preview)
            action.setStatusTip(preview[:120])
            action.triggered.connect(lambda _c=False, t=template.text: self.use_requested.emit(t))
        menu.setToolTipsVisible(True)
        menu.addSeparator()
        save = menu.addAction(self.tr("Save this message as a template…"))
        save.setObjectName("saveTemplateAction")
        save.setEnabled(bool(self._text().strip()))
        save.triggered.connect(self.ask_name)
        if templates:
            delete_menu = menu.addMenu(self.tr("Delete a template"))
            for template in templates:
                action = QAction(_as_menu_text(template.name), delete_menu)
                action.triggered.connect(lambda _c=False, n=template.name: self.ask_delete(n))
                delete_menu.addAction(action)

    def ask_name(self) -> None:
        text = self._text()
        if not text.strip():
            return
        dialog = QInputDialog(self)
        dialog.setObjectName("templateNameDialog")
        dialog.setWindowTitle(self.tr("Save as template"))
        dialog.setLabelText(self.tr("Name this template (saving over a name replaces it):"))
        dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
        dialog.setTextValue(suggested_name(text, self.saved))
        dialog.setOkButtonText(self.tr("Save"))
        buttons = dialog.findChild(QDialogButtonBox)
        save = None if buttons is None else buttons.button(QDialogButtonBox.StandardButton.Ok)
        if save is not None:
            # a template needs a name: Save waits for one (the suggested name wiped, Save
            # closed the dialog as if saved, and nothing was kept, nor said), as New group…
            save.setEnabled(bool(dialog.textValue().strip()))
            dialog.textValueChanged.connect(lambda value: save.setEnabled(bool(value.strip())))
        dialog.textValueSelected.connect(lambda name: self.save(name, text))
        dialog.finished.connect(dialog.deleteLater)
        self.name_dialog = dialog
        dialog.open()

    def save(self, name: str, text: str | None = None) -> None:
        """Save *text* (the message, by default) under *name*; ``templates_changed`` fires
        once it is stored."""
        body = self._text() if text is None else text
        self._ctx.tasks.start(
            "compose.templates.save",
            self._ctx.services.templates.save(name, body),
            on_success=self._saved,
        )

    def _saved(self, template: Template | None) -> None:
        if template is not None:
            self.templates_changed.emit(template.name)
            self.reload()

    def ask_delete(self, name: str) -> None:
        """A template is someone's work: deleting it (from a small sub-menu, easy to misclick)
        is confirmed first. Non-blocking: open(), never exec()."""
        box = QMessageBox(self)
        box.setObjectName("deleteTemplateBox")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Delete template?"))
        box.setText(self.tr("Delete the template “{name}”?").format(name=name))
        box.setInformativeText(self.tr("It cannot be brought back."))
        delete = box.addButton(self.tr("Delete"), QMessageBox.ButtonRole.DestructiveRole)
        delete.setObjectName("confirmDeleteTemplate")
        keep = box.addButton(self.tr("Keep it"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)

        def decided(_result: int) -> None:
            if box.clickedButton() is delete:
                self.delete(name)
            box.deleteLater()
            if self.delete_box is box:
                self.delete_box = None

        box.finished.connect(decided)
        self.delete_box = box
        box.open()

    def delete(self, name: str) -> None:
        self._ctx.tasks.start(
            "compose.templates.delete",
            self._ctx.services.templates.delete(name),
            on_success=lambda _deleted: self._deleted(name),
        )

    def _deleted(self, name: str) -> None:
        self.templates_changed.emit(name)
        self.reload()

    def use(self, name: str) -> bool:
        for template in self.saved:
            if template.name == name:
                self.use_requested.emit(template.text)
                return True
        return False


def _as_menu_text(name: str) -> str:
    """*name* as a menu shows it as typed: an "&" doubled (a single one is read as a
    keyboard shortcut: "M&M Supplies" read "MM Supplies", the second M underlined)."""
    return name.replace("&", "&&")
