"""Issue 12: the clocks show their time as digits beside the bars, the digits count down, and a
flag is said plainly on the board; under Blitz against the computer a flag of yours ends the game
at once (the computer claims) instead of letting you play on unawares."""

from __future__ import annotations

import re

import pytest

from e2e.board_hooks import phase, wait_turn
from e2e.helpers import boot

DIGITS = """() => Object.fromEntries([...document.querySelectorAll('.clock')].map(e => [e.dataset.player, {
    move: e.querySelector('.t-move').textContent, bank: e.querySelector('.t-bank').textContent,
    shown: e.querySelector('.digits').getBoundingClientRect().width > 0}]))"""


def _seconds(text: str) -> int:
    m, s = re.fullmatch(r"(\d+):(\d\d)", text).groups()
    return int(m) * 60 + int(s)


def test_blitz_digits_count_down_and_your_flag_ends_the_game_against_the_computer(page):
    boot(page, "seed=23&anim=0&level=beginner&length=3&clock=blitz&clockspeed=10")
    digits = page.evaluate(DIGITS)
    assert digits["0"] == {"move": "0:11", "bank": "1:30", "shown": True}
    assert digits["1"] == {"move": "0:11", "bank": "1:30", "shown": True}
    page.click("#panel button[data-action=roll]")  # you win the opening: your clock runs
    assert wait_turn(page) == "move"
    page.wait_for_function("document.querySelector('.clock[data-player=\"0\"] .t-move').textContent !== '0:11'")
    page.wait_for_function("document.querySelector('.clock[data-player=\"0\"] .t-bank').textContent !== '1:30'",
                           timeout=30_000)
    mine = page.evaluate(DIGITS)["0"]
    assert mine["move"] == "0:00" and _seconds(mine["bank"]) < 90
    assert page.evaluate(DIGITS)["1"] == {"move": "0:11", "bank": "1:30", "shown": True}  # its clock waits
    # You do not move: the reserve runs out, the computer claims at once, the board says why.
    page.wait_for_function("document.body.dataset.phase === 'game-over'", timeout=60_000)
    note = page.locator("#board .time-up")
    assert note.is_visible() and note.inner_text() == "You: time is up"
    assert "on time" in page.locator(".announce").inner_text()
    assert page.evaluate(DIGITS)["0"]["bank"] == "0:00"


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  locale="el-GR")
def test_two_players_blitz_flag_is_said_on_the_board_in_greek(page):
    boot(page, "seed=23&anim=0&mode=pvp&length=5&clock=blitz&clockspeed=40")
    page.click("#panel button[data-action=roll]")
    page.wait_for_selector("#panel button[data-action=claim]", timeout=30_000)
    assert phase(page) == "move"  # the flagged player may play on until the claim, but is told
    note = page.locator("#board .time-up")
    assert note.is_visible() and note.inner_text() == "Παίκτης 1: ο χρόνος τελείωσε"
    box, board = note.bounding_box(), page.locator("#board").bounding_box()
    assert board["x"] <= box["x"] and box["x"] + box["width"] <= board["x"] + board["width"]
    for row in page.evaluate(DIGITS).values():
        assert row["shown"]
