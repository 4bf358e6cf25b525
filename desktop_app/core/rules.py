"""The rules Kenyan senders live under, as plain functions (no I/O, no Qt).

- A send is **promotional** (offers, sales, new stock) or **transactional** (receipts,
  reminders, delivery notices). The Communications Authority's rules for promotional SMS:
  sent only between 08:00 and 18:00 local time, always with a way to opt out, and never to
  someone who has opted out (the opt-out list is in the store).
- The **opt-out line** tells the customer how to stop promotions: "STOP", or the network's
  opt-out code (*456*9*5# on Safaricom). :func:`has_opt_out_line` recognises one in a text;
  :func:`with_opt_out_line` adds the account's.

Times handed to these functions are aware datetimes in the computer's local time (the
shop's clock): "08:00" is the shop's morning, whatever the store (UTC) says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from enum import StrEnum

from desktop_app.core import cost

__all__ = [
    "DEFAULT_OPT_OUT_LINE",
    "MAX_OPT_OUT_LINE",
    "PROMO_END",
    "PROMO_START",
    "OptOutLineChange",
    "SendCategory",
    "has_opt_out_line",
    "local_now",
    "next_promo_start",
    "opt_out_line_change",
    "with_opt_out_line",
    "within_promo_hours",
]


class SendCategory(StrEnum):
    PROMOTIONAL = "promotional"  # offers, sales, new stock: the promotional rules apply
    TRANSACTIONAL = "transactional"  # receipts, reminders, notices to a customer


#: Promotional messages may go out from 08:00 (inclusive) until 18:00 (exclusive), local time.
PROMO_START = time(8, 0)
PROMO_END = time(18, 0)

#: The line added when the user asks for one, until the account sets its own: the word
#: customers reply with, and Safaricom's code that blocks promotions from every sender.
DEFAULT_OPT_OUT_LINE = "STOP: *456*9*5#"
MAX_OPT_OUT_LINE = 60

# "STOP" as a word in capitals ("Reply STOP", "Tuma STOP kwa 22384"; "don't stop" is not one),
# the network's opt-out code, or the Kiswahili / English words for opting out.
_OPT_OUT = re.compile(
    r"(?<![A-Za-z])STOP(?![A-Za-z])|\*456\*9\*5#|kujiondoa|opt[ -]?out|unsubscribe",
)
_OPT_OUT_WORDS = re.compile(r"kujiondoa|opt[ -]?out|unsubscribe", re.IGNORECASE)


def local_now() -> datetime:
    """Now, in the computer's local time zone (aware)."""
    return datetime.now().astimezone()


def _local(at: datetime) -> datetime:
    return at.astimezone() if at.tzinfo is None else at


def within_promo_hours(at: datetime) -> bool:
    """True when a promotional message may go out at *at* (08:00 ≤ local time < 18:00)."""
    clock = _local(at).timetz().replace(tzinfo=None)
    return PROMO_START <= clock < PROMO_END


def next_promo_start(at: datetime) -> datetime:
    """The next moment promotions may go out, from *at*: *at* itself inside the hours, else
    08:00 of the same day (before 08:00) or of the next day (from 18:00)."""
    at = _local(at)
    if within_promo_hours(at):
        return at
    morning = at.replace(hour=PROMO_START.hour, minute=0, second=0, microsecond=0)
    if at.timetz().replace(tzinfo=None) < PROMO_START:
        return morning
    # Aware arithmetic keeps the wall clock: 08:00 of the next calendar day.
    return morning + timedelta(days=1)


def has_opt_out_line(text: str) -> bool:
    """True when *text* already tells the customer how to stop promotions."""
    return bool(_OPT_OUT.search(text) or _OPT_OUT_WORDS.search(text))


def with_opt_out_line(text: str, line: str = DEFAULT_OPT_OUT_LINE) -> str:
    """*text* with *line* on a line of its own at the end (unchanged if it has one)."""
    if has_opt_out_line(text):
        return text
    body = text.rstrip()
    return f"{body}\n{line.strip()}" if body else line.strip()


@dataclass(frozen=True)
class OptOutLineChange:
    """What adding the opt-out line does to a send's cost."""

    text: str  # the text with the line
    parts_before: int
    parts_after: int
    credits_before: int
    credits_after: int

    @property
    def extra_credits(self) -> int:
        return self.credits_after - self.credits_before


def opt_out_line_change(text: str, recipients: int, line: str) -> OptOutLineChange:
    """The text with *line* added, and the parts and credits before and after for
    *recipients* people (a personalised text: counted as written, merge fields unfilled)."""
    after = with_opt_out_line(text, line)
    count = max(1, recipients)
    before_cost = cost.estimate(text, count)
    after_cost = cost.estimate(after, count)
    return OptOutLineChange(
        text=after,
        parts_before=before_cost.parts,
        parts_after=after_cost.parts,
        credits_before=before_cost.credits,
        credits_after=after_cost.credits,
    )
