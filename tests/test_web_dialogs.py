"""web.view.dialogs and the clock bars of web.view.panel: the HTML of each dialog carries its data-action
hooks, and the forms read back into MatchSetup / Prefs, ignoring anything odd."""

from __future__ import annotations

from tavli.clock import Clock
from tavli.dice import FixedDice
from tavli.games.base import Outcome
from web.control.controller import Controller
from web.model.prefs import Prefs
from web.model.setup import MatchSetup, ViewOptions
from web.view import dialogs
from web.view.panel import bar_style, clock_bars, clock_html


def test_new_match_form_reads_back():
    nm = dialogs.read_new_match({"mode": "pvp", "length": "money", "rules": "greek", "clock": "blitz",
                                 "name0": " Ελένη\n", "name1": "Γιώργος", "level": "nope"}, MatchSetup())
    assert nm == MatchSetup(mode="pvp", length=None, rules="greek", clock="blitz", names=("Ελένη", "Γιώργος"))
    assert dialogs.read_new_match({"length": "x"}, MatchSetup(length=7)).length == 7
    html = dialogs.new_match(nm, can_cancel=False).html
    assert 'data-action="start"' in html and 'data-action="cancel"' not in html
    assert 'value="money" selected' in html


def test_options_form_reads_back():
    prefs = dialogs.read_options({"basic": True, "home": "left", "anim": "0.5", "language": "bg", "sound": False},
                                 Prefs())
    assert prefs.view.basic and prefs.view.home_left and prefs.view.anim_speed == 0.5
    assert prefs.language == "bg" and prefs.sound is False
    assert dialogs.read_options({"language": "auto", "anim": "9"}, prefs).language is None
    assert dialogs.read_options({"anim": "9"}, prefs).view.anim_speed == 0.5
    assert 'data-opt="auto_roll"' in dialogs.options(prefs).html


def test_question_dialogs_have_their_hooks():
    c = Controller(MatchSetup(mode="pvp", length=5), ViewOptions(), dice=FixedDice([3, 1, 5, 2, 4, 4]))
    c.roll()
    c.right_click(5)
    html = dialogs.resign(c.resign_choice()).html
    assert all(f'data-action="resign-{k}"' in html for k in ("single", "gammon", "backgammon"))
    c.offer_resign(Outcome.GAMMON)
    d = dialogs.answer(c.resign_answer())
    assert not d.cancellable and 'data-action="accept"' in d.html and "2 points" in d.html
    assert 'data-action="resign-match"' in dialogs.resign_match(c.resign_match_question()).html
    greek = Controller(MatchSetup(mode="pvp", rules="greek"), ViewOptions(), dice=FixedDice([3, 1, 5, 2]))
    greek.roll()
    greek.right_click(5)
    assert 'data-action="confirm"' in dialogs.resign(greek.resign_choice()).html and greek.resign_cost() == 2


def test_clock_bars():
    clock = Clock("standard")
    clock.start(0, 0.0)
    bars = clock_bars(clock.state(20.0))  # 15 s move timer spent, 5 s of the bank
    assert bars[0].move == 0 and bars[0].bank_left == 15 and bars[0].running and not bars[0].warning
    assert bar_style(bars[1]) == ("40.00%", "10.00%")
    assert clock_bars(clock.state(31.0))[0].warning
    assert 'data-player="1"' in clock_html(bars, ("a", "b"), (1, 0))
    assert clock_bars(None) is None
