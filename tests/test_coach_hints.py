"""tavli.coach.hints and cube_hint: the best plays of a roll and the cube advice, for any game."""

from __future__ import annotations

import pytest

from tavli.ai.context import MatchContext
from tavli.coach.cube_hint import CubeAction, CubeKind, cube_hint_steps
from tavli.coach.hints import best_plays_steps
from tavli.coach.judge import Judge, Scale, judge_steps
from tavli.games.portes import Position, legal_plays
from tavli.games.registry import game_kind
from tavli.scoring import Rules
from tavli.steps import finish

MONEY = MatchContext(length=None)


def judge(context: MatchContext = MONEY) -> Judge:
    return finish(judge_steps(context))


def test_the_opening_plays_are_ranked_best_first_with_their_losses() -> None:
    hints = finish(best_plays_steps(judge(), Position.initial(), (3, 1), Scale.money()))
    assert hints[0].text == "8/5 6/5"  # making the 5 point: every engine's answer to 31
    assert len(hints) == 5 and all(h.ply == 1 for h in hints)
    assert [h.equity for h in hints] == sorted((h.equity for h in hints), reverse=True)
    for h in hints:
        assert h.loss == pytest.approx(hints[0].equity - h.equity) and h.loss >= 0.0
    legal = {p.moves for p in legal_plays(Position.initial(), (3, 1))}
    assert all(h.moves in legal for h in hints)


def test_a_forced_play_comes_back_alone() -> None:
    # 6-6 against a five-point board: the checker on the bar enters on the 19 and nothing else can move
    position = Position.from_points({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 12: 5})
    hints = finish(best_plays_steps(judge(), position, (6, 6), Scale.money()))
    assert len(hints) == 1 and hints[0].loss == 0.0 and hints[0].ply == 0


@pytest.mark.parametrize("variant", ["plakoto", "fevga"])
def test_plakoto_and_fevga_hints_use_their_nets(variant: str) -> None:
    context = MatchContext(length=3, variant=variant, rules=Rules.greek())
    kind = game_kind(variant)
    hints = finish(best_plays_steps(judge(context), kind.initial(), (6, 5), Scale.of(context)))
    assert hints and [h.equity for h in hints] == sorted((h.equity for h in hints), reverse=True)
    assert all(-3.0 <= h.equity <= 3.0 for h in hints)


def test_match_equities_are_normalised_so_that_a_single_game_is_worth_one() -> None:
    scale = Scale.of(MatchContext(length=7, score=(3, 5)))
    assert scale.value((1.0, 0.0, 0.0, 0.0, 0.0)) == pytest.approx(1.0)
    assert scale.value((0.0, 0.0, 0.0, 0.0, 0.0)) == pytest.approx(-1.0)
    p = (0.6, 0.2, 0.01, 0.1, 0.005)
    flipped = (1 - p[0], p[3], p[4], p[1], p[2])
    assert scale.flipped().value(flipped) == pytest.approx(-scale.value(p))


RACE_WON = Position.from_points({1: 3, 2: 3, 3: 3}, {6: 4, 5: 3, 4: 3})  # 9 checkers home vs 10 far behind


@pytest.mark.parametrize("context", [MONEY, MatchContext(length=7), MatchContext(length=7, score=(4, 5))])
def test_a_hopeless_position_for_the_opponent_is_double_pass(context: MatchContext) -> None:
    j = judge()
    hint = finish(cube_hint_steps(j, RACE_WON, context, CubeKind.DOUBLE))
    assert hint is not None and hint.action is CubeAction.DOUBLE_PASS
    assert hint.to_dict()["action"] == "double-pass"
    taker = finish(cube_hint_steps(j, RACE_WON.swap(), context, CubeKind.TAKE))
    assert taker is not None and taker.action is CubeAction.PASS


@pytest.mark.parametrize("context", [MONEY, MatchContext(length=7)])
def test_a_very_early_position_is_no_double_and_a_take(context: MatchContext) -> None:
    j = judge()
    hint = finish(cube_hint_steps(j, Position.initial(), context, CubeKind.DOUBLE))
    assert hint is not None and hint.action is CubeAction.NO_DOUBLE
    d = hint.to_dict()
    assert d["kind"] == "double" and d["no_double"] > d["double_take"] and d["text"].startswith("No double")
    taker = finish(cube_hint_steps(j, Position.initial(), context, CubeKind.TAKE))
    assert taker is not None and taker.action is CubeAction.TAKE


def test_no_cube_hint_when_the_player_may_not_double() -> None:
    j = judge()
    owned = MatchContext(length=None, cube=2, owner="opponent")
    assert finish(cube_hint_steps(j, RACE_WON, owned, CubeKind.DOUBLE)) is None
    crawford = MatchContext(length=5, score=(4, 2), crawford=True, cube_available=False)
    assert finish(cube_hint_steps(j, RACE_WON, crawford, CubeKind.DOUBLE)) is None


def test_the_deeper_hint_values_the_best_three_at_two_ply() -> None:
    j = judge()
    hints = finish(best_plays_steps(j, Position.initial(), (3, 1), Scale.money(), depth=2))
    assert [h.ply for h in hints] == [2, 2, 2] and hints[0].text == "8/5 6/5" and hints[0].loss == 0.0
    assert [h.equity for h in hints] == sorted((h.equity for h in hints), reverse=True)


def test_two_ply_in_fevga_and_an_ending_valued_exactly() -> None:
    context = MatchContext(length=1, variant="fevga", rules=Rules.greek())
    j = judge(context)
    kind = game_kind("fevga")
    plays = kind.legal_plays(kind.initial(), (6, 5))
    assert -2.0 <= finish(j.two_ply_steps(plays[0].result, Scale.of(context))) <= 2.0
    # Portes: a play that bears off the last checker is worth its result, whatever the depth
    last = Position.from_points({1: 1}, {6: 5, 8: 5, 13: 5})
    (play,) = legal_plays(last, (2, 1))[:1]
    assert finish(judge().two_ply_steps(play.result, Scale.money())) == pytest.approx(2.0)  # a gammon
