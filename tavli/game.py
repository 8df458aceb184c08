"""One game of Portes from the opening roll to its result.

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
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

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
    winner: int
    outcome: Outcome

    @property
    def points(self) -> int:
        return int(self.outcome)


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


class Game:
    """A game of Portes driven by actions: ``opening_roll``, ``roll``, ``move``/``undo``,
    ``end_turn``. Every action is checked and an illegal one changes nothing."""

    def __init__(
        self,
        dice: DiceSource | None = None,
        *,
        minimize_waste: bool = False,
        position: Position | None = None,
        on_roll: int | None = None,
    ) -> None:
        self.dice_source = dice if dice is not None else dice_source()
        self.minimize_waste = minimize_waste
        self.position = position if position is not None else Position.initial()
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

        The higher die moves first and plays both dice."""
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
        self._start_turn((max(pair), min(pair)))
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
        outcome = outcome_of(self.position)
        self.turn = None
        self.dice = None
        if outcome is not None:
            self.result = GameResult(self.on_roll, outcome)
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
        self.result = GameResult(winner, Outcome(outcome))
        self.phase = "over"
        return self.result

    def must_pass(self) -> bool:
        """True when the roll just thrown allows no move at all."""
        return self.phase == "move" and self.turn is not None and self.turn.length == 0

    # --- internals --------------------------------------------------------------------------

    def _start_turn(self, dice: tuple[int, int]) -> None:
        self.dice = dice
        self.turn = Turn(self.position, dice, minimize_waste=self.minimize_waste)
        self.phase = "move"

    def _require(self, phase: str) -> None:
        if self.phase != phase:
            raise GameError(f"cannot do that now: the game is at '{self.phase}', not '{phase}'")


__all__ = ["Game", "GameError", "GameResult", "IllegalMove", "Outcome", "outcome_of"]
