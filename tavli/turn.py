"""A turn of Portes played one checker at a time, as the board needs it.

A :class:`Turn` offers only single moves that keep a complete legal play reachable: a first step
that would make every legal play impossible is never offered. Steps can be undone one at a time;
the turn is complete when the moves made form one of the legal plays.

The step-by-step machinery is the one all three games share
(:class:`tavli.variants.VariantTurn`); Portes brings its own checker steps (with the bar and
hitting) and its fast generator of legal plays (:mod:`tavli.movegen`).
"""

from __future__ import annotations

from .movegen import IllegalMove, Play, apply_step, legal_plays, single_steps, trusted_position
from .position import Position
from .variants import Rules, VariantTurn

__all__ = ["IllegalMove", "PortesRules", "Turn"]

State = tuple[tuple[int, ...], tuple[int, ...]]  # (player, opponent) counts, player on roll
Step = tuple[int, int, int, bool]  # (from point 1..25, to point 0..24 with 0 = off, die, hit)


class PortesRules(Rules):
    """Single checker steps of Portes, in points (25 = bar, 0 = off), over (player, opponent)."""

    def state(self, position: Position) -> State:
        return (position.player, position.opponent)

    def single_steps(self, state: State, die: int) -> list[Step]:
        me, opp = state
        return [(i + 1, t + 1, d, hit) for i, t, d, hit in single_steps(list(me), list(opp), die)]

    def apply_step(self, state: State, step: Step) -> State:
        start, end, die, hit = step
        me, opp = apply_step(list(state[0]), list(state[1]), (start - 1, end - 1, die, hit))
        return (tuple(me), tuple(opp))

    def position(self, state: State) -> Position:
        return trusted_position(*state)


PORTES = PortesRules()


class Turn(VariantTurn):
    """The play of one roll of Portes, built step by step."""

    def __init__(self, position: Position, dice: tuple[int, int], *, minimize_waste: bool = False) -> None:
        super().__init__(PORTES, position, dice, minimize_waste=minimize_waste)

    def _find(self, position: Position, dice: tuple[int, int], minimize_waste: bool) -> list[tuple[State, Play]]:
        plays = legal_plays(position, dice, minimize_waste=minimize_waste)
        return [((play.result.opponent, play.result.player), play) for play in plays]
