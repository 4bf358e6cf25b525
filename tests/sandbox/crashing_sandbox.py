"""The real sandbox command line with one fault planted for test_unhandled_errors: phone
normalisation raises, so every SMS send fails with an error no handler expects, after its
body was read. The error's text quotes the phone number given, as real errors may quote
input: it must not reach the log."""

from __future__ import annotations

import sys

from desktop_app.sandbox import __main__ as cli
from desktop_app.sandbox import routes_sms


def _broken_normalize(raw: str) -> str | None:
    raise RuntimeError(f"planted failure for {raw}")


if __name__ == "__main__":
    routes_sms.normalize_phone = _broken_normalize  # where split_valid looks it up
    sys.exit(cli.main(sys.argv[1:]))
