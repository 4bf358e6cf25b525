"""Start-up time of the frozen app beside ``python -m desktop_app``, measured the same way.

    python installer/linux/startup_time.py FROZEN_TUMA [--python PY] [--runs N]

Two measures, each from spawning the process to a line on its standard output:

- *window*: ``TUMA_EXIT_WHEN_SHOWN=1``: the main window is shown with its tabs built (the
  app prints "tuma: window shown" and exits);
- *practice*: ``--sandbox --screenshots DIR``: practice mode is up (the sandbox service
  started, the demo shop and balance loaded) and the first tab's screenshot is written.

Every run gets a new, empty HOME and XDG folders (a first start, same work for both), runs
offscreen, and the two programs take turns; one warm-up run each is not counted. Prints the
median and the fastest of N runs, in seconds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def isolated_env(home: Path, **extra: str) -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "XDG_RUNTIME_DIR": str(home / "run"),
        "QT_QPA_PLATFORM": "offscreen",
    }
    (home / "run").mkdir(mode=0o700, parents=True)
    env.update(extra)
    return env


def time_to_line(command: list[str], env: dict[str, str], done: str, cwd: Path) -> float:
    """Seconds from spawn to the first stdout line that contains ``done``; the process is
    then left to finish on its own (its shutdown is not timed)."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert process.stdout is not None
    elapsed = None
    for line in process.stdout:
        if elapsed is None and done in line:
            elapsed = time.perf_counter() - start
    code = process.wait(120)
    if elapsed is None or code != 0:
        raise SystemExit(f"{command[0]}: exited {code} before printing {done!r}")
    return elapsed


def measure(command: list[str], mode: str, cwd: Path) -> float:
    with tempfile.TemporaryDirectory(prefix="tuma-startup-") as tmp:
        home = Path(tmp) / "home"
        if mode == "window":
            env = isolated_env(home, TUMA_EXIT_WHEN_SHOWN="1")
            return time_to_line(command, env, "tuma: window shown", cwd)
        shots = Path(tmp) / "shots"
        env = isolated_env(home)
        return time_to_line([*command, "--sandbox", "--screenshots", str(shots)], env, ".png", cwd)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("frozen", type=Path, help="the frozen (installed) tuma executable")
    parser.add_argument("--python", default=str(ROOT / ".venv" / "bin" / "python"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    programs = {
        "frozen": ([str(args.frozen.resolve())], Path(tempfile.gettempdir())),
        "source": ([args.python, "-m", "desktop_app"], ROOT),
    }
    print(f"start-up, median (fastest) of {args.runs} runs, seconds:")
    for mode in ("window", "practice"):
        times: dict[str, list[float]] = {name: [] for name in programs}
        for run in range(args.runs + 1):
            for name, (command, cwd) in programs.items():
                seconds = measure(command, mode, cwd)
                if run:  # run 0 warms the disk cache
                    times[name].append(seconds)
        cells = [f"{name} {statistics.median(t):.2f} ({min(t):.2f})" for name, t in times.items()]
        ratio = statistics.median(times["frozen"]) / statistics.median(times["source"])
        print(f"  {mode:<9} {'   '.join(cells)}   frozen/source {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
