"""Benchmark typing in Compose: one key press in a 1,600-character message until the counter,
the cost card and the preview show the new text (painted), against one frame (16 ms).

The Compose tab is built as the app builds it, connected to a sandbox account (so the cost
is priced and the balance known), with 200 typed recipients and a 1,600-character GSM-7
message (11 parts). Each press is a real key event sent to the editor (``QTest.keyClick``);
the time runs until the tab's pending estimate has run (its zero-delay timer) and the tab has
repainted. Target: the median press ≤ 1 frame; the 95th percentile is shown besides.

Run: ``.venv/bin/python tests/bench/bench_keystroke.py [--quick]`` (not collected by pytest).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench import support
from tests.bench.support import FRAME, Result

GSM_TEXT = (
    "Habari mteja! Bei mpya za leo {unga 2kg: KES 150, sukari 1kg: KES 180} [ofa hadi "
    "Jumapili]. Lipa kwa M-Pesa Till 123456 ~ asante sana | Duka la Mama Njeri, Kahawa West. "
)
LENGTH = 1600
RECIPIENTS = 200


async def _measure(base_url: str, token: str, folder: Path, presses: int) -> dict[str, Any]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from desktop_app.ui.compose import ComposeTab

    services, ctx = await support.connected_context(folder, base_url, token, sender_ids=["TUMA"])
    tab = ComposeTab(ctx)
    try:
        tab.resize(1280, 800)
        tab.show()
        numbers = "\n".join(f"07{12000000 + n:08d}" for n in range(RECIPIENTS))
        tab.recipients.set_numbers_text(numbers)
        text = (GSM_TEXT * (LENGTH // len(GSM_TEXT) + 1))[: LENGTH - 1]
        tab.composer.set_text(text)
        editor = tab.composer.editor
        editor.setFocus()
        cursor = editor.textCursor()
        cursor.movePosition(cursor.MoveOperation.End)
        editor.setTextCursor(cursor)
        await asyncio.sleep(0.3)  # settle: layouts, first paints, drafts and templates read
        await ctx.tasks.wait_idle()
        loop = asyncio.get_running_loop()
        times: list[float] = []
        pending: list[tuple[float, asyncio.Future[None]]] = []

        def estimated() -> None:  # connected after the tab's own update_estimate: runs after it
            if not pending:
                return
            started, future = pending.pop()
            tab.repaint()
            times.append(time.perf_counter() - started)
            future.set_result(None)

        tab._estimate_timer.timeout.connect(estimated)
        for n in range(presses):
            key = Qt.Key.Key_Backspace if n % 2 else Qt.Key.Key_A
            future: asyncio.Future[None] = loop.create_future()
            pending.append((time.perf_counter(), future))
            QTest.keyClick(editor, key)
            await asyncio.wait_for(future, 5)
            await asyncio.sleep(0.002)  # the loop turns between presses, as between keys
        shown = tab.composer.counter.info
        assert len(tab.composer.text()) in (LENGTH - 1, LENGTH)
        assert tab.preview.isVisible()
    finally:
        tab.close()
        tab.deleteLater()
        await ctx.tasks.shutdown(timeout=5.0)
        await ctx.close_session(emit=False)
        services.close()
    times.sort()
    return {
        "median": support.median(times),
        "p95": times[int(len(times) * 0.95)],
        "longest": times[-1],
        "presses": presses,
        "parts": shown.parts,
    }


def run(quick: bool = False) -> dict[str, Result]:
    from desktop_app.sandbox.admin import SandboxAdmin
    from desktop_app.sandbox.process import start_sandbox

    presses = 60 if quick else 300
    with tempfile.TemporaryDirectory(prefix="tuma-bench-keys-") as temp:
        folder = Path(temp)
        with start_sandbox(folder / "service", settle_seconds=0.2) as service:
            with SandboxAdmin(service.base_url, service.admin_key) as admin:
                account = admin.create_account("Bench shop", balance=1000, sender_ids=["TUMA"])
                token = admin.create_token(account, kind="scoped", scopes=["sms", "contacts"])
            got = support.run_in_qt_loop(lambda: _measure(service.base_url, token, folder, presses))
    return {
        "keystroke": support.result(
            got["median"],
            FRAME,
            1.0,
            p95=got["p95"],
            longest=got["longest"],
            presses=got["presses"],
            parts=got["parts"],
        )
    }


def main() -> None:
    print(support.load_line())
    r = run("--quick" in sys.argv[1:])["keystroke"]
    verdict = "ok" if r["ratio"] <= r["target"] else "OVER TARGET"
    print(
        f"keystroke: {r['value'] * 1000:.1f} ms median from a key press in a {LENGTH:,}-character "
        f"message ({r['parts']} parts, {RECIPIENTS} recipients) to counter, cost and preview "
        f"painted (95th percentile {r['p95'] * 1000:.1f} ms, longest {r['longest'] * 1000:.1f} "
        f"ms, {r['presses']} presses); one frame 16 ms: ratio {r['ratio']:.2f} "
        f"(target ≤ {r['target']} frame) - {verdict}"
    )


if __name__ == "__main__":
    main()
