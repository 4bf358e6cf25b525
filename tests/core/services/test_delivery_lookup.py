"""Looking a message id up by hand as a shop assistant types it: in capitals, cut short (the
first characters read off a phone screen or a printout), the beginning shared by several
messages, too short, matching nothing, or no id at all (nothing is sent to the service)."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.core.api import errors as api
from desktop_app.core.delivery import DeliveryStatus
from desktop_app.core.services import Services
from desktop_app.core.services.delivery import message_id_in
from tests.core.services.test_delivery import (
    FAILS,
    OK,
    OK2,
    PROFILE,
    TEXT,
    Clock,
    FakeClient,
    arun,
    delivery,
    record,
    send,
    with_client,
)

#: Two ids of this app's sends that begin alike (the first 8 hex digits), and a third.
TWIN_A = "4f1c2a9b-1e2f-4a6b-9c3d-5e7f8a9b0c1d"
TWIN_B = "4f1c2a9b-77aa-4bbb-8ccc-9ddd0eee1fff"
OTHER = "0b7e5c11-2a3b-4c5d-8e9f-a0b1c2d3e4f5"


def test_an_id_in_capitals_is_found_in_the_history_and_asked_as_kept(
    services: Services, account: Any, admin: Any
) -> None:
    service = delivery(services, Clock())
    broadcast_id = send(services, account, [OK, FAILS])
    admin.settle()
    message_id = services.store.journal.chunks(broadcast_id)[0].message_id
    assert message_id is not None
    found = with_client(account, lambda c: service.lookup(c, PROFILE, message_id.upper()))
    assert found.message_id == message_id
    assert found.broadcast_id == broadcast_id
    assert {r.phone: r.status for r in found.reports} == {
        OK: DeliveryStatus.DELIVERED,
        FAILS: DeliveryStatus.FAILED,
    }


def test_a_whole_id_in_capitals_not_kept_here_is_asked_as_the_service_writes_it(
    services: Services, account: Any, admin: Any
) -> None:
    """Sent by another program on the account: not in this computer's history."""
    service = delivery(services, Clock())
    result = with_client(account, lambda c: c.send_bulk("TUMA", [OK], TEXT))
    admin.settle()
    pasted = f"Message ID: {result.message_id.upper()}."
    found = with_client(account, lambda c: service.lookup(c, PROFILE, pasted))
    assert found.message_id == result.message_id
    assert [r.status for r in found.reports] == [DeliveryStatus.DELIVERED]
    # one the service does not know, in any case, is still said unknown by the service
    with pytest.raises(api.InvalidRequest):
        with_client(account, lambda c: service.lookup(c, PROFILE, OTHER.upper()))
    with pytest.raises(api.InvalidRequest):
        with_client(account, lambda c: service.lookup(c, PROFILE, "no-such-message"))


def test_the_beginning_of_an_id_finds_the_one_message_it_starts(
    services: Services, account: Any, admin: Any
) -> None:
    service = delivery(services, Clock())
    broadcast_id = send(services, account, [OK2])
    admin.settle()
    message_id = services.store.journal.chunks(broadcast_id)[0].message_id
    assert message_id is not None
    for typed in (
        message_id[:8].upper(),
        message_id[:13],
        f"ID: {message_id[:6]}\n{message_id[6:11]}",
    ):
        found = with_client(account, lambda c, t=typed: service.lookup(c, PROFILE, t))
        assert found.message_id == message_id, typed
        assert found.broadcast_id == broadcast_id


def test_a_beginning_several_messages_share_lists_them_and_asks_nothing(
    services: Services,
) -> None:
    from desktop_app.core.services.delivery import IdProblem, MessageIdProblem

    client = FakeClient()
    service = delivery(services, Clock())
    for message_id in (TWIN_A, TWIN_B, OTHER):
        record(services, message_id, [OK])
        client.say(message_id, (OK, "DeliveredToTerminal"))
    with pytest.raises(MessageIdProblem) as several:
        arun(service.lookup(client, PROFILE, "4F1C2A9B"))  # type: ignore[arg-type]
    assert several.value.problem is IdProblem.SEVERAL
    assert {m.message_id for m in several.value.matches} == {TWIN_A, TWIN_B}
    assert all(m.text == TEXT and m.recipients == 1 for m in several.value.matches)
    assert not several.value.more
    assert client.calls == []
    # more of it tells them apart
    found = arun(service.lookup(client, PROFILE, "4f1c2a9b-1e"))  # type: ignore[arg-type]
    assert found.message_id == TWIN_A
    assert client.calls == [TWIN_A]


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("4f1c2a", "too_short"),
        ("deadbeef-12", "no_match"),
        ("hello there, my message did not arrive", "not_an_id"),
        ("4f1c2a9b/../../v1/get-balance", "not_an_id"),
        ("x" * 500, "not_an_id"),
        ("“ ”", "not_an_id"),
    ],
)
def test_what_cannot_name_one_message_is_not_sent(
    services: Services, typed: str, problem: str
) -> None:
    from desktop_app.core.services.delivery import MessageIdProblem

    client = FakeClient()
    service = delivery(services, Clock())
    record(services, TWIN_A, [OK])
    with pytest.raises(MessageIdProblem) as refused:
        arun(service.lookup(client, PROFILE, typed))  # type: ignore[arg-type]
    assert refused.value.problem == problem
    assert client.calls == []


def test_the_id_is_read_out_of_what_it_was_copied_with() -> None:
    """The label and the line break go; what was already read stays read (an id that
    begins with "id" keeps it)."""
    cases = {
        f"Message ID: {TWIN_A[:8]}": TWIN_A[:8],
        f"id# {TWIN_A[:4]}\n{TWIN_A[4:10]}.": TWIN_A[:10],
        f'"{TWIN_A}"': TWIN_A,
        "  (m1)  ": "m1",
        "identity-42": "identity-42",
    }
    assert {pasted: message_id_in(pasted) for pasted in cases} == cases
