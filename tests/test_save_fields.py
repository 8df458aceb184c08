"""A save that loads can be resumed and shown: every field that resuming reads is checked when
loading (issue 12, item 14), and any other damage is a ValueError, never a crash later."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavli import FixedDice
from tavli.formats import savefile
from tavli.match import Match
from web.control.controller import Controller
from web.model.setup import MatchSetup, ViewOptions
from web.view.panel import panel_html
from web.view.render import render_board


def resume(match: Match) -> str:
    """What the page does with a loaded match: a controller, the board and the panel drawn."""
    ctl = Controller(MatchSetup(level="beginner", length=match.length), ViewOptions(), match=match)
    return render_board(ctl.board_view()) + panel_html(ctl.panel_view())


def _first_turn_document() -> dict:
    """A match against the computer in its first turn (the opening dice shown from the log),
    after a play (the last roll shown from the log)."""
    match = Match(3, dice=FixedDice([3, 1, 5, 2, 6, 4]))
    match.roll()
    match.play(match.turn.plays[0])
    return savefile.to_document(match)


def _event(document: dict, kind: str) -> dict:
    return next(e for e in document["log"] if e["type"] == kind)


def test_the_unchanged_document_resumes() -> None:
    assert "<svg" in resume(savefile.from_document(_first_turn_document()))


@pytest.mark.parametrize(
    "kind, key, value",
    [
        ("opening", "dice", None),
        ("opening", "dice", ["a", "b"]),
        ("opening", "dice", [0, 7]),
        ("opening", "dice", [3]),
        ("opening", "dice", [3.0, 1.0]),
        ("play", "player", "x"),
        ("play", "player", 2),
        ("play", "player", True),
        ("play", "player", None),
        ("play", "dice", [5, None]),
        ("play", "dice", "52"),
        ("play", "moves", [[24, "x"]]),
        ("play", "moves", [[24, 99]]),
        ("play", "moves", "24/18"),
        ("play", "moves", [[1, 2]] * 5),
        ("play", "text", None),
        ("play", "t", float("inf")),
        ("play", "t", "now"),
        ("game", "scores", [0]),
        ("game", "game", 0),
        ("game", "crawford", "no"),
    ],
)
def test_a_bad_log_field_is_refused_when_loading(kind, key, value) -> None:
    document = _first_turn_document()
    _event(document, kind)[key] = value
    with pytest.raises(ValueError, match="log"):
        savefile.from_document(document)


@pytest.mark.parametrize("kind", ["play", "opening"])
@pytest.mark.parametrize("key", ["dice", "type"])
def test_a_missing_log_field_is_refused(kind, key) -> None:
    document = _first_turn_document()
    del _event(document, kind)[key]
    with pytest.raises(ValueError, match="log"):
        savefile.from_document(document)


@pytest.mark.parametrize("event", [None, 3, [], {"type": "shrug"}, {"type": "roll", "player": 0}])
def test_an_unknown_or_incomplete_event_is_refused(event) -> None:
    document = _first_turn_document()
    document["log"].append(event)
    with pytest.raises(ValueError, match="log"):
        savefile.from_document(document)


@pytest.mark.parametrize(
    "key, value",
    [("end_reason", "bored"), ("end_reason", 5), ("end_reason", "resign")],
)
def test_a_bad_end_of_the_match_is_refused(key, value) -> None:
    document = _first_turn_document()
    document["state"][key] = value
    with pytest.raises(ValueError):
        savefile.from_document(document)


def test_a_bad_game_result_reason_is_refused() -> None:
    match = Match(3, dice=FixedDice([3, 1]))
    match.roll()
    match.resign_match(1)
    document = savefile.to_document(match)
    for place in (document["state"]["results"][0], document["state"]["result"], _event(document, "win")):
        place["reason"] = "magic"
    with pytest.raises(ValueError):
        savefile.from_document(document)


def _saved_document() -> dict:
    match = Match(None, seed=5)
    rng = random.Random(5)
    for _ in range(160):
        actions = [a for a in match.legal_actions() if a not in ("resign-match", "resign")]
        action = rng.choice(actions)
        if action == "move":
            match.move(rng.choice(match.turn.legal_moves()))
        elif action == "accept":
            match.accept_resignation()
        elif action == "refuse":
            match.refuse_resignation()
        else:
            getattr(match, {"end-turn": "end_turn", "next-game": "next_game"}.get(action, action))()
    return savefile.to_document(match)


DOCUMENT = _saved_document()
REPLACEMENTS = [None, -1, 0, 1, 7, 10**30, 1.5, float("inf"), float("nan"), "x", "", True, [], {}, ["a", "b"], [1, 2], {"type": 1}]


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, path + (index,))


PATHS = [p for p in _paths(DOCUMENT) if p]


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), st.sampled_from(REPLACEMENTS))
def test_a_changed_field_either_is_refused_or_resumes(path, replacement) -> None:
    document = json.loads(json.dumps(DOCUMENT))
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = replacement
    try:
        match = savefile.from_document(document)
    except ValueError:
        return
    resume(match)
    savefile.loads(savefile.dumps(match))  # and what it saves back loads again
