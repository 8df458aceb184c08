"""What a screen reader is told (web.view.speech, web.control.narration): the position in
words, the match's events as they happen, a clock running low, a picked checker's targets, in
English, Greek and Bulgarian. No browser."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tavli import FixedDice
from tavli.clock import ClockState, PlayerTime
from tavli.events import (
    Claimed,
    Doubled,
    Dropped,
    GameDrawn,
    GameStarted,
    GameWon,
    MatchOver,
    MatchResigned,
    NextGame,
    OpeningRoll,
    Paused,
    Played,
    ResignationAccepted,
    ResignationOffered,
    ResignationRefused,
    Resigned,
    Rolled,
    TimedOut,
    Took,
)
from tavli.games.base import Move, Outcome, Termination
from tavli.games.registry import game_kind
from tavli.match import Match
from tavli.phase import Phase
from tavli.scores import GameScore
from web.control.controller import Controller
from web.model import i18n
from web.model.setup import MatchSetup, ViewOptions
from web.view.speech import (
    announce_clock,
    announce_events,
    cube_words,
    describe_position,
    marked_points,
    moves_words,
    notation_words,
    score_words,
    targets_words,
)

PORTES, PLAKOTO, FEVGA = (game_kind(name) for name in ("portes", "plakoto", "fevga"))
YOU_CPU = ("You", "Computer")


@pytest.fixture(autouse=True)
def english():
    i18n.install("en")
    yield
    i18n.install("en")


# --- the position -----------------------------------------------------------------------------


def test_the_start_of_portes():
    assert describe_position(PORTES.initial(), YOU_CPU) == (
        "You: 2 on point 24, 5 on point 13, 3 on point 8, 5 on point 6. "
        "Computer: 5 on point 19, 3 on point 17, 5 on point 12, 2 on point 1. "
        "Pips: You 167, Computer 167")


def test_one_checker_the_bar_and_borne_off():
    position = PORTES.position.from_points({25: 1, 6: 1, 1: 2}, {25: 2, 7: 1})
    assert describe_position(position, ("Anna", "Bob")) == (
        "Anna: 1 on point 6, 2 on point 1, 1 on the bar, 11 borne off. "
        "Bob: 1 on point 18, 2 on the bar, 12 borne off. Pips: Anna 33, Bob 57")


def test_a_side_with_nothing_on_the_board():
    position = PORTES.position.from_points({}, {6: 1})
    assert describe_position(position, YOU_CPU).startswith("You: 15 borne off. Computer: 1 on point 19, 14 borne off")
    position = PORTES.position.from_points({3: 1}, {})
    text = describe_position(position, YOU_CPU)
    assert "Computer: 15 borne off" in text


def test_plakoto_pinned_checkers():
    position = PLAKOTO.position.from_points({24: 14, 18: 1}, {24: 13, 7: 1, 20: 1}, opponent_pinned={7},
                                            player_pinned=set())
    text = describe_position(position, YOU_CPU)
    assert text == ("You: 14 on point 24, 1 on point 18. Computer: 1 on point 18 (pinned), 1 on point 5, 13 on point 1. "
                    "Pips: You 354, Computer 339")
    mine = PLAKOTO.position.from_points({24: 14, 5: 1}, {24: 14, 20: 1}, player_pinned={5})
    assert "You: 14 on point 24, 1 on point 5 (pinned). Computer: 1 on point 5, 14 on point 1" in describe_position(mine, YOU_CPU)


def test_fevga_the_opponent_on_your_points():
    text = describe_position(FEVGA.initial(), YOU_CPU)
    assert text.startswith("You: 15 on point 24. Computer: 15 on point 12. ")


def test_in_greek_and_bulgarian():
    position = PORTES.position.from_points({25: 1, 6: 1, 1: 2}, {7: 1})
    i18n.install("el")
    assert describe_position(position, ("Εσείς", "Υπολογιστής")) == (
        "Εσείς – πούλια: 1 στη θέση 6, 2 στη θέση 1, 1 στην μπάρα, 11 μαζεμένα. "
        "Υπολογιστής – πούλια: 1 στη θέση 18, 14 μαζεμένα. Απόσταση: Εσείς 33, Υπολογιστής 7")
    i18n.install("bg")
    assert describe_position(position, ("Вие", "Компютър")) == (
        "Вие – пулове: 1 на позиция 6, 2 на позиция 1, 1 на бара, 11 извадени. "
        "Компютър – пулове: 1 на позиция 18, 14 извадени. Разстояние: Вие 33, Компютър 7")


def test_the_score_and_the_cube():
    assert score_words((1, 0), YOU_CPU, 5) == "Score: You 1, Computer 0. Match to 5"
    assert cube_words(2, None) == "The cube is at 2, in the middle"
    assert cube_words(2, "You") == "The cube is at 2, yours"
    assert cube_words(4, "Computer") == "The cube is at 4, Computer's"
    i18n.install("el")
    assert cube_words(2, "Εσείς") == "Ο κύβος στο 2, δικός σας"
    assert score_words((1, 0), ("Εσείς", "Υπολογιστής"), 5) == "Σκορ: Εσείς 1, Υπολογιστής 0. Ματς στους 5"


def test_what_the_position_text_holds_by_match():
    one = controller([6, 5], length=1)  # a 1-point match: no cube
    assert "cube" not in one.position_text() and "Score: You 0, Computer 0. Match to 1" in one.position_text()
    money = Controller(MatchSetup(level="beginner", length=None), ViewOptions(), dice=FixedDice([6, 5]))
    assert "Score" not in money.position_text() and "The cube is at 1, in the middle" in money.position_text()
    plakoto = controller([6, 5], variant="plakoto")
    assert "cube" not in plakoto.position_text()


# --- a picked checker's targets ---------------------------------------------------------------


def test_targets_in_words():
    assert targets_words(8, [5, 3]) == "From 8: to 5, to 3"
    assert targets_words(25, [22]) == "From the bar: to 22"
    assert targets_words(4, [1, 0]) == "From 4: to 1, bear off"
    assert targets_words(13, []) == "No move from 13"
    i18n.install("el")
    assert targets_words(8, [5, 0]) == "Από τη θέση 8: στη 5, μάζεμα"
    assert targets_words(25, []) == "Καμία κίνηση από την μπάρα"
    i18n.install("bg")
    assert targets_words(25, [22]) == "От бара: на 22"


# --- events -----------------------------------------------------------------------------------


def said(*events, variant="portes", listener=0, names=YOU_CPU, **kw):
    return announce_events(events, names, listener=listener, variant=variant, **kw)


def test_rolls_and_plays():
    assert said(OpeningRoll((3, 1))) == ["You rolled 3, Computer rolled 1: you start"]
    assert said(OpeningRoll((2, 5))) == ["You rolled 2, Computer rolled 5: Computer starts"]
    assert said(OpeningRoll((4, 4))) == ["You rolled 4, Computer rolled 4: a tie, roll again"]
    assert said(Rolled(1, (6, 5))) == ["Computer rolled 6-5"]
    assert said(Played(0, (3, 1), ((8, 5), (6, 5)), "8/5 6/5")) == ["You played 8/5 6/5"]
    assert said(Played(1, (6, 5), ((24, 18), (18, 13)), None)) == ["Computer played 24/18 18/13"]
    assert said(Played(1, (6, 5), ((25, 19), (5, 0)), None)) == ["Computer played bar/19 5/off"]
    assert said(Played(1, (6, 6), (), "")) == ["Computer cannot move and passes"]
    assert said(Played(0, (6, 6), (), "")) == ["You cannot move and pass"]
    assert said(Played(0, (3, 1), ((25, 22), (1, 0)), "bar/22 1/off")) == ["You played bar/22 1/off"]


def test_hits_are_said_on_the_listeners_point():
    # The computer hits on its 18: your 7; you hit on your 20 and 13 (its 5 and 12).
    assert said(Played(1, (6, 5), ((24, 18), (18, 13)), "24/18*/13")) == [
        "Computer played 24/18*/13", "Your checker on point 7 is hit"]
    assert said(Played(0, (5, 5), ((25, 20),) * 2 + ((20, 15), (15, 13)), "bar/20*(2) 20/15/13*")) == [
        "You played bar/20*(2) 20/15/13*", "Computer's checker on point 20 is hit",
        "Computer's checker on point 13 is hit"]


def test_hits_from_either_seat():
    names = ("Anna", "Bob")
    assert said(Played(1, (6, 2), ((24, 18),), "24/18*"), names=names, listener=1)[1] == "Anna's checker on point 18 is hit"
    assert said(Played(1, (6, 2), ((24, 18),), "24/18*"), names=names, listener=0)[1] == "Anna's checker on point 7 is hit"


def test_plakoto_pins_where_a_checker_stays():
    events = (Played(1, (6, 5), ((24, 18), (18, 13)), "24/18*/13"), Played(1, (6, 5), ((24, 18), (13, 8)), "24/18* 13/8"))
    assert said(events[0], variant="plakoto") == ["Computer played 24/18*/13"]
    assert said(events[1], variant="plakoto") == ["Computer played 24/18* 13/8", "Your checker on point 7 is pinned"]


def test_marked_points():
    assert marked_points("24/18*/13 6/2*(2)", ends_only=False) == [18, 2]
    assert marked_points("24/18*/13 6/2*(2)", ends_only=True) == [2]
    assert marked_points("bar/22* 6/off", ends_only=False) == [22]


def test_cube_and_resignations():
    assert said(Doubled(1, 2), Took(0, 2)) == ["Computer doubles to 2", "You take: the cube is at 2"]
    assert said(Doubled(0, 4), Dropped(1)) == ["You double to 4", "Computer drops"]
    assert said(ResignationOffered(1, Outcome.GAMMON), ResignationRefused(0)) == [
        "Computer offers to resign a gammon", "You refuse"]
    assert said(ResignationOffered(0, Outcome.SINGLE), ResignationAccepted(1)) == [
        "You offer to resign a single game", "Computer accepts"]
    assert said(Resigned(1, Outcome.SINGLE), Resigned(0, Outcome.SINGLE)) == [
        "Computer resigns the game", "You resign the game"]
    assert said(MatchResigned(0)) == ["You resign the match"]
    assert said(TimedOut(1), Claimed(0)) == ["Computer: time is up", "You claim the win on time"]


def test_results():
    win = GameScore(0, Outcome.GAMMON, Outcome.GAMMON, 2, 4, Termination.BEAR_OFF)
    assert said(GameWon(win, (4, 0))) == ["You win a gammon: 4 points", "Score: You 4, Computer 0"]
    assert said(GameWon(win, (4, 0)), scored=False) == ["You win a gammon: 4 points"]
    draw = GameScore(None, None, None, 1, 0, Termination.DRAW)
    assert said(GameDrawn(draw, (1, 1)), scored=False) == ["Both mothers are pinned: the game is a draw (no points)"]
    drop = GameScore(1, Outcome.SINGLE, Outcome.SINGLE, 1, 1, Termination.DROP)
    assert said(GameWon(drop, (0, 1)), scored=False) == ["Computer wins: the double was dropped (1 point)"]
    assert said(MatchOver(1, (2, 5), Termination.BEAR_OFF)) == ["Computer wins the match 5\u2060–\u20602"]
    assert said(MatchOver(0, (5, 2), Termination.BEAR_OFF)) == ["You win the match 5\u2060–\u20602"]
    assert said(MatchOver(0, (1, 0), Termination.RESIGN_MATCH)) == ["You win: the match was resigned"]
    assert said(MatchOver(None, (3, 3), Termination.GAMES)) == ["The match is over: You 3, Computer 3"]


def test_a_new_game_and_its_game():
    rotation = {1: "portes", 2: "plakoto", 3: "fevga"}.get
    assert said(NextGame(), GameStarted(2, (1, 0), False), variant_of=rotation) == ["Game 2: Plakoto"]
    # A pin before the new game is Plakoto's; after it, in Fevga, nothing is marked.
    events = (Played(1, (6, 5), ((24, 18), (13, 8)), "24/18* 13/8"), GameStarted(3, (1, 1), False),
              Played(0, (6, 5), ((24, 13),), "24/13"))
    assert said(*events, variant="plakoto", variant_of=rotation) == [
        "Computer played 24/18* 13/8", "Your checker on point 7 is pinned", "Game 3: Fevga", "You played 24/13"]


def test_what_is_not_said():
    assert said(Paused(), NextGame()) == []


def test_events_in_greek_and_bulgarian():
    i18n.install("el")
    names = ("Εσείς", "Υπολογιστής")
    assert said(Rolled(1, (6, 5)), Played(1, (6, 5), ((25, 19), (6, 0)), "bar/19* 6/off"), names=names) == [
        "Υπολογιστής: ζαριά 6-5", "Υπολογιστής: κίνηση μπάρα/19* 6/έξω", "Χτυπήθηκε πούλι σας στη θέση 6"]
    i18n.install("bg")
    names = ("Вие", "Компютър")
    assert said(Played(0, (6, 5), ((13, 7),), "13/7*"), names=names) == [
        "Вие: ход 13/7*", "Компютър: ударен пул на позиция 7"]


def test_notation_words():
    i18n.install("el")
    assert notation_words("bar/22* 6/off(2)") == "μπάρα/22* 6/έξω(2)"


def test_moves_of_a_turn_in_progress():
    a, b, c = Move(24, 18, 6), Move(18, 13, 5, True), Move(25, 20, 5)
    assert moves_words("You", (), (a,)) == ["You moved 24/18"]
    assert moves_words("You", (a,), (a, b)) == ["You moved 18/13*"]
    assert moves_words("You", (a, b), ()) == ["You took back 18/13*", "You took back 24/18"]
    assert moves_words("Anna", (a, b), (a, c)) == ["Anna took back 18/13*", "Anna moved bar/20"]
    assert moves_words("You", (a,), (a,)) == []
    i18n.install("el")
    assert moves_words("Εσείς", (), (c,)) == ["Εσείς: πούλι μπάρα/20"]


# --- the clock --------------------------------------------------------------------------------


def clock(bank0, bank1, *, active=0):
    def player(p, bank):
        running = p == active
        return PlayerTime(0.0 if running else 11.0, bank, running, running, running and bank < 5, bank <= 0)
    return ClockState("blitz", active, False, (player(0, bank0), player(1, bank1)), None, False, False, 11.0, 90.0)


def test_a_clock_warning_is_said_once():
    said_, warned = announce_clock(clock(30.0, 90.0), YOU_CPU, frozenset())
    assert (said_, warned) == ([], frozenset())
    said_, warned = announce_clock(clock(4.2, 90.0), YOU_CPU, warned)
    assert (said_, warned) == (["You: 5 seconds left"], frozenset({0}))
    said_, warned = announce_clock(clock(0.5, 90.0), YOU_CPU, warned)
    assert said_ == []
    said_, warned = announce_clock(clock(0.5, 90.0, active=1), YOU_CPU, warned)  # his turn now
    assert (said_, warned) == ([], frozenset())
    said_, warned = announce_clock(clock(0.5, 4.0, active=1), YOU_CPU, warned)
    assert said_ == ["Computer: 4 seconds left"]
    assert announce_clock(clock(0.5, 90.0), YOU_CPU, frozenset())[0] == ["You: 1 second left"]
    assert announce_clock(None, YOU_CPU, frozenset({0})) == ([], frozenset())


# --- the controller ---------------------------------------------------------------------------


def controller(dice, length=3, **setup):
    return Controller(MatchSetup(level="beginner", length=length, **setup), ViewOptions(), dice=FixedDice(dice))


def play_out(c):
    """What plays by itself: the computer, a pass, an automatic step."""
    while c.computer_to_act() or c.auto_pending():
        if c.auto_pending():
            c.auto_step()
        else:
            c.computer_step()


def test_announcements_follow_the_match_once():
    c = controller([3, 1, 5, 2, 6, 6])
    assert c.announcements() == []
    c.roll()
    assert c.announcements() == ["You rolled 3, Computer rolled 1: you start"]
    assert c.announcements() == []
    c.typed_play("8/5 6/5")
    assert c.announcements() == ["You played 8/5 6/5"]
    play_out(c)
    said_ = c.announcements()
    assert said_[0] == "Computer rolled 5-2" and said_[1].startswith("Computer played ")
    c.roll()
    assert c.announcements() == ["You rolled 6-6"]


def test_a_persons_moves_are_told_as_they_are_made():
    c = controller([6, 5, 5, 2])
    c.roll()
    c.announcements()
    c.click(24)
    assert c.announcements() == ["You moved 24/18"]
    c.undo()
    assert c.announcements() == ["You took back 24/18"]
    assert c.announcements() == []
    c.typed_play("24/18")
    assert c.announcements() == ["You moved 24/18"]
    c.typed_play("13/8")  # the turn ends: the whole play
    assert c.announcements() == ["You played 24/18 13/8"]
    play_out(c)  # the computer's moves are told as its play, once
    said_ = c.announcements()
    assert said_[0] == "Computer rolled 5-2" and said_[1].startswith("Computer played ") and len(said_) in (2, 3)


def test_a_match_resigned_is_said_once():
    c = controller([3, 1, 5, 2])
    c.roll()
    c.announcements()
    c.resign()
    assert c.announcements() == ["You resign the match", "Computer wins: the match was resigned"]


def test_a_resumed_match_does_not_tell_its_past():
    c = controller([3, 1, 5, 2])
    c.roll()
    c.typed_play("8/5 6/5")
    resumed = Controller(MatchSetup(level="beginner", length=3), ViewOptions(), match=c.match)
    assert resumed.announcements() == []
    c.match = Match(length=3, dice=FixedDice([4, 2]))  # a match put in its place
    assert c.announcements() == []
    c.roll()
    assert c.announcements() == ["You rolled 4, Computer rolled 2: you start"]


def test_a_whole_game_is_told():
    c = controller([6, 1] + [6, 5, 4, 3, 2, 1] * 60, length=1)
    said_ = []
    for _ in range(400):
        if c.match.phase in ("game-over", "match-over"):
            break
        if c.can_roll():
            c.roll()
        elif c.human_moving():
            c.play_moves(c.turn.plays[0].moves)
        play_out(c)
        said_ += c.announcements()
    assert c.match.phase == "match-over"
    plays = [s for s in said_ if " played " in s or "pass" in s]
    assert len(plays) == sum(isinstance(e, Played) for e in c.match.log)
    assert said_[-1].endswith(("wins the match 1\u2060–\u20600", "win the match 1\u2060–\u20600"))


def test_the_position_read_out_and_the_targets():
    c = controller([6, 5, 4, 2])
    c.roll()
    text = c.position_text()
    assert text.startswith("You: 2 on point 24, 5 on point 13, 3 on point 8, 5 on point 6. Computer: ")
    assert text.endswith("Pips: You 167, Computer 167. Score: You 0, Computer 0. Match to 3. "
                         "The cube is at 1, in the middle. You rolled 6, Computer rolled 5: you start · You: move 6-5")
    assert c.targets_text(24) == "From 24: to 18, to 13"
    assert c.targets_text(6) == "No move from 6"  # 6/1 and 6/0 are not legal
    c.click(24)
    assert "1 on point 18" in c.position_text()  # the turn in progress
    assert c.targets_text(18) == "From 18: to 13"


def test_the_position_in_fevga_and_from_the_top_seat():
    c = Controller(MatchSetup(mode="pvp", length=3, variant="fevga"), ViewOptions(turn_board=True),
                   dice=FixedDice([2, 5, 6, 5]))
    c.roll()  # player 1 won the opening throw
    c.roll()
    assert c.match.game.on_roll == 1 and c.bottom == 1
    assert c.position_text().startswith("Player 2: 15 on point 24. Player 1: 15 on point 12. ")
    assert c.targets_text(24) == "From 24: to 19, to 18, to 13"


def test_the_clock_through_the_controller():
    now = [0.0]
    setup = MatchSetup(level="beginner", length=3, clock="blitz")
    c = Controller(setup, ViewOptions(), dice=FixedDice([3, 1]), time=lambda: now[0])
    c.roll()
    assert c.clock_announcements() == []
    now[0] = 11.0 + 86.5  # the move time spent and the reserve under 5 s
    assert c.clock_announcements() == ["You: 4 seconds left"]
    now[0] += 1.0
    assert c.clock_announcements() == []
    assert c.clock_announcements(c.match.clock_state()) == []


def test_results_through_the_controller_and_the_status_agree():
    match = Match(length=3, dice=FixedDice([]))
    position = PORTES.position.from_points({1: 1}, {6: 15})
    match.restore(replace(match.snapshot(), phase=Phase.MOVE, on_roll=0, position=position, dice=(3, 1)))
    c = Controller(MatchSetup(level="beginner", length=3), ViewOptions(), match=match)
    c.typed_play("1/off")
    said_ = c.announcements()
    assert said_ == ["You played 1/off", c.result_text(), "Score: You 2, Computer 0"]
    assert said_[1] == "You win a gammon: 2 points"
