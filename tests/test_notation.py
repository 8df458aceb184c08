"""``str(play)`` is GNU Backgammon notation, exactly as GNU Backgammon 1.1 prints it
(every string below was compared with ``gnubg.move_tuple_to_string``)."""

from __future__ import annotations

import pytest

from tavli.games.notation import format_play, parse_moves
from tavli.games.portes import Position, legal_plays

P = Position.from_points


def _play_reaching(position, dice, moves):
    """The legal play whose result is that of ``moves`` (from, to) made one after another."""
    me, opp = list(position.player), list(position.opponent)
    for a, b in moves:
        me[a - 1] -= 1
        if b:
            if opp[24 - b] == 1:
                opp[24 - b] = 0
                opp[24] += 1
            me[b - 1] += 1
    target = Position(tuple(opp), tuple(me))
    (play,) = [p for p in legal_plays(position, dice) if p.result == target]
    return play


@pytest.mark.parametrize(
    "player, opponent, dice, moves, text",
    [
        ({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2}, (6, 5), [(24, 18), (13, 8)], "24/18 13/8"),
        ({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2}, (3, 1), [(8, 5), (6, 5)], "8/5 6/5"),
        ({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2}, (2, 2), [(13, 11), (11, 9)] * 2, "13/9(2)"),
        ({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2}, (6, 5), [(24, 18), (18, 13)], "24/13"),
        ({25: 1}, {3: 1, 1: 2, 4: 2}, (3, 1), [(25, 22)], "bar/22*"),
        ({6: 1}, {1: 2}, (6, 5), [(6, 1), (1, 0)], "6/off"),
        ({6: 1, 5: 1, 1: 1}, {1: 2}, (6, 5), [(6, 0), (5, 0)], "6/off 5/off"),
        ({4: 2, 2: 1}, {1: 2}, (6, 5), [(4, 0), (4, 0)], "4/off(2)"),
        ({24: 1}, {7: 1}, (6, 5), [(24, 18), (18, 13)], "24/18*/13"),
        ({25: 2, 13: 2}, {3: 2}, (2, 2), [(25, 23), (25, 23), (23, 21), (23, 21)], "bar/21(2)"),
        ({25: 2, 13: 2}, {3: 2}, (2, 2), [(25, 23), (25, 23), (23, 21), (21, 19)], "bar/19 bar/23"),
        ({13: 2, 8: 1}, {20: 1, 15: 2}, (5, 3), [(13, 8), (8, 5)], "13/5*"),
    ],
)
def test_legal_play_notation(player, opponent, dice, moves, text):
    position = P(player, opponent)
    play = _play_reaching(position, dice, moves)
    assert str(play) == text


@pytest.mark.parametrize(
    "player, opponent, moves, text",
    [
        # A blot is hit once: only the first checker to land on it gets the star.
        ({24: 2, 13: 5}, {3: 1}, [(24, 22), (22, 20), (24, 22)], "24/22*/20 24/22"),
        ({5: 4, 13: 5}, {21: 1}, [(5, 4), (4, 3), (5, 4), (5, 4)], "5/4*/3 5/4(2)"),
        ({6: 4, 13: 5}, {21: 1}, [(6, 4), (6, 4)], "6/4*(2)"),
        ({25: 2, 13: 5}, {3: 1}, [(25, 22), (25, 22)], "bar/22*(2)"),
        # Two hits on the way are both kept.
        ({24: 2}, {7: 1, 11: 1}, [(24, 18), (18, 14), (24, 18), (18, 14)], "24/18*/14*(2)"),
        ({24: 2}, {7: 1, 11: 1}, [(24, 18), (18, 14), (14, 10), (24, 18)], "24/18*/14*/10 24/18"),
        # Moves of one checker are joined whichever checker made them.
        ({13: 5, 8: 3}, {}, [(13, 8), (8, 5)], "13/5"),
        ({13: 5, 8: 3}, {20: 1}, [(8, 5), (13, 8)], "13/5*"),
        ({6: 2, 1: 2}, {}, [(1, 0), (6, 0)], "6/off 1/off"),
    ],
)
def test_format_play_like_gnubg(player, opponent, moves, text):
    assert format_play(P(player, opponent), tuple(moves)) == text


def test_empty_play_is_empty_text():
    assert format_play(Position.initial(), ()) == ""


@pytest.mark.parametrize(
    "text, hops",
    [
        ("24/18 13/8", [(24, 18), (13, 8)]),
        ("bar/22*", [(25, 22)]),
        ("6/off", [(6, 0)]),
        ("13/9(2)", [(13, 9), (13, 9)]),
        ("24/18*/13", [(24, 18), (18, 13)]),
    ],
)
def test_parse_moves(text, hops):
    assert parse_moves(text) == hops


@pytest.mark.parametrize("text", ["24-18", "13/14", "off/3", "bar", "7/x"])
def test_parse_moves_rejects_what_is_not_notation(text):
    with pytest.raises(ValueError):
        parse_moves(text)
