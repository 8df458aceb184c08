"""A turn played one checker at a time, as the board needs it.

A :class:`Turn` offers only single moves that keep a complete legal play reachable: a first step
that would make every legal play impossible is never offered. Steps can be undone one at a time;
the turn is complete when the moves made form one of the legal plays.
"""

from __future__ import annotations

from .movegen import Move, Play, Step, apply_step, legal_plays, single_steps
from .position import Position


class IllegalMove(ValueError):
    """A checker move that the rules do not allow in this turn."""


class Turn:
    """The play of one roll, built step by step."""

    def __init__(self, position: Position, dice: tuple[int, int], *, minimize_waste: bool = False) -> None:
        self.position = position
        self.dice = (dice[0], dice[1])
        self.plays = legal_plays(position, self.dice, minimize_waste=minimize_waste)
        self._targets = {(p.result.opponent, p.result.player): p for p in self.plays}
        self.length = len(self.plays[0].steps)  # every legal play uses the same number of dice
        # The dice the legal plays use: both (or the double), except when only one die can be played,
        # then only the one the rules pick (the larger when either could be).
        self._dice_used = {move.die for play in self.plays for move in play.steps}
        self._done: list[Step] = []
        self._boards: list[tuple[list[int], list[int]]] = [(list(position.player), list(position.opponent))]
        self._cache: list[Move] | None = None

    # --- state ------------------------------------------------------------------------------

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made so far."""
        return tuple(_move(s) for s in self._done)

    @property
    def current(self) -> Position:
        """The checkers as they stand now, the player on roll still to move."""
        me, opp = self._boards[-1]
        return Position(tuple(me), tuple(opp))

    def dice_left(self) -> tuple[int, ...]:
        """The dice not yet used, largest first."""
        left = list(self.dice) * 2 if self.dice[0] == self.dice[1] else list(self.dice)
        for step in self._done:
            left.remove(step[2])
        return tuple(sorted(left, reverse=True))

    def is_complete(self) -> bool:
        """True when the moves made form a legal play (for a pass: at once)."""
        return len(self._done) == self.length

    def play(self) -> Play:
        """The legal play that the moves made form; only once the turn is complete."""
        if not self.is_complete():
            raise IllegalMove("the turn is not complete: dice remain to be played")
        me, opp = self._boards[-1]
        return self._targets[(tuple(me), tuple(opp))]

    # --- questions for the board ------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every single checker move that can start or continue a legal play."""
        if self._cache is None:
            self._cache = [_move(s) for s in self._legal_steps()]
        return self._cache

    def moves_from(self, point: int) -> list[Move]:
        """Legal single moves of a checker on ``point`` (25 = bar), largest jump first."""
        return sorted((m for m in self.legal_moves() if m.start == point), key=lambda m: -m.die)

    def targets(self, point: int) -> list[int]:
        """Every point (0 = off) a checker on ``point`` can reach with the dice left, one or more
        steps of the same checker, along a path of legal steps."""
        reached: set[int] = set()
        self._reach(point, reached)
        return sorted(reached, reverse=True)

    def path_to(self, start: int, end: int) -> list[Move] | None:
        """The shortest list of legal single steps that carries one checker from ``start`` to
        ``end`` (0 = off), preferring the larger die first; ``None`` if there is none."""
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
        reachable (the smaller one when both do). Raises :class:`IllegalMove` otherwise."""
        legal = self.legal_moves()
        if isinstance(move, Move):
            matching = [m for m in legal if (m.start, m.end, m.die) == (move.start, move.end, move.die)]
        else:
            matching = sorted((m for m in legal if (m.start, m.end) == tuple(move)), key=lambda m: m.die)
        if not matching:
            start, end = (move.start, move.end) if isinstance(move, Move) else move
            raise IllegalMove(f"{_name(start)}/{_name(end)} is not a legal move with {self._dice_text()} to play")
        chosen = matching[0]
        step = (_index(chosen.start), _index(chosen.end), chosen.die, chosen.hit)
        me, opp = self._boards[-1]
        self._boards.append(apply_step(me, opp, step))
        self._done.append(step)
        self._cache = None
        return chosen

    def undo(self) -> Move | None:
        """Take back the last move made; ``None`` when there is none."""
        if not self._done:
            return None
        step = self._done.pop()
        self._boards.pop()
        self._cache = None
        return _move(step)

    def reset(self) -> None:
        """Take back every move of this turn."""
        while self._done:
            self.undo()

    # --- internals --------------------------------------------------------------------------

    def _legal_steps(self) -> list[Step]:
        if self.is_complete():
            return []
        me, opp = self._boards[-1]
        left = self.dice_left()
        steps: list[Step] = []
        for die in sorted(set(left) & self._dice_used, reverse=True):
            rest = list(left)
            rest.remove(die)
            for step in single_steps(me, opp, die):
                me2, opp2 = apply_step(me, opp, step)
                if self._completes(me2, opp2, tuple(rest)):
                    steps.append(step)
        return steps

    def _completes(self, me: list[int], opp: list[int], rest: tuple[int, ...]) -> bool:
        """Whether ``rest`` dice, played from here, can end on one of the legal results."""
        if len(self._done) + 1 + len(rest) < self.length:
            return False
        need = self.length - len(self._done) - 1
        return self._reaches(me, opp, rest, need, 24)

    def _reaches(self, me: list[int], opp: list[int], rest: tuple[int, ...], need: int, start: int) -> bool:
        if need == 0:
            return (tuple(me), tuple(opp)) in self._targets
        double = len(set(rest)) == 1
        orders = [rest] if double else [rest, rest[::-1]]
        for order in orders:
            for step in single_steps(me, opp, order[0], start if double else 24):
                me2, opp2 = apply_step(me, opp, step)
                if self._reaches(me2, opp2, order[1:], need - 1, step[0] if double else 24):
                    return True
        return False

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

    def _dice_text(self) -> str:
        left = self.dice_left()
        return "-".join(str(d) for d in left) if left else "no dice"


def _move(step: Step) -> Move:
    return Move(step[0] + 1, step[1] + 1, step[2], step[3])


def _index(point: int) -> int:
    return point - 1


def _name(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)
