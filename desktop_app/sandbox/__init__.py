"""A faithful local stand-in for the messaging service (spec + CONTRACT.md), on Starlette
and SQLite: the app's embedded default and the peer of every integration test."""
