"""What a match is made with: its game (``variant``), the rule options of its games, the limits,
and the scoring rules that follow from the game.

The game played (``variant``, chosen when the match is created, never changed):

* ``"portes"`` (the default): every game is Portes, as above; each game starts with the opening
  roll and its winner plays the two dice shown.
* ``"plakoto"`` or ``"fevga"``: every game is that game. ``"tavli"``: the Tavli match, Portes,
  Plakoto and Fevga in rotation (game 1 Portes, 2 Plakoto, 3 Fevga, 4 Portes...; a drawn game
  counts as played). ``match.game_variant`` names the game in play.
* In these matches the Greek scoring applies to every game, Portes included: no doubling cube
  (nor Crawford or Jacoby), a game counts 1, or 2 if the loser has borne off none (or for a
  Plakoto mother), no backgammon; resigning costs 2 if the resigner has borne off nothing,
  otherwise 1, at once. The rules given are made Greek to that end (only ``minimize_waste`` is
  kept from them; the default is :meth:`Rules.greek`).
* The first game starts with the opening roll (one die each, ties thrown again); its winner then
  rolls both dice (Greek practice, for the Portes games of a Tavli match too). Each later game is
  started by the winner of the game before (no opening roll: the match goes from ``"game-over"``
  straight to ``"roll"``); after a drawn game (Plakoto, both mothers pinned: 0 points each,
  ``result.winner`` None, reason ``"draw"``) the player who started the drawn game starts again.
* The rule options of Plakoto and Fevga (``options``, chosen with the variant, kept for every game
  of that variant, in a Tavli match too): ``mother_points`` (Plakoto: what a pinned mother wins,
  2 by default or 1, "a plain win"), ``first_checker`` (Fevga: ``"pass"``, the first checker must
  pass the opponent's starting point before a second leaves, or ``"quarter"``, reach his starting
  quarter) and ``prime`` (Fevga: ``"open"``, a prime that shuts the opponent out must be opened
  when it can, or ``"free"``); see :mod:`tavli.games.plakoto` and :mod:`tavli.games.fevga`. A Plakoto match
  takes ``mother_points``, a Fevga match the other two, a Tavli match all three, a Portes match
  none; anything else, or a value not listed, raises :class:`MatchError`. ``match.options`` holds
  every option of the match's games, the defaults filled in; ``match.game_options(name)`` those of
  one game.
"""

from __future__ import annotations

from typing import Any

from .dice import DiceSource
from .options import GAME_OPTIONS, MAX_LENGTH, ROTATION, VARIANTS
from .scores import MatchError
from .scoring import Rules

MAX_CUBE = 64

VARIANT_TITLES = {"portes": "Portes", "plakoto": "Plakoto", "fevga": "Fevga", "tavli": "a Tavli match"}
OPTIONS = GAME_OPTIONS  # the rule options of the games: name -> (the game it belongs to, its values, default first)


class CountingDice:
    """The match's dice: draws from the source and counts them (so a seeded match can be saved)."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.drawn = 0

    def die(self) -> int:
        value = self.source.die()
        self.drawn += 1
        return value


def match_options(variant: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """Every rule option of ``variant``'s games (a Tavli match: all three; Portes: none), the
    defaults filled in and ``options`` over them; :class:`MatchError` for an option the match's
    games do not have or a value it does not take."""
    games = ROTATION if variant == "tavli" else (variant,)
    chosen = {key: values[0] for key, (game, values) in OPTIONS.items() if game in games}
    if options is None:
        return chosen
    if not isinstance(options, dict):
        raise MatchError(f"the options are a dict of name -> value, not {options!r}")
    for key, value in options.items():
        if key not in OPTIONS:
            raise MatchError(f"unknown option {key!r}: the options are {', '.join(OPTIONS)}")
        game, values = OPTIONS[key]
        if key not in chosen:
            raise MatchError(f"{key} is an option of {VARIANT_TITLES[game]}, not of {VARIANT_TITLES[variant]}")
        if isinstance(value, bool) or not isinstance(value, type(values[0])) or value not in values:
            raise MatchError(f"{key} is {' or '.join(map(repr, values))}, not {value!r}")
        chosen[key] = value
    return chosen


def is_backgammon(variant: str) -> bool:
    """Whether a match of ``variant`` is backgammon: Portes alone, under the rules given (the cube,
    money play, the opening roll played in every game, GNU Backgammon's IDs and transcripts).
    Plakoto, Fevga and the Tavli match (Portes among them) are played under Greek scoring."""
    return variant == ROTATION[0]


def rules_for(variant: str, rules: Rules | None) -> Rules:
    """The rules of a match of ``variant``: as given for Portes (default International); for the
    others the Greek scoring, keeping only ``minimize_waste`` from ``rules``."""
    if is_backgammon(variant):
        return rules if rules is not None else Rules.international()
    if rules is None:
        return Rules.greek()
    return Rules.greek(minimize_waste=rules.minimize_waste)


def check_player(player: Any) -> None:
    if isinstance(player, bool) or player not in (0, 1):
        raise MatchError(f"players are 0 and 1, not {player!r}")


__all__ = [
    "MAX_CUBE", "MAX_LENGTH", "OPTIONS", "ROTATION", "VARIANTS", "VARIANT_TITLES", "CountingDice", "check_player",
    "match_options", "rules_for",
]
