"""The message and phone rules the sandbox bills by: the same code the app's counter uses
(`desktop_app.core.sms` and `desktop_app.core.phones`), so screen and bill never disagree."""

from __future__ import annotations

from functools import lru_cache

from desktop_app.core import phones, sms


def message_parts(text: str) -> int:
    return sms.analyse(text).parts


@lru_cache(maxsize=65536)
def normalize_phone(raw: str) -> str | None:
    """E.164 for a valid Kenyan-default number, else None."""
    return phones.try_normalize(raw)
