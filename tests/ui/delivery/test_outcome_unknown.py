"""Recipients whose round's reply was lost (in doubt): their status said "Not sent" beside
"Unknown whether it went out". A WhatsApp template or survey in doubt (written down before it
goes out since this change) has nothing to review: no Review button, and words that say what
protects the customer."""

from __future__ import annotations

from typing import Any

from desktop_app.core.store import BroadcastKind, ChunkReason, Recipient
from desktop_app.ui.delivery.models import RecipientColumn
from tests.ui.delivery.test_tab import (  # noqa: F401 (fixtures)
    OK,
    OK2,
    kenyan_locale,
    make_tab,
    select_send,
    stop_following,
)

PROFILE = "Test shop"


def shown(tab: Any, column: RecipientColumn) -> list[str]:
    model = tab.recipients_model
    return [model.index(row, column).data() for row in range(model.rowCount())]


def opened(qtbot: Any, ctx: Any, broadcast_id: int, people: int) -> Any:
    """The Delivery tab with that send selected and its *people* listed below."""
    tab = make_tab(qtbot, ctx)
    select_send(qtbot, tab, broadcast_id)
    qtbot.waitUntil(lambda: tab.recipients_model.rowCount() == people)
    return tab


def test_an_sms_round_in_doubt_is_unknown_and_reviewed(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    journal = ctx.services.store.journal
    broadcast = journal.create_broadcast(
        BroadcastKind.BULK, "TUMA", "Karibu", [Recipient(OK), Recipient(OK2)], 2, profile=PROFILE
    )
    (chunk,) = journal.chunks(broadcast.id)
    journal.mark_sending(chunk.id)
    journal.mark_in_doubt(chunk.id, ChunkReason.CONNECTION_LOST)
    tab = opened(qtbot, ctx, broadcast.id, 2)
    assert shown(tab, RecipientColumn.STATUS) == ["Unknown", "Unknown"]
    assert set(shown(tab, RecipientColumn.MEANING)) == {
        "Unknown whether it went out: open Review in this send's row to settle it."
    }
    assert tab.review_button.isVisible()


def test_a_survey_in_doubt_has_nothing_to_review(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    journal = ctx.services.store.journal
    chunk = journal.begin_direct(BroadcastKind.SURVEY, "SRV-5", [OK, OK2], profile=PROFILE)
    journal.mark_in_doubt(chunk.id, ChunkReason.CONNECTION_LOST)
    tab = opened(qtbot, ctx, chunk.broadcast_id, 2)
    assert shown(tab, RecipientColumn.STATUS) == ["Unknown", "Unknown"]
    assert set(shown(tab, RecipientColumn.MEANING)) == {
        "Unknown whether it went out: the connection was lost. Sending it again asks you first."
    }
    assert not tab.review_button.isVisible()  # Compose's Review does not list it
