"""Choosing a play with the evaluator: 0-ply, noisy 0-ply, and 0-ply plus a 1-ply look-ahead.

* 0-ply: every legal play's result is evaluated (the opponent on roll) and inverted.
* 1-ply on the best few: for each candidate, each of the opponent's 21 rolls is answered by the
  opponent's best 0-ply reply, and the candidate's value is the roll-weighted mean of the equity
  of those replies (from our side, we being on roll again).
"""

from __future__ import annotations

import random
import time
from typing import Sequence

from ..game import outcome_of
from ..movegen import Play, legal_sequences
from ..position import Position
from .evaluator import Evaluator

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
ROLL_WEIGHTS = [1 / 36 if a == b else 2 / 36 for a, b in ROLLS]


def rank_plays(ev: Evaluator, plays: Sequence[Play]) -> list[tuple[float, Play]]:
    """(0-ply equity for the mover, play), best first."""
    scored = [(ev.play_equity(p.result), i, p) for i, p in enumerate(plays)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(e, p) for e, _, p in scored]


def one_ply_value(ev: Evaluator, result: Position) -> float:
    """Equity for the side that produced ``result`` after the opponent's best reply to each roll."""
    done = outcome_of(result)
    if done is not None:
        return float(int(done))
    total = 0.0
    probs = ev.probs_sides
    for roll, w in zip(ROLLS, ROLL_WEIGHTS):
        worst = None  # our equity after the opponent's best reply
        # ``mover`` is the replying opponent, ``us`` our side, both before the sides are swapped.
        for mover, us, _ in legal_sequences(result, roll):
            if not any(mover):  # he bore everything off
                ours = -1.0 - sum(probs(us, mover)[3:])  # -(1 + gammon + backgammon), exact
            else:
                p = probs(us, mover)
                ours = 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]
            if worst is None or ours < worst:
                worst = ours
        total += w * worst
    return total


def choose(
    ev: Evaluator,
    position: Position,
    plays: Sequence[Play],
    *,
    noise: float = 0.0,
    lookahead: int = 0,
    margin: float = 0.16,
    rng: random.Random | None = None,
    time_budget: float | None = None,
) -> Play:
    """The play to make: best 0-ply equity (plus Gaussian ``noise``), or, with ``lookahead`` > 0,
    the best 1-ply value among the top ``lookahead`` plays within ``margin`` of the 0-ply best.

    ``time_budget`` (seconds): once it is spent, no further candidate is looked at (the best two by
    0-ply always are), which bounds the time of a move in a slow interpreter (Pyodide)."""
    if len(plays) == 1:
        return plays[0]
    ranked = rank_plays(ev, plays)
    if noise > 0.0:
        rng = rng or random.Random()
        noisy = [(e + rng.gauss(0.0, noise), i, p) for i, (e, p) in enumerate(ranked)]
        noisy.sort(key=lambda t: (-t[0], t[1]))
        return noisy[0][2]
    if lookahead <= 1:
        return ranked[0][1]
    best = ranked[0][0]
    candidates = [p for e, p in ranked[:lookahead] if e >= best - margin]
    if len(candidates) == 1:
        return candidates[0]
    start = time.perf_counter()
    values = []
    for i, p in enumerate(candidates):
        if time_budget is not None and i >= 2 and time.perf_counter() - start > time_budget:
            break
        values.append((one_ply_value(ev, p.result), i, p))
    values.sort(key=lambda t: (-t[0], t[1]))
    return values[0][2]
