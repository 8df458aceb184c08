"""The state of a match as plain data: what :meth:`tavli.match.Match.snapshot` gives and
:meth:`tavli.match.Match.restore` takes, so that a format (:mod:`tavli.formats.savefile`) can write
a match and read it back without knowing how the match keeps it.

The settings of a match (length, rules, variant, options, number of games, clock, time function)
are not in it: they are chosen when the match is made, and a snapshot is restored into a match made
with the same settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .dice import DiceSource
    from .events import Event
    from .games.base import Move, Outcome, Termination
    from .phase import Phase
    from .scores import GameScore


@dataclass(frozen=True, slots=True)
class MatchSnapshot:
    """Everything a match holds between two actions.

    The match: its ``phase``, ``game_number`` (1, 2...), ``scores``, the Crawford game
    (``crawford``: this one; ``crawford_played``: it has been), the cube (``cube``, ``cube_owner``
    None in the middle), each player's ``auto_roll``, a resignation offered (``resign_offer``, phase
    ``"resign"``) or refused this turn (``resign_refused``), how the game in play ended (``result``)
    and every game's result (``results``), the match's ``winner`` and ``end_reason`` once it is
    over, a flagged player who may be claimed against (``flagged``) and whether a flag ever fell
    (``flag_seen``), who started the game in play (``starter``, None before the opening roll).

    The game in play (``game_variant``): the player ``on_roll``, the checkers at the start of the
    turn seen from player 0 (``position``), the ``dice`` of the turn in play and the ``moves`` made
    so far, the opening rolls thrown (``opening_rolls``, ties included).

    The dice: the source they come from (``dice_source``) and how many were drawn
    (``dice_drawn``). The ``log``: every event (:mod:`tavli.events`).
    """

    phase: Phase
    game_number: int
    scores: tuple[int, int]
    crawford: bool
    crawford_played: bool
    cube: int
    cube_owner: int | None
    auto_roll: tuple[bool, bool]
    resign_offer: Outcome | None
    resign_refused: Outcome | None
    result: GameScore | None
    results: tuple[GameScore, ...]
    winner: int | None
    end_reason: Termination | None
    flagged: int | None
    flag_seen: bool
    starter: int | None
    game_variant: str
    on_roll: int
    position: Any
    dice: tuple[int, int] | None
    moves: tuple[Move, ...]
    opening_rolls: tuple[tuple[int, int], ...]
    dice_source: DiceSource
    dice_drawn: int
    log: tuple[Event, ...]


__all__ = ["MatchSnapshot"]
