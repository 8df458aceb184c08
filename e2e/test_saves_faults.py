"""Saves and storage that go wrong (issue 12, items 13-15, 19, 20): the page always starts, tells
the player what happened, and never loses or overwrites the player's match without his word."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from e2e.board_hooks import phase, wait_turn
from e2e.helpers import boot, settle
from tavli.formats import savefile
from tavli.match import Match
from web.model import saves as S
from web.model.setup import MatchSetup

URL_KEY = "tavli.match.url"  # web.browser.persist.URL_KEY (it needs the browser)

QUERY = "seed=5&anim=0"


# Before the page's own scripts, once per tab (sessionStorage remembers it across reloads).
WRITE_ONCE = """if (!sessionStorage.getItem('test.written')) {
  sessionStorage.setItem('test.written', '1');
  for (const [k, v] of Object.entries(%s)) { if (v === null) localStorage.removeItem(k); else localStorage.setItem(k, v); }
}"""
# What the game found in localStorage when it opened (read before Python starts).
RECORD_SAVE = "window.__saveAtStart = localStorage.getItem('tavli.match');"


def set_storage(page, items: dict[str, str | None], *, then: str = QUERY) -> None:
    """Open the game at ``then`` with ``items`` written into localStorage first (None: removed)."""
    page.add_init_script(WRITE_ONCE % json.dumps(items))
    boot(page, then)


def stored(page, key: str):
    return page.evaluate("key => localStorage.getItem(key)", key)


def corrupt_keys(page) -> list[str]:
    return page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tavli.match.corrupt.')).sort()")


def reload(page) -> None:
    settle(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_function("document.body.dataset.phase && document.body.dataset.phase !== 'loading'",
                           timeout=90_000)
    assert phase(page) != "error"


def dialog(page) -> str:
    return page.evaluate("document.body.dataset.dialog")


# --- item 13: no room to set an unreadable save aside ---------------------------------------------


def test_an_unreadable_save_with_no_room_to_copy_it_is_kept_until_the_player_discards_it(page, tmp_path: Path):
    size = 4_000_000
    page.add_init_script(WRITE_ONCE % f"{{'tavli.match': 'Z'.repeat({size})}}")
    boot(page, QUERY)
    assert dialog(page) == "notice"
    text = page.text_content("dialog#dialog")
    assert "no room" in text and "set aside" not in text  # the truth: it was not set aside
    assert corrupt_keys(page) == []
    page.click("dialog button[data-action=close]")  # Not now: play on, unsaved
    page.click("#panel button[data-action=roll]")
    wait_turn(page)
    assert page.evaluate(f"localStorage.getItem('tavli.match') === 'Z'.repeat({size})")
    assert page.text_content("#toast") in ("", None)  # no "could not be saved" either: nothing was tried
    settle(page)
    reload(page)  # asked again: nothing was decided
    assert dialog(page) == "notice"
    with page.expect_download() as info:
        page.click("dialog button[data-action=download-save]")
    download = tmp_path / "save.json"
    info.value.save_as(download)
    assert download.read_text() == "Z" * size
    assert dialog(page) == "notice"  # still to decide
    page.click("dialog button[data-action=discard-save]")
    assert dialog(page) == ""
    saved = json.loads(stored(page, "tavli.match"))  # the new match is saved from now on
    assert saved["format"] == "tavli-match"
    settle(page)
    reload(page)
    assert dialog(page) == ""


# --- item 14: a save that passes validation but fails while resuming ------------------------------


def _opening(value) -> str:
    match = Match(3, seed=5)
    match.roll()
    doc = json.loads(savefile.dumps(match))
    for event in doc["log"]:
        if event["type"] == "opening":
            event["dice"] = value
    return json.dumps(doc)


def _bad_player() -> str:
    match = Match(3, seed=5)
    match.roll()
    match.play(match.turn.plays[0])
    if match.phase == "move":
        match.end_turn()
    doc = json.loads(savefile.dumps(match))
    for event in doc["log"]:
        if event["type"] == "play":
            event["player"] = "x"
    return json.dumps(doc)


BAD_SAVES = {"opening-dice-null": lambda: _opening(None), "opening-dice-letters": lambda: _opening(["a", "b"]),
             "play-player-x": _bad_player}


@pytest.mark.parametrize("name", BAD_SAVES)
def test_a_save_that_cannot_be_resumed_is_set_aside_and_a_new_match_starts(page, name):
    text = BAD_SAVES[name]()
    store: dict[str, str] = {}
    S.save_match(store, Match(3, seed=5), MatchSetup(mode="pvp"))
    set_storage(page, {S.MATCH_KEY: text, S.SETUP_KEY: store[S.SETUP_KEY], URL_KEY: "?" + QUERY})
    assert dialog(page) == "notice"
    kept = corrupt_keys(page)
    assert len(kept) == 1 and stored(page, kept[0]) == text  # the raw save, retrievable
    page.click("dialog button[data-action=close]")
    assert phase(page) == "opening"
    page.click("#panel button[data-action=roll]")
    wait_turn(page)
    assert json.loads(stored(page, S.MATCH_KEY))["log"][0]["type"] == "game"  # the new match is kept
    reload(page)
    assert dialog(page) == ""  # reported once


# --- item 15: deep JSON ---------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["tavli.match", "tavli.prefs"])
def test_deeply_nested_json_in_storage_does_not_stop_the_page(page, key):
    deep = "[" * 10000
    set_storage(page, {key: deep, "tavli.match" if key != "tavli.match" else "tavli.prefs": None})
    if key == "tavli.match":
        assert dialog(page) == "notice"
        kept = corrupt_keys(page)
        assert len(kept) == 1 and stored(page, kept[0]) == deep
    else:
        assert stored(page, key) == deep  # not written over for nothing
    assert phase(page) == "opening"
    page.keyboard.press("Escape")
    page.click("#panel button[data-action=roll]")
    wait_turn(page)


# --- item 19: storage that keeps nothing ----------------------------------------------------------

NO_STORAGE = """Object.defineProperty(window, 'localStorage', {configurable: true,
    get() { throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError'); }});"""
REFUSING_STORAGE = """Storage.prototype.setItem = function () {
    throw new DOMException("Setting the value exceeded the quota.", "QuotaExceededError"); };"""


@pytest.mark.parametrize("script, words", [(NO_STORAGE, "This browser keeps nothing"),
                                           (REFUSING_STORAGE, "Nothing can be kept on this device")],
                         ids=["access-throws", "writes-throw"])
def test_storage_that_keeps_nothing_is_said_once_and_the_game_goes_on(page, script, words):
    page.add_init_script(script)
    boot(page, QUERY)
    page.wait_for_function("document.getElementById('toast')?.classList.contains('show')")
    assert words in page.text_content("#toast")
    page.click("#panel button[data-action=roll]")
    assert wait_turn(page) in ("move", "roll", "opponent")
    assert words in page.text_content("#toast")  # said once: no "could not be saved" after it


# --- item 20: a URL naming another match ----------------------------------------------------------


def _match_in_progress(page) -> None:
    """A match started and played a little at QUERY (saved as the page is left)."""
    page.add_init_script(RECORD_SAVE)
    boot(page, QUERY)
    page.click("#panel button[data-action=roll]")
    wait_turn(page)
    settle(page)


def test_a_url_naming_another_match_asks_and_can_start_it(page):
    _match_in_progress(page)
    other = "variant=plakoto&length=3&seed=1&anim=0"
    boot(page, other)
    assert dialog(page) == "resume"
    assert page.evaluate("document.body.dataset.variant") == "portes"  # the match in progress, shown
    before = page.evaluate("window.__saveAtStart")
    assert json.loads(before)["variant"] == "portes"
    assert stored(page, S.MATCH_KEY) == before  # not overwritten before the answer
    page.keyboard.press("Escape")  # a question that must be answered
    assert dialog(page) == "resume"
    page.click("dialog button[data-action=start-url]")
    assert dialog(page) == ""
    assert page.evaluate("document.body.dataset.variant") == "plakoto"
    assert phase(page) == "opening"
    assert json.loads(stored(page, S.MATCH_KEY))["variant"] == "plakoto"
    settle(page)
    reload(page)
    assert dialog(page) == "" and page.evaluate("document.body.dataset.variant") == "plakoto"


def test_a_url_naming_another_match_asks_and_can_continue_the_one_in_progress(page):
    _match_in_progress(page)
    boot(page, "variant=fevga&length=5&anim=0")
    assert dialog(page) == "resume"
    before = page.evaluate("window.__saveAtStart")
    assert stored(page, S.MATCH_KEY) == before
    page.click("dialog button[data-action=continue-saved]")
    assert dialog(page) == ""
    assert page.evaluate("document.body.dataset.variant") == "portes"
    assert page.evaluate("location.search") == "?anim=0&seed=5"  # the address names the match played
    after = json.loads(stored(page, S.MATCH_KEY))
    assert after["variant"] == "portes" and after["log"][: len(json.loads(before)["log"])] == json.loads(before)["log"]
    settle(page)
    reload(page)
    assert dialog(page) == "" and page.evaluate("document.body.dataset.variant") == "portes"
