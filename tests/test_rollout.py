"""tools/train/rollout.py: cubeless rollouts, checked against the bear-off database's exact odds."""

from __future__ import annotations

import random

import pytest

from tavli.ai import bearoff
from tavli.games.portes import Position
from tools.train.rollout import FIRST_ROLLS, play_out, rollout

POINTS = 25


def board(home: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(home) + (0,) * (POINTS - len(home))


def fewest_rolls(position, plays):
    """The bear-off database's play: the one that leaves the mover the fewest rolls to go."""
    return min(plays, key=lambda p: bearoff.expected_rolls(tuple(p.result.opponent[:6])))


def first_play(position, plays):
    return plays[0]


RACE = Position(board((1, 1, 0, 1, 0, 1)), board((0, 2, 0, 0, 1, 1)))


def test_a_bear_off_race_rolls_out_to_the_databases_odds():
    exact = bearoff.race_probs(RACE.player, RACE.opponent)
    done = rollout(RACE, fewest_rolls, trials=3600, seed=3)
    assert done.trials == 3600
    win_se = done.equity_se / 2  # no gammons: equity = 2 win - 1
    assert done.probs[0] == pytest.approx(exact[0], abs=4 * win_se + 1e-3)
    assert done.probs[1:] == (0.0, 0.0, 0.0, 0.0)  # four checkers a side: no gammon


def test_the_same_seed_gives_the_same_rollout_and_another_seed_another():
    a = rollout(RACE, fewest_rolls, trials=72, seed=5)
    assert rollout(RACE, fewest_rolls, trials=72, seed=5) == a
    assert rollout(RACE, fewest_rolls, trials=72, seed=6) != a


def test_each_run_of_36_trials_opens_with_every_roll_once():
    assert sorted(FIRST_ROLLS) == [(a, b) for a in range(1, 7) for b in range(1, 7)]


def test_a_won_game_is_counted_for_the_side_that_won_it():
    # The side on roll bears off its last checker with any roll: a win, a gammon with the
    # opponent's fifteen still on the board, a backgammon with one of them in the winner's home.
    last = Position(board((1,)), board((0,) * 12 + (15,)))
    assert play_out(last, (6, 5), fewest_rolls, None) == (1.0, 1.0, 0.0, 0.0, 0.0)
    back = Position(board((1,)), board((0,) * 12 + (14,) + (0,) * 6 + (1,)))
    assert play_out(back, (6, 5), fewest_rolls, None) == (1.0, 1.0, 1.0, 0.0, 0.0)
    # The other side wins: the side on roll cannot finish, its opponent then bears off its last.
    slow = Position(board((0,) * 5 + (2,) + (0,) * 6 + (13,)), board((1,)))
    assert play_out(slow, (2, 1), fewest_rolls, random.Random(1)) == (0.0, 0.0, 0.0, 1.0, 0.0)


def test_a_truncated_trial_takes_the_evaluators_odds_for_the_side_on_roll():
    seen = (0.3, 0.1, 0.0, 0.2, 0.05)  # for the side on roll after the first ply: the root's opponent
    p = play_out(Position.initial(), (3, 1), first_play, None, truncate=1, evaluate=lambda _: seen)
    assert p == (0.7, 0.2, 0.05, 0.1, 0.0)


def test_a_rollout_refuses_what_it_cannot_do():
    with pytest.raises(ValueError):
        rollout(RACE, fewest_rolls, trials=1)
    with pytest.raises(ValueError):
        rollout(RACE, fewest_rolls, trials=36, truncate=4)
