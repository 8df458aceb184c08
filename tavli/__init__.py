"""Tavli: the Greek backgammon family, decided in pure Python (no browser imports)."""

from .dice import DiceSource, FixedDice, FunctionDice, SecureDice, SeededDice, dice_source
from .game import Game, GameError, GameResult, Outcome, outcome_of
from .match import GameScore, Match, MatchError
from .movegen import Move, Play, legal_plays
from .notation import format_play, parse_moves
from .position import BAR, CHECKERS, OFF, Position
from .rules import Rules
from .turn import IllegalMove, Turn

__all__ = [
    "BAR", "CHECKERS", "OFF",
    "DiceSource", "FixedDice", "FunctionDice", "SecureDice", "SeededDice", "dice_source",
    "Game", "GameError", "GameResult", "Outcome", "outcome_of",
    "IllegalMove", "Move", "Play", "Turn", "legal_plays",
    "Position", "format_play", "parse_moves",
    "GameScore", "Match", "MatchError", "Rules",
]
