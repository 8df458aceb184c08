"""``legal_plays`` (the fast generator of tavli.games.portes) against a plain reference search.

The order of the plays is observable (the AI keeps the first of equal plays, random players pick by
index, saved games replay by index), so the list must be exactly the plain depth-first search's:

* a non-double: every step of the first die (the bar first, then from the highest point down),
  then every step of the second die from there; then the same with the dice the other way round;
  the sequences using both dice kept, else those using one die (only the larger die's if it can be
  played); the first sequence found for each distinct result, in the order found;
* a double: the moves taken in non-increasing order of their start point, as many as possible
  (up to four), the first sequence found for each distinct result;
* ``minimize_waste``: only the plays that waste the fewest pips bearing off;
* no play at all: one empty play (the turn passes).

The corpus is seeded: positions from random games (bar entries with one and with two or more on
the bar, bear-offs, the one-die rules come up), plus positions built to have them more often.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tavli.games.base import Move
from tavli.games.portes import Position, legal_plays, legal_sequences

Sides = tuple[tuple[int, ...], tuple[int, ...]]  # (mover, other), each in its own numbering


# --- the reference, written plainly from the rules ------------------------------------------------


def steps_of(sides: Sides, die: int, start: int = 24) -> list[tuple[Move, Sides]]:
    """Every single move of ``die`` from index ``start`` or below, with the sides it leads to:
    the bar first; bearing off only with all fifteen home, by the exact die or from the highest
    point; a point with two or more opposing checkers is closed; a single one is hit."""
    me, opp = sides
    found: list[tuple[Move, Sides]] = []
    froms = [24] if me[24] else [i for i in range(min(start, 23), -1, -1) if me[i]]
    highest = max((i for i in range(25) if me[i]), default=-1)
    for i in froms:
        t = i - die
        mine, theirs = list(me), list(opp)
        mine[i] -= 1
        if t >= 0:
            if opp[23 - t] >= 2:
                continue
            hit = opp[23 - t] == 1
            if hit:
                theirs[23 - t] = 0
                theirs[24] += 1
            mine[t] += 1
            found.append((Move(i + 1, t + 1, die, hit), (tuple(mine), tuple(theirs))))
        elif highest <= 5 and (t == -1 or i == highest):
            found.append((Move(i + 1, 0, die, False), (tuple(mine), opp)))
    return found


def reference(position: Position, dice: tuple[int, int], minimize_waste: bool = False) -> list[tuple[tuple[Move, ...], Sides]]:
    """(steps, result sides before the swap) for every legal play, in the plain search's order."""
    start: Sides = (position.player, position.opponent)
    d1, d2 = dice
    finals: list[tuple[tuple[Move, ...], Sides]] = []  # every maximal sequence, in search order
    if d1 == d2:
        def walk(sides: Sides, top: int, seq: tuple[Move, ...]) -> None:
            options = steps_of(sides, d1, top) if len(seq) < 4 else []
            if not options:
                finals.append((seq, sides))
            for move, after in options:
                walk(after, move.start - 1, seq + (move,))

        walk(start, 24, ())
    else:
        for first, second in ((d1, d2), (d2, d1)):
            for move1, after1 in steps_of(start, first):
                follow = steps_of(after1, second)
                if not follow:
                    finals.append(((move1,), after1))
                for move2, after2 in follow:
                    finals.append(((move1, move2), after2))
    if not finals:  # no checker can move: the turn passes
        return [((), start)]
    most = max(len(seq) for seq, _ in finals)
    kept = [(seq, sides) for seq, sides in finals if len(seq) == most]
    if most == 1 and d1 != d2 and any(seq[0].die == max(dice) for seq, _ in kept):
        kept = [(seq, sides) for seq, sides in kept if seq[0].die == max(dice)]
    if minimize_waste:
        def waste(seq: tuple[Move, ...]) -> int:
            return sum(m.die - m.start for m in seq if m.end == 0)

        least = min(waste(seq) for seq, _ in kept)
        kept = [(seq, sides) for seq, sides in kept if waste(seq) == least]
    distinct: dict[Sides, tuple[Move, ...]] = {}
    for seq, sides in kept:
        distinct.setdefault(sides, seq)
    return [(seq, sides) for sides, seq in distinct.items()]


# --- the corpus ------------------------------------------------------------------------------------


def kind(position: Position, dice: tuple[int, int]) -> str:
    """The case a position and roll belong to (the generator has a path for each)."""
    me = position.player
    if me[24] >= 2:
        return "bar 2+"
    if me[24] == 1:
        return "bar 1"
    if not any(me[6:24]):
        return "bear-off"
    return "double" if dice[0] == dice[1] else "board"


def game_positions(seed: int, count: int) -> list[tuple[Position, tuple[int, int]]]:
    """``count`` (position, dice) pairs from random games; the play is picked among the plays
    sorted by result, so the corpus does not depend on the generator's order."""
    rng = random.Random(seed)
    cases: list[tuple[Position, tuple[int, int]]] = []
    position = Position.initial()
    while len(cases) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        cases.append((position, dice))
        plays = sorted(legal_plays(position, dice), key=lambda p: p.result.position_id())
        position = rng.choice(plays).result
        if sum(position.opponent) == 0:
            position = Position.initial()
    return cases


def built_positions(seed: int, count: int) -> list[tuple[Position, tuple[int, int]]]:
    """Positions with several checkers on the bar, all home, or a few against a closed board."""
    rng = random.Random(seed)
    cases: list[tuple[Position, tuple[int, int]]] = []
    while len(cases) < count:
        mine, theirs = [0] * 25, [0] * 25
        family = len(cases) % 3
        for _ in range(rng.randint(2, 7)):  # the opponent's closed points and blots
            theirs[rng.choice(range(0, 6) if family == 0 else range(0, 24))] += rng.choice((1, 2, 2))
        mine_count = rng.randint(1, 15)
        for _ in range(mine_count):
            for _ in range(30):
                i = {0: rng.choice((24, 24, rng.randrange(25))), 1: rng.randrange(6), 2: rng.randrange(25)}[family]
                if i == 24 or not theirs[23 - i]:
                    mine[i] += 1
                    break
        for i in range(24):  # the opponent's spare checkers wait on the bar
            theirs[i] = min(theirs[i], 3)
        theirs[24] = max(0, 15 - sum(theirs))
        if sum(theirs) > 15 or not sum(mine):
            continue
        cases.append((Position(tuple(mine), tuple(theirs)), (rng.randint(1, 6), rng.randint(1, 6))))
    return cases


CORPUS = game_positions(17, 1500) + built_positions(1717, 900)


def test_the_corpus_covers_every_case() -> None:
    kinds = Counter(kind(position, dice) for position, dice in CORPUS)
    assert min(kinds[k] for k in ("bar 2+", "bar 1", "bear-off", "double", "board")) >= 50, kinds
    one_die = sum(1 for position, dice in CORPUS if dice[0] != dice[1] and len(legal_plays(position, dice)[0]) == 1)
    passes = sum(1 for position, dice in CORPUS if len(legal_plays(position, dice)[0]) == 0)
    partial_doubles = sum(1 for position, dice in CORPUS if dice[0] == dice[1] and 0 < len(legal_plays(position, dice)[0]) < 4)
    assert one_die >= 20 and passes >= 20 and partial_doubles >= 10, (one_die, passes, partial_doubles)


@pytest.mark.parametrize("minimize_waste", [False, True])
def test_legal_plays_are_the_reference_list_in_its_order(minimize_waste: bool) -> None:
    for position, dice in CORPUS:
        plays = legal_plays(position, dice, minimize_waste=minimize_waste)
        got = [(play.steps, (play.result.opponent, play.result.player)) for play in plays]
        assert got == reference(position, dice, minimize_waste), (position.position_id(), dice)
        for play in plays:
            assert play.position is position and play.dice == dice
            assert type(play.result) is Position and play.result == Position(play.result.player, play.result.opponent)


@pytest.mark.parametrize("minimize_waste", [False, True])
def test_legal_sequences_are_the_reference_list_in_index_steps(minimize_waste: bool) -> None:
    """``legal_sequences`` (the look-ahead's generator): the same list, the sides as lists, the
    steps as index steps ``(from_index, to_index, die, hit)`` (to_index -1: borne off)."""
    for position, dice in CORPUS[::3]:
        expected = [
            (list(mover), list(other), tuple((m.start - 1, m.end - 1, m.die, m.hit) for m in seq))
            for seq, (mover, other) in reference(position, dice, minimize_waste)
        ]
        assert legal_sequences(position, dice, minimize_waste=minimize_waste) == expected, (position.position_id(), dice)
