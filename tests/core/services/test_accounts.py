"""Accounts: the form's profile, testing a connection against the sandbox, saving (the token
to the keyring only), renaming, connecting and signing out."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desktop_app.core.api import Client
from desktop_app.core.api import errors as api
from desktop_app.core.services import Services
from desktop_app.core.services.accounts import (
    AccountError,
    AccountProblem,
    AccountsService,
    CredentialError,
    KeyringProblem,
)
from desktop_app.core.settings import (
    AppSettings,
    Profile,
    SettingsError,
    SettingsProblem,
    SettingsStore,
)
from tests.conftest import MemoryKeyring

UNKNOWN_TOKEN = "mbs_" + "NoSuchTokenAnywhere0123456789abcdef"


class Clients:
    """The client factory the services use, remembering every client it opened."""

    def __init__(self) -> None:
        self.opened: list[Client] = []

    def __call__(self, profile: Profile, token: str) -> Client:
        client = Client(profile.base_url, profile.contacts_base_url, token, backoff=0.01)
        self.opened.append(client)
        return client


@pytest.fixture
def clients() -> Clients:
    return Clients()


@pytest.fixture
def services(tmp_path: Path, clients: Clients) -> Iterator[Services]:
    opened = Services.open(
        store_path=tmp_path / "tuma.sqlite3",
        settings_path=tmp_path / "settings.json",
        client_factory=clients,
    )
    yield opened
    opened.close()


@pytest.fixture
def accounts(services: Services) -> AccountsService:
    return services.accounts


def on_disk(services: Services) -> AppSettings:
    """What the settings file holds (not what is in memory)."""
    return SettingsStore(services.preferences.path).load()


def shop(account: Any, name: str = "Duka la Amina", **changes: Any) -> Profile:
    values: dict[str, Any] = {
        "name": name,
        "base_url": account.base_url,
        "contacts_base_url": account.contacts_base_url,
        "sender_ids": [account.sender_id],
        "default_sender_id": account.sender_id,
        "price_per_part": 0.8,
    }
    values.update(changes)
    return Profile(**values).validate()


def remote_shop(name: str = "Duka la Amina", **changes: Any) -> Profile:
    """A profile whose addresses are never reached (tests that must not touch a network)."""
    values: dict[str, Any] = {
        "name": name,
        "base_url": "https://api.example.co.ke",
        "contacts_base_url": "https://contacts.example.co.ke",
        "sender_ids": ["AMINA"],
        "default_sender_id": "AMINA",
    }
    values.update(changes)
    return Profile(**values).validate()


# --- the form ----------------------------------------------------------------------------------


def test_profile_from_form_tidies_what_was_typed(accounts: AccountsService) -> None:
    profile = accounts.profile_from_form(
        name="  Duka la Amina ",
        base_url=" https://api.example.co.ke/ ",
        contacts_base_url="  ",
        sender_ids=[" AMINA ", "", "TUMA", "  ", "AMINA"],
        price_per_part=0,
    )
    assert profile == Profile(
        name="Duka la Amina",
        base_url="https://api.example.co.ke",
        contacts_base_url="https://api.example.co.ke",  # the SMS address when left empty
        sender_ids=["AMINA", "TUMA"],
        default_sender_id="AMINA",
        price_per_part=None,  # 0 means "not known"
        bulk_chunk_size=500,
    )


@pytest.mark.parametrize(
    ("form", "problem", "field"),
    [
        ({"name": "   "}, SettingsProblem.NAME_MISSING, "name"),
        ({"base_url": ""}, SettingsProblem.ADDRESS_MISSING, "base_url"),
        ({"base_url": "http://api.example.co.ke"}, SettingsProblem.ADDRESS_PLAIN_HTTP, "base_url"),
        (
            {"contacts_base_url": "https://user:pw@contacts.example.co.ke"},
            SettingsProblem.ADDRESS_CREDENTIALS,
            "contacts_base_url",
        ),
        ({"price_per_part": -1.0}, SettingsProblem.PRICE_RANGE, "price_per_part"),
    ],
)
def test_profile_from_form_names_the_field_it_cannot_use(
    accounts: AccountsService,
    form: dict[str, Any],
    problem: SettingsProblem,
    field: str,
) -> None:
    values: dict[str, Any] = {
        "name": "Duka",
        "base_url": "https://api.example.co.ke",
        "contacts_base_url": "",
        "sender_ids": ["AMINA"],
        "price_per_part": 0.8,
    }
    values.update(form)
    with pytest.raises(SettingsError) as info:
        accounts.profile_from_form(**values)
    assert (info.value.problem, info.value.field) == (problem, field)


def test_profile_from_form_keeps_what_the_form_does_not_show(
    services: Services, accounts: AccountsService
) -> None:
    """The batch size and a default sender the user chose survive editing the account in
    the form, which shows neither."""
    services.settings.upsert_profile(
        remote_shop(sender_ids=["AMINA", "DUKA"], default_sender_id="DUKA", bulk_chunk_size=50)
    )
    form: dict[str, Any] = {
        "name": " Duka la Amina",
        "base_url": "https://api.example.co.ke",
        "contacts_base_url": "",
        "price_per_part": None,
    }
    kept = accounts.profile_from_form(sender_ids=["AMINA", "DUKA"], **form)
    assert (kept.bulk_chunk_size, kept.default_sender_id) == (50, "DUKA")
    # the default sender is no longer listed: the first listed one becomes the default
    dropped = accounts.profile_from_form(sender_ids=["AMINA", "NEW"], **form)
    assert (dropped.bulk_chunk_size, dropped.default_sender_id) == (50, "AMINA")
    # another name is another profile: nothing is taken from the saved one
    other = accounts.profile_from_form(sender_ids=["AMINA", "DUKA"], **{**form, "name": "Zawadi"})
    assert (other.bulk_chunk_size, other.default_sender_id) == (500, "AMINA")


def test_fingerprint_follows_addresses_and_token_and_never_holds_the_token() -> None:
    """What was tested is remembered without keeping the token; changing anything that
    reaches the service makes the test stale, the rest (name, senders, price) does not."""
    token = "mbs_" + "FingerprintSecret" * 3
    base = remote_shop()
    mark = AccountsService.fingerprint(base, token)
    assert len(mark) == 64
    assert int(mark, 16) >= 0  # hexadecimal
    assert token not in mark
    assert "FingerprintSecret" not in mark
    assert AccountsService.fingerprint(remote_shop(), token) == mark
    same_reach = remote_shop(name="Other", sender_ids=["X"], price_per_part=2.0)
    assert AccountsService.fingerprint(same_reach, token) == mark
    assert AccountsService.fingerprint(base, token + "x") != mark
    assert (
        AccountsService.fingerprint(remote_shop(base_url="https://sms.example.co.ke"), token)
        != mark
    )
    moved_contacts = remote_shop(contacts_base_url="https://api.example.co.ke")
    assert AccountsService.fingerprint(moved_contacts, token) != mark


def test_token_for_form_prefers_the_typed_token(
    accounts: AccountsService, memory_keyring: MemoryKeyring
) -> None:
    memory_keyring.secrets[("tuma", "Duka")] = "mbs_saved"

    async def scenario() -> tuple[str, str, str]:
        return (
            await accounts.token_for_form("  mbs_typed  ", "Duka"),
            await accounts.token_for_form(" \t", "Duka"),
            await accounts.token_for_form("mbs_typed", None),
        )

    assert asyncio.run(scenario()) == ("mbs_typed", "mbs_saved", "mbs_typed")


@pytest.mark.parametrize("saved_under", [None, "", "Duka"])
def test_token_for_form_without_any_token_says_so(
    accounts: AccountsService, saved_under: str | None
) -> None:
    with pytest.raises(AccountError) as info:
        asyncio.run(accounts.token_for_form("  ", saved_under))
    assert info.value.problem is AccountProblem.TOKEN_MISSING


# --- testing a connection ----------------------------------------------------------------------


def test_test_reads_the_balance_with_a_throw_away_client(
    accounts: AccountsService, account: Any, admin: Any, clients: Clients
) -> None:
    admin.topup(account.account_id, -250)
    assert asyncio.run(accounts.test(shop(account), account.token)) == 750.0
    assert asyncio.run(accounts.test(shop(account), account.legacy_token)) == 750.0
    assert len(clients.opened) == 2
    assert all(client.closed for client in clients.opened)


def test_test_with_a_refused_token_raises_auth_error_and_closes_the_client(
    accounts: AccountsService, account: Any, clients: Clients
) -> None:
    with pytest.raises(api.AuthError):
        asyncio.run(accounts.test(shop(account), UNKNOWN_TOKEN))
    (client,) = clients.opened
    assert client.closed


# --- saving ------------------------------------------------------------------------------------


def test_save_stores_the_token_in_the_keyring_only_and_makes_the_account_active(
    services: Services, accounts: AccountsService, account: Any, memory_keyring: MemoryKeyring
) -> None:
    profile = shop(account)
    saved = asyncio.run(accounts.save(profile, account.token, original=None, tested=None))
    assert saved == profile
    assert memory_keyring.secrets == {("tuma", profile.name): account.token}
    disk = on_disk(services)
    assert disk.profiles == [profile]
    assert disk.active_profile == profile.name
    text = services.preferences.path.read_text(encoding="utf-8")
    assert account.token not in text
    assert "token" not in text.lower()


def test_save_tests_untested_details_first_and_saves_nothing_when_they_fail(
    services: Services, accounts: AccountsService, account: Any, memory_keyring: MemoryKeyring
) -> None:
    with pytest.raises(api.AuthError):
        asyncio.run(accounts.save(shop(account), UNKNOWN_TOKEN, original=None, tested=None))
    assert memory_keyring.secrets == {}
    assert not services.preferences.path.exists()
    assert services.settings == AppSettings()


def test_save_of_details_already_tested_does_not_test_them_again(
    services: Services, accounts: AccountsService, clients: Clients, memory_keyring: MemoryKeyring
) -> None:
    """The Test button just succeeded with these very details: Save does not ask again
    (the address here is never reached)."""
    profile = remote_shop()
    token = "mbs_" + "TestedAlready" * 3
    tested = accounts.fingerprint(profile, token)
    asyncio.run(accounts.save(profile, token, original=None, tested=tested))
    assert clients.opened == []
    assert memory_keyring.secrets == {("tuma", profile.name): token}
    assert on_disk(services).active_profile == profile.name


def test_save_after_the_details_changed_tests_them_again(
    accounts: AccountsService, account: Any, clients: Clients, memory_keyring: MemoryKeyring
) -> None:
    """A fingerprint of other details (the address was edited after Test) is no pass."""
    profile = shop(account)
    stale = accounts.fingerprint(remote_shop(), account.token)
    asyncio.run(accounts.save(profile, account.token, original=None, tested=stale))
    (client,) = clients.opened
    assert client.closed
    assert memory_keyring.secrets == {("tuma", profile.name): account.token}


def test_rename_moves_the_token_and_forgets_the_old_name(
    services: Services, accounts: AccountsService, memory_keyring: MemoryKeyring
) -> None:
    token = "mbs_" + "RenamedShopToken" * 3
    old = remote_shop("Duka")
    other = remote_shop("Zawadi")

    async def scenario() -> Profile:
        await accounts.save(
            other, "mbs_other", original=None, tested=accounts.fingerprint(other, "mbs_other")
        )
        await accounts.save(old, token, original=None, tested=accounts.fingerprint(old, token))
        renamed = remote_shop("Duka la Amina")
        return await accounts.save(
            renamed, token, original="Duka", tested=accounts.fingerprint(renamed, token)
        )

    saved = asyncio.run(scenario())
    assert saved.name == "Duka la Amina"
    assert memory_keyring.secrets == {
        ("tuma", "Zawadi"): "mbs_other",
        ("tuma", "Duka la Amina"): token,
    }
    disk = on_disk(services)
    assert [p.name for p in disk.profiles] == ["Zawadi", "Duka la Amina"]
    assert disk.active_profile == "Duka la Amina"


def test_a_renamed_account_keeps_its_sends_drafts_and_groups(
    services: Services, accounts: AccountsService, memory_keyring: MemoryKeyring
) -> None:
    from desktop_app.core.store import BroadcastKind, Draft, Member, Recipient

    store = services.store
    old = remote_shop("Duka")
    store.drafts.save("Duka", Draft(text="Ofa ya leo", numbers="0712 345 678"))
    store.drafts.save("Duka la Amina", Draft(text="a stale draft of a deleted account"))
    group = store.groups.create("Duka", "Wholesale")
    store.groups.add("Duka", group.id, [Member("+254712345678", "Amina")])
    sent = store.journal.create_broadcast(
        BroadcastKind.BULK, "TUMA", "Ofa", [Recipient("+254712345678")], 10, profile="Duka"
    )

    async def scenario() -> None:
        await accounts.save(
            old, "mbs_duka", original=None, tested=accounts.fingerprint(old, "mbs_duka")
        )
        renamed = remote_shop("Duka la Amina")
        await accounts.save(
            renamed, "mbs_duka", original="Duka", tested=accounts.fingerprint(renamed, "mbs_duka")
        )

    asyncio.run(scenario())
    assert store.drafts.load("Duka la Amina").text == "Ofa ya leo"  # the renamed one's wins
    assert store.drafts.load("Duka").is_empty
    assert [g.name for g in store.groups.all("Duka la Amina")] == ["Wholesale"]
    assert store.groups.all("Duka") == []
    assert [b.id for b in store.journal.unfinished("Duka la Amina")] == [sent.id]
    assert store.journal.unfinished("Duka") == []


def test_saving_again_under_the_same_name_replaces_profile_and_token(
    services: Services, accounts: AccountsService, memory_keyring: MemoryKeyring
) -> None:
    first = remote_shop(price_per_part=0.8)
    second = remote_shop(price_per_part=1.0)

    async def scenario() -> None:
        await accounts.save(
            first, "mbs_one", original=None, tested=accounts.fingerprint(first, "mbs_one")
        )
        await accounts.save(
            second, "mbs_two", original=first.name, tested=accounts.fingerprint(second, "mbs_two")
        )

    asyncio.run(scenario())
    assert memory_keyring.secrets == {("tuma", first.name): "mbs_two"}
    assert on_disk(services).profiles == [second]


def test_renaming_onto_another_saved_account_does_not_replace_it(
    services: Services, accounts: AccountsService, memory_keyring: MemoryKeyring
) -> None:
    first, second = remote_shop("Duka"), remote_shop("Zawadi", bulk_chunk_size=7)

    async def scenario() -> None:
        for profile, token in ((first, "mbs_duka"), (second, "mbs_zawadi")):
            tested = accounts.fingerprint(profile, token)
            await accounts.save(profile, token, original=None, tested=tested)
        renamed = remote_shop("Zawadi")
        tested = accounts.fingerprint(renamed, "mbs_duka")
        with contextlib.suppress(SettingsError, AccountError):  # refusing is fine
            await accounts.save(renamed, "mbs_duka", original="Duka", tested=tested)

    asyncio.run(scenario())
    assert memory_keyring.secrets[("tuma", "Zawadi")] == "mbs_zawadi"
    assert second in on_disk(services).profiles


@pytest.mark.usefixtures("no_keyring")
def test_save_without_a_keyring_raises_and_saves_nothing(
    services: Services, accounts: AccountsService
) -> None:
    profile = remote_shop()
    token = "mbs_" + "NowhereToKeepIt" * 3
    with pytest.raises(CredentialError) as info:
        asyncio.run(
            accounts.save(
                profile, token, original=None, tested=accounts.fingerprint(profile, token)
            )
        )
    assert info.value.problem is KeyringProblem.NO_BACKEND
    assert token not in str(info.value)
    assert not services.preferences.path.exists()
    assert services.settings.profiles == []
    assert services.settings.active_profile is None


# --- the saved token ---------------------------------------------------------------------------


def test_saved_token_of_a_saved_profile(
    services: Services, accounts: AccountsService, memory_keyring: MemoryKeyring
) -> None:
    services.settings.upsert_profile(remote_shop("Duka"))
    memory_keyring.secrets[("tuma", "Duka")] = "mbs_saved"
    assert asyncio.run(accounts.saved_token("Duka")) == "mbs_saved"


def test_saved_token_of_an_unknown_profile(
    accounts: AccountsService, memory_keyring: MemoryKeyring
) -> None:
    """A token left in the keyring does not make a profile."""
    memory_keyring.secrets[("tuma", "Duka")] = "mbs_orphan"
    with pytest.raises(AccountError) as info:
        asyncio.run(accounts.saved_token("Duka"))
    assert (info.value.problem, info.value.name) == (AccountProblem.NO_SUCH_PROFILE, "Duka")


def test_saved_token_missing_from_the_keyring(
    services: Services, accounts: AccountsService
) -> None:
    services.settings.upsert_profile(remote_shop("Duka"))
    with pytest.raises(AccountError) as info:
        asyncio.run(accounts.saved_token("Duka"))
    assert (info.value.problem, info.value.name) == (AccountProblem.NO_SAVED_TOKEN, "Duka")


# --- sessions ----------------------------------------------------------------------------------


def test_start_session_opens_a_working_client_and_remembers_the_account(
    services: Services, accounts: AccountsService, account: Any
) -> None:
    profile = shop(account)
    session = accounts.start_session(profile, account.token)

    async def balance() -> float:
        try:
            return (await session.client.balance()).credits
        finally:
            await session.client.aclose()

    assert asyncio.run(balance()) == 1000.0
    assert (session.profile, session.is_sandbox, session.token_kind) == (profile, False, "scoped")
    assert session.can_use_contacts
    assert services.settings.active_profile == profile.name
    assert on_disk(services).active_profile == profile.name


def test_a_legacy_token_session_cannot_use_contacts(
    accounts: AccountsService, account: Any
) -> None:
    session = accounts.start_session(shop(account), account.legacy_token)
    asyncio.run(session.client.aclose())
    assert session.token_kind == "legacy"
    assert not session.can_use_contacts


def test_a_practice_session_is_never_remembered(
    services: Services, accounts: AccountsService, account: Any
) -> None:
    """Practice mode must not become the account opened next time."""
    session = accounts.start_session(shop(account, "~practice"), account.token, practice=True)
    asyncio.run(session.client.aclose())
    assert session.is_sandbox
    assert services.settings.active_profile is None
    assert not services.preferences.path.exists()


def test_sign_out_forgets_the_active_account_and_deletes_its_token(
    services: Services, accounts: AccountsService, memory_keyring: MemoryKeyring
) -> None:
    profile = remote_shop()
    token = "mbs_" + "SignMeOut" * 4

    async def scenario() -> None:
        await accounts.save(
            profile, token, original=None, tested=accounts.fingerprint(profile, token)
        )
        await accounts.sign_out(profile.name)

    asyncio.run(scenario())
    assert memory_keyring.secrets == {}
    disk = on_disk(services)
    assert disk.active_profile is None
    assert disk.profiles == [profile]  # signed out, not deleted
    assert services.settings.active_profile is None


@pytest.mark.usefixtures("no_keyring")
def test_sign_out_without_a_keyring_saves_the_settings_then_raises(
    services: Services, accounts: AccountsService
) -> None:
    """The account is signed out of the app even when its token cannot be deleted: the
    error says what is left to do."""
    services.settings.upsert_profile(remote_shop("Duka"))
    services.settings.active_profile = "Duka"
    services.preferences.save()
    with pytest.raises(CredentialError) as info:
        asyncio.run(accounts.sign_out("Duka"))
    assert info.value.problem is KeyringProblem.NO_BACKEND
    assert on_disk(services).active_profile is None
    assert [p.name for p in on_disk(services).profiles] == ["Duka"]


def test_a_rename_keeps_what_the_form_does_not_show(
    services: Services, accounts: AccountsService
) -> None:
    """The batch size and the default sender belong to the account being edited, whatever
    its new name (the form shows neither, so a rename must not reset them)."""
    saved = remote_shop("Duka", bulk_chunk_size=7)
    saved.sender_ids = ["DUKA", "DUKA2"]
    saved.default_sender_id = "DUKA2"
    services.settings.upsert_profile(saved)
    renamed = accounts.profile_from_form(
        name="Duka Kubwa",
        base_url=saved.base_url,
        contacts_base_url=saved.contacts_base_url,
        sender_ids=["DUKA", "DUKA2"],
        price_per_part=None,
        original="Duka",
    )
    assert (renamed.bulk_chunk_size, renamed.default_sender_id) == (7, "DUKA2")


def test_a_failed_settings_write_during_a_rename_keeps_the_account_usable(
    services: Services,
    accounts: AccountsService,
    memory_keyring: MemoryKeyring,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Disk full while renaming: the old name keeps its token and the settings are as before,
    so the next start connects as it did."""
    first = remote_shop("Duka")

    async def scenario() -> None:
        await accounts.save(
            first, "mbs_duka", original=None, tested=accounts.fingerprint(first, "mbs_duka")
        )
        renamed = remote_shop("Duka Kubwa")

        def full(*_args: object, **_kwargs: object) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(services.preferences, "save", full)
        with pytest.raises(OSError, match="No space"):
            await accounts.save(
                renamed,
                "mbs_duka",
                original="Duka",
                tested=accounts.fingerprint(renamed, "mbs_duka"),
            )

    asyncio.run(scenario())
    assert memory_keyring.secrets == {("tuma", "Duka"): "mbs_duka"}
    assert [p.name for p in services.settings.profiles] == ["Duka"]
    assert [p.name for p in on_disk(services).profiles] == ["Duka"]


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(SettingsStore, "save", full)


@pytest.mark.expect_log("could not save which account is open")
def test_a_full_disk_does_not_stop_switching_accounts(
    services: Services, accounts: AccountsService, account: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Which account is open is only remembered for the next start: a settings file that
    cannot be written must not leave the user with no account at all (the switch failed,
    with the old session already closed, and its client was never closed)."""
    profile = shop(account)
    _disk_full(monkeypatch)
    session = accounts.start_session(profile, account.token)
    asyncio.run(session.client.aclose())
    assert session.profile == profile
    assert services.settings.active_profile == profile.name
    assert not services.preferences.path.exists()  # the next start opens what it did


@pytest.mark.expect_log("could not save which account is open")
def test_sign_out_deletes_the_token_even_when_the_settings_cannot_be_saved(
    services: Services,
    accounts: AccountsService,
    memory_keyring: MemoryKeyring,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The user asked for the key to be gone from this computer: a full disk must not keep
    it (the next start finds no key and asks for one)."""
    services.settings.upsert_profile(remote_shop("Duka"))
    services.settings.active_profile = "Duka"
    services.preferences.save()
    memory_keyring.secrets[("tuma", "Duka")] = "mbs_duka"
    _disk_full(monkeypatch)
    asyncio.run(accounts.sign_out("Duka"))
    assert memory_keyring.secrets == {}
    assert services.settings.active_profile is None


def test_a_failed_settings_write_for_a_new_account_leaves_no_token_behind(
    services: Services,
    accounts: AccountsService,
    memory_keyring: MemoryKeyring,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Disk full while saving a new account: it is not saved, so neither is its token (a key
    in the keyring no account names could never be signed out of)."""
    profile = remote_shop("Duka")
    _disk_full(monkeypatch)
    with pytest.raises(OSError, match="No space"):
        asyncio.run(
            accounts.save(
                profile, "mbs_duka", original=None, tested=accounts.fingerprint(profile, "mbs_duka")
            )
        )
    assert memory_keyring.secrets == {}
    assert services.settings.profiles == []
