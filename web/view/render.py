"""The board as an SVG string, from a :class:`~web.view.BoardView` (or a position). Pure Python,
no browser imports.

Every checker is one element carrying ``data-owner`` ("0" = bottom side, "1" = top side),
``data-player`` (the match player, 0 light / 1 dark), ``data-point`` in the bottom player's
numbering (1..24, 25 = bar, 0 = off) and ``data-index`` (its place in the stack, 0 at the frame).
Points carry ``data-point`` 1..24, the bar 25 and the bear-off tray 0; only checkers carry
``data-owner``. Dice carry ``data-die`` (their value), ``data-player`` (whose colour) and the dice area ``data-dice``; the cube
``data-cube`` (its value, 64 in the middle).

The game drawn is on the ``<svg>`` (``data-variant``). Plakoto: a pinned checker carries
``data-pinned="1"`` (class ``pinned``) and a red mark; it is drawn first, at the frame, and its
pinner's stack over it, lifted (:data:`web.view.geometry.PIN_LIFT`). Plakoto and Fevga: each side's
starting point has its number on a disc of that side's colour (``.start-mark[data-side]``).
Fevga: arrows show the direction of play, anticlockwise for both (``.direction``).

A board's :attr:`~web.view.view.BoardView.arrows` (the last play, a hint) are drawn over the
checkers, each a ``<g class="arrow arrow-<kind>" data-from data-to data-side>`` (bottom numbering)
that takes no pointer events: a shaft and a head, outlined so that it reads on any point. An
arrow goes from the top checker of its start to the top checker of its end (the first place of an
empty point); to or from the bar, to the owner's checkers there; off the board, to the owner's half
of the tray.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from web.model.i18n import t

from . import geometry as g
from .view import Arrow, ArrowKind, BoardView

CHECKERS = 15

# Colours live in attributes so the SVG looks right even without the page's stylesheet.
FRAME_FILL = "#6b4424"
FRAME_DARK = "#4a2c15"
RAIL_FILL = "#5c3a1e"
FELT_FILL = "#2e5a44"
POINT_FILLS = ("#e8d6a8", "#9c3b2a")  # alternating light and dark points
CHECKER_FILLS = ("#f4efe3", "#2b2220")  # player 0 (light), player 1 (dark)
CHECKER_EDGES = ("#b9ab8e", "#0e0a09")
CHECKER_RIMS = ("#ddd3bd", "#4a3b36")
SLAB_EDGES = ("#8f8166", "#a98a5c")  # borne-off checkers, seen edge-on in the dark tray
LABEL_FILL = "#e9dcb5"
TRAY_FILL = "#3a2414"
PIN_FILL = "#d9472b"  # the mark on a pinned checker (Plakoto)
DIE_FILLS = ("#fbf8f0", "#7a1f1a")  # dice of player 0, of player 1
PIP_FILLS = ("#221a14", "#fbf1e0")
ARROW_FILLS = {  # bright on the felt, the points and the checkers alike; each outlined dark
    ArrowKind.LAST: "#ffd23f",  # amber: the last play
    ArrowKind.HINT: "#4fc3f7",  # sky blue: a hint
    ArrowKind.BEST: "#5ee07a",  # green: the best play
    ArrowKind.MADE: "#ff6b57",  # coral: the play made (when it was not the best)
}
ARROW_EDGE = "rgba(20,12,6,0.75)"
ARROW_W = 9  # the shaft's width (board units); the head is 3 times as wide
ARROW_TIP_BACK = 0.45 * g.CHECKER_R  # the tip's distance from the end's centre
# Pip positions on a die face, in thirds of its side.
_PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


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


def _rect(r: g.Rect, **attrs: object) -> str:
    return f"<rect {_attrs(x=r.x, y=r.y, width=r.w, height=r.h, **attrs)}/>"


def checker_spots(board: BoardView | HasSides) -> list[tuple[int, int, int, int]]:
    """``(owner, point, index, count)`` for every checker, points in the bottom player's numbering.

    ``point`` is 1..24 on the board, 25 on the bar, 0 borne off; ``index`` is the checker's place
    in its stack of ``count``. ``board``: a :class:`BoardView`, or a position whose ``player`` is
    the bottom side (owner 0); the top side's points are placed as its game has them.
    """
    view = board if isinstance(board, BoardView) else BoardView.of_position(board)
    spots: list[tuple[int, int, int, int]] = []
    for owner, side in ((0, view.bottom), (1, view.top)):
        if len(side) != 25:
            raise ValueError(f"a side has 25 counts (24 points and the bar), got {len(side)}")
        for i in range(24):
            n = side[i]
            point = view.board_point(owner, i + 1)
            spots.extend((owner, point, k, n) for k in range(n))
        spots.extend((owner, g.BAR, k, side[24]) for k in range(side[24]))
        off = CHECKERS - sum(side)
        spots.extend((owner, g.OFF, k, off) for k in range(off))
    return spots


def _defs(basic: bool) -> str:
    if basic:
        return ""
    return (
        "<defs>"
        '<linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="#7a4e2a"/><stop offset="0.5" stop-color="{FRAME_FILL}"/>'
        '<stop offset="1" stop-color="#54341a"/></linearGradient>'
        '<radialGradient id="felt" cx="0.5" cy="0.5" r="0.75">'
        '<stop offset="0" stop-color="#356a50"/><stop offset="1" stop-color="#244a37"/></radialGradient>'
        '<radialGradient id="ck0" cx="0.38" cy="0.32" r="0.75">'
        '<stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#efe8d8"/>'
        '<stop offset="1" stop-color="#cfc3a8"/></radialGradient>'
        '<radialGradient id="ck1" cx="0.38" cy="0.32" r="0.75">'
        '<stop offset="0" stop-color="#5a4640"/><stop offset="0.6" stop-color="#2b2220"/>'
        '<stop offset="1" stop-color="#140e0c"/></radialGradient>'
        "</defs>"
    )


def _background(layout: g.Layout, basic: bool, starts: dict[int, tuple[int, int]] | None = None) -> list[str]:
    """The frame, rail, felt, bar, tray and points; ``starts``: point -> (side, player) of the
    starting points to mark."""
    starts = starts or {}
    wood = FRAME_FILL if basic else "url(#wood)"
    felt = FELT_FILL if basic else "url(#felt)"
    out = [
        f'<rect class="frame" {_attrs(x=0, y=0, width=layout.width, height=layout.height, rx=12, fill=wood)}/>',
        _rect(layout.rail(), **{"class": "rail", "fill": RAIL_FILL, "rx": 10}),
    ]
    for r in layout.felt():
        out.append(_rect(r, **{"class": "felt", "fill": felt}))
    bar = layout.bar_area()
    out.append(f'<rect class="bar" data-point="{g.BAR}" '
               f'{_attrs(x=bar.x, y=bar.y, width=bar.w, height=bar.h, fill=wood)}/>')
    if not basic:
        if bar.h >= bar.w:
            seam = _attrs(x1=bar.x + bar.w / 2, y1=bar.y, x2=bar.x + bar.w / 2, y2=bar.y + bar.h)
        else:
            seam = _attrs(x1=bar.x, y1=bar.y + bar.h / 2, x2=bar.x + bar.w, y2=bar.y + bar.h / 2)
        out.append(f'<line class="bar-seam" {seam} stroke="{FRAME_DARK}" stroke-width="2"/>')
    tray = layout.tray_area()
    out.append(f'<g class="tray" data-point="{g.OFF}">'
               f'{_rect(tray, fill=TRAY_FILL, rx=4)}'
               f'{_rect(tray, **{"class": "hl", "fill": "none", "rx": 4})}'
               "</g>")
    for point in range(1, 25):
        area = layout.point_area(point)
        corners = " ".join(f"{_num(x)},{_num(y)}" for x, y in layout.point_triangle(point))
        fill = POINT_FILLS[point % 2]
        lx, ly = layout.label_position(point)
        size = 11 if layout.portrait else 13
        label_fill = LABEL_FILL
        mark = ""
        if point in starts:
            side, player = starts[point]
            label_fill = CHECKER_FILLS[1 - player]
            mark = (f'<circle class="start-mark" data-side="{side}" data-player="{player}" '
                    f'{_attrs(cx=lx, cy=ly - size * 0.35, r=size * 0.85, fill=CHECKER_FILLS[player], stroke=CHECKER_EDGES[player], stroke_width=1.5)}/>')
        out.append(
            f'<g class="point" data-point="{point}">'
            f'{_rect(area, **{"class": "point-area", "fill": "transparent"})}'
            f'<polygon class="tri" {_attrs(points=corners, fill=fill)}/>'
            f'<polygon class="hl" {_attrs(points=corners, fill="none")}/>'
            f"</g>{mark}"
            f'<text class="point-label" {_attrs(x=lx, y=ly, fill=label_fill, font_size=size, text_anchor="middle")}>{point}</text>'
        )
    return out


def _direction(layout: g.Layout) -> str:
    """Fevga's direction of play: both sides anticlockwise on the home-right landscape board;
    a layout that mirrors it (home left, or portrait with home right) shows it clockwise."""
    arrows = "".join(
        f'<polygon {_attrs(points=" ".join(f"{_num(x)},{_num(y)}" for x, y in arrow))}/>'
        for arrow in layout.direction_arrows())
    return (f'<g class="direction" data-direction="{"clockwise" if layout.home_left != layout.portrait else "anticlockwise"}" '
            f'fill="rgba(244,239,227,0.6)" stroke="{FRAME_DARK}" stroke-width="1">{arrows}</g>')


def _checker(layout: g.Layout, owner: int, player: int, point: int, index: int, count: int, basic: bool,
             on_pin: bool = False, pinned: bool = False) -> str:
    common = f'data-owner="{owner}" data-player="{player}" data-point="{point}" data-index="{index}"'
    edge = CHECKER_EDGES[player]
    if point == g.OFF:
        r = layout.off_slab(owner, index)
        return (f'<rect class="checker off owner-{owner} player-{player}" {common} '
                f'{_attrs(x=r.x, y=r.y, width=r.w, height=r.h, rx=3, fill=CHECKER_FILLS[player], stroke=SLAB_EDGES[player], stroke_width=1.5)}/>')
    cx, cy = layout.spot_center(owner, point, index, count, on_pin)
    fill = CHECKER_FILLS[player] if basic else f"url(#ck{player})"
    inner = "" if basic else (
        f'<circle {_attrs(cx=cx, cy=cy, r=g.CHECKER_R - 7, fill="none", stroke=CHECKER_RIMS[player], stroke_width=1.5)}/>')
    shadow = "" if basic else f'<circle {_attrs(cx=cx + 1.5, cy=cy + 2.5, r=g.CHECKER_R, fill="rgba(0,0,0,0.28)")}/>'
    cls, mark = f"checker owner-{owner} player-{player}", ""
    if pinned:
        cls += " pinned"
        common += ' data-pinned="1"'
        mx, my = layout.pin_mark_center(point)
        mark = f'<circle class="pin-mark" {_attrs(cx=mx, cy=my, r=g.PIN_MARK_R, fill=PIN_FILL, stroke="#ffffff", stroke_width=2)}/>'
    return (f'<g class="{cls}" {common}>{shadow}'
            f'<circle {_attrs(cx=cx, cy=cy, r=g.CHECKER_R, fill=fill, stroke=edge, stroke_width=1.5)}/>{inner}{mark}</g>')


def _count_label(layout: g.Layout, owner: int, player: int, point: int, count: int, on_pin: bool = False) -> str:
    """The number written on the outermost checker of a stack taller than five."""
    cx, cy = layout.spot_center(owner, point, count - 1, count, on_pin)
    colour = CHECKER_FILLS[1 - player]
    return (f'<text class="stack-count" data-stack="{point}" data-stack-owner="{owner}" '
            f'{_attrs(x=cx, y=cy + 6, fill=colour, font_size=18, font_weight="bold", text_anchor="middle")}>'
            f"{count}</text>")


def _die(r: g.Rect, value: int, player: int, used: bool, extra: str = "") -> str:
    fill, pip = DIE_FILLS[player], PIP_FILLS[player]
    cls = "die used" if used else "die"
    out = [f'<g class="{cls}" data-die="{value}" data-player="{player}"{extra}>',
           _rect(r, rx=8, fill=fill, stroke="#00000055", stroke_width=1.5)]
    step = r.w / 4
    for col, row in _PIPS[value]:
        out.append(f'<circle {_attrs(cx=r.x + step * (col + 1), cy=r.y + step * (row + 1), r=r.w * 0.09, fill=pip)}/>')
    out.append("</g>")
    return "".join(out)


def _dice(layout: g.Layout, view: BoardView) -> list[str]:
    out: list[str] = []
    players = (view.bottom_player, 1 - view.bottom_player)
    for side in (0, 1):
        area = layout.dice_area(side)
        active = view.dice_side == side or view.roll_hint == side or view.opening is not None
        out.append(f'<rect class="dice-area{" active" if active else ""}" data-dice="{side}" '
                   f'{_attrs(x=area.x, y=area.y, width=area.w, height=area.h, rx=10, fill="transparent")}/>')
    if view.opening is not None:
        for side in (0, 1):
            r = layout.dice_slots(side, 1)[0]
            die = view.opening[side]
            out.append(_die(r, die.value, players[side], die.used, f' data-opening="{side}"'))
    elif view.dice and view.dice_side is not None:
        slots = layout.dice_slots(view.dice_side, len(view.dice))
        player = players[view.dice_side]
        if view.finish_hint:  # click-dice-to-finish: the played dice invite the click
            first, last = slots[0], slots[-1]
            frame = g.Rect(first.x - 8, first.y - 8, last.x + last.w - first.x + 16, first.h + 16)
            out.append(_rect(frame, **{"class": "finish-hint", "rx": 12, "fill": "none",
                                       "stroke": "#ffd54a", "stroke_width": 3}))
        for r, d in zip(slots, view.dice):
            out.append(_die(r, d.value, player, d.used))
    if view.roll_hint is not None:
        area = layout.dice_area(view.roll_hint)
        # Over the opening throw's die (Plakoto, Fevga: its winner rolls afresh) the frame alone.
        text = "" if view.opening is not None else (
            f'<text {_attrs(x=area.x + area.w / 2, y=area.y + area.h / 2 + 7, fill="#f4efe3", font_size=20, text_anchor="middle")}>{t("tap_to_roll")}</text>')
        out.append(f'<g class="roll-hint" data-dice="{view.roll_hint}">'
                   f'{_rect(area, rx=10, fill="rgba(255,255,255,0.10)", stroke="rgba(255,255,255,0.45)", stroke_dasharray="6 5")}'
                   f'{text}</g>')
    return out


def _cube(layout: g.Layout, view: BoardView) -> str:
    if not view.cube_shown:
        return ""
    r = layout.cube_rect(view.cube_owner)
    shown = 64 if view.cube_owner is None else view.cube
    return (f'<g class="cube" data-cube="{shown}">'
            f'{_rect(r, rx=6, fill="#f7f1e1", stroke="#2b1d10", stroke_width=2)}'
            f'<text {_attrs(x=r.x + r.w / 2, y=r.y + r.h / 2 + 8, fill="#2b1d10", font_size=22, font_weight="bold", text_anchor="middle")}>{shown}</text>'
            "</g>")


def arrow_end(layout: g.Layout, view: BoardView, side: int, point: int) -> tuple[float, float]:
    """Where an arrow of ``side`` starts or ends on ``point`` (bottom numbering): the top checker
    of his stack there, or the first place of an empty point; the middle of his tray half when
    ``point`` is off (0)."""
    if point == g.OFF:
        r = layout.tray_area(side)
        return (r.x + r.w / 2, r.y + r.h / 2)
    count = view.count_at(side, point)
    return layout.spot_center(side, point, max(count - 1, 0), max(count, 1), view.on_pin(side, point))


def _arrow(layout: g.Layout, view: BoardView, arrow: Arrow) -> str:
    """One arrow: a dark outline under a coloured shaft, and a head whose tip stops a little short
    of the end's centre (a stack's count stays readable)."""
    x1, y1 = arrow_end(layout, view, arrow.side, arrow.start)
    x2, y2 = arrow_end(layout, view, arrow.side, arrow.end)
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    if length > 4 * ARROW_TIP_BACK:
        x2, y2, length = x2 - ux * ARROW_TIP_BACK, y2 - uy * ARROW_TIP_BACK, length - ARROW_TIP_BACK
    head = min(3.2 * ARROW_W, length * 0.6)
    bx, by = x2 - ux * head, y2 - uy * head  # the head's base
    nx, ny = -uy * 1.5 * ARROW_W, ux * 1.5 * ARROW_W
    corners = " ".join(f"{_num(round(x, 1))},{_num(round(y, 1))}" for x, y in ((x2, y2), (bx + nx, by + ny), (bx - nx, by - ny)))
    shaft = _attrs(x1=round(x1, 1), y1=round(y1, 1), x2=round(bx + ux * 2, 1), y2=round(by + uy * 2, 1))
    fill = ARROW_FILLS[arrow.kind]
    return (f'<g class="arrow arrow-{arrow.kind.value}" data-from="{arrow.start}" data-to="{arrow.end}" '
            f'data-side="{arrow.side}" pointer-events="none">'
            f'<line {shaft} stroke="{ARROW_EDGE}" stroke-width="{ARROW_W + 4}" stroke-linecap="round"/>'
            f'<polygon points="{corners}" fill="{ARROW_EDGE}" stroke="{ARROW_EDGE}" stroke-width="4" stroke-linejoin="round"/>'
            f'<line {shaft} stroke="{fill}" stroke-width="{ARROW_W}" stroke-linecap="round"/>'
            f'<polygon points="{corners}" fill="{fill}"/>'
            "</g>")


def render_board(board: BoardView | HasSides, layout: g.Layout | None = None) -> str:
    """The whole board as one ``<svg>`` element (a string): a :class:`BoardView`, or a position
    (its player on roll at the bottom; a Plakoto or Fevga position is drawn as that game)."""
    view = board if isinstance(board, BoardView) else BoardView.of_position(board)
    layout = layout if layout is not None else g.Layout()
    basic = view.basic
    orient = " portrait" if layout.portrait else ""
    players = (view.bottom_player, 1 - view.bottom_player)
    starts = {} if view.variant == "portes" else {view.start_point(s): (s, players[s]) for s in (0, 1)}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" id="board-svg" class="board{" basic" if basic else ""}{orient}" role="img" '
        f'data-variant="{view.variant}" '
        f'aria-label="{t("board_label")}" viewBox="0 0 {_num(layout.width)} {_num(layout.height)}" preserveAspectRatio="xMidYMid meet">',
        _defs(basic),
        '<g class="background">',
        *_background(layout, basic, starts),
        _direction(layout) if view.variant == "fevga" else "",
        "</g>",
        '<g class="dice-layer">',
        *_dice(layout, view),
        _cube(layout, view),
        "</g>",
        '<g class="checkers">',
    ]
    labels = []
    # Pinned checkers first: their pinners' stacks are drawn over them.
    spots = sorted(checker_spots(view), key=lambda s: not view.is_pinned(s[0], s[1]))
    for owner, point, index, count in spots:
        on_pin = view.on_pin(owner, point)
        parts.append(_checker(layout, owner, players[owner], point, index, count, basic, on_pin,
                              view.is_pinned(owner, point)))
        if point != g.OFF and index == count - 1 and count > g.MAX_STACK:
            labels.append(_count_label(layout, owner, players[owner], point, count, on_pin))
    parts.append("</g>")
    if labels:
        parts += ['<g class="labels">', *labels, "</g>"]
    if view.arrows:
        parts += ['<g class="arrows" pointer-events="none">', *(_arrow(layout, view, a) for a in view.arrows), "</g>"]
    parts.append("</svg>")
    return "\n".join(parts)
