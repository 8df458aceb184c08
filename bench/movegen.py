"""Benchmark of ``legal_plays``: mean and p99 microseconds per call under CPython.

The corpus is fixed: 10,000+ (position, dice) pairs met in random games from the start, seeded, with
doubles included. The random choice of play is made over the plays sorted by result Position ID,
so the corpus does not depend on the order in which ``legal_plays`` lists them.

Run from the repository root: ``python3 bench/movegen.py [--corpus N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tavli.games.portes import (
    Position,  # noqa: E402
    legal_plays,  # noqa: E402
)

SEED = 20240601


def corpus(size: int, seed: int = SEED) -> list[tuple[Position, tuple[int, int]]]:
    """``size`` (position, dice) pairs from random games played with a seeded generator."""
    rng = random.Random(seed)
    cases: list[tuple[Position, tuple[int, int]]] = []
    while len(cases) < size:
        position = Position.initial()
        while len(cases) < size:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            cases.append((position, dice))
            plays = sorted(legal_plays(position, dice), key=lambda p: p.result.position_id())
            position = rng.choice(plays).result
            if sum(position.opponent) == 0:  # the side that just moved has borne off everything
                break
    return cases


def measure(cases: list[tuple[Position, tuple[int, int]]], repeat: int) -> list[float]:
    """Microseconds per call, the best of ``repeat`` runs for each case."""
    clock = time.perf_counter_ns
    times: list[float] = []
    for position, dice in cases:
        best = None
        for _ in range(repeat):
            t0 = clock()
            legal_plays(position, dice)
            t1 = clock()
            if best is None or t1 - t0 < best:
                best = t1 - t0
        times.append(best / 1000.0)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=int, default=10_000, help="number of positions (default 10000)")
    parser.add_argument("--repeat", type=int, default=3, help="timed calls per position, best kept (default 3)")
    args = parser.parse_args()

    cases = corpus(args.corpus)
    doubles = sum(1 for _, (a, b) in cases if a == b)
    # Warm up: one untimed pass over a slice of the corpus.
    for position, dice in cases[:2000]:
        legal_plays(position, dice)

    times = measure(cases, args.repeat)
    times_sorted = sorted(times)
    p99 = times_sorted[min(len(times_sorted) - 1, int(0.99 * len(times_sorted)))]
    dbl = [t for t, (_, (a, b)) in zip(times, cases) if a == b]
    print(f"{platform.python_implementation()} {platform.python_version()}  "
          f"{len(cases)} positions ({doubles} doubles), best of {args.repeat}")
    print(f"legal_plays: mean {statistics.fmean(times):.1f} us   median {statistics.median(times):.1f} us   "
          f"p99 {p99:.1f} us   max {times_sorted[-1]:.1f} us")
    if dbl:
        print(f"  doubles only: mean {statistics.fmean(dbl):.1f} us")


if __name__ == "__main__":
    main()
