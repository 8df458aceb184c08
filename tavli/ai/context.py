"""What a computer player knows of the match it plays, seen from its side: :class:`MatchContext`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..scoring import Rules

if TYPE_CHECKING:
    from ..match import Match


@dataclass(frozen=True, slots=True)
class MatchContext:
    """What the bot knows of the match, seen from its side: ``me``/``opponent`` scores, points
    each still needs (None in money play), the cube value and who owns it (``"me"``,
    ``"opponent"`` or None in the middle), the Crawford game, the rules."""

    length: int | None = None
    score: tuple[int, int] = (0, 0)
    cube: int = 1
    owner: str | None = None
    crawford: bool = False
    rules: Rules = Rules.international()
    cube_available: bool = True
    variant: str = "portes"  # the game in play: portes, plakoto or fevga
    options: tuple[tuple[str, object], ...] = ()  # that game's rule options (Game.options), as items

    @property
    def variant_options(self) -> dict[str, object]:
        """The game's rule options (e.g. ``mother_points``, ``first_checker``, ``prime``)."""
        return dict(self.options)

    @property
    def money(self) -> bool:
        return self.length is None

    def needs(self) -> tuple[int | None, int | None]:
        if self.length is None:
            return None, None
        return self.length - self.score[0], self.length - self.score[1]

    @classmethod
    def of(cls, match: Match, player: int) -> MatchContext:
        owner = None if match.cube_owner is None else ("me" if match.cube_owner == player else "opponent")
        return cls(
            length=match.length,
            score=(match.scores[player], match.scores[1 - player]),
            cube=match.cube,
            owner=owner,
            crawford=match.crawford,
            rules=match.rules,
            cube_available=match.cube_available(player),
            variant=getattr(match, "game_variant", "portes"),
            options=_game_options(match),
        )


def _game_options(match: Match) -> tuple[tuple[str, object], ...]:
    game = getattr(match, "game", None)
    options = getattr(game, "options", None) or {}
    return tuple(sorted(options.items()))
