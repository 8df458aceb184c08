"""Typed move notation read against a turn (tavli.games.notation.parse_play): the mover's
numbering, plays and their beginnings, moves already made, stars that decide, the faults."""

from __future__ import annotations

import pytest

from tavli.games.notation import NotationError, NotationFault, parse_play
from tavli.games.registry import game_kind

PORTES, PLAKOTO, FEVGA = (game_kind(name) for name in ("portes", "plakoto", "fevga"))
P = PORTES.position.from_points
# An opposing blot on the player's 18 (the opponent's 7), the player's 19 open.
BLOT_18 = P({24: 2, 13: 5, 8: 3, 6: 5}, {7: 1, 13: 5, 8: 3, 5: 5, 2: 1})


def parsed(kind, position, dice, text, *, made=()):
    """The moves ``text`` gives, as (from, to, die, hit), after ``made`` (from, to) pairs."""
    turn = kind.turn(position, dice)
    for move in made:
        turn.apply(move)
    before = turn.moves
    moves = parse_play(turn, text)
    assert turn.moves == before, "the turn is left as it was"
    for move in moves:  # every move is legal in turn
        turn.apply(move)
    return [(m.start, m.end, m.die, m.hit) for m in moves]


def fault(kind, position, dice, text, *, made=()):
    turn = kind.turn(position, dice)
    for move in made:
        turn.apply(move)
    before = turn.moves
    with pytest.raises(NotationError) as caught:
        parse_play(turn, text)
    assert turn.moves == before
    return caught.value


@pytest.mark.parametrize(("dice", "text", "moves"), [
    ((3, 1), "8/5 6/5", [(8, 5, 3, False), (6, 5, 1, False)]),
    ((6, 5), "24/18 13/8", [(24, 18, 6, False), (13, 8, 5, False)]),
    ((6, 5), "13/8 24/18", [(24, 18, 6, False), (13, 8, 5, False)]),  # played as the turn offers them
    ((6, 5), "24/13", [(24, 18, 6, False), (18, 13, 5, False)]),
    ((6, 5), "24/18/13", [(24, 18, 6, False), (18, 13, 5, False)]),
    ((6, 5), "24/18 18/13", [(24, 18, 6, False), (18, 13, 5, False)]),
    ((2, 2), "24/20(2)", [(24, 22, 2, False), (24, 22, 2, False), (22, 20, 2, False), (22, 20, 2, False)]),
    ((4, 4), "24/16", [(24, 20, 4, False), (20, 16, 4, False)]),
    ((4, 4), "24/20(2) 13/9(2)", [(24, 20, 4, False)] * 2 + [(13, 9, 4, False)] * 2),
    ((6, 5), "24/18", [(24, 18, 6, False)]),  # the beginning of a play
    ((6, 1), "13/7 8/7", [(13, 7, 6, False), (8, 7, 1, False)]),
])
def test_portes_plays_and_beginnings(dice, text, moves):
    assert parsed(PORTES, PORTES.initial(), dice, text) == moves


@pytest.mark.parametrize("text", ["8-5 6-5", " 8 / 5   6/5 ", "8/5, 6/5", "8/5 6\u20135", "6/5 8/5"])
def test_lenient_spelling(text):
    assert sorted(parsed(PORTES, PORTES.initial(), (3, 1), text)) == [(6, 5, 1, False), (8, 5, 3, False)]


@pytest.mark.parametrize("text", ["bar/22", "BAR/22", "b/22", "25/22", "bar/22*", "bar / 22", "μπάρα/22", "Μπάρα/22",
                                  "βαρ/22", "бар/22", "Бар/22."])
def test_entering_from_the_bar(text):
    position = P({25: 1, 13: 2}, {1: 2, 2: 2, 4: 2, 5: 2, 6: 2})
    assert parsed(PORTES, position, (3, 1), text) == [(25, 22, 3, False)]


@pytest.mark.parametrize(("text", "moves"), [
    ("6/off 5/off", [(6, 0, 6, False), (5, 0, 5, False)]),
    ("6/o 5/O", [(6, 0, 6, False), (5, 0, 5, False)]),
    ("6/0 5/0", [(6, 0, 6, False), (5, 0, 5, False)]),
    ("6/έξω 5/οφφ", [(6, 0, 6, False), (5, 0, 5, False)]),
    ("6/вън, 5/офф.", [(6, 0, 6, False), (5, 0, 5, False)]),
])
def test_bearing_off(text, moves):
    assert parsed(PORTES, P({6: 1, 5: 1}, {24: 1}), (6, 5), text) == moves


def test_bearing_off_with_the_smallest_die_that_does():
    # 5/off could use the 6 or the 5: the 5, the 6 left for what follows (as a click would).
    assert parsed(PORTES, P({5: 1, 3: 1}, {24: 1}), (6, 5), "5/off") == [(5, 0, 5, False)]


def test_a_text_that_reads_as_a_whole_play_is_that_play():
    # 5-1, the 1-point closed: "5/off" is the whole play 5/4/off (as GNU Backgammon writes it),
    # though 5/off by the 5 could begin 5/off 3/2.
    position = P({5: 1, 3: 5, 2: 9}, {24: 2, 19: 5, 18: 8})
    assert parsed(PORTES, position, (5, 1), "5/off") == [(5, 4, 1, False), (4, 0, 5, False)]
    assert parsed(PORTES, position, (5, 1), "5/off 3/2") == [(5, 0, 5, False), (3, 2, 1, False)]
    assert parsed(PORTES, position, (5, 1), "3/2") == [(3, 2, 1, False)]


def test_a_hit_is_found_without_its_star():
    position = P({24: 1, 13: 2}, {7: 1, 13: 5})  # the blot on the player's 18
    assert parsed(PORTES, position, (6, 2), "24/18") == [(24, 18, 6, True)]
    assert parsed(PORTES, position, (6, 2), "24/18*") == [(24, 18, 6, True)]


@pytest.mark.parametrize(("text", "moves"), [
    ("24/13", [(24, 19, 5, False), (19, 13, 6, False)]),  # no star: the quiet way
    ("24/18*/13", [(24, 18, 6, True), (18, 13, 5, False)]),
    ("24/18/13", [(24, 18, 6, True), (18, 13, 5, False)]),  # the way is written: one position
    ("24/19/13", [(24, 19, 5, False), (19, 13, 6, False)]),
])
def test_stars_decide_between_ways(text, moves):
    assert parsed(PORTES, BLOT_18, (6, 5), text) == moves


def test_stars_that_fit_no_way_leave_it_ambiguous():
    error = fault(PORTES, BLOT_18, (6, 5), "24/13*")
    assert error.kind is NotationFault.AMBIGUOUS
    assert error.candidates == ("24/13", "24/18*/13")
    assert error.dice == (6, 5)


def test_ambiguous_when_both_ways_hit_different_blots():
    # 24/13 with 6-5 over two blots: 24/18*/13 and 24/19*/13 reach different positions.
    position = P({24: 1, 13: 2}, {7: 1, 6: 1, 13: 5})  # blots on the player's 18 and 19
    error = fault(PORTES, position, (6, 5), "24/13")
    assert error.kind is NotationFault.AMBIGUOUS
    assert error.candidates == ("24/18*/13", "24/19*/13")
    assert parsed(PORTES, position, (6, 5), "24/19*/13") == [(24, 19, 5, True), (19, 13, 6, False)]


def test_continues_from_the_moves_already_made():
    made = [(24, 18)]
    assert parsed(PORTES, PORTES.initial(), (6, 5), "13/8", made=made) == [(13, 8, 5, False)]
    assert parsed(PORTES, PORTES.initial(), (6, 5), "18/13", made=made) == [(18, 13, 5, False)]
    error = fault(PORTES, PORTES.initial(), (6, 5), "24/18", made=made)
    assert error.kind is NotationFault.ILLEGAL and error.dice == (5,)


def test_nothing_left_to_play():
    error = fault(PORTES, PORTES.initial(), (6, 5), "13/8", made=[(24, 18), (13, 8)])
    assert error.kind is NotationFault.ILLEGAL and error.dice == ()


@pytest.mark.parametrize(("text", "entry"), [
    ("13/11", "13/11"),  # no 2 to play
    ("24/14", "24/14"),  # 10 pips
    ("24/18 24/18", "24/18"),  # two sixes
    ("24/18 13/8 6/5", "6/5"),  # more than the dice
    ("24/20(2)", "24/20(2)"),
    ("bar/22", "bar/22"),  # nothing on the bar
    ("13/7 7/1", "7/1"),  # the opponent's point
])
def test_illegal_names_the_first_entry_that_cannot_follow(text, entry):
    error = fault(PORTES, PORTES.initial(), (6, 5), text)
    assert error.kind is NotationFault.ILLEGAL
    assert error.entry == entry
    assert error.dice == (6, 5)
    assert entry in str(error)


def test_illegal_through_a_closed_point():
    position = P({25: 1, 13: 2}, {1: 2, 2: 2, 4: 2, 5: 2, 6: 2})
    error = fault(PORTES, position, (3, 1), "b/22 22/21")
    assert (error.kind, error.entry) == (NotationFault.ILLEGAL, "22/21")


@pytest.mark.parametrize("text", ["", "   ", "hello", "24", "24/", "/18", "13/14", "off/3", "24/18/18",
                                  "6/off/3", "24/18(0)", "24/18(5)", "30/24", "24/bar", "24/18**", "24//18"])
def test_malformed(text):
    error = fault(PORTES, PORTES.initial(), (6, 5), text)
    assert error.kind is NotationFault.MALFORMED


# --- Plakoto --------------------------------------------------------------------------------

PK = PLAKOTO.position.from_points


def test_plakoto_plays():
    assert parsed(PLAKOTO, PLAKOTO.initial(), (6, 5), "24/18 24/19") == [(24, 18, 6, False), (24, 19, 5, False)]
    assert parsed(PLAKOTO, PLAKOTO.initial(), (6, 5), "24/13") == [(24, 18, 6, False), (18, 13, 5, False)]


def test_plakoto_pin_and_star():
    position = PK({24: 13, 13: 2}, {24: 13, 7: 1, 6: 1})  # opposing blots on the player's 18 and 19
    assert parsed(PLAKOTO, position, (6, 5), "24/18*") == [(24, 18, 6, True)]
    assert parsed(PLAKOTO, position, (6, 5), "24/18 24/19") == [(24, 18, 6, True), (24, 19, 5, True)]
    # Passing over a blot pins it only for a moment: either way leaves the same position.
    assert parsed(PLAKOTO, position, (6, 5), "24/13") == [(24, 18, 6, True), (18, 13, 5, False)]


def test_plakoto_a_pinned_checker_cannot_move():
    position = PK({24: 13, 13: 1, 8: 1}, {24: 13, 12: 1, 2: 1}, player_pinned={13})  # his 12 on my 13
    error = fault(PLAKOTO, position, (6, 5), "13/7")
    assert error.kind is NotationFault.ILLEGAL
    assert parsed(PLAKOTO, position, (6, 5), "8/2") == [(8, 2, 6, False)]


@pytest.mark.parametrize("variant", [PLAKOTO, FEVGA])
@pytest.mark.parametrize("text", ["bar/22", "b/20", "25/22"])
def test_no_bar_in_plakoto_and_fevga(variant, text):
    error = fault(variant, variant.initial(), (3, 1), text)
    assert error.kind is NotationFault.NO_BAR
    assert "no bar" in str(error)


# --- Fevga ----------------------------------------------------------------------------------

def test_fevga_first_checker_and_beyond():
    assert parsed(FEVGA, FEVGA.initial(), (6, 5), "24/13") == [(24, 18, 6, False), (18, 13, 5, False)]
    assert parsed(FEVGA, FEVGA.initial(), (6, 5), "24/19") == [(24, 19, 5, False)]
    error = fault(FEVGA, FEVGA.initial(), (6, 5), "24/18 24/19")  # a second checker may not leave yet
    assert error.kind is NotationFault.ILLEGAL and error.entry == "24/19"


def test_fevga_blocked_point():
    position = FEVGA.position.from_points({24: 14, 18: 1}, {24: 14, 5: 1})  # his 5 is the player's 17
    error = fault(FEVGA, position, (1, 2), "18/17")
    assert error.kind is NotationFault.ILLEGAL
    assert parsed(FEVGA, position, (1, 2), "18/16") == [(18, 16, 2, False)]


# --- every legal play, written as the board writes it, is read back ----------------------------


@pytest.mark.parametrize("variant", [PORTES, PLAKOTO, FEVGA], ids=lambda k: k.name)
def test_every_play_written_is_read_back(variant):
    """Games played at random: at each turn every legal play's notation (``str(play)``), typed
    whole, gives that play; so does its first entry typed and then the rest."""
    import random

    rng = random.Random(15)
    checked = split = 0
    for _ in range(4):
        position = variant.initial()
        for _ in range(60):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            turn = variant.turn(position, dice)
            for play in turn.plays[:8]:
                text = str(play)
                if not play.steps:
                    continue
                moves = parse_play(turn, text)
                for move in moves:
                    turn.apply(move)
                assert turn.is_complete() and turn.play().result == play.result, (position.diagram(), dice, text)
                turn.reset()
                checked += 1
                first, _, rest = text.partition(" ")
                if not rest:
                    continue
                try:  # the first entry alone may not be a legal beginning: bar/13 with two on the bar
                    for move in parse_play(turn, first):
                        turn.apply(move)
                except NotationError as error:
                    assert error.kind is NotationFault.ILLEGAL
                    continue
                if not turn.is_complete():  # (Plakoto: it may win at once, pinning the mother)
                    for move in parse_play(turn, rest):
                        turn.apply(move)
                    assert turn.play().result == play.result, (position.diagram(), dice, text)
                    split += 1
                turn.reset()
            play = rng.choice(turn.plays)
            position = play.result
            if variant.ending(position) is not None or variant.ending(position.swap()) is not None:
                break
    assert checked > 500 and split > 100
