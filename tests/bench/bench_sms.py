"""Benchmark core.sms.analyse (per keystroke) and core.phones.normalize (per 100k numbers).

Run: ``.venv/bin/python tests/bench/bench_sms.py`` (not collected by pytest).
"""

from __future__ import annotations

import os
import random
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path

try:
    import desktop_app  # noqa: F401
except ImportError:  # run from a checkout without an installed package
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import phonenumbers

from desktop_app.core import phones
from desktop_app.core.sms import analyse, to_gsm

GSM_TEXT = (
    "Habari mteja! Bei mpya za leo {unga 2kg: KES 150, sukari 1kg: KES 180} [ofa hadi "
    "Jumapili]. Lipa kwa M-Pesa Till 123456 ~ asante sana | Duka la Mama Njeri, Kahawa West. "
)
UCS2_TEXT = (
    "Habari mteja 😀! Bei mpya za leo: unga 2kg KES 150, sukari KES 180 🎉 — ofa hadi "
    "Jumapili. Lipa kwa M-Pesa Till 123456 🙏 asante sana, Duka la Mama Njeri ❤️ façade. "
)


def _message(seed: str, length: int = 1600) -> str:
    return (seed * (length // len(seed) + 1))[:length]


def _per_call(fn: Callable[[], object], repeat: int, rounds: int = 5) -> float:
    """Best of ``rounds`` (the least disturbed by other load) of the mean over ``repeat``."""
    return min(timeit.repeat(fn, number=repeat, repeat=rounds)) / repeat


def bench_analyse() -> None:
    for name, seed in (("GSM-7", GSM_TEXT), ("UCS-2", UCS2_TEXT)):
        text = _message(seed)
        info = analyse(text)
        full = _per_call(lambda text=text: analyse(text), 2000)
        # typing the message key by key: one analyse() per prefix
        prefixes = [text[:i] for i in range(1, len(text) + 1)]

        def typing(prefixes: list[str] = prefixes) -> None:
            for prefix in prefixes:
                analyse(prefix)

        per_key = _per_call(typing, 1) / len(prefixes)
        print(
            f"analyse {name} {len(text)} chars ({info.parts} parts, {info.units} units): "
            f"whole text {full * 1e6:5.1f} µs/call; typed key by key "
            f"{per_key * 1e6:5.1f} µs/keystroke on average"
        )
    text = _message(UCS2_TEXT)
    print(
        f"to_gsm 1600 chars with look-alikes: {_per_call(lambda: to_gsm(text), 2000) * 1e6:.1f} µs"
    )


def _kenyan_numbers(n: int, rng: random.Random) -> list[str]:
    """Common typed forms of Kenyan mobile numbers (the fast path)."""
    prefixes = ["70", "71", "72", "74", "79", "11", "10"]
    out = []
    for _ in range(n):
        nsn = rng.choice(prefixes) + "".join(rng.choice("0123456789") for _ in range(7))
        form = rng.randrange(6)
        if form == 0:
            out.append("0" + nsn)
        elif form == 1:
            out.append("254" + nsn)
        elif form == 2:
            out.append("+254" + nsn)
        elif form == 3:
            out.append(f"0{nsn[:3]} {nsn[3:6]} {nsn[6:]}")
        elif form == 4:
            out.append(f"+254 {nsn[:3]} {nsn[3:]}")
        else:
            out.append(f" 0{nsn[:3]}-{nsn[3:6]}-{nsn[6:]} ")
    return out


def _slow_numbers(n: int, rng: random.Random) -> list[str]:
    """Forms only phonenumbers handles: landlines, +254 (0)…, foreign, invalid."""
    out = []
    for _ in range(n):
        digits = "".join(rng.choice("0123456789") for _ in range(7))
        form = rng.randrange(4)
        if form == 0:
            out.append("020 " + digits)
        elif form == 1:
            out.append("+254 (0) 7" + digits + "1")
        elif form == 2:
            out.append("+44 20 79" + digits[:6])
        else:
            out.append("0712 " + digits[:3])  # too short
    return out


def _time_all(fn: Callable[[str], object], numbers: list[str]) -> float:
    start = time.perf_counter()
    for raw in numbers:
        fn(raw)
    return time.perf_counter() - start


def _plain_phonenumbers(raw: str) -> str | None:
    try:
        number = phonenumbers.parse(raw, "KE")
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(number):
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def bench_normalize() -> None:
    rng = random.Random(254)
    n = 100_000
    for name, numbers in (
        ("Kenyan mobile forms (fast path)", _kenyan_numbers(n, rng)),
        ("landline/foreign/invalid (slow path)", _slow_numbers(n, rng)),
    ):
        cold, cached, plain = [], [], []
        for _ in range(3):  # best of 3 rounds; the cache is emptied before each cold pass
            phones._slow_path.cache_clear()
            cold.append(_time_all(phones.try_normalize, numbers))
            cached.append(_time_all(phones.try_normalize, numbers))
        plain.append(_time_all(_plain_phonenumbers, numbers))
        distinct = len(set(numbers))
        print(
            f"normalize {name}: 100k numbers ({distinct} distinct): cold {min(cold):.3f} s, "
            f"cached {min(cached):.3f} s; plain phonenumbers {min(plain):.3f} s"
        )
    info = phones._slow_path.cache_info()
    print(f"slow-path cache: {info.currsize} entries (max {info.maxsize})")


def main() -> None:
    print(
        f"Python {sys.version.split()[0]}, phonenumbers {phonenumbers.__version__}, "
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs"
    )
    bench_analyse()
    bench_normalize()


if __name__ == "__main__":
    main()
