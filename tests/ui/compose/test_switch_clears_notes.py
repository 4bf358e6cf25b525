"""Switching accounts takes the previous account's notes with it: after a send stopped
part-way on one shop ("Sent to 2 people… 4 recipients not sent yet", and in red "The rest
was not sent: top up…"), the other shop's SMS page said so still, though it has nothing
unfinished. The same account connected again keeps them (they are still true)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.ui.compose.helpers import LEFT, SendRun, compose, make_tab, use_kenyan_locale
from tests.ui.support import add_other_shop


@pytest.fixture(autouse=True)
def kenyan_locale() -> Iterator[None]:
    yield from use_kenyan_locale()


@pytest.fixture
def tab(qtbot, ctx):  # type: ignore[no-untyped-def]
    widget = make_tab(qtbot, ctx)
    qtbot.waitUntil(lambda: widget.summary.balance_value.text() == "1,000 credits")
    return widget


def numbers(n: int, base: int = 1) -> str:
    return "\n".join(f"0712 {(base + i) // 1000:03d} {(base + i) % 1000:03d}" for i in range(n))


def _switch_to_other(qtbot: Any, ctx: Any, arun: Any, memory_keyring: Any, tab: Any) -> None:
    other = ctx.settings.profile("Other shop")
    arun(ctx.open_session(other, memory_keyring.secrets[("tuma", "Other shop")]))
    qtbot.waitUntil(lambda: tab.summary.sender_combo.currentText() == "OTHER")
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)


def _stop_part_way(qtbot: Any, tab: Any, ctx: Any, admin: Any, account: Any) -> None:
    """Six people in rounds of two: one round goes, then the balance runs out (0402)."""
    ctx.session.profile.bulk_chunk_size = 2
    compose(qtbot, tab, numbers(6), "Offer: sukari bei poa leo")
    run = SendRun(qtbot, tab)
    run.click_send()
    run.confirm_dialog()
    admin.topup(account.account_id, -997)  # one round of two goes, then 0402
    run.confirm()
    run.wait()
    assert "4 recipients not sent yet" in tab.notice.label.text()
    assert "The rest was not sent" in tab.summary.problem_label.text()


def test_a_partial_sends_note_goes_with_its_account(  # type: ignore[no-untyped-def]
    qtbot, tab, ctx, arun, admin, account, memory_keyring
) -> None:
    add_other_shop(admin, account, ctx, memory_keyring)
    _stop_part_way(qtbot, tab, ctx, admin, account)
    _switch_to_other(qtbot, ctx, arun, memory_keyring, tab)
    assert tab.resume_banner.isHidden()
    assert not tab.notice.isVisible(), tab.notice.label.text()
    assert not tab.summary.problem_label.isVisible(), tab.summary.problem_label.text()
    assert tab.last_problem is None


def test_the_same_account_connected_again_keeps_its_notes(  # type: ignore[no-untyped-def]
    qtbot, tab, ctx, arun, admin, account, test_profile
) -> None:
    """Connected again after its key was refused: the rest of its send is still to resume,
    as the notes say."""
    _stop_part_way(qtbot, tab, ctx, admin, account)
    arun(ctx.open_session(test_profile, account.token))
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    assert tab.notice.isVisible()
    assert "4 recipients not sent yet" in tab.notice.label.text()
    assert "The rest was not sent" in tab.summary.problem_label.text()
    assert tab.summary.problem_label.isVisible()


def test_an_undo_offered_on_one_account_is_not_offered_on_the_next(  # type: ignore[no-untyped-def]
    qtbot, tab, ctx, arun, admin, account, memory_keyring
) -> None:
    """Undo of Clear would have put this shop's numbers into the other shop's form."""
    add_other_shop(admin, account, ctx, memory_keyring)
    tab.recipients.set_numbers_text(numbers(3))
    qtbot.mouseClick(tab.recipients.clear_button, LEFT)
    qtbot.waitUntil(lambda: tab.notice.action is not None)
    _switch_to_other(qtbot, ctx, arun, memory_keyring, tab)
    assert not tab.notice.isVisible()
    assert tab.notice.action is None
    assert tab.recipients.numbers_edit.toPlainText() == ""
