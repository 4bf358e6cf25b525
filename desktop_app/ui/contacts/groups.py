"""The groups panel: "All contacts" and the account's groups (kept on this computer), to
filter the grid by; create, rename and delete them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop_app.ui.dialogs import confirm
from desktop_app.ui.formats import number
from desktop_app.ui.words import counts

if TYPE_CHECKING:
    from desktop_app.core.services.contacts import Group
    from desktop_app.ui.context import AppContext

__all__ = ["GROUPS_TASK", "GroupsPanel", "group_label"]

#: Reading the groups (a quit drops it: it only refreshes the panel).
GROUPS_TASK = "contacts.groups"
#: Longest group name accepted in the name box (the store keeps at most this many).
NAME_LENGTH = 60
#: The list's look (set on the list alone, not on the panel or the tab around it).
LIST_STYLE = """
QListWidget#groupList {
    background: #ffffff;
    border: 1px solid #dde2e8;
    border-radius: 8px;
    padding: 4px;
}
QListWidget#groupList::item { padding: 6px 8px; border-radius: 4px; }
QListWidget#groupList::item:selected { background: #e5f3ee; color: #0b3b2e; }
"""


def group_label(group: Group) -> str:
    """ "Wholesale (12)": the name, then how many are in it."""
    return f"{group.name} ({number(group.size)})"


class GroupsPanel(QWidget):
    """Which contacts the grid shows: everyone, or one group."""

    #: The chosen group changed: a Group, or None for all contacts.
    group_chosen = Signal(object)
    #: The list of groups was read again (tests and menus follow it): list[Group].
    groups_loaded = Signal(object)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self.groups: list[Group] = []
        self._name_dialog: QInputDialog | None = None
        self.setObjectName("groupsPanel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        title = QLabel(self.tr("Groups"), self)
        title.setProperty("role", "subtitle")
        layout.addWidget(title)
        # Said where groups are seen: they are not the provider's, and do not travel.
        self.note = QLabel(self.tr("Kept on this computer only"), self)
        self.note.setObjectName("groupsNote")
        self.note.setProperty("role", "muted")
        self.note.setWordWrap(True)
        self.note.setToolTip(
            self.tr(
                "Your provider has no groups, so Tuma keeps them on this computer, for this "
                "account. Another computer will not see them; the contacts in them are your "
                "provider's."
            )
        )
        layout.addWidget(self.note)

        self.list = QListWidget(self)
        self.list.setObjectName("groupList")
        self.list.setStyleSheet(LIST_STYLE)
        self.list.setAccessibleName(self.tr("Groups"))
        self.list.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.list.setMinimumHeight(56)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # keeps the count in view
        self.list.setUniformItemSizes(True)
        self.list.currentItemChanged.connect(self._on_current_changed)
        self.list.itemDoubleClicked.connect(lambda _item: self.ask_rename())
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        layout.addWidget(self.list, 1)

        self.new_button = QPushButton(self.tr("Ne&w group…"), self)
        self.new_button.setObjectName("newGroup")
        self.new_button.setToolTip(self.tr("Make a new group"))
        self.new_button.clicked.connect(lambda: self.ask_new())
        self.more_button = QPushButton(self.tr("Change"), self)
        self.more_button.setObjectName("changeGroup")
        self.more_button.setToolTip(self.tr("Rename or delete the chosen group"))
        menu = QMenu(self.more_button)
        self.rename_action = menu.addAction(self.tr("Rename…"), lambda: self.ask_rename())
        self.delete_action = menu.addAction(self.tr("Delete…"), self.ask_delete)
        self.delete_action.setToolTip(
            self.tr("Delete the group (its contacts stay in your contacts list)")
        )
        self.more_button.setMenu(menu)
        self.list.addAction(self.rename_action)
        self.list.addAction(self.delete_action)
        buttons = QHBoxLayout()
        buttons.setSpacing(6)
        buttons.addWidget(self.new_button, 1)
        buttons.addWidget(self.more_button)
        layout.addLayout(buttons)
        self._fill([])

    # -- reading ---------------------------------------------------------------------------

    def current_group(self) -> Group | None:
        item = self.list.currentItem()
        group = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return group  # type: ignore[no-any-return]

    def reload(self) -> None:
        session = self._ctx.session
        if session is None or not session.can_use_contacts:
            self._fill([])
            return
        self._ctx.tasks.start(
            GROUPS_TASK,
            self._ctx.services.contacts.groups(session.profile.name),
            on_success=self._fill,
        )

    def _fill(self, groups: list[Group]) -> None:
        chosen = self.current_group()
        chosen_id = chosen.id if chosen is not None else None
        self.groups = list(groups)
        self.list.blockSignals(True)
        self.list.clear()
        everyone = QListWidgetItem(self.tr("All contacts"))
        everyone.setData(Qt.ItemDataRole.UserRole, None)
        self.list.addItem(everyone)
        current = everyone
        for group in groups:
            item = QListWidgetItem(group_label(group))
            item.setData(Qt.ItemDataRole.UserRole, group)
            item.setToolTip(
                self.tr("{name}: {contacts}").format(
                    name=group.name, contacts=counts().contacts(group.size)
                )
            )
            self.list.addItem(item)
            if group.id == chosen_id:
                current = item
        self.list.setCurrentItem(current)
        self.list.blockSignals(False)
        self._update_buttons()
        now = self.current_group()
        if (now.id if now is not None else None) != chosen_id:
            self.group_chosen.emit(now)  # the chosen group was deleted meanwhile
        self.groups_loaded.emit(self.groups)

    def choose(self, group_id: int | None) -> None:
        for row in range(self.list.count()):
            group = self.list.item(row).data(Qt.ItemDataRole.UserRole)
            if (group.id if group is not None else None) == group_id:
                self.list.setCurrentRow(row)
                return

    def _on_current_changed(self, *_items: object) -> None:
        self._update_buttons()
        self.group_chosen.emit(self.current_group())

    def _update_buttons(self) -> None:
        session = self._ctx.session
        usable = session is not None and session.can_use_contacts
        self.list.setEnabled(usable)
        self.new_button.setEnabled(usable)
        group = self.current_group() if usable else None
        self.more_button.setEnabled(group is not None)
        self.rename_action.setEnabled(group is not None)
        self.delete_action.setEnabled(group is not None)
        if group is not None:
            self.rename_action.setText(self.tr("Rename “{name}”…").format(name=group.name))
            self.delete_action.setText(self.tr("Delete “{name}”…").format(name=group.name))

    # -- changing --------------------------------------------------------------------------

    def _ask_name(self, title: str, label: str, text: str, done: Callable[[str], None]) -> None:
        """A name, asked without blocking (open(), never exec())."""
        dialog = QInputDialog(self)
        dialog.setObjectName("groupNameDialog")
        dialog.setWindowTitle(title)
        dialog.setLabelText(label)
        dialog.setTextValue(text)
        dialog.setInputMode(QInputDialog.InputMode.TextInput)
        dialog.setOkButtonText(self.tr("Save"))
        line = dialog.findChild(QLineEdit)
        if line is not None:
            line.setMaxLength(NAME_LENGTH)
        buttons = dialog.findChild(QDialogButtonBox)
        save = None if buttons is None else buttons.button(QDialogButtonBox.StandardButton.Ok)
        if save is not None:
            # a group needs a name: Save waits for one (pressed blank, it used to end in an
            # error bar about Tuma's records)
            save.setEnabled(bool(text.strip()))
            dialog.textValueChanged.connect(lambda value: save.setEnabled(bool(value.strip())))
        dialog.textValueSelected.connect(done)
        dialog.finished.connect(dialog.deleteLater)
        self._name_dialog = dialog
        dialog.open()

    def ask_new(self, then: Callable[[Group], None] | None = None, text: str = "") -> None:
        """Name a new group; *then* (a callable taking the Group) runs once it exists."""
        self._ask_name(
            self.tr("New group"),
            self.tr("Name of the group (for example “Wholesale” or “Staff”):"),
            text,
            lambda name: self.create_group(name, then),
        )

    def _name_taken(self, exc: BaseException, ask_again: Callable[[], None]) -> bool:
        """A name another group has (case and spaces aside): said in plain words and asked
        again with the name typed (it ended in "Could not update Tuma's records", an
        "unexpected error" logged, and the typing and the contacts chosen for it lost)."""
        from desktop_app.core.services.sending import StoreError, StoreProblem
        from desktop_app.ui.errors import Level
        from desktop_app.ui.words import store_problem

        if not (isinstance(exc, StoreError) and exc.problem is StoreProblem.EXISTS):
            return False
        self._ctx.errors.info(
            self.tr("Choose another name"), store_problem(exc), level=Level.WARNING
        )
        ask_again()
        return True

    def create_group(self, name: str, then: Callable[[Group], None] | None = None) -> None:
        session = self._ctx.session
        if session is None:
            return
        self._ctx.tasks.start(
            "contacts.groups.change",
            self._ctx.services.contacts.create_group(session.profile.name, name),
            on_success=lambda group: self._created(group, then),
            on_error=lambda exc: self._name_taken(exc, lambda: self.ask_new(then, name)),
        )

    def _created(self, group: Group, then: Callable[[Group], None] | None) -> None:
        self.groups.append(group)
        self._fill(sorted(self.groups, key=lambda g: g.name.casefold()))
        self.choose(group.id)
        if then is not None:
            then(group)

    def ask_rename(self, group: Group | None = None, text: str | None = None) -> None:
        group = group if group is not None else self.current_group()
        if group is None:
            return
        self._ask_name(
            self.tr("Rename group"),
            self.tr("New name for “{name}”:").format(name=group.name),
            group.name if text is None else text,
            lambda name: self.rename_group(group, name),
        )

    def rename_group(self, group: Group, name: str) -> None:
        session = self._ctx.session
        if session is None:
            return
        self._ctx.tasks.start(
            "contacts.groups.change",
            self._ctx.services.contacts.rename_group(session.profile.name, group.id, name),
            on_success=lambda _group: self.reload(),
            on_error=lambda exc: self._name_taken(exc, lambda: self.ask_rename(group, name)),
        )

    def ask_delete(self) -> None:
        group = self.current_group()
        if group is None:
            return
        confirm(
            self,
            title=self.tr("Delete group?"),
            text=self.tr("Delete the group “{name}”?").format(name=group.name),
            informative=self.tr(
                "The {contacts} in it stay in your contacts list; only the group goes."
            ).format(contacts=counts().contacts(group.size)),
            yes=self.tr("Delete group"),
            no=self.tr("Keep it"),
            on_yes=lambda: self.delete_group(group),
            destructive=True,
        )

    def delete_group(self, group: Group) -> None:
        session = self._ctx.session
        if session is None:
            return
        self._ctx.tasks.start(
            "contacts.groups.change",
            self._ctx.services.contacts.delete_group(session.profile.name, group.id),
            on_success=lambda _deleted: self.reload(),
        )
