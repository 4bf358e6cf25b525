"""Cost estimates: parts × recipients, exact per recipient when personalised, KES, shortfall."""

from __future__ import annotations

import pytest

from desktop_app.core.cost import (
    CostEstimate,
    credits_for,
    estimate,
    estimate_personalized,
    kes_value,
    messages_affordable,
    shortfall,
)

ONE_PART = "Karibu! Tuna ofa leo."
TWO_PARTS = "x" * 161  # GSM-7: 153 + 8
UCS2_TWO_PARTS = "Habari 😊 " + "y" * 70  # UCS-2 forces 67-unit parts


def test_single_text_costs_parts_times_recipients() -> None:
    one = estimate(ONE_PART, 250)
    assert (one.recipients, one.parts, one.credits) == (250, 1, 250)
    two = estimate(TWO_PARTS, 10)
    assert (two.parts_min, two.parts_max, two.credits) == (2, 2, 20)
    assert estimate(UCS2_TWO_PARTS, 3).credits == 6
    assert estimate(ONE_PART).credits == 1  # one recipient by default
    assert estimate("", 10).credits == 0  # empty text: 0 parts
    assert estimate(ONE_PART, 0).credits == 0
    with pytest.raises(ValueError, match="negative"):
        estimate(ONE_PART, -1)


def test_personalised_is_exact_per_recipient() -> None:
    texts = [ONE_PART, TWO_PARTS, UCS2_TWO_PARTS, ONE_PART]
    cost = estimate_personalized(texts)
    assert cost.per_recipient == (1, 2, 2, 1)
    assert (cost.recipients, cost.parts_min, cost.parts_max, cost.credits) == (4, 1, 2, 6)
    assert cost.parts == 2
    assert credits_for(texts) == 6
    assert estimate(texts) == cost  # a sequence of texts means personalised
    assert estimate(texts, 4) == cost
    with pytest.raises(ValueError, match="one text per recipient"):
        estimate(texts, 3)
    empty = estimate_personalized([])
    assert (empty.recipients, empty.credits, empty.parts_max) == (0, 0, 0)


def test_kes_value_when_price_is_known() -> None:
    assert estimate(ONE_PART, 100).kes is None
    priced = estimate(TWO_PARTS, 100, price_per_part=0.8)
    assert priced.kes == 160.0
    assert kes_value(3, 0.35) == 1.05
    assert kes_value(3, None) is None
    assert estimate(ONE_PART, 10).with_price(0.5).kes == 5.0


def test_balance_comparison() -> None:
    cost = estimate(TWO_PARTS, 100, balance=150)
    assert cost.credits == 200
    assert cost.shortfall == 50
    assert not cost.affordable
    assert cost.balance_after == -50
    enough = cost.with_balance(200)
    assert enough.shortfall == 0
    assert enough.affordable
    assert enough.balance_after == 0
    unknown = cost.with_balance(None)
    assert unknown.affordable
    assert unknown.balance_after is None
    assert shortfall(10, 2.5) == 7.5
    assert shortfall(10, None) == 0
    assert shortfall(1, 10) == 0


def test_messages_affordable() -> None:
    assert messages_affordable(500) == 500
    assert messages_affordable(500.9) == 500
    assert messages_affordable(500, parts=2) == 250
    assert messages_affordable(0) == 0
    assert messages_affordable(-3) == 0
    assert messages_affordable(10, parts=0) == 0


def test_estimate_is_a_value() -> None:
    a = CostEstimate(recipients=1, parts_min=1, parts_max=1, credits=1)
    assert a == estimate(ONE_PART)
