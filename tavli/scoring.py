"""Rule presets for a match: International backgammon and Greek tavli (Portes).

A :class:`Rules` value is chosen when a match is created and never changes. The two presets differ
in how games are scored; each switch is an option of the preset:

* ``Rules.international()`` (seeds 000, 001, 002, 004): the doubling cube (up to 64), the Crawford
  rule in match play, the Jacoby rule in money play; a game counts 1 (single), 2 (gammon) or
  3 (backgammon) times the cube; a player resigns a round by *offering* a single, gammon or
  backgammon, which the opponent accepts or refuses (the highest offer is accepted automatically).
* ``Rules.greek()`` (seed 003): no cube; a game counts 1 or 2 (a backgammon counts as a gammon);
  a player who resigns a round loses 2 points if he has borne off nothing, otherwise 1, at once;
  bearing off must waste as few pips as possible.

The game played is not part of the rules: it is :class:`tavli.match.Match`'s ``variant``
("portes", "plakoto", "fevga" or "tavli"). Plakoto, Fevga and Tavli matches are always scored as
Greek tavli (the match turns the rules it is given into :meth:`Rules.greek`, keeping only
``minimize_waste``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .games.base import Outcome
from .options import RULE_PRESETS

PRESETS = RULE_PRESETS


@dataclass(frozen=True, slots=True)
class Rules:
    """How a match is played and scored.

    * ``cube``: the doubling cube is in play.
    * ``crawford``: in match play, no doubling in the game right after a player first reaches one
      point short of the target (the Crawford game), once per match.
    * ``jacoby``: in money play, gammons and backgammons count only once the cube has been turned.
    * ``backgammons``: a backgammon counts 3; when off it counts as a gammon (2).
    * ``minimize_waste``: when bearing off, a play must waste as few pips as any legal play.
    * ``resign_offers``: resigning a round is an offer of a single, gammon or backgammon that the
      opponent accepts or refuses; when off (Greek), resigning ends the round at once for 2 points
      if the resigner has borne off nothing, otherwise 1.
    """

    name: str = "international"
    cube: bool = True
    crawford: bool = True
    jacoby: bool = True
    backgammons: bool = True
    minimize_waste: bool = False
    resign_offers: bool = True

    def __post_init__(self) -> None:
        if self.name not in PRESETS:
            raise ValueError(f"unknown rules {self.name!r}: choose one of {', '.join(PRESETS)}")
        for f in fields(self):
            if f.name != "name" and not isinstance(getattr(self, f.name), bool):
                raise ValueError(f"the rules option {f.name} is true or false, not {getattr(self, f.name)!r}")

    # --- presets ----------------------------------------------------------------------------

    @classmethod
    def international(cls, **options: bool) -> Rules:
        """Backgammon with the doubling cube, Crawford and Jacoby; single 1, gammon 2, backgammon 3."""
        changes: dict[str, Any] = dict(options)
        return replace(cls(name="international"), **changes)

    @classmethod
    def greek(cls, **options: bool) -> Rules:
        """Greek tavli (Portes): no cube, single 1, gammon 2, no backgammon, least pip waste,
        resigning costs 2 before the first checker is borne off, 1 after."""
        base = cls(
            name="greek",
            cube=False,
            crawford=False,
            jacoby=False,
            backgammons=False,
            minimize_waste=True,
            resign_offers=False,
        )
        changes: dict[str, Any] = dict(options)
        return replace(base, **changes)

    @classmethod
    def preset(cls, name: str, **options: bool) -> Rules:
        """The preset called ``name`` ("international" or "greek") with ``options`` changed."""
        if name == "international":
            return cls.international(**options)
        if name == "greek":
            return cls.greek(**options)
        raise ValueError(f"unknown rules {name!r}: choose one of {', '.join(PRESETS)}")

    # --- scoring ----------------------------------------------------------------------------

    def counted(self, outcome: Outcome, *, cube: int, money: bool) -> Outcome:
        """What a result counts as under these rules: a backgammon is a gammon when backgammons
        are off; in money play with the Jacoby rule, anything is a single while the cube is at 1."""
        outcome = Outcome(outcome)
        if not self.backgammons and outcome is Outcome.BACKGAMMON:
            outcome = Outcome.GAMMON
        if money and self.jacoby and self.cube and cube == 1:
            outcome = Outcome.SINGLE
        return outcome

    def resign_levels(self) -> tuple[Outcome, ...]:
        """The resignations a player may offer, lowest first; the last is accepted automatically."""
        if self.backgammons:
            return (Outcome.SINGLE, Outcome.GAMMON, Outcome.BACKGAMMON)
        return (Outcome.SINGLE, Outcome.GAMMON)

    # --- serialisation ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from :meth:`to_dict`'s output; ``ValueError`` on anything else."""
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rules option {unknown[0]!r}")
        if "name" not in data:
            raise ValueError("the rules do not say which preset they are")
        return cls(**data)

    def describe(self) -> str:
        """A short human description, e.g. ``international (cube, Crawford, Jacoby)``."""
        switches = [
            label
            for label, on in (
                ("cube", self.cube),
                ("Crawford", self.cube and self.crawford),
                ("Jacoby", self.cube and self.jacoby),
                ("backgammons", self.backgammons),
                ("least waste", self.minimize_waste),
            )
            if on
        ]
        return f"{self.name} ({', '.join(switches) or 'plain'})"


__all__ = ["PRESETS", "Rules"]
