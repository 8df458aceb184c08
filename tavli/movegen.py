"""Legal plays for a roll in Portes (standard backgammon).

The rules, as GNU Backgammon applies them:

* A checker moves exactly the number on a die toward its home, onto an empty point, a point of its
  own, or a point with a single opposing checker (a blot), which is hit and goes to the bar. Two or
  more opposing checkers close a point.
* Checkers on the bar must all enter (on point ``25 - die``) before any other checker moves.
* Bearing off is allowed only when all fifteen checkers are home (points 1..6): with the exact die,
  or with a higher die from the highest occupied point.
* Both dice must be played if any sequence allows it, in either order; doubles are played four
  times, as many as possible. If only one die can be played, the larger must be played when either
  could be.
* Optional ``minimize_waste`` (seed 003): among the plays that use the most dice, only those that
  waste the fewest pips bearing off are legal (waste = die minus the distance borne off).

Internally a side is a list of 25 counts (index ``i`` = the owner's point ``i + 1``, 24 = bar); a
move is ``(from_index, to_index, die, hit)`` with ``to_index == -1`` for bearing off.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .position import Position

Step = tuple[int, int, int, bool]  # (from_index, to_index, die, hit)


@dataclass(frozen=True, slots=True)
class Move:
    """One checker moved by one die: ``start``/``end`` are points in the mover's numbering
    (25 = bar, 0 = off)."""

    start: int
    end: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{_point_name(self.start)}/{_point_name(self.end)}{'*' if self.hit else ''}"


@dataclass(frozen=True, slots=True)
class Play:
    """A complete legal play for a roll: the checker moves in order and the position they reach."""

    position: Position
    dice: tuple[int, int]
    steps: tuple[Move, ...]
    result: Position = field(compare=False)

    @property
    def moves(self) -> tuple[tuple[int, int], ...]:
        """``(from, to)`` pairs in the mover's numbering, 25 = bar, 0 = off."""
        return tuple((m.start, m.end) for m in self.steps)

    def __str__(self) -> str:
        from .notation import format_play

        return format_play(self.position, self.moves)

    def __len__(self) -> int:
        return len(self.steps)


def legal_plays(position: Position, dice: tuple[int, int], *, minimize_waste: bool = False) -> list[Play]:
    """Every legal play of ``dice`` in ``position``, one per distinct resulting position.

    When no checker can move the list holds a single empty play (the turn passes); its ``result``
    is the same checkers with the opponent on roll.
    """
    sequences = legal_sequences(position, dice, minimize_waste=minimize_waste)
    plays: list[Play] = []
    for me, opp, seq in sequences:
        steps = tuple(Move(_to_point(f), _to_point(t), d, h) for f, t, d, h in seq)
        plays.append(Play(position, (dice[0], dice[1]), steps, Position(tuple(opp), tuple(me))))
    return plays


def legal_sequences(
    position: Position, dice: tuple[int, int], *, minimize_waste: bool = False
) -> list[tuple[list[int], list[int], tuple[Step, ...]]]:
    """One ``(player, opponent, steps)`` per distinct legal result, before the sides are swapped."""
    d1, d2 = dice
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError(f"dice must be 1..6, got {dice}")
    me = list(position.player)
    opp = list(position.opponent)
    found: list[tuple[list[int], list[int], tuple[Step, ...]]] = []
    if d1 == d2:
        _search(me, opp, (d1,) * 4, 24, (), found, True)
    else:
        _search(me, opp, (d1, d2), 24, (), found, False)
        _search(me, opp, (d2, d1), 24, (), found, False)
    most = max(len(seq) for _, _, seq in found)
    chosen = [entry for entry in found if len(entry[2]) == most]
    if most == 1 and d1 != d2:
        high = max(d1, d2)
        with_high = [entry for entry in chosen if entry[2][0][2] == high]
        if with_high:
            chosen = with_high
    if minimize_waste and most:
        wastes = [_waste(seq) for _, _, seq in chosen]
        least = min(wastes)
        chosen = [entry for entry, w in zip(chosen, wastes) if w == least]
    distinct: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[list[int], list[int], tuple[Step, ...]]] = {}
    for entry in chosen:
        key = (tuple(entry[0]), tuple(entry[1]))
        if key not in distinct:
            distinct[key] = entry
    return list(distinct.values())


def single_steps(me: list[int], opp: list[int], die: int, start: int = 24) -> list[Step]:
    """Every legal single checker move by ``die`` from index ``start`` or below."""
    if me[24]:
        t = 24 - die
        if opp[23 - t] >= 2:
            return []
        return [(24, t, die, opp[23 - t] == 1)]
    steps: list[Step] = []
    highest = 23
    while highest >= 0 and not me[highest]:
        highest -= 1
    home = highest <= 5
    for i in range(min(start, highest), -1, -1):
        if not me[i]:
            continue
        t = i - die
        if t >= 0:
            o = opp[23 - t]
            if o < 2:
                steps.append((i, t, die, o == 1))
        elif home and (t == -1 or i == highest):
            steps.append((i, -1, die, False))
    return steps


def apply_step(me: list[int], opp: list[int], step: Step) -> tuple[list[int], list[int]]:
    """New lists with ``step`` made; the inputs are not changed."""
    i, t, _, hit = step
    me2 = me[:]
    me2[i] -= 1
    if t >= 0:
        me2[t] += 1
        if hit:
            opp2 = opp[:]
            opp2[23 - t] = 0
            opp2[24] += 1
            return me2, opp2
    return me2, opp


def _search(
    me: list[int],
    opp: list[int],
    dice: tuple[int, ...],
    start: int,
    seq: tuple[Step, ...],
    out: list,
    double: bool,
) -> None:
    steps = single_steps(me, opp, dice[0], start)
    if not steps:
        out.append((me, opp, seq))
        return
    rest = dice[1:]
    for step in steps:
        me2, opp2 = apply_step(me, opp, step)
        if rest:
            # With doubles, taking moves in non-increasing order of their start point reaches every
            # result once the permutations are set aside.
            _search(me2, opp2, rest, step[0] if double else 24, seq + (step,), out, double)
        else:
            out.append((me2, opp2, seq + (step,)))


def _waste(seq: tuple[Step, ...]) -> int:
    return sum(die - (i + 1) for i, t, die, _ in seq if t == -1)


def _to_point(index: int) -> int:
    return index + 1  # 24 -> 25 (bar), -1 -> 0 (off)


def _point_name(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)
