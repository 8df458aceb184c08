"""What the three games of tavli share: the board's shape, moves and plays, and how a game ends.

A position is seen from the player on roll. ``player`` and ``opponent`` are tuples of 25 counts,
each in its owner's numbering: index ``i`` holds the checkers on the owner's point ``i + 1`` (the
owner moves toward point 1), index 24 the owner's checkers on the bar (always 0 in Plakoto and
Fevga, which have no hitting). Checkers not on the board are borne off. Each game says where the
opponent's points lie in the player's numbering (:meth:`Board.checkers_at`).

A :class:`Move` is one checker moved by one die, between points in the mover's numbering
(``BAR`` = 25 as a start, ``OFF`` = 0 as an end); a :class:`Play` is the moves of a whole roll
and the position they reach. A finished game is a :class:`GameResult`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from operator import mul
from typing import ClassVar, Generic, Protocol, Self, TypeVar

from ..codec import read_unary, unary_bits

CHECKERS = 15
POINTS = 24
BAR = 25  # the bar as a "from" point, in the mover's numbering
OFF = 0  # bearing off as a "to" point

Step = tuple[int, int, int, bool]
"""One checker move as the move rules handle it: (from point 1..25, to point 0..24 with 0 = off,
die, hit). ``hit`` is a hit in Portes and a pin in Plakoto."""


# --- how a game ends --------------------------------------------------------------------------


class Outcome(IntEnum):
    """How a game was won, valued in points before the cube."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


class Termination(StrEnum):
    """What ended a game (or a match): one vocabulary for the games, the match and the save file,
    whose strings are the values."""

    BEAR_OFF = "bear-off"  # the winner bore off his last checker
    MOTHER = "mother"  # Plakoto: the loser's mother is pinned
    DRAW = "draw"  # Plakoto: both mothers pinned, nobody scores
    DROP = "drop"  # a double was dropped
    RESIGN = "resign"  # a resignation, offered and accepted, or Greek (at once)
    TIMEOUT = "timeout"  # a win on time
    RESIGN_MATCH = "resign-match"  # the match was resigned (or left)
    GAMES = "games"  # the match only: the agreed number of money games was played


class Side(IntEnum):
    """A side of a position: the player on roll (0) or the other side (1)."""

    PLAYER = 0
    OPPONENT = 1


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: ``winner`` (None for a draw), what the win is worth (``outcome``, None for
    a draw) and what ended it.

    A game's rules read the result from a position (``ending(position)``): ``winner`` is then a
    :class:`Side` of that position. :class:`tavli.game.Game` gives it with player numbers
    (:meth:`for_players`).
    """

    winner: int | None
    outcome: Outcome | None
    termination: Termination = Termination.BEAR_OFF

    @property
    def points(self) -> int:
        return 0 if self.outcome is None else int(self.outcome)

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def for_players(self, on_roll: int) -> GameResult:
        """This result, read from a position whose player on roll is player ``on_roll``, with
        ``winner`` a player number."""
        if self.winner is None:
            return self
        winner = on_roll if self.winner == Side.PLAYER else 1 - on_roll
        return GameResult(winner, self.outcome, self.termination)


def bear_off_result(player: Sequence[int], opponent: Sequence[int]) -> GameResult | None:
    """The race's result in a position where one side has no checker left: a single game, or a
    gammon if the loser has borne off none (Plakoto and Fevga have no backgammon)."""
    if sum(opponent) == 0:
        return GameResult(Side.OPPONENT, Outcome.GAMMON if sum(player) == CHECKERS else Outcome.SINGLE)
    if sum(player) == 0:
        return GameResult(Side.PLAYER, Outcome.GAMMON if sum(opponent) == CHECKERS else Outcome.SINGLE)
    return None


# --- moves and plays --------------------------------------------------------------------------


class IllegalMove(ValueError):
    """A checker move that the rules do not allow in this turn."""


@dataclass(frozen=True, slots=True)
class Move:
    """One checker moved by one die: ``start``/``end`` are points in the mover's numbering
    (25 = bar, 0 = off); ``hit``: it hit a blot (Portes) or pinned a checker (Plakoto)."""

    start: int
    end: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{point_name(self.start)}/{point_name(self.end)}{'*' if self.hit else ''}"


class Board(Protocol):
    """What every game's position class answers (see the module docstring for the counts)."""

    @property
    def player(self) -> tuple[int, ...]: ...

    @property
    def opponent(self) -> tuple[int, ...]: ...

    def swap(self) -> Self:
        """The same checkers with the other side on roll."""

    def borne_off(self) -> tuple[int, int]:
        """Checkers borne off: (player on roll, opponent)."""

    def pip_counts(self) -> tuple[int, int]:
        """Pips each side needs to bear off everything: (player on roll, opponent)."""

    def on_bar(self) -> tuple[int, int]:
        """Checkers on the bar: (player on roll, opponent)."""

    def all_home(self) -> bool:
        """True when every checker of the player on roll still on the board is in his home board."""

    def checkers_at(self, point: int) -> tuple[int, int]:
        """(player's, opponent's) checkers on ``point`` in the player's numbering."""

    def is_contact(self) -> bool:
        """True while the sides can still meet (a checker can hit, pin or be blocked): after that
        the game is a race and the mover's choice matters no more than its pips."""

    def position_id(self) -> str:
        """The game's ID of the position (its text in saved matches)."""

    @classmethod
    def from_id(cls, text: str) -> Self:
        """The position that :meth:`position_id` wrote; ``ValueError`` saying what is wrong."""

    @classmethod
    def initial(cls) -> Self:
        """The position at the start of a game."""

    def diagram(self) -> str:
        """A plain-text picture: the player on roll as X moving 24->1, the opponent as O."""

    def notation(self, steps: Sequence[Move]) -> str:
        """``steps`` played from this position, as move notation (``24/18 13/8``)."""


B = TypeVar("B", bound=Board)


@dataclass(frozen=True, slots=True)
class Play(Generic[B]):
    """A complete legal play for a roll: the checker moves in order and the position they reach
    (``result``, the opponent on roll)."""

    position: B
    dice: tuple[int, int]
    steps: tuple[Move, ...]
    result: B = field(compare=False)

    @property
    def moves(self) -> tuple[tuple[int, int], ...]:
        """``(from, to)`` pairs in the mover's numbering, 25 = bar, 0 = off."""
        return tuple((m.start, m.end) for m in self.steps)

    def __str__(self) -> str:
        return self.position.notation(self.steps)

    def __len__(self) -> int:
        return len(self.steps)


def format_moves(moves: Iterable[tuple[int, int]], marked: Iterable[int], *, mark_once: bool) -> str:
    """Move notation in GNU Backgammon's style: moves by decreasing start point, the moves of one
    checker joined (an intermediate point is kept only where it is ``marked``: a hit, or a pin),
    identical moves counted, ``*`` after a marked point; ``mark_once``: a point is marked once in
    the play (one blot is hit once: ``24/22*/20 24/22``), else after every move that ends there."""
    hits = set(marked)
    rows = sorted(moves, key=lambda m: (-m[0], -m[1]))
    paths: list[list[int] | None] = [[a, b] for a, b in rows]
    for i in range(len(paths)):
        for j in range(i + 1, len(paths)):
            pi, pj = paths[i], paths[j]
            if pi is None or pj is None or pi[-1] != pj[0] or pi[-1] == OFF:
                continue
            if pi[-1] in hits:
                pi.append(pj[1])  # hit on the way: the intermediate point is kept
            else:
                pi[-1] = pj[1]
            paths[j] = None
    counted: list[tuple[list[int], int]] = []
    for path in paths:
        if path is None:
            continue
        for k, (other, n) in enumerate(counted):
            if other == path:
                counted[k] = (other, n + 1)
                break
        else:
            counted.append((path, 1))
    done: set[int] = set()  # points already marked
    parts = []
    for path, n in counted:
        text = point_name(path[0])
        for point in path[1:-1]:  # an intermediate point is kept only where it is marked
            text += "/" + point_name(point) + "*"
            done.add(point)
        end = path[-1]
        text += "/" + point_name(end)
        if end in hits and not (mark_once and end in done):
            text += "*"
            done.add(end)
        parts.append(text + (f"({n})" if n > 1 else ""))
    return " ".join(parts)


def mirrored(point: int) -> int:
    """The opponent's number for the player's point ``point`` (1..24) where the two sides move in
    opposite directions (Portes, Plakoto), and the other way round: ``25 - point``."""
    return 25 - point


def point_name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


# --- what the position classes share ----------------------------------------------------------


class BoardBase(ABC):
    """The answers every game gives alike, for a position class with ``player`` and
    ``opponent`` fields; each game's class supplies ``checkers_at`` and ``position_id``."""

    __slots__ = ()
    player: tuple[int, ...]
    opponent: tuple[int, ...]
    HAS_BAR: ClassVar[bool] = False  # checkers are hit and enter from the bar (Portes)
    START: ClassVar[tuple[int, ...]] = (0,) * 23 + (CHECKERS, 0)  # a side at the start: all on its 24
    MARK_ONCE: ClassVar[bool] = False  # notation: a hit is marked once (Portes), a pin every time

    @classmethod
    def initial(cls) -> Self:
        """The start: each side's checkers as ``START`` places them."""
        return cls(cls.START, cls.START)  # type: ignore[call-arg]  # the subclass's two fields

    @classmethod
    def from_points(cls, player: dict[int, int], opponent: dict[int, int]) -> Self:
        """From ``{point: count}`` maps in each side's own numbering (25 = bar, where there is one)."""
        sides = side_from_points(player, bar=cls.HAS_BAR), side_from_points(opponent, bar=cls.HAS_BAR)
        return cls(*sides)  # type: ignore[call-arg]

    def _check_sides(self) -> None:
        check_side("player", self.player, bar=self.HAS_BAR)
        check_side("opponent", self.opponent, bar=self.HAS_BAR)

    @abstractmethod
    def checkers_at(self, point: int) -> tuple[int, int]:
        """(player's, opponent's) checkers on ``point`` in the player's numbering."""

    @abstractmethod
    def position_id(self) -> str:
        """The game's ID of the position (its text in saved matches)."""

    def borne_off(self) -> tuple[int, int]:
        """Checkers borne off: (player on roll, opponent)."""
        return CHECKERS - sum(self.player), CHECKERS - sum(self.opponent)

    def pip_counts(self) -> tuple[int, int]:
        """Pips each side needs to bear off everything (the bar counts 25): (player, opponent)."""
        return pips(self.player), pips(self.opponent)

    def on_bar(self) -> tuple[int, int]:
        """Checkers on the bar: (player on roll, opponent)."""
        return self.player[24], self.opponent[24]

    def all_home(self) -> bool:
        """True when every checker of the player on roll still on the board is in his home board."""
        return not any(self.player[6:])

    def notation(self, steps: Sequence[Move]) -> str:
        """``steps`` as move notation (see :func:`format_moves`)."""
        moves = [(m.start, m.end) for m in steps]
        return format_moves(moves, {m.end for m in steps if m.hit}, mark_once=self.MARK_ONCE)

    def diagram(self) -> str:
        """A plain-text picture, the player on roll as X moving 24->1, the opponent as O."""
        rows = []
        for p in range(POINTS, 0, -1):
            mine, theirs = self.checkers_at(p)
            if mine or theirs:
                rows.append(f"{p:2d}: {self._point_text(p, mine, theirs)}")
        rows.append(self._diagram_footer())
        return "\n".join(rows)

    def _point_text(self, point: int, mine: int, theirs: int) -> str:
        return "X" * mine + "O" * theirs

    def _diagram_footer(self) -> str:
        off_mine, off_theirs = self.borne_off()
        return f"off: X{off_mine} O{off_theirs}"

    def __str__(self) -> str:
        return self.position_id()


def check_side(name: str, side: Sequence[int], *, bar: bool) -> None:
    """The shape every game shares: 25 counts, none negative, at most 15 in all; without ``bar``
    (no hitting: Plakoto, Fevga) the bar (index 24) empty."""
    if len(side) != 25:
        what = "the bar" if bar else "an empty bar"
        raise ValueError(f"{name} must have 25 counts (24 points and {what}), got {len(side)}")
    if any(n < 0 for n in side):
        raise ValueError(f"{name} has a negative checker count")
    if sum(side) > CHECKERS:
        raise ValueError(f"{name} has {sum(side)} checkers on the board, more than {CHECKERS}")
    if not bar and side[24]:
        raise ValueError(f"{name} has checkers on the bar, which this game does not have")


def side_from_points(points: dict[int, int], *, bar: bool) -> tuple[int, ...]:
    """25 counts from a ``{point: count}`` map in the owner's numbering (25 = the bar if ``bar``)."""
    highest = BAR if bar else POINTS
    side = [0] * 25
    for point, count in points.items():
        if not 1 <= point <= highest:
            raise ValueError(f"point {point} is not 1..24" + (" or 25 (bar)" if bar else ""))
        side[point - 1] += count
    return tuple(side)


def pips(side: Sequence[int]) -> int:
    """The pips one side needs to bear off: each checker's point number (the bar 25), added up."""
    return sum(map(mul, side, _POINT_NUMBERS))


_POINT_NUMBERS = range(1, BAR + 1)


def sides_bits(player: Sequence[int], opponent: Sequence[int], *, bar: bool) -> list[int]:
    """A position ID's checkers: the side NOT on roll, then the side on roll, each point 1..24 (and
    the bar, if ``bar``) in its owner's numbering, in unary (:func:`tavli.codec.unary_bits`)."""
    n = BAR if bar else POINTS
    return unary_bits(opponent[:n]) + unary_bits(player[:n])


def read_sides(bits: Sequence[int], what: str, *, bar: bool) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The sides written by :func:`sides_bits`: (player, opponent, the index after them), each 25
    counts; ``ValueError`` saying what is wrong (``what`` names the ID)."""
    n, most = (BAR, None) if bar else (POINTS, CHECKERS)
    opponent, index = read_unary(bits, 0, n, what, most=most)
    player, index = read_unary(bits, index, n, what, most=most)
    for name, side in (("the player on roll", player), ("the opponent", opponent)):
        if sum(side) > CHECKERS:
            raise ValueError(f"the {what} gives {name} {sum(side)} checkers, more than {CHECKERS}")
    empty_bar = () if bar else (0,)
    return tuple(player) + empty_bar, tuple(opponent) + empty_bar, index
