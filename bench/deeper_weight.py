"""Would Champion choose better by a blend of its look-ahead and its 0-ply values? Judged by gnubg 2-ply.

    pip install gnubg==1.1.0a16   # requirements-train.txt; without it the bench says it is skipped
    python bench/deeper_weight.py                                # 500 positions, seed 7
    python bench/deeper_weight.py --positions 4000 --seed 11 --weights 0.7,0.8,0.9

Champion ranks the plays by 0-ply and chooses among the best few by a 1-ply look-ahead alone. An
odd ply and an even ply err in opposite directions, so ``w x 1-ply + (1 - w) x 0-ply`` might
judge better than the look-ahead alone (``w = 1``, the shipped rule). For each share ``w``
(``--weights``) the bench makes that choice among Champion's own candidates (its ``lookahead``
best plays within :data:`tavli.ai.search.MARGIN` of the best by 0-ply, valued by
:func:`tavli.ai.search.one_ply_value`, the pruning net included) in the positions of
bench/hint_agreement.py (seeded self-play of Intermediate, a roll with more than one legal play),
and charges it what it loses by gnubg 2-ply (its move filters; 0 when it makes gnubg's play), as
bench/move_loss.py does. Every share meets the same values, so the differences from ``w = 1`` are
paired over the positions (95 % intervals). Champion's evaluation budget is left out: it never
cuts a Portes look-ahead (MODEL.md, "Levels").
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

from tavli.ai.players import LEVELS, make_player  # noqa: E402
from tavli.ai.search import MARGIN, one_ply_value, rank_plays  # noqa: E402
from tavli.games.portes import legal_plays  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hint_agreement import Gnubg, positions  # noqa: E402
from strength import have_gnubg  # noqa: E402


def blended_choice(values: list[tuple[float, float]], w: float) -> int:
    """The index of the best of ``values`` ((0-ply, 1-ply) pairs) by ``w x 1-ply + (1 - w) x 0-ply``
    (ties: the first, the better by 0-ply)."""
    return max(range(len(values)), key=lambda i: (w * values[i][1] + (1.0 - w) * values[i][0], -i))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--weights", default="0,0.5,0.7,0.8,0.9", help="shares of the look-ahead, comma-separated")
    args = ap.parse_args(argv)
    if not have_gnubg():
        print("skipped: gnubg not installed (pip install gnubg==1.1.0a16, see requirements-train.txt)")
        return
    weights = sorted({float(w) for w in args.weights.split(",")} | {1.0})
    t0 = time.perf_counter()
    gnubg = Gnubg()
    ev = make_player("champion").evaluator
    lookahead = LEVELS["champion"].lookahead
    lost: dict[float, list[float]] = {w: [] for w in weights}
    for position, dice in positions(args.positions, args.seed):
        plays = legal_plays(position, dice)
        best, best_value = gnubg.best(plays)
        ranked = rank_plays(ev, plays)
        candidates = [(e, p) for e, p in ranked[:lookahead] if e >= ranked[0][0] - MARGIN]
        values = [(e, one_ply_value(ev, p.result) if len(candidates) > 1 else e) for e, p in candidates]
        for w in weights:
            play = candidates[blended_choice(values, w)][1]
            lost[w].append(0.0 if play.result == best.result else max(0.0, best_value - gnubg.value(play.result, 2)))
    n = len(lost[1.0])
    print(f"{n} Portes positions (seed {args.seed}); Champion's choice by w x 1-ply + (1 - w) x 0-ply, "
          "mean equity lost per move by gnubg 2-ply; the difference from w = 1 paired, 95 %")
    for w in weights:
        diffs = [x - y for x, y in zip(lost[w], lost[1.0])]
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
        print(f"  w {w:4.2f}  {statistics.mean(lost[w]):.5f}  {statistics.mean(diffs):+.5f} ± {half:.5f}")
    print(f"  all in {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
