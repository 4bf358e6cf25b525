"""TaskRunner and ErrorPresenter: one way to run background work, one way to report it."""

from __future__ import annotations

import asyncio

import pytest

from desktop_app.core.api import errors as api
from desktop_app.ui.errors import ErrorPresenter, Level, UserMessage, describe
from desktop_app.ui.tasks import TaskRunner


@pytest.fixture
def runner(qloop):  # type: ignore[no-untyped-def]
    presenter = ErrorPresenter()
    tasks = TaskRunner(presenter)
    shown: list[UserMessage] = []
    presenter.message_shown.connect(shown.append)
    tasks.shown = shown  # type: ignore[attr-defined]
    return tasks


async def _value(value: int, event: asyncio.Event | None = None) -> int:
    if event is not None:
        await event.wait()
    return value


async def _fail(exc: BaseException) -> None:
    raise exc


def test_success_callback_gets_the_result(qtbot, runner) -> None:  # type: ignore[no-untyped-def]
    results: list[int] = []
    runner.start("answer", _value(42), on_success=results.append)
    qtbot.waitUntil(lambda: results == [42])
    assert not runner.busy


def test_same_name_cancels_the_previous_task_silently(qtbot, runner) -> None:  # type: ignore[no-untyped-def]
    results: list[int] = []
    first = runner.start("search", _value(1, asyncio.Event()), on_success=results.append)
    runner.start("search", _value(2), on_success=results.append)
    qtbot.waitUntil(lambda: first.done() and results == [2])
    assert first.cancelled()
    assert runner.shown == []


def test_unhandled_errors_go_to_the_presenter(qtbot, runner) -> None:  # type: ignore[no-untyped-def]
    failed: list[object] = []
    runner.failed.connect(failed.append)
    runner.start("send", _fail(api.ServerError()))
    qtbot.waitUntil(lambda: bool(failed))
    assert runner.shown[0].title == "The service had a problem"
    assert runner.shown[0].level == Level.ERROR


def test_handled_errors_stay_quiet(qtbot, runner) -> None:  # type: ignore[no-untyped-def]
    seen: list[BaseException] = []

    def handle(exc: BaseException) -> bool:
        seen.append(exc)
        return True

    runner.start("send", _fail(api.NetworkError()), on_error=handle)
    qtbot.waitUntil(lambda: bool(seen))
    qtbot.waitUntil(lambda: not runner.busy)
    assert runner.shown == []


def test_auth_errors_ask_for_the_account_dialog(qtbot, qloop) -> None:  # type: ignore[no-untyped-def]
    presenter = ErrorPresenter()
    reasons: list[str] = []
    presenter.reauth_needed.connect(reasons.append)
    presenter.present(api.AuthError())
    assert reasons
    assert "not accepted" in reasons[0]
    assert presenter.last is not None
    assert presenter.last.reauth


def test_shutdown_cancels_everything_and_refuses_new_work(qtbot, runner, arun) -> None:  # type: ignore[no-untyped-def]
    never = asyncio.Event()
    task = runner.start("slow", _value(1, never))
    arun(runner.shutdown(timeout=1.0))
    assert task.cancelled()
    coro = _value(2)
    assert runner.start("late", coro) is None  # not started, and no error raised in a slot
    assert coro.cr_frame is None  # closed: never "was never awaited"
    assert not runner.busy


def test_busy_is_reported_only_for_slow_work(qtbot, runner) -> None:  # type: ignore[no-untyped-def]
    states: list[bool] = []
    runner.busy_changed.connect(states.append)
    release = asyncio.Event()
    runner.start("slow", _value(1, release))
    qtbot.waitUntil(lambda: states == [True], timeout=3000)
    release.set()
    qtbot.waitUntil(lambda: states == [True, False])


@pytest.mark.parametrize(
    ("exc", "words"),
    [
        (api.ScopeError(scope="contacts"), "contacts"),
        (api.InsufficientBalance(), "credit"),
        (TimeoutError(), "internet connection"),
        (ValueError("boom"), "ValueError"),
    ],
)
def test_describe_gives_plain_words_and_a_next_step(qapp, exc, words) -> None:  # type: ignore[no-untyped-def]
    title, text = describe(exc)
    assert title
    assert words in f"{title} {text}"


@pytest.mark.expect_log("uncaught exception")
def test_the_excepthook_shows_uncaught_errors_to_the_user(qtbot, qloop, services) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.app import make_excepthook
    from desktop_app.ui.context import AppContext

    ctx = AppContext(services)
    shown: list[UserMessage] = []
    ctx.errors.message_shown.connect(shown.append)
    hook = make_excepthook(ctx)
    try:
        raise api.NetworkError()
    except api.NetworkError as exc:
        hook(type(exc), exc, exc.__traceback__)
    assert shown
    assert shown[0].title == "No connection"


def test_parse_args() -> None:
    from desktop_app.app import parse_args

    args = parse_args(["--sandbox", "--profile", "My shop", "--screenshots", "out"])
    assert args.sandbox
    assert args.profile == "My shop"
    assert str(args.screenshots) == "out"


def test_a_task_that_got_through_after_a_retry_is_no_longer_trying(qtbot, runner) -> None:  # type: ignore[no-untyped-def]
    """'Still trying…' stays only while the task is retrying: once a retried request got its
    reply, the task (still running) is no longer reported as trying again."""
    from desktop_app.core.api.attempts import Retry, RetryReason, report_retry, report_through

    heard: list[tuple[str, object]] = []
    runner.retrying.connect(lambda name, retry: heard.append((name, retry)))
    step, finish = asyncio.Event(), asyncio.Event()
    retry = Retry(2, 3, RetryReason.NOT_REACHED, 0.5)

    async def work() -> None:
        report_retry(retry)
        await step.wait()
        report_through()  # the reply came; the work goes on (a send after its balance check)
        await finish.wait()

    task = runner.start("send", work())
    qtbot.waitUntil(lambda: heard == [("send", retry)])
    assert runner.latest_retry() == retry
    step.set()
    qtbot.waitUntil(lambda: len(heard) == 2)
    assert heard[1] == ("send", None)
    assert not task.done()
    assert runner.latest_retry() is None
    finish.set()
    qtbot.waitUntil(task.done)
    assert len(heard) == 2  # nothing more to clear at the end


def test_a_finished_task_leaves_no_reference_cycle(qtbot, runner) -> None:  # type: ignore[no-untyped-def]
    """Each task watches its own retries (a watcher in its context); the watcher must not
    hold the task strongly, or every task (a page of contacts, a keystroke's estimate)
    leaves a cycle for the collector, which rests during imports and sends."""
    import gc

    gc.collect()
    gc.disable()
    try:
        for n in range(200):
            runner.start(f"page{n % 3}", _value(n))
        qtbot.waitUntil(lambda: not runner.busy and not runner._all)
        qtbot.wait(50)
        left = gc.collect()
    finally:
        gc.enable()
    assert left < 200, f"{left} objects in cycles after 200 tasks"


def test_a_task_is_running_until_its_callback_has_said_what_happened(qtbot, runner) -> None:  # type: ignore[no-untyped-def]
    """A task is done a moment before its done-callback runs (asyncio schedules it): asked
    in that moment, "is it still running?" said no while its on_success had not yet put the
    result on screen (a test, or a button enabled again before the words of what ended)."""
    finish = asyncio.Event()
    waiting = asyncio.Event()
    in_callback: list[tuple[bool, bool]] = []

    async def work() -> int:
        waiting.set()
        await finish.wait()
        return 1

    task = runner.start(
        "send",
        work(),
        on_success=lambda _v: in_callback.append((runner.is_running("send"), runner.busy)),
    )
    qtbot.waitUntil(waiting.is_set)
    between: list[tuple[bool, bool, bool, list[str]]] = []

    async def look() -> None:
        # woken by the same event, after the task (first in line): the task has ended by
        # then, and its done-callback is queued behind this
        await finish.wait()
        between.append((task.done(), runner.is_running("send"), runner.busy, runner.running()))

    looker = asyncio.ensure_future(look())
    qtbot.wait(10)  # (the looker waits on the event too)
    finish.set()
    qtbot.waitUntil(lambda: looker.done() and bool(in_callback))
    assert between == [(True, True, True, ["send"])]  # ended, its words not said yet
    assert in_callback == [(False, False)]  # in its callback, it is over
    assert not runner.busy


def test_the_latest_retry_is_the_one_reported_last(qtbot, runner) -> None:  # type: ignore[no-untyped-def]
    """Two readings retrying: the status bar shows the try reported last, even when the
    other reading had reported a try before."""
    from desktop_app.core.api.attempts import Retry, RetryReason, report_retry

    first = asyncio.Event()
    done = asyncio.Event()
    a2, a3 = Retry(2, 3, RetryReason.NOT_REACHED, 0.5), Retry(3, 3, RetryReason.NOT_REACHED, 0.5)
    b2 = Retry(2, 3, RetryReason.BUSY, 0.5)

    async def reading_a() -> None:
        report_retry(a2)
        await first.wait()
        report_retry(a3)
        await done.wait()

    async def reading_b() -> None:
        report_retry(b2)
        await done.wait()

    runner.start("a", reading_a())
    qtbot.waitUntil(lambda: runner.latest_retry() == a2)
    runner.start("b", reading_b())
    qtbot.waitUntil(lambda: runner.latest_retry() == b2)
    first.set()
    qtbot.waitUntil(lambda: runner.retry_of("a") == a3)
    assert runner.latest_retry() == a3  # reported last (it was b's older try before)
    done.set()
    qtbot.waitUntil(lambda: not runner.busy)
