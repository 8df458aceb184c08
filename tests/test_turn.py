"""The step-by-step Turn: only steps that keep a legal play reachable, undo, apply by (from, to),
targets, and an illegal move that changes nothing. Also the Game around it."""

from __future__ import annotations

import pytest

from tavli.dice import FixedDice
from tavli.game import Game, GameError
from tavli.games.base import IllegalMove, Move
from tavli.games.portes import Position, Turn, legal_plays

P = Position.from_points


def _moves(turn: Turn) -> set[tuple[int, int, int]]:
    return {(m.start, m.end, m.die) for m in turn.legal_moves()}


def _state(turn: Turn):
    return turn.moves, turn.current, turn.dice_left(), list(turn.legal_moves()), turn.is_complete()


# --- what is offered ---------------------------------------------------------------------------------


def test_opening_31_offers_every_first_step_but_the_closed_point():
    turn = Turn(Position.initial(), (3, 1))
    assert _moves(turn) == {
        (24, 21, 3), (13, 10, 3), (8, 5, 3), (6, 3, 3),
        (24, 23, 1), (8, 7, 1), (6, 5, 1),  # 13/12 is closed
    }
    assert turn.length == 2 and turn.dice_left() == (3, 1)


def test_the_larger_die_rule_hides_the_smaller_die():
    position = P({20: 1}, {16: 2})  # either die alone, never both
    assert position.position_id() == "AIABAABAAAAAAA"
    turn = Turn(position, (6, 5))
    assert turn.legal_moves() == [Move(20, 14, 6)]
    assert turn.length == 1


def test_the_larger_die_rule_when_both_dice_bear_off_the_same_checker():
    position = P({1: 1}, {6: 14})
    turn = Turn(position, (2, 1))
    assert turn.legal_moves() == [Move(1, 0, 2)]  # not also 1/off with the 1
    move = turn.apply((1, 0))
    assert move.die == 2 and turn.is_complete()


def test_a_step_that_leaves_the_other_die_unplayable_is_not_offered():
    position = P({10: 1, 3: 1}, {21: 2})  # my 4 closed
    assert position.position_id() == "AAAwICAAAAAAAA"
    turn = Turn(position, (5, 1))
    # 10/9 is open, but then the 5 has no move (9/4 closed, no bearing off with 9 out).
    assert _moves(turn) == {(10, 5, 5), (3, 2, 1)}
    with pytest.raises(IllegalMove):
        turn.apply((10, 9))
    turn.apply((3, 2))
    assert _moves(turn) == {(10, 5, 5)}
    turn.apply((10, 5))
    assert turn.is_complete() and str(turn.play()) == "10/5 3/2"


def test_a_single_checker_must_use_both_dice_to_bear_off():
    position = P({6: 1}, {1: 2})
    turn = Turn(position, (6, 5))
    assert turn.legal_moves() == [Move(6, 1, 5)]  # 6/off with the 6 would leave the 5 unplayed
    assert turn.targets(6) == [1, 0]
    assert turn.path_to(6, 0) == [Move(6, 1, 5), Move(1, 0, 6)]


def test_partial_doubles_complete_after_two_steps():
    position = P({13: 1, 24: 1}, {5: 2, 24: 2})
    turn = Turn(position, (4, 4))
    assert turn.length == 2
    assert turn.legal_moves() == [Move(13, 9, 4)]
    turn.apply((13, 9))
    turn.apply((9, 5))
    assert turn.is_complete() and turn.dice_left() == (4, 4)
    assert str(turn.play()) == "13/5"


def test_a_pass_is_complete_at_once():
    position = P({25: 1, 13: 2}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    turn = Turn(position, (6, 5))
    assert turn.is_complete() and turn.length == 0
    assert turn.legal_moves() == []
    assert turn.play().steps == () and turn.play().result == position.swap()


def test_the_bar_first():
    position = P({25: 1, 13: 1}, {1: 2, 3: 1})
    turn = Turn(position, (3, 1))
    assert turn.legal_moves() == [Move(25, 22, 3, True)]
    turn.apply((25, 22))
    assert _moves(turn) == {(22, 21, 1), (13, 12, 1)}


# --- apply, undo, targets ----------------------------------------------------------------------------


def test_apply_by_from_to_picks_the_die():
    turn = Turn(Position.initial(), (3, 1))
    assert turn.apply((8, 5)) == Move(8, 5, 3)
    assert turn.dice_left() == (1,)
    assert turn.apply((6, 5)) == Move(6, 5, 1)
    assert turn.is_complete()
    assert str(turn.play()) == "8/5 6/5"
    assert turn.play() in legal_plays(Position.initial(), (3, 1))


def test_apply_by_from_to_takes_the_smaller_die_when_both_keep_a_play():
    position = P({3: 1, 2: 1}, {1: 2})
    turn = Turn(position, (6, 3))
    # Either die bears off the 3 (exact, or the 6 from the highest point); the 2 must wait.
    assert _moves(turn) == {(3, 0, 6), (3, 0, 3)}
    assert turn.apply((3, 0)).die == 3
    assert turn.dice_left() == (6,)
    assert turn.legal_moves() == [Move(2, 0, 6)]


def test_apply_a_move_object_with_its_die():
    position = P({3: 1, 2: 1}, {1: 2})
    turn = Turn(position, (6, 3))
    assert turn.apply(Move(3, 0, 6)).die == 6
    assert turn.legal_moves() == [Move(2, 0, 3)]


def test_undo_restores_everything():
    turn = Turn(Position.initial(), (3, 1))
    fresh = _state(turn)
    assert turn.undo() is None
    turn.apply((24, 21))
    turn.apply((21, 20))
    assert turn.is_complete() and turn.current == P(
        {6: 5, 8: 3, 13: 5, 24: 1, 20: 1}, {6: 5, 8: 3, 13: 5, 24: 2}
    )
    assert turn.undo() == Move(21, 20, 1)
    assert turn.undo() == Move(24, 21, 3)
    assert _state(turn) == fresh
    turn.apply((13, 10))
    turn.reset()
    assert _state(turn) == fresh


def test_undo_of_a_hit_puts_the_blot_back():
    position = P({24: 1}, {7: 1})
    turn = Turn(position, (6, 5))
    turn.apply((24, 18))
    assert turn.current.on_bar() == (0, 1)
    turn.undo()
    assert turn.current == position


def test_targets_follow_one_checker_through_legal_steps():
    turn = Turn(Position.initial(), (3, 1))
    assert turn.targets(24) == [23, 21, 20]
    assert turn.targets(13) == [10, 9]  # 13/12 closed, 13/10/9 open
    assert turn.targets(8) == [7, 5, 4]
    assert turn.targets(6) == [5, 3, 2]
    assert turn.targets(12) == []  # no checker there
    assert turn.moves == ()  # looking ahead moved nothing


def test_targets_with_doubles_and_bearing_off():
    turn = Turn(P({6: 1, 5: 1, 1: 1}, {1: 2}), (6, 5))
    assert turn.targets(6) == [1, 0]
    assert turn.targets(5) == [0]
    assert turn.targets(1) == []  # neither die may bear off the 1 while 5 or 6 stands higher
    start = Turn(Position.initial(), (4, 4))
    assert start.targets(24) == [20, 16]  # 16/12 is closed (the opponent's mid-point)
    assert start.targets(13) == [9, 5]  # 5/1 is closed (the opponent's back checkers)


@pytest.mark.parametrize(
    "move",
    [(13, 12), (24, 20), (8, 4), (5, 2), (25, 22), Move(6, 5, 3), Move(24, 21, 1), (6, 0)],
)
def test_an_illegal_move_changes_nothing(move):
    turn = Turn(Position.initial(), (3, 1))
    turn.apply((8, 5))
    before = _state(turn)
    with pytest.raises(IllegalMove):
        turn.apply(move)
    assert _state(turn) == before


def test_no_move_after_the_turn_is_complete():
    turn = Turn(Position.initial(), (3, 1))
    turn.apply((8, 5))
    turn.apply((6, 5))
    before = _state(turn)
    with pytest.raises(IllegalMove):
        turn.apply((13, 10))
    assert _state(turn) == before


def test_play_before_completion_is_refused():
    turn = Turn(Position.initial(), (3, 1))
    with pytest.raises(IllegalMove):
        turn.play()


# --- the game around it ------------------------------------------------------------------------------


def test_game_opening_roll_turns_and_illegal_actions():
    game = Game(FixedDice([3, 3, 5, 2, 6, 6]))
    with pytest.raises(GameError):
        game.roll()  # the opening roll first
    assert game.opening_roll() == (5, 2)  # 3-3 was a tie, rolled again
    assert game.on_roll == 0 and game.dice == (5, 2)
    with pytest.raises(IllegalMove):
        game.move((13, 12))
    game.move((13, 8))
    with pytest.raises(GameError):
        game.end_turn()  # the 2 is still to play
    game.move((6, 4))
    play = game.end_turn()
    assert str(play) == "13/8 6/4"
    assert game.on_roll == 1 and game.phase == "roll"
    assert game.position.position_id() == play.result.position_id()
    assert game.roll() == (6, 6)
    assert game.must_pass() is False
    assert len(game.turn.plays) == len(legal_plays(game.position, (6, 6)))
