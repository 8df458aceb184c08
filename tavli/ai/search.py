"""Choosing a play with the evaluator: 0-ply, noisy 0-ply, and 0-ply plus a 1-ply look-ahead.

* 0-ply: every legal play's result is evaluated (the opponent on roll) and inverted.
* 1-ply on the best few: for each candidate, each of the opponent's 21 rolls is answered by the
  opponent's best 0-ply reply, and the candidate's value is the roll-weighted mean of the equity
  of those replies (from our side, we being on roll again). Where the evaluator has a pruning net,
  only the :data:`REPLIES_KEPT` replies to a roll that it finds best are valued by the full net
  (``Evaluator.best_replies``; about a third of them, for 99 % of the same plays: MODEL.md).

Each search is a steps generator (:mod:`tavli.steps`: ``choose_steps``, ``rank_plays_steps``,
``one_ply_value_steps``) that the browser runs in slices; ``choose``, ``rank_plays`` and
``one_ply_value`` run them to the end.

The look-ahead's budget is counted in evaluations (a :class:`Tally` of the opponent's replies,
pruned or valued), never in time: the play chosen is a function of the position, the dice and the seed
alone, the same on a fast machine, a loaded one, or in the page.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypedDict, TypeVar, Unpack

from ..dice import ROLL_WEIGHTS as ROLL_WEIGHTS  # re-exported: the searches and the coach take them from here
from ..dice import ROLLS as ROLLS
from ..games.base import Play
from ..games.portes import Position, legal_sequences, outcome_of
from ..steps import Steps, WorkClock, finish
from .evaluator import Evaluator

RANK_CHUNK = 8  # plays evaluated between two yields of rank_plays_steps (~1 ms in Pyodide)
REPLY_CHUNK = 4  # replies evaluated between two yields of one_ply_value_steps (a few ms in Pyodide)
MARGIN = 0.16  # look-ahead candidates lie within this much of the 0-ply best (gnubg's move filter)
REPLIES_KEPT = 8  # the opponent's replies to a roll valued by the full net, the pruning net's best


class Judge(Protocol):
    """What ranks plays: the equity of a play's result for the side that made it (any game's net)."""

    def play_equity(self, result: Any) -> float: ...


class AnyPlay(Protocol):
    """A play of any game: the position it leaves (the opponent on roll)."""

    @property
    def result(self) -> Any: ...


P = TypeVar("P", bound=AnyPlay)


class SearchOptions(TypedDict, total=False):
    """How :func:`select_steps` chooses among the ranked plays (its keywords, for every game's search)."""

    noise: float
    lookahead: int
    margin: float
    rng: random.Random | None
    evaluations: int | None


@dataclass
class Tally:
    """Evaluations made so far by a look-ahead: its value steps add the replies they value."""

    count: int = 0


def rank_plays(ev: Judge, plays: Sequence[P]) -> list[tuple[float, P]]:
    """(0-ply equity for the mover, play), best first (any game: ``ev.play_equity(result)``)."""
    return finish(rank_plays_steps(ev, plays))


def rank_plays_steps(ev: Judge, plays: Sequence[P]) -> Steps[list[tuple[float, P]]]:
    """:func:`rank_plays`, yielding every few evaluations."""
    scored = []
    for i, p in enumerate(plays):
        scored.append((ev.play_equity(p.result), i, p))
        if i % RANK_CHUNK == RANK_CHUNK - 1:
            yield
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(e, p) for e, _, p in scored]


def one_ply_value(ev: Evaluator, result: Position) -> float:
    """Equity for the side that produced ``result`` after the opponent's best reply to each roll."""
    return finish(one_ply_value_steps(ev, result))


def one_ply_value_steps(ev: Evaluator, result: Position, tally: Tally | None = None) -> Steps[float]:
    """:func:`one_ply_value`, yielding after each of the opponent's rolls' replies are generated
    and after every ``REPLY_CHUNK`` of them valued; every reply (one evaluation, whether the
    pruning net left it out or not) is added to ``tally``."""
    done = outcome_of(result)
    if done is not None:
        return float(int(done))
    total = 0.0
    replies = 0
    probs = ev.probs_sides
    for roll, w in zip(ROLLS, ROLL_WEIGHTS):
        worst = math.inf  # our equity after the opponent's best reply (there is always one)
        sequences = legal_sequences(result, roll)
        replies += len(sequences)
        yield
        # ``mover`` is the replying opponent, ``us`` our side, both before the sides are swapped.
        for k, (mover, us, _) in enumerate(ev.best_replies(sequences, REPLIES_KEPT)):
            if k % REPLY_CHUNK == REPLY_CHUNK - 1:
                yield
            if not any(mover):  # he bore everything off
                ours = -1.0 - sum(probs(us, mover)[3:])  # -(1 + gammon + backgammon), exact
            else:
                p = probs(us, mover)
                ours = 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]
            worst = min(worst, ours)
        total += w * worst
    if tally is not None:
        tally.count += replies
    return total


def choose(ev: Evaluator, position: Position, plays: Sequence[Play[Any]], **options: Unpack[SearchOptions]) -> Play[Any]:
    """:func:`choose_steps` run to the end (the same play)."""
    return finish(choose_steps(ev, position, plays, **options))


def choose_steps(
    ev: Evaluator, position: Position, plays: Sequence[Play[Any]], **options: Unpack[SearchOptions],
) -> Steps[Play[Any]]:
    """The play to make: best 0-ply equity (plus Gaussian ``noise``), or, with ``lookahead`` > 0,
    the best 1-ply value among the top ``lookahead`` plays within ``margin`` of the 0-ply best
    (:func:`select_steps`). A steps generator (:mod:`tavli.steps`): it yields every few
    evaluations and after each roll of the look-ahead; its return value is the play."""
    tally = Tally()
    return (yield from search_steps(ev, plays, lambda p: one_ply_value_steps(ev, p.result, tally), tally=tally,
                                    **options))


def search_steps(
    ev: Judge, plays: Sequence[P], value_steps: Callable[[P], Steps[float]], *, tally: Tally | None = None,
    **options: Unpack[SearchOptions],
) -> Steps[P]:
    """The play to make among ``plays`` of any game: the only one, else ranked by ``ev`` (0-ply),
    then chosen by :func:`select_steps` with the look-ahead ``value_steps`` (which adds its
    evaluations to ``tally``)."""
    if len(plays) == 1:
        return plays[0]
    ranked = yield from rank_plays_steps(ev, plays)
    return (yield from select_steps(ranked, value_steps, tally=tally, **options))


def select_steps(
    ranked: Sequence[tuple[float, P]],
    value_steps: Callable[[P], Steps[float]],
    *,
    noise: float = 0.0,
    lookahead: int = 0,
    margin: float = MARGIN,
    rng: random.Random | None = None,
    evaluations: int | None = None,
    tally: Tally | None = None,
) -> Steps[P]:
    """The play to make from plays ``ranked`` best first by 0-ply value ((value, play) pairs): the
    best (with Gaussian ``noise`` added), or the best by ``value_steps(play)`` (a look-ahead, as a
    steps generator) among the top ``lookahead`` within ``margin``. Shared by every game's search.

    ``evaluations``: the look-ahead's budget, counted in ``tally`` (which ``value_steps`` adds
    to): once it is spent, no further candidate is looked at (the best two by 0-ply always are).
    It bounds the rare huge look-ahead (many plays for each of the opponent's rolls) without
    making the choice depend on the machine's speed or load."""
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
    values = yield from look_ahead_steps(candidates, value_steps, evaluations=evaluations, tally=tally)
    return values[0][1]


def look_ahead_steps(
    candidates: Sequence[P], value_steps: Callable[[P], Steps[float]], *, time_budget: float | None = None,
    evaluations: int | None = None, tally: Tally | None = None, least: int = 2,
) -> Steps[list[tuple[float, P]]]:
    """(``value_steps(play)``, play) for ``candidates`` in order, best first (ties: the given
    order). No candidate after the first ``least`` is started once ``tally`` (which
    ``value_steps`` adds its evaluations to) has reached ``evaluations`` (a budget that means the
    same on every machine: the players'), or once ``time_budget`` seconds of its own work are spent
    (suspensions between slices not counted; a wall-clock bound for responsiveness: the coach's)."""
    if evaluations is not None and tally is None:
        raise ValueError("an evaluation budget needs the tally its value steps add to")
    clock = WorkClock()
    values = []
    for i, p in enumerate(candidates):
        if i >= least and (
            (tally is not None and evaluations is not None and tally.count >= evaluations)
            or (time_budget is not None and clock.spent() > time_budget)
        ):
            break
        steps = value_steps(p)
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                values.append((stop.value, i, p))
                break
            clock.pause()
            yield
            clock.resume()
    values.sort(key=lambda t: (-t[0], t[1]))
    return [(v, p) for v, _, p in values]
