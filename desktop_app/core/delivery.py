"""Delivery statuses: one small vocabulary for every provider's raw wording.

Kenyan networks and gateways report delivery in many dialects (``DeliveredToTerminal``,
``DELIVRD``, ``Sent To Network`` ...). The app keeps the raw value for display and support,
but reasons about the six normalised states below (CONTRACT.md, "Delivery reports"), and
knows which failures sending again cannot mend (:func:`permanent_failure`).
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import lru_cache

#: The reason kept for a recipient the service skipped as not a valid phone number when it
#: accepted the rest of the request (a bulk send's ``invalid`` list): nothing was sent to it
#: nor billed, and no network will ever report on it, so the app records it as rejected
#: itself. Not a network's word: a record with this reason has no raw status.
SKIPPED_AS_INVALID = "InvalidPhoneNumber"


class DeliveryStatus(StrEnum):
    QUEUED = "queued"
    SENT = "sent"
    DELIVERED = "delivered"
    FAILED = "failed"
    REJECTED = "rejected"
    UNKNOWN = "unknown"

    @property
    def is_final(self) -> bool:
        """A final state is never left again (see :func:`merge_status`)."""
        return self in _FINAL


_FINAL = frozenset({DeliveryStatus.DELIVERED, DeliveryStatus.FAILED, DeliveryStatus.REJECTED})

# Progress among the non-final states: a late report of an earlier step never moves a message back.
_RANK = {DeliveryStatus.UNKNOWN: 0, DeliveryStatus.QUEUED: 1, DeliveryStatus.SENT: 2}

_RAW_VALUES: dict[DeliveryStatus, tuple[str, ...]] = {
    DeliveryStatus.DELIVERED: ("delivered", "DeliveredToTerminal", "DELIVRD", "Success"),
    DeliveryStatus.SENT: (
        "sent",
        "Submitted",
        "SentToNetwork",
        "Sent To Network",
        "Buffered",
        "ENROUTE",
        "Accepted",
    ),
    DeliveryStatus.QUEUED: ("queued", "Scheduled", "Pending", "Waiting"),
    DeliveryStatus.FAILED: (
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
    ),
    DeliveryStatus.REJECTED: ("rejected", "REJECTD"),
}

_IGNORED = re.compile(r"[\s_]+")


def _key(raw: str) -> str:
    """Matching ignores case, spaces and underscores (CONTRACT.md)."""
    return _IGNORED.sub("", raw).casefold()


_TABLE: dict[str, DeliveryStatus] = {
    _key(raw): status for status, raws in _RAW_VALUES.items() for raw in raws
}


def normalize_status(raw: str | None) -> DeliveryStatus:
    """Map any provider's raw status to one of the six states; anything unrecognised
    (including ``None``, blanks and the blanket ``Unknown``) is ``UNKNOWN``."""
    if not isinstance(raw, str):
        return DeliveryStatus.UNKNOWN
    return _TABLE.get(_key(raw), DeliveryStatus.UNKNOWN)


class PermanentFailure(StrEnum):
    """Why sending a failed message again cannot help: it would fail again (and cost credits
    again), or reach a customer who refused it. "Resend to failed" leaves these out."""

    #: the customer blocked promotional messages or opted out of the sender's messages
    BLOCKED = "blocked"
    #: not a valid number: the network says no such number exists (``InvalidMsisdn``), or
    #: the service skipped it as not valid when it accepted the rest
    #: (:data:`SKIPPED_AS_INVALID`)
    INVALID_NUMBER = "invalid_number"


#: Each permanent failure and the reasons (or raw statuses) that say so; every other failure
#: (``AbsentSubscriber``, ``DeliveryImpossible``, ``Expired``, ``Undelivered``, a plain
#: ``failed`` or ``rejected``, ...) may go through another time.
PERMANENT_REASONS: dict[PermanentFailure, tuple[str, ...]] = {
    PermanentFailure.BLOCKED: (
        "UserInBlacklist",
        "SenderBlacklisted",
        "SenderName Blacklisted",
        "SubscriberOptedOut",
    ),
    PermanentFailure.INVALID_NUMBER: ("InvalidMsisdn", SKIPPED_AS_INVALID),
}

_PERMANENT: dict[str, PermanentFailure] = {
    _key(raw): kind for kind, raws in PERMANENT_REASONS.items() for raw in raws
}


def permanent_failure(reason: str | None, raw_status: str | None = None) -> PermanentFailure | None:
    """Why a failed recipient must not simply be sent the message again, when its report's
    reason or raw status says so (matched as statuses are: case, spaces and underscores
    ignored); None when sending again may work."""
    for word in (reason, raw_status):
        if isinstance(word, str):
            found = _permanent_word(word)
            if found is not None:
                return found
    return None


@lru_cache(maxsize=256)
def _permanent_word(word: str) -> PermanentFailure | None:
    # a send's failures repeat a handful of words: each is keyed once
    return _PERMANENT.get(_key(word))


def merge_status(current: DeliveryStatus, new: DeliveryStatus) -> DeliveryStatus:
    """The status to keep when ``new`` is reported for a message now in ``current``.

    A final state (delivered, failed, rejected) is never replaced, not even by another final
    one: reports can arrive out of order and the first final word stands. Otherwise a final
    report wins; ``UNKNOWN`` never overwrites what is known; and among queued/sent the further
    step is kept, so a late "queued" cannot move a "sent" message back.
    """
    if current.is_final:
        return current
    if new.is_final:
        return new
    return new if _RANK[new] > _RANK[current] else current
