"""The import wizard's flow without Qt, and the imports service: splitting into uploads the
service takes (one report), the service's row errors mapped back to spreadsheet rows, a failed
job, cancellation, the history kept on this computer, and the problem-row export."""

from __future__ import annotations

import asyncio
import csv
import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from desktop_app.core.api import errors as api
from desktop_app.core.api.models import UploadAccepted, UploadRowError, UploadStatus
from desktop_app.core.background import inline
from desktop_app.core.importing import Field
from desktop_app.core.services.imports import (
    SERVICE_PROBLEM,
    ExportFormat,
    IllegalStep,
    ImportFlow,
    ImportsService,
    PollPolicy,
    Step,
    UploadNotTaken,
    UploadPhase,
    UploadProgress,
    problems_of,
    sample_rows,
)
from desktop_app.core.store import ImportOutcome, Store
from desktop_app.core.store.db import schema_version
from tests.core.import_files import DAMAGED_ROWS, big_rows, write_csv

SHOP = "Test shop"
FAST = PollPolicy(first=0.001, factor=2.0, longest=0.01, give_up_after=5.0)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "tuma.sqlite3") as opened:
        yield opened


def service_on(store: Store, **options: object) -> ImportsService:
    return ImportsService(store, inline, poll=FAST, **options)  # type: ignore[arg-type]


class FakeService:
    """The upload endpoint and job list: keeps each file's rows, settles a job after
    ``polls_to_settle`` polls, refuses rows whose phone is in ``refuse``, fails the job
    numbered ``fail_part``."""

    def __init__(self, refuse: frozenset[str] = frozenset(), fail_part: int | None = None) -> None:
        self.files: list[list[dict[str, str]]] = []
        self.refuse = refuse
        self.fail_part = fail_part
        self.polls = 0
        self.polls_to_settle = 2

    async def upload_contacts(
        self, path: str | Path, progress: Callable[[int, int], None] | None = None
    ) -> UploadAccepted:
        data = Path(path).read_bytes()  # noqa: ASYNC240 - a fake, on small files
        if progress is not None:
            progress(len(data) // 2, len(data))
            progress(len(data), len(data))
        with Path(path).open(encoding="utf-8", newline="") as f:  # noqa: ASYNC230
            self.files.append(list(csv.DictReader(f)))
        return UploadAccepted(f"u{len(self.files)}", "processing", len(self.files[-1]))

    async def list_uploads(self) -> list[UploadStatus]:
        self.polls += 1
        out = []
        for number, rows in enumerate(self.files, start=1):
            settled = self.polls >= self.polls_to_settle
            errors = tuple(
                UploadRowError(i, r["phone"], "not a valid phone number")
                for i, r in enumerate(rows, start=2)
                if r["phone"] in self.refuse
            )
            status = "processing"
            if settled:
                status = "failed" if number == self.fail_part else "completed"
            out.append(
                UploadStatus(
                    f"u{number}",
                    status,
                    total=len(rows),
                    imported=len(rows) - len(errors) if settled else 0,
                    failed=len(errors) if settled else 0,
                    errors=errors if settled else (),
                )
            )
        return out[::-1]


def test_the_flow_walks_file_columns_check_upload_done_and_refuses_other_moves(
    tmp_path: Path, store: Store
) -> None:
    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    service = service_on(store)
    flow = ImportFlow()
    with pytest.raises(IllegalStep):
        flow.start_check()
    flow.open(path)
    assert flow.step is Step.FILE
    with pytest.raises(IllegalStep):
        flow.to_columns()  # nothing read yet
    flow.previewed(asyncio.run(service.preview(path)))
    flow.to_columns()
    assert flow.step is Step.COLUMNS
    assert flow.mapping.phone == 0
    flow.map_column(Field.PHONE, None)
    assert not flow.can_check
    with pytest.raises(IllegalStep):
        flow.start_check()
    flow.map_column(Field.PHONE, 0)
    flow.start_check()
    with pytest.raises(IllegalStep):
        flow.back()  # checking: cancel, not back
    report = asyncio.run(service.validate(path, flow.mapping))
    flow.checked(report)
    assert flow.step is Step.CHECK
    assert flow.can_upload
    flow.back()
    assert flow.step is Step.COLUMNS
    assert flow.report is None
    flow.start_check()
    flow.checked(report)
    flow.start_upload()
    result = asyncio.run(service.upload(FakeService(), report))
    flow.uploaded(result)
    assert flow.step is Step.DONE
    with pytest.raises(IllegalStep):
        flow.cancel()  # nothing left to cancel
    flow.open(path)  # another file
    assert flow.step is Step.FILE
    assert flow.report is None
    assert flow.result is None


@pytest.mark.parametrize(
    "where", [Step.FILE, Step.COLUMNS, Step.CHECKING, Step.CHECK, Step.UPLOADING]
)
def test_cancel_from_every_step(tmp_path: Path, store: Store, where: Step) -> None:
    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    service = service_on(store)
    flow = ImportFlow()
    flow.open(path)
    steps = [Step.FILE]
    if where is not Step.FILE:
        flow.previewed(asyncio.run(service.preview(path)))
        flow.to_columns()
    if where not in (Step.FILE, Step.COLUMNS):
        flow.start_check()
    if where in (Step.CHECK, Step.UPLOADING):
        flow.checked(asyncio.run(service.validate(path, flow.mapping)))
    if where is Step.UPLOADING:
        flow.start_upload()
    steps.append(flow.step)
    assert flow.step is where
    flow.cancel()
    assert flow.step is Step.CANCELLED
    assert flow.cancelled_from is where
    flow.open(path)
    assert flow.step is Step.FILE


@pytest.mark.parametrize("where", [Step.FILE, Step.COLUMNS, Step.CHECK])
def test_another_file_read_first_replaces_the_one_in_progress(
    tmp_path: Path, store: Store, where: Step
) -> None:
    """The file in progress is given up only when another, already read, takes its place:
    until then its columns and its check stay; during a check or an upload nothing replaces
    it."""
    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    other = write_csv(tmp_path, "other.csv", [["Simu", "Jina"], ["0722000111", "Amina"]])
    service = service_on(store)
    flow = ImportFlow()
    assert not flow.can_replace  # nothing in progress: a file is simply opened
    flow.open(path)
    flow.previewed(asyncio.run(service.preview(path)))
    if where is not Step.FILE:
        flow.to_columns()
        flow.map_column(Field.EMAIL, None)
    if where is Step.CHECK:
        flow.start_check()
        assert not flow.can_replace
        with pytest.raises(IllegalStep):
            flow.replace(other, asyncio.run(service.preview(other)))
        assert (flow.step, flow.path) == (Step.CHECKING, path)
        flow.checked(asyncio.run(service.validate(path, flow.mapping)))
    assert flow.step is where
    assert flow.can_replace
    found = asyncio.run(service.preview(other))
    flow.replace(other, found)
    assert (flow.step, flow.path, flow.preview) == (Step.FILE, other, found)
    assert flow.mapping == found.mapping
    assert flow.report is None
    flow.to_columns()
    flow.start_check()
    flow.checked(asyncio.run(service.validate(other, flow.mapping)))
    flow.start_upload()
    assert not flow.can_replace
    with pytest.raises(IllegalStep):
        flow.replace(path, asyncio.run(service.preview(path)))
    assert (flow.step, flow.path) == (Step.UPLOADING, other)


def test_a_failed_job_is_failed_and_keeps_the_report(tmp_path: Path, store: Store) -> None:
    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    service = service_on(store)
    flow = ImportFlow()
    flow.open(path)
    flow.previewed(asyncio.run(service.preview(path)))
    flow.to_columns()
    flow.start_check()
    flow.checked(asyncio.run(service.validate(path, flow.mapping)))
    flow.start_upload()
    result = asyncio.run(service.upload(FakeService(fail_part=1), flow.report))  # type: ignore[arg-type]
    flow.uploaded(result)
    assert flow.step is Step.FAILED
    assert result.failed_job
    assert flow.report is not None
    assert flow.report.rejected


class FlakyService(FakeService):
    """Once it has a file, the job list out of reach (``errors`` raised in turn) before it
    answers."""

    def __init__(self, errors: list[Exception]) -> None:
        super().__init__()
        self.errors = errors

    async def list_uploads(self) -> list[UploadStatus]:
        if self.errors and self.files:
            raise self.errors.pop(0)
        return await super().list_uploads()


def test_the_job_list_out_of_reach_is_waited_out_then_the_deadline_ends_it(
    tmp_path: Path, store: Store
) -> None:
    """The service has the file: a lost connection or a passing service error while its job
    is followed is no end of the import (giving up would leave its rows to be uploaded again)."""
    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    service = service_on(store)
    report = asyncio.run(service.validate(path, asyncio.run(service.preview(path)).mapping))
    flaky = FlakyService([api.NetworkError(), api.ServerError(), api.RateLimited(retry_after=0.01)])
    seen: list[UploadProgress] = []
    result = asyncio.run(service.upload(flaky, report, seen.append))  # type: ignore[arg-type]
    assert (result.upload_ids, result.imported) == (("u1",), 10)
    assert [p.phase for p in seen].count(UploadPhase.UNREACHABLE) == 3
    assert seen[-1].phase is UploadPhase.PROCESSING
    # out of reach until the deadline: the last error, for the caller to keep the report
    gone = FlakyService([api.NetworkError()] * 1000)
    brief = ImportsService(store, inline, poll=PollPolicy(0.001, 2.0, 0.01, give_up_after=0.05))
    with pytest.raises(api.NetworkError):
        asyncio.run(brief.upload(gone, report))  # type: ignore[arg-type]
    assert len(gone.files) == 1  # uploaded once


class LossyService(FakeService):
    """The reply to the parts numbered in ``lost`` never arrives (``InDoubt``): the service
    took the file when ``taken``, else it never got it. ``strangers``: uploads of that size
    others make at the same moment (another Tuma, the provider's website)."""

    def __init__(self, lost: set[int], *, taken: bool, strangers: int = 0) -> None:
        super().__init__()
        self.lost, self.taken, self.strangers = lost, taken, strangers
        self.sent = 0  # files sent, taken or not
        self.offline = 0  # reads of the list that fail after a loss
        self.extra: list[UploadStatus] = []

    async def upload_contacts(
        self, path: str | Path, progress: Callable[[int, int], None] | None = None
    ) -> UploadAccepted:
        self.sent += 1
        if self.sent in self.lost:
            if self.taken:
                await super().upload_contacts(path, progress)  # its reply is lost
            with Path(path).open(encoding="utf-8", newline="") as f:  # noqa: ASYNC230
                rows = len(list(csv.DictReader(f)))
            self.extra += [
                UploadStatus(f"other{len(self.extra) + i}", "processing", rows, 0, 0)
                for i in range(self.strangers)
            ]
            raise api.InDoubt(what=api.InDoubtWhat.UPLOAD)
        return await super().upload_contacts(path, progress)

    async def list_uploads(self) -> list[UploadStatus]:
        if self.offline and self.sent:
            self.offline -= 1
            raise api.NetworkError()
        return [*self.extra, *await super().list_uploads()]


def _settling(store: Store) -> ImportsService:
    return ImportsService(store, inline, poll=PollPolicy(0.001, 2.0, 0.01, 5.0, settle_after=0.01))


def test_a_lost_reply_to_a_part_the_service_took_is_followed_to_the_end(
    tmp_path: Path, store: Store
) -> None:
    """Before, a lost reply ended the upload "Outcome unknown", Upload enabled: one more
    press sent the rows twice. Now the service's list settles it, once it can be read."""
    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    service = _settling(store)
    report = asyncio.run(service.validate(path, asyncio.run(service.preview(path)).mapping))
    lossy = LossyService({1}, taken=True)
    lossy.offline = 2  # and the connection stays down a while
    seen: list[UploadProgress] = []
    accepted: list[str] = []
    result = asyncio.run(service.upload(lossy, report, seen.append, accepted.append))  # type: ignore[arg-type]
    assert (result.upload_ids, result.imported, accepted) == (("u1",), 10, ["u1"])
    assert lossy.sent == 1  # sent once
    assert [p.phase for p in seen].count(UploadPhase.CONFIRMING) == 3
    assert seen[-1].phase is UploadPhase.PROCESSING


def test_a_lost_reply_to_a_part_the_service_never_took_says_so(
    tmp_path: Path, store: Store
) -> None:
    path = write_csv(tmp_path, "big.csv", big_rows(25))
    service = _settling(store)
    service.max_upload_rows = 10
    report = asyncio.run(service.validate(path, asyncio.run(service.preview(path)).mapping))
    lossy = LossyService({2}, taken=False)
    accepted: list[str] = []
    with pytest.raises(UploadNotTaken) as info:
        asyncio.run(service.upload(lossy, report, None, accepted.append))  # type: ignore[arg-type]
    assert (info.value.part, info.value.parts) == (2, 3)
    assert accepted == ["u1"]  # the first part, taken: kept by the caller
    assert lossy.sent == 2  # the third part is not sent after it


@pytest.mark.parametrize(("taken", "strangers"), [(True, 1), (False, 2)])
def test_a_lost_reply_with_other_uploads_of_that_size_at_that_moment_stays_unknown(
    tmp_path: Path, store: Store, taken: bool, strangers: int
) -> None:
    """Someone else uploaded a file of the same size meanwhile: which one is ours (if any)
    cannot be told, so it is said, not guessed."""
    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    service = _settling(store)
    report = asyncio.run(service.validate(path, asyncio.run(service.preview(path)).mapping))
    lossy = LossyService({1}, taken=taken, strangers=strangers)
    accepted: list[str] = []
    with pytest.raises(api.InDoubt):
        asyncio.run(service.upload(lossy, report, None, accepted.append))  # type: ignore[arg-type]
    assert (accepted, lossy.sent) == ([], 1)


def test_a_lost_reply_with_other_uploads_of_other_sizes_and_older_ones_is_settled(
    tmp_path: Path, store: Store
) -> None:
    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    service = _settling(store)
    report = asyncio.run(service.validate(path, asyncio.run(service.preview(path)).mapping))
    lossy = LossyService({1}, taken=True)
    # an older upload of the same size, and one of another size made at that moment
    lossy.extra = [
        UploadStatus("older", "completed", len(report.valid), len(report.valid), 0),
        UploadStatus("theirs", "processing", 3, 0, 0),
    ]
    real_upload = lossy.upload_contacts

    async def upload(path: str | Path, progress: Any = None) -> UploadAccepted:
        lossy.extra = [lossy.extra[0]]  # "theirs" is made after ours was sent
        try:
            return await real_upload(path, progress)
        finally:
            lossy.extra.append(UploadStatus("theirs", "processing", 3, 0, 0))

    lossy.upload_contacts = upload  # type: ignore[method-assign]
    result = asyncio.run(service.upload(lossy, report))  # type: ignore[arg-type]
    assert (result.upload_ids, result.imported) == (("u1",), 10)


def test_a_big_file_is_split_into_uploads_the_service_takes_with_one_report(
    tmp_path: Path, store: Store
) -> None:
    rows = big_rows(2_500)
    path = write_csv(tmp_path, "big.csv", rows)
    service = service_on(store, max_upload_rows=1_000, max_upload_bytes=40_000)
    report = asyncio.run(service.validate(path, asyncio.run(service.preview(path)).mapping))
    valid = report.valid
    refused = {valid[10].phone, valid[1_500].phone}
    fake = FakeService(refuse=frozenset(refused))
    seen: list[UploadProgress] = []
    result = asyncio.run(service.upload(fake, report, seen.append))
    assert result.parts == len(fake.files) >= 3
    for part in fake.files:
        assert len(part) <= 1_000
    assert sum(len(p) for p in fake.files) == len(valid)
    assert [r["phone"] for p in fake.files for r in p] == [v.phone for v in valid]
    assert result.upload_ids == tuple(f"u{i}" for i in range(1, result.parts + 1))
    assert result.imported == len(valid) - 2
    assert result.failed == 2
    # the service's row numbers, per file, are mapped back to the user's spreadsheet rows
    assert [p.row for p in result.problems] == sorted([valid[10].row, valid[1_500].row])
    sending = [p for p in seen if p.phase is UploadPhase.SENDING]
    assert sending[-1].sent_bytes == sending[-1].total_bytes
    assert all(a.sent_bytes <= b.sent_bytes for a, b in itertools.pairwise(sending))
    assert seen[-1].phase is UploadPhase.PROCESSING
    assert seen[-1].imported == len(valid)
    merged = problems_of(report, result)
    assert [p.row for p in merged if p.reason == SERVICE_PROBLEM] == [
        p.row for p in result.problems
    ]
    assert len(merged) == len(report.rejected) + len(report.duplicates) + 2


def test_cancelling_the_check_stops_the_worker(tmp_path: Path, store: Store) -> None:
    path = write_csv(tmp_path, "big.csv", big_rows(100_000))
    service = service_on(store)
    mapping = asyncio.run(service.preview(path)).mapping
    seen: list[tuple[int, int]] = []

    async def cancel_soon() -> None:
        task = asyncio.ensure_future(
            service.validate(path, mapping, progress=lambda d, t: seen.append((d, t)))
        )
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(cancel_soon())


def test_the_live_sample_follows_the_mapping(tmp_path: Path, store: Store) -> None:
    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    found = asyncio.run(service_on(store).preview(path))
    sample = sample_rows(found, found.mapping)
    assert sample[0].row == 2
    assert sample[0].phone == "+254712345678"
    assert sample[0].repaired
    assert sample[0].first_name == "Wanjiru"
    moved = sample_rows(found, found.mapping.with_column(Field.PHONE, 1))
    assert moved[0].phone is None
    assert moved[0].reason is not None


def test_history_is_kept_and_reopened_with_its_problem_rows(tmp_path: Path, store: Store) -> None:
    assert schema_version() >= 5
    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    service = service_on(store)
    report = asyncio.run(service.validate(path, asyncio.run(service.preview(path)).mapping))
    fake = FakeService(refuse=frozenset({report.valid[0].phone}))
    result = asyncio.run(service.upload(fake, report))
    kept = asyncio.run(service.record(SHOP, "damaged.csv", report, result, ImportOutcome.COMPLETED))
    listed, problem = asyncio.run(service.past(SHOP, fake))
    assert problem is None
    assert [p.record.id for p in listed if p.record] == [kept.id]
    assert listed[0].upload is not None
    assert listed[0].upload.uuid == "u1"
    assert asyncio.run(service.past("Other shop", None)) == ([], None)
    store.close()
    with Store(tmp_path / "tuma.sqlite3") as again:  # after a restart
        reopened = asyncio.run(service_on(again).reopen(SHOP, kept.id))
    assert reopened.valid == len(report.valid)
    assert reopened.imported == result.imported
    assert [p.row for p in reopened.problems] == [p.row for p in problems_of(report, result)]
    assert reopened.problems[0].cells  # the original cells, to fix in Excel


def test_a_report_is_kept_with_the_problem_rows_given_and_not_read_back(
    tmp_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tab has the problem rows already: ``record`` keeps those (not found again), and
    ``add`` hands back the record as kept without parsing its rows again."""
    from desktop_app.core.services import imports

    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    service = service_on(store)
    report = asyncio.run(service.validate(path, asyncio.run(service.preview(path)).mapping))
    problems = problems_of(report)

    def not_again(*_args: object) -> None:
        raise AssertionError("the problem rows were found again")

    monkeypatch.setattr(imports, "problems_of", not_again)
    kept = asyncio.run(
        service.record(SHOP, "damaged.csv", report, None, ImportOutcome.COMPLETED, problems)
    )
    assert kept.problems == tuple(problems)
    assert kept.problems[0] is problems[0]  # the rows given, not parsed back from the store
    assert kept.id > 0
    assert kept == store.imports.get(SHOP, kept.id)  # created_at included, as read back


@pytest.mark.parametrize("fmt", [ExportFormat.CSV, ExportFormat.XLSX])
def test_problem_rows_export_keeps_phones_as_text(
    tmp_path: Path, store: Store, fmt: ExportFormat
) -> None:
    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    service = service_on(store)
    report = asyncio.run(service.validate(path, asyncio.run(service.preview(path)).mapping))
    problems = problems_of(report)
    out = tmp_path / f"problems.{fmt.value}"
    written = asyncio.run(
        service.export_problems(
            problems,
            report.header,
            report.mapping.phone,
            out,
            fmt,
            describe=lambda p: p.reason.upper(),
        )
    )
    assert (written.path, written.rows) == (out, len(problems))
    if fmt is ExportFormat.CSV:
        with out.open(encoding="utf-8-sig", newline="") as f:
            lines = list(csv.reader(f))
        assert lines[0][:4] == ["row", "problem", "detail", "Phone"]
        scientific = next(line for line in lines if line[0] == "5")
        assert scientific[1] == "PRECISION_LOST"
        assert scientific[3] == '="2.54712E+11"'
    else:
        sheet = openpyxl.load_workbook(out).active
        values = list(sheet.iter_rows(values_only=True))
        assert values[0][:4] == ("row", "problem", "detail", "Phone")
        duplicate = next(v for v in values[1:] if v[0] == 11)
        assert duplicate[1] == "DUPLICATE"
        assert duplicate[3] == "0712345678"
        assert sheet.cell(row=2, column=4).number_format == "@"


@pytest.mark.parametrize("fmt", [ExportFormat.CSV, ExportFormat.XLSX])
def test_problem_rows_export_never_writes_a_formula(
    tmp_path: Path, store: Store, fmt: ExportFormat
) -> None:
    """Cells, details and headings come from the user's file (and the service): one that
    starts like a formula stays text; the phone column stays text as always."""
    from desktop_app.core.store import ProblemRecord

    problems = [
        ProblemRecord(2, "invalid_phone", "=1+2", ('=HYPERLINK("x")', "+1", "-3", "@SUM(A1)")),
        ProblemRecord(3, "service", "@blocked", ("Ann", "-5", "", "=cmd|' /C calc'!A0")),
    ]
    header = ["=Name", "Phone", "Phone", "Notes"]  # a repeated name is not the phone column
    out = tmp_path / f"problems.{fmt.value}"
    asyncio.run(service_on(store).export_problems(problems, header, 1, out, fmt))
    if fmt is ExportFormat.CSV:
        with out.open(encoding="utf-8-sig", newline="") as f:
            lines = list(csv.reader(f))
        assert lines[0] == ["row", "problem", "detail", "'=Name", "Phone", "Phone", "Notes"]
        assert lines[1] == [
            "2",
            "invalid_phone",
            "'=1+2",
            '\'=HYPERLINK("x")',
            '="+1"',  # the phone column: text in Excel, as a string formula
            "'-3",
            "'@SUM(A1)",
        ]
        assert lines[2][2] == "'@blocked"
        assert lines[2][4:] == ['="-5"', "", "'=cmd|' /C calc'!A0"]
    else:
        sheet = openpyxl.load_workbook(out).active
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", cell.coordinate
        values = list(sheet.iter_rows(values_only=True))
        assert values[0][3] == "=Name"
        assert values[1] == (2, "invalid_phone", "=1+2", '=HYPERLINK("x")', "+1", "-3", "@SUM(A1)")
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".part"] == []


@pytest.mark.parametrize("fmt", [ExportFormat.CSV, ExportFormat.XLSX])
def test_a_failed_or_cancelled_export_leaves_no_file_behind(
    tmp_path: Path, store: Store, fmt: ExportFormat
) -> None:
    from desktop_app.core.store import ProblemRecord

    problems = [ProblemRecord(n, "missing_phone", "", ("x",)) for n in range(2, 10_002)]
    service = service_on(store)
    out = tmp_path / f"problems.{fmt.value}"

    def broken(problem: ProblemRecord) -> str:
        if problem.row == 5_000:
            raise OSError("disk full")
        return "words"

    with pytest.raises(OSError, match="disk full"):
        asyncio.run(service.export_problems(problems, ["Phone"], 0, out, fmt, describe=broken))
    assert [p.name for p in tmp_path.iterdir() if "problems" in p.name] == []

    async def cancelled_midway() -> None:
        task: asyncio.Future[Any] | None = None

        def written(done: int, _total: int) -> None:
            if done >= 2_000 and task is not None:  # a few batches in the file
                task.cancel()

        task = asyncio.ensure_future(
            service.export_problems(problems, ["Phone"], 0, out, fmt, progress=written)
        )
        with pytest.raises(asyncio.CancelledError):
            await task
        # the half-written file is gone by the time the cancelled await ends

    asyncio.run(cancelled_midway())
    left = [p.name for p in tmp_path.iterdir() if "problems" in p.name]
    assert left == []


@pytest.mark.parametrize("fmt", [ExportFormat.CSV, ExportFormat.XLSX])
def test_a_problem_rows_export_reports_progress_and_stops_when_asked(
    tmp_path: Path, store: Store, fmt: ExportFormat
) -> None:
    """Progress after each batch (rows written of all); ``cancel()`` true stops it before the
    next batch, leaving an earlier file of that name as it was and no part file."""
    from desktop_app.core.store import ProblemRecord

    problems = [ProblemRecord(n, "missing_phone", "", ("x",)) for n in range(2, 2_502)]
    service = service_on(store)
    folder = tmp_path / "exports"
    folder.mkdir()
    out = folder / f"problems.{fmt.value}"
    seen: list[tuple[int, int]] = []
    report = asyncio.run(
        service.export_problems(
            problems, ["Phone"], 0, out, fmt, progress=lambda d, t: seen.append((d, t))
        )
    )
    assert report.rows == 2_500
    assert seen == [(0, 2_500), (1_000, 2_500), (2_000, 2_500), (2_500, 2_500)]

    out.write_bytes(b"an earlier export")
    seen.clear()
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(
            service.export_problems(
                problems,
                ["Phone"],
                0,
                out,
                fmt,
                progress=lambda d, t: seen.append((d, t)),
                cancel=lambda: len(seen) > 1,  # asked after the first batch
            )
        )
    assert seen == [(0, 2_500), (1_000, 2_500)]
    assert [p.name for p in folder.iterdir()] == [out.name]
    assert out.read_bytes() == b"an earlier export"


def test_split_uploads_against_the_sandbox_give_one_report(
    tmp_path: Path, store: Store, account: Any
) -> None:
    from desktop_app.core.api import Client

    path = write_csv(tmp_path, "damaged.csv", DAMAGED_ROWS)
    service = service_on(store, max_upload_rows=4)
    report = asyncio.run(service.validate(path, asyncio.run(service.preview(path)).mapping))

    async def upload_and_list() -> tuple[Any, dict[str, Any], list[Any]]:
        async with Client(
            account.base_url, account.contacts_base_url, account.token, backoff=0.01
        ) as client:
            result = await service.upload(client, report)
            page = await client.list_contacts(page=1, page_size=100)
            past, _problem = await service.past(SHOP, client)
            return result, {c.phone: c for c in page.contacts}, past

    result, contacts, past = asyncio.run(upload_and_list())
    assert result.parts == 3  # 10 valid rows, 4 a file
    assert (result.imported, result.failed, result.failed_job) == (10, 0, False)
    assert set(contacts) == {v.phone for v in report.valid}
    assert contacts["+254712345678"].first_name == "Wanjiru"
    # before the report is kept here, the three uploads are the service's only
    assert sorted(p.upload.uuid for p in past if p.upload) == sorted(result.upload_ids)
    asyncio.run(service.record(SHOP, "damaged.csv", report, result, ImportOutcome.COMPLETED))

    async def listed() -> list[Any]:
        async with Client(
            account.base_url, account.contacts_base_url, account.token, backoff=0.01
        ) as client:
            return (await service.past(SHOP, client))[0]

    after = asyncio.run(listed())
    # kept here, the report stands for all its parts: none is listed again on its own
    assert [p.record is not None for p in after] == [True]
    assert after[0].upload is not None
    assert after[0].upload.uuid == result.upload_ids[-1]
