"""The computer's play chosen off the page's thread: the worker's "play" job (:mod:`tavli.coach.jobs`).

``{"job": "play", "save": doc, "level": LEVEL}``: the play that the computer of ``LEVEL``
(:data:`tavli.ai.players.LEVELS`) makes for the player to move in that match now, chosen as the
page's own :class:`web.control.driver.Driver` would (the same player, the turn's own legal plays,
so that the match's rule options apply): ``{"variant", "player", "dice": [a, b], "moves": [[from,
to], ...], "text", "plays": the legal plays it chose among, "evaluations": the net's evaluations
(the Grandmaster's search; 0 otherwise)}``. ``moves`` are single-die hops in the mover's numbering
(:meth:`tavli.match.Match.find_play` takes them). A match with no roll to play is an error.

The page asks for the Grandmaster's plays this way (its 2-ply search takes seconds in Pyodide);
one player per level is kept, with its loaded nets, for the worker's life.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ..ai.context import MatchContext
from ..ai.players import LEVELS, AIPlayer
from ..match import Match
from ..phase import Phase

JobSteps = Generator[float | None, None, dict[str, Any]]

_PLAYERS: dict[str, AIPlayer] = {}


class PlayError(ValueError):
    """A play request that cannot be served (its message is the answer's error)."""


def play_steps(match: Match, request: dict[str, Any]) -> JobSteps:
    """The "play" job (module docstring), as a steps generator."""
    level = request.get("level")
    if not isinstance(level, str) or level not in LEVELS:
        raise PlayError(f"a play's \"level\" is one of {', '.join(LEVELS)}")
    turn = match.turn
    player = match.to_act
    if match.phase != Phase.MOVE or turn is None or player is None:
        raise PlayError(f"no roll to play: the match is at '{match.phase}'")
    bot = _PLAYERS.get(level)
    if bot is None:
        bot = _PLAYERS.setdefault(level, AIPlayer(level))
    plays = turn.plays
    if len(plays) == 1:
        play = plays[0]
    else:
        context = MatchContext.of(match, player)
        chosen = yield from bot.choose_play_steps(turn.position, turn.dice, context, plays=plays)
        play = match.find_play(chosen)
    search = bot.last_search if len(plays) > 1 else None
    return {"variant": match.game_variant, "player": player, "dice": list(turn.dice),
            "moves": [list(m) for m in play.moves], "text": str(play), "plays": len(plays),
            "evaluations": search.report.evaluations if search is not None else 0}
