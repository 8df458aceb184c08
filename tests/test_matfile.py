"""tavli.formats.matfile: Jellyfish/GNU Backgammon .mat transcripts and their move notation.

The layout checked here is GNU Backgammon's ExportMatchMat/ExportGameJF (export.c): score line
" %-31s%s : %d", rows "%3d) %-27s " + right entry, hops one per die with 25 = bar, 0 = off and
'*' from FormatMovePlain (format.c), "Wins" at column 6 (player 0) or 34 (player 1).
"""

from __future__ import annotations

import random

import pytest

from tavli.formats.matfile import (
    DOUBLE,
    DROP,
    ROLL,
    TAKE,
    WIN,
    MatAction,
    MatGame,
    MatRecord,
    read_mat,
    write_mat,
)
from tavli.formats.matmoves import (
    format_mat_moves,
    mat_play,
    mat_to_notation,
    normalize_mat_moves,
    notation_to_mat,
    play_to_mat,
)
from tavli.games.notation import parse_moves
from tavli.games.portes import Position, legal_plays

A = MatAction

# Hand-written from the layout of export.c; trailing spaces are part of the format (each hop is
# followed by a space except a fourth one, and a left-column drop keeps the column's last space).
EXAMPLE = "\n".join([
    '; [Site "Tavli"]',
    '; [EventDate "2026.11.29"]',
    "",
    " 5 point match",
    "",
    " Game 1",
    " Alice : 0                      Bob : 0",
    "  1)                             31: 8/5 6/5 ",
    "  2) 64: 24/18 13/9              62: 13/7* 13/11 ",
    "  3) 66:                          Doubles => 2",
    "  4)  Takes                      41: 24/20 11/10 ",
    "  5) 43: 25/21 21/18*            52: 25/20 20/18 ",
    "                                  Wins 2 points",
    "",
    " Game 2",
    " Alice : 0                      Bob : 2",
    "  1) 52: 13/8 13/11              66: 24/18 24/18 13/7 13/7",
    "  2)  Doubles => 2                Drops",
    "      Wins 1 point",
    "",
    " Game 3",
    " Alice : 1                      Bob : 2",
    "  1)                             65: 24/18 18/13 ",
    "  2) 21: 13/11 6/5                Doubles => 2",
    "  3)  Drops                       Wins 1 point ",
    "",
    "",
])

EXAMPLE_RECORD = MatRecord(
    match_length=5,
    players=("Alice", "Bob"),
    games=[
        MatGame(0, 0, [
            A(1, ROLL, ((3, 1), "8/5 6/5")),
            A(0, ROLL, ((6, 4), "24/18 13/9")),
            A(1, ROLL, ((6, 2), "13/7* 13/11")),
            A(0, ROLL, ((6, 6), "")),  # on the bar against a closed point: no move
            A(1, DOUBLE, 2),
            A(0, TAKE, None),
            A(1, ROLL, ((4, 1), "24/20 11/10")),
            A(0, ROLL, ((4, 3), "25/21 21/18*")),
            A(1, ROLL, ((5, 2), "25/20 20/18")),
            A(1, WIN, 2),  # Alice resigned: written like any win
        ]),
        MatGame(0, 2, [
            A(0, ROLL, ((5, 2), "13/8 13/11")),
            A(1, ROLL, ((6, 6), "24/18 24/18 13/7 13/7")),
            A(0, DOUBLE, 2),
            A(1, DROP, None),
            A(0, WIN, 1),
        ]),
        MatGame(1, 2, [
            A(1, ROLL, ((6, 5), "24/18 18/13")),
            A(0, ROLL, ((2, 1), "13/11 6/5")),
            A(1, DOUBLE, 2),
            A(0, DROP, None),
            A(1, WIN, 1),
        ]),
    ],
    tags=[("Site", "Tavli"), ("EventDate", "2026.11.29")],
)


def _replay(game: MatGame) -> None:
    """Every roll of the game is a legal play, written with gnubg's '*' rule."""
    position = None
    for action in game.actions:
        if action.kind != ROLL:
            continue
        position = position or Position.initial()
        dice, moves = action.payload
        play = mat_play(position, dice, moves)
        assert format_mat_moves(position, parse_moves(moves)) == moves
        position = play.result


def test_example_reads_to_the_record():
    record = read_mat(EXAMPLE)
    assert record == EXAMPLE_RECORD
    for game in record.games:
        _replay(game)


def test_example_record_writes_the_example_exactly():
    assert write_mat(EXAMPLE_RECORD) == EXAMPLE


def test_columns_of_the_layout():
    lines = EXAMPLE.split("\n")
    assert lines[6].index("Bob") == 32  # " " + "Alice : 0" padded to 31
    assert lines[7].index("31:") == 33  # empty left column when player 1 opens
    assert lines[8].index("62:") == 33
    assert lines[12].index("Wins") == 34  # player 1 wins
    assert lines[18].index("Wins") == 6  # player 0 wins
    assert lines[24].index("Wins") == 34  # after a left-column drop


def test_no_header_still_starts_with_a_blank_line_and_money_is_0_point():
    record = MatRecord(0, ("X", "Y"), [MatGame(0, 0, [A(0, ROLL, ((3, 1), "8/5 6/5"))])])
    text = write_mat(record)
    assert text.startswith("\n 0 point match\n\n Game 1\n X : 0")
    assert text.endswith("  1) " + "31: 8/5 6/5 ".ljust(27) + " \n\n")  # unfinished game: row closed
    assert read_mat(text) == record


def test_four_hops_have_no_trailing_space_and_no_move_is_just_the_dice():
    record = MatRecord(1, ("P", "Q"), [MatGame(0, 0, [
        A(0, ROLL, ((6, 6), "24/18 24/18 13/7 13/7")),
        A(1, ROLL, ((2, 1), "")),
    ])])
    row = write_mat(record).split("\n")[5]
    assert row == "  1) 66: 24/18 24/18 13/7 13/7   21: "


def test_and_the_match():
    record = MatRecord(3, ("P", "Q"), [
        MatGame(0, 0, [A(0, ROLL, ((3, 1), "8/5 6/5")), A(0, WIN, 1)]),
        MatGame(1, 0, [A(1, ROLL, ((3, 1), "8/5 6/5")), A(1, WIN, 3)]),
    ])
    text = write_mat(record, and_the_match=True)
    assert "\n      Wins 1 point\n" in text
    assert "                                  Wins 3 points and the match\n" in text
    assert read_mat(text) == record


def test_resignation_while_the_other_side_is_to_act():
    # player 0 moved (left column), then resigned: the win goes on the same line, column 34
    record = MatRecord(0, ("P", "Q"), [MatGame(0, 0, [A(0, ROLL, ((3, 1), "8/5 6/5")), A(1, WIN, 1)])])
    text = write_mat(record)
    line = text.split("\n")[5]
    assert line.index("Wins") == 34 and line.startswith("  1) 31: 8/5 6/5")
    assert read_mat(text) == record


def test_reader_tolerates_jellyfish_and_other_writers():
    text = "\r\n".join([
        "\ufeff; a comment line",
        "# another",
        "7 point match",
        "Game 1",
        "  Anna Maria : 0      Bob : 0",
        " 1)  31: 8/5 6/5\t\t64: 24/18 13/9",
        " 2)  62: 13/7* 13/11     Doubles => 2",
        " 3)  Drops",
        "\t\t\t\t  Wins 1 point and the match",
        "",
    ])
    record = read_mat(text)
    assert record.match_length == 7 and record.players == ("Anna Maria", "Bob")
    assert record.comments == ["a comment line", "another"]
    assert record.games[0].actions == [
        A(0, ROLL, ((3, 1), "8/5 6/5")),
        A(1, ROLL, ((6, 4), "24/18 13/9")),
        A(0, ROLL, ((6, 2), "13/7* 13/11")),
        A(1, DOUBLE, 2),
        A(0, DROP, None),
        A(1, WIN, 1),
    ]


def test_reader_normalises_bar_off_and_xg_no_move():
    text = "\n".join([
        " 1 point match",
        " Game 1",
        " A : 0                      B : 0",
        "  1) 43: bar/21 6/off          21: Cannot Move",
        "  2) 55: ???                   11: 25/24",
        "",
    ])
    actions = read_mat(text).games[0].actions
    assert actions[0].payload == ((4, 3), "25/21 6/0")
    assert actions[1].payload == ((2, 1), "")
    assert actions[2].payload == ((5, 5), "")
    assert actions[3].payload == ((1, 1), "25/24")


@pytest.mark.parametrize(
    "text, where",
    [
        ("", "point match"),
        (" Game 1\n", "line 1"),
        (" 5 point match\n\n Game 1\n Alice 0   Bob 0\n", "line 4"),
        (" 5 point match\n Game 1\n Game 2\n", "line 3"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/x\n", "line 4"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 5/8\n", "line 4"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 71: 8/1\n", "line 4"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1)  Doubles => 4\n", "line 4"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1)  Takes\n", "line 4"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n  2) 31: 8/5 6/5\n", "line 5"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1)  Doubles => 2                Doubles => 4\n",
         "line 4"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n  2) 31: 8/5\n",
         "line 6"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5  Beavers => 4\n", "line 4"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n      Loses 1 point\n", "line 5"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n      Wins a point\n", "line 5"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n Game 2\n C : 0   B : 0\n", "line 6"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5   hello\n", "line 4"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n; Set Pos=-b----E-C---eE---c-e----B-/0\n", "line 4"),
        (" 5 point match\n  1) 31: 8/5 6/5\n", "line 2"),
        (" 5 point match\n Game 1\n", "score line"),
        (" 5 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5   Doubles => 2\n  2)  Drops\n", "drop"),
    ],
)
def test_malformed_transcripts_name_the_line(text, where):
    with pytest.raises(ValueError, match=where):
        read_mat(text)


@pytest.mark.parametrize(
    "record",
    [
        MatRecord(-1, ("A", "B")),
        MatRecord(5, ("A", "B:C"), [MatGame(0, 0)]),
        MatRecord(5, ("", "B"), [MatGame(0, 0)]),
        MatRecord(5, ("A", "B"), tags=[("Two words", "x")]),
        MatRecord(5, ("A", "B"), [MatGame(0, 0, [A(0, ROLL, ((7, 1), "8/1"))])]),
        MatRecord(5, ("A", "B"), [MatGame(0, 0, [A(0, ROLL, ((3, 1), "bar/22"))])]),  # not normalised
        MatRecord(5, ("A", "B"), [MatGame(0, 0, [A(0, ROLL, ((3, 1), "8/5")), A(0, ROLL, ((3, 1), "8/5"))])]),
        MatRecord(5, ("A", "B"), [MatGame(0, 0, [A(0, DOUBLE, 4)])]),
        MatRecord(5, ("A", "B"), [MatGame(0, 0, [A(0, DOUBLE, 2), A(1, ROLL, ((3, 1), "8/5"))])]),
        MatRecord(5, ("A", "B"), [MatGame(0, 0, [A(0, DOUBLE, 2), A(1, DROP, None)])]),
        MatRecord(5, ("A", "B"), [MatGame(0, 0, [A(0, DOUBLE, 2), A(1, DROP, None), A(1, WIN, 1)])]),
        MatRecord(5, ("A", "B"), [MatGame(0, 0, [A(0, WIN, 1), A(1, WIN, 1)])]),
        MatRecord(5, ("A", "B"), [MatGame(0, 0, [A(0, "resign", 1)])]),
        MatRecord(5, ("A", "B"), [MatGame(0, 0, [A(0, WIN, 0)])]),
        MatRecord(5, ("A", "B"), [MatGame(0, -1)]),
        "not a record",
    ],
)
def test_unwritable_records(record):
    with pytest.raises(ValueError):
        write_mat(record)


# --- move notation ------------------------------------------------------------------------------


def test_mat_notation_uses_25_and_0_and_one_hop_per_die():
    # an opposing blot on our 20 (its 5), its point on our 3 (its 22)
    position = Position.from_points({25: 1, 6: 2}, {5: 1, 22: 2})
    play = mat_play(position, (5, 3), "bar/20*/17")
    assert play_to_mat(play) == "25/20* 20/17"
    assert mat_to_notation(position, (5, 3), "25/20* 20/17") == "bar/20*/17"
    bear = Position.from_points({6: 1, 2: 1}, {24: 2})
    assert notation_to_mat(bear, (6, 2), "6/off 2/off") in ("6/0 2/0", "2/0 6/0")
    assert mat_to_notation(bear, (6, 2), "6/0 2/0") == "6/off 2/off"


def test_star_follows_gnubg_format_move_plain():
    # Opposing blots on our 9 and our 3, two opposing checkers on our 24. Each hit is starred;
    # a second checker landing where this play already hit is not.
    position = Position.from_points({15: 2, 8: 2}, {16: 1, 22: 1, 1: 2})
    assert format_mat_moves(position, [(15, 9), (15, 9), (9, 3), (9, 3)]) == "15/9* 15/9 9/3* 9/3"
    assert format_mat_moves(position, [(8, 3), (3, 1)]) == "8/3* 3/1"
    with pytest.raises(ValueError):
        format_mat_moves(position, [(3, 8)])


def test_conversions_between_notations():
    start = Position.initial()
    assert notation_to_mat(start, (6, 4), "24/14") in ("24/18 18/14", "24/20 20/14")
    assert mat_to_notation(start, (6, 4), "24/18 18/14") == "24/14"
    assert mat_to_notation(start, (6, 4), "24/14") == "24/14"  # joined hops are accepted too
    assert mat_to_notation(start, (3, 3), "8/5 8/5 6/3 6/3") == "8/5(2) 6/3(2)"
    assert notation_to_mat(start, (3, 3), "8/5(2) 6/3(2)") == "8/5 8/5 6/3 6/3"
    with pytest.raises(ValueError, match="not a legal play"):
        mat_play(start, (6, 4), "24/18 13/7")  # two sixes
    with pytest.raises(ValueError, match="not a legal play"):
        mat_play(start, (6, 5), "")  # there are legal moves
    with pytest.raises(ValueError, match="no checker"):
        mat_play(start, (6, 5), "5/1")


def test_normalize_mat_moves():
    assert normalize_mat_moves("  bar/22*   6/OFF ") == "25/22* 6/0"
    assert normalize_mat_moves("") == ""
    with pytest.raises(ValueError):
        normalize_mat_moves("26/20")
    with pytest.raises(ValueError):
        normalize_mat_moves("13-8")


# --- random round trips --------------------------------------------------------------------------


def _random_game(rng: random.Random, score: tuple[int, int]) -> MatGame:
    position = Position.initial()
    player = rng.randint(0, 1)
    actions: list[MatAction] = []
    cube, owner = 1, None
    first = True
    for _ in range(rng.randint(1, 40)):
        if not first and owner in (None, player) and rng.random() < 0.08:
            actions.append(A(player, DOUBLE, cube * 2))
            if rng.random() < 0.3:
                actions += [A(1 - player, DROP, None), A(player, WIN, cube)]
                return MatGame(*score, actions)
            actions.append(A(1 - player, TAKE, None))
            cube, owner = cube * 2, 1 - player
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if not (first and dice[0] == dice[1]):
                break
        first = False
        play = rng.choice(legal_plays(position, dice))
        actions.append(A(player, ROLL, (dice, play_to_mat(play))))
        position = play.result
        if not any(position.opponent):
            actions.append(A(player, WIN, cube))
            return MatGame(*score, actions)
        player = 1 - player
    if rng.random() < 0.7:
        actions.append(A(rng.randint(0, 1), WIN, cube * rng.randint(1, 3)))
    return MatGame(*score, actions)


@pytest.mark.parametrize("seed", range(25))
def test_random_records_round_trip(seed):
    rng = random.Random(seed)
    games = [_random_game(rng, (rng.randint(0, 6), rng.randint(0, 6))) for _ in range(rng.randint(0, 4))]
    record = MatRecord(rng.choice((0, 7, 11)), ("Player One", "P2"), games,
                       tags=[("Event", "Round trip")] if seed % 2 else [])
    text = write_mat(record, and_the_match=bool(seed % 3 == 0))
    back = read_mat(text)
    assert back.games == games and back.match_length == record.match_length
    if games:
        assert back.players == record.players
    for game in back.games:
        _replay(game)
