"""Board geometry in SVG user units: where points, the bar, the trays and the checkers go.

Pure Python, no browser imports. Points are numbered 1..24 in the *bottom* player's numbering
(the bottom player moves 24 -> 1 and bears off to the right; his home board, points 1..6, is the
bottom-right quarter). 25 is the bar and 0 is off (the bear-off tray), for either owner.
Owner 0 is the bottom player (``Position.player``), owner 1 the top player (``Position.opponent``).

Layout, left to right: the cube rail, frame, outer board (points 13..18 above, 12..7 below), bar,
home board (19..24 above, 6..1 below), frame, bear-off tray, frame. The module-level functions give
this layout (home on the right); :class:`Layout` mirrors it left-right for a home on the left.

Plakoto and Fevga use the same places. A stack standing on a pinned checker (Plakoto) starts
:data:`PIN_LIFT` checker widths up from the frame, the pinned checker under it at the frame, its
lower part in view with a mark (:func:`pin_mark_center`). Fevga's direction of play is drawn as
arrows (:func:`direction_arrows`): both sides move anticlockwise on the home-right board (along the
top to the left, down the far side, along the bottom to the right).
"""

from __future__ import annotations

from dataclasses import dataclass

FRAME = 20  # width of the wooden frame around and between the parts
RAIL_W = 60  # the rail on the far side from the tray, where the doubling cube sits
POINT_W = 60  # width of one point
CHECKER_R = 27  # checker radius (a little under POINT_W / 2)
BAR_W = 60
TRAY_W = 70
QUARTER_W = 6 * POINT_W
BOARD_H = 600  # outer height of the whole board
INNER_TOP = FRAME
INNER_BOTTOM = BOARD_H - FRAME
POINT_H = 220  # height of a point's triangle
LEFT_X = RAIL_W + FRAME  # left edge of the outer board
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
PIN_LIFT = 0.6  # a stack on a pinned checker starts this many checker widths from the frame
PIN_MARK_R = 7  # radius of the mark on a pinned checker
TOUCH_LIFT = 2 * CHECKER_R  # a checker dragged by a finger is drawn this far above it (one checker)


def drag_offset(dx: float, dy: float, touch: bool) -> tuple[float, float]:
    """Where a dragged checker is drawn, from where it was picked up, for a pointer moved by
    ``(dx, dy)`` board units: with it, or for a finger (``touch``) :data:`TOUCH_LIFT` above it,
    so that the finger hides neither the checker nor the point it is carried to. The checker's
    place decides the point it is dropped on."""
    return (dx, dy - TOUCH_LIFT) if touch else (dx, dy)


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in board units (x, y: top-left corner)."""

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


def checker_center(point: int, index: int, count: int, lift: float = 0.0) -> tuple[float, float]:
    """Centre of the ``index``-th checker (0 = at the frame) of ``count`` stacked on ``point``;
    ``lift``: the stack starts that many checker widths from the frame (on a pinned checker)."""
    if not 0 <= index < max(count, 1):
        raise ValueError(f"index {index} out of range for {count} checkers")
    x = point_center_x(point)
    base = lift * 2 * CHECKER_R
    room = MIDDLE_Y - INNER_TOP - 4 - base
    # A lifted stack is squeezed as soon as it would pass the middle.
    step = min(2 * CHECKER_R, (room - 2 * CHECKER_R) / max(count - 1, 1)) if base else _step(count, room)
    offset = CHECKER_R + base + index * step
    if is_top(point):
        return x, INNER_TOP + offset
    return x, INNER_BOTTOM - offset


def pin_mark_center(point: int) -> tuple[float, float]:
    """The mark on the pinned checker of ``point``: on its part in view, between the pinner's
    stack and the frame."""
    x, y = checker_center(point, 0, 1)
    shift = 0.42 * CHECKER_R
    return (x, y - shift) if is_top(point) else (x, y + shift)


def _arrow(x1: float, y1: float, x2: float, y2: float, width: float = 8.0) -> tuple[tuple[float, float], ...]:
    """An arrow from ``(x1, y1)`` to ``(x2, y2)`` (horizontal or vertical) as a polygon: shaft
    ``width`` wide, head twice as wide."""
    dx, dy = x2 - x1, y2 - y1
    length = abs(dx) + abs(dy)
    ux, uy = dx / length, dy / length  # along
    nx, ny = -uy, ux  # across
    head = min(length / 2, 2.2 * width)
    bx, by = x2 - ux * head, y2 - uy * head
    w, h = width / 2, width
    return ((x1 + nx * w, y1 + ny * w), (bx + nx * w, by + ny * w), (bx + nx * h, by + ny * h), (x2, y2),
            (bx - nx * h, by - ny * h), (bx - nx * w, by - ny * w), (x1 - nx * w, y1 - ny * w))


def direction_arrows() -> list[tuple[tuple[float, float], ...]]:
    """Fevga's direction of play, anticlockwise (home-right board): on the bar, the top half's
    arrow points left and the bottom half's right; on the rail (the far side), one points down."""
    mid = BAR_X + BAR_W / 2
    return [
        _arrow(mid + 22, MIDDLE_Y - 48, mid - 22, MIDDLE_Y - 48),
        _arrow(mid - 22, MIDDLE_Y + 48, mid + 22, MIDDLE_Y + 48),
        _arrow(RAIL_W / 2, MIDDLE_Y - 70, RAIL_W / 2, MIDDLE_Y + 70),
    ]


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


# --- dice and cube --------------------------------------------------------------------------

DIE = 44  # side of a die
DIE_GAP = 10
CUBE = 44  # side of the doubling cube


def dice_area(side: int) -> Rect:
    """The strip in the middle of a half where ``side``'s dice lie (0 = bottom player: his home
    half; 1 = top player: the other half). A click there rolls or finishes the turn."""
    x = RIGHT_X if side == 0 else LEFT_X
    w = 4 * DIE + 3 * DIE_GAP + 24  # room for four dice (doubles)
    return Rect(x + (QUARTER_W - w) / 2, MIDDLE_Y - DIE / 2 - 12, w, DIE + 24)


def dice_slots(side: int, count: int) -> list[Rect]:
    """Where ``count`` dice (1..4) of ``side`` lie, left to right, centred in its dice area."""
    area = dice_area(side)
    total = count * DIE + (count - 1) * DIE_GAP
    x0 = area.x + (area.w - total) / 2
    return [Rect(x0 + i * (DIE + DIE_GAP), MIDDLE_Y - DIE / 2, DIE, DIE) for i in range(count)]


def opening_die(side: int) -> Rect:
    """The single die each player throws for the opening roll, in that player's dice area."""
    return dice_slots(side, 1)[0]


def cube_rect(owner: int | None) -> Rect:
    """The doubling cube on the rail: centred when nobody owns it, else at its owner's end
    (0 = bottom, 1 = top)."""
    x = (RAIL_W - CUBE) / 2 + 2
    if owner is None:
        y = MIDDLE_Y - CUBE / 2
    elif owner == 0:
        y = INNER_BOTTOM - CUBE - 6
    else:
        y = INNER_TOP + 6
    return Rect(x, y, CUBE, CUBE)


# --- hit testing ------------------------------------------------------------------------------


def point_at(x: float, y: float) -> int | None:
    """The place under ``(x, y)`` (home-right layout): 1..24, 25 for the bar, 0 for the tray,
    None elsewhere (the rail, the frame outside the tray)."""
    if not (INNER_TOP - FRAME <= y <= INNER_BOTTOM + FRAME):
        return None
    if BAR_X <= x < BAR_X + BAR_W:
        return BAR
    if TRAY_X - FRAME / 2 <= x <= TRAY_X + TRAY_W + FRAME:
        return OFF
    top = y < MIDDLE_Y
    for base, first in ((LEFT_X, 13 if top else 12), (RIGHT_X, 19 if top else 6)):
        if base <= x < base + QUARTER_W:
            column = int((x - base) // POINT_W)
            return first + column if top else first - column
    return None


# --- the layout: home on the right or the left ------------------------------------------------


class Layout:
    """Board coordinates for the bottom player's home on the right (default) or the left, on a
    landscape board or a portrait one.

    Every position of the module-level (home-right, landscape) layout is mapped: home-left mirrors
    it left to right; portrait turns the board a quarter so that the tray runs along the bottom
    and your home is in the bottom corner on your side (right: the home-left board turned
    counter-clockwise; left: the home-right board turned clockwise). Text and dice faces are
    placed at mapped positions, never turned or mirrored themselves.
    """

    def __init__(self, home_left: bool = False, portrait: bool = False) -> None:
        self.home_left = home_left
        self.portrait = portrait
        self._mirror = home_left != portrait
        self.width, self.height = (HEIGHT, WIDTH) if portrait else (WIDTH, HEIGHT)

    # --- the map and its inverse ------------------------------------------------------------

    def xy(self, p: tuple[float, float]) -> tuple[float, float]:
        x, y = p
        if self._mirror:
            x = WIDTH - x
        if not self.portrait:
            return (x, y)
        if self.home_left:
            return (HEIGHT - y, x)  # clockwise
        return (y, WIDTH - x)  # counter-clockwise

    def inverse(self, p: tuple[float, float]) -> tuple[float, float]:
        x, y = p
        if self.portrait:
            x, y = (y, HEIGHT - x) if self.home_left else (WIDTH - y, x)
        if self._mirror:
            x = WIDTH - x
        return (x, y)

    def rect(self, r: Rect) -> Rect:
        (x1, y1), (x2, y2) = self.xy((r.x, r.y)), self.xy((r.x + r.w, r.y + r.h))
        return Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))

    def _centred(self, r: Rect) -> Rect:
        """``r`` moved to where its centre maps, keeping its landscape width and height (for
        dice rows, which stay horizontal on a portrait board)."""
        cx, cy = self.xy((r.x + r.w / 2, r.y + r.h / 2))
        return Rect(cx - r.w / 2, cy - r.h / 2, r.w, r.h)

    def client_to_board(self, left: float, top: float, width: float, height: float,
                        cx: float, cy: float) -> tuple[float, float]:
        """Board coordinates (of this layout's view box) of the client point ``(cx, cy)``."""
        scale = min(width / self.width, height / self.height) or 1.0
        ox = left + (width - self.width * scale) / 2
        oy = top + (height - self.height * scale) / 2
        return (cx - ox) / scale, (cy - oy) / scale

    def scale(self, width: float, height: float) -> float:
        """Client pixels per board unit for an SVG box of ``width`` x ``height``."""
        return min(width / self.width, height / self.height) or 1.0

    # --- the parts ---------------------------------------------------------------------------

    def point_triangle(self, point: int) -> tuple[tuple[float, float], ...]:
        return tuple(self.xy(c) for c in point_triangle(point))

    def point_area(self, point: int) -> Rect:
        return self.rect(point_area(point))

    def checker_center(self, point: int, index: int, count: int, lift: float = 0.0) -> tuple[float, float]:
        return self.xy(checker_center(point, index, count, lift))

    def pin_mark_center(self, point: int) -> tuple[float, float]:
        return self.xy(pin_mark_center(point))

    def direction_arrows(self) -> list[tuple[tuple[float, float], ...]]:
        return [tuple(self.xy(c) for c in arrow) for arrow in direction_arrows()]

    def bar_checker_center(self, owner: int, index: int, count: int) -> tuple[float, float]:
        return self.xy(bar_checker_center(owner, index, count))

    def bar_area(self) -> Rect:
        return self.rect(bar_area())

    def tray_area(self, owner: int | None = None) -> Rect:
        return self.rect(tray_area(owner))

    def off_slab(self, owner: int, index: int) -> Rect:
        return self.rect(off_slab(owner, index))

    def label_position(self, point: int) -> tuple[float, float]:
        if not self.portrait:
            return self.xy(label_position(point))
        # On a portrait board the labels sit in the narrow side frames: centre them there.
        edge = FRAME / 2 if is_top(point) else BOARD_H - FRAME / 2
        x, y = self.xy((point_center_x(point), edge))
        return (x, y + 4)

    def dice_area(self, side: int) -> Rect:
        r = dice_area(side)
        return self._centred(r) if self.portrait else self.rect(r)

    def dice_slots(self, side: int, count: int) -> list[Rect]:
        if self.portrait:
            centre = self._centred(dice_area(side))
            total = count * DIE + (count - 1) * DIE_GAP
            x0 = centre.x + (centre.w - total) / 2
            y0 = centre.y + (centre.h - DIE) / 2
            return [Rect(x0 + i * (DIE + DIE_GAP), y0, DIE, DIE) for i in range(count)]
        return sorted((self.rect(r) for r in dice_slots(side, count)), key=lambda r: r.x)

    def cube_rect(self, owner: int | None) -> Rect:
        return self.rect(cube_rect(owner))

    def rail(self) -> Rect:
        return self.rect(Rect(0, 0, RAIL_W, HEIGHT))

    def felt(self) -> tuple[Rect, Rect]:
        return (self.rect(Rect(LEFT_X, INNER_TOP, QUARTER_W, INNER_BOTTOM - INNER_TOP)),
                self.rect(Rect(RIGHT_X, INNER_TOP, QUARTER_W, INNER_BOTTOM - INNER_TOP)))

    def point_at(self, x: float, y: float) -> int | None:
        return point_at(*self.inverse((x, y)))

    def spot_center(self, owner: int, point: int, index: int, count: int, on_pin: bool = False) -> tuple[float, float]:
        """Centre of a checker wherever it is: on a point (``on_pin``: its stack stands on a
        pinned checker), the bar, or (a slab) in the tray."""
        if point == BAR:
            return self.bar_checker_center(owner, index, count)
        if point == OFF:
            r = self.off_slab(owner, index)
            return (r.x + r.w / 2, r.y + r.h / 2)
        return self.checker_center(point, index, count, PIN_LIFT if on_pin else 0.0)


def client_to_board(left: float, top: float, width: float, height: float, cx: float, cy: float) -> tuple[float, float]:
    """Board coordinates of the client point ``(cx, cy)`` on an SVG drawn in the box
    ``(left, top, width, height)`` with ``preserveAspectRatio="xMidYMid meet"``."""
    scale = min(width / WIDTH, height / HEIGHT) or 1.0
    ox = left + (width - WIDTH * scale) / 2
    oy = top + (height - HEIGHT * scale) / 2
    return (cx - ox) / scale, (cy - oy) / scale
