"""Delivery-status normalisation (CONTRACT.md table), the never-leave-final rule, and which
failures sending again cannot mend."""

from __future__ import annotations

import itertools

import pytest

from desktop_app.core.delivery import (
    SKIPPED_AS_INVALID,
    DeliveryStatus,
    PermanentFailure,
    merge_status,
    normalize_status,
    permanent_failure,
)

S = DeliveryStatus

TABLE = {
    S.DELIVERED: ["delivered", "DeliveredToTerminal", "DELIVRD", "Success"],
    S.SENT: [
        "sent",
        "Submitted",
        "SentToNetwork",
        "Sent To Network",
        "Buffered",
        "ENROUTE",
        "Accepted",
    ],
    S.QUEUED: ["queued", "Scheduled", "Pending", "Waiting"],
    S.FAILED: [
        "failed",
        "Undelivered",
        "UNDELIV",
        "AbsentSubscriber",
        "DeliveryImpossible",
        "SenderName Blacklisted",
        "SenderBlacklisted",
        "UserInBlacklist",
        "SubscriberOptedOut",
        "InvalidMsisdn",
        "Expired",
        "Deleted",
    ],
    S.REJECTED: ["rejected", "REJECTD"],
}


@pytest.mark.parametrize(
    ("raw", "expected"), [(raw, status) for status, raws in TABLE.items() for raw in raws]
)
def test_every_raw_value_of_the_contract_table(raw: str, expected: DeliveryStatus) -> None:
    assert normalize_status(raw) is expected
    assert normalize_status(raw.upper()) is expected
    assert normalize_status(raw.lower()) is expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("sent_to_network", S.SENT),
        ("  Delivered To Terminal ", S.DELIVERED),
        ("absent_subscriber", S.FAILED),
        ("Sender_Name_Blacklisted", S.FAILED),
        ("sender name blacklisted", S.FAILED),
        ("Invalid\tMsisdn", S.FAILED),
        ("d e l i v r d", S.DELIVERED),
    ],
)
def test_case_spaces_and_underscores_are_ignored(raw: str, expected: DeliveryStatus) -> None:
    assert normalize_status(raw) is expected


@pytest.mark.parametrize(
    "raw", [None, "", "   ", "Unknown", "UNKNOWN", "delivered!", "Sent-To-Network", "42", "ok"]
)
def test_everything_else_is_unknown(raw: str | None) -> None:
    assert normalize_status(raw) is S.UNKNOWN


def test_non_string_is_unknown() -> None:
    assert normalize_status(200) is S.UNKNOWN  # type: ignore[arg-type]


def test_values_and_finality() -> None:
    assert [s.value for s in S] == ["queued", "sent", "delivered", "failed", "rejected", "unknown"]
    assert {s for s in S if s.is_final} == {S.DELIVERED, S.FAILED, S.REJECTED}
    assert S("delivered") is S.DELIVERED
    assert f"{S.SENT}" == "sent"


@pytest.mark.parametrize(("current", "new"), list(itertools.product(list(S), list(S))))
def test_a_final_state_is_never_left(current: DeliveryStatus, new: DeliveryStatus) -> None:
    merged = merge_status(current, new)
    if current.is_final:
        assert merged is current
    elif new.is_final:
        assert merged is new
    assert merged in (current, new)


@pytest.mark.parametrize(
    ("current", "new", "expected"),
    [
        (S.QUEUED, S.SENT, S.SENT),
        (S.SENT, S.QUEUED, S.SENT),  # a late "queued" does not move a message back
        (S.SENT, S.UNKNOWN, S.SENT),  # "unknown" never overwrites what is known
        (S.UNKNOWN, S.QUEUED, S.QUEUED),
        (S.UNKNOWN, S.UNKNOWN, S.UNKNOWN),
        (S.SENT, S.DELIVERED, S.DELIVERED),
        (S.QUEUED, S.FAILED, S.FAILED),
        (S.DELIVERED, S.FAILED, S.DELIVERED),  # contradicting final report: the first stands
        (S.FAILED, S.SENT, S.FAILED),
        (S.REJECTED, S.UNKNOWN, S.REJECTED),
    ],
)
def test_merge_examples(
    current: DeliveryStatus, new: DeliveryStatus, expected: DeliveryStatus
) -> None:
    assert merge_status(current, new) is expected


def test_merging_a_sequence_of_reports_in_any_order_ends_final() -> None:
    reports = [S.QUEUED, S.SENT, S.DELIVERED, S.SENT, S.UNKNOWN, S.FAILED]
    for order in itertools.permutations(reports):
        state = S.UNKNOWN
        for report in order:
            state = merge_status(state, report)
        first_final = next(r for r in order if r.is_final)
        assert state is first_final


#: Every failure of the contract's table: the ones sending again cannot mend, and why.
PERMANENT = {
    "SenderName Blacklisted": PermanentFailure.BLOCKED,
    "SenderBlacklisted": PermanentFailure.BLOCKED,
    "UserInBlacklist": PermanentFailure.BLOCKED,
    "SubscriberOptedOut": PermanentFailure.BLOCKED,
    "InvalidMsisdn": PermanentFailure.INVALID_NUMBER,
}


@pytest.mark.parametrize("raw", TABLE[S.FAILED] + TABLE[S.REJECTED])
def test_which_failures_sending_again_cannot_mend(raw: str) -> None:
    expected = PERMANENT.get(raw)
    assert permanent_failure(raw) is expected  # as the reason
    assert permanent_failure(None, raw) is expected  # as the raw status, with no reason
    assert permanent_failure("failed", raw) is expected  # a vague reason, a telling status
    assert permanent_failure(raw.upper().replace("R", "_r ")) is expected


def test_a_number_the_service_skipped_as_invalid_is_not_a_valid_number() -> None:
    assert permanent_failure(SKIPPED_AS_INVALID) is PermanentFailure.INVALID_NUMBER
    assert permanent_failure(None) is None
    assert permanent_failure("", "") is None
    assert permanent_failure("Unknown", "DeliveredToTerminal") is None
