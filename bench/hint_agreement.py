"""How often the Portes hint's best play is GNU Backgammon 2-ply's, and what it loses by gnubg.

    pip install gnubg==1.1.0a16   # requirements-train.txt; without it the bench says it is skipped
    python bench/hint_agreement.py                     # 500 positions, seed 1
    python bench/hint_agreement.py --positions 100 --candidates 5,10,20

Positions (fixed and seeded, not from the training data): games of our Intermediate level (the
net with noise) against itself, from the standard start; at each turn, with chance 0.15, the
position and the dice are kept when the roll has more than one legal play, until ``--positions``.

For each, the hint (:func:`tavli.coach.hints.best_plays_steps`, cubeless money, as in the page but
without its time budget) gives its best play; GNU Backgammon 2-ply gives its own: every legal play
(our move generator, which tools/crosscheck_gnubg.py checks against gnubg's) is evaluated at 0-ply,
the best and up to 12 more within 0.24 go on to 1-ply, the best and up to 6 more within 0.12 to
2-ply (gnubg's default move filters for 2-ply, pruning nets on), the best by 2-ply is gnubg's play.
Reported: the share of positions where both choose the same play (the same resulting position)
and the mean cubeless equity the hint's play loses by gnubg 2-ply (0 when they agree). For
comparison the same for our plain 0-ply choice (Expert) and for other numbers of 1-ply candidates
(``--candidates``; the hint's own is :data:`tavli.coach.hints.CANDIDATES`).

Results (2026-12-01, 500 positions, seed 1, gnubg 1.1.0a16; ``--candidates 5,20``): the hint
chooses gnubg 2-ply's play in 79.0 % of positions (aim 85 %) and another within 0.01 of it in
9.8 % more; it loses 0.0039 per position by gnubg 2-ply (aim <= 0.010). Our 0-ply alone: 72.6 %,
0.0079. 1-ply on the best 5, 10, 20 candidates: 78.4, 79.0, 78.8 % (0.0040, 0.0039, 0.0038): more
candidates do not close the gap, a better net or a deeper search would. The hint took 0.15-0.26 s
mean, 0.6-1.1 s p95 per position under CPython on the loaded shared 2-core machine; gnubg 2-ply
0.06-0.09 s. ``--deep``: the deeper hint (``depth=2``: 2-ply on the best three by 1-ply) chooses
gnubg's play in 84.8 % (another within 0.01 in 9.8 % more) and loses 0.0017; it costs about 8
times the hint (4.0 s mean on top of the hint's 0.47 s at a load average of 9: ~1.3 s under an
unloaded CPython, some seconds in Pyodide), so the page's default stays at 1-ply.
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

from tavli.ai.context import MatchContext  # noqa: E402
from tavli.ai.players import AIPlayer  # noqa: E402
from tavli.coach import hints  # noqa: E402
from tavli.coach.judge import Judge, Scale, judge_steps  # noqa: E402
from tavli.games.portes import Position, legal_plays, outcome_of  # noqa: E402
from tavli.steps import finish  # noqa: E402
from tools.train import refs  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from strength import have_gnubg  # noqa: E402

FILTERS = ((12, 0.24), (6, 0.12))  # gnubg's 2-ply move filters: (extra moves, threshold) after 0-ply, 1-ply


def positions(count: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """``count`` (position, dice) pairs met in seeded self-play of the Intermediate level."""
    rng = random.Random(seed)
    bot = AIPlayer("intermediate", seed=seed)
    found: list[tuple[Position, tuple[int, int]]] = []
    while len(found) < count:
        position = Position.initial()
        first = True
        while outcome_of(position) is None and len(found) < count:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if first:
                while dice[0] == dice[1]:
                    dice = (rng.randint(1, 6), rng.randint(1, 6))
                first = False
            plays = legal_plays(position, dice)
            if len(plays) > 1 and rng.random() < 0.15:
                found.append((position, dice))
            play = bot.choose_play(position, dice, plays=plays) if len(plays) > 1 else plays[0]
            position = play.result
    return found


class Gnubg:
    """gnubg's cubeless money equity of a play's result at 0, 1, 2 plies (for the side that moved)."""

    def __init__(self) -> None:
        self.g = refs.gnubg_module()
        self.cube = self.g.cube_info()
        self.contexts = [self.g.eval_context(0, plies, 1, 1, 0.0) for plies in (0, 1, 2)]
        self.cache: dict[tuple[int, tuple[int, ...], tuple[int, ...]], float] = {}

    def value(self, result: Position, plies: int) -> float:
        key = (plies, result.player, result.opponent)
        got = self.cache.get(key)
        if got is None:
            done = outcome_of(result)
            if done is not None:
                got = float(int(done))
            else:
                p = self.g.evaluate((result.opponent, result.player), self.cube, self.contexts[plies])
                got = -refs.equity(p[:5])
            self.cache[key] = got
        return got

    def best(self, plays: list) -> tuple[object, float]:
        """gnubg 2-ply's play among ``plays`` (its move filters) and its 2-ply value."""
        alive = list(plays)
        for plies, (extra, threshold) in enumerate(FILTERS):
            scored = sorted(alive, key=lambda p: -self.value(p.result, plies))
            top = self.value(scored[0].result, plies)
            alive = [scored[0]] + [p for p in scored[1:1 + extra] if self.value(p.result, plies) >= top - threshold]
        best = max(alive, key=lambda p: self.value(p.result, 2))
        return best, self.value(best.result, 2)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--candidates", default="", help="other numbers of 1-ply candidates to compare, e.g. 5,20")
    ap.add_argument("--deep", action="store_true", help="also the deeper hint (depth 2: 2-ply on the best 3)")
    args = ap.parse_args(argv)
    if not have_gnubg():
        print("skipped: gnubg not installed (pip install gnubg==1.1.0a16, see requirements-train.txt)")
        return
    counts = sorted({hints.CANDIDATES, *(int(c) for c in args.candidates.split(",") if c)})
    t0 = time.perf_counter()
    sample = positions(args.positions, args.seed)
    judge: Judge = finish(judge_steps(MatchContext()))
    gnubg = Gnubg()
    scale = Scale.money()
    t_gen = time.perf_counter() - t0
    same: dict[str, list[bool]] = {}
    lost: dict[str, list[float]] = {}
    hint_seconds: list[float] = []
    deep_seconds: list[float] = []
    gnubg_seconds = 0.0
    widest = max(counts)
    for position, dice in sample:
        plays = legal_plays(position, dice)
        t = time.perf_counter()
        best, best_value = gnubg.best(plays)
        gnubg_seconds += time.perf_counter() - t
        choices: dict[str, object] = {}
        ranked = judge.rank(plays, scale)
        choices["0-ply"] = ranked[0][1]
        t = time.perf_counter()
        shown = finish(hints.best_plays_steps(judge, position, dice, scale, plays=plays, budget=None))
        hint_seconds.append(time.perf_counter() - t)
        moves = {p.moves: p for p in plays}
        choices[f"hint ({hints.CANDIDATES} candidates)"] = moves[shown[0].moves]
        if args.deep:
            t = time.perf_counter()
            deep = finish(hints.best_plays_steps(judge, position, dice, scale, plays=plays, budget=None, depth=2))
            deep_seconds.append(time.perf_counter() - t)
            choices["hint, depth 2"] = moves[deep[0].moves]
        one_ply = {}
        for p in hints.candidates(ranked, widest, hints.MARGIN, hints.SHOWN):
            one_ply[p.moves] = finish(judge.one_ply_steps(p.result, scale))
        for n in counts:
            looked = hints.candidates(ranked, n, hints.MARGIN, hints.SHOWN)
            choices[f"1-ply on {n}"] = max(looked, key=lambda p: (one_ply[p.moves], -looked.index(p)))
        for name, play in choices.items():
            agree = play.result == best.result
            same.setdefault(name, []).append(agree)
            lost.setdefault(name, []).append(0.0 if agree else max(0.0, best_value - gnubg.value(play.result, 2)))
    n = len(sample)
    print(f"{n} Portes positions (seed {args.seed}), gnubg {refs.gnubg_module().version} 2-ply as the reference")
    for name in same:
        near = sum(1 for agree, loss in zip(same[name], lost[name]) if not agree and loss < 0.01)
        print(f"  {name:<24} same play as gnubg 2-ply {100 * sum(same[name]) / n:5.1f} %, "
              f"mean loss by gnubg 2-ply {statistics.mean(lost[name]):.4f} "
              f"(another play losing under 0.01: {100 * near / n:.1f} %)")
    hint_seconds.sort()
    print(f"  the hint: {statistics.mean(hint_seconds):.3f} s mean, {hint_seconds[int(0.95 * (n - 1))]:.3f} s p95 "
          f"per position (CPython); gnubg 2-ply {gnubg_seconds / n:.3f} s; positions made in {t_gen:.1f} s; "
          f"all in {time.perf_counter() - t0:.0f} s")
    if deep_seconds:
        deep_seconds.sort()
        print(f"  the deeper hint: {statistics.mean(deep_seconds):.3f} s mean, "
              f"{deep_seconds[int(0.95 * (n - 1))]:.3f} s p95 per position (CPython, after the hint's own look-ahead)")
    print("  aims: >= 85 % the same play, <= 0.010 mean loss")


if __name__ == "__main__":
    main(sys.argv[1:])
