"""What can be known about an access token without storing it anywhere: its kind."""

from __future__ import annotations

from typing import Literal

__all__ = ["SCOPED_PREFIX", "token_kind"]

#: Scoped tokens (CONTRACT.md): this prefix, then at least 32 URL-safe characters.
SCOPED_PREFIX = "mbs_"


def token_kind(token: str) -> Literal["scoped", "legacy"]:
    """Scoped tokens start with "mbs_"; anything else is a legacy token, which reaches only
    the SMS endpoints (not contacts, WhatsApp or surveys)."""
    return "scoped" if token.strip().startswith(SCOPED_PREFIX) else "legacy"
