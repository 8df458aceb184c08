"""The typed move field's intent (web.control.typed: Controller.typed_play): a play or its
beginning in the mover's numbering, continuing from the moves made, the turn ended when the
play is complete, and a translated message with nothing changed when the text is refused. No
browser."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tavli import FixedDice
from tavli.events import Played
from tavli.games.portes import Position
from tavli.match import Match
from tavli.phase import Phase
from tavli.scoring import Rules
from web.control.controller import Controller
from web.model import i18n
from web.model.setup import MatchSetup, ViewOptions
from web.view.view import Motion


@pytest.fixture(autouse=True)
def english():
    i18n.install("en")
    yield
    i18n.install("en")


def opened(dice, *, variant="portes", mode="cpu", **options):
    """A match whose player 0 (you, at the bottom) won the opening throw and is to move."""
    c = Controller(MatchSetup(level="beginner", length=3, variant=variant, mode=mode), ViewOptions(**options),
                   dice=FixedDice(dice))
    c.roll()
    if c.match.phase == "roll":  # Plakoto, Fevga: the winner of the opening throw rolls afresh
        c.roll()
    assert c.human_moving() and c.match.game.on_roll == 0
    return c


def played(c):
    return [e for e in c.match.log if isinstance(e, Played)]


def test_a_whole_play_ends_the_turn():
    c = opened([3, 1, 5, 2])
    effects, error = c.typed_play("8/5 6/5")
    assert error is None
    assert effects.motions == [Motion(0, 8, 5), Motion(0, 6, 5)]
    assert effects.sounds == ("checker",)
    assert played(c)[-1].moves == ((8, 5), (6, 5)) and c.page_phase() == "opponent"


def test_a_beginning_then_the_rest():
    c = opened([6, 5, 5, 2])
    effects, error = c.typed_play("24/18")
    assert (effects.motions, error) == ([Motion(0, 24, 18)], None)
    assert c.human_moving() and c.turn.dice_left() == (5,)
    effects, error = c.typed_play("18/13")
    assert (effects.motions, error) == ([Motion(0, 18, 13)], None)
    assert played(c)[-1].text == "24/13"


def test_after_a_click_the_text_goes_on_from_there():
    c = opened([6, 5, 5, 2])
    c.click(24)  # 24/18
    _, error = c.typed_play("13/8")
    assert error is None
    assert played(c)[-1].text == "24/18 13/8"


def test_click_to_finish_waits_for_done():
    c = opened([6, 5, 5, 2], click_to_finish=True)
    _, error = c.typed_play("24/13")
    assert error is None and c.human_moving() and c.turn.is_complete()
    effects, error = c.typed_play("13/8")
    assert effects.motions == [] and error == "13/8: the dice are all played"
    c.done()
    assert c.page_phase() == "opponent"


@pytest.mark.parametrize(("text", "message"), [
    ("13/11", "13/11 is not a legal move with 6-5 to play"),
    ("24/18 24/18", "24/18 is not a legal move with 6-5 to play"),
    ("hello", "“hello” is not a move: write one like 13/8, 24/18 13/8, bar/22 or 6/off"),
    ("", "Type a move, such as 13/8, bar/22 or 6/off"),
])
def test_a_refused_text_changes_nothing(text, message):
    c = opened([6, 5, 5, 2])
    before = (c.match.position_for(0), c.turn.moves, len(c.match.log))
    effects, error = c.typed_play(text)
    assert error == message
    assert effects.motions == [] and effects.sounds == ()
    assert (c.match.position_for(0), c.turn.moves, len(c.match.log)) == before


def at(position, dice, *, variant="portes", later=()):
    """A controller whose person (player 0, at the bottom) is to play ``dice`` in ``position``."""
    setup = MatchSetup(level="beginner", length=3, variant=variant)
    match = Match(rules=Rules.preset(setup.rules), dice=FixedDice(list(later)), **setup.match_args())
    match.restore(replace(match.snapshot(), phase=Phase.MOVE, on_roll=0, position=position, dice=dice))
    return Controller(setup, ViewOptions(), match=match)


def test_ambiguous_says_the_candidates():
    # The computer's blots on your 18 and 19 (its 7 and 6).
    c = at(Position.from_points({24: 1, 13: 5, 8: 3, 6: 5, 11: 1}, {7: 1, 6: 1, 13: 5, 8: 3, 5: 4}), (6, 5))
    effects, error = c.typed_play("24/13")
    assert effects.motions == []
    assert error == "24/13 could be 24/18*/13 or 24/19*/13: write the point on the way, or * where a checker is hit or pinned"
    effects, error = c.typed_play("24/18*/13")
    assert error is None and effects.sounds == ("hit",)
    assert effects.motions == [Motion(0, 24, 18), Motion(1, 18, 25), Motion(0, 18, 13)]


def test_not_your_move():
    c = Controller(MatchSetup(level="beginner", length=3), ViewOptions(), dice=FixedDice([3, 1]))
    assert c.typed_play("8/5 6/5")[1] == "Roll the dice first"  # the opening roll is due
    c = opened([3, 1, 5, 2])
    c.typed_play("8/5 6/5")
    assert c.typed_play("13/8")[1] == "It is not your move"  # the computer's turn


def test_roll_first():
    c = opened([3, 1, 5, 2], mode="pvp")
    c.typed_play("8/5 6/5")
    assert c.match.phase == "roll"
    assert c.typed_play("13/8")[1] == "Roll the dice first"


def test_the_player_at_the_top_types_in_his_own_numbering():
    c = opened([3, 1, 6, 5], mode="pvp", turn_board=False)
    c.typed_play("8/5 6/5")
    c.roll()  # player 1 (top) rolls 6-5
    effects, error = c.typed_play("24/13")
    assert error is None
    assert effects.motions == [Motion(1, 1, 7), Motion(1, 7, 12)]  # drawn in the bottom numbering


def test_plakoto_and_fevga():
    c = opened([3, 1, 6, 5], variant="plakoto")
    _, error = c.typed_play("24/18 24/19")
    assert error is None and played(c)[-1].text == "24/19 24/18"
    c = opened([3, 1, 6, 5], variant="fevga")
    _, error = c.typed_play("24/13")
    assert error is None and played(c)[-1].text == "24/13"
    c = opened([3, 1, 6, 5], variant="fevga")
    assert c.typed_play("bar/19")[1] == "bar/19: this game has no bar, checkers are never hit"


def test_messages_in_greek():
    i18n.install("el")
    c = opened([6, 5, 5, 2])
    assert c.typed_play("13/11")[1] == "Η κίνηση 13/11 δεν επιτρέπεται με τα ζάρια που μένουν (6-5)"
