"""Practice mode's seeded balance history is labelled as a sample; a real account's never is."""

from __future__ import annotations

from desktop_app.core.services.accounts import PRACTICE_PROFILE_NAME as SANDBOX_PROFILE_NAME
from desktop_app.ui.balance import BalanceTab


def test_sample_caption_only_in_practice_mode(qtbot, ctx, arun, test_profile, account) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    tab = BalanceTab(ctx)
    qtbot.addWidget(tab)
    tab.show()
    caption = tab.sample_caption
    assert ctx.session is not None
    assert not ctx.session.is_sandbox
    assert caption.isHidden()  # a real account: its chart is its own readings

    practice = replace(test_profile, name=SANDBOX_PROFILE_NAME)
    arun(ctx.open_session(practice, account.token, is_sandbox=True))
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    assert caption.isVisible()
    assert caption.text() == "Sample history for the practice account"
    assert caption.toolTip()

    # Back to the real account: the caption goes away again.
    arun(ctx.open_session(test_profile, account.token))
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    assert caption.isHidden()

    arun(ctx.close_session())
    assert caption.isHidden()
