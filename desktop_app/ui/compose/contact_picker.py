"""Pick recipients from the contacts list: the Contacts tab's paged model and service, searched
as you type, filtered by a group; add the selection, everyone matching, or a whole group."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.recipients import Person
from desktop_app.core.services.contacts import ContactQuery, ContactRow, Group
from desktop_app.ui.compose.recipients import pretty_phone
from desktop_app.ui.compose.wording import number
from desktop_app.ui.contacts.groups import group_label
from desktop_app.ui.contacts.model import TABLE_STYLE, Column, ContactsModel, contacts_view
from desktop_app.ui.errors import describe
from desktop_app.ui.formats import snippet
from desktop_app.ui.words import counts

if TYPE_CHECKING:
    from desktop_app.core.api.models import Contact
    from desktop_app.core.services.contacts import Matching
    from desktop_app.ui.context import AppContext

__all__ = ["ContactPickerDialog", "person_from_contact", "pretty_phone"]

#: The task that collects the people to add (Cancel stops it: nobody is added).
PICK_TASK = "compose.contacts"
PAGE_SIZE = 50
#: The widest the group box gets, and the longest group name a button quotes whole.
GROUP_COMBO_WIDTH = 280
GROUP_NAME_CHARS = 28


def person_from_contact(contact: Contact) -> Person:
    return ContactRow.of(contact).person()


class ContactPickerDialog(QDialog):
    """Non-modal picker (open(), never exec()); `picked` carries the chosen people."""

    picked = Signal(object)  # list[Person]
    #: Emitted when a page of the list or "add all" finishes (tests wait on it).
    loaded = Signal()

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self.setWindowTitle(self.tr("Add recipients from contacts"))
        self.setMinimumSize(600, 500)

        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("contactSearch")
        self.search_edit.setPlaceholderText(self.tr("Search by name or phone number"))
        self.search_edit.setAccessibleName(self.tr("Search by name or phone number"))
        self.search_edit.setClearButtonEnabled(True)
        row.addWidget(self.search_edit, 1)
        self.group_combo = QComboBox()
        self.group_combo.setObjectName("pickerGroup")
        self.group_combo.setAccessibleName(self.tr("Group"))
        self.group_combo.setToolTip(self.tr("Groups are kept on this computer"))
        self.group_combo.setMinimumWidth(170)
        # As wide as its longest group's name (up to a limit): filled after the dialog opened,
        # it kept its first width and cut the chosen group's name and count off mid-word.
        self.group_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.group_combo.setMaximumWidth(GROUP_COMBO_WIDTH)
        row.addWidget(self.group_combo)
        layout.addLayout(row)

        self.model = ContactsModel(
            ctx,
            "compose.contacts.page",
            page_size=PAGE_SIZE,
            columns=(Column.NAME, Column.PHONE, Column.GROUPS),
            parent=self,
        )
        self.table = contacts_view(self.model, "pickerTable", row_height=30)
        self.table.setStyleSheet(TABLE_STYLE)  # (the Contacts tab's grid: Qt's grey one before)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setColumnWidth(1, 130)
        self.table.setColumnWidth(2, 150)
        self.table.doubleClicked.connect(lambda _index: self.add_selected())
        self.table.selectionModel().selectionChanged.connect(lambda *_a: self._update_buttons())
        layout.addWidget(self.table, 1)

        self.status_label = QLabel()
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)  # may quote the service
        self.status_label.setObjectName("hint")
        self.status_label.setWordWrap(True)
        layout.addWidget(self.status_label)

        self.buttons = QDialogButtonBox()
        self.add_button = self.buttons.addButton(
            self.tr("Add selected"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.add_button.setObjectName("addSelected")
        self.add_button.setProperty("role", "primary")  # bold from the start: sized for it
        self.all_button = self.buttons.addButton(
            self.tr("Add all matching"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.all_button.setObjectName("addAllMatching")
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.add_button.clicked.connect(self.add_selected)
        self.all_button.clicked.connect(self.add_all_matching)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(250)
        self._search_timer.timeout.connect(self._search_now)
        self.search_edit.textChanged.connect(lambda _t: self._search_timer.start())
        # Enter in the search box searches now. It pressed the dialog's default button, "Add
        # selected": the name typed was not looked up, and whoever was selected before (in
        # the list the search was about to replace) was added and the dialog closed.
        self.search_edit.installEventFilter(self)
        self.group_combo.currentIndexChanged.connect(lambda _i: self._search_now())
        self.model.page_loaded.connect(lambda _n: self._on_loaded())
        self.model.total_changed.connect(lambda _n: self._update_buttons())
        self.model.failed.connect(self._on_error)
        self._update_buttons()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.search_edit
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self._search_now()
            return True
        return super().eventFilter(watched, event)

    # --- what it shows ---------------------------------------------------------------------

    def query(self) -> ContactQuery:
        group = self.group_combo.currentData()
        return ContactQuery(self.search_edit.text(), group.id if group is not None else None)

    def reject(self) -> None:
        # Cancel (or Esc, or closing the window) means nothing is added: stop an "add all"
        # still collecting pages, or it would add everyone after the user said no.
        self._ctx.tasks.cancel(PICK_TASK)
        self.model.clear()  # the next open starts from a fresh first page
        super().reject()

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if self.model.query is None:
            self._load_groups()
            self._search_now()

    def _load_groups(self) -> None:
        session = self._ctx.session
        if session is None:
            return
        self._ctx.tasks.start(
            "compose.contacts.groups",
            self._ctx.services.contacts.groups(session.profile.name),
            on_success=self._fill_groups,
        )

    def _fill_groups(self, groups: list[Group]) -> None:
        chosen = self.group_combo.currentData()
        self.group_combo.blockSignals(True)
        self.group_combo.clear()
        self.group_combo.addItem(self.tr("All contacts"), None)
        for group in groups:
            self.group_combo.addItem(group_label(group), group)
            if chosen is not None and group.id == chosen.id:
                self.group_combo.setCurrentIndex(self.group_combo.count() - 1)
        self.group_combo.blockSignals(False)
        self.group_combo.setVisible(bool(groups))

    def _search_now(self) -> None:
        self._search_timer.stop()
        if self._ctx.session is None:
            self.status_label.setText(self.tr("Connect an account to see your contacts."))
            return
        self.status_label.setText(self.tr("Loading contacts…"))
        self.model.set_query(self.query())

    def _on_loaded(self) -> None:
        self._update_buttons()
        self.loaded.emit()

    def _on_error(self, exc: BaseException) -> None:
        title, text = describe(exc)
        self.status_label.setText(f"{title}: {text}")
        self._update_buttons()
        self.loaded.emit()

    def _update_buttons(self) -> None:
        if self._ctx.tasks.is_running(PICK_TASK):
            return
        model = self.model
        total = model.total if model.known else 0
        query = model.query or ContactQuery()
        group = self.group_combo.currentData()
        if model.known and model.error is None:
            if total == 0:
                self.status_label.setText(
                    self.tr("No contacts match “{search}”.").format(search=query.search)
                    if query.search
                    else self.tr("Nobody is in this group yet.")
                    if group is not None
                    else self.tr("Your contacts list is empty.")
                )
            else:
                self.status_label.setText(
                    self.tr("{contacts}, newest first. Select some, or add them all.").format(
                        contacts=counts().contacts(total)
                    )
                )
        selected = len(self.selected_rows())
        self.add_button.setText(
            self.tr("Add {n}").format(n=counts().contacts(selected))
            if selected
            else self.tr("Add selected")
        )
        self.add_button.setEnabled(selected > 0)
        self.all_button.setEnabled(total > 0)
        if group is not None and not query.search:
            self.all_button.setText(
                self.tr("Add everyone in “{group}” ({n})").format(
                    group=snippet(group.name, GROUP_NAME_CHARS), n=number(total)
                )
            )
        elif query.search and total:
            self.all_button.setText(self.tr("Add all {n}").format(n=counts().contacts(total)))
        else:
            self.all_button.setText(self.tr("Add all contacts ({n})").format(n=number(total)))
        QTimer.singleShot(0, self, self._fit_buttons)

    def _fit_buttons(self) -> None:
        """Wide enough for the buttons' words, which change with the selection and the group
        (its minimum size is set by hand, so Qt does not grow it: "Add everyone in …" was cut
        off at both ends)."""
        layout = self.layout()
        if layout is None:
            return
        needed = layout.totalMinimumSize().width()
        if needed > self.width():
            self.resize(needed, self.height())

    def selected_rows(self) -> list[int]:
        return sorted({index.row() for index in self.table.selectionModel().selectedRows()})

    # --- choosing --------------------------------------------------------------------------

    def add_selected(self) -> None:
        rows = self.selected_rows()
        if not rows:
            return
        self._collect(self._rows_people(rows))

    async def _rows_people(self, rows: list[int]) -> list[Person]:
        return [row.person() for row in await self.model.rows_for(rows)]

    def add_all_matching(self) -> None:
        session = self._ctx.session
        if session is None:
            return
        # The contacts the button counts and the list shows, not the words in the box: a
        # search wiped and "Add all 3 contacts" clicked within the 250 ms before the list
        # follows added every contact.
        query = self.model.query
        if query is None:
            return
        self.status_label.setText(self.tr("Collecting every matching contact…"))
        self._collect(self._all(session.client, session.profile.name, query))

    async def _all(self, client: Any, profile: str, query: ContactQuery) -> list[Person]:
        def progress(done: int, total: int) -> None:
            self.status_label.setText(
                self.tr("Collecting every matching contact… {n} of {total}").format(
                    n=number(done), total=number(total)
                )
            )

        matching: Matching = await self._ctx.services.contacts.all_matching(
            client, profile, query, progress
        )
        return matching.people()

    def _collect(self, coro: Any) -> None:
        self.all_button.setEnabled(False)
        self.add_button.setEnabled(False)
        self._ctx.tasks.start(
            PICK_TASK, coro, on_success=self._on_people, on_error=self._on_pick_error
        )

    def _on_pick_error(self, exc: BaseException) -> bool:
        from desktop_app.core.api import errors as api

        title, text = describe(exc)
        self.status_label.setText(f"{title}: {text}")
        self.loaded.emit()
        QTimer.singleShot(0, self, self._update_buttons)
        return not isinstance(exc, api.AuthError)  # a 401 also goes to the presenter

    def _on_people(self, people: list[Person]) -> None:
        self.loaded.emit()
        self.picked.emit(people)
        self.accept()
        self.model.clear()
