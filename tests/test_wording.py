"""What the panel and the dialogs say, in Greek, Bulgarian and English (issue 12, item 10): the
match result with the winner's score first and unbreakable, the opening roll told plainly, the
resign choices capitalised, the Claim button naming the claimant; and the rules page's table of
contents and game sections (item 11). No browser."""

from __future__ import annotations

import re

import pytest

from tavli import FixedDice
from tavli.games.base import Outcome
from web.control.controller import Controller
from web.model import i18n
from web.model.i18n import rules
from web.model.setup import MatchSetup, ViewOptions
from web.view import dialogs

LANGS = ("el", "bg", "en")
JOIN = "\u2060"  # word joiner: no line break beside the dash of a score


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.install("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_match_result_puts_the_winners_score_first_and_does_not_break(lang):
    i18n.install(lang)
    c = Controller(MatchSetup(level="beginner", length=3), ViewOptions())
    c.resign()  # you give up the match: the computer wins 3-0
    assert c.page_phase() == "match-over" and c.match.scores == [0, 3]
    status = c.status()
    assert f"3{JOIN}–{JOIN}0" in status, status
    assert c.panel_view().announce == status


@pytest.mark.parametrize("lang", LANGS)
def test_the_two_player_opening_roll_says_who_rolled_what_and_who_starts(lang):
    i18n.install(lang)
    c = Controller(MatchSetup(mode="pvp"), ViewOptions(), dice=FixedDice([2, 1, 5, 2]))
    c.roll()  # Player 1 rolls 2, Player 2 rolls 1: Player 1 starts
    p1, p2 = c.names
    note = c.note
    assert re.search(rf"{p1}\D*2\D*{p2}\D*1\D*{p1}", note), note
    assert f"{p1} 2" not in note and f"{p2} 1" not in note  # never a name and a die side by side
    if lang == "en":
        assert note == "Player 1 rolled 2, Player 2 rolled 1: Player 1 starts"


def test_the_opening_roll_agrees_with_you_in_english():
    c = Controller(MatchSetup(level="beginner", length=3), ViewOptions(), dice=FixedDice([5, 3]))
    c.roll()
    assert c.note == "You rolled 5, Computer rolled 3: you start"


@pytest.mark.parametrize("lang", LANGS)
def test_resign_choices_start_with_a_capital(lang):
    i18n.install(lang)
    c = Controller(MatchSetup(mode="pvp", length=9, rules="international"), ViewOptions(),
                   dice=FixedDice([5, 3, 6, 6]))
    c.roll()
    for p in range(25, 0, -1):
        while c.human_moving() and c.movable(p):
            c.click(p)
    assert c.resign_levels() == [Outcome.SINGLE, Outcome.GAMMON, Outcome.BACKGAMMON]
    labels = re.findall(r'data-action="resign-[a-z]+">([^<]+)<', dialogs.resign(c.resign_choice()).html)
    assert len(labels) == 3
    assert all(label[0].isupper() for label in labels), labels


@pytest.mark.parametrize("lang", LANGS)
def test_the_claim_button_names_the_claimant(lang):
    i18n.install(lang)
    c = Controller(MatchSetup(mode="pvp", length=5, clock="blitz"), ViewOptions())
    c.claimant = lambda: 1  # player 2 may claim (the clock itself is tested in test_clock)
    claim = next(b for b in c.panel_view().controls if b.action == "claim")
    assert c.names[1] in claim.label, claim.label


@pytest.mark.parametrize("lang", LANGS)
def test_rules_have_a_table_of_contents_and_mark_the_game_in_play(lang):
    page = rules.page(lang)
    html = rules.rules_html(lang, "plakoto")
    links = re.findall(r'<a href="#(rules-[a-z0-9-]+)">', html)
    ids = re.findall(r'<section id="(rules-[a-z0-9-]+)"', html)
    assert len(links) == len(ids) == len(page.sections) and links == ids
    assert "rules-plakoto" in ids and "rules-fevga" in ids and "rules-portes" in ids
    assert re.search(r'<section id="rules-plakoto"[^>]* data-current', html)
    assert "data-current" not in rules.rules_html(lang)  # no game named: none marked


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_dialog_opens_at_the_current_game(lang):
    i18n.install(lang)
    html = dialogs.rules(lang, "fevga").html
    assert re.search(r'<section id="rules-fevga"[^>]* data-current', html)
