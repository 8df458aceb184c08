"""Which checker elements to slide, and from where, after a change of the board. Pure Python.

The DOM layer redraws the whole board after every change, then slides each moved checker from its
old place to its new one ("FLIP": the new element starts offset back to the old position and the
offset animates to zero). :func:`plan_slides` works out, from the board before and after and the
:class:`~web.view.view.Motion` list, which element of the new board (side, point, index) to slide
and by how much.
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import Layout
from .view import BoardView, Motion


@dataclass(frozen=True)
class Slide:
    """Slide the checker ``(side, point, index)`` of the new board from ``(dx, dy)`` away."""

    side: int
    point: int
    index: int
    dx: float
    dy: float


def chains(motions: list[Motion]) -> list[Motion]:
    """Join the steps of one checker (13/10 then 10/9 becomes 13/9), keeping the order."""
    out: list[Motion] = []
    for m in motions:
        for i in range(len(out) - 1, -1, -1):
            prev = out[i]
            if prev.side == m.side and prev.end == m.start and m.start not in (0,):
                out[i] = Motion(m.side, prev.start, m.end)
                break
        else:
            out.append(m)
    return [m for m in out if m.start != m.end]


def plan_slides(before: BoardView, after: BoardView, motions: list[Motion], layout: Layout) -> list[Slide]:
    """The slides that carry the checkers of ``motions`` from ``before`` to ``after``; none when
    the board turned round in between (pass-and-play)."""
    if before.bottom_player != after.bottom_player:
        return []
    moves = chains(motions)
    slides = []
    for i, m in enumerate(moves):
        leaving_before = sum(1 for o in moves[:i] if (o.side, o.start) == (m.side, m.start))
        arriving = [j for j, o in enumerate(moves) if (o.side, o.end) == (m.side, m.end)]
        n_before = before.count_at(m.side, m.start)
        n_after = after.count_at(m.side, m.end)
        src = n_before - 1 - leaving_before
        dst = n_after - len(arriving) + arriving.index(i)
        if src < 0 or dst < 0:
            continue
        ox, oy = layout.spot_center(m.side, m.start, src, n_before, before.on_pin(m.side, m.start))
        nx, ny = layout.spot_center(m.side, m.end, dst, n_after, after.on_pin(m.side, m.end))
        slides.append(Slide(m.side, m.end, dst, ox - nx, oy - ny))
    return slides
