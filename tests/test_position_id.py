"""GNU Backgammon Position IDs: the manual's example, the side order, round trips, malformed IDs.

Every literal ID here was also checked with GNU Backgammon 1.1 (``gnubg.position_id``).
"""

from __future__ import annotations

import base64

import pytest

from tavli.games.portes import Position

P = Position.from_points
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _key(bits: str) -> bytes:
    """The 10-byte key of an 80-bit string, bits filling each byte from its least significant bit."""
    assert len(bits) == 80
    data = bytearray(10)
    for i, bit in enumerate(bits):
        if bit == "1":
            data[i // 8] |= 1 << (i % 8)
    return bytes(data)


# --- the manual ("A technical description of the Position ID") -------------------------------------


def test_manual_start_position_bit_string_key_and_id():
    # One side at the start, points 1..24 then the bar: 5 zeros, 6:"111110", 7:"0", 8:"1110",
    # 9-12: "0000", 13:"111110", 14-23: ten zeros, 24:"110", bar:"0" -- 40 bits; both sides alike.
    side = "00000" + "111110" + "0" + "1110" + "0000" + "111110" + "0" * 10 + "110" + "0"
    assert len(side) == 40
    key = _key(side + side)
    # The manual writes the key as the bytes 11100000 01110011 11110000 00000001 00110000 (twice).
    assert key == bytes([0xE0, 0x73, 0xF0, 0x01, 0x30] * 2)
    # ...and splits it into the 6-bit groups 111000 000111 001111 ... read as 4 H P w A T D g c / A B M A.
    groups = "111000 000111 001111 110000 000000 010011 000011 100000 011100 111111 000000 000001 001100 000000"
    assert "".join(B64[int(g, 2)] for g in groups.split()) == "4HPwATDgc/ABMA"
    assert base64.b64encode(key).decode()[:14] == "4HPwATDgc/ABMA"
    assert Position.initial().position_id() == "4HPwATDgc/ABMA"
    assert Position.from_id("4HPwATDgc/ABMA") == Position.initial()


def test_the_side_not_on_roll_is_encoded_first():
    # Player on roll alone, one checker on his ace point: 25 zero bits for the (empty) opponent,
    # then bit 25 set -> byte 3 = 0x02 -> "AAAAAgAAAAAAAA". With the sides swapped: bit 0 -> "AQ...".
    mine = P({1: 1}, {})
    assert _key("0" * 25 + "1" + "0" * 54) == bytes([0, 0, 0, 2, 0, 0, 0, 0, 0, 0])
    assert mine.position_id() == "AAAAAgAAAAAAAA"
    assert mine.swap().position_id() == "AQAAAAAAAAAAAA"
    assert Position.from_id("AQAAAAAAAAAAAA") == P({}, {1: 1})


def test_an_id_printed_by_gnu_backgammon():
    # "g9vBASSYZ8wBBg", quoted from GNU Backgammon's output on the bug-gnubg list (2009).
    position = Position.from_id("g9vBASSYZ8wBBg")
    assert position == P(
        {4: 2, 6: 4, 8: 2, 11: 2, 13: 3, 21: 2},
        {1: 2, 6: 3, 7: 2, 8: 3, 13: 3, 22: 1, 24: 1},
    )
    assert position.position_id() == "g9vBASSYZ8wBBg"


@pytest.mark.parametrize(
    "player, opponent, position_id",
    [
        ({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2}, "4HPwATDgc/ABMA"),
        ({10: 1}, {20: 1, 16: 2}, "AIAhACAAAAAAAA"),
        ({25: 1, 13: 2}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, "27YBAAAABoAAAA"),
        ({25: 2, 13: 2}, {3: 2}, "DAAAAIABYAAAAA"),
        ({6: 1, 5: 1, 1: 1}, {1: 2}, "AwAACAUAAAAAAA"),
        ({1: 1}, {25: 1, 6: 14}, "4P8HAEABAAAAAA"),
        ({25: 1, 6: 14}, {}, "AAAAwP8PAIAAAA"),
        ({}, {}, "AAAAAAAAAAAAAA"),
    ],
)
def test_ids_and_round_trips(player, opponent, position_id):
    position = P(player, opponent)
    assert position.position_id() == position_id
    assert Position.from_id(position_id) == position
    assert Position.from_id(position.swap().position_id()) == position.swap()
    assert str(position) == position_id


def test_surrounding_whitespace_is_ignored():
    assert Position.from_id("  4HPwATDgc/ABMA\n") == Position.initial()


# --- malformed IDs -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, message",
    [
        ("4HPwATDgc/ABM", "14 characters, this one has 13"),
        ("4HPwATDgc/ABMAA", "14 characters, this one has 15"),
        ("", "14 characters, this one has 0"),
        ("4HPwATDgc/AB-A", "not '-'"),
        ("4HPwATDgc/ABM=", "not '='"),
        ("4HPwATDgc/ABM\u00e4", "not '\u00e4'"),
        # bits 0..15 set: sixteen opponent checkers on his ace point
        ("//8AAAAAAAAAAA", "gives the opponent 16 checkers"),
        # bits 25..40 set: sixteen checkers of the player on roll on his ace point
        ("AAAA/v8BAAAAAA", "gives the player on roll 16 checkers"),
        # bit 0 (opponent's ace = player's 24) and bit 49 (player's 24)
        ("AQAAAAAAAgAAAA", "both sides on point 24"),
        # all 80 bits set: never 25 zeros for the first side
        ("//////////////", "ends before both sides are described"),
        # a lone checker, then a stray bit 60 after both sides are complete
        ("AAAAAgAAABAAAA", "bits set after the position"),
    ],
)
def test_malformed_ids_are_rejected_saying_why(text, message):
    with pytest.raises(ValueError, match=message):
        Position.from_id(text)


def test_an_id_must_be_a_string():
    with pytest.raises(ValueError):
        Position.from_id(None)  # type: ignore[arg-type]
