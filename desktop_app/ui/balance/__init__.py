"""The Balance tab."""

from desktop_app.ui.balance.tab import BalanceTab

__all__ = ["BalanceTab"]
