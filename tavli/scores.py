"""How a game of a match ended and what it counted (:class:`GameScore`), why (:class:`~tavli.games.base.Termination`), and
the levels of a result (single, gammon, backgammon: :class:`~tavli.game.Outcome`) by name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .game import GameError
from .games.base import Outcome, Termination

Level = Outcome  # a result's level: single 1, gammon 2, backgammon 3


class MatchError(GameError):
    """An action that the match does not allow in its current state (nothing was changed)."""


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
    reason: Termination

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
            reason = Termination(data["reason"])
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


__all__ = ["LEVELS", "GameScore", "Level", "MatchError", "level_name", "parse_level"]
