"""GNU Backgammon move notation: ``24/18 13/8``, ``bar/22*``, ``6/off``, ``8/4(2)``, ``24/18*/13``.

Formatting follows GNU Backgammon's ``FormatMove``: moves are ordered by decreasing start point,
the moves of one checker are joined (an intermediate point is kept only where it hit), identical
moves are counted, and a ``*`` marks a hit: every intermediate point kept, and an end point where
an opposing blot stood unless an earlier part of the play already marked that point (one blot is
hit once: ``24/22*/20 24/22``, ``5/4*/3 5/4(2)``).
"""

from __future__ import annotations

import re

from .base import Board, format_moves


def format_play(position: Board, moves: tuple[tuple[int, int], ...]) -> str:
    """Notation for ``moves`` (``(from, to)`` in the mover's numbering) played in ``position``."""
    hit = {p for p in range(1, 25) if position.opponent[24 - p]}  # a blot there is hit
    return format_moves(moves, hit, mark_once=True)


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

