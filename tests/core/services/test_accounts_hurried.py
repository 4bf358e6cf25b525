"""Accounts in a hurry: a key pasted with what came around it, something else pasted where
the key goes, and a name another account has in other capitals."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from keyring.backend import KeyringBackend

from desktop_app.core.services import Services
from desktop_app.core.services.accounts import (
    AccountError,
    AccountProblem,
    AccountsService,
    key_from_paste,
)
from desktop_app.core.settings import SettingsError, SettingsProblem
from tests.conftest import MemoryKeyring
from tests.core.services.test_accounts import (  # noqa: F401 (fixtures)
    accounts,
    clients,
    on_disk,
    remote_shop,
    services,
)

KEY = "mbs_" + "Ab3_-x" * 7


@pytest.mark.parametrize(
    "pasted",
    [
        f"  {KEY}\n",
        f"{KEY[:20]}\n{KEY[20:]}",  # wrapped over two lines in an e-mail
        f"{KEY[:20]} {KEY[20:]}\r\n",
        f"{KEY[:20]}\t{KEY[20:]}",
        f"“{KEY}”",  # from a document: curly quotes
        f'"{KEY}"',
        f"'{KEY}'",
        f"`{KEY}`",
        f'Bearer "{KEY}"',
        f'"Authorization: Bearer {KEY}"',
    ],
)
def test_the_key_is_found_in_what_was_pasted(accounts: AccountsService, pasted: str) -> None:  # noqa: F811
    """A key wrapped over two lines, or in quotes, was sent as it was pasted: refused as a
    key with "characters a key cannot have" (or taken for an older kind of key)."""
    assert key_from_paste(pasted) == KEY
    assert asyncio.run(accounts.token_for_form(pasted, None)) == KEY


@pytest.mark.parametrize(
    ("pasted", "problem"),
    [
        ("wanjiku@example.co.ke", AccountProblem.EMAIL_NOT_KEY),
        (" mama.njeri@gmail.com\n", AccountProblem.EMAIL_NOT_KEY),
        ("https://portal.example.co.ke/settings/tokens", AccountProblem.ADDRESS_NOT_KEY),
        ("http://portal.example.co.ke", AccountProblem.ADDRESS_NOT_KEY),
        ("www.example.co.ke/keys", AccountProblem.ADDRESS_NOT_KEY),
    ],
)
def test_an_email_or_web_address_pasted_as_the_key_is_named(
    accounts: AccountsService,  # noqa: F811
    pasted: str,
    problem: AccountProblem,
) -> None:
    """An e-mail address or the portal's web address pasted where the key goes was sent as
    the key, and refused as "not accepted (it may have expired or been revoked)"."""
    with pytest.raises(AccountError) as raised:
        asyncio.run(accounts.token_for_form(pasted, None))
    assert raised.value.problem is problem
    assert pasted.strip() not in str(raised.value)


def test_a_name_another_account_has_in_other_capitals_is_refused(
    services: Services,  # noqa: F811
    accounts: AccountsService,  # noqa: F811
    memory_keyring: MemoryKeyring,
) -> None:
    """“Duka” and “duka” were two accounts: on a case-blind password store (Windows) the
    second's key replaced the first's."""
    first, second = remote_shop("Duka la Amina"), remote_shop("Zawadi")

    async def scenario() -> None:
        for profile, token in ((first, "mbs_duka"), (second, "mbs_zawadi")):
            await accounts.save(
                profile, token, original=None, tested=accounts.fingerprint(profile, token)
            )
        for name, original in (("duka la amina", None), ("DUKA LA AMINA ", "Zawadi")):
            profile = remote_shop(name)
            tested = accounts.fingerprint(profile, "mbs_other")
            with pytest.raises(SettingsError) as raised:
                await accounts.save(profile, "mbs_other", original=original, tested=tested)
            assert raised.value.problem is SettingsProblem.NAME_TAKEN
            assert raised.value.value == "Duka la Amina"  # the account that has the name

    asyncio.run(scenario())
    assert [p.name for p in on_disk(services).profiles] == ["Duka la Amina", "Zawadi"]
    assert memory_keyring.secrets[("tuma", "Duka la Amina")] == "mbs_duka"
    assert memory_keyring.secrets[("tuma", "Zawadi")] == "mbs_zawadi"


class CaseBlindKeyring(MemoryKeyring):
    """Windows' Credential Manager: names that differ only in case are one entry."""

    def get_password(self, service: str, username: str) -> str | None:
        return super().get_password(service, username.casefold())

    def set_password(self, service: str, username: str, password: str) -> None:
        super().set_password(service, username.casefold(), password)

    def delete_password(self, service: str, username: str) -> None:
        super().delete_password(service, username.casefold())


def test_changing_only_the_capitals_of_a_name_keeps_its_key(
    services: Services,  # noqa: F811
    accounts: AccountsService,  # noqa: F811
    monkeypatch: Any,
) -> None:
    """Renaming "duka" to "Duka" is the same account, not a duplicate; on a case-blind store
    deleting the old name's entry deleted the new one's too, and the account lost its key."""
    import keyring

    backend: KeyringBackend = CaseBlindKeyring()
    keyring.set_keyring(backend)  # memory_keyring's teardown restores the old one
    before = remote_shop("duka la amina")

    async def scenario() -> str | None:
        await accounts.save(
            before, "mbs_duka", original=None, tested=accounts.fingerprint(before, "mbs_duka")
        )
        after = remote_shop("Duka la Amina")
        await accounts.save(
            after, "mbs_duka", original=before.name, tested=accounts.fingerprint(after, "mbs_duka")
        )
        return await accounts.saved_token("Duka la Amina")

    assert asyncio.run(scenario()) == "mbs_duka"
    assert [p.name for p in on_disk(services).profiles] == ["Duka la Amina"]
