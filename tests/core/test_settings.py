"""Settings: one typed schema in the config dir, validated, saved atomically, never a token."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from desktop_app.core.settings import (
    AppSettings,
    Profile,
    SettingsError,
    SettingsStore,
    data_dir,
    validate_url,
)
from tests.words import said

TOKEN = "mbs_" + "VerySecretTokenDoNotStore" * 2


def shop(**changes: object) -> Profile:
    values: dict[str, object] = {
        "name": "Mama Mboga",
        "base_url": "https://api.example.co.ke",
        "contacts_base_url": "https://contacts.example.co.ke",
        "sender_ids": ["MAMAMBOGA", "TUMA"],
        "default_sender_id": "MAMAMBOGA",
        "price_per_part": 0.8,
        "bulk_chunk_size": 200,
    }
    values.update(changes)
    return Profile(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://api.example.co.ke", "https://api.example.co.ke"),
        ("  https://api.example.co.ke/v1/ ", "https://api.example.co.ke/v1"),
        ("HTTPS://API.example.co.ke:8443", "HTTPS://API.example.co.ke:8443"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://127.5.6.7", "http://127.5.6.7"),
        ("http://localhost:9000/", "http://localhost:9000"),
        ("http://LOCALHOST", "http://LOCALHOST"),
        ("http://[::1]:8000", "http://[::1]:8000"),
    ],
)
def test_valid_urls(url: str, expected: str) -> None:
    assert validate_url(url) == expected


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("", "Enter the web address"),
        ("api.example.co.ke", "must start with https://"),
        ("ftp://api.example.co.ke", "must start with https://"),
        ("http://api.example.co.ke", "plain http"),
        ("http://192.168.1.10:8000", "plain http"),
        ("http://128.0.0.1", "plain http"),
        ("http://localhost.example.com", "plain http"),
        ("http://[::2]", "plain http"),
        ("https://", "not a web address"),
        ("https://:443", "no server name"),
        ("https://api.example.co.ke:99999", "not a valid web address"),
        ("https://user:pw@api.example.co.ke", "user name or password"),
        (f"https://api.example.co.ke/?api_token={TOKEN}", "query"),
        ("https://api.example.co.ke/#x", "fragment"),
        ("https://exa mple.co.ke", "only letters, digits, dots and dashes"),
        ("https://api.example.co.ke\u200b/", "only letters, digits, dots and dashes"),
    ],
)
def test_invalid_urls_say_why(url: str, words: str) -> None:
    with pytest.raises(SettingsError) as info:
        validate_url(url)
    assert re.search(words, said(info.value))
    assert TOKEN not in str(info.value)


def test_profile_validation_tidies_and_checks() -> None:
    checked = shop(
        name="  Mama Mboga ",
        base_url="https://api.example.co.ke/",
        contacts_base_url="",
        sender_ids=[" MAMAMBOGA", "MAMAMBOGA", "", "TUMA"],
        default_sender_id=" ",
        price_per_part=1,
    ).validate()
    assert checked.name == "Mama Mboga"
    assert checked.base_url == "https://api.example.co.ke"
    assert checked.contacts_base_url == "https://api.example.co.ke"  # pre-filled the same
    assert checked.sender_ids == ["MAMAMBOGA", "TUMA"]
    assert checked.default_sender_id is None
    assert checked.price_per_part == 1.0


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"name": " "}, "name"),
        ({"base_url": "http://api.example.co.ke"}, "Web address: .*plain http"),
        ({"contacts_base_url": "nope"}, "Contacts address"),
        ({"bulk_chunk_size": 0}, "between 1 and 1,?000"),
        ({"bulk_chunk_size": 1001}, "between 1 and 1,?000"),
        ({"bulk_chunk_size": 10.5}, "whole number"),
        ({"bulk_chunk_size": True}, "whole number"),
        ({"price_per_part": -1}, "zero or more"),
        ({"price_per_part": float("nan")}, "zero or more"),
        ({"price_per_part": "0.8"}, "number"),
    ],
)
def test_profile_errors(changes: dict[str, object], words: str) -> None:
    with pytest.raises(SettingsError) as info:
        shop(**changes).validate()
    assert re.search(words, said(info.value))


def test_chunk_size_bounds_are_inclusive() -> None:
    assert shop(bulk_chunk_size=1).validate().bulk_chunk_size == 1
    assert shop(bulk_chunk_size=1000).validate().bulk_chunk_size == 1000


def test_default_path_is_the_platform_config_dir(isolated_user_dirs: Path) -> None:
    store = SettingsStore()
    assert store.path == isolated_user_dirs / "config" / "tuma" / "settings.json"
    assert data_dir() == isolated_user_dirs / "data" / "tuma"
    assert data_dir().is_dir()


def test_missing_file_gives_defaults() -> None:
    loaded = SettingsStore().load()
    assert loaded == AppSettings()
    assert loaded.profiles == []
    assert loaded.active_profile is None
    assert loaded.low_balance_threshold == 50


def test_round_trip() -> None:
    store = SettingsStore()
    settings = AppSettings(
        profiles=[shop(), shop(name="Sandbox", base_url="http://127.0.0.1:8123", sender_ids=[])],
        active_profile="Mama Mboga",
        low_balance_threshold=120,
        window_geometry="AdnQywADAAA=",
        last_tab="Balance",
    )
    store.save(settings)
    loaded = store.load()
    assert loaded == settings.validate()
    assert loaded.profile("Sandbox") is not None
    assert loaded.profile("Nope") is None
    active = loaded.active()
    assert active is not None
    assert active.price_per_part == 0.8
    assert store.last_load_problem is None


def test_profile_helpers() -> None:
    settings = AppSettings()
    settings.upsert_profile(shop())
    settings.upsert_profile(shop(bulk_chunk_size=10))
    assert len(settings.profiles) == 1
    assert settings.profiles[0].bulk_chunk_size == 10
    settings.active_profile = "Mama Mboga"
    assert settings.remove_profile("Mama Mboga")
    assert settings.active_profile is None
    assert not settings.remove_profile("Mama Mboga")


def test_saved_file_never_holds_a_token(isolated_user_dirs: Path) -> None:
    """There is no field for the token; even an attribute someone attaches is not written."""
    store = SettingsStore()
    profile = shop()
    profile.token = TOKEN  # type: ignore[attr-defined]
    settings = AppSettings(profiles=[profile], active_profile="Mama Mboga")
    settings.api_token = TOKEN  # type: ignore[attr-defined]
    store.save(settings)
    text = store.path.read_text(encoding="utf-8")
    assert TOKEN not in text
    assert "token" not in text.lower()
    assert not {"token", "api_token", "secret", "password"} & set(Profile.__dataclass_fields__)
    for path in isolated_user_dirs.rglob("*"):
        if path.is_file():
            assert TOKEN not in path.read_text(errors="replace")


def test_unknown_keys_in_the_file_are_ignored_and_dropped() -> None:
    store = SettingsStore()
    store.path.parent.mkdir(parents=True)
    raw = {
        "version": 1,
        "profiles": [
            {
                "name": "Shop",
                "base_url": "https://api.example.co.ke",
                "token": TOKEN,
                "future_field": 3,
            }
        ],
        "active_profile": "Shop",
        "something_new": True,
    }
    store.path.write_text(json.dumps(raw), encoding="utf-8")
    loaded = store.load()
    assert store.last_load_problem is None
    profile = loaded.profile("Shop")
    assert profile is not None
    assert profile.contacts_base_url == "https://api.example.co.ke"
    assert profile.bulk_chunk_size == 500
    store.save(loaded)
    assert TOKEN not in store.path.read_text(encoding="utf-8")


def test_save_refuses_invalid_settings_and_keeps_the_old_file() -> None:
    store = SettingsStore()
    store.save(AppSettings(profiles=[shop()]))
    before = store.path.read_bytes()
    for settings, words in (
        (AppSettings(profiles=[shop(bulk_chunk_size=5000)]), "between 1 and 1,?000"),
        (AppSettings(profiles=[shop(), shop()]), "Two accounts"),
        (AppSettings(low_balance_threshold=-1), "low-balance"),
    ):
        with pytest.raises(SettingsError) as info:
            store.save(settings)
        assert re.search(words, said(info.value))
    assert store.path.read_bytes() == before


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        json.dumps({"profiles": [{"name": "X", "base_url": "http://evil.example"}]}).encode(),
        json.dumps(
            {"profiles": [{"name": "X", "base_url": "https://a.b", "bulk_chunk_size": 0}]}
        ).encode(),
        json.dumps({"profiles": "nope"}).encode(),
        json.dumps({"low_balance_threshold": "lots"}).encode(),
    ],
)
def test_corrupt_file_gives_defaults_and_is_kept_aside(content: bytes) -> None:
    store = SettingsStore()
    store.path.parent.mkdir(parents=True)
    store.path.write_bytes(content)
    assert store.load() == AppSettings()
    assert store.last_load_problem is not None
    assert store.last_load_problem.kept_as == str(store.backup_path)
    assert not store.path.exists()
    assert store.backup_path.read_bytes() == content
    # the app carries on: the next save writes a fresh, valid file
    store.save(AppSettings(profiles=[shop()]))
    assert store.load().profile("Mama Mboga") is not None


def test_save_is_atomic(monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash between writing and renaming leaves the old file intact and no temp litter."""
    store = SettingsStore()
    store.save(AppSettings(profiles=[shop()]))
    before = store.path.read_bytes()

    def crash(src: str, dst: str) -> None:
        raise OSError("disk went away")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk went away"):
        store.save(AppSettings())
    monkeypatch.undo()
    assert store.path.read_bytes() == before
    assert sorted(p.name for p in store.path.parent.iterdir()) == ["settings.json"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_settings_file_is_private() -> None:
    store = SettingsStore()
    store.save(AppSettings())
    assert store.path.stat().st_mode & 0o077 == 0


def test_explicit_path(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "nested" / "s.json")
    store.save(AppSettings(last_tab="Compose"))
    assert store.load().last_tab == "Compose"
    assert store.backup_path == tmp_path / "nested" / "s.json.bak"
