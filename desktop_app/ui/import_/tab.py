"""The Import tab: drop (or choose) a spreadsheet, check how its columns are read, see every
row that cannot be imported and why, upload the rest, and keep the report.

The flow is core's :class:`~desktop_app.core.services.imports.ImportFlow`; each page only
shows it. Long work (reading 100,000 rows, uploading, waiting for the service) runs as named
tasks, with progress and a Cancel button on every page; the window never waits for it.
Exporting the problem rows and adding the imported contacts to a group are the tab's one job
(:class:`~desktop_app.ui.jobs.OneJob`), on a progress strip with its own Cancel.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import (
    QDateTime,
    QEvent,
    QLocale,
    QObject,
    QStandardPaths,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.api import errors as api
from desktop_app.core.contact_files import format_for
from desktop_app.core.importing import FileErrorCode, FileKind, ImportFileError
from desktop_app.core.importing.cells import cell_text
from desktop_app.core.importing.mapping import Field
from desktop_app.core.importing.writing import column_letter
from desktop_app.core.services.contacts import clean_group_name
from desktop_app.core.services.imports import (
    PASSING_ERRORS,
    ExportFormat,
    ImportFlow,
    ImportOutcome,
    ImportRecord,
    PartInFlight,
    PastImport,
    ProblemRecord,
    Step,
    UploadNotTaken,
    UploadPhase,
    UploadProgress,
    UploadResult,
    problems_of,
    sample_rows,
)
from desktop_app.ui.contacts.export import ask_export_path, with_export_suffix
from desktop_app.ui.contacts.states import ProgressStrip
from desktop_app.ui.errors import Level, describe
from desktop_app.ui.formats import number
from desktop_app.ui.import_.pages import (
    ACCEPTED,
    CheckingPage,
    CheckPage,
    ColumnsPage,
    DonePage,
    FilePage,
    PageStack,
    StartPage,
    StepsBar,
    UploadPage,
)
from desktop_app.ui.import_.words import words
from desktop_app.ui.jobs import OneJob
from desktop_app.ui.tabs import TabPage

if TYPE_CHECKING:
    from desktop_app.core.contact_files import ExportReport
    from desktop_app.core.importing import ImportReport, Preview
    from desktop_app.ui.context import AppContext

__all__ = ["ImportTab"]

PREVIEW_TASK = "import.preview"
NEXT_FILE_TASK = "import.next_file"  # a file dropped on one in progress, read before it replaces it
CHECK_TASK = "import.check"
UPLOAD_TASK = "import.upload"
HISTORY_TASK = "import.history"
GROUPS_TASK = "import.groups"  # the group names offered on the Done page
JOB_TASK = "import.job"  # the tab's one long job: exporting problem rows, or adding to a group
_GROUP_NAME_WIDTH = 220  # pixels: the most of a group's name the progress strip shows
_FILE_NAME_WIDTH = 220  # pixels: the most of a file's name the next file's strip shows
REOPEN_TASK = "import.reopen"

_STEP_INDEX = {
    Step.FILE: 0,
    Step.COLUMNS: 1,
    Step.CHECKING: 2,
    Step.CHECK: 2,
    Step.UPLOADING: 3,
    Step.DONE: 4,
    Step.FAILED: 4,
}


class _Added(NamedTuple):
    """What an "add to group" did: *added* numbers new to *group*, *done* of *total* gone
    through (fewer when it was cancelled)."""

    group: str
    added: int
    done: int
    total: int


class ImportTab(OneJob, TabPage):
    #: The wizard shows another step (its ``Step`` value, or "start"): tests wait on it.
    step_changed = Signal(str)
    #: The list of past imports was (re)loaded.
    history_loaded = Signal()
    #: An export of problem rows or an "add to group" finished.
    job_finished = Signal()

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.job_task = JOB_TASK
        self.setObjectName("importTab")
        self.flow = ImportFlow()
        self.past: list[PastImport] = []
        self.problems: list[ProblemRecord] = []
        self._file_name = ""
        self._sheet_asked = ""  # the sheet last chosen on the FILE page
        self._next_file: Path | None = None  # dropped on the file in progress, being read
        self._dialogs: list[QFileDialog] = []
        self._accepted: list[str] = []  # parts of the upload in progress the service took
        self._in_flight: PartInFlight | None = None  # a part sent, the service's reply not come
        self._parts = 1  # the parts the upload in progress is sent in (as its progress says)
        self._upload_profile = ""  # the account the upload in progress goes to
        self._check_problems: list[ProblemRecord] = []  # of the report on the check page
        self._record_task: str | None = None  # the last report being kept
        self._focus_given: QWidget | None = None  # where a page change put the keyboard
        self._page_shown_at = 0.0  # time.monotonic() of the last page change
        self._reopened_importing = False  # the service still imports the report reopened

        root = QVBoxLayout(self)
        root.setContentsMargins(20, 14, 20, 12)
        root.setSpacing(10)
        self.steps = StepsBar(self)
        root.addWidget(self.steps)
        self.stack = PageStack(self)
        root.addWidget(self.stack, 1)
        # the export's or the "add to group"'s progress and Cancel, whatever the page (the job
        # goes on when the wizard moves)
        self.progress = ProgressStrip(self)
        # "Stop", not the strip's "Cancel": the wizard's own Cancel (which ends the import)
        # can be on the same page, and the two must not be mistaken for each other.
        self.progress.cancel_button.setText(self.tr("Stop"))
        self.progress.cancel_button.setToolTip(
            self.tr("Stop saving or adding to the group (the import itself is kept)")
        )
        self.progress.cancel_clicked.connect(self.cancel_job)
        root.addWidget(self.progress)
        # a file dropped on the one in progress, being read before it takes its place (a big
        # workbook takes seconds): said so, with a way to give it up
        self.next_strip = ProgressStrip(self)
        self.next_strip.setObjectName("nextFileStrip")
        self.next_strip.cancel_button.setObjectName("nextFileStop")
        self.next_strip.cancel_button.setText(self.tr("Don't open it"))
        self.next_strip.cancel_button.setToolTip(
            self.tr("Stop reading this file (the import in progress is kept)")
        )
        self.next_strip.cancel_clicked.connect(self._forget_next_file)
        self.next_strip.label.setWordWrap(True)  # two file names: never wider than the page
        root.addWidget(self.next_strip)
        self.start_page = StartPage(self)
        self.file_page = FilePage(self)
        self.columns_page = ColumnsPage(self)
        self.checking_page = CheckingPage(self)
        self.check_page = CheckPage(self)
        self.upload_page = UploadPage(self)
        self.done_page = DonePage(self)
        for page in (
            self.start_page,
            self.file_page,
            self.columns_page,
            self.checking_page,
            self.check_page,
            self.upload_page,
            self.done_page,
        ):
            self.stack.addWidget(page)

        start = self.start_page
        start.drop.files_dropped.connect(self.open_files)
        start.drop.refused.connect(self._refuse)
        start.drop.browse_clicked.connect(self.browse)
        start.past.itemSelectionChanged.connect(self._on_past_selected)
        start.past.cellDoubleClicked.connect(lambda _r, _c: self.reopen_selected())
        start.reopen.clicked.connect(self.reopen_selected)
        self.file_page.sheet_chosen.connect(self._on_sheet)
        self.file_page.next.clicked.connect(self._to_columns)
        self.columns_page.mapping_changed.connect(self._on_mapping)
        self.columns_page.back.clicked.connect(self._back)
        self.columns_page.next.clicked.connect(self.start_check)
        self.check_page.back.clicked.connect(self._back)
        self.check_page.upload.clicked.connect(self.start_upload)
        self.check_page.export.clicked.connect(self.export_problems)
        self.done_page.export.clicked.connect(self.export_problems)
        self.done_page.add_group.clicked.connect(self.add_to_group)
        self.done_page.open_contacts.clicked.connect(self.open_contacts)
        self.done_page.another.clicked.connect(self.back_to_start)
        for page in self._wizard_pages():
            page.cancel.clicked.connect(self.cancel)
        # Upload and Cancel sit where the button that led to their page was: a double click
        # or a key pressed twice there must not press them (see _Unhurried)
        unhurried = _Unhurried(self)
        for button in (self.check_page.upload, *(p.cancel for p in self._wizard_pages())):
            button.installEventFilter(unhurried)
        ctx.session_changed.connect(self._on_session_changed)
        self._show_start()
        self.load_history()

    # -- the tab's contract -----------------------------------------------------------------

    def open_files(self, paths: list[Path]) -> None:
        """A spreadsheet was dropped (here or on the window) or chosen: start with it."""
        good = [p for p in paths if p.suffix.lower() in ACCEPTED]
        if not good:
            self._refuse(paths[0] if paths else Path())
            return
        if self.flow.step in (Step.CHECKING, Step.UPLOADING):
            # the check or the upload goes on (an upload the service may have taken is
            # never lost track of): the file is refused, in words saying what to do
            self._refuse_under_way(good[0])
            return
        path = good[0]
        if len(good) > 1:
            self.ctx.errors.info(
                self.tr("One file at a time"),
                self.tr("“{name}” is opened first; import the others after it.").format(
                    name=path.name
                ),
            )
        self.ctx.tasks.cancel(REOPEN_TASK)  # a past report still being read gives way
        if self.flow.can_replace:
            # the file in progress (its columns, its check) is given up only once the new one
            # is read: a file dropped by mistake that cannot be used leaves the user's work
            self._next_file = path
            metrics = self.next_strip.label.fontMetrics()

            def cut(name: str) -> str:
                return metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, _FILE_NAME_WIDTH)

            self.next_strip.start(
                self.tr("Reading “{name}”… It takes the place of “{current}” once read.").format(
                    name=cut(path.name), current=cut(self._file_name)
                )
            )
            self.ctx.tasks.start(
                NEXT_FILE_TASK,
                self.ctx.services.imports.preview(path),
                on_success=lambda found: self._on_next_file(path, found),
                on_error=lambda exc: self._on_next_file_error(path, exc),
            )
            return
        self._forget_next_file()
        self._file_name = path.name
        self.flow.open(path)
        self.start_page.show_problem("")
        self._read_head(None)

    def _refuse_under_way(self, path: Path) -> None:
        self.ctx.errors.info(
            self.tr("An import is under way"),
            self.tr(
                "“{name}” was not opened: finish or cancel the import in progress first."
            ).format(name=path.name),
            level=Level.WARNING,
        )

    def _forget_next_file(self) -> Path | None:
        """A file dropped on the one in progress and not read yet is not opened (its reading
        stops, a result already on its way is ignored); returned, if there was one."""
        path, self._next_file = self._next_file, None
        self.ctx.tasks.cancel(NEXT_FILE_TASK)
        self.next_strip.finish()
        return path

    def _on_next_file(self, path: Path, found: Preview) -> None:
        """The file dropped on the one in progress is read: it takes its place."""
        if self._next_file is not path:
            return  # given up meanwhile (Cancel, a check or an upload started)
        self._next_file = None
        self.next_strip.finish()
        if self.flow.step in (Step.CHECKING, Step.UPLOADING):
            self._refuse_under_way(path)
            return
        self.ctx.tasks.cancel(PREVIEW_TASK)  # another sheet of the file given up, being read
        self._file_name = path.name
        self._sheet_asked = ""
        if self.flow.can_replace:
            self.flow.replace(path, found)
        else:  # the file in progress could not be read meanwhile: back on the start page
            self.flow.open(path)
            self.flow.previewed(found)
        self.start_page.show_problem("")
        self._show_file()

    def _on_next_file_error(self, path: Path, exc: BaseException) -> bool:
        """The file dropped on the one in progress cannot be used: said so, and the user
        stays where they were, with their file, columns and check."""
        if self._next_file is not path:
            return True  # given up meanwhile: nothing to say about it
        self._next_file = None
        self.next_strip.finish()
        if not isinstance(exc, ImportFileError):
            return False  # to the presenter; the file in progress stays too
        self.ctx.errors.info(
            self.tr("That file cannot be imported"),
            words().file_error(exc, path.name),
            level=Level.WARNING,
        )
        return True

    def file_action_triggered(self) -> None:
        """File → Import contacts… (Ctrl+I): choose a file, unless an import is under way."""
        if self.flow.step in (Step.IDLE, Step.DONE, Step.FAILED, Step.CANCELLED):
            self.browse()

    def refresh(self) -> None:
        """F5: the list of past imports is read again (a wizard page is left as it is)."""
        if self.stack.currentWidget() is self.start_page:
            self.load_history()

    def _on_session_changed(self) -> None:
        """Another account (or none): a check or an upload stops; the report of an import
        made in another account is left for the start page (its contacts, and the groups
        Add to group would fill, are that account's); a checked file stays, ready to upload
        to this one, its opt-out note counted again on this account's list."""
        session = self.ctx.session
        here = session.profile.name if session is not None else None
        if self.flow.step in (Step.CHECKING, Step.UPLOADING):
            self.cancel()
        elif self.stack.currentWidget() is self.done_page and self._report_profile() != here:
            self._show_start()
        elif self.flow.step is Step.CHECK and self.flow.report is not None:
            self._show_opted_out(self.flow.report.valid)
        self.load_history()

    def _report_profile(self) -> str | None:
        """The account of the import the Done page shows: the one uploaded to, or the one a
        reopened report was kept under."""
        if self.flow.result is not None:
            return self._upload_profile
        return self.flow.record.profile if self.flow.record is not None else None

    async def stop(self, timeout: float) -> bool:  # noqa: ASYNC109 (the tab's contract)
        """Quitting: a check or an upload in progress is cancelled, and an upload's report is
        kept (with the parts the service took, and a part on its way, which Past imports
        settles when next read) before the app closes. Nothing here waits on the service."""
        if self.flow.step in (Step.CHECKING, Step.UPLOADING):
            self.cancel()
        if self._record_task is not None:
            return await self.ctx.tasks.wait_for(self._record_task, timeout)
        return True

    # -- start page: past imports ------------------------------------------------------------

    def load_history(self) -> None:
        session = self.ctx.session
        if session is None or self.ctx.tasks.closing:
            self._show_past([])
            return
        client = session.client if session.can_use_contacts else None
        # an upload of this tab under way (or its report not kept yet) is not yet held by any
        # import kept here: it could be taken for a cancelled import's part on its way
        settle = self.flow.step is not Step.UPLOADING and not (
            self._record_task is not None and self.ctx.tasks.is_running(self._record_task)
        )
        self.ctx.tasks.start(
            HISTORY_TASK,
            self.ctx.services.imports.past(session.profile.name, client, settle=settle),
            on_success=lambda found: self._show_past(found[0]),
            # the account switched meanwhile (its client closed under the read): moot, the
            # new account's list is read next
            on_error=lambda _exc: session is not self.ctx.session,
        )

    def _show_past(self, past: list[PastImport]) -> None:
        self.past = past
        table = self.start_page.past
        table.setRowCount(len(past))
        locale = QLocale()
        for row, item in enumerate(past):
            record, upload = item.record, item.upload
            when = record.created_at if record else (upload.created_at if upload else None)
            # the month in words, as Delivery and Contacts write dates (a locale's short
            # format can read "24 11 2026 07:40" or "11/24/26")
            when_text = (
                locale.toString(
                    QDateTime.fromSecsSinceEpoch(int(when.timestamp())), "d MMM yyyy, HH:mm"
                )
                if when is not None
                else ""
            )
            if record is not None:
                name = record.file_name
                imported = record.imported  # (cancelled: what the service went on to add)
                outcome = self._outcome_text(record)
            else:
                name = self.tr("(uploaded from elsewhere)")
                imported = upload.imported or 0 if upload else 0
                outcome = self._status_text(upload.status if upload else "")
            for column, text in enumerate((when_text, name, number(imported or 0), outcome)):
                table.setItem(row, column, QTableWidgetItem(text))
        self.start_page.past_empty.setVisible(not past)
        self.start_page.past.setVisible(bool(past))
        self._on_past_selected()
        self.history_loaded.emit()

    def _status_text(self, status: str) -> str:
        return {
            "completed": self.tr("Completed"),
            "failed": self.tr("Failed at the service"),
            "processing": self.tr("Still being imported"),
        }.get(status, status)

    def _outcome_text(self, record: ImportRecord) -> str:
        if record.outcome is ImportOutcome.CANCELLED:
            return self.tr("Cancelled")
        if record.outcome is ImportOutcome.FAILED:
            return self._status_text("failed")
        problems = record.rejected + record.duplicates + record.failed
        if problems:
            return self.tr("Completed, {problems}").format(problems=words().problem_rows(problems))
        return self.tr("Completed")

    def _on_past_selected(self) -> None:
        row = self.start_page.past.currentRow()
        selected = bool(self.start_page.past.selectedItems())
        self.start_page.reopen.setEnabled(selected and 0 <= row < len(self.past))

    def reopen_selected(self) -> None:
        row = self.start_page.past.currentRow()
        session = self.ctx.session
        if not 0 <= row < len(self.past) or session is None:
            return
        item = self.past[row]
        record, upload = item.record, item.upload
        if record is None:
            if upload is not None:  # made elsewhere: what the service says about it
                self._show_record(
                    self.ctx.services.imports.record_of_upload(session.profile.name, upload)
                )
            return
        listed = record  # the report as the list shows it, its problem rows read now
        self.ctx.tasks.start(
            REOPEN_TASK,
            self.ctx.services.imports.reopen(session.profile.name, record.id),
            on_success=lambda found: self._show_record(
                replace(listed, problems=found.problems), item.importing
            ),
        )

    def _show_record(self, record: ImportRecord, importing: bool = False) -> None:
        """A past import's report (*importing*: the service is still importing it)."""
        if self.flow.step not in (Step.IDLE, Step.DONE, Step.FAILED, Step.CANCELLED):
            return  # read late: a file opened meanwhile is not replaced by an old report
        self._reopened_importing = importing
        self.flow.reopen(record)
        self._file_name = record.file_name or self.tr("an upload made elsewhere")
        self._show_done()

    # -- file --------------------------------------------------------------------------------

    def browse(self) -> None:
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        dialog = QFileDialog(self, self.tr("Choose a spreadsheet to import"))
        dialog.setObjectName("importBrowse")
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters(
            [self.tr("Spreadsheets (*.xlsx *.xlsm *.csv *.txt *.tsv)"), self.tr("All files (*)")]
        )
        if folder:
            dialog.setDirectory(folder)
        dialog.fileSelected.connect(lambda name: self.open_files([Path(name)]))
        dialog.finished.connect(lambda _r: self._dialogs.remove(dialog))
        dialog.finished.connect(dialog.deleteLater)
        self._dialogs.append(dialog)
        dialog.open()

    def _refuse(self, path: Path) -> None:
        """*path* is no file Tuma reads: said so, with the way to one it reads (a folder, a
        workbook of another program: how to save it as .xlsx or CSV)."""
        name, ending = path.name, path.suffix.lower()
        if ending == ".xls":
            text = words().file_error(ImportFileError(FileErrorCode.OLD_EXCEL), name)
        elif name and path.is_dir():
            text = self.tr(
                "“{name}” is a folder. Open it and drop the spreadsheet itself (an Excel .xlsx "
                "or CSV file)."
            ).format(name=name)
        elif ending in (".ods", ".fods"):
            text = self.tr(
                "“{name}” is a LibreOffice or OpenOffice spreadsheet. There, choose File → Save "
                "As → Excel 2007-365 (.xlsx), then import that file."
            ).format(name=name)
        elif ending == ".numbers":
            text = self.tr(
                "“{name}” is an Apple Numbers spreadsheet. In Numbers, choose File → Export To "
                "→ Excel, then import that file."
            ).format(name=name)
        else:
            text = self.tr(
                "“{name}” is not a spreadsheet Tuma can import. Choose an Excel (.xlsx) or CSV "
                "file (in Excel: File → Save As)."
            ).format(name=name)
        self.ctx.errors.info(self.tr("That file cannot be imported"), text, level=Level.WARNING)

    def _read_head(self, sheet: str | None) -> None:
        path = self.flow.path
        assert path is not None
        # Next waits for the file before the page is shown (the keyboard waits on the busy
        # bar meanwhile, not on a button then taken from under it)
        self.file_page.show_reading(
            self.tr("Reading “{name}”…").format(name=self._file_name)
            if sheet is None
            else self.tr("Reading the sheet “{sheet}” of “{name}”…").format(
                sheet=sheet, name=self._file_name
            )
        )
        self._show_step(Step.FILE)
        self.file_page.name.setText(path.name)
        self.ctx.tasks.start(
            PREVIEW_TASK,
            self.ctx.services.imports.preview(path, sheet),
            on_success=self._on_preview,
            on_error=self._on_file_error,
        )

    def _on_preview(self, preview: Preview) -> None:
        if self.flow.step is not Step.FILE:
            return
        self.flow.previewed(preview)
        self._show_file()

    def _on_file_error(self, exc: BaseException) -> bool:
        """Reading the file failed: back to the start, saying why (an unexpected failure goes
        to the presenter too, so nothing is left half-shown). Another sheet chosen that is
        empty: the file stays open on the sheet read before."""
        if (
            self.flow.step is Step.FILE
            and self.flow.preview is not None
            and isinstance(exc, ImportFileError)
            and exc.code is FileErrorCode.EMPTY
        ):
            self._show_file()
            self.ctx.errors.info(
                self.tr("That sheet is empty"),
                self.tr(
                    "The sheet “{sheet}” in “{name}” has no rows. Choose another sheet."
                ).format(sheet=self._sheet_asked, name=self._file_name),
                level=Level.WARNING,
            )
            return True
        if self.flow.step in (Step.FILE, Step.CHECKING):
            if self.flow.step is Step.CHECKING:
                self.flow.check_failed()
            self.flow.cancel()
        self._show_start()
        if not isinstance(exc, ImportFileError):
            return False
        self.start_page.show_problem(words().file_error(exc, self._file_name))
        return True

    def _show_file(self) -> None:
        preview = self.flow.preview
        assert preview is not None
        source = preview.source
        page = self.file_page
        if source.kind is FileKind.XLSX:
            page.kind.setText(self.tr("Excel workbook"))
        else:
            separators = {",": self.tr("commas"), ";": self.tr("semicolons"), "\t": self.tr("tabs")}
            page.kind.setText(
                self.tr("CSV text ({encoding}), separated by {separator}").format(
                    encoding=(source.encoding or "").upper(),
                    separator=separators.get(source.delimiter or ",", source.delimiter or ""),
                )
            )
        page.show_sheets(preview.sheets, self.flow.sheet)
        if preview.header_row is None:
            found = self.tr("{columns} columns, no heading row").format(
                columns=number(preview.columns)
            )
        else:
            found = self.tr("{columns} columns, headings on row {row}").format(
                columns=number(preview.columns), row=preview.header_row
            )
        page.layout_info.setText(found)
        page.name.setText(self._file_name)
        width = max(preview.columns, len(preview.header), 1)
        table = page.first_rows
        table.clear()
        table.setColumnCount(width)
        table.setRowCount(len(preview.rows))
        table.setHorizontalHeaderLabels(self._column_names())
        table.setVerticalHeaderLabels([str(n) for n, _cells in preview.rows])
        for r, (_n, cells) in enumerate(preview.rows):
            for c in range(min(width, len(cells))):
                table.setItem(r, c, QTableWidgetItem(cell_text(cells[c])))
        page.fit_first_rows()
        # the busy bar had the keyboard: hidden, it would hand it on anywhere (the tab bar)
        waited = page.is_reading and page.reading_bar.hasFocus()
        page.show_read()
        # headings and no customer under them: nothing to go on with (it said "Nothing to
        # upload" three pages later, with no word of why)
        page.show_problem("" if preview.rows else self._no_customers_text())
        page.next.setEnabled(bool(preview.rows))
        self._show_step(Step.FILE)
        target = self.first_focus() if waited else None
        if target is not None:
            target.setFocus(Qt.FocusReason.OtherFocusReason)
            self._focus_given = target

    def _no_customers_text(self) -> str:
        preview = self.flow.preview
        assert preview is not None
        if len(preview.sheets) > 1:
            return self.tr(
                "The sheet “{sheet}” of “{name}” has column headings but no customers under "
                "them. Choose the sheet your customers are on, or check that this is the "
                "right file."
            ).format(sheet=preview.source.sheet or "", name=self._file_name)
        return self.tr(
            "“{name}” has column headings but no customers under them. Check that this is "
            "the right file, and that the customers were saved in it."
        ).format(name=self._file_name)

    def _on_sheet(self, sheet: str) -> None:
        if self.flow.step is Step.FILE:
            self._sheet_asked = sheet
            self._read_head(sheet)

    # -- columns -----------------------------------------------------------------------------

    def _to_columns(self) -> None:
        self.flow.to_columns()
        self._show_columns()

    def _column_names(self) -> list[str]:
        preview = self.flow.preview
        assert preview is not None
        names = []
        for i in range(max(preview.columns, len(preview.header))):
            heading = preview.header[i] if i < len(preview.header) else ""
            letter = column_letter(i)
            names.append(
                self.tr("{letter}: {heading}").format(letter=letter, heading=heading)
                if heading
                else self.tr("Column {letter}").format(letter=letter)
            )
        return names

    def _show_columns(self) -> None:
        page = self.columns_page
        mapping = self.flow.mapping
        page.set_names({what: words().field(what) for what in page.FIELDS})
        page.set_choices(
            self._column_names(),
            {what: mapping.column(what) for what in page.FIELDS},
            self.tr("(none)"),
        )
        self._update_sample()
        self._show_step(Step.COLUMNS)

    def _on_mapping(self, what: Field, column: int | None) -> None:
        if self.flow.step is not Step.COLUMNS:
            return
        self.flow.map_column(what, column)
        # a column holds one field: the combos show the cleared ones too
        self.columns_page.set_choices(
            self._column_names(),
            {f: self.flow.mapping.column(f) for f in self.columns_page.FIELDS},
            self.tr("(none)"),
        )
        self._update_sample()

    def _update_sample(self) -> None:
        preview = self.flow.preview
        assert preview is not None
        rows = sample_rows(preview, self.flow.mapping, self.ctx.services.imports.region)
        shown: list[tuple[str, ...]] = []
        ok: list[bool] = []
        for row in rows:
            if row.phone is not None:
                phone = row.phone + (self.tr("  (repaired)") if row.repaired else "")
            elif row.reason is not None and row.phone_text:
                phone = self.tr("✗ {text}").format(text=row.phone_text)
            else:
                phone = self.tr("✗ no number")
            shown.append((str(row.row), phone, row.first_name, row.last_name, row.email))
            ok.append(row.phone is not None)
        self.columns_page.sample_model.set_rows(shown, ok)
        has_phone = self.flow.mapping.phone is not None
        self.columns_page.hint.setText(
            "" if has_phone else self.tr("Choose the column that holds the phone numbers.")
        )
        self.columns_page.hint.setVisible(not has_phone)
        self.columns_page.next.setEnabled(has_phone)

    def _back(self) -> None:
        self.flow.back()
        if self.flow.step is Step.FILE:
            self._show_file()
        else:
            self._show_columns()

    def _refuse_next_file(self) -> None:
        """A check or an upload starts while a file dropped before is still being read: the
        user went on with the file in progress, so the new one is not opened (as when it is
        dropped during the check or the upload), and they are told."""
        path = self._forget_next_file()
        if path is not None:
            self._refuse_under_way(path)

    # -- checking ----------------------------------------------------------------------------

    def start_check(self) -> None:
        if not self.flow.can_check:
            return
        self.flow.start_check()
        self._refuse_next_file()
        path = self.flow.path
        assert path is not None
        page = self.checking_page
        page.bar.setRange(0, 0)
        page.lead.setText(
            self.tr("“{name}”: every row is read and checked. Nothing is uploaded yet.").format(
                name=self._file_name
            )
        )
        page.status.setText(self.tr("Reading…"))
        self._show_step(Step.CHECKING)
        self.ctx.tasks.start(
            CHECK_TASK,
            self._check(path),
            on_success=self._on_checked,
            on_error=self._on_file_error,
        )

    async def _check(self, path: Path) -> tuple[ImportReport, list[ProblemRecord]]:
        imports = self.ctx.services.imports
        report = await imports.validate(
            path, self.flow.mapping, self.flow.sheet, self._on_check_progress
        )
        return report, await imports.problems(report)

    def _on_check_progress(self, done: int, total: int) -> None:
        if self.flow.step is not Step.CHECKING:
            return
        bar = self.checking_page.bar
        bar.setRange(0, max(total, 1))
        bar.setValue(min(done, total))
        self.checking_page.status.setText(
            self.tr("Row {done} of about {total}").format(done=number(done), total=number(total))
        )

    def _on_checked(self, checked: tuple[ImportReport, list[ProblemRecord]]) -> None:
        if self.flow.step is not Step.CHECKING:
            return
        report, self._check_problems = checked
        self.flow.checked(report)
        self._show_check()

    def _show_check(self) -> None:
        report = self.flow.report
        assert report is not None
        page = self.check_page
        page.lead.setText(
            self.tr("“{name}”: {rows} read. Nothing has been uploaded yet.").format(
                name=self._file_name, rows=words().rows(report.data_rows)
            )
            if report.valid
            else self.tr(
                "“{name}”: {rows} read, and none of them can be imported: see why below. "
                "Correct them in Excel (Export problem rows… lists them), then import the "
                "file again."
            ).format(name=self._file_name, rows=words().rows(report.data_rows))
        )
        page.ready.set_value(number(len(report.valid)))
        page.repaired.set_value(number(report.repaired))
        page.rejected.set_value(number(len(report.rejected)), len(report.rejected))
        page.duplicates.set_value(number(len(report.duplicates)))
        self._set_problems(page, self._check_problems, report.mapping.phone)
        page.upload.setText(
            self.tr("Upload %Ln contact(s)", "", len(report.valid))
            if report.valid
            else self.tr("Nothing to upload")
        )
        page.upload.setEnabled(self.flow.can_upload)
        self._show_opted_out(report.valid)
        self._show_step(Step.CHECK)

    def _show_opted_out(self, rows: Any) -> None:
        """How many of the rows to import are on the opt-out list (they are imported;
        promotions skip them when sent)."""
        note = self.check_page.opt_out_note
        note.hide()
        session = self.ctx.session
        if session is None or not rows:
            return
        phones = [row.phone for row in rows]

        async def count() -> None:
            listed = await self.ctx.services.optouts.among(session.profile.name, phones)
            if listed and session is self.ctx.session:
                note.setText(
                    self.tr(
                        "%Ln of these numbers are on your opt-out list: they are imported, but "
                        "promotions skip them.",
                        "",
                        len(listed),
                    )
                )
                note.show()

        self.ctx.tasks.start("import.optouts", count())

    def _set_problems(
        self, page: CheckPage | DonePage, problems: list[ProblemRecord], phone: int | None
    ) -> None:
        self.problems = problems
        page.model.set_problems(problems, phone)
        page.show_problem_count(len(problems))
        self._update_actions()
        page.set_problems_title(
            self.tr("Rows that will not be imported: {count}").format(count=number(len(problems)))
            if problems
            else self.tr("Rows that will not be imported")
        )

    # -- upload ------------------------------------------------------------------------------

    def start_upload(self) -> None:
        report = self.flow.report
        session = self.ctx.session
        if report is None or not self.flow.can_upload:
            return
        if session is None:
            self.ctx.errors.info(
                self.tr("No account connected"),
                self.tr("Connect an account (Account menu) to upload these contacts."),
                level=Level.WARNING,
            )
            return
        self.flow.start_upload()
        self._refuse_next_file()
        page = self.upload_page
        page.lead.setText(
            self.tr("{contacts} from “{name}”.").format(
                contacts=words().contacts(len(report.valid)), name=self._file_name
            )
        )
        page.bytes_bar.setRange(0, 100)
        page.bytes_bar.setValue(0)
        page.bytes_status.setText("")
        page.job_bar.setRange(0, max(len(report.valid), 1))
        page.job_bar.setValue(0)
        page.job_status.setText(self.tr("Waiting for the file to arrive…"))
        self._show_step(Step.UPLOADING)
        profile = session.profile.name
        self._accepted = []
        self._in_flight = None
        self._parts = 1
        self._upload_profile = profile  # kept: the session may change before it ends
        self.ctx.tasks.start(
            UPLOAD_TASK,
            self.ctx.services.imports.upload(
                session.client, report, self.show_upload_progress, self._taken, self._sending
            ),
            on_success=lambda result: self._on_uploaded(profile, result),
            on_error=self._on_upload_error,
        )

    def _sending(self, part: PartInFlight) -> None:
        """A part is being sent: until the service's reply, a Cancel keeps it with the
        import (the service may take it all the same)."""
        self._in_flight = part

    def _taken(self, upload_uuid: str) -> None:
        self._accepted.append(upload_uuid)
        self._in_flight = None

    def show_upload_progress(self, progress: UploadProgress) -> None:
        self._parts = progress.parts
        page = self.upload_page
        kib = 1024
        page.bytes_bar.setRange(0, max(progress.total_bytes // kib, 1))
        page.bytes_bar.setValue(progress.sent_bytes // kib)
        sent = self.tr("{sent} of {total} KB").format(
            sent=number(progress.sent_bytes // kib),
            total=number(max(progress.total_bytes // kib, 1)),
        )
        if progress.parts > 1:
            sent = self.tr("{sent} · part {part} of {parts}").format(
                sent=sent, part=progress.part, parts=progress.parts
            )
        page.bytes_status.setText(sent)
        if progress.phase is UploadPhase.PROCESSING:
            page.job_bar.setRange(0, max(progress.total_rows, 1))
            page.job_bar.setValue(min(progress.imported, progress.total_rows))
            page.job_status.setText(
                self.tr("{done} of {total} contacts added by the service").format(
                    done=number(progress.imported), total=number(progress.total_rows)
                )
            )
        elif progress.phase is UploadPhase.CONFIRMING:
            page.job_status.setText(
                self.tr(
                    "The connection was lost just after the file was sent. Tuma is asking the "
                    "service whether it received it (and keeps asking until the connection is "
                    "back)…"
                )
            )
        elif progress.phase is UploadPhase.UNREACHABLE:
            page.job_status.setText(
                self.tr(
                    "The connection to the service was lost. It already has the file: Tuma "
                    "keeps checking until the connection is back…"
                )
            )

    def _on_uploaded(self, profile: str, result: UploadResult) -> None:
        if self.flow.step is not Step.UPLOADING:
            return
        report = self.flow.report
        assert report is not None
        self.flow.uploaded(result)
        outcome = ImportOutcome.FAILED if result.failed_job else ImportOutcome.COMPLETED
        if not result.problems:
            # the check's problem rows are the report's (problems_of with no service rows)
            self._record(profile, report, result, outcome, self._check_problems)
            self._show_done(self._check_problems)
            return
        # the service refused rows: merged into the problem rows once (in a worker thread),
        # shown, and kept with the report
        self._record(profile, report, result, outcome, None, self._show_done)

    def _record(
        self,
        profile: str,
        report: ImportReport,
        result: UploadResult | None,
        outcome: ImportOutcome,
        problems: list[ProblemRecord] | None,
        merged: Callable[[list[ProblemRecord]], None] | None = None,
        in_flight: PartInFlight | None = None,
    ) -> None:
        """Keep the report under *profile*, with its *problems* (found first when None, then
        given to *merged*) and its part on its way (*in_flight*). One task, waited for when
        the app quits."""
        imports = self.ctx.services.imports
        file_name = self._file_name

        async def keep() -> ImportRecord:
            found = problems
            if found is None:
                found = await imports.problems(report, result)
                if merged is not None:
                    asyncio.get_running_loop().call_soon(merged, found)
            return await imports.record(
                profile, file_name, report, result, outcome, found, in_flight
            )

        def kept(record: ImportRecord) -> None:
            if self.flow.step in (Step.DONE, Step.FAILED) and self.flow.record is None:
                self.flow.record = record
            self.load_history()
            if record.in_flight is not None:
                # its part on its way is settled by a read of the list once the service
                # surely lists it, if this read was too early
                wait = imports.poll.settle_after + 0.5
                QTimer.singleShot(int(wait * 1000), self, self.load_history)

        self._record_task = f"import.record.{id(report)}"
        self.ctx.tasks.start(self._record_task, keep(), on_success=kept)

    def _on_upload_error(self, exc: BaseException) -> bool:
        """The upload stopped on an error. Nothing taken by the service: back to CHECK to try
        again. Some part taken (a later one failed, or the waiting timed out): those rows may
        still be imported, so uploading again would send them twice; the import is kept
        (cancelled: Tuma stopped following it) under the account it went to, as Cancel does."""
        if self.flow.step is Step.UPLOADING:
            report = self.flow.report
            self._in_flight = None  # its error is the service's answer (or _settle's)
            if self._accepted and report is not None:
                self.flow.cancel()
                self._record_stopped(report)
                self._show_start()
                self.load_history()
                if isinstance(exc, UploadNotTaken):
                    self.ctx.errors.info(
                        self.tr("Upload stopped"),
                        self.tr(
                            "The connection was lost while part {part} of {parts} of “{name}” "
                            "was being sent, and the service did not receive that part. The "
                            "parts it received before are still added; the report is kept "
                            "under Past imports. To add the rest, upload the file again: "
                            "contacts already added are updated, not added twice."
                        ).format(part=exc.part, parts=exc.parts, name=self._file_name),
                        level=Level.ERROR,
                    )
                    return True
                if isinstance(exc, PASSING_ERRORS):
                    # the service was out of reach until the waiting gave up: its own words
                    # ("... then try again") would invite a second upload of the same rows
                    self.ctx.errors.info(describe(exc)[0], self._stopped_text(), level=Level.ERROR)
                    return True
                if isinstance(exc, api.AuthError) and len(self._accepted) < self._parts:
                    # the key refused before the last part went: the rest was never sent, and
                    # the check is gone (the import is kept as stopped): how to add it
                    self.ctx.errors.present(
                        exc,
                        more=self.tr(
                            "Tuma stopped uploading “{name}” after part {taken} of {parts}. "
                            "The contacts in the parts the service received may still be "
                            "added; the report is kept under Past imports. To add the rest, "
                            "connect your account again, then import the file again: contacts "
                            "already added are updated, not added twice."
                        ).format(
                            name=self._file_name, taken=len(self._accepted), parts=self._parts
                        ),
                    )
                    return True
                if isinstance(exc, api.ApiError):
                    # the key revoked, a later part refused...: what to do about it, and what
                    # became of the parts the service has
                    self.ctx.errors.present(exc, more=self._stopped_text())
                    return True
            else:
                self.flow.upload_failed()
                self._show_check()
                if isinstance(exc, api.AuthError):
                    # nothing was taken: the check is kept, to upload once connected again
                    self.ctx.errors.present(
                        exc,
                        more=self.tr(
                            "Nothing from “{name}” was uploaded. The checked rows are kept: "
                            "once your account is connected again, press Upload."
                        ).format(name=self._file_name),
                    )
                    return True
                if isinstance(exc, UploadNotTaken):
                    self.ctx.errors.info(
                        self.tr("Nothing was imported"),
                        self.tr(
                            "The connection was lost while “{name}” was being sent, and the "
                            "service did not receive it. Press Upload to send it again."
                        ).format(name=self._file_name),
                        level=Level.ERROR,
                    )
                    return True
        return False  # the presenter says what went wrong and what to do

    def _record_stopped(self, report: ImportReport) -> None:
        """Keep the upload that stopped before it ended (cancelled, failed, the account
        switched) under the account it was made for, with the parts the service took, and
        the part on its way if it was cut off there (Past imports settles whether the
        service took it: the report then holds it, not a stranger's upload beside it)."""
        known = UploadResult(tuple(self._accepted), len(report.valid), 0, 0)
        self._record(
            self._upload_profile,
            report,
            known,
            ImportOutcome.CANCELLED,
            self._check_problems,
            in_flight=self._in_flight,
        )
        self._in_flight = None

    # -- done --------------------------------------------------------------------------------

    def _show_done(self, merged: list[ProblemRecord] | None = None) -> None:
        """The DONE (or FAILED) page: of the upload just made (*merged*: its problem rows, the
        service's included), or of a past import reopened."""
        page = self.done_page
        flow = self.flow
        if flow.step not in (Step.DONE, Step.FAILED):
            return  # cancelled or another file meanwhile
        failed_job = flow.step is Step.FAILED
        if flow.result is not None and flow.report is not None:
            result, report = flow.result, flow.report
            imported, failed = result.imported, result.failed
            not_uploaded = len(report.rejected) + len(report.duplicates)
            problems = merged if merged is not None else self._check_problems
            phone = report.mapping.phone
            cancelled = None
        else:
            record = flow.record
            assert record is not None
            imported, failed = record.imported, record.failed
            not_uploaded = record.rejected + record.duplicates
            problems = list(record.problems)
            phone = record.phone_column
            cancelled = record if record.outcome is ImportOutcome.CANCELLED else None
        if failed_job:
            page.title.setText(self.tr("The service could not finish this import"))
            page.lead.setText(
                self.tr(
                    "The messaging service accepted “{name}” but stopped importing it. The "
                    "report below is kept; try the import again later."
                ).format(name=self._file_name)
            )
        elif cancelled is not None:
            page.title.setText(self.tr("Import cancelled"))
            page.lead.setText(self._cancelled_text(cancelled))
        else:
            page.title.setText(self.tr("Done"))
            page.lead.setText(
                self.tr("“{name}”: {contacts} now in your list.").format(
                    name=self._file_name, contacts=words().contacts(imported)
                )
            )
        page.imported.set_value(number(imported))
        page.failed.set_value(number(failed), failed)
        page.not_uploaded.set_value(number(not_uploaded))
        self._set_problems(page, problems, phone)
        page.set_problems_title(
            self.tr("Rows not imported: {count}").format(count=number(len(problems)))
            if problems
            else self.tr("Rows not imported")
        )
        page.no_problems.setText(self.tr("Every row was imported."))
        can_group = flow.report is not None and flow.result is not None and imported > 0
        for widget in (page.group_label, page.group, page.add_group):
            widget.setVisible(can_group)
        self._group_note("")
        if can_group:
            self._load_groups()
        self._show_step(flow.step)

    def _cancelled_text(self, record: ImportRecord) -> str:
        """A cancelled import reopened: what reached the service, and what it did with it
        (its own counts, as Past imports lists them)."""
        name = self._file_name
        if not record.upload_ids:
            return self.tr("“{name}” was not fully uploaded.").format(name=name)
        contacts = words().contacts(record.imported)
        if self._reopened_importing:
            return self.tr(
                "Tuma stopped uploading “{name}”, but the service had already received "
                "contacts from it and is still adding them: {contacts} so far."
            ).format(name=name, contacts=contacts)
        if record.imported + record.failed < record.valid:
            return self.tr(
                "Tuma stopped uploading “{name}” after part of it had reached the service: "
                "it added {contacts}. To add the rest, import the file again: contacts "
                "already added are updated, not added twice."
            ).format(name=name, contacts=contacts)
        return self.tr(
            "Tuma stopped uploading “{name}”, but the service had already received it: it "
            "added {contacts}."
        ).format(name=name, contacts=contacts)

    def _load_groups(self) -> None:
        profile = self._report_profile()
        if profile is None:
            return

        def show(groups: Sequence[Any]) -> None:
            combo = self.done_page.group
            text = combo.currentText()
            combo.clear()
            combo.addItems([g.name for g in groups])
            combo.setEditText(text)

        self.ctx.tasks.start(
            GROUPS_TASK, self.ctx.services.contacts.groups(profile), on_success=show
        )

    def _group_note(self, text: str) -> None:
        """The line under "Add to group" (hidden while empty: no gap below the row)."""
        self.done_page.group_status.setText(text)
        self.done_page.group_status.setVisible(bool(text))

    def _update_actions(self) -> None:
        """Export and Add to group wait while the tab's job runs: a second press would start
        another beside it (or cancel it: one job at a time, on one progress strip)."""
        busy = self.ctx.tasks.is_running(JOB_TASK)
        for page in (self.check_page, self.done_page):
            page.export.setEnabled(bool(self.problems) and not busy)
        self.done_page.add_group.setEnabled(not busy)

    def show_notice(self, text: str, *, ok: bool = True) -> None:
        """A job's outcome, in the status bar (a cancel is the user's own choice: nothing to
        dismiss)."""
        self.ctx.errors.info(text, "")

    def _progress_words(self, text: Callable[[int, int], str]) -> Callable[[int, int], None]:
        """The strip's progress, counted in words (*text*) until Cancel says "Stopping…"."""

        def shown(done: int, total: int) -> None:
            self.progress.progress(done, total)
            if not self._cancel_requested:
                self.progress.label.setText(text(done, total))

        return shown

    def _adding_words(self, group: str, done: int, total: int) -> str:
        # a long group name is cut short: the strip never widens the page
        name = self.progress.label.fontMetrics().elidedText(
            group, Qt.TextElideMode.ElideRight, _GROUP_NAME_WIDTH
        )
        return self.tr("Adding to “{group}”: {done} of {contacts}…").format(
            group=name, done=number(done), contacts=words().contacts(total)
        )

    def add_to_group(self) -> None:
        if self.ctx.tasks.is_running(JOB_TASK):
            return  # one job at a time (the buttons wait meanwhile)
        session = self.ctx.session
        name = clean_group_name(self.done_page.group.currentText())  # as the store keeps it
        if session is None or not name:
            self._group_note(self.tr("Type or choose a group first."))
            return
        report, result = self.flow.report, self.flow.result
        if report is None or result is None:
            return
        profile = self._upload_profile  # the account the contacts went to, whatever is open
        contacts = self.ctx.services.contacts
        imports = self.ctx.services.imports
        self._group_note("")

        async def add() -> _Added:
            rows = await imports.imported_contacts(report, result)
            if self._cancel_requested:
                return _Added(name, 0, 0, len(rows))  # no group made either
            groups = await contacts.groups(profile)
            wanted = name.casefold()
            group = next((g for g in groups if clean_group_name(g.name).casefold() == wanted), None)
            if group is None:
                group = await contacts.create_group(profile, name)
            reached = 0
            shown = self._progress_words(lambda d, t: self._adding_words(group.name, d, t))

            def step(done: int, total: int) -> None:
                nonlocal reached
                reached = done
                shown(done, total)

            added = await contacts.add_to_group(
                profile, group.id, rows, step, lambda: self._cancel_requested
            )
            return _Added(group.name, added, reached, len(rows))

        def done(found: _Added) -> None:
            w = words()
            if found.done >= found.total:
                note = self.tr("{contacts} added to “{group}”.").format(
                    contacts=w.contacts(found.added), group=found.group
                )
            elif found.done == 0:
                note = self.tr("Cancelled: no contact was added to “{group}”.").format(
                    group=found.group
                )
            else:
                note = self.tr(
                    "Stopped: {added} of {contacts} added to “{group}” before you cancelled."
                ).format(
                    added=number(found.added), contacts=w.contacts(found.total), group=found.group
                )
            self._group_note(note)
            if found.done:
                self.ctx.contacts_changed.emit()

        self._run_job(
            self.tr("Adding the imported contacts to the group…"),
            add(),
            done,
            cooperative=True,  # Cancel stops after the contacts in hand, and says how many
        )

    def back_to_start(self) -> None:
        """From a finished import (or a reopened report) to the drop area and the list."""
        self._show_start()
        self.load_history()

    def open_contacts(self) -> None:
        self.ctx.contacts_changed.emit()
        self.ctx.show_tab_requested.emit("contacts")

    # -- export ------------------------------------------------------------------------------

    def export_problems(self) -> None:
        if not self.problems or self.ctx.tasks.is_running(JOB_TASK):
            return
        stem = Path(self._file_name).stem or "import"
        ask_export_path(
            self,
            "",
            self.export_to,
            title=self.tr("Save the problem rows"),
            file_name=f"{stem}-problems-{date.today().isoformat()}.xlsx",
            object_name="problemsExport",
        )

    def export_to(self, path: Path, fmt: ExportFormat | None = None) -> None:
        """Write the problem rows shown to *path* (its format: *fmt*, else its extension)."""
        if self.ctx.tasks.is_running(JOB_TASK):
            return  # one job at a time (the buttons wait meanwhile)
        if fmt is None:
            fmt = format_for(path) or ExportFormat.XLSX
            if path.suffix.lower() not in (".csv", ".xlsx"):
                path = with_export_suffix(path, "xlsx")  # (the whole name kept)
        header: tuple[str, ...] = ()
        phone: int | None = None
        if self.flow.report is not None:
            header, phone = self.flow.report.header, self.flow.report.mapping.phone
        elif self.flow.record is not None:
            header, phone = self.flow.record.header, self.flow.record.phone_column
        w = words()
        problems = list(self.problems)
        job = self.ctx.services.imports.export_problems(
            problems,
            header,
            phone,
            path,
            fmt,
            headings=(self.tr("Row"), self.tr("Problem"), self.tr("Details")),
            describe=w.reason,
            progress=self._progress_words(
                lambda done, total: self.tr("Saving: {done} of {rows} written…").format(
                    done=number(done), rows=w.problem_rows(total)
                )
            ),
            cancel=lambda: self._cancel_requested,
        )

        def done(report: ExportReport) -> None:
            self.ctx.errors.info(
                self.tr("Problem rows saved"),
                self.tr(
                    "{rows} saved to “{name}”. Fix them in Excel, then import that file."
                ).format(rows=w.rows(report.rows), name=report.path.name),
            )

        self._run_job(
            self.tr("Saving {rows}…").format(rows=w.problem_rows(len(problems))),
            job,
            done,
            writes=path,
        )

    def cancel_job(self) -> None:
        """The strip's Cancel. An export stops at once and leaves no file (an earlier one of
        that name as it was); adding to a group stops after the contacts in hand, and the note
        under it says how many went in."""
        self._cancel_job(self.tr("Export cancelled: no file was written."), self.tr("Stopping…"))

    # -- cancel ------------------------------------------------------------------------------

    def cancel(self) -> None:
        """Stop where we are: nothing more is read or sent; back to the start."""
        step = self.flow.step
        if step not in (Step.FILE, Step.COLUMNS, Step.CHECKING, Step.CHECK, Step.UPLOADING):
            return
        for name in (PREVIEW_TASK, CHECK_TASK, UPLOAD_TASK):
            self.ctx.tasks.cancel(name)
        self._forget_next_file()  # nothing more is read: a file dropped meanwhile neither
        report = self.flow.report
        self.flow.cancel()
        if step is Step.UPLOADING and report is not None:
            # under the account the upload went to: cancel() also runs when it is switched
            self._record_stopped(report)
            self.ctx.errors.info(
                self.tr("Upload stopped"), self._stopped_text(), level=Level.WARNING
            )
        self._show_start()

    def _stopped_text(self) -> str:
        return self.tr(
            "Tuma stopped uploading “{name}”. Contacts the service had already received "
            "may still be added; the report is kept under Past imports."
        ).format(name=self._file_name)

    # -- screenshots -------------------------------------------------------------------------

    def prepare_screenshot(self) -> None:
        """Practice mode only (``--screenshots`` runs on a scratch store): two past imports of
        a made-up workbook, so the list shows what it keeps."""
        session = self.ctx.session
        if session is None or not session.is_sandbox:
            return
        self.ctx.tasks.start(HISTORY_TASK, self._sample_history(session.profile.name))

    async def _sample_history(self, profile: str) -> None:
        import tempfile

        from desktop_app.core.services.imports import write_sample_workbook

        imports = self.ctx.services.imports
        past, _problem = await imports.past(profile, None)
        if not past:
            folder = Path(tempfile.mkdtemp(prefix="tuma-import-sample-"))
            sample = write_sample_workbook(folder / "customers-march.xlsx")
            report = await imports.validate(sample, (await imports.preview(sample)).mapping)
            valid = len(report.valid)
            done = UploadResult((), valid, valid, 0)
            await imports.record(profile, "suppliers.csv", report, done, ImportOutcome.COMPLETED)
            await imports.record(profile, sample.name, report, done, ImportOutcome.COMPLETED)
        self._show_past((await imports.past(profile, None))[0])

    def screenshot_extras(self) -> list[tuple[str, QWidget]]:
        """Every step of the wizard on a made-up shop's workbook (never the user's data), and
        the Done page while its contacts go into a group."""
        import tempfile

        from desktop_app.core.services.imports import write_sample_workbook

        folder = Path(tempfile.mkdtemp(prefix="tuma-import-sample-"))
        sample = write_sample_workbook(folder / "customers-march.xlsx")
        shots: list[tuple[str, QWidget]] = []
        for step in (Step.FILE, Step.COLUMNS, Step.CHECKING, Step.CHECK, Step.UPLOADING, Step.DONE):
            shots.append((step.value, self._sample_tab(sample, step)))
        adding = self._sample_tab(sample, Step.DONE)
        adding.show_sample_adding("Wholesale")  # a sample group's name, as on the Contacts tab
        shots.append(("done-adding", adding))
        return shots

    def _sample_tab(self, sample: Path, step: Step) -> ImportTab:
        tab = ImportTab(self.ctx)
        tab.setWindowTitle(self.window().windowTitle())
        tab.resize(self.window().size())
        tab.show_sample(sample, step)
        return tab

    def show_sample(self, path: Path, step: Step) -> None:
        """Walk the wizard to *step* on *path* right here (a small sample file: reading it on
        the GUI thread takes milliseconds), with made-up upload figures."""
        from desktop_app.core.importing import preview, validate_contacts_file

        self._file_name = path.name
        self.flow.open(path)
        self.flow.previewed(preview(path))
        if step is Step.FILE:
            self._show_file()
            return
        self.flow.to_columns()
        if step is Step.COLUMNS:
            self._show_columns()
            return
        self.flow.start_check()
        if step is Step.CHECKING:
            self.checking_page.lead.setText(
                self.tr("“{name}”: every row is read and checked. Nothing is uploaded yet.").format(
                    name=path.name
                )
            )
            self.checking_page.status.setText(
                self.tr("Row {done} of about {total}").format(
                    done=number(41_200), total=number(100_000)
                )
            )
            self.checking_page.bar.setRange(0, 100_000)
            self.checking_page.bar.setValue(41_200)
            self._show_step(Step.CHECKING)
            return
        report = validate_contacts_file(path, mapping=self.flow.mapping)
        self._check_problems = problems_of(report)
        self.flow.checked(report)
        if step is Step.CHECK:
            self._show_check()
            return
        self.flow.start_upload()
        valid = len(report.valid)
        if step is Step.UPLOADING:
            self.upload_page.lead.setText(
                self.tr("{contacts} from “{name}”.").format(
                    contacts=words().contacts(valid), name=path.name
                )
            )
            self.show_upload_progress(
                UploadProgress(UploadPhase.PROCESSING, 1, 1, 2_048, 2_048, valid // 2, valid)
            )
            self._show_step(Step.UPLOADING)
            return
        self.flow.uploaded(UploadResult(("sample",), valid, valid, 0))
        self._show_done()

    def show_sample_adding(self, group: str) -> None:
        """The Done page while its contacts go into *group*: the progress strip half-way, with
        its Cancel (made-up figures: nothing is added)."""
        result = self.flow.result
        total = result.imported if result is not None else 0
        self.done_page.group.setEditText(group)
        self.done_page.add_group.setEnabled(False)
        self.done_page.export.setEnabled(False)
        self.progress.start(self._adding_words(group, total // 2, total))
        self.progress.progress(total // 2, total)

    # -- pages -------------------------------------------------------------------------------

    def _show_start(self) -> None:
        self.steps.hide()
        self._show_page(self.start_page)
        self.step_changed.emit("start")

    def _show_step(self, step: Step) -> None:
        page: QWidget = {
            Step.FILE: self.file_page,
            Step.COLUMNS: self.columns_page,
            Step.CHECKING: self.checking_page,
            Step.CHECK: self.check_page,
            Step.UPLOADING: self.upload_page,
            Step.DONE: self.done_page,
            Step.FAILED: self.done_page,
        }[step]
        self.steps.show()
        self.steps.set_current(_STEP_INDEX[step])
        self._show_page(page)
        self.step_changed.emit(step.value)

    def _show_page(self, page: QWidget) -> None:
        """Show *page*; the keyboard, when it was in this tab, goes to the page's main control
        (the control it was on has just been hidden: the focus would drift anywhere, or
        nowhere). A page shown again (its file read) leaves the focus where the user put it,
        unless it is still on the stand-in given while the main control waited."""
        focus = self.window().focusWidget()
        here = focus is None or focus is self.window() or self.isAncestorOf(focus)
        changed = self.stack.currentWidget() is not page
        self.stack.setCurrentWidget(page)
        if changed:
            self._page_shown_at = time.monotonic()
        if not here:
            return  # the user is in another tab: an upload that ends does not pull them back
        if changed or focus is self._focus_given or not self._usable(focus):
            target = self.first_focus()
            if target is not None and target is not focus:
                target.setFocus(Qt.FocusReason.OtherFocusReason)
            self._focus_given = target

    def just_shown(self) -> bool:
        """The page appeared less than a double click's time ago."""
        interval = QApplication.doubleClickInterval() / 1000
        return time.monotonic() - self._page_shown_at < interval

    def _wizard_pages(self) -> tuple[Any, ...]:
        return (
            self.file_page,
            self.columns_page,
            self.checking_page,
            self.check_page,
            self.upload_page,
        )

    @staticmethod
    def _usable(widget: QWidget | None) -> bool:
        return widget is not None and widget.isVisible() and widget.isEnabled()

    def first_focus(self) -> QWidget | None:
        """The control of the page shown that a keyboard user wants first: the step's main
        button, else (while it waits) the control that gets it going."""
        page = self.stack.currentWidget()
        wanted: dict[QWidget, tuple[QWidget, ...]] = {
            self.start_page: (self.start_page.drop.browse,),
            self.file_page: (
                self.file_page.next,
                self.file_page.reading_bar,
                self.file_page.sheet,
                self.file_page.cancel,
            ),
            self.columns_page: (
                self.columns_page.next,
                self.columns_page.combos[Field.PHONE],
                self.columns_page.back,
            ),
            # while work runs, its progress (named, read out), not Cancel: a key pressed
            # twice on the button that started it must not stop it
            self.checking_page: (self.checking_page.bar, self.checking_page.cancel),
            self.check_page: (self.check_page.upload, self.check_page.back),
            self.upload_page: (self.upload_page.bytes_bar, self.upload_page.cancel),
            self.done_page: (self.done_page.open_contacts, self.done_page.another),
        }
        if page is None:
            return None
        return next(
            (w for w in wanted.get(page, ()) if w.isEnabled() and w.isVisibleTo(page)), None
        )


class _Unhurried(QObject):
    """On Upload and Cancel: presses meant for the button that was there a moment ago.

    A double click on "Check every row" lands its second click on Upload, in the same place,
    when a small file is checked that fast; Space pressed twice lands on the control the
    keyboard was just given. Both have consequences (contacts sent unreviewed; a check, or
    the wait for an upload, stopped), so the second click of a double click never presses
    them, nor does Space or Enter within a double click's time of their page appearing."""

    _KEYS = frozenset({Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Select})

    def __init__(self, tab: ImportTab) -> None:
        super().__init__(tab)
        self._tab = tab

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.MouseButtonDblClick:
            return True
        if kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            assert isinstance(event, QKeyEvent)
            return Qt.Key(event.key()) in self._KEYS and self._tab.just_shown()
        return False
