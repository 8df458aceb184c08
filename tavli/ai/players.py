"""Computer players by level: Beginner, Intermediate, Expert, Champion, Grandmaster.

=============  =========================================================================
Beginner       ``make_player("beginner")``: the heuristic ``tavli.ai.heuristic.BeginnerBot``;
               ``AIPlayer("beginner")``: the net with heavy noise (sigma 0.45 equity)
Intermediate   the net, 0-ply, with noise (sigma 0.04)
Expert         the net, 0-ply: the best play by the evaluator
Champion       the net, 0-ply, then a 1-ply look-ahead over the best 5 plays (within 0.16), in
               which the full net values the 8 replies to each roll that a small pruning net
               finds best (Portes: ``tavli.ai.search.REPLIES_KEPT``); no new candidate after the
               first two once 8,000 of the opponent's replies have been counted (``EVALUATIONS``:
               bounds the rare huge look-ahead; counted in replies, not time, so the play never
               depends on the machine or its load)
Grandmaster    Portes: 0-ply, 1-ply on the best 8 within 0.16, 2-ply on the best 3 of those within
               0.10, at most ~30,000 evaluations (:mod:`tavli.ai.deep`); Plakoto, Fevga: 1-ply
               over the best 8, with Champion's budget rule at 13,000 replies
               (``DEEP_ONE_PLY_EVALUATIONS``); cube and resignation as Champion. The page chooses
               its plays in the coach's worker (tavli.coach.play)
=============  =========================================================================

Every player is a :class:`tavli.ai.player.Player` (``act(match, player)`` drives a
:class:`tavli.match.Match`): ``choose_play(position, dice, context)``,
``cube_action(position, context)``, ``take_decision(position, context)``,
``resign_offer(position, context)``, ``accept_resignation(position, level, context)``, with
``context`` a ``tavli.ai.context.MatchContext``. Cube and resignation decisions come from the evaluator's
probabilities through the plain functions of :mod:`tavli.ai.cube` (Intermediate and the noisy
Beginner flip a cube decision now and then).

Thinking in slices (the browser must not freeze while the computer thinks). Every player, the
heuristic ``BeginnerBot`` included, also has:

* ``ready`` (bool): True when its data is loaded, so that every decision starts at once;
* ``prepare_steps()``: a steps generator (:mod:`tavli.steps`: yields ``None`` between units of
  work of about a millisecond, returns ``None``) that loads the player's data (the nets' weights
  and the bear-off database: ~1 s in Pyodide); nothing to do when ``ready``. A player that is not
  ``ready`` loads its data by itself, at once, on its first decision;
* ``choose_play_steps(position, dice, context)``: ``choose_play`` as a steps generator (it
  prepares first); ``choose_play`` runs it to the end (:func:`tavli.steps.finish`), with the same
  result.

The page (``web/browser/thinker.py``) runs ``prepare_steps`` before the player's first decision (cube and
resignation decisions take a single evaluation each and are then made at once) and every
``choose_play_steps``, a few milliseconds at a time. The data files (``tavli/ai/data/*.bin``) are
not in the browser's boot archive: the page fetches them (``web/browser/aidata.py``) before it runs
``prepare_steps`` of a player that is not ``ready``, so they may be read only there (and through
the synchronous fallbacks under CPython). Players of other games (Plakoto, Fevga) follow
the same interface.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..games.base import Outcome, Play
from ..games.portes import Position, legal_plays
from ..games.registry import game_kind as variant_of
from ..games.registry import kind_of
from ..steps import Steps, finish
from . import bearoff, cube, variant_search
from .context import MatchContext
from .deep import DeepOptions, DeepSearch
from .evaluator import Evaluator, Probs, default_evaluator, default_evaluator_steps, invert
from .heuristic import BeginnerBot, variant_name
from .player import Player, act
from .search import SearchOptions, choose_steps
from .variant_net import GameOptions, VariantEvaluator, default_variant_evaluator_steps
from .variant_net import equity as vn_equity

if TYPE_CHECKING:
    from ..match import Match


EVALUATIONS = 8000  # Champion's look-ahead budget (replies valued): bench/lookahead_budget.py, MODEL.md
DEEP_ONE_PLY_EVALUATIONS = 13_000  # the Grandmaster's 1-ply budget in Plakoto and Fevga (no 2-ply there)


@dataclass(frozen=True)
class Level:
    name: str
    noise: float  # standard deviation (equity) added to each play's value
    lookahead: int  # 0: 0-ply; n > 1: 1-ply over the best n plays
    cube_noise: float = 0.0  # chance of a random cube blunder
    evaluations: int | None = None  # look-ahead evaluations after which no new candidate is searched
    deep: DeepOptions | None = None  # Portes: the 2-ply search of tavli.ai.deep (Grandmaster) instead


LEVELS: dict[str, Level] = {
    "beginner": Level("Beginner", noise=0.45, lookahead=0, cube_noise=0.25),
    "intermediate": Level("Intermediate", noise=0.04, lookahead=0, cube_noise=0.05),
    "expert": Level("Expert", noise=0.0, lookahead=0),
    "champion": Level("Champion", noise=0.0, lookahead=5, evaluations=EVALUATIONS),
    "grandmaster": Level(
        "Grandmaster", noise=0.0, lookahead=8, evaluations=DEEP_ONE_PLY_EVALUATIONS, deep=DeepOptions(),
    ),  # issue 17 (grandmaster)
}


class AIPlayer:
    """A computer player of one level, a :class:`tavli.ai.player.Player` (``choose_play``,
    ``cube_action``, ``take_decision``, ``resign_offer``, ``accept_resignation``, ``act(match,
    player)``). Positions are seen from the bot's side (its checkers in ``.player``). ``seed``
    makes its noise repeatable."""

    def __init__(self, level: str = "expert", *, evaluator: Evaluator | None = None, seed: int | None = None) -> None:
        key = level.lower()
        if key not in LEVELS:
            raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
        self.level = LEVELS[key]
        self.name = key
        self._evaluator = evaluator
        self.rng = random.Random(seed)
        self._variant_evaluators: dict[str, VariantEvaluator] = {}
        self.last_search: DeepSearch | None = None  # the Grandmaster's last search (what it did)

    # --- loading -------------------------------------------------------------------------------

    @property
    def evaluator(self) -> Evaluator:
        """The Portes evaluator (the shipped one, loaded now if :meth:`prepare_steps` has not run)."""
        if self._evaluator is None:
            self._evaluator = default_evaluator()
        return self._evaluator

    @property
    def ready(self) -> bool:
        """Whether the evaluator and the bear-off database are loaded (module docstring)."""
        return self._evaluator is not None and bearoff.loaded()

    def prepare_steps(self) -> Steps[None]:
        """Load the evaluator and the bear-off database: a steps generator (module docstring)."""
        if self._evaluator is None:
            ev = yield from default_evaluator_steps()
            if self._evaluator is None:
                self._evaluator = ev
        yield from bearoff.load_steps()

    # --- checker play --------------------------------------------------------------------------

    def choose_play(
        self, position: Position, dice: tuple[int, int], context: MatchContext | None = None,
        plays: Sequence[Play[Any]] | None = None,
    ) -> Play[Any]:
        """The play for ``dice`` in ``position`` (the bot is on roll); a Plakoto or Fevga
        position is played with that game's net (:meth:`choose_variant`)."""
        return finish(self.choose_play_steps(position, dice, context, plays))

    def choose_play_steps(
        self, position: Position, dice: tuple[int, int], context: MatchContext | None = None,
        plays: Sequence[Play[Any]] | None = None,
    ) -> Steps[Play[Any]]:
        """:meth:`choose_play` as a steps generator (module docstring): prepares, then searches."""
        self.last_search = None
        yield from self.prepare_steps()
        if not kind_of(position).cube:
            return (yield from self.choose_variant_steps(position, dice, context, plays))
        if plays is None:
            waste = context.rules.minimize_waste if context is not None else False
            plays = legal_plays(position, (dice[0], dice[1]), minimize_waste=waste)
            yield
        deep = self.level.deep
        if deep is not None:
            waste = context.rules.minimize_waste if context is not None else False
            self.last_search = DeepSearch(self.evaluator, replace(deep, minimize_waste=waste))
            return (yield from self.last_search.choose_steps(plays))
        return (yield from choose_steps(self.evaluator, position, plays, **self._search()))

    def variant_evaluator(self, name: str, options: GameOptions | None = None) -> VariantEvaluator:
        """The net of Plakoto or Fevga (loaded on first use), judging endings by ``options``."""
        return finish(self.variant_evaluator_steps(name, options))

    def variant_evaluator_steps(self, name: str, options: GameOptions | None = None) -> Steps[VariantEvaluator]:
        """:meth:`variant_evaluator` as a steps generator (the first use loads the net in slices)."""
        ev = self._variant_evaluators.get(name)
        if ev is None:
            ev = yield from default_variant_evaluator_steps(name)
            ev = self._variant_evaluators.setdefault(name, ev)
        return ev.with_options(options) if options else ev

    def choose_variant(
        self, position: Any, dice: tuple[int, int], context: MatchContext | None = None,
        plays: Sequence[Any] | None = None,
    ) -> Any:
        """A Plakoto or Fevga play at this level (the same noise and look-ahead as in Portes)."""
        return finish(self.choose_variant_steps(position, dice, context, plays))

    def choose_variant_steps(
        self, position: Any, dice: tuple[int, int], context: MatchContext | None = None,
        plays: Sequence[Play[Any]] | None = None,
    ) -> Steps[Play[Any]]:
        """:meth:`choose_variant` as a steps generator (:func:`tavli.ai.variant_search.choose_steps`)."""
        name = variant_name(position)
        options = context.variant_options if context is not None else {}
        if plays is None:
            waste = context.rules.minimize_waste if context is not None else False
            plays = variant_of(name).legal_plays(position, dice, **{**options, "minimize_waste": waste})
            yield
        ev = yield from self.variant_evaluator_steps(name, {k: v for k, v in options.items() if k == "mother_points"})
        return (yield from variant_search.choose_steps(ev, plays, options=options, **self._search()))

    def _search(self) -> SearchOptions:
        """How this level chooses among the ranked plays (any game)."""
        level = self.level
        return {"noise": level.noise, "lookahead": level.lookahead, "rng": self.rng, "evaluations": level.evaluations}

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
        if not kind_of(position).cube:
            return None  # Plakoto, Fevga: the computer plays every game out
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
        if not kind_of(position).cube:
            name = variant_name(position)
            options = {k: v for k, v in context.variant_options.items() if k == "mother_points"}
            expected = -vn_equity(self.variant_evaluator(name, options).probs(position.swap()))
            return level >= expected  # the points offered are worth at least the game's expectation
        mine: Probs = invert(self.probs(position.swap(), context))
        if context.money and context.rules.jacoby and context.owner is None:
            mine = (mine[0], 0.0, 0.0, 0.0, 0.0)  # gammons do not count before the cube is turned
        args = _match_args(context)
        args.pop("jacoby", None)
        return cube.accept_resignation(mine, level, context.cube, **args)

    # --- driving a match -----------------------------------------------------------------------

    def act(self, match: Match, player: int) -> str:
        """One action for ``player`` in ``match``, and which (:func:`tavli.ai.player.act`)."""
        return act(self, match, player)


def _owner(context: MatchContext) -> int:
    return cube.CENTERED if context.owner is None else (cube.ME if context.owner == "me" else cube.OPPONENT)


def _match_args(context: MatchContext) -> dict[str, Any]:
    if context.money:
        return {"jacoby": bool(context.rules.jacoby and context.owner is None)}
    return {"match_length": context.length, "score": tuple(context.score), "crawford": context.crawford}


def make_player(level: str, seed: int | None = None, evaluator: Evaluator | None = None) -> Player:
    """A player for ``level``: Beginner is the heuristic :class:`tavli.ai.heuristic.BeginnerBot`, the
    others an :class:`AIPlayer` (``AIPlayer("beginner")`` is the noisy-net alternative)."""
    key = level.strip().lower()
    if key == "beginner":
        return BeginnerBot()
    return AIPlayer(key, evaluator=evaluator, seed=seed)
