"""The contact features (tavli.ai.contact_features) on hand-made positions."""

from __future__ import annotations

import random

from tavli.ai import contact_features
from tavli.ai.contact_features import EXTRA_FEATURES, FEATURES, N_EXTRA, extended_features, features
from tavli.games.portes import Position, legal_plays, outcome_of


def _side(**points: int) -> tuple[int, ...]:
    """25 counts from ``p<point>=count`` (point 25: the bar); the rest of the 15 on point 1."""
    side = [0] * 25
    for name, n in points.items():
        side[int(name[1:]) - 1] = n
    side[0] += 15 - sum(side)
    return tuple(side)


def _of(me: tuple[int, ...], opp: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(FEATURES, features(me, opp)[: len(FEATURES)]))


def test_a_blot_six_pips_from_an_attacker_is_hit_by_17_rolls():
    # me's blot on its 10 point is the attacker's 15 point; the attacker's checker on its 21 point.
    me = _side(p10=1)
    opp = _side(p21=1)
    f = _of(me, opp)
    # eleven 6s, 5-1 and 4-2 (two ways each), 3-3 and 2-2; the hit costs me 25 - 10 pips
    assert f["shots"] == 17
    assert f["pip_loss"] == 17 * 15


def test_made_points_block_combination_shots():
    # me holds the attacker's 18 point (me's 7): 3-3 cannot start; 5-1 and 4-2 go round it.
    assert _of(_side(p10=1, p7=2), _side(p21=1))["shots"] == 16
    # and its 19 point (me's 6): 2-2 cannot start either; 4-2 still plays the 4 first.
    assert _of(_side(p10=1, p7=2, p6=2), _side(p21=1))["shots"] == 15


def test_checkers_on_the_bar_must_enter_first():
    # Two on the bar: only an entering checker hits, the blot on me's 3 point is their 22 point.
    me = _side(p3=1)
    f = _of(me, _side(p25=2))
    assert f["shots"] == 11  # any 3
    assert f["pip_loss"] == 11 * 22
    # One on the bar and one on their 23 point; me holds their 24 point, so a 1 cannot enter: any 3
    # (11), or 2-1, 4-1, 5-1, 6-1 entering with the other die and hitting with the 1 from 23 (8);
    # 1-1 cannot enter.
    assert _of(me, _side(p25=1, p23=1))["shots"] == 19


def test_the_other_side_is_described_the_same_way():
    rng = random.Random(4)
    pos = Position.initial()
    for _ in range(300):
        pos = rng.choice(legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))).result
        if outcome_of(pos) is not None:
            pos = Position.initial()
        a, b = features(pos.player, pos.opponent), features(pos.opponent, pos.player)
        assert a[6:] == b[:6] and a[:6] == b[6:]
        assert all(v >= 0 for v in a)


def test_escapes_of_the_rearmost_checker():
    # me's rearmost checker on its 24 point; the other side holds me's 18, 17 and 12 points (6, 7
    # and 12 pips ahead): totals of 6 (5 rolls), 7 (6) and 12 (6-6) are blocked, the rest escape.
    me = _side(p24=1)
    opp = _side(p7=2, p8=2, p13=11)
    assert _of(me, opp)["escapes"] == 24
    assert _of(me, _side())["escapes"] == 36


def test_a_closed_board_contains_and_blocks_entry():
    closed = _side(p1=3, p2=2, p3=2, p4=2, p5=2, p6=2, p13=2)
    f = _of(_side(p25=1), closed)
    assert f["escapes"] == 0 and f["containment"] == 0
    assert f["entry"] == 36
    assert _of(_side(p25=1), _side(p6=2, p13=13))["entry"] == 1
    assert _of(_side(p24=1), closed)["entry"] == 0  # nothing on the bar
    assert _of(_side(p24=1), _side(p22=15))["containment"] == 36  # no wall within 12 pips of me's 16..25


def test_break_contact_counts_the_pips_past_the_rearmost_opponent():
    # The other side's rearmost checker on its 20 point, me's 5; me's checkers on its 10 and 8 points.
    assert _of(_side(p10=2, p8=1), _side(p20=1))["break_contact"] == 2 * 5 + 3


def test_remembered_shots_are_those_of_the_exact_blots_and_attackers():
    contact_features._shots.cache_clear()
    # the same blot and attacker, more of the blot's side's points made: each count is its own
    assert [_of(_side(p10=1, **made), _side(p21=1))["shots"] for made in ({}, {"p7": 2}, {"p7": 2, "p6": 2})] == [17, 16, 15]
    rng = random.Random(5)
    pos = Position.initial()
    seen = []
    while len(seen) < 300:
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        seen.extend((p.result.player, p.result.opponent) for p in plays[:4])
        pos = rng.choice(plays).result
        if outcome_of(pos) is not None:
            pos = Position.initial()
    first = [features(me, opp) for me, opp in seen]  # computed, then partly remembered
    assert [features(me, opp) for me, opp in seen] == first
    for (me, opp), values in zip(seen, first):
        contact_features._shots.cache_clear()
        assert features(me, opp) == values


def test_the_escape_table_counts_each_roll_through_open_points():
    for mask in range(1 << 12):
        expected = 0
        for a in range(1, 7):
            for b in range(1, 7):  # the 36 rolls: the total lands open, and one die's point is open
                if not mask >> (a + b - 1) & 1 and not (mask >> (a - 1) & 1 and mask >> (b - 1) & 1):
                    expected += 1
        assert contact_features._ESCAPES[mask] == expected, mask


def _extra(me: tuple[int, ...], opp: tuple[int, ...]) -> dict[str, int]:
    values = extended_features(me, opp)
    assert values[: 2 * len(FEATURES)] == features(me, opp)
    return dict(zip(EXTRA_FEATURES, values[2 * len(FEATURES):][: len(EXTRA_FEATURES)]))


def test_extended_features_of_the_starting_position():
    start = Position.initial()
    f = _extra(start.player, start.opponent)
    assert (f["back_checker"], f["back_anchor"], f["forward_anchor"]) == (24, 24, 1)  # on the other's 1 point
    assert f["enter2"] == 36 - 5 * 5  # one closed home point: 11 rolls of 36 have a die blocked
    assert f["double_shots"] == 0  # no blots
    # timing: 3 spare on the 13 point (36 pips) and 3 on the 8 point (21), 3 spare on the 6
    # point (15); filling the 5..1 points costs 2 (4 + 3 + 2 + 1 + 0)
    assert f["timing"] == 36 + 21 + 15 - 20


def test_two_blots_in_reach_of_one_checker():
    # me's blots on its 10 and 9 points, 6 and 5 pips from the attacker (its 21 point): 6-5 and 5-1
    # reach both (by some play each), two ways each
    assert _extra(_side(p10=1, p9=1), _side(p21=1))["double_shots"] == 4
    assert _extra(_side(p10=1), _side(p21=1))["double_shots"] == 0


def test_two_blots_in_reach_of_a_checker_entering_from_the_bar():
    # me's blots on its 3 and 5 points, me's 1 point made; one attacker on the bar enters on me's
    # point d with a d. 3-2 and 5-3 hit both (enter on one, or enter and move on); any roll hitting
    # one: 2-1, 3-1, 4-1, 4-3, 5-1, 5-2, 5-4, 6-3, 6-5 and those two (22), 3-3 and 5-5
    f = _of(_side(p3=1, p5=1), _side(p25=1))
    assert f["shots"] == 24
    assert _extra(_side(p3=1, p5=1), _side(p25=1))["double_shots"] == 4


def test_anchors_back_checker_and_moment():
    assert _extra(_side(p20=2, p24=2), _side())["forward_anchor"] == 5  # the other's 5 point, not its 1
    assert _extra(_side(p14=2, p17=2), _side())["forward_anchor"] == 8  # of its 11 and 8 points, the lower
    assert _extra(_side(p15=2), _side())["forward_anchor"] == 10  # outfield: the other's 10 point
    assert _extra(_side(p13=3), _side())["forward_anchor"] == 12  # no anchor there
    f = _extra(_side(p25=1, p20=2), _side())
    assert (f["back_checker"], f["back_anchor"]) == (25, 20)
    # 13 checkers on the 1 point, 2 on the 10: the mean is 2.2, the two behind it lie 7.8 away
    assert _extra(_side(p10=2), _side())["moment2"] == round(7.8 ** 2)


def test_containment_up_to_the_rearmost_checker():
    walls = _side(p7=2, p8=2, p13=11)  # me's 18, 17 and 12 points
    # from me's 23 point totals of 5 (4 rolls), 6 (5) and 11 (2) are blocked, and 5-5 and 6-6 (both
    # dice's points blocked): 23 escape, the fewest of me's 16..24 points (its 24 point: 24)
    assert _extra(_side(p24=1), walls)["a_containment"] == 23
    # from me's 20 point totals of 2, 3 and 8 (1, 2 and 5 rolls), and 3-2, 2-2, 3-3: 24 escape,
    # the fewest of its 16..20 points; the 21..23 points (23 each) are not behind the checker
    assert _extra(_side(p20=1), walls)["a_containment"] == 24
    assert _extra(_side(p15=1), walls)["a_containment"] == 36  # nothing back there
    closed = _side(p1=3, p2=2, p3=2, p4=2, p5=2, p6=2, p13=2)
    f = _extra(_side(p25=1), closed)
    assert f["a_containment"] == 0 and f["enter2"] == 36 and f["mobility"] == 0


def test_the_extended_features_describe_the_other_side_the_same_way():
    rng = random.Random(6)
    pos = Position.initial()
    n = len(FEATURES)
    for _ in range(300):
        pos = rng.choice(legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))).result
        if outcome_of(pos) is not None:
            pos = Position.initial()
        a = extended_features(pos.player, pos.opponent)
        b = extended_features(pos.opponent, pos.player)
        assert len(a) == 2 * (n + N_EXTRA)
        assert a[2 * n: 2 * n + N_EXTRA] == b[2 * n + N_EXTRA:] and b[2 * n: 2 * n + N_EXTRA] == a[2 * n + N_EXTRA:]
        assert all(0 <= v < 1000 for v in a)  # small integers: the packed sums stay exact (evaluator.Net)


def test_remembered_extended_features_are_those_of_the_exact_sides():
    rng = random.Random(8)
    pos = Position.initial()
    seen = []
    while len(seen) < 300:
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        seen.extend((p.result.opponent, p.result.player) for p in plays[:4])  # the replies' side fixed
        pos = rng.choice(plays).result
        if outcome_of(pos) is not None:
            pos = Position.initial()
    first = [extended_features(me, opp) for me, opp in seen]
    for (me, opp), values in zip(seen, first):
        contact_features.clear_memos()
        assert extended_features(me, opp) == values


def test_timing_with_no_opposing_checker_on_the_board():
    # The other side only on the bar: every checker of me's outside its home counts; the bar (24
    # pips) and the 10 point's three (27) less refilling me's 6 and 5 points (10 + 8)
    me = _side(p25=1, p10=3)
    assert _extra(me, (0,) * 24 + (2,))["timing"] == 24 + 27 - 10 - 8
    # The other side's checker on the bar is not its rearmost (unlike gnubg's timing): its rearmost
    # on the board is on me's 24 point, so all three on me's 16 point count (45 pips), less refilling
    # me's 6 point (10); the 5..2 points cannot be refilled with the one spare left
    assert _extra(_side(p16=3), _side(p25=1))["timing"] == 45 - 10
