"""The words shown when the settings file was damaged say where this time's copy is."""

from __future__ import annotations

from pathlib import Path

from desktop_app.core.services.preferences import Preferences
from desktop_app.ui.words import settings_set_aside


def test_the_notice_names_the_copy_made_this_time(qapp: object, tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{damaged", encoding="utf-8")
    Preferences(path)  # the first damaged file, kept as settings.json.bak
    path.write_text("{damaged again", encoding="utf-8")
    problem = Preferences(path).load_problem
    assert problem is not None
    _title, text = settings_set_aside(problem.kept_as)
    copy = tmp_path / "settings.json.2.bak"
    assert str(copy) in text  # the folder and the name: where to find it
    assert copy.read_text(encoding="utf-8") == "{damaged again"
    assert (tmp_path / "settings.json.bak").read_text(encoding="utf-8") == "{damaged"
