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

Internally the generator works on lists of 25 counts (index ``i`` = the owner's point ``i + 1``,
24 = bar) and index steps ``(from_index, to_index, die, hit)`` with ``to_index == -1`` for bearing
off.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..codec import decode_bits, encode_bits
from . import turn
from .base import (
    BAR,
    CHECKERS,
    OFF,
    POINTS,
    BoardBase,
    GameResult,
    Move,
    Outcome,
    Play,
    Side,
    Step,
    mirrored,
    read_sides,
    sides_bits,
)
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

IndexStep = tuple[int, int, int, bool]  # (from_index, to_index, die, hit), to_index -1 = off
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
    return _plays(position, pair, _sequences(position, pair, minimize_waste, _AS_MOVES))


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
    found = _sequences(position, dice, minimize_waste, _AS_INDEX_STEPS)
    return [(list(me), list(opp), steps) for me, opp, steps in found]


def single_steps(me: list[int], opp: list[int], die: int, start: int = 24) -> list[IndexStep]:
    """Every legal single checker move by ``die`` from index ``start`` or below."""
    if me[24]:
        t = 24 - die
        if opp[23 - t] >= 2:
            return []
        return [(24, t, die, opp[23 - t] == 1)]
    steps: list[IndexStep] = []
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


def apply_step(me: list[int], opp: list[int], step: IndexStep) -> tuple[list[int], list[int]]:
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
# first sequence found for each distinct result. To be quick the common cases (no bear-off, at most
# one checker on the bar) change one pair of lists in place and know which results can repeat, and
# the results are tuples so that they serve at once as keys and as Position fields.

# A result is (player, opponent, steps); the steps are written in the form the caller wants: Moves
# for plays, index steps for ``legal_sequences``, each taken from a shared table (no look-up).
Result = tuple[tuple[int, ...], tuple[int, ...], tuple[Any, ...]]


def _sequences(position: Position, dice: tuple[int, int], minimize_waste: bool, form: StepForm) -> list[Result]:
    """The legal results of ``dice`` in ``position`` (see above), the steps in ``form``."""
    d1, d2 = dice
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError(f"dice must be 1..6, got {dice}")
    me = list(position.player)
    opp = list(position.opponent)
    if d1 == d2:
        chosen = _search_double(me, opp, d1, form)
    else:
        chosen = _search_pair(me, opp, d1, d2, form)
    if not chosen:  # no checker can move: the turn passes
        return [(position.player, position.opponent, ())]
    if minimize_waste:
        wastes = [form.waste(steps) for _, _, steps in chosen]
        least = min(wastes)
        chosen = [entry for entry, w in zip(chosen, wastes) if w == least]
    return chosen


def _search_pair(me: list[int], opp: list[int], d1: int, d2: int, form: StepForm) -> list[Result]:
    """The distinct results of playing both dice (either order); failing that, of one die, the
    larger when it can be played."""
    if me[24] == 1 or (not me[24] and sum(me[6:24]) >= 2):
        found = _search_pair_free(me, opp, d1, d2, form)
        if found:
            return found
    return _search_pair_general(me, opp, d1, d2, form)


# Every index step there can be, each with its Move (the same immutable object for every call).
_MOVES: dict[IndexStep, Move] = {
    (i, t, d, h): Move(i + 1, t + 1, d, h)
    for i in range(25)
    for d in range(1, 7)
    for t in {i - d if i - d >= 0 else -1, -1}
    for h in (False, True)
}
_move_of = _MOVES.__getitem__


class StepForm(NamedTuple):
    """How the search writes a step: ``plain[d][i]`` and ``hit[d][i]`` are the step by die ``d``
    from index ``i`` onto the board without and with a hit (used only where ``i - d >= 0``);
    ``of_index_steps`` writes index steps (from ``single_steps``) in this form; ``waste`` gives the
    pips a play's steps waste bearing off (the die less the distance borne off)."""

    plain: list[list[Any]]
    hit: list[list[Any]]
    of_index_steps: Callable[[tuple[IndexStep, ...]], tuple[Any, ...]]
    waste: Callable[[tuple[Any, ...]], int]


def _moves_of(steps: tuple[IndexStep, ...]) -> tuple[Move, ...]:
    """The Moves of index steps."""
    return tuple(map(_move_of, steps))


def _moves_waste(moves: tuple[Move, ...]) -> int:
    """The pips wasted bearing off: the die less the point borne off from."""
    return sum(move.die - move.start for move in moves if move.end == OFF)


def _same_steps(steps: tuple[IndexStep, ...]) -> tuple[IndexStep, ...]:
    """Index steps as they are."""
    return steps


def _index_steps_waste(steps: tuple[IndexStep, ...]) -> int:
    """``_moves_waste`` of index steps."""
    return sum(die - (i + 1) for i, t, die, _ in steps if t == -1)


_AS_MOVES = StepForm(
    [[_MOVES[(i, max(i - d, -1), d, False)] for i in range(25)] if d else [] for d in range(7)],
    [[_MOVES[(i, max(i - d, -1), d, True)] for i in range(25)] if d else [] for d in range(7)],
    _moves_of,
    _moves_waste,
)
_AS_INDEX_STEPS = StepForm(
    [[(i, i - d, d, False) for i in range(25)] for d in range(7)],
    [[(i, i - d, d, True) for i in range(25)] for d in range(7)],
    _same_steps,
    _index_steps_waste,
)


def _search_pair_free(me: list[int], opp: list[int], d1: int, d2: int, form: StepForm) -> list[Result]:
    """``_search_pair`` when none can bear off (two or more are outside the home board, so one
    step cannot bring them all home) and at most one checker is on the bar (it enters first, then
    any checker moves; the one entered is outside the home board): both dice's single steps are
    then found once, and each first step changes the second's only at the two points it touches
    (the point left may empty, the point reached may hold a new mover; a hit does not change
    where a checker may land). Gives the same list as ``_search_pair_general``; an empty list when
    no play uses both dice (that case is left to ``_search_pair_general``).

    Which results repeat is known without comparing positions. Two different checkers moved
    (neither landing where the other started) change four points or fewer in a way that gives
    the two moves back, so with the dice in the given order each such result is new; with the
    dice the other way round and none on the bar the same two moves were legal in the given order
    (their result is found already), and with a checker on the bar the entering move differs. Only
    "one checker from X to X - d1 - d2" is met more than once: one checker moved twice (via
    X - d1 or via X - d2), or a checker on X - d2 moved on by d1 and one from X filling its point
    by d2; these are the same result unless a blot was hit on the way (at X - d1 or X - d2), so
    only they are looked up, by (X, the point of that hit)."""
    theirs = opp[23::-1]  # theirs[t]: the opponent's checkers on the player's index t
    occupied = [i for i in range(23, -1, -1) if me[i]]
    movers = [24] if me[24] else occupied  # a checker on the bar enters first
    opp_tuple = tuple(opp)
    m = me[:]  # the player's and the opponent's checkers, changed in place and put back
    o = opp[:]
    found: list[Result] = []
    append = found.append
    through: set[int] = set()  # X * 32 + 1 + the point hit on the way (0: none) of one checker's X to X - d1 - d2
    for first, second in ((d1, d2), (d2, d1)):
        chains_only = first == d2 and not me[24]  # see the docstring: only a checker moved twice is new
        plain1, hits1 = form.plain[first], form.hit[first]
        plain2, hits2 = form.plain[second], form.hit[second]
        sources2 = [i for i in occupied if i >= second and theirs[i - second] < 2]
        lower2 = [-i for i in sources2]  # ascending, for bisect
        for i in movers:
            t = i - first
            if t < 0 or theirs[t] >= 2:
                continue
            hit = theirs[t] == 1
            if chains_only:
                if t < second or theirs[t - second] >= 2:
                    continue
                follow = [t]
            else:
                follow = sources2
                if me[t] == 0 and t >= second and theirs[t - second] < 2:  # a new mover at t
                    follow = follow[:]
                    follow.insert(bisect_left(lower2, -t), t)
                if me[i] == 1 and i in follow:  # the last checker of point i has left
                    follow = follow[:]
                    follow.remove(i)
            if hit:
                step1 = hits1[i]
                o[23 - t] = 0
                o[24] += 1
                o_first = tuple(o)
            else:
                step1 = plain1[i]
                o_first = opp_tuple
            m[i] -= 1
            m[t] += 1
            for j in follow:
                u = j - second
                if j == t or u == i:  # one checker's X to X - d1 - d2: moved twice, or a fill
                    key = (i * 32 + (t + 1 if hit else 0)) if j == t else j * 32
                    if key in through:
                        continue
                    through.add(key)
                m[j] -= 1
                m[u] += 1
                if u != t and theirs[u] == 1:  # the second move hits
                    o[23 - u] = 0
                    o[24] += 1
                    append((tuple(m), tuple(o), (step1, hits2[j])))
                    o[23 - u] = 1
                    o[24] -= 1
                else:
                    append((tuple(m), o_first, (step1, plain2[j])))
                m[j] += 1
                m[u] -= 1
            m[i] += 1
            m[t] -= 1
            if hit:
                o[23 - t] = 1
                o[24] -= 1
    return found


def _search_pair_general(me: list[int], opp: list[int], d1: int, d2: int, form: StepForm) -> list[Result]:
    """``_search_pair`` for any position: every step of the first die, then of the second. A
    result without a hit is known by the player's checkers alone (the opponent's are unchanged)."""
    both: dict[Any, Result] = {}
    one: list[tuple[list[int], list[int], IndexStep]] = []
    opp_tuple = tuple(opp)
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
                mine = tuple(me2)
                if opp2 is opp:
                    if mine not in both:
                        both[mine] = (mine, opp_tuple, (s1, s2))
                else:
                    theirs = tuple(opp2)
                    if (mine, theirs) not in both:
                        both[(mine, theirs)] = (mine, theirs, (s1, s2))
    if both:
        return [(mine, theirs, form.of_index_steps(seq)) for mine, theirs, seq in both.values()]
    if not one:
        return []
    high = max(d1, d2)
    if any(step[2] == high for _, _, step in one):
        one = [entry for entry in one if entry[2][2] == high]
    distinct: dict[tuple[tuple[int, ...], tuple[int, ...]], IndexStep] = {}
    for me1, opp1, step in one:
        distinct.setdefault((tuple(me1), tuple(opp1)), step)
    return [(mine, theirs, form.of_index_steps((step,))) for (mine, theirs), step in distinct.items()]


def _search_double(me: list[int], opp: list[int], die: int, form: StepForm) -> list[Result]:
    """The distinct results of playing ``die`` as many times as possible, up to four.

    Taking the moves in non-increasing order of their start point reaches every result (a move
    never needs a lower checker to have moved first), so each checker set is met far fewer times.
    """
    if me[24] <= 1 and me[24] + sum(me[6:24]) >= 4:
        return _search_double_free(me, opp, die, form)
    return _search_double_general(me, opp, die, form)


def _search_double_free(me: list[int], opp: list[int], die: int, form: StepForm) -> list[Result]:
    """``_search_double`` when at most one checker is on the bar (it enters first) and none can
    bear off (four or more are outside the home board or on the bar).

    Whether a point's checkers can move never changes then (the point ``die`` lower is closed by
    the opponent or not; landing or hitting leaves it open), so the candidates are listed once
    and the walk changes the two sides' lists in place. No result is met twice: the moves taken
    in non-increasing order of their start points are the only order of their set of start
    points, and the result gives that set back (from the highest point down, the checkers that
    left each point, less those that arrived from ``die`` higher). So no result needs a look-up.
    The same list as ``_search_double_general``."""
    theirs = opp[23::-1]
    # The points the walk may move from: the point ``die`` lower open, and a checker there now
    # or brought there by the walk (from ``die`` higher, or entering from the bar).
    holds = me[:]
    if me[24]:
        holds[24 - die] += 1
    movable: list[int] = []
    for i in range(23, die - 1, -1):
        if holds[i] and theirs[i - die] < 2:
            movable.append(i)
            holds[i - die] += 1
    count = len(movable)
    m = me[:]
    o = opp[:]
    plain, hits = form.plain[die], form.hit[die]
    by_count: list[list[Result]] = [[], [], [], [], []]
    full = by_count[4]
    append_full = full.append

    def walk(k: int, o_now: tuple[int, ...], steps: tuple[Any, ...]) -> None:
        """Every move from ``movable[k]`` down, then on from there (the fourth move gives a
        result); a dead end is kept while no result uses four moves."""
        last = len(steps) == 3
        moved = False
        for index in range(k, count):
            i = movable[index]
            if not m[i]:
                continue
            moved = True
            t = i - die
            m[i] -= 1
            m[t] += 1
            if o[23 - t] == 1:  # a hit
                o[23 - t] = 0
                o[24] += 1
                if last:
                    append_full((tuple(m), tuple(o), steps + (hits[i],)))
                else:
                    walk(index, tuple(o), steps + (hits[i],))
                o[23 - t] = 1
                o[24] -= 1
            elif last:
                append_full((tuple(m), o_now, steps + (plain[i],)))
            else:
                walk(index, o_now, steps + (plain[i],))
            m[i] += 1
            m[t] -= 1
        if not moved and not full:
            by_count[len(steps)].append((tuple(m), o_now, steps))

    if m[24]:  # the checker on the bar enters first, then the walk goes on over the board
        t = 24 - die
        if theirs[t] >= 2:
            return []
        m[24] = 0
        m[t] += 1
        if theirs[t] == 1:
            o[23 - t] = 0
            o[24] += 1
            walk(0, tuple(o), (hits[24],))
        else:
            walk(0, tuple(o), (plain[24],))
    else:
        walk(0, tuple(o), ())
    for found in reversed(by_count[1:]):
        if found:
            return found
    return []


def _search_double_general(me: list[int], opp: list[int], die: int, form: StepForm) -> list[Result]:
    """``_search_double`` for any position: a walk over new lists at every step. As in
    ``_search_double_free`` no result is met twice (the bar and bearing off included: the start
    points of the moves, in non-increasing order, are still given back by the result)."""
    by_count: list[list[tuple[tuple[int, ...], tuple[int, ...], tuple[IndexStep, ...]]]] = [[], [], [], [], []]
    full = by_count[4]
    opp_tuple = tuple(opp)

    def sides(me: list[int], theirs: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(me), opp_tuple if theirs is opp else tuple(theirs)

    def walk(me: list[int], theirs: list[int], start: int, seq: tuple[IndexStep, ...]) -> None:
        steps = single_steps(me, theirs, die, start)
        if not steps:
            if not full:
                by_count[len(seq)].append((*sides(me, theirs), seq))
            return
        last = len(seq) == 3
        for step in steps:
            me2, theirs2 = apply_step(me, theirs, step)
            if last:
                full.append((*sides(me2, theirs2), seq + (step,)))
            else:
                walk(me2, theirs2, step[0], seq + (step,))

    walk(me, opp, 24, ())
    for found in reversed(by_count[1:]):
        if found:
            return [(mine, theirs, form.of_index_steps(seq)) for mine, theirs, seq in found]
    return []


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
