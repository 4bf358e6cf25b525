"""engine.sent_for reads only the batches of the broadcast that just ran, not the history."""

from __future__ import annotations

from desktop_app.ui.compose import engine


def _broadcast(outbox, text: str, phones: list[str]) -> int:  # type: ignore[no-untyped-def]
    bid = engine.create_broadcast(
        outbox,
        profile="Shop",
        sender_id="TUMA",
        text=text,
        people=phones,
        texts=None,
        chunk_size=1,
    )
    for n, chunk in enumerate(outbox.chunks(bid)):
        outbox.mark_sending(chunk.id)
        outbox.mark_accepted(chunk.id, f"{text}-{n}", 1, 1)
    return bid


def test_sent_for_is_bounded_by_the_broadcast(outbox, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    for day in range(30):  # a month of earlier sends
        _broadcast(outbox, f"old{day}", [f"+2547120000{day:02d}", f"+2547220000{day:02d}"])
    latest = _broadcast(outbox, "new", ["+254733000001", "+254733000002", "+254733000003"])

    limits: list[int] = []
    real = outbox.sent_messages

    def spy(profile: str, limit: int = 200):  # type: ignore[no-untyped-def]
        limits.append(limit)
        return real(profile, limit=limit)

    monkeypatch.setattr(outbox, "sent_messages", spy)
    records = engine.sent_for(outbox, "Shop", latest)
    assert sorted(r.message_id for r in records) == ["new-0", "new-1", "new-2"]
    assert limits == [3]

    nothing = engine.create_broadcast(
        outbox,
        profile="Shop",
        sender_id="TUMA",
        text="x",
        people=["+254733000009"],
        texts=None,
        chunk_size=1,
    )
    assert engine.sent_for(outbox, "Shop", nothing) == []
