"""Recipients: numbers typed or pasted (normalised as you type) plus contacts picked from the
contacts list; invalid numbers are marked with the reason, duplicates removed."""

from __future__ import annotations

import html

__all__ = [
    "InvalidNumber",
    "NumberParser",
    "Person",
    "RecipientList",
    "RecipientsPanel",
    "merge_recipients",
    "person_label",
    "pretty_phone",
]

import asyncio
import logging
from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.recipients import (
    InvalidNumber,
    NumberParser,
    Person,
    RecipientList,
    Word,
    merge_recipients,
    read_recipients,
)
from desktop_app.ui.words import counts, phone_problem

log = logging.getLogger(__name__)

_Reading = tuple[list[str | InvalidNumber | Word], RecipientList]

#: Chips drawn at most; beyond this the summary line still counts everyone.
MAX_CHIPS = 300
#: The chips box grows with its rows up to this height (three rows), then scrolls; kept low
#: so the whole Compose tab, Send button included, fits a maximised 1366×768 window.
CHIPS_MAX_HEIGHT = 96
#: The numbers box: three lines (the chips below show what was understood).
NUMBERS_HEIGHT = 70
#: A list this long (characters) is read once typing stops, in a worker thread: 50,000
#: pasted numbers take ~0.3 s to check, which would hold the window still.
LONG_LIST = 4000
#: How long a list waits after the last change before it is read (ms).
SETTLE_MS = 250
#: A reading still going after this long says so under the box (ms).
READING_NOTE_MS = 200


def pretty_phone(e164: str) -> str:
    """+254712345678 -> "+254 712 345 678" (no-break spaces: a number never wraps);
    other numbers are shown as stored."""
    if e164.startswith("+254") and len(e164) == 13:
        rest = e164[4:]
        return "\u00a0".join(("+254", rest[:3], rest[3:6], rest[6:]))
    return e164


def person_label(person: Person) -> str:
    """ "Achieng Otieno · +254 711 000 222", or just the number."""
    pretty = pretty_phone(person.phone)
    return f"{person.name} · {pretty}" if person.name else pretty


class RecipientsPanel(QWidget):
    """Where the user says who gets the message. `changed` fires on every edit."""

    changed = Signal()
    pick_contacts_requested = Signal()
    #: The Clear button removed these (typed text, picked people): the tab offers Undo.
    cleared = Signal(str, object)

    def __init__(self, parent: QWidget | None = None, *, allow_contacts: bool = True) -> None:
        super().__init__(parent)
        self._parser = NumberParser()
        self._picked: dict[str, Person] = {}
        self._typed: list[str | InvalidNumber | Word] = []
        self.current = RecipientList((), (), 0)
        self._edits = 0  # changes of the numbers typed, counted
        self._read_edit = 0  # the change self._typed was read from
        self._picks = 0  # changes of the people picked, counted
        self._reading: asyncio.Future[_Reading] | None = None  # a long list, in a worker thread

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)

        self.numbers_edit = QPlainTextEdit()
        self.numbers_edit.setObjectName("numbersEdit")
        self.numbers_edit.setTabChangesFocus(True)
        self.numbers_edit.setPlaceholderText(
            self.tr("Type or paste phone numbers, e.g. 0712 345 678, +254 733 000 111")
        )
        self.numbers_edit.setFixedHeight(NUMBERS_HEIGHT)
        self.numbers_edit.textChanged.connect(self._schedule_parse)
        layout.addWidget(self.numbers_edit)

        self.chips = QListWidget()
        self.chips.setObjectName("recipientChips")
        self.chips.setViewMode(QListView.ViewMode.ListMode)
        self.chips.setFlow(QListView.Flow.LeftToRight)
        self.chips.setWrapping(True)
        self.chips.setResizeMode(QListView.ResizeMode.Adjust)
        self.chips.setSpacing(3)
        self.chips.setAccessibleName(self.tr("Recipients found"))
        self.chips.setAccessibleDescription(
            self.tr("Each number as it will be sent; invalid ones say why. Delete removes.")
        )
        self.chips.setFixedHeight(CHIPS_MAX_HEIGHT)
        self.chips.installEventFilter(self)
        self.chips.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.chips.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        remove = QAction(self.tr("Remove from recipients"), self.chips)
        remove.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        remove.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        remove.triggered.connect(self.remove_selected)
        self.chips.addAction(remove)
        layout.addWidget(self.chips)

        row = QHBoxLayout()
        row.setSpacing(8)
        self.summary_label = QLabel()
        self.summary_label.setObjectName("recipientSummary")
        self.summary_label.setWordWrap(True)
        row.addWidget(self.summary_label, 1)
        self.pick_button = QPushButton(self.tr("Add from contacts…"))
        self.pick_button.setObjectName("pickContactsButton")
        self.pick_button.clicked.connect(self.pick_contacts_requested)
        self.pick_button.setVisible(allow_contacts)
        self.clear_button = QPushButton(self.tr("Clear"))
        self.clear_button.setToolTip(self.tr("Remove every recipient"))
        self.clear_button.clicked.connect(lambda: self.clear())
        row.addWidget(self.pick_button)
        row.addWidget(self.clear_button)
        layout.addLayout(row)

        # Parsing is instant for a few numbers; a 10,000-line paste is read once it settles,
        # in a worker thread (the window stays free meanwhile).
        self._parse_timer = QTimer(self)
        self._parse_timer.setSingleShot(True)
        self._parse_timer.timeout.connect(self._read_in_background)
        self._reading_note = QTimer(self)
        self._reading_note.setSingleShot(True)
        self._reading_note.timeout.connect(self._show_summary)
        self._refresh()

    # --- what the rest of the tab reads ------------------------------------------------------

    # A long paste is read once it settles (250 ms), in a worker thread: what is read here
    # is what the field shows even before then (read here, at once, if need be). Ctrl+V
    # over two numbers, then Ctrl+Enter at once, asked "Send to 2 people?" and sent to those
    # two; the pasted list, parsed while the question was open, was wiped with the form.

    def people(self) -> tuple[Person, ...]:
        self.settle()
        return self.current.people

    def invalid(self) -> tuple[InvalidNumber, ...]:
        self.settle()
        return self.current.invalid

    def is_empty(self) -> bool:
        self.settle()
        return self.current.empty

    @property
    def pending(self) -> bool:
        """The numbers shown are not read yet (a long list: waiting for typing to stop, or
        being read in a worker thread); what :attr:`current` holds is the last reading."""
        return self._read_edit != self._edits

    def settle(self) -> None:
        """Read now what is waiting to be read (a long paste, typing in a long list): the
        reader cannot wait for the worker (Ctrl+Enter right after a paste)."""
        if self.pending:
            self._parse_now()

    async def settled(self) -> RecipientList:
        """What the box shows, read, without holding the window: a long list waiting for
        typing to stop is read now, in the worker, and waited for (read again if it is
        edited meanwhile). Send pressed right after a long paste waits here."""
        while self.pending:
            if self._reading is None:
                self._parse_timer.stop()
                self._read_in_background()
            reading = self._reading
            if reading is None:  # (read in place: no event loop to hear back on)
                break
            # (an edit cancelling it is not raised into here; `_read`, added to the reading
            # first, has shown or dropped it by the time this wakes)
            await asyncio.wait({reading})
        return self.current

    # --- editing --------------------------------------------------------------------------

    def set_numbers_text(self, text: str) -> None:
        self.numbers_edit.setPlainText(text)
        self._parse_now()

    def add_people(self, people: Iterable[Person]) -> None:
        for person in people:
            self._picked.setdefault(person.phone, person)
        self._picks += 1
        self._refresh()

    def picked_people(self) -> list[Person]:
        """The people picked from the contacts (with their names)."""
        return list(self._picked.values())

    def clear(self, *, quiet: bool = False) -> None:
        """Remove every recipient. The Clear button's clear says what it removed
        (``cleared``), so the tab can offer to undo it; *quiet* is the tab's own reset."""
        numbers, people = self.numbers_edit.toPlainText(), self.picked_people()
        self._picked.clear()
        self._picks += 1
        self.numbers_edit.clear()
        self._parse_now()
        if not quiet and (numbers or people):
            self.cleared.emit(numbers, people)

    def remove_selected(self) -> None:
        removed = False
        for item in self.chips.selectedItems():
            phone = item.data(Qt.ItemDataRole.UserRole)
            if isinstance(phone, str) and phone in self._picked:
                del self._picked[phone]
                removed = True
        if removed:
            self._picks += 1
            self._refresh()

    def _schedule_parse(self) -> None:
        self._edits += 1
        self._stop_reading()
        size = self.numbers_edit.document().characterCount()
        if size < LONG_LIST:
            self._parse_now()
        else:
            self._parse_timer.start(SETTLE_MS)
            self.clear_button.setEnabled(True)  # (a long list in the box, read or not)

    def _parse_now(self) -> None:
        self._stop_reading()
        self._typed = self._parser.parse(self.numbers_edit.toPlainText())
        self._read_edit = self._edits
        self._refresh()

    def _stop_reading(self) -> None:
        self._parse_timer.stop()
        self._reading_note.stop()
        if self._reading is not None:
            self._reading.cancel()  # the thread runs on; what it finds is dropped
            self._reading = None

    def _read_in_background(self) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no event loop to hear back on (a script): read it here
            self._parse_now()
            return
        from desktop_app.core.background import run_in_daemon_thread

        edit, picks = self._edits, self._picks
        reading = asyncio.ensure_future(
            run_in_daemon_thread(
                read_recipients,
                self._parser,
                self.numbers_edit.toPlainText(),
                tuple(self._picked.values()),
            )
        )
        self._reading = reading
        reading.add_done_callback(lambda done: self._read(done, edit, picks))
        self._reading_note.start(READING_NOTE_MS)

    def _read(self, done: asyncio.Future[_Reading], edit: int, picks: int) -> None:
        """A worker's reading of change *edit* (with the picks as of *picks*): shown unless
        the numbers changed since, or the panel is gone."""
        if done.cancelled() or edit != self._edits or done is not self._reading:
            return
        self._reading = None
        try:
            self._reading_note.stop()
        except RuntimeError:  # the panel was closed and deleted meanwhile
            return
        error = done.exception()
        if error is not None:  # never expected; read it here rather than show nothing
            log.error("reading the recipients failed", exc_info=error)
            self._parse_now()
            return
        typed, merged = done.result()
        self._typed = typed
        self._read_edit = edit
        self._refresh(merged if picks == self._picks else None)

    def _refresh(self, merged: RecipientList | None = None) -> None:
        self.current = (
            merged if merged is not None else merge_recipients(self._typed, self._picked.values())
        )
        self._fill_chips()
        self._show_summary()
        self.clear_button.setEnabled(bool(self._picked) or bool(self.numbers_edit.toPlainText()))
        self.changed.emit()

    def _fill_chips(self) -> None:
        self.chips.setUpdatesEnabled(False)
        self.chips.clear()
        shown = 0
        for bad in self.current.invalid:
            if shown >= MAX_CHIPS:
                break
            item = QListWidgetItem("✗ " + bad.raw)
            item.setForeground(QBrush(QColor("#b42318")))
            item.setBackground(QBrush(QColor("#fde8e7")))
            item.setToolTip(
                self.tr("Not a valid number: {reason}").format(reason=phone_problem(bad.error))
            )
            item.setData(Qt.ItemDataRole.UserRole + 1, "invalid")
            self.chips.addItem(item)
            shown += 1
        for person in self.current.people:
            if shown >= MAX_CHIPS:
                break
            item = QListWidgetItem("✓ " + person_label(person))
            item.setData(Qt.ItemDataRole.UserRole, person.phone)
            item.setData(Qt.ItemDataRole.UserRole + 1, "valid")
            item.setBackground(QBrush(QColor("#e8f3ec")))
            item.setForeground(QBrush(QColor("#14532d")))
            if person.from_contacts:
                item.setToolTip(self.tr("From your contacts. Select and press Delete to remove."))
            else:
                item.setToolTip(self.tr("Will be sent to {phone}").format(phone=person.phone))
            item.setSizeHint(QSize(item.sizeHint().width(), 24))
            self.chips.addItem(item)
            shown += 1
        self.chips.setVisible(shown > 0)  # an empty box only looks like something is missing
        hidden = len(self.current.invalid) + len(self.current.people) - shown
        if hidden > 0:
            more = QListWidgetItem(self.tr("… and {n} more").format(n=counts().numbers(hidden)))
            more.setFlags(Qt.ItemFlag.NoItemFlags)
            self.chips.addItem(more)
        self.chips.setUpdatesEnabled(True)
        self._fit_chips()

    def _fit_chips(self) -> None:
        """As tall as its rows (up to CHIPS_MAX_HEIGHT): no empty box under two chips."""
        count = self.chips.count()
        if count == 0:
            return
        self.chips.doItemsLayout()
        rect = self.chips.visualItemRect(self.chips.item(count - 1))
        offset = self.chips.verticalScrollBar().value()
        needed = rect.bottom() + offset + 2 * self.chips.frameWidth() + 12
        height = max(36, min(CHIPS_MAX_HEIGHT, needed))
        if height != self.chips.height():
            self.chips.setFixedHeight(height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.chips and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self._fit_chips)  # rows re-wrap at the new width
        return super().eventFilter(watched, event)

    def _show_summary(self) -> None:
        people = len(self.current.people)
        words = self.current.words
        shown = html.escape(", ".join(words[:8]) + ("…" if len(words) > 8 else ""))
        self.summary_label.setToolTip(
            self.tr(
                "Left out: {words}. To greet people by name, import the spreadsheet on the "
                "Import tab, then pick them with Add from contacts…"
            ).format(words=shown)
            if words
            else ""
        )
        if self._reading is not None and not self._reading_note.isActive():
            self.summary_label.setText(self.tr("Checking the numbers…"))
            return
        if self.current.empty:  # (not is_empty(): this is the parse being shown)
            text = self.tr("No recipients yet.")
            if words:
                # A name typed to find someone, or a pasted column of names with no numbers.
                text += " " + self.tr(
                    "Names are not numbers: to pick people by name, use Add from contacts…"
                )
            self.summary_label.setText(text)
            return
        pieces = [counts().recipients(people)]
        if self.current.invalid:
            pieces.append(
                "<span style='color:#b42318'>"
                + counts().invalid_numbers(len(self.current.invalid))
                + " "
                + QCoreApplication.translate("Compose", "(skipped)")
                + "</span>"
            )
        if self.current.duplicates:
            pieces.append(counts().duplicates_removed(self.current.duplicates))
        if words:
            # Names and headings pasted with the numbers from a spreadsheet: not numbers, so
            # not "not valid" (they were red "✗ Achieng Otieno" chips, counted as skipped).
            pieces.append(counts().words_left_out(len(words)))
        summary = " · ".join(pieces)
        # A counted phrase may lead with its noun ("wapokeaji 6"): start with a capital.
        self.summary_label.setText(summary[:1].upper() + summary[1:])
