"""GNU Backgammon move notation: ``24/18 13/8``, ``bar/22*``, ``6/off``, ``8/4(2)``, ``24/18*/13``.

Formatting follows GNU Backgammon's ``FormatMove``: moves are ordered by decreasing start point,
the moves of one checker are joined (an intermediate point is kept only where it hit), identical
moves are counted, and a ``*`` marks a hit: every intermediate point kept, and an end point where
an opposing blot stood unless an earlier part of the play already marked that point (one blot is
hit once: ``24/22*/20 24/22``, ``5/4*/3 5/4(2)``).
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from .base import BAR, OFF, Board, Move, format_moves

if TYPE_CHECKING:
    from .turn import Turn


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



# --- a typed play, read against the turn ------------------------------------------------------


class NotationFault(Enum):
    """Why typed notation was refused (:class:`NotationError`)."""

    MALFORMED = "malformed"  # not move notation at all (or an empty text)
    NO_BAR = "no-bar"  # "bar" in a game without one (Plakoto, Fevga)
    ILLEGAL = "illegal"  # notation, but no legal play (or beginning of one) fits it
    AMBIGUOUS = "ambiguous"  # several legal plays fit, leading to different positions


class NotationError(ValueError):
    """Typed notation that :func:`parse_play` refuses: ``kind`` says why; ``entry`` is the part
    at fault (a token, or the whole text); ``dice`` the dice left to play; ``candidates`` (for
    :attr:`NotationFault.AMBIGUOUS`) the notation of each play the text could mean."""

    def __init__(
        self, kind: NotationFault, message: str, *, entry: str = "", dice: tuple[int, ...] = (),
        candidates: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.entry = entry
        self.dice = dice
        self.candidates = candidates


@dataclass(frozen=True, order=True)
class _Hop:
    """What is left of one written hop: the checker now on ``start`` is to reach ``end`` (0 = off),
    in one or more steps; ``star``: the text marks ``end`` as a hit (or a pin)."""

    start: int
    end: int
    star: bool


# The bar and off as they may be typed: in English (and abridged), as the Greek and Bulgarian
# screen-reader texts say them, and as "bar"/"off" come out typed on a Greek or a Bulgarian
# (phonetic) keyboard layout.
_NAMES = {
    **dict.fromkeys(("bar", "b", "μπάρα", "μπαρα", "μπαρ", "βαρ", "β", "бар", "б"), BAR),
    **dict.fromkeys(("off", "o", "έξω", "εξω", "οφφ", "ο", "вън", "офф", "о"), OFF),
}
_POINT = "(?:" + "|".join(sorted(_NAMES, key=len, reverse=True)) + r"|\d{1,2})"
_ENTRY = re.compile(rf"^({_POINT})((?:/{_POINT}\*?)+)(?:\((\d)\))?$")


def _tokens(text: str) -> list[str]:
    """The entries of ``text``, spelled canonically: lower case, ``/`` for ``-``, no spaces
    inside an entry (``8 / 5``, ``13/7 *``, ``24/20 (2)``), commas as spaces."""
    s = text.strip().lower()
    for separator in ",;.":
        s = s.replace(separator, " ")
    for dash in ("-", "\u2013", "\u2014", "\u2212", "\\"):
        s = s.replace(dash, "/")
    s = re.sub(r"\s*/\s*", "/", s)
    s = re.sub(r"\s*\*", "*", s)
    s = re.sub(r"\s*\(\s*(\d+)\s*\)", r"(\1)", s)
    return s.split()


def _read_entry(token: str, has_bar: bool) -> list[_Hop]:
    """The hops of one entry (``24/18*/13`` -> 24 to 18 starred, 18 to 13; ``(n)`` repeats them)."""
    m = _ENTRY.match(token)
    if not m:
        raise NotationError(NotationFault.MALFORMED, f"{token!r} is not a move like 13/8, bar/22* or 6/off",
                            entry=token)
    points = [m.group(1)] + m.group(2).split("/")[1:]
    stars = [p.endswith("*") for p in points]
    names = [p.rstrip("*") for p in points]
    numbers = [_NAMES[p] if p in _NAMES else int(p) for p in names]
    count = int(m.group(3) or 1)
    if numbers[0] == OFF or any(n == BAR for n in numbers[1:]) or any(n > BAR for n in numbers) \
            or not 1 <= count <= 4:
        raise NotationError(NotationFault.MALFORMED, f"{token!r} is not a move like 13/8, bar/22* or 6/off",
                            entry=token)
    if numbers[0] == BAR and not has_bar:
        raise NotationError(NotationFault.NO_BAR, f"{token!r}: this game has no bar (no checker is hit)",
                            entry=token)
    if any(b >= a for a, b in zip(numbers, numbers[1:])) or OFF in numbers[1:-1]:
        raise NotationError(NotationFault.MALFORMED, f"{token!r} does not move toward home", entry=token)
    hops = [_Hop(a, b, star) for a, b, star in zip(numbers, numbers[1:], stars[1:])]
    return hops * count


def _ways(turn: Turn[Any], hops: list[_Hop], complete: set[tuple[Move, ...]] | None = None
          ) -> dict[Hashable, list[tuple[Move, ...]]]:
    """Every way to make ``hops`` from the turn's current state with legal single steps, by the
    position it reaches (those that complete the turn added to ``complete``); the turn is left
    as it was."""
    found: dict[Hashable, list[tuple[Move, ...]]] = {}
    seen: set[Hashable] = set()
    made: list[Move] = []

    def walk(pending: tuple[_Hop, ...]) -> None:
        key = (turn.current, turn.dice_left(), pending)
        if key in seen:
            return
        seen.add(key)
        if not pending:
            found.setdefault(turn.current, []).append(tuple(made))
            if complete is not None and turn.is_complete():
                complete.add(tuple(made))
            return
        for move in turn.legal_moves():
            tried: set[_Hop] = set()
            for i, hop in enumerate(pending):
                if hop.start != move.start or hop in tried:
                    continue
                tried.add(hop)
                if move.end == hop.end:
                    rest = pending[:i] + pending[i + 1:]
                elif hop.end < move.end:
                    rest = tuple(sorted(pending[:i] + (_Hop(move.end, hop.end, hop.star),) + pending[i + 1:]))
                else:
                    continue
                made.append(turn.apply(move))
                try:
                    walk(rest)
                finally:
                    turn.undo()
                    made.pop()

    walk(tuple(sorted(hops)))
    return found


def parse_play(turn: Turn[Any], text: str) -> tuple[Move, ...]:
    """The single-die moves, to apply in order, that ``text`` (GNU notation in the mover's
    numbering: ``8/5 6/5``, ``bar/22``, ``6/off``, ``13/7*``, ``24/20(2)``, ``24/18/13``,
    ``24/13``) asks of ``turn`` from where it stands now (the moves already made stay).

    The text may be a whole play or the legal beginning of one. Lenient: any case, spaces inside
    an entry, ``-`` for ``/``, ``b`` for ``bar``, ``o`` for ``off``, 25 for the bar and 0 for off,
    the Greek and Bulgarian words (``μπάρα/22``, ``6/έξω``, ``бар/22``, ``6/вън``) and what
    ``bar``/``off`` give on those keyboards (``βαρ``, ``οφφ``).
    A ``*`` is optional: when the hops written can be made in ways that lead to different
    positions, the ways whose hits (Plakoto: pins) fall exactly on the points starred are kept;
    one position left: that one, else :attr:`NotationFault.AMBIGUOUS` with each candidate's
    notation. Raises :class:`NotationError`: :attr:`~NotationFault.MALFORMED` (not notation),
    :attr:`~NotationFault.NO_BAR` (``bar`` in Plakoto or Fevga), :attr:`~NotationFault.ILLEGAL`
    (no legal play or beginning fits; ``entry`` names the first entry that cannot follow the
    ones before it). ``turn`` is left as it was.
    """
    has_bar = bool(getattr(type(turn.current), "HAS_BAR", False))
    tokens = _tokens(text)
    if not tokens:
        raise NotationError(NotationFault.MALFORMED, "no move written", entry="")
    entries = [(token, _read_entry(token, has_bar)) for token in tokens]
    left = turn.dice_left() if not turn.is_complete() else ()
    hops = [hop for _, entry in entries for hop in entry]
    complete: set[tuple[Move, ...]] = set()
    found = _ways(turn, hops, complete)
    if not found:
        culprit = " ".join(tokens)
        if len(entries) > 1:  # the first entry that the ones before it cannot be followed by
            culprit = next((token for k, (token, _) in enumerate(entries)
                            if not _ways(turn, [hop for _, entry in entries[:k + 1] for hop in entry])), culprit)
        dice = "-".join(map(str, left)) if left else "no dice"
        raise NotationError(NotationFault.ILLEGAL, f"{culprit} is not legal with {dice} to play",
                            entry=culprit, dice=left)
    starred = {hop.end for hop in hops if hop.star}
    if len(found) == 1:
        (ways,) = found.values()
        return _preferred(ways, complete)
    agree = [[way for way in ways if {m.end for m in way if m.hit} == starred] for ways in found.values()]
    kept = [ways for ways in agree if ways]
    if len(kept) == 1:
        return _preferred(kept[0], complete)
    start = turn.current
    candidates = tuple(sorted({start.notation(_preferred(ways, complete)) for ways in (kept or found.values())}))
    raise NotationError(NotationFault.AMBIGUOUS, f"{' '.join(tokens)} could be {' or '.join(candidates)}",
                        entry=" ".join(tokens), dice=left, candidates=candidates)


def _preferred(ways: list[tuple[Move, ...]], complete: set[tuple[Move, ...]]) -> tuple[Move, ...]:
    """Of ways that reach one position (they differ only bearing off: ``5/off`` by the 5, or by
    the 1 and then the 5), one that makes the text a whole play (in ``complete``: as GNU
    Backgammon reads it), else the one that leaves the most dice, then the largest, for what
    follows (as :meth:`Turn.apply` chooses the smaller die); the first found among equals."""
    return min(ways, key=lambda way: (way not in complete, len(way), sorted(m.die for m in way)))
