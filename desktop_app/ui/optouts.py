"""The opt-out list: numbers that never get a promotion from this account, and the account's
opt-out line. Opened from the Account menu and from the Contacts tab.

Staff add numbers that replied STOP (typed or pasted, or from a spreadsheet), take a number
off again, and set the line "Add opt-out line" puts under a promotion.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QDate, QLocale, Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core import phones
from desktop_app.core.rules import MAX_OPT_OUT_LINE
from desktop_app.core.services.optouts import OptOut, OptOutSource
from desktop_app.ui.dialogs import wait_finished
from desktop_app.ui.formats import number, snippet
from desktop_app.ui.grids import grid_look
from desktop_app.ui.widgets import tab_leaves

if TYPE_CHECKING:
    from desktop_app.ui.context import AppContext

__all__ = ["AddNumbersDialog", "OptOutListDialog", "add_to_opt_out_list"]

#: Rows shown at once; a search finds the others.
SHOWN = 500
#: Typed entries that are no number, named in the status line (the rest are counted).
UNREAD_SHOWN = 5
TASK = "optouts"


class AddNumbersDialog(QDialog):
    """Type or paste numbers (one per line), and say why they are on the list."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("addOptOutsDialog")
        self.setWindowTitle(self.tr("Add to the opt-out list"))
        self.resize(420, 320)
        layout = QVBoxLayout(self)
        intro = QLabel(self.tr("Phone numbers, one per line (0712 345 678 or +254712345678):"))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.numbers_edit = QPlainTextEdit()
        self.numbers_edit.setObjectName("optOutNumbers")
        layout.addWidget(self.numbers_edit, 1)
        row = QHBoxLayout()
        why = QLabel(self.tr("&Why"))
        self.source_combo = QComboBox()
        self.source_combo.addItem(self.tr("They replied STOP"), OptOutSource.REPLIED)
        self.source_combo.addItem(
            self.tr("They asked us (in the shop, on the phone)"), OptOutSource.STAFF
        )
        why.setBuddy(self.source_combo)
        row.addWidget(why)
        row.addWidget(self.source_combo, 1)
        layout.addLayout(row)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Add"))
        ok.setObjectName("addOptOutsOk")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def source(self) -> OptOutSource:
        return OptOutSource(self.source_combo.currentData())


class OptOutListDialog(QDialog):
    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("optOutListDialog")
        self.setWindowTitle(self.tr("Opt-out list"))
        self.resize(620, 480)
        layout = QVBoxLayout(self)
        layout.setSpacing(10)
        intro = QLabel(
            self.tr(
                "Numbers here never get a promotion from this account (service messages such as "
                "receipts still reach them). Add customers who replied STOP or asked you to stop."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)

        line_row = QHBoxLayout()
        line_label = QLabel(self.tr("Opt-out &line"))
        self.line_edit = QLineEdit()
        self.line_edit.setObjectName("optOutLine")
        self.line_edit.setMaxLength(MAX_OPT_OUT_LINE)
        self.line_edit.setToolTip(
            self.tr(
                "What “Add opt-out line” puts at the end of a promotion, e.g. “Tuma STOP kwa 22384”"
            )
        )
        line_label.setBuddy(self.line_edit)
        self.save_line_button = QPushButton(self.tr("Save line"))
        self.save_line_button.setObjectName("saveOptOutLine")
        self.save_line_button.clicked.connect(self.save_line)
        line_row.addWidget(line_label)
        line_row.addWidget(self.line_edit, 1)
        line_row.addWidget(self.save_line_button)
        layout.addLayout(line_row)

        tools = QHBoxLayout()
        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("optOutSearch")
        self.search_edit.setPlaceholderText(self.tr("Find a number"))
        self.search_edit.setAccessibleName(self.tr("Find a number"))
        self.search_edit.setClearButtonEnabled(True)
        tools.addWidget(self.search_edit, 1)
        self.add_button = QPushButton(self.tr("&Add numbers…"))
        self.add_button.setObjectName("addOptOuts")
        self.add_button.setProperty("role", "primary")
        self.add_button.clicked.connect(self.ask_add)
        self.import_button = QPushButton(self.tr("&From a file…"))
        self.import_button.setObjectName("importOptOuts")
        self.import_button.setToolTip(self.tr("Add every number in an Excel or CSV file"))
        self.import_button.clicked.connect(self.ask_import)
        self.remove_button = QPushButton(self.tr("&Remove"))
        self.remove_button.setObjectName("removeOptOuts")
        self.remove_button.setToolTip(self.tr("Take the selected numbers off the list"))
        self.remove_button.clicked.connect(self.remove_selected)
        for button in (self.add_button, self.import_button, self.remove_button):
            tools.addWidget(button)
        layout.addLayout(tools)

        self.table = QTableWidget(0, 3)
        self.table.setObjectName("optOutTable")
        self.table.setAccessibleName(self.tr("Numbers on the opt-out list"))
        self.table.setHorizontalHeaderLabels([self.tr("Number"), self.tr("Why"), self.tr("Added")])
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        tab_leaves(self.table)
        grid_look(self.table)  # as the Contacts and Delivery grids
        columns = self.table.horizontalHeader()
        columns.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        layout.addWidget(self.table, 1)
        status_row = QHBoxLayout()
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # it may quote what was typed
        self.status.setObjectName("hint")
        self.status.setWordWrap(True)
        status_row.addWidget(self.status, 1)
        # Taking numbers off is one slip away from messaging a customer who said stop: each
        # removal can be undone, the latest first (as Compose's "Recipients cleared. Undo"),
        # rather than asked about first (a question asked every time is clicked through by
        # habit).
        self.undo_button = QPushButton(self.tr("&Undo"))
        self.undo_button.setObjectName("undoOptOutRemove")
        self.undo_button.setProperty("role", "link")
        self.undo_button.setAutoDefault(False)
        self.undo_button.setToolTip(self.tr("Put the numbers just taken off back on the list"))
        self.undo_button.clicked.connect(self.undo_remove)
        self.undo_button.hide()
        status_row.addWidget(self.undo_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(status_row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

        self._phones: list[str] = []
        #: "From a file…"'s file dialog while it is open.
        self.import_dialog: QFileDialog | None = None
        #: What each removal took off, as it was, the latest last: Undo puts back the latest
        #: (one removal of several rows comes back at once), then the one before it.
        self._removals: list[tuple[OptOut, ...]] = []
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(250)
        self._search_timer.timeout.connect(self.reload)
        self.search_edit.textChanged.connect(lambda _t: self._search_timer.start())
        self._update_buttons()
        self.reload()
        self.ctx.tasks.start(f"{TASK}.line", self._load_line())

    # -- reading -----------------------------------------------------------------------------

    def _profile(self) -> str | None:
        session = self.ctx.session
        return None if session is None else session.profile.name

    def reload(self) -> None:
        self.ctx.tasks.start(f"{TASK}.load", self._load())

    def _gone(self) -> bool:
        """Closed and deleted (it deletes itself on close) while its work was on its way:
        what the work brings back is not shown (it touched deleted widgets: "Something went
        wrong", a removal already made said to be tried again). Writes still finish."""
        return not shiboken6.isValid(self)

    def _buttons_again(self, _result: object = None) -> None:
        if not self._gone():
            self._update_buttons()

    async def _load_line(self) -> None:
        profile = self._profile()
        if profile is not None:
            line = await self.ctx.services.optouts.opt_out_line(profile)
            if not self._gone():
                self.line_edit.setText(line)

    async def _load(self) -> None:
        if self._gone():
            return  # (closed before it began)
        profile = self._profile()
        if profile is None:
            self._show([], 0)
            return
        service = self.ctx.services.optouts
        rows = await service.page(profile, search=self.search_edit.text(), limit=SHOWN)
        total = await service.count(profile)
        if not self._gone():
            self._show(rows, total)

    def _why(self, source: OptOutSource) -> str:
        return {
            OptOutSource.REPLIED: self.tr("Replied STOP"),
            OptOutSource.STAFF: self.tr("Asked us"),
            OptOutSource.IMPORTED: self.tr("From a file"),
            OptOutSource.BLOCKED: self.tr("Blocked promotions (delivery report)"),
        }[source]

    def _show(self, rows: list[OptOut], total: int) -> None:
        self._phones = [row.phone for row in rows]
        self.table.setRowCount(len(rows))
        locale = QLocale()
        for index, row in enumerate(rows):
            added = row.added_at.astimezone()
            cells = (
                phones.local_display(row.phone),
                self._why(row.source),
                # the month in words, as Contacts' "Added": a locale's short format can
                # read "24 11 2026" (C/POSIX) or "11/24/26" (en_US)
                locale.toString(QDate(added.year, added.month, added.day), "d MMM yyyy"),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 0:
                    item.setToolTip(row.phone)
                self.table.setItem(index, column, item)
        # the number and the date whole (the cells' padding is the style sheet's)
        for column in (0, 2):
            self.table.resizeColumnToContents(column)
        if total == 0:
            self.status.setText(self.tr("Nobody is on the list yet."))
        elif self.search_edit.text().strip():
            self.status.setText(
                self.tr("{shown} found, of {total} on the list.").format(
                    shown=number(len(rows)), total=number(total)
                )
            )
        elif len(rows) < total:
            self.status.setText(
                self.tr(
                    "The newest {shown} of {total} are shown: search to find the others."
                ).format(shown=number(len(rows)), total=number(total))
            )
        else:
            self.status.setText(self.tr("{total} on the list.").format(total=number(total)))
        self._update_buttons()

    def _selected(self) -> list[str]:
        rows = {index.row() for index in self.table.selectionModel().selectedRows()}
        return [self._phones[r] for r in sorted(rows) if r < len(self._phones)]

    def _update_buttons(self) -> None:
        usable = self._profile() is not None
        for widget in (self.add_button, self.line_edit, self.save_line_button):
            widget.setEnabled(usable)
        changing = self._changing()
        self.import_button.setEnabled(usable and not self.ctx.tasks.is_running(f"{TASK}.import"))
        self.remove_button.setEnabled(usable and bool(self._selected()) and not changing)
        self.undo_button.setEnabled(not changing)

    def _changing(self) -> bool:
        """A removal or its undo is on its way (a second press waits for it)."""
        return any(self.ctx.tasks.is_running(f"{TASK}.{name}") for name in ("remove", "undo"))

    def _offer_undo(self, taken_off: tuple[OptOut, ...]) -> None:
        """A removal joins the removals Undo can put back."""
        if taken_off:
            self._removals.append(taken_off)
        self.undo_button.setVisible(bool(self._removals))

    def _forget_removals(self) -> None:
        """Numbers were added: Undo beside "added to the list" would read as taking them off
        again, so the removals before can no longer be undone from here."""
        self._removals.clear()
        self.undo_button.hide()

    # -- changing ----------------------------------------------------------------------------

    def save_line(self) -> None:
        profile = self._profile()
        if profile is None:
            return

        async def save() -> None:
            saved = await self.ctx.services.optouts.set_opt_out_line(profile, self.line_edit.text())
            if self._gone():
                return
            self.line_edit.setText(saved)
            self.status.setText(self.tr("Opt-out line saved: “{line}”.").format(line=saved))

        self.ctx.tasks.start(f"{TASK}.save_line", save())

    def ask_add(self) -> None:
        self.ctx.tasks.start(f"{TASK}.add", self._ask_add())

    async def _ask_add(self) -> None:
        profile = self._profile()
        if profile is None:
            return
        dialog = AddNumbersDialog(self)
        result = await wait_finished(dialog)
        if self._gone() or not shiboken6.isValid(dialog):
            return  # the list closed under it (a quit): nothing was added
        text, source = dialog.numbers_edit.toPlainText(), dialog.source()
        dialog.deleteLater()
        if result != QDialog.DialogCode.Accepted.value:
            return
        read = self.ctx.services.optouts.read_typed(text)
        added = await self.ctx.services.optouts.add(profile, read.phones, source)
        await self._load()
        if self._gone():
            return
        self._forget_removals()
        self._say_added(added, len(read.phones), read.unreadable, read.unread)

    def ask_import(self) -> None:
        """Choose a file of numbers (opened with ``open()``: the static getOpenFileName ran
        a second event loop inside the app's, which a log-out or a quit then had to end)."""
        if self.import_dialog is not None:
            self.import_dialog.raise_()
            return
        dialog = QFileDialog(self, self.tr("Numbers to add to the opt-out list"))
        dialog.setObjectName("optOutImportBrowse")
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters([self.tr("Spreadsheets (*.xlsx *.csv)"), self.tr("All files (*)")])
        dialog.fileSelected.connect(lambda name: self.import_file(Path(name)))
        dialog.finished.connect(lambda _result: self._forget_import_dialog(dialog))
        self.import_dialog = dialog
        dialog.open()

    def _forget_import_dialog(self, dialog: QFileDialog) -> None:
        if self.import_dialog is dialog:
            self.import_dialog = None
        dialog.deleteLater()

    def import_file(self, path: Path) -> None:
        if self.ctx.tasks.is_running(f"{TASK}.import"):
            return  # one file at a time: a second would cut the first short
        self.ctx.tasks.start(
            f"{TASK}.import",
            self._import(path),
            on_success=self._buttons_again,
            on_error=self._import_failed,
        )

    async def _import(self, path: Path) -> None:
        profile = self._profile()
        if profile is None:
            return
        self.status.setText(self.tr("Reading {file}…").format(file=path.name))
        self._update_buttons()
        read = await self.ctx.services.optouts.read_file(path)
        added = await self.ctx.services.optouts.add(profile, read.phones, OptOutSource.IMPORTED)
        await self._load()
        if self._gone():
            return
        self._forget_removals()
        self._say_added(added, len(read.phones), read.unreadable, rows=read.unread_rows)

    def _import_failed(self, exc: BaseException) -> bool:
        if self._gone():
            return True  # (closed: nothing to say it on)
        self._update_buttons()
        self.status.setText(
            self.tr(
                "That file could not be read as a list of numbers. Save it from Excel as .xlsx "
                "or .csv with a column of phone numbers, then try again."
            )
        )
        return True

    def _say_added(
        self,
        added: int,
        read: int,
        unreadable: int,
        unread: tuple[str, ...] = (),
        *,
        rows: tuple[tuple[int, str], ...] = (),
    ) -> None:
        """How many were added; what was typed but is no number, as typed (the box it was
        typed in is gone), so it can be checked and added again; from a file, which rows
        (their number and what was there), the first few."""
        text = self.tr("{added} added to the opt-out list").format(added=number(added))
        if read > added:
            text += self.tr(" ({n} already on it)").format(n=number(read - added))
        text += "."
        if unread:
            shown = ", ".join(
                f"“{entry if len(entry) <= 30 else entry[:29] + '…'}”"
                for entry in unread[:UNREAD_SHOWN]
            )
            if len(unread) > UNREAD_SHOWN:
                shown += ", …"
            text += " " + self.tr(
                "Not phone numbers, so not added: {entries}. Check them and add them again."
            ).format(entries=shown)
        elif rows:
            text += " " + self.tr(
                "Rows not read as phone numbers, so not added: {rows}. Correct them in the file "
                "and add it again."
            ).format(rows=self._rows_text(rows))
        elif unreadable:
            text += " " + self.tr("{n} could not be read as phone numbers.").format(
                n=number(unreadable)
            )
        self.status.setText(text)

    def _rows_text(self, rows: tuple[tuple[int, str], ...]) -> str:
        """ "row 4 (“abc”), row 9 (empty) and 12 more": the first few rows of a file not
        read, each with what its phone cell held."""
        named = []
        for row, cell in rows[:UNREAD_SHOWN]:
            cell = snippet(cell, 30)
            if not cell:
                named.append(self.tr("row {row} (empty)").format(row=number(row)))
                continue
            named.append(self.tr("row {row} (“{text}”)").format(row=number(row), text=cell))
        shown = ", ".join(named)
        rest = len(rows) - UNREAD_SHOWN
        if rest > 0:
            return self.tr("{rows} and %Ln more", "", rest).format(rows=shown)
        return shown

    def remove_selected(self) -> None:
        profile = self._profile()
        chosen = self._selected()
        if profile is None or not chosen or self._changing():
            return

        async def remove() -> None:
            taken_off = await self.ctx.services.optouts.take_off(profile, chosen)
            if self._gone():
                return  # (taken off all the same)
            self._offer_undo(taken_off)
            await self._load()
            if self._gone():
                return
            # Nothing chosen once they are gone: the choice stayed on the row that moved up
            # into their place, and the second click of a double click took that customer
            # off too (a removal takes ~10 ms).
            self.table.clearSelection()
            self.status.setText(
                self.tr("{n} taken off the list: they can get promotions again.").format(
                    n=number(len(taken_off))
                )
            )

        self.ctx.tasks.start(f"{TASK}.remove", remove(), on_success=self._buttons_again)
        self._update_buttons()

    def undo_remove(self) -> None:
        """Put back what the latest removal not undone yet took off, as it was (why, when);
        pressed again, the one before it."""
        profile = self._profile()
        if profile is None or not self._removals or self._changing():
            return
        entries = self._removals[-1]

        async def put_back() -> None:
            back = await self.ctx.services.optouts.put_back(profile, entries)
            if self._removals and self._removals[-1] is entries:
                self._removals.pop()  # only once it is back (a failure keeps it)
            if self._gone():
                return  # (put back all the same)
            self.undo_button.setVisible(bool(self._removals))
            await self._load()
            if self._gone():
                return
            text = self.tr("{n} put back on the opt-out list.").format(n=number(back))
            if self._removals:
                text += " " + self.tr(
                    "Press Undo again to put back the %Ln taken off before.",
                    "",
                    len(self._removals[-1]),
                )
            self.status.setText(text)

        self.ctx.tasks.start(f"{TASK}.undo", put_back(), on_success=self._buttons_again)
        self._update_buttons()


async def add_to_opt_out_list(
    ctx: AppContext, phones_to_add: list[str], source: OptOutSource
) -> int | None:
    """Put numbers on the connected account's list (Contacts, Delivery); how many were new."""
    session = ctx.session
    if session is None:
        return None
    return await ctx.services.optouts.add(session.profile.name, phones_to_add, source)
