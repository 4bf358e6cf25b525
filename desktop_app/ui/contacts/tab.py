"""The Contacts tab: the customer list kept by the provider, paged by the service, searched
as you type, filtered by the groups kept on this computer; add, edit, delete; message them;
export them."""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QItemSelectionModel, Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent, QKeySequence, QResizeEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.services.contacts import (
    MAX_MATCHING,
    PAGE_SIZES,
    ContactForm,
    ContactQuery,
    ExportFormat,
    Group,
)
from desktop_app.ui.contacts.export import ask_export_path
from desktop_app.ui.contacts.form import DRAFT_TASK, ContactFormDialog, draft_task
from desktop_app.ui.contacts.groups import GROUPS_TASK, GroupsPanel
from desktop_app.ui.contacts.model import (
    TABLE_STYLE,
    Column,
    ContactsModel,
    RowsMoved,
    contacts_view,
)
from desktop_app.ui.contacts.states import ProgressStrip, State, StatePage
from desktop_app.ui.context import AppContext, ComposeRequest
from desktop_app.ui.dialogs import confirm
from desktop_app.ui.errors import Level, describe
from desktop_app.ui.formats import number
from desktop_app.ui.jobs import OneJob
from desktop_app.ui.tabs import TabPage
from desktop_app.ui.tasks import BUSY_DELAY_MS
from desktop_app.ui.widgets import set_role, tab_notice, tab_titles
from desktop_app.ui.words import counts

if TYPE_CHECKING:
    from desktop_app.core.api.models import Contact
    from desktop_app.core.services.accounts import Session
    from desktop_app.core.services.contacts import (
        ContactDraft,
        ContactRow,
        DeleteReport,
        ExportReport,
        Matching,
        Membership,
        RestoreReport,
    )

__all__ = ["ContactsTab"]

log = logging.getLogger(__name__)

PAGE_TASK = "contacts.page"
#: Fetching the row to edit when its page is no longer in memory (paged far away from it).
EDIT_TASK = "contacts.edit_row"
#: Reading the account's kept contact draft (when the tab first loads for an account).
DRAFT_LOAD_TASK = "contacts.draft_load"
JOB_TASK = AppContext.CONTACTS_JOB_TASK  # the one long job at a time: delete, collect, export
#: How long a delete can be undone (the confirmation says so): long enough to notice a
#: mistake, short enough that nobody undoes a delete made before a coffee break. The next
#: delete ends it sooner.
UNDO_MINUTES = 5
#: How long a notice stays (a notice over the Undo of a delete gives way back to it).
NOTICE_MS = 10_000
#: The service asked the paging to slow down (429) for at most this long, once the client's
#: own tries gave up: the tab tries once more by itself after the wait, counting it down. A
#: longer wait keeps the Retry button only (nobody watches a grid for minutes).
AUTO_RETRY_MAX_SECONDS = 30
#: Typing pauses this long before the search is sent.
SEARCH_DELAY_MS = 300
#: Widths of the grid's columns at start (the notes take what is left).
WIDTHS = {Column.NAME: 180, Column.PHONE: 124, Column.GROUPS: 180, Column.EMAIL: 210}
ADDED_WIDTH = 110
#: The columns always shown: who, their number, their groups.
KEPT = (Column.NAME, Column.PHONE, Column.GROUPS)
#: The other columns in the order a widening window brings them back, with the least width
#: each is shown at: the notes first (what the shop wrote about the customer: "owes 200",
#: "buys every Friday"; they take what is left), then the email (rarely there, and no SMS
#: goes to it), then the day the contact was added (the list is newest first anyway). A
#: narrow window leaves them out rather than make the grid scroll sideways (800 px: the
#: three kept; 1024 px: with the notes); the contact form shows every field.
OPTIONAL = ((Column.NOTES, 140), (Column.EMAIL, WIDTHS[Column.EMAIL]), (Column.ADDED, ADDED_WIDTH))

PAGE_LABEL_STYLE = "QLabel#pageLabel { color: #3e4c59; font-weight: 600; }"


def _draft_name(draft: ContactDraft) -> str:
    """Who a kept draft is about, as typed: the name, else the number, else the contact it
    edits, else the email ("" when nothing says)."""
    name = " ".join(part.strip() for part in (draft.first_name, draft.last_name) if part.strip())
    if name:
        return name
    if draft.phone.strip():
        return draft.phone.strip()
    if draft.contact is not None:
        return draft.contact.display_name
    return draft.email.strip()


@dataclass(frozen=True)
class _Gone:
    """A group member no longer among the provider's contacts (deleted elsewhere: its row
    says "Not in your contacts any more") that a delete took out of the groups on this
    computer: its row (the number, and the name the group kept) and the groups it was in
    (for an Undo)."""

    row: ContactRow
    group_ids: tuple[int, ...]


@dataclass(frozen=True)
class _UndoOffer:
    """A delete that can still be undone: on which account, whom it took, the group places
    they left, the numbers no longer among the contacts it took out of their groups, and the
    notice that said so. In memory only: a quit ends it, and leaves the contacts deleted, as
    a delete did before Undo."""

    session: Session
    contacts: tuple[Contact, ...]
    memberships: tuple[Membership, ...]
    text: str
    ok: bool
    gone: tuple[_Gone, ...] = ()


class ContactsTab(OneJob, TabPage):
    #: A long job ended (deleted, collected, exported, or failed): tests wait on it.
    job_finished = Signal()
    #: The tab's state changed (grid, empty, no matches, legacy, loading, error).
    state_changed = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("contactsTab")
        self._session: Session | None = None
        self._forms: list[ContactFormDialog] = []
        self._added_phone: str | None = None  # a contact just added, to select once shown
        self.job_task = JOB_TASK
        self._job_changing = False
        self._page_shown = 0
        # the row the keyboard goes back to once the list is read again after a delete
        self._focus_row: int | None = None
        self._retry_when_shown = False  # the connection came back while the tab was hidden
        # a new search or group was asked for: its first page is shown from the top when it
        # arrives (not wherever the grid was scrolled in the list before it)
        self._to_top = False
        self._job_text = ""  # what the running job says on the progress strip

        root = QVBoxLayout(self)
        root.setContentsMargins(20, 14, 20, 12)
        root.setSpacing(10)
        self._root = root

        # --- header: what this is, how many, the main action ---------------------------
        header, self.subtitle = tab_titles(self, self.tr("Contacts"), "contactsSubtitle")
        self.refresh_button = QPushButton(self.tr("Refresh"), self)
        self.refresh_button.setToolTip(self.tr("Read the list again from your provider"))
        self.refresh_button.clicked.connect(self.refresh)
        self.add_button = QPushButton(self.tr("Add c&ontact"), self)
        self.add_button.setObjectName("addContact")
        self.add_button.setProperty("role", "primary")
        self.add_button.clicked.connect(lambda: self.open_form())
        header.addWidget(self.refresh_button, 0, Qt.AlignmentFlag.AlignVCenter)
        header.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignVCenter)
        root.addLayout(header)
        # what just happened, on a row of its own under the titles, with the Undo of a delete
        # right after its words
        self.undo_button = QPushButton(self.tr("&Undo"), self)
        self.undo_button.setObjectName("undoDelete")
        self.undo_button.setProperty("role", "link")
        self.undo_button.setToolTip(
            self.tr(
                "Add the contacts just deleted back, with their details and groups (for {n} "
                "minutes after the delete, until you delete others)"
            ).format(n=number(UNDO_MINUTES))
        )
        self.undo_button.clicked.connect(self.undo_delete)
        self.undo_button.hide()
        # a contact being typed when Tuma closed (or crashed), kept: opened again, or dropped
        self.open_draft_button = QPushButton(self.tr("Open it"), self)
        self.open_draft_button.setObjectName("openContactDraft")
        self.open_draft_button.setProperty("role", "link")
        self.open_draft_button.setToolTip(
            self.tr("Open the form again with what you typed, to finish and save it")
        )
        self.open_draft_button.clicked.connect(self.open_draft)
        self.open_draft_button.hide()
        self.discard_draft_button = QPushButton(self.tr("Discard"), self)
        self.discard_draft_button.setObjectName("discardContactDraft")
        self.discard_draft_button.setProperty("role", "link")
        self.discard_draft_button.setToolTip(self.tr("Forget what you typed in that form"))
        self.discard_draft_button.clicked.connect(self.discard_draft)
        self.discard_draft_button.hide()
        self.notice = tab_notice(
            self,
            root,
            "contactsNotice",
            [self.undo_button, self.open_draft_button, self.discard_draft_button],
        )
        #: The last delete, while it can be undone.
        self._undo: _UndoOffer | None = None
        #: The account's kept contact drafts, the latest first, on offer in the notice.
        self._draft_offer: tuple[Session, list[ContactDraft]] | None = None
        #: The session whose kept draft was looked for (once per account opened).
        self._draft_looked_for: Session | None = None
        self._discard_draft_box: QWidget | None = None  # (its question, while open)
        self._quitting = False

        # --- toolbar: search and what to do with the selection ----------------------------
        toolbar = QHBoxLayout()
        toolbar.setSpacing(8)
        self.search_edit = QLineEdit(self)
        self.search_edit.setObjectName("contactSearch")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setPlaceholderText(self.tr("Search by name or number (0712…, 254712…)"))
        self.search_edit.setAccessibleName(self.tr("Search contacts"))
        self.search_edit.setMinimumWidth(220)
        toolbar.addWidget(self.search_edit, 2)
        self.message_button = QPushButton(self.tr("&Message"), self)
        self.message_button.setObjectName("messageButton")
        self.message_menu = QMenu(self.message_button)
        self.message_selected_action = self.message_menu.addAction(
            self.tr("Message selected"), self.message_selected
        )
        self.message_matching_action = self.message_menu.addAction(
            self.tr("Message everyone matching"), self.message_matching
        )
        self.message_group_action = self.message_menu.addAction(
            self.tr("Message this group"), self.message_group
        )
        self.message_menu.addSeparator()
        self.opt_out_selected_action = self.message_menu.addAction(
            self.tr("Add selected to the opt-out list"), self.opt_out_selected
        )
        self.message_menu.addAction(self.tr("Opt-out list…"), self.open_opt_out_list)
        self.message_button.setMenu(self.message_menu)
        self.group_button = QPushButton(self.tr("&Groups"), self)
        self.group_button.setObjectName("groupButton")
        self.group_menu = QMenu(self.group_button)
        self.group_menu.aboutToShow.connect(self._fill_group_menu)
        self.group_button.setMenu(self.group_menu)
        self.edit_button = QPushButton(self.tr("&Edit…"), self)
        self.edit_button.clicked.connect(self.edit_selected)
        self.delete_button = QPushButton(self.tr("Dele&te…"), self)
        self.delete_button.setObjectName("deleteContacts")
        self.delete_button.setProperty("role", "danger")
        self.delete_button.clicked.connect(self.ask_delete)
        self.export_button = QPushButton(self.tr("E&xport…"), self)
        self.export_button.setObjectName("exportButton")
        self.export_button.setToolTip(
            self.tr("Save the contacts shown (every page) as an Excel or CSV file")
        )
        self.export_button.clicked.connect(self.ask_export)
        for button in (
            self.message_button,
            self.group_button,
            self.edit_button,
            self.delete_button,
            self.export_button,
        ):
            toolbar.addWidget(button)
        root.addLayout(toolbar)

        # --- body: groups | grid ---------------------------------------------------------
        body = QHBoxLayout()
        body.setSpacing(14)
        self._body = body
        self.groups = GroupsPanel(ctx, self)
        self.groups.setFixedWidth(236)
        self.groups.group_chosen.connect(self._on_group_chosen)
        # the groups read again (a rename keeps the group chosen, so no group_chosen): the
        # words that name the group shown follow ("2 contacts in “Staf”" stayed, and
        # "Message everyone in “Staf”")
        # (only while a group is shown: the first page of all contacts pays nothing for it)
        self.groups.groups_loaded.connect(self._on_groups_loaded)
        body.addWidget(self.groups)
        right = QVBoxLayout()
        right.setSpacing(6)
        self.error_strip = QWidget(self)
        strip = QHBoxLayout(self.error_strip)
        strip.setContentsMargins(0, 0, 0, 0)
        self.error_label = QLabel(self.error_strip)
        self.error_label.setObjectName("pageError")
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        set_role(self.error_label, "warning")
        self.retry_strip_button = QPushButton(self.tr("Retry"), self.error_strip)
        self.retry_strip_button.setObjectName("retryPage")
        self.retry_strip_button.clicked.connect(self.retry)
        strip.addWidget(self.error_label, 1)
        strip.addWidget(self.retry_strip_button)
        self.error_strip.hide()
        right.addWidget(self.error_strip)

        self.model = ContactsModel(ctx, PAGE_TASK, page_size=PAGE_SIZES[0], parent=self)
        self.stack = QStackedWidget(self)
        self.table = contacts_view(self.model, "contactsTable", parent=self.stack)
        self.table.setStyleSheet(TABLE_STYLE)
        columns = self.table.horizontalHeader()
        columns.setStretchLastSection(False)
        for column, width in WIDTHS.items():
            self.table.setColumnWidth(column, width)
        columns.setSectionResizeMode(Column.NOTES, QHeaderView.ResizeMode.Stretch)
        self.table.setColumnWidth(Column.ADDED, ADDED_WIDTH)
        self.table.setMinimumHeight(120)
        self.table.doubleClicked.connect(lambda index: self.edit_row(index.row()))
        self.table.verticalScrollBar().valueChanged.connect(lambda _v: self._update_pager())
        self.table.selectionModel().selectionChanged.connect(lambda *_a: self._update_actions())

        self.stack.addWidget(self.table)
        self._states: tuple[StatePage, QScrollArea] | None = None  # made when first needed
        right.addWidget(self.stack, 1)
        body.addLayout(right, 1)
        root.addLayout(body, 1)

        # --- footer: the progress of a job, paging ---------------------------------------
        self.progress = ProgressStrip(self)
        self.progress.cancel_clicked.connect(self.cancel_job)
        root.addWidget(self.progress)
        footer = QHBoxLayout()
        footer.setSpacing(6)
        self.order_note = QLabel(self.tr("Newest first"), self)
        self.order_note.setProperty("role", "muted")
        self.order_note.setToolTip(
            self.tr(
                "Your provider lists contacts newest first and offers no other order. Search "
                "to find someone quickly."
            )
        )
        footer.addWidget(self.order_note)
        footer.addSpacing(12)
        self.size_combo = QComboBox(self)
        self.size_combo.setObjectName("pageSize")
        for size in PAGE_SIZES:
            self.size_combo.addItem(self.tr("{n} per page").format(n=size), size)
        self.size_combo.setAccessibleName(self.tr("Contacts per page"))
        self.size_combo.currentIndexChanged.connect(self._on_page_size)
        footer.addWidget(self.size_combo)
        footer.addStretch(1)
        self.page_label = QLabel(self)
        self.page_label.setObjectName("pageLabel")
        self.page_label.setStyleSheet(PAGE_LABEL_STYLE)
        footer.addWidget(self.page_label)
        footer.addSpacing(8)
        self.first_button = self._pager_button(self.tr("« First"), "Ctrl+Home", self.first_page)
        self.previous_button = self._pager_button(
            self.tr("‹ Previous"), "Ctrl+PgUp", self.previous_page
        )
        self.next_button = self._pager_button(self.tr("Next ›"), "Ctrl+PgDown", self.next_page)
        self.last_button = self._pager_button(self.tr("Last »"), "Ctrl+End", self.last_page)
        for button in (self.first_button, self.previous_button, self.next_button, self.last_button):
            footer.addWidget(button)
        root.addLayout(footer)

        # --- behaviour -------------------------------------------------------------------
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self.search_now)
        self.search_edit.textChanged.connect(lambda _t: self._search_timer.start())
        self.search_edit.returnPressed.connect(self.search_now)
        self._loading_timer = QTimer(self)
        self._loading_timer.setSingleShot(True)
        self._loading_timer.setInterval(BUSY_DELAY_MS)
        self._loading_timer.timeout.connect(self._update_state)
        self._notice_timer = QTimer(self)
        self._notice_timer.setSingleShot(True)
        self._notice_timer.setInterval(NOTICE_MS)
        self._notice_timer.timeout.connect(self._notice_ended)
        self._undo_timer = QTimer(self)
        self._undo_timer.setSingleShot(True)
        self._undo_timer.setInterval(UNDO_MINUTES * 60_000)
        self._undo_timer.timeout.connect(self._drop_undo)
        self.model.total_changed.connect(lambda _n: self._on_model_changed())
        self.model.page_loaded.connect(lambda _n: self._on_model_changed())
        self.model.page_loaded.connect(self._select_added)
        self.model.loading_changed.connect(self._on_loading)
        self._auto_retry_timer = QTimer(self)
        self._auto_retry_timer.setInterval(1000)
        self._auto_retry_timer.timeout.connect(self._auto_retry_tick)
        self._auto_retry_left = 0  # seconds to wait yet (the countdown shown)
        self._auto_retry_for: BaseException | None = None  # the failure it waits out
        self._auto_retried = False  # tried once by itself since the list last loaded
        self.model.failed.connect(self._on_page_failed)
        self.model.failed.connect(lambda _e: self._on_model_changed())
        self.model.modelReset.connect(self._update_actions)
        # (after the state is updated: the page the keyboard may go to is the one shown)
        self.model.page_loaded.connect(self._on_page_loaded)
        self.model.page_loaded.connect(lambda _n: self._auto_retry_ended())
        self.model.failed.connect(lambda _e: self._land_focus())
        for keys, action in (
            ("Ctrl+F", self._focus_search),
            ("Ctrl+PgDown", self.next_page),
            ("Ctrl+PgUp", self.previous_page),
            ("Ctrl+Home", self.first_page),
            ("Ctrl+End", self.last_page),
            ("Delete", self.ask_delete),
        ):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(action)
        ctx.session_changed.connect(self.session_changed)
        ctx.reachability_changed.connect(self._on_reachability)
        ctx.contacts_changed.connect(self.refresh)  # an import added some
        self.session_changed()

    def _pager_button(self, text: str, keys: str, slot: Callable[[], None]) -> QPushButton:
        button = QPushButton(text, self)
        button.setToolTip(self.tr("{text} ({keys})").format(text=text, keys=keys))
        button.clicked.connect(slot)
        return button

    def heightForWidth(self, width: int) -> int:
        """No preferred height for a width: the window's scroll area would otherwise size
        the tab by the wrapped labels' preferred heights and scroll on a small window; the
        grid takes whatever height there is (down to the minimum)."""
        return -1

    @property
    def state_page(self) -> StatePage:
        """What the tab shows instead of the grid (no customers, no matches, a failure…),
        made the first time it is needed: most times the tab opens, the grid is all it shows."""
        return self._state_widgets()[0]

    @property
    def state_area(self) -> QScrollArea:
        return self._state_widgets()[1]

    def _state_widgets(self) -> tuple[StatePage, QScrollArea]:
        if self._states is None:
            page = StatePage(self)
            page.primary_clicked.connect(self._on_state_primary)
            page.secondary_clicked.connect(self._on_state_secondary)
            # In a scroll area of its own: its wrapped text would otherwise set the whole
            # tab's height, and on a small window the grid and the paging under it must fit.
            area = QScrollArea(self.stack)
            area.setFrameShape(QFrame.Shape.NoFrame)
            area.setWidgetResizable(True)
            area.setWidget(page)
            # Only its buttons take the focus, right after the groups (where the grid would
            # be), not after the paging at the foot of the tab (made later, it came last).
            area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self.stack.addWidget(area)
            QWidget.setTabOrder(self.table, page.primary)
            QWidget.setTabOrder(page.primary, page.secondary)
            self._states = (page, area)
        return self._states

    # -- TabPage ---------------------------------------------------------------------------

    @property
    def _job_changing(self) -> bool:
        """The running job has begun to change something (on the service, in the groups): a
        quit lets it finish the step in hand rather than cut it off (:meth:`stop`), and the
        account cannot be switched under it (``AppContext.is_changing_contacts``)."""
        return self.ctx.changing_contacts

    @_job_changing.setter
    def _job_changing(self, changing: bool) -> None:
        self.ctx.changing_contacts = changing

    def session_changed(self) -> None:
        """A new account (or none): forget the old one's rows, show the new one's."""
        if self.ctx.session is self._session and self._session is not None:
            return
        self._session = self.ctx.session
        self.ctx.tasks.cancel(JOB_TASK)
        self.ctx.tasks.cancel(EDIT_TASK)
        self.progress.finish()
        for form in self._forms:
            form.close()
        self._forms.clear()
        self.model.clear()
        self._cancel_auto_retry()
        self._drop_undo()
        self._drop_draft_offer()
        self.ctx.tasks.cancel(DRAFT_LOAD_TASK)
        self._draft_looked_for = None
        self.notice.hide()
        self.groups.reload()
        if self._usable() and self.isVisible():
            self.model.set_query(self.query())
            self.look_for_draft()
        self._update_state()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A narrow window: the columns a shop assistant needs least step aside (see
        :data:`OPTIONAL`), so the grid never scrolls sideways; they come back as it widens."""
        super().resizeEvent(event)
        margins = self._root.contentsMargins()
        room = (
            self.width()
            - margins.left()
            - margins.right()
            - self.groups.minimumWidth()  # (fixed)
            - self._body.spacing()
            - 2 * self.table.frameWidth()
            - self.table.verticalScrollBar().sizeHint().width()
            - sum(self.table.columnWidth(column) for column in KEPT)
        )
        fits = True
        for column, width in OPTIONAL:
            fits = fits and room >= width
            room -= width
            if self.table.isColumnHidden(column) == fits:
                self.table.setColumnHidden(column, not fits)

    def showEvent(self, event: QShowEvent) -> None:
        """The list is read when the tab is first seen (not at start, behind Compose)."""
        super().showEvent(event)
        if self._usable() and self.model.query is None:
            self.model.set_query(self.query())
            self.look_for_draft()
            self._update_state()
        elif self._retry_when_shown:
            self._on_reachability(True)

    def hideEvent(self, event: QHideEvent) -> None:
        """Leaving the tab stops a countdown to try again (the Retry button stays)."""
        super().hideEvent(event)
        if self.auto_retry_seconds:
            self._cancel_auto_retry()
            self._update_state()

    def _on_reachability(self, reachable: bool) -> None:
        """The service answers again (the status bar's word): a list that failed to load is
        read again, once, without the user pressing Retry. Only on that change (never on a
        timer of its own), and not while the tab is hidden (it is read when next shown)."""
        self._retry_when_shown = False
        if not reachable or not self._usable() or self.model.error is None:
            return
        if not self.isVisible():
            self._retry_when_shown = True
            return
        if not self.model.loading:
            self.retry()

    def refresh(self) -> None:
        """Read the list and the groups again."""
        self._cancel_auto_retry()
        if self._usable():
            self.groups.reload()
            self.model.reload()

    def prepare_screenshot(self) -> None:
        """Practice mode: sample groups for the demo shop (never for a real account), and a
        couple of customers selected, as someone at work would have it."""
        session = self.ctx.session
        if session is None or not session.is_sandbox or not session.can_use_contacts:
            return
        self.ctx.tasks.start("contacts.screenshot", self._dress_for_screenshot(session))

    def screenshot_extras(self) -> list[tuple[str, QWidget]]:
        """The add form as someone mistyped a number: the problem beside the field."""
        if not self._usable():
            return []
        form = ContactFormDialog(self.ctx, None, self)
        form.keeps_draft = False  # a sample: never kept as a draft
        form.phone_edit.setText("0712 34")
        form.first_edit.setText("Wanjiku")
        form.last_edit.setText("Kamau")
        form.email_edit.setText("wanjiku.kamau@example.co.ke")
        form.notes_edit.setPlainText("Buys sukuma wiki and tomatoes every Friday")
        form.save()  # checked here: nothing is sent
        return [("form", form)]

    async def _dress_for_screenshot(self, session: Session) -> None:
        contacts = self.ctx.services.contacts
        if await contacts.seed_sample_groups(session.client, session.profile.name):
            self.groups.reload()
            self.model.reload()
        while self.model.loading or not self.model.known:
            await self.ctx.tasks.wait_for(PAGE_TASK, 5.0)
            if not self.model.loading:
                break
        if self.model.total >= 4:
            self.select_rows([1, 3])

    # -- what is shown ---------------------------------------------------------------------

    def query(self) -> ContactQuery:
        group = self.groups.current_group()
        return ContactQuery(self.search_edit.text(), group.id if group is not None else None)

    def _usable(self) -> bool:
        session = self.ctx.session
        return session is not None and session.can_use_contacts

    def search_now(self) -> None:
        self._search_timer.stop()
        if self._usable():
            query = self.query()
            if query != self.model.query:
                self._cancel_auto_retry()
                self._to_top = True
                self.model.set_query(query)
                self._update_state()

    def _on_groups_loaded(self, _groups: object) -> None:
        if self.groups.current_group() is not None:
            self._update_state()

    def _on_group_chosen(self, _group: Group | None) -> None:
        self._cancel_auto_retry()
        if self._usable():
            self._to_top = True
            self.model.set_query(self.query())
            self._update_state()

    def _on_page_size(self, _index: int) -> None:
        self._cancel_auto_retry()
        self.model.set_page_size(int(self.size_combo.currentData()))
        self._update_state()

    def _on_loading(self, loading: bool) -> None:
        if loading and not self.model.known:
            self._loading_timer.start()
        if not loading:
            self._loading_timer.stop()
        self._update_state()

    def _on_model_changed(self) -> None:
        self._update_state()
        self._update_pager()

    def retry(self) -> None:
        """The user's Retry (or the connection came back): a countdown to try by itself
        gives way, and should this try be slowed down too, the tab may try once more."""
        self._cancel_auto_retry()
        self._auto_retried = False
        self.model.retry()
        self._update_state()

    # -- trying again by itself after a short "slow down" ------------------------------------

    def _on_page_failed(self, exc: object) -> None:
        """The service asked to slow down for a short while (429 with Retry-After) and the
        client's own tries gave up: the tab waits that long, counting down where the
        failure is said, then tries once more by itself. Not for a long wait, not twice in
        a row, and not while the tab is hidden."""
        from desktop_app.core.api import errors as api

        self._cancel_auto_retry()
        if not isinstance(exc, api.RateLimited) or self._auto_retried or not self.isVisible():
            return
        wait = exc.retry_after
        if wait is None or not 0 < wait <= AUTO_RETRY_MAX_SECONDS:
            return
        self._auto_retry_for = exc
        self._auto_retry_left = max(1, math.ceil(wait))
        self._auto_retry_timer.start()

    def _auto_retry_tick(self) -> None:
        if self._auto_retry_for is None or self.model.error is not self._auto_retry_for:
            self._cancel_auto_retry()  # the failure is gone (a search, a Retry, a reload)
            self._update_state()
            return
        self._auto_retry_left -= 1
        if self._auto_retry_left > 0:
            self._update_state()  # the countdown
            return
        self._cancel_auto_retry()
        self._auto_retried = True
        self.model.retry()
        self._update_state()

    @property
    def auto_retry_seconds(self) -> int:
        """Seconds until the tab tries again by itself (0: it will not)."""
        return self._auto_retry_left if self._auto_retry_timer.isActive() else 0

    def _cancel_auto_retry(self) -> None:
        self._auto_retry_timer.stop()
        self._auto_retry_for = None
        self._auto_retry_left = 0

    def _auto_retry_ended(self) -> None:
        """A page arrived: the next "slow down" may be waited out by itself again."""
        if self.model.error is None:
            self._auto_retried = False

    def _update_state(self) -> None:
        """Grid, or the page that says why there is nothing to show."""
        session = self.ctx.session
        model = self.model
        query = model.query
        state, title, text, primary, secondary = State.GRID, "", "", "", ""
        from desktop_app.core.api import errors as api

        if session is None:
            state = State.NO_SESSION
            title = self.tr("No account connected")
            text = self.tr("Connect your account to see your customers.")
        elif not session.can_use_contacts or isinstance(model.error, api.ScopeError):
            state, title, text, primary = self._legacy_words()
        elif model.error is not None and not model.known:
            state = State.ERROR
            title, text = describe(model.error)
            if self.auto_retry_seconds:
                text = self.tr(
                    "The messaging service asked us to slow down. Trying again by itself in {wait}…"
                ).format(wait=counts().seconds(self.auto_retry_seconds))
            primary = self.tr("Retry")
        elif not model.known:
            if model.loading and not self._loading_timer.isActive() and model.total == 0:
                state = State.LOADING
                title = self.tr("Loading your contacts…")
        elif model.total == 0 and query is not None:
            state, title, text, primary, secondary = self._nothing_words(query)
        if state is State.GRID:
            self.stack.setCurrentWidget(self.table)
        else:
            self.state_page.show_state(state, title, text, primary, secondary)
            self.stack.setCurrentWidget(self.state_area)
        page_error = model.error is not None and model.known and state is State.GRID
        if page_error and model.error is not None and self.auto_retry_seconds:
            self.error_label.setText(
                self.tr(
                    "Some contacts could not be loaded: the service asked us to slow down. "
                    "Trying again by itself in {wait}…"
                ).format(wait=counts().seconds(self.auto_retry_seconds))
            )
        elif page_error and model.error is not None:
            error_title, error_text = describe(model.error)
            self.error_label.setText(
                self.tr("Some contacts could not be loaded. {title}: {text}").format(
                    title=error_title, text=error_text
                )
            )
        self.error_strip.setVisible(page_error)
        self._update_subtitle()
        self._update_actions()
        self._update_pager()
        if state.value != getattr(self, "_last_state", None):
            self._last_state = state.value
            self.state_changed.emit(state.value)

    def _legacy_words(self) -> tuple[State, str, str, str]:
        return (
            State.LEGACY,
            self.tr("Your secret key cannot open your contacts"),
            self.tr(
                "You are connected with an older kind of key: it sends SMS and reads your "
                "balance, but your provider does not let it reach your customer list. Ask your "
                "provider for a newer key (it starts with “mbs_” and includes contacts), "
                "then connect with it. Your messages and balance keep working meanwhile."
            ),
            self.tr("Connect with a new key…"),
        )

    def _nothing_words(self, query: ContactQuery) -> tuple[State, str, str, str, str]:
        group = self.groups.current_group()
        if query.search:
            where = (
                self.tr("Nobody in “{group}” matches “{search}”.").format(
                    group=group.name, search=query.search
                )
                if group is not None
                else self.tr("No contacts match “{search}”.").format(search=query.search)
            )
            return (
                State.NO_MATCHES,
                where,
                self.tr(
                    "Check the spelling, or search by part of a name or number (for example 0712)."
                ),
                self.tr("Clear the search"),
                "",
            )
        if group is not None:
            return (
                State.NO_MATCHES,
                self.tr("“{group}” has nobody in it yet").format(group=group.name),
                self.tr(
                    "Go to All contacts, select customers, then use Groups ▸ Add selected to "
                    "“{group}”."
                ).format(group=group.name),
                self.tr("Show all contacts"),
                "",
            )
        return (
            State.EMPTY,
            self.tr("No customers yet"),
            self.tr(
                "Import a spreadsheet of your customers, or add one now. Everyone you add "
                "here can get your SMS."
            ),
            self.tr("Add a customer"),
            self.tr("Import a spreadsheet"),
        )

    def _on_state_primary(self) -> None:
        state = self.state_page.state
        if state is State.LEGACY:
            self.ctx.errors.reauth_needed.emit(self._legacy_words()[2])
        elif state is State.ERROR:
            self.retry()
        elif state is State.EMPTY:
            self.open_form()
        elif state is State.NO_MATCHES:
            if self.search_edit.text():
                self.search_edit.clear()
                self.search_now()
            else:
                self.groups.choose(None)

    def _on_state_secondary(self) -> None:
        if self.state_page.state is State.EMPTY:
            self.ctx.show_tab_requested.emit("import")

    def _update_subtitle(self) -> None:
        model = self.model
        group = self.groups.current_group()
        query = model.query
        if not self._usable() or query is None:
            self.subtitle.setText("")
            return
        if not model.known:
            # Nothing known: loading, or the failure the page under it explains.
            loading = self.tr("Searching…") if query.search else self.tr("Loading…")
            self.subtitle.setText(loading if model.error is None else "")
            return
        total = counts().contacts(model.total)
        if query.search and group is not None:
            text = self.tr("{contacts} in “{group}” match “{search}”").format(
                contacts=total, group=group.name, search=query.search
            )
        elif query.search:
            text = self.tr("{contacts} match “{search}”").format(
                contacts=total, search=query.search
            )
        elif group is not None:
            text = self.tr("{contacts} in “{group}”").format(contacts=total, group=group.name)
        else:
            text = self.tr("{contacts} in your list").format(contacts=total)
        self.subtitle.setText(text)

    def show_notice(
        self, text: str, *, ok: bool = True, undo: bool = False, draft: bool = False
    ) -> None:
        """Say what happened under the titles; it goes after a while. With *undo*, it is the
        notice of the delete that can be undone, with its Undo: it stays while the offer
        lasts, and a later notice gives way back to it when its own time is up. With
        *draft*, the notice of a kept contact draft, with Open it and Discard, alike."""
        self.notice.say(text, "success" if ok else "warning")
        offered = undo and self._undo is not None
        self.undo_button.setVisible(offered)
        draft_offered = draft and not offered and self._draft_offer is not None
        self.open_draft_button.setVisible(draft_offered)
        self.discard_draft_button.setVisible(draft_offered)
        if offered or draft_offered:
            self._notice_timer.stop()
        else:
            self._notice_timer.start()

    def _notice_ended(self) -> None:
        offer = self._undo
        if offer is not None:
            self.show_notice(offer.text, ok=offer.ok, undo=True)
        elif self._draft_offer is not None:
            self._say_draft()
        else:
            self.notice.hide()

    # -- a contact being typed when Tuma closed ----------------------------------------------

    def look_for_draft(self, *, again: bool = False) -> None:
        """Once per account opened (with its first page), and *again* when a form reopened
        from one has closed: the contacts being typed when Tuma closed or crashed, kept as
        drafts, are offered back in the notice, the latest first."""
        session = self.ctx.session
        if session is None or not self._usable():
            return
        if session is self._draft_looked_for and not again:
            return
        self._draft_looked_for = session
        self.ctx.tasks.start(
            DRAFT_LOAD_TASK,
            self.ctx.services.contacts.load_drafts(session.profile.name),
            on_success=lambda drafts: self._on_drafts_found(session, drafts),
        )

    def _on_drafts_found(self, session: Session, drafts: list[ContactDraft]) -> None:
        if session is self.ctx.session:
            held = {f.draft_key for f in self.findChildren(ContactFormDialog) if f.holds_draft}
            waiting = [draft for draft in drafts if draft.key not in held]
            if waiting:
                self._draft_offer = (session, waiting)
                # (an Undo on offer, or a notice still up, keeps the bar: this one follows)
                if self._undo is None and not self._notice_timer.isActive():
                    self._say_draft()
            elif self._draft_offer is not None:
                self._drop_draft_offer()

    def _say_draft(self) -> None:
        offer = self._draft_offer
        if offer is None:
            return
        drafts = offer[1]
        name = _draft_name(drafts[0])
        if len(drafts) > 1:
            # (Open it and Discard take the latest; the others are offered after it)
            text = (
                self.tr(
                    "{contacts} you were typing when Tuma closed were kept; the latest: {name}."
                )
                if name
                else self.tr("{contacts} you were typing when Tuma closed were kept.")
            ).format(contacts=counts().contacts(len(drafts)), name=name)
        elif name:
            text = self.tr("A contact you were typing when Tuma closed was kept: {name}.").format(
                name=name
            )
        else:
            text = self.tr("A contact you were typing when Tuma closed was kept.")
        self.show_notice(text, ok=False, draft=True)

    def open_draft(self) -> ContactFormDialog | None:
        """The notice's Open it: the form again (an edit of the contact it was editing, or a
        new contact), filled with what was typed (the latest draft, when several were kept:
        the others are offered once it closes). The draft stays until that form is saved or
        discarded."""
        offer = self._draft_offer
        if offer is None:
            return None
        session, drafts = offer
        self._drop_draft_offer()
        if session is not self.ctx.session:
            return None
        draft = drafts[0]
        form = self.open_form(draft.contact)
        form.fill(ContactForm.of_draft(draft))
        form.reopened_from_draft(draft.key)
        return form

    def discard_draft(self) -> None:
        """The notice's Discard: asked first, as the form's own Discard is (what was typed is
        lost: one click beside "Open it" took it)."""
        if self._draft_offer is None or self._discard_draft_box is not None:
            return
        self._discard_draft_box = confirm(
            self,
            title=self.tr("Discard changes?"),
            text=self.tr("Forget the contact you were typing when Tuma closed?"),
            informative=self.tr("What you typed will be lost."),
            yes=self.tr("Discard"),
            no=self.tr("Keep it"),
            on_yes=self._discard_draft_now,
            destructive=True,
        )
        self._discard_draft_box.destroyed.connect(self._forget_discard_box)

    def _forget_discard_box(self) -> None:
        self._discard_draft_box = None

    def _discard_draft_now(self) -> None:
        """The latest draft on offer goes; the others, if any, are offered after the word
        that it went."""
        offer = self._draft_offer
        if offer is None:
            return
        session, drafts = offer
        self._drop_draft_offer()
        key = drafts[0].key
        self.ctx.tasks.start(draft_task(key), self.ctx.services.contacts.clear_draft(key))
        if len(drafts) > 1 and session is self.ctx.session:
            self._draft_offer = (session, drafts[1:])
        self.show_notice(self.tr("Discarded the contact you were typing."))

    def _drop_draft_offer(self) -> None:
        """The kept drafts are no longer on offer (one opened or discarded, another account):
        their buttons go, and their notice if shown."""
        self._draft_offer = None
        shown = not self.open_draft_button.isHidden()
        self.open_draft_button.hide()
        self.discard_draft_button.hide()
        if shown:
            self._notice_ended()

    # -- paging ----------------------------------------------------------------------------

    def current_page(self) -> int:
        model = self.model
        if model.total == 0:
            return 0
        bar = self.table.verticalScrollBar()
        if bar.maximum() > 0 and bar.value() >= bar.maximum():
            return model.page_count  # the last page may be too short to reach the top
        return model.page_of_row(max(0, self.table.rowAt(0)))

    def go_to_page(self, page: int) -> None:
        model = self.model
        if model.page_count == 0:
            return
        page = max(1, min(model.page_count, page))
        row = model.first_row_of(page)
        index = model.index(row, 0)
        self.table.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtTop)
        self.table.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.NoUpdate
        )
        model.want_page(page)
        self._update_pager(page)

    def first_page(self) -> None:
        self.go_to_page(1)

    def last_page(self) -> None:
        self.go_to_page(self.model.page_count)

    def next_page(self) -> None:
        self.go_to_page(self._page_shown + 1)

    def previous_page(self) -> None:
        self.go_to_page(self._page_shown - 1)

    def _update_pager(self, page: int | None = None) -> None:
        model = self.model
        pages = model.page_count if model.known else 0
        shown = page if page is not None else self.current_page()
        self._page_shown = shown
        self.page_label.setText(
            self.tr("Page {page} of {pages}").format(page=number(shown), pages=number(pages))
            if pages
            else ""
        )
        self.first_button.setEnabled(pages > 0 and shown > 1)
        self.previous_button.setEnabled(pages > 0 and shown > 1)
        self.next_button.setEnabled(pages > 0 and shown < pages)
        self.last_button.setEnabled(pages > 0 and shown < pages)

    def first_focus(self) -> QWidget | None:
        """Finding someone is what a user comes here for first: the search."""
        return self.search_edit

    def _focus_search(self) -> None:
        self.search_edit.setFocus()
        self.search_edit.selectAll()

    # -- the selection ---------------------------------------------------------------------

    def selected_rows(self) -> list[int]:
        rows: set[int] = set()
        selection = self.table.selectionModel().selection()
        for at in range(selection.count()):
            part = selection.at(at)
            rows.update(range(part.top(), part.bottom() + 1))
        return sorted(r for r in rows if r < self.model.total)

    def _update_actions(self) -> None:
        usable = self._usable() and self.model.known
        selected = len(self.selected_rows()) if usable else 0
        group = self.groups.current_group()
        busy = self.ctx.tasks.is_running(JOB_TASK)
        has_rows = usable and self.model.total > 0
        self.add_button.setEnabled(self._usable())
        self.refresh_button.setEnabled(self._usable())
        self.search_edit.setEnabled(self._usable())
        self.size_combo.setEnabled(self._usable())
        self.edit_button.setEnabled(selected == 1)
        self.delete_button.setEnabled(selected > 0 and not busy)
        self.undo_button.setEnabled(not busy)
        self.delete_button.setText(
            self.tr("Dele&te {n}…").format(n=number(selected))
            if selected > 1
            else self.tr("Dele&te…")
        )
        # Every action that runs as the tab's one job waits while another runs (starting it
        # would cancel the one running: a delete cut off part-way, with no word and no Undo).
        self.message_selected_action.setEnabled(selected > 0 and not busy)
        self.opt_out_selected_action.setEnabled(selected > 0 and not busy)
        self.message_selected_action.setText(
            self.tr("Message selected ({n})").format(n=number(selected))
            if selected
            else self.tr("Message selected")
        )
        self.message_matching_action.setEnabled(has_rows and not busy)
        self.message_matching_action.setText(
            self.tr("Message everyone matching ({n})").format(n=number(self.model.total))
            if has_rows
            else self.tr("Message everyone matching")
        )
        self.message_group_action.setEnabled(group is not None and group.size > 0 and not busy)
        self.message_group_action.setText(
            self.tr("Message everyone in “{group}”").format(group=group.name)
            if group is not None
            else self.tr("Message this group (choose a group first)")
        )
        self.message_button.setEnabled(usable)
        self.group_button.setEnabled(usable)
        self.export_button.setEnabled(has_rows and not busy)

    def _fill_group_menu(self) -> None:
        """Adding to and taking out of a group are the tab's one job: they wait while another
        job runs (as Delete does)."""
        menu = self.group_menu
        menu.clear()
        selected = len(self.selected_rows())
        busy = self.ctx.tasks.is_running(JOB_TASK)
        add = menu.addMenu(
            self.tr("Add selected to") if selected else self.tr("Add selected to (select first)")
        )
        add.setEnabled(selected > 0 and not busy)
        for group in self.groups.groups:
            add.addAction(group.name, partial(self.add_selected_to, group))
        if self.groups.groups:
            add.addSeparator()
        add.addAction(self.tr("New group…"), lambda: self.groups.ask_new(self.add_selected_to))
        current = self.groups.current_group()
        if current is not None:
            remove = menu.addAction(
                self.tr("Remove selected from “{group}”").format(group=current.name),
                self.remove_selected_from_group,
            )
            remove.setEnabled(selected > 0 and not busy)
        menu.addSeparator()
        menu.addAction(self.tr("New group…"), lambda: self.groups.ask_new())

    # -- add, edit -------------------------------------------------------------------------

    def open_form(
        self, contact: Contact | None = None, parent: QWidget | None = None
    ) -> ContactFormDialog:
        form = ContactFormDialog(self.ctx, contact, parent or self)
        form.saved.connect(lambda saved, f=form: self._on_saved(f, saved))
        form.open_contact_requested.connect(lambda owner, f=form: self.open_form(owner, f))
        form.contact_gone.connect(self.refresh)  # the list still showed it
        form.finished.connect(lambda _r, f=form: self._forget_form(f))
        self._forms.append(form)
        form.open()
        return form

    def _forget_form(self, form: ContactFormDialog) -> None:
        if form in self._forms:
            self._forms.remove(form)
        if form.reopened and not self._quitting:
            self.look_for_draft(again=True)  # the other kept drafts, if any, are offered next
        # A form opened from this one ("Open …") that is still open or still saving outlives
        # it: deleting this one would delete it too, under its save.
        for child in form.findChildren(ContactFormDialog):
            if child.parent() is form and (child in self._forms or child.saving):
                shown = child.isVisible()
                child.setParent(self, child.windowFlags())
                if shown:
                    child.show()
        if form.saving:
            # Discarded while its save was on its way: kept until the save ends, so the tab
            # still hears of it (the contact may well be added by then).
            form.attempt_finished.connect(form.deleteLater)
            return
        form.deleteLater()

    def edit_row(self, row: int) -> None:
        """Open the form for the contact of this row. Its page may no longer be in memory (the
        user paged far away from the row selected) or not in yet: it is fetched first, as
        Delete and Message do, and the form opens when it comes."""
        found = self.model.row_at(row)
        if found is None:
            self._fetch_to_edit(row)
            return
        self._edit(found)

    def _fetch_to_edit(self, row: int) -> None:
        session = self.ctx.session
        if session is None or not self.model.known:
            return
        version = self.model.version  # (a new search meanwhile: nobody else is opened)

        async def fetch() -> ContactRow | None:
            found = await self.model.rows_for([row], version)
            return found[0] if found else None

        def fetched(found: ContactRow | None) -> None:
            if session is not self.ctx.session:
                return
            if found is None:
                self._say_rows_moved()
                return
            self._edit(found)

        self.ctx.tasks.start(EDIT_TASK, fetch(), on_success=fetched, on_error=self._edit_failed)

    def _edit_failed(self, exc: BaseException) -> bool:
        if isinstance(exc, RowsMoved):
            self._say_rows_moved()
            return True
        return False  # (no connection…: the presenter says so, with the next step)

    def _edit(self, found: ContactRow) -> None:
        if found.contact is None:
            self.show_notice(
                self.tr(
                    "{number} is in a group here but no longer in your provider's contacts: "
                    "add it again to edit it."
                ).format(number=found.phone),
                ok=False,
            )
            return
        self.open_form(found.contact)

    def edit_selected(self) -> None:
        rows = self.selected_rows()
        if len(rows) == 1:
            self.edit_row(rows[0])

    def _on_saved(self, form: ContactFormDialog, saved: Contact | None) -> None:
        if saved is None:
            return  # nothing changed
        name = saved.display_name
        original = form.contact
        if original is None:
            self.show_notice(self.tr("Added {name}.").format(name=name))
            self.model.reload()  # newest first: it is at the top now
            self._show_added(saved.phone)
            return
        self.show_notice(self.tr("Saved {name}.").format(name=name))
        self.model.replace_contact(saved)

    def _show_added(self, phone: str) -> None:
        """The list scrolled back to its top, where the contact just added is (newest first),
        and that row selected once its page is in (:meth:`_select_added`): the user sees what
        they added (it stayed out of sight on whatever page they were reading)."""
        self._added_phone = phone
        self.table.scrollToTop()

    def _select_added(self, number: int) -> None:
        phone = self._added_phone
        if number != 1 or phone is None:
            return
        self._added_phone = None
        first = self.model.row_at(0)
        if first is not None and first.phone == phone:
            self.table.clearSelection()
            self.select_rows([0])
            self.table.scrollToTop()

    # -- delete ----------------------------------------------------------------------------

    def ask_delete(self) -> None:
        rows = self.selected_rows()
        if not rows or not self.model.known or self._refused_while_busy():
            return
        version = self.model.version  # what the rows meant when the user chose them
        many = counts().contacts(len(rows))
        confirm(
            self,
            title=self.tr("Delete contacts?"),
            text=self.tr("Delete {contacts} from your provider's contact list?").format(
                contacts=many
            ),
            informative=self.tr(
                "They also leave the groups on this computer. For {n} minutes afterwards "
                "(until you delete others) Undo adds them back, with their details and groups. "
                "Messages already sent to them are not affected."
            ).format(n=number(UNDO_MINUTES)),
            yes=self.tr("Delete {contacts}").format(contacts=many),
            no=self.tr("Keep them"),
            on_yes=lambda: self.delete_rows(rows, version),
            destructive=True,
        )

    def delete_rows(self, rows: Sequence[int], version: int | None = None) -> None:
        """Delete the contacts of these rows, chosen at the model's *version* (now if None):
        when the list changed since, nothing is deleted."""
        session = self.ctx.session
        if session is None or self._refused_while_busy():
            return
        version = self.model.version if version is None else version
        focus = self.window().focusWidget()
        # the keyboard was in the tab (on the grid, or on Delete, which waits meanwhile): once
        # the list is read again it goes to the row that took the first deleted one's place
        keyboard_here = focus is None or focus is self.window() or self.isAncestorOf(focus)
        first = min(rows) if rows else 0

        async def job() -> tuple[DeleteReport, tuple[_Gone, ...]]:
            found = await self.model.rows_for(rows, version)
            contacts = [r.contact for r in found if r.contact is not None]
            self._job_changing = True
            report = await self.ctx.services.contacts.delete_many(
                session.client,
                session.profile.name,
                contacts,
                self.progress.progress,
                lambda: self._cancel_requested,
            )
            # A group member no longer among the contacts (deleted elsewhere) has nothing to
            # delete on the service: it leaves the groups here, as the question said (it was
            # dropped, the row stayed, and the notice said "Deleted 0 contacts."). Not after
            # a Cancel: the delete stopped there.
            gone = [r for r in found if r.contact is None]
            if not gone or report.stopped:
                return report, ()
            return report, await self._take_out_of_groups(session.profile.name, gone)

        def deleted(result: tuple[DeleteReport, tuple[_Gone, ...]]) -> None:
            report, gone = result
            self._focus_row = first if keyboard_here else None
            self._on_deleted(report, gone)
            if keyboard_here:
                self._land_focus(waiting=True)

        self._run_job(
            self.tr("Deleting {contacts}…").format(contacts=counts().contacts(len(rows))),
            job(),
            deleted,
            cooperative=True,  # Cancel stops after the contact being deleted, and says so
        )

    async def _take_out_of_groups(
        self, profile: str, rows: Sequence[ContactRow]
    ) -> tuple[_Gone, ...]:
        """Take these numbers (no longer among the contacts) out of every group on this
        computer; each with the groups it was in, for an Undo."""
        contacts = self.ctx.services.contacts
        names = await contacts.groups_of(profile, [r.phone for r in rows])
        ids = {group.name: group.id for group in await contacts.groups(profile)}
        gone = tuple(
            _Gone(row, tuple(ids[name] for name in names.get(row.phone, ()) if name in ids))
            for row in rows
        )
        phones: dict[int, list[str]] = {}
        for one in gone:
            for group_id in one.group_ids:
                phones.setdefault(group_id, []).append(one.row.phone)
        for group_id, numbers in phones.items():
            await contacts.remove_from_group(profile, group_id, numbers)
        return gone

    async def _back_in_groups(self, profile: str, gone: Sequence[_Gone]) -> int:
        """Undo :meth:`_take_out_of_groups`: each number back in the groups it was in (a group
        deleted meanwhile stays deleted). How many numbers went back in a group."""
        contacts = self.ctx.services.contacts
        alive = {group.id for group in await contacts.groups(profile)}
        rows: dict[int, list[ContactRow]] = {}
        back: set[str] = set()
        for one in gone:
            for group_id in one.group_ids:
                if group_id in alive:
                    rows.setdefault(group_id, []).append(one.row)
                    back.add(one.row.phone)
        for group_id, members in rows.items():
            await contacts.add_to_group(profile, group_id, members)
        return len(back)

    def _on_deleted(self, report: DeleteReport, gone: Sequence[_Gone] = ()) -> None:
        """Say what the delete did: the contacts deleted (or not, and why), and the numbers
        no longer among the contacts that it took out of the groups here (*gone*); never a
        success for nothing."""
        deleted = len(report.deleted)
        tried = bool(report.deleted or report.failed or report.stopped)
        if not tried:
            text, ok = "", True
        elif report.failed:
            _title, why = describe(report.failed[0][1])
            failed = counts().contacts(len(report.failed))
            text = (
                self.tr("Deleted {deleted}; {failed} could not be deleted. {why}").format(
                    deleted=counts().contacts(deleted), failed=failed, why=why
                )
                if deleted
                else self.tr("{failed} could not be deleted. {why}").format(failed=failed, why=why)
            )
            ok = False
        elif report.stopped:
            text = self.tr("Stopped: {contacts} were deleted before you cancelled.").format(
                contacts=counts().contacts(deleted)
            )
            ok = False
        else:
            text = self.tr("Deleted {contacts}.").format(contacts=counts().contacts(deleted))
            ok = True
        if gone:
            ungrouped = self.tr(
                "Took {numbers} out of the groups on this computer (no longer in your "
                "provider's contacts)."
            ).format(numbers=counts().numbers(len(gone)))
            text = f"{text} {ungrouped}" if text else ungrouped
        elif not tried:  # (the rows held nobody by the time they were read)
            text, ok = self._rows_moved_text(), False
        regroup = tuple(one for one in gone if one.group_ids)
        session = self.ctx.session
        if (report.deleted or regroup) and session is not None:
            # the next delete ends the Undo of the one before
            self._undo = _UndoOffer(session, report.deleted, report.memberships, text, ok, regroup)
            self._undo_timer.start()
        self.show_notice(text, ok=ok, undo=bool(report.deleted or regroup))
        self.table.clearSelection()
        self.groups.reload()
        self.model.reload()

    # -- undo a delete ---------------------------------------------------------------------

    def undo_delete(self) -> None:
        """Add the contacts of the last delete back (with every field), in the groups they
        left, and the numbers no longer among the contacts it took out of their groups back
        in them. A second press while it runs does nothing (the button is disabled, and the
        tab's one job is busy); whatever could not be added back (no connection) stays on
        offer, and the notice says why."""
        offer = self._undo
        if offer is None or self._refused_while_busy():
            return
        session = self.ctx.session
        if session is not offer.session:
            self._drop_undo()
            return
        profile = session.profile.name

        async def job() -> tuple[RestoreReport, int | None]:
            report = await self.ctx.services.contacts.restore_many(
                session.client,
                profile,
                offer.contacts,
                offer.memberships,
                self.progress.progress,
                lambda: self._cancel_requested,
            )
            if not offer.gone or report.stopped:
                return report, None
            return report, await self._back_in_groups(profile, offer.gone)

        self._run_job(
            self.tr("Adding back {contacts}…").format(
                contacts=counts().contacts(len(offer.contacts))
            )
            if offer.contacts
            else self.tr("Putting {numbers} back in the groups…").format(
                numbers=counts().numbers(len(offer.gone))
            ),
            job(),
            lambda result: self._on_restored(offer, *result),
            cooperative=True,
        )
        self._job_changing = True  # from its first request

    def _on_restored(
        self, offer: _UndoOffer, report: RestoreReport, regrouped: int | None = None
    ) -> None:
        """Say what the Undo did. *regrouped*: how many of the numbers no longer among the
        contacts went back in their groups (None: not tried, they stay on offer)."""
        restored = len(report.restored)
        parts: list[str] = []
        if restored:
            parts.append(
                self.tr("Added back {contacts}.").format(contacts=counts().contacts(restored))
            )
        if report.existing:
            parts.append(
                self.tr(
                    "Not added twice, as their number is in your contacts again (added "
                    "meanwhile): {names}."
                ).format(names=", ".join(c.display_name for c in report.existing[:5]))
                if len(report.existing) <= 5
                else self.tr(
                    "Not added twice, as their number is in your contacts again (added "
                    "meanwhile): {contacts}."
                ).format(contacts=counts().contacts(len(report.existing)))
            )
        left = report.left
        if report.failed:
            _title, why = describe(report.failed[0][1])
            parts.append(
                self.tr("{contacts} not added back yet. {why} Undo stays here for them.").format(
                    contacts=counts().contacts(len(left)), why=why
                )
            )
        elif report.not_tried:
            parts.append(
                self.tr("Stopped: {contacts} not added back yet (Undo adds them).").format(
                    contacts=counts().contacts(len(left))
                )
            )
        gone = offer.gone if regrouped is None else ()
        if regrouped:
            parts.append(
                self.tr("Put {numbers} back in the groups on this computer.").format(
                    numbers=counts().numbers(regrouped)
                )
            )
        elif regrouped == 0 and offer.gone:
            parts.append(self.tr("Not put back in any group: those groups were deleted meanwhile."))
        text = " ".join(parts)
        if (left or gone) and self._undo is offer:
            kept = {c.phone for c in left}
            self._undo = _UndoOffer(
                offer.session,
                left,
                tuple(m for m in offer.memberships if m.phone in kept),
                text,
                False,
                gone,
            )
            self.show_notice(text, ok=False, undo=True)
        else:
            if self._undo is offer:
                self._drop_undo()
            self.show_notice(text, ok=not left and not report.existing and regrouped != 0)
        self.groups.reload()
        self.model.reload()

    def _drop_undo(self) -> None:
        """The delete can no longer be undone (its time is up, another delete, another
        account): its Undo goes, and so does its notice if it is the one shown."""
        offer, self._undo = self._undo, None
        self._undo_timer.stop()
        shown = offer is not None and self.undo_button.isVisible()
        self.undo_button.hide()
        if shown:
            self._notice_ended()  # (a kept draft's notice, if one waits)

    def _on_page_loaded(self, number: int) -> None:
        if number == 1:
            if self._to_top:
                # A new search or group is shown from its first matches ("Page 1 of …"), as
                # the model shows a query from its first page: the grid stayed where the
                # list before it was scrolled to (deep in it: the end of the results).
                self._to_top = False
                self.table.scrollToTop()
                self._update_pager()
            self._land_focus()

    def _land_focus(self, *, waiting: bool = False) -> None:
        """After a delete, the keyboard is on the row that took the first deleted one's place
        (the last row when the end was deleted), not selected (Delete again asks about that
        one only once it is chosen); on the list while it is read again (*waiting*); on the
        page's button when nobody is left or the list could not be read."""
        row = self._focus_row
        if row is None:
            return
        model = self.model
        if waiting:
            if self.table.isVisible():
                self.table.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self._focus_row = None
        if model.known and model.total > 0 and self.table.isVisible():
            index = model.index(min(row, model.total - 1), 0)
            self.table.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.NoUpdate
            )
            self.table.scrollTo(index)
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        primary = self.state_page.primary if self._states is not None else None
        if primary is not None and primary.isVisible() and primary.isEnabled():
            primary.setFocus(Qt.FocusReason.OtherFocusReason)
        elif self.search_edit.isEnabled():
            self.search_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- groups ----------------------------------------------------------------------------

    def add_selected_to(self, group: Group) -> None:
        session = self.ctx.session
        rows = self.selected_rows()
        if session is None or not rows or self._refused_while_busy():
            return
        contacts = self.ctx.services.contacts
        version = self.model.version

        async def job() -> tuple[int, dict[str, tuple[str, ...]], list[str]]:
            found = await self.model.rows_for(rows, version)
            self._job_changing = True
            # From here Cancel (or a quit) stops it between writes, and what went in is said
            # (cancelled at once, the words "nothing was changed" were not true).
            self._job_cooperative = True
            added = await contacts.add_to_group(
                session.profile.name, group.id, found, cancel=lambda: self._cancel_requested
            )
            phones = [r.phone for r in found]
            return added, await contacts.groups_of(session.profile.name, phones), phones

        def done(result: tuple[int, dict[str, tuple[str, ...]], list[str]]) -> None:
            added, groups, phones = result
            self.model.set_groups(groups, phones)
            self.groups.reload()
            if self._cancel_requested:
                self.show_notice(
                    self.tr("Stopped: added {contacts} to “{group}”; the others were not.").format(
                        contacts=counts().contacts(added), group=group.name
                    )
                    if added
                    else self.tr("Cancelled: nothing was changed."),
                    ok=False,
                )
                return
            self.show_notice(
                self.tr("Added {contacts} to “{group}”.").format(
                    contacts=counts().contacts(added), group=group.name
                )
                if added
                else self.tr("They were all in “{group}” already.").format(group=group.name)
            )

        self._run_job(self.tr("Adding to “{group}”…").format(group=group.name), job(), done)

    def remove_selected_from_group(self) -> None:
        session = self.ctx.session
        group = self.groups.current_group()
        rows = self.selected_rows()
        if session is None or group is None or not rows or self._refused_while_busy():
            return
        contacts = self.ctx.services.contacts
        version = self.model.version

        async def job() -> int:
            found = await self.model.rows_for(rows, version)
            self._job_changing = True
            return await contacts.remove_from_group(
                session.profile.name, group.id, [r.phone for r in found]
            )

        def done(removed: int) -> None:
            self.show_notice(
                self.tr("Took {contacts} out of “{group}” (they stay in your contacts).").format(
                    contacts=counts().contacts(removed), group=group.name
                )
            )
            self.table.clearSelection()
            self.groups.reload()
            self.model.reload()

        self._run_job(self.tr("Updating “{group}”…").format(group=group.name), job(), done)

    # -- message them ----------------------------------------------------------------------

    def message_selected(self) -> None:
        rows = self.selected_rows()
        if not rows or self._refused_while_busy():
            return
        if len(rows) > MAX_MATCHING:
            self.show_notice(
                self.tr("Select at most {n} people, or use Message everyone matching.").format(
                    n=number(MAX_MATCHING)
                ),
                ok=False,
            )
            return

        version = self.model.version

        async def job() -> list[Any]:
            return [row.person() for row in await self.model.rows_for(rows, version)]

        self._run_job(self.tr("Getting the selected contacts…"), job(), self._compose)

    def opt_out_selected(self) -> None:
        """The selected customers get no more promotions (they asked to stop)."""
        rows = self.selected_rows()
        if not rows or self._refused_while_busy():
            return
        version = self.model.version

        async def job() -> int | None:
            from desktop_app.core.services.optouts import OptOutSource
            from desktop_app.ui.optouts import add_to_opt_out_list

            people = [row.person() for row in await self.model.rows_for(rows, version)]
            self._job_changing = True
            return await add_to_opt_out_list(
                self.ctx, [p.phone for p in people], OptOutSource.STAFF
            )

        def done(added: int | None) -> None:
            if added is None:
                return
            chosen = len(rows)
            if added == chosen:
                text = self.tr(
                    "{added} added to the opt-out list: they get no more promotions "
                    "(service messages still reach them)."
                ).format(added=counts().people(added))
            elif added == 0:
                text = self.tr("Nobody was added to the opt-out list: they were on it already.")
            else:
                # (counted phrases both: "1 person already on it", "2 people already on it")
                text = self.tr(
                    "{added} added to the opt-out list; {already} already on it."
                ).format(added=counts().people(added), already=counts().people(chosen - added))
            self.show_notice(text)

        self._run_job(self.tr("Adding to the opt-out list…"), job(), done)

    def open_opt_out_list(self) -> None:
        from desktop_app.ui.optouts import OptOutListDialog

        dialog = OptOutListDialog(self.ctx, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def message_matching(self) -> None:
        """Message what the search box says: a search typed but not yet sent (the pause after
        typing) is sent now, and its matches are messaged, not the list before it (as
        Export)."""
        self.search_now()
        query = self.model.query
        if query is not None:
            self._collect(query, self.tr("Collecting everyone matching…"))

    def message_group(self) -> None:
        group = self.groups.current_group()
        if group is not None:
            self._collect(
                ContactQuery(group_id=group.id),
                self.tr("Collecting everyone in “{group}”…").format(group=group.name),
            )

    def _collect(self, query: ContactQuery, text: str) -> None:
        session = self.ctx.session
        if session is None or self._refused_while_busy():
            return
        job = self.ctx.services.contacts.all_matching(
            session.client,
            session.profile.name,
            query,
            self.progress.progress,
            lambda: self._cancel_requested,
        )
        self._run_job(text, job, self._on_collected)

    def _on_collected(self, matching: Matching) -> None:
        if not matching.rows:
            # (a search sent just now, or the list changed meanwhile: nobody went to Compose)
            self.show_notice(self.tr("Nobody matches, so nobody was added to a message."), ok=False)
            return
        if matching.truncated:
            self.ctx.errors.info(
                self.tr("Only the first {n} were added").format(n=number(len(matching.rows))),
                self.tr(
                    "{total} match, more than one message can go to from here. To reach "
                    "everyone, narrow the search or send in several goes."
                ).format(total=counts().contacts(matching.total)),
                level=Level.WARNING,
            )
        self._compose(matching.people())

    def _compose(self, people: list[Any]) -> None:
        if people:
            self.ctx.compose_requested.emit(ComposeRequest(tuple(people)))

    # -- export ----------------------------------------------------------------------------

    def ask_export(self) -> None:
        """Export what the search box says: a search typed but not yet sent (the pause after
        typing) is sent now, and the export is of it, not of the list before it."""
        self.search_now()
        query = self.model.query
        group = self.groups.current_group()
        label = group.name if group is not None else (query or ContactQuery()).search
        ask_export_path(
            self, label or "contacts", lambda path, fmt: self.export_to(path, fmt, query)
        )

    def export_to(self, path: Path, fmt: ExportFormat, query: ContactQuery | None = None) -> None:
        """Write everyone matching *query* (the one shown when Export was pressed; by
        default the one shown now) to *path*."""
        session = self.ctx.session
        query = query or self.model.query
        if session is None or query is None or self._refused_while_busy():
            return
        job = self.ctx.services.contacts.export(
            session.client,
            session.profile.name,
            path,
            fmt,
            query,
            self.progress.progress,
            lambda: self._cancel_requested,
        )

        def done(report: ExportReport) -> None:
            self.show_notice(
                self.tr("Exported {contacts} to {file}.").format(
                    contacts=counts().contacts(report.rows), file=report.path.name
                )
            )
            self.notice.setToolTip(str(report.path))

        known = self.model.known and query == self.model.query
        self._run_job(
            self.tr("Exporting {contacts}…").format(contacts=counts().contacts(self.model.total))
            if known
            else self.tr("Exporting contacts…"),
            job,
            done,
            writes=path,
        )

    # -- the one long job at a time --------------------------------------------------------

    def _run_job(
        self,
        text: str,
        coro: Coroutine[Any, Any, Any],
        on_success: Callable[[Any], None],
        *,
        cooperative: bool = False,
        writes: Path | None = None,
    ) -> None:
        if self._refused_while_busy():
            # (every caller asks first: this is the last guard, for one that did not)
            coro.close()
            return
        self._job_changing = False  # the job says when it begins to change something
        self._job_text = text
        super()._run_job(text, coro, on_success, cooperative=cooperative, writes=writes)

    def _refused_while_busy(self) -> bool:
        """True, and said, while the tab's one job runs: starting another would cancel it (one
        task name), a delete stopped part-way with no word and no Undo. The actions that start
        a job wait (greyed out) meanwhile; this answers what reaches one anyway (a shortcut, a
        click queued before it greyed out, a dialog answered later)."""
        if not self.ctx.tasks.is_running(JOB_TASK):
            return False
        self.show_notice(
            self.tr(
                "Not started: “{job}” is still running. Try again when it has finished, or "
                "press Cancel beside it."
            ).format(job=self._job_text),
            ok=False,
        )
        return True

    async def stop(self, timeout: float) -> bool:  # noqa: ASYNC109 (the TabPage interface)
        """Quitting. A job that has begun to change something (deleting, adding back, putting
        numbers in a group or on the opt-out list) is asked to stop after the contact (or the
        batch) in hand, whose groups are then settled, and is waited for up to *timeout*
        seconds, as the Cancel of a delete does: a request cut off on its way may still be
        carried out by the service, with the groups on this computer not following. After
        that it is cancelled with the rest of the app's work. A job that has only read so far
        (collecting, exporting, reading the selected rows) is cancelled at once: nothing is
        lost, and nothing it found goes anywhere (Compose has wound down). A contact's Save
        on its way is waited for alike: cut off, a changed number reached the service while
        the groups on this computer stayed with the old one. What a form still holds unsaved
        is kept as a contact draft first (offered back when the account opens).
        True when no job, save or draft write is left running."""
        self._search_timer.stop()
        self._cancel_auto_retry()
        self._keep_drafts()
        waits = [
            self.ctx.tasks.wait_for(form.save_task, timeout)
            for form in self.findChildren(ContactFormDialog)  # (discarded ones too)
            if form.saving
        ]
        if self.ctx.tasks.is_running(JOB_TASK):
            if self._job_changing:
                self._cancel_requested = True
                waits.append(self.ctx.tasks.wait_for(JOB_TASK, timeout))
            else:
                self._job_cooperative = False  # nothing changed yet: nothing to finish
                self.cancel_job()
        stopped = all(await asyncio.gather(*waits))
        # what only refreshes the screen goes (a job just ended reads the list again)
        for name in (PAGE_TASK, GROUPS_TASK, DRAFT_LOAD_TASK, EDIT_TASK):
            self.ctx.tasks.cancel(name)
        # the drafts written (and those a save that just ended cleared) are on the disk
        drafts = [n for n in self.ctx.tasks.running() if n.startswith(DRAFT_TASK + ".")]
        written = await asyncio.gather(*(self.ctx.tasks.wait_for(n, timeout) for n in drafts))
        return stopped and all(written)

    def closing(self) -> None:
        """The window closes for good (a quit, a log-out, a shutdown), before its dialogs are
        closed: each contact form keeps what it holds as a draft of its account and closes
        without asking "Discard changes?" (nobody would be there to answer)."""
        self._quitting = True
        self._keep_drafts()
        for form in self.findChildren(ContactFormDialog):
            form.closing_for_quit()

    def _keep_drafts(self) -> None:
        """Every form with unsaved typing writes it as its draft now (a pending timer's write
        made at once)."""
        for form in self.findChildren(ContactFormDialog):
            if form.dirty:
                form.keep_draft()

    def _job_failed(self, exc: BaseException) -> bool:
        handled = super()._job_failed(exc)
        if isinstance(exc, RowsMoved):
            self._say_rows_moved()
            return True
        return handled

    def _say_rows_moved(self) -> None:
        self.show_notice(self._rows_moved_text(), ok=False)

    def _rows_moved_text(self) -> str:
        return self.tr(
            "The list changed meanwhile (a search, Refresh or an import), so nothing was "
            "done. Select the contacts again."
        )

    def cancel_job(self) -> None:
        """The strip's Cancel. Deleting stops after the contact in hand (and reports what was
        deleted); collecting and exporting stop at once (an export leaves no file)."""
        self._cancel_job(self.tr("Cancelled: nothing was changed."), self.tr("Stopping…"))

    def select_rows(self, rows: Sequence[int]) -> None:
        """Select these rows (as a click and Ctrl+clicks would)."""
        selection = self.table.selectionModel()
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        for row in rows:
            selection.select(self.model.index(row, 0), flags)
