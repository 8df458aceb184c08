"""What the board shows, as plain data: :class:`BoardView` (the SVG board) and :class:`PanelView`
(names, scores, status line and controls beside it). Pure Python, no browser imports.

The board is always drawn from the *bottom* player's side: ``bottom``/``top`` are each side's 25
counts in its own numbering (index ``i`` = point ``i + 1``, index 24 = bar), as in
:class:`tavli.Position`. "Side" 0 is the bottom player, 1 the top player; "player" 0 and 1 are the
match's players (player 0 has the light checkers).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tavli import CHECKERS, Position


@dataclass(frozen=True)
class DieView:
    value: int
    used: bool = False


@dataclass(frozen=True)
class BoardView:
    """Everything :func:`web.render.render_board` draws."""

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

    @classmethod
    def of_position(cls, position: Position, **kw: object) -> BoardView:
        """The board for ``position`` with its player on roll at the bottom."""
        return cls(tuple(position.player), tuple(position.opponent), **kw)  # type: ignore[arg-type]

    def side(self, side: int) -> tuple[int, ...]:
        return self.bottom if side == 0 else self.top

    def count_at(self, side: int, point: int) -> int:
        """Checkers of ``side`` on ``point`` in the *bottom* numbering (25 = bar, 0 = off)."""
        counts = self.side(side)
        if point == 25:
            return counts[24]
        if point == 0:
            return CHECKERS - sum(counts)
        own = point if side == 0 else 25 - point
        return counts[own - 1]

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
