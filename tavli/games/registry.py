"""The three games of tavli by name: the only module that knows them all.

A match or the board takes the game chosen at the start from :func:`game_kind` ("portes",
"plakoto", "fevga") and asks its :class:`GameKind` record for everything that differs between
the games: positions, legal plays, the turn, the ending, options, whether the cube applies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..options import GAME_OPTIONS
from . import fevga, plakoto, portes
from .base import Board, GameResult, Play
from .turn import Turn

__all__ = ["GAMES", "NAMES", "GameKind", "game_kind", "kind_of"]


@dataclass(frozen=True)
class GameKind:
    """One game of tavli, its options bound by the caller at each call.

    ``legal_plays(position, dice, **options)``, ``turn(position, dice, **options)`` and
    ``ending(position, **options)`` (a :class:`~tavli.games.base.GameResult` whose ``winner`` is a
    side of that position, or ``None``) take the options named in ``options`` (with their
    defaults; ``minimize_waste`` is every game's). ``opponent_point(p)``: the opponent's number for
    the player's point ``p``. ``cube``: the doubling cube, gammons' and backgammons' rules of
    Portes apply (the other games have no cube). ``hits``: a checker can be hit and enter from the
    bar; ``pins``: a checker landing on a lone opposing one pins it (Plakoto). ``play_opening``: the winner of the opening roll plays the two dice shown (else he rolls
    afresh).
    """

    name: str
    position: type[Any]
    initial: Callable[[], Any]
    from_id: Callable[[str], Any]
    legal_plays: Callable[..., list[Play[Any]]]
    turn: Callable[..., Turn[Any]]
    ending: Callable[..., GameResult | None]
    opponent_point: Callable[[int], int]
    options: Mapping[str, Any]
    cube: bool
    hits: bool
    pins: bool
    play_opening: bool


def _kind(module: Any, position: type[Any], *, portes: bool, pins: bool = False) -> GameKind:
    name = module.__name__.rsplit(".", 1)[-1]
    options = {key: values[0] for key, (game, values) in GAME_OPTIONS.items() if game == name}  # the defaults
    return GameKind(
        name=name,
        position=position,
        initial=position.initial,
        from_id=position.from_id,
        legal_plays=module.legal_plays,
        turn=module.Turn,
        ending=module.ending,
        opponent_point=module.opponent_point,
        options=MappingProxyType({"minimize_waste": False, **options}),
        cube=portes,
        hits=portes,
        pins=pins,
        play_opening=portes,
    )


GAMES: Mapping[str, GameKind] = MappingProxyType({
    "portes": _kind(portes, portes.Position, portes=True),
    "plakoto": _kind(plakoto, plakoto.PlakotoPosition, portes=False, pins=True),
    "fevga": _kind(fevga, fevga.FevgaPosition, portes=False),
})
NAMES = tuple(GAMES)  # ("portes", "plakoto", "fevga")
_BY_POSITION = {kind.position: kind for kind in GAMES.values()}


def game_kind(name: str) -> GameKind:
    """The :class:`GameKind` called ``name`` ("portes", "plakoto" or "fevga", any case)."""
    kind = GAMES.get(name.strip().lower()) if isinstance(name, str) else None
    if kind is None:
        raise ValueError(f"unknown variant {name!r}: portes, plakoto or fevga")
    return kind


def kind_of(position: Board) -> GameKind:
    """The game whose position ``position`` is."""
    kind = _BY_POSITION.get(type(position))
    if kind is None:
        raise TypeError(f"{type(position).__name__} is not a position of tavli")
    return kind
