"""SMS encoding and segment counting (GSM 03.38 / 3GPP TS 23.038).

A message is sent as GSM-7 when every character is in the GSM-7 default alphabet or its
extension table, otherwise as UCS-2 (UTF-16).

- GSM-7: one part holds 160 septets; a multi-part message holds 153 per part (the rest is the
  concatenation header). An extension-table character (``^ { } \\ [ ~ ] | €`` and form feed)
  is sent as ESC + char and takes two septets; a part never splits that pair, so a part may
  hold 152.
- UCS-2: one part holds 70 UTF-16 code units, a multi-part message 67 per part. A character
  outside the Basic Multilingual Plane (most emoji) is a surrogate pair of two units; a part
  never splits a pair, so a part may hold 66.

Parts are counted by packing greedily (the way handsets and SMSCs split), not by division.

``analyse`` runs on every keystroke, so it never loops over characters in Python: ASCII text
is checked with ``bytes.translate``, other text with set algebra and ``str.count``, and the
packing loop runs once per part (on a string with each escape marked, or on UTF-16 bytes).

Line endings are counted as given (``"\\r\\n"`` is two characters, both GSM); the UI calls
``normalize_newlines`` first.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final, Literal

__all__ = [
    "GSM_BASIC",
    "GSM_CHARS",
    "GSM_EXTENSION",
    "MessageInfo",
    "analyse",
    "is_gsm",
    "normalize_newlines",
    "parts",
    "to_gsm",
]

# 3GPP TS 23.038 section 6.2.1, default alphabet, in code order 0x00..0x7F.
# 0x1B is the escape to the extension table, not a character of its own (it is left out).
_BASIC_TABLE: Final = (
    "@£$¥èéùìòÇ\nØø\rÅå"  # 0x00-0x0F (0x09 is capital Ç)
    "Δ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ"  # 0x10-0x1F (0x1B = ESC)
    " !\"#¤%&'()*+,-./"  # 0x20-0x2F
    "0123456789:;<=>?"  # 0x30-0x3F
    "¡ABCDEFGHIJKLMNO"  # 0x40-0x4F
    "PQRSTUVWXYZÄÖÑÜ§"  # 0x50-0x5F
    "¿abcdefghijklmno"  # 0x60-0x6F
    "pqrstuvwxyzäöñüà"  # 0x70-0x7F
)
# 3GPP TS 23.038 section 6.2.1.1, extension table (each sent as ESC + code).
_EXTENSION_TABLE: Final = "\f^{}\\[~]|€"  # 0x0A 0x14 0x28 0x29 0x2F 0x3C 0x3D 0x3E 0x40 0x65

GSM_BASIC: Final[frozenset[str]] = frozenset(_BASIC_TABLE) - {"\x1b"}
GSM_EXTENSION: Final[frozenset[str]] = frozenset(_EXTENSION_TABLE)
GSM_CHARS: Final[frozenset[str]] = GSM_BASIC | GSM_EXTENSION

GSM_SINGLE: Final = 160
GSM_MULTI: Final = 153
UCS2_SINGLE: Final = 70
UCS2_MULTI: Final = 67

Encoding = Literal["GSM-7", "UCS-2"]


@dataclass(frozen=True)
class MessageInfo:
    """What a text costs and how much room is left.

    ``units`` are GSM-7 septets (extension characters count 2) or UTF-16 code units.
    ``units_left`` is the room left in the last part (160 for an empty text, 0 when the last
    part is exactly full). ``part_size`` is the capacity of one part for this message
    (160/153 or 70/67). ``non_gsm`` lists the distinct characters that force UCS-2, in order
    of first appearance.
    """

    encoding: Encoding
    parts: int
    units: int
    units_left: int
    non_gsm: tuple[str, ...]
    characters: int
    part_size: int


_EMPTY: Final = MessageInfo(
    encoding="GSM-7",
    parts=0,
    units=0,
    units_left=GSM_SINGLE,
    non_gsm=(),
    characters=0,
    part_size=GSM_SINGLE,
)


# ASCII members of the tables, for the all-ASCII fast path (bytes.translate deletes in C).
_ASCII_BASIC: Final = bytes(sorted(ord(c) for c in GSM_BASIC if ord(c) < 0x80))
_ASCII_EXTENSION: Final = bytes(sorted(ord(c) for c in GSM_EXTENSION if ord(c) < 0x80))
_ASCII_GSM: Final = _ASCII_BASIC + _ASCII_EXTENSION


def _result(
    encoding: Encoding,
    text: str,
    units: int,
    n: int,
    last: int,
    size: int,
    non_gsm: tuple[str, ...],
) -> MessageInfo:
    return MessageInfo(
        encoding=encoding,
        parts=n,
        units=units,
        units_left=size - last,
        non_gsm=non_gsm,
        characters=len(text),
        part_size=size,
    )


def _gsm(text: str, units: int, extension: Collection[str]) -> MessageInfo:
    """GSM-7 result; ``extension`` holds the distinct extension characters in ``text``."""
    if units <= GSM_SINGLE:
        return _result("GSM-7", text, units, 1, units, GSM_SINGLE, ())
    if not extension:
        n = -(-units // GSM_MULTI)
        return _result("GSM-7", text, units, n, units - GSM_MULTI * (n - 1), GSM_MULTI, ())
    # One character per septet: each extension character preceded by its escape (ESC is
    # not a GSM character of its own, so it cannot already be in the text).
    septets = text
    for ch in extension:
        septets = septets.replace(ch, "\x1b" + ch)
    n, start = 1, 0
    while units - start > GSM_MULTI:
        end = start + GSM_MULTI
        if septets[end - 1] == "\x1b":  # never split ESC from its character
            end -= 1
        n, start = n + 1, end
    return _result("GSM-7", text, units, n, units - start, GSM_MULTI, ())


def _ucs2(text: str, units: int, pairs: Collection[str], bad: set[str]) -> MessageInfo:
    """UCS-2 result; ``bad``: the distinct non-GSM characters, ``pairs``: those outside the BMP."""
    non_gsm = tuple(sorted(bad, key=text.index)) if len(bad) > 1 else tuple(bad)
    if units <= UCS2_SINGLE:
        return _result("UCS-2", text, units, 1, units, UCS2_SINGLE, non_gsm)
    if not pairs:
        n = -(-units // UCS2_MULTI)
        return _result("UCS-2", text, units, n, units - UCS2_MULTI * (n - 1), UCS2_MULTI, non_gsm)
    # Little-endian UTF-16: the high byte of code unit i is at 2*i + 1.
    data = text.encode("utf-16-le", "surrogatepass")
    n, start = 1, 0
    while units - start > UCS2_MULTI:
        end = start + UCS2_MULTI
        # never split a surrogate pair: a high surrogate (D8-DB) then a low one (DC-DF)
        if 0xD8 <= data[2 * end - 1] <= 0xDB and 0xDC <= data[2 * end + 1] <= 0xDF:
            end -= 1
        n, start = n + 1, end
    return _result("UCS-2", text, units, n, units - start, UCS2_MULTI, non_gsm)


def analyse(text: str) -> MessageInfo:
    """Encoding, parts and room left for ``text`` (counted exactly as given)."""
    if not text:
        return _EMPTY
    if text.isascii():
        # Delete every basic-table byte (in C); what is left is extension or non-GSM.
        rest = text.encode("ascii").translate(None, _ASCII_BASIC)
        if not rest:
            return _gsm(text, len(text), ())
        odd = rest.translate(None, _ASCII_EXTENSION)
        if not odd:
            return _gsm(text, len(text) + len(rest), set(rest.decode("ascii")))
        return _ucs2(text, len(text), (), set(odd.decode("ascii")))
    distinct = set(text)
    bad = distinct - GSM_CHARS
    if not bad:
        extension = distinct & GSM_EXTENSION
        units = len(text)
        for ch in extension:
            units += text.count(ch)
        return _gsm(text, units, extension)
    pairs = [ch for ch in bad if ch > "\uffff"]  # outside the BMP: a UTF-16 surrogate pair
    units = len(text)
    for ch in pairs:
        units += text.count(ch)
    return _ucs2(text, units, pairs, bad)


def is_gsm(text: str) -> bool:
    """True when ``text`` can be sent as GSM-7 (default alphabet + extension table)."""
    if text.isascii():
        return not text.encode("ascii").translate(None, _ASCII_GSM)
    return GSM_CHARS.issuperset(text)


def parts(text: str) -> int:
    """Number of SMS parts ``text`` takes (0 for an empty text)."""
    return analyse(text).parts


def normalize_newlines(text: str) -> str:
    """``\\r\\n`` and lone ``\\r`` become ``\\n`` (one GSM character per line break)."""
    if "\r" not in text:
        return text
    return text.replace("\r\n", "\n").replace("\r", "\n")


# Look-alikes -> GSM-7. Conservative: only characters whose GSM stand-in is unambiguous.
# Never touched: anything already GSM, emoji and their joiners (U+200D ZWJ, U+FE0F variation
# selector), letters of other scripts, and accented letters outside Latin-1 (ł, ş, ő, ...),
# which keep the message in UCS-2 rather than being silently changed.
_LOOKALIKES: Final[dict[str, str]] = {
    # single quotes, apostrophes, primes, grave/acute accents used as apostrophes
    "\u2018": "'",  # ‘
    "\u2019": "'",  # ’
    "\u201a": "'",  # ‚
    "\u201b": "'",  # ‛
    "\u2032": "'",  # ′ prime
    "\u02bc": "'",  # ʼ modifier letter apostrophe
    "`": "'",
    "\u00b4": "'",  # ´ acute accent
    "\u2039": "'",  # ‹
    "\u203a": "'",  # ›
    # double quotes
    "\u201c": '"',  # “
    "\u201d": '"',  # ”
    "\u201e": '"',  # „
    "\u201f": '"',  # ‟
    "\u2033": '"',  # ″ double prime
    "\u00ab": '"',  # «
    "\u00bb": '"',  # »
    # dashes, hyphens, minus
    "\u2010": "-",  # hyphen
    "\u2011": "-",  # non-breaking hyphen
    "\u2012": "-",  # figure dash
    "\u2013": "-",  # – en dash
    "\u2014": "-",  # — em dash
    "\u2015": "-",  # ― horizontal bar
    "\u2212": "-",  # − minus sign
    # bullets
    "\u2022": "-",  # •
    "\u2023": "-",  # ‣
    "\u2043": "-",  # ⁃ hyphen bullet
    "\u2219": "-",  # ∙ bullet operator
    "\u25e6": "-",  # ◦ white bullet
    "\u00b7": "-",  # · middle dot (used as a bullet/separator)
    # ellipsis
    "\u2026": "...",
    # spaces: tab, no-break, typographic and ideographic spaces
    "\t": " ",
    "\u00a0": " ",
    "\u1680": " ",
    **{chr(c): " " for c in range(0x2000, 0x200B)},  # en quad .. hair space (incl. thin)
    "\u202f": " ",  # narrow no-break space
    "\u205f": " ",  # medium mathematical space
    "\u3000": " ",  # ideographic space
    # invisible characters that only get in the way (removed)
    "\u200b": "",  # zero-width space
    "\u2060": "",  # word joiner
    "\ufeff": "",  # zero-width no-break space / BOM
    "\u00ad": "",  # soft hyphen
    # other line breaks
    "\u2028": "\n",  # line separator
    "\u2029": "\n",  # paragraph separator
    "\u0085": "\n",  # next line
    # spacing modifiers / symbols with a GSM twin
    "\u02c6": "^",  # ˆ
    "\u02dc": "~",  # ˜
    "\u2206": "Δ",  # ∆ increment -> Greek capital delta
    "\u2126": "Ω",  # Ω ohm sign -> Greek capital omega
    # Latin-1 accented letters with no GSM form -> base letter (French, Spanish,
    # Portuguese, German names). GSM has à è é ì ò ù Ä Ö Ñ Ü ä ö ñ ü Å å Ç É and keeps them.
    "á": "a",
    "â": "a",
    "ã": "a",
    "ç": "c",
    "ê": "e",
    "ë": "e",
    "í": "i",
    "î": "i",
    "ï": "i",
    "ó": "o",
    "ô": "o",
    "õ": "o",
    "ú": "u",
    "û": "u",
    "ý": "y",
    "ÿ": "y",
    "À": "A",
    "Á": "A",
    "Â": "A",
    "Ã": "A",
    "È": "E",
    "Ê": "E",
    "Ë": "E",
    "Ì": "I",
    "Í": "I",
    "Î": "I",
    "Ï": "I",
    "Ò": "O",
    "Ó": "O",
    "Ô": "O",
    "Õ": "O",
    "Ù": "U",
    "Ú": "U",
    "Û": "U",
    "Ý": "Y",
}

_TO_GSM_TABLE: Final[dict[int, str]] = {ord(k): v for k, v in _LOOKALIKES.items()}
_LOOKALIKE_CHARS: Final[frozenset[str]] = frozenset(_LOOKALIKES)

# Invariants the conversion relies on: it never maps a GSM character, and it only maps to GSM.
assert not (_LOOKALIKE_CHARS & GSM_CHARS)
assert all(GSM_CHARS.issuperset(v) for v in _LOOKALIKES.values())


def to_gsm(text: str) -> str:
    """Replace look-alike characters with their GSM-7 equivalents; leave the rest alone.

    Curly quotes, guillemets, dashes, the minus sign, bullets, the ellipsis ("..."), tabs and
    unusual spaces, a few invisible characters and the Latin-1 accented letters that have no
    GSM form are replaced. Text that is already GSM comes back unchanged, and so do emoji
    and other scripts: a message that still needs UCS-2 after this keeps those characters.
    """
    found = _LOOKALIKE_CHARS.intersection(text)
    if not found:
        return text
    if len(found) > 8:
        return text.translate(_TO_GSM_TABLE)
    for ch in found:  # a few str.replace passes beat one dict-driven translate
        text = text.replace(ch, _LOOKALIKES[ch])
    return text
