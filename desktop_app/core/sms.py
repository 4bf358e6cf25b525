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

import re
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
# Besides Tuma's own entries, this covers Twilio's Smart Encoding table ("List of characters
# replaced by Smart Encoding", twilio.com/docs/messaging/services/smart-encoding-char-list, as
# reproduced in TwilioDevEd/message-segment-calculator src/libs/SmartEncodingMap.ts) and the
# whole fullwidth ASCII block. Where Twilio differs, Tuma's choice stands: ‹ › stay "'" (Twilio
# swaps them to "> <"), ‚ stays "'" (a quote, not a comma), tab and unusual spaces become one
# space (not seven or two) and U+2028/U+2029 stay line breaks.
# Never touched: anything already GSM, emoji and their joiners (U+200D ZWJ, U+FE0F variation
# selector; ‼ and ✳ followed by U+FE0F are the emoji and stay), letters of other scripts,
# accented letters outside Latin-1 (ł, ş, ő, ...), which keep the message in UCS-2 rather than
# being silently changed, and combining marks: Twilio maps some (U+0302 -> "^", U+0303 -> "~",
# U+0326 -> ",", ...), but in decomposed text they are accents, and "señor" would become
# "sen~or".
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
    "\u02b9": "'",  # ʹ modifier letter prime
    "\u02bb": "'",  # ʻ modifier letter turned comma
    "\u02bd": "'",  # ʽ modifier letter reversed comma
    "\u02c8": "'",  # ˈ modifier letter vertical line
    "\u02ca": "'",  # ˊ modifier letter acute accent
    "\u02cb": "'",  # ˋ modifier letter grave accent
    "\u275b": "'",  # ❛ heavy single turned comma quotation mark ornament
    "\u275c": "'",  # ❜ heavy single comma quotation mark ornament
    "\ufe10": "'",  # ︐ presentation form for vertical comma
    "\ufe11": "'",  # ︑ presentation form for vertical ideographic comma
    "\uff40": "'",  # ｀ fullwidth grave accent (ASCII ` is not GSM either)
    # double quotes
    "\u201c": '"',  # “
    "\u201d": '"',  # ”
    "\u201e": '"',  # „
    "\u201f": '"',  # ‟
    "\u2033": '"',  # ″ double prime
    "\u00ab": '"',  # «
    "\u00bb": '"',  # »
    "\u02ba": '"',  # ʺ modifier letter double prime
    "\u02ee": '"',  # ˮ modifier letter double apostrophe
    "\u275d": '"',  # ❝ heavy double turned comma quotation mark ornament
    "\u275e": '"',  # ❞ heavy double comma quotation mark ornament
    "\u301d": '"',  # 〝 reversed double prime quotation mark
    "\u301e": '"',  # 〞 double prime quotation mark
    # dashes, hyphens, minus
    "\u2010": "-",  # hyphen
    "\u2011": "-",  # non-breaking hyphen
    "\u2012": "-",  # figure dash
    "\u2013": "-",  # – en dash
    "\u2014": "-",  # — em dash
    "\u2015": "-",  # ― horizontal bar
    "\u2212": "-",  # − minus sign
    "\u23bc": "-",  # ⎼ horizontal scan line-7
    "\u23bd": "-",  # ⎽ horizontal scan line-9
    # bullets
    "\u2022": "-",  # •
    "\u2023": "-",  # ‣
    "\u2043": "-",  # ⁃ hyphen bullet
    "\u2219": "-",  # ∙ bullet operator
    "\u25e6": "-",  # ◦ white bullet
    "\u00b7": "-",  # · middle dot (used as a bullet/separator)
    # ellipsis, double exclamation mark (‼ followed by U+FE0F is the emoji: see _EMOJI_CAPABLE)
    "\u2026": "...",
    "\u203c": "!!",  # ‼
    # fractions and division (a fraction right after a digit gets a space: "2½" -> "2 1/2")
    "\u00bc": "1/4",  # ¼
    "\u00bd": "1/2",  # ½
    "\u00be": "3/4",  # ¾
    "\u00f7": "/",  # ÷ division sign
    "\u2044": "/",  # ⁄ fraction slash
    "\u2215": "/",  # ∕ division slash
    "\u29f8": "/",  # ⧸ big solidus
    "\u29f5": "\\",  # ⧵ reverse solidus operator
    "\u29f9": "\\",  # ⧹ big reverse solidus
    # vertical lines
    "\u2223": "|",  # ∣ divides
    "\u239c": "|",  # ⎜ left parenthesis extension
    "\u239f": "|",  # ⎟ right parenthesis extension
    "\u23b8": "|",  # ⎸ left vertical box line
    "\u23b9": "|",  # ⎹ right vertical box line
    "\u23d0": "|",  # ⏐ vertical line extension
    # other punctuation and symbols with a GSM twin
    "\u2017": "_",  # ‗ double low line
    "\u01c3": "!",  # ǃ Latin letter retroflex click
    "\u204f": ";",  # ⁏ reversed semicolon
    "\u02d0": ":",  # ː modifier letter triangular colon
    "\u02f8": ":",  # ˸ modifier letter raised colon
    "\u2982": ":",  # ⦂ Z notation type colon
    "\ua789": ":",  # ꞉ modifier letter colon
    "\u02d6": "+",  # ˖ modifier letter plus sign
    "\ua78a": "=",  # ꞊ modifier letter short equals sign
    "\u02f7": "~",  # ˷ modifier letter low tilde
    "\u223c": "~",  # ∼ tilde operator
    # ornamental and mathematical brackets
    "\u2768": "(",  # ❨ medium left parenthesis ornament
    "\u276a": "(",  # ❪ medium flattened left parenthesis ornament
    "\u27ee": "(",  # ⟮ mathematical left flattened parenthesis
    "\u2985": "(",  # ⦅ left white parenthesis
    "\u2769": ")",  # ❩ medium right parenthesis ornament
    "\u276b": ")",  # ❫ medium flattened right parenthesis ornament
    "\u27ef": ")",  # ⟯ mathematical right flattened parenthesis
    "\u2986": ")",  # ⦆ right white parenthesis
    "\u2774": "{",  # ❴ medium left curly bracket ornament
    "\u2775": "}",  # ❵ medium right curly bracket ornament
    # asterisks (✳ followed by U+FE0F is the emoji: see _EMOJI_CAPABLE)
    "\u204e": "*",  # ⁎ low asterisk
    "\u2217": "*",  # ∗ asterisk operator
    "\u229b": "*",  # ⊛ circled asterisk operator
    **dict.fromkeys("\u2722\u2723\u2724\u2725", "*"),  # ✢ ✣ ✤ ✥ teardrop/balloon/club-spoked
    **dict.fromkeys("\u2731\u2732\u2733", "*"),  # ✱ heavy, ✲ open centre, ✳ eight spoked
    **dict.fromkeys("\u273a\u273b\u273c\u273d", "*"),  # ✺ ✻ ✼ ✽ sixteen-pointed/teardrop
    **dict.fromkeys("\u2743\u2749\u274a\u274b", "*"),  # ❃ ❉ ❊ ❋ pinwheel/balloon/propeller
    "\u29c6": "*",  # ⧆ squared asterisk
    # fullwidth ASCII U+FF01..U+FF5E -> ASCII (all GSM except ｀, mapped with the quotes above)
    **{chr(0xFEE0 + c): chr(c) for c in range(0x21, 0x7F) if chr(c) in GSM_CHARS},
    # small form variants (U+FE50..U+FE6B)
    "\ufe50": ",",  # ﹐
    "\ufe51": ",",  # ﹑ small ideographic comma
    "\ufe52": ".",  # ﹒
    "\ufe54": ";",  # ﹔
    "\ufe56": "?",  # ﹖
    "\ufe57": "!",  # ﹗
    "\ufe59": "(",  # ﹙
    "\ufe5a": ")",  # ﹚
    "\ufe5b": "{",  # ﹛
    "\ufe5c": "}",  # ﹜
    "\ufe5f": "#",  # ﹟
    "\ufe60": "&",  # ﹠
    "\ufe61": "*",  # ﹡
    "\ufe62": "+",  # ﹢
    "\ufe63": "-",  # ﹣
    "\ufe64": "<",  # ﹤
    "\ufe65": ">",  # ﹥
    "\ufe66": "=",  # ﹦
    "\ufe68": "\\",  # ﹨
    "\ufe69": "$",  # ﹩
    "\ufe6a": "%",  # ﹪
    "\ufe6b": "@",  # ﹫
    # vertical presentation forms
    "\ufe13": ":",  # ︓
    "\ufe14": ";",  # ︔
    "\ufe15": "!",  # ︕
    "\ufe16": "?",  # ︖
    # ideographic and halfwidth punctuation
    "\u3001": ",",  # 、 ideographic comma
    "\u3002": ".",  # 。 ideographic full stop
    "\uff61": ".",  # ｡ halfwidth ideographic full stop
    "\uff64": ",",  # ､ halfwidth ideographic comma
    # Latin letter small capitals (ᴀ ʙ ᴄ ..., "small caps" text) -> capital letters
    **dict(
        zip(
            "\u1d00\u0299\u1d04\u1d05\u1d07\ua730\u0262\u029c\u026a\u1d0a\u1d0b\u029f"
            "\u1d0d\u0274\u1d0f\u1d18\u0280\ua731\u1d1b\u1d1c\u1d20\u1d21\u028f\u1d22",
            "ABCDEFGHIJKLMNOPRSTUVWYZ",  # Twilio has no small capital Q or X
            strict=True,
        )
    ),
    # spaces: tab, no-break, typographic and ideographic spaces
    "\t": " ",
    "\u00a0": " ",
    "\u1680": " ",
    **{chr(c): " " for c in range(0x2000, 0x200B)},  # en quad .. hair space (incl. thin)
    "\u202f": " ",  # narrow no-break space
    "\u205f": " ",  # medium mathematical space
    "\u3000": " ",  # ideographic space
    # C1 controls that show as a blank (left behind by text decoded with the wrong code page)
    **dict.fromkeys("\x80\x8d\x90\x9b\x9f", " "),
    # invisible characters that only get in the way (removed)
    "\u200b": "",  # zero-width space
    "\u200c": "",  # zero-width non-joiner
    "\u2060": "",  # word joiner
    "\ufeff": "",  # zero-width no-break space / BOM
    "\u00ad": "",  # soft hyphen
    # C0 controls with no use in a message (removed; ESC and the line breaks are not here)
    **dict.fromkeys("\x00\x03\x04\x10\x11\x12\x13\x14\x17\x19", ""),
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

# ‼ and ✳ are also emoji: followed by U+FE0F (emoji presentation) they are left alone, so
# they are only ever replaced by the _TEXT_STYLE pass, never by the table or str.replace.
_EMOJI_CAPABLE: Final[frozenset[str]] = frozenset("\u203c\u2733")
_TEXT_STYLE: Final = re.compile("[\u203c\u2733](?!\ufe0f)")
# A vulgar fraction right after a digit (or another fraction) is a mixed number: "2½" must
# become "2 1/2", not "21/2".
_MIXED_FRACTION: Final = re.compile("(?<=[\\d\u00bc\u00bd\u00be])(?=[\u00bc\u00bd\u00be])")
_IN_CONTEXT: Final[frozenset[str]] = _EMOJI_CAPABLE | frozenset("\u00bc\u00bd\u00be")

_TO_GSM_TABLE: Final[dict[int, str]] = {
    ord(k): v for k, v in _LOOKALIKES.items() if k not in _EMOJI_CAPABLE
}
_LOOKALIKE_CHARS: Final[frozenset[str]] = frozenset(_LOOKALIKES)

# Invariants the conversion relies on: it never maps a GSM character, and it only maps to GSM.
assert not (_LOOKALIKE_CHARS & GSM_CHARS)
assert all(GSM_CHARS.issuperset(v) for v in _LOOKALIKES.values())
assert _IN_CONTEXT <= _LOOKALIKE_CHARS


def _text_style(match: re.Match[str]) -> str:
    return _LOOKALIKES[match.group()]


def to_gsm(text: str) -> str:
    """Replace look-alike characters with their GSM-7 equivalents; leave the rest alone.

    Curly, low-9, dingbat and fullwidth quotes, guillemets, modifier-letter apostrophes and
    primes, dashes, the minus sign, bullets, the ellipsis ("..."), ‼ ("!!"), ½ ¼ ¾ ("1/2" ...;
    "2½" becomes "2 1/2"), ÷ and the other slashes, fullwidth ASCII, small form variants,
    ornamental brackets and asterisks, small capitals, tabs and unusual spaces, invisible
    characters (zero-width space and non-joiner, soft hyphen, ...) and the Latin-1 accented
    letters that have no GSM form are replaced. Text that is already GSM comes back unchanged
    (the same object), and so do emoji and other scripts: a message that still needs UCS-2
    after this keeps those characters.
    """
    found = _LOOKALIKE_CHARS.intersection(text)
    if not found:
        return text
    if not _IN_CONTEXT.isdisjoint(found):
        text = _MIXED_FRACTION.sub(" ", text)
        text = _TEXT_STYLE.sub(_text_style, text)
        found -= _EMOJI_CAPABLE
    if len(found) > 8:
        return text.translate(_TO_GSM_TABLE)
    for ch in found:  # a few str.replace passes beat one dict-driven translate
        text = text.replace(ch, _LOOKALIKES[ch])
    return text
