"""core.sms against the GSM 03.38 / 3GPP TS 23.038 tables and segment-calculator behaviour.

The tables below are written out independently of the module (code point by code point from
TS 23.038 6.2.1 and 6.2.1.1) so that a typo in one is caught by the other.
"""

from __future__ import annotations

import random
import unicodedata

import pytest

from desktop_app.core.sms import (
    GSM_CHARS,
    MessageInfo,
    analyse,
    is_gsm,
    normalize_newlines,
    parts,
    to_gsm,
)

# TS 23.038 6.2.1 default alphabet: GSM code -> Unicode (0x1B, the escape, has no character).
BASIC_TABLE: dict[int, str] = {
    0x00: "\u0040", 0x01: "\u00a3", 0x02: "\u0024", 0x03: "\u00a5", 0x04: "\u00e8",
    0x05: "\u00e9", 0x06: "\u00f9", 0x07: "\u00ec", 0x08: "\u00f2", 0x09: "\u00c7",
    0x0A: "\u000a", 0x0B: "\u00d8", 0x0C: "\u00f8", 0x0D: "\u000d", 0x0E: "\u00c5",
    0x0F: "\u00e5", 0x10: "\u0394", 0x11: "\u005f", 0x12: "\u03a6", 0x13: "\u0393",
    0x14: "\u039b", 0x15: "\u03a9", 0x16: "\u03a0", 0x17: "\u03a8", 0x18: "\u03a3",
    0x19: "\u0398", 0x1A: "\u039e", 0x1C: "\u00c6", 0x1D: "\u00e6", 0x1E: "\u00df",
    0x1F: "\u00c9", 0x20: "\u0020", 0x21: "\u0021", 0x22: "\u0022", 0x23: "\u0023",
    0x24: "\u00a4", 0x25: "\u0025", 0x26: "\u0026", 0x27: "\u0027", 0x28: "\u0028",
    0x29: "\u0029", 0x2A: "\u002a", 0x2B: "\u002b", 0x2C: "\u002c", 0x2D: "\u002d",
    0x2E: "\u002e", 0x2F: "\u002f",
    **{0x30 + i: chr(0x30 + i) for i in range(10)},  # 0-9
    0x3A: "\u003a", 0x3B: "\u003b", 0x3C: "\u003c", 0x3D: "\u003d", 0x3E: "\u003e",
    0x3F: "\u003f", 0x40: "\u00a1",
    **{0x41 + i: chr(0x41 + i) for i in range(26)},  # A-Z
    0x5B: "\u00c4", 0x5C: "\u00d6", 0x5D: "\u00d1", 0x5E: "\u00dc", 0x5F: "\u00a7",
    0x60: "\u00bf",
    **{0x61 + i: chr(0x61 + i) for i in range(26)},  # a-z
    0x7B: "\u00e4", 0x7C: "\u00f6", 0x7D: "\u00f1", 0x7E: "\u00fc", 0x7F: "\u00e0",
}  # fmt: skip

# TS 23.038 6.2.1.1 extension table (ESC + code): two septets each.
EXTENSION_TABLE: dict[int, str] = {
    0x0A: "\u000c", 0x14: "\u005e", 0x28: "\u007b", 0x29: "\u007d", 0x2F: "\u005c",
    0x3C: "\u005b", 0x3D: "\u007e", 0x3E: "\u005d", 0x40: "\u007c", 0x65: "\u20ac",
}  # fmt: skip

BASIC_CHARS = "".join(BASIC_TABLE.values())
EXT_CHARS = "".join(EXTENSION_TABLE.values())


def test_tables_are_complete() -> None:
    assert len(BASIC_TABLE) == 127  # 128 codes minus the escape
    assert len(set(BASIC_CHARS)) == 127
    assert len(EXTENSION_TABLE) == 10
    assert frozenset(BASIC_CHARS + EXT_CHARS) == GSM_CHARS


@pytest.mark.parametrize("ch", list(BASIC_CHARS), ids=[f"0x{c:02X}" for c in BASIC_TABLE])
def test_every_basic_char_is_one_septet(ch: str) -> None:
    info = analyse(ch)
    assert info == MessageInfo("GSM-7", 1, 1, 159, (), 1, 160)
    assert is_gsm(ch)


@pytest.mark.parametrize("ch", list(EXT_CHARS), ids=[f"ESC+0x{c:02X}" for c in EXTENSION_TABLE])
def test_every_extension_char_is_two_septets(ch: str) -> None:
    info = analyse(ch)
    assert info == MessageInfo("GSM-7", 1, 2, 158, (), 1, 160)
    assert analyse(ch * 80).parts == 1
    assert analyse(ch * 80 + "a").parts == 2


@pytest.mark.parametrize(
    ("ch", "units"),
    [
        ("ç", 1),  # lower-case c cedilla: 0x09 is the capital
        ("`", 1),
        ("\t", 1),
        ("\x00", 1),
        ("\x1b", 1),  # the escape itself is not a character a user can send
        ("\u00a0", 1),  # no-break space
        ("á", 1),
        ("ê", 1),
        ("í", 1),
        ("α", 1),  # Greek small letters are not in the table
        ("Α", 1),  # Greek capital alpha (looks like A, is not GSM)
        ("Ж", 1),
        ("ع", 1),
        ("中", 1),
        ("₹", 1),
        ("’", 1),
        ("“", 1),
        ("–", 1),
        ("…", 1),
        ("\u200b", 1),
        ("😀", 2),  # astral: a surrogate pair
        ("🇰🇪", 4),  # flag: two regional indicators, each a pair
        ("𝐀", 2),
    ],
)
def test_non_gsm_chars_force_ucs2(ch: str, units: int) -> None:
    info = analyse("Habari " + ch)
    assert info.encoding == "UCS-2"
    assert info.non_gsm == tuple(dict.fromkeys(ch))
    assert info.units == 7 + units
    assert info.part_size == 70
    assert not is_gsm(ch)


@pytest.mark.parametrize(
    "text",
    [
        "Habari za asubuhi! Karibu dukani kwetu, bei nafuu leo: unga Sh 120/=. Asante sana.",
        "Ndugu mteja, malipo yako ya KES 1,500 yamepokelewa. Nambari ya risiti: QW3X9K2. "
        "Piga 0712 345 678 kwa maswali.",
        "Mkutano wa chama ni Jumamosi saa nane mchana (2pm) @ ukumbi wa kanisa. Karibuni nyote!",
    ],
)
def test_swahili_text_is_pure_gsm(text: str) -> None:
    info = analyse(text)
    assert info.encoding == "GSM-7"
    assert info.units == len(text)
    assert info.non_gsm == ()
    assert is_gsm(text)


A, C, E, S = "a", "ç", "€", "😀"  # GSM, BMP non-GSM, extension, astral (surrogate pair)


@pytest.mark.parametrize(
    ("text", "encoding", "n_parts", "units", "units_left", "part_size"),
    [
        ("", "GSM-7", 0, 0, 160, 160),
        (A, "GSM-7", 1, 1, 159, 160),
        (A * 160, "GSM-7", 1, 160, 0, 160),
        (A * 161, "GSM-7", 2, 161, 145, 153),
        (A * 306, "GSM-7", 2, 306, 0, 153),
        (A * 307, "GSM-7", 3, 307, 152, 153),
        (A * 459, "GSM-7", 3, 459, 0, 153),
        (A * 460, "GSM-7", 4, 460, 152, 153),
        (A * 1600, "GSM-7", 11, 1600, 83, 153),
        (A * 159 + E, "GSM-7", 2, 161, 145, 153),  # the € pushes it over 160
        (A * 158 + E, "GSM-7", 1, 160, 0, 160),
        (E * 80, "GSM-7", 1, 160, 0, 160),
        (E * 80 + A, "GSM-7", 2, 161, 144, 153),  # part 1 holds 76 € = 152
        (A * 153 + E + A * 10, "GSM-7", 2, 165, 141, 153),  # € starts part 2 cleanly
        (A * 152 + E + A * 10, "GSM-7", 2, 164, 141, 153),  # part 1 holds 152
        # 306 septets fit 2 parts by division, but the straddling € forces a third
        (A * 152 + E + A * 152, "GSM-7", 3, 306, 152, 153),
        (A * 152 + E + A * 151, "GSM-7", 2, 305, 0, 153),
        ("\r\n" * 80, "GSM-7", 1, 160, 0, 160),  # CR LF counted as given
        (C, "UCS-2", 1, 1, 69, 70),
        (C * 70, "UCS-2", 1, 70, 0, 70),
        (C * 71, "UCS-2", 2, 71, 63, 67),
        (C * 134, "UCS-2", 2, 134, 0, 67),
        (C * 135, "UCS-2", 3, 135, 66, 67),
        (A * 69 + C, "UCS-2", 1, 70, 0, 70),  # one ç turns the whole text UCS-2
        (A * 70 + C, "UCS-2", 2, 71, 63, 67),
        (S, "UCS-2", 1, 2, 68, 70),
        (S * 35, "UCS-2", 1, 70, 0, 70),
        (S * 36, "UCS-2", 2, 72, 61, 67),  # 33 emoji (66 units) per part
        (A * 68 + S, "UCS-2", 1, 70, 0, 70),
        (A * 69 + S, "UCS-2", 2, 71, 63, 67),
        (C * 66 + S + C * 3, "UCS-2", 2, 71, 62, 67),  # part 1 holds 66, emoji opens part 2
        # 134 units fit 2 parts by division, but the straddling emoji forces a third
        (C * 66 + S + C * 66, "UCS-2", 3, 134, 66, 67),
        (C * 67 + S + C * 65, "UCS-2", 2, 134, 0, 67),
        (C * 1600, "UCS-2", 24, 1600, 8, 67),
    ],
)
def test_boundaries(
    text: str, encoding: str, n_parts: int, units: int, units_left: int, part_size: int
) -> None:
    info = analyse(text)
    assert (info.encoding, info.parts, info.units, info.units_left, info.part_size) == (
        encoding,
        n_parts,
        units,
        units_left,
        part_size,
    )
    assert info.characters == len(text)
    assert parts(text) == n_parts


def test_non_gsm_distinct_in_order_of_first_appearance() -> None:
    info = analyse("Ñoño ç 😀 ç Ж 😀 façade")
    assert info.non_gsm == ("ç", "😀", "Ж")
    assert info.characters == 21
    assert info.units == 23


def _reference(text: str) -> tuple[str, int, int, int]:
    """Character-by-character packing, the slow obvious way: (encoding, parts, units, left)."""
    gsm = all(c in BASIC_CHARS or c in EXT_CHARS for c in text)
    if gsm:
        weights = [2 if c in EXT_CHARS else 1 for c in text]
        single, multi = 160, 153
    else:
        weights = [2 if ord(c) > 0xFFFF else 1 for c in text]
        single, multi = 70, 67
    total = sum(weights)
    if not text:
        return "GSM-7", 0, 0, 160
    if total <= single:
        return ("GSM-7" if gsm else "UCS-2"), 1, total, single - total
    n, used = 1, 0
    for w in weights:
        if used + w > multi:
            n, used = n + 1, 0
        used += w
    return ("GSM-7" if gsm else "UCS-2"), n, total, multi - used


def test_agrees_with_character_by_character_packing() -> None:
    rng = random.Random(23038)
    pools = [
        BASIC_CHARS,
        BASIC_CHARS + EXT_CHARS * 8,
        EXT_CHARS,
        BASIC_CHARS + "çñ–’Жε",
        "ab😀🇰🇪",
        BASIC_CHARS + EXT_CHARS + "😀ç",
        "".join(map(chr, range(128))),  # all of ASCII: the bytes fast path, incl. ` and tab
        "abc {}[]~|^\\\f",  # ASCII with extension characters
        "abc {}[]~|^\\\f" + "`",
    ]
    for _ in range(3000):
        pool = rng.choice(pools)
        n = rng.choice([rng.randrange(0, 400), rng.randrange(60, 80), rng.randrange(145, 320)])
        text = "".join(rng.choice(pool) for _ in range(n))
        info = analyse(text)
        assert (info.encoding, info.parts, info.units, info.units_left) == _reference(text), text


def test_is_gsm_and_parts() -> None:
    assert is_gsm("")
    assert is_gsm(BASIC_CHARS + EXT_CHARS)
    assert not is_gsm("façade")
    assert not is_gsm("tab\there")
    assert not is_gsm("back`tick")
    assert is_gsm("{[~^|\\]}\f")
    assert all(is_gsm(chr(c)) == (chr(c) in GSM_CHARS) for c in range(0x3000))
    assert parts("") == 0
    assert parts("Habari") == 1


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("a\r\nb", "a\nb"),
        ("a\rb", "a\nb"),
        ("a\nb", "a\nb"),
        ("a\r\n\r\nb\r", "a\n\nb\n"),
        ("", ""),
    ],
)
def test_normalize_newlines(given: str, expected: str) -> None:
    assert normalize_newlines(given) == expected


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("‘single’ ‚low‛", "'single' 'low'"),
        ("“double” „low‟", '"double" "low"'),
        ("«guillemets» ‹single›", "\"guillemets\" 'single'"),
        ("it’s", "it's"),
        ("don`t", "don't"),
        ("en – em — bar ― minus −5", "en - em - bar - minus -5"),
        ("non‑breaking‐hyphen ‒ figure", "non-breaking-hyphen - figure"),
        ("Wait…", "Wait..."),
        ("• one\n‣ two\n◦ three\n∙ four\n· five", "- one\n- two\n- three\n- four\n- five"),
        ("a\u00a0b\u2009c\u202fd\u2002e\u3000f", "a b c d e f"),
        ("a\tb", "a b"),
        ("zero\u200bwidth\ufeff\u2060", "zerowidth"),
        ("soft\u00adhyphen", "softhyphen"),
        ("line\u2028break", "line\nbreak"),
        ("façade, café, crème, naïve, São, señor", "facade, café, crème, naive, Sao, señor"),
        ("ÁÉÍÓÚ áéíóú", "AÉIOU aéiou"),
        ("5 \u2126, \u2206t", "5 \u03a9, \u0394t"),  # ohm sign, increment
        ("ˆ ˜", "^ ~"),
    ],
)
def test_to_gsm_conversions(given: str, expected: str) -> None:
    converted = to_gsm(given)
    assert converted == expected
    assert is_gsm(converted)


def test_to_gsm_leaves_gsm_text_untouched() -> None:
    text = BASIC_CHARS + EXT_CHARS
    assert to_gsm(text) == text
    for ch in text:
        assert to_gsm(ch) == ch


@pytest.mark.parametrize(
    "text",
    [
        "😀",
        "👍🏽",  # skin tone modifier
        "👨\u200d👩\u200d👧",  # ZWJ sequence: the joiners must stay
        "🇰🇪",
        "1\ufe0f\u20e3",  # keycap with variation selector
        "❤\ufe0f",
        "🏳\ufe0f\u200d🌈",
        "‼\ufe0f",  # double exclamation mark emoji (bare ‼ becomes "!!")
        "✳\ufe0f",  # eight spoked asterisk emoji (bare ✳ becomes "*")
    ],
)
def test_to_gsm_never_changes_emoji(text: str) -> None:
    assert to_gsm(text) == text
    assert to_gsm(f"Asante “sana” {text}…") == f'Asante "sana" {text}...'


@pytest.mark.parametrize("text", ["Ł", "ş", "ő", "Жена", "中文", "α", "œ", "ð"])
def test_to_gsm_leaves_other_letters_alone(text: str) -> None:
    assert to_gsm(text) == text


# Twilio's Smart Encoding table ("List of characters replaced by Smart Encoding",
# twilio.com/docs/messaging/services/smart-encoding-char-list, as reproduced in
# TwilioDevEd/message-segment-calculator src/libs/SmartEncodingMap.ts), in Twilio's order:
# code point -> what to_gsm makes of it. "Twilio:" marks where Tuma keeps its own choice.
SMART_ENCODING: dict[int, str] = {
    **dict.fromkeys((0x00AB, 0x00BB, 0x201C, 0x201D, 0x02BA, 0x02EE, 0x201F, 0x201E, 0x275D,
                     0x275E, 0x301D, 0x301E, 0xFF02), '"'),
    **dict.fromkeys((0x2018, 0x2019, 0x02BB, 0x02C8, 0x02BC, 0x02BD, 0x02B9, 0x201B, 0xFF07,
                     0x00B4, 0x02CA, 0x0060, 0x02CB, 0x275B, 0x275C, 0xFE10, 0xFE11), "'"),
    0x00F7: "/", 0x00BC: "1/4", 0x00BD: "1/2", 0x00BE: "3/4",
    **dict.fromkeys((0x29F8, 0x2044, 0x2215, 0xFF0F), "/"),
    **dict.fromkeys((0x29F9, 0x29F5, 0xFE68, 0xFF3C), "\\"),
    0xFF3F: "_",
    **dict.fromkeys((0x2223, 0xFF5C, 0x23B8, 0x23B9, 0x23D0, 0x239C, 0x239F), "|"),
    **dict.fromkeys((0x23BC, 0x23BD, 0x2015, 0xFE63, 0xFF0D, 0x2010, 0x2043), "-"),
    0xFE6B: "@", 0xFF20: "@", 0xFE69: "$", 0xFF04: "$",
    0x01C3: "!", 0xFE15: "!", 0xFE57: "!", 0xFF01: "!",
    0xFE5F: "#", 0xFF03: "#", 0xFE6A: "%", 0xFF05: "%", 0xFE60: "&", 0xFF06: "&",
    0x201A: "'",  # Twilio ",": a low-9 quotation mark opens a quote
    **dict.fromkeys((0xFE50, 0xFE51, 0xFF0C, 0xFF64), ","),
    **dict.fromkeys((0x2768, 0x276A, 0xFE59, 0xFF08, 0x27EE, 0x2985), "("),
    **dict.fromkeys((0x2769, 0x276B, 0xFE5A, 0xFF09, 0x27EF, 0x2986), ")"),
    **dict.fromkeys((0x204E, 0x2217, 0x229B, 0x2722, 0x2723, 0x2724, 0x2725, 0x2731, 0x2732,
                     0x2733, 0x273A, 0x273B, 0x273C, 0x273D, 0x2743, 0x2749, 0x274A, 0x274B,
                     0x29C6, 0xFE61, 0xFF0A), "*"),
    0x02D6: "+", 0xFE62: "+", 0xFF0B: "+",
    **dict.fromkeys((0x3002, 0xFE52, 0xFF0E, 0xFF61), "."),
    **{0xFF10 + i: str(i) for i in range(10)},  # fullwidth digits
    **dict.fromkeys((0x02D0, 0x02F8, 0x2982, 0xA789, 0xFE13, 0xFF1A), ":"),
    **dict.fromkeys((0x204F, 0xFE14, 0xFE54, 0xFF1B), ";"),
    0xFE64: "<", 0xFF1C: "<", 0xA78A: "=", 0xFE66: "=", 0xFF1D: "=", 0xFE65: ">", 0xFF1E: ">",
    0xFE16: "?", 0xFE56: "?", 0xFF1F: "?",
    **{0xFF21 + i: chr(0x41 + i) for i in range(26)},  # fullwidth capitals
    0x1D00: "A", 0x0299: "B", 0x1D04: "C", 0x1D05: "D", 0x1D07: "E", 0xA730: "F",
    0x0262: "G", 0x029C: "H", 0x026A: "I", 0x1D0A: "J", 0x1D0B: "K", 0x029F: "L",
    0x1D0D: "M", 0x0274: "N", 0x1D0F: "O", 0x1D18: "P", 0x0280: "R", 0xA731: "S",
    0x1D1B: "T", 0x1D1C: "U", 0x1D20: "V", 0x1D21: "W", 0x028F: "Y", 0x1D22: "Z",
    0x02C6: "^", 0xFF3E: "^",
    0x2774: "{", 0xFE5B: "{", 0xFF5B: "{", 0x2775: "}", 0xFE5C: "}", 0xFF5D: "}",
    0xFF3B: "[", 0xFF3D: "]",
    **dict.fromkeys((0x02DC, 0x02F7, 0x223C, 0xFF5E), "~"),
    # Twilio "  " (two spaces): one space is what was typed
    **dict.fromkeys((0x00A0, 0x2000, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008,
                     0x2009, 0x200A, 0x202F, 0x205F, 0x3000), " "),
    **dict.fromkeys((0x008D, 0x009F, 0x0080, 0x0090, 0x009B), " "),  # Twilio "  " (C1)
    **dict.fromkeys((0x0010, 0x0000, 0x0003, 0x0004, 0x0017, 0x0019, 0x0011, 0x0012, 0x0013,
                     0x0014), ""),
    0x0009: " ",  # Twilio seven spaces
    0x2060: "", 0x2017: "_", 0x2014: "-", 0x2013: "-",
    0x2039: "'", 0x203A: "'",  # Twilio ">" and "<" (the wrong way round)
    0x203C: "!!",
    0x2028: "\n", 0x2029: "\n",  # Twilio " ": they are line breaks
    0x2026: "...", 0x2001: " ", 0x200B: "", 0x3001: ",", 0xFEFF: "", 0x2022: "-",
}  # fmt: skip

# Combining marks in Twilio's table, left alone: in decomposed text they are accents on the
# letter before them (U+0303 after n is ñ, U+0326 after s is Romanian ș).
TWILIO_COMBINING_LEFT_ALONE = (
    0x0313, 0x0314, 0x0337, 0x0338, 0x20E5, 0x0332, 0x20D2, 0x20D3, 0x0326, 0x0347, 0x0302,
    0x1DCD, 0x0303, 0x0330, 0x0334,
)  # fmt: skip

# Beyond Twilio's table: the rest of fullwidth ASCII (｀ -> "'" like `, since ` is not GSM)
# and the zero-width non-joiner.
BEYOND_TWILIO: dict[int, str] = {
    **{0xFF41 + i: chr(0x61 + i) for i in range(26)},  # fullwidth small letters
    0xFF40: "'",
    0x200C: "",
}


def test_twilios_table_is_covered_entry_by_entry() -> None:
    assert len(SMART_ENCODING) + len(TWILIO_COMBINING_LEFT_ALONE) == 270
    assert not SMART_ENCODING.keys() & set(TWILIO_COMBINING_LEFT_ALONE)
    assert not SMART_ENCODING.keys() & BEYOND_TWILIO.keys()
    fullwidth = {**SMART_ENCODING, **BEYOND_TWILIO}.keys() & set(range(0xFF01, 0xFF5F))
    assert fullwidth == set(range(0xFF01, 0xFF5F))  # the whole fullwidth ASCII block


@pytest.mark.parametrize(
    ("code", "expected"),
    [*SMART_ENCODING.items(), *BEYOND_TWILIO.items()],
    ids=[f"U+{c:04X}" for c in [*SMART_ENCODING, *BEYOND_TWILIO]],
)
def test_every_smart_encoding_lookalike_becomes_gsm(code: int, expected: str) -> None:
    ch = chr(code)
    assert not is_gsm(ch)
    assert to_gsm(ch) == expected
    assert is_gsm(to_gsm(ch))
    assert to_gsm(f"Bei {ch} leo") == f"Bei {expected} leo"
    assert analyse(to_gsm(f"Bei {ch} leo")).encoding == "GSM-7"


@pytest.mark.parametrize("code", TWILIO_COMBINING_LEFT_ALONE, ids=lambda c: f"U+{c:04X}")
def test_combining_marks_are_left_alone(code: int) -> None:
    assert to_gsm(chr(code)) == chr(code)
    assert to_gsm(f"a{chr(code)}b") == f"a{chr(code)}b"


def test_decomposed_accents_are_not_turned_into_symbols() -> None:
    decomposed = unicodedata.normalize("NFD", "señor, São, Bucureș")
    assert to_gsm(decomposed) == decomposed  # not "sen~or, Sa~o, Bucures,"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("½ kg", "1/2 kg"),
        ("Unga 2½ kg", "Unga 2 1/2 kg"),  # a mixed number keeps its space: not "21/2"
        ("1¼ + 2¾ = 4", "1 1/4 + 2 3/4 = 4"),
        ("½½", "1/2 1/2"),
        ("１½", "1 1/2"),  # fullwidth digit
        ("a½", "a1/2"),
        ("1⁄2 and 3∕4", "1/2 and 3/4"),  # fraction slash, division slash
        ("100÷4", "100/4"),
    ],
)
def test_fractions_and_division(given: str, expected: str) -> None:
    assert to_gsm(given) == expected


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("Ofa‼ Ofa‼\ufe0f", "Ofa!! Ofa‼\ufe0f"),
        ("✳ Bei ✳\ufe0f", "* Bei ✳\ufe0f"),
        # more than eight kinds of look-alike: the one-pass table, which must skip them too
        (
            "“a” ‘b’ – — … • ½ ÷ ＡＢ ‼ ✳\ufe0f ‼\ufe0f",
            "\"a\" 'b' - - ... - 1/2 / AB !! ✳\ufe0f ‼\ufe0f",
        ),
    ],
)
def test_emoji_double_exclamation_and_asterisk_are_kept(given: str, expected: str) -> None:
    assert to_gsm(given) == expected


def test_fullwidth_and_small_forms_read_as_ascii() -> None:
    assert to_gsm("ＳＡＬＥ！　５０％　ｏｆｆ　＠　Ｄｕｋａ") == "SALE! 50% off @ Duka"
    assert to_gsm("﹙ofa﹚ ﹟1 ﹩5 ﹠ ﹪") == "(ofa) #1 $5 & %"
    assert to_gsm("ʙɪɢ ꜱᴀʟᴇ") == "BIG SALE"
    assert to_gsm("❝Asante❞ ❛sana❜") == "\"Asante\" 'sana'"
    assert to_gsm("zero\u200cwidth") == "zerowidth"


def test_new_lookalikes_turn_a_ucs2_message_into_fewer_gsm_parts() -> None:
    full = "Unga ½ kg KES 75 leo tu! Karibu Duka la Mama Njeri, Kahawa West. Asant"
    assert analyse(full) == MessageInfo("UCS-2", 1, 70, 0, ("½",), 70, 70)
    assert analyse(to_gsm(full)) == MessageInfo("GSM-7", 1, 72, 88, (), 72, 160)
    over = full + "e"  # 71 characters: two UCS-2 parts, one GSM-7 part
    assert (analyse(over).encoding, analyse(over).parts) == ("UCS-2", 2)
    assert (analyse(to_gsm(over)).encoding, analyse(to_gsm(over)).parts) == ("GSM-7", 1)

    text = (
        "❝ＯＦＡ‼❞ Unga 2½ kg KES 150 ÷ 2 leo tu﹗ Sukari ¼ kg KES 45, mchele ¾ kg KES 90. "
        "ʙᴇɪ ɴᴀꜰᴜᴜ sana﹐ karibu Duka la Mama Njeri﹐ Lipa kwa M-Pesa ＃123456."
    )
    before = analyse(text)
    assert (before.encoding, before.units, before.parts) == ("UCS-2", 145, 3)
    converted = to_gsm(text)
    assert converted == (
        '"OFA!!" Unga 2 1/2 kg KES 150 / 2 leo tu! Sukari 1/4 kg KES 45, mchele 3/4 kg KES 90. '
        "BEI NAFUU sana, karibu Duka la Mama Njeri, Lipa kwa M-Pesa #123456."
    )
    after = analyse(converted)
    assert (after.encoding, after.units, after.parts) == ("GSM-7", 153, 1)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Habari za asubuhi! Bei nafuu leo: unga Sh 120/=. Asante sana.",
        BASIC_CHARS + EXT_CHARS,
        "Habari 😀 👨\u200d👩\u200d👧 ‼\ufe0f ✳\ufe0f",
        "Жена 中文 α Ł ş",
    ],
)
def test_text_without_lookalikes_comes_back_as_the_same_object(text: str) -> None:
    assert to_gsm(text) is text


def test_whatever_to_gsm_changes_becomes_all_gsm() -> None:
    """The invariant, for every BMP character: a character to_gsm replaces is replaced by
    GSM characters only, and a GSM character is never replaced."""
    changed = {}
    for code in range(0x10000):
        ch = chr(code)
        converted = to_gsm(ch)
        if converted != ch:
            assert ch not in GSM_CHARS, f"U+{code:04X}"
            assert is_gsm(converted), f"U+{code:04X} -> {converted!r}"
            changed[ch] = converted
    expected = {chr(c): v for c, v in {**SMART_ENCODING, **BEYOND_TWILIO}.items()}
    assert expected.items() <= changed.items()
    assert is_gsm(to_gsm("".join(changed)))
