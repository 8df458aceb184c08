"""Plakoto (Πλακωτό): the pinning game of tavli.

The rules, as the engine applies them (issue 7):

* Each player's 15 checkers start on his own 24-point (the opponent's 1-point); the players move in
  opposite directions, as in Portes: the player's point ``p`` is the opponent's ``25 - p``.
* Two dice, doubles played four times; both dice (all four) must be played when some order allows
  it, and when only one die of two can be played, the larger must be when it can (as in Portes).
* No hitting. A checker that lands on a single opposing checker *pins* it (πλακώνει): the pinned
  checker cannot move until every checker pinning it has left that point. A point is closed to a
  player when the opponent has two or more checkers there, or an opposing checker sits on top of
  one of his own (the opponent pins him there). A point with one opposing checker alone is open
  (landing pins it); a point where the player pins an opposing checker is his: he may add checkers
  there, and the pin lasts until the last of them leaves.
* Bearing off as in Portes (exact die, or a higher die from the highest occupied point) once all
  fifteen checkers left are in the home board (points 1..6), and never while one of the player's
  checkers is pinned (bearing off stops again if one is pinned later).
* The mother (μάνα) is a player's last checker on his starting point (his 24-point); a checker
  pinned there has never left. When a play leaves a player's mother pinned:

  - if the pinner has no checker left on his own starting point, the game ends at once and the
    pinner wins ``mother_points`` (2 by default; 1 = "a plain win", the option some rooms play);
  - if the pinner still has checkers on his own starting point, play goes on. The game then ends
    (a) as a draw, 0 points, as soon as the pinner's own mother is pinned too (both mothers
    pinned); or (b) with the pinner winning ``mother_points`` at the end of the play in which his
    last checker leaves his starting point while the opponent's mother is still pinned. The pin of
    a mother can never be lifted meanwhile: the pinning checkers stand on the pinner's 1-point and
    can only leave it by bearing off, which he cannot do while he has checkers on his 24-point.
    The pinned side meanwhile plays on but cannot bear off (he has a pinned checker).

  This is how the sources consulted put it (the "exception if the opponent still has pieces on his
  starting point", "both mothers pinned is a draw"; fibs.com's Board: "you win ... if you capture
  your opponent's home point while leaving your own home point with all checkers").
  The ending is read after every step (issue 12): the step that pins the mother (or that takes
  the pinner's last checker off his starting point while it is pinned) ends the game at once, the
  dice left are not played, and such a play counts as using all the dice (it is legal whenever
  the step is; :meth:`PlakotoRules.ended`). :func:`ending` reads the result of a play.
* Otherwise the first to bear off all fifteen wins 1 point, or 2 if the loser has borne off none.
  No backgammon, no cube.

Position ID (16 characters). A Plakoto position is the counts of both sides plus, for every point
that holds checkers of both colours, which colour is on top. The ID packs 96 bits, least
significant bit first in each of 12 bytes, written as Base64 (A-Z a-z 0-9 + /, no padding):

1. the side NOT on roll, then the side on roll: for each of its points 1..24 in its own
   numbering, as many 1-bits as checkers (pinned ones included), then a 0-bit (78 bits in all);
2. then, for every point 1..24 of the side on roll (in his numbering, ascending) where both sides
   have checkers, one bit: 1 if the side on roll is on top (pins the opponent's checker), 0 if the
   opponent pins the single checker of the side on roll;
3. zero bits to the end.

:meth:`PlakotoPosition.from_id` raises ``ValueError`` saying what is wrong (length, alphabet, a side
left incomplete, over 15 checkers, a pinned point whose pinned side has more than one checker,
bits set after the position).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..codec import decode_bits, encode_bits
from . import turn
from .base import (
    POINTS,
    BoardBase,
    GameResult,
    Outcome,
    Play,
    Side,
    Step,
    Termination,
    bear_off_result,
    mirrored,
    read_sides,
    side_from_points,
    sides_bits,
)
from .turn import MoveRules, plays_of

START = 24  # each player's starting point, in his own numbering
ID_LENGTH = 16


opponent_point = mirrored


@dataclass(frozen=True, slots=True)
class PlakotoPosition(BoardBase):
    """The checkers of the player on roll (``player``) and of the other side (``opponent``), each a
    tuple of 25 counts in its owner's numbering (index ``i`` = point ``i + 1``; index 24, the bar,
    always 0), pinned checkers included; ``player_pinned`` / ``opponent_pinned`` hold the points (in
    the owner's numbering) where that side's single checker is pinned under the other side's."""

    player: tuple[int, ...]
    opponent: tuple[int, ...]
    player_pinned: frozenset[int] = field(default=frozenset())
    opponent_pinned: frozenset[int] = field(default=frozenset())

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", tuple(self.player))
        object.__setattr__(self, "opponent", tuple(self.opponent))
        object.__setattr__(self, "player_pinned", frozenset(self.player_pinned))
        object.__setattr__(self, "opponent_pinned", frozenset(self.opponent_pinned))
        self._check_sides()
        for name, side, pins, other, other_pins in (
            ("player", self.player, self.player_pinned, self.opponent, self.opponent_pinned),
            ("opponent", self.opponent, self.opponent_pinned, self.player, self.player_pinned),
        ):
            for p in pins:
                if not isinstance(p, int) or not 1 <= p <= POINTS:
                    raise ValueError(f"{name}: pinned point {p!r} is not 1..24")
                if side[p - 1] != 1:
                    raise ValueError(f"{name} is pinned on his point {p} but has {side[p - 1]} checkers there (one)")
                if not other[24 - p]:
                    raise ValueError(f"{name} is pinned on his point {p} with no opposing checker on it")
                if (25 - p) in other_pins:
                    raise ValueError(f"both sides are pinned on the same point ({name}'s {p})")
        for p in range(1, POINTS + 1):
            both = self.player[p - 1] and self.opponent[24 - p]
            if both and p not in self.player_pinned and (25 - p) not in self.opponent_pinned:
                raise ValueError(f"both sides have checkers on point {p} and neither is pinned there")

    # --- construction ------------------------------------------------------------------------

    @classmethod
    def from_points(
        cls,
        player: dict[int, int],
        opponent: dict[int, int],
        *,
        player_pinned: set[int] | frozenset[int] = frozenset(),
        opponent_pinned: set[int] | frozenset[int] = frozenset(),
    ) -> PlakotoPosition:
        """From ``{point: count}`` maps in each side's own numbering (pinned checkers counted)."""
        return cls(
            side_from_points(player, bar=False), side_from_points(opponent, bar=False), frozenset(player_pinned), frozenset(opponent_pinned)
        )

    # --- questions ---------------------------------------------------------------------------

    @classmethod
    def _trusted(
        cls, player: tuple[int, ...], opponent: tuple[int, ...], player_pinned: frozenset[int], opponent_pinned: frozenset[int]
    ) -> PlakotoPosition:
        """A position known to be valid (the other side of one, or reached by legal steps),
        made without the checks of ``__post_init__`` (they cost much in the search for plays)."""
        self = object.__new__(cls)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "opponent", opponent)
        object.__setattr__(self, "player_pinned", player_pinned)
        object.__setattr__(self, "opponent_pinned", opponent_pinned)
        return self

    def swap(self) -> PlakotoPosition:
        return PlakotoPosition._trusted(self.opponent, self.player, self.opponent_pinned, self.player_pinned)

    def checkers_at(self, point: int) -> tuple[int, int]:
        """(player's, opponent's) checkers on ``point`` in the player's numbering."""
        return self.player[point - 1], self.opponent[24 - point]

    def is_contact(self) -> bool:
        """The opponent moves up the player's numbering: contact while an opposing checker stands
        below the player's highest one."""
        mine = [p for p in range(1, 25) if self.player[p - 1]]
        theirs = [p for p in range(1, 25) if self.checkers_at(p)[1]]
        return bool(mine and theirs) and min(theirs) < max(mine)

    def pinned_at(self, point: int) -> str | None:
        """Who is pinned on the player's ``point``: "player", "opponent" or ``None``."""
        if point in self.player_pinned:
            return "player"
        if (25 - point) in self.opponent_pinned:
            return "opponent"
        return None

    def mothers_pinned(self) -> tuple[bool, bool]:
        """(player's mother pinned, opponent's mother pinned)."""
        return START in self.player_pinned, START in self.opponent_pinned

    # --- Position ID -------------------------------------------------------------------------

    def position_id(self) -> str:
        """The 16-character ID described in the module docstring."""
        bits = sides_bits(self.player, self.opponent, bar=False)
        for p in range(1, POINTS + 1):
            if self.player[p - 1] and self.opponent[24 - p]:
                bits.append(0 if p in self.player_pinned else 1)
        return encode_bits(bits, ID_LENGTH)

    @classmethod
    def from_id(cls, position_id: str) -> PlakotoPosition:
        """Decode :meth:`position_id`; raise ``ValueError`` saying what is wrong."""
        what = "Plakoto position ID"
        bits = decode_bits(position_id, ID_LENGTH, what)
        player, opponent, index = read_sides(bits, what, bar=False)
        player_pinned, opponent_pinned = set(), set()
        for p in range(1, POINTS + 1):
            if player[p - 1] and opponent[24 - p]:
                if index >= len(bits):
                    raise ValueError(f"the {what} ends before saying who pins whom")
                if bits[index]:
                    if opponent[24 - p] != 1:
                        raise ValueError(f"the {what} pins {opponent[24 - p]} opposing checkers on point {p}")
                    opponent_pinned.add(25 - p)
                else:
                    if player[p - 1] != 1:
                        raise ValueError(f"the {what} pins {player[p - 1]} checkers of the side on roll on point {p}")
                    player_pinned.add(p)
                index += 1
        if any(bits[index:]):
            raise ValueError(f"the {what} has bits set after the position")
        return cls(player, opponent, frozenset(player_pinned), frozenset(opponent_pinned))


    def _point_text(self, point: int, mine: int, theirs: int) -> str:
        """A lower-case letter is a pinned checker, written under the pinner (``5: XXo`` = two X
        pinning one O)."""
        who = self.pinned_at(point)
        if who == "player":
            return "x" + "O" * theirs
        if who == "opponent":
            return "X" * mine + "o"
        return "X" * mine + "O" * theirs


# --- movement -----------------------------------------------------------------------------------

PlakotoState = tuple[tuple[int, ...], tuple[int, ...], int, int]
"""(me, opp, my_pins, their_pins): 24 counts each in the owner's numbering (index p - 1), and bit
masks of pinned points (bit p - 1 = the owner's point p)."""


class PlakotoRules(MoveRules[PlakotoPosition, "PlakotoState"]):
    def state(self, position: PlakotoPosition) -> PlakotoState:
        return (
            position.player[:POINTS],
            position.opponent[:POINTS],
            _mask(position.player_pinned),
            _mask(position.opponent_pinned),
        )

    def single_steps(self, state: PlakotoState, die: int) -> list[Step]:
        me, opp, mine_pinned, theirs_pinned = state
        highest = POINTS
        while highest and not me[highest - 1]:
            highest -= 1
        can_bear = highest <= 6 and not mine_pinned
        steps: list[Step] = []
        for p in range(highest, 0, -1):
            if not me[p - 1] or (mine_pinned >> (p - 1)) & 1:
                continue
            t = p - die
            if t >= 1:
                o = opp[24 - t]
                if o == 0:
                    steps.append((p, t, die, False))
                elif o == 1:
                    if not me[t - 1]:
                        steps.append((p, t, die, True))  # lands on a lone checker: pins it
                    elif (theirs_pinned >> (24 - t)) & 1:
                        steps.append((p, t, die, False))  # a point where we already pin
            elif can_bear and (t == 0 or p == highest):
                steps.append((p, 0, die, False))
        return steps

    def apply_step(self, state: PlakotoState, step: Step) -> PlakotoState:
        me, opp, mine_pinned, theirs_pinned = state
        p, t, _, pin = step
        m = list(me)
        m[p - 1] -= 1
        if not m[p - 1]:
            theirs_pinned &= ~(1 << (24 - p))  # the last pinner leaves: the pinned checker is free
        if t:
            m[t - 1] += 1
            if pin:
                theirs_pinned |= 1 << (24 - t)
        return (tuple(m), opp, mine_pinned, theirs_pinned)

    def ended(self, state: PlakotoState) -> bool:
        """The mover has just pinned the opponent's mother and the game is over at that step:
        the mover has no checker left on his own start, or his own mother is pinned (a draw);
        or his last starting checker has just left while the opponent's mother is pinned."""
        me, _, mine_pinned, theirs_pinned = state
        if not (theirs_pinned >> (START - 1)) & 1:
            return False
        return not me[START - 1] or bool((mine_pinned >> (START - 1)) & 1)

    def position(self, state: PlakotoState) -> PlakotoPosition:
        me, opp, mine_pinned, theirs_pinned = state
        return PlakotoPosition._trusted(me + (0,), opp + (0,), _points(mine_pinned), _points(theirs_pinned))


def _mask(points: frozenset[int]) -> int:
    mask = 0
    for p in points:
        mask |= 1 << (p - 1)
    return mask


def _points(mask: int) -> frozenset[int]:
    got = _POINTS_OF.get(mask)
    if got is None:
        got = frozenset(p for p in range(1, POINTS + 1) if (mask >> (p - 1)) & 1)
        if len(_POINTS_OF) < 4096:
            _POINTS_OF[mask] = got
    return got


_POINTS_OF: dict[int, frozenset[int]] = {}  # the points of the pin masks met (few: pins are rare)


RULES = PlakotoRules()


def legal_plays(
    position: PlakotoPosition, dice: tuple[int, int], *, minimize_waste: bool = False, **_: Any
) -> list[Play[PlakotoPosition]]:
    """Every legal play of ``dice``, one per distinct result (a single empty play when none).

    ``minimize_waste``: as in Portes, bearing off must waste as few pips as any play allows.
    Other options (``mother_points``) only concern :func:`ending` and are ignored here.
    """
    return plays_of(RULES, position, dice, minimize_waste=minimize_waste)


class Turn(turn.Turn[PlakotoPosition]):
    """A Plakoto turn played one checker at a time (the methods of :class:`tavli.games.turn.Turn`)."""

    def __init__(
        self, position: PlakotoPosition, dice: tuple[int, int], *, minimize_waste: bool = False, **_: Any
    ) -> None:
        super().__init__(RULES, position, dice, minimize_waste=minimize_waste)


def ending(position: PlakotoPosition, *, mother_points: int = 2, **_: Any) -> GameResult | None:
    """How the game has ended in ``position`` (seen from the side to move next), or ``None``.

    In order: both mothers pinned -> a draw; one mother pinned and the pinner has no checker left
    on his starting point -> the pinner wins ``mother_points``; a side with no checker left wins
    1, or 2 if the other has borne off none. A pinned mother whose pinner still has starting
    checkers is not an ending (play goes on; see the module docstring).
    """
    mine, theirs = position.mothers_pinned()
    if mine and theirs:
        return GameResult(None, None, Termination.DRAW)
    if mine and not position.opponent[START - 1]:
        return GameResult(Side.OPPONENT, Outcome(mother_points), Termination.MOTHER)
    if theirs and not position.player[START - 1]:
        return GameResult(Side.PLAYER, Outcome(mother_points), Termination.MOTHER)
    return bear_off_result(position.player, position.opponent)


__all__ = ["RULES", "PlakotoPosition", "Turn", "ending", "legal_plays", "opponent_point"]
