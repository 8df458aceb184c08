"""Build the one-sided bear-off database shipped as tavli/ai/_bearoff_data.py.

For every way to place 0..15 checkers on the six home points (C(21, 6) = 54,264 positions) it
stores the exact distribution of the number of rolls needed to bear them all off when each roll is
played to minimise the expected number of rolls; and, for the 15,504 positions with all fifteen
checkers on the board, the distribution of the number of rolls needed to bear off the FIRST checker
(played to minimise that), which gives gammon chances.

File format (zlib-compressed, then Base64 in a Python module so that the browser gets it like any module): b"TBO1", then two tables, each ``uint32`` count,
then per position (in the order of :func:`tavli.ai.bearoff.enumerate_positions`) ``uint8`` first
index and ``uint8`` length of its non-zero span, then all spans as ``uint16`` little-endian
probabilities scaled by 65535 (each span renormalised so that it sums to 65535 exactly).

    python tools/bearoff.py            # writes tavli/ai/_bearoff_data.py (about 30 s under CPython)
"""

from __future__ import annotations

import base64
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))

from tavli.ai import bearoff  # noqa: E402
from tavli.ai.bearoff import MAX_ROLLS, enumerate_positions  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "tavli", "ai", "_bearoff_data.py")


def _steps(pos: tuple[int, ...], die: int, cache: dict) -> list[tuple[int, ...]]:
    """Every position after moving one checker by ``die`` (all checkers are home, no opponent)."""
    key = (pos, die)
    got = cache.get(key)
    if got is not None:
        return got
    out = set()
    highest = 5
    while highest >= 0 and not pos[highest]:
        highest -= 1
    if highest < 0:
        cache[key] = [pos]
        return cache[key]
    for i in range(highest + 1):
        if not pos[i]:
            continue
        t = i - die
        if t >= 0:
            p = list(pos)
            p[i] -= 1
            p[t] += 1
            out.add(tuple(p))
        elif t == -1 or i == highest:
            p = list(pos)
            p[i] -= 1
            out.add(tuple(p))
    res = list(out)
    cache[key] = res
    return res


def _results(pos: tuple[int, ...], d1: int, d2: int, cache: dict) -> set[tuple[int, ...]]:
    if d1 == d2:
        cur = {pos}
        for _ in range(4):
            cur = {q for p in cur for q in _steps(p, d1, cache)}
        return cur
    out = set()
    for a, b in ((d1, d2), (d2, d1)):
        for p in _steps(pos, a, cache):
            out.update(_steps(p, b, cache))
    return out


ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
WEIGHTS = [1 / 36 if a == b else 2 / 36 for a, b in ROLLS]


def build(first_checker: bool) -> dict[tuple[int, ...], list[float]]:
    """Distributions of rolls to bear off all checkers (or, with ``first_checker``, the first one)."""
    positions = enumerate_positions()
    if first_checker:
        positions = [p for p in positions if sum(p) == 15]
    # Moving checkers never increases the pip count: process by increasing pips.
    positions.sort(key=lambda p: (sum((i + 1) * n for i, n in enumerate(p)), -sum(p)))
    cache: dict = {}
    dist: dict[tuple[int, ...], list[float]] = {}
    mean: dict[tuple[int, ...], float] = {}
    zero = [1.0] + [0.0] * (MAX_ROLLS - 1)
    for pos in positions:
        if sum(pos) == 0 or (first_checker and sum(pos) < 15):
            dist[pos], mean[pos] = zero, 0.0
            continue
        acc = [0.0] * MAX_ROLLS
        for (d1, d2), w in zip(ROLLS, WEIGHTS):
            best = None
            for r in _results(pos, d1, d2, cache):
                if first_checker and sum(r) < 15:
                    best, best_mean = r, 0.0
                    break
                m = mean[r]
                if best is None or m < best_mean:
                    best, best_mean = r, m
            d = zero if (first_checker and sum(best) < 15) else dist[best]
            for n in range(MAX_ROLLS - 1):
                acc[n + 1] += w * d[n]
            acc[MAX_ROLLS - 1] += w * d[MAX_ROLLS - 1]  # never reached in practice
        dist[pos] = acc
        mean[pos] = sum(n * p for n, p in enumerate(acc))
    return dist


def encode(order: list[tuple[int, ...]], dist: dict[tuple[int, ...], list[float]]) -> bytes:
    heads = bytearray()
    values: list[int] = []
    for pos in order:
        d = dist[pos]
        q = [round(x * 65535) for x in d]
        nz = [i for i, x in enumerate(q) if x]
        lo, hi = nz[0], nz[-1]
        span = q[lo : hi + 1]
        span[span.index(max(span))] += 65535 - sum(span)  # exact total
        heads += bytes((lo, len(span)))
        values.extend(span)
    return struct.pack("<I", len(order)) + bytes(heads) + struct.pack(f"<{len(values)}H", *values)


def main() -> None:
    order = enumerate_positions()
    order15 = [p for p in order if sum(p) == 15]
    full = build(False)
    first = build(True)
    blob = b"TBO1" + encode(order, full) + encode(order15, first)
    data = zlib.compress(blob, 9)
    text = base64.b64encode(data).decode("ascii")
    with open(OUT, "w") as f:
        f.write('"""Bear-off database (generated by tools/bearoff.py; do not edit): see tavli/ai/bearoff.py."""\n')
        f.write(f'DATA = "{text}"\n')
    print(f"{len(order)} + {len(order15)} positions, {len(blob)} bytes, {len(data)} compressed -> {OUT}")
    bearoff.forget()


if __name__ == "__main__":
    main()
