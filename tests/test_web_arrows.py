"""Arrows on the board (web.view.view.play_arrows, web.view.render): a play's hops as arrows in
bottom numbering, drawn over the checkers from where each checker was to where it went."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tavli import Position
from web.view import geometry as g
from web.view.render import ARROW_FILLS, ARROW_TIP_BACK, arrow_end, render_board
from web.view.view import Arrow, ArrowKind, BoardView, play_arrows

SVG = "{http://www.w3.org/2000/svg}"


def _arrows(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [el for el in root.iter(f"{SVG}g") if "arrow" in el.get("class", "").split()]


def test_bottom_side_keeps_its_numbers_and_joins_one_checkers_hops():
    arrows = play_arrows(0, "portes", [(13, 10), (10, 9)], ArrowKind.LAST)
    assert arrows == (Arrow(0, 13, 9, ArrowKind.LAST),)


def test_two_checkers_are_two_arrows():
    arrows = play_arrows(0, "portes", [(8, 5), (6, 5)], ArrowKind.HINT)
    assert arrows == (Arrow(0, 8, 5, ArrowKind.HINT), Arrow(0, 6, 5, ArrowKind.HINT))


def test_doubles_join_each_checkers_hops():
    arrows = play_arrows(0, "portes", [(24, 18), (24, 18), (18, 12), (18, 12)], ArrowKind.BEST)
    assert sorted((a.start, a.end) for a in arrows) == [(24, 12), (24, 12)]


@pytest.mark.parametrize(("variant", "own", "bottom"), [
    ("portes", 24, 1), ("portes", 13, 12), ("plakoto", 6, 19), ("fevga", 24, 12), ("fevga", 1, 13),
])
def test_top_side_in_bottom_numbering(variant, own, bottom):
    (arrow,) = play_arrows(1, variant, [(own, own - 1)], ArrowKind.MADE)
    assert arrow.side == 1
    assert arrow.start == bottom
    assert arrow.end == BoardView((0,) * 25, (0,) * 25, variant=variant).board_point(1, own - 1)


def test_bar_and_off_keep_their_numbers_for_either_side():
    assert play_arrows(1, "portes", [(25, 20)], ArrowKind.LAST) == (Arrow(1, 25, 5, ArrowKind.LAST),)
    assert play_arrows(1, "portes", [(3, 0)], ArrowKind.LAST) == (Arrow(1, 22, 0, ArrowKind.LAST),)
    assert play_arrows(0, "portes", [(25, 22), (22, 16)], ArrowKind.LAST) == (Arrow(0, 25, 16, ArrowKind.LAST),)


def test_a_checker_borne_off_is_not_joined_to_another():
    arrows = play_arrows(0, "portes", [(2, 0), (1, 0)], ArrowKind.LAST)
    assert arrows == (Arrow(0, 2, 0, ArrowKind.LAST), Arrow(0, 1, 0, ArrowKind.LAST))


def test_no_arrows_no_group():
    svg = render_board(BoardView.of_position(Position.initial()))
    assert _arrows(svg) == []
    assert 'class="arrows"' not in svg


def test_arrows_are_drawn_over_the_checkers_with_their_hooks():
    arrows = play_arrows(0, "portes", [(13, 7), (8, 7)], ArrowKind.LAST) + (Arrow(1, 1, 5, ArrowKind.HINT),)
    svg = render_board(BoardView.of_position(Position.initial(), arrows=arrows))
    drawn = _arrows(svg)
    assert [(el.get("class"), el.get("data-from"), el.get("data-to"), el.get("data-side")) for el in drawn] == [
        ("arrow arrow-last", "13", "7", "0"), ("arrow arrow-last", "8", "7", "0"), ("arrow arrow-hint", "1", "5", "1")]
    assert all(el.get("pointer-events") == "none" for el in drawn)
    # Later in the document than every checker: drawn above them.
    assert svg.index('class="arrows"') > svg.rindex('class="checker')
    for el in drawn:
        kind = ArrowKind(el.get("class").split("-")[-1])
        assert any(p.get("fill") == ARROW_FILLS[kind] for p in el.iter(f"{SVG}polygon")), "a head in its colour"
        assert len(list(el.iter(f"{SVG}line"))) == 2


def test_kinds_have_distinct_colours():
    assert len(set(ARROW_FILLS.values())) == len(ArrowKind)


def _tip(el: ET.Element) -> tuple[float, float]:
    head = next(p for p in el.iter(f"{SVG}polygon"))
    x, y = head.get("points").split()[0].split(",")
    return float(x), float(y)


def _tail(el: ET.Element) -> tuple[float, float]:
    line = next(iter(el.iter(f"{SVG}line")))
    return float(line.get("x1")), float(line.get("y1"))


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("home_left", [False, True])
def test_arrow_runs_from_checker_to_checker(portrait, home_left):
    layout = g.Layout(home_left, portrait)
    view = BoardView.of_position(Position.initial(), arrows=(Arrow(0, 24, 20, ArrowKind.LAST),))
    (el,) = _arrows(render_board(view, layout))
    # From the top checker of the two on 24 to the first place of the empty 20.
    assert _tail(el) == pytest.approx(layout.spot_center(0, 24, 1, 2), abs=0.1)
    _points_at(el, layout.spot_center(0, 20, 0, 1))


def _points_at(el: ET.Element, centre: tuple[float, float]) -> None:
    """The arrow's tip is on its line, within a checker of ``centre``, short of it by ARROW_TIP_BACK."""
    (x1, y1), (x2, y2), (cx, cy) = _tail(el), _tip(el), centre
    assert ((cx - x2) ** 2 + (cy - y2) ** 2) ** 0.5 == pytest.approx(ARROW_TIP_BACK, abs=0.2)
    assert abs((x2 - x1) * (cy - y1) - (y2 - y1) * (cx - x1)) < 0.5 * ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5


def test_arrows_to_the_bar_and_off_go_to_their_places():
    side = [0] * 25
    side[0], side[24] = 3, 1  # three on the 1-point, one on the bar
    view = BoardView(tuple(side), tuple(side), arrows=(Arrow(0, 25, 22, ArrowKind.LAST), Arrow(1, 24, 0, ArrowKind.HINT)))
    layout = g.Layout()
    bar, off = _arrows(render_board(view, layout))
    assert _tail(bar) == pytest.approx(layout.spot_center(0, g.BAR, 0, 1), abs=0.1)
    tray = layout.tray_area(1)
    _points_at(off, (tray.x + tray.w / 2, tray.y + tray.h / 2))
    assert arrow_end(layout, view, 1, 0) == pytest.approx((tray.x + tray.w / 2, tray.y + tray.h / 2))


def test_top_sides_arrow_uses_its_own_checkers():
    view = BoardView.of_position(Position.initial(), arrows=(Arrow(1, 1, 4, ArrowKind.LAST),))
    layout = g.Layout()
    (el,) = _arrows(render_board(view, layout))
    assert _tail(el) == pytest.approx(layout.spot_center(1, 1, 1, 2), abs=0.1)
