"""Match <-> GNU Backgammon Position/Match ID, XGID and .mat: known IDs and round trips."""

from __future__ import annotations

import json
import random

import pytest

from tavli import FixedDice, Outcome, Position
from tavli.ai.heuristic import BeginnerBot
from tavli.cli import play_match
from tavli.events import as_dicts
from tavli.formats import matchio, savefile
from tavli.match import Match
from tavli.scoring import Rules

START = "4HPwATDgc/ABMA"


def random_match(seed: int, length: int | None = 5, rules: Rules | None = None, steps: int = 300):
    """Yield a match at each step of random legal play (never resigning the match)."""
    rng = random.Random(seed)
    match = Match(length, rules, seed=seed, games=2 if length is None else None)
    for _ in range(steps):
        yield match
        if match.is_over():
            return
        actions = [a for a in match.legal_actions() if a != "resign-match"]
        calm = [a for a in actions if a not in ("resign", "drop", "accept")]
        action = rng.choice(calm if calm and rng.random() < 0.95 else actions)
        if action == "roll":
            match.roll()
        elif action == "move":
            match.play(rng.choice(match.turn.plays))
        elif action == "end-turn":
            match.end_turn()
        elif action == "double":
            match.double()
        elif action == "take":
            match.take()
        elif action == "drop":
            match.drop()
        elif action == "resign":
            match.offer_resignation(rng.choice(match.resign_options()))
        elif action == "accept":
            match.accept_resignation()
        elif action == "refuse":
            match.refuse_resignation()
        elif action == "next-game":
            match.next_game()


# --- known IDs ----------------------------------------------------------------------------------


def test_the_gnubg_manuals_match_id_example():
    # "A technical description of the Match ID": 9-point match, score 2-4, player 0 owns a
    # 2-cube, player 1 has rolled 52.
    match = matchio.from_gnubg_id(f"{START}:QYkqASAAIAAA")
    assert match.length == 9 and match.scores == [2, 4]
    assert (match.cube, match.cube_owner) == (2, 0)
    assert match.phase == "move" and match.on_roll == 1 and sorted(match.rolled) == [2, 5]
    assert match.position_for(1) == Position.initial()
    assert not match.crawford


def test_the_gnubg_manuals_first_game_example():
    # The manual's introduction: a money session, gnubg (player 0) opens with 31.
    match = matchio.from_gnubg_id(START, "MIEFAAAAAAAA")
    assert match.money and match.cube == 1 and match.cube_owner is None
    assert match.phase == "move" and match.on_roll == 0 and match.rolled == (3, 1)
    match.play("8/5 6/5")
    assert match.phase == "roll" and match.on_roll == 1


def test_the_xg_example_xgid():
    match = matchio.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10")
    assert match.length == 7 and match.scores == [0, 0]
    assert match.phase == "move" and match.on_roll == 1 and match.rolled == (5, 2)
    assert match.position_for(1) == Position.initial()


def test_an_xgid_with_a_double_offered():
    match = matchio.from_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:3:1:0:7:10")
    assert match.phase == "cube" and match.on_roll == 0 and match.to_act == 1
    assert (match.cube, match.cube_owner) == (2, 0)  # player 0 doubles his own 2-cube
    assert match.scores == [1, 3]
    match.take()
    assert (match.cube, match.cube_owner) == (4, 1)


def test_ids_of_a_crawford_game():
    match = matchio.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10")
    assert match.crawford and match.crawford_played and not match.can_double()
    assert ":1:5:10" in matchio.xgid(match)


def test_post_crawford_ids_know_the_crawford_game_is_past():
    match = matchio.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:0:5:10")
    assert not match.crawford and match.crawford_played and match.can_double()


# --- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed, length, rules", [(1, 5, None), (2, None, None), (3, 3, Rules.greek()), (4, 7, None)])
def test_gnubg_ids_and_xgids_round_trip(seed, length, rules):
    checked = 0
    for match in random_match(seed, length, rules):
        if match.phase in ("game-over", "match-over"):
            continue
        ids = matchio.gnubg_id(match)
        again = matchio.from_gnubg_id(ids, rules=match.rules)
        assert matchio.gnubg_id(again) == ids
        assert (again.phase, again.scores, again.cube, again.cube_owner, again.crawford) == (
            match.phase, match.scores, match.cube, match.cube_owner, match.crawford)
        assert again.to_act == match.to_act and again.resign_offer == match.resign_offer
        if match.phase != "resign":  # an XGID has no room for a resignation offer
            text = matchio.xgid(match)
            other = matchio.from_xgid(text, rules=match.rules)
            assert matchio.xgid(other) == text
            assert other.position_for(0) == match.game.position_for(0)
        checked += 1
    assert checked > 10


def test_a_match_set_up_from_an_id_plays_on_saves_and_replays():
    match = matchio.from_gnubg_id(f"{START}:QYkqASAAIAAA")
    play_match(match, [BeginnerBot(), BeginnerBot()])
    assert match.is_over() and max(match.scores) == 9
    assert as_dicts(match.log)[0]["type"] == "setup"
    loaded = savefile.loads(savefile.dumps(match))
    assert savefile.dumps(loaded) == savefile.dumps(match)
    again = matchio.replay(match.log, 9)
    assert again.scores == match.scores and again.winner == match.winner
    with pytest.raises(ValueError, match="set up from a position"):
        matchio.to_mat(match)


@pytest.mark.parametrize(
    "text, rules, reason",
    [
        (f"{START}:QYkqASAAIAAA", Rules.greek(), "cube"),
        (f"{START}:QYkqASAAIAAA", Rules.international(cube=False), "cube"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10", Rules.international(crawford=False), "Crawford"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:2:0:31:10", None, "1..25 points"),
        ("XGID=-b----E-C---eE---c-e----B-:7:1:1:00:2:2:0:0:10", None, "64"),
        ("XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:3:1:0:7:10", None, "owner"),
        ("XGID=" + "-" * 26 + ":0:0:1:00:2:2:0:5:10", None, "checkers on both sides"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:5:2:0:5:10", None, "already over"),
    ],
)
def test_ids_a_match_cannot_start_from_are_refused(text, rules, reason):
    with pytest.raises(ValueError, match=reason):
        if text.startswith("XGID"):
            matchio.from_xgid(text, rules=rules)
        else:
            matchio.from_gnubg_id(text, rules=rules)


def test_a_finished_game_id_is_refused():
    match = Match(5, seed=3)
    match.roll()
    match.resign_match(1)
    with pytest.raises(ValueError, match="finished"):
        matchio.from_gnubg_id(matchio.gnubg_id(match))


# --- .mat ---------------------------------------------------------------------------------------


def _bot_match(seed: int, length: int | None = 7, rules: Rules | None = None) -> Match:
    match = Match(length, rules, seed=seed, games=3 if length is None else None)
    return play_match(match, [BeginnerBot(), BeginnerBot()])


@pytest.mark.parametrize("seed, length, rules", [(1, 7, None), (2, 5, Rules.greek()), (3, None, None), (4, 3, None)])
def test_mat_export_then_import_gives_the_same_match(seed, length, rules):
    match = _bot_match(seed, length, rules)
    text = matchio.to_mat(match, ("Alice", "Bob"))
    again = matchio.from_mat(text)
    assert again.rules == match.rules and again.length == match.length
    assert again.scores == match.scores and again.game_number == match.game_number
    assert [(r.winner, r.points, r.cube) for r in again.results] == [(r.winner, r.points, r.cube) for r in match.results]
    plays = [(e["player"], e["dice"], e["moves"]) for e in as_dicts(match.log) if e["type"] == "play"]
    assert [(e["player"], e["dice"], e["moves"]) for e in as_dicts(again.log) if e["type"] == "play"] == plays
    assert matchio.to_mat(again, ("Alice", "Bob")) == text


def test_random_matches_survive_the_mat_round_trip():
    for seed in range(5, 9):
        *_, match = random_match(seed, 5, steps=250)
        text = matchio.to_mat(match)
        again = matchio.from_mat(text)
        assert matchio.to_mat(again) == text and again.scores == match.scores


def _short_game() -> Match:
    # Player 0 opens with 3-1, player 1 plays 6-4, player 0 5-5; player 1 doubles, player 0 drops.
    match = Match(3, dice=FixedDice([3, 1, 6, 4, 5, 5]))
    match.roll()
    match.play("8/5 6/5")
    match.roll()
    match.play("24/14")
    match.roll()
    match.play("13/3(2)")
    match.double()
    match.drop()
    return match


EXPECTED_MAT = (
    '; [Site "Tavli"]\n'
    '; [Rules "international"]\n'
    '; [Options "cube=on,crawford=on,jacoby=on,backgammons=on,minimize_waste=off,resign_offers=on"]\n'
    "\n"
    " 3 point match\n"
    "\n"
    " Game 1\n"
    " Ann : 0                        Ben : 0\n"
    "  1) 31: 8/5 6/5                 64: 24/18 18/14 \n"
    "  2) 55: 13/8 13/8 8/3 8/3        Doubles => 2\n"
    "  3)  Drops                       Wins 1 point \n"
    "\n"
)


def test_mat_layout_of_a_short_game():
    match = _short_game()
    assert matchio.to_mat(match, ("Ann", "Ben")) == EXPECTED_MAT
    again = matchio.from_mat(EXPECTED_MAT)
    assert again.scores == [0, 1] and again.phase == "game-over" and again.cube == 1
    assert [e["type"] for e in as_dicts(again.log) if e["type"] in ("double", "drop", "win")] == ["double", "drop", "win"]


def test_a_mat_that_breaks_the_rules_is_refused_with_the_game():
    text = matchio.to_mat(_short_game(), ("Ann", "Ben")).replace("64: 24/18 18/14", "64: 24/18 18/13")
    with pytest.raises(ValueError, match="game 1"):
        matchio.from_mat(text)
    wrong_points = matchio.to_mat(_short_game(), ("Ann", "Ben")).replace("Wins 1 point", "Wins 2 points")
    with pytest.raises(ValueError, match="game 1"):
        matchio.from_mat(wrong_points)


def test_a_resigned_game_and_a_resigned_match_in_a_mat():
    match = Match(5, seed=4)
    match.roll()
    match.play(match.turn.plays[0])
    match.offer_resignation(Outcome.GAMMON)
    match.accept_resignation()
    match.next_game()
    match.roll()
    match.resign_match(match.on_roll)
    again = matchio.from_mat(matchio.to_mat(match))
    assert again.scores == match.scores and again.is_over() and again.winner == match.winner


def test_mat_of_a_greek_match_keeps_the_rules():
    match = _bot_match(6, 3, Rules.greek())
    again = matchio.from_mat(matchio.to_mat(match))
    assert again.rules == Rules.greek()
    document = json.loads(savefile.dumps(again))
    assert document["rules"]["minimize_waste"] is True
