"""What every computer player offers (:class:`Player`), and :func:`act`, which drives a match with one.

The players are the heuristic :class:`tavli.ai.heuristic.BeginnerBot` and the levels of the nets
(:class:`tavli.ai.players.AIPlayer`); :func:`tavli.ai.make_player` gives one by level name.
Positions given to a player are seen from its side (its checkers in ``.player``); the ``context``
(:class:`tavli.ai.context.MatchContext`) tells it the match score, the cube and the rules.

Thinking in slices (the browser must not freeze while the computer thinks): ``ready`` is True when
the player's data is loaded; ``prepare_steps()`` loads it and ``choose_play_steps(...)`` chooses a
play, both :mod:`tavli.steps` generators; ``choose_play`` runs the latter to the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..games.base import Outcome, Play
from ..games.portes import Position
from ..games.registry import game_kind
from ..phase import Phase
from ..steps import Steps
from .context import MatchContext

if TYPE_CHECKING:
    from ..match import Match


class Player(Protocol):
    """A computer player: checker play, the cube, resignations, and one action at a time in a match."""

    name: str

    @property
    def ready(self) -> bool:
        """Whether its data is loaded, so that every decision starts at once."""
        ...

    def prepare_steps(self) -> Steps[None]:
        """Load its data: a steps generator (nothing to do when :attr:`ready`)."""
        ...

    def choose_play(
        self, position: Position, dice: tuple[int, int], context: MatchContext | None = None,
        plays: Sequence[Play[Any]] | None = None,
    ) -> Play[Any]:
        """Its play of ``dice`` in ``position`` (on roll): among ``plays`` when given (a Plakoto or
        Fevga turn's own plays), else among the game's legal plays under the context's rules."""
        ...

    def choose_play_steps(
        self, position: Position, dice: tuple[int, int], context: MatchContext | None = None,
        plays: Sequence[Play[Any]] | None = None,
    ) -> Steps[Play[Any]]:
        """:meth:`choose_play` as a steps generator (it loads the data first when not :attr:`ready`)."""
        ...

    def cube_action(self, position: Position, context: MatchContext) -> bool:
        """Whether to double, on roll in ``position``, before rolling."""
        ...

    def take_decision(self, position: Position, context: MatchContext) -> bool:
        """Whether to take a double; ``position`` is seen from the player, the doubler on roll."""
        ...

    def resign_offer(self, position: Position, context: MatchContext) -> Outcome | None:
        """What to resign, on roll in ``position`` before rolling (None: play on)."""
        ...

    def accept_resignation(self, position: Position, level: Outcome, context: MatchContext) -> bool:
        """Whether to accept the opponent's offer to resign ``level``; ``position`` from the player,
        the resigner on roll."""
        ...

    def act(self, match: Match, player: int) -> str:
        """One action for ``player`` in ``match``: :func:`act` with itself."""
        ...


def act(bot: Player, match: Match, player: int) -> str:
    """Make one action of ``bot`` for ``player`` in ``match`` (when he must act, or the opening
    roll) and say which; ``""`` when there is nothing for him to do."""
    phase = match.phase
    if match.can_claim(player):
        match.claim_timeout(player=player)
        return "claim-timeout"
    if phase == Phase.OPENING:
        match.roll()
        return "roll"
    if match.to_act != player:
        return ""
    context = MatchContext.of(match, player)
    if phase == Phase.ROLL:
        position = match.position_for(player)
        level = bot.resign_offer(position, context) if match.resign_refused is None else None
        if level is not None and level in match.resign_options():
            match.offer_resignation(level, player=player)
            return "resign"
        if match.can_double() and bot.cube_action(position, context):
            match.double(player=player)
            return "double"
        match.roll(player=player)
        return "roll"
    if phase == Phase.MOVE:
        dice = match.rolled
        assert dice is not None
        if not game_kind(context.variant).cube and match.turn is not None:
            # the turn's plays follow the game's own options
            match.play(bot.choose_play(match.game.position, dice, context, plays=match.turn.plays), player=player)
        else:
            match.play(bot.choose_play(match.game.position, dice, context), player=player)
        return "play"
    if phase == Phase.CUBE:
        if bot.take_decision(match.position_for(player), context):
            match.take(player=player)
            return "take"
        match.drop(player=player)
        return "drop"
    if phase == Phase.RESIGN:
        assert match.resign_offer is not None
        if bot.accept_resignation(match.position_for(player), match.resign_offer, context):
            match.accept_resignation(player=player)
            return "accept"
        match.refuse_resignation(player=player)
        return "refuse"
    return ""
