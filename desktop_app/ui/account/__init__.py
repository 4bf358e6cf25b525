"""Connecting, switching and signing out of accounts."""

from desktop_app.ui.account.dialog import AccountDialog

__all__ = ["AccountDialog"]
