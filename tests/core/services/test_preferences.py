"""The settings file behind one door: loaded once, saved whole, a damaged file set aside with
the reason kept for the UI, reloaded on request."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop_app.core.services.preferences import Preferences
from desktop_app.core.settings import (
    AppSettings,
    Profile,
    SettingsError,
    SettingsProblem,
    SettingsStore,
    config_dir,
)


def shop(name: str = "Mama Mboga") -> Profile:
    return Profile(
        name=name,
        base_url="https://api.example.co.ke",
        contacts_base_url="https://contacts.example.co.ke",
        sender_ids=["MAMAMBOGA"],
        default_sender_id="MAMAMBOGA",
        price_per_part=0.8,
        bulk_chunk_size=200,
    )


def test_without_a_file_the_defaults_are_loaded_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    preferences = Preferences(path)
    assert preferences.path == path
    assert preferences.settings == AppSettings()
    assert preferences.load_problem is None
    assert not path.exists()


def test_the_default_path_is_the_config_dir_s(isolated_user_dirs: Path) -> None:
    preferences = Preferences()
    assert preferences.path == config_dir() / "settings.json"
    assert preferences.path.is_relative_to(isolated_user_dirs)


def test_save_then_load_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    preferences = Preferences(path)
    preferences.settings.upsert_profile(shop())
    preferences.settings.active_profile = "Mama Mboga"
    preferences.settings.low_balance_threshold = 120
    preferences.settings.last_tab = "delivery"
    preferences.save()

    again = Preferences(path)
    assert again.settings == preferences.settings
    assert again.settings.active() == shop()
    assert again.load_problem is None
    assert json.loads(path.read_text(encoding="utf-8"))["active_profile"] == "Mama Mboga"


def test_given_settings_are_used_instead_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    SettingsStore(path).save(AppSettings(profiles=[shop()], active_profile="Mama Mboga"))
    given = AppSettings(low_balance_threshold=7)
    preferences = Preferences(path, settings=given)
    assert preferences.settings is given
    preferences.save()
    assert SettingsStore(path).load() == given  # saving writes what is in memory


def test_a_damaged_file_is_set_aside_and_its_problem_kept(tmp_path: Path) -> None:
    """A damaged settings file never stops the app: defaults, the file kept as .bak, and the
    reason for the notice the UI shows."""
    path = tmp_path / "settings.json"
    path.write_text('{"profiles": [', encoding="utf-8")
    preferences = Preferences(path)
    assert preferences.settings == AppSettings()
    problem = preferences.load_problem
    assert problem is not None
    assert problem.detail == "not valid JSON"
    assert problem.kept_as == str(tmp_path / "settings.json.bak")
    assert (tmp_path / "settings.json.bak").read_text(encoding="utf-8") == '{"profiles": ['
    assert not path.exists()


def test_each_damaged_file_is_kept_under_its_own_name(tmp_path: Path) -> None:
    """A second damaged file (days later) does not overwrite the first one's copy: each is
    kept under the next free name, and the problem names the copy made this time."""
    path = tmp_path / "settings.json"
    kept: list[str] = []
    for number in range(3):
        path.write_text(f"damaged {number}", encoding="utf-8")
        problem = Preferences(path).load_problem
        assert problem is not None
        kept.append(problem.kept_as)
        assert not path.exists()
    assert kept == [
        str(tmp_path / "settings.json.bak"),
        str(tmp_path / "settings.json.2.bak"),
        str(tmp_path / "settings.json.3.bak"),
    ]
    for number, name in enumerate(kept):
        assert Path(name).read_text(encoding="utf-8") == f"damaged {number}"


def test_a_copy_someone_removed_leaves_its_name_free(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    (tmp_path / "settings.json.2.bak").write_text("older", encoding="utf-8")
    path.write_text("damaged", encoding="utf-8")
    problem = Preferences(path).load_problem
    assert problem is not None
    assert problem.kept_as == str(tmp_path / "settings.json.bak")
    path.write_text("damaged again", encoding="utf-8")
    problem = Preferences(path).load_problem
    assert problem is not None
    assert problem.kept_as == str(tmp_path / "settings.json.3.bak")
    assert (tmp_path / "settings.json.2.bak").read_text(encoding="utf-8") == "older"


def test_a_file_with_a_bad_value_is_set_aside_naming_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"low_balance_threshold": -5}), encoding="utf-8")
    problem = Preferences(path).load_problem
    assert problem is not None
    assert SettingsProblem.THRESHOLD in problem.detail


def test_save_refuses_a_bad_value_and_keeps_the_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    preferences = Preferences(path)
    preferences.settings.upsert_profile(shop())
    preferences.save()
    before = path.read_text(encoding="utf-8")
    preferences.settings.low_balance_threshold = -1
    with pytest.raises(SettingsError) as info:
        preferences.save()
    assert info.value.problem is SettingsProblem.THRESHOLD
    assert path.read_text(encoding="utf-8") == before


def test_reload_reads_the_file_again(tmp_path: Path) -> None:
    """Another window saved: reload replaces what is in memory with what is on disk."""
    path = tmp_path / "settings.json"
    path.write_text("not json", encoding="utf-8")
    preferences = Preferences(path)
    assert preferences.load_problem is not None
    preferences.settings.last_tab = "unsaved"

    SettingsStore(path).save(AppSettings(profiles=[shop("Duka")], active_profile="Duka"))
    reloaded = preferences.reload()
    assert reloaded is preferences.settings
    assert reloaded.active_profile == "Duka"
    assert reloaded.last_tab is None
    assert preferences.load_problem is None  # the good file cleared the old problem
