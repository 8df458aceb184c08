"""bench/cube.py: the parts that need no GNU Backgammon (parsing its cube analysis, the losses, the
cube states drawn, the statistics); the gnubg parts are skipped when the package is missing."""

from __future__ import annotations

import math
import random

import pytest

from tavli.ai.players import AIPlayer
from tavli.games.portes import Position
from tests.scripts import load_script

bc = load_script("bench/cube.py")

MONEY = """
Cube analysis
2-ply cubeless equity +0.076
  0.525 0.150 0.007 - 0.475 0.125 0.005
Cubeful equities:
1. No double           +0.098
2. Double, pass        +1.000  (+0.902)
3. Double, take        -0.171  (-0.269)
Proper cube action: No double, beaver (23.0%)
"""

REDOUBLE = """
Cube analysis
2-ply cubeless equity +0.578
  0.789 0.000 0.000 - 0.211 0.000 0.000
Cubeful equities:
1. Double, pass        +1.000
2. Double, take        +1.030  (+0.030)
3. No redouble         +0.891  (-0.109)
Proper cube action: Redouble, pass
"""

MATCH = """
Cube analysis
2-ply cubeless equity +0.124 (Money: +0.076)
  0.525 0.150 0.007 - 0.475 0.126 0.005
Cubeful equities:
1. No double           +0.024
2. Double, pass        +1.000  (+0.976)
3. Redouble, take      -0.557  (-0.581)
Proper cube action: No double, take (37.3%)
"""

# A race: the side on roll (48 pips) against 57 pips, no gammons: double, pass for money.
RACE = Position((3, 3, 3, 2, 2, 2) + (0,) * 19, (2, 2, 2, 3, 3, 3) + (0,) * 19)


def test_gnubgs_printed_cube_analysis_is_read_in_any_order() -> None:
    assert bc.parse_cube_analysis(MONEY) == bc.Reference(0.098, -0.171, 1.0)
    assert bc.parse_cube_analysis(REDOUBLE) == bc.Reference(0.891, 1.030, 1.0)
    assert bc.parse_cube_analysis(MATCH) == bc.Reference(0.024, -0.557, 1.0)
    assert bc.parse_cube_analysis("You cannot double.\n") is None


def test_decisions_and_losses_follow_the_equities() -> None:
    double_pass = bc.Reference(nd=0.9, dt=1.03, dp=1.0)
    assert double_pass.double and not double_pass.take
    assert double_pass.double_loss(True) == 0.0
    assert double_pass.double_loss(False) == pytest.approx(0.1)
    assert double_pass.take_loss(False) == 0.0
    assert double_pass.take_loss(True) == pytest.approx(0.03)
    too_good = bc.Reference(nd=1.2, dt=1.5, dp=1.0)
    assert not too_good.double and not too_good.take
    assert too_good.double_loss(True) == pytest.approx(0.2)
    no_double_take = bc.parse_cube_analysis(MONEY)
    assert no_double_take is not None and not no_double_take.double and no_double_take.take
    assert no_double_take.double_loss(True) == pytest.approx(0.098 + 0.171)
    assert no_double_take.take_loss(False) == pytest.approx(1.171)


def test_drawn_cube_states_always_leave_the_doubler_a_useful_cube() -> None:
    rng = random.Random(3)
    for kind in bc.KINDS:
        for _ in range(300):
            length, score, value, owned = bc.draw_cube_state(rng, kind)
            if kind == "money":
                assert (length, score) == (0, (0, 0)) and value == (2 if owned else 1)
                continue
            assert length == (5 if kind == "match5" else 7)
            away, opp_away = length - score[0], length - score[1]
            assert away > value and away > 1 and opp_away >= 1  # never the leader at 1-away, nor DMP
            assert value == (2 if owned else 1)


def test_the_takers_view_swaps_the_score_and_the_owner() -> None:
    case = bc.Case(Position.initial(), "match7", 7, (2, 4), 2, True)
    d, t = case.doubler_context(), case.taker_context()
    assert (d.length, d.score, d.cube, d.owner) == (7, (2, 4), 2, "me")
    assert (t.length, t.score, t.cube, t.owner) == (7, (4, 2), 2, "opponent")
    money = bc.Case(Position.initial(), "money", 0, (0, 0), 1, False)
    assert money.doubler_context().money and money.taker_context().owner is None


def test_plausible_window_and_statistics() -> None:
    assert bc.plausible((0.6, 0, 0, 0, 0)) and not bc.plausible((0.5, 0, 0, 0, 0))
    assert not bc.plausible((0.95, 0, 0, 0, 0))
    p, half = bc.share([True, False, True, True])
    assert p == 0.75 and half == pytest.approx(1.96 * math.sqrt(0.75 * 0.25 / 4))
    m, half = bc.mean_ci([1.0, 2.0, 3.0])
    assert m == 2.0 and half == pytest.approx(1.96 / math.sqrt(3))
    assert all(math.isnan(v) for v in bc.share([]) + bc.mean_ci([]))
    tally = bc.Tally.empty()
    tally.add(bc.Reference(0.9, 1.03, 1.0), True, True)  # right double, wrong take
    tally.add(bc.Reference(0.9, 1.03, 1.0), False, False)  # wrong double, right pass
    s = tally.summary()
    assert (s["double_agree"], s["take_agree"], s["all_agree"], s["n"]) == (0.5, 0.5, 0.5, 2)
    assert s["all_loss"] == pytest.approx((0.0 + 0.1 + 0.03 + 0.0) / 4)


def test_jacoby_counts_a_gammon_only_once_the_cube_was_turned() -> None:
    assert bc.game_points(2, 1, False) == 1
    assert bc.game_points(2, 2, True) == 4
    assert bc.game_points(3, 1, False, jacoby=False) == 3


def test_a_level_is_asked_from_the_doubler_and_from_the_taker() -> None:
    case = bc.Case(RACE, "money", 0, (0, 0), 1, False)
    assert bc.decide(AIPlayer("expert"), case) == (True, False)  # double, pass (gnubg: 0.79 to win)


def test_gnubg_analyses_the_doubler_on_roll() -> None:
    pytest.importorskip("gnubg")
    gnubg = bc.GnubgCube(0)
    race = gnubg.analyse(bc.Case(RACE, "money", 0, (0, 0), 1, False))
    assert race.double and not race.take
    behind = gnubg.analyse(bc.Case(RACE.swap(), "money", 0, (0, 0), 1, False))
    assert not behind.double and behind.nd < 0.0
    match = gnubg.analyse(bc.Case(RACE, "match5", 5, (1, 3), 1, False))
    assert match.dp == pytest.approx(1.0)  # gnubg's EMG: a pass is worth one point


def test_cubeful_duplicate_games_of_gnubg_against_itself_cancel() -> None:
    pytest.importorskip("gnubg")
    gnubg = bc.GnubgCube(0)
    rng = random.Random(5)
    for _ in range(3):
        rolls = bc.opening_and_rolls(rng)
        count = bc.CubeCount.empty()
        first, second = (bc.play_cubeful_game((None, None), gnubg, rolls, f, count) for f in (0, 1))
        assert first == -second != 0
        assert count.doubles[0] == count.doubles[1] and count.decisions == 0  # no level of ours played
