"""The step-by-step Turn that all three games share: only the die the rules pick is offered."""

import pytest

from tavli.games import fevga, plakoto
from tavli.games.portes import Position, Turn

# One checker left, on the 1-point, and 2-1 to play: only one die can be used, so the larger
# (the 2) must bear it off; bearing off with the 1 would leave the 2 unplayed on a finished turn.
CASES = [
    ("portes", Turn, Position.from_points({1: 1}, {20: 2, 13: 5})),
    ("plakoto", plakoto.Turn, plakoto.PlakotoPosition.from_points({1: 1}, {20: 2, 13: 5})),
    ("fevga", fevga.Turn, fevga.FevgaPosition.from_points({1: 1}, {6: 2, 3: 5})),
]


@pytest.mark.parametrize("name,turn_type,position", CASES, ids=[c[0] for c in CASES])
def test_last_checker_is_borne_off_with_the_larger_die(name, turn_type, position):
    turn = turn_type(position, (2, 1))
    assert [(m.start, m.end, m.die) for m in turn.legal_moves()] == [(1, 0, 2)]
    move = turn.apply((1, 0))
    assert move.die == 2
    assert turn.is_complete() and turn.dice_left() == (1,)
    assert turn.play().moves == ((1, 0),)
