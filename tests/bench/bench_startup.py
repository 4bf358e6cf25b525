"""Benchmark start-up: process start → main window painted, against a bare PySide6 window.

- ``startup``: the app with a saved real account (its token in a file keyring, its service a
  sandbox started beside it), against ``python tests/bench/support.py bare-window`` (an empty
  ``QMainWindow``) measured in the same run. Target: ratio ≤ 1.5.
- ``startup_sandbox``: the app on a first run (no account: practice mode), against the same
  bare window. Target: ratio ≤ 2.0.

Evidence beside them (not a baseline): ``floor``, the bare window with what Tuma's stack needs
before any of its own code (asyncio and qasync imported, Qt's enums touched; see
``support.bare_window``), as a ratio of the bare window.

Each figure is the median of N runs (the programs take turns; one warm-up round not
counted), every run in a new throw-away home. How the time is read: tests/bench/support.py.

Run: ``.venv/bin/python tests/bench/bench_startup.py [--quick]`` (not collected by pytest).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench import support
from tests.bench.support import Result

TARGETS = {"startup": 1.5, "startup_sandbox": 2.0}


def run(quick: bool = False) -> dict[str, Result]:
    from desktop_app.sandbox.admin import SandboxAdmin
    from desktop_app.sandbox.process import start_sandbox

    runs = 5 if quick else 15
    times: dict[str, list[float]] = {"bare": [], "floor": [], "startup": [], "startup_sandbox": []}
    with tempfile.TemporaryDirectory(prefix="tuma-bench-startup-") as temp:
        folder = Path(temp)
        with start_sandbox(folder / "service", settle_seconds=0.2) as service:
            with SandboxAdmin(service.base_url, service.admin_key) as admin:
                account = admin.create_account("Bench shop", balance=1000, sender_ids=["TUMA"])
                token = admin.create_token(account, kind="scoped", scopes=["sms", "contacts"])
            for round_ in range(runs + 1):
                homes = {name: folder / f"{name}-{round_}" for name in times}
                envs = {
                    "bare": support.isolated_env(homes["bare"]),
                    "floor": support.isolated_env(homes["floor"]),
                    "startup": support.real_account_home(
                        homes["startup"], service.base_url, service.contacts_base_url, token
                    ).env,
                    "startup_sandbox": support.app_env(homes["startup_sandbox"]),
                }
                for name in times:
                    command = (
                        support.bare_command(floor=name == "floor")
                        if name in ("bare", "floor")
                        else support.app_command()
                    )
                    shown = support.start(command, envs[name]).shown
                    if round_:  # round 0 warms the disk cache
                        times[name].append(shown)
    bare = support.median(times["bare"])
    floor = support.median(times["floor"])
    return {
        name: support.result(
            support.median(times[name]),
            bare,
            TARGETS[name],
            runs=runs,
            fastest=min(times[name]),
            bare_fastest=min(times["bare"]),
            floor=floor,
            floor_ratio=floor / bare,
        )
        for name in TARGETS
    }


def main() -> None:
    print(support.load_line())
    for name, r in run("--quick" in sys.argv[1:]).items():
        verdict = "ok" if r["ratio"] <= r["target"] else "OVER TARGET"
        print(
            f"{name}: window painted after {r['value'] * 1000:.0f} ms (fastest "
            f"{r['fastest'] * 1000:.0f}), bare window {r['baseline'] * 1000:.0f} ms (fastest "
            f"{r['bare_fastest'] * 1000:.0f}); median of {r['runs']}: ratio {r['ratio']:.2f} "
            f"(target ≤ {r['target']}) - {verdict}"
        )
    print(
        f"evidence: the bare window with asyncio, qasync and Qt's enums {r['floor'] * 1000:.0f} ms"
        f" = {r['floor_ratio']:.2f}x the bare window, before any of Tuma's own code"
    )


if __name__ == "__main__":
    main()
