"""Real-looking Kenyan customers for the contacts tests, put on the sandbox the fast way: one
CSV upload instead of a request per contact."""

from __future__ import annotations

import csv
import tempfile
from pathlib import Path
from typing import Any

from desktop_app.sandbox.demo import demo_contacts

FIRST = [
    "Achieng",
    "Baraka",
    "Chebet",
    "Dennis",
    "Eunice",
    "Faith",
    "Grace",
    "Hassan",
    "Irene",
    "Juma",
    "Kendi",
    "Lilian",
    "Mwangi",
    "Nafula",
    "Omondi",
    "Wanjiku",
    "Zawadi",
]
#: The practice shop's surnames (the first fifteen), so both speak of the same Kenya.
LAST = [str(contact["last_name"]) for contact in demo_contacts()[:15]]


def phone_of(n: int) -> str:
    """The n-th test number, local form: 0700 000 000 + n (all valid Safaricom numbers)."""
    return f"07{(n // 1_000_000) % 100:02d}{n % 1_000_000:06d}"


def e164_of(n: int) -> str:
    return "+254" + phone_of(n)[1:]


def kenyan_contacts(count: int, start: int = 0) -> list[dict[str, str]]:
    """*count* contacts numbered from *start*: names cycle through common Kenyan names (every
    17th × 15th combination is unique), every third has an email."""
    rows = []
    for n in range(start, start + count):
        first, last = FIRST[n % len(FIRST)], LAST[(n // len(FIRST)) % len(LAST)]
        rows.append(
            {
                "phone": phone_of(n),
                "first_name": first,
                "last_name": f"{last}{n // (len(FIRST) * len(LAST)) or ''}",
                "email": f"{first.lower()}.{n}@example.co.ke" if n % 3 == 0 else "",
            }
        )
    return rows


def write_csv(rows: list[dict[str, str]], folder: Path | None = None) -> Path:
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 (closed below, kept on disk)
        "w", suffix=".csv", delete=False, newline="", encoding="utf-8", dir=folder
    )
    with handle:
        writer = csv.DictWriter(handle, fieldnames=["phone", "first_name", "last_name", "email"])
        writer.writeheader()
        writer.writerows(rows)
    return Path(handle.name)


async def upload(client: Any, rows: list[dict[str, str]], folder: Path | None = None) -> None:
    """Put *rows* on the sandbox through the upload endpoint (imported in file order: the
    last row is the newest contact)."""
    path = write_csv(rows, folder)
    try:
        accepted = await client.upload_contacts(path)
        status = await client.wait_for_upload(accepted.upload_uuid, interval=0.05, timeout=300)
        assert (status.status, status.imported) == ("completed", len(rows)), status
    finally:
        path.unlink()
