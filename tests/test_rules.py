"""The Portes (backgammon) rules, one test or more per rule, each on a position given by its
GNU Backgammon Position ID with the exact set of legal plays expected.

Every expected set below was worked out by hand from the rules and then cross-checked with GNU
Backgammon 1.1 (``tools/crosscheck_gnubg.py``). The plays are written in GNU Backgammon notation;
``_after`` applies such a string to the position by itself (it does not use the engine), so the
comparison is on resulting positions and does not depend on which of several equivalent move
orders the engine happened to find first.

Points are in each side's own numbering: ``Position.from_points(player, opponent)``; the
opponent's point ``p`` is the player's point ``25 - p``; 25 is the bar.
"""

from __future__ import annotations

import re

import pytest

from tavli.game import Game
from tavli.games.base import GameResult, Outcome, Play
from tavli.games.portes import Position, legal_plays, outcome_of

P = Position.from_points


# --- helpers ---------------------------------------------------------------------------------------


def _after(position: Position, notation: str) -> Position:
    """The checkers after the moves written in GNU notation, the mover still in ``player``.

    ``13/9(2)`` moves two checkers, ``24/18*/13`` one checker through a hit; a checker landing on
    a lone opposing checker sends it to the bar (and the notation must mark that hit with ``*``).
    """
    me = list(position.player)
    opp = list(position.opponent)
    for token in notation.split():
        match = re.fullmatch(r"([^(]+)(?:\((\d)\))?", token)
        assert match, token
        path, times = match.group(1), int(match.group(2) or 1)
        parts = path.split("/")
        points = [25 if p.rstrip("*") == "bar" else 0 if p == "off" else int(p.rstrip("*")) for p in parts]
        starred = [p.endswith("*") for p in parts]
        for _ in range(times):
            for a, b, star in zip(points, points[1:], starred[1:]):
                assert me[a - 1] > 0, f"{token}: no checker on {a}"
                me[a - 1] -= 1
                if b == 0:
                    continue
                theirs = opp[24 - b]
                assert theirs < 2, f"{token}: point {b} is closed"
                if theirs == 1:
                    assert star, f"{token}: the hit on {b} is not marked"
                    opp[24 - b] = 0
                    opp[24] += 1
                me[b - 1] += 1
    return Position(tuple(me), tuple(opp))


def assert_plays(position: Position, dice: tuple[int, int], expected: set[str], **options) -> list[Play]:
    """``legal_plays`` gives exactly the results of the ``expected`` plays, each once."""
    wanted = {_after(position, text) for text in expected}
    assert len(wanted) == len(expected), "two expected plays reach the same position"
    plays = legal_plays(position, dice, **options)
    got = [play.result.swap() for play in plays]
    assert len(set(got)) == len(got), "two legal plays reach the same position"
    assert set(got) == wanted, sorted(str(p) for p in plays)
    for play in plays:
        assert play.position == position and play.dice == dice
    return plays


def assert_pass(position: Position, dice: tuple[int, int]) -> None:
    """No checker can move: a single empty play, the same checkers with the opponent on roll."""
    plays = legal_plays(position, dice)
    assert len(plays) == 1
    (play,) = plays
    assert play.steps == () and len(play) == 0 and str(play) == ""
    assert play.result == position.swap()


def assert_id(position: Position, position_id: str) -> None:
    assert position.position_id() == position_id
    assert Position.from_id(position_id) == position


# --- moving, hitting, closed points -----------------------------------------------------------------


def test_opening_31_has_the_sixteen_plays():
    start = Position.initial()
    assert_id(start, "4HPwATDgc/ABMA")
    # 13/12 is closed (the opponent's mid-point); everything else combines freely.
    assert_plays(start, (3, 1), {
        "24/20", "13/9", "8/4", "6/2",
        "24/21 24/23", "24/21 8/7", "24/21 6/5",
        "13/10 24/23", "13/10 8/7", "13/10 6/5",
        "8/5 24/23", "8/5 8/7", "8/5 6/5",
        "6/3 24/23", "6/3 8/7", "6/3 6/5",
    })


def test_opening_65_run_and_the_dice_in_either_order():
    start = Position.initial()
    # 24/19 and 6/1 are closed; 13/8 8/2 is the same position as 13/2.
    expected = {"24/13", "13/2", "24/18 13/8", "24/18 8/3", "13/7 13/8", "13/7 8/3", "8/2 8/3"}
    assert_plays(start, (6, 5), expected)
    assert_plays(start, (5, 6), expected)


def test_hit_then_continue_past_a_closed_point():
    position = P({10: 1}, {20: 1, 16: 2})  # blot on my 5, my 9 closed
    assert_id(position, "AIAhACAAAAAAAA")
    (play,) = assert_plays(position, (5, 1), {"10/5*/4"})
    assert play.result.on_bar() == (1, 0)  # the opponent, now on roll, has a checker on the bar


def test_hit_with_the_only_open_route():
    position = P({13: 2, 8: 1}, {20: 1, 15: 2})  # blot on my 5, my 10 closed
    assert_id(position, "AMAgAAgGAAAAAA")
    # 13/10 is closed, so the 3 must hit 8/5*; 8/3 first leaves no 3 to play.
    assert_plays(position, (5, 3), {"13/5*"})


def test_hit_on_the_way_or_not():
    position = P({24: 1}, {7: 1})  # blot on my 18
    assert_id(position, "QAAAAAAAAgAAAA")
    assert_plays(position, (6, 5), {"24/18*/13", "24/13"})


def test_closed_points_block_every_move_so_the_turn_passes():
    position = P({13: 1}, {14: 2, 15: 2})  # my 11 and 10 closed
    assert_id(position, "AGADAAACAAAAAA")
    assert_pass(position, (3, 2))


# --- the bar -------------------------------------------------------------------------------------


def test_enter_by_hitting_then_play_the_other_die_anywhere():
    position = P({25: 1, 13: 1}, {1: 2, 3: 1})  # my 24 closed, blot on my 22
    assert_id(position, "EwAAAAABIAAAAA")
    assert_plays(position, (3, 1), {"bar/22*/21", "bar/22* 13/12"})


def test_second_checker_on_the_bar_cannot_enter_so_nothing_else_moves():
    position = P({25: 2, 13: 1}, {1: 2})  # my 24 closed
    assert_id(position, "AwAAAIAAMAAAAA")
    assert_plays(position, (3, 1), {"bar/22"})


def test_closed_board_with_a_checker_on_the_bar_passes():
    position = P({25: 1, 13: 2}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    assert_id(position, "27YBAAAABoAAAA")
    for dice in [(6, 5), (1, 1), (3, 4)]:
        assert_pass(position, dice)


def test_a_checker_on_the_bar_that_cannot_enter_freezes_the_others():
    position = P({25: 1, 13: 1}, {4: 2})  # my 21 closed; 13/9/5/1 would be open
    assert_id(position, "GAAAAIAAEAAAAA")
    assert_pass(position, (4, 4))


def test_enter_with_the_die_that_can_then_play_the_other():
    position = P({25: 1, 13: 1}, {6: 2})  # my 19 closed
    assert_id(position, "YAAAAIAAEAAAAA")
    assert_plays(position, (6, 4), {"bar/21/15", "bar/21 13/7"})


def test_doubles_enter_both_then_play_two_more():
    position = P({25: 2, 13: 2}, {3: 2})  # my 22 closed (no matter for 2s)
    assert_id(position, "DAAAAIABYAAAAA")
    assert_plays(position, (2, 2), {
        "bar/23(2) 23/21(2)", "bar/23(2) 23/21 13/11", "bar/23(2) 23/19",
        "bar/23(2) 13/11(2)", "bar/23(2) 13/9",
    })


# --- bearing off ---------------------------------------------------------------------------------


def test_bear_off_exact_or_with_a_higher_die_from_the_highest_point():
    position = P({6: 1, 5: 1, 1: 1}, {1: 2})
    assert_id(position, "AwAACAUAAAAAAA")
    # 6/1 leaves 5 the highest point, so the 6 then bears it off.
    assert_plays(position, (6, 5), {"6/off 5/off", "6/1 5/off"})


def test_no_higher_die_bear_off_while_a_checker_stands_higher():
    position = P({5: 1, 3: 1}, {1: 2})
    assert_id(position, "AwAAIAEAAAAAAA")
    # The 4 cannot bear off the 3 while the 5 is there.
    assert_plays(position, (4, 1), {"5/off", "5/1 3/2"})


def test_no_bearing_off_until_all_are_home():
    position = P({7: 1, 2: 1}, {1: 2})
    assert_id(position, "AwAAEAQAAAAAAA")
    # 2/off first is illegal (7 is out), but after 7/1 or 7/5 bearing off is.
    assert_plays(position, (6, 2), {"7/1 2/off", "7/off"})


def test_both_dice_higher_than_every_point():
    position = P({4: 2, 2: 1}, {1: 2})
    assert_id(position, "AwAAkAEAAAAAAA")
    assert_plays(position, (6, 5), {"4/off(2)"})


def test_doubles_bear_off_all_that_is_left():
    position = P({3: 1, 2: 1}, {1: 2})
    assert_id(position, "AwAAUAAAAAAAAA")
    assert_plays(position, (6, 6), {"3/off 2/off"})


def test_both_dice_must_be_played_even_when_one_could_bear_off_the_last_checker():
    position = P({6: 1}, {1: 2})
    assert_id(position, "AwAAAAEAAAAAAA")
    # 6/off with the 6 plays one die; 6/1 then 1/off plays both (same end, two dice).
    (play,) = assert_plays(position, (6, 5), {"6/off"})
    assert len(play.steps) == 2 and [m.die for m in play.steps] == [5, 6]


# --- which dice must be played ---------------------------------------------------------------------


def test_only_one_die_playable_either_one_the_larger_is_played():
    position = P({20: 1}, {16: 2})  # my 9 closed: 20/14/9 and 20/15/9 both fail
    assert_id(position, "AIABAABAAAAAAA")
    assert_plays(position, (6, 5), {"20/14"})
    assert_plays(position, (5, 6), {"20/14"})


def test_only_the_smaller_die_playable():
    position = P({20: 1}, {11: 2, 16: 2})  # my 14 and 9 closed
    assert_id(position, "AAwGAAAAAQAAAA")
    assert_plays(position, (6, 5), {"20/15"})


def test_both_dice_must_be_played_when_only_one_order_allows_it():
    position = P({10: 1, 3: 1}, {21: 2})  # my 4 closed
    assert_id(position, "AAAwICAAAAAAAA")
    # 10/9 (the 1 first) leaves no 5 (9/4 closed, no bearing off with 10 out): not legal.
    assert_plays(position, (5, 1), {"10/5 3/2"})


def test_doubles_only_two_of_four_playable():
    position = P({13: 1, 24: 1}, {5: 2, 24: 2})  # my 20 and my 1 closed
    assert_id(position, "MAAABgACIAAAAA")
    assert_plays(position, (4, 4), {"13/5"})


def test_doubles_only_three_of_four_playable():
    position = P({13: 1, 24: 1}, {5: 2})  # my 20 closed; no bearing off with 24 out
    assert_id(position, "MAAAAIAACAAAAA")
    assert_plays(position, (4, 4), {"13/1"})


def test_doubles_only_one_of_four_playable():
    position = P({13: 1, 24: 1}, {7: 2, 24: 2})  # my 18 and my 1 closed
    assert_id(position, "wAAABgACIAAAAA")
    assert_plays(position, (6, 6), {"13/7"})


def test_no_legal_move_gives_one_empty_play():
    position = P({24: 2}, {7: 2})  # my 18 closed
    assert_id(position, "wAAAAAAADAAAAA")
    assert_pass(position, (6, 6))


# --- optional rule: waste the fewest pips bearing off -----------------------------------------------


def test_minimize_waste_keeps_only_the_least_wasteful_bear_off():
    position = P({5: 1, 3: 1, 1: 1}, {1: 2})
    assert_id(position, "AwAASAIAAAAAAA")
    # 5/off 3/1 wastes 1 pip (6 to bear off from 5); 5/3 3/off wastes 3 (6 from 3).
    assert_plays(position, (6, 2), {"5/off 3/1", "5/off"})
    assert_plays(position, (6, 2), {"5/off 3/1"}, minimize_waste=True)


def test_minimize_waste_chooses_among_plays_that_use_the_most_dice():
    position = P({6: 1, 5: 1, 1: 1}, {1: 2})
    assert_id(position, "AwAACAUAAAAAAA")
    # 6/off 5/off wastes 0; 6/1 5/off wastes 1 (the 6 bears off from 5).
    assert_plays(position, (6, 5), {"6/off 5/off"}, minimize_waste=True)


def test_minimize_waste_changes_nothing_without_bearing_off():
    start = Position.initial()
    plain = legal_plays(start, (3, 1))
    assert legal_plays(start, (3, 1), minimize_waste=True) == plain


# --- results ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "loser, position_id, outcome",
    [
        ({6: 3}, "AAAAwAEAAAAAAA", Outcome.SINGLE),  # the loser bore off 12
        ({1: 1}, "AAAAAgAAAAAAAA", Outcome.SINGLE),
        ({6: 15}, "AAAAwP8fAAAAAA", Outcome.GAMMON),  # none off, none in the winner's home
        ({18: 14, 13: 1}, "AAAAACD4/wEAAA", Outcome.GAMMON),  # the loser's 18 is the winner's 7
        ({19: 1, 6: 14}, "AAAAwP8PAAIAAA", Outcome.BACKGAMMON),  # the winner's 6 point
        ({24: 1, 6: 14}, "AAAAwP8PAEAAAA", Outcome.BACKGAMMON),  # the winner's ace point
        ({25: 1, 6: 14}, "AAAAwP8PAIAAAA", Outcome.BACKGAMMON),  # on the bar
    ],
)
def test_outcome_of_a_finished_game(loser, position_id, outcome):
    # outcome_of sees the position from the loser's side: the winner (the opponent) has nothing left.
    position = P(loser, {})
    assert_id(position, position_id)
    assert outcome_of(position) is outcome


def test_no_outcome_while_the_winner_has_checkers_left():
    assert outcome_of(P({6: 15}, {1: 1})) is None
    assert outcome_of(Position.initial()) is None


@pytest.mark.parametrize(
    "opponent, position_id, outcome",
    [
        ({6: 14}, "4P8HAIAAAAAAAA", Outcome.SINGLE),
        ({6: 15}, "4P8PAAABAAAAAA", Outcome.GAMMON),
        ({20: 1, 6: 14}, "4P8HAAIBAAAAAA", Outcome.BACKGAMMON),
        ({25: 1, 6: 14}, "4P8HAEABAAAAAA", Outcome.BACKGAMMON),
    ],
)
def test_game_ends_with_the_right_result(opponent, position_id, outcome):
    position = P({1: 1}, opponent)
    assert_id(position, position_id)
    game = Game(position=position, on_roll=1)
    game.set_dice((2, 1))
    assert [str(m) for m in game.turn.legal_moves()] == ["1/off"]  # the larger die: 2
    move = game.move((1, 0))
    assert move.die == 2
    play = game.end_turn()
    assert str(play) == "1/off"
    assert game.phase == "over"
    assert game.result == GameResult(1, outcome)
    assert game.result.points == int(outcome)
