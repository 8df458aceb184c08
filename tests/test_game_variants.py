"""Game plays Plakoto and Fevga with the same actions as Portes (issue 7)."""

from __future__ import annotations

import pytest

from tavli import FixedDice, Outcome, Position
from tavli.game import Game, GameError
from tavli.games.base import GameResult, Termination
from tavli.games.fevga import FevgaPosition
from tavli.games.plakoto import PlakotoPosition

P = PlakotoPosition.from_points
F = FevgaPosition.from_points


def test_portes_is_the_default_and_plays_the_opening_dice():
    game = Game(FixedDice([3, 5]))
    assert game.variant == "portes" and game.play_opening
    assert game.opening_roll() == (3, 5)
    assert game.phase == "move" and game.on_roll == 1 and game.dice == (5, 3)


@pytest.mark.parametrize("name, kind", [("plakoto", PlakotoPosition), ("fevga", FevgaPosition)])
def test_plakoto_and_fevga_winner_of_the_opening_roll_rolls_both_dice(name, kind):
    game = Game(FixedDice([2, 2, 6, 1, 4, 4]), variant=name)
    assert game.variant == name and not game.play_opening
    assert game.position == kind.initial()
    assert game.opening_roll() == (6, 1)  # the tie is thrown again
    assert game.opening_rolls == [(2, 2), (6, 1)]
    assert game.phase == "roll" and game.on_roll == 0 and game.dice is None
    assert game.roll() == (4, 4)
    assert game.phase == "move" and game.turn is not None
    play = game.turn.plays[0]
    game.play(play)
    assert game.phase == "roll" and game.on_roll == 1
    assert game.position_for(0) == play.result.swap()
    assert game.record == [(0, (4, 4), play)]


def test_portes_can_be_told_to_roll_afresh_after_the_opening_roll():
    game = Game(FixedDice([1, 4, 6, 6]), play_opening=False)
    game.opening_roll()
    assert game.phase == "roll" and game.on_roll == 1
    assert game.roll() == (6, 6)
    assert isinstance(game.position, Position)


def test_unknown_games_and_options_are_refused():
    with pytest.raises(GameError, match="unknown game"):
        Game(variant="chess")
    with pytest.raises(GameError, match="option"):
        Game(variant="fevga", options={"mother_points": 1})
    with pytest.raises(GameError, match="option"):
        Game(options={"prime": "free"})


def test_step_by_step_moves_and_undo_in_plakoto():
    game = Game(variant="plakoto", position=PlakotoPosition.initial(), on_roll=1)
    game.set_dice((6, 5))
    first = game.move((24, 18))
    assert first.die == 6 and game.board.checkers_at(18) == (1, 0)
    assert game.undo() == first
    game.move((24, 18))
    with pytest.raises(GameError):
        game.end_turn()  # a die remains
    game.move((18, 13))
    game.end_turn()
    assert game.on_roll == 0 and game.phase == "roll"
    assert game.position_for(1).checkers_at(13) == (1, 0)


def test_a_mother_pinned_wins_two_or_the_option():
    pos = P({3: 1, 10: 5}, {24: 1, 13: 14})
    for options, points in (({}, 2), ({"mother_points": 1}, 1)):
        game = Game(variant="plakoto", position=pos, on_roll=1, options=options)
        game.set_dice((2, 1))
        game.play(next(p for p in game.turn.plays if (3, 1) in p.moves))
        assert game.phase == "over"
        assert game.result == GameResult(1, Outcome(points), Termination.MOTHER)
        assert game.result.points == points


def test_both_mothers_pinned_is_a_draw():
    pos = P({3: 1, 24: 1, 13: 5}, {24: 1, 1: 1, 10: 5}, player_pinned={24})
    game = Game(variant="plakoto", position=pos, on_roll=0)
    game.set_dice((2, 1))
    game.play(next(p for p in game.turn.plays if (3, 1) in p.moves))
    assert game.phase == "over"
    assert game.result.is_draw and game.result.winner is None and game.result.outcome is None
    assert game.result.points == 0 and game.result.termination is Termination.DRAW


@pytest.mark.parametrize("make", [P, F])
@pytest.mark.parametrize("left, points", [(14, 1), (15, 2)])
def test_bearing_off_wins_one_or_two(make, left, points):
    game = Game(variant="plakoto" if make is P else "fevga", position=make({1: 1}, {6: left}), on_roll=0)
    game.set_dice((3, 2))
    game.play(game.turn.plays[0])
    assert game.result == GameResult(0, Outcome(points), Termination.BEAR_OFF)
    assert game.position_for(0).borne_off() == (15, 15 - left)


def test_a_blocked_roll_passes_in_fevga():
    # The player's last checker outside home, on his 12, faces the opponent's prime on his 11..6.
    pos = F({12: 1, 1: 14}, {q: 1 for q in range(18, 24)})
    game = Game(variant="fevga", position=pos, on_roll=0)
    game.set_dice((6, 5))
    assert game.must_pass() and game.turn.is_complete()
    game.end_turn()
    assert game.on_roll == 1 and game.position_for(0) == pos
