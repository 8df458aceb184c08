"""The computer players: the heuristic one and the levels of the nets (neural evaluator, bear-off
database, cube and resignation decisions), each a :class:`Player`.

Pure Python (standard library only). The weights and the bear-off database are loaded on first
use. See MODEL.md.

    from tavli.ai import AIPlayer, make_player, LEVELS
    bot = make_player("champion")
    play = bot.choose_play(position, dice)
"""

from .context import MatchContext
from .cube import accept_resignation, double_decision, resign_offer, take_decision
from .evaluator import Evaluator, default_evaluator, equity, invert
from .heuristic import BeginnerBot
from .player import Player
from .players import LEVELS, AIPlayer, Level, make_player

__all__ = [
    "AIPlayer", "BeginnerBot", "Evaluator", "LEVELS", "Level", "MatchContext", "Player", "accept_resignation",
    "default_evaluator", "double_decision", "equity", "invert", "make_player", "resign_offer", "take_decision",
]
