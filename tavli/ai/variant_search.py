"""Choosing a Plakoto or Fevga play with the variant net: 0-ply, noisy 0-ply, 0-ply plus a 1-ply
look-ahead on the best few (as :mod:`tavli.ai.search` does for Portes).

* 0-ply: every legal play's result is valued by :meth:`VariantEvaluator.play_equity` (exact for a
  finished game).
* 1-ply: for each candidate, each of the opponent's 21 rolls is answered by his best 0-ply reply;
  the candidate's value is the roll-weighted mean of our equity after those replies.

:func:`choose_steps` is a generator: it yields (``None``) between units of work (one candidate's
roll) so that a caller can spread the search over several slices of time; its return value
(``StopIteration.value``) is the play. :func:`choose` runs it to the end.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..steps import Steps, finish
from ..variants import variant as variant_of
from .search import REPLY_CHUNK, ROLL_WEIGHTS, ROLLS, rank_plays, rank_plays_steps, select_steps  # noqa: F401 (rank_plays: one ranking for every game)
from .variant_net import VariantEvaluator


def reply_value(ev: VariantEvaluator, result: Any, roll: tuple[int, int], options: dict) -> float:
    """Our expected points after the opponent's best 0-ply reply to ``roll`` in ``result`` (the
    opponent on roll, we having just moved)."""
    replies = variant_of(ev.name).legal_plays(result, roll, **options)
    best = max(ev.play_equity(r.result) for r in replies)  # the opponent's points
    return -best


def choose_steps(
    ev: VariantEvaluator,
    plays: Sequence[Any],
    *,
    noise: float = 0.0,
    lookahead: int = 0,
    margin: float = 0.16,
    rng: random.Random | None = None,
    time_budget: float | None = None,
    options: dict | None = None,
) -> Steps[Any]:
    """The play to make, as a generator (see the module docstring): best 0-ply value (plus
    Gaussian ``noise``), or with ``lookahead`` > 1 the best 1-ply value among the top
    ``lookahead`` plays within ``margin`` of the best. ``time_budget`` (seconds of look-ahead):
    after it no new candidate is started (the best two always are)."""
    if len(plays) == 1:
        return plays[0]
    ranked = yield from rank_plays_steps(ev, plays)
    options = {k: v for k, v in (options or {}).items() if k != "minimize_waste"}
    return (yield from select_steps(
        ranked, lambda p: one_ply_value_steps(ev, p.result, options),
        noise=noise, lookahead=lookahead, margin=margin, rng=rng, time_budget=time_budget,
    ))


def one_ply_value_steps(ev: VariantEvaluator, result: Any, options: dict) -> Steps[float]:
    """Our expected points after ``result`` (exact when the game is over; else the roll-weighted
    mean over the opponent's 21 rolls of :func:`reply_value`), yielding after each roll."""
    done = ev.ending_value(result)
    if done is not None:
        return done
    total = 0.0
    legal = variant_of(ev.name).legal_plays
    for roll, w in zip(ROLLS, ROLL_WEIGHTS):
        replies = legal(result, roll, **options)
        yield
        best = None  # the opponent's points after his best reply
        for k, reply in enumerate(replies):
            value = ev.play_equity(reply.result)
            if best is None or value > best:
                best = value
            if k % REPLY_CHUNK == REPLY_CHUNK - 1:
                yield
        total -= w * best
    return total


def choose(ev: VariantEvaluator, plays: Sequence[Any], **kw: Any) -> Any:
    """:func:`choose_steps` run to the end."""
    return finish(choose_steps(ev, plays, **kw))
