"""The credit balance: read from the service (the sandbox), each reading kept, the history
given back, and the practice account's sample history seeded once."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from typing import Any

import httpx

from desktop_app.core.api import Client
from desktop_app.core.api.models import AccountDetails
from desktop_app.core.services import Services


def fetch(services: Services, account: Any) -> AccountDetails:
    async def scenario() -> AccountDetails:
        async with Client(
            account.base_url, account.contacts_base_url, account.token, backoff=0.01
        ) as client:
            return await services.balance.fetch(client)

    return asyncio.run(scenario())


def test_fetch_reads_credits_and_price_from_the_service(
    services: Services, account: Any, admin: Any
) -> None:
    admin.topup(account.account_id, -12.5)
    assert fetch(services, account) == AccountDetails(credits=987.5, sms_rate=0.8, currency="KES")


def test_fetch_falls_back_to_the_plain_balance_when_the_details_are_unreadable(
    services: Services, account: Any, admin: Any
) -> None:
    """A deployment whose account-details reply cannot be read still shows the credits."""
    try:
        admin.fault("malformed", 1, path_prefix="/v1/get-balance/account-details")
        details = fetch(services, account)
    finally:
        admin.clear_faults()
    assert details == AccountDetails(credits=1000.0, sms_rate=None, currency=None)


def _without_account_details(request: httpx.Request) -> httpx.Response:
    """A service that has /v1/get-balance/ but not its account-details endpoint, answering
    the unknown path the way the sandbox (and its README) does for the SMS family."""
    if request.url.path == "/v1/get-balance/account-details":
        return httpx.Response(
            404,
            json={
                "status": False,
                "responseCode": "0404",
                "message": "Not found: /v1/get-balance/account-details",
            },
        )
    return httpx.Response(
        200, json={"status": True, "responseCode": "0200", "message": "Balance", "balance": 42}
    )


def test_fetch_falls_back_when_the_details_endpoint_does_not_exist(services: Services) -> None:
    async def scenario() -> AccountDetails:
        async with Client(
            "https://api.example.co.ke",
            "https://api.example.co.ke",
            "mbs_" + "a" * 40,
            transport=httpx.MockTransport(_without_account_details),
        ) as client:
            return await services.balance.fetch(client)

    assert asyncio.run(scenario()) == AccountDetails(credits=42.0, sms_rate=None, currency=None)


def test_readings_are_kept_per_profile_and_given_back_oldest_first(services: Services) -> None:
    async def scenario() -> None:
        await services.balance.record("shop", 1000)
        await services.balance.record("other", 5)
        await services.balance.record("shop", 987.5)
        history = await services.balance.history("shop")
        assert [credits for _, credits in history] == [1000.0, 987.5]
        assert history[0][0] <= history[1][0]
        assert all(at.tzinfo is not None for at, _ in history)
        assert [c for _, c in await services.balance.history("other")] == [5.0]
        later = datetime.now().astimezone() + timedelta(minutes=1)
        assert await services.balance.history("shop", since=later) == []
        assert await services.balance.history("nobody") == []

    asyncio.run(scenario())


def test_sample_history_is_seeded_once_ending_near_the_credits_now(services: Services) -> None:
    """Practice mode: two weeks of readings so the chart shows something, the first time
    only (a second seeding would double the chart)."""

    async def scenario() -> tuple[bool, bool, list[tuple[datetime, float]]]:
        first = await services.balance.seed_sample_history("~practice", 500)
        second = await services.balance.seed_sample_history("~practice", 480)
        return first, second, await services.balance.history("~practice")

    started = datetime.now().astimezone()
    first, second, history = asyncio.run(scenario())
    ended = datetime.now().astimezone()
    assert (first, second) == (True, False)
    assert len(history) == 13
    times = [at for at, _ in history]
    assert times == sorted(times)
    assert len(set(times)) == 13
    # one a day, from 13 days ago (plus up to 6 hours) to yesterday
    assert started - timedelta(days=13, hours=6) <= times[0] <= ended - timedelta(days=13)
    assert started - timedelta(days=1, hours=6) <= times[-1] <= ended - timedelta(days=1)
    credits = [c for _, c in history]
    # the latest sample is yesterday's: a day's spending above the credits now, at most
    assert 500 <= credits[-1] <= 500 + 120
    assert len(set(credits)) > 1  # it shows movement, not a flat line
    assert asyncio.run(services.balance.history("other profile")) == []


def test_sample_history_is_never_added_to_real_readings(services: Services) -> None:
    async def scenario() -> tuple[bool, list[tuple[datetime, float]]]:
        await services.balance.record("~practice", 300)
        seeded = await services.balance.seed_sample_history("~practice", 300)
        return seeded, await services.balance.history("~practice")

    seeded, history = asyncio.run(scenario())
    assert seeded is False
    assert [c for _, c in history] == [300.0]
