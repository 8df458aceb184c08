"""The rules of checker movement, the search for legal plays and a turn played step by step,
written once for the three games.

A game supplies a :class:`MoveRules` object (how a single checker steps, how a step changes the
checkers, optional extra selection among the plays that use the most dice); :func:`search` finds
the legal plays over it, and :class:`Turn` offers the board the single moves that keep a legal
play reachable. Portes brings a faster generator of its own (:mod:`tavli.games.portes`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

from .base import B, IllegalMove, Move, Play, Step, point_name

State = Hashable  # a game's internal, hashable form of a position (the player on roll)
S = TypeVar("S", bound=Hashable)  # the state type of one game


class MoveRules(ABC, Generic[B, S]):
    """How checkers step in one game, with its options bound. Subclasses define the four
    abstract methods; ``select`` may narrow the plays that use the most dice (Fevga's prime rule)."""

    @abstractmethod
    def state(self, position: B) -> S:
        """The internal, hashable state of ``position`` (player on roll)."""

    @abstractmethod
    def single_steps(self, state: S, die: int) -> list[Step]:
        """Every legal single checker move by ``die`` from ``state``."""

    @abstractmethod
    def apply_step(self, state: S, step: Step) -> S:
        """The state after ``step``; ``state`` itself is not changed."""

    @abstractmethod
    def position(self, state: S) -> B:
        """The position of ``state``, the same player still on roll."""

    def result(self, state: S) -> B:
        """The position of ``state`` with the opponent on roll."""
        return self.position(state).swap()

    def ended(self, state: S) -> bool:
        """Whether the game is over in ``state`` (reached by a step of the player on roll): the
        play stops there, the dice left unplayed (Plakoto: a mother pinned). Bearing off the last
        checker needs no check: no step follows it anyway."""
        return False

    def select(self, start: S, finals: list[S]) -> list[bool]:
        """Which of ``finals`` (distinct results using the most dice) stay legal; all by default."""
        return [True] * len(finals)


def search(
    rules: MoveRules[B, S], position: B, dice: tuple[int, int], *, minimize_waste: bool = False
) -> list[tuple[S, tuple[Step, ...]]]:
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
    leaves: list[tuple[S, tuple[Step, ...]]] = []
    seen: set[tuple[S, tuple[int, ...]]] = set()
    finished: set[S] = set()  # final states where the game is over

    def walk(state: S, rest: tuple[int, ...], seq: tuple[Step, ...]) -> None:
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

    def used(leaf: tuple[S, tuple[Step, ...]]) -> int:
        return len(pool) if leaf[0] in finished else len(leaf[1])

    most = max(map(used, leaves))
    chosen = [leaf for leaf in leaves if used(leaf) == most]
    if most == 1 and d1 != d2:
        high = max(d1, d2)
        with_high = [leaf for leaf in chosen if leaf[1][0][2] == high]
        if with_high:
            chosen = with_high
    distinct: dict[S, tuple[S, tuple[Step, ...]]] = {}
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


def plays_of(rules: MoveRules[B, Any], position: B, dice: tuple[int, int], *, minimize_waste: bool = False) -> list[Play[B]]:
    """:func:`search` turned into :class:`Play` values."""
    return [play for _, play in _found_plays(rules, position, (dice[0], dice[1]), minimize_waste)]


def _found_plays(
    rules: MoveRules[B, S], position: B, dice: tuple[int, int], minimize_waste: bool
) -> list[tuple[S, Play[B]]]:
    return [
        (state, Play(position, dice, tuple(_move(s) for s in seq), rules.result(state)))
        for state, seq in search(rules, position, dice, minimize_waste=minimize_waste)
    ]


def _move(step: Step) -> Move:
    return Move(step[0], step[1], step[2], step[3])


class Turn(Generic[B]):
    """The play of one roll, built step by step.

    Only single moves that keep a complete legal play reachable are offered; the turn is complete
    when the moves made form one of the legal plays (for a pass: at once).
    """

    def __init__(
        self, rules: MoveRules[B, Any], position: B, dice: tuple[int, int], *, minimize_waste: bool = False
    ) -> None:
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

    def _find(self, position: B, dice: tuple[int, int], minimize_waste: bool) -> list[tuple[State, Play[B]]]:
        """``(final state, play)`` for every legal play; a game with a faster generator of its
        own overrides this."""
        return _found_plays(self.rules, position, dice, minimize_waste)

    # --- state ------------------------------------------------------------------------------

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(_move(s) for s in self._done)

    @property
    def current(self) -> B:
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

    def play(self) -> Play[B]:
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
            raise IllegalMove(f"{point_name(start)}/{point_name(end)} is not a legal move with {dice} to play")
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
