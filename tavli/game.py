"""One game of tavli (Portes by default, or Plakoto or Fevga) from the opening roll to its result.

Players are numbered 0 and 1. The game keeps the position from the side of the player on roll
(``game.position``), as GNU Backgammon does; once the last checker is borne off it is seen from the
loser's side (the winner stays ``on_roll``). ``position_for(player)`` gives either side's view.

* Opening roll: each player rolls one die; ties are rolled again; the higher die moves first and
  plays both dice shown.
* Then the players alternate: roll, play (step by step through :class:`~tavli.games.turn.Turn`),
  and the turn passes when no checker can move.
* The first player to bear off all fifteen checkers wins a single game (1), a gammon (2) if the
  loser has borne off none, a backgammon (3) if the loser has borne off none and still has a checker
  on the bar or in the winner's home board.

``Game(variant="plakoto")`` / ``"fevga"`` plays the other games of tavli with the same actions and
views. Everything that differs comes from the game's :class:`~tavli.games.registry.GameKind`
(``game.kind``): positions, plays and turns, and the result, read by its ``ending`` at the end of
every play: a win counts 1, or 2 if the loser has borne off none (or a Plakoto mother win), and a
Plakoto game can end in a draw (both mothers pinned): ``result.winner`` and ``result.outcome`` are
then None.

``play_opening``: whether the winner of the opening roll plays the two dice shown (Portes, the
default for it) or rolls both dice afresh (``False``: Plakoto and Fevga, and every game of a Tavli
match; the default for Plakoto and Fevga).
"""

from __future__ import annotations

from typing import Any

from .dice import DiceSource, dice_source, roll
from .games.base import GameResult, Move, Outcome, Play, Termination
from .games.registry import NAMES, game_kind
from .games.turn import Turn
from .phase import GamePhase


class GameError(ValueError):
    """An action that is not allowed in the game's current state."""


class Game:
    """A game of Portes (or ``variant`` "plakoto" / "fevga") driven by actions: ``opening_roll``,
    ``roll``, ``move``/``undo``, ``end_turn``. Every action is checked and an illegal one changes
    nothing. ``options``: the game's options (:attr:`tavli.games.registry.GameKind.options`, e.g.
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
        try:
            self.kind = game_kind(variant)
        except ValueError:
            raise GameError(f"unknown game {variant!r}: {', '.join(NAMES)}") from None
        self.variant = self.kind.name
        extra = dict(options or {})
        extra.pop("minimize_waste", None)
        unknown = sorted(set(extra) - set(self.kind.options))
        if unknown:
            raise GameError(f"{self.variant} has no option {unknown[0]!r}")
        self.options = extra
        self.play_opening = self.kind.play_opening if play_opening is None else bool(play_opening)
        self.dice_source = dice if dice is not None else dice_source()
        self.minimize_waste = minimize_waste
        self.position: Any = self.kind.initial() if position is None else position
        self.on_roll = on_roll if on_roll is not None else 0
        self.phase = GamePhase.OPENING if on_roll is None else GamePhase.ROLL
        self._view = self.on_roll  # whose side ``position.player`` is
        self.dice: tuple[int, int] | None = None
        self.turn: Turn[Any] | None = None
        self.result: GameResult | None = None
        self.opening_rolls: list[tuple[int, int]] = []
        self.record: list[tuple[int, tuple[int, int], Play[Any]]] = []

    # --- views ------------------------------------------------------------------------------

    def position_for(self, player: int) -> Any:
        """The checkers seen from ``player``'s side (his checkers in ``player``)."""
        return self.position if player == self._view else self.position.swap()

    @property
    def board(self) -> Any:
        """The checkers as they stand now, a turn in progress included, from the roller's side."""
        return self.turn.current if self.turn is not None else self.position

    # --- actions ----------------------------------------------------------------------------

    def opening_roll(self) -> tuple[int, int]:
        """Both players roll one die, again while they tie; returns (player 0's, player 1's).

        The higher die moves first: he plays both dice shown (``play_opening``), or else rolls
        both dice afresh (the game is then at ``GamePhase.ROLL``)."""
        self._require(GamePhase.OPENING)
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
            self.phase = GamePhase.ROLL
        return pair

    def roll(self) -> tuple[int, int]:
        """The player on roll rolls both dice."""
        self._require(GamePhase.ROLL)
        dice = roll(self.dice_source)
        self._start_turn(dice)
        return dice

    def set_dice(self, dice: tuple[int, int]) -> None:
        """Start the turn with dice thrown elsewhere (a replay, or dice chosen by a test)."""
        self._require(GamePhase.ROLL)
        if not all(1 <= d <= 6 for d in dice):
            raise GameError(f"dice show 1..6, not {dice}")
        self._start_turn((dice[0], dice[1]))

    def move(self, move: Move | tuple[int, int]) -> Move:
        """Move one checker (``(from, to)`` in the roller's numbering, 25 = bar, 0 = off)."""
        self._require(GamePhase.MOVE)
        assert self.turn is not None
        return self.turn.apply(move)

    def undo(self) -> Move | None:
        self._require(GamePhase.MOVE)
        assert self.turn is not None
        return self.turn.undo()

    def play(self, play: Play[Any]) -> None:
        """Make a whole legal play at once and end the turn."""
        self._require(GamePhase.MOVE)
        assert self.turn is not None
        if play not in self.turn.plays:
            raise GameError(f"{play} is not a legal play of {self.dice}")
        self.turn.reset()
        for step in play.steps:
            self.turn.apply(step)
        self.end_turn()

    def end_turn(self) -> Play[Any]:
        """Finish the turn once its moves form a legal play; the other player is then on roll."""
        self._require(GamePhase.MOVE)
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
            self.phase = GamePhase.OVER
            return play
        self.on_roll = 1 - self.on_roll
        self.phase = GamePhase.ROLL
        return play

    def concede(self, winner: int, outcome: Outcome, termination: Termination = Termination.RESIGN) -> GameResult:
        """End the game without playing it out (``termination``: a dropped double, a resignation, a
        win claimed on time...). Any turn in progress is abandoned."""
        if self.phase == GamePhase.OVER:
            raise GameError("the game is already over")
        self.turn = None
        self.dice = None
        self.result = GameResult(winner, Outcome(outcome), termination)
        self.phase = GamePhase.OVER
        return self.result

    def finish(self, result: GameResult) -> None:
        """Mark the game over with ``result`` (a saved match being restored)."""
        self.turn = None
        self.dice = None
        self.result = result
        self.phase = GamePhase.OVER

    def must_pass(self) -> bool:
        """True when the roll just thrown allows no move at all."""
        return self.phase == GamePhase.MOVE and self.turn is not None and self.turn.length == 0

    # --- internals --------------------------------------------------------------------------

    def _start_turn(self, dice: tuple[int, int]) -> None:
        self.dice = dice
        self.turn = self.kind.turn(self.position, dice, minimize_waste=self.minimize_waste, **self.options)
        self.phase = GamePhase.MOVE

    def _ending(self) -> GameResult | None:
        """The result once the play just made (``self.position`` seen from the next to move)
        ends the game."""
        result = self.kind.ending(self.position, **self.options)
        return None if result is None else result.for_players(self._view)

    def _require(self, phase: GamePhase) -> None:
        if self.phase != phase:
            raise GameError(f"cannot do that now: the game is at '{self.phase}', not '{phase}'")



__all__ = ["Game", "GameError"]
