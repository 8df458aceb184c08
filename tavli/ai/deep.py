"""The Grandmaster's search (Portes): 2-ply with gnubg-style move filters, its work counted in
evaluations.

Values are cubeless money equities for the side that moves (as :mod:`tavli.ai.search`).

1. **0-ply**: every legal play's result is evaluated; the best ``first_keep`` within
   ``first_margin`` of the best go on (gnubg's default filter for 2-ply: 8 within 0.16).
2. **1-ply** on those: for each of the opponent's 21 rolls, his best reply by 0-ply; the play's
   value is the roll-weighted mean of our equity after those replies.
3. **2-ply** on the best ``second_keep`` of them by 1-ply within ``second_margin``: after each of
   the opponent's best replies (found in step 2), our 1-ply value there: the mean over our 21
   rolls of our best play's 0-ply equity. The play's value is the roll-weighted mean over his rolls.
   The play made is the best by 2-ply (or, when fewer than two plays could be valued at 2-ply, the
   best by 1-ply); values equal within 1e-9 go to the better play at 0-ply.

At every inner ply a side's best play for a roll is chosen by 0-ply: the distinct results of
that roll are evaluated in one call (:func:`best_reply`, the unit of work between two yields) and
the best is kept; where there are more than ``search.REPLIES_KEPT``, only those that the pruning
net finds best are evaluated (as in Champion's look-ahead), though all count in the budget.

**Dropping plays at 2-ply** (``prune``): while a play is valued at 2-ply, the opponent's rolls not
yet looked at count with their 1-ply values (already known); once that estimate falls more than
``prune`` below the best play valued so far, the play is dropped.

**Budget** (``budget``, evaluations of the net for the whole choice; deterministic, the same on any
machine and under any load): the 1-ply stage values at least the two best plays and starts a
further one only while its estimated cost fits; the 2-ply stage starts a play only while its
estimated cost fits (the first costs about 21 x 21 rolls x the plays of a roll, some 3,000-9,000
evaluations), and none unless two fit; a play that runs past the budget is dropped (by at most one
roll's replies).

Each search is a steps generator (:mod:`tavli.steps`): a yield after every roll's replies (~20
evaluations, a few milliseconds in Pyodide).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games.base import Play
from ..games.portes import Position, legal_sequences, trusted_position
from ..steps import Steps, finish
from . import search
from .evaluator import Evaluator
from .search import RANK_CHUNK, ROLL_WEIGHTS, ROLLS

Side = Sequence[int]


@dataclass(frozen=True)
class DeepOptions:
    """The Grandmaster's filters and budget (module docstring). ``prune=None``: no pruning;
    ``budget=None``: no limit."""

    first_keep: int = 8
    first_margin: float = 0.16
    second_keep: int = 3
    second_margin: float = 0.10
    prune: float | None = 0.12
    budget: int | None = 30_000
    minimize_waste: bool = False


@dataclass
class Report:
    """What one search did: evaluations, and how many plays each stage valued (for benchmarks)."""

    evaluations: int = 0
    plays: int = 0
    one_ply: int = 0
    two_ply: int = 0
    pruned: int = 0
    values: list[tuple[float, int, str]] = field(default_factory=list)  # (value, ply, play) of the valued


@dataclass
class _Candidate:
    play: Play[Any]
    zero: float
    order: int
    one: float = 0.0
    replies: list[tuple[float, list[int], list[int]]] = field(default_factory=list)  # per roll: his best
    two: float | None = None


def best_reply(ev: Evaluator, position: Position, roll: tuple[int, int], *,
               minimize_waste: bool = False) -> tuple[float, list[int], list[int], int]:
    """The side on roll's best play of ``roll`` by 0-ply, all the roll's distinct results counted
    in one call and valued, or only the ``search.REPLIES_KEPT`` best by the evaluator's pruning net
    (``Evaluator.best_replies``): ``(its equity for him, his side after it, the other side,
    evaluations counted)``."""
    probs = ev.probs_sides
    best = -1e9
    best_me: list[int] = []
    best_opp: list[int] = []
    results = legal_sequences(position, roll, minimize_waste=minimize_waste)
    for me, opp, _ in ev.best_replies(results, search.REPLIES_KEPT):
        p = probs(opp, me)  # the other side on roll after the play
        value = -(2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4])
        if value > best:
            best, best_me, best_opp = value, me, opp
    return best, best_me, best_opp, len(results)


def _exact(ev: Evaluator, mover: Side, other: Side) -> float | None:
    """The mover's equity when he has borne off everything (the game is over), else None."""
    if any(mover):
        return None
    p = ev.probs_sides(other, mover)
    return -(2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4])


class DeepSearch:
    """One choice of play (module docstring): :meth:`choose_steps`; :attr:`report` says what it did."""

    def __init__(self, ev: Evaluator, options: DeepOptions | None = None) -> None:
        self.ev = ev
        self.options = options or DeepOptions()
        self.report = Report()

    # --- the units of work ------------------------------------------------------------------------

    def _best(self, position: Position, roll: tuple[int, int]) -> tuple[float, list[int], list[int]]:
        value, me, opp, count = best_reply(self.ev, position, roll, minimize_waste=self.options.minimize_waste)
        self.report.evaluations += count
        return value, me, opp

    def _left(self) -> float:
        budget = self.options.budget
        return float("inf") if budget is None else budget - self.report.evaluations

    # --- the stages ---------------------------------------------------------------------------------

    def rank_steps(self, plays: Sequence[Play[Any]]) -> Steps[list[_Candidate]]:
        """Every play at 0-ply, best first (ties: the given order)."""
        ev = self.ev
        scored = []
        for i, play in enumerate(plays):
            scored.append(_Candidate(play, ev.play_equity(play.result), i))
            if i % RANK_CHUNK == RANK_CHUNK - 1:
                yield
        self.report.evaluations += len(plays)
        scored.sort(key=lambda c: (-c.zero, c.order))
        for rank, c in enumerate(scored):  # ties at a deeper ply: the better at 0-ply
            c.order = rank
        return scored

    def one_ply_steps(self, candidate: _Candidate) -> Steps[None]:
        """The candidate's 1-ply value and the opponent's best reply to each roll."""
        result = candidate.play.result
        done = _exact(self.ev, result.opponent, result.player)
        if done is not None:
            candidate.one = candidate.two = done
            return
        total = 0.0
        for roll, w in zip(ROLLS, ROLL_WEIGHTS):
            value, me, opp = self._best(result, roll)
            candidate.replies.append((value, me, opp))
            total -= w * value
            yield
        candidate.one = total

    def two_ply_steps(self, candidate: _Candidate, best: float | None) -> Steps[None]:
        """The candidate's 2-ply value (None when pruned: it cannot reach ``best`` - ``prune``)."""
        if candidate.two is not None:  # the play ends the game
            return
        prune = self.options.prune
        estimate = candidate.one  # his rolls not yet looked at count at 1-ply
        total = 0.0
        for (value, them, us), w in zip(candidate.replies, ROLL_WEIGHTS):
            exact = _exact(self.ev, them, us)
            if exact is not None:  # his reply ends the game
                here = -exact
            else:
                position = trusted_position(tuple(us), tuple(them))
                here = 0.0
                for roll, w2 in zip(ROLLS, ROLL_WEIGHTS):
                    mine, _, _ = self._best(position, roll)
                    here += w2 * mine
                    yield
                    if self._left() < 0:  # over the budget: the play is not valued
                        return
            total += w * here
            estimate += w * (here + value)
            if prune is not None and best is not None and estimate < best - prune:
                self.report.pruned += 1
                return
        candidate.two = total

    def choose_steps(self, plays: Sequence[Play[Any]]) -> Steps[Play[Any]]:
        """The play to make among ``plays`` (module docstring)."""
        opts = self.options
        self.report.plays = len(plays)
        if len(plays) == 1:
            return plays[0]
        ranked = yield from self.rank_steps(plays)
        top = ranked[0].zero
        first = [c for c in ranked[: opts.first_keep] if c.zero >= top - opts.first_margin]
        if len(first) == 1:
            return first[0].play
        # 1-ply: the best two always; a further one while its cost (as the last one's) fits.
        valued: list[_Candidate] = []
        cost = 0
        for c in first:
            if len(valued) >= 2 and cost > self._left():
                break
            before = self.report.evaluations
            yield from self.one_ply_steps(c)
            cost = self.report.evaluations - before
            valued.append(c)
        self.report.one_ply = len(valued)
        valued.sort(key=lambda c: (-round(c.one, 9), c.order))  # (ties within rounding: by 0-ply)
        top = valued[0].one
        second = [c for c in valued[: opts.second_keep] if c.one >= top - opts.second_margin]
        if len(second) < 2:
            return valued[0].play
        # 2-ply: a play's cost is about 21 x 21 x the replies per roll (as the first stage found).
        per_roll = max(1, cost // len(ROLLS)) if cost else 1
        estimate = len(ROLLS) * len(ROLLS) * per_roll
        if 2 * estimate > self._left():
            return valued[0].play
        done: list[_Candidate] = []
        best: float | None = None
        for i, c in enumerate(second):
            if i >= 2 and estimate > self._left():
                break
            before = self.report.evaluations
            yield from self.two_ply_steps(c, best)
            if i == 0:
                estimate = self.report.evaluations - before
            if c.two is not None:
                done.append(c)
                best = c.two if best is None else max(best, c.two)
        self.report.two_ply = len(done)
        self.report.values = [(c.one if c.two is None else c.two, 1 if c.two is None else 2, str(c.play))
                              for c in valued]
        if not done:
            return valued[0].play
        done.sort(key=lambda c: (-round(c.two or 0.0, 9), c.order))
        return done[0].play


def choose_steps(ev: Evaluator, plays: Sequence[Play[Any]], options: DeepOptions | None = None) -> Steps[Play[Any]]:
    """The Grandmaster's play among ``plays`` (module docstring), as a steps generator."""
    return (yield from DeepSearch(ev, options).choose_steps(plays))


def choose(ev: Evaluator, plays: Sequence[Play[Any]], options: DeepOptions | None = None) -> Play[Any]:
    """:func:`choose_steps` run to the end."""
    return finish(choose_steps(ev, plays, options))
