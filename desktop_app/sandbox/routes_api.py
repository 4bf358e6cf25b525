"""The /api/v1 endpoints: contacts, contact uploads, WhatsApp templates, surveys."""

from __future__ import annotations

from starlette.routing import Route


def routes() -> list[Route]:
    return []
