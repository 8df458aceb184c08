"""Playing by keyboard only (issue 15): the board reached by Tab from the page's start, a cursor
walked by the arrow keys, checkers picked and put down with Enter, Space to roll, U to undo, D to
double; focus kept across redraws and dialogs; no slides or flashes under reduced motion or the
basic graphics. Every action here is a key (``page.keyboard``); the page is only read."""

from __future__ import annotations

from collections import deque

import pytest

from e2e.board_hooks import counts, phase, wait_turn
from e2e.helpers import boot
from web.view import geometry as g
from web.view.cursor import ARROW_KEYS, CELLS, Cell, cell_of, step

LAYOUT = g.Layout()  # the default 1280x720 page: a landscape board, home on the right
KEY_OF = {d: k for k, d in ARROW_KEYS.items()}

# Element.animate counted (the checkers' slides: web/browser/refresh.py), before any page script.
COUNT_SLIDES = """(() => {
  window.tavliSlides = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { window.tavliSlides++; return animate.apply(this, args); };
})();"""


def focused(page) -> str:
    """What has the focus: ``#id``, ``[data-action]`` or the tag's name."""
    return page.evaluate("""(() => { const el = document.activeElement;
        if (!el || el === document.body) return 'body';
        if (el.id) return '#' + el.id;
        if (el.dataset && el.dataset.action) return '[' + el.dataset.action + ']';
        return el.tagName.toLowerCase(); })()""")


def tab_to_board(page) -> None:
    """Tab from the page's start until the board has the focus."""
    for _ in range(40):
        page.keyboard.press("Tab")
        if focused(page) == "#board":
            return
    raise AssertionError(f"Tab never reached the board (focus on {focused(page)})")


def cursor(page) -> int:
    return int(page.evaluate("document.querySelector('#board-svg .cursor').dataset.point"))


def path(start: int, goal: int, layout: g.Layout = LAYOUT, row: int = 1) -> list[str]:
    """The arrow keys from the cell of ``start`` (the bar or the tray: its cell in ``row``) to a
    cell of ``goal`` on the board drawn by ``layout`` (breadth first)."""
    first = cell_of(start, Cell(row, 0))
    seen = {first}
    todo = deque([(first, [])])
    while todo:
        cell, keys = todo.popleft()
        if cell.place == goal:
            return keys
        for direction, key in KEY_OF.items():
            nxt = step(cell, direction, layout)
            if nxt not in seen:
                seen.add(nxt)
                todo.append((nxt, [*keys, key]))
    raise AssertionError(f"no way from {start} to {goal} over {len(CELLS)} cells")


def go(page, goal: int, layout: g.Layout = LAYOUT) -> None:
    """Walk the cursor to ``goal`` with the arrow keys (the board drawn by ``layout``)."""
    row = 1  # the bar and the tray have a cell in each row: the page does not say which
    for _ in range(40):
        here = cursor(page)
        if here == goal:
            return
        page.keyboard.press(path(here, goal, layout, row)[0])
        if cursor(page) == here:  # that key led to the other cell of the bar or the tray
            row = 1 - row
    raise AssertionError(f"the cursor did not reach {goal} (at {cursor(page)})")


def marked(page, cls: str) -> list[int]:
    return sorted(int(v) for v in page.evaluate(
        f"[...document.querySelectorAll('#board-svg .{cls}')].map(e => e.dataset.point)"))


def said(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('#live p')].map(p => p.textContent)")


def play_move(page, layout: g.Layout = LAYOUT) -> None:
    """One checker moved by keys: the farthest checker of the person that can move is picked
    (Enter) and put down (Enter) on its nearest target; the targets are said."""
    mine = sorted((p for (owner, p), n in counts(page).items() if owner == 0 and p != g.OFF), reverse=True)
    for point in mine:
        go(page, point, layout)
        page.keyboard.press("Enter")
        if marked(page, "source") == [point]:
            break
    else:
        raise AssertionError(f"no checker could be picked: {counts(page)}")
    targets = marked(page, "target")
    assert targets, "a picked checker shows its targets"
    assert said(page)[-1].startswith("From ")
    goal = max(targets)  # the nearest: the smallest step
    before = counts(page)
    go(page, goal, layout)
    assert said(page)[-1].endswith("the picked checker can go here")
    page.keyboard.press("Enter")  # (the key's handler has run when press returns)
    assert counts(page) != before
    assert marked(page, "source") == []


def play_moves(page, count: int, layout: g.Layout = LAYOUT) -> None:
    """Roll when due and move ``count`` checkers of the person's by keys."""
    moves = 0
    while moves < count:
        ph = wait_turn(page)
        if ph in ("opening", "roll"):
            page.keyboard.press("Space")
        else:
            assert ph == "move", ph
            play_move(page, layout)
            moves += 1


def play_turns(page, stop: tuple[str, ...], limit: int = 400) -> str:
    """Play the person's side by keys until one of the ``stop`` phases; the board keeps the focus."""
    for _ in range(limit):
        ph = wait_turn(page)
        assert focused(page) == "#board"
        if ph in stop:
            return ph
        if ph in ("opening", "roll"):
            page.keyboard.press("Space")
        elif ph == "move":
            play_move(page)
        else:
            raise AssertionError(f"unexpected phase {ph}")
    raise AssertionError(f"{stop} not reached")


def test_a_whole_game_against_the_computer_by_keyboard_only(page):
    boot(page, "seed=7&length=1&anim=0")
    tab_to_board(page)
    assert page.get_by_role("application", name="Backgammon board").is_visible()
    assert page.locator("#board-svg").get_attribute("aria-label") == "Backgammon board"
    assert cursor(page) in range(26)
    ring = page.evaluate("(() => { const s = getComputedStyle(document.querySelector('#board')); "
                         "return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()")
    assert ring[0] == "solid" and ring[1] >= 2, ring  # the focus ring shows
    assert play_turns(page, ("match-over",)) == "match-over"
    assert "the match" in page.locator(".announce").inner_text()
    # Enter after the match: the new-match screen; Escape closes it, the board has the focus again.
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.dialog === 'new-match'")
    page.keyboard.press("Escape")
    page.wait_for_function("document.body.dataset.dialog === ''")
    assert focused(page) == "#board"
    # Again, and Tab to Start, Enter: a new match, played on from the board.
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.dialog === 'new-match'")
    for _ in range(60):
        page.keyboard.press("Tab")
        if focused(page) == "[start]":
            break
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.dialog === ''")
    assert wait_turn(page) == "opening" and focused(page) == "#board"
    page.keyboard.press("Space")
    assert wait_turn(page) in ("move", "roll")


def test_the_cursor_walks_the_board_as_drawn_and_says_where_it_is(page):
    boot(page, "seed=7&length=3&anim=0")
    tab_to_board(page)
    go(page, 6)
    assert said(page)[-1] == "Point 6: You, 5 checkers"
    for key, place in (("ArrowRight", 5), ("ArrowUp", 20), ("ArrowLeft", 19), ("ArrowLeft", 25), ("ArrowDown", 25),
                       ("ArrowLeft", 7)):
        page.keyboard.press(key)
        assert cursor(page) == place
    assert page.evaluate("document.body.dataset.replay") is None  # the arrows did not go to the replay
    # Enter on a checker before the roll picks nothing: it rolls.
    page.keyboard.press("Enter")
    assert wait_turn(page) in ("move", "roll")
    assert marked(page, "cursor") == [7]  # kept across the redraws


def test_undo_and_escape_and_the_double_by_keys(page):
    boot(page, "seed=7&length=3&anim=0")
    tab_to_board(page)
    while wait_turn(page) != "move":
        page.keyboard.press("Space")
    start = counts(page)
    play_move(page)
    if phase(page) == "move":  # a checker moved, the turn not over: U takes it back
        page.keyboard.press("u")
        assert counts(page) == start
        # Escape puts a picked checker back: nothing moved, nothing marked.
        mine = max(p for (o, p) in start if o == 0)
        go(page, mine)
        page.keyboard.press("Enter")
        page.keyboard.press("Escape")
        assert marked(page, "source") == [] and marked(page, "target") == [] and counts(page) == start
    # On to the person's next roll, then D: the computer answers the double.
    play_turns(page, ("roll",))
    page.keyboard.press("d")
    page.wait_for_function("document.body.dataset.phase !== 'roll' || document.querySelector('[data-cube]').dataset.cube === '2'")
    wait_turn(page)
    assert page.locator("[data-cube]").get_attribute("data-cube") == "2" or phase(page) in ("game-over", "opening")


def test_focus_is_kept_across_redraws_and_dialogs(page):
    boot(page, "seed=7&length=3&anim=0")
    tab_to_board(page)
    for _ in range(30):  # Tab on into the panel, to the Rules button
        page.keyboard.press("Tab")
        if focused(page) == "[rules]":
            break
    assert focused(page) == "[rules]"
    page.evaluate("document.querySelector('#panel [data-action=rules]').dataset.old = '1'")
    page.keyboard.press("u")  # a page key: the panel is drawn again
    page.wait_for_function("!document.querySelector('#panel [data-action=rules]').dataset.old")
    assert focused(page) == "[rules]"
    page.keyboard.press("Enter")  # the rules, from the keyboard; Escape closes them
    page.wait_for_function("document.body.dataset.dialog === 'rules'")
    for key in ("Space", "Enter", "d", "u", "ArrowLeft"):  # the page's keys wait while a dialog is open
        page.keyboard.press(key)
    assert phase(page) == "opening" and page.evaluate("document.body.dataset.replay") is None
    assert page.evaluate("document.body.dataset.dialog") == "rules"
    page.keyboard.press("Escape")
    page.wait_for_function("document.body.dataset.dialog === ''")
    assert focused(page) == "[rules]"
    page.keyboard.press("Shift+Tab")
    while focused(page) != "#board":
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("Space")
    assert wait_turn(page) in ("move", "roll") and focused(page) == "#board"


def tab_to(page, action: str, back: bool = False) -> None:
    """Tab (or Shift+Tab) until the button of ``action`` has the focus."""
    for _ in range(40):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if focused(page) == f"[{action}]":
            return
    raise AssertionError(f"Tab never reached [{action}] (focus on {focused(page)})")


def test_dialogs_answer_from_the_keyboard(page):
    boot(page, "seed=7&length=3&anim=0")
    tab_to_board(page)
    tab_to(page, "resign-match")
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.dialog === 'resign-match'")
    assert focused(page) == "[cancel]"  # the safe answer has the focus: Enter takes it
    assert page.get_by_role("dialog").get_by_role("button", name="Cancel").is_visible()
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.dialog === ''")
    assert focused(page) == "[resign-match]" and phase(page) == "opening"
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.dialog === 'resign-match'")
    tab_to(page, "resign-match")
    page.keyboard.press("Enter")
    assert wait_turn(page) == "match-over"
    assert focused(page) != "body"  # the focus did not fall to the page


def _slides_after_a_move(page, query: str) -> tuple[int, int]:
    """Boot with ``query``, play a checker by keys: (slides started, animations running before
    the roll: the breathing roll hint)."""
    page.add_init_script(COUNT_SLIDES)
    boot(page, query)
    tab_to_board(page)
    breathing = page.evaluate("document.getAnimations().length")
    while wait_turn(page) != "move":
        page.keyboard.press("Space")
    play_move(page)
    return page.evaluate("window.tavliSlides"), breathing


def test_checkers_slide_and_hints_breathe_by_default(page):
    slides, breathing = _slides_after_a_move(page, "seed=7&length=3")
    assert slides > 0 and breathing > 0


def test_reduced_motion_turns_off_slides_and_flashes(page):
    page.emulate_media(reduced_motion="reduce")
    slides, breathing = _slides_after_a_move(page, "seed=7&length=3")
    assert (slides, breathing) == (0, 0)
    assert page.evaluate("document.getAnimations().length") == 0


def test_basic_graphics_turn_off_slides_and_flashes(page):
    slides, breathing = _slides_after_a_move(page, "seed=7&length=3&basic=1")
    assert (slides, breathing) == (0, 0)


def test_the_boards_label_in_greek(page):
    boot(page, "seed=7&length=3")
    page.click("#panel button[data-action=options]")
    page.select_option("dialog [data-opt=language]", "el")
    assert page.locator("#board").get_attribute("aria-label") == "Το ταμπλό του ταβλιού"
    assert page.locator("#board-svg").get_attribute("aria-label") == "Το ταμπλό του ταβλιού"
    assert page.locator("#board-help").text_content().startswith("Τα βέλη")


@pytest.mark.parametrize("variant", ["plakoto", "fevga"])
def test_plakoto_and_fevga_a_few_turns_by_keyboard(page, variant):
    boot(page, f"seed=11&length=1&anim=0&variant={variant}")
    tab_to_board(page)
    play_moves(page, 6)
    assert page.evaluate("document.body.dataset.variant") == variant


def test_a_portrait_board_is_walked_as_drawn(page):
    page.set_viewport_size({"width": 390, "height": 844})
    boot(page, "seed=7&length=3&anim=0")
    layout = g.Layout(portrait=True)
    tab_to_board(page)
    go(page, 1, layout)
    for key, place in (("ArrowUp", 2), ("ArrowDown", 1), ("ArrowDown", 0)):  # the tray along the bottom
        page.keyboard.press(key)
        assert cursor(page) == place
    play_moves(page, 4, layout)
