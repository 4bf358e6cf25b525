"""The wizard's pages: plain widgets that show the flow's state and expose their buttons.
The tab (``tab.py``) decides what happens when they are clicked."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QTableView,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.importing.mapping import Field
from desktop_app.ui.grids import grid_look
from desktop_app.ui.import_.model import ProblemsModel, SampleModel
from desktop_app.ui.tabs import spec
from desktop_app.ui.widgets import card, set_role, tab_leaves

__all__ = [
    "CheckPage",
    "CheckingPage",
    "ColumnsPage",
    "DonePage",
    "DropArea",
    "FilePage",
    "Metric",
    "PageStack",
    "StartPage",
    "StepsBar",
    "UploadPage",
]

#: Text tables the core reads as it reads a CSV (its separator and encoding found): Excel's
#: "Unicode Text" (.txt: UTF-16, tab-separated) and tab-separated files.
TEXT_TABLES = (".txt", ".tsv")
#: A workbook with macros, which the core reads as it reads an .xlsx.
MACRO_WORKBOOKS = (".xlsm",)
# The files the tab opens (its spec says, for drops on the window too; the spec lists the
# others among the endings it "explains", so a drop on the window comes here too, while the
# words for a file refused name only the two kinds to save a sheet as).
ACCEPTED = tuple(dict.fromkeys((*spec("import").accepts, *MACRO_WORKBOOKS, *TEXT_TABLES)))
#: The widest a column of the file's first rows is made (pixels): one long column (notes)
#: must not push the others off a small screen.
FIRST_ROWS_COLUMN_MAX = 240


class _WrappedLabel(QLabel):
    """Words wrapped at the width given, whose least height is that of all their lines at
    that width. A wrapped QLabel's least height is one line: the window's scroll area gives
    a tab no more than the least heights of its parts, so a page with a two-line text (the
    start page with a problem under the drop area and past imports, at 800×560) was
    squeezed and its parts drawn over one another."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        if self.width() > 0 and self.wordWrap():
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()  # as many lines as at the new width


def _label(text: str, parent: QWidget, role: str = "", wrap: bool = True) -> QLabel:
    label = _WrappedLabel(text, parent) if wrap else QLabel(text, parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    if role:
        label.setProperty("role", role)
    return label


def _fill_height(view: QWidget, minimum: int) -> None:
    """The view takes the height left over, at least *minimum*: its own (large) size hint
    must not make the tab scroll on a small screen (a scroll area sizes a page with word-
    wrapped labels by the size hints of its parts)."""
    policy = view.sizePolicy()
    policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)
    view.setSizePolicy(policy)
    view.setMinimumHeight(minimum)


def _table(parent: QWidget, name: str) -> QTableView:
    view = QTableView(parent)
    view.setObjectName(name)
    grid_look(view)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.horizontalHeader().setStretchLastSection(True)
    tab_leaves(view)
    return view


class PageStack(QWidget):
    """One page shown at a time, and only its size counts (a QStackedWidget is as tall as its
    tallest page: the drop area would scroll on an 800x560 screen for the columns page)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._pages: list[QWidget] = []
        self._current: QWidget | None = None

    def addWidget(self, page: QWidget) -> None:
        self._pages.append(page)
        self._layout.addWidget(page)
        if self._current is None:
            self._current = page
        else:
            page.hide()

    def setCurrentWidget(self, page: QWidget) -> None:
        self._current = page
        for other in self._pages:
            if other is not page:
                other.hide()
        page.show()

    def currentWidget(self) -> QWidget | None:
        return self._current


class StepsBar(QWidget):
    """File › Columns › Check › Upload › Done, the current step in bold."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("importSteps")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self.labels: list[QLabel] = []
        names = (
            self.tr("1  File"),
            self.tr("2  Columns"),
            self.tr("3  Check"),
            self.tr("4  Upload"),
            self.tr("5  Done"),
        )
        for i, name in enumerate(names):
            if i:
                arrow = _label("›", self, "muted", wrap=False)
                layout.addWidget(arrow)
            label = _label(name, self, "muted", wrap=False)
            label.setObjectName(f"step{i + 1}")
            self.labels.append(label)
            layout.addWidget(label)
        layout.addStretch(1)

    def set_current(self, index: int) -> None:
        for i, label in enumerate(self.labels):
            set_role(label, "subtitle" if i == index else "muted")


class Metric(QFrame):
    """A number and what it counts, in a small card."""

    def __init__(self, caption: str, parent: QWidget | None = None, tone: str = "") -> None:
        super().__init__(parent)
        self.setProperty("role", "card")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 10)
        layout.setSpacing(2)
        self._tone = tone or "muted"
        self.value = _label("0", self, "metric", wrap=False)
        self.caption = _label(caption, self, self._tone)
        layout.addWidget(self.value)
        layout.addWidget(self.caption)
        layout.addStretch(1)
        # as high as the row's highest card (a caption on two lines, in Kiswahili), the
        # number at the top: cards of different heights sat staggered
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_value(self, text: str, count: int | None = None) -> None:
        """Show *text* (the number, formatted); a *count* of none is not said in red ("0
        refused by the service" in red read as a failure when nothing had failed)."""
        self.value.setText(text)
        if self._tone == "error":
            set_role(self.caption, "muted" if count == 0 else self._tone)


class DropArea(QFrame):
    """Where a spreadsheet is dropped (or browsed for); refuses anything else with a reason."""

    files_dropped = Signal(list)
    refused = Signal(object)  # the first path dropped (none could be opened)
    browse_clicked = Signal()
    #: The least height, whatever its words need (a target easy to drop on).
    MIN_HEIGHT = 140

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dropArea")
        self.setAcceptDrops(True)
        self.setMaximumHeight(230)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 20)
        layout.setSpacing(8)
        layout.addStretch(1)
        self.title = _label(self.tr("Drop an Excel or CSV file here"), self, "subtitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint = _label(
            self.tr(
                "Excel (.xlsx) or CSV, any size. Numbers Excel damaged are repaired, and "
                "nothing is uploaded before you have checked it."
            ),
            self,
            "muted",
        )
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.browse = QPushButton(self.tr("Choose a file…"), self)
        self.browse.setObjectName("browseButton")
        self.browse.setProperty("role", "primary")
        self.browse.clicked.connect(self.browse_clicked)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.browse)
        row.addStretch(1)
        layout.addWidget(self.title)
        layout.addWidget(self.hint)
        layout.addLayout(row)
        layout.addStretch(1)
        self._set_hover(False)

    def minimumSizeHint(self) -> QSize:
        """At least 140 px high, and as high as its words need at its width (a fixed 140 px
        least height let the page squeeze its hint and draw the problem under it over it)."""
        hint = super().minimumSizeHint()
        return QSize(hint.width(), max(hint.height(), self.MIN_HEIGHT))

    def _set_hover(self, hover: bool) -> None:
        colour = "#1f7a5a" if hover else "#b8c2cc"
        background = "#eef8f4" if hover else "#fbfcfd"
        self.setStyleSheet(
            f"QFrame#dropArea {{ border: 2px dashed {colour}; border-radius: 10px;"
            f" background: {background}; }}"
        )

    @staticmethod
    def _paths(event: QDragEnterEvent | QDragMoveEvent | QDropEvent) -> list[Path]:
        mime = event.mimeData()
        if mime is None or not mime.hasUrls():
            return []
        return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._paths(event):
            event.acceptProposedAction()
            self._set_hover(True)
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if self._paths(event):
            event.acceptProposedAction()

    def dragLeaveEvent(self, event: object) -> None:
        self._set_hover(False)

    def dropEvent(self, event: QDropEvent) -> None:
        self._set_hover(False)
        paths = self._paths(event)
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        good = [p for p in paths if p.suffix.lower() in ACCEPTED]
        if good:
            self.files_dropped.emit(good)
        else:
            self.refused.emit(paths[0])


class _Page(QWidget):
    """A wizard page: a title, a lead, the content, and a row of buttons at the bottom."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.root = QVBoxLayout(self)
        self.root.setContentsMargins(0, 0, 0, 0)
        self.root.setSpacing(10)
        self.title = _label(title, self, "title")
        self.lead = _label("", self, "muted")
        self.root.addWidget(self.title)
        self.root.addWidget(self.lead)
        self.buttons = QHBoxLayout()
        self.buttons.setSpacing(8)
        self.cancel = QPushButton(self.tr("Cancel"), self)
        self.cancel.setObjectName("cancelButton")

    def finish_layout(self, *right: QPushButton) -> None:
        self.buttons.addWidget(self.cancel)
        self.buttons.addStretch(1)
        for button in right:
            self.buttons.addWidget(button)
        self.root.addLayout(self.buttons)


class StartPage(QWidget):
    """The tab at rest: the drop area, and the imports made before (reopenable)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        root.setSpacing(10)
        self.title = _label(self.tr("Import customers from a spreadsheet"), self, "title")
        self.drop = DropArea(self)
        self.problem = _label("", self, "warning")
        self.problem.setObjectName("startProblem")
        self.problem.hide()
        self.past_title = _label(self.tr("Past imports"), self, "subtitle")
        self.past = QTableWidget(0, 4, self)
        self.past.setObjectName("pastImports")
        self.past.setHorizontalHeaderLabels(
            [self.tr("When"), self.tr("File"), self.tr("Imported"), self.tr("Result")]
        )
        grid_look(self.past)
        self.past.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.past.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.past.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        tab_leaves(self.past)
        self.past.setAccessibleName(self.tr("Past imports"))
        _fill_height(self.past, 96)
        header = self.past.horizontalHeader()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        # the date, the count and the result as wide as their words and heading (a few rows)
        for column in (0, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.past_empty = _label(
            self.tr("Nothing imported yet. The report of every import is kept here."),
            self,
            "muted",
        )
        self.reopen = QPushButton(self.tr("Open report"), self)
        self.reopen.setObjectName("reopenButton")
        self.reopen.setEnabled(False)
        row = QHBoxLayout()
        row.addWidget(self.past_title)
        row.addStretch(1)
        row.addWidget(self.reopen)
        root.addWidget(self.title)
        root.addWidget(self.drop)
        root.addWidget(self.problem)
        root.addLayout(row)
        root.addWidget(self.past_empty)
        root.addWidget(self.past, 10)
        root.addStretch(1)  # takes the room while there is no past import

    def show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))


class FilePage(_Page):
    sheet_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("The file"), parent)
        self.lead.setText(
            self.tr("Check that this is the right file and sheet. Nothing is uploaded yet.")
        )
        box = card(self)
        form = QFormLayout(box)
        form.setContentsMargins(18, 14, 18, 14)
        form.setHorizontalSpacing(16)
        form.setVerticalSpacing(10)
        self.name = _label("", box)
        self.name.setObjectName("fileName")
        self.kind = _label("", box)
        self.sheet = QComboBox(box)
        self.sheet.setObjectName("sheetCombo")
        self.sheet.activated.connect(lambda _i: self.sheet_chosen.emit(self.sheet.currentText()))
        self.sheet_label = _label(self.tr("Sheet"), box, wrap=False)
        self.sheet_label.setBuddy(self.sheet)
        self.sheet.setAccessibleName(self.sheet_label.text())
        self.layout_info = _label("", box)
        form.addRow(_label(self.tr("File"), box, wrap=False), self.name)
        form.addRow(_label(self.tr("Kind"), box, wrap=False), self.kind)
        form.addRow(self.sheet_label, self.sheet)
        form.addRow(_label(self.tr("Found"), box, wrap=False), self.layout_info)
        self.sheet.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.sheet.setMinimumWidth(260)
        self.details = box
        self.root.addWidget(box)
        # while the file is read (a big workbook takes seconds): what is read, a busy bar,
        # and Cancel below, in place of details that are not known yet
        self.reading = card(self)
        self.reading.setObjectName("fileReading")
        reading = QVBoxLayout(self.reading)
        reading.setContentsMargins(18, 16, 18, 16)
        reading.setSpacing(8)
        self.reading_label = _label("", self.reading, "subtitle")
        self.reading_label.setObjectName("readingLabel")
        self.reading_bar = QProgressBar(self.reading)
        self.reading_bar.setObjectName("readingProgress")
        self.reading_bar.setRange(0, 0)
        self.reading_bar.setTextVisible(False)
        # where the keyboard waits while the file is read (read out; Tab reaches Cancel)
        self.reading_bar.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.reading_note = _label(
            self.tr("A big file can take a few seconds. Cancel stops reading it."),
            self.reading,
            "muted",
        )
        reading.addWidget(self.reading_label)
        reading.addWidget(self.reading_bar)
        reading.addWidget(self.reading_note)
        self.reading.hide()
        self.root.addWidget(self.reading)
        # what is wrong with the file read (headings with no customer under them)
        self.problem = _label("", self, "warning")
        self.problem.setObjectName("fileProblem")
        self.problem.hide()
        self.root.addWidget(self.problem)
        self.first_rows_title = _label(self.tr("The first rows, as read"), self, "subtitle")
        self.first_rows = QTableWidget(0, 0, self)
        self.first_rows.setObjectName("firstRows")
        self.first_rows.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        grid_look(self.first_rows, row_numbers=True)  # the file's own row numbers
        tab_leaves(self.first_rows)
        self.first_rows.horizontalHeader().setStretchLastSection(True)
        _fill_height(self.first_rows, 72)
        self.first_rows.setAccessibleName(self.first_rows_title.text())
        self.root.addWidget(self.first_rows_title)
        self.root.addWidget(self.first_rows, 1)
        self.next = QPushButton(self.tr("Next: columns"), self)
        self.next.setObjectName("nextButton")
        self.next.setProperty("role", "primary")
        self.reading_stretch = QWidget(self)  # keeps the buttons at the bottom meanwhile
        self.reading_stretch.setSizePolicy(
            QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding
        )
        self.reading_stretch.hide()
        self.root.addWidget(self.reading_stretch, 1)
        self.finish_layout(self.next)

    def show_reading(self, text: str) -> None:
        """The file is being read: *text* says which, over a busy bar; nothing of a file
        read before stays on show."""
        self.reading_label.setText(text)
        self.reading_bar.setAccessibleName(text)
        self.show_problem("")
        for widget in (self.details, self.first_rows_title, self.first_rows):
            widget.hide()
        self.reading.show()
        self.reading_stretch.show()
        self.next.setEnabled(False)

    def show_read(self) -> None:
        """The file is read: its details and first rows take the busy bar's place."""
        self.reading.hide()
        self.reading_stretch.hide()
        for widget in (self.details, self.first_rows_title, self.first_rows):
            widget.show()

    @property
    def is_reading(self) -> bool:
        return not self.reading.isHidden()

    def show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

    def fit_first_rows(self) -> None:
        """Each column as wide as its heading and the cells shown (a dozen rows: cheap), at
        most FIRST_ROWS_COLUMN_MAX: names were cut short beside a half-empty last column."""
        table = self.first_rows
        table.resizeColumnsToContents()
        for column in range(table.columnCount()):
            if table.columnWidth(column) > FIRST_ROWS_COLUMN_MAX:
                table.setColumnWidth(column, FIRST_ROWS_COLUMN_MAX)

    def show_sheets(self, sheets: tuple[str, ...], current: str | None) -> None:
        self.sheet.blockSignals(True)
        self.sheet.clear()
        self.sheet.addItems(list(sheets))
        if current in sheets:
            self.sheet.setCurrentText(current)
        self.sheet.blockSignals(False)
        self.sheet.setVisible(bool(sheets))
        self.sheet_label.setVisible(bool(sheets))
        self.sheet.setEnabled(len(sheets) > 1)


class ColumnsPage(_Page):
    mapping_changed = Signal(object, object)  # Field, column index or None

    FIELDS = (Field.PHONE, Field.FIRST_NAME, Field.LAST_NAME, Field.NAME, Field.EMAIL)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Which column holds what"), parent)
        self.lead.setText(
            self.tr(
                "Chosen from the headings and contents: change any that are wrong, and see "
                "the sample change."
            )
        )
        box = card(self)
        grid = QGridLayout(box)
        grid.setContentsMargins(18, 12, 18, 12)
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(8)
        self.combos: dict[Field, QComboBox] = {}
        self.field_labels: dict[Field, QLabel] = {}
        for i, what in enumerate(self.FIELDS):
            label = _label("", box, wrap=False)
            combo = QComboBox(box)
            label.setBuddy(combo)  # its name is set with the label's (ColumnsPage.set_names)
            combo.setObjectName(f"map_{what.value}")
            combo.setMinimumWidth(180)
            combo.activated.connect(
                lambda _i, what=what, combo=combo: self.mapping_changed.emit(
                    what, combo.currentData()
                )
            )
            self.combos[what] = combo
            self.field_labels[what] = label
            grid.addWidget(label, i // 2, (i % 2) * 2)
            grid.addWidget(combo, i // 2, (i % 2) * 2 + 1)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        self.root.addWidget(box)
        self.hint = _label("", self, "warning")
        self.hint.setObjectName("columnsHint")
        self.root.addWidget(self.hint)
        self.sample_title = _label(self.tr("Sample"), self, "subtitle")
        self.root.addWidget(self.sample_title)
        self.sample_model = SampleModel(self)
        self.sample = _table(self, "sampleTable")
        self.sample.setAccessibleName(self.sample_title.text())
        self.sample.setModel(self.sample_model)
        _fill_height(self.sample, 72)
        header = self.sample.horizontalHeader()
        header.resizeSection(0, 56)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)  # ten rows
        header.resizeSection(2, 130)
        header.resizeSection(3, 130)
        self.root.addWidget(self.sample, 1)
        self.back = QPushButton(self.tr("Back"), self)
        self.back.setObjectName("backButton")
        self.next = QPushButton(self.tr("Check every row"), self)
        self.next.setObjectName("nextButton")
        self.next.setProperty("role", "primary")
        self.finish_layout(self.back, self.next)

    def set_names(self, names: dict[Field, str]) -> None:
        """What each field is called, beside its combo and as the name a screen reader says
        (the combo's own text is the column chosen)."""
        for what, name in names.items():
            self.field_labels[what].setText(name)
            self.combos[what].setAccessibleName(name)

    def set_choices(self, columns: list[str], mapping: dict[Field, int | None], none: str) -> None:
        for what, combo in self.combos.items():
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(none, None)
            for index, name in enumerate(columns):
                combo.addItem(name, index)
            chosen = mapping.get(what)
            combo.setCurrentIndex(0 if chosen is None else combo.findData(chosen))
            combo.blockSignals(False)


class CheckingPage(_Page):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Checking every row…"), parent)
        box = card(self)
        inner = QVBoxLayout(box)
        inner.setContentsMargins(18, 16, 18, 16)
        inner.setSpacing(8)
        self.bar = QProgressBar(box)
        self.bar.setObjectName("checkProgress")
        self.bar.setRange(0, 0)
        # where the keyboard waits while rows are checked (read out; Tab reaches Cancel)
        self.bar.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.bar.setAccessibleName(self.tr("Checking every row…"))
        self.status = _label("", box, "muted")
        inner.addWidget(self.bar)
        inner.addWidget(self.status)
        self.root.addWidget(box)
        self.root.addStretch(1)
        self.finish_layout()


class _ProblemsPage(_Page):
    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.metrics_row = QHBoxLayout()
        self.metrics_row.setSpacing(10)
        self.root.addLayout(self.metrics_row)
        heading = QHBoxLayout()
        self.problems_title = _label(self.tr("Rows that will not be imported"), self, "subtitle")
        self.export = QPushButton(self.tr("Export problem rows…"), self)
        self.export.setObjectName("exportButton")
        heading.addWidget(self.problems_title, 1)
        heading.addWidget(self.export)
        self.root.addLayout(heading)
        self.model = ProblemsModel(self)
        self.table = _table(self, "problemsTable")
        self.table.setAccessibleName(self.problems_title.text())
        _fill_height(self.table, 72)
        self.table.setModel(self.model)
        header = self.table.horizontalHeader()
        # never narrower than the header's own words (longer in Kiswahili)
        header.resizeSection(0, max(60, header.sectionSizeHint(0)))
        header.resizeSection(1, max(160, header.sectionSizeHint(1)))
        self.no_problems = _label(self.tr("Every row can be imported."), self, "success")
        self.root.addWidget(self.no_problems)
        self.root.addWidget(self.table, 1)

    def set_problems_title(self, text: str) -> None:
        """The heading over the problem rows, which is also the name of their table."""
        self.problems_title.setText(text)
        self.table.setAccessibleName(text)

    def show_problem_count(self, count: int) -> None:
        self.table.setVisible(count > 0)
        self.export.setEnabled(count > 0)
        self.no_problems.setVisible(count == 0)


class CheckPage(_ProblemsPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Check before uploading"), parent)
        self.ready = Metric(self.tr("ready to import"), self, "success")
        self.repaired = Metric(self.tr("of them repaired"), self)
        self.rejected = Metric(self.tr("rejected"), self, "error")
        self.duplicates = Metric(self.tr("repeated numbers"), self)
        for metric in (self.ready, self.repaired, self.rejected, self.duplicates):
            metric.setObjectName(
                {
                    self.ready: "readyCount",
                    self.repaired: "repairedCount",
                    self.rejected: "rejectedCount",
                    self.duplicates: "duplicateCount",
                }[metric]
            )
            self.metrics_row.addWidget(metric)
        self.opt_out_note = _label("", self, "muted")
        self.opt_out_note.setObjectName("optOutNote")
        self.opt_out_note.hide()
        self.root.insertWidget(self.root.indexOf(self.no_problems) - 0, self.opt_out_note)
        self.back = QPushButton(self.tr("Back"), self)
        self.back.setObjectName("backButton")
        self.upload = QPushButton(self.tr("Upload"), self)
        self.upload.setObjectName("uploadButton")
        self.upload.setProperty("role", "primary")
        self.finish_layout(self.back, self.upload)


class UploadPage(_Page):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Uploading"), parent)
        box = card(self)
        inner = QVBoxLayout(box)
        inner.setContentsMargins(18, 16, 18, 16)
        inner.setSpacing(8)
        self.sending_label = _label(self.tr("1. Sending the file"), box, "subtitle")
        self.bytes_bar = QProgressBar(box)
        self.bytes_bar.setObjectName("bytesProgress")
        # where the keyboard waits while the file goes (read out; Tab reaches Cancel)
        self.bytes_bar.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.bytes_bar.setAccessibleName(self.sending_label.text())
        self.bytes_status = _label("", box, "muted")
        self.job_label = _label(self.tr("2. The service adds the contacts"), box, "subtitle")
        self.job_bar = QProgressBar(box)
        self.job_bar.setObjectName("jobProgress")
        self.job_status = _label("", box, "muted")
        self.note = _label(
            self.tr(
                "You can keep working in the other tabs meanwhile. Cancel stops the waiting; "
                "what the service already received may still be added."
            ),
            self,
            "muted",
        )
        for widget in (
            self.sending_label,
            self.bytes_bar,
            self.bytes_status,
            self.job_label,
            self.job_bar,
            self.job_status,
        ):
            inner.addWidget(widget)
        inner.insertSpacing(3, 8)
        self.root.addWidget(box)
        self.root.addWidget(self.note)
        self.root.addStretch(1)
        self.finish_layout()


class DonePage(_ProblemsPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Done"), parent)
        self.imported = Metric(self.tr("imported"), self, "success")
        self.failed = Metric(self.tr("refused by the service"), self, "error")
        self.not_uploaded = Metric(self.tr("problem rows, not uploaded"), self)
        self.imported.setObjectName("importedCount")
        self.failed.setObjectName("failedCount")
        self.not_uploaded.setObjectName("notUploadedCount")
        for metric in (self.imported, self.failed, self.not_uploaded):
            self.metrics_row.addWidget(metric)
        group_row = QHBoxLayout()
        group_row.setSpacing(8)
        self.group_label = _label(self.tr("Add these contacts to a group:"), self, wrap=False)
        self.group = QComboBox(self)
        self.group.setObjectName("groupCombo")
        self.group.setEditable(True)
        self.group.setMinimumWidth(200)
        self.group_label.setBuddy(self.group)
        self.group.setAccessibleName(self.group_label.text())
        editor = self.group.lineEdit()
        if editor is not None:
            editor.setPlaceholderText(self.tr("a group, or a new name"))
        self.add_group = QPushButton(self.tr("Add to group"), self)
        self.add_group.setObjectName("addGroupButton")
        # under the row, wrapped: it names the group, however long (never wider than the page)
        self.group_status = _label("", self, "success")
        group_row.addWidget(self.group_label)
        group_row.addWidget(self.group)
        group_row.addWidget(self.add_group)
        group_row.addStretch(1)
        self.root.insertLayout(3, group_row)
        self.root.insertWidget(4, self.group_status)
        self.cancel.hide()
        self.another = QPushButton(self.tr("Back to imports"), self)
        self.another.setObjectName("anotherButton")
        self.open_contacts = QPushButton(self.tr("Open the contacts"), self)
        self.open_contacts.setObjectName("openContactsButton")
        self.open_contacts.setProperty("role", "primary")
        self.finish_layout(self.another, self.open_contacts)
