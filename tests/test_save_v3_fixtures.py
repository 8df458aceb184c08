"""Saves of version 3 (the format of ``tavli.formats.savefile`` at issue 13's reorganisation) load,
are what they say, write back unchanged and play on.

``tests/fixtures/save_v3_*.json`` were written by the code as it stood before the reorganisation
(savefile ``VERSION = 3``), with seeded dice and a bot playing both sides:

* ``save_v3_money.json``: a Portes money session (seed 2), three games finished (two doubles
  dropped, a resignation), game 4 in play with the cube at 2 owned by player 1, player 0 half way
  through his 1-3 (24/21 played);
* ``save_v3_tavli.json``: a Tavli match to 15 (seed 2) with every rule option changed and the
  Standard clock, Portes, Plakoto and Fevga finished, game 4 (Portes) in play, player 0 half way
  through his 6-4 (24/18 played).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tavli.ai.heuristic import BeginnerBot
from tavli.events import as_dicts
from tavli.formats import savefile
from tavli.match import Match
from tavli.phase import Phase

FIXTURES = Path(__file__).parent / "fixtures"
NAMES = ["save_v3_money.json", "save_v3_tavli.json"]


def load(name: str) -> Match:
    """The saved match; its clock reads a time that goes 0.7 s on at each action from 2000 s."""
    now = [2000.0]

    def tick() -> float:
        now[0] += 0.7
        return now[0]

    return savefile.loads((FIXTURES / name).read_text(), time=tick)


def finish_games(match: Match, games: int) -> None:
    """Let the bot play both sides until ``games`` more games are over (or the match); a turn
    half played is played again whole."""
    bot = BeginnerBot()
    target = len(match.results) + games
    while len(match.results) < target and not match.is_over():
        if match.phase == Phase.GAME_OVER:
            match.next_game()
        else:
            assert bot.act(match, 0 if match.to_act is None else match.to_act)


def test_the_money_session_is_what_was_saved() -> None:
    match = load("save_v3_money.json")
    assert match.variant == "portes" and match.length is None and match.max_games is None
    assert match.rules.name == "international"
    assert match.phase == "move" and match.game_number == 4
    assert match.scores == [3, 2]
    assert [(r.winner, r.cube, r.points, r.reason) for r in match.results] == [
        (0, 2, 2, "drop"), (0, 1, 1, "drop"), (1, 2, 2, "resign"),
    ]
    assert match.cube == 2 and match.cube_owner == 1
    assert match.on_roll == 0 and match.to_act == 0
    assert match.rolled == (1, 3)
    assert [(m.start, m.end, m.die) for m in match.turn.moves] == [(24, 21, 3)]
    assert match.game.position_for(0).position_id() == "Ns7gA0Bj2wYAMQ"
    assert match.game.opening_rolls == [(5, 6)]
    assert [e["type"] for e in as_dicts(match.log)[-3:]] == ["double", "take", "roll"]
    assert match.clock is None and match.dice.drawn == 322


def test_the_tavli_match_is_what_was_saved() -> None:
    match = load("save_v3_tavli.json")
    assert match.variant == "tavli" and match.length == 15
    assert match.options == {"mother_points": 1, "first_checker": "quarter", "prime": "free"}
    assert match.rules.name == "greek"
    assert match.phase == "move" and match.game_number == 4 and match.game_variant == "portes"
    assert match.scores == [2, 1]
    assert [(r.winner, r.points, r.reason) for r in match.results] == [(1, 1, "resign"), (0, 1, "bear-off"), (0, 1, "bear-off")]
    assert match.starter == 0 and match.on_roll == 0
    assert match.rolled == (6, 4)
    assert [(m.start, m.end, m.die) for m in match.turn.moves] == [(24, 18, 6)]
    assert match.game.position_for(0).position_id() == "4HPwATDgc/ABMA"
    state = match.clock_state(0.0)
    assert state is not None and state.mode == "standard" and state.paused and state.active == 0
    assert state.players[0].move_left == pytest.approx(12.9) and state.players[1].move_left == 15.0
    assert [e["type"] for e in as_dicts(match.log)[-3:]] == ["game", "roll", "pause"]


@pytest.mark.parametrize("name", NAMES)
def test_a_version_3_save_writes_back_unchanged(name: str) -> None:
    text = (FIXTURES / name).read_text()
    assert json.loads(savefile.dumps(load(name), 0.0)) == json.loads(text)


@pytest.mark.parametrize("name", NAMES)
def test_a_version_3_save_plays_on(name: str) -> None:
    match = load(name)
    turn = match.turn
    assert turn is not None and turn.legal_moves()
    finish_games(match, 2)
    assert len(match.results) >= 5 or match.phase == "match-over"
    again = savefile.loads(savefile.dumps(match))
    assert again.scores == match.scores and again.game_number == match.game_number and again.phase == match.phase


@pytest.mark.parametrize("name", NAMES)
def test_a_version_3_save_continues_its_dice(name: str) -> None:
    """The seeded dice carry on where the saved match left them, the same on every load."""
    first, second = load(name), load(name)
    assert [first.dice.die() for _ in range(12)] == [second.dice.die() for _ in range(12)]
