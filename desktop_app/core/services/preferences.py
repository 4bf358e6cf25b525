"""The settings file, behind one door: the loaded :class:`AppSettings` and saving them."""

from __future__ import annotations

from pathlib import Path

from desktop_app.core.settings import AppSettings, LoadProblem, SettingsStore

__all__ = ["Preferences"]


class Preferences:
    """The app's settings (loaded once) and the one way to save them."""

    def __init__(self, path: Path | None = None, *, settings: AppSettings | None = None) -> None:
        self._store = SettingsStore(path)
        self.settings: AppSettings = settings if settings is not None else self._store.load()

    @property
    def path(self) -> Path:
        return self._store.path

    @property
    def load_problem(self) -> LoadProblem | None:
        """Why the file could not be used at start (it was kept aside), if it could not."""
        return self._store.last_load_problem

    def save(self) -> None:
        """Validate and write the settings (atomic; raises SettingsError on a bad value)."""
        self._store.save(self.settings)

    def reload(self) -> AppSettings:
        self.settings = self._store.load()
        return self.settings
