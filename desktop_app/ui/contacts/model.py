"""The contacts grid's model: every contact the service has (or a search, or a group), paged
from the service on demand.

- ``rowCount()`` is the service's total, so the scroll bar is honest from the first page on;
- a row whose page is not loaded shows a placeholder and asks for its page. Pages are fetched
  one at a time on one named task (:attr:`ContactsModel.task_name`), the most recently wanted
  first; a page in flight is never asked for twice (the in-flight guard), and a new query
  cancels the fetch of the old one;
- at most :data:`CACHE_PAGES` pages are kept, the least recently used evicted first, so
  paging through 100,000 contacts keeps memory flat;
- when a page arrives, ``dataChanged`` covers its rows and :attr:`ContactsModel.page_loaded`
  is emitted; when the total changed meanwhile (someone added or deleted contacts), the
  model is reset around the fresh page;
- ``data()`` runs for every cell and role each time the grid paints (seven roles a cell): it
  returns at once for the roles it does not answer, and a row's texts (its date formatted
  for the locale, its number for display) are made once, when the row is first shown.

Sorting is the service's (newest first): the model offers no other.
"""

from __future__ import annotations

import logging
import math
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QDate,
    QDateTime,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTime,
    QTimer,
    QTimeZone,
    Signal,
)
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from desktop_app.core.phones import local_display
from desktop_app.core.services.contacts import ContactRow
from desktop_app.ui.grids import GRID_STYLE
from desktop_app.ui.widgets import tab_leaves

if TYPE_CHECKING:
    from desktop_app.core.api.models import Contact
    from desktop_app.core.services.contacts import ContactQuery, ContactsPage
    from desktop_app.ui.context import AppContext

__all__ = [
    "CACHE_PAGES",
    "ROW_ROLE",
    "TABLE_STYLE",
    "Column",
    "ContactsModel",
    "RowsMoved",
    "added_text",
    "contacts_view",
]

log = logging.getLogger(__name__)

#: Pages kept in memory (at 100 rows a page: 1,000 contacts, well under a megabyte).
CACHE_PAGES = 10
#: Pages remembered as wanted while one is being fetched: a fast scroll leaves many behind,
#: only the last few (the ones on screen) are worth fetching.
MAX_WANTED = 4
#: The role that gives a row's :class:`~desktop_app.core.services.contacts.ContactRow`.
ROW_ROLE = Qt.ItemDataRole.UserRole + 1

_MUTED = QColor("#9aa5b1")

# The roles as plain ints: data() compares them for every cell on every paint.
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_FONT = int(Qt.ItemDataRole.FontRole)
_ACCESSIBLE = int(Qt.ItemDataRole.AccessibleTextRole)
_ROW = int(ROW_ROLE)
#: The roles data() answers; the delegate also asks for alignment, decoration, check state
#: and background, for every cell.
_ANSWERED = frozenset({_DISPLAY, _TOOLTIP, _FOREGROUND, _FONT, _ACCESSIBLE, _ROW})
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

Index = QModelIndex | QPersistentModelIndex


class Column(IntEnum):
    NAME = 0
    PHONE = 1
    GROUPS = 2
    EMAIL = 3
    NOTES = 4
    ADDED = 5


def added_text(moment: datetime, *, with_time: bool = False) -> str:
    """When a contact was added, in the user's time zone and locale ("3 Jan 2025")."""
    local = moment.astimezone()
    day = QDate(local.year, local.month, local.day)
    if not with_time:
        return QLocale().toString(day, "d MMM yyyy")
    # The wall-clock time is local already: held as UTC, Qt does not convert it again (a
    # local-time QDateTime looks the zone up, ~20x slower, once for every row shown).
    shown = QDateTime(day, QTime(local.hour, local.minute), QTimeZone.utc())
    return QLocale().toString(shown, "d MMM yyyy, HH:mm")


class RowsMoved(Exception):
    """The rows chosen no longer hold the contacts they held (a new search, a reload, or the
    list changed size on the service meanwhile): nothing may be done with them."""


def _headers() -> dict[Column, str]:
    return {
        Column.NAME: QCoreApplication.translate("ContactsModel", "Name"),
        Column.PHONE: QCoreApplication.translate("ContactsModel", "Phone"),
        Column.GROUPS: QCoreApplication.translate("ContactsModel", "Groups"),
        Column.EMAIL: QCoreApplication.translate("ContactsModel", "Email"),
        Column.NOTES: QCoreApplication.translate("ContactsModel", "Notes"),
        Column.ADDED: QCoreApplication.translate("ContactsModel", "Added"),
    }


class ContactsModel(QAbstractTableModel):
    #: A page arrived (its number, from 1).
    page_loaded = Signal(int)
    #: The number of rows (the service's total for the query) is known or changed.
    total_changed = Signal(int)
    #: True while pages are being fetched, False when the fetching stopped.
    loading_changed = Signal(bool)
    #: Fetching failed: the exception (the tab shows it, with Retry).
    failed = Signal(object)

    def __init__(
        self,
        ctx: AppContext,
        task_name: str,
        *,
        page_size: int = 20,
        columns: Sequence[Column] = tuple(Column),
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self.task_name = task_name
        self._columns = tuple(columns)
        self._headers = _headers()
        self._page_size = page_size
        self._query: ContactQuery | None = None
        self._total = 0
        self._known = False  # the first page of the current query has arrived
        self._generation = 0  # bumped by every new query: late answers are dropped
        self._version = 0  # bumped whenever a row number may start meaning another contact
        self._pages: OrderedDict[int, tuple[ContactRow, ...]] = OrderedDict()
        #: Each cached page's rows as shown (one text a column), made when first painted.
        self._texts: dict[int, list[tuple[str, ...] | None]] = {}
        self._wanted: OrderedDict[int, None] = OrderedDict()
        self._in_flight: tuple[int, int] | None = None  # (generation, page)
        self._loading = False
        #: The last failure, until a retry (None when fetching works).
        self.error: BaseException | None = None
        # data() runs while the view paints: fetching starts just after, never inside it.
        self._kick_timer = QTimer(self)
        self._kick_timer.setSingleShot(True)
        self._kick_timer.setInterval(0)
        self._kick_timer.timeout.connect(self._kick)

    # -- what it holds ---------------------------------------------------------------------

    @property
    def query(self) -> ContactQuery | None:
        return self._query

    @property
    def page_size(self) -> int:
        return self._page_size

    @property
    def total(self) -> int:
        return self._total

    @property
    def known(self) -> bool:
        """True once the service answered for the current query (the total is real)."""
        return self._known

    @property
    def loading(self) -> bool:
        return self._loading

    @property
    def version(self) -> int:
        """Changes whenever a row number may stop meaning the contact it meant (a new query,
        a reload, the rows laid out again): rows chosen at one version are not acted on at
        another (:meth:`rows_for`)."""
        return self._version

    @property
    def page_count(self) -> int:
        return math.ceil(self._total / self._page_size) if self._total else 0

    def cached_pages(self) -> list[int]:
        return list(self._pages)

    def page_of_row(self, row: int) -> int:
        return row // self._page_size + 1

    def first_row_of(self, page: int) -> int:
        return (max(1, page) - 1) * self._page_size

    def row_at(self, row: int) -> ContactRow | None:
        """The row's contact when its page is loaded (None otherwise: nothing is fetched)."""
        page = self._pages.get(self.page_of_row(row))
        offset = row % self._page_size
        return page[offset] if page is not None and offset < len(page) else None

    # -- what it is asked to show ----------------------------------------------------------

    def set_query(self, query: ContactQuery, *, page_size: int | None = None) -> None:
        """Show *query* from its first page (one request). The rows on screen stay until the
        answer arrives, so typing a search does not flicker; an older fetch is cancelled."""
        self._query = query
        if page_size is not None:
            self._page_size = page_size
        self._generation += 1
        self._version += 1
        self._known = False
        self._wanted.clear()
        self._wanted[1] = None
        self.error = None
        self._start()

    def set_page_size(self, size: int) -> None:
        if size != self._page_size and self._query is not None:
            self.set_query(self._query, page_size=size)
        else:
            self._page_size = size

    def reload(self) -> None:
        """Read the current query again from its first page (after an add or a delete)."""
        if self._query is not None:
            self.set_query(self._query)

    def retry(self) -> None:
        """After a failure: fetch what is still wanted (the first page if nothing is known)."""
        self.error = None
        if not self._known:
            if self._query is not None:
                self.set_query(self._query)
            return
        self._start()

    def clear(self) -> None:
        """No account (or one that cannot read contacts): nothing to show, nothing fetched."""
        self._ctx.tasks.cancel(self.task_name)
        self._generation += 1
        self._version += 1
        self._query = None
        self._wanted.clear()
        self._in_flight = None
        self.error = None
        self.beginResetModel()
        self._forget_pages()
        self._total = 0
        self._known = False
        self.endResetModel()
        self._set_loading(False)
        self.total_changed.emit(0)

    def want_page(self, page: int) -> None:
        """Fetch *page* soon unless it is loaded or on its way (keyboard or button paging)."""
        if not self._known or self.error is not None or not 1 <= page <= self.page_count:
            return
        if page in self._pages or self._in_flight == (self._generation, page):
            return
        self._wanted.pop(page, None)
        self._wanted[page] = None
        while len(self._wanted) > MAX_WANTED:
            self._wanted.popitem(last=False)
        if not self._kick_timer.isActive():
            self._kick_timer.start()

    def replace_contact(self, contact: Contact) -> None:
        """Show a contact changed here (an edit) without fetching its page again; its row
        keeps its groups (they follow a changed number)."""
        for number, rows in self._pages.items():
            for offset, current in enumerate(rows):
                if current.contact is None or current.contact.uuid != contact.uuid:
                    continue
                fresh = replace(ContactRow.of(contact), groups=current.groups)
                self._keep(number, (*rows[:offset], fresh, *rows[offset + 1 :]))
                at = self.first_row_of(number) + offset
                self.dataChanged.emit(self.index(at, 0), self.index(at, len(self._columns) - 1))
                return

    def set_groups(self, groups: dict[str, tuple[str, ...]], phones: Sequence[str]) -> None:
        """The groups of these numbers changed here: show them without fetching again."""
        wanted = set(phones)
        for number, rows in list(self._pages.items()):
            if not any(r.phone in wanted for r in rows):
                continue
            self._keep(
                number,
                tuple(
                    replace(r, groups=groups.get(r.phone, ())) if r.phone in wanted else r
                    for r in rows
                ),
            )
            first = self.first_row_of(number)
            column = self._columns.index(Column.GROUPS) if Column.GROUPS in self._columns else 0
            self.dataChanged.emit(
                self.index(first, column), self.index(first + len(rows) - 1, column)
            )

    async def rows_for(self, rows: Sequence[int], version: int | None = None) -> list[ContactRow]:
        """The contacts of these rows, fetching the pages no longer (or not yet) in memory
        (a selection may run over many pages). In the order given.

        With the *version* the rows were chosen at, raises :class:`RowsMoved` when they may
        mean other contacts by now (rather than act on customers nobody chose)."""
        session = self._ctx.session
        if session is None or self._query is None:
            return []
        query, size, total = self._query, self._page_size, self._total
        if version is not None and version != self._version:
            raise RowsMoved
        fetched: dict[int, tuple[ContactRow, ...]] = {}
        found: list[ContactRow] = []
        for row in rows:
            number = self.page_of_row(row)
            page = self._pages.get(number) or fetched.get(number)
            if page is None:
                result = await self._ctx.services.contacts.page(
                    session.client, session.profile.name, number, size, query
                )
                if version is not None and (version != self._version or result.total != total):
                    raise RowsMoved
                page = fetched[number] = result.rows
            offset = row % size
            if offset < len(page):
                found.append(page[offset])
        return found

    # -- QAbstractTableModel ---------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else self._total

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self._columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._headers[self._columns[section]]
        if role == Qt.ItemDataRole.ToolTipRole and section == 0:
            return QCoreApplication.translate(
                "ContactsModel", "Newest first: the order your provider keeps"
            )
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        # Rows not loaded yet are selectable too: a selection may run over many pages, and
        # acting on it fetches what is missing (rows_for).
        return _FLAGS

    def data(self, index: Index, role: int = _DISPLAY) -> Any:
        if role not in _ANSWERED:
            return None
        row_number = index.row()
        if not index.isValid() or not 0 <= row_number < self._total:
            return None
        number = row_number // self._page_size + 1
        page = self._pages.get(number)
        if page is None:
            if role == _DISPLAY:
                if self._known and self.error is None:
                    self.want_page(number)
                if self._columns[index.column()] != Column.NAME:
                    return ""
                return (
                    QCoreApplication.translate("ContactsModel", "Loading…")
                    if self.error is None
                    else "—"
                )
            if role == _FOREGROUND:
                return _MUTED
            return None
        self._pages.move_to_end(number)  # recently used
        offset = row_number % self._page_size
        if offset >= len(page):
            return None
        row = page[offset]
        if role in (_DISPLAY, _ACCESSIBLE):
            texts = self._texts[number]
            shown = texts[offset]
            if shown is None:
                shown = texts[offset] = tuple(self._text(row, c) for c in self._columns)
            return shown[index.column()]
        if role == _FOREGROUND:
            if row.contact is None or (
                self._columns[index.column()] == Column.NAME and not row.name
            ):
                return _MUTED
            return None
        if role == _ROW:
            return row
        if role == _TOOLTIP:
            return self._tooltip(row, self._columns[index.column()])
        if role == _FONT and row.contact is None:
            font = QFont()
            font.setItalic(True)
            return font
        return None

    def _text(self, row: ContactRow, column: Column) -> str:
        contact = row.contact
        if column == Column.NAME:
            return row.name or QCoreApplication.translate("ContactsModel", "No name")
        if column == Column.PHONE:
            return local_display(row.phone)
        if column == Column.GROUPS:
            return ", ".join(row.groups)
        if contact is None:
            return (
                QCoreApplication.translate("ContactsModel", "Not in your contacts any more")
                if column == Column.EMAIL
                else ""
            )
        if column == Column.EMAIL:
            return contact.email or ""
        if column == Column.NOTES:
            return " ".join((contact.notes or "").split())  # one line in the grid
        return added_text(contact.created_at) if contact.created_at is not None else ""

    def _tooltip(self, row: ContactRow, column: Column) -> str | None:
        if row.contact is None:
            return QCoreApplication.translate(
                "ContactsModel",
                "This number is in a group on this computer, but your provider no longer has "
                "it as a contact (it was deleted or changed elsewhere).",
            )
        if column == Column.PHONE:
            return QCoreApplication.translate("ContactsModel", "Stored as {number}").format(
                number=row.phone
            )
        if column == Column.NOTES and row.contact.notes:
            return row.contact.notes
        return None

    # -- fetching --------------------------------------------------------------------------

    def _start(self) -> None:
        """(Re)start the fetch task for the current generation; cancels an older one."""
        session = self._ctx.session
        if session is None or self._query is None or self._ctx.tasks.closing:
            return
        self._set_loading(True)
        generation = self._generation
        self._ctx.tasks.start(
            self.task_name,
            self._fetch(generation),
            on_success=lambda _r: self._fetch_ended(generation),
            on_error=lambda exc: self._fetch_failed(generation, exc),
        )

    def _kick(self) -> None:
        if self._wanted and self.error is None and not self._ctx.tasks.is_running(self.task_name):
            self._start()

    async def _fetch(self, generation: int) -> None:
        session = self._ctx.session
        query = self._query
        if session is None or query is None:
            return
        contacts = self._ctx.services.contacts
        while self._wanted and generation == self._generation:
            number, _ = self._wanted.popitem(last=True)  # the most recently wanted first
            if number in self._pages and self._known:
                continue
            self._in_flight = (generation, number)
            try:
                result = await contacts.page(
                    session.client, session.profile.name, number, self._page_size, query
                )
            finally:
                if self._in_flight == (generation, number):
                    self._in_flight = None
            if generation != self._generation:
                return
            self._land(result)

    def _land(self, result: ContactsPage) -> None:
        number = result.page
        if not self._known or result.total != self._total:
            # The first answer for this query, or the list changed size meanwhile: lay the
            # rows out again around this page.
            self.beginResetModel()
            self._version += 1
            self._forget_pages()
            self._total = result.total
            self._known = True
            self._keep(number, result.rows)
            self.endResetModel()
            self.total_changed.emit(self._total)
        else:
            self._keep(number, result.rows)
            self._pages.move_to_end(number)
            while len(self._pages) > CACHE_PAGES:
                evicted, _rows = self._pages.popitem(last=False)  # the least recently used
                del self._texts[evicted]
            if result.rows:
                first = self.first_row_of(number)
                last = min(first + len(result.rows), self._total) - 1
                if last >= first:
                    self.dataChanged.emit(
                        self.index(first, 0), self.index(last, len(self._columns) - 1)
                    )
        self.page_loaded.emit(number)

    def _keep(self, number: int, rows: tuple[ContactRow, ...]) -> None:
        """Cache page *number* as *rows* (its texts are made again when next shown)."""
        self._pages[number] = rows
        self._texts[number] = [None] * len(rows)

    def _forget_pages(self) -> None:
        self._pages.clear()
        self._texts.clear()

    def _fetch_ended(self, generation: int) -> None:
        if generation != self._generation:
            return
        if self._wanted and self.error is None:
            self._start()  # wanted while the last page was landing
        else:
            self._set_loading(False)

    def _fetch_failed(self, generation: int, exc: BaseException) -> bool:
        if generation != self._generation:
            return True
        from desktop_app.core.api import errors as api

        self.error = exc
        self._set_loading(False)
        self.failed.emit(exc)
        return not isinstance(exc, api.AuthError)  # a refused token also goes to the presenter

    def _set_loading(self, loading: bool) -> None:
        if loading != self._loading:
            self._loading = loading
            self.loading_changed.emit(loading)


#: The grid's look, set on the grid alone (the groups list and the page label have theirs): a
#: style sheet on the whole tab put every widget in it through the sheet's rules, polished and
#: painted, which made building, showing and painting the tab slower for three widgets' sake.
#: Compose's contact picker has it too.
TABLE_STYLE = (
    GRID_STYLE  # with a little more room in each cell, and the headings above their words
    + "QTableView::item { padding: 0 8px; } QHeaderView::section { padding: 6px 8px; }"
)


def contacts_view(
    model: ContactsModel, name: str, row_height: int = 32, parent: QWidget | None = None
) -> QTableView:
    """A grid over *model*: whole rows selected (several with Shift and Ctrl), read-only, in
    the service's order (no sorting), fixed row heights (fast with 100,000 rows), laid out
    once (its vertical scroll bar's place always kept). Made in *parent* when given (not moved
    there afterwards, which would style the grid and its parts over again)."""
    view = QTableView(parent)
    view.setObjectName(name)
    view.setModel(model)
    view.setAccessibleName(QCoreApplication.translate("ContactsModel", "Contacts"))
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    tab_leaves(view)
    view.setAlternatingRowColors(True)
    view.setShowGrid(False)
    view.setWordWrap(False)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)
    view.setSortingEnabled(False)  # the service's order: newest first
    view.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    # The scroll bar's place is always kept: a scroll bar appearing when the first page
    # arrives would narrow the grid, stretch the notes column again and paint it twice. It is
    # drawn only when there is something to scroll (an empty one is a grid-high handle, the
    # dearest thing in the first paint).
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    bar = view.verticalScrollBar()
    bar.rangeChanged.connect(lambda low, high: bar.setVisible(high > low))
    bar.setVisible(False)
    rows = view.verticalHeader()
    rows.hide()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    rows.setDefaultSectionSize(row_height)
    columns = view.horizontalHeader()
    columns.setHighlightSections(False)
    columns.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    # After a reset (the first page of a query arrived) the view would lay itself out on a
    # timer, after it painted: the rows would be painted twice. Lay it out at once instead.
    model.modelReset.connect(view.doItemsLayout)
    return view
