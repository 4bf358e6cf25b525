"""The Import tab: a spreadsheet in, clean contacts out, no row lost (see ``tab.py``)."""

from desktop_app.ui.import_.tab import ImportTab

__all__ = ["ImportTab"]
