"""The SVG board drawn from a position (web.view.render / web.view.geometry, no browser needed)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from tavli import Position
from web.view import geometry
from web.view.render import checker_spots, render_board

SVG = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def _checkers(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter() if "data-owner" in el.attrib]


def _centre(checker: ET.Element) -> tuple[float, float]:
    """Centre of a checker drawn as a group: its main disc is the circle of radius CHECKER_R
    that is not the shadow."""
    discs = [c for c in checker.iter(f"{SVG}circle") if float(c.get("r")) == geometry.CHECKER_R
             and not c.get("fill", "").startswith("rgba")]
    return float(discs[0].get("cx")), float(discs[0].get("cy"))


def test_initial_position_has_thirty_checkers():
    checkers = _checkers(_parse(render_board(Position.initial())))
    assert len(checkers) == 30
    assert Counter(c.get("data-owner") for c in checkers) == {"0": 15, "1": 15}
    assert all("checker" in c.get("class", "").split() for c in checkers)


def test_initial_position_points_in_bottom_numbering():
    checkers = _checkers(_parse(render_board(Position.initial())))
    where = Counter((c.get("data-owner"), int(c.get("data-point"))) for c in checkers)
    # Bottom player (owner 0): 24:2 13:5 8:3 6:5; the top player's, in the bottom player's numbering.
    assert where == {
        ("0", 24): 2, ("0", 13): 5, ("0", 8): 3, ("0", 6): 5,
        ("1", 1): 2, ("1", 12): 5, ("1", 17): 3, ("1", 19): 5,
    }


def test_points_bar_and_tray_are_marked():
    root = _parse(render_board(Position.initial()))
    marked = [el for el in root.iter() if "data-point" in el.attrib and "data-owner" not in el.attrib]
    assert sorted(int(el.get("data-point")) for el in marked) == list(range(26))
    assert {el.get("class") for el in marked if el.get("data-point") == "25"} == {"bar"}
    assert {el.get("class") for el in marked if el.get("data-point") == "0"} == {"tray"}


def test_checkers_sit_on_their_points():
    root = _parse(render_board(Position.initial()))
    for c in _checkers(root):
        area = geometry.point_area(int(c.get("data-point")))
        x, y = _centre(c)
        assert area.x <= x <= area.x + area.w
        assert area.y <= y <= area.y + area.h


def test_bar_and_borne_off_checkers():
    # Bottom player: 10 on his 6-point, 2 on the bar, 3 off; top player: 1 on the bar, 14 off.
    player = [0] * 25
    player[5], player[24] = 10, 2
    opponent = [0] * 25
    opponent[24] = 1
    checkers = _checkers(_parse(render_board(Position(tuple(player), tuple(opponent)))))
    assert len(checkers) == 30
    where = Counter((c.get("data-owner"), int(c.get("data-point"))) for c in checkers)
    assert where == {("0", 6): 10, ("0", 25): 2, ("0", 0): 3, ("1", 25): 1, ("1", 0): 14}
    # A squeezed stack of 10 stays inside its half of the board.
    six = [c for c in checkers if c.get("data-point") == "6"]
    assert min(_centre(c)[1] for c in six) - geometry.CHECKER_R >= geometry.MIDDLE_Y - 4
    # Borne-off checkers stay inside their owner's half of the tray.
    for owner in (0, 1):
        tray = geometry.tray_area(owner)
        for c in checkers:
            if c.get("data-owner") == str(owner) and c.get("data-point") == "0":
                assert tray.y <= float(c.get("y")) and float(c.get("y")) + float(c.get("height")) <= tray.y + tray.h


def test_geometry_mirrors_the_two_halves():
    for p in range(1, 13):
        assert geometry.point_left(p) == geometry.point_left(25 - p)
        assert not geometry.is_top(p) and geometry.is_top(25 - p)
    assert len({geometry.point_left(p) for p in range(1, 13)}) == 12
    assert geometry.point_left(1) > geometry.point_left(6) > geometry.BAR_X > geometry.point_left(7)


def test_checker_spots_rejects_a_short_side():
    class Bad:
        player = (0,) * 24
        opponent = (0,) * 25

    with pytest.raises(TypeError):  # not a position of any game (tavli.games.registry.kind_of)
        checker_spots(Bad())
