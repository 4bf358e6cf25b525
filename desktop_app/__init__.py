"""Tuma: a desktop app for sending SMS broadcasts to customers in Kenya."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

APP_NAME = "Tuma"
_VERSION_FILE = Path(__file__).with_name("VERSION")  # written into frozen bundles only


@cache
def _version() -> str:
    """pyproject.toml's version, the only place it is written: from the installed package's
    metadata, or in a frozen bundle (which has no metadata) from the VERSION file that
    packaging/tuma.spec writes beside this module."""
    if getattr(sys, "frozen", False):
        try:
            return _VERSION_FILE.read_text(encoding="utf-8").strip()
        except OSError:
            return "unknown"
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tuma")
    except PackageNotFoundError:  # a source tree on sys.path, never installed
        return "unknown"


def __getattr__(name: str) -> str:
    # Looked up on first use: a process that never asks (the sandbox service) does not pay
    # for importing importlib.metadata (~20 ms).
    if name == "__version__":
        return _version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
