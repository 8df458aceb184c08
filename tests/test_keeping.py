"""What the page does at its start with what the device keeps (web.keeping, web.browser.storage): a save
with no room to set it aside is held, never overwritten; a save that fails while resuming is set
aside; storage that cannot keep anything is noticed; a URL naming another match asks first."""

from __future__ import annotations

import json
import sys
import types

import pytest

from tavli.match import Match
from web.browser.storage import BrowserStorage, StorageError, browser_storage
from web.control.controller import Controller
from web.control.present import draw_once
from web.model import keeping as K
from web.model import saves as S
from web.model.setup import MatchSetup


class QuotaStore(dict):
    """A dict with the browser's quota: a write that would pass ``limit`` characters raises."""

    def __init__(self, limit: int, **items: str) -> None:
        super().__init__(items)
        self.limit = limit

    def __setitem__(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.items() if k != key)
        if used + len(key) + len(value) > self.limit:
            raise StorageError("QuotaExceededError")
        super().__setitem__(key, value)


class RefusingStore(dict):
    def __setitem__(self, key: str, value: str) -> None:
        raise StorageError("SecurityError")


def make_controller(setup, match=None):
    return Controller(setup, match=match)


def saved(match: Match, mode: str = "pvp") -> dict[str, str]:
    store: dict[str, str] = {}
    S.save_match(store, match, MatchSetup(mode=mode))
    return store


# --- item 13: no room to set an unreadable save aside --------------------------------------------


def test_an_unreadable_save_with_no_room_to_copy_it_is_held_where_it_was():
    text = "Z" * 4000
    store = QuotaStore(5000, **{S.MATCH_KEY: text})
    found = K.unreadable(S.load_match(store, stamp=17))
    assert found is not None and found.held and found.moved_to is None
    assert found.text == text
    assert store[S.MATCH_KEY] == text  # not deleted
    assert S.corrupt_saves(store) == []
    K.discard(store, found)  # the player's answer: then it goes
    assert S.MATCH_KEY not in store


def test_an_unreadable_save_with_room_is_set_aside_not_held():
    store = {S.MATCH_KEY: "{not json"}
    found = K.unreadable(S.load_match(store, stamp=17))
    assert found is not None and not found.held
    assert found.moved_to == "tavli.match.corrupt.17" and store[found.moved_to] == "{not json"
    K.discard(store, found)  # a set-aside save is not discarded by the page
    assert store[found.moved_to] == "{not json"


def test_discard_leaves_a_save_that_changed_meanwhile():
    store = {S.MATCH_KEY: "new text"}
    K.discard(store, K.Unreadable(text="old text", problem="x", moved_to=None))
    assert store[S.MATCH_KEY] == "new text"


# --- item 14: whatever fails while resuming sets the save aside ----------------------------------


def opening_save() -> tuple[dict[str, str], dict]:
    match = Match(3, seed=5)
    match.roll()
    store = saved(match)
    return store, json.loads(store[S.MATCH_KEY])


def test_a_good_save_resumes():
    store, _ = opening_save()
    loaded = S.load_match(store)
    ctl, found = K.resume(loaded, store, make_controller, stamp=1, check=draw_once)
    assert found is None and ctl.match is loaded.match
    assert S.MATCH_KEY in store


def test_a_save_that_fails_to_resume_is_set_aside_with_its_exact_text():
    store, _ = opening_save()
    text = store[S.MATCH_KEY]
    loaded = S.load_match(store)

    def broken(setup, match=None):
        raise KeyError("a")

    ctl, found = K.resume(loaded, store, broken, stamp=99, check=draw_once)
    assert ctl is None and found is not None and not found.held
    assert found.moved_to == "tavli.match.corrupt.99" and store[found.moved_to] == text
    assert S.MATCH_KEY not in store
    assert "KeyError" in found.problem


def test_a_save_that_fails_to_draw_is_set_aside():
    store, _ = opening_save()
    loaded = S.load_match(store)

    def check(ctl):
        raise TypeError("cannot unpack non-iterable NoneType object")

    ctl, found = K.resume(loaded, store, make_controller, stamp=5, check=check)
    assert ctl is None and found.moved_to is not None


def test_a_save_that_fails_to_resume_with_no_room_is_held():
    store, _ = opening_save()
    text = store[S.MATCH_KEY]
    quota = QuotaStore(len(text) + 60, **store)
    loaded = S.load_match(quota)

    def broken(setup, match=None):
        raise ValueError("bad")

    ctl, found = K.resume(loaded, quota, broken, stamp=5, check=draw_once)
    assert ctl is None and found.held and quota[S.MATCH_KEY] == text


@pytest.mark.parametrize("field, value", [("dice", None), ("dice", ["a", "b"])])
def test_bad_opening_dice_in_the_log_never_stop_the_start(field, value):
    """The issue's saves: if validation lets them through, drawing them fails and they go aside."""
    store, doc = opening_save()
    for event in doc["log"]:
        if event["type"] == "opening":
            event[field] = value
    store[S.MATCH_KEY] = json.dumps(doc)
    loaded = S.load_match(store, stamp=3)
    if loaded.match is not None:
        ctl, found = K.resume(loaded, store, make_controller, stamp=3, check=draw_once)
        assert ctl is None
    else:
        found = K.unreadable(loaded)
    assert found is not None and store[found.moved_to] == json.dumps(doc)


def test_a_bad_player_in_a_play_never_stops_the_start():
    match = Match(3, seed=5)
    match.roll()
    match.play(match.turn.plays[0])
    if match.phase == "move":
        match.end_turn()
    store = saved(match)
    doc = json.loads(store[S.MATCH_KEY])
    for event in doc["log"]:
        if event["type"] == "play":
            event["player"] = "x"
    store[S.MATCH_KEY] = json.dumps(doc)
    loaded = S.load_match(store, stamp=3)
    if loaded.match is not None:
        ctl, found = K.resume(loaded, store, make_controller, stamp=3, check=draw_once)
        assert ctl is None
    else:
        found = K.unreadable(loaded)
    assert found is not None and store[found.moved_to] == json.dumps(doc)


def test_draw_once_draws_a_match_with_a_clock_and_a_question():
    match = Match(3, seed=5, clock=__import__("tavli.clock", fromlist=["Clock"]).Clock("standard"))
    match.roll()
    draw_once(Controller(None, match=match))


# --- item 19: storage that keeps nothing ----------------------------------------------------------


class FakeLocalStorage:
    """The Web Storage API as Pyodide shows it, with switches to make it fail."""

    def __init__(self, *, refuse_writes: bool = False, refuse_reads: bool = False) -> None:
        self.items: dict[str, str] = {}
        self.refuse_writes = refuse_writes
        self.refuse_reads = refuse_reads

    def getItem(self, key):
        if self.refuse_reads:
            raise RuntimeError("SecurityError")
        return self.items.get(key)

    def setItem(self, key, value):
        if self.refuse_writes:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)

    @property
    def length(self):
        return len(self.items)

    def key(self, i):
        return list(self.items)[i]


def test_storage_state():
    assert K.storage_state(None) is K.StorageState.ABSENT
    assert K.storage_state({}) is K.StorageState.USABLE
    assert K.storage_state(RefusingStore()) is K.StorageState.REFUSES
    assert K.storage_state(BrowserStorage(FakeLocalStorage())) is K.StorageState.USABLE
    assert K.storage_state(BrowserStorage(FakeLocalStorage(refuse_writes=True))) is K.StorageState.REFUSES
    usable = FakeLocalStorage()
    K.storage_state(BrowserStorage(usable))
    assert usable.items == {}  # the probe leaves nothing behind


def test_browser_storage_that_throws_on_every_access():
    store = BrowserStorage(FakeLocalStorage(refuse_writes=True, refuse_reads=True))
    assert store.get("tavli.match") is None
    with pytest.raises(StorageError):
        store["tavli.match"] = "x"
    assert S.save_match(store, Match(3, seed=1)) is False


def test_browser_storage_is_none_when_the_window_refuses_access(monkeypatch):
    class Window:
        @property
        def localStorage(self):
            raise RuntimeError("SecurityError: access is denied for this document")

    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(window=Window()))
    assert browser_storage() is None


def test_storage_words_exist_in_every_language():
    from web.model import i18n

    for lang in ("el", "bg", "en"):
        words = i18n.catalogue(lang)
        for key in K.STORAGE_WORDS.values():
            assert words.get(key), (lang, key)


# --- item 20: a URL naming another match asks first -----------------------------------------------


def loaded_in_progress(started: bool = True) -> S.Loaded:
    match = Match(3, seed=5)
    if started:
        match.roll()
    return S.Loaded(match=match)


def test_a_url_naming_another_match_asks():
    loaded = loaded_in_progress()
    assert K.asks_before_replacing(loaded, "?variant=plakoto&length=3", "?seed=5&anim=0")
    assert K.asks_before_replacing(loaded, "?variant=plakoto&length=3", "")
    assert K.asks_before_replacing(loaded, "?variant=plakoto&length=3", None)


def test_the_same_match_or_no_match_in_the_url_does_not_ask():
    loaded = loaded_in_progress()
    assert not K.asks_before_replacing(loaded, "?seed=5&anim=0", "?seed=5&anim=0")
    assert not K.asks_before_replacing(loaded, "?anim=0&seed=5", "?seed=5")  # view options do not count
    assert not K.asks_before_replacing(loaded, "?anim=0", "?seed=5")  # the URL names no match
    assert not K.asks_before_replacing(S.Loaded(), "?variant=fevga", "")  # nothing saved
    assert not K.asks_before_replacing(loaded_in_progress(started=False), "?variant=fevga", "")  # nothing played


def test_a_finished_match_does_not_ask():
    match = Match(1, seed=5)
    match.roll()
    match.resign_match(match.to_act)
    assert match.phase == "match-over"
    assert not K.asks_before_replacing(S.Loaded(match=match), "?variant=fevga", "")


def test_continue_query_keeps_the_view_and_the_saved_match():
    assert K.continue_query("?variant=plakoto&length=3&anim=0", "?seed=5&basic=1") == "?anim=0&seed=5"
    assert K.continue_query("?variant=plakoto", "") == ""
    assert K.continue_query("?variant=plakoto", None) == ""
    assert K.same_match(K.continue_query("?variant=plakoto&anim=0", "?seed=5"), "?seed=5")


# --- item 15: deep JSON never reaches the parser (Pyodide's stack overflows in it) ---------------


@pytest.fixture
def parser_calls(monkeypatch):
    """The texts given to ``json.loads`` (the recursive parser), wherever it is called from."""
    calls: list[str] = []
    real = json.loads

    def spy(text, *args, **kwargs):
        calls.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", spy)
    return calls


DEEP = ["[" * 10000, '{"a":' * 10000, '{"format": "tavli-match", "x": ' + "[" * 5000 + "]" * 5000 + "}"]


@pytest.mark.parametrize("deep", DEEP, ids=["lists", "objects", "inside-a-match"])
def test_deep_json_in_the_match_key_is_set_aside_unparsed(parser_calls, deep):
    store = {S.MATCH_KEY: deep}
    loaded = S.load_match(store, stamp=1)
    assert loaded.match is None and loaded.problem and store[loaded.moved_to] == deep
    assert deep not in parser_calls


@pytest.mark.parametrize("deep", DEEP, ids=["lists", "objects", "inside-a-match"])
def test_deep_json_in_the_prefs_and_setup_gives_the_defaults_unparsed(parser_calls, deep):
    from web.model import prefs as P

    assert P.load({P.STORAGE_KEY: deep}) == P.Prefs()
    assert S.load_setup({S.SETUP_KEY: deep}) == MatchSetup()
    assert deep not in parser_calls


def test_a_save_too_long_to_be_a_match_is_set_aside_unparsed(parser_calls):
    big = '{"format": "tavli-match", "pad": "' + "Z" * 6_000_000 + '"}'
    store = {S.MATCH_KEY: big}
    loaded = S.load_match(store, stamp=1)
    assert loaded.match is None and "too long" in loaded.problem
    assert big not in parser_calls


def test_the_dialogs_put_the_safe_answer_first_where_the_focus_goes():
    """The page focuses the first button: Enter must never replace or discard the player's match."""
    import re

    from web.view import dialogs

    def actions(d):
        return re.findall(r'data-action="([^"]+)"', d.html)

    question = dialogs.resume_or_new()
    assert question.kind == "resume" and not question.cancellable
    assert actions(question) == ["continue-saved", "start-url"]
    assert actions(dialogs.unreadable_notice(held=True)) == ["close", "discard-save", "download-save"]
    assert actions(dialogs.unreadable_notice(held=False)) == ["download-save", "close"]
