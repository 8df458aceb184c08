"""Every move gesture, played with the mouse or a finger on a seeded position, each asserting the
position read back through the hooks against a CPython mirror of the same match.

Seed 23: you win the opening roll with 3-1 (your checkers start 24:2 13:5 8:3 6:5). With
``clickdice=1`` the turn waits for a click on the dice, so gestures can be undone between checks.
"""

from __future__ import annotations

import pytest

from e2e.board_hooks import catch_up, counts, drag, expected, mirror, phase, spot, targets, touch_drag, wait_turn
from e2e.helpers import boot

Q = "seed=23&anim=0&clickdice=1"


def _opened(page, query: str = Q):
    boot(page, query)
    ctl = mirror(query)
    assert phase(page) == "opening"
    page.click("button[data-action=roll]")
    ctl.roll()
    assert wait_turn(page) == "move"
    assert counts(page) == expected(ctl)
    return ctl


def _undo_all(page, ctl, start):
    while page.locator("button[data-action=undo]").is_enabled():
        page.click("button[data-action=undo]")
        ctl.undo()
    assert counts(page) == start == expected(ctl)


def test_every_gesture_with_the_mouse(page):
    ctl = _opened(page)
    start = counts(page)

    # Hover: exactly the legal targets of the checker under the mouse.
    page.mouse.move(*spot(page, 8))
    assert targets(page) == ctl.targets(8) == [4, 5, 7]
    page.mouse.move(*spot(page, 24))
    assert targets(page) == ctl.targets(24) == [20, 21, 23]
    page.mouse.move(*spot(page, 5))  # an empty point: nothing to highlight
    assert targets(page) == []

    # Click: the largest single jump (8/5 with the 3).
    page.mouse.click(*spot(page, 8))
    ctl.click(8)
    assert counts(page) == expected(ctl)
    assert counts(page)[(0, 5)] == 1 and counts(page)[(0, 8)] == 2
    _undo_all(page, ctl, start)

    # Right-click on a checker: the smaller die (6/5 with the 1).
    page.mouse.click(*spot(page, 6), button="right")
    ctl.right_click(6)
    assert counts(page) == expected(ctl)
    assert counts(page)[(0, 5)] == 1 and counts(page)[(0, 6)] == 4
    _undo_all(page, ctl, start)

    # Right-click on an empty point: two checkers cover it (8/5 6/5).
    page.mouse.click(*spot(page, 5), button="right")
    ctl.right_click(5)
    assert counts(page) == expected(ctl)
    assert counts(page)[(0, 5)] == 2
    _undo_all(page, ctl, start)

    # Double-click: the whole roll for that checker (24/20).
    page.mouse.dblclick(*spot(page, 24))
    ctl.click(24)
    ctl.click(24, count=2)
    assert counts(page) == expected(ctl)
    assert counts(page)[(0, 20)] == 1 and counts(page)[(0, 24)] == 1
    _undo_all(page, ctl, start)

    # Drag: press, carry, release on a highlighted point (13/9 = 13/10/9).
    drag(page, spot(page, 13), spot(page, 9))
    ctl.drag(13, 9)
    assert counts(page) == expected(ctl)
    assert counts(page)[(0, 9)] == 1 and counts(page)[(0, 13)] == 4

    # Undo takes the moves back one at a time.
    page.click("button[data-action=undo]")
    ctl.undo()
    assert counts(page) == expected(ctl)
    assert counts(page)[(0, 10)] == 1
    _undo_all(page, ctl, start)

    # An illegal drop (onto the opponent's 12-point, or backwards) changes nothing.
    drag(page, spot(page, 13), spot(page, 12))
    assert counts(page) == start
    drag(page, spot(page, 6), spot(page, 7))
    assert counts(page) == start
    drag(page, spot(page, 6), spot(page, 0))  # no bearing off yet
    assert counts(page) == start

    # Finish: play 8/5 6/5, then the turn ends only on a click on the dice.
    page.mouse.click(*spot(page, 5), button="right")
    ctl.right_click(5)
    assert phase(page) == "move"
    box = page.locator("#board-svg .die").first.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    ctl.dice_click()
    assert wait_turn(page) in ("roll", "cube")
    catch_up(ctl)
    assert counts(page) == expected(ctl)


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
def test_touch_drag_and_tap_on_a_phone_in_portrait(page):
    ctl = _opened(page)
    touch_drag(page, spot(page, 13), spot(page, 9))
    ctl.drag(13, 9)
    assert counts(page) == expected(ctl)
    assert counts(page)[(0, 9)] == 1
    page.touchscreen.tap(*spot(page, 9))  # a tap: the largest jump the dice left allow
    assert counts(page) == expected(ctl)  # nothing left to play: the tap changes nothing
    page.click("button[data-action=undo]")
    ctl.undo()
    page.touchscreen.tap(*spot(page, 8))
    ctl.click(8)
    assert counts(page) == expected(ctl)
    # The board is turned to fill the phone: taller than wide, your home at the bottom right.
    board = page.locator("#board-svg").bounding_box()
    assert board["width"] >= 370 and board["height"] > 1.5 * board["width"]
    one = page.locator("#board-svg .point[data-point='1']").bounding_box()
    centre = (one["x"] + one["width"] / 2, one["y"] + one["height"] / 2)
    assert centre[0] > board["x"] + board["width"] / 2 and centre[1] > board["y"] + board["height"] / 2
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 1")


@pytest.mark.browser_context_args(viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True)
def test_touch_drag_on_a_phone_in_landscape(page):
    ctl = _opened(page)
    touch_drag(page, spot(page, 24), spot(page, 20))
    ctl.drag(24, 20)
    assert counts(page) == expected(ctl)
    assert counts(page)[(0, 20)] == 1
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 1")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")
    # Rotating re-lays the board without losing the position.
    before = counts(page)
    assert "portrait" not in page.get_attribute("#board-svg", "class")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("document.getElementById('board-svg').classList.contains('portrait')")
    assert counts(page) == before
    assert page.evaluate("document.getElementById('board-svg').getBoundingClientRect().width") >= 370
