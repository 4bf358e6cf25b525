"""The messaging service's async client.

from desktop_app.core.api import Client, errors, models

``Client`` (and with it httpx) is imported on first use: the errors and models are light,
and the window is on screen before anything needs the network stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from desktop_app.core.api import errors, models

if TYPE_CHECKING:
    from desktop_app.core.api.client import Client, UnreadableSendReply

__all__ = ["Client", "UnreadableSendReply", "errors", "models"]


def __getattr__(name: str) -> Any:
    if name in ("Client", "UnreadableSendReply"):
        from desktop_app.core.api import client

        return getattr(client, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
