"""Move notation inside a Jellyfish ``.mat`` transcript (:mod:`tavli.formats.matfile`): written,
read, and turned into a legal play or GNU Backgammon's notation (:mod:`tavli.games.notation`).

Move notation inside a ``.mat`` (``FormatMovePlain`` in ``format.c``): points in the mover's own
numbering, the bar is ``25`` and bearing off is ``0`` (never ``bar``/``off``), each single-die hop
is written separately (``24/18 18/13``, doubles as four hops), and ``*`` follows a hop that lands
where an opposing checker stood before the move, unless an earlier hop of the same play already
landed there. :func:`~tavli.formats.matfile.read_mat` also accepts ``bar``/``off``, joined hops (``24/13``, ``24/18*/13``)
and counts (``8/4(2)``), as GNU Backgammon's importer does, and normalises ``bar``/``off`` to 25/0.
"""

from __future__ import annotations

import re
from typing import Any

from ..games.base import Play
from ..games.notation import format_play, parse_moves
from ..games.portes import Position, legal_plays

_HOP_TOKEN = re.compile(r"^(bar|\d{1,2})((?:/(?:off|\d{1,2})\*?)+)(\(\d\))?$", re.IGNORECASE)


def normalize_mat_moves(text: str) -> str:
    """Check ``.mat`` move text and normalise it: single spaces, ``bar``→25, ``off``→0.

    Raises ``ValueError`` on text that is not move notation. ``""`` (no move) stays ``""``."""
    if not isinstance(text, str):
        raise ValueError(f"move text must be a string, got {text!r}")
    tokens = []
    for token in text.split():
        m = _HOP_TOKEN.match(token)
        if not m:
            raise ValueError(f"{token!r} is not a move like 13/8, 25/22* or 6/0")
        token = re.sub(r"(?i)^bar", "25", token)
        token = re.sub(r"(?i)/off", "/0", token)
        for a, b in _pairs(token):
            if not (0 <= b < a <= 25):
                raise ValueError(f"{token!r} does not move toward home (points 25..0)")
        tokens.append(token)
    return " ".join(tokens)


def _pairs(token: str) -> list[tuple[int, int]]:
    points = [int(p.rstrip("*")) for p in re.sub(r"\(\d\)$", "", token).split("/")]
    return list(zip(points, points[1:]))


def format_mat_moves(position: Position, moves: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> str:
    """``.mat`` text for single-die hops ``(from, to)`` (25 = bar, 0 = off) played in ``position``
    (seen from the mover), in the order given, as GNU Backgammon's ``FormatMovePlain`` writes
    them: ``*`` where an opposing checker stood before the move, unless an earlier hop landed there."""
    parts = []
    landed: list[int] = []
    for start, end in moves:
        if not (0 <= end < start <= 25):
            raise ValueError(f"({start}, {end}) is not a hop toward home")
        text = f"{start}/{end}"
        if end and position.opponent[24 - end] and end not in landed:
            text += "*"
        landed.append(end)
        parts.append(text)
    return " ".join(parts)


def play_to_mat(play: Play[Any]) -> str:
    """``.mat`` text of a legal play (its single-die hops in the order played)."""
    return format_mat_moves(play.position, play.moves)


def mat_play(position: Position, dice: tuple[int, int], text: str, *, minimize_waste: bool = False) -> Play[Any]:
    """The legal play of ``dice`` in ``position`` that ``text`` describes.

    ``text`` may be ``.mat`` notation (``25/22* 6/0``) or GNU notation (``bar/22* 6/off``,
    ``24/13``, ``8/4(2)``); joined hops are matched by the position they reach. ``""`` matches only
    when no checker can move. Raises ``ValueError`` when no legal play fits.
    """
    hops = parse_moves(text)
    me, opp = list(position.player), list(position.opponent)
    for start, end in hops:
        if me[start - 1] <= 0:
            raise ValueError(f"{text!r}: no checker on {'the bar' if start == 25 else start} to move")
        me[start - 1] -= 1
        if end:
            there = opp[24 - end]
            if there >= 2:
                raise ValueError(f"{text!r}: point {end} is closed")
            if there == 1:
                opp[24 - end] = 0
                opp[24] += 1
            me[end - 1] += 1
    reached = Position(tuple(opp), tuple(me))
    for play in legal_plays(position, dice, minimize_waste=minimize_waste):
        if play.result == reached:
            return play
    raise ValueError(f"{text or 'no move'!r} is not a legal play of {dice[0]}{dice[1]} here")


def mat_to_notation(position: Position, dice: tuple[int, int], text: str) -> str:
    """GNU notation (``tavli.games.notation``) of the play written ``text`` in a ``.mat``."""
    play = mat_play(position, dice, text)
    return format_play(play.position, play.moves)


def notation_to_mat(position: Position, dice: tuple[int, int], text: str) -> str:
    """``.mat`` text of the play written ``text`` in GNU notation."""
    return play_to_mat(mat_play(position, dice, text))


__all__ = ["format_mat_moves", "mat_play", "mat_to_notation", "normalize_mat_moves", "notation_to_mat", "play_to_mat"]
