"""Champion's look-ahead budget in evaluations: how many a move's 1-ply look-ahead costs, and what
a budget would cut.

    python bench/lookahead_budget.py --games 40 --seed 17          # the distribution, budgets
    python bench/lookahead_budget.py --games 40 --seed 17 --time   # + Champion's CPU time per move
    python bench/lookahead_budget.py --variant fevga --games 10    # Plakoto or Fevga (same budget)

Positions: seeded self-play games of Intermediate (the net with noise), every roll with more than
one legal play. For each, Champion's look-ahead is run without a budget (0-ply ranking, then 1-ply
on the best 5 plays within 0.16): the evaluations of each candidate (the opponent's replies
valued, :class:`tavli.ai.search.Tally`) and its value. Printed: the distribution of evaluations
per move (moves with a look-ahead), and for each budget the share of moves it cuts (some
candidate left out), of moves whose play it changes, and the most evaluations a move then makes
(the first two candidates are always looked at, so a budget cannot bound them).

``--time``: also Champion's own CPU time per move (``time.process_time``, mean and p95) over
the same positions, as ``make_player("champion").choose_play`` plays them (works on any tree,
so that a before/after comparison runs the same script). ``--json FILE`` appends the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tavli.ai.context import MatchContext  # noqa: E402
from tavli.ai.evaluator import default_evaluator  # noqa: E402
from tavli.ai.players import AIPlayer, make_player  # noqa: E402
from tavli.ai.search import MARGIN  # noqa: E402
from tavli.ai.variant_net import default_variant_evaluator  # noqa: E402
from tavli.games.registry import game_kind  # noqa: E402
from tavli.steps import finish  # noqa: E402

LOOKAHEAD = 5  # Champion's candidates ...
LEAST = 2  # candidates always looked at
BUDGETS = (4000, 6000, 8000, 10000, 12000, 16000, 20000)


def context_of(variant: str) -> MatchContext | None:
    """The match a position of ``variant`` is played in (None: Portes money play)."""
    return None if variant == "portes" else MatchContext(length=None, variant=variant, cube_available=False)


def positions(games: int, seed: int, variant: str = "portes") -> list[tuple[Any, tuple[int, int]]]:
    """(position, dice) of seeded Intermediate self-play games, rolls with several plays."""
    rng = random.Random(seed)
    bot = AIPlayer("intermediate", seed=seed)
    kind = game_kind(variant)
    out = []
    for _ in range(games):
        pos = kind.initial()
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = kind.legal_plays(pos, dice)
            if len(plays) > 1:
                out.append((pos, dice))
            pos = bot.choose_play(pos, dice, context_of(variant), plays=plays).result
            if kind.ending(pos) is not None:
                break
    return out


def candidate_costs(pos: Any, dice: tuple[int, int], variant: str = "portes") -> list[tuple[float, int]]:
    """(1-ply value, evaluations) of each candidate of Champion's look-ahead, in 0-ply order
    (empty when there is no look-ahead: a single candidate)."""
    from tavli.ai import search, variant_search  # noqa: PLC0415

    ev: Any = default_evaluator() if variant == "portes" else default_variant_evaluator(variant)
    ranked = search.rank_plays(ev, game_kind(variant).legal_plays(pos, dice))
    best = ranked[0][0]
    cands = [p for e, p in ranked[:LOOKAHEAD] if e >= best - MARGIN]
    if len(cands) < 2:
        return []
    out = []
    for p in cands:
        tally = search.Tally()
        if variant == "portes":
            steps = search.one_ply_value_steps(ev, p.result, tally)
        else:
            steps = variant_search.one_ply_value_steps(ev, p.result, {}, tally)
        out.append((finish(steps), tally.count))
    return out


def under_budget(costs: list[tuple[float, int]], budget: int) -> tuple[int, int]:
    """(index of the play chosen, evaluations made) with ``budget``: a candidate after the first
    :data:`LEAST` is started only while fewer than ``budget`` evaluations are made."""
    spent, best = 0, 0
    for i, (value, n) in enumerate(costs):
        if i >= LEAST and spent >= budget:
            break
        spent += n
        if value > costs[best][0]:
            best = i
    return best, spent


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--variant", choices=("portes", "plakoto", "fevga"), default="portes")
    ap.add_argument("--time", action="store_true", help="also Champion's CPU time per move")
    ap.add_argument("--no-counts", action="store_true", help="skip the evaluation counts (a tree without Tally)")
    ap.add_argument("--json", default=None, help="append the figures as one JSON line")
    args = ap.parse_args()
    cases = positions(args.games, args.seed, args.variant)
    record: dict = {"bench": "lookahead_budget", "variant": args.variant, "games": args.games, "seed": args.seed,
                    "moves": len(cases)}
    print(f"{args.variant}: {len(cases)} moves with more than one play, {args.games} games, seed {args.seed}")
    if not args.no_counts:
        costs = [c for c in (candidate_costs(p, d, args.variant) for p, d in cases) if c]
        totals = [float(sum(n for _, n in c)) for c in costs]
        record["lookahead_moves"] = len(costs)
        record["evaluations"] = {q: pct(totals, q / 100) for q in (50, 90, 95, 99, 99.9, 100)}
        print(f"{len(costs)} moves with a look-ahead; evaluations per move: mean {statistics.mean(totals):.0f}, "
              + ", ".join(f"p{q} {v:.0f}" for q, v in record["evaluations"].items()))
        first_two = [float(sum(n for _, n in c[:LEAST])) for c in costs]
        print(f"the first {LEAST} candidates (never cut): p99 {pct(first_two, 0.99):.0f}, max {max(first_two):.0f}")
        record["budgets"] = []
        for budget in BUDGETS:
            runs = [under_budget(c, budget) for c in costs]
            cut = sum(1 for c, (_, spent) in zip(costs, runs) if spent < sum(n for _, n in c))
            changed = sum(1 for c, (i, _) in zip(costs, runs) if i != under_budget(c, 10**12)[0])
            most = max(spent for _, spent in runs)
            record["budgets"].append({"budget": budget, "cut": cut, "changed": changed, "max": most})
            print(f"budget {budget:6d}: cuts {cut} moves ({100 * cut / len(costs):.2f} %), "
                  f"changes the play of {changed}, at most {most} evaluations a move")
    if args.time:
        champion = make_player("champion", seed=args.seed)
        times = []
        for pos, dice in cases:
            t0 = time.process_time()
            champion.choose_play(pos, dice, context_of(args.variant))
            times.append(time.process_time() - t0)
        record["cpu_ms_mean"] = 1000 * statistics.mean(times)
        record["cpu_ms_p95"] = 1000 * pct(times, 0.95)
        record["cpu_ms_max"] = 1000 * max(times)
        print(f"Champion CPU time per move: mean {record['cpu_ms_mean']:.1f} ms, p95 {record['cpu_ms_p95']:.1f} ms, "
              f"max {record['cpu_ms_max']:.1f} ms")
    if args.json:
        with open(args.json, "a") as f:
            f.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main()
