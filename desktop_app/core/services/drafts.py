"""The message being written survives a crash or a quit: a small draft file, saved as you type.

(It moves into the store, per account, with the duplicate-send guard.)
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger(__name__)


@dataclass
class Draft:
    text: str = ""
    numbers: str = ""
    sender_id: str = ""
    fallback: str | None = None

    @property
    def is_empty(self) -> bool:
        return not self.text.strip() and not self.numbers.strip()


class DraftStore:
    def __init__(self, path: Path | None = None) -> None:
        self._path = path

    @property
    def path(self) -> Path:
        if self._path is None:
            from desktop_app.core.settings import data_dir

            self._path = data_dir() / "compose-draft.json"
        return self._path

    def load(self) -> Draft:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            return Draft(
                text=str(raw.get("text", "")),
                numbers=str(raw.get("numbers", "")),
                sender_id=str(raw.get("sender_id", "")),
                fallback=raw.get("fallback") if isinstance(raw.get("fallback"), str) else None,
            )
        except FileNotFoundError:
            return Draft()
        except (OSError, ValueError, AttributeError):
            log.warning("the compose draft could not be read; starting empty")
            return Draft()

    def save(self, draft: Draft) -> None:
        try:
            path = self.path
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(asdict(draft), ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            log.warning("the compose draft could not be saved", exc_info=True)
