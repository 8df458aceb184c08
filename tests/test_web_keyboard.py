"""The keyboard's cursor over the board (issue 15): arrow keys walk the board as it is drawn, and
the place under the cursor in words. No browser."""

from __future__ import annotations

import pytest

from web.model import i18n
from web.view import geometry as g
from web.view.cursor import CELLS, Cell, Direction, cell_of, place_text, step
from web.view.view import BoardView

L, R, U, D = Direction.LEFT, Direction.RIGHT, Direction.UP, Direction.DOWN


def walk(place: int, keys: list[Direction], layout: g.Layout) -> list[int]:
    cell = cell_of(place)
    out = []
    for key in keys:
        cell = step(cell, key, layout)
        out.append(cell.place)
    return out


def test_every_place_has_a_cell_and_the_bar_and_tray_one_in_each_row():
    places = sorted(c.place for c in CELLS)
    assert places == sorted([*range(1, 25), g.BAR, g.BAR, g.OFF, g.OFF])
    assert cell_of(g.BAR) == Cell(1, 6) and cell_of(g.BAR, Cell(0, 3)) == Cell(0, 6)


def test_landscape_home_right_left_and_right_along_a_row_up_and_down_between_rows():
    layout = g.Layout()
    assert walk(6, [R] * 7, layout) == [5, 4, 3, 2, 1, 0, 0]  # the tray, then the edge: it stays
    assert walk(7, [R, R, L, L, L], layout) == [25, 6, 25, 7, 8]  # over the bar
    assert walk(5, [U, U, D, D], layout) == [20, 20, 5, 5]
    assert walk(0, [U, L], layout) == [0, 24]  # the tray's top cell, then the top row
    assert walk(12, [L], layout) == [12]


def test_home_left_is_walked_as_seen_mirrored():
    layout = g.Layout(home_left=True)
    assert walk(6, [L, L, R], layout) == [5, 4, 5]  # home on the left: 1 is toward the left edge
    assert walk(7, [L, L], layout) == [25, 6]
    assert walk(5, [U], layout) == [20]


@pytest.mark.parametrize("home_left", [False, True])
def test_portrait_boards_are_walked_as_drawn(home_left):
    layout = g.Layout(home_left=home_left, portrait=True)
    # On a portrait board the tray runs along the bottom and the rows are columns: each key goes
    # to the neighbour drawn that way, and back again with the opposite key.
    for cell in CELLS:
        for there, back in ((L, R), (R, L), (U, D), (D, U)):
            moved = step(cell, there, layout)
            if moved != cell:
                assert step(moved, back, layout) == cell
    assert walk(1, [D], layout) == [0]  # the tray runs along the bottom, below the home board
    assert walk(1, [U, U, U, U, U, U, U], layout) == [2, 3, 4, 5, 6, 25, 7]  # up the column, over the bar


def test_the_place_under_the_cursor_in_words_in_each_language():
    view = BoardView(bottom=(0, 0, 0, 0, 0, 5) + (0,) * 19, top=(0, 0, 0, 0, 0, 2) + (0,) * 19)
    names = ("You", "Computer")
    i18n.set_language("en")
    assert place_text(view, 6, names) == "Point 6: You, 5 checkers"
    assert place_text(view, 19, names) == "Point 19: Computer, 2 checkers"
    assert place_text(view, 8, names) == "Point 8: empty"
    assert place_text(view, g.OFF, names) == "Borne off: You, 10 checkers; Computer, 13 checkers"
    try:
        i18n.install("el")
        assert place_text(view, 8, names) == "Θέση 8: άδεια"
        i18n.install("bg")
        assert place_text(view, 6, ("Вие", "Компютър")) == "Позиция 6: Вие, 5 пула"
    finally:
        i18n.install("en")
