"""The credit balance: read it from the service, keep each reading, give the history."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from desktop_app.core.api import errors as api
from desktop_app.core.api.models import AccountDetails
from desktop_app.core.background import Blocking
from desktop_app.core.store import Store

if TYPE_CHECKING:
    from desktop_app.core.api import Client

__all__ = ["BalanceService"]


class BalanceService:
    def __init__(self, store: Store, io: Blocking) -> None:
        self._readings = store.balances
        self._io = io

    async def fetch(self, client: Client) -> AccountDetails:
        """Credits right now, with the price per part where the service tells it. A
        deployment without the (observed) account-details endpoint: the plain balance."""
        try:
            return await client.account_details()
        except (api.NotFound, api.ProtocolError, api.InvalidRequest, api.ServiceError):
            # No such endpoint here (an unknown path answers 0404 in the SMS envelope, which
            # the client reads as a ServiceError): the plain balance instead.
            balance = await client.balance()
            return AccountDetails(credits=balance.credits, sms_rate=None, currency=None)

    async def record(self, profile: str, credits: float) -> None:
        await self._io(self._readings.record, profile, credits)

    async def history(
        self, profile: str, since: datetime | None = None
    ) -> list[tuple[datetime, float]]:
        """The profile's readings, oldest first."""
        return await self._io(self._readings.history, profile, since)

    async def seed_sample_history(self, profile: str, credits_now: float) -> bool:
        """Two weeks of sample readings ending at *credits_now*, the first time only, so a
        practice account's chart shows what it looks like. Never for a real account (the
        caller decides). True when it seeded."""
        if await self._io(self._readings.has_any, profile):
            return False
        rng = random.Random(254)
        now = datetime.now().astimezone()
        readings: list[tuple[datetime, float]] = []
        level = float(credits_now)
        for day in range(1, 14):
            at = now - timedelta(days=day, hours=rng.randint(0, 6))
            spent = float(rng.choice((0, 12, 24, 36, 48, 60, 80, 120)))
            if day == 7:  # a top-up a week ago: the balance went up, not spending
                level -= min(400.0, level * 0.6)
            level += spent
            readings.append((at, level))
        await self._io(self._readings.record_many, profile, list(reversed(readings)))
        return True
