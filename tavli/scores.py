"""How a game of a match ended and what it counted (:class:`GameScore`), why (:class:`Reason`), and
the levels of a result (single, gammon, backgammon: :class:`~tavli.game.Outcome`) by name."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .game import GameError, Outcome

Level = Outcome  # a result's level: single 1, gammon 2, backgammon 3


class MatchError(GameError):
    """An action that the match does not allow in its current state (nothing was changed)."""


class Reason(StrEnum):
    """Why a game (or the match) ended; the value is what the save file writes."""

    BEAR_OFF = "bear-off"  # a player bore off all his checkers
    MOTHER = "mother"  # Plakoto: a mother checker pinned
    DRAW = "draw"  # Plakoto: both mothers pinned, nobody scores
    DROP = "drop"  # a double was dropped
    RESIGN = "resign"  # a resignation, offered and accepted or Greek
    TIMEOUT = "timeout"  # a win on time
    RESIGN_MATCH = "resign-match"  # the match was resigned
    GAMES = "games"  # the match only: the agreed number of money games was played


# What the game says of its own ending -> why the match scores it so (tavli.game.GameResult.reason).
_GAME_ENDINGS = {"borne off": Reason.BEAR_OFF, "mother": Reason.MOTHER, "both mothers": Reason.DRAW,
                 "conceded": Reason.RESIGN}


def reason_of_game(ending: str) -> Reason:
    """The :class:`Reason` for a game that ended on the board as ``ending`` says
    (:attr:`tavli.game.GameResult.reason`)."""
    return _GAME_ENDINGS.get(ending, Reason.BEAR_OFF)


def level_name(level: Outcome) -> str:
    """``"single"``, ``"gammon"`` or ``"backgammon"``."""
    return level.name.lower()


LEVELS = tuple(level_name(level) for level in Outcome)


def parse_level(level: Outcome | int | str) -> Outcome:
    """An :class:`Outcome` from itself, 1..3, or ``"single"``/``"gammon"``/``"backgammon"``;
    :class:`MatchError` otherwise."""
    if isinstance(level, str):
        for outcome in Outcome:
            if level.strip().lower() == level_name(outcome):
                return outcome
        raise MatchError(f"{level!r} is not single, gammon or backgammon")
    if isinstance(level, bool) or not isinstance(level, int) or level not in (1, 2, 3):
        raise MatchError(f"{level!r} is not single (1), gammon (2) or backgammon (3)")
    return Outcome(level)


@dataclass(frozen=True, slots=True)
class GameScore:
    """How a game ended: ``points`` is the real value (result counted times the cube), even when
    the score it adds is capped at the target."""

    winner: int | None  # None for a draw
    outcome: Outcome | None  # what happened on the board (or was resigned); None for a draw
    counted: Outcome | None  # what it counts as under the rules (Jacoby, no backgammons)
    cube: int
    points: int
    reason: Reason

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "outcome": None if self.outcome is None else level_name(self.outcome),
            "counted": None if self.counted is None else level_name(self.counted),
            "cube": self.cube,
            "points": self.points,
            "reason": self.reason.value,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameScore:
        """The score :meth:`to_dict` wrote; ``ValueError`` (a :class:`MatchError`) for anything
        else."""
        try:
            reason = Reason(data["reason"])
        except ValueError:
            raise MatchError(f"unknown reason {data['reason']!r}") from None
        if data["winner"] is None:
            if data["outcome"] is not None or data["counted"] is not None or int(data["points"]) != 0:
                raise MatchError("a drawn game has no outcome and scores 0")
            return cls(None, None, None, int(data["cube"]), 0, reason)
        return cls(
            int(data["winner"]),
            parse_level(data["outcome"]),
            parse_level(data["counted"]),
            int(data["cube"]),
            int(data["points"]),
            reason,
        )


__all__ = ["LEVELS", "GameScore", "Level", "MatchError", "Reason", "level_name", "parse_level", "reason_of_game"]
