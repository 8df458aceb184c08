"""Plakoto rules with explicit positions (issue 7)."""

from __future__ import annotations

import pytest

from tavli.games.base import GameResult, IllegalMove, Outcome, Side, Termination
from tavli.games.plakoto import PlakotoPosition, Turn, ending, legal_plays
from tavli.games.registry import game_kind

P = PlakotoPosition.from_points


def moves_set(position, dice, **options):
    return {tuple(sorted(play.moves, reverse=True)) for play in legal_plays(position, dice, **options)}


def starts(position, dice):
    return {m.start for play in legal_plays(position, dice) for m in play.steps}


def ends(position, dice):
    return {m.end for play in legal_plays(position, dice) for m in play.steps}


# --- start and movement ---------------------------------------------------------------------------


def test_initial_position_and_opening_plays():
    start = PlakotoPosition.initial()
    assert start.checkers_at(24) == (15, 0) and start.checkers_at(1) == (0, 15)
    assert start.pip_counts() == (360, 360)
    assert {str(p) for p in legal_plays(start, (6, 5))} == {"24/19 24/18", "24/13"}
    assert {str(p) for p in legal_plays(start, (1, 1))} == {
        "24/23(4)", "24/22 24/23(2)", "24/22(2)", "24/21 24/23", "24/20"
    }


def test_landing_on_a_lone_checker_pins_it():
    pos = P({10: 1, 20: 2}, {18: 1, 1: 5})  # the opponent's 18 is the player's 7
    play = next(p for p in legal_plays(pos, (3, 1)) if (10, 7) in p.moves and (20, 19) in p.moves)
    assert str(play) == "20/19 10/7*"
    assert [m.hit for m in play.steps if m.end == 7] == [True]
    after = play.result  # the opponent on roll now
    assert after.player_pinned == {18}
    assert after.pinned_at(18) == "player"
    assert after.checkers_at(18) == (1, 1)


def test_a_pinned_checker_cannot_move_and_its_point_is_closed():
    # The player's checker on 7 is pinned by the opponent's (his 18); two more on 20.
    pos = P({7: 1, 20: 2}, {18: 1, 1: 5}, player_pinned={7})
    assert 7 not in starts(pos, (2, 1))
    assert 7 not in starts(pos, (6, 5))
    # The pinned point is closed to the player: 20 - 13 = 7 and 9 - 2 = 7 are not allowed.
    assert 7 not in ends(P({9: 1, 7: 1, 20: 2}, {18: 1, 1: 5}, player_pinned={7}), (2, 6))
    assert {str(p) for p in legal_plays(pos, (6, 5))} == {"20/15 20/14", "20/9"}


def test_a_pinned_point_is_closed_to_the_pinned_side_and_open_to_the_pinner():
    # Player pins on 7 (opponent's 18). He may add checkers there; the opponent may not land.
    pos = P({7: 1, 9: 1, 20: 1}, {18: 1, 12: 3, 20: 1}, opponent_pinned={18})
    assert (9, 7) in {m for p in legal_plays(pos, (2, 1)) for m in p.moves}
    seen_from_opponent = pos.swap()
    # The opponent's 20 -> 18 (a 2) would land on the pinned point: closed.
    opp = P({20: 1, 18: 1, 12: 3}, {7: 1, 9: 1, 20: 1}, player_pinned={18})
    assert opp == seen_from_opponent
    assert 18 not in ends(opp, (2, 1))


def test_two_checkers_close_a_point():
    pos = P({10: 1, 20: 1}, {18: 2, 1: 3})
    assert 7 not in ends(pos, (3, 6))


def test_the_pin_holds_while_a_pinner_stays_and_ends_when_the_last_leaves():
    two = P({7: 2, 20: 1}, {18: 1, 2: 3}, opponent_pinned={18})
    play = next(p for p in legal_plays(two, (2, 1)) if (7, 5) in p.moves and (20, 19) in p.moves)
    assert play.result.player_pinned == {18}  # one pinner is still there
    one = P({7: 1, 20: 1}, {18: 1, 2: 3}, opponent_pinned={18})
    play = next(p for p in legal_plays(one, (2, 1)) if (7, 5) in p.moves and (20, 19) in p.moves)
    assert play.result.player_pinned == frozenset()  # released
    # ... and the released checker moves again on its owner's next turn.
    assert 18 in starts(play.result, (3, 4))


def test_pinned_checker_blocks_bear_off():
    free = P({6: 1, 3: 2}, {18: 1, 13: 5})  # all home
    pinned = P({6: 1, 3: 2}, {19: 1, 13: 5}, player_pinned={6})  # the checker on 6 is pinned
    assert 0 in ends(free, (3, 2))
    assert 0 not in ends(pinned, (3, 2))
    assert moves_set(pinned, (3, 2)) == {((3, 1),)}  # the 3 would bear off: not allowed
    # Once the pin is lifted (the opponent moved on), bearing off is allowed again.
    assert 0 in ends(P({6: 1, 3: 2}, {18: 1, 13: 5}), (3, 2))


def test_bear_off_exact_or_higher_from_the_highest_point():
    pos = P({4: 1, 2: 1}, {24: 2})
    assert moves_set(pos, (6, 5)) == {((4, 0), (2, 0))}
    # a 5 cannot bear off from 2 while the 6-point is occupied
    assert {str(p) for p in legal_plays(P({6: 1, 2: 1}, {13: 2}), (5, 1))} == {"6/1 2/1", "6/off"}


def test_only_the_larger_die_when_only_one_can_be_played():
    # A lone checker on 13: a 6 or a 5 alone; the opponent closes the points after either.
    pos = P({13: 1}, {23: 2, 24: 5})  # the opponent holds the player's 2 (and 1)
    plays = legal_plays(pos, (6, 5))
    assert [p.moves for p in plays] == [((13, 7),)]


# --- the mother -----------------------------------------------------------------------------------


def test_mother_pinned_wins_two_points_at_once():
    # The opponent's last starting checker (his 24 = the player's 1) is alone; the player has left
    # his own starting point entirely.
    pos = P({3: 1, 10: 5}, {24: 1, 13: 14})
    play = next(p for p in legal_plays(pos, (2, 1)) if (3, 1) in p.moves)
    assert play.result.mothers_pinned() == (True, False)
    assert ending(play.result) == GameResult(Side.OPPONENT, Outcome.GAMMON, Termination.MOTHER)
    assert ending(play.result, mother_points=1) == GameResult(Side.OPPONENT, Outcome.SINGLE, Termination.MOTHER)


def test_mother_pinned_while_the_pinner_keeps_starting_checkers_play_goes_on():
    pos = P({3: 1, 24: 2, 10: 5}, {24: 1, 13: 14})
    play = next(p for p in legal_plays(pos, (2, 1)) if (3, 1) in p.moves and (10, 9) in p.moves)
    assert play.result.mothers_pinned() == (True, False)
    assert ending(play.result) is None


def test_then_the_pinner_wins_when_his_last_starting_checker_leaves():
    # The player pins the opponent's mother (his 1-point) and has one checker left on his 24.
    pos = P({1: 1, 24: 1, 10: 5}, {24: 1, 13: 14}, opponent_pinned={24})
    assert ending(pos) is None
    stay = next(p for p in legal_plays(pos, (2, 1)) if 24 not in {m.start for m in p.steps})
    assert ending(stay.result) is None
    leave = next(p for p in legal_plays(pos, (2, 1)) if (24, 22) in p.moves)
    assert ending(leave.result) == GameResult(Side.OPPONENT, Outcome.GAMMON, Termination.MOTHER)


def test_both_mothers_pinned_is_a_draw():
    # The opponent (on roll) has his mother pinned by the player; the player's own mother (his
    # 24 = the opponent's 1) is still alone on its starting point. The opponent pins it.
    pos = P({3: 1, 24: 1, 13: 5}, {24: 1, 1: 1, 10: 5}, player_pinned={24})
    play = next(p for p in legal_plays(pos, (2, 1)) if (3, 1) in p.moves)
    assert play.result.mothers_pinned() == (True, True)
    assert ending(play.result) == GameResult(None, None, Termination.DRAW)
    assert ending(play.result).is_draw


def test_mother_is_only_the_last_checker_on_the_start():
    # Two opposing checkers still on their start: the player cannot land there at all.
    pos = P({3: 1, 10: 5}, {24: 2, 13: 13})
    assert 1 not in ends(pos, (2, 1))


# --- results --------------------------------------------------------------------------------------


def test_one_and_two_point_results():
    single = P({1: 1}, {1: 3, 2: 2})  # the opponent has borne off ten
    play = legal_plays(single, (1, 2))[0]
    assert play.moves == ((1, 0),) and ending(play.result) == GameResult(Side.OPPONENT, Outcome.SINGLE, Termination.BEAR_OFF)
    double = P({1: 1}, {12: 15})
    assert ending(legal_plays(double, (6, 6))[0].result) == GameResult(Side.OPPONENT, Outcome.GAMMON, Termination.BEAR_OFF)
    assert ending(PlakotoPosition.initial()) is None


# --- the step-by-step turn ------------------------------------------------------------------------


def test_turn_step_by_step():
    turn = Turn(PlakotoPosition.initial(), (6, 5))
    assert {(m.start, m.end) for m in turn.legal_moves()} == {(24, 18), (24, 19)}
    assert turn.targets(24) == [19, 18, 13]
    turn.apply((24, 18))
    assert not turn.is_complete()
    assert {(m.start, m.end) for m in turn.legal_moves()} == {(24, 19), (18, 13)}
    turn.apply((18, 13))
    assert turn.is_complete() and str(turn.play()) == "24/13"
    assert turn.current.checkers_at(13) == (1, 0)
    assert turn.undo().end == 13
    with pytest.raises(IllegalMove):
        turn.apply((24, 20))
    assert [(m.start, m.end) for m in turn.path_to(18, 13)] == [(18, 13)]
    turn.reset()
    assert [(m.start, m.end) for m in turn.path_to(24, 13)] == [(24, 18), (18, 13)]


def test_turn_pinning_move_is_marked():
    turn = Turn(P({10: 1, 20: 2}, {18: 1, 1: 5}), (3, 1))
    move = turn.apply((10, 7))
    assert move.hit and turn.current.pinned_at(7) == "opponent"


# --- Position ID ----------------------------------------------------------------------------------


def test_position_id_round_trip_and_length():
    for pos in (
        PlakotoPosition.initial(),
        P({1: 1, 24: 1, 10: 5}, {24: 1, 13: 14}, opponent_pinned={24}),
        P({7: 1, 20: 2}, {18: 1, 1: 5}, player_pinned={7}),
    ):
        text = pos.position_id()
        assert len(text) == 16 and str(pos) == text
        assert PlakotoPosition.from_id(text) == pos
        assert PlakotoPosition.from_id(text).swap() == pos.swap()


@pytest.mark.parametrize(
    "text, reason",
    [
        ("AACA/z8AAMD/Hw", "16 characters"),
        ("AACA/z8AAMD/HwA!", "uses only"),
        ("////////////////", "more than 15"),
        ("AACA/z8AAMD/HwAB", "bits set"),
        (42, "string"),
    ],
)
def test_malformed_ids_say_why(text, reason):
    with pytest.raises(ValueError, match=reason):
        PlakotoPosition.from_id(text)


def test_id_with_a_pin_on_two_checkers_is_rejected():
    # Two opponent checkers on the player's 7 under one of the player's, "player on top".
    from tavli.codec import encode_bits
    from tavli.games.base import side_from_points, sides_bits

    player, opponent = side_from_points({7: 1}, bar=False), side_from_points({18: 2}, bar=False)
    bits = sides_bits(player, opponent, bar=False) + [1]
    with pytest.raises(ValueError, match="pins 2"):
        PlakotoPosition.from_id(encode_bits(bits, 16))


def test_invalid_positions_are_rejected():
    with pytest.raises(ValueError, match="neither is pinned"):
        P({7: 1}, {18: 1})
    with pytest.raises(ValueError, match="one"):
        P({7: 2}, {18: 1}, player_pinned={7})
    with pytest.raises(ValueError, match="bar"):
        PlakotoPosition((0,) * 24 + (1,), (0,) * 25)


def test_registry():
    v = game_kind("Plakoto")
    assert v.initial() == PlakotoPosition.initial()
    assert v.opponent_point(24) == 1
    assert v.options["mother_points"] == 2


def test_ending_maps_to_game_outcomes():
    assert GameResult(Side.OPPONENT, Outcome.GAMMON, Termination.MOTHER).points == 2
    assert GameResult(Side.OPPONENT, Outcome.SINGLE, Termination.BEAR_OFF).points == 1
    drawn = GameResult(None, None, Termination.DRAW)
    assert drawn.points == 0 and drawn.is_draw
    # read from a position whose player on roll is player 1: the opponent (who just moved) is 0
    assert GameResult(Side.OPPONENT, Outcome.GAMMON, Termination.MOTHER).for_players(1).winner == 0
    assert GameResult(Side.PLAYER, Outcome.SINGLE).for_players(1).winner == 1
    assert drawn.for_players(0) == drawn


# --- the game ends at the step that pins the mother (issue 12, item 3) -------------------------


def _issue_example():
    """White (on roll) 14 on his 6 and 1 on his 7; Black's mother alone on White's 1 (Black's 24),
    2 on Black's 20 and 12 on Black's 10. Roll 6-1: 7/1* pins the mother with the 6."""
    return P({6: 14, 7: 1}, {24: 1, 20: 2, 10: 12})


def test_pinning_the_mother_ends_the_play_there():
    plays = legal_plays(_issue_example(), (6, 1))
    pinning = [p for p in plays if (7, 1) in p.moves]
    assert [p.moves for p in pinning] == [((7, 1),)]  # not 7/1*/off: the 1 is not played
    assert str(pinning[0]) == "7/1*"
    assert ending(pinning[0].result) == GameResult(Side.OPPONENT, Outcome.GAMMON, Termination.MOTHER)
    others = {tuple(sorted(p.moves, reverse=True)) for p in plays if p not in pinning}
    assert others == {((7, 6), (6, 0))}  # 7/6 6/off plays both dice and the game goes on
    assert all(ending(p.result) is None for p in plays if p not in pinning)


def test_turn_is_complete_at_the_pinning_step():
    turn = Turn(_issue_example(), (6, 1))
    turn.apply((7, 1))
    assert turn.is_complete() and turn.legal_moves() == [] and turn.dice_left() == (1,)
    assert turn.play().moves == ((7, 1),)
    with pytest.raises(IllegalMove):
        turn.apply((1, 0))


def test_game_and_match_end_at_the_pinning_step():
    from tavli.game import Game
    from tavli.match import Match

    game = Game(variant="plakoto", position=_issue_example(), on_roll=0)
    game.set_dice((6, 1))
    game.move((7, 1))
    game.end_turn()
    assert game.phase == "over" and game.result.winner == 0 and game.result.termination is Termination.MOTHER

    match = Match(3, variant="plakoto", seed=1)
    match.roll()
    match.game = Game(match.dice, variant="plakoto", position=_issue_example(), on_roll=0)
    match.game.set_dice((6, 1))
    match.phase = "move"
    match.move((7, 1))
    assert "end-turn" in match.legal_actions() and "move" not in match.legal_actions()
    match.end_turn()
    assert match.result.winner == 0 and match.result.reason == "mother" and match.scores == [2, 0]


def test_both_mothers_pinned_ends_the_play_at_once():
    # The player's own mother is pinned; he pins the opponent's with the 2 and could go on 1/off
    # with the 1 if the game did not end there (a draw).
    pos = P({3: 1, 24: 1, 6: 13}, {24: 1, 1: 1, 10: 13}, player_pinned={24})
    plays = legal_plays(pos, (2, 1))
    drawn = [p for p in plays if (3, 1) in p.moves]
    assert ((3, 1),) in [p.moves for p in drawn]
    assert all(p.moves[-1] == (3, 1) for p in drawn)  # the 1 is played first or not at all
    assert ending(drawn[0].result) == GameResult(None, None, Termination.DRAW)


def test_the_last_starting_checker_leaving_wins_at_that_step():
    pos = P({1: 1, 24: 1, 10: 5}, {24: 1, 13: 14}, opponent_pinned={24})
    leave = [p for p in legal_plays(pos, (2, 1)) if p.moves[-1][0] == 24 or (24, 22) in p.moves]
    assert {((24, 22),), ((24, 23),)} <= {p.moves for p in leave}
    assert all(p.moves[-1][0] == 24 for p in leave)  # nothing is played after leaving
    assert all(ending(p.result) == GameResult(Side.OPPONENT, Outcome.GAMMON, Termination.MOTHER) for p in leave)



def test_contact_lasts_while_an_opposing_checker_is_below_the_players_highest():
    # The opponent moves up the player's numbering: his checker on the player's 1 may still pin.
    assert PlakotoPosition.from_points({3: 1, 2: 14}, {24: 1, 1: 14}).is_contact()
    # Every checker of the opponent (his 1 = the player's 24) is beyond the player's: a race.
    assert not PlakotoPosition.from_points({1: 15}, {1: 15}).is_contact()
