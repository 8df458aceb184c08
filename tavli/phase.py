"""The phases of a match (:attr:`tavli.match.Match.phase`): who must do what next; and of one game
(:class:`GamePhase`).

Each value is the string that the save file writes and the page shows (``body[data-phase]``);
a phase compares equal to its string.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a match stands (see :mod:`tavli.match` for what each allows)."""

    OPENING = "opening"  # a game is about to start with the opening roll
    ROLL = "roll"  # the player on roll may double, resign or roll
    MOVE = "move"  # he moves checkers
    CUBE = "cube"  # a double was offered: take or drop
    RESIGN = "resign"  # a resignation was offered: accept or refuse
    GAME_OVER = "game-over"  # the game is scored; the next one may start
    MATCH_OVER = "match-over"  # the match is over

    @property
    def in_game(self) -> bool:
        """A game is in play (rolled for, not yet scored)."""
        return self in (Phase.ROLL, Phase.MOVE, Phase.CUBE, Phase.RESIGN)


class GamePhase(StrEnum):
    """Where one game (:attr:`tavli.game.Game.phase`) stands, the cube and resigning apart."""

    OPENING = "opening"  # waiting for the opening roll
    ROLL = "roll"  # the player on roll throws next
    MOVE = "move"  # he moves checkers
    OVER = "over"  # the game has a result


PHASES = tuple(Phase)

__all__ = ["PHASES", "GamePhase", "Phase"]
