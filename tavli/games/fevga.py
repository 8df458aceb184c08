"""Fevga (Φεύγα): the running game of tavli.

The rules, as the engine applies them (issue 7):

* Each player's 15 checkers start on his own 24-point, in diagonally opposite corners; both players
  move anticlockwise, each from his 24-point down to his own home board (points 1..6). In the
  player's numbering the opponent's point ``q`` is the player's ``q - 12`` if ``q > 12``, else
  ``q + 12`` (the same formula both ways): the opponent starts on the player's 12-point, and the
  player's starting quarter (19..24) is the opponent's last quarter before home (his 7..12).
* Two dice, doubles played four times; both dice (all four) must be played when some order allows
  it, and when only one die of two can be played, the larger must be when it can (as in Portes).
  Bearing off as in Portes once all fifteen left are home (exact die, or a higher die from the
  highest occupied point).
* No hitting and no pinning: a single checker holds a point, closed to the opponent.
* The first checker (``first_checker`` option). No second checker may leave the starting point
  until the player's first checker has *passed* the opponent's starting point: checked before every
  single step, a checker may leave the 24-point only when all fifteen are still there (it is the
  first), or the player has a checker on a point numbered 11 or lower (strictly beyond the
  opponent's starting 12-point, whether or not the opponent still stands there) or has borne one
  off. So the first checker may pass with one die and a second checker leave with the next.
  ``first_checker="quarter"`` (the other reading: "must reach the opponent's starting quarter")
  accepts a checker on point 12 or lower (the opponent's quarter is the player's 7..12).
* The starting quarter. A player may never hold all six points 19..24 (his starting quarter) at
  once: a single step that would leave a checker of his on each of them is not legal (checked after
  every step, so not even for a moment within a play).
* The prime (``prime`` option, default ``"open"``). A prime of six consecutive points elsewhere is
  allowed, but a player may not leave his opponent *shut out* when he can avoid it: the opponent is
  shut out when he has checkers on the board and no single legal move with any die 1..6 (for any
  roll he would pass). Among the legal plays (after the max-dice and higher-die rules), those that
  leave the opponent shut out are illegal if at least one play does not; if every play does, they
  all stay legal (the opponent passes). The test is made on each play's result with the
  opponent's own rules (his first-checker rule and starting-quarter ban included). This is what
  Greek rooms mean by "if all the opponent's checkers are stuck behind your prime you must open
  it": a side that is not all home and cannot move at all has a checker on his 7-point or higher
  with the six points before it closed (a side all home can always bear off), so the rule bites
  when a six-point prime blocks everything (the only other way, the opponent's every move being
  forbidden by his own starting-quarter ban, is a curiosity the rule treats the same way), and
  the player must then break the prime, or otherwise give the opponent a move, if any play does.
  ``prime="free"`` drops the rule.
* The first to bear off all fifteen wins 1 point, or 2 if the loser has borne off none. No
  backgammon, no cube.

Position ID (14 characters): 80 bits, least significant bit first in each of 10 bytes, Base64
without padding: for the side NOT on roll, then the side on roll, for each of its points 1..24 in
its own numbering, as many 1-bits as checkers then a 0-bit (78 bits), then zero bits. (Like GNU
Backgammon's Position ID but with no bar entries, so the two are not interchangeable.)
:meth:`FevgaPosition.from_id` raises ``ValueError`` saying what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..codec import decode_bits, encode_bits
from ..options import FIRST_CHECKER, PRIME
from . import base, turn
from .base import CHECKERS, POINTS, BoardBase, GameResult, Play, Step
from .turn import MoveRules, plays_of

START = 24  # each player's starting point, in his own numbering
ID_LENGTH = 14


def opponent_point(point: int) -> int:
    """The opponent's number for the player's point ``point`` (1..24), and the other way round."""
    return point - 12 if point > 12 else point + 12


_OTHER = tuple(opponent_point(p) - 1 for p in range(1, POINTS + 1))  # index of the same point, other side


@dataclass(frozen=True, slots=True)
class FevgaPosition(BoardBase):
    """The checkers of the player on roll (``player``) and of the other side (``opponent``), each a
    tuple of 25 counts in its owner's numbering (index ``i`` = point ``i + 1``; index 24, the bar,
    always 0)."""

    player: tuple[int, ...]
    opponent: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", tuple(self.player))
        object.__setattr__(self, "opponent", tuple(self.opponent))
        self._check_sides()
        for p in range(1, POINTS + 1):
            if self.player[p - 1] and self.opponent[_OTHER[p - 1]]:
                raise ValueError(f"both sides have checkers on point {p} (the opponent's {opponent_point(p)})")

    @classmethod
    def _trusted(cls, player: tuple[int, ...], opponent: tuple[int, ...]) -> FevgaPosition:
        """A position known to be valid, made without the checks of ``__post_init__``."""
        self = object.__new__(cls)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "opponent", opponent)
        return self

    def swap(self) -> FevgaPosition:
        return FevgaPosition._trusted(self.opponent, self.player)

    def checkers_at(self, point: int) -> tuple[int, int]:
        """(player's, opponent's) checkers on ``point`` in the player's numbering."""
        return self.player[point - 1], self.opponent[_OTHER[point - 1]]

    def is_contact(self) -> bool:
        """The opponent, on the player's points 1..12, moves down them: contact while an opposing
        checker stands there above the player's lowest one."""
        mine = [p for p in range(1, 25) if self.player[p - 1]]
        theirs = [p for p in range(1, 25) if self.checkers_at(p)[1]]
        return bool(mine and theirs) and any(min(mine) < q <= 12 for q in theirs)

    def position_id(self) -> str:
        """The 14-character ID described in the module docstring."""
        return encode_bits(base.sides_bits(self.player, self.opponent, bar=False), ID_LENGTH)

    @classmethod
    def from_id(cls, position_id: str) -> FevgaPosition:
        """Decode :meth:`position_id`; raise ``ValueError`` saying what is wrong."""
        what = "Fevga position ID"
        bits = decode_bits(position_id, ID_LENGTH, what)
        player, opponent, index = base.read_sides(bits, what, bar=False)
        if any(bits[index:]):
            raise ValueError(f"the {what} has bits set after the position")
        for p in range(1, POINTS + 1):
            if player[p - 1] and opponent[_OTHER[p - 1]]:
                raise ValueError(f"the {what} puts both sides on point {p}")
        return cls(player, opponent)


# --- movement -----------------------------------------------------------------------------------

FevgaState = tuple[tuple[int, ...], tuple[int, ...]]
"""(me, opp): 24 counts each in the owner's numbering (index p - 1)."""


class FevgaRules(MoveRules[FevgaPosition, "FevgaState"]):
    def __init__(self, first_checker: str = "pass", prime: str = "open") -> None:
        if first_checker not in FIRST_CHECKER:
            raise ValueError(f"first_checker is one of {FIRST_CHECKER}, not {first_checker!r}")
        if prime not in PRIME:
            raise ValueError(f"prime is one of {PRIME}, not {prime!r}")
        self.first_checker = first_checker
        self.prime = prime
        self._past = 11 if first_checker == "pass" else 12  # points 1.._past count as "passed"

    def state(self, position: FevgaPosition) -> FevgaState:
        return (position.player[:POINTS], position.opponent[:POINTS])

    def single_steps(self, state: FevgaState, die: int) -> list[Step]:
        me, opp = state
        highest = POINTS
        while highest and not me[highest - 1]:
            highest -= 1
        home = highest <= 6
        may_leave = me[START - 1] == CHECKERS or sum(me) < CHECKERS or any(me[: self._past])
        quarter_gap = sum(1 for n in me[18:24] if not n)  # points of 19..24 not held
        steps: list[Step] = []
        for p in range(highest, 0, -1):
            if not me[p - 1] or (p == START and not may_leave):
                continue
            t = p - die
            if t >= 1:
                if opp[_OTHER[t - 1]]:
                    continue
                gap = quarter_gap - (t >= 19 and not me[t - 1]) + (p >= 19 and me[p - 1] == 1)
                if not gap:
                    continue  # would hold all six points of the starting quarter
                steps.append((p, t, die, False))
            elif home and (t == 0 or p == highest):
                steps.append((p, 0, die, False))
        return steps

    def apply_step(self, state: FevgaState, step: Step) -> FevgaState:
        me, opp = state
        p, t, _, _ = step
        m = list(me)
        m[p - 1] -= 1
        if t:
            m[t - 1] += 1
        return (tuple(m), opp)

    def position(self, state: FevgaState) -> FevgaPosition:
        me, opp = state
        return FevgaPosition._trusted(me + (0,), opp + (0,))

    def shut_out(self, state: FevgaState) -> bool:
        """Whether the side NOT on roll in ``state`` has checkers but no move with any die."""
        me, opp = state
        if not sum(opp):
            return False
        turned = (opp, me)
        return not any(self.single_steps(turned, die) for die in range(1, 7))

    def select(self, start: FevgaState, finals: list[FevgaState]) -> list[bool]:
        if self.prime == "free":
            return [True] * len(finals)
        return [not self.shut_out(s) for s in finals]


def rules(first_checker: str = "pass", prime: str = "open") -> FevgaRules:
    return FevgaRules(first_checker, prime)


def legal_plays(
    position: FevgaPosition,
    dice: tuple[int, int],
    *,
    first_checker: str = "pass",
    prime: str = "open",
    minimize_waste: bool = False,
    **_: Any,
) -> list[Play[FevgaPosition]]:
    """Every legal play of ``dice``, one per distinct result (a single empty play when none).

    Options: ``first_checker`` ("pass" or "quarter"), ``prime`` ("open" or "free"),
    ``minimize_waste`` (as in Portes). See the module docstring.
    """
    return plays_of(FevgaRules(first_checker, prime), position, dice, minimize_waste=minimize_waste)


class Turn(turn.Turn[FevgaPosition]):
    """A Fevga turn played one checker at a time (the methods of :class:`tavli.games.turn.Turn`)."""

    def __init__(
        self,
        position: FevgaPosition,
        dice: tuple[int, int],
        *,
        first_checker: str = "pass",
        prime: str = "open",
        minimize_waste: bool = False,
        **_: Any,
    ) -> None:
        super().__init__(FevgaRules(first_checker, prime), position, dice, minimize_waste=minimize_waste)


def ending(position: FevgaPosition, **_: Any) -> GameResult | None:
    """The result once one side has borne off all fifteen (seen from the side to move next):
    1 point, or 2 if the loser has borne off none; otherwise ``None``."""
    return base.bear_off_result(position.player, position.opponent)


__all__ = ["FevgaPosition", "Turn", "ending", "legal_plays", "opponent_point", "rules"]
