"""The Grandmaster's search (tavli/ai/deep.py) under CPython: time and evaluations per move.

    python bench/deep_search.py                         # 3 seeded games, the shipped options
    python bench/deep_search.py --games 5 --seed 2 --budget 20000 --second-keep 3

Plays seeded Portes games in which one side chooses by the Grandmaster's search and the other by
0-ply (Expert), and times each of the searching side's moves with more than one legal play
(process time, so that other jobs on the machine count less). Prints the moves timed, mean / p95 /
max seconds, the evaluations per move (mean / p95 / max), the CPU microseconds per evaluation
(move generation included), and how often the 2-ply stage valued 0, 1, 2... plays (a play counted
once valued to the end; a pruned one is not).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import replace

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

from tavli.ai.deep import DeepOptions, DeepSearch  # noqa: E402
from tavli.ai.evaluator import default_evaluator  # noqa: E402
from tavli.games.portes import Position, legal_plays, outcome_of  # noqa: E402
from tavli.steps import finish  # noqa: E402


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=None, help="evaluations (default: the shipped option)")
    ap.add_argument("--second-keep", type=int, default=None, help="plays valued at 2-ply (default: shipped)")
    args = ap.parse_args(argv)
    options = DeepOptions()
    if args.budget is not None:
        options = replace(options, budget=args.budget)
    if args.second_keep is not None:
        options = replace(options, second_keep=args.second_keep)
    ev = default_evaluator()
    rng = random.Random(args.seed)
    times: list[float] = []
    evals: list[float] = []
    two_ply: dict[int, int] = {}
    for _ in range(args.games):
        pos, side = Position.initial(), 0
        while outcome_of(pos) is None:
            plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
            if side == 0 and len(plays) > 1:
                search = DeepSearch(ev, options)
                start = time.process_time()
                play = finish(search.choose_steps(plays))
                times.append(time.process_time() - start)
                evals.append(search.report.evaluations)
                two_ply[search.report.two_ply] = two_ply.get(search.report.two_ply, 0) + 1
            else:
                play = max(plays, key=lambda p: ev.play_equity(p.result))
            pos, side = play.result, 1 - side
    print(f"{options}\nload average {os.getloadavg()[0]:.1f}; {len(times)} moves: "
          f"s/move mean {statistics.mean(times):.3f} p95 {p95(times):.3f} max {max(times):.3f}; evaluations "
          f"mean {statistics.mean(evals):.0f} p95 {p95(evals):.0f} max {max(evals):.0f}; "
          f"{sum(times) / sum(evals) * 1e6:.0f} us CPU per evaluation; plays valued at 2-ply: {dict(sorted(two_ply.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
