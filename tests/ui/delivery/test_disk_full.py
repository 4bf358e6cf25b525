"""The disk fills up while the Delivery tab follows statuses: the reports that come back
cannot be saved. Following used to end there, silently, for the rest of the session (the
subtitle still said "Statuses refresh by themselves"); now the bar says the disk is full,
once, the subtitle says the statuses cannot be saved, and once there is room they are."""

from __future__ import annotations

from typing import Any

import pytest

from tests.disk import full_disk
from tests.ui.delivery.test_tab import (  # noqa: F401 (fixtures)
    OK,
    kenyan_locale,
    make_tab,
    quick,
    send,
    stop_following,
)

pytestmark = pytest.mark.expect_log(
    "delivery reports could not be saved", "records could not be saved"
)


def test_reports_that_cannot_be_saved_are_said_and_saved_once_there_is_room(
    qtbot, ctx, arun, admin, account, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.ui.delivery.tab import DeliveryTab

    reports: list[Any] = []
    heard = DeliveryTab._after_refresh

    def hearing(tab: Any, report: Any) -> None:
        reports.append(report)
        heard(tab, report)

    monkeypatch.setattr(DeliveryTab, "_after_refresh", hearing)
    quick(ctx.services, offline_pauses=(0.2,))
    broadcast_id = send(arun, ctx, [OK])
    shown: list[Any] = []
    ctx.errors.message_shown.connect(shown.append)
    with full_disk(ctx.services.store.db) as disk:
        disk.full = True
        tab = make_tab(qtbot, ctx)
        qtbot.waitUntil(lambda: "cannot be saved" in tab.subtitle.text(), timeout=10000)
        assert tab.subtitle.text() == (
            "1 send · Statuses cannot be saved just now: see the message above"
        )
        qtbot.waitUntil(lambda: disk.refused >= 3, timeout=10000)  # it keeps trying
        assert tab.following
        assert [m.title for m in shown] == ["The disk is full"]  # said once
        disk.full = False  # the shop freed some space
        qtbot.waitUntil(
            lambda: "Statuses refresh by themselves" in tab.subtitle.text(), timeout=10000
        )
    saved = [r for r in reports if r is not None and r.not_saved is None and r.checked]
    assert saved  # the same message looked up again, and what came back kept
    assert all(r.not_saved is not None for r in reports[: reports.index(saved[0])] if r)
    assert broadcast_id in saved[0].changed or saved[0].checked == 1
