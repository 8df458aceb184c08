"""One game of tavli (Portes by default, or Plakoto or Fevga) from the opening roll to its result.

Players are numbered 0 and 1. The game keeps the position from the side of the player on roll
(``game.position``), as GNU Backgammon does; once the last checker is borne off it is seen from the
loser's side (the winner stays ``on_roll``). ``position_for(player)`` gives either side's view.

* Opening roll: each player rolls one die; ties are rolled again; the higher die moves first and
  plays both dice shown.
* Then the players alternate: roll, play (step by step through :class:`~tavli.turn.Turn`), and the
  turn passes when no checker can move.
* The first player to bear off all fifteen checkers wins a single game (1), a gammon (2) if the
  loser has borne off none, a backgammon (3) if the loser has borne off none and still has a checker
  on the bar or in the winner's home board.

``Game(variant="plakoto")`` / ``"fevga"`` plays the other games of tavli with the same actions and
views (positions, plays and turns are those of :mod:`tavli.plakoto` / :mod:`tavli.fevga`; the
result is read from :func:`tavli.variants.Variant.outcome` at the end of every play): a win counts
1, or 2 if the loser has borne off none (or a Plakoto mother win), and a Plakoto game can end in a
draw (both mothers pinned): ``result.winner`` and ``result.outcome`` are then None.

``play_opening``: whether the winner of the opening roll plays the two dice shown (Portes, the
default for it) or rolls both dice afresh (``False``: Plakoto and Fevga, and every game of a Tavli
match; the default for Plakoto and Fevga).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from .dice import DiceSource, dice_source, roll
from .movegen import Move, Play
from .position import CHECKERS, Position
from .turn import IllegalMove, Turn


class Outcome(IntEnum):
    """How a game was won, valued in points before the cube."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


@dataclass(frozen=True, slots=True)
class GameResult:
    """``winner`` and ``outcome`` are None for a draw (Plakoto: both mothers pinned). ``reason``:
    ``"borne off"``, ``"mother"`` (Plakoto), ``"both mothers"`` (the draw) or ``"conceded"``."""

    winner: int | None
    outcome: Outcome | None
    reason: str = "borne off"

    @property
    def points(self) -> int:
        return 0 if self.outcome is None else int(self.outcome)

    @property
    def is_draw(self) -> bool:
        return self.winner is None


def outcome_of(position: Position) -> Outcome | None:
    """The result if the player who just moved has borne everything off.

    ``position`` is seen from the side to move next (the loser); the winner is its opponent.
    """
    winner_off = CHECKERS - sum(position.opponent)
    if winner_off < CHECKERS:
        return None
    loser = position.player
    if sum(loser) < CHECKERS:
        return Outcome.SINGLE
    # The winner's home board is the loser's points 19..24 (indices 18..23); 24 is the bar.
    if any(loser[18:25]):
        return Outcome.BACKGAMMON
    return Outcome.GAMMON


class GameError(ValueError):
    """An action that is not allowed in the game's current state."""


GAME_VARIANTS = ("portes", "plakoto", "fevga")


class Game:
    """A game of Portes (or ``variant`` "plakoto" / "fevga") driven by actions: ``opening_roll``,
    ``roll``, ``move``/``undo``, ``end_turn``. Every action is checked and an illegal one changes
    nothing. ``options``: the variant's options (:attr:`tavli.variants.Variant.options`, e.g.
    ``{"mother_points": 1}``), ``minimize_waste`` apart."""

    def __init__(
        self,
        dice: DiceSource | None = None,
        *,
        minimize_waste: bool = False,
        position: Any = None,
        on_roll: int | None = None,
        variant: str = "portes",
        options: dict[str, Any] | None = None,
        play_opening: bool | None = None,
    ) -> None:
        name = variant.strip().lower() if isinstance(variant, str) else variant
        if name not in GAME_VARIANTS:
            raise GameError(f"unknown game {variant!r}: {', '.join(GAME_VARIANTS)}")
        self.variant = name
        self._variant = None if name == "portes" else _variant(name)
        extra = dict(options or {})
        extra.pop("minimize_waste", None)
        if self._variant is not None:
            unknown = sorted(set(extra) - set(self._variant.options))
        else:
            unknown = sorted(extra)
        if unknown:
            raise GameError(f"{name} has no option {unknown[0]!r}")
        self.options = extra
        self.play_opening = (name == "portes") if play_opening is None else bool(play_opening)
        self.dice_source = dice if dice is not None else dice_source()
        self.minimize_waste = minimize_waste
        if position is None:
            position = Position.initial() if self._variant is None else self._variant.initial()
        self.position = position
        self.on_roll = on_roll if on_roll is not None else 0
        self.phase = "opening" if on_roll is None else "roll"
        self._view = self.on_roll  # whose side ``position.player`` is
        self.dice: tuple[int, int] | None = None
        self.turn: Turn | None = None
        self.result: GameResult | None = None
        self.opening_rolls: list[tuple[int, int]] = []
        self.record: list[tuple[int, tuple[int, int], Play]] = []

    # --- views ------------------------------------------------------------------------------

    def position_for(self, player: int) -> Position:
        """The checkers seen from ``player``'s side (his checkers in ``player``)."""
        return self.position if player == self._view else self.position.swap()

    @property
    def board(self) -> Position:
        """The checkers as they stand now, a turn in progress included, from the roller's side."""
        return self.turn.current if self.turn is not None else self.position

    # --- actions ----------------------------------------------------------------------------

    def opening_roll(self) -> tuple[int, int]:
        """Both players roll one die, again while they tie; returns (player 0's, player 1's).

        The higher die moves first: he plays both dice shown (``play_opening``), or else rolls
        both dice afresh (the game is then at ``"roll"``)."""
        self._require("opening")
        while True:
            pair = roll(self.dice_source)
            self.opening_rolls.append(pair)
            if pair[0] != pair[1]:
                break
        first = 0 if pair[0] > pair[1] else 1
        if first != self.on_roll:
            self.position = self.position.swap()
            self.on_roll = self._view = first
        if self.play_opening:
            self._start_turn((max(pair), min(pair)))
        else:
            self.phase = "roll"
        return pair

    def roll(self) -> tuple[int, int]:
        """The player on roll rolls both dice."""
        self._require("roll")
        dice = roll(self.dice_source)
        self._start_turn(dice)
        return dice

    def set_dice(self, dice: tuple[int, int]) -> None:
        """Start the turn with dice thrown elsewhere (a replay, or dice chosen by a test)."""
        self._require("roll")
        if not all(1 <= d <= 6 for d in dice):
            raise GameError(f"dice show 1..6, not {dice}")
        self._start_turn((dice[0], dice[1]))

    def move(self, move: Move | tuple[int, int]) -> Move:
        """Move one checker (``(from, to)`` in the roller's numbering, 25 = bar, 0 = off)."""
        self._require("move")
        assert self.turn is not None
        return self.turn.apply(move)

    def undo(self) -> Move | None:
        self._require("move")
        assert self.turn is not None
        return self.turn.undo()

    def play(self, play: Play) -> None:
        """Make a whole legal play at once and end the turn."""
        self._require("move")
        assert self.turn is not None
        if play not in self.turn.plays:
            raise GameError(f"{play} is not a legal play of {self.dice}")
        self.turn.reset()
        for step in play.steps:
            self.turn.apply(step)
        self.end_turn()

    def end_turn(self) -> Play:
        """Finish the turn once its moves form a legal play; the other player is then on roll."""
        self._require("move")
        assert self.turn is not None and self.dice is not None
        if not self.turn.is_complete():
            raise GameError("dice remain to be played")
        play = self.turn.play()
        self.record.append((self.on_roll, self.dice, play))
        self.position = play.result
        self._view = 1 - self.on_roll
        result = self._ending()
        self.turn = None
        self.dice = None
        if result is not None:
            self.result = result
            self.phase = "over"
            return play
        self.on_roll = 1 - self.on_roll
        self.phase = "roll"
        return play

    def concede(self, winner: int, outcome: Outcome) -> GameResult:
        """End the game without playing it out: a dropped double, an accepted resignation, a win
        claimed on time. Any turn in progress is abandoned."""
        if self.phase == "over":
            raise GameError("the game is already over")
        self.turn = None
        self.dice = None
        self.result = GameResult(winner, Outcome(outcome), "conceded")
        self.phase = "over"
        return self.result

    def finish(self, result: GameResult) -> None:
        """Mark the game over with ``result`` (a saved match being restored)."""
        self.turn = None
        self.dice = None
        self.result = result
        self.phase = "over"

    def must_pass(self) -> bool:
        """True when the roll just thrown allows no move at all."""
        return self.phase == "move" and self.turn is not None and self.turn.length == 0

    # --- internals --------------------------------------------------------------------------

    def _start_turn(self, dice: tuple[int, int]) -> None:
        self.dice = dice
        if self._variant is None:
            self.turn = Turn(self.position, dice, minimize_waste=self.minimize_waste)
        else:
            self.turn = self._variant.turn(self.position, dice, minimize_waste=self.minimize_waste, **self.options)
        self.phase = "move"

    def _ending(self) -> GameResult | None:
        """The result once the play just made (``self.position`` seen from the next to move)
        ends the game."""
        if self._variant is None:
            outcome = outcome_of(self.position)
            return None if outcome is None else GameResult(self.on_roll, outcome)
        ending = self._variant.outcome(self.position, **self.options)
        if ending is None:
            return None
        if ending.winner is None:
            return GameResult(None, None, ending.reason)
        mover = self.on_roll
        winner = mover if ending.winner == "opponent" else 1 - mover
        return GameResult(winner, Outcome(ending.points), ending.reason)

    def _require(self, phase: str) -> None:
        if self.phase != phase:
            raise GameError(f"cannot do that now: the game is at '{self.phase}', not '{phase}'")


def _variant(name: str) -> Any:
    from .variants import variant

    return variant(name)


__all__ = ["GAME_VARIANTS", "Game", "GameError", "GameResult", "IllegalMove", "Outcome", "outcome_of"]
