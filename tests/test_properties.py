"""Properties of the Portes engine on random positions, against a brute-force generator.

Positions are reached by random play from the start (a seeded ``random.Random`` drawn by
hypothesis from a seed), plus positions with the checkers scattered at random (bar and bearing
off included) and positions of a few checkers against many closed points (where only one die,
or part of a double, can be played). For each, with random dice:

* fifteen checkers a side, on the board or borne off, before and after every play;
* the plays are exactly the results of the brute force below (every order of the dice, every
  checker, no cleverness): the most dice possible, the larger die when only one can be played;
* the results are distinct, and each play's steps, replayed one by one, are legal and reach it;
* walking every path of ``Turn.legal_moves`` reaches exactly those results, and never gets stuck;
* ``minimize_waste`` keeps exactly the plays that waste the fewest pips;
* Position IDs round-trip.
"""

from __future__ import annotations

import random
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from tavli.games.portes import CHECKERS, Position, Turn, legal_plays

Board = tuple[tuple[int, ...], tuple[int, ...]]  # (mover, other side), each in its own numbering


# --- brute force, written from the rules alone ----------------------------------------------------


def _move(me: tuple[int, ...], opp: tuple[int, ...], frm: int, die: int) -> Board | None:
    """Move one checker from index ``frm`` (point frm + 1; 24 = the bar) by ``die``, or None."""
    if me[frm] == 0:
        return None
    if me[24] and frm != 24:  # everything on the bar enters first
        return None
    to = frm - die
    mine, theirs = list(me), list(opp)
    mine[frm] -= 1
    if to >= 0:
        blockers = opp[23 - to]  # the same point in the opponent's numbering
        if blockers >= 2:
            return None
        if blockers == 1:  # hit
            theirs[23 - to] = 0
            theirs[24] += 1
        mine[to] += 1
        return tuple(mine), tuple(theirs)
    if any(me[6:]):  # bearing off only with all fifteen home (none out, none on the bar)
        return None
    if to < -1 and any(me[frm + 1:6]):  # a higher die only from the highest point
        return None
    return tuple(mine), opp


def brute_force(position: Position, dice: tuple[int, int]) -> tuple[int, set[Board]]:
    """(dice used, the set of legal results) by trying every permutation of the dice."""
    d1, d2 = dice
    rolled = [d1] * 4 if d1 == d2 else [d1, d2]
    ended: set[tuple[int, int, Board]] = set()  # (dice used, first die, result) of every sequence
    for order in set(permutations(rolled)):
        seen: set[tuple[int, Board]] = set()

        def walk(board: Board, used: int, order: tuple[int, ...] = order,
                 seen: set[tuple[int, Board]] = seen) -> None:
            if (used, board) in seen:
                return
            seen.add((used, board))
            moved = False
            if used < len(order):
                for frm in range(25):
                    after = _move(board[0], board[1], frm, order[used])
                    if after is not None:
                        moved = True
                        walk(after, used + 1)
            if not moved:
                ended.add((used, order[0], board))

        walk((position.player, position.opponent), 0)
    most = max(used for used, _, _ in ended)
    results = {board for used, _, board in ended if used == most}
    if most == 1 and d1 != d2:
        with_larger = {board for used, first, board in ended if used == 1 and first == max(dice)}
        if with_larger:
            results = with_larger
    return most, results


# --- positions -----------------------------------------------------------------------------------


@st.composite
def played_positions(draw) -> Position:
    """A position met in a game of random plays from the start, seeded by hypothesis."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    position = Position.initial()
    for _ in range(rng.randint(0, 250)):
        plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        following = plays[rng.randrange(len(plays))].result
        if sum(following.opponent) == 0:  # the game is over: keep the last position in play
            break
        position = following
    return position


@st.composite
def scattered_positions(draw) -> Position:
    """1..15 checkers a side dropped anywhere (the bar included; often near home), no point shared."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    near_home = rng.random() < 0.6
    mine, theirs = [0] * 25, [0] * 25
    for side, other in ((mine, theirs), (theirs, mine)):
        for _ in range(rng.randint(1, 15)):
            for _ in range(30):
                i = rng.randrange(0, 8) if near_home and rng.random() < 0.8 else rng.randrange(0, 25)
                if i == 24 or not other[23 - i]:
                    side[i] += 1
                    break
    return Position(tuple(mine), tuple(theirs))


@st.composite
def blocked_positions(draw) -> Position:
    """One to three checkers against up to seven closed points: often only one die can be played,
    so the larger-die rule, partial doubles and passes come up."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    mine, theirs = [0] * 25, [0] * 25
    for _ in range(rng.randint(1, 7)):
        theirs[rng.randrange(0, 24)] = 2
    for _ in range(rng.randint(1, 3)):
        for _ in range(30):
            i = rng.randrange(0, 25)
            if i == 24 or not theirs[23 - i]:
                mine[i] += 1
                break
    return Position(tuple(mine), tuple(theirs))


dice_rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


# --- the checks ----------------------------------------------------------------------------------


def _fifteen(position: Position) -> None:
    for side, off in zip((position.player, position.opponent), position.borne_off()):
        assert len(side) == 25 and all(n >= 0 for n in side)
        assert sum(side) + off == CHECKERS and 0 <= off <= CHECKERS


def _waste(play) -> int:
    return sum(m.die - m.start for m in play.steps if m.end == 0)


def check_position(position: Position, dice: tuple[int, int]) -> None:
    _fifteen(position)
    assert Position.from_id(position.position_id()) == position

    plays = legal_plays(position, dice)
    most, expected = brute_force(position, dice)
    results = [(p.result.opponent, p.result.player) for p in plays]

    assert len(set(results)) == len(results), "two plays reach the same position"
    assert set(results) == expected
    for play in plays:
        assert len(play.steps) == most  # every play uses the most dice possible
        assert play.position == position and play.dice == dice
        # The result is a valid Position (it is built without the constructor's checks).
        result = Position(play.result.player, play.result.opponent)
        _fifteen(result)
        assert Position.from_id(result.position_id()) == result
        # Replaying the steps with the brute-force rules gives the result.
        board: Board = (position.player, position.opponent)
        for move in play.steps:
            after = _move(board[0], board[1], move.start - 1, move.die)
            assert after is not None, f"{play}: {move} is not legal"
            assert move.end == max(0, move.start - move.die)
            assert move.hit == (after[1][24] > board[1][24])
            board = after
        assert board == (play.result.opponent, play.result.player)
        # Checkers move, none appears or vanishes: bear-offs leave, hits go to the bar.
        off = sum(1 for m in play.steps if m.end == 0)
        hits = sum(1 for m in play.steps if m.hit)
        assert sum(play.result.opponent) == sum(position.player) - off
        assert sum(play.result.player) == sum(position.opponent)
        assert play.result.player[24] == position.opponent[24] + hits
    if most == 0:
        assert len(plays) == 1 and plays[0].result == position.swap()

    # minimize_waste: exactly the plays of the fewest wasted pips.
    frugal = legal_plays(position, dice, minimize_waste=True)
    least = min(_waste(p) for p in plays)
    assert {p.result for p in frugal} == {p.result for p in plays if _waste(p) == least}


def check_turn(position: Position, dice: tuple[int, int]) -> None:
    """Every path through ``Turn.legal_moves`` ends on a legal play; together they reach all."""
    turn = Turn(position, dice)
    wanted = {p.result for p in legal_plays(position, dice)}
    reached: set[Position] = set()
    visited: set[tuple[Position, tuple[int, ...]]] = set()

    def walk() -> None:
        state = (turn.current, turn.dice_left())
        if state in visited:
            return
        visited.add(state)
        if turn.is_complete():
            play = turn.play()
            assert play.result == Position(turn.current.opponent, turn.current.player)
            reached.add(play.result)
            return
        moves = turn.legal_moves()
        assert moves, "the turn is stuck before a legal play is complete"
        for move in moves:
            turn.apply(move)
            walk()
            assert turn.undo() == move

    walk()
    assert reached == wanted
    assert turn.moves == () and turn.current == position


@settings(max_examples=300, deadline=None)
@given(played_positions(), dice_rolls)
def test_played_positions_match_the_brute_force(position, dice):
    check_position(position, dice)


@settings(max_examples=300, deadline=None)
@given(scattered_positions(), dice_rolls)
def test_scattered_positions_match_the_brute_force(position, dice):
    check_position(position, dice)


@settings(max_examples=300, deadline=None)
@given(blocked_positions(), dice_rolls)
def test_blocked_positions_match_the_brute_force(position, dice):
    check_position(position, dice)


@settings(max_examples=150, deadline=None)
@given(st.one_of(played_positions(), scattered_positions(), blocked_positions()), dice_rolls)
def test_turn_walks_reach_exactly_the_legal_plays(position, dice):
    check_turn(position, dice)


@settings(max_examples=100, deadline=None)
@given(st.one_of(played_positions(), scattered_positions()))
def test_position_ids_round_trip(position):
    text = position.position_id()
    assert len(text) == 14
    assert Position.from_id(text) == position
    assert Position.from_id(position.swap().position_id()) == position.swap()


def test_every_roll_at_the_start_matches_the_brute_force():
    for a in range(1, 7):
        for b in range(1, 7):
            check_position(Position.initial(), (a, b))
