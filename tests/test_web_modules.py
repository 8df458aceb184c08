"""The browser side's pure modules: settings from the URL, strings, layout and hit testing, the
slide planner, the panel's HTML. No browser needed."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from tavli import Position
from web.model.i18n import EN, add_language, set_language, t
from web.model.setup import MatchSetup, ViewOptions
from web.model.url import parse_query
from web.view import geometry as g
from web.view.anim import chains, plan_slides
from web.view.panel import announce_html, panel_html
from web.view.render import render_board
from web.view.view import BoardView, Control, Motion, PanelView, PlayerCard


def test_parse_query_reads_options_and_ignores_junk():
    opts, setup = parse_query("?home=left&anim=0&basic=1&autoroll=yes&autooff=1&clickdice=on&turn=0"
                              "&mode=pvp&length=5&rules=greek&seed=42&bogus=1")
    assert opts == ViewOptions(home_left=True, anim_speed=0.0, basic=True, auto_roll=True, auto_bearoff=True,
                               click_to_finish=True, turn_board=False)
    assert setup == MatchSetup(mode="pvp", length=5, rules="greek", seed=42)
    assert not opts.animate and opts.duration_ms(300) == 0
    opts, setup = parse_query("anim=abc&length=99&mode=x&seed=-&basic=maybe")
    assert opts == ViewOptions() and setup == MatchSetup(length=25)
    assert ViewOptions(anim_speed=2).duration_ms(300) == 150


def test_strings_fall_back_to_english():
    assert t("pips", n=3) == "pips: 3"
    add_language("xx", {"pips": "{n} πόντοι"})
    try:
        set_language("xx")
        assert t("pips", n=3) == "3 πόντοι"
        assert t("roll") == EN["roll"]
    finally:
        set_language("en")


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("home_left", [False, True])
def test_point_at_finds_every_point_bar_and_tray(home_left, portrait):
    layout = g.Layout(home_left, portrait)
    for point in range(1, 25):
        area = layout.point_area(point)
        assert layout.point_at(area.x + area.w / 2, area.y + area.h / 2) == point
        for index in range(5):
            x, y = layout.checker_center(point, index, 5)
            assert layout.point_at(x, y) == point
    for owner in (0, 1):
        x, y = layout.bar_checker_center(owner, 0, 1)
        assert layout.point_at(x, y) == g.BAR
        slab = layout.off_slab(owner, 0)
        assert layout.point_at(slab.x + slab.w / 2, slab.y + slab.h / 2) == g.OFF
    cube = layout.cube_rect(None)
    assert layout.point_at(cube.x + cube.w / 2, cube.y + cube.h / 2) is None
    for x, y in [(0, 0), (layout.width, layout.height)]:
        assert layout.inverse(layout.xy((x, y))) == (x, y)


@pytest.mark.parametrize("home_left", [False, True])
def test_portrait_keeps_your_home_at_the_bottom_on_your_side(home_left):
    layout = g.Layout(home_left, portrait=True)
    assert (layout.width, layout.height) == (g.HEIGHT, g.WIDTH)
    home = layout.point_area(1)
    middle_x = layout.width / 2
    assert home.y + home.h / 2 > layout.height / 2, "home in the bottom half"
    assert (home.x + home.w / 2 < middle_x) == home_left, "on the chosen side"
    tray = layout.tray_area()
    assert tray.y > layout.point_area(1).y and tray.w > tray.h, "the tray runs along the bottom"
    dice = layout.dice_slots(0, 4)
    assert len({d.y for d in dice}) == 1, "dice stay in a row"


def test_home_left_mirrors_the_board():
    right, left = g.Layout(False), g.Layout(True)
    assert right.point_area(1).x > right.point_area(12).x
    assert left.point_area(1).x < left.point_area(12).x
    assert left.tray_area().x < left.point_area(1).x
    assert left.cube_rect(None).x > left.point_area(12).x


def test_client_to_board_undoes_the_letterbox():
    # An SVG box twice as wide as the board's aspect: the board is centred horizontally.
    w, h = 2 * g.WIDTH, g.HEIGHT
    x, y = g.client_to_board(10, 20, w, h, 10 + g.WIDTH / 2 + 100, 20 + 300)
    assert (round(x), round(y)) == (100, 300)


def test_chains_join_the_steps_of_one_checker():
    motions = [Motion(0, 13, 10), Motion(1, 10, 25), Motion(0, 10, 9)]
    assert chains(motions) == [Motion(0, 13, 9), Motion(1, 10, 25)]


def test_plan_slides_offsets_each_moved_checker_back_to_where_it_was():
    before = BoardView.of_position(Position.initial())
    after_pos = Position.from_points({24: 2, 13: 5, 8: 2, 6: 4, 5: 2}, {24: 2, 13: 5, 8: 3, 6: 5})
    after = BoardView.of_position(after_pos)
    layout = g.Layout()
    slides = plan_slides(before, after, [Motion(0, 8, 5), Motion(0, 6, 5)], layout)
    assert [(s.point, s.index) for s in slides] == [(5, 0), (5, 1)]
    for s, start in zip(slides, [(8, 2, 3), (6, 4, 5)]):
        ox, oy = layout.checker_center(*start)
        nx, ny = layout.checker_center(5, s.index, 2)
        assert (s.dx, s.dy) == (ox - nx, oy - ny)
    turned = BoardView(after.bottom, after.top, bottom_player=1)
    assert plan_slides(before, turned, [Motion(0, 8, 5)], layout) == []


def test_render_draws_dice_cube_and_stack_counts():
    pos = Position.from_points({6: 7, 1: 8}, {6: 15})
    view = BoardView.of_position(pos, dice=(), cube=4, cube_owner=0)
    root = ET.fromstring(render_board(view))
    texts = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text") if el.get("class") == "stack-count"]
    assert sorted(texts) == ["15", "7", "8"]
    cubes = [el for el in root.iter() if el.get("data-cube")]
    assert [c.get("data-cube") for c in cubes] == ["4"]
    from web.view.view import DieView

    doubles = BoardView.of_position(pos, dice=(DieView(5, True),) + (DieView(5),) * 3, dice_side=0)
    dice = [el for el in ET.fromstring(render_board(doubles)).iter() if el.get("data-die")]
    assert len(dice) == 4 and sum("used" in d.get("class") for d in dice) == 1
    assert "finish-hint" not in render_board(doubles)
    finished = BoardView.of_position(pos, dice=(DieView(5, True),) * 4, dice_side=0, finish_hint=True)
    assert 'class="finish-hint"' in render_board(finished)


def test_panel_html_escapes_and_marks_controls():
    card = PlayerCard("<b>", 0, 1, 100, True)
    view = PanelView("move", "a & b", card, PlayerCard("C", 1, 0, 90), "Match to 3",
                     (Control("undo", "Undo", enabled=False, title="why"),), announce="Won", announce_hint="next")
    html = panel_html(replace(view, announce=""))
    assert "&lt;b&gt;" in html and "a &amp; b" in html
    assert 'data-action="undo" title="why" disabled' in html
    assert 'data-overlay="new-match"' in announce_html(view)
    # The result takes the status line's place (beside the board, never over its checkers).
    assert announce_html(view) in panel_html(view) and "a &amp; b" not in panel_html(view)


def test_query_params_decode_like_urllib():
    from urllib.parse import parse_qs

    from web.model.url import query_params

    for q in ["?a=1&b=%41%42&c=x+y&d=&e", "name=%E2%82%AC&x=%4&y=%zz", "a=1&a=2", ""]:
        ref = {k: v[-1] for k, v in parse_qs(q.lstrip("?"), keep_blank_values=True).items()}
        assert query_params(q) == ref
