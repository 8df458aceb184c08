"""Board geometry in SVG user units: where points, the bar, the trays and the checkers go.

Pure Python, no browser imports. Points are numbered 1..24 in the *bottom* player's numbering
(the bottom player moves 24 -> 1 and bears off to the right; his home board, points 1..6, is the
bottom-right quarter). 25 is the bar and 0 is off (the bear-off tray), for either owner.
Owner 0 is the bottom player (``Position.player``), owner 1 the top player (``Position.opponent``).

Layout, left to right: frame, outer board (points 13..18 above, 12..7 below), bar, home board
(19..24 above, 6..1 below), frame, bear-off tray, frame.
"""

from __future__ import annotations

from dataclasses import dataclass

FRAME = 20  # width of the wooden frame around and between the parts
POINT_W = 60  # width of one point
CHECKER_R = 27  # checker radius (a little under POINT_W / 2)
BAR_W = 60
TRAY_W = 70
QUARTER_W = 6 * POINT_W
BOARD_H = 600  # outer height of the whole board
INNER_TOP = FRAME
INNER_BOTTOM = BOARD_H - FRAME
POINT_H = 220  # height of a point's triangle
LEFT_X = FRAME  # left edge of the outer board
BAR_X = LEFT_X + QUARTER_W  # left edge of the bar
RIGHT_X = BAR_X + BAR_W  # left edge of the home board
PLAY_RIGHT = RIGHT_X + QUARTER_W  # right edge of the playing area
TRAY_X = PLAY_RIGHT + FRAME
WIDTH = TRAY_X + TRAY_W + FRAME
HEIGHT = BOARD_H
MIDDLE_Y = BOARD_H / 2

BAR = 25
OFF = 0
MAX_STACK = 5  # checkers on a point shown without overlapping; more are squeezed together
OFF_SLAB_H = 12  # height of a borne-off checker seen edge-on in the tray


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float


def is_top(point: int) -> bool:
    """True for points 13..24, drawn in the top half with their triangles pointing down."""
    if not 1 <= point <= 24:
        raise ValueError(f"point must be 1..24, got {point}")
    return point >= 13


def point_left(point: int) -> float:
    """x of the left edge of ``point``'s column."""
    if not 1 <= point <= 24:
        raise ValueError(f"point must be 1..24, got {point}")
    if point <= 6:  # home board, bottom: 6 at the bar .. 1 at the right edge
        return RIGHT_X + (6 - point) * POINT_W
    if point <= 12:  # outer board, bottom: 12 at the left edge .. 7 at the bar
        return LEFT_X + (12 - point) * POINT_W
    if point <= 18:  # outer board, top: 13 at the left edge .. 18 at the bar
        return LEFT_X + (point - 13) * POINT_W
    return RIGHT_X + (point - 19) * POINT_W  # home board of the top player: 19 .. 24 at the right


def point_center_x(point: int) -> float:
    return point_left(point) + POINT_W / 2


def point_triangle(point: int) -> tuple[tuple[float, float], ...]:
    """The three corners of ``point``'s triangle: base on the frame, tip toward the middle."""
    x = point_left(point)
    if is_top(point):
        return ((x, INNER_TOP), (x + POINT_W, INNER_TOP), (x + POINT_W / 2, INNER_TOP + POINT_H))
    return ((x, INNER_BOTTOM), (x + POINT_W, INNER_BOTTOM), (x + POINT_W / 2, INNER_BOTTOM - POINT_H))


def point_area(point: int) -> Rect:
    """The clickable column of ``point``: its half of the board, frame to middle."""
    x = point_left(point)
    if is_top(point):
        return Rect(x, INNER_TOP, POINT_W, MIDDLE_Y - INNER_TOP)
    return Rect(x, MIDDLE_Y, POINT_W, INNER_BOTTOM - MIDDLE_Y)


def _step(count: int, room: float) -> float:
    """Distance between the centres of stacked checkers so that ``count`` of them fit in ``room``."""
    full = 2 * CHECKER_R
    if count <= MAX_STACK or count <= 1:
        return full
    return min(full, (room - full) / (count - 1))


def checker_center(point: int, index: int, count: int) -> tuple[float, float]:
    """Centre of the ``index``-th checker (0 = at the frame) of ``count`` stacked on ``point``."""
    if not 0 <= index < max(count, 1):
        raise ValueError(f"index {index} out of range for {count} checkers")
    x = point_center_x(point)
    step = _step(count, MIDDLE_Y - INNER_TOP - 4)
    if is_top(point):
        return x, INNER_TOP + CHECKER_R + index * step
    return x, INNER_BOTTOM - CHECKER_R - index * step


def bar_area() -> Rect:
    return Rect(BAR_X, INNER_TOP, BAR_W, INNER_BOTTOM - INNER_TOP)


def bar_checker_center(owner: int, index: int, count: int) -> tuple[float, float]:
    """Checkers on the bar stack from the middle outward: owner 0 downward, owner 1 upward."""
    x = BAR_X + BAR_W / 2
    step = _step(count, MIDDLE_Y - INNER_TOP - CHECKER_R)
    offset = CHECKER_R + 8 + index * step
    return (x, MIDDLE_Y + offset) if owner == 0 else (x, MIDDLE_Y - offset)


def tray_area(owner: int | None = None) -> Rect:
    """The bear-off tray; with ``owner``, that owner's half (0 = bottom, 1 = top)."""
    if owner is None:
        return Rect(TRAY_X, INNER_TOP, TRAY_W, INNER_BOTTOM - INNER_TOP)
    if owner == 0:
        return Rect(TRAY_X, MIDDLE_Y + 5, TRAY_W, INNER_BOTTOM - MIDDLE_Y - 5)
    return Rect(TRAY_X, INNER_TOP, TRAY_W, MIDDLE_Y - 5 - INNER_TOP)


def off_slab(owner: int, index: int) -> Rect:
    """The ``index``-th borne-off checker of ``owner``, drawn edge-on, stacked from the frame."""
    x = TRAY_X + 8
    w = TRAY_W - 16
    pitch = OFF_SLAB_H + 4
    if owner == 0:
        return Rect(x, INNER_BOTTOM - 4 - (index + 1) * pitch + 4, w, OFF_SLAB_H)
    return Rect(x, INNER_TOP + 4 + index * pitch, w, OFF_SLAB_H)


def label_position(point: int) -> tuple[float, float]:
    """Where ``point``'s number is written, in the frame beside its base."""
    x = point_center_x(point)
    return (x, FRAME * 0.72) if is_top(point) else (x, BOARD_H - FRAME * 0.28)
