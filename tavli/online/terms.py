"""The terms of an online match, chosen by the host and accepted by the guest: everything both
replicas of the match are made from (:meth:`Terms.make_match`).

``variant`` (portes, plakoto, fevga, tavli), ``length`` (1..25 points; None: money play, Portes
only), ``rules`` (a preset of :mod:`tavli.scoring`: international, greek), ``clock`` (off,
standard, blitz), ``options`` (the rule options of the variant's games, as
:func:`tavli.matchsetup.match_options` takes them) and ``clock_speed`` (the clock's times divided
by it: tests play a 20x clock; 0.01..1000).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..clock import PRESETS, Clock
from ..dice import DiceSource
from ..match import Match
from ..matchsetup import match_options
from ..options import CLOCK_MODES, MAX_LENGTH, RULE_PRESETS, VARIANTS
from ..scores import MatchError
from ..scoring import Rules
from .errors import ProtocolError

_KEYS = {"variant", "length", "rules", "clock", "options", "clock_speed"}


@dataclass(frozen=True)
class Terms:
    """See the module's description. Made directly, the values are trusted; from the peer, use
    :meth:`from_dict`, which checks every one."""

    variant: str
    length: int | None
    rules: str
    clock: str
    options: dict[str, Any] = field(default_factory=dict)
    clock_speed: float = 1.0

    def to_dict(self) -> dict[str, Any]:
        """The terms as JSON-ready data."""
        return {
            "variant": self.variant, "length": self.length, "rules": self.rules, "clock": self.clock,
            "options": dict(self.options), "clock_speed": self.clock_speed,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Terms:
        """The terms ``data`` describes, every value checked; :class:`ProtocolError` saying what is wrong."""
        if not isinstance(data, dict) or set(data) != _KEYS:
            raise ProtocolError(f"the terms are a dict of {', '.join(sorted(_KEYS))}")
        variant, length, rules, clock = data["variant"], data["length"], data["rules"], data["clock"]
        options, speed = data["options"], data["clock_speed"]
        if variant not in VARIANTS:
            raise ProtocolError(f"the game is one of {', '.join(VARIANTS)}, not {variant!r}")
        if length is None:
            if variant != "portes":
                raise ProtocolError("only Portes is played for money (no target score)")
        elif isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_LENGTH:
            raise ProtocolError(f"a match is played to 1..{MAX_LENGTH} points, not {length!r}")
        if rules not in RULE_PRESETS:
            raise ProtocolError(f"the rules are one of {', '.join(RULE_PRESETS)}, not {rules!r}")
        if clock not in CLOCK_MODES:
            raise ProtocolError(f"the clock is one of {', '.join(CLOCK_MODES)}, not {clock!r}")
        if not isinstance(options, dict):
            raise ProtocolError("the rule options are a dict")
        try:
            match_options(variant, options)
        except MatchError as error:
            raise ProtocolError(str(error)) from None
        if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not math.isfinite(speed) or not 0.01 <= speed <= 1000:
            raise ProtocolError(f"the clock speed is a number in 0.01..1000, not {speed!r}")
        return cls(variant, length, rules, clock, dict(options), float(speed))

    def make_clock(self) -> Clock | None:
        """The match's clock (None when it is off), its times divided by ``clock_speed``."""
        if self.clock == "off":
            return None
        return Clock(self.clock, **{key: value / self.clock_speed for key, value in PRESETS[self.clock].items()})

    def make_match(self, dice: DiceSource, time: Any = None) -> Match:
        """A new match on these terms, its dice from ``dice``; ``time``: its time function."""
        return Match(self.length, Rules.preset(self.rules), dice, clock=self.make_clock(), time=time,
                     variant=self.variant, options=dict(self.options) or None)


__all__ = ["Terms"]
