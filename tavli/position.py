"""A backgammon position seen from the player on roll, and its GNU Backgammon Position ID.

Each side's checkers are a tuple of 25 counts in that side's own numbering: index ``i`` holds the
checkers on the owner's point ``i + 1`` (points 24..1, the owner moves toward 1), index 24 holds
the owner's checkers on the bar. Checkers not on the board are borne off. The opponent's point
``p`` is the player's point ``25 - p``.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

CHECKERS = 15
POINTS = 24
BAR = 25  # the bar as a "from" point, in the mover's numbering
OFF = 0  # bearing off as a "to" point

_START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


@dataclass(frozen=True, slots=True)
class Position:
    """The checkers of the player on roll (``player``) and of the other side (``opponent``).

    The position does not know the dice or the cube: it answers questions about the checkers.
    """

    player: tuple[int, ...]
    opponent: tuple[int, ...]

    def __post_init__(self) -> None:
        for name, side in (("player", self.player), ("opponent", self.opponent)):
            if len(side) != 25:
                raise ValueError(f"{name} must have 25 counts (24 points and the bar), got {len(side)}")
            if any(n < 0 for n in side):
                raise ValueError(f"{name} has a negative checker count")
            if sum(side) > CHECKERS:
                raise ValueError(f"{name} has {sum(side)} checkers on the board, more than {CHECKERS}")
        for p in range(1, POINTS + 1):
            if self.player[p - 1] and self.opponent[POINTS - p]:
                raise ValueError(f"both sides have checkers on point {p}")

    @classmethod
    def initial(cls) -> Position:
        """The standard start: 24:2, 13:5, 8:3, 6:5 for each side."""
        return cls(_START, _START)

    @classmethod
    def from_points(cls, player: dict[int, int], opponent: dict[int, int]) -> Position:
        """Build a position from ``{point: count}`` maps in each side's own numbering (25 = bar)."""
        return cls(_side_from_points(player), _side_from_points(opponent))

    # --- questions -------------------------------------------------------------------------

    def swap(self) -> Position:
        """The same checkers with the other side on roll."""
        return Position(self.opponent, self.player)

    def borne_off(self) -> tuple[int, int]:
        """Checkers borne off: (player on roll, opponent)."""
        return CHECKERS - sum(self.player), CHECKERS - sum(self.opponent)

    def pip_counts(self) -> tuple[int, int]:
        """Pips each side needs to bear off everything: (player on roll, opponent)."""
        return _pips(self.player), _pips(self.opponent)

    def on_bar(self) -> tuple[int, int]:
        return self.player[24], self.opponent[24]

    def all_home(self) -> bool:
        """True when every checker of the player on roll still on the board is in his home board."""
        return not any(self.player[6:])

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

    def gnubg_id(self) -> str:
        """The 14-character Position ID that GNU Backgammon prints for this position.

        The 80-bit key writes, for the side NOT on roll and then the side on roll, for each of its
        points 1..24 and the bar, as many 1-bits as checkers followed by a 0-bit; bits fill each
        byte from the least significant bit; the 10 bytes are Base64 without padding.
        """
        bits: list[int] = []
        for side in (self.opponent, self.player):
            for count in side:
                bits.extend([1] * count)
                bits.append(0)
        data = bytearray(10)
        for i, bit in enumerate(bits):
            if bit:
                data[i >> 3] |= 1 << (i & 7)
        return base64.b64encode(bytes(data)).decode("ascii")[:14]

    @classmethod
    def from_gnubg_id(cls, position_id: str) -> Position:
        """Decode a GNU Backgammon Position ID; raise ``ValueError`` saying what is wrong."""
        if not isinstance(position_id, str):
            raise ValueError("a Position ID is a string of 14 characters")
        text = position_id.strip()
        if len(text) != 14:
            raise ValueError(f"a Position ID has 14 characters, this one has {len(text)}")
        bad = sorted({c for c in text if c not in _B64})
        if bad:
            raise ValueError(f"a Position ID uses only A-Z a-z 0-9 + /, not {''.join(bad)!r}")
        data = base64.b64decode(text + "==")
        bits = [(data[i >> 3] >> (i & 7)) & 1 for i in range(80)]
        sides: list[list[int]] = [[], []]
        index = 0
        for side in sides:
            count = 0
            while len(side) < 25:
                if index >= 80:
                    raise ValueError("the Position ID ends before both sides are described")
                if bits[index]:
                    count += 1
                else:
                    side.append(count)
                    count = 0
                index += 1
        opponent, player = sides
        for name, side in (("the player on roll", player), ("the opponent", opponent)):
            if sum(side) > CHECKERS:
                raise ValueError(f"the Position ID gives {name} {sum(side)} checkers, more than {CHECKERS}")
        for p in range(1, POINTS + 1):
            if player[p - 1] and opponent[POINTS - p]:
                raise ValueError(f"the Position ID puts both sides on point {p}")
        if any(bits[index:]):
            raise ValueError("the Position ID has bits set after the position")
        return cls(tuple(player), tuple(opponent))

    def __str__(self) -> str:
        return self.gnubg_id()

    def diagram(self) -> str:
        """A plain-text picture, player on roll as X moving 24->1, opponent as O."""
        rows = []
        for p in range(POINTS, 0, -1):
            mine, theirs = self.checkers_at(p)
            if mine or theirs:
                rows.append(f"{p:2d}: {'X' * mine}{'O' * theirs}")
        mine, theirs = self.on_bar()
        off_mine, off_theirs = self.borne_off()
        rows.append(f"bar: X{mine} O{theirs}   off: X{off_mine} O{off_theirs}")
        return "\n".join(rows)


_B64 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def _side_from_points(points: dict[int, int]) -> tuple[int, ...]:
    side = [0] * 25
    for point, count in points.items():
        if not 1 <= point <= BAR:
            raise ValueError(f"point {point} is not 1..24 or 25 (bar)")
        side[point - 1] += count
    return tuple(side)


def _pips(side: tuple[int, ...]) -> int:
    return sum(count * (i + 1) for i, count in enumerate(side))


def _highest(side: tuple[int, ...]) -> int:
    for i in range(24, -1, -1):
        if side[i]:
            return i + 1
    return 0
