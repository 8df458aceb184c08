"""The board's furniture and options, read through the test hooks: points, controls, cube, names,
pips, dice, the home side, basic graphics, animation and auto-roll."""

from __future__ import annotations

from e2e.board_hooks import counts, drag, expected, mirror, phase, spot, wait_turn
from e2e.helpers import boot


def _box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


# Counts the animations the page starts (Element.animate), from now on: window.__slides.
COUNT_SLIDES = """() => { window.__slides = 0; const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) { window.__slides++; return animate.apply(this, args); }; }"""


def test_hooks_controls_cube_names_and_animation(page):
    boot(page, "seed=23")
    assert phase(page) == "opening"
    marked = page.evaluate(
        "[...document.querySelectorAll('#board-svg [data-point]:not([data-owner])')].map(e => +e.dataset.point)")
    assert sorted(marked) == list(range(26)), "one element per point, the bar (25) and the tray (0)"
    actions = page.evaluate("[...document.querySelectorAll('[data-action]')].map(e => e.dataset.action)")
    assert {"roll", "double", "undo", "resign", "options", "new-match"} <= set(actions)
    assert "done" not in actions  # only with "click dice to finish turn"
    for button in page.locator("button[data-action]:disabled").all():
        assert button.get_attribute("title"), f"{button.get_attribute('data-action')} is disabled without a reason"
    # The cube, in the middle of its rail, shows 64.
    cube, board = _box(page, "[data-cube='64']"), _box(page, "#board-svg")
    assert abs(cube["y"] + cube["height"] / 2 - (board["y"] + board["height"] / 2)) < 3
    assert page.locator(".card.bottom .name").inner_text() == "You"
    assert page.locator(".card.top .name").inner_text() == "Computer"
    assert page.locator(".card.bottom .pips").inner_text() == "pips: 167"
    assert page.locator(".match-info").inner_text() == "Match to 3"
    # The opening roll (you 3, the computer 1): you play both dice, drawn as yours in your half.
    page.click("button[data-action=roll]")
    assert page.locator("#board-svg [data-opening]").count() == 0
    assert page.locator("#board-svg [data-die][data-player='0']").count() == 2
    for die in page.locator("#board-svg [data-die]").all():
        assert die.bounding_box()["x"] > board["x"] + board["width"] / 2
    # A click slides the checker (an animation is started: counted, since on a loaded machine a
    # 320 ms slide may be over before the test looks), and the position is the engine's.
    page.evaluate(COUNT_SLIDES)
    page.mouse.click(*spot(page, 8))
    assert page.evaluate("window.__slides") >= 1
    ctl = mirror("seed=23")
    ctl.roll()
    ctl.click(8)
    assert counts(page) == expected(ctl)
    assert page.locator(".card.bottom .pips").get_attribute("data-pips") == str(167 - 3)
    # An illegal drop of a movable checker: it slides back (an animation is started), nothing changes.
    source = next(p for p in range(24, 0, -1) if ctl.movable(p))
    illegal = next(q for q in range(1, 25) if q != source and q not in ctl.targets(source))
    page.wait_for_function("document.getAnimations().length === 0")
    page.evaluate("window.__slides = 0")
    before = counts(page)
    drag(page, spot(page, source), spot(page, illegal))
    assert page.evaluate("window.__slides") >= 1
    assert counts(page) == before


def test_home_left_basic_graphics_and_auto_roll(page):
    query = "seed=23&home=left&basic=1&autoroll=1&anim=0"
    boot(page, query)
    # Auto-roll throws the opening roll by itself.
    assert wait_turn(page) == "move"
    board = _box(page, "#board-svg")
    one, twelve, tray = (_box(page, f"#board-svg [data-point='{p}']:not([data-owner])") for p in (1, 12, 0))
    assert tray["x"] < one["x"] < twelve["x"], "home (and the tray) at the bottom left"
    assert one["y"] + one["height"] / 2 > board["y"] + board["height"] / 2
    cube = _box(page, "[data-cube]")
    assert cube["x"] > twelve["x"], "the cube's rail on the far side from the tray"
    # Basic graphics: flat colours, no gradients, no animation.
    assert "basic" in page.get_attribute("#board-svg", "class")
    assert page.locator("#board-svg radialGradient").count() == 0
    ctl = mirror(query)
    ctl.roll()
    page.mouse.click(*spot(page, 8))
    ctl.click(8)
    assert page.evaluate("document.getAnimations().length") == 0
    assert counts(page) == expected(ctl)
