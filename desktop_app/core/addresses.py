"""Server names in service addresses: the one place that says what a host may look like and
whether it is this computer (where the sandbox runs over plain http)."""

from __future__ import annotations

import ipaddress
import re

__all__ = ["is_loopback_host", "is_valid_host"]

_HOST_SHAPE = re.compile(r"[\w.-]+")


def is_valid_host(host: str) -> bool:
    """A DNS name (letters, digits, dots, dashes) or an IP address; no spaces or invisible
    characters that would make a request fail later, or go somewhere unexpected."""
    if _HOST_SHAPE.fullmatch(host):
        return True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def is_loopback_host(host: str) -> bool:
    """localhost, 127.0.0.0/8 or ::1."""
    host = host.lower().rstrip(".")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
