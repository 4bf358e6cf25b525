"""What can be known about an access token without storing it anywhere: its kind."""

from __future__ import annotations

from typing import Literal

__all__ = ["SCOPED_PREFIX", "pasted_token", "token_kind"]

#: Scoped tokens (CONTRACT.md): this prefix, then at least 32 URL-safe characters.
SCOPED_PREFIX = "mbs_"


def token_kind(token: str) -> Literal["scoped", "legacy"]:
    """Scoped tokens start with "mbs_"; anything else is a legacy token, which reaches only
    the SMS endpoints (not contacts, WhatsApp or surveys)."""
    return "scoped" if token.strip().startswith(SCOPED_PREFIX) else "legacy"


def pasted_token(text: str) -> str:
    """The token in what the user pasted: trimmed, and without the ``Bearer`` (or
    ``Authorization: Bearer``) a portal's example request puts in front of it, which would
    otherwise be refused as a malformed key (and looks like an older kind of key)."""
    token = text.strip()
    if token.lower().startswith("authorization:"):
        token = token[len("authorization:") :].lstrip()
    words = token.split(None, 1)
    if len(words) == 2 and words[0].lower() == "bearer":
        token = words[1].strip()
    return token
