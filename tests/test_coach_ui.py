"""The coach on the page without a browser: the hint sheet's and the analysis dialog's HTML
(web.view.coach_view), the Hint and Analyse buttons (web.control.present), playing a hint's moves
(web.control.gestures.play_moves), and the option that turns hints off (web.model.prefs)."""

from __future__ import annotations

import re

import pytest

from tavli import FixedDice
from tavli.events import Played
from web.control.controller import Controller
from web.model import i18n
from web.model import prefs as P
from web.model.setup import MatchSetup, ViewOptions
from web.view import coach_view as cv
from web.view import dialogs
from web.view.view import Motion

HINT = {"variant": "portes", "player": 0, "dice": [3, 1], "forced": False, "cube": None, "plays": [
    {"text": "8/5 6/5", "moves": [[8, 5], [6, 5]], "equity": 0.152, "loss": 0.0},
    {"text": "13/10 6/5", "moves": [[13, 10], [6, 5]], "equity": 0.021, "loss": 0.131},
    {"text": "24/21 24/23", "moves": [[24, 21], [24, 23]], "equity": -0.004, "loss": 0.156},
]}


def _stats(loss: float, decisions: int, **marks: int) -> dict:
    return {"decisions": decisions, "plays": decisions, "cube": 0, "loss": loss,
            "error_rate": 1000 * loss / decisions, "rating": 500 * loss / decisions,
            "doubtful": marks.get("doubtful", 0), "errors": marks.get("errors", 0),
            "blunders": marks.get("blunders", 0), "luck": 0.25}


def _decision(game: int, index: int, player: int, loss: float, mark: str) -> dict:
    return {"game": game, "index": index, "player": player, "kind": "play", "dice": [6, 4],
            "made": {"text": f"made{index}", "moves": [[24, 14]], "equity": -0.1 - loss},
            "best": {"text": f"best{index}", "moves": [[13, 3]], "equity": -0.1}, "loss": loss, "mark": mark,
            "luck": 0.0}


ANALYSIS = {
    "thresholds": {"doubtful": 0.04, "error": 0.08, "blunder": 0.16},
    "players": [_stats(0.30, 20, errors=1, blunders=1), _stats(0.05, 18, doubtful=1)],
    "games": [{"number": 1, "variant": "portes", "players": [{}, {}], "decisions": [
        _decision(1, 4, 0, 0.09, "error"), _decision(1, 7, 1, 0.05, "doubtful"),
        _decision(1, 9, 0, 0.21, "blunder"), _decision(1, 11, 1, 0.01, ""),
    ]}],
}


@pytest.fixture(autouse=True)
def english():
    i18n.install("en")
    yield
    i18n.install("en")


def test_the_hint_lists_each_play_with_its_equity_and_loss():
    html = cv.hint_html(HINT, 0, True)
    rows = re.findall(r'<button type="button" class="hint-play[^"]*" data-action="hint-select" data-index="(\d)" '
                      r'data-moves="[^"]*" aria-pressed="(true|false)">', html)
    assert rows == [("0", "true"), ("1", "false"), ("2", "false")]
    assert "8/5 6/5" in html and "+0.152" in html and "-0.131" in html and "-0.156" in html
    assert 'data-moves="[[8, 5], [6, 5]]"' in html
    assert "Hint · 3-1" in html
    assert 'data-action="hint-play">' in html  # enabled: the person is to move
    assert 'data-action="hint-play" disabled' in cv.hint_html(HINT, 0, False)


def test_a_forced_play_and_a_cube_hint():
    forced = cv.hint_html({"dice": [6, 6], "plays": [], "forced": True, "cube": None}, None, True)
    assert "Only one play is possible." in forced and "hint-play" not in forced
    cube = {"kind": "double", "action": "double-take", "no_double": 0.41, "double_take": 0.62, "double_pass": 1.0,
            "text": "Double, take"}
    html = cv.hint_html({"dice": None, "plays": [], "cube": cube}, None, False)
    assert 'data-cube-action="double-take"' in html and "Double, take" in html
    assert "+0.410" in html and "+0.620" in html and "+1.000" in html


def test_the_rating_scale():
    assert [cv.rating_name(pr) for pr in (0.0, 2.49, 2.5, 4.9, 7.4, 12.4, 17.4, 17.5, 40)] == [
        "World class", "World class", "Expert", "Expert", "Advanced", "Intermediate", "Casual", "Beginner",
        "Beginner"]


def test_the_analysis_shows_totals_thresholds_and_mistakes_worst_first():
    d = cv.analysis_done(ANALYSIS, ("Ann", "Bob"))
    assert d.kind == "analysis"
    assert re.findall(r'data-player="(\d)" data-error-rate="([\d.]+)" data-rating="([\d.]+)"', d.html) == [
        ("0", "15.0", "7.5"), ("1", "2.8", "1.4")]
    assert "Intermediate" in d.html and "World class" in d.html
    assert "doubtful ≥ 0.040, error ≥ 0.080, blunder ≥ 0.160" in d.html
    made = re.findall(r'<span class="made">(\w+)</span>', d.html)
    assert made == ["made9", "made4", "made7"]  # worst first; the unmarked one is not listed
    assert [m["index"] for m in cv.mistakes(ANALYSIS)] == [9, 4, 7]


def test_cube_choices_are_said_in_the_page_language():
    i18n.install("el")
    cube = dict(_decision(1, 3, 0, 0.3, "blunder"), kind="take", dice=None,
                made={"text": "Take", "moves": [], "equity": -1.3}, best={"text": "Drop", "moves": [], "equity": -1.0})
    html = cv.analysis_done({**ANALYSIS, "games": [{"number": 1, "variant": "portes", "decisions": [cube]}]},
                            ("A", "B")).html
    assert ">Αποδοχή<" in html and "καλύτερη: Άρνηση" in html and ">Take<" not in html
    assert cv.choice_text("13/7 8/7") == "13/7 8/7"


def test_the_analysis_under_way_has_a_progress_bar_and_cancel():
    d = cv.analysis_running(0.424)
    assert 'data-progress="42"' in d.html and 'data-action="analysis-cancel"' in d.html


def test_the_coach_strings_exist_in_every_language():
    for code in ("el", "bg"):
        i18n.install(code)
        html = cv.analysis_done(ANALYSIS, ("A", "B")).html + cv.hint_html(HINT, 1, True)
        assert "Error rate" not in html and "Hint" not in html


def _opened(dice: list[int], **opts) -> Controller:
    c = Controller(MatchSetup(level="beginner", length=3), ViewOptions(**opts), dice=FixedDice(dice))
    c.roll()
    return c


def test_a_hint_is_played_as_if_the_person_moved_those_checkers():
    c = _opened([3, 1, 5, 2, 2, 2, 6, 5])
    assert c.page_phase() == "move"
    c.click(13)  # a first move of his own is taken back
    effects = c.play_moves([(8, 5), (6, 5)])
    assert effects.motions[-2:] == [Motion(0, 8, 5), Motion(0, 6, 5)]
    assert c.page_phase() == "opponent"
    played = [e for e in c.match.log if isinstance(e, Played)]
    assert played[-1].player == 0 and sorted(played[-1].moves) == [(6, 5), (8, 5)]


def test_an_illegal_hint_move_changes_nothing_more():
    c = _opened([3, 1, 5, 2])
    c.play_moves([(2, 0)])  # not legal: nothing moves, the turn goes on
    assert c.page_phase() == "move" and not c.match.turn.moves


def test_the_hint_button_follows_the_person_and_the_option():
    c = _opened([3, 1, 5, 2])
    hint = [x for x in c.panel_view().controls if x.action == "hint"]
    assert len(hint) == 1 and hint[0].enabled
    off = _opened([3, 1, 5, 2], hints=False)
    assert not any(x.action == "hint" for x in off.panel_view().controls)
    c.play_moves([(8, 5), (6, 5)])
    assert c.page_phase() == "opponent"
    assert not any(x.action == "hint" for x in c.panel_view().controls)  # the computer's turn
    analyse = next(x for x in c.panel_view().menu if x.action == "analyse")
    assert analyse.enabled
    fresh = Controller(MatchSetup(level="beginner", length=3), ViewOptions(), dice=FixedDice([3, 1]))
    assert not next(x for x in fresh.panel_view().menu if x.action == "analyse").enabled


def test_hints_off_is_an_option_kept_with_the_others():
    prefs = P.Prefs()
    assert prefs.view.hints
    html = dialogs.options(prefs).html
    assert 'data-opt="hints" checked' in html
    off = dialogs.read_options({"hints": False}, prefs)
    assert not off.view.hints
    assert not P.loads(P.dumps(off)).view.hints
    assert P.loads(P.dumps(prefs)).view.hints
