"""The Compose tab: SMS (plain or personalised), WhatsApp templates and surveys."""

from desktop_app.ui.compose.tab import ComposeTab

__all__ = ["ComposeTab"]
