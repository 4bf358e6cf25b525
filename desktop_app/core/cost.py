"""What a send costs, before it is sent.

Credits are SMS parts (CONTRACT.md, Billing): one text to many costs parts(text) × recipients;
a personalised send costs the sum of each recipient's own parts. Part counting is
core.sms.analyse, the same code the sandbox bills with, so the estimate and the bill agree.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from desktop_app.core.sms import analyse

__all__ = [
    "CostEstimate",
    "credits_for",
    "estimate",
    "estimate_personalized",
    "kes_value",
    "messages_affordable",
    "shortfall",
]


@dataclass(frozen=True)
class CostEstimate:
    """Credits (and KES, when the price per part is known) for a send, and whether the balance
    covers it. For a personalised send, parts vary per recipient: see per_recipient."""

    recipients: int
    parts_min: int
    parts_max: int
    credits: int
    price_per_part: float | None = None  # KES per part
    balance: float | None = None  # credits available, when known
    per_recipient: tuple[int, ...] = ()  # personalised: parts of each recipient's text

    @property
    def parts(self) -> int:
        """Parts per message (the largest, for a personalised send)."""
        return self.parts_max

    @property
    def kes(self) -> float | None:
        return kes_value(self.credits, self.price_per_part)

    @property
    def shortfall(self) -> float:
        """Credits missing (0 when the balance covers the send or is not known)."""
        return shortfall(self.credits, self.balance)

    @property
    def affordable(self) -> bool:
        return self.shortfall <= 0

    @property
    def balance_after(self) -> float | None:
        return None if self.balance is None else self.balance - self.credits

    def with_balance(self, balance: float | None) -> CostEstimate:
        return replace(self, balance=balance)

    def with_price(self, price_per_part: float | None) -> CostEstimate:
        return replace(self, price_per_part=price_per_part)


def kes_value(credits: float, price_per_part: float | None) -> float | None:
    """The KES value of a number of credits, rounded to cents; None when the price is unknown."""
    if price_per_part is None:
        return None
    return round(credits * price_per_part, 2)


def shortfall(credits_needed: float, balance: float | None) -> float:
    """How many credits are missing to cover a send (0 when covered or balance unknown)."""
    if balance is None:
        return 0.0
    return max(0.0, float(credits_needed) - float(balance))


def messages_affordable(balance: float, parts: int = 1) -> int:
    """How many messages of `parts` parts a balance buys (single-part by default)."""
    if parts <= 0 or balance <= 0:
        return 0
    return math.floor(balance / parts + 1e-9)


def credits_for(texts: Sequence[str]) -> int:
    """Exact credits for one text per recipient (personalised)."""
    return sum(analyse(text).parts for text in texts)


def estimate(
    text: str | Sequence[str],
    recipients: int | None = None,
    *,
    price_per_part: float | None = None,
    balance: float | None = None,
) -> CostEstimate:
    """Cost of `text` sent to `recipients` numbers; given a sequence of texts (one per
    recipient) instead, the exact personalised cost."""
    if not isinstance(text, str):
        if recipients is not None and recipients != len(text):
            raise ValueError("give one text per recipient for a personalised estimate")
        return estimate_personalized(text, price_per_part=price_per_part, balance=balance)
    count = 1 if recipients is None else recipients
    if count < 0:
        raise ValueError("recipients cannot be negative")
    parts = analyse(text).parts
    return CostEstimate(
        recipients=count,
        parts_min=parts,
        parts_max=parts,
        credits=parts * count,
        price_per_part=price_per_part,
        balance=balance,
    )


def estimate_personalized(
    texts: Sequence[str],
    *,
    price_per_part: float | None = None,
    balance: float | None = None,
) -> CostEstimate:
    """Exact cost of a personalised send: each recipient's own text, its own parts."""
    cache: dict[str, int] = {}
    per_recipient: list[int] = []
    for text in texts:
        parts = cache.get(text)
        if parts is None:
            parts = cache[text] = analyse(text).parts
        per_recipient.append(parts)
    return CostEstimate(
        recipients=len(per_recipient),
        parts_min=min(per_recipient, default=0),
        parts_max=max(per_recipient, default=0),
        credits=sum(per_recipient),
        price_per_part=price_per_part,
        balance=balance,
        per_recipient=tuple(per_recipient),
    )
