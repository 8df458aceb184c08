"""The record of finished matches (web.model.records): an entry per match, noted once (the key of
a finished match does not change when it is saved and resumed), bounded, error rates added
later, wins and losses tallied, and stored text that cannot be read reported, never read as
empty (the page must not write over it)."""

from __future__ import annotations

import json

import pytest

from tavli.formats import savefile
from tavli.match import Match
from web.model import records as R
from web.view import records as V


def finished(seed: int = 3, resign_by: int = 1) -> Match:
    match = Match(3, seed=seed)
    match.roll()
    match.resign_match(resign_by)
    assert match.phase == "match-over"
    return match


def entry(match: Match, **kw) -> R.Entry:
    args = {"mode": "cpu", "level": "expert", "names": ("Anna", "Computer"), "date": R.utc_date(2026, 12, 1, 15, 30)}
    args.update(kw)
    return R.entry_for(match, **args)


def test_an_entry_holds_the_match_and_its_key_survives_a_save_and_resume():
    match = finished()
    e = entry(match)
    assert (e.variant, e.mode, e.level, e.length, e.scores, e.winner, e.rates) == (
        "portes", "cpu", "expert", 3, (3, 0), 0, None)
    assert e.date == "2026-12-01T15:30Z" and e.opponent == "cpu:expert"
    resumed = savefile.loads(savefile.dumps(match))
    resumed.resume(5.0)  # a reload on the last screen: pause/resume do not count
    assert R.match_key(resumed.log) == e.key
    other = finished(seed=4, resign_by=0)
    assert R.match_key(other.log) != e.key


def test_two_players_have_no_level_and_unknown_modes_are_two_players():
    e = entry(finished(), mode="pvp", level="expert")
    assert e.level is None and e.opponent == "pvp"
    assert entry(finished(), mode="robot").mode == "pvp"


def test_a_match_is_noted_once_and_the_list_is_bounded():
    e = entry(finished())
    entries = R.add((), e)
    assert R.add(entries, e) == entries
    many: tuple[R.Entry, ...] = ()
    for n in range(R.MAX_ENTRIES + 7):
        many = R.add(many, R.Entry(f"k{n}", "2026-12-01T00:00Z", "fevga", "pvp", None, ("a", "b"), 3, (3, 1), 0))
    assert len(many) == R.MAX_ENTRIES and many[0].key == "k7" and many[-1].key == f"k{R.MAX_ENTRIES + 6}"


def test_error_rates_are_set_on_that_match_only_and_must_be_numbers():
    a, b = entry(finished(3)), entry(finished(4, 0))
    entries = R.add(R.add((), a), b)
    rated = R.with_rates(entries, b.key, (12.5, 3.0))
    assert rated[0].rates is None and rated[1].rates == (12.5, 3.0)
    assert R.with_rates(entries, "nope", (1.0, 2.0)) == entries
    assert R.with_rates(entries, b.key, (float("nan"), 1.0)) == entries
    assert R.with_rates(entries, b.key, (-1.0, 1.0)) == entries


def test_the_text_round_trips():
    entries = R.add(R.add((), entry(finished(3))), entry(finished(4, 0), mode="pvp"))
    entries = R.with_rates(entries, entries[0].key, (4.25, 9.0))
    loaded = R.loads(R.dumps(entries))
    assert loaded.problem is None and loaded.entries == entries
    assert R.loads(None) == R.Loaded() and R.loads("") == R.Loaded()


BAD = {
    "not json": "{broken",
    "deep": "[" * 5000,
    "foreign": json.dumps({"format": "tavli-prefs"}),
    "newer": json.dumps({"format": R.FORMAT, "version": R.VERSION + 1, "matches": []}),
    "matches not a list": json.dumps({"format": R.FORMAT, "version": 1, "matches": {}}),
    "bad entry": json.dumps({"format": R.FORMAT, "version": 1, "matches": [{"key": "x"}]}),
    "bad winner": json.dumps({"format": R.FORMAT, "version": 1, "matches": [
        {"key": "x", "date": "d", "variant": "portes", "mode": "cpu", "level": "expert", "names": ["a", "b"],
         "length": 3, "scores": [3, 0], "winner": True, "rates": None}]}),
    "too long": json.dumps({"format": R.FORMAT, "version": 1, "matches": ["x" * 100] * 20000}),
}


@pytest.mark.parametrize("name", BAD)
def test_text_that_cannot_be_read_is_a_problem_not_an_empty_record(name):
    loaded = R.loads(BAD[name])
    assert loaded.problem and loaded.entries == ()


def test_wins_and_losses_by_opponent_and_game():
    entries: tuple[R.Entry, ...] = ()
    for n, (variant, mode, level, winner) in enumerate([
            ("portes", "cpu", "expert", 0), ("portes", "cpu", "expert", 1), ("plakoto", "cpu", "expert", 0),
            ("fevga", "cpu", "beginner", 1), ("tavli", "pvp", None, 0), ("portes", "pvp", None, None)]):
        entries = R.add(entries, R.Entry(f"k{n}", "d", variant, mode, level, ("a", "b"), 3, (0, 0), winner))
    table = R.tallies(entries)
    assert table["cpu:expert"]["portes"] == R.Tally(1, 1)
    assert table["cpu:expert"]["all"] == R.Tally(2, 1)
    assert table["cpu:beginner"] == {"fevga": R.Tally(0, 1), "all": R.Tally(0, 1)}
    assert table["pvp"] == {"tavli": R.Tally(1, 0), "all": R.Tally(1, 0)}  # no winner: left out
    assert R.opponents_in_order(table) == ["cpu:beginner", "cpu:expert", "pvp"]


def test_the_dialog_shows_the_tallies_the_matches_and_a_clear_that_is_disabled_when_empty():
    entries = R.add((), entry(finished(), names=("<b>Anna</b>", "Computer")))
    html = V.records(R.Loaded(entries)).html
    assert 'data-opponent="cpu:expert"' in html and 'data-game="portes" data-wins="1" data-losses="0"' in html
    assert "&lt;b&gt;Anna&lt;/b&gt;" in html and "<b>Anna</b>" not in html
    assert 'data-action="records-clear" title=' in html
    rated = V.records(R.Loaded(R.with_rates(entries, entries[0].key, (12.25, 3.0)))).html
    assert "&lt;b&gt;Anna&lt;/b&gt; 12.2" in rated and "Computer 3.0" in rated
    empty = V.records(R.Loaded()).html
    assert 'data-action="records-clear" disabled title=' in empty
    problem = V.records(R.Loaded(problem="not valid JSON")).html
    assert "rec-problem" in problem and 'data-action="records-clear" title=' in problem


def test_an_online_match_is_recorded_as_online_from_the_persons_seat_and_old_records_still_read():
    from web.model import i18n

    old = R.dumps((entry(finished(), mode="pvp", level=None, names=("Anna", "Boris")),))
    assert '"seat"' not in old and R.loads(old).entries[0].mode == "pvp"  # a record from before: read as it was
    # The guest (seat 1) won: the host resigned.
    e = entry(finished(resign_by=0), mode="online", level="expert", names=("Anna", "Boris"), seat=1)
    assert (e.mode, e.opponent, e.level, e.seat, e.winner) == ("online", "online", None, 1, 1)
    again = R.loads(R.dumps((e,))).entries[0]
    assert again == e
    table = R.tallies((e, entry(finished(resign_by=1), mode="online", names=("Carl", "Dora"))))
    assert table["online"]["all"] == R.Tally(wins=2, losses=0)  # (each match won by the person here)
    assert R.opponents_in_order(table) == ["online"]
    assert entry(finished(), mode="pvp", seat=1).seat == 0  # a seat is an online match's only
    bad = json.loads(R.dumps((entry(finished(), mode="pvp"),)))
    bad["matches"][0]["seat"] = 1
    assert R.loads(json.dumps(bad)).problem == "match 1: bad seat"
    for lang, words in (("en", "A friend online"), ("el", "Φίλος online"), ("bg", "Приятел онлайн")):
        i18n.install(lang)
        html = V.records(R.Loaded(entries=(e,))).html
        assert words in html and 'data-opponent="online"' in html and 'data-won="1"' in html
    i18n.install("en")
