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


class IllegalMove(ValueError):
    """A checker move that the rules do not allow in this turn."""


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
    pair = (dice[0], dice[1])
    moves: dict[Step, Move] = {}  # one Move object per distinct step within this call
    plays: list[Play] = []
    for me, opp, seq in _sequences(position, pair, minimize_waste):
        steps = []
        for step in seq:
            move = moves.get(step)
            if move is None:
                f, t, d, h = step
                move = moves[step] = Move(f + 1, t + 1, d, h)
            steps.append(move)
        plays.append(Play(position, pair, tuple(steps), trusted_position(opp, me)))
    return plays


def legal_sequences(
    position: Position, dice: tuple[int, int], *, minimize_waste: bool = False
) -> list[tuple[list[int], list[int], tuple[Step, ...]]]:
    """One ``(player, opponent, steps)`` per distinct legal result, before the sides are swapped."""
    return [(list(me), list(opp), seq) for me, opp, seq in _sequences(position, dice, minimize_waste)]


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


# --- the search -------------------------------------------------------------------------------
#
# ``_sequences`` gives the same list, in the same order, as a plain depth-first search would: try
# every step of the first die, then every step of the next die from there (for a non-double both
# orders of the dice, the first die given first), keep the sequences that use the most dice (the
# larger die when only one can be used), optionally those that waste the fewest pips, and keep the
# first sequence found for each distinct result. To be quick it drops a repeated result as soon as
# it is found, and the results are tuples so that they serve at once as keys and as Position fields.

Result = tuple[tuple[int, ...], tuple[int, ...], tuple[Step, ...]]  # (player, opponent, steps)


def _sequences(position: Position, dice: tuple[int, int], minimize_waste: bool) -> list[Result]:
    d1, d2 = dice
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError(f"dice must be 1..6, got {dice}")
    me = list(position.player)
    opp = list(position.opponent)
    if d1 == d2:
        chosen = _search_double(me, opp, d1)
    else:
        chosen = _search_pair(me, opp, d1, d2)
    if not chosen:  # no checker can move: the turn passes
        return [(position.player, position.opponent, ())]
    if minimize_waste:
        wastes = [_waste(seq) for _, _, seq in chosen]
        least = min(wastes)
        chosen = [entry for entry, w in zip(chosen, wastes) if w == least]
    return chosen


def _search_pair(me: list[int], opp: list[int], d1: int, d2: int) -> list[Result]:
    """The distinct results of playing both dice (either order); failing that, of one die, the
    larger when it can be played."""
    both: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Step, Step]] = {}
    one: list[tuple[list[int], list[int], Step]] = []
    for first, second in ((d1, d2), (d2, d1)):
        for s1 in single_steps(me, opp, first):
            me1, opp1 = apply_step(me, opp, s1)
            follow = single_steps(me1, opp1, second)
            if not follow:
                if not both:
                    one.append((me1, opp1, s1))
                continue
            for s2 in follow:
                me2, opp2 = apply_step(me1, opp1, s2)
                key = (tuple(me2), tuple(opp2))
                if key not in both:
                    both[key] = (s1, s2)
    if both:
        return [(mine, theirs, seq) for (mine, theirs), seq in both.items()]
    if not one:
        return []
    high = max(d1, d2)
    if any(step[2] == high for _, _, step in one):
        one = [entry for entry in one if entry[2][2] == high]
    distinct: dict[tuple[tuple[int, ...], tuple[int, ...]], Step] = {}
    for me1, opp1, step in one:
        distinct.setdefault((tuple(me1), tuple(opp1)), step)
    return [(mine, theirs, (step,)) for (mine, theirs), step in distinct.items()]


def _search_double(me: list[int], opp: list[int], die: int) -> list[Result]:
    """The distinct results of playing ``die`` as many times as possible, up to four.

    Taking the moves in non-increasing order of their start point reaches every result (a move
    never needs a lower checker to have moved first), so each checker set is met far fewer times.
    """
    by_count: list[dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Step, ...]]] = [{}, {}, {}, {}, {}]
    full = by_count[4]

    def walk(me: list[int], opp: list[int], start: int, seq: tuple[Step, ...]) -> None:
        steps = single_steps(me, opp, die, start)
        if not steps:
            if not full:
                by_count[len(seq)].setdefault((tuple(me), tuple(opp)), seq)
            return
        last = len(seq) == 3
        for step in steps:
            me2, opp2 = apply_step(me, opp, step)
            if last:
                key = (tuple(me2), tuple(opp2))
                if key not in full:
                    full[key] = seq + (step,)
            else:
                walk(me2, opp2, step[0], seq + (step,))

    walk(me, opp, 24, ())
    for found in reversed(by_count[1:]):
        if found:
            return [(mine, theirs, seq) for (mine, theirs), seq in found.items()]
    return []


def trusted_position(player: tuple[int, ...], opponent: tuple[int, ...]) -> Position:
    """A Position made without ``__post_init__``'s checks: legal steps from a valid position
    always reach a valid one, and the checks cost more than the whole search."""
    position = _new(Position)
    _set(position, "player", player)
    _set(position, "opponent", opponent)
    return position


_new = object.__new__
_set = object.__setattr__


def _waste(seq: tuple[Step, ...]) -> int:
    return sum(die - (i + 1) for i, t, die, _ in seq if t == -1)


def _point_name(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)
