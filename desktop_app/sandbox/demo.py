"""Demo data for the app's first run: a "Demo shop" account with credits, sample contacts,
WhatsApp templates and opt-ins, and a survey, so the app works with no real account."""

from __future__ import annotations

from dataclasses import dataclass, field

import httpx

from desktop_app.sandbox.admin import SandboxAdmin
from desktop_app.sandbox.service import SHARED_SENDER_ID

DEMO_NAME = "Demo shop"
DEMO_SENDER_IDS = ["TUMA"]
DEMO_BALANCE = 500

_FIRST = [
    "Amina",
    "Brian",
    "Chebet",
    "David",
    "Esther",
    "Faith",
    "George",
    "Halima",
    "Ian",
    "Joy",
    "Kevin",
    "Lydia",
    "Moses",
    "Njeri",
    "Otieno",
    "Purity",
    "Quincy",
    "Rehema",
    "Samuel",
    "Terry",
    "Umi",
    "Victor",
    "Wanjiku",
    "Yusuf",
    "Zawadi",
    "Achieng",
    "Baraka",
    "Cynthia",
    "Dennis",
    "Eunice",
    "Francis",
    "Grace",
    "Hassan",
    "Irene",
    "James",
    "Kendi",
    "Lilian",
    "Mwangi",
    "Nafula",
    "Omondi",
]
_LAST = [
    "Otieno",
    "Kamau",
    "Kiprop",
    "Mutua",
    "Wambui",
    "Njoroge",
    "Odhiambo",
    "Abdi",
    "Kariuki",
    "Chepkoech",
    "Ouma",
    "Nyambura",
    "Kiplagat",
    "Wanjiru",
    "Onyango",
    "Achieng",
    "Musyoka",
    "Mohamed",
    "Karanja",
    "Atieno",
    "Said",
    "Mwende",
    "Waweru",
    "Hussein",
    "Jeptoo",
    "Adhiambo",
    "Kimani",
    "Nekesa",
    "Ochieng",
    "Moraa",
    "Kibet",
    "Akinyi",
    "Ali",
    "Gathoni",
    "Macharia",
    "Makena",
    "Wafula",
    "Githinji",
    "Barasa",
    "Okoth",
]
_PREFIXES = ["0712", "0722", "0733", "0701", "0110", "0745", "0757", "0768", "0790", "0111"]
_NOTES = ["Buys every Friday", "Wholesale customer", "Prefers Swahili", None, None]


@dataclass(frozen=True)
class DemoAccount:
    account_id: str
    token: str = field(repr=False)  # a secret: never in a repr, a log line or a traceback
    sender_ids: list[str]


def demo_contacts() -> list[dict[str, str | None]]:
    contacts: list[dict[str, str | None]] = []
    for index, (first, last) in enumerate(zip(_FIRST, _LAST, strict=True)):
        number = f"{_PREFIXES[index % len(_PREFIXES)]}{(index * 7919 + 104729) % 1000000:06d}"
        contacts.append(
            {
                "phone": number,
                "first_name": first,
                "last_name": last,
                "email": f"{first.lower()}.{last.lower()}@example.co.ke"
                if index % 3 == 0
                else None,
                "notes": _NOTES[index % len(_NOTES)],
            }
        )
    return contacts


def _populate(admin: SandboxAdmin, account_id: str, token: str) -> None:
    with httpx.Client(
        base_url=admin.base_url,
        headers={"Authorization": f"Bearer {token}"},
        timeout=30.0,
        trust_env=False,
    ) as client:
        for contact in demo_contacts():
            response = client.post("/api/v1/contacts", json=contact)
            if response.status_code not in (201, 409):
                response.raise_for_status()
    admin.add_template(account_id, "order_ready", "en")
    admin.add_template(account_id, "order_ready", "sw")
    admin.add_template(account_id, "payment_received", "en")
    admin.add_template(account_id, "weekly_offers", "en", approved=False)
    for contact in demo_contacts()[:10]:
        phone = contact["phone"]
        assert phone is not None
        admin.add_optin(account_id, phone)
    admin.add_survey(account_id, "customer-satisfaction", "How was your visit?")


def ensure_demo_account(admin: SandboxAdmin, shared_sender: str = SHARED_SENDER_ID) -> DemoAccount:
    """Creates the demo account once (found again by name later) and mints a fresh scoped
    token with every scope on each call. Its sender IDs end with the sandbox's shared one
    (`SandboxProcess.shared_sender`)."""
    existing = [a for a in admin.list_accounts() if a.get("name") == DEMO_NAME]
    if existing:
        account_id = str(existing[0]["id"])
        token = admin.create_token(account_id, kind="scoped")
    else:
        account_id = admin.create_account(DEMO_NAME, DEMO_BALANCE, DEMO_SENDER_IDS)
        token = admin.create_token(account_id, kind="scoped")
        _populate(admin, account_id, token)
    return DemoAccount(account_id, token, [*DEMO_SENDER_IDS, shared_sender])
