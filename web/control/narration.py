"""What the page's live region says (:class:`Narrator`): the match's events since it last asked,
the position read out, a picked checker's targets, a clock running low. The texts come from
:mod:`web.view.speech`. Pure Python, no browser imports.
"""

from __future__ import annotations

from typing import Any

from tavli import Move
from tavli.clock import ClockState
from tavli.events import GameStarted, Played
from web.view.speech import (
    announce_clock,
    announce_events,
    cube_words,
    describe_position,
    moves_words,
    score_words,
    targets_words,
)

from .gestures import Gestures
from .present import Presenter


class Narrator(Gestures, Presenter):
    """The screen reader's texts of the match on this page."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._heard_match = self.match
        self._heard = len(self.match.log)  # the log read so far: what came before is not said
        self._heard_moves = self._turn_moves()  # the moves of a person's turn in progress, told
        self._clock_warned: frozenset[int] = frozenset()

    def announcements(self) -> list[str]:
        """The texts of what happened in the match since the last call: its new events, then the
        checker moves a person made or took back in the turn he is playing (each said as it is
        made; the whole play again once it ends the turn). The first call tells what came after
        the controller was made, so a resumed match does not tell its past again; a match put
        in place of this one starts from where it stands."""
        m = self.match
        if m is not self._heard_match:
            self._heard_match, self._heard, self._heard_moves = m, len(m.log), self._turn_moves()
        start = min(self._heard, len(m.log))
        new = m.log[start:]
        self._heard = len(m.log)
        said: list[str] = []
        if new:
            variant = m.game_variant
            first = next((e for e in new if isinstance(e, GameStarted)), None)
            if first is not None and first.game > 1:  # the events before it end the game before
                variant = m.variant_of(first.game - 1)
            said = announce_events(new, self.names, listener=self.bottom, variant=variant, variant_of=m.variant_of,
                                   scored=m.length is not None)
            if any(isinstance(e, (Played, GameStarted)) for e in new):
                self._heard_moves = ()  # a turn ended: its moves were told in full
        moves = self._turn_moves()
        if moves or self._heard_moves:
            said += moves_words(self.names[m.game.on_roll], self._heard_moves, moves)
        self._heard_moves = moves
        return said

    def _turn_moves(self) -> tuple[Move, ...]:
        """The moves made so far in the turn a person here is playing (none otherwise)."""
        return tuple(self.turn.moves) if self.human_moving() else ()

    def position_text(self) -> str:
        """The position read out from the bottom player's side, in his numbering (the turn in
        progress included), the score (a match) and the cube (where it is in play), then the
        status line (whose turn, the dice to play)."""
        m = self.match
        bottom = self.bottom
        names = self.names
        parts = [describe_position(m.position_for(bottom), (names[bottom], names[1 - bottom]))]
        if m.length is not None:
            parts.append(score_words(m.scores, names, m.length))
        if m.rules.cube and m.length != 1:
            parts.append(cube_words(m.cube, None if m.cube_owner is None else names[m.cube_owner]))
        parts.append(self.status())
        return ". ".join(parts)

    def targets_text(self, point: int) -> str:
        """Where the checker on ``point`` (bottom numbering; 25 the bar) can go now: "From 8:
        to 5, to 3" (the keyboard's picked checker), or that it cannot move."""
        return targets_words(point, self.targets(point))

    def clock_announcements(self, state: ClockState | None = None) -> list[str]:
        """A player's time gone under the warning threshold (what the panel flashes at), said
        once each time it does; ``state``: the clock as the page reads it (default: the
        match's clock now)."""
        if state is None:
            state = self.match.clock_state()
        said, self._clock_warned = announce_clock(state, self.names, self._clock_warned)
        return said
