"""The messaging service's async client.

from desktop_app.core.api import Client, errors, models
"""

from __future__ import annotations

from desktop_app.core.api import errors, models
from desktop_app.core.api.client import Client, UnreadableSendReply

__all__ = ["Client", "UnreadableSendReply", "errors", "models"]
