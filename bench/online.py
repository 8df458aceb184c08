"""Benchmark of online play.

CPython part (this file): the messages and bytes one game costs on the wire between two sessions
of :mod:`tavli.online` (tests/online_pipe.py: an in-memory pipe, a seeded driver playing both
sides at random, the dice secrets seeded too), the median and 95th percentile over N seeded one-point matches (one game, no
cube) of each variant with the Standard clock, both directions together, the median bytes per
turn played, and the share of the bytes by kind of message; and the CPU time of the whole exchange
per game (both replicas checking, applying and answering, the driver's choices included).

Run from the repository root: ``python3 bench/online.py [--games N]``.

The browser's figures: bench/online_transport.py (the transport: joins, send to receipt) and
bench/online_display.py (a move on one side to its display on the other).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tavli.online.terms import Terms  # noqa: E402
from tests.online_pipe import Driver, Pipe, seeded_secrets  # noqa: E402

VARIANTS = ("portes", "plakoto", "fevga")


def one_game(variant: str, seed: int) -> tuple[int, int, Counter[str], float, int]:
    """(messages, bytes, bytes by kind, CPU seconds, turns) of a one-point match of ``variant``."""
    terms = Terms(variant, 1, "international" if variant == "portes" else "greek", "standard")
    pipe = Pipe(terms)
    began = time.process_time()
    with seeded_secrets(seed):  # (the same dice every run)
        pipe.start()
        Driver(pipe, seed).play()
    cpu = time.process_time() - began
    assert pipe.host.match is not None and pipe.host.match.is_over() and not pipe.host.broken
    by_kind: Counter[str] = Counter()
    for _, text in pipe.sent:
        by_kind[json.loads(text)["type"]] += len(text.encode())
    turns = sum(1 for s in pipe.host.actions if s.action.do == "play")
    return len(pipe.sent), sum(by_kind.values()), by_kind, cpu, turns


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def cpython_part(games: int) -> None:
    print(f"online, CPython {platform.python_version()}: {games} seeded one-game matches per variant (standard clock)")
    print(f"{'variant':8} {'msgs med':>8} {'p95':>5} {'bytes med':>9} {'p95':>6} {'B/turn':>6} {'cpu ms':>6}  bytes by kind (share)")
    for variant in VARIANTS:
        rows = [one_game(variant, seed) for seed in range(1, games + 1)]
        messages = [r[0] for r in rows]
        sizes = [r[1] for r in rows]
        kinds: Counter[str] = sum((r[2] for r in rows), Counter())
        total = sum(kinds.values())
        per_turn = statistics.median(r[1] / max(1, r[4]) for r in rows)
        cpu = statistics.median(r[3] for r in rows) * 1000
        share = " ".join(f"{k} {v / total:.0%}" for k, v in kinds.most_common())
        print(f"{variant:8} {statistics.median(messages):8.0f} {p95(messages):5.0f} {statistics.median(sizes):9.0f} "
              f"{p95(sizes):6.0f} {per_turn:6.0f} {cpu:6.1f}  {share}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="seeded games per variant (default 30)")
    args = parser.parse_args()
    cpython_part(args.games)


if __name__ == "__main__":
    main()
