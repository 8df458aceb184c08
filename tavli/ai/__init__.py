"""The computer player: neural evaluator, bear-off database, cube and resignation decisions, levels.

Pure Python (standard library only). The weights and the bear-off database are loaded on first
use. See MODEL.md.

    from tavli.ai import AIPlayer, make_player, LEVELS
    bot = make_player("champion")
    play = bot.choose_play(position, dice)
"""

from .cube import accept_resignation, double_decision, resign_offer, take_decision
from .evaluator import Evaluator, default_evaluator, equity, invert
from .players import LEVELS, AIPlayer, Level, make_player

__all__ = [
    "AIPlayer", "Evaluator", "LEVELS", "Level", "accept_resignation", "default_evaluator",
    "double_decision", "equity", "invert", "make_player", "resign_offer", "take_decision",
]
