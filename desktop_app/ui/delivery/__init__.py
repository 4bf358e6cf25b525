"""The Delivery tab: sent history, each customer's status, charts, export, resend to failed."""

from desktop_app.ui.delivery.tab import DeliveryTab

__all__ = ["DeliveryTab"]
