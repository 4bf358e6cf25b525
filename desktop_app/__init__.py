"""Tuma: a desktop app for sending SMS broadcasts to customers in Kenya."""

__version__ = "0.1.0"
APP_NAME = "Tuma"
