"""The choices a match is made of, with their defaults: the one list the page (``web/``) offers
and checks against. Each tuple puts its default first. Pure data, imports nothing.

* the game: :data:`VARIANTS` (``tavli`` plays the three of :data:`ROTATION` in turn);
* the computer's strength: :data:`LEVELS` (``tavli.ai.players``);
* the scoring preset: :data:`RULE_PRESETS` (``tavli.scoring.Rules.preset``);
* each game's rule options: :data:`GAME_OPTIONS` (name -> the game it belongs to, its values),
  Plakoto's :data:`MOTHER_POINTS`, Fevga's :data:`FIRST_CHECKER` and :data:`PRIME`;
* the match length: 1..:data:`MAX_LENGTH` points, the lengths offered (:data:`LENGTHS`), a Tavli
  match's (:data:`TAVLI_LENGTHS`), and :data:`VARIANT_LENGTH`, taken by a Plakoto, Fevga or Tavli
  match when money play (Portes only) was asked for;
* the clock: :data:`CLOCK_MODES` (``tavli.clock``).
"""

from __future__ import annotations

from typing import Any

VARIANTS = ("portes", "plakoto", "fevga", "tavli")
ROTATION = ("portes", "plakoto", "fevga")  # the games of a Tavli match, in turn
DEFAULT_VARIANT = "portes"

LEVELS = ("beginner", "intermediate", "expert", "champion", "grandmaster")
DEFAULT_LEVEL = "intermediate"  # the page's default (the engine's make_player has none)

RULE_PRESETS = ("international", "greek")

MOTHER_POINTS = (2, 1)  # Plakoto: what a pinned mother wins (2, or 1: a plain win)
FIRST_CHECKER = ("pass", "quarter")  # Fevga: the first checker must pass the opponent's start, or reach his quarter
PRIME = ("open", "free")  # Fevga: a prime shutting the opponent out must be opened, or not
GAME_OPTIONS: dict[str, tuple[str, tuple[Any, ...]]] = {
    "mother_points": ("plakoto", MOTHER_POINTS),
    "first_checker": ("fevga", FIRST_CHECKER),
    "prime": ("fevga", PRIME),
}

MAX_LENGTH = 25
DEFAULT_LENGTH = 3
LENGTHS = (1, 3, 5, 7, 9, 11, 15, 25)  # the lengths offered (and money play)
TAVLI_LENGTHS = (3, 5, 7)  # a Tavli match is played to one of these
VARIANT_LENGTH = 5  # a Plakoto, Fevga or Tavli match asked for as money play is played to this

CLOCK_MODES = ("off", "standard", "blitz")

__all__ = [
    "CLOCK_MODES", "DEFAULT_LENGTH", "DEFAULT_LEVEL", "DEFAULT_VARIANT", "FIRST_CHECKER", "GAME_OPTIONS", "LENGTHS",
    "LEVELS", "MAX_LENGTH", "MOTHER_POINTS", "PRIME", "ROTATION", "RULE_PRESETS", "TAVLI_LENGTHS", "VARIANTS",
    "VARIANT_LENGTH",
]
