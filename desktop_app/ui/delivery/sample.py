"""The screenshots' sample history: a small shop's last weeks of sends (what it sent, to how
many, how many failed and why), written into the practice store of ``--screenshots`` only.
Message texts are the shop's, not the interface's: they are not translated."""

from __future__ import annotations

from desktop_app.core.services.delivery import BroadcastKind, SampleSend

__all__ = ["SAMPLES"]

SAMPLES: tuple[SampleSend, ...] = (
    (
        26 * 24,
        BroadcastKind.BULK,
        "DUKA_AMANI",
        "Habari! Duka la Amani is open on Sunday 9am-4pm this month. Karibu!",
        180,
        ("AbsentSubscriber",) * 4 + ("SenderBlacklisted",),
        0,
    ),
    (
        19 * 24,
        BroadcastKind.BULK,
        "DUKA_AMANI",
        "Ofa ya wiki: unga 2kg KES 180, mafuta 1L KES 290, sukari 1kg KES 150. "
        "Offer ends Saturday. Duka la Amani, Tom Mboya St.",
        320,
        ("AbsentSubscriber",) * 9 + ("UserInBlacklist",) * 2 + ("InvalidMsisdn",),
        0,
    ),
    (
        11 * 24,
        BroadcastKind.WHATSAPP,
        "",
        "WhatsApp template order_ready (en)",
        1,
        (),
        0,
    ),
    (
        6 * 24,
        BroadcastKind.BULK,
        "DUKA_AMANI",
        "Asante for shopping with us! Show this SMS at the till for 5% off your next visit.",
        240,
        ("AbsentSubscriber",) * 6 + ("SenderBlacklisted",) * 3 + ("Expired",),
        0,
    ),
    (
        3 * 24,
        BroadcastKind.SURVEY,
        "",
        "Survey customer-satisfaction",
        60,
        (),
        0,
    ),
    (
        20,
        BroadcastKind.BULK,
        "DUKA_AMANI",
        "Fresh sukuma, nyanya na vitunguu leo! 3 bunches KES 100 until 4pm. Karibu sana.",
        260,
        ("AbsentSubscriber",) * 7 + ("SenderBlacklisted",) * 2 + ("DeliveryImpossible",),
        0,
    ),
    (
        1,
        BroadcastKind.BULK,
        "DUKA_AMANI",
        "Reminder: school shoes and uniforms now in stock. Sizes 28-44. Lipa na M-Pesa.",
        150,
        ("AbsentSubscriber",) * 2,
        31,
    ),
)
