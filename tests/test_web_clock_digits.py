"""The clocks as digits and a flag said plainly (issue 12): ``clock_text``, the bars' HTML, the
note on the board, and the computer claiming at once under Blitz. No browser."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tavli import FixedDice
from web.control.controller import Controller
from web.model import i18n
from web.model.setup import MatchSetup, ViewOptions
from web.view.panel import clock_bars, clock_html, clock_text, time_up_html


@pytest.mark.parametrize(("seconds", "text"), [
    (90.0, "1:30"), (14.0, "0:14"), (13.2, "0:14"), (0.0, "0:00"), (-3.0, "0:00"), (0.01, "0:01"),
    (59.999, "1:00"), (60.0, "1:00"), (120.0, "2:00"), (3599.5, "60:00"), (14.0000001, "0:14"),
])
def test_clock_text_counts_down_in_whole_seconds(seconds, text):
    assert clock_text(seconds) == text


def _clocked(mode: str, setup_mode: str = "cpu", start: float = 0.0):
    now = [start]
    c = Controller(MatchSetup(level="beginner", clock=mode, mode=setup_mode), ViewOptions(turn_board=False),
                   dice=FixedDice([3, 1, 5, 2, 6, 4] * 5), time=lambda: now[0])
    return c, now


def test_the_bars_show_move_time_and_bank_as_digits():
    c, now = _clocked("blitz")
    c.roll()  # you won the opening; your clock runs
    now[0] = 4.0
    bars = clock_bars(c.match.clock_state(now[0]))
    root = ET.fromstring(clock_html(bars, c.names, (1, 0)))
    mine = next(el for el in root.iter("div") if el.get("data-player") == "0")
    times = {el.get("class"): el.text for el in mine.iter("span") if el.get("class") in ("t-move", "t-bank")}
    assert times == {"t-move": "0:07", "t-bank": "1:30"}
    theirs = next(el for el in root.iter("div") if el.get("data-player") == "1")
    assert {el.get("class"): el.text for el in theirs.iter("span") if el.get("class") in ("t-move", "t-bank")} == {
        "t-move": "0:11", "t-bank": "1:30"}


def test_blitz_against_the_computer_a_flag_of_yours_ends_the_game_at_once():
    c, now = _clocked("blitz")
    c.roll()
    assert c.human_moving()
    now[0] = 200.0
    c.match.update(now[0])  # your reserve runs out in the middle of your turn
    assert c.match.flagged == 0
    assert c.panel_view().time_up == "You: time is up"
    assert c.computer_to_act() and not c.plan_needed()  # the computer claims, it plays nothing for you
    c.computer_step()
    assert c.match.phase in ("game-over", "match-over") and c.match.result.reason == "timeout"
    view = c.panel_view()
    assert view.time_up == "You: time is up" and "on time" in view.announce
    assert not c.human_moving() and c.click(8).motions == []


def test_blitz_two_players_the_claim_opens_and_the_board_says_whose_time_is_up():
    c, now = _clocked("blitz", "pvp")
    c.roll()
    now[0] = 200.0
    c.match.update(now[0])
    assert c.match.flagged == 0 and not c.computer_to_act()
    view = c.panel_view()
    assert view.time_up == "Player 1: time is up"
    assert any(ctl.action == "claim" for ctl in view.controls)
    assert "time is up" in time_up_html(view) and 'data-player="0"' in time_up_html(view)


def test_standard_a_flag_ends_the_match_and_says_so():
    c, now = _clocked("standard")
    c.roll()
    now[0] = 200.0
    c.match.update(now[0])
    view = c.panel_view()
    assert c.match.phase == "match-over" and view.time_up == "You: time is up"


def test_no_flag_no_note():
    c, _ = _clocked("blitz")
    c.roll()
    view = c.panel_view()
    assert view.time_up == "" and time_up_html(view) == ""


@pytest.mark.parametrize(("lang", "text"), [("el", "Εσείς: ο χρόνος τελείωσε"), ("bg", "Вие: времето изтече")])
def test_time_up_in_greek_and_bulgarian(lang, text):
    saved = dict(i18n._CATALOGUES)
    i18n.add_language(lang, i18n.catalogue(lang))
    i18n.set_language(lang)
    try:
        c, now = _clocked("blitz")
        c.roll()
        now[0] = 200.0
        c.match.update(now[0])
        assert c.panel_view().time_up == text
    finally:
        i18n._CATALOGUES.clear()
        i18n._CATALOGUES.update(saved)
        i18n.set_language("en")
