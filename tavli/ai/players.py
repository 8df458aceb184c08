"""Computer players by level: Beginner, Intermediate, Expert, Champion.

=============  =========================================================================
Beginner       ``make_player("beginner")``: the heuristic ``tavli.bots.BeginnerBot``;
               ``AIPlayer("beginner")``: the net with heavy noise (sigma 0.45 equity)
Intermediate   the net, 0-ply, with noise (sigma 0.04)
Expert         the net, 0-ply: the best play by the evaluator
Champion       the net, 0-ply, then a 1-ply look-ahead over the best 5 plays (within 0.16),
               no new candidate once 0.8 s have been spent (bounds a move in Pyodide)
=============  =========================================================================

Every player has the interface of ``tavli.bots.BeginnerBot`` (it subclasses it, so ``act(match,
player)`` drives a :class:`tavli.match.Match`): ``choose_play(position, dice, context)``,
``cube_action(position, context)``, ``take_decision(position, context)``,
``resign_offer(position, context)``, ``accept_resignation(position, level, context)``, with
``context`` a ``tavli.bots.MatchContext``. Cube and resignation decisions come from the evaluator's
probabilities through the plain functions of :mod:`tavli.ai.cube` (Intermediate and the noisy
Beginner flip a cube decision now and then).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ..bots import BeginnerBot, MatchContext
from ..game import Outcome
from ..movegen import Play, legal_plays
from ..position import Position
from . import cube
from .evaluator import Evaluator, Probs, default_evaluator, invert
from .search import choose


@dataclass(frozen=True)
class Level:
    name: str
    noise: float  # standard deviation (equity) added to each play's value
    lookahead: int  # 0: 0-ply; n > 1: 1-ply over the best n plays
    cube_noise: float = 0.0  # chance of a random cube blunder
    time_budget: float | None = None  # seconds of look-ahead after which no new candidate is searched


LEVELS: dict[str, Level] = {
    "beginner": Level("Beginner", noise=0.45, lookahead=0, cube_noise=0.25),
    "intermediate": Level("Intermediate", noise=0.04, lookahead=0, cube_noise=0.05),
    "expert": Level("Expert", noise=0.0, lookahead=0),
    "champion": Level("Champion", noise=0.0, lookahead=5, time_budget=0.8),
}


class AIPlayer(BeginnerBot):
    """A computer player of one level, with the interface of :class:`tavli.bots.BeginnerBot`
    (``choose_play``, ``cube_action``, ``take_decision``, ``resign_offer``,
    ``accept_resignation``, and ``act(match, player)`` inherited from it). Positions are seen from
    the bot's side (its checkers in ``.player``). ``seed`` makes its noise repeatable."""

    def __init__(self, level: str = "expert", *, evaluator: Evaluator | None = None, seed: int | None = None) -> None:
        key = level.lower()
        if key not in LEVELS:
            raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
        self.level = LEVELS[key]
        self.name = key
        self.evaluator = evaluator or default_evaluator()
        self.rng = random.Random(seed)

    # --- checker play --------------------------------------------------------------------------

    def choose_play(
        self, position: Position, dice: tuple[int, int], context: MatchContext | None = None,
        plays: Sequence[Play] | None = None,
    ) -> Play:
        """The play for ``dice`` in ``position`` (the bot is on roll)."""
        if plays is None:
            waste = context.rules.minimize_waste if context is not None else False
            plays = legal_plays(position, (dice[0], dice[1]), minimize_waste=waste)
        return choose(
            self.evaluator, position, plays, noise=self.level.noise, lookahead=self.level.lookahead, rng=self.rng,
            time_budget=self.level.time_budget,
        )

    # --- probabilities -----------------------------------------------------------------------

    def probs(self, position: Position, context: MatchContext | None = None) -> Probs:
        """(win, wg, wbg, lg, lbg) for the side on roll of ``position``, before it rolls."""
        p = self.evaluator.probs(position)
        if context is not None and not context.rules.backgammons:
            p = (p[0], p[1], 0.0, p[3], 0.0)
        return p

    def _blunder(self) -> bool:
        return self.level.cube_noise > 0.0 and self.rng.random() < self.level.cube_noise

    # --- cube ----------------------------------------------------------------------------------

    def cube_action(self, position: Position, context: MatchContext | None = None) -> bool:
        """Whether to double, on roll in ``position``, before rolling."""
        context = context or MatchContext()
        if not context.cube_available or context.owner == "opponent" or context.cube >= 64:
            return False
        d = cube.double_decision(self.probs(position, context), context.cube, _owner(context), **_match_args(context))
        if not d.can_double:
            return False
        if self._blunder():
            return not d.double
        return d.double

    def take_decision(self, position: Position, context: MatchContext | None = None) -> bool:
        """Whether to take a double; ``position`` is seen from the bot, the doubler on roll."""
        context = context or MatchContext()
        my_need, their_need = context.needs()
        if their_need is not None and their_need <= context.cube:
            return True  # dropping loses the match anyway
        doubler = self.probs(position.swap(), context)
        args = _match_args(context)
        take = cube.take_decision(doubler, context.cube, **args)
        if self._blunder():
            return not take
        return take

    # --- resignation ---------------------------------------------------------------------------

    def resign_offer(self, position: Position, context: MatchContext | None = None) -> Outcome | None:
        """What to resign, on roll in ``position`` before rolling: only when the game cannot be won,
        and no more than is sure to be lost (None: play on)."""
        context = context or MatchContext()
        level = cube.resign_offer(self.probs(position, context))
        if level is None:
            return None
        surely = Outcome(level)
        if not context.rules.resign_offers:
            cost = Outcome.GAMMON if position.borne_off()[0] == 0 else Outcome.SINGLE
            return cost if cost <= surely else None
        return surely

    def accept_resignation(self, position: Position, level: Outcome | int, context: MatchContext | None = None) -> bool:
        """Whether to accept the opponent's offer to resign ``level``; ``position`` from the bot,
        the resigner on roll."""
        context = context or MatchContext()
        level = int(level)
        my_need, _ = context.needs()
        if my_need is not None and level * context.cube >= my_need:
            return True  # it wins the match
        mine = invert(self.probs(position.swap(), context))
        if context.money and context.rules.jacoby and context.owner is None:
            mine = (mine[0], 0.0, 0.0, 0.0, 0.0)  # gammons do not count before the cube is turned
        args = _match_args(context)
        args.pop("jacoby", None)
        return cube.accept_resignation(mine, level, context.cube, **args)


def _owner(context: MatchContext) -> int:
    return cube.CENTERED if context.owner is None else (cube.ME if context.owner == "me" else cube.OPPONENT)


def _match_args(context: MatchContext) -> dict:
    if context.money:
        return {"jacoby": bool(context.rules.jacoby and context.owner is None)}
    return {"match_length": context.length, "score": tuple(context.score), "crawford": context.crawford}


def make_player(level: str, seed: int | None = None, evaluator: Evaluator | None = None) -> BeginnerBot:
    """A player for ``level``: Beginner is the heuristic :class:`tavli.bots.BeginnerBot`, the
    others an :class:`AIPlayer` (``AIPlayer("beginner")`` is the noisy-net alternative)."""
    key = level.strip().lower()
    if key == "beginner":
        return BeginnerBot()
    return AIPlayer(key, evaluator=evaluator, seed=seed)
