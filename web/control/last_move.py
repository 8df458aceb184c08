"""The last play on the live board: where each checker of the play just made came from and went
(:func:`last_play_arrows`), shown until the next play starts. Pure Python, no browser imports."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tavli.events import GameStarted, NextGame, Played, SetUp
from web.view.view import Arrow, ArrowKind, play_arrows

if TYPE_CHECKING:
    from tavli.match import Match


def last_play(match: Match) -> Played | None:
    """The game's last play, while it is the last one: None once the player on turn has moved a
    checker of his own play, at a game's start, or when no one has played yet."""
    turn = match.turn
    if turn is not None and turn.moves:
        return None
    for event in reversed(match.log):
        if isinstance(event, Played):
            return event
        if isinstance(event, (GameStarted, NextGame, SetUp)):
            return None
    return None


def last_play_arrows(match: Match, side_of: Callable[[int], int]) -> tuple[Arrow, ...]:
    """:func:`last_play` as :attr:`~web.view.view.ArrowKind.LAST` arrows in bottom numbering
    (``side_of``: a match player's side on the board, 0 bottom)."""
    play = last_play(match)
    if play is None:
        return ()
    return play_arrows(side_of(play.player), match.game_variant, play.moves, ArrowKind.LAST)
