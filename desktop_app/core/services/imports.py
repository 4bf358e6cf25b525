"""Importing a customer spreadsheet: the wizard's flow (a state machine, tested without Qt)
and what each of its steps does.

The flow (:class:`ImportFlow`)::

    IDLE ─open─► FILE ─next─► COLUMNS ─check─► CHECKING ─checked─► CHECK ─upload─► UPLOADING

    back:      COLUMNS ─► FILE;  CHECK ─► COLUMNS
    errors:    CHECKING ─► COLUMNS (file unreadable);  UPLOADING ─► CHECK (not sent: retry)
    answered:  UPLOADING ─► DONE (completed) or FAILED (the service gave up; report kept)
    cancel:    FILE, COLUMNS, CHECKING, CHECK, UPLOADING ─► CANCELLED
    open:      IDLE, FILE, DONE, FAILED, CANCELLED ─► FILE (another file)
    replace:   FILE, COLUMNS, CHECK ─► FILE (another file, read first: one that cannot be
               read leaves the file in progress, its columns and its check as they were)
    reopen:    IDLE, DONE, FAILED, CANCELLED ─► DONE or FAILED (a past import's report)

One ``_move(allowed, target)`` refuses any other move with :class:`IllegalStep`.

What the steps do (:class:`ImportsService`): ``preview`` reads the head of the file and
proposes the mapping; ``validate`` reads and checks every row in a daemon thread, with
progress and cancellation; ``upload`` writes a clean file of the valid rows (split into
files the service takes: 10 MiB, 100,000 rows each), streams each with byte progress, polls
each import job until it is completed or failed (backing off), and maps the service's
per-row errors back to the user's spreadsheet rows (when the reply to a part is lost, the
service's list of uploads settles whether it took it: ``_settle``); ``record`` keeps the
report on this computer, ``past`` lists the imports kept here beside the service's own list
of uploads, and ``export_problems`` writes the problem rows for fixing in Excel, phones as text.

Cancelled with a part on its way (its file sent, the reply not come: ``sending`` told it,
``accepted`` not yet), the import is kept with that part (:class:`PartInFlight`), and ``past``
settles it from the service's list the way ``_settle`` does: the one upload made since, of
its rows, joins the import; none, or more than one that could be it, and it is given up (an
upload it may be stays listed on its own, never merged by a guess).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import shutil
import tempfile
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Final, Protocol, TypeVar

from desktop_app.core.api import errors as api
from desktop_app.core.api.models import UploadAccepted, UploadStatus
from desktop_app.core.background import Blocking, run_in_daemon_thread
from desktop_app.core.collector import collector_paused
from desktop_app.core.contact_files import (
    Cancelled,
    ContactFileWriter,
    ExportFormat,
    ExportReport,
    check_cancel,
    write_in_batches,
)
from desktop_app.core.importing import (
    DEFAULT_LIMITS,
    ColumnMapping,
    Field,
    ImportLimits,
    ImportReport,
    Preview,
    check_phone,
    preview,
    split_name,
    validate_contacts_file,
)
from desktop_app.core.importing.cells import RejectReason, cell_text
from desktop_app.core.importing.writing import (
    SERVICE_MAX_BYTES,
    SERVICE_MAX_ROWS,
    column_letter,
    write_upload_files,
)
from desktop_app.core.services.contacts import ContactRow
from desktop_app.core.store import ImportOutcome, ImportRecord, ProblemRecord, Store
from desktop_app.core.store.imports import PartInFlight

__all__ = [
    "PASSING_ERRORS",
    "SERVICE_PROBLEM",
    "ExportFormat",
    "ExportReport",
    "IllegalStep",
    "ImportFlow",
    "ImportOutcome",
    "ImportRecord",
    "ImportsService",
    "PartInFlight",
    "PastImport",
    "PollPolicy",
    "ProblemRecord",
    "SampleRow",
    "Step",
    "UploadNotTaken",
    "UploadPhase",
    "UploadProgress",
    "UploadResult",
    "problems_of",
    "sample_rows",
]

#: ``ProblemRecord.reason`` of a row the service refused (``detail``: its own words).
SERVICE_PROBLEM: Final = "service"


# --- the flow ------------------------------------------------------------------------------


class Step(StrEnum):
    IDLE = "idle"
    FILE = "file"  # the file is read: which sheet?
    COLUMNS = "columns"  # which column holds what, with a live sample
    CHECKING = "checking"  # every row being read and checked (progress, cancel)
    CHECK = "check"  # ready / repaired / rejected / duplicate, the problem rows
    UPLOADING = "uploading"  # the clean file(s) going up, then the import job polled
    DONE = "done"
    FAILED = "failed"  # the service gave up on the import: the report is kept
    CANCELLED = "cancelled"


class IllegalStep(Exception):
    def __init__(self, current: Step, target: Step) -> None:
        super().__init__(f"cannot go from {current} to {target}")
        self.current = current
        self.target = target


_CANCELLABLE: Final = frozenset(
    {Step.FILE, Step.COLUMNS, Step.CHECKING, Step.CHECK, Step.UPLOADING}
)
#: A file is open and nothing of it is being read or sent: another can replace it.
_REPLACEABLE: Final = frozenset({Step.FILE, Step.COLUMNS, Step.CHECK})


@dataclass
class ImportFlow:
    """Where the wizard is and what it knows; each method is one move."""

    step: Step = Step.IDLE
    path: Path | None = None
    preview: Preview | None = None
    sheet: str | None = None
    mapping: ColumnMapping = field(default_factory=ColumnMapping)
    report: ImportReport | None = None
    result: UploadResult | None = None
    record: ImportRecord | None = None
    cancelled_from: Step | None = None

    def _move(self, allowed: Sequence[Step] | frozenset[Step], target: Step) -> None:
        if self.step not in allowed:
            raise IllegalStep(self.step, target)
        self.step = target

    def open(self, path: Path) -> None:
        """A file was chosen (or dropped): it is read for the FILE page next."""
        self._move((Step.IDLE, Step.FILE, Step.DONE, Step.FAILED, Step.CANCELLED), Step.FILE)
        self._forget(path)

    @property
    def can_replace(self) -> bool:
        """A file is in progress (not being checked or uploaded): another can take its place,
        once read (:meth:`replace`)."""
        return self.step in _REPLACEABLE

    def replace(self, path: Path, found: Preview) -> None:
        """Another file, already read (*found*), takes the place of the one in progress: its
        columns and check are given up only now, so a file that cannot be read (found out
        before this move) leaves them as they were."""
        self._move(_REPLACEABLE, Step.FILE)
        self._forget(path)
        self.previewed(found)

    def _forget(self, path: Path) -> None:
        """Start afresh with *path*: nothing of the file before is kept."""
        self.path = path
        self.preview = None
        self.sheet = None
        self.mapping = ColumnMapping()
        self.report = self.result = self.record = None
        self.cancelled_from = None

    def previewed(self, found: Preview) -> None:
        """The file's head was read (again, for another sheet): stay on FILE."""
        self._move((Step.FILE,), Step.FILE)
        self.preview = found
        self.sheet = found.source.sheet
        self.mapping = found.mapping

    def to_columns(self) -> None:
        if self.preview is None:
            raise IllegalStep(self.step, Step.COLUMNS)
        self._move((Step.FILE, Step.CHECK), Step.COLUMNS)
        self.report = None

    def map_column(self, what: Field, column: int | None) -> None:
        self._move((Step.COLUMNS,), Step.COLUMNS)
        self.mapping = self.mapping.with_column(what, column)

    @property
    def can_check(self) -> bool:
        return self.step is Step.COLUMNS and self.mapping.phone is not None

    def start_check(self) -> None:
        if self.mapping.phone is None:
            raise IllegalStep(self.step, Step.CHECKING)
        self._move((Step.COLUMNS,), Step.CHECKING)

    def checked(self, report: ImportReport) -> None:
        self._move((Step.CHECKING,), Step.CHECK)
        self.report = report

    def check_failed(self) -> None:
        """Reading the whole file failed: back to the columns (the error is shown)."""
        self._move((Step.CHECKING,), Step.COLUMNS)

    def back(self) -> None:
        before = {Step.COLUMNS: Step.FILE, Step.CHECK: Step.COLUMNS}
        target = before.get(self.step)
        if target is None:
            raise IllegalStep(self.step, Step.FILE)
        self._move((self.step,), target)
        if target is Step.COLUMNS:
            self.report = None  # a changed mapping is checked again

    @property
    def can_upload(self) -> bool:
        return self.step is Step.CHECK and self.report is not None and bool(self.report.valid)

    def start_upload(self) -> None:
        if self.report is None or not self.report.valid:
            raise IllegalStep(self.step, Step.UPLOADING)
        self._move((Step.CHECK,), Step.UPLOADING)

    def uploaded(self, result: UploadResult) -> None:
        """The service answered for every part: DONE, or FAILED when it gave up."""
        self._move((Step.UPLOADING,), Step.FAILED if result.failed_job else Step.DONE)
        self.result = result

    def upload_failed(self) -> None:
        """The upload could not be made (no network, refused): back to CHECK to try again."""
        self._move((Step.UPLOADING,), Step.CHECK)

    def cancel(self) -> None:
        self.cancelled_from = self.step
        self._move(_CANCELLABLE, Step.CANCELLED)

    def reopen(self, record: ImportRecord) -> None:
        """A past import shown again (its report only)."""
        self._move(
            (Step.IDLE, Step.DONE, Step.FAILED, Step.CANCELLED),
            Step.FAILED if record.outcome is ImportOutcome.FAILED else Step.DONE,
        )
        self.record = record
        self.path = None
        self.report = None
        self.result = None


# --- samples and problem rows ----------------------------------------------------------------


@dataclass(frozen=True)
class SampleRow:
    """One row of the COLUMNS page's live sample, as the mapping reads it."""

    row: int
    phone: str | None  # E.164, None when rejected
    reason: RejectReason | None
    repaired: bool
    first_name: str
    last_name: str
    email: str
    phone_text: str  # the cell as the user sees it


def _cell(cells: Sequence[object], column: int | None) -> object:
    if column is None or column >= len(cells):
        return ""
    value = cells[column]
    return "" if value is None else value


def sample_rows(found: Preview, mapping: ColumnMapping, region: str = "KE") -> list[SampleRow]:
    """The preview's rows read with *mapping*: what the user sees change as they map."""
    out: list[SampleRow] = []
    for number, cells in found.rows:
        raw_phone = _cell(cells, mapping.phone)
        text = cell_text(raw_phone)  # type: ignore[arg-type]
        reason: RejectReason | None
        if mapping.phone is None or not text:
            phone, reason, repaired = None, RejectReason.MISSING_PHONE, False
        else:
            check_result = check_phone(raw_phone, region)  # type: ignore[arg-type]
            phone, repaired, reason = check_result
        first = cell_text(_cell(cells, mapping.first_name))  # type: ignore[arg-type]
        last = cell_text(_cell(cells, mapping.last_name))  # type: ignore[arg-type]
        if mapping.name is not None:
            split_first, split_last = split_name(cell_text(_cell(cells, mapping.name)))  # type: ignore[arg-type]
            first = first if mapping.first_name is not None else split_first
            last = last if mapping.last_name is not None else split_last
        email = cell_text(_cell(cells, mapping.email))  # type: ignore[arg-type]
        out.append(SampleRow(number, phone, reason, repaired, first, last, email, text))
    return out


def _texts(cells: Sequence[object]) -> tuple[str, ...]:
    texts = [cell_text(c) for c in cells]  # type: ignore[arg-type]
    while texts and not texts[-1]:
        texts.pop()
    return tuple(texts)


def problems_of(report: ImportReport, result: UploadResult | None = None) -> list[ProblemRecord]:
    """Every row not imported, in spreadsheet order: rejected here, repeated, or refused by
    the service (its words in ``detail``)."""
    rows: list[ProblemRecord] = [
        ProblemRecord(r.row, r.reason.value, r.detail, _texts(r.cells)) for r in report.rejected
    ]
    rows.extend(
        ProblemRecord(d.row, RejectReason.DUPLICATE.value, str(d.first_row), _texts(d.cells))
        for d in report.duplicates
    )
    if result is not None and result.problems:
        valid = {v.row: v for v in report.valid}
        width = max(len(report.header), (report.mapping.phone or 0) + 1)
        for problem in result.problems:
            cells = [""] * width
            source = valid.get(problem.row)
            if report.mapping.phone is not None:
                cells[report.mapping.phone] = source.phone if source else (problem.phone or "")
            rows.append(ProblemRecord(problem.row, SERVICE_PROBLEM, problem.reason, tuple(cells)))
    rows.sort(key=lambda p: p.row)
    return rows


def _imported_contacts(report: ImportReport, result: UploadResult) -> list[ContactRow]:
    refused = {p.row for p in result.problems}
    return [
        ContactRow(v.phone, None, (), v.first_name, v.last_name)
        for v in report.valid
        if v.row not in refused
    ]


# --- upload ----------------------------------------------------------------------------------


_T = TypeVar("_T")


def _collector_paused(fn: Callable[..., _T], /, *args: object, **kwargs: object) -> _T:
    """Run *fn* with the cyclic garbage collector paused, then freeze what exists.

    The report of 100,000 rows is kept: resuming the collector plainly would cost one ~30 ms
    young collection over it on the next allocation, in whichever thread; frozen, it is out
    of the collector's sight, which keeps the longest GUI stall near one frame (measured by
    tests/bench/bench_ui_stall_import.py). See ``core.collector``.
    """
    with collector_paused(freeze=True):
        return fn(*args, **kwargs)


class UploadClient(Protocol):
    """What the upload needs of :class:`~desktop_app.core.api.Client` (tests pass fakes)."""

    async def upload_contacts(
        self, path: str | Path, progress: Callable[[int, int], None] | None = None
    ) -> UploadAccepted: ...

    async def list_uploads(self) -> list[UploadStatus]: ...


class UploadPhase(StrEnum):
    SENDING = "sending"  # bytes going up
    PROCESSING = "processing"  # the service is importing: polled
    UNREACHABLE = "unreachable"  # the service has the file but cannot be asked: asked again
    CONFIRMING = "confirming"  # the reply to a part was lost: did the service take it?


@dataclass(frozen=True)
class UploadProgress:
    phase: UploadPhase
    part: int  # 1-based
    parts: int
    sent_bytes: int
    total_bytes: int
    imported: int  # rows the service has settled (imported + failed) so far, all parts
    total_rows: int


@dataclass(frozen=True)
class ServiceRowProblem:
    row: int  # the user's spreadsheet row
    phone: str | None
    reason: str  # the service's own words


@dataclass(frozen=True)
class UploadResult:
    upload_ids: tuple[str, ...]
    total: int
    imported: int
    failed: int
    problems: tuple[ServiceRowProblem, ...] = ()
    failed_job: bool = False
    """The service gave up processing a part (status ``failed``)."""
    parts: int = 1


@dataclass(frozen=True)
class PollPolicy:
    """Polling an import job: first wait, growth, the longest wait, and when to give up."""

    first: float = 0.25
    factor: float = 1.6
    longest: float = 4.0
    give_up_after: float = 1800.0
    settle_after: float = 5.0
    """A part whose reply was lost: how long after the loss the service's list is trusted to
    show it if it was taken (it may still be storing the file when the connection drops)."""


class UploadNotTaken(Exception):
    """The reply to a part was lost, and the service's list of uploads shows it did not take
    that part: none of its rows will be imported by it (it may be sent again)."""

    def __init__(self, part: int, parts: int) -> None:
        super().__init__(f"part {part} of {parts} was not taken by the service")
        self.part = part
        self.parts = parts


#: Errors that pass: while the service has the file, they are waited out (see ``_wait``).
PASSING_ERRORS: Final = (api.NetworkError, api.ServerError, api.RateLimited)


@dataclass(frozen=True)
class PastImport:
    """A row of the Import tab's history: kept here (``record``), or only known to the
    service (``upload``: an import made elsewhere, or before this computer kept them).

    ``uploads``: the service's word on each upload of ``record`` it still lists (``upload``:
    on its last)."""

    record: ImportRecord | None = None
    upload: UploadStatus | None = None
    uploads: tuple[UploadStatus, ...] = ()

    @property
    def importing(self) -> bool:
        """The service is still importing some upload of ``record``."""
        return any(not u.settled for u in self.uploads)


def _settled_records(
    records: Sequence[ImportRecord],
    uploads: Sequence[UploadStatus],
    now: datetime,
    settle_after: float | None,
) -> list[ImportRecord]:
    """The *records* that the service's list of *uploads* tells more about, as they are now:

    - a part on its way when the import was cancelled (``in_flight``; left as it is when
      *settle_after* is None): taken when exactly one upload has its rows among those not
      listed before it was sent and held by no import kept here, none of them is of unknown
      size, and no other part on its way could be that one; it joins ``upload_ids``. Else,
      once *settle_after* seconds have passed since the import was kept (a file the service
      took is listed by then), the part is given up: not taken, or unsure (an upload it may
      be stays listed on its own, never merged by a guess);
    - a cancelled import's counts: the service's, once it lists every upload of it (it went
      on importing after Tuma stopped following)."""
    known = {uid for r in records for uid in r.upload_ids}
    found: dict[int, list[UploadStatus]] = {}
    unsized: dict[int, bool] = {}
    for r in records:
        if r.in_flight is None or settle_after is None:
            continue
        new = [u for u in uploads if u.uuid not in known and u.uuid not in r.in_flight.before]
        found[r.id] = [u for u in new if u.total == r.in_flight.rows]
        unsized[r.id] = any(u.total is None for u in new)
    claims = collections.Counter(u.uuid for same in found.values() for u in same)
    by_id = {u.uuid: u for u in uploads}
    changed: list[ImportRecord] = []
    for r in records:
        now_r = r
        same = found.get(r.id)
        if same is not None:
            if len(same) == 1 and not unsized[r.id] and claims[same[0].uuid] == 1:
                now_r = replace(r, upload_ids=(*r.upload_ids, same[0].uuid), in_flight=None)
            elif settle_after is not None and now - r.created_at >= timedelta(seconds=settle_after):
                now_r = replace(r, in_flight=None)
        listed = [by_id.get(uid) for uid in now_r.upload_ids]
        if now_r.outcome is ImportOutcome.CANCELLED and listed:
            on_service = [u for u in listed if u is not None]
            if len(on_service) == len(listed):
                imported = sum(u.imported or 0 for u in on_service)
                failed = sum(u.failed or 0 for u in on_service)
                now_r = replace(now_r, imported=imported, failed=failed)
        if now_r != r:
            changed.append(now_r)
    return changed


class ImportsService:
    def __init__(
        self,
        store: Store,
        io: Blocking,
        *,
        region: str = "KE",
        limits: ImportLimits = DEFAULT_LIMITS,
        max_upload_bytes: int = SERVICE_MAX_BYTES,
        max_upload_rows: int = SERVICE_MAX_ROWS,
        poll: PollPolicy = PollPolicy(),
    ) -> None:
        self._store = store
        self._io = io
        self.region = region
        self.limits = limits
        self.max_upload_bytes = max_upload_bytes
        self.max_upload_rows = max_upload_rows
        self.poll = poll

    # -- reading ---------------------------------------------------------------------------

    async def preview(self, path: Path, sheet: str | None = None) -> Preview:
        """The head of the file and the proposed mapping (raises ``ImportFileError``), read in
        a daemon thread; cancelling the await lets the reading stop at its next step (a big
        workbook takes seconds: the user may give up on it)."""
        stop = threading.Event()
        try:
            return await run_in_daemon_thread(
                preview, path, sheet, 10, region=self.region, limits=self.limits, cancel=stop
            )
        finally:
            stop.set()

    async def validate(
        self,
        path: Path,
        mapping: ColumnMapping,
        sheet: str | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> ImportReport:
        """Every row checked in a daemon thread; ``progress(done, total)`` is called on the
        caller's loop; cancelling the await stops the reading within a few milliseconds."""
        loop = asyncio.get_running_loop()
        stop = threading.Event()

        def report(done: int, total: int) -> None:
            if progress is not None and not stop.is_set() and not loop.is_closed():
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(progress, done, total)

        try:
            return await run_in_daemon_thread(
                _collector_paused,
                validate_contacts_file,
                path,
                self.region,
                mapping,
                sheet,
                progress=report,
                cancel=stop,
                limits=self.limits,
            )
        finally:
            stop.set()

    async def problems(
        self, report: ImportReport, result: UploadResult | None = None
    ) -> list[ProblemRecord]:
        """:func:`problems_of` in a worker thread (100,000 problem rows take ~0.2 s)."""
        return await run_in_daemon_thread(_collector_paused, problems_of, report, result)

    async def imported_contacts(
        self, report: ImportReport, result: UploadResult
    ) -> list[ContactRow]:
        """The rows of *report* the service imported (those it refused left out), as contacts
        to add to a group; built in a worker thread (100,000 take ~0.2 s)."""
        return await run_in_daemon_thread(_collector_paused, _imported_contacts, report, result)

    # -- uploading -------------------------------------------------------------------------

    async def upload(
        self,
        client: UploadClient,
        report: ImportReport,
        progress: Callable[[UploadProgress], None] | None = None,
        accepted: Callable[[str], None] | None = None,
        sending: Callable[[PartInFlight], None] | None = None,
    ) -> UploadResult:
        """Upload the valid rows (split as the service requires) and wait for each import
        job. ``accepted(upload_uuid)`` is told each part the service took: cancelling stops
        the waiting, and parts already accepted may still be imported by the service, so
        the caller records them. ``sending(part)`` is told each part about to be sent (when
        the service's list of uploads could be read before it): cancelled before that part
        is accepted, the service may still have taken it, so the caller records it too
        (``record(..., in_flight=part)``, settled by ``past``). API errors pass through."""
        folder = Path(await run_in_daemon_thread(tempfile.mkdtemp, prefix="tuma-import-"))
        try:
            files = await run_in_daemon_thread(
                write_upload_files,
                report.valid,
                folder,
                max_bytes=self.max_upload_bytes,
                max_rows=self.max_upload_rows,
            )
            total_bytes = sum(f.size for f in files)
            total_rows = len(report.valid)
            ids: list[str] = []
            problems: list[ServiceRowProblem] = []
            imported = failed = settled_before = sent_before = 0
            failed_job = False
            for part, upload_file in enumerate(files, start=1):

                def sent(
                    done: int,
                    _total: int,
                    part: int = part,
                    base: int = sent_before,
                    settled: int = settled_before,
                ) -> None:
                    if progress is not None:
                        progress(
                            UploadProgress(
                                UploadPhase.SENDING,
                                part,
                                len(files),
                                min(base + done, total_bytes),
                                total_bytes,
                                settled,
                                total_rows,
                            )
                        )

                def confirming(
                    part: int = part,
                    bytes_sent: int = sent_before + upload_file.size,
                    settled: int = settled_before,
                ) -> None:
                    if progress is not None:
                        progress(
                            UploadProgress(
                                UploadPhase.CONFIRMING,
                                part,
                                len(files),
                                min(bytes_sent, total_bytes),
                                total_bytes,
                                settled,
                                total_rows,
                            )
                        )

                before = await self._upload_ids(client)
                if sending is not None and before is not None:
                    sending(PartInFlight(before, len(upload_file.source_rows)))
                try:
                    taken_uuid = (await client.upload_contacts(upload_file.path, sent)).upload_uuid
                except api.InDoubt as lost:
                    found = await self._settle(
                        client, before, len(upload_file.source_rows), lost, confirming
                    )
                    if found is None:
                        raise UploadNotTaken(part, len(files)) from lost
                    taken_uuid = found
                ids.append(taken_uuid)
                if accepted is not None:
                    accepted(taken_uuid)
                sent_before += upload_file.size
                seen = 0  # rows of this part the service said it had settled

                def polled(
                    status: UploadStatus | None,
                    part: int = part,
                    base: int = settled_before,
                    bytes_sent: int = sent_before,
                ) -> None:
                    nonlocal seen
                    if status is not None:
                        seen = (status.imported or 0) + (status.failed or 0)
                    if progress is not None:
                        progress(
                            UploadProgress(
                                UploadPhase.UNREACHABLE
                                if status is None
                                else UploadPhase.PROCESSING,
                                part,
                                len(files),
                                bytes_sent,
                                total_bytes,
                                base + seen,
                                total_rows,
                            )
                        )

                status = await self._wait(client, taken_uuid, polled)
                imported += status.imported or 0
                failed += status.failed or 0
                settled_before += len(upload_file.source_rows)
                for error in status.errors:
                    row = upload_file.spreadsheet_row(error.row)
                    if row is not None:
                        problems.append(ServiceRowProblem(row, error.phone, error.reason))
                if status.status == "failed":
                    failed_job = True
                    break
            return UploadResult(
                upload_ids=tuple(ids),
                total=total_rows,
                imported=imported,
                failed=failed,
                problems=tuple(sorted(problems, key=lambda p: p.row)),
                failed_job=failed_job,
                parts=len(files),
            )
        finally:
            await run_in_daemon_thread(shutil.rmtree, folder, True)

    @staticmethod
    async def _upload_ids(client: UploadClient) -> frozenset[str] | None:
        """The uploads the service lists before a part is sent: any other one in its list
        later was made after (the service's clock and this computer's need not agree). None
        when the list cannot be read; no connection raises, as nothing was sent."""
        try:
            return frozenset(u.uuid for u in await client.list_uploads())
        except (api.ServerError, api.RateLimited, api.ProtocolError, api.NotFound):
            return None

    async def _settle(
        self,
        client: UploadClient,
        before: frozenset[str] | None,
        rows: int,
        lost: api.InDoubt,
        confirming: Callable[[], None],
    ) -> str | None:
        """The reply to a part was lost (the connection dropped once the file was sent): did
        the service take it? ``poll.settle_after`` after the loss (it may still be storing
        the file), its list of uploads is read, a lost connection waited out
        (``confirming()`` each time), and that read decides: exactly one upload made since
        the part was sent (not in *before*) with its *rows*, and no other new one of unknown
        size → that one (its uuid); no new upload of that size → None: not taken. When
        unsure (several such uploads at that moment: another Tuma or the provider's website
        uploading too; no list from before; the deadline passed offline) *lost* is raised,
        never a guess."""
        if before is None:
            raise lost
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.poll.give_up_after
        wait = self.poll.first
        confirming()
        await asyncio.sleep(self.poll.settle_after)
        while True:
            try:
                uploads = await client.list_uploads()
            except PASSING_ERRORS as exc:
                if loop.time() >= deadline:
                    raise lost from exc
                confirming()
                await asyncio.sleep(wait)
                wait = min(wait * self.poll.factor, self.poll.longest)
                continue
            new = [u for u in uploads if u.uuid not in before]
            same = [u for u in new if u.total == rows]
            unknown = [u for u in new if u.total is None]
            if len(same) == 1 and not unknown:
                return same[0].uuid
            if not same and not unknown:
                return None
            raise lost

    async def _wait(
        self,
        client: UploadClient,
        upload_uuid: str,
        polled: Callable[[UploadStatus | None], None],
    ) -> UploadStatus:
        """Poll the list of uploads until this one is settled, backing off. The service has
        the file: a lost connection or a passing service error is waited out (``polled(None)``
        says so; Cancel stops it), not taken for the end of the import, which would leave its
        rows to be uploaded twice; the last such error is raised at the deadline."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.poll.give_up_after
        wait = self.poll.first
        while True:
            try:
                uploads = await client.list_uploads()
            except PASSING_ERRORS as exc:
                if loop.time() >= deadline:
                    raise
                polled(None)
                retry_after = exc.retry_after if isinstance(exc, api.RateLimited) else None
                await asyncio.sleep(max(wait, retry_after or 0.0))
                wait = min(wait * self.poll.factor, self.poll.longest)
                continue
            found = next((u for u in uploads if u.uuid == upload_uuid), None)
            if found is not None:
                polled(found)
                if found.settled:
                    return found
            if loop.time() >= deadline:
                if found is None:
                    raise api.NotFound(what="upload")
                raise api.UploadTimeout()
            await asyncio.sleep(wait)
            wait = min(wait * self.poll.factor, self.poll.longest)

    # -- the history -------------------------------------------------------------------------

    async def record(
        self,
        profile: str,
        file_name: str,
        report: ImportReport,
        result: UploadResult | None,
        outcome: ImportOutcome,
        problems: Sequence[ProblemRecord] | None = None,
        in_flight: PartInFlight | None = None,
    ) -> ImportRecord:
        """Keep this import's report on this computer. *problems*: its problem rows when
        the caller has them already (``problems_of(report, result)``); else found here.
        *in_flight*: a cancelled import's part that was on its way (``past`` settles it)."""
        if problems is None:
            problems = await self.problems(report, result)
        record = ImportRecord(
            id=0,
            profile=profile,
            file_name=file_name,
            created_at=datetime.now(UTC),
            outcome=outcome,
            data_rows=report.data_rows,
            valid=len(report.valid),
            repaired=report.repaired,
            rejected=len(report.rejected),
            duplicates=len(report.duplicates),
            imported=0 if result is None else result.imported,
            failed=0 if result is None else result.failed,
            upload_ids=() if result is None else result.upload_ids,
            header=report.header,
            phone_column=report.mapping.phone,
            problems=tuple(problems),
            in_flight=in_flight,
        )
        return await self._io(self._store.imports.add, record)

    async def reopen(self, profile: str, import_id: int) -> ImportRecord:
        return await self._io(self._store.imports.get, profile, import_id)

    @staticmethod
    def record_of_upload(profile: str, upload: UploadStatus) -> ImportRecord:
        """A report for an upload only the service knows (made elsewhere): its counts and
        row errors (rows as numbered in the file that was uploaded; ``file_name`` empty)."""
        outcome = ImportOutcome.FAILED if upload.status == "failed" else ImportOutcome.COMPLETED
        return ImportRecord(
            id=0,
            profile=profile,
            file_name="",
            created_at=upload.created_at or datetime.now(UTC),
            outcome=outcome,
            data_rows=upload.total or 0,
            valid=upload.total or 0,
            imported=upload.imported or 0,
            failed=upload.failed or 0,
            upload_ids=(upload.uuid,),
            header=("phone",),
            phone_column=0,
            problems=tuple(
                ProblemRecord(e.row, SERVICE_PROBLEM, e.reason, (e.phone or "",))
                for e in upload.errors
            ),
        )

    async def past(
        self, profile: str, client: UploadClient | None, *, settle: bool = True
    ) -> tuple[list[PastImport], BaseException | None]:
        """Imports kept here, with the service's uploads none of them made (newest first);
        and the error that kept the service's list away, if any (the local list still
        shows). What the service's list tells of imports kept here is kept with them (see
        :func:`_settled_records`), unless *settle* is False: an upload under way, not kept
        yet, could be taken for a cancelled import's part."""
        records = await self._io(self._store.imports.all, profile)
        uploads: list[UploadStatus] = []
        problem: BaseException | None = None
        if client is not None:
            try:
                uploads = await client.list_uploads()
            except api.ApiError as exc:
                problem = exc
        if client is not None and problem is None:
            changed = _settled_records(
                records, uploads, datetime.now(UTC), self.poll.settle_after if settle else None
            )
            for record in changed:
                await self._io(self._store.imports.settle, record)
            newer = {r.id: r for r in changed}
            records = [newer.get(r.id, r) for r in records]
        known = {uid for r in records for uid in r.upload_ids}
        by_id = {u.uuid: u for u in uploads}
        # beside each record, the service's word on its parts (if it still lists them)
        rows = [
            PastImport(
                record=r,
                upload=by_id.get(r.upload_ids[-1]) if r.upload_ids else None,
                uploads=tuple(by_id[uid] for uid in r.upload_ids if uid in by_id),
            )
            for r in records
        ]
        rows.extend(PastImport(upload=u) for u in uploads if u.uuid not in known)

        def when(item: PastImport) -> float:
            if item.record is not None:
                return item.record.created_at.timestamp()
            created = item.upload.created_at if item.upload is not None else None
            return created.timestamp() if created is not None else 0.0

        rows.sort(key=when, reverse=True)
        return rows, problem

    # -- exporting the problem rows -----------------------------------------------------------

    async def export_problems(
        self,
        problems: Sequence[ProblemRecord],
        header: Sequence[str],
        phone_column: int | None,
        path: Path,
        fmt: ExportFormat,
        *,
        headings: tuple[str, str, str] = ("row", "problem", "detail"),
        describe: Callable[[ProblemRecord], str] | None = None,
        progress: Callable[[int, int], None] | None = None,
        cancel: Cancelled | None = None,
    ) -> ExportReport:
        """Write the problem rows with their original cells, to fix in Excel and import again;
        the phone column stays text (see ``core.importing.writing``), no other cell can be
        read as a formula (``ContactFileWriter``). The rows are worded (*describe*) here a
        batch at a time (~2 ms each) and written on a thread of their own
        (:func:`~desktop_app.core.contact_files.write_in_batches`), ``progress(done, total)``
        after each batch. The file appears only when complete: a cancel (``cancel()`` true, or
        the task cancelled) or a failure leaves nothing behind, and an earlier file of that
        name untouched."""
        total = len(problems)
        width = max([len(header), *(len(p.cells) for p in problems)], default=0)
        titles = [
            header[i] if i < len(header) and header[i] else column_letter(i) for i in range(width)
        ]
        phone = phone_column if phone_column is not None and phone_column < width else None

        def line(problem: ProblemRecord) -> list[str | int]:
            cells = [*problem.cells, *[""] * (width - len(problem.cells))]
            word = describe(problem) if describe is not None else problem.reason
            return [problem.row, word, problem.detail, *cells]

        async def batches() -> AsyncIterator[list[list[str | int]]]:
            if progress is not None:
                progress(0, total)
            for start in range(0, total, _EXPORT_BATCH):
                check_cancel(cancel)
                batch = [line(p) for p in problems[start : start + _EXPORT_BATCH]]
                yield batch
                if progress is not None:
                    progress(start + len(batch), total)

        return await write_in_batches(
            path,
            lambda: ContactFileWriter(
                path,
                fmt,
                columns=[*headings, *titles],
                widths=(8, 48, 24, *([16] * width)),
                sheet="Problems",
                # by position: the user's headings may repeat the phone column's name
                text_at=() if phone is None else (len(headings) + phone,),
                excel_text=True,  # the user's phone cell, whatever it holds, as Excel shows it
            ),
            batches(),
            cancel,
        )


#: Problem rows worded and written at a time (~2 ms of wording on the loop), between
#: progress reports and checks for a cancel.
_EXPORT_BATCH: Final = 1_000


def write_sample_workbook(path: Path) -> Path:
    """A made-up shop's customer workbook with the usual Excel damage (for screenshots and
    demonstrations; never anyone's data): a title above the headings, numbers stored as
    numbers, a shortened number, a repeat, a missing phone, a bad e-mail, and a second sheet."""
    from openpyxl import Workbook

    firsts = ["Wanjiru", "Otieno", "Akinyi", "Mutua", "Njeri", "Kiprop", "Amina", "Baraka"]
    lasts = ["Kamau", "Ouma", "Odhiambo", "Mwangi", "Chebet", "Hassan", "Wafula", "Njoroge"]
    book = Workbook()
    sheet = book.active
    sheet.title = "Customers"
    sheet.append(["Mama Njeri's Shop: customers, March"])
    sheet.append(["Jina", "Simu", "Barua pepe", "Town"])
    towns = ["Nairobi", "Kisumu", "Nakuru", "Eldoret", "Thika"]
    for i in range(48):
        name = f"{firsts[i % 8]} {lasts[(i * 3) % 8]}"
        nsn = 712_300_100 + i * 7_919
        phone: object = f"0{nsn}" if i % 3 else nsn  # Excel dropped the 0 of a third
        email = f"{firsts[i % 8].lower()}{i}@example.co.ke" if i % 4 == 0 else ""
        if i == 5:
            phone = "2.54712E+11"
        elif i == 11:
            email = "wanjiru at gmail"
        elif i == 17:
            phone = ""
        elif i == 23:
            phone = f"0{712_300_100 + 2 * 7_919}"  # the same customer twice
        sheet.append([name, phone, email, towns[i % 5]])
    suppliers = book.create_sheet("Suppliers")
    suppliers.append(["Supplier", "Phone"])
    suppliers.append(["Unga Millers", "0722000111"])
    book.save(path)
    return path
