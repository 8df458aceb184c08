"""The keyboard's cursor over the board: the places it stands on and where an arrow key takes it,
in the board as it is drawn (home on the right or the left, landscape or portrait). Pure Python.

The board is a grid of two rows of fourteen cells in the landscape home-right drawing: the top
row 13..18, the bar, 19..24, the tray; the bottom row 12..7, the bar, 6..1, the tray (the bottom
player's numbering, as the labels on the board). The bar (25) and the tray (0) have a cell in
each row, so that Up and Down on them keep the column. An arrow key goes to the nearest cell
whose centre, as drawn by the :class:`~web.view.geometry.Layout`, lies that way (within 45° of
it); none there: the cursor stays. A turned or mirrored board is thus walked as it is seen.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from web.model.i18n import t

from . import geometry as g
from .view import BoardView


class Direction(enum.Enum):
    """An arrow key: its direction on the screen (x, y; y grows downward)."""

    LEFT = (-1, 0)
    RIGHT = (1, 0)
    UP = (0, -1)
    DOWN = (0, 1)


ARROW_KEYS = {"ArrowLeft": Direction.LEFT, "ArrowRight": Direction.RIGHT, "ArrowUp": Direction.UP, "ArrowDown": Direction.DOWN}

_ROWS = (
    (*range(13, 19), g.BAR, *range(19, 25), g.OFF),
    (*range(12, 6, -1), g.BAR, *range(6, 0, -1), g.OFF),
)


@dataclass(frozen=True)
class Cell:
    """A cell of the grid: ``row`` 0 (top in the landscape home-right drawing) or 1, ``column``
    0..13."""

    row: int
    column: int

    @property
    def place(self) -> int:
        """The place under the cell: a point 1..24, the bar 25 or the tray 0."""
        return _ROWS[self.row][self.column]


CELLS = tuple(Cell(r, c) for r in (0, 1) for c in range(len(_ROWS[0])))


def cell_of(place: int, near: Cell | None = None) -> Cell:
    """The cell of ``place``; the bar and the tray: in ``near``'s row (else the bottom one)."""
    row = near.row if near is not None else 1
    if place in (g.BAR, g.OFF):
        return Cell(row, _ROWS[row].index(place))
    if not 1 <= place <= 24:
        raise ValueError(f"no cell for place {place}")
    row = 0 if g.is_top(place) else 1
    return Cell(row, _ROWS[row].index(place))


def center(cell: Cell, layout: g.Layout) -> tuple[float, float]:
    """Where ``cell``'s centre is drawn by ``layout``."""
    place = cell.place
    if place == g.BAR:
        r = g.bar_area()
    elif place == g.OFF:
        r = g.tray_area()
    else:
        r = g.point_area(place)
    half = (g.MIDDLE_Y - g.INNER_TOP) / 2
    y = g.INNER_TOP + half if cell.row == 0 else g.MIDDLE_Y + half
    return layout.xy((r.x + r.w / 2, y))


def step(cell: Cell, direction: Direction, layout: g.Layout) -> Cell:
    """The cell an ``arrow`` key takes the cursor to from ``cell`` on the board drawn by
    ``layout``: the nearest one that way (within 45°, the straightest first at equal distance);
    ``cell`` itself at the board's edge."""
    x0, y0 = center(cell, layout)
    ux, uy = direction.value
    best: tuple[float, float, Cell] | None = None
    for other in CELLS:
        x, y = center(other, layout)
        along = (x - x0) * ux + (y - y0) * uy
        across = abs((x - x0) * uy - (y - y0) * ux)
        if along <= 1e-6 or across > along:
            continue
        key = (along + 2 * across, across, other)
        if best is None or key[:2] < best[:2]:
            best = key
    return best[2] if best is not None else cell


def place_name(place: int) -> str:
    """A place in words: "Point 8", "The bar", "Borne off"."""
    if place == g.BAR:
        return t("kb_bar")
    if place == g.OFF:
        return t("kb_tray")
    return t("kb_point", n=place)


def checkers_text(n: int) -> str:
    """``n`` checkers, in words."""
    return t("kb_checkers_1") if n == 1 else t("kb_checkers_n", n=n)


def place_text(view: BoardView, place: int, names: tuple[str, str]) -> str:
    """What the cursor stands on, said when it gets there: the place, then each side's checkers
    on it ("Point 8: You, 3 checkers"), or that it is empty. ``names``: the match players'
    (``view.bottom_player`` sits at the bottom)."""
    parts = []
    for side in (0, 1):
        n = view.count_at(side, place)
        if n:
            player = view.bottom_player if side == 0 else 1 - view.bottom_player
            parts.append(f"{names[player]}, {checkers_text(n)}")
    return f"{place_name(place)}: {'; '.join(parts) if parts else t('kb_empty')}"
