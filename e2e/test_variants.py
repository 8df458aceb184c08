"""Plakoto, Fevga and the Tavli match in the page (issue 7): a Plakoto and a Fevga game played to
the end against the computer by clicks, checked against a CPython mirror of the same seeded match;
a Tavli match set up on the new-match screen whose second game is Plakoto and third Fevga,
resumed after a reload."""

from __future__ import annotations

import time

from e2e.board_hooks import catch_up, counts, expected, mirror, phase, spot, wait_turn
from e2e.helpers import boot, settle


def _pinned(page) -> set[tuple[int, int]]:
    """{(owner, point)} of the checkers the page draws as pinned."""
    return {(int(o), int(p)) for o, p in page.evaluate(
        "[...document.querySelectorAll('#board-svg .checker[data-pinned]')].map(e => [e.dataset.owner, e.dataset.point])")}


def play_to_the_end(page, query: str) -> tuple[object, set[tuple[int, int]]]:
    """Play the person's side of ``query``'s game by clicks (the highest checker that can move: a
    click makes the largest legal jump; the dice are rolled automatically) until the game is over;
    returns the mirror and the first pins seen on the page (empty if none). The page is booted."""
    ctl = mirror(query)
    first_pins: set[tuple[int, int]] = set()
    last = (None, 0.0)  # the point clicked last, and when
    for n in range(400):
        ph = wait_turn(page)
        catch_up(ctl)
        assert ph == ctl.page_phase(), f"page at {ph}, mirror at {ctl.page_phase()}"
        view = ctl.board_view()
        if view.pinned and not first_pins:
            first_pins = _pinned(page)
            assert first_pins == set(view.pinned)
        if n % 10 == 0 or ph != "move":
            assert counts(page) == expected(ctl)
        if ph in ("game-over", "match-over"):
            return ctl, first_pins
        assert ph == "move"
        point = max(p for p in range(26) if ctl.movable(p))
        if point == last[0]:  # two clicks on one point within 400 ms are a double-click
            page.wait_for_timeout(max(0.0, last[1] + 0.45 - time.monotonic()) * 1000)
        page.mouse.click(*spot(page, point))
        last = (point, time.monotonic())
        ctl.click(point)
    raise AssertionError("the game did not end")


def _announced(page, ctl) -> None:
    announce = page.locator(".announce").inner_text()
    assert ctl.result_text() in announce
    scores = [int(page.locator(f".card.{w} .score").inner_text()) for w in ("bottom", "top")]
    assert scores == ctl.match.scores and sum(scores) > 0


def test_a_plakoto_game_against_the_computer(page):
    query = "variant=plakoto&level=beginner&seed=28&anim=0&autoroll=1"
    boot(page, query)
    assert page.evaluate("document.body.dataset.variant") == "plakoto"
    assert page.locator(".match-info").inner_text() == "Plakoto · Match to 3"
    assert page.locator("#panel button[data-action=double]").count() == 0  # no cube
    ctl, pins = play_to_the_end(page, query)
    assert pins, "a checker was pinned on the way"
    _announced(page, ctl)


def test_a_fevga_game_against_the_computer(page):
    query = "variant=fevga&level=beginner&seed=13&anim=0&autoroll=1"
    boot(page, query)
    assert page.evaluate("document.body.dataset.variant") == "fevga"
    assert page.locator("#board-svg .direction polygon").count() == 3
    assert page.locator("#board-svg .start-mark").count() == 2
    ctl, pins = play_to_the_end(page, query)
    assert not pins and page.locator("#board-svg [data-pinned]").count() == 0
    _announced(page, ctl)


def _layout_is(page, top_start: int) -> None:
    """Both sides all on their starting points: ours on 24, the top side's on ``top_start``."""
    assert counts(page) == {(0, 24): 15, (1, top_start): 15}


def _resign_game(page) -> None:
    """The player on roll resigns the game (Greek: one confirmation) and the next game starts."""
    assert wait_turn(page) == "roll"
    page.click("#panel button[data-action=resign]")
    page.click("dialog button[data-action=confirm]")
    assert wait_turn(page) == "game-over"
    page.click(".announce")


def test_a_tavli_match_rotates_portes_plakoto_fevga(page):
    boot(page, "seed=5&anim=0&turn=0")  # a Portes match; a new one is set up on the new-match screen
    page.click("#panel button[data-action=new-match]")
    assert page.evaluate("document.body.dataset.dialog") == "new-match"
    assert page.locator("dialog select[name=length] option[value=money]").is_enabled()
    page.select_option("dialog select[name=game]", "tavli")
    # Drawn again for the Tavli match: 3, 5 or 7 points, no money play, no choice of rules.
    assert page.locator("dialog select[name=game]").input_value() == "tavli"
    assert page.locator("dialog select[name=length] option[value=money]").is_disabled()
    assert page.locator("dialog select[name=length] option[value='1']").is_disabled()
    assert page.locator("dialog input[name=rules][value=international]").is_disabled()
    assert page.locator("dialog [data-why=rules]").is_visible()
    assert page.locator("dialog select[name=mother_points]").is_visible()
    page.select_option("dialog select[name=length]", "7")
    page.select_option("dialog select[name=mother_points]", "1")
    page.check("dialog input[name=mode][value=pvp]")
    page.click("dialog button[data-action=start]")

    assert wait_turn(page) == "opening"
    assert page.evaluate("document.body.dataset.variant") == "portes"
    assert page.locator(".match-info").inner_text() == "Match to 7 · Game 1 — Portes"
    page.click("#panel button[data-action=roll]")  # the opening roll; its winner rolls afresh
    _resign_game(page)

    assert wait_turn(page) == "roll"
    assert page.evaluate("document.body.dataset.variant") == "plakoto"
    assert page.locator(".match-info").inner_text() == "Match to 7 · Game 2 — Plakoto"
    _layout_is(page, 1)
    assert page.locator("#board-svg .start-mark").count() == 2
    # The match (and its options) survive a reload.
    settle(page)  # the computer's data (fetched after the first boot's Portes match) is in
    page.reload(wait_until="domcontentloaded")
    page.wait_for_function("document.body.dataset.phase && document.body.dataset.phase !== 'loading'",
                           timeout=90_000)
    assert phase(page) == "roll" and page.evaluate("document.body.dataset.variant") == "plakoto"
    _layout_is(page, 1)
    saved = page.evaluate("JSON.parse(localStorage.getItem('tavli.match')).options")
    assert saved == {"mother_points": 1, "first_checker": "pass", "prime": "open"}
    _resign_game(page)

    assert wait_turn(page) == "roll"
    assert page.evaluate("document.body.dataset.variant") == "fevga"
    assert page.locator(".match-info").inner_text() == "Match to 7 · Game 3 — Fevga"
    _layout_is(page, 12)
    assert page.locator("#board-svg .direction").get_attribute("data-direction") == "anticlockwise"
    scores = [int(page.locator(f".card.{w} .score").inner_text()) for w in ("bottom", "top")]
    assert sorted(scores) in ([0, 4], [2, 2])  # two games resigned with nothing borne off: 2 each
