"""The client says when the service cannot be reached at all and when it answers again,
against the real sandbox over loopback (stopped and started again on the same port)."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest

from desktop_app.core.api import Client, errors
from tests.conftest import RestartableSandbox


def _client(account: Any, *, base_url: str | None = None) -> Client:
    url = base_url or account.base_url
    return Client(url, base_url or account.contacts_base_url, account.token, backoff=0.01)


def _closed_port_url() -> str:
    with socket.socket() as probe:  # bound, never listening, then released: refused
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


def test_observers_hear_once_when_the_service_goes_and_once_when_it_is_back(
    own_sandbox: RestartableSandbox,
) -> None:
    from desktop_app.sandbox.admin import SandboxAdmin

    account = own_sandbox.new_account()
    told: list[bool] = []

    async def go() -> None:
        async with _client(account) as client:
            client.reachability_observers.append(told.append)
            assert (await client.balance()).credits == 1000
            assert told == []
            assert client.reachable

            own_sandbox.stop()  # connections are refused from now on
            with pytest.raises(errors.NetworkError):
                await client.balance()
            assert told == [False]
            assert not client.reachable
            with pytest.raises(errors.NetworkError):  # a send that never left, same state
                await client.send_message("TUMA", "0712345601", "Habari")
            with pytest.raises(errors.NetworkError):
                await client.list_contacts()
            assert told == [False]

            own_sandbox.start()
            assert (await client.balance()).credits == 1000
            assert told == [False, True]
            assert client.reachable
            await client.balance()
            assert told == [False, True]

            own_sandbox.stop()
            with pytest.raises(errors.NetworkError):
                await client.balance()
            own_sandbox.start()
            # Any HTTP reply means the service is there, a refusal too.
            with SandboxAdmin(own_sandbox.process.base_url, own_sandbox.admin_key) as admin:
                admin.revoke_token(account.token)
            with pytest.raises(errors.AuthError):
                await client.balance()
            assert told == [False, True, False, True]

    asyncio.run(go())


def test_error_replies_are_not_offline(account: Any, admin: Any) -> None:
    """A refused token, a 5xx after its retries and a rejected request are replies."""
    told: list[bool] = []

    async def go() -> None:
        async with Client(
            account.base_url, account.contacts_base_url, "not-a-known-token", backoff=0.01
        ) as refused:
            refused.reachability_observers.append(told.append)
            with pytest.raises(errors.AuthError):
                await refused.balance()
            assert refused.reachable
        async with _client(account) as client:
            client.reachability_observers.append(told.append)
            admin.fault("error500", count=3, path_prefix="/v1/get-balance")
            try:
                with pytest.raises(errors.ServerError):
                    await client.balance()
            finally:
                admin.clear_faults()
            with pytest.raises(errors.InvalidRequest):
                await client.send_message("TUMA", "0712345601", "")
            assert client.reachable

    asyncio.run(go())
    assert told == []


def test_a_retry_that_gets_through_is_not_offline(account: Any, admin: Any) -> None:
    """A dropped connection followed by a reply on the retry: no change to report."""
    told: list[bool] = []

    async def go() -> None:
        async with _client(account) as client:
            client.reachability_observers.append(told.append)
            admin.fault("disconnect", count=1, path_prefix="/v1/get-balance")
            try:
                assert (await client.balance()).credits == 1000
            finally:
                admin.clear_faults()

    asyncio.run(go())
    assert told == []


@pytest.mark.expect_log("a reachability observer failed")
def test_a_failing_observer_does_not_change_the_error(account: Any) -> None:
    told: list[bool] = []

    def broken(_reachable: bool) -> None:
        raise RuntimeError("observer bug")

    async def go() -> None:
        async with _client(account, base_url=_closed_port_url()) as client:
            client.reachability_observers.extend([broken, told.append])
            with pytest.raises(errors.NetworkError):
                await client.balance()

    asyncio.run(go())
    assert told == [False]
