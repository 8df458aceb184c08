"""Replay in Chromium: a game against the computer played a few turns (``?seed=``, mirrored in
CPython), then stepped back and forward with the panel's buttons and the keyboard: the board shows
the recorded positions (web.control.replay on the mirror's match), the live match is unchanged
(the saved log, the phase), the computer waits meanwhile; back to live. The last play's arrows on
the live board are the computer's play; the move list shows every turn (in the panel on a wide
screen, in a dialog on a phone) and a click on one shows that position; nothing is clipped at
phone and desktop sizes, in Greek and English."""

from __future__ import annotations

import json

import pytest

from e2e.board_hooks import act, catch_up, counts, expected, mirror, phase, play_roll, play_turn, wait_turn
from e2e.helpers import boot
from e2e.test_layout import DIALOG, PANEL, check
from tavli.coach.record import StepKind, game_records
from tavli.formats import savefile
from web.control.replay import Replay, step_text
from web.model.i18n import install
from web.view.view import ArrowKind, play_arrows

QUERY = "seed=11&anim=0&length=5"
SIZES = {
    "portrait": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "landscape": {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


def shown(view) -> dict[tuple[int, int], int]:
    """{(side, point): checkers} of a BoardView, as :func:`e2e.board_hooks.counts` reads the page."""
    return {(s, p): view.count_at(s, p) for s in (0, 1) for p in range(26) if view.count_at(s, p)}


def saved_log(page) -> int:
    """The length of the live match's log, as the page saved it."""
    text = page.evaluate("localStorage.getItem('tavli.match')")
    return len(savefile.loads(text).log)


def replaying(page) -> bool:
    return page.evaluate("document.body.dataset.replay === '1'")


def at(page, index: int, total: int) -> None:
    """Wait until the replay shows the position after ``index`` of ``total`` steps."""
    page.wait_for_function(
        f"document.body.dataset.replay === '1' && document.querySelector('#status').textContent"
        f".includes('move {index} of {total}')")


def arrows(page, kind: str) -> list[tuple[int, int, int]]:
    return sorted(tuple(a) for a in page.evaluate(
        f"[...document.querySelectorAll('#board-svg .arrow-{kind}')].map(a => [+a.dataset.side, +a.dataset.from, +a.dataset.to])"))


def played(page, ctl, steps: int) -> None:
    """Play turns (page and mirror) until the game has at least ``steps`` steps and the person is
    to roll."""
    while len(game_records(ctl.match)[-1].steps) < steps or phase(page) != "roll":
        play_turn(page, ctl)
        assert wait_turn(page) == "roll"


@pytest.fixture
def browser_context_args(browser_context_args: dict, request) -> dict:
    """The desktop's size, or the one a test names (``indirect`` parametrisation)."""
    return {**browser_context_args, **SIZES[getattr(request, "param", "desktop")]}


def test_stepping_back_and_forward_leaves_the_live_match_alone(page):
    install("en")
    boot(page, QUERY)
    ctl = mirror(QUERY)
    played(page, ctl, 6)
    record = game_records(ctl.match)[-1]
    total = len(record.steps)
    replay = Replay(ctl.match)
    live_board, log, live_phase = counts(page), saved_log(page), phase(page)

    # The computer's play just made is drawn on the live board.
    last = record.steps[-1]
    assert last.kind is StepKind.PLAY and last.player == 1
    assert arrows(page, "last") == sorted((a.side, a.start, a.end) for a in play_arrows(
        1, record.variant, last.moves, ArrowKind.LAST))
    assert arrows(page, "last"), "the computer moved checkers"

    # The first ArrowLeft enters replay one step back; the back button another.
    page.keyboard.press("ArrowLeft")
    at(page, total - 1, total)
    replay.goto(record.number, total - 1)
    assert counts(page) == shown(replay.board_view())
    page.click("#panel button[data-action=replay-back]")
    at(page, total - 2, total)
    replay.goto(record.number, total - 2)
    assert counts(page) == shown(replay.board_view())
    step = record.steps[total - 3]
    assert arrows(page, "last") == sorted((a.side, a.start, a.end) for a in replay.board_view().arrows)
    assert page.inner_text("#status").endswith(step_text(step)) or step.kind is not StepKind.PLAY

    # Home: the game's start; the way back is closed there, and says why.
    page.keyboard.press("Home")
    at(page, 0, total)
    assert counts(page) == shown(Replay(ctl.match, record.number, 0).board_view())
    assert page.is_disabled("#panel button[data-action=replay-back]")
    assert page.get_attribute("#panel button[data-action=replay-back]", "title")
    # Forward through every position, by the keyboard and the button.
    for index in range(1, total + 1):
        if index % 2:
            page.keyboard.press("ArrowRight")
        else:
            page.click("#panel button[data-action=replay-forward]")
        at(page, index, total)
        replay.goto(record.number, index)
        assert counts(page) == shown(replay.board_view()), f"after {index} steps"

    # Nothing reaches the live match meanwhile: a click on a checker, the Roll button is gone.
    page.mouse.click(*page.evaluate("""(() => { const r = document.querySelector('#board-svg .checker[data-owner="0"]')
        .getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"""))
    assert page.locator("#panel button[data-action=roll]").count() == 0
    assert phase(page) == live_phase and saved_log(page) == log and replaying(page)

    # Past the last position: back to the live one, unchanged.
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.replay === undefined")
    assert counts(page) == live_board and phase(page) == live_phase and saved_log(page) == log
    assert page.locator("#panel button[data-action=roll]").is_enabled()

    # Escape and the "Back to game" button leave too; End as well.
    for leave in ("Escape", "button", "End"):
        page.keyboard.press("ArrowLeft")
        at(page, total - 1, total)
        if leave == "button":
            page.click("#panel button[data-action=replay-leave]")
        else:
            page.keyboard.press(leave)
        page.wait_for_function("document.body.dataset.replay === undefined")
        assert counts(page) == live_board
    assert saved_log(page) == log
    # The game goes on as before: the mirror's next turn is the page's.
    play_turn(page, ctl)


def test_the_computer_waits_while_a_position_is_shown(page):
    install("en")
    query = QUERY.replace("anim=0", "basic=1")  # no slides, but the computer's pauses: time to step back in its turn
    boot(page, query)
    ctl = mirror(query)
    played(page, ctl, 2)
    page.click("#panel button[data-action=roll]")
    ctl.roll()
    wait_turn(page)
    # The person's play, then at once back a step: the computer is on turn but does not act.
    play_roll(page, ctl, wait_last=False)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.body.dataset.replay === '1'")
    # The computer's loop stops (nothing of its own left to do) while its turn waits.
    page.wait_for_function("!document.body.dataset.busy")
    assert phase(page) == "opponent"
    log = saved_log(page)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    assert phase(page) == "opponent" and saved_log(page) == log
    page.keyboard.press("Escape")
    assert wait_turn(page) == "roll"  # the computer played once back
    catch_up(ctl)
    assert counts(page) == expected(ctl)


@pytest.mark.parametrize("browser_context_args", list(SIZES), indirect=True)
@pytest.mark.parametrize("lang", ["el", "en"])
def test_the_move_list_shows_every_turn_and_fits(page, browser_context_args, lang):
    size = next(k for k, v in SIZES.items() if v["viewport"] == browser_context_args["viewport"])
    page.add_init_script(f"localStorage.setItem('tavli.prefs', JSON.stringify({json.dumps({'language': lang})}))")
    install(lang)
    boot(page, QUERY)
    ctl = mirror(QUERY)
    played(page, ctl, 7)
    record = game_records(ctl.match)[-1]
    texts = [step_text(s) for s in record.steps]
    found: list[str] = []
    where = f"{size} {lang}"
    check(page, f"{where} live", found)
    in_panel = size == "desktop"
    if in_panel:
        assert not page.is_visible("#panel button[data-action=moves]")  # the list is there already
        scope = "#panel"
    else:
        assert page.locator("#panel .movelist").count() == 0
        page.click("#panel button[data-action=moves]")
        page.wait_for_function("document.body.dataset.dialog === 'moves'")
        scope = "dialog#dialog"
        check(page, f"{where} moves dialog", found, DIALOG + ", dialog .mv")
    entries = page.locator(f"{scope} .mv[data-index]:not([data-index='0'])")
    assert entries.all_inner_texts() == texts
    # The live position is marked: the last step.
    assert page.get_attribute(f"{scope} .mv.current", "data-index") == str(len(texts))
    if in_panel:
        check(page, f"{where} live list", found, PANEL + ", #panel .mv, #panel .movelist")

    # A click on the third step shows the position after it.
    page.click(f"{scope} .mv[data-index='3']")
    page.wait_for_function("document.body.dataset.replay === '1' && !document.body.dataset.dialog")
    assert counts(page) == shown(Replay(ctl.match, record.number, 3).board_view())
    check(page, f"{where} replay", found, PANEL + (", #panel .mv, #panel .movelist" if in_panel else ""))
    if in_panel:
        assert page.get_attribute("#panel .mv.current", "data-index") == "3"
    else:
        page.click("#panel button[data-action=moves]")
        page.wait_for_function("document.body.dataset.dialog === 'moves'")
        assert page.get_attribute("dialog .mv.current", "data-index") == "3"
        check(page, f"{where} replay moves dialog", found, DIALOG + ", dialog .mv")
        page.click("dialog button[data-action=close]")
    for action in ("replay-first", "replay-back", "replay-forward", "replay-last", "replay-leave"):
        assert page.is_visible(f"#panel button[data-action={action}]")
    page.click("#panel button[data-action=replay-leave]")
    page.wait_for_function("document.body.dataset.replay === undefined")
    assert not found, "\n".join(found)


FRAMES = """(n) => new Promise(done => { const step = k => k ? requestAnimationFrame(() => step(k - 1)) : done(); step(n); })"""


def clock(page, player: int) -> tuple[str, str]:
    el = page.locator(f"#panel .clock[data-player='{player}']")
    return el.get_attribute("data-move"), el.get_attribute("data-bank")


def test_the_clock_stops_while_a_position_is_shown(page):
    boot(page, "seed=11&anim=0&length=5&clock=standard&clockspeed=2")  # 17 s a turn: time enough under load
    ph = wait_turn(page)
    for _ in range(4):  # the opening roll, and plays until the person is to roll (someone has played)
        act(page, ph)
        ph = wait_turn(page)
        if ph == "roll":
            break
    assert ph == "roll"
    page.wait_for_function("document.querySelector('#panel .clock.running[data-player=\"0\"]') !== null")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.body.dataset.replay === '1'")
    page.evaluate(FRAMES, 2)
    frozen = clock(page, 0)
    page.evaluate(FRAMES, 30)  # at 2x, a running clock's tenths change every third frame
    assert clock(page, 0) == frozen
    page.keyboard.press("Escape")
    page.wait_for_function(f"document.querySelector('#panel .clock[data-player=\"0\"]').dataset.move !== {frozen[0]!r}")


@pytest.mark.parametrize("browser_context_args", ["desktop", "portrait"], indirect=True)
def test_earlier_games_from_the_game_selector(page, browser_context_args):
    install("en")
    query = "seed=11&anim=0&length=5&rules=greek"
    boot(page, query)
    ctl = mirror(query)
    play_turn(page, ctl)
    assert wait_turn(page) == "roll"
    page.click("#panel button[data-action=resign]")  # Greek rules: the game is lost at once
    page.click("dialog button[data-action=confirm]")
    ctl.offer_resign()
    assert wait_turn(page) == "game-over"
    page.click("#panel button[data-action=next-game]")
    ctl.next_game()
    play_turn(page, ctl)
    records = game_records(ctl.match)
    assert [r.number for r in records] == [1, 2]
    in_panel = browser_context_args["viewport"]["width"] > 1000
    scope = "#panel" if in_panel else "dialog#dialog"
    if not in_panel:
        page.click("#panel button[data-action=moves]")
    page.select_option(f"{scope} select[data-action=replay-game]", "1")
    page.wait_for_function(f"document.querySelector('{scope} .movelist').dataset.game === '1'")
    assert replaying(page)
    assert counts(page) == shown(Replay(ctl.match, 1, 0).board_view())
    entries = page.locator(f"{scope} .mv[data-index]:not([data-index='0'])")
    assert entries.all_inner_texts() == [step_text(s) for s in records[0].steps]
    page.click(f"{scope} .mv[data-index='1']")
    page.wait_for_function("!document.body.dataset.dialog && document.querySelector('#status').textContent"
                           f".includes('Game 1, move 1 of {len(records[0].steps)}')")
    assert counts(page) == shown(Replay(ctl.match, 1, 1).board_view())
    page.click("#panel button[data-action=replay-last]")
    total = len(records[0].steps)
    at(page, total, total)
    page.keyboard.press("ArrowRight")  # the end of an earlier game: it stays (only the live game's end leads on)
    page.keyboard.press("ArrowLeft")
    at(page, total - 1, total)
    page.keyboard.press("End")  # the live position
    page.wait_for_function("document.body.dataset.replay === undefined")
    assert counts(page) == expected(ctl)


def test_keys_are_left_alone_under_a_dialog(page):
    boot(page, QUERY)
    ctl = mirror(QUERY)
    play_turn(page, ctl)
    page.click("#panel button[data-action=options]")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Home")
    page.click("dialog button[data-action=close]")
    assert not replaying(page)
    page.keyboard.press("Home")
    page.wait_for_function("document.body.dataset.replay === '1'")
