"""The board controller (web.control): gestures in, legal checker moves out. No browser."""

from __future__ import annotations

from tavli import FixedDice, Position
from tavli.formats import savefile
from tavli.game import Game
from web.control.controller import Controller
from web.model.setup import MatchSetup, ViewOptions
from web.view.view import Motion


def _board(c: Controller) -> dict[tuple[int, int], int]:
    """{(side, point in bottom numbering): count} for every occupied spot, as the hooks read it."""
    v = c.board_view()
    out = {}
    for side in (0, 1):
        for point in range(26):
            n = v.count_at(side, point)
            if n:
                out[(side, point)] = n
    return out


def _opened(dice: list[int], **opts) -> Controller:
    """A match against the computer whose opening roll (dice[0] for you, dice[1] for it) you win."""
    c = Controller(MatchSetup(level="beginner", length=3), ViewOptions(**opts), dice=FixedDice(dice))
    c.roll()
    return c


def test_opening_roll_gives_the_winner_both_dice_and_he_moves():
    c = _opened([3, 1, 5, 5, 2, 2, 6, 5, 4, 4])
    assert c.page_phase() == "move"
    view = c.board_view()
    assert view.opening is None and [d.value for d in view.dice] == [3, 1] and view.dice_side == 0
    assert c.targets(8) == [4, 5, 7]
    assert c.targets(6) == [2, 3, 5]
    assert c.targets(5) == []  # no checker there


def test_click_makes_the_largest_single_jump_then_the_turn_ends_by_itself():
    c = _opened([3, 1, 5, 2, 2, 2, 6, 5])
    assert c.click(8).motions == [Motion(0, 8, 5)]
    assert c.match.turn.dice_left() == (1,)
    assert c.click(6).motions == [Motion(0, 6, 5)]
    assert c.page_phase() == "opponent"  # the computer is on roll
    assert _board(c)[(0, 5)] == 2


def test_right_click_moves_by_the_smaller_die():
    c = _opened([3, 1, 5, 2])
    assert c.right_click(6).motions == [Motion(0, 6, 5)]


def test_right_click_on_an_empty_point_covers_it_with_two_checkers():
    c = _opened([3, 1, 5, 2])
    before = _board(c)
    c.right_click(5)
    after = _board(c)
    assert after[(0, 5)] == 2
    assert after[(0, 8)] == before[(0, 8)] - 1 and after[(0, 6)] == before[(0, 6)] - 1
    assert c.page_phase() == "opponent"


def test_right_click_on_a_point_that_cannot_be_made_does_nothing():
    c = _opened([3, 1, 5, 2])
    before = _board(c)
    assert c.right_click(9).motions == []
    assert _board(c) == before


def test_double_click_moves_the_whole_roll_with_one_checker():
    c = _opened([3, 1, 5, 2])
    c.click(24)  # the first click of the double-click: 24/21
    motions = c.click(24, count=2).motions  # the second takes it back and plays 24/20
    assert motions[0] == Motion(0, 21, 24)
    assert _board(c)[(0, 20)] == 1 and (0, 21) not in _board(c)


def test_double_click_falls_back_to_the_largest_jump():
    # 6-5 from the 13: 13/7/2? 13-11 = 2 is legal; from 24 with 6-5: 24/13 is legal too. Use a
    # checker whose whole-roll target is blocked: the 8 with 6-4 -> 8/2/... 8-10 < 0 is no move.
    c = _opened([6, 4, 1, 1])
    c.double_click(8)
    assert _board(c)[(0, 2)] == 1  # 8/2, the largest jump


def test_drop_moves_along_a_legal_path_and_undo_takes_it_back():
    c = _opened([3, 1, 5, 2])
    before = _board(c)
    motions = c.drag(13, 9).motions  # 13/10/9
    assert [m.end for m in motions] == [10, 9]
    assert _board(c)[(0, 9)] == 1
    # Not complete? Both dice are used: the turn ended by itself, so use click-to-finish instead.
    c2 = _opened([3, 1, 5, 2], click_to_finish=True)
    c2.drag(13, 9)
    assert c2.page_phase() == "move" and c2.match.turn.is_complete()
    c2.undo()
    c2.undo()
    assert _board(c2) == before
    c2.drag(13, 9)
    c2.dice_click()
    assert c2.page_phase() == "opponent"


def test_illegal_drop_changes_nothing():
    c = _opened([3, 1, 5, 2])
    before = _board(c)
    assert c.drag(13, 12).motions == []  # the opponent's five checkers hold the 12
    assert c.drag(6, 7).motions == []  # backwards
    assert c.drag(6, 0).motions == []  # bearing off is not allowed yet
    assert _board(c) == before


def test_hit_goes_to_the_bar():
    # The computer leaves a blot; give the human a direct hit. Start from a set position.
    c = Controller(MatchSetup(level="beginner", length=1), ViewOptions(), dice=FixedDice([4, 2]))
    pos = Position.from_points({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 1, 21: 1})
    c.match.game = Game(c.match.dice, position=pos, on_roll=0)
    c.match.phase = "roll"
    c.roll()
    # The opponent's blot on his 21 is my point 4: 8/4* hits it.
    motions = c.drag(8, 4).motions
    assert Motion(0, 8, 4) in motions and Motion(1, 4, 25) in motions
    assert _board(c)[(1, 25)] == 1


def test_the_computer_plays_step_by_step_and_hands_back_the_roll():
    c = _opened([3, 1, 5, 2, 6, 6])
    c.click(8)
    c.click(6)
    steps = 0
    while c.computer_to_act():
        c.computer_step()
        steps += 1
    assert steps >= 3  # roll, two moves, end of turn
    assert c.page_phase() == "roll"
    assert c.board_view().roll_hint == 0


def test_a_whole_match_to_one_point_by_clicks():
    c = Controller(MatchSetup(level="beginner", length=1, seed=7), ViewOptions())
    for _ in range(5000):
        phase = c.page_phase()
        if phase == "match-over":
            break
        if phase in ("opening", "roll"):
            c.dice_click()
        elif phase == "move":
            if c.auto_pending():
                c.auto_step()
                continue
            movable = [p for p in range(25, 0, -1) if c.movable(p)]
            assert movable, "a human to move always has a movable checker"
            c.click(movable[0])
        elif phase == "opponent":
            c.computer_step()
        else:
            raise AssertionError(f"unexpected phase {phase}")
    assert c.page_phase() == "match-over"
    assert max(c.match.scores) >= 1
    winner = c.names[0 if c.match.scores[0] > c.match.scores[1] else 1]
    verb = "win" if winner == "You" else "wins"
    assert f"{winner} {verb} the match" in c.status()


def test_pass_and_play_turns_the_board_to_the_player_on_roll():
    c = Controller(MatchSetup(mode="pvp"), ViewOptions(), dice=FixedDice([1, 3, 5, 2]))
    c.roll()  # player 1 starts with 3-1
    assert c.match.game.on_roll == 1 and c.bottom == 1
    assert c.board_view().bottom_player == 1
    c.click(8)
    c.click(6)
    assert c.page_phase() == "roll" and c.bottom == 0
    still = Controller(MatchSetup(mode="pvp"), ViewOptions(turn_board=False), dice=FixedDice([1, 3, 5, 2]))
    still.roll()
    assert still.bottom == 0
    # Player 1 moves the top checkers: his 8 is the bottom player's 17.
    assert still.targets(17) == [18, 20, 21]
    still.click(17)
    assert _board(still)[(1, 20)] == 1


def test_auto_bearoff_plays_the_bear_off_by_itself():
    c = Controller(MatchSetup(level="beginner", length=1), ViewOptions(auto_bearoff=True), dice=FixedDice([6, 5]))
    pos = Position.from_points({1: 2, 2: 1}, {1: 3})  # no contact
    c.match.game = Game(c.match.dice, position=pos, on_roll=0)
    c.match.phase = "roll"
    c.roll()
    assert c.auto_pending()
    while c.auto_pending():
        c.auto_step()
    assert _board(c)[(0, 0)] == 14  # two borne off of the three
    assert c.page_phase() == "opponent"


def test_no_move_means_a_pass():
    c = Controller(MatchSetup(level="beginner", length=1), ViewOptions(), dice=FixedDice([6, 6]))
    # My checker on the bar; the opponent's home board closed on 6 (my 19 is his 6).
    pos = Position.from_points({25: 1, 6: 14}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 3})
    c.match.game = Game(c.match.dice, position=pos, on_roll=0)
    c.match.phase = "roll"
    c.roll()
    assert c.status() == "You cannot move and pass"
    assert c.auto_pending()
    c.auto_step()
    assert c.page_phase() == "opponent"


def test_panel_controls_are_never_dead():
    c = _opened([3, 1, 5, 2])
    panel = c.panel_view()
    actions = {ctl.action: ctl for ctl in panel.controls + panel.menu}
    assert {"roll", "double", "undo", "resign", "resign-match", "options", "rules", "new-match"} <= set(actions)
    for ctl in panel.controls + panel.menu:
        assert ctl.enabled or ctl.title, f"{ctl.action} is disabled without a reason"
    assert panel.top.name == "Computer" and panel.bottom.name == "You"
    assert panel.bottom.pips == 167 and panel.phase == "move"


def test_resigning_the_match_and_a_game():
    c = _opened([3, 1, 5, 2])
    assert c.resign_levels() == []  # only at the start of a turn
    c.resign()
    assert c.page_phase() == "match-over" and c.match.winner == 1


def test_resign_a_game_refused_then_a_higher_level():
    from tavli.games.base import Outcome

    c = Controller(MatchSetup(mode="pvp", length=5), ViewOptions(), dice=FixedDice([3, 1, 5, 2, 4, 4]))
    c.roll()
    c.right_click(5)
    assert c.resign_levels() == [Outcome.SINGLE, Outcome.GAMMON, Outcome.BACKGAMMON]
    c.offer_resign(Outcome.SINGLE)
    assert c.page_phase() == "resign" and c.match.to_act == 0
    assert c.refuse().toast  # the answer, shown for a moment
    assert c.resign_levels() == [Outcome.GAMMON, Outcome.BACKGAMMON]
    c.offer_resign(Outcome.GAMMON)
    c.accept()
    assert c.match.scores == [2, 0] and c.page_phase() == "game-over"


def test_a_saved_match_resumes_mid_turn():

    c = Controller(MatchSetup(mode="pvp", length=5), ViewOptions(), dice=FixedDice([3, 1, 5, 2, 4, 4]))
    c.roll()
    c.click(8)
    text = savefile.dumps(c.match)
    again = Controller(MatchSetup(mode="pvp", length=5), ViewOptions(), match=savefile.loads(text))
    assert again.board_view() == c.board_view()
    assert again.opening == (3, 1) and [m for m in again.match.turn.moves] == [m for m in c.match.turn.moves]


def test_double_is_answered_by_the_computer():
    c = _opened([3, 1, 5, 2, 6, 6])
    c.click(8)
    c.click(6)
    while c.computer_to_act():
        c.computer_step()
    assert c.page_phase() == "roll"
    c.double()
    assert c.computer_to_act()
    c.computer_step()  # the bot takes (an even game) or drops
    assert c.page_phase() in ("roll", "game-over")


def test_the_last_roll_stays_on_the_board_until_the_next():
    c = _opened([3, 1, 5, 2, 6, 6])
    c.click(8)
    c.click(6)
    while c.computer_to_act():
        c.computer_step()
    view = c.board_view()
    assert [d.value for d in view.dice] == [5, 2] and all(d.used for d in view.dice)
    assert view.dice_side == 1 and view.roll_hint == 0
    assert c.status().startswith("Computer rolled 5-2")
    c.roll()
    assert [d.value for d in c.board_view().dice] == [6, 6, 6, 6] and c.board_view().dice_side == 0


def test_pass_and_play_double_take_and_drop():
    c = Controller(MatchSetup(mode="pvp", length=5), ViewOptions(), dice=FixedDice([3, 1, 5, 2, 4, 4]))
    c.roll()
    c.right_click(5)  # player 0 (who won the opening 3-1) plays 8/5 6/5
    assert c.page_phase() == "roll" and c.match.game.on_roll == 1
    actions = {ctl.action: ctl for ctl in c.panel_view().controls}
    assert actions["double"].enabled
    c.double()
    assert c.page_phase() == "cube" and c.bottom == 1  # the doubler stays at the bottom
    from web.view import dialogs

    html = dialogs.cube(c.cube_question()).html  # the taker is asked in a dialog, with the stakes
    assert 'data-action="take"' in html and 'data-action="drop"' in html and "4 points" not in html
    c.take()
    assert c.match.cube == 2 and c.match.cube_owner == 0
    assert c.board_view().cube_owner == 1  # the taker (player 0) sits at the top while player 1 is on roll
    c.roll()
    c.resign()
    assert c.match.winner == 0  # the player on roll resigned the match


def test_the_chosen_level_picks_the_computer_player():
    from tavli.ai.heuristic import BeginnerBot
    from tavli.ai.players import AIPlayer

    beginner = Controller(MatchSetup(length=3, level="beginner"), ViewOptions(), dice=FixedDice([]))
    assert type(beginner.bot) is BeginnerBot
    for level in ("intermediate", "expert", "champion"):
        bot = Controller(MatchSetup(length=3, level=level), ViewOptions(), dice=FixedDice([])).bot
        assert isinstance(bot, AIPlayer) and bot.name == level
