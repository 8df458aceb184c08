"""Portes (Πόρτες), standard backgammon: the position, its GNU Backgammon Position ID, the legal
plays (a fast generator: the computer player depends on its speed), the turn and the result.

The rules, as GNU Backgammon applies them:

* A checker moves exactly the number on a die toward its home, onto an empty point, a point of its
  own, or a point with a single opposing checker (a blot), which is hit and goes to the bar. Two or
  more opposing checkers close a point. The opponent's point ``p`` is the player's ``25 - p``.
* Checkers on the bar must all enter (on point ``25 - die``) before any other checker moves.
* Bearing off is allowed only when all fifteen checkers are home (points 1..6): with the exact die,
  or with a higher die from the highest occupied point.
* Both dice must be played if any sequence allows it, in either order; doubles are played four
  times, as many as possible. If only one die can be played, the larger must be played when either
  could be.
* Optional ``minimize_waste`` (seed 003): among the plays that use the most dice, only those that
  waste the fewest pips bearing off are legal (waste = die minus the distance borne off).
* The first to bear off all fifteen wins a single game (1), a gammon (2) if the loser has borne off
  none, a backgammon (3) if the loser has borne off none and still has a checker on the bar or in
  the winner's home board.

The generator itself (lists of counts, index steps) is tavli.games.portes_moves; this module makes
its results Plays and Positions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..codec import decode_bits, encode_bits
from . import turn
from .base import (
    BAR,
    CHECKERS,
    OFF,
    POINTS,
    BoardBase,
    GameResult,
    Outcome,
    Play,
    Side,
    Step,
    mirrored,
    read_sides,
    sides_bits,
)
from .portes_moves import AS_INDEX_STEPS, AS_MOVES, IndexStep, Result, apply_step, sequences, single_steps
from .turn import MoveRules, State

__all__ = [
    "BAR",
    "CHECKERS",
    "ID_LENGTH",
    "OFF",
    "PORTES",
    "PortesRules",
    "Position",
    "Turn",
    "ending",
    "legal_plays",
    "legal_sequences",
    "opponent_point",
    "outcome_of",
]

ID_LENGTH = 14


opponent_point = mirrored


@dataclass(frozen=True, slots=True)
class Position(BoardBase):
    """The checkers of the player on roll (``player``) and of the other side (``opponent``).

    The position does not know the dice or the cube: it answers questions about the checkers.
    """

    player: tuple[int, ...]
    opponent: tuple[int, ...]
    HAS_BAR = True
    START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)  # 24:2, 13:5, 8:3, 6:5
    MARK_ONCE = True  # one blot is hit once: ``24/22*/20 24/22``

    def __post_init__(self) -> None:
        self._check_sides()
        for p in range(1, POINTS + 1):
            if self.player[p - 1] and self.opponent[POINTS - p]:
                raise ValueError(f"both sides have checkers on point {p}")

    # --- questions -------------------------------------------------------------------------

    def swap(self) -> Position:
        """The same checkers with the other side on roll."""
        return trusted_position(self.opponent, self.player)

    def is_contact(self) -> bool:
        """True while some checker can still hit or be blocked by an opposing checker."""
        back_player = _highest(self.player)
        back_opponent = _highest(self.opponent)
        if back_player == 0 or back_opponent == 0:
            return False
        # The opponent's rearmost checker, in the player's numbering, is 25 - back_opponent.
        return back_player > 25 - back_opponent

    def checkers_at(self, point: int) -> tuple[int, int]:
        """(player's, opponent's) checkers on ``point`` in the player's numbering (25 = bar)."""
        if point == BAR:
            return self.player[24], self.opponent[24]
        return self.player[point - 1], self.opponent[POINTS - point]

    # --- GNU Backgammon Position ID ---------------------------------------------------------

    def position_id(self) -> str:
        """The 14-character Position ID that GNU Backgammon prints for this position.

        The 80-bit key writes, for the side NOT on roll and then the side on roll, for each of its
        points 1..24 and the bar, as many 1-bits as checkers followed by a 0-bit; bits fill each
        byte from the least significant bit; the 10 bytes are Base64 without padding.
        """
        return encode_bits(sides_bits(self.player, self.opponent, bar=True), ID_LENGTH)

    @classmethod
    def from_id(cls, position_id: str) -> Position:
        """Decode a GNU Backgammon Position ID; raise ``ValueError`` saying what is wrong."""
        what = "Position ID"
        bits = decode_bits(position_id, ID_LENGTH, what, strict=False)
        player, opponent, index = read_sides(bits, what, bar=True)
        for p in range(1, POINTS + 1):
            if player[p - 1] and opponent[POINTS - p]:
                raise ValueError(f"the {what} puts both sides on point {p}")
        if any(bits[index:]):
            raise ValueError(f"the {what} has bits set after the position")
        return cls(player, opponent)

    def _diagram_footer(self) -> str:
        mine, theirs = self.on_bar()
        off_mine, off_theirs = self.borne_off()
        return f"bar: X{mine} O{theirs}   off: X{off_mine} O{off_theirs}"


def _highest(side: tuple[int, ...]) -> int:
    for i in range(24, -1, -1):
        if side[i]:
            return i + 1
    return 0


# --- legal plays ------------------------------------------------------------------------------


def legal_plays(position: Position, dice: tuple[int, int], *, minimize_waste: bool = False) -> list[Play[Position]]:
    """Every legal play of ``dice`` in ``position``, one per distinct resulting position.

    When no checker can move the list holds a single empty play (the turn passes); its ``result``
    is the same checkers with the opponent on roll.
    """
    pair = (dice[0], dice[1])
    return _plays(position, pair, sequences(position.player, position.opponent, pair, minimize_waste, AS_MOVES))


def _plays(position: Position, dice: tuple[int, int], found: list[Result]) -> list[Play[Position]]:
    """A Play for each result found, its ``result`` the sides swapped (the opponent on roll),
    built with the slots' setters (quicker than the frozen dataclasses' ``__init__``)."""
    plays: list[Play[Position]] = []
    append = plays.append
    for player, opponent, steps in found:
        result = _new(Position)
        _position_player(result, opponent)
        _position_opponent(result, player)
        play = _new(Play)
        _play_position(play, position)
        _play_dice(play, dice)
        _play_steps(play, steps)
        _play_result(play, result)
        append(play)
    return plays


def legal_sequences(
    position: Position, dice: tuple[int, int], *, minimize_waste: bool = False
) -> list[tuple[list[int], list[int], tuple[IndexStep, ...]]]:
    """One ``(player, opponent, steps)`` per distinct legal result, before the sides are swapped."""
    found = sequences(position.player, position.opponent, dice, minimize_waste, AS_INDEX_STEPS)
    return [(list(me), list(opp), steps) for me, opp, steps in found]


def trusted_position(player: tuple[int, ...], opponent: tuple[int, ...]) -> Position:
    """A Position made without ``__post_init__``'s checks: legal steps from a valid position
    always reach a valid one, and the checks cost more than the whole search."""
    position = _new(Position)
    _position_player(position, player)
    _position_opponent(position, opponent)
    return position


# Objects are built here without the dataclasses' ``__init__`` (frozen: one ``object.__setattr__``
# call per field): the slots' own setters are quicker, and the search makes thousands of them.
_new = object.__new__


def _setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of slot ``name`` of ``cls`` (it bypasses a frozen dataclass's guard)."""
    setter: Callable[[Any, Any], None] = cls.__dict__[name].__set__
    return setter


_position_player = _setter(Position, "player")
_position_opponent = _setter(Position, "opponent")
_play_position = _setter(Play, "position")
_play_dice = _setter(Play, "dice")
_play_steps = _setter(Play, "steps")
_play_result = _setter(Play, "result")

# --- the end of a game ------------------------------------------------------------------------


def outcome_of(position: Position) -> Outcome | None:
    """The result if the player who just moved has borne everything off.

    ``position`` is seen from the side to move next (the loser); the winner is its opponent.
    """
    if sum(position.opponent):
        return None
    loser = position.player
    if sum(loser) < CHECKERS:
        return Outcome.SINGLE
    # The winner's home board is the loser's points 19..24 (indices 18..23); 24 is the bar.
    if any(loser[18:25]):
        return Outcome.BACKGAMMON
    return Outcome.GAMMON


def ending(position: Position, **_: Any) -> GameResult | None:
    """How the game has ended in ``position`` (seen from the side to move next), or ``None``."""
    if sum(position.player) == 0:
        return GameResult(Side.PLAYER, Outcome.SINGLE)  # not reached in play; for completeness
    outcome = outcome_of(position)
    return None if outcome is None else GameResult(Side.OPPONENT, outcome)


# --- the turn, step by step -------------------------------------------------------------------


PortesState = tuple[tuple[int, ...], tuple[int, ...]]  # (player, opponent), the player on roll


class PortesRules(MoveRules[Position, PortesState]):
    """Single checker steps of Portes, in points (25 = bar, 0 = off), over (player, opponent)."""

    def state(self, position: Position) -> PortesState:
        return (position.player, position.opponent)

    def single_steps(self, state: PortesState, die: int) -> list[Step]:
        me, opp = state
        return [(i + 1, t + 1, d, hit) for i, t, d, hit in single_steps(list(me), list(opp), die)]

    def apply_step(self, state: PortesState, step: Step) -> PortesState:
        start, end, die, hit = step
        me, opp = apply_step(list(state[0]), list(state[1]), (start - 1, end - 1, die, hit))
        return (tuple(me), tuple(opp))

    def position(self, state: PortesState) -> Position:
        return trusted_position(*state)


PORTES = PortesRules()


class Turn(turn.Turn[Position]):
    """The play of one roll of Portes, built step by step (the methods of
    :class:`tavli.games.turn.Turn`), its legal plays from the fast generator."""

    def __init__(self, position: Position, dice: tuple[int, int], *, minimize_waste: bool = False, **_: Any) -> None:
        super().__init__(PORTES, position, dice, minimize_waste=minimize_waste)

    def _find(
        self, position: Position, dice: tuple[int, int], minimize_waste: bool
    ) -> list[tuple[State, Play[Position]]]:
        plays = legal_plays(position, dice, minimize_waste=minimize_waste)
        return [((play.result.opponent, play.result.player), play) for play in plays]
