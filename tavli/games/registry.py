"""The three games of tavli by name: the only module that knows them all.

A match or the board takes the game chosen at the start from :func:`game_kind` ("portes",
"plakoto", "fevga") and asks its :class:`GameKind` record for everything that differs between
the games: positions, legal plays, the turn, the ending, options, whether the cube applies.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType, ModuleType
from typing import Any

from ..options import GAME_OPTIONS
from .base import Board, GameResult, Play
from .turn import Turn

__all__ = ["NAMES", "GameKind", "game_kind", "kind_of"]


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


NAMES = ("portes", "plakoto", "fevga")
# Each game's module (imported when the game is first asked for: a page of Portes never loads the
# other two), its position class, and whether it is Portes (the cube, hits, the opening roll
# played) and whether checkers pin (Plakoto).
_GAMES = {
    "portes": ("Position", True, False),
    "plakoto": ("PlakotoPosition", False, True),
    "fevga": ("FevgaPosition", False, False),
}
_KINDS: dict[str, GameKind] = {}


def _kind(name: str, module: ModuleType) -> GameKind:
    position_class, portes, pins = _GAMES[name]
    position = getattr(module, position_class)
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


def game_kind(name: str) -> GameKind:
    """The :class:`GameKind` called ``name`` ("portes", "plakoto" or "fevga", any case)."""
    key = name.strip().lower() if isinstance(name, str) else None
    if key not in _GAMES:
        raise ValueError(f"unknown variant {name!r}: portes, plakoto or fevga")
    kind = _KINDS.get(key)
    if kind is None:
        kind = _KINDS[key] = _kind(key, importlib.import_module(f"{__package__}.{key}"))
    return kind


def kind_of(position: Board) -> GameKind:
    """The game whose position ``position`` is."""
    module, _, name = type(position).__module__.rpartition(".")
    if module != __package__ or name not in _GAMES or type(position) is not game_kind(name).position:
        raise TypeError(f"{type(position).__name__} is not a position of tavli")
    return game_kind(name)
