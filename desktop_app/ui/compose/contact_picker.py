"""Pick recipients from the contacts list: search, multi-select, or everyone matching."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.ui.compose.recipients import Person, person_label, pretty_phone
from desktop_app.ui.compose.wording import number
from desktop_app.ui.words import counts

if TYPE_CHECKING:
    from desktop_app.core.api.models import Contact, ContactPage
    from desktop_app.ui.context import AppContext

PAGE_SIZE = 100
#: "All matching" stops here; a broadcast to more people is an import + bulk job.
MAX_ALL_MATCHING = 20_000


def person_from_contact(contact: Contact) -> Person:
    return Person(
        phone=contact.phone,
        first_name=(contact.first_name or "").strip(),
        last_name=(contact.last_name or "").strip(),
        from_contacts=True,
    )


class ContactPickerDialog(QDialog):
    """Non-modal picker (open(), never exec()); `picked` carries the chosen people."""

    picked = Signal(object)  # list[Person]
    #: Emitted when a search or "all matching" finishes (tests wait on it).
    loaded = Signal()

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._page = 0
        self._total_pages = 0
        self._total = 0
        self._search = ""
        self.setWindowTitle(self.tr("Add recipients from contacts"))
        self.setMinimumSize(520, 480)

        layout = QVBoxLayout(self)
        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("contactSearch")
        self.search_edit.setPlaceholderText(self.tr("Search by name or phone number"))
        self.search_edit.setClearButtonEnabled(True)
        layout.addWidget(self.search_edit)

        self.list = QListWidget()
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.setSpacing(2)
        self.list.setAccessibleName(self.tr("Contacts"))
        self.list.itemChanged.connect(self._update_buttons)
        self.list.itemDoubleClicked.connect(self._toggle)
        layout.addWidget(self.list, 1)

        row = QHBoxLayout()
        self.status_label = QLabel()
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)  # may quote the service
        self.status_label.setObjectName("hint")
        row.addWidget(self.status_label, 1)
        self.more_button = QPushButton(self.tr("Show more"))
        self.more_button.clicked.connect(self.load_more)
        row.addWidget(self.more_button)
        layout.addLayout(row)

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
        self._update_buttons()

    def reject(self) -> None:
        # Cancel (or Esc, or closing the window) means nothing is added: stop a search or an
        # "add all" still collecting pages, or it would add everyone after the user said no.
        self._ctx.tasks.cancel("compose.contacts")
        self._page = 0  # the next open starts with a fresh first page
        super().reject()

    def showEvent(self, event: object) -> None:
        super().showEvent(event)  # type: ignore[arg-type]
        if self._page == 0 and not self._ctx.tasks.is_running("compose.contacts"):
            self._search_now()

    # --- loading ---------------------------------------------------------------------------

    def _search_now(self) -> None:
        self._search_timer.stop()
        self._search = self.search_edit.text().strip()
        self._page = 0
        self.list.clear()
        self.load_more()

    def load_more(self) -> None:
        if self._ctx.session is None:
            self.status_label.setText(self.tr("Connect an account to see your contacts."))
            return
        page = self._page + 1
        search = self._search or None
        self.status_label.setText(self.tr("Loading contacts…"))
        self.more_button.setEnabled(False)
        self._ctx.tasks.start(
            "compose.contacts",
            self._ctx.client().list_contacts(page=page, page_size=PAGE_SIZE, search=search),
            on_success=self._on_page,
            on_error=self._on_error,
        )

    def _on_page(self, page: ContactPage) -> None:
        self._page = page.page
        self._total_pages = page.total_pages
        self._total = page.total
        self.list.blockSignals(True)
        for contact in page.contacts:
            person = person_from_contact(contact)
            item = QListWidgetItem(person_label(person))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setData(Qt.ItemDataRole.UserRole, person)
            self.list.addItem(item)
        self.list.blockSignals(False)
        self._update_buttons()
        self.loaded.emit()

    def _on_error(self, exc: BaseException) -> bool:
        from desktop_app.ui.errors import describe

        title, text = describe(exc)
        self.status_label.setText(f"{title}: {text}")
        self.status_label.setWordWrap(True)
        self._update_buttons()
        self.loaded.emit()
        from desktop_app.core.api import errors as api

        return not isinstance(exc, api.AuthError)  # a 401 also goes to the presenter

    def _update_buttons(self) -> None:
        shown = self.list.count()
        if self._ctx.tasks.is_running("compose.contacts"):
            return
        if self._total == 0 and self._page > 0:
            self.status_label.setText(
                self.tr("No contacts match “{search}”.").format(search=self._search)
                if self._search
                else self.tr("Your contacts list is empty.")
            )
        elif self._page > 0:
            self.status_label.setText(
                self.tr("Showing {shown} of {total}").format(
                    shown=number(shown), total=counts().contacts(self._total)
                )
            )
        self.more_button.setEnabled(self._page < self._total_pages)
        checked = len(self.checked_people())
        self.add_button.setText(
            self.tr("Add {n}").format(n=counts().contacts(checked))
            if checked
            else self.tr("Add selected")
        )
        self.add_button.setEnabled(checked > 0 or bool(self.list.selectedItems()))
        self.all_button.setEnabled(self._total > 0)
        self.all_button.setText(
            self.tr("Add all {n}").format(n=counts().contacts(self._total))
            if self._search and self._total
            else self.tr("Add all contacts ({n})").format(n=number(self._total))
        )

    def _toggle(self, item: QListWidgetItem) -> None:
        checked = item.checkState() == Qt.CheckState.Checked
        item.setCheckState(Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked)

    # --- choosing --------------------------------------------------------------------------

    def checked_people(self) -> list[Person]:
        people: list[Person] = []
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                people.append(item.data(Qt.ItemDataRole.UserRole))
        return people

    def add_selected(self) -> None:
        people = self.checked_people()
        if not people:
            people = [i.data(Qt.ItemDataRole.UserRole) for i in self.list.selectedItems()]
        self.picked.emit(people)
        self.accept()

    def add_all_matching(self) -> None:
        if self._ctx.session is None:
            return
        self.all_button.setEnabled(False)
        self.add_button.setEnabled(False)
        self.status_label.setText(self.tr("Collecting every matching contact…"))
        self._ctx.tasks.start(
            "compose.contacts",
            self._fetch_all(self._search or None),
            on_success=self._on_all,
            on_error=self._on_error,
        )

    async def _fetch_all(self, search: str | None) -> list[Person]:
        client = self._ctx.client()
        people: list[Person] = []
        page = 1
        while len(people) < MAX_ALL_MATCHING:
            result = await client.list_contacts(page=page, page_size=PAGE_SIZE, search=search)
            people.extend(person_from_contact(c) for c in result.contacts)
            self.status_label.setText(
                self.tr("Collecting every matching contact… {n}").format(n=number(len(people)))
            )
            if page >= result.total_pages or not result.contacts:
                break
            page += 1
        return people

    def _on_all(self, people: list[Person]) -> None:
        self.loaded.emit()
        self.picked.emit(people)
        self.accept()


__all__ = ["ContactPickerDialog", "person_from_contact", "pretty_phone"]
