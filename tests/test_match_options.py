"""The rule options of Plakoto and Fevga given to a match (tavli.match ``options``): checked, used by
every game of that variant (a Tavli rotation too), kept in the saved match (issue 7)."""

from __future__ import annotations

import json

import pytest

from tavli import FixedDice
from tavli.formats import savefile
from tavli.games.fevga import FevgaPosition
from tavli.games.plakoto import PlakotoPosition
from tavli.match import Match, MatchError
from tavli.matchsetup import match_options

P = PlakotoPosition.from_points
F = FevgaPosition.from_points


def test_the_defaults_are_filled_in_for_the_games_of_the_match():
    assert Match(3).options == {}
    assert Match(3, variant="plakoto").options == {"mother_points": 2}
    assert Match(3, variant="fevga").options == {"first_checker": "pass", "prime": "open"}
    assert Match(3, variant="tavli", options={"prime": "free"}).options == {
        "mother_points": 2, "first_checker": "pass", "prime": "free"}


@pytest.mark.parametrize(("variant", "options", "message"), [
    ("portes", {"mother_points": 1}, "option of Plakoto, not of Portes"),
    ("plakoto", {"prime": "free"}, "option of Fevga, not of Plakoto"),
    ("fevga", {"mother_points": 2}, "option of Plakoto, not of Fevga"),
    ("tavli", {"cube": True}, "unknown option 'cube'"),
    ("plakoto", {"mother_points": 3}, "mother_points is 2 or 1, not 3"),
    ("plakoto", {"mother_points": "2"}, "not '2'"),
    ("plakoto", {"mother_points": True}, "not True"),
    ("plakoto", {"mother_points": 2.0}, "not 2.0"),
    ("fevga", {"first_checker": "sideways"}, "first_checker is 'pass' or 'quarter'"),
    ("fevga", {"prime": None}, "prime is 'open' or 'free', not None"),
    ("tavli", [("prime", "free")], "a dict"),
])
def test_options_the_match_does_not_take_are_refused(variant, options, message):
    with pytest.raises(MatchError, match=message.replace("(", r"\(")):
        Match(3, variant=variant, options=options)
    with pytest.raises(MatchError):
        match_options(variant, options)


def test_every_game_of_a_tavli_rotation_gets_its_own_options():
    match = Match(7, variant="tavli", seed=4, options={"mother_points": 1, "first_checker": "quarter"})
    seen = []
    for _ in range(4):
        seen.append((match.game_variant, match.game.options))
        if match.phase == "opening":
            match.roll()
        match.offer_resignation(player=match.game.on_roll)  # Greek: the game ends at once
        match.next_game()
    assert seen == [
        ("portes", {}),
        ("plakoto", {"mother_points": 1}),
        ("fevga", {"first_checker": "quarter", "prime": "open"}),
        ("portes", {}),
    ]


def _rolled(variant: str, position, dice: tuple[int, int], **options) -> Match:
    """A match whose player 0 wins the opening roll, then stands in ``position`` and rolls ``dice``."""
    match = Match(3, variant=variant, dice=FixedDice([5, 2, *dice]), options=options or None)
    match.roll()
    assert match.phase == "roll" and match.game.on_roll == 0
    match.game.position = position
    match.roll()
    return match


def test_a_pinned_mother_wins_what_the_option_says():
    position = P({3: 1, 10: 5}, {24: 1, 13: 14})  # the opponent's mother stands alone on his 24 (our 1)
    for options, points in (({}, 2), ({"mother_points": 1}, 1)):
        match = _rolled("plakoto", position, (2, 1), **options)
        match.play(next(p for p in match.turn.plays if (3, 1) in p.moves))
        assert match.phase == "game-over"
        assert (match.result.winner, match.result.reason, match.result.points) == (0, "mother", points)
        assert match.scores == [points, 0]


def test_the_fevga_first_checker_option_decides_when_a_second_checker_may_leave():
    # The first checker stands on our 13; a 1 brings it to 12, the opponent's starting quarter.
    position = F({24: 14, 13: 1}, {2: 15})
    plays = {}
    for rule in ("pass", "quarter"):
        match = _rolled("fevga", position, (2, 1), first_checker=rule)
        plays[rule] = {tuple(sorted(p.moves)) for p in match.turn.plays}
    assert ((13, 12), (24, 22)) not in plays["pass"]
    assert ((13, 12), (24, 22)) in plays["quarter"]
    assert plays["pass"] < plays["quarter"]


def test_the_options_are_saved_and_loaded_back():
    match = Match(5, variant="tavli", seed=9, options={"mother_points": 1, "prime": "free"})
    match.roll()
    document = json.loads(savefile.dumps(match))
    assert document["options"] == {"mother_points": 1, "first_checker": "pass", "prime": "free"}
    again = savefile.loads(savefile.dumps(match))
    assert again.options == match.options
    assert "options" not in json.loads(savefile.dumps(Match(5, seed=9)))  # Portes has none


def test_a_save_from_before_the_options_loads_with_the_defaults():
    document = json.loads(savefile.dumps(Match(5, variant="plakoto", seed=9)))
    del document["options"]
    assert savefile.loads(json.dumps(document)).options == {"mother_points": 2}


@pytest.mark.parametrize("options", [{"mother_points": 5}, {"prime": "free"}, [1, 2]])
def test_a_save_with_bad_options_is_refused(options):
    document = json.loads(savefile.dumps(Match(5, variant="plakoto", seed=9)))
    document["options"] = options
    with pytest.raises(ValueError, match="corrupt saved match"):
        savefile.loads(json.dumps(document))


def test_replay_takes_the_options():
    match = Match(3, variant="plakoto", seed=2, options={"mother_points": 1})
    match.roll()
    again = Match.replay(match.log, 3, variant="plakoto", options={"mother_points": 1})
    assert again.options == {"mother_points": 1} and again.phase == match.phase
