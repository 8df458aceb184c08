"""GNU Backgammon move notation: ``24/18 13/8``, ``bar/22*``, ``6/off``, ``8/4(2)``, ``24/18*/13``.

Formatting follows GNU Backgammon's ``FormatMove``: moves are ordered by decreasing start point,
the moves of one checker are joined (an intermediate point is kept only where it hit), identical
moves are counted, and a ``*`` marks a hit: every intermediate point kept, and an end point where
an opposing blot stood unless an earlier part of the play already marked that point (one blot is
hit once: ``24/22*/20 24/22``, ``5/4*/3 5/4(2)``).
"""

from __future__ import annotations

import re

from .games.portes import Position


def format_play(position: Position, moves: tuple[tuple[int, int], ...]) -> str:
    """Notation for ``moves`` (``(from, to)`` in the mover's numbering) played in ``position``."""
    if not moves:
        return ""
    rows = sorted(moves, key=lambda m: (-m[0], -m[1]))
    paths: list[list[int] | None] = [[a, b] for a, b in rows]
    for i in range(len(paths)):
        for j in range(i, len(paths)):
            pi, pj = paths[i], paths[j]
            if pi is None or pj is None or i == j:
                continue
            if pi[-1] == pj[0] and pi[-1] != 0:
                if _opponent_on(position, pi[-1]):
                    pi.append(pj[1])  # hit on the way: keep the intermediate point
                else:
                    pi[-1] = pj[1]
                paths[j] = None
    joined = [p for p in paths if p is not None]
    counted: list[tuple[list[int], int]] = []
    for path in joined:
        for k, (other, n) in enumerate(counted):
            if other == path:
                counted[k] = (other, n + 1)
                break
        else:
            counted.append((path, 1))
    parts = []
    marked: set[int] = set()  # points already marked as hit
    for path, n in counted:
        text = _name(path[0])
        for point in path[1:-1]:  # an intermediate point is kept only where it hit
            text += "/" + _name(point) + "*"
            marked.add(point)
        end = path[-1]
        text += "/" + _name(end)
        if end not in marked and _opponent_on(position, end):
            text += "*"
            marked.add(end)
        if n > 1:
            text += f"({n})"
        parts.append(text)
    return " ".join(parts)


_TOKEN = re.compile(r"^(bar|\d{1,2})((?:/(?:off|\d{1,2})\*?)+)(?:\((\d)\))?$")


def parse_moves(text: str) -> list[tuple[int, int]]:
    """Parse notation such as ``"bar/22* 13/8(2)"`` into single-die ``(from, to)`` hops.

    Joined paths (``24/13``) come back as the one hop written; the caller matches them against
    legal plays. Raises ``ValueError`` on text that is not move notation.
    """
    hops: list[tuple[int, int]] = []
    for token in text.replace("*", "*").split():
        m = _TOKEN.match(token)
        if not m:
            raise ValueError(f"{token!r} is not a move like 13/8, bar/22* or 6/off")
        points = [m.group(1)] + [p.rstrip("*") for p in m.group(2).split("/")[1:]]
        numbers = [25 if p == "bar" else 0 if p == "off" else int(p) for p in points]
        for a, b in zip(numbers, numbers[1:]):
            if not (0 <= b < a <= 25):
                raise ValueError(f"{token!r} does not move toward home")
            hops.extend([(a, b)] * int(m.group(3) or 1))
    return hops


def _opponent_on(position: Position, point: int) -> bool:
    return 1 <= point <= 24 and position.opponent[24 - point] > 0


def _name(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)
