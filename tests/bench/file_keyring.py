"""A keyring backend that keeps passwords in a JSON file named by ``TUMA_BENCH_KEYRING_FILE``.

For benchmarks only: the app started as a subprocess reads its account token through the
keyring library as usual (``PYTHON_KEYRING_BACKEND=tests.bench.file_keyring.FileKeyring`` in
the child's environment), without touching the user's real keyring. Never used by the app.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError


class FileKeyring(KeyringBackend):
    priority = 1

    @staticmethod
    def _path() -> Path:
        return Path(os.environ["TUMA_BENCH_KEYRING_FILE"])

    def _load(self) -> dict[str, str]:
        try:
            data: dict[str, str] = json.loads(self._path().read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        return data

    def get_password(self, service: str, username: str) -> str | None:
        return self._load().get(f"{service}\n{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        data = self._load()
        data[f"{service}\n{username}"] = password
        self._path().write_text(json.dumps(data), encoding="utf-8")

    def delete_password(self, service: str, username: str) -> None:
        data = self._load()
        if data.pop(f"{service}\n{username}", None) is None:
            raise PasswordDeleteError(username)
        self._path().write_text(json.dumps(data), encoding="utf-8")
