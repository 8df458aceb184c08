"""How far Plakoto's and Fevga's Champion (and Expert) fall short of a full 1-ply search of the same
net, by that search's own values, move by move.

    python bench/variant_oneply_gap.py --variant plakoto --games 20 --every 3

Positions: Expert self-play games (seeded dice); every ``--every``-th turn with two or more legal
plays is kept. In each, every legal play is valued by the full 1-ply search
(:func:`tavli.ai.variant_search.one_ply_value_steps`: the opponent's best 0-ply reply to each of
the 21 rolls; what ``oneply`` in bench/variant_strength.py plays), and the plays that Champion
(0-ply, then 1-ply on the best 5 within 0.16, 8,000 evaluations) and Expert (0-ply) choose are
scored by their shortfall from the best of those values (points per move; 0 when they agree).
Games between the players (bench/variant_strength.py --ref oneply) measure the same thing with
far more noise per CPU second: a full 1-ply move costs about a second of CPython here.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from variant_strength import append_json, ci95  # noqa: E402

from tavli.ai import variant_net as vn  # noqa: E402
from tavli.ai.context import MatchContext  # noqa: E402
from tavli.ai.players import AIPlayer  # noqa: E402
from tavli.ai.variant_search import one_ply_value_steps  # noqa: E402
from tavli.games.registry import game_kind  # noqa: E402
from tavli.steps import finish  # noqa: E402


def sample_turns(name: str, games: int, every: int, seed: int) -> list[tuple[object, tuple[int, int]]]:
    """(position, roll) of every ``every``-th turn with a choice in ``games`` Expert self-play games."""
    v = game_kind(name)
    bot = AIPlayer("expert", seed=seed)
    context = MatchContext(length=None, variant=name, cube_available=False)
    rng = random.Random(seed)
    turns, k = [], 0
    for _ in range(games):
        position = v.initial()
        while v.ending(position) is None:
            roll = (rng.randint(1, 6), rng.randint(1, 6))
            plays = v.legal_plays(position, roll)
            if len(plays) > 1:
                if k % every == 0:
                    turns.append((position, roll))
                k += 1
            position = bot.choose_play(position, roll, context, plays).result
    return turns


def shortfalls(name: str, turns, levels: tuple[str, ...]) -> dict[str, list[float]]:
    """For each level, the best full 1-ply value minus that of its play, per turn (>= 0)."""
    v = game_kind(name)
    ev = vn.default_variant_evaluator(name)
    context = MatchContext(length=None, variant=name, cube_available=False)
    bots = {level: AIPlayer(level, seed=1) for level in levels}
    out: dict[str, list[float]] = {level: [] for level in levels}
    for position, roll in turns:
        plays = v.legal_plays(position, roll)
        values = [finish(one_ply_value_steps(ev, p.result, {})) for p in plays]
        best = max(values)
        for level, bot in bots.items():
            chosen = bot.choose_play(position, roll, context, plays)
            out[level].append(best - values[plays.index(chosen)])
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="plakoto,fevga", help="plakoto|fevga (comma-separated)")
    ap.add_argument("--games", type=int, default=10, help="Expert self-play games the turns come from")
    ap.add_argument("--every", type=int, default=3, help="keep every n-th turn with a choice")
    ap.add_argument("--seed", type=int, default=1717)
    ap.add_argument("--json", default=None, help="append results (one JSON object per line)")
    args = ap.parse_args(argv)
    levels = ("champion", "expert")
    for name in args.variant.split(","):
        start = time.time()
        turns = sample_turns(name, args.games, args.every, args.seed)
        gaps = shortfalls(name, turns, levels)
        record: dict[str, object] = {
            "variant": name, "bench": "oneply_gap", "games": args.games, "every": args.every, "seed": args.seed,
            "turns": len(turns), "wall_s": time.time() - start,
        }
        for level in levels:
            g = gaps[level]
            record[level] = {"mean_shortfall": statistics.mean(g), "ci95": ci95(g),
                             "agree": sum(1 for x in g if x == 0.0) / len(g)}
            print(f"{name:>8} {level:>9}: {len(g)} turns, shortfall from full 1-ply "
                  f"{statistics.mean(g):.4f} ± {ci95(g):.4f} points/move, same play {record[level]['agree']:.0%}",
                  flush=True)
        append_json(args.json, record)


if __name__ == "__main__":
    main()
