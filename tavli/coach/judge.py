"""The coach's judge: what a play or a position is worth to a player under the match's scoring, at
0-ply and 1-ply, for any of the three games, with the values it has found kept for later questions.

**Equity.** Every value is an equity for the side it is asked for, in *normalised money equity*
(EMG, as GNU Backgammon reports it): +1 is winning a single game at the current cube, -1 losing
one. It is a linear function of the net's cubeless probabilities (:class:`Scale`):

* Portes, money play: ``2w - 1 + wg - lg + wbg - lbg`` (backgammons dropped under rules without
  them, e.g. Greek); gammons count as in a cubeless evaluation, the Jacoby rule aside.
* Portes, match play: the match-winning chances of each outcome at the current cube by the
  Kazaross-XG2 match equity table (:func:`tavli.ai.cube.met`), mapped linearly so that a single
  win is +1 and a single loss -1: ``EMG = 2 (MWC - L1) / (W1 - L1) - 1`` (gnubg's "mwc2eq").
* Plakoto and Fevga: the variant net's expected points ``2w - 1 + w2 - l2`` (cubeless; the match
  score is not taken into account).

**Roll tables.** :meth:`Judge.table_steps` values, for a position with a side on roll before it
rolls, the best 0-ply play of each of the 21 rolls (its value and its probabilities, from that
side). One table serves several questions: the luck of the roll thrown (its value minus the
roll-weighted mean, :meth:`RollTable.luck`), the 1-ply value of the play that led to the position
(the opponent's mean, negated: :meth:`Judge.one_ply_steps`), and the 1-ply probabilities before
the roll for a cube decision (:meth:`RollTable.mean_probs`). Tables and net evaluations are cached
per judge, so a play's 1-ply value and the next turn's luck cost one table.

Everything slow is a steps generator (:mod:`tavli.steps`): a yield after each roll of a table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..ai import bearoff
from ..ai.context import MatchContext
from ..ai.cube import met
from ..ai.evaluator import Evaluator, default_evaluator_steps
from ..ai.search import ROLL_WEIGHTS, ROLLS
from ..ai.variant_net import VariantEvaluator, default_variant_evaluator_steps
from ..games.base import Play
from ..games.portes import legal_sequences, trusted_position
from ..games.registry import game_kind
from ..steps import Steps

OPENING_ROLLS = tuple(r for r in ROLLS if r[0] != r[1])  # the opening throw: never a double
# What one judge keeps before it starts afresh: the evaluations of a few turns (a table's ~600 are
# met again when the position's own roll is ranked) and the tables of many (each the luck of one
# turn and the 1-ply value of the play before it). A few megabytes in all.
_PROBS_LIMIT = 20_000
_TABLES_LIMIT = 2_000

Probs = tuple[float, ...]  # Portes (win, wg, wbg, lg, lbg); Plakoto, Fevga (win, win2, lose2)


def roll_key(dice: Sequence[int]) -> tuple[int, int]:
    """The roll as :data:`tavli.ai.search.ROLLS` names it: (low, high)."""
    return (min(dice[0], dice[1]), max(dice[0], dice[1]))


def invert(p: Probs) -> Probs:
    """The same probabilities from the other side."""
    if len(p) == 5:
        return (1.0 - p[0], p[3], p[4], p[1], p[2])
    return (1.0 - p[0], p[2], p[1])


@dataclass(frozen=True)
class Scale:
    """An equity as a linear function of outcome probabilities from one side:
    ``base + sum(coeffs[i] * p[i])`` (see the module docstring)."""

    base: float
    coeffs: tuple[float, ...]

    def value(self, p: Sequence[float]) -> float:
        c = self.coeffs
        if len(c) == 5:
            return self.base + c[0] * p[0] + c[1] * p[1] + c[2] * p[2] + c[3] * p[3] + c[4] * p[4]
        return self.base + c[0] * p[0] + c[1] * p[1] + c[2] * p[2]

    @property
    def key(self) -> tuple[float, ...]:
        """The scale rounded, so that one reached by another path (a side's scale, its opponent's
        flipped) finds the same cached tables."""
        return (round(self.base, 9),) + tuple(round(c, 9) for c in self.coeffs)

    def flipped(self) -> Scale:
        """The opponent's scale: ``flipped().value(invert(p)) == -value(p)``."""
        c = self.coeffs
        if len(c) == 5:
            return Scale(-self.base - c[0], (c[0], -c[3], -c[4], -c[1], -c[2]))
        return Scale(-self.base - c[0], (c[0], -c[2], -c[1]))

    @classmethod
    def money(cls, backgammons: bool = True) -> Scale:
        """Cubeless money equity (Portes)."""
        bg = 1.0 if backgammons else 0.0
        return cls(-1.0, (2.0, 1.0, bg, -1.0, -bg))

    @classmethod
    def points(cls) -> Scale:
        """Expected points of Plakoto or Fevga."""
        return cls(-1.0, (2.0, 1.0, -1.0))

    @classmethod
    def match(cls, away: int, opp_away: int, cube: int, backgammons: bool = True) -> Scale:
        """Match equity normalised to the cube (see the module docstring); ``away``/``opp_away``:
        points each side still needs."""
        post = away == 1 or opp_away == 1
        w1, w2, w3 = (met(away - k * cube, opp_away, post) for k in (1, 2, 3))
        l1, l2, l3 = (met(away, opp_away - k * cube, post) for k in (1, 2, 3))
        if not backgammons:
            w3, l3 = w2, l2
        a = 2.0 / (w1 - l1)
        return cls(-1.0, (2.0, a * (w2 - w1), a * (w3 - w2), a * (l2 - l1), a * (l3 - l2)))

    @classmethod
    def of(cls, context: MatchContext, cube: int | None = None) -> Scale:
        """The scale of the player whose ``context`` it is, at ``cube`` (default: the context's)."""
        if context.variant != "portes":
            return cls.points()
        bgs = context.rules.backgammons
        if context.length is None:
            return cls.money(bgs)
        away, opp_away = context.needs()
        assert away is not None and opp_away is not None
        return cls.match(away, opp_away, cube or context.cube, bgs)


def mwc_to_emg(mwc: float, context: MatchContext, cube: int | None = None) -> float:
    """A match-winning chance of the context's player as normalised equity at ``cube``."""
    away, opp_away = context.needs()
    assert away is not None and opp_away is not None
    v = cube or context.cube
    post = away == 1 or opp_away == 1
    w1, l1 = met(away - v, opp_away, post), met(away, opp_away - v, post)
    return 2.0 * (mwc - l1) / (w1 - l1) - 1.0


@dataclass(frozen=True)
class RollTable:
    """For a position with a side on roll before it rolls: the value and the probabilities (from
    that side) of its best 0-ply play for each roll of :data:`tavli.ai.search.ROLLS`."""

    values: tuple[float, ...]
    probs: tuple[Probs, ...]

    def value(self, dice: Sequence[int]) -> float:
        return self.values[ROLLS.index(roll_key(dice))]

    @property
    def mean(self) -> float:
        """The roll-weighted mean: the position's value before the roll (1-ply)."""
        return sum(w * v for w, v in zip(ROLL_WEIGHTS, self.values))

    @property
    def opening_mean(self) -> float:
        """The mean over the 15 opening throws (no doubles)."""
        return sum(v for r, v in zip(ROLLS, self.values) if r[0] != r[1]) / len(OPENING_ROLLS)

    def mean_probs(self) -> Probs:
        """The roll-weighted mean probabilities: the side's chances before the roll (1-ply)."""
        n = len(self.probs[0])
        return tuple(sum(w * p[i] for w, p in zip(ROLL_WEIGHTS, self.probs)) for i in range(n))

    def luck(self, dice: Sequence[int], opening: bool = False) -> float:
        """The roll's luck: its best play's value minus the mean over the rolls that could have come
        (the opening throw: over the 15 non-doubles), the measure of bench/strength.py."""
        return self.value(dice) - (self.opening_mean if opening else self.mean)


class Judge:
    """Values for one game (``variant``) under one set of move rules (``options``: the game's rule
    options with ``minimize_waste``), through the shipped net of that game. Build it with
    :func:`judge_steps` (loads the net)."""

    def __init__(self, variant: str, evaluator: Evaluator | VariantEvaluator, options: dict[str, Any]) -> None:
        self.variant = variant
        self.evaluator = evaluator
        self.options = dict(options)
        self._kind = game_kind(variant)
        self._probs: dict[tuple[Any, ...], Probs] = {}
        self._tables: dict[tuple[Any, ...], RollTable] = {}

    # --- 0-ply ---------------------------------------------------------------------------------

    def result_probs(self, result: Any) -> Probs:
        """Probabilities of a play's ``result`` (the opponent on roll) for the side that made it."""
        if isinstance(self.evaluator, Evaluator):
            return self._portes_probs(result.opponent, result.player)
        key = (result.player, result.opponent, getattr(result, "player_pinned", None),
               getattr(result, "opponent_pinned", None))
        got = self._probs.get(key)
        if got is None:
            got = self._variant_probs(result)
            self._remember(self._probs, key, got, _PROBS_LIMIT)
        return got

    def _portes_probs(self, mover: Sequence[int], other: Sequence[int]) -> Probs:
        """The mover's probabilities once he has moved to ``mover`` against ``other`` (raw sides)."""
        key = (tuple(mover), tuple(other))
        got = self._probs.get(key)
        if got is None:
            assert isinstance(self.evaluator, Evaluator)
            got = invert(self.evaluator.probs_sides(other, mover))  # exact when someone is off
            self._remember(self._probs, key, got, _PROBS_LIMIT)
        return got

    def _variant_probs(self, result: Any) -> Probs:
        ev = self.evaluator
        assert isinstance(ev, VariantEvaluator)
        done = ev.ending_value(result)
        if done is None:
            return invert(ev.probs(result))
        if done == 0.0:
            return (0.5, 0.0, 0.0)
        if done > 0.0:
            return (1.0, 1.0 if done >= 2.0 else 0.0, 0.0)
        return (0.0, 0.0, 1.0 if done <= -2.0 else 0.0)

    def play_value(self, play: Play[Any], scale: Scale) -> float:
        """A play's 0-ply value for its mover."""
        return scale.value(self.result_probs(play.result))

    def legal_plays(self, position: Any, dice: Sequence[int]) -> list[Play[Any]]:
        """The legal plays of ``dice`` under this judge's rules."""
        return self._kind.legal_plays(position, (dice[0], dice[1]), **self.options)

    def rank(self, plays: Sequence[Play[Any]], scale: Scale) -> list[tuple[float, Play[Any]]]:
        """(0-ply value, play), best first (ties: the given order)."""
        scored = sorted(((self.play_value(p, scale), i, p) for i, p in enumerate(plays)), key=lambda t: (-t[0], t[1]))
        return [(v, p) for v, _, p in scored]

    # --- tables and 1-ply ------------------------------------------------------------------------

    def table_steps(self, position: Any, scale: Scale) -> Steps[RollTable]:
        """The :class:`RollTable` of ``position`` (its side on roll) valued by ``scale``; a yield
        after each roll (none when it is known)."""
        key = (position.player, position.opponent, getattr(position, "player_pinned", None),
               getattr(position, "opponent_pinned", None), scale.key)
        got = self._tables.get(key)
        if got is not None:
            return got
        values: list[float] = []
        probs: list[Probs] = []
        best_of = self._portes_best if isinstance(self.evaluator, Evaluator) else self._variant_best
        for roll in ROLLS:
            v, p, _ = best_of(position, roll, scale)
            values.append(v)
            probs.append(p)
            yield
        table = RollTable(tuple(values), tuple(probs))
        self._remember(self._tables, key, table, _TABLES_LIMIT)
        return table

    def _portes_best(self, position: Any, roll: tuple[int, int], scale: Scale) -> tuple[float, Probs, Any]:
        """The value, probabilities and (mover, other) sides of the roll's best 0-ply play."""
        best, best_p, sides = -1e9, cast(Probs, ()), None
        value = scale.value
        for mover, other, _ in legal_sequences(position, roll, minimize_waste=bool(self.options.get("minimize_waste"))):
            p = self._portes_probs(mover, other)
            v = value(p)
            if v > best:
                best, best_p, sides = v, p, (mover, other)
        return best, best_p, sides

    def _variant_best(self, position: Any, roll: tuple[int, int], scale: Scale) -> tuple[float, Probs, Any]:
        """The value, probabilities and result of the roll's best 0-ply play."""
        best, best_p, result = -1e9, cast(Probs, ()), None
        for play in self.legal_plays(position, roll):
            p = self.result_probs(play.result)
            v = scale.value(p)
            if v > best:
                best, best_p, result = v, p, play.result
        return best, best_p, result

    def two_ply_steps(self, result: Any, scale: Scale) -> Steps[float]:
        """The 2-ply value of a play's ``result`` for its mover: the mean, over the opponent's 21
        rolls, of the 1-ply value before the mover's next roll (:meth:`RollTable.mean`) after the
        opponent's best 0-ply reply (exact when a play ends the game). 21 roll tables: ~0.4 s
        under CPython in Portes."""
        done = self._ended(result)
        if done is not None:
            return scale.value(done)
        them = scale.flipped()
        portes = isinstance(self.evaluator, Evaluator)
        best_of = self._portes_best if portes else self._variant_best
        total = 0.0
        for roll, w in zip(ROLLS, ROLL_WEIGHTS):
            value, _, reply = best_of(result, roll, them)
            if portes:
                mover, other = reply
                after = None if not any(mover) else trusted_position(tuple(other), tuple(mover))
            else:
                after = None if self._ended(reply) is not None else reply
            if after is None:  # the reply ends the game: its value is exact
                total -= w * value
            else:
                table = yield from self.table_steps(after, scale)
                total += w * table.mean
            yield
        return total

    def one_ply_steps(self, result: Any, scale: Scale) -> Steps[float]:
        """The 1-ply value of a play's ``result`` for its mover (valued by ``scale``): the mean, over
        the opponent's 21 rolls, of the mover's value after the opponent's best 0-ply reply; exact
        when the play ends the game."""
        done = self._ended(result)
        if done is not None:
            return scale.value(done)
        table = yield from self.table_steps(result, scale.flipped())
        return -table.mean

    def _ended(self, result: Any) -> Probs | None:
        """The mover's exact probabilities when ``result`` ends the game, else None."""
        if isinstance(self.evaluator, Evaluator):
            if any(result.player) and any(result.opponent):
                return None
            return self.result_probs(result)
        assert isinstance(self.evaluator, VariantEvaluator)
        if self.evaluator.ending_value(result) is None:
            return None
        return self.result_probs(result)

    @staticmethod
    def _remember(cache: dict[Any, Any], key: Any, value: Any, limit: int) -> None:
        if len(cache) >= limit:
            cache.clear()
        cache[key] = value


_JUDGES: dict[tuple[Any, ...], Judge] = {}


def judge_steps(context: MatchContext) -> Steps[Judge]:
    """The judge of the game of ``context`` under its rules (the net loaded in slices the first
    time; one judge per game and rules is kept, with its caches, for later questions)."""
    variant = context.variant
    options: dict[str, Any] = {"minimize_waste": context.rules.minimize_waste}
    if variant != "portes":
        options.update(context.variant_options)
    key = (variant, tuple(sorted(options.items())))
    judge = _JUDGES.get(key)
    if judge is not None:
        return judge
    evaluator: Evaluator | VariantEvaluator
    if variant == "portes":
        evaluator = yield from default_evaluator_steps()
        yield from bearoff.load_steps()
    else:
        net = yield from default_variant_evaluator_steps(variant)
        mother = {k: v for k, v in options.items() if k == "mother_points"}
        evaluator = net.with_options(mother) if mother else net
    judge = Judge(variant, evaluator, options)
    return _JUDGES.setdefault(key, judge)

