"""What the page is set up with: how the board is shown (:class:`ViewOptions`) and which match to
play (:class:`MatchSetup`: from the URL, the new-match screen and the preferences alike). Pure
Python, no browser imports. The choices and their defaults are the engine's (:mod:`tavli.options`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tavli.options import (
    CLOCK_MODES,
    DEFAULT_LENGTH,
    DEFAULT_LEVEL,
    DEFAULT_VARIANT,
    FIRST_CHECKER,
    MOTHER_POINTS,
    PRIME,
    RULE_PRESETS,
    TAVLI_LENGTHS,
    VARIANT_LENGTH,
)

MODES = ("cpu", "pvp")  # against the computer / two players on this device (the URL may name them)
ONLINE = "online"  # against a friend on another device (issue 18): only ever from the new-match screen
OPPONENTS = (*MODES, ONLINE)  # the new-match screen's choices


@dataclass(frozen=True)
class ViewOptions:
    """How the board is shown and driven (never the rules)."""

    home_left: bool = False  # your home board bottom-left instead of bottom-right
    anim_speed: float = 1.0  # animation speed factor; 0 = none
    basic: bool = False  # flat, fast board without animation (seed 004)
    auto_roll: bool = False
    auto_bearoff: bool = False
    click_to_finish: bool = False  # the turn ends by a click on the dice, not by itself
    turn_board: bool = True  # pass-and-play: the player on roll has his home at the bottom
    hints: bool = True  # the coach's Hint button (off: e.g. rated play against a friend)
    screen_reader: bool = False  # issue 15: the typed move field and "Read the position" shown

    @property
    def animate(self) -> bool:
        return not self.basic and self.anim_speed > 0

    def duration_ms(self, base: float) -> int:
        """A slide of ``base`` milliseconds at this speed (0 when there is no animation)."""
        return round(base / self.anim_speed) if self.animate else 0

    def pause_ms(self, base: float) -> int:
        """A pause of ``base`` milliseconds at this speed (between the computer's moves): kept
        with basic graphics, none at speed 0 (tests)."""
        return round(base / self.anim_speed) if self.anim_speed > 0 else 0


@dataclass(frozen=True)
class MatchSetup:
    """Which match to play: who plays it (``mode``, the computer's ``level``, ``names``: "" = the
    default name), the game (``variant``: portes, plakoto, fevga, or tavli: the three in rotation)
    and its rule options, the length (``None``: money play), the scoring ``rules``, the ``clock``,
    and ``seed`` (fixed dice, for tests and demos; never kept between visits)."""

    mode: str = MODES[0]
    level: str = DEFAULT_LEVEL
    variant: str = DEFAULT_VARIANT
    length: int | None = DEFAULT_LENGTH
    rules: str = RULE_PRESETS[0]
    clock: str = CLOCK_MODES[0]
    names: tuple[str, str] = ("", "")
    mother_points: int = MOTHER_POINTS[0]  # Plakoto (and Tavli): what a pinned mother wins
    first_checker: str = FIRST_CHECKER[0]  # Fevga (and Tavli): the first-checker rule
    prime: str = PRIME[0]  # Fevga (and Tavli): the prime rule
    seed: int | None = None
    seat: int = 0  # online: the person's seat (the host 0, the guest 1); ``names`` in seat order

    @property
    def money(self) -> bool:
        return self.length is None

    def match_args(self) -> dict[str, Any]:
        """The keyword arguments of :class:`tavli.match.Match` besides the rules, dice and clock:
        ``length`` (None = money play, Portes only), ``variant`` and the ``options`` of its games."""
        options: dict[str, Any] = {}
        if self.variant in ("plakoto", "tavli"):
            options["mother_points"] = self.mother_points
        if self.variant in ("fevga", "tavli"):
            options["first_checker"] = self.first_checker
            options["prime"] = self.prime
        length = VARIANT_LENGTH if self.length is None and self.variant != "portes" else self.length
        return {"length": length, "variant": self.variant, "options": options or None}

    def fitted(self) -> MatchSetup:
        """The choices made consistent with the game: Plakoto, Fevga and the Tavli match have no
        money play (they take :data:`~tavli.options.VARIANT_LENGTH` points instead), and a Tavli
        match is played to 3, 5 or 7 points (the nearest of them). Portes is left as it is."""
        if self.variant == "portes":
            return self
        wanted = VARIANT_LENGTH if self.length is None else self.length
        length = wanted
        if self.variant == "tavli" and wanted not in TAVLI_LENGTHS:
            length = min(TAVLI_LENGTHS, key=lambda n: (abs(n - wanted), -n))
        return self if length == self.length else replace(self, length=length)

    def seeded(self, seed: int | None) -> MatchSetup:
        """The same match with dice fixed by ``seed`` (None: random dice)."""
        return replace(self, seed=seed)

