"""The legal plays of Portes as lists of counts: the fast generator (the computer player depends
on its speed) and the single steps that the step-by-step turn uses. tavli.games.portes builds
its Plays and Positions from these results.

The lists hold 25 counts (index ``i`` = the owner's point ``i + 1``, 24 = bar); an index step is
``(from_index, to_index, die, hit)`` with ``to_index == -1`` for bearing off.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import Any, NamedTuple

from .base import OFF, Move

__all__ = ["AS_INDEX_STEPS", "AS_MOVES", "IndexStep", "Result", "StepForm", "apply_step", "sequences", "single_steps"]

IndexStep = tuple[int, int, int, bool]  # (from_index, to_index, die, hit), to_index -1 = off


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
# ``sequences`` gives the same list, in the same order, as a plain depth-first search would: try
# every step of the first die, then every step of the next die from there (for a non-double both
# orders of the dice, the first die given first), keep the sequences that use the most dice (the
# larger die when only one can be used), optionally those that waste the fewest pips, and keep the
# first sequence found for each distinct result. To be quick the common cases (no bear-off, at most
# one checker on the bar) change one pair of lists in place and know which results can repeat, and
# the results are tuples so that they serve at once as keys and as Position fields.

# A result is (player, opponent, steps); the steps are written in the form the caller wants: Moves
# for plays, index steps for ``legal_sequences``, each taken from a shared table (no look-up).
Result = tuple[tuple[int, ...], tuple[int, ...], tuple[Any, ...]]


def sequences(
    player: tuple[int, ...], opponent: tuple[int, ...], dice: tuple[int, int], minimize_waste: bool, form: StepForm
) -> list[Result]:
    """The legal results of ``dice`` for ``player`` on roll against ``opponent`` (see above), the
    steps in ``form``."""
    d1, d2 = dice
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError(f"dice must be 1..6, got {dice}")
    me = list(player)
    opp = list(opponent)
    if d1 == d2:
        chosen = _search_double(me, opp, d1, form)
    else:
        chosen = _search_pair(me, opp, d1, d2, form)
    if not chosen:  # no checker can move: the turn passes
        return [(player, opponent, ())]
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


AS_MOVES = StepForm(
    [[_MOVES[(i, max(i - d, -1), d, False)] for i in range(25)] if d else [] for d in range(7)],
    [[_MOVES[(i, max(i - d, -1), d, True)] for i in range(25)] if d else [] for d in range(7)],
    _moves_of,
    _moves_waste,
)
AS_INDEX_STEPS = StepForm(
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
