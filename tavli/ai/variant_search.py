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

import math
from collections.abc import Sequence
from typing import Any, Unpack

from ..games.base import Play
from ..games.registry import game_kind as variant_of
from ..steps import Steps, finish
from .search import REPLY_CHUNK, ROLL_WEIGHTS, ROLLS, SearchOptions, Tally, search_steps
from .search import rank_plays as rank_plays  # one ranking for every game
from .variant_net import GameOptions, VariantEvaluator


def reply_value(ev: VariantEvaluator, result: Any, roll: tuple[int, int], options: GameOptions) -> float:
    """Our expected points after the opponent's best 0-ply reply to ``roll`` in ``result`` (the
    opponent on roll, we having just moved)."""
    replies = variant_of(ev.name).legal_plays(result, roll, **options)
    best = max(ev.play_equity(r.result) for r in replies)  # the opponent's points
    return -best


def choose_steps(
    ev: VariantEvaluator, plays: Sequence[Play[Any]], *, options: GameOptions | None = None,
    **search: Unpack[SearchOptions],
) -> Steps[Play[Any]]:
    """The play to make, as a generator (see the module docstring): best 0-ply value (plus
    Gaussian ``noise``), or with ``lookahead`` > 1 the best 1-ply value among the top
    ``lookahead`` plays within ``margin`` of the best (:func:`tavli.ai.search.select_steps`);
    the replies follow the game's rule ``options``."""
    rules = {k: v for k, v in (options or {}).items() if k != "minimize_waste"}
    tally = Tally()
    return (yield from search_steps(ev, plays, lambda p: one_ply_value_steps(ev, p.result, rules, tally),
                                    tally=tally, **search))


def one_ply_value_steps(
    ev: VariantEvaluator, result: Any, options: GameOptions, tally: Tally | None = None,
) -> Steps[float]:
    """Our expected points after ``result`` (exact when the game is over; else the roll-weighted
    mean over the opponent's 21 rolls of :func:`reply_value`), yielding after each roll; each
    reply valued (one evaluation) is added to ``tally``."""
    done = ev.ending_value(result)
    if done is not None:
        return done
    total = 0.0
    legal = variant_of(ev.name).legal_plays
    for roll, w in zip(ROLLS, ROLL_WEIGHTS):
        replies = legal(result, roll, **options)
        yield
        best = -math.inf  # the opponent's points after his best reply (there is always one)
        for k, reply in enumerate(replies):
            best = max(best, ev.play_equity(reply.result))
            if k % REPLY_CHUNK == REPLY_CHUNK - 1:
                yield
        total -= w * best
        if tally is not None:
            tally.count += len(replies)
    return total


def choose(
    ev: VariantEvaluator, plays: Sequence[Play[Any]], *, options: GameOptions | None = None,
    **search: Unpack[SearchOptions],
) -> Play[Any]:
    """:func:`choose_steps` run to the end."""
    return finish(choose_steps(ev, plays, options=options, **search))
