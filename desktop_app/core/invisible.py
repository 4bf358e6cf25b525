"""Characters nobody sees that copying a number or a name brings along.

WhatsApp wraps each number it shows in direction marks (U+202A … U+202C); web pages, Word
and Excel add zero-width spaces, joiners, soft hyphens and byte-order marks. Pasted into a
phone box or a search, they make "+254 712 345678" look right and match nothing. Dropped
wherever a number or a search is read (``phones``, ``ContactQuery``). Kept light (no
imports) so the contacts grid need not load phonenumbers to clean a search.
"""

from __future__ import annotations

from typing import Final

__all__ = ["INVISIBLE", "without_invisible"]

INVISIBLE: Final = (
    "\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"
    + "".join(map(chr, range(0x202A, 0x202F)))  # embeddings and overrides
    + "".join(map(chr, range(0x2066, 0x206A)))  # isolates
)
_DELETE: Final = str.maketrans("", "", INVISIBLE)


def without_invisible(text: str) -> str:
    """*text* without the characters nobody sees (``INVISIBLE``)."""
    return text.translate(_DELETE)
