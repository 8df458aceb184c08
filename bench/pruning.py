"""What the pruning net (MODEL.md, "Pruning") costs Champion's look-ahead in play, and what it saves.

    python bench/pruning.py --games 10 --seed 17              # the shipped REPLIES_KEPT
    python bench/pruning.py --games 10 --seed 17 --keep 3 5 8
    python bench/pruning.py --games 3 --seed 17 --grandmaster   # the Grandmaster's search instead

Positions: bench/lookahead_budget.py's (seeded Intermediate self-play, Portes, every roll with more
than one legal play). For each, Champion's look-ahead candidates (the best 5 by 0-ply within 0.16)
are valued at 1-ply twice: every reply of the opponent valued by the full net (no pruning), and
only the ``keep`` replies per roll that the pruning net finds best (``Evaluator.best_replies``).
Printed for each ``keep``: the moves where the two choose the same play, the equity lost per move
(the unpruned values of the play chosen and of the best), how much too high a candidate's 1-ply
value is on average (a roll's best reply left out can only raise it), the share of replies the full net valued, and the CPU time of the pruned look-ahead against
the unpruned one (alternating, caches emptied).

``--grandmaster``: the Grandmaster's whole search (``tavli.ai.deep``, whose inner plies prune the
same way) with and without pruning: the moves where it makes the same play and the CPU time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from eval_speed import forget  # noqa: E402
from lookahead_budget import LOOKAHEAD, MARGIN, positions  # noqa: E402

from tavli.ai import search  # noqa: E402
from tavli.ai.deep import DeepSearch  # noqa: E402
from tavli.ai.evaluator import default_evaluator  # noqa: E402
from tavli.games.portes import legal_plays  # noqa: E402
from tavli.steps import finish  # noqa: E402


def values(ev, results, keep: int) -> tuple[list[float], float, int]:
    """The 1-ply values of ``results`` keeping ``keep`` replies a roll (0: all), the CPU seconds
    (caches emptied first) and the replies valued by the full net."""
    kept, search.REPLIES_KEPT = search.REPLIES_KEPT, keep or 10**9
    forget(ev)
    calls = ev.calls
    try:
        start = time.process_time()
        out = [finish(search.one_ply_value_steps(ev, r)) for r in results]
        return out, time.process_time() - start, ev.calls - calls
    finally:
        search.REPLIES_KEPT = kept


def grandmaster(ev, moves: list, keep: int) -> None:
    """The Grandmaster's play with ``keep`` replies a roll and without pruning, move by move."""
    same, times = 0, {0: 0.0, keep: 0.0}
    for pos, dice in moves:
        plays = legal_plays(pos, dice)
        chosen = {}
        for k in (0, keep):
            kept, search.REPLIES_KEPT = search.REPLIES_KEPT, k or 10**9
            forget(ev)
            try:
                start = time.process_time()
                chosen[k] = finish(DeepSearch(ev).choose_steps(plays))
                times[k] += time.process_time() - start
            finally:
                search.REPLIES_KEPT = kept
        same += chosen[0] == chosen[keep]
    print(f"Grandmaster, keep {keep}: the same play in {same}/{len(moves)} moves ({same / len(moves):.1%}); "
          f"CPU time {times[keep] / times[0]:.3f}x ({1e3 * times[keep] / len(moves):.0f} vs "
          f"{1e3 * times[0] / len(moves):.0f} ms a move)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--keep", type=int, nargs="*", default=[search.REPLIES_KEPT])
    ap.add_argument("--grandmaster", action="store_true")
    args = ap.parse_args()
    ev = default_evaluator()
    if ev.prune is None:
        sys.exit("the shipped nets have no pruning net (tools/train/prune.py)")
    if args.grandmaster:
        moves = [(pos, dice) for pos, dice in positions(args.games, args.seed)]
        print(f"{len(moves)} moves with a choice ({args.games} games, seed {args.seed})")
        for keep in args.keep:
            grandmaster(ev, moves, keep)
        return
    moves = []
    for pos, dice in positions(args.games, args.seed):
        ranked = search.rank_plays(ev, legal_plays(pos, dice))
        cands = [p.result for e, p in ranked[:LOOKAHEAD] if e >= ranked[0][0] - MARGIN]
        if len(cands) > 1:
            moves.append(cands)
    print(f"{len(moves)} moves with a look-ahead ({args.games} games, seed {args.seed})")
    for keep in args.keep:
        same = 0
        lost, errors, full_t, pruned_t = [], [], [], []
        full_n = pruned_n = 0
        for cands in moves:
            full, t_full, n_full = values(ev, cands, 0)
            pruned, t_pruned, n_pruned = values(ev, cands, keep)
            full_t.append(t_full)
            pruned_t.append(t_pruned)
            full_n, pruned_n = full_n + n_full, pruned_n + n_pruned
            chosen = max(range(len(cands)), key=lambda i: (pruned[i], -i))
            best = max(range(len(cands)), key=lambda i: (full[i], -i))
            same += chosen == best
            lost.append(full[best] - full[chosen])
            errors += [p - f for f, p in zip(full, pruned)]
        print(f"keep {keep}: the same play in {same}/{len(moves)} moves ({same / len(moves):.1%}); "
              f"equity lost {statistics.fmean(lost):.5f} a move (largest {max(lost):.4f}); a candidate's 1-ply "
              f"value {statistics.fmean(errors):.5f} too high on average; full-net evaluations "
              f"{pruned_n / full_n:.1%}; CPU time {sum(pruned_t) / sum(full_t):.3f}x "
              f"({1e3 * statistics.fmean(pruned_t):.0f} vs {1e3 * statistics.fmean(full_t):.0f} ms a move)")


if __name__ == "__main__":
    main()
