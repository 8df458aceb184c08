"""The dice on the board (issue 12): the opening throw and the dice of the turn after it, in
every game, as data (``Controller.board_view``) and as drawn (``render_board``). No browser."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tavli import FixedDice
from web.control.controller import Controller
from web.model.setup import MatchSetup, ViewOptions
from web.view.render import DIE_FILLS, render_board
from web.view.view import DieView

SVG = "{http://www.w3.org/2000/svg}"


def _dice(c: Controller) -> list[tuple[int, bool, str | None]]:
    """(value, used, data-opening) of every die drawn, in document order."""
    root = ET.fromstring(render_board(c.board_view()))
    out = []
    for el in root.iter(f"{SVG}g"):
        if "data-die" in el.attrib:
            out.append((int(el.get("data-die")), "used" in el.get("class", "").split(), el.get("data-opening")))
    return out


def _die_fills(c: Controller) -> list[str]:
    root = ET.fromstring(render_board(c.board_view()))
    return [next(el.iter(f"{SVG}rect")).get("fill") for el in root.iter(f"{SVG}g") if "data-die" in el.attrib]


@pytest.mark.parametrize("variant", ["plakoto", "fevga", "tavli"])
@pytest.mark.parametrize("mode", ["cpu", "pvp"])
def test_the_roll_after_the_opening_throw_shows_its_own_dice(variant, mode):
    """Plakoto, Fevga and a Tavli match: the opening winner rolls afresh; the board then shows
    that roll (not the opening throw), greyed out die by die as it is played."""
    c = Controller(MatchSetup(variant=variant, mode=mode, level="beginner"), ViewOptions(),
                   dice=FixedDice([4, 2, 5, 3, 6, 1]))
    c.roll()  # the opening throw: 4 for player 0, 2 for player 1; player 0 rolls afresh
    assert c.match.phase == "roll" and c.match.game.on_roll == 0
    view = c.board_view()
    assert view.dice == () and view.opening == (DieView(4), DieView(2))  # the throw, one die each
    assert [(v, o) for v, _, o in _dice(c)] == [(4, "0"), (2, "1")]
    c.roll()  # player 0's own roll: 5-3
    view = c.board_view()
    assert view.opening is None
    assert [(d.value, d.used) for d in view.dice] == [(5, False), (3, False)]
    assert view.dice_side == 0
    assert _dice(c) == [(5, False, None), (3, False, None)]
    assert "5-3" in c.status()
    source = next(p for p in range(24, 0, -1) if c.movable(p))
    c.click(source)
    left = c.match.turn.dice_left()
    assert len(left) == 1
    assert sorted((d.value, d.used) for d in c.board_view().dice) == sorted([(left[0], False), (8 - left[0], True)])


def test_the_computer_s_roll_after_it_wins_the_opening_is_drawn():
    c = Controller(MatchSetup(variant="plakoto", level="beginner"), ViewOptions(), dice=FixedDice([2, 4, 6, 5]))
    c.roll()  # the computer (player 1) wins the throw and rolls afresh
    assert c.computer_to_act() and c.match.phase == "roll"
    c.computer_step()  # its roll: 6-5
    view = c.board_view()
    assert view.opening is None and [d.value for d in view.dice] == [6, 5] and view.dice_side == 1


def test_a_resumed_match_draws_the_same_dice_as_the_live_one():
    c = Controller(MatchSetup(variant="plakoto", level="beginner"), ViewOptions(), dice=FixedDice([4, 2, 5, 3]))
    c.roll()
    again = Controller(c.setup, c.options, match=c.match)
    assert again.board_view() == c.board_view()
    c.roll()
    again = Controller(c.setup, c.options, match=c.match)
    assert again.board_view() == c.board_view()


def test_portes_opening_dice_are_drawn_as_the_winner_s_in_his_colour():
    """Portes: the opening winner plays the throw; both dice are his, drawn in his half and his
    colour, and grey out as he plays them."""
    for dice, winner in (([3, 1, 5, 2], 0), ([1, 3, 5, 2], 1)):
        c = Controller(MatchSetup(mode="pvp"), ViewOptions(turn_board=False), dice=FixedDice(dice))
        c.roll()
        view = c.board_view()
        assert view.opening is None
        assert [d.value for d in view.dice] == [3, 1] if winner == 0 else [1, 3]
        assert view.dice_side == (0 if winner == 0 else 1)
        assert _die_fills(c) == [DIE_FILLS[winner]] * 2
        assert all(o is None for _, _, o in _dice(c))
    c = Controller(MatchSetup(level="beginner"), ViewOptions(), dice=FixedDice([3, 1, 5, 2]))
    c.roll()
    c.click(8)  # 8/5 with the 3
    assert [(d.value, d.used) for d in c.board_view().dice] == [(3, True), (1, False)]


def test_the_roll_hint_leaves_the_opening_throw_readable():
    """Over the opening throw's die the roll hint is its frame alone (no text across the die)."""
    c = Controller(MatchSetup(variant="plakoto", level="beginner"), ViewOptions(), dice=FixedDice([4, 2, 5, 3]))
    root = ET.fromstring(render_board(c.board_view()))
    hint = next(el for el in root.iter(f"{SVG}g") if el.get("class") == "roll-hint")
    assert [el.text for el in hint.iter(f"{SVG}text")] == ["Roll the dice"]  # the opening roll: words
    c.roll()
    root = ET.fromstring(render_board(c.board_view()))
    hint = next(el for el in root.iter(f"{SVG}g") if el.get("class") == "roll-hint")
    assert list(hint.iter(f"{SVG}text")) == [] and c.board_view().opening is not None
