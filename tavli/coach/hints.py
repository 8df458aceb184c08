"""The best plays for a roll, for the hint: :func:`best_plays_steps` -> :class:`PlayHint` list.

Every legal play is valued at 0-ply (:class:`tavli.coach.judge.Judge`), then the best few by that
ranking get a 1-ply look-ahead (for each of the opponent's 21 rolls his best 0-ply reply; the
mean of the mover's value after it): the :data:`CANDIDATES` best, those within :data:`MARGIN` of
the best, and never fewer than the plays shown. The hint lists them by their 1-ply value. In
Portes that is Champion's search with twice its candidates (Champion: 5); Plakoto and Fevga the
same with their nets. Equities are the mover's normalised equity of :mod:`tavli.coach.judge`
(money equity; in match play through the match equity table; points in Plakoto and Fevga).

Time: a Portes candidate costs about 18 ms under CPython (one opponent roll table, ~20 replies for
each of 21 rolls), so the ten cost ~0.2 s, roughly 0.5-0.8 s in Pyodide. ``budget`` bounds the
look-ahead's own work (seconds, pauses between slices not counted): once spent, no further
candidate is looked at beyond the first :data:`SHOWN`. Unlike Champion's budget (counted in
evaluations, so that its play never depends on the machine), this one stays in time: a hint is
advice on demand, whose wait is what matters; it only ever drops candidates beyond the five
shown (Champion's own count), and its roll tables are cached, so evaluations would not measure
its cost.

Deeper, on request (``depth=2``): the best :data:`DEEP` plays by 1-ply are valued at 2-ply (for
each of the opponent's rolls his best 0-ply reply, then the mover's 1-ply value before his next
roll: 21 roll tables a play, ~0.4 s under CPython in Portes, so some seconds in Pyodide), and
only they are listed. Measured by bench/hint_agreement.py: see MODEL.md, "The coach".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..ai.search import MARGIN, look_ahead_steps
from ..games.base import Play
from ..steps import Steps
from .judge import Judge, Scale

CANDIDATES = 10  # plays given the 1-ply look-ahead (Champion: 5)
SHOWN = 5  # plays a hint lists
BUDGET = 0.9  # seconds of look-ahead work after which no candidate beyond SHOWN is started
DEEP = 3  # plays valued at 2-ply when a deeper hint is asked for


@dataclass(frozen=True)
class PlayHint:
    """One play of a hint: its notation, single-die hops ``(from, to)`` in the mover's numbering,
    its equity for the mover and what it loses against the best (>= 0); ``ply``: 1 when valued
    with the look-ahead, 0 by the net alone (a forced play)."""

    text: str
    moves: tuple[tuple[int, int], ...]
    equity: float
    loss: float = 0.0
    ply: int = 1

    @classmethod
    def of(cls, play: Play[Any], equity: float, loss: float = 0.0, ply: int = 1) -> PlayHint:
        return cls(str(play), play.moves, equity, loss, ply)

    def to_dict(self) -> dict[str, Any]:
        """The play as the coach's jobs give it (``text``, ``moves``, ``equity``, ``loss``)."""
        return {"text": self.text, "moves": [list(m) for m in self.moves], "equity": round(self.equity, 4),
                "loss": round(self.loss, 4)}


def candidates(ranked: Sequence[tuple[float, Play[Any]]], count: int, margin: float, least: int) -> list[Play[Any]]:
    """The plays to look ahead on, from ``ranked`` (0-ply, best first): the first ``count`` within
    ``margin`` of the best, at least the first ``least``."""
    best = ranked[0][0]
    chosen = [p for v, p in ranked[:count] if v >= best - margin]
    return chosen if len(chosen) >= least else [p for _, p in ranked[:least]]


def best_plays_steps(
    judge: Judge, position: Any, dice: Sequence[int], scale: Scale, *,
    plays: Sequence[Play[Any]] | None = None, shown: int = SHOWN, count: int = CANDIDATES,
    margin: float = MARGIN, budget: float | None = BUDGET, depth: int = 1,
) -> Steps[list[PlayHint]]:
    """The best plays of ``dice`` in ``position`` (the mover on roll), best first, at most
    ``shown``; a single legal play comes back alone, valued at 0-ply. ``depth`` 2: the best
    :data:`DEEP` by 1-ply are valued again at 2-ply and only they are listed (module docstring)."""
    if plays is None:
        plays = judge.legal_plays(position, dice)
        yield
    if len(plays) <= 1:
        return [PlayHint.of(p, judge.play_value(p, scale), ply=0) for p in plays]
    ranked = judge.rank(plays, scale)
    yield
    looked = yield from look_ahead_steps(
        candidates(ranked, count, margin, shown), lambda p: judge.one_ply_steps(p.result, scale),
        time_budget=budget, least=shown)
    ply = 1
    if depth >= 2:
        ply = 2
        looked = yield from look_ahead_steps([p for _, p in looked[:DEEP]], lambda p: judge.two_ply_steps(p.result, scale))
    best = looked[0][0]
    return [PlayHint.of(p, v, best - v, ply) for v, p in looked[:shown]]
