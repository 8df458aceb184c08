"""tavli.coach.jobs: the worker's requests and answers (interface C)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tavli.coach import hints
from tavli.coach.jobs import job_steps, run_job
from tavli.formats.savefile import to_document
from tavli.match import Match


def hint(match: Match) -> dict[str, Any]:
    answer = run_job({"job": "hint", "save": to_document(match)})
    json.dumps(answer)  # JSON-ready
    return answer


def drive(request: Any) -> tuple[list[float | None], dict[str, Any]]:
    """What :func:`job_steps` yields, and its answer."""
    steps = job_steps(request)
    yields: list[float | None] = []
    while True:
        try:
            yields.append(next(steps))
        except StopIteration as stop:
            return yields, stop.value


def test_the_hint_lists_the_best_plays_of_the_roll() -> None:
    m = Match(7, seed=5)
    m.roll()
    answer = hint(m)
    assert answer["variant"] == "portes" and answer["player"] == m.to_act and answer["dice"] == list(m.rolled)
    assert answer["forced"] is False and answer["cube"] is None
    plays = answer["plays"]
    assert 1 < len(plays) <= 5
    assert [p["equity"] for p in plays] == sorted((p["equity"] for p in plays), reverse=True)
    assert plays[0]["loss"] == 0.0
    for p in plays:
        assert p["loss"] == pytest.approx(plays[0]["equity"] - p["equity"], abs=2e-4)
        assert m.find_play(p["moves"]).moves == tuple(map(tuple, p["moves"]))  # a legal play of the roll


def test_during_a_turn_the_hint_is_for_the_whole_roll() -> None:
    m = Match(7, seed=5)
    m.roll()
    whole = hint(m)
    m.move(m.turn.legal_moves()[0])
    assert hint(m)["plays"] == whole["plays"]


def test_before_the_roll_the_hint_is_the_cube_and_when_doubled_take_or_pass() -> None:
    m = Match(None, seed=5)
    m.roll()
    m.play(m.turn.plays[0])
    answer = hint(m)  # the other player, before his roll
    assert answer["dice"] is None and answer["plays"] == []
    assert answer["cube"]["kind"] == "double" and answer["cube"]["action"] == "no-double"
    assert set(answer["cube"]) == {"kind", "action", "no_double", "double_take", "double_pass", "text"}
    m.double()
    answer = hint(m)
    assert answer["player"] == m.to_act and answer["cube"]["kind"] == "take" and answer["cube"]["action"] == "take"


def test_a_forced_roll_has_no_plays() -> None:
    m = Match(3, variant="fevga", seed=2)
    while m.turn is None:
        m.roll()
    assert len(m.turn.plays) == 1  # Fevga's first checker: 6-2 has one play
    answer = hint(m)
    assert answer["forced"] is True and answer["plays"] == []


def test_plakoto_hint_has_no_cube() -> None:
    m = Match(3, variant="plakoto", seed=2)
    while m.turn is None:
        m.roll()
    answer = hint(m)
    assert answer["variant"] == "plakoto" and answer["cube"] is None and answer["plays"]


@pytest.mark.parametrize("request_", [
    {"job": "hint", "save": {"format": "something else"}},
    {"job": "hint", "save": {"format": "tavli-match", "version": 3, "length": "x"}},
    {"job": "hint"},
    {"job": "fly", "save": None},
    {"save": None},
    ["hint"],
])
def test_bad_requests_get_an_error_never_an_exception(request_: Any) -> None:
    answer = run_job(request_)
    assert set(answer) == {"error"} and isinstance(answer["error"], str) and answer["error"]


@pytest.mark.parametrize("depth", [3, "2", True, -1, 1.5])
def test_a_hint_depth_is_one_or_two(depth: Any) -> None:
    m = Match(3, seed=1)
    m.roll()
    assert set(run_job({"job": "hint", "save": to_document(m), "depth": depth})) == {"error"}


def test_unknown_job_names_the_known_ones() -> None:
    m = Match(3, seed=1)
    assert "hint" in run_job({"job": "fly", "save": to_document(m)})["error"]


def test_job_steps_is_a_generator_returning_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # The hint's budget is in seconds: on a loaded machine one run could drop a candidate the other
    # looked at. Without it both look at the same candidates and must agree.
    monkeypatch.setitem(hints.best_plays_steps.__kwdefaults__, "budget", None)
    m = Match(3, seed=1)
    m.roll()
    yields, answer = drive({"job": "hint", "save": to_document(m)})
    assert yields and all(got is None for got in yields) and answer == hint(m)


def test_analyse_reports_progress_and_returns_the_analysis() -> None:
    from tavli.coach.analysis import analyse_steps
    from tavli.steps import finish

    m = Match(3, seed=8)
    while m.phase != "game-over" and len(m.log) < 40:  # a dozen turns of the first game
        if m.to_act is None or m.phase in ("roll", "opening"):
            m.roll()
        else:
            m.play(m.turn.plays[-1])
    yields, answer = drive({"job": "analyse", "save": to_document(m), "games": None})
    progress = [got for got in yields if got is not None]
    assert progress and all(0.0 <= p <= 1.0 for p in progress) and progress == sorted(progress)
    assert progress[-1] == 1.0
    assert answer == json.loads(json.dumps(finish(analyse_steps(m)).to_dict()))
    assert run_job({"job": "analyse", "save": to_document(m), "games": [1]}) == answer
    assert set(run_job({"job": "analyse", "save": to_document(m), "games": [4]})) == {"error"}
    assert set(run_job({"job": "analyse", "save": to_document(m), "games": "all"})) == {"error"}


# --- play (issue 17: the Grandmaster's plays in the worker) ------------------------------------------


def test_the_play_job_answers_the_level_s_play() -> None:
    from tavli.ai.context import MatchContext
    from tavli.ai.players import AIPlayer

    m = Match(7, seed=5)
    m.roll()
    answer = run_job({"job": "play", "save": to_document(m), "level": "grandmaster"})
    json.dumps(answer)
    assert answer["player"] == m.to_act and answer["dice"] == list(m.rolled)
    assert answer["plays"] == len(m.turn.plays) and answer["evaluations"] > answer["plays"]
    expected = AIPlayer("grandmaster").choose_play(m.turn.position, m.turn.dice, MatchContext.of(m, m.to_act))
    assert m.find_play(answer["moves"]) == m.find_play(expected)


def test_a_play_needs_a_level_and_a_roll() -> None:
    m = Match(7, seed=5)
    assert "error" in run_job({"job": "play", "save": to_document(m), "level": "grandmaster"})  # no roll yet
    m.roll()
    assert "level" in run_job({"job": "play", "save": to_document(m), "level": "god"})["error"]


def test_the_play_job_plays_plakoto_too() -> None:
    m = Match(3, variant="plakoto", seed=2)
    while m.phase != "move" or len(m.turn.plays) < 2:
        if m.phase == "move":
            m.play(m.turn.plays[0])
        else:
            m.roll()
    answer = run_job({"job": "play", "save": to_document(m), "level": "grandmaster"})
    assert answer["variant"] == "plakoto" and answer["evaluations"] == 0
    m.play(answer["moves"])  # a legal play of the roll
