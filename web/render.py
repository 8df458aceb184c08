"""The board as an SVG string, from a position. Pure Python, no browser imports.

Every checker is one element carrying ``data-owner`` ("0" = bottom player, who is
``position.player``; "1" = top player, ``position.opponent``) and ``data-point`` in the bottom
player's numbering (1..24, 25 = bar, 0 = off). Points carry ``data-point`` 1..24, the bar 25 and
the bear-off tray 0. Only checkers carry ``data-owner``.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from . import geometry as g

CHECKERS = 15

# Colours live in attributes so the SVG looks right even without the page's stylesheet.
FRAME_FILL = "#5a3a22"
FELT_FILL = "#2f5d46"
POINT_FILLS = ("#e9dcb5", "#a8432f")  # alternating light and dark points
CHECKER_FILLS = ("#f3eee2", "#2a2623")  # owner 0 (bottom, light), owner 1 (top, dark)
CHECKER_STROKES = ("#8a7d66", "#000000")
LABEL_FILL = "#e9dcb5"


class HasSides(Protocol):
    player: Sequence[int]
    opponent: Sequence[int]


def _num(v: float) -> str:
    """Compact number for an attribute: 12 rather than 12.0."""
    return str(int(v)) if float(v).is_integer() else f"{v:.2f}".rstrip("0").rstrip(".")


def _attrs(**attrs: object) -> str:
    parts = []
    for key, value in attrs.items():
        name = key.rstrip("_").replace("_", "-")
        text = _num(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)
        parts.append(f'{name}="{text}"')
    return " ".join(parts)


def checker_spots(position: HasSides) -> list[tuple[int, int, int, int]]:
    """``(owner, point, index, count)`` for every checker, points in the bottom player's numbering.

    ``point`` is 1..24 on the board, 25 on the bar, 0 borne off; ``index`` is the checker's place
    in its stack of ``count``.
    """
    spots: list[tuple[int, int, int, int]] = []
    for owner, side in ((0, position.player), (1, position.opponent)):
        if len(side) != 25:
            raise ValueError(f"a side has 25 counts (24 points and the bar), got {len(side)}")
        for i in range(24):
            n = side[i]
            own_point = i + 1
            point = own_point if owner == 0 else 25 - own_point
            spots.extend((owner, point, k, n) for k in range(n))
        spots.extend((owner, g.BAR, k, side[24]) for k in range(side[24]))
        off = CHECKERS - sum(side)
        spots.extend((owner, g.OFF, k, off) for k in range(off))
    return spots


def _board_background() -> list[str]:
    out = [
        f'<rect class="frame" {_attrs(x=0, y=0, width=g.WIDTH, height=g.HEIGHT, rx=10, fill=FRAME_FILL)}/>',
        f'<rect class="felt" {_attrs(x=g.LEFT_X, y=g.INNER_TOP, width=g.QUARTER_W, height=g.INNER_BOTTOM - g.INNER_TOP, fill=FELT_FILL)}/>',
        f'<rect class="felt" {_attrs(x=g.RIGHT_X, y=g.INNER_TOP, width=g.QUARTER_W, height=g.INNER_BOTTOM - g.INNER_TOP, fill=FELT_FILL)}/>',
    ]
    bar = g.bar_area()
    out.append(f'<rect class="bar" data-point="{g.BAR}" {_attrs(x=bar.x, y=bar.y, width=bar.w, height=bar.h, fill=FRAME_FILL)}/>')
    tray = g.tray_area()
    out.append(f'<rect class="tray" data-point="{g.OFF}" {_attrs(x=tray.x, y=tray.y, width=tray.w, height=tray.h, fill="#3b2616")}/>')
    for point in range(1, 25):
        area = g.point_area(point)
        corners = " ".join(f"{_num(x)},{_num(y)}" for x, y in g.point_triangle(point))
        fill = POINT_FILLS[point % 2]
        lx, ly = g.label_position(point)
        out.append(
            f'<g class="point" data-point="{point}">'
            f'<rect class="point-area" {_attrs(x=area.x, y=area.y, width=area.w, height=area.h, fill="transparent")}/>'
            f'<polygon {_attrs(points=corners, fill=fill)}/>'
            f'</g>'
            f'<text class="point-label" {_attrs(x=lx, y=ly, fill=LABEL_FILL, font_size=13, text_anchor="middle")}>{point}</text>'
        )
    return out


def _checker(owner: int, point: int, index: int, count: int) -> str:
    common = f'data-owner="{owner}" data-point="{point}" data-index="{index}"'
    fill, stroke = CHECKER_FILLS[owner], CHECKER_STROKES[owner]
    if point == g.OFF:
        r = g.off_slab(owner, index)
        return (f'<rect class="checker off owner-{owner}" {common} '
                f'{_attrs(x=r.x, y=r.y, width=r.w, height=r.h, rx=3, fill=fill, stroke=stroke, stroke_width=1.5)}/>')
    if point == g.BAR:
        cx, cy = g.bar_checker_center(owner, index, count)
    else:
        cx, cy = g.checker_center(point, index, count)
    return (f'<circle class="checker owner-{owner}" {common} '
            f'{_attrs(cx=cx, cy=cy, r=g.CHECKER_R, fill=fill, stroke=stroke, stroke_width=2)}/>')


def _count_label(owner: int, point: int, count: int) -> str:
    """The number written on the outermost checker of a squeezed stack."""
    if point == g.BAR:
        cx, cy = g.bar_checker_center(owner, count - 1, count)
    else:
        cx, cy = g.checker_center(point, count - 1, count)
    colour = CHECKER_FILLS[1 - owner]
    return (f'<text class="stack-count" {_attrs(x=cx, y=cy + 5, fill=colour, font_size=16, font_weight="bold", text_anchor="middle")}>'
            f'{count}</text>')


def render_board(position: HasSides) -> str:
    """The whole board for ``position`` as one ``<svg>`` element (a string)."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" id="board-svg" class="board" role="img" '
        f'aria-label="Backgammon board" viewBox="0 0 {g.WIDTH} {g.HEIGHT}" preserveAspectRatio="xMidYMid meet">',
        '<g class="background">',
        *_board_background(),
        '</g>',
        '<g class="checkers">',
    ]
    labels = []
    for owner, point, index, count in checker_spots(position):
        parts.append(_checker(owner, point, index, count))
        if point != g.OFF and index == count - 1 and count > g.MAX_STACK:
            labels.append(_count_label(owner, point, count))
    parts.append("</g>")
    if labels:
        parts += ['<g class="labels">', *labels, "</g>"]
    parts.append("</svg>")
    return "\n".join(parts)
