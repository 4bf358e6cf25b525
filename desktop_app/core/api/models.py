"""Small typed results of the API client (never raw dicts)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from desktop_app.core.delivery import DeliveryStatus


@dataclass(frozen=True)
class SendResult:
    """An accepted send. Only ``message_id`` is guaranteed by the real service; the other
    fields are ``None``/empty when it leaves them out."""

    message_id: str
    recipients: int | None = None
    invalid: tuple[str, ...] = ()  # numbers skipped, exactly as given, in request order
    parts: int | None = None  # parts per message (the largest, for personalised sends)
    cost: int | None = None  # billed parts (v2 single send)
    tracking_id: str | None = None
    service_message: str = ""


@dataclass(frozen=True)
class Balance:
    credits: float


@dataclass(frozen=True)
class AccountDetails:
    credits: float
    sms_rate: float | None = None  # price per part in ``currency``
    currency: str | None = None


@dataclass(frozen=True)
class DeliveryRecord:
    """One recipient of a message. ``raw_status`` is the wording as received (the network's
    own, from the nested ``deliveryStatus`` when present); ``status`` its normalised form."""

    message_id: str
    phone: str
    status: DeliveryStatus
    raw_status: str
    delivered_at: datetime | None = None
    reason: str | None = None


@dataclass(frozen=True)
class Contact:
    uuid: str
    phone: str
    first_name: str | None = None
    last_name: str | None = None
    email: str | None = None
    notes: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None

    @property
    def display_name(self) -> str:
        """Full name when known, else the phone number."""
        name = " ".join(p.strip() for p in (self.first_name, self.last_name) if p and p.strip())
        return name or self.phone


@dataclass(frozen=True)
class ContactPage:
    contacts: tuple[Contact, ...]
    page: int
    page_size: int
    total: int
    total_pages: int


@dataclass(frozen=True)
class UploadAccepted:
    upload_uuid: str
    status: str
    total: int | None = None


@dataclass(frozen=True)
class UploadRowError:
    row: int
    phone: str | None
    reason: str


@dataclass(frozen=True)
class UploadStatus:
    uuid: str
    status: str  # processing, completed or failed
    total: int | None = None
    imported: int | None = None
    failed: int | None = None
    created_at: datetime | None = None
    errors: tuple[UploadRowError, ...] = field(default=())

    @property
    def settled(self) -> bool:
        return self.status in ("completed", "failed")


__all__ = [
    "AccountDetails",
    "Balance",
    "Contact",
    "ContactPage",
    "DeliveryRecord",
    "SendResult",
    "UploadAccepted",
    "UploadRowError",
    "UploadStatus",
]
