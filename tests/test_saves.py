"""The match in progress saved after every action and resumed (web.model.saves), over a plain dict."""

from __future__ import annotations

import json

from tavli.formats import savefile
from tavli.match import Match
from web.model import saves as S
from web.model.setup import MatchSetup


def play_a_while(match: Match, actions: int) -> None:
    """Drive ``match`` with its first legal plays, ``actions`` steps."""
    for _ in range(actions):
        if match.phase in ("opening", "roll"):
            match.roll()
        elif match.phase == "move":
            plays = match.turn.plays if hasattr(match.turn, "plays") else None
            if plays:
                match.play(plays[0])
            else:
                match.end_turn()
        elif match.phase == "game-over":
            match.next_game()
        else:
            break


def test_no_save_is_nothing_to_resume():
    loaded = S.load_match({})
    assert loaded.match is None and loaded.problem is None and loaded.moved_to is None
    assert S.load_match(None).match is None


def test_save_after_every_action_and_resume_exactly():
    store: dict[str, str] = {}
    setup = MatchSetup(mode="cpu", level="expert", length=5, clock="standard", names=("Ελένη", ""))
    match = Match(5, seed=11)
    for _ in range(12):
        play_a_while(match, 1)
        assert S.save_match(store, match, setup)
        loaded = S.load_match(store)
        assert loaded.problem is None
        assert loaded.match is not None
        assert savefile.dumps(loaded.match) == savefile.dumps(match)
        assert loaded.setup == setup
        assert not loaded.finished
    assert store[S.MATCH_KEY] == savefile.dumps(match)  # the stored text is the match's own document
    assert json.loads(store[S.MATCH_KEY])["format"] == "tavli-match"


def test_a_resumed_match_goes_on_with_the_same_dice():
    store: dict[str, str] = {}
    a = Match(3, seed=4)
    play_a_while(a, 5)
    S.save_match(store, a)
    b = S.load_match(store).match
    play_a_while(a, 6)
    play_a_while(b, 6)
    assert savefile.dumps(a) == savefile.dumps(b)


def test_an_unreadable_save_is_set_aside_not_deleted():
    for bad in ("{not json", '{"format": "tavli-match", "version": 999}', "[]", '{"format": "other"}'):
        store = {S.MATCH_KEY: bad, S.SETUP_KEY: json.dumps({"mode": "pvp"})}
        loaded = S.load_match(store, stamp=1764422100123)
        assert loaded.match is None
        assert loaded.problem  # a reason to report once
        assert loaded.moved_to == "tavli.match.corrupt.1764422100123"
        assert store[loaded.moved_to] == bad  # kept, under another key
        assert S.MATCH_KEY not in store  # so the next load starts fresh, with no second report
        assert S.load_match(store).problem is None
        assert loaded.setup.mode == "pvp"


def test_set_aside_keys_never_overwrite_each_other():
    store = {S.MATCH_KEY: "bad 1"}
    first = S.load_match(store, stamp="7").moved_to
    store[S.MATCH_KEY] = "bad 2"
    second = S.load_match(store, stamp="7").moved_to
    assert first != second
    assert {store[first], store[second]} == {"bad 1", "bad 2"}
    assert S.corrupt_saves(store) == sorted([first, second])


def test_a_damaged_valid_json_save_is_set_aside():
    store: dict[str, str] = {}
    match = Match(3, seed=2)
    play_a_while(match, 3)
    S.save_match(store, match)
    doc = json.loads(store[S.MATCH_KEY])
    doc["state"]["scores"] = "lots"
    store[S.MATCH_KEY] = json.dumps(doc)
    loaded = S.load_match(store, stamp=5)
    assert loaded.match is None and loaded.problem and loaded.moved_to in store


def test_storage_failures_never_raise():
    class Full(dict):
        def __setitem__(self, key, value):
            raise OSError("quota exceeded")

    match = Match(1, seed=1)
    assert S.save_match(Full(), match) is False
    assert S.save_match(None, match) is False
    # A bad save that cannot be moved stays where it is, and the page still starts.
    full = Full()
    dict.__setitem__(full, S.MATCH_KEY, "garbage")
    loaded = S.load_match(full, stamp=3)
    assert loaded.match is None and loaded.problem and loaded.moved_to is None
    assert dict.get(full, S.MATCH_KEY) == "garbage"


def test_finished_and_cleared():
    store: dict[str, str] = {}
    match = Match(1, seed=3)
    match.resign_match(0)
    S.save_match(store, match, MatchSetup())
    assert S.load_match(store).finished
    S.clear_match(store)
    assert S.MATCH_KEY not in store and S.SETUP_KEY not in store
    assert S.load_match(store).match is None


def test_a_match_against_the_grandmaster_resumes_at_that_level():
    # issue 17: the new level is kept with the match (an older save's level reads as before)
    store: dict[str, str] = {}
    setup = MatchSetup(mode="cpu", level="grandmaster", length=3)
    match = Match(3, seed=2)
    play_a_while(match, 3)
    assert S.save_match(store, match, setup)
    loaded = S.load_match(store)
    assert loaded.problem is None and loaded.setup.level == "grandmaster"
    store[S.SETUP_KEY] = store[S.SETUP_KEY].replace("grandmaster", "champion")
    assert S.load_match(store).setup.level == "champion"
