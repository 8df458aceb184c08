"""Typed moves (issue 15): a whole 1-point Portes game against the computer played only through
the panel's move field (and the Roll button, found by its role and name), a few typed plays in
Plakoto and Fevga, an illegal and an ambiguous entry answered with their message and nothing
changed, the field's text and focus kept while the panel is drawn again, and the screen-reader
option that keeps the field in view (at phone sizes too, a refused entry's message under it).

A CPython controller set up as the page (``mirror``) knows the legal plays: each is typed as GNU
notation in the person's numbering (``str(play)``: ``24/18*/13``, ``bar/22``, ``6/off``,
``8/4(2)``) and made on the mirror too; the board must be the mirror's after every turn. The
expected messages are the mirror's own answer to the same text (``Controller.typed_play``).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e.board_hooks import catch_up, counts, expected, mirror, wait_turn
from e2e.helpers import boot
from e2e.test_layout import OFFENDERS, PANEL, SIZES
from tavli.games.base import BAR, OFF
from tavli.games.notation import NotationError, NotationFault, parse_play
from web.model.i18n import catalogue

EN = catalogue("en")
PORTES = "seed=4&length=1&anim=0&level=beginner"


def field(page):
    return page.get_by_role("textbox", name=EN["voice_move"])


def said(page) -> list[str]:
    """The lines of the live region (``#live``), oldest first."""
    return page.locator("#live p").all_inner_texts()


def type_play(page, text: str) -> None:
    """Type ``text`` in the move field and send it with Enter."""
    box = field(page)
    box.fill(text)
    box.press("Enter")


def hop_text(move) -> str:
    """One single-die move as notation (``bar/22*``, ``6/off``)."""
    start = "bar" if move.start == BAR else str(move.start)
    end = "off" if move.end == OFF else str(move.end)
    return f"{start}/{end}{'*' if move.hit else ''}"


def to_move(page, ctl) -> str:
    """Roll (with the button found by its role) until the person has dice to play or the game
    ends; the page's board is the mirror's each time the person is to act. Returns the phase."""
    roll = page.get_by_role("button", name=EN["roll"], exact=True)
    for _ in range(20):
        ph = wait_turn(page)
        catch_up(ctl)
        assert ph == ctl.page_phase()
        assert counts(page) == expected(ctl)
        if ph not in ("opening", "roll"):
            return ph
        roll.click()
        ctl.roll()
    raise AssertionError("the person never got to move")


def play_typed(page, ctl, turns: int | None = None, split: bool = False) -> int:
    """Play the person's turns by typing each (the first legal play the mirror finds; ``split``:
    its first checker move, then the rest as a second entry) until the game ends or ``turns``
    are played. Returns the turns played."""
    played = 0
    while turns is None or played < turns:
        ph = to_move(page, ctl)
        if ph != "move":
            return played
        play = ctl.match.turn.plays[0]
        assert play.steps, "a turn without a move passes by itself"
        entries = [str(play)]
        if split and len(play.steps) > 1:
            entries = [hop_text(play.steps[0]), " ".join(hop_text(m) for m in play.steps[1:])]
        for text in entries:
            type_play(page, text)
            expect(page.locator("#move-error")).to_have_count(0)
        expect(field(page)).to_have_value("")
        ctl.play_moves(play.moves)
        played += 1
    return played


def test_a_whole_portes_game_by_typed_moves(page):
    boot(page, PORTES)
    ctl = mirror(PORTES)
    played = play_typed(page, ctl)
    assert played >= 10
    assert wait_turn(page) == "match-over" == ctl.page_phase()
    assert counts(page) == expected(ctl)


def ambiguous_entry(ctl) -> str | None:
    """A text naming one checker's two hops whose stars fit no way of making them while the ways
    reach different positions (``13/6*`` when 13/10*/6 hits on the way and 13/6 by 13/7 does not),
    or None."""
    turn = ctl.match.turn
    dice = turn.dice_left()
    if len(dice) != 2 or dice[0] == dice[1]:
        return None
    for start in range(BAR, 0, -1):
        end = start - sum(dice)
        for text in (f"{start}/{end}*", f"{start}/{end}") if end >= 1 else ():
            try:
                parse_play(turn, text)
            except NotationError as error:
                if error.kind is NotationFault.AMBIGUOUS:
                    return text
    return None


def refused(page, ctl, text: str) -> str:
    """Type ``text``, which the mirror refuses: the page shows and says the mirror's message, the
    field keeps the text and the focus, and nothing on the board changed. Returns the message."""
    before = counts(page)
    _, message = ctl.typed_play(text)
    assert message
    type_play(page, text)
    alert = page.locator("#move-error")
    expect(alert).to_have_text(message)
    assert alert.get_attribute("role") == "alert"
    assert page.get_by_role("alert").filter(has_text=message).count() == 1
    assert said(page)[-1] == message
    expect(field(page)).to_have_value(text)
    expect(field(page)).to_be_focused()
    assert field(page).get_attribute("aria-invalid") == "true"
    assert counts(page) == before == expected(ctl)
    assert page.evaluate("document.body.dataset.phase") == "move"
    return message


def test_an_illegal_and_an_ambiguous_entry_change_nothing(page):
    query = "seed=15&length=3&anim=0&level=beginner"
    boot(page, query)
    ctl = mirror(query)
    assert wait_turn(page) == "opening"
    type_play(page, "13/8")  # before the dice: said so; the message goes once they are rolled
    early = ctl.typed_play("13/8")[1]
    assert early
    expect(page.locator("#move-error")).to_have_text(early)
    assert said(page)[-1] == early
    assert to_move(page, ctl) == "move"
    expect(page.locator("#move-error")).to_have_count(0)
    message = refused(page, ctl, "6/off")  # all the checkers are not home yet
    assert "6/off" in message and "legal" in message
    assert "Type a move" not in refused(page, ctl, "13-")  # not notation: said what it is not
    assert refused(page, ctl, "  ") == EN["typed_empty"]  # nothing typed: what to type
    for _ in range(30):
        text = ambiguous_entry(ctl)
        if text is not None:
            break
        play_typed(page, ctl, turns=1)
        assert to_move(page, ctl) == "move"
    else:
        raise AssertionError("no ambiguous entry came up")
    message = refused(page, ctl, text)
    assert " or " in message
    # A good entry after it: the message goes, the play is made.
    play = ctl.match.turn.plays[0]
    type_play(page, str(play))
    expect(page.locator("#move-error")).to_have_count(0)
    ctl.play_moves(play.moves)
    assert to_move(page, ctl) in ("move", "game-over", "match-over")


@pytest.mark.parametrize("variant", ["plakoto", "fevga"])
def test_plakoto_and_fevga_by_typed_moves_one_checker_at_a_time(page, variant):
    query = f"variant={variant}&seed=6&length=1&anim=0&level=beginner"
    boot(page, query)
    ctl = mirror(query)
    assert play_typed(page, ctl, turns=4, split=True) == 4
    assert to_move(page, ctl) == "move"
    assert page.evaluate("document.body.dataset.variant") == variant
    assert "bar" in refused(page, ctl, "bar/20")  # no bar in this game


def test_the_field_keeps_its_text_and_focus_while_the_computer_plays(page):
    query = "seed=3&length=3&level=beginner"  # (the computer's steps at their usual pace: drawn one by one)
    boot(page, query)
    ctl = mirror(query)
    assert to_move(page, ctl) == "move"
    play = ctl.match.turn.plays[0]
    type_play(page, str(play))
    page.keyboard.type("24/")  # the field kept the focus; the computer plays meanwhile
    page.evaluate("window.__panelCard = document.querySelector('#panel .card.top')")
    page.wait_for_function("document.querySelector('#panel .card.top') !== window.__panelCard")
    page.keyboard.type("2")
    wait_turn(page)
    assert page.evaluate("document.querySelector('#panel .card.top') !== window.__panelCard"), "drawn again"
    expect(field(page)).to_be_focused()
    expect(field(page)).to_have_value("24/2")
    assert page.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [4, 4]


def test_the_screen_reader_option_keeps_the_field_in_view(page):
    boot(page, "seed=3&anim=0")
    box = page.locator(".voice")
    assert box.bounding_box()["width"] <= 1, "hidden until focused"
    field(page).focus()
    assert box.bounding_box()["width"] > 100, "a focused field shows (a skip link's way)"
    page.get_by_role("button", name=EN["options"], exact=True).click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("checkbox", name=EN["opt_screenreader"]).check()
    dialog.get_by_role("button", name=EN["close"], exact=True).click()
    page.wait_for_function("!document.body.dataset.dialog")
    page.locator("body").focus()
    assert box.bounding_box()["width"] > 100, "in view with the option"
    expect(page.get_by_role("button", name=EN["voice_read"])).to_be_visible()
    assert page.evaluate("JSON.parse(localStorage.getItem('tavli.prefs')).view.screen_reader") is True


def test_the_live_region_tells_the_game_and_r_reads_the_position(page):
    query = "seed=3&length=3&anim=0&level=beginner"
    boot(page, query)
    ctl = mirror(query)
    heard = ctl.announcements()  # (the mirror's first call: nothing before it)
    assert heard == []
    for _ in range(3):  # three of the person's turns, typed, and the computer's answers
        to_move(page, ctl)
        heard += ctl.announcements()
        play = ctl.match.turn.plays[0]
        type_play(page, str(play))
        expect(field(page)).to_have_value("")
        ctl.play_moves(play.moves)
        heard += ctl.announcements()
    to_move(page, ctl)
    heard += ctl.announcements()
    assert len(heard) >= 9 and any(str(play) in line for line in heard)
    assert said(page) == heard
    # R (outside a field) reads the position; typed in the field, an r is a letter.
    field(page).fill("r")
    field(page).press("r")
    expect(field(page)).to_have_value("rr")
    assert said(page) == heard
    field(page).fill("")
    page.locator("body").focus()
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("r")
    text = ctl.position_text()
    assert "pips" in text.lower()
    page.wait_for_function("(n) => document.querySelectorAll('#live p').length > n", arg=len(heard))
    assert said(page)[-1] == text
    read = page.get_by_role("button", name=EN["voice_read"])
    read.focus()  # (hidden until focused, as a skip link: reached by Tab, pressed by Enter)
    assert read.bounding_box()["width"] > 50, "shown while focused"
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.querySelectorAll('#live p').length > n + 1", arg=len(heard))
    assert said(page)[-2:] == [text, text]


@pytest.mark.parametrize("size", ["portrait", "landscape"])
def test_the_screen_reader_mode_fits_a_phone_in_greek(browser, base_url, size):
    """At 390x844 the field takes a row under the controls and the board gives up the room (the
    page does not scroll); at 844x390 the panel scrolls to it."""
    context = browser.new_context(base_url=base_url, **SIZES[size])
    context.add_init_script("localStorage.setItem('tavli.prefs', JSON.stringify({language: 'el', view: {screen_reader: true}}))")
    page = context.new_page()
    try:
        boot(page, "seed=3&anim=0")
        el = catalogue("el")
        box = page.get_by_role("textbox", name=el["voice_move"])
        read = page.get_by_role("button", name=el["voice_read"])
        if size == "portrait":
            assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
            board = page.locator("#board").bounding_box()
            assert board["y"] >= 0
            below = page.locator(".controls").bounding_box()
            field_box = box.bounding_box()
            assert field_box["y"] >= below["y"] + below["height"] and field_box["y"] + field_box["height"] <= 844
        else:
            read.scroll_into_view_if_needed()
        for part in (box, read):
            r = part.bounding_box()
            assert r["width"] > 40 and 0 <= r["y"] and r["y"] + r["height"] <= SIZES[size]["viewport"]["height"]
    finally:
        context.close()


# The panel's blocks, which must not overlap one another (nor the board).
BLOCKS = ("#panel .card.top", "#panel .card.bottom", "#panel .match-info", "#panel .status", "#panel .controls",
          "#panel .voice", "#panel .menu", "#board")
VOICE = "#panel .voice, #panel .voice :is(label, input, button, .move-row, .move-error)"

# Whether an element, scrolled into view, shows whole in the viewport and is the one a click at its
# middle reaches (nothing over it).
REACHABLE = """(el) => {
  const r = el.getBoundingClientRect();
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  if (r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1) return `at ${Math.round(r.top)}..${Math.round(r.bottom)}`;
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return (!!at && (at === el || el.contains(at))) || `covered by ${at && at.outerHTML.slice(0, 80)}`;
}"""


@pytest.mark.parametrize("size", ["portrait", "landscape"])
def test_the_screen_reader_mode_fits_a_phone_with_a_message(browser, base_url, size):
    """A refused entry's message (two lines in Greek) under the field: at 390x844 the board gives
    up the room and the page does not scroll; at 844x390 the panel scrolls, its rows one under
    the other. Nothing is clipped, no two blocks overlap, every control can be reached."""
    context = browser.new_context(base_url=base_url, **SIZES[size])
    context.add_init_script("localStorage.setItem('tavli.prefs', JSON.stringify({language: 'el', view: {screen_reader: true}}))")
    page = context.new_page()
    try:
        boot(page, "seed=7&length=1&anim=0&level=beginner")
        el = catalogue("el")
        page.get_by_role("button", name=el["roll"], exact=True).click()
        page.wait_for_function("document.body.dataset.phase === 'move'")
        box = page.get_by_role("textbox", name=el["voice_move"])
        box.fill("24/1")
        page.get_by_role("button", name=el["voice_play"], exact=True).click()
        message = page.locator("#move-error")
        expect(message).to_have_text(el["typed_illegal"].format(entry="24/1", dice="3-2"))
        assert message.evaluate("p => p.getClientRects().length && Math.round(p.getBoundingClientRect().height / "
                                "parseFloat(getComputedStyle(p).lineHeight))") >= 2, "the case at hand: two lines"
        found = page.evaluate(OFFENDERS, {"sel": PANEL + ", " + VOICE, "twoLines": "#panel button",
                                          "apart": [(a, b) for i, a in enumerate(BLOCKS) for b in BLOCKS[i + 1:]]})
        high = page.evaluate("document.scrollingElement.scrollHeight")
        if high > SIZES[size]["viewport"]["height"]:
            found.append(f"the page is {high}px high: it scrolls (or is cut)")
        for part in page.locator("#panel :is(button, input)").all():
            if not part.is_visible():
                continue
            part.scroll_into_view_if_needed()
            where = part.evaluate(REACHABLE)
            if where is not True:
                found.append(f"{part.evaluate('e => e.outerHTML.slice(0, 80)')}: {where}")
        assert found == [], "\n".join(found)
    finally:
        context.close()
