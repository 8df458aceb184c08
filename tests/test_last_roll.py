"""The evaluator's exact last roll: the side not on roll bears its last checkers off whatever it
throws, so the side on roll wins only by bearing everything off now and saves the gammon only by
bearing a checker off now (tavli.ai.last_roll)."""

from __future__ import annotations

import pytest

from tavli.ai.evaluator import default_evaluator
from tavli.ai.last_roll import last_roll_probs
from tavli.ai.players import make_player
from tavli.games.portes import Position, legal_plays


def probs(me: dict[int, int], opp: dict[int, int]) -> tuple[float, ...]:
    position = Position.from_points(me, opp)
    return last_roll_probs(position.player, position.opponent)


def test_no_roll_brings_fifteen_checkers_home_and_one_off() -> None:
    assert probs({7: 15}, {1: 1}) == pytest.approx((0, 0, 0, 1, 0))


def test_the_straggler_comes_home_and_a_checker_goes_off_unless_the_roll_is_2_3_or_2_4() -> None:
    # A 1 bears off from the ace point; two dice summing to 7 or more take the straggler off itself.
    # Otherwise the straggler, once home, stands above the ace point and a larger die cannot bear
    # off from there: 2-3 and 2-4 (4 of 36) lose the gammon. Every double saves it.
    assert probs({1: 14, 7: 1}, {1: 2}) == pytest.approx((0, 0, 0, 4 / 36, 0))


def test_from_the_12_point_only_6_1_and_the_doubles_from_3_3_up_save_the_gammon() -> None:
    # 6-1: 12/6 1/off. 6-5 plays 12/7/1 (a 5 cannot bear off from the ace point past the 6);
    # 3-3 to 6-6 bear the straggler off itself; 2-2 ends on the 4 point.
    assert probs({1: 14, 12: 1}, {1: 2}) == pytest.approx((0, 0, 0, 30 / 36, 0))


def test_a_straggler_in_the_winners_home_board_escapes_the_backgammon_on_any_roll() -> None:
    # 5-5 and 6-6 bring it home with a move to spare; every roll takes it out of points 19-24.
    assert probs({1: 14, 20: 1}, {1: 1}) == pytest.approx((0, 0, 0, 34 / 36, 0))


def test_bearing_everything_off_now_wins() -> None:
    # Two checkers on the ace point: every roll bears both off.
    assert probs({1: 2}, {1: 1}) == pytest.approx((1, 0, 0, 0, 0))
    # One on the 6 point and one on the 5: 6-5 (2 of 36) and the doubles from 3-3 up (3-3: 6/3/off
    # 5/2/off), not 2-2: 6 of 36.
    assert probs({6: 1, 5: 1}, {1: 2})[0] == pytest.approx(6 / 36)


def test_the_evaluator_answers_such_positions_exactly() -> None:
    position = Position.from_points({1: 14, 12: 1}, {1: 2})
    assert default_evaluator().probs(position) == pytest.approx((0, 0, 0, 30 / 36, 0))


def test_champion_keeps_a_single_straggler_out_to_save_the_gammon() -> None:
    """A position where Champion's look-ahead once chose 12/8/7 with 4-1 (bench/move_loss.py, seed 1):
    two checkers outside need a double to save the gammon; 8/4 12/11 leaves one, saved by any roll
    with a 5 or a 6 (or 3-3, 4-4) before the other side's last roll."""
    me = {1: 1, 2: 2, 3: 4, 4: 1, 5: 1, 6: 4, 8: 1, 12: 1}
    position = Position.from_points(me, {1: 3, 2: 1})
    plays = legal_plays(position, (4, 1))
    chosen = make_player("champion", seed=1).choose_play(position, (4, 1), plays=plays)
    expected = Position.from_points({1: 1, 2: 2, 3: 4, 4: 2, 5: 1, 6: 4, 11: 1}, {1: 3, 2: 1})
    assert chosen.result == Position(expected.opponent, expected.player)
