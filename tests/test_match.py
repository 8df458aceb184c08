"""Match: phases, the doubling cube, Crawford, Jacoby, resigning, scoring, illegal actions."""

from __future__ import annotations

import pytest

from tavli import FixedDice, Outcome, Position
from tavli.events import as_dicts
from tavli.formats import matchio, savefile
from tavli.formats.ids import GAME_PLAYING, MatchState
from tavli.formats.matchio import from_ids
from tavli.match import Match, MatchError
from tavli.matchsetup import MAX_CUBE
from tavli.scoring import Rules

SINGLE, GAMMON, BACKGAMMON = Outcome.SINGLE, Outcome.GAMMON, Outcome.BACKGAMMON


# --- helpers ------------------------------------------------------------------------------------


def snapshot(match: Match) -> str:
    return savefile.dumps(match, now=0.0)


def refused(match: Match, action, *args, **kwargs) -> str:
    """``action`` raises a ValueError and leaves the match exactly as it was; returns the message."""
    before = snapshot(match)
    with pytest.raises(ValueError) as info:
        action(*args, **kwargs)
    assert snapshot(match) == before
    return str(info.value)


def to_roll(match: Match, player: int) -> None:
    """Play on (first legal plays) until ``player`` is at the start of his turn."""
    for _ in range(500):
        if match.phase == "roll" and match.game.on_roll == player:
            return
        if match.phase in ("opening", "roll"):
            match.roll()
        elif match.phase == "move":
            match.play(match.turn.plays[0])
        else:
            raise AssertionError(f"stuck at {match.phase}")
    raise AssertionError("never reached")


def lose_round(match: Match, loser: int, level: Outcome = SINGLE) -> None:
    """``loser`` resigns the round at ``level`` (accepted) at the start of his next turn."""
    if match.phase == "game-over":
        match.next_game()
    to_roll(match, loser)
    if match.rules.resign_offers:
        match.offer_resignation(level)
        if match.phase == "resign":
            match.accept_resignation()
    else:
        match.offer_resignation()


def set_up(position: Position, *, length: int | None = 5, rules: Rules | None = None, dice=None, cube: int = 1,
           owner: int = -1, on_roll: int = 0, score=(0, 0), crawford: bool = False, rolled=(0, 0)) -> Match:
    state = MatchState(cube_value=cube, cube_owner=owner, player_on_roll=on_roll, crawford=crawford,
                       game_state=GAME_PLAYING, turn=on_roll, dice=rolled, match_length=length or 0,
                       score=tuple(score), jacoby=True if rules is None else rules.jacoby)
    return from_ids(position, state, rules, dice)


HOME_STRETCH = Position.from_points({1: 1}, {6: 5, 8: 5, 13: 5})  # on roll bears off: a gammon
BACKGAMMON_POSITION = Position.from_points({1: 1}, {6: 5, 8: 5, 13: 4, 20: 1})  # loser in winner's home


# --- phases -------------------------------------------------------------------------------------


def test_a_new_match_waits_for_the_opening_roll():
    match = Match(5, seed=1)
    assert match.phase == "opening"
    assert match.game_number == 1 and match.scores == [0, 0]
    assert match.cube == 1 and match.cube_owner is None
    assert match.on_roll is None and match.to_act is None
    assert match.legal_actions() == ["roll", "resign-match"]


def test_the_opening_roll_rerolls_ties_and_the_higher_die_moves_first():
    match = Match(5, dice=FixedDice([3, 3, 2, 5]))
    assert match.roll() == (2, 5)
    assert match.phase == "move" and match.on_roll == 1 and match.to_act == 1
    assert match.rolled == (5, 2)
    assert [e["dice"] for e in as_dicts(match.log) if e["type"] == "opening"] == [[3, 3], [2, 5]]


def test_a_turn_goes_roll_move_end_turn_and_passes():
    match = Match(5, dice=FixedDice([6, 1, 3, 4]))
    match.roll()
    assert match.on_roll == 0
    match.move((13, 7))
    assert "undo" in match.legal_actions() and "end-turn" not in match.legal_actions()
    match.move((8, 7))
    assert "end-turn" in match.legal_actions()
    play = match.end_turn()
    assert str(play) == "13/7 8/7"
    assert match.phase == "roll" and match.on_roll == 1
    assert set(match.legal_actions()) == {"double", "resign", "roll", "resign-match"}
    assert match.roll() == (3, 4)
    assert match.phase == "move"
    assert match.position_for(0).checkers_at(7) == (2, 0)


def test_play_accepts_notation_and_move_lists():
    match = Match(5, dice=FixedDice([6, 1, 5, 6]))
    match.roll()
    match.play("13/7 8/7")
    match.roll()
    match.play([(13, 7), (7, 2)])
    assert as_dicts(match.log)[-1]["text"] == "13/2"


def test_a_blocked_roll_is_ended_at_once():
    blocked = Position.from_points({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 12: 3})
    match = set_up(blocked, dice=FixedDice([4, 4]))
    match.roll()
    assert match.legal_actions() == ["end-turn", "resign-match"]
    assert str(match.end_turn()) == ""
    assert match.on_roll == 1


# --- the doubling cube --------------------------------------------------------------------------


def test_either_player_may_double_first_then_only_the_owner():
    match = Match(7, seed=3)
    to_roll(match, 1)
    assert match.can_double()
    assert match.double() == 2
    assert match.phase == "cube" and match.to_act == 0
    assert match.take() == 2
    assert (match.cube, match.cube_owner) == (2, 0)
    assert match.phase == "roll" and match.to_act == 1  # the doubler goes on: he rolls
    assert not match.can_double()
    assert "cube belongs to player 0" in refused(match, match.double)
    match.roll()
    match.play(match.turn.plays[0])
    assert match.can_double()  # player 0 owns it
    match.double()
    match.take()
    assert (match.cube, match.cube_owner) == (4, 1)
    log = [(e["type"], e.get("player"), e.get("cube")) for e in as_dicts(match.log) if e["type"] in ("double", "take")]
    assert log == [("double", 1, 2), ("take", 0, 2), ("double", 0, 4), ("take", 1, 4)]


def test_a_drop_loses_the_value_before_the_offer():
    match = Match(None, seed=5)
    to_roll(match, 0)
    match.double()
    match.take()  # cube 2, player 1's
    to_roll(match, 1)
    match.double()
    match.take()  # cube 4, player 0's
    to_roll(match, 0)
    match.double()
    score = match.drop()
    assert (score.winner, score.points, score.cube, score.reason) == (0, 4, 4, "drop")
    assert match.scores == [4, 0]
    assert match.phase == "game-over"


def test_a_drop_at_the_start_scores_one():
    match = Match(5, seed=2)
    to_roll(match, 1)
    match.double()
    match.drop()
    assert match.scores == [0, 1]


def test_the_cube_stops_at_64():
    match = Match(None, seed=11)
    player = 0
    for value in (2, 4, 8, 16, 32, 64):
        to_roll(match, player)
        assert match.double() == value
        match.take()
        player = 1 - player
    assert match.cube == MAX_CUBE
    to_roll(match, match.cube_owner)
    assert not match.can_double()
    assert "64" in refused(match, match.double)


def test_the_cube_is_shown_in_the_match_state():
    match = Match(5, seed=2)
    to_roll(match, 0)
    match.double()
    state = matchio.match_state(match)
    assert state.doubled and state.turn == 1 and state.player_on_roll == 0


@pytest.mark.parametrize(
    "make, reason",
    [
        (lambda: Match(1, seed=1), "match to 1"),
        (lambda: Match(5, Rules.greek(), seed=1), "no doubling cube"),
        (lambda: Match(5, Rules.international(cube=False), seed=1), "no doubling cube"),
    ],
)
def test_no_cube_in_a_match_to_one_or_without_the_cube(make, reason):
    match = make()
    to_roll(match, 0)
    assert not match.can_double() and "double" not in match.legal_actions()
    assert reason in refused(match, match.double)


def test_no_doubling_after_rolling():
    match = Match(5, seed=1)
    match.roll()
    refused(match, match.double)


def test_auto_roll_takes_the_cube_away_from_that_player_only():
    match = Match(5, seed=4)
    match.set_auto_roll(0, True)
    to_roll(match, 0)
    assert "auto-roll" in refused(match, match.double)
    to_roll(match, 1)
    assert match.can_double()
    match.set_auto_roll(0, False)
    to_roll(match, 0)
    assert match.can_double()
    assert [e["on"] for e in as_dicts(match.log) if e["type"] == "auto-roll"] == [True, False]


# --- Crawford -----------------------------------------------------------------------------------


def test_the_crawford_game_comes_exactly_once():
    match = Match(3, seed=8)
    lose_round(match, 1, GAMMON)  # 2-0: player 0 is one point short
    assert match.scores == [2, 0]
    match.next_game()
    assert match.crawford and match.crawford_played
    for player in (0, 1):
        to_roll(match, player)
        assert "Crawford" in refused(match, match.double)
    assert matchio.match_state(match).crawford
    lose_round(match, 0)  # 2-1
    match.next_game()
    assert not match.crawford  # post-Crawford: the cube is back
    to_roll(match, 1)
    assert match.can_double()
    lose_round(match, 0)  # 2-2: player 1 now one short too, but never a second Crawford game
    assert match.scores == [2, 2]
    match.next_game()
    assert not match.crawford
    to_roll(match, 0)
    assert match.can_double()
    assert [e["crawford"] for e in as_dicts(match.log) if e["type"] == "game"] == [False, True, False, False]


def test_no_crawford_rule_when_switched_off():
    match = Match(3, Rules.international(crawford=False), seed=8)
    lose_round(match, 1, GAMMON)
    match.next_game()
    assert not match.crawford
    to_roll(match, 1)
    assert match.can_double()


# --- scoring ------------------------------------------------------------------------------------


def test_a_game_borne_off_scores_its_kind_times_the_cube():
    match = set_up(HOME_STRETCH, dice=FixedDice([3, 1]), cube=2, owner=1)
    match.roll()
    match.play(match.turn.plays[0])
    assert match.phase == "game-over"
    result = match.result
    assert (result.winner, result.outcome, result.cube, result.points, result.reason) == (0, GAMMON, 2, 4, "bear-off")
    assert match.scores == [4, 0]
    assert match.position_for(1).borne_off() == (0, 15)


def test_a_backgammon_counts_three_in_international_two_in_greek():
    match = set_up(BACKGAMMON_POSITION, length=7, dice=FixedDice([3, 1]))
    match.roll()
    match.play(match.turn.plays[0])
    assert (match.result.outcome, match.result.points) == (BACKGAMMON, 3)
    greek = set_up(BACKGAMMON_POSITION, length=7, rules=Rules.greek(), dice=FixedDice([3, 1]))
    greek.roll()
    greek.play(greek.turn.plays[0])
    assert (greek.result.outcome, greek.result.counted, greek.result.points) == (BACKGAMMON, GAMMON, 2)


def test_a_single_counts_one_in_both_presets():
    position = Position.from_points({1: 1}, {6: 5, 8: 5, 13: 4})  # the loser bore one off
    for rules in (Rules.international(), Rules.greek()):
        match = set_up(position, rules=rules, dice=FixedDice([2, 1]))
        match.roll()
        match.play(match.turn.plays[0])
        assert (match.result.outcome, match.result.points) == (SINGLE, 1)


def test_the_score_stops_at_the_target_but_the_record_keeps_the_points():
    match = set_up(HOME_STRETCH, length=3, score=(2, 0), dice=FixedDice([3, 1]), cube=2, owner=0)
    match.roll()
    match.play(match.turn.plays[0])
    assert match.scores == [3, 0]
    assert match.result.points == 4
    assert [e for e in as_dicts(match.log) if e["type"] == "win"][0]["points"] == 4
    assert match.phase == "match-over" and match.winner == 0 and match.end_reason == "bear-off"


def test_jacoby_in_money_play_counts_gammons_only_once_the_cube_is_turned():
    match = Match(None, seed=6)
    lose_round(match, 1, GAMMON)
    assert (match.result.outcome, match.result.counted, match.result.points) == (GAMMON, SINGLE, 1)
    match.next_game()
    to_roll(match, 0)
    match.double()
    match.take()
    lose_round(match, 1, GAMMON)
    assert (match.result.counted, match.result.points) == (GAMMON, 4)
    assert match.scores == [5, 0]


def test_jacoby_applies_to_a_gammon_borne_off():
    match = set_up(HOME_STRETCH, length=None, dice=FixedDice([3, 1]))
    match.roll()
    match.play(match.turn.plays[0])
    assert (match.result.outcome, match.result.counted, match.result.points) == (GAMMON, SINGLE, 1)


def test_no_jacoby_in_match_play_or_when_switched_off():
    match = Match(5, seed=6)
    lose_round(match, 1, GAMMON)
    assert match.result.points == 2
    money = Match(None, Rules.international(jacoby=False), seed=6)
    lose_round(money, 1, GAMMON)
    assert money.result.points == 2


def test_money_play_ends_after_the_games_asked_for():
    match = Match(None, seed=2, games=2)
    lose_round(match, 1)
    assert match.phase == "game-over"
    lose_round(match, 0)
    assert match.phase == "match-over" and match.winner is None and match.scores == [1, 1]
    assert match.end_reason == "games"


def test_a_match_ends_exactly_when_a_score_reaches_the_target():
    match = Match(3, seed=9)
    lose_round(match, 1)
    lose_round(match, 1)
    assert match.phase == "game-over" and match.scores == [2, 0]
    lose_round(match, 1)
    assert match.phase == "match-over" and match.winner == 0 and match.scores == [3, 0]
    assert as_dicts(match.log)[-1] == {"type": "match-over", "winner": 0, "scores": [3, 0], "reason": "resign"}


# --- resigning a round --------------------------------------------------------------------------


def test_a_resignation_offer_is_accepted_or_refused_by_the_opponent():
    match = Match(5, seed=3)
    to_roll(match, 0)
    assert match.resign_options() == [SINGLE, GAMMON, BACKGAMMON]
    assert match.offer_resignation("single") is None
    assert match.phase == "resign" and match.to_act == 1 and match.resign_offer == SINGLE
    assert match.legal_actions() == ["accept", "refuse", "resign-match"]
    score = match.accept_resignation()
    assert (score.winner, score.outcome, score.points, score.reason) == (1, SINGLE, 1, "resign")
    assert match.scores == [0, 1]


def test_after_a_refusal_only_a_higher_offer_and_offers_reset_next_turn():
    match = Match(5, seed=3)
    to_roll(match, 0)
    match.offer_resignation(SINGLE)
    match.refuse_resignation()
    assert match.phase == "roll" and match.to_act == 0
    assert match.resign_options() == [GAMMON, BACKGAMMON]
    assert "single was refused" in refused(match, match.offer_resignation, SINGLE)
    match.offer_resignation(GAMMON)
    match.refuse_resignation()
    assert match.resign_options() == [BACKGAMMON]
    refused(match, match.offer_resignation, GAMMON)
    match.roll()  # he plays on
    match.play(match.turn.plays[0])
    to_roll(match, 0)
    assert match.resign_options() == [SINGLE, GAMMON, BACKGAMMON]


def test_a_backgammon_offer_is_accepted_at_once():
    match = Match(None, seed=3)
    to_roll(match, 0)
    match.double()
    match.take()
    to_roll(match, 1)
    score = match.offer_resignation(BACKGAMMON)
    assert match.phase == "game-over"
    assert (score.winner, score.outcome, score.points) == (0, BACKGAMMON, 6)
    offer, accept = as_dicts(match.log)[-3:-1]
    assert offer["type"] == "resign-offer" and accept == {"type": "resign-accept", "player": 0, "automatic": True}


def test_without_backgammons_a_gammon_offer_is_the_highest_and_accepted_at_once():
    match = Match(5, Rules.international(backgammons=False), seed=3)
    to_roll(match, 0)
    assert match.resign_options() == [SINGLE, GAMMON]
    refused(match, match.offer_resignation, BACKGAMMON)
    match.offer_resignation(GAMMON)
    assert match.phase == "game-over" and match.scores == [0, 2]


def test_resigning_is_only_at_the_start_of_the_turn():
    match = Match(5, seed=3)
    match.roll()
    refused(match, match.offer_resignation, SINGLE)
    refused(match, match.offer_resignation, "a lot")


def test_greek_resigning_costs_two_before_bearing_off_and_one_after():
    match = Match(5, Rules.greek(), seed=3)
    to_roll(match, 1)
    assert match.resign_options() == [GAMMON]
    score = match.offer_resignation()
    assert (score.winner, score.points) == (0, 2)
    assert as_dicts(match.log)[-2] == {"type": "resign", "player": 1, "level": "gammon"}
    late = set_up(Position.from_points({6: 5, 8: 5, 13: 4}, {1: 1}), rules=Rules.greek())
    assert late.resign_options() == [SINGLE]
    assert "counts as a single" in refused(late, late.offer_resignation, GAMMON)
    late.offer_resignation()
    assert late.scores == [0, 1]


# --- resigning the match ------------------------------------------------------------------------


def test_resigning_the_match_loses_it_at_once_from_any_phase():
    match = Match(7, seed=3)
    to_roll(match, 0)
    match.roll()  # player 0 is moving; player 1 resigns the match
    match.resign_match(1)
    assert match.phase == "match-over" and match.winner == 0 and match.scores == [7, 0]
    assert match.end_reason == "resign-match"
    assert match.legal_actions() == []
    refused(match, match.resign_match, 0)


def test_resigning_the_match_between_games():
    match = Match(7, seed=3)
    lose_round(match, 0)
    match.resign_match(0)
    assert match.scores == [0, 7] and match.winner == 1
    assert [e["type"] for e in as_dicts(match.log)[-2:]] == ["resign-match", "match-over"]


def test_resigning_a_money_session_loses_the_game_at_its_most():
    match = Match(None, seed=3)
    to_roll(match, 0)
    match.double()
    match.take()
    match.resign_match(0)
    assert match.scores == [0, 6]  # backgammon at cube 2
    assert match.phase == "match-over" and match.winner == 1


# --- illegal actions change nothing -------------------------------------------------------------


def _at(phase: str) -> Match:
    match = Match(5, seed=12)
    if phase == "opening":
        return match
    if phase == "roll":
        to_roll(match, 0)
    elif phase == "move":
        to_roll(match, 0)
        match.roll()
    elif phase == "cube":
        to_roll(match, 0)
        match.double()
    elif phase == "resign":
        to_roll(match, 0)
        match.offer_resignation(SINGLE)
    elif phase == "game-over":
        lose_round(match, 0)
    elif phase == "match-over":
        match.resign_match(0)
    assert match.phase == phase
    return match


ACTIONS = {
    "roll": lambda m: m.roll(),
    "move": lambda m: m.move((13, 7)),
    "end_turn": lambda m: m.end_turn(),
    "play": lambda m: m.play("13/7 8/7"),
    "double": lambda m: m.double(),
    "take": lambda m: m.take(),
    "drop": lambda m: m.drop(),
    "resign": lambda m: m.offer_resignation(SINGLE),
    "accept": lambda m: m.accept_resignation(),
    "refuse": lambda m: m.refuse_resignation(),
    "next_game": lambda m: m.next_game(),
    "claim": lambda m: m.claim_timeout(),
}
ALLOWED = {
    "opening": {"roll"},
    "roll": {"roll", "double", "resign"},
    "move": {"move", "play"},
    "cube": {"take", "drop"},
    "resign": {"accept", "refuse"},
    "game-over": {"next_game"},
    "match-over": set(),
}


@pytest.mark.parametrize("phase", list(ALLOWED))
def test_actions_out_of_phase_are_refused_and_change_nothing(phase):
    for name, action in ACTIONS.items():
        if name in ALLOWED[phase]:
            continue
        match = _at(phase)
        message = refused(match, action, match)
        assert message


def test_acting_for_the_wrong_player_is_refused():
    match = _at("roll")
    assert "player 0's move" in refused(match, match.roll, player=1)
    refused(match, match.double, player=1)
    match.double()
    refused(match, match.take, player=0)
    refused(match, match.resign_match, 2)
    refused(match, match.resign_match, True)


def test_illegal_checker_moves_and_unfinished_turns_are_refused():
    match = Match(5, dice=FixedDice([6, 1]))
    match.roll()
    refused(match, match.move, (12, 6))
    refused(match, match.move, (13, 6))
    refused(match, match.play, "24/18 13/11")
    match.move((13, 7))
    assert "dice remain" in refused(match, match.end_turn)
    assert match.undo() is not None
    assert match.undo() is None


def test_a_bad_length_or_games_count_is_refused():
    for length in (0, 26, -1, 2.5, True):
        with pytest.raises(MatchError):
            Match(length)
    with pytest.raises(MatchError):
        Match(5, games=3)
    with pytest.raises(MatchError):
        Match(None, games=0)


# --- rules --------------------------------------------------------------------------------------


def test_the_presets_and_their_options():
    international = Rules.international()
    assert (international.cube, international.crawford, international.jacoby, international.backgammons) == (True,) * 4
    assert not international.minimize_waste and international.resign_offers
    greek = Rules.greek()
    assert not (greek.cube or greek.backgammons or greek.resign_offers)
    assert greek.minimize_waste
    assert Rules.preset("greek", cube=True).cube
    assert Rules.from_dict(greek.to_dict()) == greek
    with pytest.raises(ValueError):
        Rules.preset("plakoto")
    with pytest.raises(ValueError):
        Rules.international(cube="yes")
    with pytest.raises(ValueError):
        Rules.from_dict({"name": "greek", "doubles": True})


def test_greek_matches_play_with_least_waste():
    position = Position.from_points({6: 1, 3: 1}, {6: 5, 8: 5, 13: 5})
    match = set_up(position, rules=Rules.greek(), dice=FixedDice([6, 4]))
    match.roll()
    assert all(p.moves != ((6, 2), (3, 0)) for p in match.turn.plays)  # 3/off with the 6 wastes 3
    loose = set_up(position, dice=FixedDice([6, 4]))
    loose.roll()
    assert len(loose.turn.plays) > len(match.turn.plays)
