"""The Beginner bot: honest heuristic plays, cube and resignation decisions, whole matches."""

from __future__ import annotations

import time

import pytest

from tavli import Outcome, Position, legal_plays
from tavli.ai.context import MatchContext
from tavli.ai.heuristic import BeginnerBot, certain_gammon, certain_loss, evaluate, make_bot, win_probability
from tavli.cli import play_match
from tavli.match import Match
from tavli.scoring import Rules

BOT = BeginnerBot()
MONEY = MatchContext()


def test_the_opening_3_1_makes_the_5_point():
    play = BOT.choose_play(Position.initial(), (3, 1))
    assert str(play) == "8/5 6/5"


def test_the_opening_6_1_makes_the_bar_point():
    assert str(BOT.choose_play(Position.initial(), (6, 1))) == "13/7 8/7"


def test_it_hits_a_blot_in_its_home_board():
    position = Position.from_points({6: 5, 8: 3, 13: 5, 24: 2}, {6: 4, 8: 3, 13: 5, 24: 2, 21: 1})  # his blot on my 4
    play = BOT.choose_play(position, (2, 4))
    assert any(step.hit for step in play.steps)


def test_it_bears_off_in_a_race():
    position = Position.from_points({1: 3, 2: 3, 3: 3}, {1: 5, 2: 5})
    play = BOT.choose_play(position, (3, 2))
    assert [m.end for m in play.steps] == [0, 0]


def test_it_always_chooses_a_legal_play():
    position = Position.from_points({25: 1, 6: 4, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 1, 20: 1})
    for dice in [(1, 1), (6, 5), (4, 4), (2, 1)]:
        assert BOT.choose_play(position, dice) in legal_plays(position, dice)


def test_greek_rules_make_it_waste_the_least():
    position = Position.from_points({6: 1, 3: 1}, {6: 5, 8: 5, 13: 5})
    context = MatchContext(rules=Rules.greek())
    play = BOT.choose_play(position, (6, 4), context)
    assert play in legal_plays(position, (6, 4), minimize_waste=True)


def test_evaluate_prefers_made_points_to_blots():
    made = Position.from_points({5: 2, 6: 4, 8: 2, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2})
    blots = Position.from_points({4: 1, 5: 1, 6: 4, 8: 2, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2})
    assert evaluate(made) > evaluate(blots)


def test_win_probability_follows_the_race():
    ahead = Position.from_points({1: 5, 2: 5, 3: 5}, {6: 5, 5: 5, 4: 5})
    behind = ahead.swap()
    assert win_probability(ahead) > 0.9
    assert win_probability(behind) < 0.35
    even = Position.initial()
    assert 0.5 < win_probability(even) < 0.65


# --- the cube -----------------------------------------------------------------------------------


RACE_AHEAD = Position.from_points({6: 4, 5: 4, 4: 4, 3: 3}, {12: 3, 10: 4, 9: 4, 8: 4})


def test_it_doubles_when_clearly_ahead_and_not_when_behind():
    assert BOT.cube_action(RACE_AHEAD, MONEY)
    assert not BOT.cube_action(RACE_AHEAD.swap(), MONEY)
    assert not BOT.cube_action(Position.initial(), MONEY)


def test_it_does_not_double_without_access_to_the_cube():
    assert not BOT.cube_action(RACE_AHEAD, MatchContext(cube=2, owner="opponent"))
    assert not BOT.cube_action(RACE_AHEAD, MatchContext(cube_available=False))
    assert not BOT.cube_action(RACE_AHEAD, MatchContext(cube=64, owner="me"))
    # One point from the target: a bigger cube only risks more.
    assert not BOT.cube_action(RACE_AHEAD, MatchContext(length=5, score=(4, 2)))


def test_trailing_post_crawford_it_doubles_at_once():
    assert BOT.cube_action(Position.initial(), MatchContext(length=5, score=(1, 4)))
    assert not BOT.cube_action(Position.initial(), MatchContext(length=5, score=(1, 4), crawford=True, cube_available=False))


def test_takes_unless_far_behind():
    close = Position.from_points({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 3: 5})  # bot's side, opponent on roll
    assert BOT.take_decision(close, MONEY)
    hopeless = Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {3: 2, 4: 1})
    assert not BOT.take_decision(hopeless, MONEY)
    # Dropping would lose the match anyway: take.
    assert BOT.take_decision(hopeless, MatchContext(length=5, score=(0, 3), cube=2))


# --- resigning ----------------------------------------------------------------------------------


def test_it_resigns_only_a_game_it_cannot_win():
    assert BOT.resign_offer(Position.initial(), MONEY) is None
    lost = Position.from_points({1: 2, 2: 2, 3: 2}, {1: 1})  # he bears off next turn; I need two
    assert certain_loss(lost) and not certain_gammon(lost)
    assert BOT.resign_offer(lost, MONEY) == Outcome.SINGLE
    not_yet = Position.from_points({1: 2}, {1: 2, 2: 2})
    assert BOT.resign_offer(not_yet, MONEY) is None


def test_it_resigns_a_gammon_it_cannot_save():
    gammoned = Position.from_points({13: 5, 12: 5, 11: 5}, {1: 2})
    assert certain_gammon(gammoned)
    assert BOT.resign_offer(gammoned, MONEY) == Outcome.GAMMON


def test_greek_it_resigns_only_when_the_cost_is_the_sure_loss():
    context = MatchContext(rules=Rules.greek())
    borne_off_some = Position.from_points({1: 2, 2: 2, 3: 2}, {1: 1})
    assert BOT.resign_offer(borne_off_some, context) == Outcome.SINGLE
    saves_the_gammon_maybe = Position.from_points({7: 5, 6: 5, 5: 5}, {1: 1, 2: 1})
    assert certain_loss(saves_the_gammon_maybe) and not certain_gammon(saves_the_gammon_maybe)
    assert BOT.resign_offer(saves_the_gammon_maybe, context) is None  # resigning would cost 2


def test_accepting_resignations():
    context = MatchContext(length=7)
    resigner_bore_off = Position.from_points({6: 5, 5: 5, 4: 4}, {8: 5, 9: 2})
    assert BOT.accept_resignation(resigner_bore_off, Outcome.SINGLE, context)  # he cannot lose more
    far_behind = Position.from_points({1: 5, 2: 5, 3: 5}, {17: 5, 15: 5, 13: 5})
    assert not BOT.accept_resignation(far_behind, Outcome.SINGLE, context)  # a gammon is likely
    assert BOT.accept_resignation(far_behind, Outcome.GAMMON, context)
    assert BOT.accept_resignation(far_behind, Outcome.SINGLE, MatchContext(length=7, score=(6, 0)))  # the match
    assert BOT.accept_resignation(far_behind, Outcome.SINGLE, MONEY)  # Jacoby at cube 1: gammons do not count
    stuck = Position.from_points({1: 5, 2: 5, 3: 5}, {21: 3, 19: 4, 15: 4, 13: 4})  # his checkers in my home
    assert not BOT.accept_resignation(stuck, Outcome.GAMMON, context)  # a backgammon is likely
    assert BOT.accept_resignation(stuck, Outcome.BACKGAMMON, context)


# --- whole matches ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [Rules.international(), Rules.greek()])
def test_bots_play_whole_matches(rules):
    for seed in range(3):
        match = play_match(Match(5, rules, seed=seed), [BOT, make_bot("beginner")])
        assert match.is_over() and max(match.scores) == 5


def test_the_bot_answers_every_phase():
    match = Match(5, seed=2)
    seen = set()
    for _ in range(2000):
        if match.is_over():
            break
        if match.phase == "game-over":
            match.next_game()
            continue
        player = match.to_act if match.to_act is not None else 0
        seen.add(BOT.act(match, player))
    assert {"roll", "play"} <= seen and "" not in seen


def test_the_bot_is_cheap():
    position = Position.from_points({6: 3, 7: 2, 8: 3, 13: 3, 24: 2, 22: 2}, {6: 4, 8: 3, 13: 4, 20: 2, 24: 2})
    start = time.perf_counter()
    for dice in [(1, 1), (2, 2), (3, 3), (6, 6)]:
        BOT.choose_play(position, dice)
    assert time.perf_counter() - start < 2.0


def test_unknown_bot_names_are_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")
