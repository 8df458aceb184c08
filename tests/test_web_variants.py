"""The board, the new-match screen and the panel for Plakoto, Fevga and the Tavli match (issue 7):
Fevga's layout, pinned checkers, the controller's turns in both games, the URL and the saved
choices. No browser."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tavli import FixedDice, options
from tavli.events import as_dicts
from tavli.games.fevga import FevgaPosition
from tavli.games.plakoto import PlakotoPosition
from tavli.match import Match
from web.control.controller import Controller
from web.model import prefs as P
from web.model import saves as S
from web.model.setup import MatchSetup, ViewOptions
from web.model.url import fixes_match, parse_query
from web.view import dialogs, geometry
from web.view.anim import plan_slides
from web.view.render import render_board
from web.view.view import BoardView, Motion, top_point

SVG = "{http://www.w3.org/2000/svg}"
PK = PlakotoPosition.from_points
FV = FevgaPosition.from_points


def _root(board, layout=None) -> ET.Element:
    return ET.fromstring(render_board(board, layout))


def _checkers(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter() if "data-owner" in el.attrib]


def _where(root: ET.Element) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for c in _checkers(root):
        key = (int(c.get("data-owner")), int(c.get("data-point")))
        out[key] = out.get(key, 0) + 1
    return out


def _disc(checker: ET.Element) -> tuple[float, float]:
    discs = [c for c in checker.iter(f"{SVG}circle") if float(c.get("r")) == geometry.CHECKER_R
             and not c.get("fill", "").startswith("rgba")]
    return float(discs[0].get("cx")), float(discs[0].get("cy"))


# --- Fevga's layout -------------------------------------------------------------------------------


def test_top_point_maps_each_game_and_is_its_own_inverse():
    assert [top_point("portes", q) for q in (1, 12, 24)] == [24, 13, 1]
    assert [top_point("plakoto", q) for q in (1, 12, 24)] == [24, 13, 1]
    assert [top_point("fevga", q) for q in (1, 12, 13, 24)] == [13, 24, 1, 12]
    for game in ("portes", "fevga"):
        assert all(top_point(game, top_point(game, q)) == q for q in range(1, 25))


def test_fevga_starts_in_diagonally_opposite_corners():
    view = BoardView.of_position(FevgaPosition.initial())
    assert view.variant == "fevga" and view.start_point(0) == 24 and view.start_point(1) == 12
    assert view.count_at(1, 12) == 15 and view.count_at(1, 1) == 0 and view.count_at(0, 24) == 15
    root = _root(FevgaPosition.initial())
    assert root.get("data-variant") == "fevga"
    assert _where(root) == {(0, 24): 15, (1, 12): 15}
    # 24 is the top right corner, 12 the bottom left one (home on the right).
    assert geometry.is_top(24) and not geometry.is_top(12)
    assert geometry.point_left(24) > geometry.BAR_X > geometry.point_left(12)
    marks = {m.get("data-side"): m for m in root.iter(f"{SVG}circle") if m.get("class") == "start-mark"}
    assert set(marks) == {"0", "1"}
    for side, point in (("0", 24), ("1", 12)):
        lx, _ = geometry.Layout().label_position(point)
        assert float(marks[side].get("cx")) == pytest.approx(lx)


def test_a_fevga_side_is_placed_by_the_twelve_point_shift():
    # The top player (not on roll) has 3 on his 13 and 2 on his 2: our 1 and our 14.
    view = BoardView.of_position(FV({24: 13, 20: 2}, {13: 3, 2: 2, 24: 10}))
    assert (view.count_at(1, 1), view.count_at(1, 14), view.count_at(1, 12)) == (3, 2, 10)
    assert _where(_root(view)) == {(0, 24): 13, (0, 20): 2, (1, 1): 3, (1, 14): 2, (1, 12): 10}


@pytest.mark.parametrize("home_left", [False, True])
def test_fevga_shows_its_direction(home_left):
    root = _root(FevgaPosition.initial(), geometry.Layout(home_left=home_left))
    arrows = [g for g in root.iter(f"{SVG}g") if g.get("class") == "direction"]
    assert len(arrows) == 1
    assert arrows[0].get("data-direction") == ("clockwise" if home_left else "anticlockwise")
    polygons = [p for p in arrows[0].iter(f"{SVG}polygon")]
    assert len(polygons) == 3
    # The tip is the fourth corner: the top half's arrow on the bar points to the outer board.
    points = [tuple(map(float, c.split(","))) for c in polygons[0].get("points").split()]
    tip, tail = points[3], ((points[0][0] + points[-1][0]) / 2, (points[0][1] + points[-1][1]) / 2)
    assert tip[1] < geometry.MIDDLE_Y
    assert (tip[0] > tail[0]) == home_left  # right to left on the home-right board
    assert not [g for g in _root(PlakotoPosition.initial()).iter(f"{SVG}g") if g.get("class") == "direction"]


def test_portes_has_no_start_marks_plakoto_marks_the_mothers():
    assert not [m for m in _root(BoardView((0,) * 25, (0,) * 25)).iter() if m.get("class") == "start-mark"]
    marks = {int(m.get("data-side")) for m in _root(PlakotoPosition.initial()).iter() if m.get("class") == "start-mark"}
    assert marks == {0, 1}
    assert BoardView.of_position(PlakotoPosition.initial()).start_point(1) == 1


# --- Plakoto's pins -------------------------------------------------------------------------------


PINNED = PK({24: 12, 5: 3}, {24: 14, 20: 1}, opponent_pinned={20})  # we pin his lone checker on our 5


def test_a_pinned_checker_lies_under_its_pinner():
    view = BoardView.of_position(PINNED)
    assert view.pinned == {(1, 5)} and view.is_pinned(1, 5) and view.on_pin(0, 5) and not view.on_pin(1, 5)
    root = _root(view)
    checkers = _checkers(root)
    pinned = [c for c in checkers if c.get("data-pinned") == "1"]
    assert [(c.get("data-owner"), c.get("data-point"), c.get("data-index")) for c in pinned] == [("1", "5", "0")]
    assert "pinned" in pinned[0].get("class").split()
    pinners = sorted((c for c in checkers if (c.get("data-owner"), c.get("data-point")) == ("0", "5")),
                     key=lambda c: int(c.get("data-index")))
    assert len(pinners) == 3
    # Drawn first, so the pinner's stack covers it; at the frame, the stack lifted over it.
    assert checkers.index(pinned[0]) < min(checkers.index(c) for c in pinners)
    _, y_pinned = _disc(pinned[0])
    _, y_first = _disc(pinners[0])
    assert y_pinned == pytest.approx(geometry.checker_center(5, 0, 1)[1])
    assert y_pinned - y_first == pytest.approx(geometry.PIN_LIFT * 2 * geometry.CHECKER_R)
    # Its mark lies on the part in view: off the pinner's disc, inside its own.
    mark = next(c for c in pinned[0].iter(f"{SVG}circle") if c.get("class") == "pin-mark")
    mx, my = float(mark.get("cx")), float(mark.get("cy"))
    x, _ = _disc(pinners[0])
    assert ((mx - x) ** 2 + (my - y_first) ** 2) ** 0.5 >= geometry.CHECKER_R + geometry.PIN_MARK_R
    assert ((mx - x) ** 2 + (my - y_pinned) ** 2) ** 0.5 + geometry.PIN_MARK_R <= geometry.CHECKER_R
    assert not [c for c in _checkers(_root(PlakotoPosition.initial())) if c.get("data-pinned")]


@pytest.mark.parametrize(("home_left", "portrait"), [(False, False), (True, False), (False, True), (True, True)])
def test_a_lifted_stack_stays_on_its_point_in_every_layout(home_left, portrait):
    layout = geometry.Layout(home_left, portrait)
    tall = PK({24: 5, 5: 9, 2: 1}, {24: 14, 20: 1}, opponent_pinned={20})  # nine pinners
    for c in _checkers(_root(BoardView.of_position(tall), layout)):
        if c.get("data-point") in ("5",):
            x, y = _disc(c)
            area = layout.point_area(5)
            assert area.x <= x <= area.x + area.w and area.y <= y <= area.y + area.h


def test_a_pin_slides_the_pinner_onto_the_lifted_place():
    before = BoardView.of_position(PK({24: 14, 8: 1}, {24: 14, 20: 1}))
    after = BoardView.of_position(PK({24: 14, 5: 1}, {24: 14, 20: 1}, opponent_pinned={20}))
    layout = geometry.Layout()
    [slide] = plan_slides(before, after, [Motion(0, 8, 5)], layout)
    assert (slide.side, slide.point, slide.index) == (0, 5, 0)
    old = layout.checker_center(8, 0, 1)
    new = layout.checker_center(5, 0, 1, geometry.PIN_LIFT)
    assert (slide.dx, slide.dy) == pytest.approx((old[0] - new[0], old[1] - new[1]))


# --- the controller ---------------------------------------------------------------------------------


def _at_roll(setup: MatchSetup, dice: list[int], position=None, **view) -> Controller:
    """A controller whose opening roll ``dice[:2]`` is thrown; ``position`` (from the side on roll)
    put on the board before the next roll, ``dice[2:4]``."""
    c = Controller(setup, ViewOptions(**view), dice=FixedDice(dice))
    c.roll()
    assert c.match.phase == "roll"  # Plakoto and Fevga: the winner rolls both dice afresh
    if position is not None:
        c.match.game.position = position
    c.roll()
    return c


def test_a_plakoto_pin_is_no_motion_to_the_bar_and_the_board_is_told():
    setup = MatchSetup(variant="plakoto", level="beginner")
    c = _at_roll(setup, [5, 2, 3, 1], PK({24: 14, 8: 1}, {24: 14, 20: 1}))
    assert c.targets(8) == [4, 5, 7]
    assert c.click(8).motions == [Motion(0, 8, 5)]  # the largest jump: 8/5*, a pin
    assert c.board_view().pinned == {(1, 5)}
    assert c.undo().motions == [Motion(0, 5, 8)]
    assert c.board_view().pinned == frozenset()
    c.click(8)
    c.click(5)  # 5/4 with the 1: the pinner leaves, the pinned checker is free again
    assert c.board_view().pinned == frozenset() and c.page_phase() == "opponent"


def test_a_plakoto_turn_of_the_top_player_in_the_top_numbering():
    setup = MatchSetup(variant="plakoto", mode="pvp")
    c = _at_roll(setup, [2, 5, 6, 1], turn_board=False)  # player 1, at the top, starts
    assert c.match.game.on_roll == 1 and c.bottom == 0
    assert [p for p in range(26) if c.movable(p)] == [1]  # his 24-point is our 1
    assert c.targets(1) == [2, 7, 8]
    assert c.click(1).motions == [Motion(1, 1, 7)]
    assert c.right_click(7).motions == [Motion(1, 7, 8)]
    assert c.board_view().count_at(1, 8) == 1 and c.page_phase() == "roll"


def test_a_fevga_turn_of_the_top_player_goes_by_the_twelve_point_shift():
    setup = MatchSetup(variant="fevga", mode="pvp")
    c = _at_roll(setup, [2, 5, 5, 3], turn_board=False)
    assert [p for p in range(26) if c.movable(p)] == [12]  # his 24-point is our 12
    assert c.targets(12) == [4, 7, 9]  # his 19, 21 and (both dice, one checker) 16
    assert c.click(12).motions == [Motion(1, 12, 7)]
    assert c.targets(7) == [4]
    assert c.drag(7, 4).motions == [Motion(1, 7, 4)]
    assert c.board_view().count_at(1, 4) == 1 and c.page_phase() == "roll"
    assert c.board_view().variant == "fevga"


def test_the_computer_plays_the_turns_own_plays_with_the_match_options():
    # The computer's prime on its 6..11 shuts out our last checker (on our 24, its 12): with
    # prime "open" it must give us a move when it can, with "free" it may keep the prime.
    position = FV({11: 2, 10: 2, 9: 2, 8: 2, 7: 2, 6: 2, 13: 3}, {24: 1})
    plays = {}
    for prime in ("open", "free"):
        setup = MatchSetup(variant="fevga", level="beginner", prime=prime)
        c = Controller(setup, ViewOptions(), dice=FixedDice([2, 5, 2, 1]))
        c.roll()
        assert c.match.game.on_roll == 1 and c.page_phase() == "opponent"
        c.match.game.position = position  # seen from the computer, on roll
        c.computer_step()  # it rolls 2-1
        assert c.plan_needed()
        play = c.choose_play()
        assert play in c.match.turn.plays
        plays[prime] = len(c.match.turn.plays)
        c.set_plan(play)
        while c.match.phase == "move":
            c.computer_step()
        assert c.match.phase == "roll" and c.page_phase() == "roll"
    assert plays["open"] < plays["free"]


def test_the_panel_names_the_game_in_play():
    plakoto = Controller(MatchSetup(variant="plakoto", length=5, level="beginner"), ViewOptions())
    assert plakoto.panel_view().match_text == "Plakoto · Match to 5"
    assert plakoto.panel_view().variant == "plakoto"
    c = Controller(MatchSetup(variant="tavli", length=5, mode="pvp"), ViewOptions(), dice=FixedDice([5, 2] * 9))
    assert c.panel_view().match_text == "Match to 5 · Game 1 — Portes"
    c.roll()
    c.offer_resign()  # Greek: at once, 2 points (nothing borne off)
    assert c.match.phase == "game-over"
    c.next_game()
    view = c.panel_view()
    assert view.match_text == "Match to 5 · Game 2 — Plakoto" and view.variant == "plakoto"
    assert c.board_view().variant == "plakoto" and c.board_view().count_at(1, 1) == 15
    assert "double" not in [ctl.action for ctl in view.controls]


def test_results_of_a_pinned_mother_and_of_a_draw():
    setup = MatchSetup(variant="plakoto", level="beginner")
    c = _at_roll(setup, [5, 2, 2, 1], PK({3: 1, 10: 5}, {24: 1, 13: 14}))
    c.click(3)  # 3/1*: the mother is pinned and the computer has no checker left on its start
    c.click(10)
    assert c.match.phase == "game-over" and c.match.result.reason == "mother"
    assert c.result_text() == "You win: the mother is pinned (2 points)"
    draw = _at_roll(setup, [5, 2, 2, 1], PK({3: 1, 24: 1, 13: 5}, {24: 1, 1: 1, 10: 5}, player_pinned={24}))
    draw.click(3)
    if draw.match.phase == "move":
        draw.click(13)
    assert draw.match.result.is_draw
    assert draw.result_text() == "Both mothers are pinned: the game is a draw (no points)"
    assert draw.panel_view().announce == draw.result_text()


def test_auto_bear_off_waits_while_the_sides_can_still_meet():
    setup = MatchSetup(variant="plakoto", level="beginner")
    race = _at_roll(setup, [5, 2, 6, 5], PK({3: 1, 2: 14}, {1: 15}), auto_bearoff=True)
    assert race.auto_pending() and race.auto_step().motions == [Motion(0, 3, 0)]
    contact = _at_roll(setup, [5, 2, 6, 5], PK({3: 1, 2: 14}, {24: 1, 1: 14}), auto_bearoff=True)
    assert not contact.auto_pending()  # his checker on our 1 may still pin a blot of ours
    setup = MatchSetup(variant="fevga", level="beginner")
    race = _at_roll(setup, [5, 2, 6, 5], FV({3: 1, 2: 14}, {6: 15}), auto_bearoff=True)
    assert race.auto_pending()
    contact = _at_roll(setup, [5, 2, 6, 5], FV({3: 1, 2: 14}, {16: 1, 6: 14}), auto_bearoff=True)
    assert not contact.auto_pending()  # his checker on our 4 will run through our home


# --- the URL, the saved choices, the new-match screen ------------------------------------------------


def test_the_url_names_the_game_and_its_options():
    _, setup = parse_query("variant=Tavli&mother=1&first=quarter&prime=free&level=beginner&length=7")
    assert (setup.variant, setup.mother_points, setup.first_checker, setup.prime, setup.level) == (
        "tavli", 1, "quarter", "free", "beginner")
    assert setup.match_args() == {"length": 7, "variant": "tavli",
                                  "options": {"mother_points": 1, "first_checker": "quarter", "prime": "free"}}
    _, bad = parse_query("variant=chess&mother=3&first=x&prime=&level=god")
    assert bad == MatchSetup()
    assert fixes_match("variant=plakoto") and fixes_match("level=expert") and not fixes_match("home=left")
    # Money play is Portes only; the rules a variant is played by are Greek whatever is asked.
    _, money = parse_query("variant=fevga&money=1&length=5&rules=international")
    assert money.match_args()["length"] == 5 and money.fitted().length == 5
    c = Controller(money, ViewOptions())
    assert c.match.length == 5 and c.match.variant == "fevga" and not c.match.rules.cube
    assert c.match.options == {"first_checker": "pass", "prime": "open"}
    assert parse_query("money=1")[1].match_args() == {"length": None, "variant": "portes", "options": None}


def test_the_saved_choices_keep_the_game_and_its_options():
    nm = MatchSetup(variant="tavli", length=7, mother_points=1, first_checker="quarter", prime="free")
    again = P.setup_from_dict(P.setup_to_dict(nm))
    assert again == nm
    assert nm.seeded(4).match_args()["options"] == {"mother_points": 1, "first_checker": "quarter", "prime": "free"}
    assert nm.seeded(4).fitted() == nm.seeded(4) and nm.seeded(4).fitted().seed == 4
    odd = P.setup_from_dict({"game": "tavli", "length": 9, "mother_points": 2.0, "prime": "closed"})
    assert (odd.length, odd.mother_points, odd.prime) == (7, 2, "open")
    assert MatchSetup(variant="tavli", length=1).fitted().length == 3
    assert MatchSetup(variant="plakoto", length=None).fitted().length == options.VARIANT_LENGTH
    assert MatchSetup(variant="plakoto", length=11).fitted().length == 11
    assert MatchSetup(length=None).fitted().length is None
    prefs, _ = P.overlay_query(P.Prefs(), "variant=plakoto&mother=1&level=beginner")
    assert (prefs.new_match.variant, prefs.new_match.mother_points, prefs.new_match.level) == ("plakoto", 1, "beginner")


def test_the_new_match_screen_offers_only_what_applies():
    portes = dialogs.new_match(MatchSetup(), can_cancel=True).html
    assert 'data-why' not in portes and '<fieldset class="row rules">' in portes
    assert 'value="money"' in portes and 'value="money" disabled' not in portes
    assert 'class="row variant-options plakoto-options" hidden' in portes
    tavli = dialogs.new_match(MatchSetup(variant="tavli", length=None), can_cancel=True).html
    assert 'value="5" selected' in tavli  # money play is not for Tavli: 5 points instead
    assert 'value="money" disabled' in tavli and 'value="1" disabled' in tavli and 'value="3">' in tavli
    assert '<fieldset class="row rules" disabled>' in tavli and 'data-why="rules"' in tavli
    assert 'data-why="length"' in tavli
    assert 'plakoto-options" hidden' not in tavli and 'fevga-options" hidden' not in tavli
    fevga = dialogs.new_match(MatchSetup(variant="fevga", length=11), can_cancel=True).html
    assert 'plakoto-options" hidden' in fevga and 'fevga-options" hidden' not in fevga
    assert 'value="11" selected' in fevga and 'value="money" disabled' in fevga
    assert 'name="first_checker" value="pass" checked' in fevga
    read = dialogs.read_new_match({"game": "tavli", "length": "money", "mother_points": "1",
                                   "first_checker": "quarter", "prime": "nope"}, MatchSetup())
    assert (read.variant, read.length, read.mother_points, read.first_checker, read.prime) == (
        "tavli", 5, 1, "quarter", "open")


def test_a_variant_match_is_saved_and_resumed_with_its_setup():
    store: dict[str, str] = {}
    nm = MatchSetup(variant="tavli", length=5, mother_points=1, level="beginner")
    match = Match(**{"rules": None, **nm.seeded(3).match_args()}, seed=3)
    match.roll()
    assert S.save_match(store, match, nm)
    loaded = S.load_match(store)
    assert loaded.problem is None and loaded.setup == nm
    assert loaded.match.variant == "tavli" and loaded.match.options["mother_points"] == 1
    c = Controller(loaded.setup, ViewOptions(), match=loaded.match)
    assert c.panel_view().match_text == "Match to 5 · Game 1 — Portes"


def test_pinning_the_mother_ends_the_turn_and_the_game_at_that_step():
    """Plakoto (issue 12, item 3): White 14 on his 6, 1 on his 7; Black's mother alone on White's
    1; roll 6-1. Clicking the 7 plays 7/1* with the 6: the game is over at once, the 1 unplayed."""
    from tavli.game import Game
    from tavli.games.plakoto import PlakotoPosition
    from tavli.match import Match
    from web.control.controller import Controller
    from web.model.setup import MatchSetup, ViewOptions

    match = Match(3, variant="plakoto", seed=1)
    match.roll()
    position = PlakotoPosition.from_points({6: 14, 7: 1}, {24: 1, 20: 2, 10: 12})
    match.game = Game(match.dice, variant="plakoto", position=position, on_roll=0)
    match.game.set_dice((6, 1))
    match.phase = "move"
    ctl = Controller(MatchSetup(mode="pvp", variant="plakoto"), ViewOptions(), match=match)
    ctl.click(7)
    assert match.phase == "game-over"
    assert match.result.winner == 0 and match.result.reason == "mother" and match.scores == [2, 0]
    assert as_dicts(match.log)[-2]["type"] == "play" and as_dicts(match.log)[-2]["moves"] == [[7, 1]]
