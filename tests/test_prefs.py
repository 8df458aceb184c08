"""Preferences kept between visits (web.model.prefs): JSON in and out, field by field, never an error."""

from __future__ import annotations

import json
from dataclasses import fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavli import options
from web.model import prefs as P
from web.model.setup import MatchSetup, ViewOptions


def test_defaults():
    p = P.Prefs()
    assert p.view == ViewOptions()
    assert p.view.auto_bearoff is False  # auto bear-off is off by default (seed 000)
    assert p.sound is True and p.language is None
    assert p.new_match == MatchSetup()
    assert p.new_match.length in options.LENGTHS and p.new_match.rules in options.RULE_PRESETS
    assert p.new_match.clock in options.CLOCK_MODES


def test_round_trip_of_every_choice():
    view = ViewOptions(home_left=True, anim_speed=2.0, basic=True, auto_roll=True, auto_bearoff=True,
                       click_to_finish=True, turn_board=False)
    for length in (*options.LENGTHS, None):
        nm = MatchSetup(mode="pvp", level="champion", length=length, rules="greek", clock="blitz",
                        names=("Νίκος", "Мария"))
        p = P.Prefs(view=view, sound=False, language="bg", new_match=nm)
        assert P.loads(P.dumps(p)) == p


@pytest.mark.parametrize("text", [None, "", "null", "[]", "42", '"x"', "{", "\x00\xff", b"\xff\xfe",
                                  '{"format": "something-else", "sound": false}', "[" * 5000])
def test_anything_unreadable_gives_the_defaults(text):
    assert P.loads(text) == P.Prefs()


def test_bad_fields_fall_back_one_by_one():
    doc = {
        "format": "tavli-prefs", "version": 99,
        "view": {"home_left": True, "anim_speed": "fast", "basic": 1, "auto_roll": None, "unknown": True,
                 "click_to_finish": True},
        "sound": "no", "language": "fr",
        "new_match": {"mode": "pvp", "level": "god", "game": "chess", "length": 2, "rules": "greek",
                      "clock": "bullet", "names": ["  Ann\n\tB ", 7]},
    }
    p = P.loads(json.dumps(doc))
    assert p.view == ViewOptions(home_left=True, click_to_finish=True)
    assert p.sound is True and p.language is None
    nm = p.new_match
    assert (nm.mode, nm.level, nm.variant, nm.length, nm.rules, nm.clock) == ("pvp", "intermediate", "portes", 2, "greek", "off")
    assert nm.names == ("Ann B", "")


def test_speed_and_length_bounds():
    for bad in (-1, 11, float("inf"), True):
        assert P.view_from_dict({"anim_speed": bad}).anim_speed == ViewOptions().anim_speed
    assert P.view_from_dict({"anim_speed": 0}).anim_speed == 0.0
    assert P.setup_from_dict({"length": None}).length is None
    assert P.setup_from_dict({"length": "money"}).length is None
    for bad in (0, 26, True, 3.0, "5"):
        assert P.setup_from_dict({"length": bad}).length == MatchSetup().length


def test_names_are_cleaned_and_capped():
    assert P.clean_name("x" * 100) == "x" * P.MAX_NAME
    assert P.clean_name("\u202eevil\u0007") == "evil"
    assert P.clean_name(None) == ""


def test_storage_functions_use_a_dict_and_survive_failures():
    store: dict[str, str] = {}
    assert P.load(store) == P.Prefs()
    p = replace(P.Prefs(), sound=False, language="el")
    assert P.save(store, p) is True
    assert P.STORAGE_KEY in store and P.load(store) == p
    store[P.STORAGE_KEY] = "garbage"
    assert P.load(store) == P.Prefs()
    assert P.load(None) == P.Prefs() and P.save(None, p) is False

    class Full(dict):
        def __setitem__(self, key, value):
            raise OSError("quota")

        def get(self, key, default=None):
            raise OSError("denied")

    assert P.save(Full(), p) is False
    assert P.load(Full()) == P.Prefs()


def test_every_view_option_is_stored():
    assert set(P.view_to_dict(ViewOptions())) == {f.name for f in fields(ViewOptions)}


def test_url_parameters_overlay_only_what_they_name():
    base = replace(P.Prefs(), view=replace(ViewOptions(), basic=True, anim_speed=2.0),
                   new_match=MatchSetup(length=7, rules="greek"))
    p, seed = P.overlay_query(base, "?home=left&length=5&seed=9")
    assert p.view.home_left is True and p.view.basic is True and p.view.anim_speed == 2.0
    assert p.new_match.length == 5 and p.new_match.rules == "greek"
    assert seed == 9
    p, seed = P.overlay_query(base, "rules=international&mode=pvp&autoroll=1")
    assert p.new_match.rules == "international" and p.new_match.mode == "pvp" and p.view.auto_roll
    assert seed is None
    assert P.overlay_query(base, "")[0] == base
    assert P.overlay_query(base, "rules=chess&mode=x")[0] == base


def test_levels_and_clocks_match_the_engine():
    from tavli.ai.players import LEVELS
    from tavli.clock import MODES

    assert options.CLOCK_MODES == MODES
    assert set(options.LEVELS) == set(LEVELS)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=12), kids, max_size=6),
                    max_leaves=30))
def test_any_json_loads_without_error(data):
    p = P.loads(json.dumps(data))
    assert isinstance(p, P.Prefs)
    assert P.loads(P.dumps(p)) == p


@settings(max_examples=100, deadline=None)
@given(st.fixed_dictionaries({}, optional={
    "view": st.dictionaries(st.sampled_from([f.name for f in fields(ViewOptions)]),
                            st.booleans() | st.floats() | st.integers() | st.text(max_size=3)),
    "sound": st.booleans() | st.integers(),
    "language": st.sampled_from(["el", "en", "bg", "de", None, 3]),
    "new_match": st.dictionaries(st.sampled_from(["mode", "level", "game", "length", "rules", "clock", "names"]),
                                 st.none() | st.integers(-2, 30) | st.text(max_size=10)
                                 | st.lists(st.text(max_size=30), min_size=2, max_size=2)),
}))
def test_partial_documents(doc):
    p = P.from_dict(doc)
    assert P.from_dict(P.to_dict(p)) == p
    assert p.language in (None, *P.LANGUAGES)


def test_a_name_cut_after_a_space_keeps_no_trailing_space_and_survives_a_reload():
    # Found by test_partial_documents: "a" * 23 + " b" was cut to 24 characters ending in a space,
    # which the next load stripped, so the saved preferences changed on reload.
    name = P.clean_name("a" * 23 + " b")
    assert name == "a" * 23
    assert P.clean_name(name) == name
