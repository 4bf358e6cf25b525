"""Benchmark the Delivery tab with 100,000 recorded recipients.

- ``delivery_history``: opening the tab (it is built when the window starts, so: shown) until
  its first rows are in the grid and painted, against one bare SQLite query for the same
  rows (the history page's own query, on a connection of its own: the least any client
  could do). Target: within 3× the bare query. Measured as: ``show()`` (polish and layout
  of the tab's widgets; the page is asked for as the tab is shown) until the model says its
  first page is in, plus one forced repaint of the grid's viewport. In between, the store's
  thread counts the matching sends and reads the page (one trip there and back) while the
  event loop paints the window once (the grid still empty), then the rows are made, laid
  out and painted. The period chart's tally and the count in the subtitle are read and
  written only after those rows are painted, so they may be running while the forced
  repaint is timed (and a repaint also paints whatever else of the window is waiting to
  be). The previous round's tab is deleted (``deleteLater``) while the next one opens.
  Building the tab is reported beside it.

Evidence beside the figure (not part of it): one repaint of the grid as the tab shows it,
warm (nothing else running), and of a bare ``QTableView`` of the same shape (the same words
in the same columns, rows and size, a trivial model, Qt's default look): what painting those
rows costs on this machine whatever the app, to compare with 3× the bare query.

The history is 1,000 sends of 100 recipients each (a shop's couple of years), each with its
delivery reports (most delivered, some failed, a few waiting), written straight into a fresh
store with the journal's and the delivery records' own methods. The sandbox only answers the
session the tab opens with (nothing in this history is looked up: the reports are final or
not followed).

Run: ``.venv/bin/python tests/bench/bench_delivery.py [--quick]`` (not collected by pytest).
``run(quick)`` returns ``{name: {value, baseline, ratio, target}}`` for a benchmark runner;
``--quick`` records 20,000 recipients instead of 100,000.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["QT_API"] = "pyside6"

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench import support

PROFILE = "Bench shop"
PER_SEND = 100


def _seed(store_path: Path, recipients: int) -> float:
    """*recipients* recorded recipients (sends of :data:`PER_SEND`), with their reports."""
    from desktop_app.core.delivery import DeliveryStatus
    from desktop_app.core.store import BroadcastKind, Store
    from desktop_app.core.store.delivery import Report

    started = time.perf_counter()
    store = Store(store_path)
    try:
        now = datetime.now(UTC)
        sends = recipients // PER_SEND
        for n in range(sends):
            phones = [f"+2547{(n * PER_SEND + i) % 100_000_000:08d}" for i in range(PER_SEND)]
            message_id = f"bench-{n:06d}"
            broadcast_id = store.journal.record_sent(
                BroadcastKind.BULK,
                f"Ofa ya wiki {n}: unga 2kg KES 180, mafuta 1L KES 290. Duka la Amani.",
                phones,
                profile=PROFILE,
                message_id=message_id,
                parts=PER_SEND,
                credits=PER_SEND,
                sender_id="DUKA_AMANI",
            )
            sent_at = now - timedelta(minutes=(sends - n) * 20)
            store.delivery.backdate(broadcast_id, sent_at)
            store.delivery.register(PROFILE, broadcast_id)
            reports = []
            for i, phone in enumerate(phones):
                if i % 25 == 0:
                    reports.append(
                        Report(phone, DeliveryStatus.FAILED, "AbsentSubscriber", "AbsentSubscriber")
                    )
                elif i % 40 == 1:
                    reports.append(Report(phone, DeliveryStatus.SENT, "SentToNetwork"))
                else:
                    reports.append(Report(phone, DeliveryStatus.DELIVERED, "DeliveredToTerminal"))
            store.delivery.apply(PROFILE, [(message_id, reports)], now, (timedelta(hours=1),))
            store.delivery.stop_following(PROFILE, message_id)
    finally:
        store.close()
    return time.perf_counter() - started


def _bare_query(store_path: Path) -> float:
    """The history page's own query on a connection of its own (median of 7, warm)."""
    from desktop_app.core.store.delivery import HistoryFilter, history_sql

    since = datetime.combine(
        datetime.now().astimezone().date() - timedelta(days=29), datetime.min.time()
    ).astimezone()
    sql, args = history_sql(PROFILE, HistoryFilter(since=since), 100, 0)
    conn = sqlite3.connect(store_path)
    try:
        conn.execute(sql, args).fetchall()  # warm up
        times = []
        for _ in range(7):
            started = time.perf_counter()
            rows = conn.execute(sql, args).fetchall()
            times.append(time.perf_counter() - started)
        assert len(rows) == 100
    finally:
        conn.close()
    return statistics.median(times)


async def _until(condition: Callable[[], bool], timeout: float = 60.0) -> None:  # noqa: ASYNC109
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError("the history did not arrive in time")
        await asyncio.sleep(0.001)


async def _measure(base_url: str, token: str, folder: Path) -> dict[str, Any]:
    from desktop_app.ui.delivery import DeliveryTab

    store_path = folder / "tuma.sqlite3"
    services, ctx = await support.connected_context(folder, base_url, token, name=PROFILE)
    results: dict[str, Any] = {}
    try:
        baseline = _bare_query(store_path)
        opened = []
        built = []
        loaded = []
        for _ in range(7):
            started = time.perf_counter()
            tab = DeliveryTab(ctx)
            tab.resize(1280, 800)
            built.append(time.perf_counter() - started)
            arrived: list[float] = []  # stamped by the signal (polling would add its tick)
            tab.history_model.rows_loaded.connect(
                lambda _n, arrived=arrived: arrived.append(time.perf_counter())
            )
            shown = time.perf_counter()
            tab.show()
            await _until(lambda arrived=arrived: bool(arrived))
            loaded.append(arrived[0] - shown)
            painting = time.perf_counter()
            tab.history_table.viewport().repaint()  # painted, not only loaded
            opened.append(arrived[0] - shown + time.perf_counter() - painting)
            rows, total = tab.history_model.rowCount(), tab.history_model.total
            await tab.stop(2.0)
            tab.close()
            tab.deleteLater()
            await ctx.tasks.wait_idle()
        grid, bare = await _grid_repaints(ctx)
        first = statistics.median(opened)
        results["delivery_history"] = {
            "value": first,
            "baseline": baseline,
            "ratio": first / baseline,
            "target": 3.0,
            "rows_shown": rows,
            "built": statistics.median(built),
            "loaded": statistics.median(loaded),
            "sends_matching": total,
            "grid_repaint": grid,
            "bare_grid_repaint": bare,
        }
    finally:
        await ctx.tasks.shutdown(timeout=5.0)
        await ctx.close_session(emit=False)
        services.close()
    return results


def _repaint(view: Any) -> float:
    """One repaint of *view*'s viewport, median of 7 (after 2 unmeasured)."""
    times = []
    for n in range(9):
        started = time.perf_counter()
        view.viewport().repaint()
        if n >= 2:
            times.append(time.perf_counter() - started)
    return statistics.median(times)


async def _grid_repaints(ctx: Any) -> tuple[float, float]:
    """Evidence (not part of ``delivery_history``): a warm repaint of the tab's grid, and of
    a bare QTableView of the same shape with the same words (trivial model, default look)."""
    from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
    from PySide6.QtWidgets import QTableView

    from desktop_app.ui.delivery import DeliveryTab

    Index = QModelIndex | QPersistentModelIndex

    class Words(QAbstractTableModel):
        def __init__(self, cells: list[list[str]]) -> None:
            super().__init__()
            self.cells = cells

        def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
            return 0 if parent.isValid() else len(self.cells)

        def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
            return 0 if parent.isValid() else len(self.cells[0])

        def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
            if role == Qt.ItemDataRole.DisplayRole:
                return self.cells[index.row()][index.column()]
            return None

    tab = DeliveryTab(ctx)
    tab.resize(1280, 800)
    tab.show()
    await _until(lambda: tab.history_model.loaded_once)
    await ctx.tasks.wait_idle()
    await asyncio.sleep(0.1)
    view, model = tab.history_table, tab.history_model
    grid = _repaint(view)
    columns = model.columnCount()
    cells = [
        [str(model.data(model.index(r, c)) or "") for c in range(columns)]
        for r in range(model.rowCount())
    ]
    bare = QTableView()
    bare.setModel(Words(cells))
    bare.setAlternatingRowColors(True)
    bare.setShowGrid(False)
    bare.setWordWrap(False)
    bare.verticalHeader().hide()
    bare.verticalHeader().setDefaultSectionSize(view.verticalHeader().defaultSectionSize())
    for c in range(columns):
        bare.setColumnWidth(c, view.columnWidth(c))
        bare.setColumnHidden(c, view.isColumnHidden(c))
    bare.resize(view.size())
    bare.show()
    await asyncio.sleep(0.05)
    wanted, got = view.viewport().size(), bare.viewport().size()
    bare.resize(
        bare.width() + wanted.width() - got.width(), bare.height() + wanted.height() - got.height()
    )
    await asyncio.sleep(0.05)
    bare_time = _repaint(bare)
    bare.close()
    bare.deleteLater()
    await tab.stop(2.0)
    tab.close()
    tab.deleteLater()
    await ctx.tasks.wait_idle()
    return grid, bare_time


def _in_qt_loop(base_url: str, token: str, folder: Path) -> dict[str, Any]:
    import qasync
    from PySide6.QtWidgets import QApplication

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0]])
    app.setQuitOnLastWindowClosed(False)  # closing a measured tab must not end the loop
    with asyncio.Runner(loop_factory=lambda: qasync.QEventLoop(app)) as runner:
        return runner.run(_measure(base_url, token, folder))


def run(quick: bool = False) -> dict[str, dict[str, Any]]:
    """Record the history, measure, and return ``{name: {value, baseline, ratio, target}}``
    (seconds; the target bounds the ratio)."""
    from desktop_app.sandbox.admin import SandboxAdmin
    from desktop_app.sandbox.process import start_sandbox

    recipients = 20_000 if quick else 100_000
    with tempfile.TemporaryDirectory(prefix="tuma-bench-") as temp:
        folder = Path(temp)
        seeded = _seed(folder / "tuma.sqlite3", recipients)
        print(f"recorded {recipients:,} recipients in {seeded:.1f} s", file=sys.stderr)
        with start_sandbox(data_dir=folder / "sandbox", settle_seconds=0.2) as sandbox:
            with SandboxAdmin(sandbox.base_url, sandbox.admin_key) as admin:
                account = admin.create_account(name=PROFILE, balance=10, sender_ids=["TUMA"])
                token = admin.create_token(account, kind="scoped", scopes=["sms"])
            return _in_qt_loop(sandbox.base_url, token, folder)


def main() -> None:
    quick = "--quick" in sys.argv[1:]
    print(
        f"Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.2f} "
        f"on {os.cpu_count()} CPUs"
    )
    result = run(quick)["delivery_history"]
    print(
        f"delivery_history: {result['value'] * 1000:.1f} ms to the first "
        f"{result['rows_shown']} rows shown (of {result['sends_matching']:,} sends), bare "
        f"SQLite query {result['baseline'] * 1000:.1f} ms: ratio {result['ratio']:.2f} "
        f"(target ≤ {result['target']}); building the tab {result['built'] * 1000:.1f} ms, "
        f"rows in the model {result['loaded'] * 1000:.1f} ms after show"
    )
    bare_grid = result["bare_grid_repaint"]
    print(
        f"evidence: a warm repaint of the tab's grid {result['grid_repaint'] * 1000:.1f} ms; of "
        f"a bare QTableView of the same shape and words {bare_grid * 1000:.1f} ms, "
        f"{bare_grid / result['baseline']:.1f}× the bare query"
    )


if __name__ == "__main__":
    main()
