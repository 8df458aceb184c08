"""Cubeless rollouts of Portes positions: the label a net could learn where gnubg's n-ply labels
are not good enough (MODEL.md, "What would make the nets stronger still").

A rollout plays a position out many times with one chooser for both sides and averages the
results. Trial ``i`` opens with the ``i % 36``-th of the 36 ordered rolls, so every 36 trials see
each first roll once (gnubg's quasi-random dice do the same for the first roll); the later rolls
come from ``random.Random(seed)``. With ``truncate`` set, a trial stops after that many plies and
takes ``evaluate``'s probabilities for the position reached (gnubg's truncated rollouts).

The result is (win, win gammon, win backgammon, lose gammon, lose backgammon) for the side on roll
of ``position`` before it rolls, gammons including backgammons, as gnubg and our nets give them,
with the standard error of its cubeless equity.

    python tools/train/rollout.py --trials 1296             # the opening position, gnubg 0-ply play
    python tools/train/rollout.py --id 4HPwATDgc/ABMA --trials 360 --truncate 10
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tavli.ai.evaluator import Probs, equity, invert  # noqa: E402
from tavli.games.base import Outcome, Play  # noqa: E402
from tavli.games.portes import Position, legal_plays, outcome_of  # noqa: E402

Chooser = Callable[[Position, Sequence[Play]], Play]
Evaluate = Callable[[Position], Probs]

FIRST_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]  # ordered: 36 equally likely


@dataclass(frozen=True)
class Rollout:
    """A rollout's mean probabilities for the side on roll and its equity's standard error."""

    probs: Probs
    equity_se: float
    trials: int

    @property
    def equity(self) -> float:
        return equity(self.probs)


def _won(outcome: Outcome) -> Probs:
    """The probabilities of a game the side on roll of the rolled-out position has won."""
    gammon = outcome in (Outcome.GAMMON, Outcome.BACKGAMMON)
    return (1.0, float(gammon), float(outcome == Outcome.BACKGAMMON), 0.0, 0.0)


def play_out(position: Position, first: tuple[int, int], choose: Chooser, rng: random.Random,
             truncate: int | None = None, evaluate: Evaluate | None = None) -> Probs:
    """One trial from ``position`` (its side on roll rolls ``first``), as that side's probabilities."""
    pos, dice, plies = position, first, 0
    while True:
        play = choose(pos, legal_plays(pos, dice))
        pos = play.result
        plies += 1
        done = outcome_of(pos)
        mover_is_root = plies % 2 == 1
        if done is not None:
            won = _won(done)  # the player who just moved won
            return won if mover_is_root else invert(won)
        if truncate is not None and plies >= truncate and evaluate is not None:
            seen = evaluate(pos)  # for the side now on roll: the root's opponent after an odd ply
            return invert(seen) if mover_is_root else seen
        dice = (rng.randint(1, 6), rng.randint(1, 6))


def rollout(position: Position, choose: Chooser, trials: int, seed: int = 1,
            truncate: int | None = None, evaluate: Evaluate | None = None) -> Rollout:
    """Roll ``position`` out ``trials`` times; see the module's docstring."""
    if trials < 2:
        raise ValueError("a rollout needs at least two trials for its standard error")
    if truncate is not None and evaluate is None:
        raise ValueError("a truncated rollout needs an evaluator for the positions it stops at")
    rng = random.Random(seed)
    games = [play_out(position, FIRST_ROLLS[i % 36], choose, rng, truncate, evaluate) for i in range(trials)]
    w, wg, wbg, lg, lbg = (sum(column) / trials for column in zip(*games))
    return Rollout((w, wg, wbg, lg, lbg), statistics.stdev(map(equity, games)) / math.sqrt(trials), trials)


def main() -> None:
    from tools.train import refs  # noqa: PLC0415 (gnubg: requirements-train.txt)

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--id", default=None, help="gnubg position ID (default: the opening position)")
    ap.add_argument("--trials", type=int, default=1296)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--truncate", type=int, default=None, help="stop after this many plies (gnubg 0-ply)")
    args = ap.parse_args()
    position = Position.from_id(args.id) if args.id else Position.initial()
    evaluate = refs.gnubg_probs if args.truncate else None
    start = time.perf_counter()
    done = rollout(position, refs.gnubg_choose, args.trials, args.seed, args.truncate, evaluate)
    seconds = time.perf_counter() - start
    w, wg, wbg, lg, lbg = done.probs
    print(f"win {w:.4f}  wg {wg:.4f}  wbg {wbg:.4f}  lg {lg:.4f}  lbg {lbg:.4f}")
    print(f"equity {done.equity:+.4f} ± {done.equity_se:.4f} (1 SE), {done.trials} trials, "
          f"{seconds:.1f} s ({1000 * seconds / done.trials:.1f} ms a trial)")
    print(f"gnubg 0-ply, same position: {refs.equity(refs.gnubg_probs(position)):+.4f}")


if __name__ == "__main__":
    main()
