"""Properties of the Plakoto and Fevga engines on positions reached by random play.

* checkers are conserved, the side not moving is untouched (no hitting);
* legal_plays agrees with a brute-force generator written here from the rules (every order of the
  dice, most dice used, the larger die, Fevga's prime rule);
* the step-by-step Turn reaches exactly legal_plays' results and never strands a player;
* Position IDs round-trip.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tavli.games import fevga, plakoto
from tavli.games.fevga import FevgaPosition
from tavli.games.plakoto import PlakotoPosition

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MODULES = {"plakoto": plakoto, "fevga": fevga}
POSITIONS = {plakoto: PlakotoPosition, fevga: FevgaPosition}


def reached(module, seed: int, plies: int):
    """The position after ``plies`` random legal plays from the start (stopping if the game ends)."""
    rng = random.Random(seed)
    pos = POSITIONS[module].initial()
    for _ in range(plies):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        pos = rng.choice(module.legal_plays(pos, dice)).result
        if module.ending(pos) is not None:
            break
    return pos


def _scatter(rng: random.Random, low: int, high: int) -> list[int]:
    side = [0] * 25
    for _ in range(rng.randint(1, 15)):
        side[rng.randint(low, high) - 1] += 1
    return side


def constructed(name: str, seed: int):
    """A random valid position, often in the bear-off, often with pins (Plakoto) or with the
    player's six-point prime right in front of the opponent's checkers (Fevga)."""
    rng = random.Random(seed)
    low_high = rng.choice([(1, 24), (1, 24), (1, 6), (1, 9)])
    me = _scatter(rng, *low_high)
    them = _scatter(rng, *rng.choice([(1, 24), (1, 24), (13, 24)]))
    family = rng.random()
    if name == "fevga" and family < 0.2:  # the first checker out, not yet past the opponent's start
        me = [0] * 25
        me[23] = 14
        me[rng.randint(11, 23) - 1] += 1
    elif name == "fevga" and family < 0.4:  # crowding the starting quarter
        me = [0] * 25
        for _ in range(15):
            me[rng.choice([19, 20, 21, 22, 23, 24, 24, 10, 5]) - 1] += 1
    elif name == "fevga" and family < 0.7:
        top = rng.choice([6, 7, 8, 9, 10, 11, 12, 18])  # the player's run top..top-5
        me = [0] * 25
        for p in range(top - 5, top + 1):
            me[p - 1] = rng.randint(1, 2)
        for _ in range(15 - sum(me)):
            if rng.random() < 0.7:
                me[rng.randint(1, 24) - 1] += 1
        q = fevga.opponent_point(top)  # the opponent's number for the top of the run
        them = [0] * 25
        for _ in range(rng.randint(1, 15)):
            them[min(24, q + rng.randint(1, 3)) - 1] += 1
    if name == "plakoto":
        mine_pinned, theirs_pinned = set(), set()
        for p in range(1, 25):
            q = 25 - p
            if me[p - 1] and them[q - 1]:
                if rng.random() < 0.5:
                    me[p - 1] = 1
                    mine_pinned.add(p)
                else:
                    them[q - 1] = 1
                    theirs_pinned.add(q)
        return PlakotoPosition(tuple(me), tuple(them), frozenset(mine_pinned), frozenset(theirs_pinned))
    for p in range(1, 25):
        q = fevga.opponent_point(p)
        if me[p - 1] and them[q - 1]:
            them[q - 1] = 0
    return FevgaPosition(tuple(me), tuple(them))


def position_of(where):
    """A position of play (in Plakoto, not one where the game is already over)."""
    name, seed, plies = where
    pos = constructed(name, seed) if plies < 0 else reached(MODULES[name], seed, plies)
    assume(name != "plakoto" or plakoto.ending(pos) is None)
    return pos


# plies < 0: a constructed position rather than one reached by play
positions = st.tuples(st.sampled_from(sorted(MODULES)), st.integers(0, 10**6), st.integers(-90, 90))
dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


# --- a brute force written from the rules -----------------------------------------------------------


def plakoto_steps(pos: PlakotoPosition, die: int) -> list[tuple[tuple[int, int, int], PlakotoPosition]]:
    out = []
    me = list(pos.player)
    occupied = [p for p in range(1, 25) if me[p - 1]]
    highest = max(occupied, default=0)
    may_bear = highest <= 6 and not pos.player_pinned
    for p in occupied:
        if p in pos.player_pinned:
            continue
        t = p - die
        if t < 1:
            if not (may_bear and (t == 0 or p == highest)):
                continue
            t = 0
        else:
            mine, theirs = pos.checkers_at(t)
            lone = theirs == 1 and mine == 0
            ours = theirs == 1 and pos.pinned_at(t) == "opponent"
            if not (theirs == 0 or lone or ours):
                continue
        new = me[:]
        new[p - 1] -= 1
        pins = set(pos.opponent_pinned)
        if new[p - 1] == 0:
            pins.discard(25 - p)
        if t:
            new[t - 1] += 1
            if pos.checkers_at(t)[1] == 1 and pos.checkers_at(t)[0] == 0:
                pins.add(25 - t)
        out.append(((p, t, die), PlakotoPosition(tuple(new), pos.opponent, pos.player_pinned, frozenset(pins))))
    return out


def fevga_steps(pos: FevgaPosition, die: int, first_checker: str = "pass") -> list:
    out = []
    me = list(pos.player)
    occupied = [p for p in range(1, 25) if me[p - 1]]
    highest = max(occupied, default=0)
    limit = 11 if first_checker == "pass" else 12
    passed = sum(me) < 15 or any(me[p - 1] for p in range(1, limit + 1))
    for p in occupied:
        if p == 24 and me[23] < 15 and not passed:
            continue
        t = p - die
        if t < 1:
            if not (highest <= 6 and (t == 0 or p == highest)):
                continue
            t = 0
        elif pos.checkers_at(t)[1]:
            continue
        new = me[:]
        new[p - 1] -= 1
        if t:
            new[t - 1] += 1
        if all(new[18:24]):
            continue
        out.append(((p, t, die), FevgaPosition(tuple(new), pos.opponent)))
    return out


def brute_results(name: str, pos, roll: tuple[int, int]) -> set:
    steps = plakoto_steps if name == "plakoto" else fevga_steps
    orders = [(roll[0],) * 4] if roll[0] == roll[1] else [roll, roll[::-1]]
    finals: list[tuple[object, tuple]] = []

    ended: set = set()  # Plakoto: the game is over at a step (a mother pinned): the play stops

    def walk(position, rest, seq):
        if name == "plakoto" and seq and plakoto.ending(position) is not None:
            ended.add(position)
            finals.append((position, seq))
            return
        options = steps(position, rest[0]) if rest else []
        if not options:
            finals.append((position, seq))
        for step, after in options:
            walk(after, rest[1:], seq + (step,))

    for order in orders:
        walk(pos, order, ())

    def used(final):  # a play that ends the game counts as using every die
        return len(orders[0]) if final[0] in ended else len(final[1])

    most = max(map(used, finals))
    kept = [(p, seq) for p, seq in finals if used((p, seq)) == most]
    if most == 1 and roll[0] != roll[1]:
        high = [(p, seq) for p, seq in kept if seq[0][2] == max(roll)]
        kept = high or kept
    results = {p.swap() for p, _ in kept}
    if name == "fevga":
        def stuck(result):
            return sum(result.player) > 0 and not any(fevga_steps(result, d) for d in range(1, 7))

        open_ = {r for r in results if not stuck(r)}
        results = open_ or results
    return results


# --- properties ---------------------------------------------------------------------------------------


@SETTINGS
@given(positions, dice)
def test_legal_plays_match_the_brute_force_and_conserve_checkers(where, roll):
    name = where[0]
    module = MODULES[name]
    pos = position_of(where)
    plays = module.legal_plays(pos, roll)
    results = [p.result for p in plays]
    assert len(set(results)) == len(results), "one play per distinct result"
    assert set(results) == brute_results(name, pos, roll)
    lengths = {len(p) for p in plays if name != "plakoto" or plakoto.ending(p.result) is None}
    assert len(lengths) <= 1  # every play the same length, but one that ends the game
    for play in plays:
        after = play.result
        assert after.opponent[24] == 0 and after.player[24] == 0
        assert after.player == pos.opponent  # no hitting: the other side's checkers stay put
        assert sum(after.opponent) == sum(pos.player) - sum(1 for m in play.moves if m[1] == 0)
        assert sorted(play.dice) == sorted(roll)
        dice_used = sorted(m.die for m in play.steps)
        pool = [roll[0]] * 4 if roll[0] == roll[1] else list(roll)
        for d in dice_used:
            pool.remove(d)
        for m in play.steps:
            assert 1 <= m.start <= 24 and 0 <= m.end < m.start and m.start - m.end <= m.die
        if name == "plakoto":
            # pins only ever change on the mover's side of the ledger: his own pinned checkers stay
            assert after.opponent_pinned == pos.player_pinned


@SETTINGS
@given(positions, dice)
def test_turn_reaches_exactly_the_legal_results(where, roll):
    name = where[0]
    module = MODULES[name]
    pos = position_of(where)
    expected = {p.result for p in module.legal_plays(pos, roll)}
    turn = module.Turn(pos, roll)
    found = set()

    def explore():
        if turn.is_complete():
            assert not turn.legal_moves()
            found.add(turn.play().result)
            return
        moves = turn.legal_moves()
        assert moves, "a partial turn with no way on"
        for move in moves:
            turn.apply(move)
            explore()
            turn.undo()

    explore()
    assert found == expected
    assert turn.current == pos


@SETTINGS
@given(positions)
def test_position_ids_round_trip(where):
    name = where[0]
    pos = position_of(where)
    kind = type(pos)
    for p in (pos, pos.swap()):
        text = p.position_id()
        assert len(text) == (16 if name == "plakoto" else 14)
        assert kind.from_id(text) == p


def test_random_games_end_with_a_valid_result():
    for module in (plakoto, fevga):
        rng = random.Random(7)
        for _ in range(3):
            pos = POSITIONS[module].initial()
            for _ in range(3000):
                pos = rng.choice(module.legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))).result
                ending = module.ending(pos)
                if ending is not None:
                    assert ending.points in (0, 1, 2)
                    assert (ending.winner is None) == (ending.points == 0)
                    break
            else:
                raise AssertionError("a random game did not end")


def test_registry_wraps_portes_too():
    from tavli.games.base import GameResult, Outcome, Side, Termination
    from tavli.games.portes import Position
    from tavli.games.registry import NAMES, game_kind

    assert NAMES == ("portes", "plakoto", "fevga")
    portes = game_kind("portes")
    assert portes.initial() == Position.initial()
    assert portes.ending(portes.initial()) is None
    won = Position.from_points({6: 1}, {})  # the side that just moved has borne everything off
    assert portes.ending(won) == GameResult(Side.OPPONENT, Outcome.SINGLE, Termination.BEAR_OFF)
    assert len(portes.legal_plays(portes.initial(), (3, 1))) == len(portes.turn(portes.initial(), (3, 1)).plays)
    for name in NAMES:
        v = game_kind(name)
        start = v.initial()
        assert v.from_id(start.position_id()) == start
    try:
        game_kind("tapa")
    except ValueError as error:
        assert "unknown variant" in str(error)
    else:
        raise AssertionError("tapa is not a variant here")
