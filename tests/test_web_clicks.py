"""Clicks on the board (issue 12): a quick second click that cannot play the whole roll is a click.
No browser."""

from __future__ import annotations

from tavli import FixedDice
from web.control.controller import Controller
from web.model.setup import MatchSetup, ViewOptions
from web.view.view import Motion


def _opened(dice: list[int]) -> Controller:
    c = Controller(MatchSetup(level="beginner", length=3), ViewOptions(), dice=FixedDice(dice))
    c.roll()  # you (player 0) win the opening throw and play it
    return c


def test_a_double_click_that_cannot_play_the_whole_roll_is_a_second_click():
    c = _opened([6, 1, 5, 2])  # 6-1: from the 24 the whole roll is blocked (24/18/17, 24/23/17)
    assert c.click(24).motions == [Motion(0, 24, 18)]
    motions = c.click(24, count=2).motions  # as quick as a double-click: it acts as a click
    assert motions == [Motion(0, 24, 23)]  # the 1 left, from the 24
    assert c.page_phase() == "opponent"  # both dice played: the turn ended
    view = c.board_view()
    assert view.count_at(0, 18) == 1 and view.count_at(0, 23) == 1 and view.count_at(0, 24) == 0


def test_a_double_click_that_can_play_the_whole_roll_still_does():
    c = _opened([3, 1, 5, 2])
    c.click(24)
    assert c.click(24, count=2).motions == [Motion(0, 21, 24), Motion(0, 24, 21), Motion(0, 21, 20)]
    assert c.board_view().count_at(0, 20) == 1


def test_a_second_click_on_another_point_is_a_click():
    c = _opened([6, 1, 5, 2])
    c.click(24)
    assert c.click(8, count=2).motions == [Motion(0, 8, 7)]


def test_a_checker_carried_by_a_finger_is_drawn_one_checker_above_it():
    from web.view import geometry as g

    assert g.drag_offset(10.0, 20.0, touch=False) == (10.0, 20.0)
    assert g.drag_offset(10.0, 20.0, touch=True) == (10.0, 20.0 - 2 * g.CHECKER_R)
    # The drop goes where the checker is drawn: a finger one checker below point 9 drops on 9.
    layout = g.Layout(portrait=True)
    x, y = layout.spot_center(0, 9, 0, 1)
    assert layout.point_at(*g.drag_offset(x, y + g.TOUCH_LIFT, touch=True)) == 9
