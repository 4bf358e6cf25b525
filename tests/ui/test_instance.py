"""One Tuma per person: a second start brings the open window forward (ui/instance.py)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from desktop_app import app as tuma_app
from desktop_app.ui.instance import ENDPOINT_NAME, LOCK_NAME, Guard, Outcome, ring

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def elsewhere() -> Iterator[Callable[..., asyncio.Future[Any]]]:
    """Run a blocking call (another start's) off the loop the open Tuma answers on; the
    threads end with the test (qasync's own executor would outlive it)."""
    with ThreadPoolExecutor(max_workers=2) as pool:

        def run(function: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
            return asyncio.wrap_future(pool.submit(function, *args))

        yield run


def test_a_second_start_rings_the_open_tuma_which_shows_its_window(
    tmp_path: Path, arun: Any, elsewhere: Any
) -> None:
    first, second = Guard(tmp_path), Guard(tmp_path)
    assert first.claim(wait=0) is Outcome.FIRST
    try:
        # started, but its window not painted yet (not listening): the second start waits,
        # then says nobody answered
        assert second.claim(wait=0.3, poll=0.05) is Outcome.NO_ANSWER
        shown: list[bool] = []
        arun(first.listen(lambda: shown.append(True)))
        assert arun(elsewhere(second.claim, 5.0)) is Outcome.SHOWN
        assert shown == [True]
        assert not second.held
        assert (tmp_path / ENDPOINT_NAME).stat().st_mode & 0o077 == 0  # this user's only
    finally:
        first.release()
    assert not (tmp_path / ENDPOINT_NAME).exists()
    assert second.claim(wait=0) is Outcome.FIRST  # let go: the next start is the first
    second.release()


def test_a_start_while_tuma_is_closing_waits_for_it_then_starts(
    tmp_path: Path, arun: Any, elsewhere: Any
) -> None:
    """Closing (a send finishing its batch in flight): no longer answering, still holding
    the lock. A start meanwhile begins once it has let go, not beside it."""
    first, second = Guard(tmp_path), Guard(tmp_path)
    assert first.claim(wait=0) is Outcome.FIRST
    arun(first.listen(lambda: None))
    arun(first.stop_listening())
    assert first.held

    async def start_then_let_go() -> Outcome:
        starting = asyncio.ensure_future(elsewhere(second.claim, 10.0, 0.05))
        await asyncio.sleep(0.4)
        assert not starting.done()  # waiting, not started beside the closing Tuma
        first.release()
        outcome: Outcome = await starting
        return outcome

    assert arun(start_then_let_go()) is Outcome.FIRST
    assert second.held
    second.release()


def test_only_a_caller_with_the_key_gets_the_window(
    tmp_path: Path, arun: Any, elsewhere: Any
) -> None:
    guard = Guard(tmp_path)
    assert guard.claim(wait=0) is Outcome.FIRST
    shown: list[bool] = []
    try:
        arun(guard.listen(lambda: shown.append(True)))
        endpoint = tmp_path / ENDPOINT_NAME
        door = json.loads(endpoint.read_text(encoding="utf-8"))
        forged = tmp_path / "forged.instance"
        forged.write_text(json.dumps({"port": door["port"], "key": "0" * 32}), encoding="utf-8")
        assert arun(elsewhere(ring, forged)) is False
        assert shown == []
        assert arun(elsewhere(ring, endpoint)) is True
        assert shown == [True]
    finally:
        guard.release()


def _hold_lock(folder: Path) -> subprocess.Popen[str]:
    """Another process holding the lock, as a Tuma would (and never answering)."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from pathlib import Path\n"
            "from desktop_app.ui.instance import Guard, Outcome\n"
            "print(Guard(Path(sys.argv[1])).claim(wait=0) is Outcome.FIRST, flush=True)\n"
            "time.sleep(60)\n",
            str(folder),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "True"
    return holder


def test_a_lock_left_by_a_killed_tuma_does_not_stop_the_next_start(tmp_path: Path) -> None:
    holder = _hold_lock(tmp_path)
    holder.kill()
    holder.wait()
    assert holder.stdout is not None
    holder.stdout.close()
    guard = Guard(tmp_path)
    assert guard.claim(wait=0) is Outcome.FIRST
    guard.release()


def test_a_tuma_open_all_day_keeps_its_lock(tmp_path: Path) -> None:
    """Only a lock whose process is gone is let go: an old one (Tuma open since the
    morning) still keeps a second Tuma from opening beside it."""
    holder = _hold_lock(tmp_path)
    try:
        hours_ago = time.time() - 6 * 3600
        os.utime(tmp_path / LOCK_NAME, (hours_ago, hours_ago))
        assert Guard(tmp_path).claim(wait=0.2, poll=0.05) is Outcome.NO_ANSWER
    finally:
        holder.kill()
        holder.wait()
        assert holder.stdout is not None
        holder.stdout.close()


def test_no_answer_is_said_in_plain_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert tuma_app._already_open(False) == 1
    said = capsys.readouterr().err
    assert "Tuma is already open" in said
    assert "did not answer" in said
    assert "start Tuma again" in said
    assert tuma_app._already_open(True) == 0
    assert "brought to the front" in capsys.readouterr().err


@pytest.mark.expect_log("single-instance lock could not be written")
def test_a_folder_that_cannot_hold_the_lock_does_not_stop_tuma(tmp_path: Path) -> None:
    """A records folder Tuma cannot write to: no guard (opening the records says what is
    wrong), rather than a second-instance message that would be untrue."""
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("", encoding="utf-8")
    guard = Guard(blocked)
    assert guard.claim(wait=0) is Outcome.FIRST
    guard.release()


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="signals and one clock")
def test_starting_tuma_twice_opens_one_window(isolated_user_dirs: Path) -> None:
    """The real app, twice: the second start opens nothing of its own (no window, no
    practice service), the first brings its window forward; quitting lets go of the lock."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TUMA_STARTUP_PROBE="1")
    first = subprocess.Popen(
        [sys.executable, "-m", "desktop_app", "--sandbox"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert first.stdout is not None
        marks = []
        for line in first.stdout:
            marks.append(line.split()[1])
            if marks[-1] == "ready":
                break
        second = subprocess.run(
            [sys.executable, "-m", "desktop_app", "--sandbox"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 0
        assert second.stdout == ""  # never painted a window of its own
        assert "already open" in second.stderr
        assert first.stdout.readline().split()[:3] == ["tuma:", "brought", "to"]
        records = [p for p in (isolated_user_dirs).rglob(LOCK_NAME)]
        assert len(records) == 1
        first.terminate()
        assert first.wait(timeout=15) == 0
        assert not records[0].with_name(ENDPOINT_NAME).exists()
        after = Guard(records[0].parent)
        assert after.claim(wait=0) is Outcome.FIRST  # let go: the next start is the first
        after.release()
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
        if first.stdout is not None:
            first.stdout.close()
