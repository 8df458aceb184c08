"""tavli.formats.ids: GNU Backgammon Match IDs and XGIDs, checked against the manual and gnubg's source."""

from __future__ import annotations

import base64
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavli.formats.ids import (
    GAME_DROPPED,
    GAME_NONE,
    GAME_PLAYING,
    MatchState,
    decode_match_id,
    decode_xgid,
    encode_match_id,
    encode_xgid,
    parse_xgid,
)
from tavli.games.portes import Position

START_XGID_BOARD = "-b----E-C---eE---c-e----B-"


# --- Match ID: the manual -----------------------------------------------------------------------


def test_manual_example_decodes_to_its_fields():
    # GNU Backgammon manual, "A technical description of the Match ID": score 2-4 in a 9 point
    # match, player 0 holding a 2-cube, player 1 has just rolled 52.
    state = decode_match_id("QYkqASAAIAAA")
    assert state.cube_value == 2 and state.cube_owner == 0
    assert state.player_on_roll == 1 and state.turn == 1
    assert state.crawford is False and state.game_state == GAME_PLAYING
    assert state.doubled is False and state.resign == 0
    assert state.dice == (5, 2)
    assert state.match_length == 9 and state.score == (2, 4)
    assert encode_match_id(state) == "QYkqASAAIAAA"


def test_manual_bit_string_gives_the_manual_id():
    # The manual's key, each field written least significant bit first, bits filling each byte
    # from its least significant bit: an independent check of the bit order.
    bits = "1000 00 1 0 100 1 0 00 101 010 100100000000000 010000000000000 001000000000000".replace(" ", "")
    assert len(bits) == 66
    data = bytearray(9)
    for i, bit in enumerate(bits):
        if bit == "1":
            data[i // 8] |= 1 << (i % 8)
    assert base64.b64encode(bytes(data)).decode() == "QYkqASAAIAAA"
    state = MatchState(cube_value=2, cube_owner=0, player_on_roll=1, turn=1, dice=(5, 2),
                       match_length=9, score=(2, 4))
    assert encode_match_id(state) == "QYkqASAAIAAA"


def test_money_game_start_ids():
    playing = decode_match_id("cAkAAAAAAAAA")  # gnubg's usual money-game ID, player 1 on roll
    assert playing == MatchState(player_on_roll=1, turn=1)
    assert playing.cube_owner == -1 and playing.match_length == 0 and playing.jacoby
    none = decode_match_id("cAgAAAAAAAAA")
    assert none.game_state == GAME_NONE and none.player_on_roll == 1 and none.turn == 1


def test_the_jacoby_bit_is_bit_66_and_means_no_jacoby():
    assert decode_match_id("cAkAAAAAAAAE").jacoby is False
    assert encode_match_id(MatchState(player_on_roll=1, turn=1, jacoby=False)) == "cAkAAAAAAAAE"


def test_each_field_lands_on_its_bits():
    key = lambda s: int.from_bytes(base64.b64decode(encode_match_id(s)), "little")  # noqa: E731
    zero = key(MatchState(jacoby=True, game_state=GAME_NONE))
    assert zero == 0b11 << 4  # only the centred cube's owner bits
    assert key(MatchState(game_state=GAME_NONE, cube_value=8)) == zero | 3
    assert key(MatchState(game_state=GAME_NONE, crawford=True, match_length=1)) == zero | 1 << 7 | 1 << 21
    assert key(MatchState(game_state=GAME_DROPPED)) == zero | 4 << 8
    assert key(MatchState(game_state=GAME_NONE, turn=1, doubled=True)) == zero | 1 << 11 | 1 << 12
    assert key(MatchState(game_state=GAME_NONE, resign=3)) == zero | 3 << 13
    assert key(MatchState(game_state=GAME_NONE, dice=(3, 6))) == zero | 6 << 15 | 3 << 18
    assert key(MatchState(game_state=GAME_NONE, match_length=64, score=(63, 5))) == (
        zero | 64 << 21 | 63 << 36 | 5 << 51
    )
    assert key(MatchState(game_state=GAME_NONE, jacoby=False)) == zero | 1 << 66


def test_larger_die_is_written_first_as_gnubg_does():
    state = decode_match_id(encode_match_id(MatchState(dice=(2, 5))))
    assert state.dice == (5, 2)


def test_position_and_match_id_pair_for_the_start():
    assert Position.initial().position_id() == "4HPwATDgc/ABMA"


# --- Match ID: round trips and malformed input ------------------------------------------------------

_dice = st.one_of(st.just((0, 0)), st.tuples(st.integers(1, 6), st.integers(1, 6)))


@st.composite
def match_states(draw):
    length = draw(st.integers(0, 64))
    if length:
        score = (draw(st.integers(0, length)), draw(st.integers(0, length)))
        crawford = draw(st.booleans())
    else:
        score = (draw(st.integers(0, 32767)), draw(st.integers(0, 32767)))
        crawford = False
    return MatchState(
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from((-1, 0, 1))),
        player_on_roll=draw(st.integers(0, 1)),
        crawford=crawford,
        game_state=draw(st.integers(0, 4)),
        turn=draw(st.integers(0, 1)),
        doubled=draw(st.booleans()),
        resign=draw(st.integers(0, 3)),
        dice=draw(_dice),
        match_length=length,
        score=score,
        jacoby=draw(st.booleans()),
    )


def _sorted_dice(state: MatchState) -> MatchState:
    d = state.dice
    return MatchState(**{**_fields(state), "dice": (max(d), min(d))})


def _fields(state: MatchState) -> dict:
    return {name: getattr(state, name) for name in MatchState.__slots__}


@settings(max_examples=300, deadline=None)
@given(match_states())
def test_match_id_round_trip(state):
    text = encode_match_id(state)
    assert len(text) == 12
    assert decode_match_id(text) == _sorted_dice(state)
    assert encode_match_id(decode_match_id(text)) == text


@pytest.mark.parametrize(
    "text, reason",
    [
        ("QYkqASAAIAA", "12 characters"),
        ("QYkqASAAIAAAA", "12 characters"),
        ("QYkqASAA!AAA", "A-Z"),
        (12345, "string"),
        (base64.b64encode((7 << 15).to_bytes(9, "little")).decode(), "dice"),  # a 7
        (base64.b64encode((5 << 15).to_bytes(9, "little")).decode(), "one rolled"),
        (base64.b64encode((5 << 8).to_bytes(9, "little")).decode(), "game state"),
        (base64.b64encode((65 << 21).to_bytes(9, "little")).decode(), "65-point"),
        (base64.b64encode((5 << 21 | 6 << 36).to_bytes(9, "little")).decode(), "6 points"),
        (base64.b64encode((5 << 21 | 6 << 51).to_bytes(9, "little")).decode(), "player 1"),
        (base64.b64encode((1 << 7).to_bytes(9, "little")).decode(), "Crawford"),
    ],
)
def test_malformed_match_ids(text, reason):
    with pytest.raises(ValueError, match=reason):
        decode_match_id(text)


def test_match_id_tolerates_surrounding_whitespace_and_reads_owner_2_as_centred():
    assert decode_match_id("  QYkqASAAIAAA\n").score == (2, 4)
    # binary 10 in the owner bits: GNU Backgammon's MatchFromKey treats it as centred
    assert decode_match_id(base64.b64encode((2 << 4 | 1 << 8).to_bytes(9, "little")).decode()).cube_owner == -1


@pytest.mark.parametrize(
    "fields",
    [
        {"cube_value": 3}, {"cube_value": 0}, {"cube_value": 1 << 16}, {"cube_owner": 2},
        {"player_on_roll": 2}, {"turn": -1}, {"crawford": 1}, {"game_state": 5}, {"resign": 4},
        {"dice": (0, 3)}, {"dice": (7, 1)}, {"dice": [3, 1]}, {"match_length": 65},
        {"match_length": 5, "score": (6, 0)}, {"crawford": True}, {"score": (-1, 0)},
        {"jacoby": None}, {"cube_owner": True},
    ],
)
def test_invalid_match_states(fields):
    with pytest.raises(ValueError):
        MatchState(**fields)


# --- XGID ---------------------------------------------------------------------------------------


def test_xgid_of_the_opening():
    position, state = decode_xgid(f"XGID={START_XGID_BOARD}:0:0:1:52:0:0:0:7:10")
    assert position == Position.initial()
    assert state == MatchState(player_on_roll=1, turn=1, dice=(5, 2), match_length=7, jacoby=False)
    assert encode_xgid(position, state) == f"XGID={START_XGID_BOARD}:0:0:1:52:0:0:0:7:10"


def test_xgid_to_gnubg_ids_as_gnubg_set_xgid_does():
    # SetXGID (gnubg set.c): scores are X (player 1) then O (player 0), rules 1 = Crawford, the
    # game is in progress, no Jacoby in match play. This pair also appears, computed by an
    # independent converter, in the R package backgammoncalculator's README.
    position, state = decode_xgid(f"XGID={START_XGID_BOARD}:0:0:1:53:1:2:1:3:10")
    assert state.score == (2, 1) and state.match_length == 3 and state.crawford
    assert f"{position.position_id()}:{encode_match_id(state)}" == "4HPwATDgc/ABMA:8IluACAACAAE"


def test_xgid_board_is_from_x_and_position_from_the_player_on_roll():
    # O has 1 on the bar (char 0), X has 1 on the bar (char 25); X has 2 on his 6-point
    # (char 6), O has 3 on her 6-point (char 19 = X's 19 = O's 6) and 1 on her 24-point (char 1).
    board = "aa----B------------c-----A"
    assert len(board) == 26
    x_on_roll, state = decode_xgid(f"XGID={board}:0:0:1:00:0:0:0:0:10")
    assert state.player_on_roll == 1
    assert x_on_roll.player[24] == 1 and x_on_roll.player[5] == 2 and sum(x_on_roll.player) == 3
    assert x_on_roll.opponent[24] == 1 and x_on_roll.opponent[5] == 3 and x_on_roll.opponent[23] == 1
    o_on_roll, state = decode_xgid(f"XGID={board}:0:0:-1:00:0:0:0:0:10")
    assert state.player_on_roll == 0 and o_on_roll == x_on_roll.swap()
    assert encode_xgid(o_on_roll, state) == f"XGID={board}:0:0:-1:00:0:0:0:0:10"


def test_xgid_cube_fields_and_double_offered():
    # Cube position 1 is X's (player 1), -1 is O's (player 0); D: the turn field names the doubler.
    _, state = decode_xgid(f"XGID={START_XGID_BOARD}:2:-1:-1:D:3:1:0:7:10")
    assert state.cube_value == 4 and state.cube_owner == 0
    assert state.player_on_roll == 0 and state.turn == 1 and state.doubled
    assert state.dice == (0, 0) and state.score == (1, 3)
    _, state = decode_xgid(f"{START_XGID_BOARD}:1:1:1:00:0:0:0:7:10")  # the prefix is optional
    assert state.cube_owner == 1 and state.cube_value == 2


def test_xgid_money_rules_field():
    parsed = parse_xgid(f"XGID={START_XGID_BOARD}:0:0:1:00:0:0:3:0:10")
    assert parsed.state.jacoby and parsed.beavers and parsed.max_cube_log == 10
    parsed = parse_xgid(f"XGID={START_XGID_BOARD}:0:0:1:00:0:0:2:0:8")
    assert not parsed.state.jacoby and parsed.beavers and parsed.max_cube_log == 8
    assert encode_xgid(parsed.position, parsed.state, beavers=True, max_cube_log=8) == (
        f"XGID={START_XGID_BOARD}:0:0:1:00:0:0:2:0:8"
    )


def _random_position(rng: random.Random) -> Position:
    while True:
        me, opp = [0] * 25, [0] * 25
        for side in (me, opp):
            for _ in range(rng.randint(0, 15)):
                side[rng.randrange(25)] += 1
        try:
            return Position(tuple(me), tuple(opp))
        except ValueError:
            continue


@settings(max_examples=300, deadline=None)
@given(match_states(), st.randoms(use_true_random=False), st.booleans())
def test_xgid_round_trip(state, rng, beavers):
    position = _random_position(rng)
    text = encode_xgid(position, state, beavers=beavers)
    parsed = parse_xgid(text)
    assert parsed.position == position
    expected = MatchState(**{
        **_fields(state),
        "game_state": GAME_PLAYING,
        "resign": 0,
        "turn": 1 - state.player_on_roll if state.doubled else state.player_on_roll,
        "dice": (0, 0) if state.doubled else state.dice,
        "jacoby": state.jacoby if not state.match_length else False,
    })
    assert parsed.state == expected
    assert parsed.beavers == (beavers and not state.match_length)
    assert encode_xgid(parsed.position, parsed.state, beavers=parsed.beavers) == text


@pytest.mark.parametrize(
    "text, reason",
    [
        ("XGID=-b----E-C---eE---c-e----B:0:0:1:52:0:0:0:7:10", "26 characters"),
        (f"XGID={START_XGID_BOARD}:0:0:1:52:0:0:0:7", "nine fields"),
        (f"XGID={START_XGID_BOARD}:0:0:1:52:0:0:0:7:10:1", "nine fields"),
        ("XGID=-b----E-C---eE---c-e----Bz:0:0:1:52:0:0:0:7:10", "26 characters"),
        ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10", "O's bar"),
        ("XGID=-b----E-C---eE---c-e----Ba:0:0:1:52:0:0:0:7:10", "X's bar"),
        ("XGID=-b----E-C---eE---c-e----BP:0:0:1:52:0:0:0:7:10", "more than 15"),
        (f"XGID={START_XGID_BOARD}:x:0:1:52:0:0:0:7:10", "cube field must be a number"),
        (f"XGID={START_XGID_BOARD}:16:0:1:52:0:0:0:7:10", "0..15"),
        (f"XGID={START_XGID_BOARD}:0:2:1:52:0:0:0:7:10", "cube position"),
        (f"XGID={START_XGID_BOARD}:0:0:0:52:0:0:0:7:10", "turn"),
        (f"XGID={START_XGID_BOARD}:0:0:1:72:0:0:0:7:10", "dice"),
        (f"XGID={START_XGID_BOARD}:0:0:1:B:0:0:0:7:10", "dice"),
        (f"XGID={START_XGID_BOARD}:0:0:1:5:0:0:0:7:10", "dice"),
        (f"XGID={START_XGID_BOARD}:0:0:1:50:0:0:0:7:10", "match state"),
        (f"XGID={START_XGID_BOARD}:0:0:1:52:8:0:0:7:10", "match state"),
        (f"XGID={START_XGID_BOARD}:0:0:1:52:0:0:2:7:10", "Crawford"),
        (f"XGID={START_XGID_BOARD}:0:0:1:52:0:0:4:0:10", "Jacoby"),
        (f"XGID={START_XGID_BOARD}:0:0:1:52:0:0:0:65:10", "match length"),
        (f"XGID={START_XGID_BOARD}:0:0:1:52:0:0:0:7:16", "max cube"),
        (None, "string"),
    ],
)
def test_malformed_xgids(text, reason):
    with pytest.raises(ValueError, match=reason):
        decode_xgid(text)


def test_encode_xgid_checks_its_arguments():
    with pytest.raises(ValueError):
        encode_xgid("position", MatchState())
    with pytest.raises(ValueError):
        encode_xgid(Position.initial(), {"cube_value": 1})
    with pytest.raises(ValueError):
        encode_xgid(Position.initial(), MatchState(), max_cube_log=16)
