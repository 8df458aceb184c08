"""Build the one-sided bear-off database shipped as tavli/ai/data/bearoff.bin.

For every way to place 0..15 checkers on the six home points (C(21, 6) = 54,264 positions) it
stores the exact distribution of the number of rolls needed to bear them all off when each roll is
played to minimise the expected number of rolls; and, for the 15,504 positions with all fifteen
checkers on the board, the distribution of the number of rolls needed to bear off the FIRST checker
(played to minimise that), which gives gammon chances.

File format: a data file (tavli/ai/datafile.py, kind "bearoff") whose ``meta`` gives the fixed-point
``scale``; per table (``full``, ``first``) ``<t>.heads`` (uint8 first index and length of each
position's span: where its values or their prediction are not zero, in the order of :func:`tavli.ai.bearoff.enumerate_positions`) and the
span values as residuals in zigzag byte planes (datafile.planes) ``<t>.lo``/``<t>.hi``: from the prediction
of :func:`tavli.ai.bearoff.prediction` for ``full``, from zero for ``first``. The values are the
cumulative distribution rounded to multiples of ``1 / scale``, differenced (tavli/ai/bearoff.py).

    python tools/bearoff.py            # writes tavli/ai/data/bearoff.bin (about 30 s under CPython)
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))

from tavli.ai import bearoff, datafile  # noqa: E402
from tavli.ai.bearoff import MAX_ROLLS, enumerate_positions, prediction  # noqa: E402

OUT = datafile.data_path(bearoff.DATA_FILE)
SCALE = 2016  # 56 x 36: fits 11 bits, and a single roll's 1/36 is exact


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


def build(first_checker: bool, max_checkers: int = 15) -> dict[tuple[int, ...], list[float]]:
    """Distributions of rolls to bear off all checkers (or, with ``first_checker``, the first one);
    only for the positions of at most ``max_checkers`` (they need no other: the same values)."""
    positions = [p for p in enumerate_positions() if sum(p) <= max_checkers]
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


def quantise(dist: list[float], scale: int = SCALE) -> list[int]:
    """A distribution in ``1 / scale`` units: its cumulative sums rounded, differenced (so every
    cumulative probability is within ``1 / (2 scale)`` and the values sum to ``scale``)."""
    out, total, before = [], 0.0, 0
    for p in dist:
        total += p
        now = round(min(total, 1.0) * scale)
        out.append(now - before)
        before = now
    out[-1] += scale - before  # (the cumulative sum may stop a rounding error short of 1)
    return out


def encode(order: list[tuple[int, ...]], dist: dict[tuple[int, ...], list[float]], name: str,
           predicted: bool, scale: int = SCALE) -> dict[str, datafile.Array]:
    """The arrays of one table (see the module docstring)."""
    rows = {pos: quantise(dist[pos], scale) for pos in order}
    heads: list[int] = []
    residuals: list[int] = []
    for pos in order:
        values = rows[pos]
        guess = prediction(pos, rows.__getitem__) if predicted else [0] * MAX_ROLLS
        # The span: where the values or their prediction are not zero (the residuals cancel the
        # prediction outside the values' own span).
        nz = [i for i in range(MAX_ROLLS) if values[i] or guess[i]]
        lo, hi = nz[0], nz[-1]
        heads += (lo, hi + 1 - lo)
        residuals += (values[n] - guess[n] for n in range(lo, hi + 1))
    low, high = datafile.planes(residuals)
    return {
        f"{name}.heads": ("u1", [len(order), 2], heads),
        f"{name}.lo": ("u1", [len(residuals)], low),
        f"{name}.hi": ("u1", [len(residuals)], high),
    }


def main() -> None:
    order = enumerate_positions()
    order15 = [p for p in order if sum(p) == 15]
    arrays = {**encode(order, build(False), "full", True), **encode(order15, build(True), "first", False)}
    meta = {"scale": SCALE, "generator": "tools/bearoff.py", "positions": len(order), "first_off_positions": len(order15)}
    data = datafile.write("bearoff", meta, arrays)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(data)
    print(f"{len(order)} + {len(order15)} positions, {len(data)} bytes -> {OUT}")
    bearoff.forget()


if __name__ == "__main__":
    main()
