"""tavli.coach.analysis: each player's decisions judged, marks, totals per game and match, luck."""

from __future__ import annotations

import json

import pytest

from tavli import FixedDice, Match
from tavli.coach.analysis import THRESHOLDS, DecisionKind, Mark, MatchAnalysis, Stats, analyse_steps
from tavli.coach.record import StepKind, game_records
from tavli.formats.ids import MatchState
from tavli.formats.matchio import from_ids
from tavli.games.portes import Position, legal_plays
from tavli.scoring import Rules
from tavli.steps import finish
from tests.test_coach_record import played_match


def analyse(match: Match, games: list[int] | None = None) -> MatchAnalysis:
    return finish(analyse_steps(match, games))


@pytest.fixture(scope="module")
def portes_match() -> tuple[Match, MatchAnalysis]:
    m = played_match("portes", 3, seed=9)  # two games, doubles, takes and a no-double among them
    return m, analyse(m)


def blunder_match() -> Match:
    """Money play, both sides bearing off their last checkers: player 0 rolls 6-1 and, instead of
    bearing both off (6/off 1/off: he wins), plays 6/5/off and leaves one; player 1's 3-2 is forced."""
    position = Position.from_points({6: 1, 1: 1}, {1: 1})
    m = from_ids(position, MatchState(match_length=0), None, FixedDice([6, 1, 3, 2]))
    m.roll()
    m.play([(6, 5), (5, 0)])
    m.roll()
    assert len(m.turn.plays) == 1
    m.play(m.turn.plays[0])
    return m


def test_a_known_blunder_is_flagged_and_listed_first_and_a_forced_play_is_no_decision() -> None:
    a = analyse(blunder_match())
    worst = a.mistakes()[0]
    assert worst.kind is DecisionKind.PLAY and worst.player == 0 and worst.mark is Mark.BLUNDER
    assert worst.made.text == "6/off" and worst.best.text == "6/off 1/off"
    assert worst.loss == pytest.approx(2.0)  # a sure win thrown into a sure loss
    assert worst.to_dict()["mark"] == "blunder" and worst.dice == (6, 1)
    # player 1's only play was forced: no play decision of his, yet his roll's luck is measured
    assert not [d for d in a.games[0].decisions if d.player == 1 and d.kind is DecisionKind.PLAY]
    assert a.players[1].plays == 0 and a.players[0].plays == 1
    assert a.players[0].luck > 0.0  # 6-1 is one of the rolls that win at once


def test_marks_follow_gnubgs_thresholds() -> None:
    assert THRESHOLDS == {Mark.DOUBTFUL: 0.04, Mark.ERROR: 0.08, Mark.BLUNDER: 0.16}
    assert [Mark.of(x) for x in (0.0, 0.039, 0.04, 0.079, 0.08, 0.159, 0.16, 1.0)] == [
        Mark.NONE, Mark.NONE, Mark.DOUBTFUL, Mark.DOUBTFUL, Mark.ERROR, Mark.ERROR, Mark.BLUNDER, Mark.BLUNDER]


def test_every_unforced_play_is_a_decision_and_totals_add_up(portes_match: tuple[Match, MatchAnalysis]) -> None:
    m, a = portes_match
    records = game_records(m)
    assert len(a.games) == len(records) >= 2
    for record, game in zip(records, a.games):
        plays = [d for d in game.decisions if d.kind is DecisionKind.PLAY]
        unforced = [s for s in record.steps if s.kind is StepKind.PLAY and len(legal_plays(s.position, s.dice)) > 1]
        assert [(d.index, d.player) for d in plays] == [(s.index, s.player) for s in unforced]
        for d in game.decisions:
            step = record.steps[d.index]
            assert step.player == d.player and d.loss >= 0.0 and d.best.equity >= d.made.equity - 1e-12
            expected = {DecisionKind.PLAY: StepKind.PLAY, DecisionKind.NO_DOUBLE: StepKind.PLAY,
                        DecisionKind.DOUBLE: StepKind.DOUBLE, DecisionKind.TAKE: StepKind.TAKE,
                        DecisionKind.DROP: StepKind.DROP}[d.kind]
            assert step.kind is expected
        for player in (0, 1):
            mine = [d for d in game.decisions if d.player == player]
            s = game.players[player]
            assert s.decisions == len(mine) == s.plays + s.cube
            assert s.loss == pytest.approx(sum(d.loss for d in mine))
            assert (s.doubtful, s.errors, s.blunders) == tuple(
                sum(d.mark is mark for d in mine) for mark in (Mark.DOUBTFUL, Mark.ERROR, Mark.BLUNDER))
    for player in (0, 1):
        total = a.players[player]
        games = [g.players[player] for g in a.games]
        assert total.decisions == sum(g.decisions for g in games) > 0
        assert total.loss == pytest.approx(sum(g.loss for g in games))
        assert total.luck == pytest.approx(sum(g.luck for g in games)) and total.luck != 0.0
        assert total.error_rate == pytest.approx(1000 * total.loss / total.decisions)
        assert total.rating == pytest.approx(500 * total.loss / total.decisions)
    kinds = {d.kind for g in a.games for d in g.decisions}
    assert {DecisionKind.PLAY, DecisionKind.DOUBLE, DecisionKind.TAKE, DecisionKind.NO_DOUBLE} <= kinds


def test_the_answer_is_interface_c(portes_match: tuple[Match, MatchAnalysis]) -> None:
    _, a = portes_match
    d = json.loads(json.dumps(a.to_dict()))
    assert d["thresholds"] == {"doubtful": 0.04, "error": 0.08, "blunder": 0.16}
    stats_keys = {"decisions", "plays", "cube", "loss", "error_rate", "rating", "doubtful", "errors", "blunders", "luck"}
    assert all(set(s) == stats_keys for s in d["players"])
    for game in d["games"]:
        assert set(game) == {"number", "variant", "players", "decisions"}
        for dec in game["decisions"]:
            assert set(dec) == {"game", "index", "player", "kind", "dice", "made", "best", "loss", "mark", "luck"}
            assert set(dec["made"]) == set(dec["best"]) == {"text", "moves", "equity"}
            assert dec["kind"] in ("play", "double", "no-double", "take", "drop")
            assert (dec["dice"] is None) == (dec["kind"] != "play") == (dec["luck"] is None)


def test_only_the_games_asked_for() -> None:
    m = played_match("portes", 3, seed=9)
    assert len(game_records(m)) >= 2
    a = analyse(m, [2])
    assert [g.number for g in a.games] == [2] and a.players[0].decisions == a.games[0].players[0].decisions
    with pytest.raises(ValueError, match="game 9"):
        analyse(m, [9])


@pytest.mark.parametrize("variant", ["plakoto", "fevga"])
def test_plakoto_and_fevga_games_are_analysed(variant: str) -> None:
    m = played_match(variant, 1, seed=4, limit=50)  # the first twenty-five turns or so
    a = analyse(m)
    (game,) = a.games
    assert game.variant == variant and game.decisions
    assert all(d.kind is DecisionKind.PLAY for d in game.decisions)
    assert all(-3.0 <= d.made.equity <= d.best.equity <= 3.0 for d in game.decisions)
    assert a.players[0].luck != 0.0 and a.players[1].luck != 0.0


def test_greek_rules_and_money_play() -> None:
    greek = analyse(played_match("portes", 3, seed=2, rules=Rules.greek(), limit=40))
    assert greek.players[0].plays > 0 and greek.players[0].cube == greek.players[1].cube == 0
    money = analyse(played_match("portes", None, seed=2, limit=40))
    assert money.players[0].decisions + money.players[1].decisions > 0


def test_stats_of_nothing() -> None:
    s = Stats()
    assert (s.decisions, s.error_rate, s.rating) == (0, 0.0, 0.0)
