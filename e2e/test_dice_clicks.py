"""Issue 12, play: the dice drawn after the opening throw (Plakoto, Fevga, the Tavli match), the
Portes opening dice drawn as the winner's, a quick second click that cannot play the whole roll,
and one target colour on red and cream points."""

from __future__ import annotations

import re

import pytest

from e2e.board_hooks import counts, expected, mirror, phase, spot, wait_turn
from e2e.helpers import boot

DICE = """() => [...document.querySelectorAll('#board-svg [data-die]')].map(d => ({
    value: +d.dataset.die, used: d.classList.contains('used'), player: d.dataset.player,
    opening: d.dataset.opening ?? null}))"""


def _status_dice(page) -> list[int]:
    text = page.locator("#status").inner_text()
    found = re.search(r"move (\d(?:-\d)*)", text)
    assert found, f"no dice in the status {text!r}"
    return [int(v) for v in found.group(1).split("-")]


def _movable(page) -> int:
    """A point whose checker can move now (hovered, it highlights targets)."""
    for p in range(24, 0, -1):
        if page.locator(f"#board-svg .checker[data-owner='0'][data-point='{p}']").count():
            page.mouse.move(*spot(page, p))
            if page.locator("#board-svg .target").count():
                return p
    raise AssertionError("nothing to move")


def _click_dice(page) -> None:
    box = page.locator("#board-svg .roll-hint").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


@pytest.mark.parametrize("variant", ["plakoto", "fevga", "tavli"])
def test_the_dice_drawn_are_the_roll_being_played(page, variant):
    boot(page, f"variant={variant}&level=beginner&length=3&seed=5&anim=0")  # you win the opening throw
    assert phase(page) == "opening"
    _click_dice(page)  # the opening throw; you roll afresh
    assert wait_turn(page) == "roll"
    dice = page.evaluate(DICE)  # the throw, one die each in its thrower's colour
    assert [(d["opening"], d["player"]) for d in dice] == [("0", "0"), ("1", "1")]
    for _ in range(4):
        if wait_turn(page) == "move":
            break
        _click_dice(page)
    assert phase(page) == "move"
    dice = page.evaluate(DICE)
    status = _status_dice(page)
    assert all(d["opening"] is None for d in dice)
    assert sorted(d["value"] for d in dice if not d["used"]) == sorted(status)
    assert {d["player"] for d in dice} == {"0"}  # your dice, your colour
    # One checker played: its die greys out, the other is the status's.
    page.mouse.click(*spot(page, _movable(page)))
    page.wait_for_function("document.querySelectorAll('#board-svg [data-die].used').length >= 1")
    if phase(page) == "move":
        dice = page.evaluate(DICE)
        assert sorted(d["value"] for d in dice if not d["used"]) == sorted(_status_dice(page))


def test_the_computer_s_roll_after_it_wins_the_opening_is_drawn(page):
    boot(page, "variant=plakoto&level=beginner&length=3&seed=1")  # the computer wins the throw
    _click_dice(page)
    page.wait_for_function("/rolled \\d-\\d/.test(document.getElementById('status').textContent)")
    seen = page.evaluate(f"() => ({{status: document.getElementById('status').textContent, dice: ({DICE})()}})")
    a, b = re.search(r"rolled (\d)-(\d)", seen["status"]).groups()
    assert sorted(d["value"] for d in seen["dice"]) == sorted([int(a), int(b)] * (2 if a == b else 1))
    assert {d["player"] for d in seen["dice"]} == {"1"} and all(d["opening"] is None for d in seen["dice"])


def test_portes_opening_dice_are_the_winner_s(page):
    boot(page, "seed=23&anim=0&clickdice=1")  # you win the opening throw with 3-1
    page.click("button[data-action=roll]")
    assert wait_turn(page) == "move"
    dice = page.evaluate(DICE)
    assert [(d["value"], d["used"], d["player"], d["opening"]) for d in dice] == [(3, False, "0", None), (1, False, "0", None)]
    board = page.locator("#board-svg").bounding_box()
    for die in page.locator("#board-svg [data-die]").all():
        box = die.bounding_box()
        assert box["x"] > board["x"] + board["width"] / 2, "in your half (the right of the board)"
    page.mouse.click(*spot(page, 8))  # 8/5 with the 3
    page.wait_for_function("document.querySelector('#board-svg [data-die=\"3\"]').classList.contains('used')")
    assert not page.locator("#board-svg [data-die='1']").get_attribute("class").endswith("used")


def test_a_quick_second_click_that_cannot_play_the_whole_roll_is_a_click(page):
    query = "seed=7&anim=0&clickdice=1"  # you win the opening with 3-2: 24/21/19 and 24/22/19 are blocked
    boot(page, query)
    ctl = mirror(query)
    page.click("button[data-action=roll]")
    ctl.roll()
    assert wait_turn(page) == "move"
    page.mouse.dblclick(*spot(page, 24))  # two clicks within 400 ms on the 24
    ctl.click(24)
    ctl.click(24, count=2)
    page.wait_for_function("document.querySelectorAll('#board-svg [data-die].used').length === 2")
    assert counts(page) == expected(ctl)
    assert counts(page)[(0, 21)] == 1 and counts(page)[(0, 22)] == 1 and (0, 24) not in counts(page)


def test_target_highlights_are_one_colour_on_red_and_cream_points(page):
    boot(page, "seed=23&anim=0&clickdice=1")
    page.click("button[data-action=roll]")
    assert wait_turn(page) == "move"
    page.mouse.move(*spot(page, 8))  # targets 7 and 5 (red), 4 (cream)
    page.wait_for_function("document.querySelectorAll('#board-svg .point.target').length === 3")
    styles = page.evaluate("""() => [4, 5, 7].map(p => {
        const hl = document.querySelector(`#board-svg .point[data-point="${p}"] .hl`);
        const tri = document.querySelector(`#board-svg .point[data-point="${p}"] .tri`);
        const s = getComputedStyle(hl);
        return {fill: s.fill, fillOpacity: s.fillOpacity, opacity: s.opacity, under: tri.getAttribute('fill')};
    })""")
    assert styles[0]["under"] != styles[1]["under"], "the test needs a cream and a red point"
    assert len({(s["fill"], s["fillOpacity"], s["opacity"]) for s in styles}) == 1
    fill = styles[0]["fill"]
    assert fill.startswith("rgb(") and float(styles[0]["fillOpacity"]) == 1 and float(styles[0]["opacity"]) == 1, (
        f"the highlight must cover the point's colour: {styles[0]}")
