"""Benchmark memory: the app's resident memory once started, against a bare PySide6 window.

- ``memory_idle``: VmRSS of the app with a saved real account (token in a file keyring, its
  service a sandbox started beside it), read half a second after it reports ``ready`` (the
  account connected, the balance read, nothing left running), against the same reading of
  an empty ``QMainWindow`` (tests/bench/support.py). Target: ratio ≤ 1.5.

Evidence beside it (not a baseline), read the same way: the bare window with the libraries an
idle Tuma has used (``support.bare_window(libraries=True)``), and that window with the least
any window with tabs shows besides (``content=True``: a menu, a status bar, five tabs of a
label, a button, a line edit and a table, under Tuma's style sheet; the text is what loads
Qt's fonts, which the empty window never does).

Besides, for the record (not judged): the app in practice mode and the practice sandbox's own
process (the child the app starts), read the same way.

Run: ``.venv/bin/python tests/bench/bench_memory.py [--quick]`` (not collected by pytest).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench import support
from tests.bench.support import MIB, Result

TARGET = 1.5


def run(quick: bool = False) -> dict[str, Result]:
    from desktop_app.sandbox.admin import SandboxAdmin
    from desktop_app.sandbox.process import start_sandbox

    runs = 1 if quick else 3
    rss: dict[str, list[float]] = {
        "bare": [],
        "libraries": [],
        "content": [],
        "app": [],
        "practice": [],
        "sandbox": [],
    }
    with tempfile.TemporaryDirectory(prefix="tuma-bench-memory-") as temp:
        folder = Path(temp)
        with start_sandbox(folder / "service", settle_seconds=0.2) as service:
            with SandboxAdmin(service.base_url, service.admin_key) as admin:
                account = admin.create_account("Bench shop", balance=1000, sender_ids=["TUMA"])
                token = admin.create_token(account, kind="scoped", scopes=["sms", "contacts"])
            for round_ in range(runs):
                bare = support.start(
                    support.bare_command(),
                    support.isolated_env(folder / f"bare-{round_}"),
                    until="ready",
                )
                libraries = support.start(
                    support.bare_command(libraries=True),
                    support.isolated_env(folder / f"libraries-{round_}"),
                    until="ready",
                )
                content = support.start(
                    support.bare_command(content=True),
                    support.isolated_env(folder / f"content-{round_}"),
                    until="ready",
                )
                assert libraries.rss is not None
                assert content.rss is not None
                rss["libraries"].append(libraries.rss / MIB)
                rss["content"].append(content.rss / MIB)
                home = support.real_account_home(
                    folder / f"app-{round_}", service.base_url, service.contacts_base_url, token
                )
                app = support.start(support.app_command(), home.env, until="ready")
                children: list[int] = []
                practice = support.start(
                    support.app_command(),
                    support.app_env(folder / f"practice-{round_}"),
                    until="ready",
                    on_ready=lambda pid, into=children: into.append(support.children_rss(pid)),
                )
                assert bare.rss is not None
                assert app.rss is not None
                assert practice.rss is not None
                rss["bare"].append(bare.rss / MIB)
                rss["app"].append(app.rss / MIB)
                rss["practice"].append(practice.rss / MIB)
                rss["sandbox"].append(children[0] / MIB)
    value, baseline = support.median(rss["app"]), support.median(rss["bare"])
    return {
        "memory_idle": support.result(
            value,
            baseline,
            TARGET,
            runs=runs,
            practice_mib=support.median(rss["practice"]),
            practice_sandbox_mib=support.median(rss["sandbox"]),
            libraries_mib=support.median(rss["libraries"]),
            content_mib=support.median(rss["content"]),
        )
    }


def main() -> None:
    print(support.load_line())
    r = run("--quick" in sys.argv[1:])["memory_idle"]
    verdict = "ok" if r["ratio"] <= r["target"] else "OVER TARGET"
    print(
        f"memory_idle: {r['value']:.1f} MiB resident once started (real account), bare window "
        f"{r['baseline']:.1f} MiB: ratio {r['ratio']:.2f} (target ≤ {r['target']}) - {verdict}; "
        f"practice mode {r['practice_mib']:.1f} MiB + its sandbox {r['practice_sandbox_mib']:.1f} "
        f"MiB (median of {r['runs']})"
    )
    print(
        f"evidence: the bare window with the libraries an idle Tuma has used (asyncio, qasync, "
        f"httpx, keyring, sqlite3, phonenumbers) {r['libraries_mib']:.1f} MiB = "
        f"{r['libraries_mib'] / r['baseline']:.2f}x the bare window; with the least a window "
        f"with tabs shows besides (menu, status bar, five tabs of a label, a button, a line "
        f"edit and a table, Tuma's style sheet) {r['content_mib']:.1f} MiB = "
        f"{r['content_mib'] / r['baseline']:.2f}x"
    )


if __name__ == "__main__":
    main()
