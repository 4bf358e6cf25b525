"""A certificate that fails: on its dates (what a computer whose clock is wrong sees), or
issued by someone else (a Wi-Fi sign-in or a used-up data bundle taking over the connection).
It was "cannot reach the service" after three tries, and the status bar said "Offline"; it is
a CertificateError at once, the service not called unreachable, and nothing sent."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from desktop_app.core.api import Client, errors
from tests.tls import TlsServer, tls_server

TOKEN = "mbs_" + "k" * 40


async def _attempt(server: TlsServer, *, trusted: bool, heard: list[bool]) -> errors.ApiError:
    transport = httpx.AsyncHTTPTransport(verify=server.trusting_context()) if trusted else None
    async with Client(server.url, server.url, TOKEN, backoff=0.01, transport=transport) as c:
        c.reachability_observers.append(heard.append)
        with pytest.raises(errors.NetworkError) as sending:
            await c.send_message("TUMA", "+254712345678", "Habari")
        with pytest.raises(errors.NetworkError) as reading:
            await c.balance()
        assert type(sending.value) is type(reading.value)
        return reading.value


@pytest.mark.parametrize(
    ("valid_from", "valid_for"),
    [(400, 30), (-60, 30)],
    ids=["not valid yet (a clock years behind)", "expired (a clock ahead, or a lapse)"],
)
def test_a_certificate_out_of_its_dates_is_said_so_at_once(
    tmp_path: Path, valid_from: int, valid_for: int
) -> None:
    heard: list[bool] = []
    with tls_server(tmp_path, valid_from_days=valid_from, valid_for_days=valid_for) as server:
        error = asyncio.run(_attempt(server, trusted=True, heard=heard))
        assert isinstance(error, errors.CertificateError)
        assert error.dates
        assert server.connections == 2  # one try each: another try meets the same certificate
    assert heard == []  # not "offline": something answered
    assert TOKEN not in f"{error!s} {error!r}"


def test_a_certificate_from_someone_else_is_not_about_dates(tmp_path: Path) -> None:
    heard: list[bool] = []
    with tls_server(tmp_path) as server:  # valid dates, an authority nobody trusts
        error = asyncio.run(_attempt(server, trusted=False, heard=heard))
        assert isinstance(error, errors.CertificateError)
        assert not error.dates
        assert server.connections == 2
    assert heard == []


def test_a_service_that_is_not_there_is_still_offline() -> None:
    """No certificate at all (nothing listens): a plain NetworkError after its tries."""

    async def go() -> errors.ApiError:
        async with Client("https://127.0.0.1:9", "https://127.0.0.1:9", TOKEN, backoff=0.01) as c:
            with pytest.raises(errors.NetworkError) as info:
                await c.balance()
            assert not c.reachable
            return info.value

    assert not isinstance(asyncio.run(go()), errors.CertificateError)
