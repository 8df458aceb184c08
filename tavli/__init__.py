"""Tavli: the Greek backgammon family, decided in pure Python (no browser imports).

The public names below are importable from the package (``from tavli import Position, Match``),
but each submodule is imported only when one of its names is first asked for (PEP 562), so that
``import tavli`` stays cheap: the browser compiles every module it imports from source at boot.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# public name -> the submodule that defines it
_EXPORTS = {
    "DiceSource": "dice", "FixedDice": "dice", "FunctionDice": "dice", "SecureDice": "dice",
    "SeededDice": "dice", "dice_source": "dice",
    "Game": "game", "GameError": "game",
    "GameResult": "games.base", "IllegalMove": "games.base", "Move": "games.base", "Outcome": "games.base",
    "Play": "games.base", "Termination": "games.base",
    "BAR": "games.portes", "CHECKERS": "games.portes", "OFF": "games.portes", "Position": "games.portes",
    "Turn": "games.portes", "legal_plays": "games.portes", "outcome_of": "games.portes",
    "GameScore": "scores", "Match": "match", "MatchError": "match",
    "format_play": "games.notation", "parse_moves": "games.notation",
    "Rules": "scoring",
}

__all__ = [
    "BAR", "CHECKERS", "OFF",
    "DiceSource", "FixedDice", "FunctionDice", "SecureDice", "SeededDice", "dice_source",
    "Game", "GameError", "GameResult", "Outcome", "Termination", "outcome_of",
    "IllegalMove", "Move", "Play", "Turn", "legal_plays",
    "Position", "format_play", "parse_moves",
    "GameScore", "Match", "MatchError", "Rules",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # for type checkers and IDEs: the same names, imported eagerly
    from .dice import DiceSource, FixedDice, FunctionDice, SecureDice, SeededDice, dice_source
    from .game import Game, GameError
    from .games.base import GameResult, IllegalMove, Move, Outcome, Play, Termination
    from .games.notation import format_play, parse_moves
    from .games.portes import BAR, CHECKERS, OFF, Position, Turn, legal_plays, outcome_of
    from .match import Match, MatchError
    from .scores import GameScore
    from .scoring import Rules
