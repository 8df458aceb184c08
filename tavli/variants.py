"""What the three games of tavli share, and the machinery Plakoto and Fevga are built on.

Every variant answers the same questions with the same shapes as Portes (tavli.movegen/turn/game):

* a position type seen from the player on roll: ``player`` and ``opponent`` are tuples of 25
  counts in each owner's numbering (index ``i`` = point ``i + 1``; index 24, the bar, is always 0
  in Plakoto and Fevga), ``swap()``, ``borne_off()``, ``pip_counts()``, ``checkers_at(point)``,
  ``position_id()`` / ``from_id(text)`` (``ValueError`` with the reason on malformed input);
* ``legal_plays(position, dice, **options) -> list[VariantPlay]``, one play per distinct result,
  with the max-dice and higher-die rules of Portes; ``play.moves`` are ``(from, to)`` pairs in the
  mover's numbering (0 = off), ``play.result`` is the position after the play with the opponent on
  roll, ``str(play)`` is notation like ``24/18 13/8`` (``*`` marks a pin in Plakoto);
* a step-by-step ``Turn(position, dice, **options)`` with the methods of :class:`tavli.turn.Turn`;
* ``outcome_of(position, **options) -> Ending | None``.

A variant module supplies a :class:`Rules` object (how a single checker steps, how a step changes
the checkers, optional extra selection among the plays that use the most dice); the search for
legal plays and the :class:`VariantTurn` below are written once over it.

``VARIANTS`` maps "portes", "plakoto", "fevga" to a :class:`Variant` record so that a match or the
board can take the variant chosen at the start. Portes is wrapped as it is (tavli.movegen,
tavli.turn, tavli.game); its modules are imported only when used.
:class:`tavli.game.Game` (``variant=``) and :class:`tavli.match.Match` (``variant=``, with
"tavli" for the three in rotation) play any of them.
"""

from __future__ import annotations

import base64
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from operator import mul
from typing import Any

from .movegen import IllegalMove, Move

CHECKERS = 15
POINTS = 24

Step = tuple[int, int, int, bool]  # (from point 1..24, to point 0..23 with 0 = off, die, pinned)
State = Hashable


# --- the end of a game ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ended, read from a position.

    ``winner`` names a side of the position examined: ``"opponent"`` (the side that has just
    moved, as in :func:`tavli.game.outcome_of`), ``"player"`` (the side on roll), or ``None`` for a
    draw. ``points`` is what the game is worth (0 for a draw); ``reason`` is one of ``"borne off"``,
    ``"mother"`` (Plakoto: the loser's mother is pinned), ``"both mothers"`` (the draw).
    """

    winner: str | None
    points: int
    reason: str

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def outcome(self) -> Any:
        """The :class:`tavli.game.Outcome` of a win (1 = SINGLE, 2 = GAMMON); ``None`` for a draw."""
        if self.winner is None:
            return None
        from .game import Outcome

        return Outcome(self.points)


def bear_off_ending(player: Sequence[int], opponent: Sequence[int]) -> Ending | None:
    """The common race result: whoever has no checker left wins 1, or 2 if the loser has borne off
    none (no backgammon in Greek tavli)."""
    if sum(opponent) == 0:
        return Ending("opponent", 2 if sum(player) == CHECKERS else 1, "borne off")
    if sum(player) == 0:
        return Ending("player", 2 if sum(opponent) == CHECKERS else 1, "borne off")
    return None


# --- plays ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VariantPlay:
    """A complete legal play: the checker moves in order and the position they reach (the
    opponent on roll). Same fields as :class:`tavli.movegen.Play`; ``Move.hit`` means "pinned"."""

    position: Any
    dice: tuple[int, int]
    steps: tuple[Move, ...]
    result: Any = field(compare=False)

    @property
    def moves(self) -> tuple[tuple[int, int], ...]:
        """``(from, to)`` pairs in the mover's numbering, 0 = off."""
        return tuple((m.start, m.end) for m in self.steps)

    def __str__(self) -> str:
        return format_moves(self.moves, {m.end for m in self.steps if m.hit})

    def __len__(self) -> int:
        return len(self.steps)


def format_moves(moves: Iterable[tuple[int, int]], marked: set[int] | frozenset[int] = frozenset()) -> str:
    """GNU Backgammon style notation (as :func:`tavli.notation.format_play`): moves by decreasing
    start point, the moves of one checker joined (an intermediate point is kept only where it is
    ``marked``), identical moves counted, ``*`` after every marked point (a pin in Plakoto)."""
    rows = sorted(moves, key=lambda m: (-m[0], -m[1]))
    paths: list[list[int] | None] = [[a, b] for a, b in rows]
    for i in range(len(paths)):
        for j in range(i + 1, len(paths)):
            pi, pj = paths[i], paths[j]
            if pi is None or pj is None:
                continue
            if pi[-1] == pj[0] and pi[-1] != 0:
                if pi[-1] in marked:
                    pi.append(pj[1])
                else:
                    pi[-1] = pj[1]
                paths[j] = None
    counted: list[list[Any]] = []
    for path in paths:
        if path is None:
            continue
        for entry in counted:
            if entry[0] == path:
                entry[1] += 1
                break
        else:
            counted.append([path, 1])
    parts = []
    for path, n in counted:
        text = _name(path[0])
        for point in path[1:]:
            text += "/" + _name(point) + ("*" if point and point in marked else "")
        parts.append(text + (f"({n})" if n > 1 else ""))
    return " ".join(parts)


def _name(point: int) -> str:
    return "off" if point == 0 else str(point)


# --- the rules a variant supplies -------------------------------------------------------------


class Rules(ABC):
    """How checkers step in one variant, with its options bound. Subclasses define the four
    abstract methods; ``select`` may narrow the plays that use the most dice (Fevga's prime rule)."""

    @abstractmethod
    def state(self, position: Any) -> State:
        """The internal, hashable state of ``position`` (player on roll)."""

    @abstractmethod
    def single_steps(self, state: State, die: int) -> list[Step]:
        """Every legal single checker move by ``die`` from ``state``."""

    @abstractmethod
    def apply_step(self, state: State, step: Step) -> State:
        """The state after ``step``; ``state`` itself is not changed."""

    @abstractmethod
    def position(self, state: State) -> Any:
        """The position of ``state``, the same player still on roll."""

    def result(self, state: State) -> Any:
        """The position of ``state`` with the opponent on roll."""
        return self.position(state).swap()

    def ended(self, state: State) -> bool:
        """Whether the game is over in ``state`` (reached by a step of the player on roll): the
        play stops there, the dice left unplayed (Plakoto: a mother pinned). Bearing off the last
        checker needs no check: no step follows it anyway."""
        return False

    def select(self, start: State, finals: list[State]) -> list[bool]:
        """Which of ``finals`` (distinct results using the most dice) stay legal; all by default."""
        return [True] * len(finals)


def search(
    rules: Rules, position: Any, dice: tuple[int, int], *, minimize_waste: bool = False
) -> list[tuple[State, tuple[Step, ...]]]:
    """``(final state, steps)`` for every legal play of ``dice``, one per distinct result.

    Every order of the dice is tried; a sequence ends when no remaining die can be played, or at
    the step that ends the game (``rules.ended``: the dice left are not played, and the play
    counts as using them all). The plays kept use the most dice; when that is one die of two
    different ones, the larger when it can be played; then ``rules.select``; then
    (``minimize_waste``) the least pips wasted bearing off. With no move at all the single empty
    play is returned.
    """
    d1, d2 = dice
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError(f"dice must be 1..6, got {dice}")
    pool = (d1,) * 4 if d1 == d2 else (max(d1, d2), min(d1, d2))
    start = rules.state(position)
    leaves: list[tuple[State, tuple[Step, ...]]] = []
    seen: set = set()

    finished: set = set()  # final states where the game is over

    def walk(state: State, rest: tuple[int, ...], seq: tuple[Step, ...]) -> None:
        if (state, rest) in seen:
            return
        seen.add((state, rest))
        if seq and rules.ended(state):
            finished.add(state)
            leaves.append((state, seq))
            return
        moved = False
        for k, die in enumerate(rest):
            if k and die == rest[k - 1]:
                continue
            steps = rules.single_steps(state, die)
            if steps:
                moved = True
                rest2 = rest[:k] + rest[k + 1:]
                for step in steps:
                    walk(rules.apply_step(state, step), rest2, seq + (step,))
        if not moved:
            leaves.append((state, seq))

    walk(start, pool, ())
    def used(leaf: tuple[State, tuple[Step, ...]]) -> int:
        return len(pool) if leaf[0] in finished else len(leaf[1])

    most = max(map(used, leaves))
    chosen = [leaf for leaf in leaves if used(leaf) == most]
    if most == 1 and d1 != d2:
        high = max(d1, d2)
        with_high = [leaf for leaf in chosen if leaf[1][0][2] == high]
        if with_high:
            chosen = with_high
    distinct: dict[State, tuple[State, tuple[Step, ...]]] = {}
    for leaf in chosen:
        distinct.setdefault(leaf[0], leaf)
    chosen = list(distinct.values())
    keep = rules.select(start, [s for s, _ in chosen])
    if any(keep) and not all(keep):
        chosen = [leaf for leaf, k in zip(chosen, keep) if k]
    if minimize_waste and most:
        wastes = [sum(d - f for f, t, d, _ in seq if t == 0) for _, seq in chosen]
        least = min(wastes)
        chosen = [leaf for leaf, w in zip(chosen, wastes) if w == least]
    return chosen


def plays_of(rules: Rules, position: Any, dice: tuple[int, int], *, minimize_waste: bool = False) -> list[VariantPlay]:
    """:func:`search` turned into :class:`VariantPlay` values."""
    dice = (dice[0], dice[1])
    return [
        VariantPlay(position, dice, tuple(_move(s) for s in seq), rules.result(state))
        for state, seq in search(rules, position, dice, minimize_waste=minimize_waste)
    ]


def _move(step: Step) -> Move:
    return Move(step[0], step[1], step[2], step[3])


# --- a turn played one checker at a time ----------------------------------------------------------


class VariantTurn:
    """The play of one roll, built step by step, as :class:`tavli.turn.Turn` (same methods).

    Only single moves that keep a complete legal play reachable are offered; the turn is complete
    when the moves made form one of the legal plays (for a pass: at once).
    """

    def __init__(self, rules: Rules, position: Any, dice: tuple[int, int], *, minimize_waste: bool = False) -> None:
        self.rules = rules
        self.position = position
        self.dice = (dice[0], dice[1])
        found = self._find(position, self.dice, minimize_waste)
        self.plays = [play for _, play in found]
        self._targets = dict(found)
        # Every legal play uses the same number of dice, except one that ends the game early
        # (Plakoto: it pins a mother): ``length`` is the longest.
        self.length = max(len(play.steps) for play in self.plays)
        # The dice the legal plays use: both (or the double), except when only one die can be
        # played: then only the one the rules pick (the larger when either could be).
        self._dice_used = {move.die for play in self.plays for move in play.steps}
        self._done: list[Step] = []
        self._states: list[State] = [rules.state(position)]
        self._cache: list[Move] | None = None
        self._good: dict[tuple[State, tuple[int, ...]], bool] = {}

    def _find(self, position: Any, dice: tuple[int, int], minimize_waste: bool) -> list[tuple[State, Any]]:
        """``(final state, play)`` for every legal play; a variant with a faster generator of its
        own overrides this."""
        found = search(self.rules, position, dice, minimize_waste=minimize_waste)
        return [
            (state, VariantPlay(position, dice, tuple(_move(s) for s in seq), self.rules.result(state)))
            for state, seq in found
        ]

    # --- state ------------------------------------------------------------------------------

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(_move(s) for s in self._done)

    @property
    def current(self) -> Any:
        """The checkers as they stand now, the player on roll still to move."""
        return self.rules.position(self._states[-1])

    def dice_left(self) -> tuple[int, ...]:
        """The dice not yet used, largest first."""
        left = list(self.dice) * 2 if self.dice[0] == self.dice[1] else list(self.dice)
        for step in self._done:
            left.remove(step[2])
        return tuple(sorted(left, reverse=True))

    def is_complete(self) -> bool:
        """The moves made form a legal play: all its dice, or a step that ended the game."""
        return len(self._done) == self.length or (bool(self._done) and self.rules.ended(self._states[-1]))

    def play(self) -> Any:
        """The legal play that the moves made form; only once the turn is complete."""
        if not self.is_complete():
            raise IllegalMove("the turn is not complete: dice remain to be played")
        return self._targets[self._states[-1]]

    # --- questions for the board ------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every single checker move that can start or continue a legal play."""
        if self._cache is None:
            self._cache = [_move(s) for s in self._legal_steps()]
        return self._cache

    def moves_from(self, point: int) -> list[Move]:
        """Legal single moves of a checker on ``point``, largest jump first."""
        return sorted((m for m in self.legal_moves() if m.start == point), key=lambda m: -m.die)

    def targets(self, point: int) -> list[int]:
        """Every point (0 = off) a checker on ``point`` can reach with the dice left, in one or more
        legal steps of that checker."""
        reached: set[int] = set()
        self._reach(point, reached)
        return sorted(reached, reverse=True)

    def path_to(self, start: int, end: int) -> list[Move] | None:
        """The shortest list of legal single steps carrying one checker from ``start`` to ``end``
        (0 = off), larger die first; ``None`` if there is none."""
        best: list[Move] | None = None
        for move in self.moves_from(start):
            if move.end == end:
                return [move]
        for move in self.moves_from(start):
            if move.end == 0:
                continue
            self.apply(move)
            try:
                rest = self.path_to(move.end, end)
            finally:
                self.undo()
            if rest is not None and (best is None or len(rest) + 1 < len(best)):
                best = [move] + rest
        return best

    # --- actions ----------------------------------------------------------------------------

    def apply(self, move: Move | tuple[int, int]) -> Move:
        """Make one checker move; a ``(from, to)`` pair picks the die that keeps a legal play
        reachable (the smaller when both do). Raises :class:`IllegalMove` otherwise."""
        legal = self.legal_moves()
        if isinstance(move, Move):
            matching = [m for m in legal if (m.start, m.end, m.die) == (move.start, move.end, move.die)]
            start, end = move.start, move.end
        else:
            start, end = move
            matching = sorted((m for m in legal if (m.start, m.end) == (start, end)), key=lambda m: m.die)
        if not matching:
            left = self.dice_left()
            dice = "-".join(map(str, left)) if left else "no dice"
            raise IllegalMove(f"{_name(start)}/{_name(end)} is not a legal move with {dice} to play")
        chosen = matching[0]
        step = (chosen.start, chosen.end, chosen.die, chosen.hit)
        self._states.append(self.rules.apply_step(self._states[-1], step))
        self._done.append(step)
        self._cache = None
        return chosen

    def undo(self) -> Move | None:
        if not self._done:
            return None
        step = self._done.pop()
        self._states.pop()
        self._cache = None
        return _move(step)

    def reset(self) -> None:
        while self._done:
            self.undo()

    # --- internals --------------------------------------------------------------------------

    def _legal_steps(self) -> list[Step]:
        if self.is_complete():
            return []
        state = self._states[-1]
        left = self.dice_left()
        steps: list[Step] = []
        for k, die in enumerate(left):
            if (k and die == left[k - 1]) or die not in self._dice_used:
                continue
            rest = left[:k] + left[k + 1:]
            for step in self.rules.single_steps(state, die):
                if self._reaches(self.rules.apply_step(state, step), rest, self.length - len(self._done) - 1):
                    steps.append(step)
        return steps

    def _ends_well(self, state: State) -> bool | None:
        """For a state where the game is over (the play stops there): whether it is a legal
        result; ``None`` for any other state."""
        if not self.rules.ended(state):
            return None
        return state in self._targets

    def _reaches(self, state: State, rest: tuple[int, ...], need: int) -> bool:
        """Whether ``need`` more steps with dice from ``rest`` can end on a legal result (or
        fewer, ending the game)."""
        over = self._ends_well(state)
        if over is not None:
            return over
        if need == 0:
            return state in self._targets
        if len(rest) < need:
            return False
        key = (state, rest)
        known = self._good.get(key)
        if known is not None:
            return known
        found = False
        for k, die in enumerate(rest):
            if found:
                break
            if k and die == rest[k - 1]:
                continue
            rest2 = rest[:k] + rest[k + 1:]
            for step in self.rules.single_steps(state, die):
                if self._reaches(self.rules.apply_step(state, step), rest2, need - 1):
                    found = True
                    break
        self._good[key] = found
        return found

    def _reach(self, point: int, reached: set[int]) -> None:
        for move in self.moves_from(point):
            reached.add(move.end)
            if move.end == 0:
                continue
            self.apply(move)
            try:
                self._reach(move.end, reached)
            finally:
                self.undo()


# --- position IDs -----------------------------------------------------------------------------

B64 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def encode_bits(bits: list[int], nbytes: int) -> str:
    """``bits`` packed least significant bit first into ``nbytes`` bytes, Base64 without padding."""
    data = bytearray(nbytes)
    for i, bit in enumerate(bits):
        if bit:
            data[i >> 3] |= 1 << (i & 7)
    return base64.b64encode(bytes(data)).decode("ascii").rstrip("=")


def decode_bits(text: Any, nchars: int, nbytes: int, what: str) -> list[int]:
    """The bits of an ID made by :func:`encode_bits`; ``ValueError`` saying what is wrong."""
    if not isinstance(text, str):
        raise ValueError(f"a {what} is a string of {nchars} characters")
    text = text.strip()
    if len(text) != nchars:
        raise ValueError(f"a {what} has {nchars} characters, this one has {len(text)}")
    bad = sorted({c for c in text if c not in B64})
    if bad:
        raise ValueError(f"a {what} uses only A-Z a-z 0-9 + /, not {''.join(bad)!r}")
    data = base64.b64decode(text + "=" * (-len(text) % 4))
    if len(data) != nbytes:
        raise ValueError(f"a {what} holds {nbytes} bytes")
    bits = [(data[i >> 3] >> (i & 7)) & 1 for i in range(nbytes * 8)]
    if base64.b64encode(data).decode("ascii").rstrip("=") != text:
        raise ValueError(f"the {what} has bits set past its end")
    return bits


def counts_bits(side: Sequence[int]) -> list[int]:
    """Points 1..24 of one side: as many 1-bits as checkers, then a 0-bit."""
    bits: list[int] = []
    for count in side[:POINTS]:
        bits.extend([1] * count)
        bits.append(0)
    return bits


def read_counts(bits: list[int], index: int, what: str) -> tuple[tuple[int, ...], int]:
    """One side's 24 counts read from ``bits`` at ``index``: (counts + a 0 for the bar, new index)."""
    side: list[int] = []
    count = 0
    while len(side) < POINTS:
        if index >= len(bits):
            raise ValueError(f"the {what} ends before both sides are described")
        if bits[index]:
            count += 1
            if count > CHECKERS:
                raise ValueError(f"the {what} puts more than {CHECKERS} checkers on one point")
        else:
            side.append(count)
            count = 0
        index += 1
    return tuple(side) + (0,), index


def check_side(name: str, side: Sequence[int]) -> None:
    """The shape every variant shares: 25 counts, none negative, at most 15, the bar (index 24)
    empty (no hitting in Plakoto or Fevga)."""
    if len(side) != 25:
        raise ValueError(f"{name} must have 25 counts (24 points and an empty bar), got {len(side)}")
    if any(n < 0 for n in side):
        raise ValueError(f"{name} has a negative checker count")
    if sum(side) > CHECKERS:
        raise ValueError(f"{name} has {sum(side)} checkers on the board, more than {CHECKERS}")
    if side[24]:
        raise ValueError(f"{name} has checkers on the bar, which this game does not have")


def side_from_points(points: dict[int, int]) -> tuple[int, ...]:
    side = [0] * 25
    for point, count in points.items():
        if not 1 <= point <= POINTS:
            raise ValueError(f"point {point} is not 1..24")
        side[point - 1] += count
    return tuple(side)


def pips(side: Sequence[int]) -> int:
    return sum(map(mul, side[:POINTS], _POINT_NUMBERS))


_POINT_NUMBERS = range(1, POINTS + 1)


# --- the registry ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    """One game of tavli, for a match or the board to take at the start.

    ``initial()`` gives the starting position; ``legal_plays(position, dice, **options)``;
    ``turn(position, dice, **options)``; ``outcome(position, **options) -> Ending | None``;
    ``from_id(text)``; ``options`` names the keyword options and their defaults;
    ``opponent_point(p)`` is the opponent's number for the player's point ``p``.
    """

    name: str
    initial: Callable[[], Any]
    legal_plays: Callable[..., list]
    turn: Callable[..., Any]
    outcome: Callable[..., Ending | None]
    from_id: Callable[[str], Any]
    opponent_point: Callable[[int], int]
    options: dict[str, Any]


def _portes() -> Variant:
    from . import game, movegen, position, turn

    def outcome(pos: Any, **_: Any) -> Ending | None:
        if sum(pos.player) == 0:
            return Ending("player", 1, "borne off")  # not reached in play; for completeness
        found = game.outcome_of(pos)
        return None if found is None else Ending("opponent", int(found), "borne off")

    return Variant(
        "portes", position.Position.initial, movegen.legal_plays, turn.Turn, outcome,
        position.Position.from_gnubg_id, lambda p: 25 - p, {"minimize_waste": False},
    )


def variant(name: str) -> Variant:
    """The :class:`Variant` called ``name`` ("portes", "plakoto" or "fevga")."""
    key = name.strip().lower()
    if key == "portes":
        return _portes()
    if key == "plakoto":
        from . import plakoto

        return plakoto.VARIANT
    if key == "fevga":
        from . import fevga

        return fevga.VARIANT
    raise ValueError(f"unknown variant {name!r}: portes, plakoto or fevga")


NAMES = ("portes", "plakoto", "fevga")
