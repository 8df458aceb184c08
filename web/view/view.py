"""What the board shows, as plain data: :class:`BoardView` (the SVG board) and :class:`PanelView`
(names, scores, status line and controls beside it). Pure Python, no browser imports.

The board is always drawn from the *bottom* player's side: ``bottom``/``top`` are each side's 25
counts in its own numbering (index ``i`` = point ``i + 1``, index 24 = bar), as in
:class:`tavli.Position`. "Side" 0 is the bottom player, 1 the top player; "player" 0 and 1 are the
match's players (player 0 has the light checkers).

The game drawn (``variant``) decides where the top side's points lie in the bottom numbering
(:meth:`BoardView.board_point`): in Portes and Plakoto the players move in opposite directions
(his point ``q`` is the bottom player's ``25 - q``); in Fevga both move anticlockwise and start in
diagonally opposite corners (his ``q`` is the bottom player's ``q - 12`` or ``q + 12``). A Plakoto
board also says which checkers are pinned (``pinned``): the pinned checker lies under its pinner's
stack (:meth:`BoardView.on_pin`).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tavli import CHECKERS
from tavli.games.registry import game_kind, kind_of


def top_point(variant: str, own: int) -> int:
    """Where the top side's point ``own`` (1..24, his numbering) lies in the bottom numbering; the
    map is its own inverse. Portes and Plakoto: ``25 - own``; Fevga: ``own - 12`` or ``own + 12``."""
    return game_kind(variant).opponent_point(own)


@dataclass(frozen=True)
class Motion:
    """One checker sliding, in bottom numbering: ``side`` 0 = bottom's checker, 1 = top's."""

    side: int
    start: int
    end: int


class ArrowKind(enum.Enum):
    """What an arrow on the board shows: the last play (``LAST``), a hint (``HINT``), the best
    play and the play made at a reviewed decision (``BEST``, ``MADE``)."""

    LAST = "last"
    HINT = "hint"
    BEST = "best"
    MADE = "made"


@dataclass(frozen=True)
class Arrow:
    """One checker's way drawn on the board, in bottom numbering (1..24 points, 25 the bar, 0
    off; like :class:`Motion`): ``side`` 0 the bottom player's checker, 1 the top player's."""

    side: int
    start: int
    end: int
    kind: ArrowKind


def play_arrows(side: int, variant: str, moves: Sequence[tuple[int, int]], kind: ArrowKind) -> tuple[Arrow, ...]:
    """The arrows of a play: its single-die hops ``(from, to)`` in ``side``'s own numbering (as
    :attr:`tavli.coach.record.Step.moves`), in bottom numbering, the hops of one checker joined
    where one starts where an earlier one of the play ended (13/10 10/9 is one arrow 13/9). The
    bar (25) and off (0) keep their numbers; a hop that goes nowhere is dropped."""
    def board(own: int) -> int:
        return own if side == 0 or own in (0, 25) else top_point(variant, own)

    ways: list[tuple[int, int]] = []
    for start, end in ((board(a), board(b)) for a, b in moves):
        for i in range(len(ways) - 1, -1, -1):
            if ways[i][1] == start and start != 0:
                ways[i] = (ways[i][0], end)
                break
        else:
            ways.append((start, end))
    return tuple(Arrow(side, a, b, kind) for a, b in ways if a != b)


@dataclass(frozen=True)
class DieView:
    """One die as drawn: its value, and whether it has been played this turn."""

    value: int
    used: bool = False


@dataclass(frozen=True)
class BoardView:
    """Everything :func:`web.view.render.render_board` draws."""

    bottom: tuple[int, ...]
    top: tuple[int, ...]
    bottom_player: int = 0  # which match player sits at the bottom (sets the checker colours)
    dice: tuple[DieView, ...] = ()
    dice_side: int | None = None  # whose half the dice lie in (0 bottom, 1 top)
    opening: tuple[DieView, DieView] | None = None  # the opening roll: (bottom's die, top's die)
    cube: int = 1
    cube_owner: int | None = None  # side owning the cube; None = in the middle (shows 64)
    cube_shown: bool = True
    roll_hint: int | None = None  # side whose dice area invites a click to roll
    finish_hint: bool = False  # the dice invite a click to finish the turn
    basic: bool = False
    variant: str = "portes"  # the game drawn: portes, plakoto or fevga
    pinned: frozenset[tuple[int, int]] = frozenset()  # (side, point in bottom numbering): pinned there
    arrows: tuple[Arrow, ...] = ()  # checkers' ways drawn over the board (the last play, a hint)

    @classmethod
    def of_position(cls, position: Any, **kw: object) -> BoardView:
        """The board for ``position`` (Portes, Plakoto or Fevga: the game its registry record names)
        with its player on roll at the bottom."""
        kind = kind_of(position)
        pinned = frozenset[tuple[int, int]]()
        if kind.pins:
            pinned = frozenset({(0, p) for p in position.player_pinned} | {(1, 25 - p) for p in position.opponent_pinned})
        kw = {"variant": kind.name, "pinned": pinned, **kw}
        return cls(tuple(position.player), tuple(position.opponent), **kw)  # type: ignore[arg-type]

    def side(self, side: int) -> tuple[int, ...]:
        return self.bottom if side == 0 else self.top

    def board_point(self, side: int, own: int) -> int:
        """``side``'s point ``own`` (1..24 in his numbering; 25 bar, 0 off) in the bottom numbering."""
        if side == 0 or own in (0, 25):
            return own
        return top_point(self.variant, own)

    def count_at(self, side: int, point: int) -> int:
        """Checkers of ``side`` on ``point`` in the *bottom* numbering (25 = bar, 0 = off)."""
        counts = self.side(side)
        if point == 25:
            return counts[24]
        if point == 0:
            return CHECKERS - sum(counts)
        return counts[self.board_point(side, point) - 1]  # the map is its own inverse

    def is_pinned(self, side: int, point: int) -> bool:
        """Whether ``side``'s checker on ``point`` (bottom numbering) is pinned (Plakoto)."""
        return (side, point) in self.pinned

    def on_pin(self, side: int, point: int) -> bool:
        """Whether ``side``'s stack on ``point`` stands on a pinned opposing checker (it is drawn
        lifted, the pinned checker under it)."""
        return (1 - side, point) in self.pinned

    def start_point(self, side: int) -> int:
        """Where ``side`` starts (his 24-point), in the bottom numbering."""
        return self.board_point(side, 24)

    def pips(self, side: int) -> int:
        return sum(n * (i + 1) for i, n in enumerate(self.side(side)))


@dataclass(frozen=True)
class Control:
    """One button: shown or not, enabled or not; a disabled one says why in its title."""

    action: str
    label: str
    visible: bool = True
    enabled: bool = True
    title: str = ""
    primary: bool = False


@dataclass(frozen=True)
class PlayerCard:
    """One player's card beside the board: name, score, pip count, whether on turn."""

    name: str
    player: int  # match player (0 light, 1 dark)
    score: int
    pips: int
    on_turn: bool = False


@dataclass(frozen=True)
class PanelView:
    """The text and controls around the board."""

    phase: str  # the page phase (``document.body.dataset.phase``)
    status: str
    top: PlayerCard
    bottom: PlayerCard
    match_text: str
    controls: tuple[Control, ...] = field(default_factory=tuple)
    menu: tuple[Control, ...] = field(default_factory=tuple)  # options, rules, new match
    announce: str = ""  # a result shown over the board ("" = none)
    announce_hint: str = ""
    variant: str = "portes"  # the game in play (``document.body.dataset.variant``)
    time_up: str = ""  # said on the board when a player's time is up ("" = no one's)
    time_up_player: int | None = None  # whose time is up


@dataclass(frozen=True)
class CubeQuestion:
    """A double offered, as its dialog asks it: ``actor`` must answer ``other``'s double of the
    cube at ``cube`` (to twice that)."""

    actor: str
    other: str
    cube: int


@dataclass(frozen=True)
class ResignAnswer:
    """A resignation offered, as its dialog asks it: ``actor`` may accept ``other``'s offer of a
    ``level`` (a :class:`tavli.game.Outcome`) with the cube at ``cube``."""

    actor: str
    other: str
    level: Any
    cube: int


@dataclass(frozen=True)
class ResignChoice:
    """Resigning the game, as its dialog offers it: to ``other``, at one of ``levels`` (when the
    rules take ``offers``), else at once for ``cost`` points."""

    other: str
    levels: tuple[Any, ...]
    cube: int
    offers: bool
    cost: int
