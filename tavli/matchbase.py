"""The state of a match (:class:`MatchBase`, the base of :class:`tavli.match.Match`): what it is
made with, where it stands, what it shows, and how a game's end is scored, the match ended and the
clock followed. The actions are in :mod:`tavli.decisions` (the cube, resigning, time) and
:mod:`tavli.match` (rolling, moving, the next game)."""

from __future__ import annotations

import time as _time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .dice import DiceSource, dice_source
from .events import (
    Event,
    GameDrawn,
    GameStarted,
    GameWon,
    MatchOver,
    NextGame,
    OpeningRoll,
    Played,
    Rolled,
    TimedOut,
)
from .game import Game
from .games.base import GameResult, Outcome, Play, Termination
from .games.portes import Position
from .matchsetup import (
    MAX_LENGTH,
    OPTIONS,
    ROTATION,
    VARIANT_TITLES,
    VARIANTS,
    CountingDice,
    check_player,
    is_backgammon,
    match_options,
    rules_for,
)
from .phase import GamePhase, Phase
from .scores import GameScore, MatchError
from .scoring import Rules

if TYPE_CHECKING:
    from .clock import Clock
    from .games.turn import Turn
    from .snapshot import MatchSnapshot


class MatchBase:
    """A match's state and its scoring; see :class:`tavli.match.Match`."""

    def __init__(
        self,
        length: int | None = 1,
        rules: Rules | None = None,
        dice: DiceSource | None = None,
        *,
        seed: int | None = None,
        clock: Clock | None = None,
        time: Callable[[], float] | None = None,
        games: int | None = None,
        variant: str = "portes",
        options: dict[str, Any] | None = None,
    ) -> None:
        if not isinstance(variant, str) or variant.strip().lower() not in VARIANTS:
            raise MatchError(f"the game is one of {', '.join(VARIANTS)}, not {variant!r}")
        variant = variant.strip().lower()
        self.options = match_options(variant, options)
        if length is not None:
            if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_LENGTH:
                raise MatchError(f"a match is played to 1..{MAX_LENGTH} points, not {length!r}")
        if games is not None:
            if length is not None:
                raise MatchError("a number of games is only for money play (no target score)")
            if isinstance(games, bool) or not isinstance(games, int) or games < 1:
                raise MatchError(f"the number of games must be a positive whole number, not {games!r}")
        self.length = length
        self.variant = variant
        self.rules = rules_for(variant, rules)
        self.max_games = games
        self.dice = CountingDice(dice if dice is not None else dice_source(seed))
        self.clock = clock
        self._time = time if time is not None else _time.monotonic
        self.scores = [0, 0]
        self.game_number = 0
        self.crawford = False  # this game is the Crawford game
        self.crawford_played = False
        self.cube = 1
        self.cube_owner: int | None = None
        self.auto_roll = [False, False]
        self.resign_offer: Outcome | None = None  # pending offer (phase "resign")
        self.resign_refused: Outcome | None = None  # highest offer refused this turn
        self.result: GameScore | None = None  # how the current game ended
        self.results: list[GameScore] = []
        self.winner: int | None = None
        self.end_reason: Termination | None = None
        self.flagged: int | None = None  # the player whose reserve ran out, while a claim is open
        self.flag_seen = False  # a flag fell earlier in the match
        self.starter: int | None = None  # who rolled first in this game (None before the opening roll)
        self.log: list[Event] = []
        self.game = self._make_game(1, None)
        self.phase: Phase = Phase.OPENING
        self._start_game(None)

    # --- views ----------------------------------------------------------------------------

    @property
    def money(self) -> bool:
        """True in money play (no target score)."""
        return self.length is None

    @property
    def backgammon(self) -> bool:
        """A match of Portes alone, played as backgammon (:func:`tavli.matchsetup.is_backgammon`)."""
        return is_backgammon(self.variant)

    @property
    def game_variant(self) -> str:
        """The game in play: ``"portes"``, ``"plakoto"`` or ``"fevga"``."""
        return self.game.variant

    def game_options(self, name: str) -> dict[str, Any]:
        """The rule options of the game ``name`` ("portes", "plakoto", "fevga") in this match."""
        return {key: value for key, value in self.options.items() if OPTIONS[key][0] == name}

    def variant_of(self, number: int) -> str:
        """The game played as game ``number`` (1, 2...) of this match."""
        if self.variant != "tavli":
            return self.variant
        return ROTATION[(number - 1) % len(ROTATION)]

    @property
    def rotation_index(self) -> int:
        """In a Tavli match, the place of the game in play in :data:`ROTATION` (0 Portes,
        1 Plakoto, 2 Fevga); in any other match 0."""
        return (self.game_number - 1) % len(ROTATION) if self.variant == "tavli" else 0

    @property
    def on_roll(self) -> int | None:
        """The player whose turn it is (None before the opening roll)."""
        return None if self.phase == Phase.OPENING else self.game.on_roll

    @property
    def to_act(self) -> int | None:
        """Who must act now: the roller and mover, the player deciding on a double or on a
        resignation offer; None before the opening roll and once the game or match is over."""
        if self.phase in (Phase.ROLL, Phase.MOVE):
            return self.game.on_roll
        if self.phase in (Phase.CUBE, Phase.RESIGN):
            return 1 - self.game.on_roll
        return None

    @property
    def turn(self) -> Turn[Any] | None:
        """The :class:`~tavli.games.turn.Turn` being played (phase ``"move"``), else None."""
        return self.game.turn if self.phase == Phase.MOVE else None

    @property
    def opening_dice(self) -> tuple[int, int] | None:
        """The opening throw (player 0's die, player 1's) while it is the last throw of the game:
        until the winner's first turn ends (Portes: he plays it) or he rolls afresh (Plakoto,
        Fevga, a Tavli match); None otherwise. Read from the log, so a live and a resumed match
        agree."""
        if not self.phase.in_game:
            return None
        for event in reversed(self.log):
            if isinstance(event, OpeningRoll):
                return event.dice
            if isinstance(event, (Rolled, Played, GameStarted, NextGame)):
                return None
        return None

    @property
    def rolled(self) -> tuple[int, int] | None:
        """The dice of the turn being played."""
        return self.game.dice if self.phase == Phase.MOVE else None

    def position_for(self, player: int) -> Position:
        """The checkers seen from ``player`` (his checkers in ``.player``), a turn in progress
        included."""
        check_player(player)
        board: Position
        if self.game.turn is None:
            board = self.game.position_for(player)
            return board
        board = self.game.turn.current
        return board if self.game.on_roll == player else board.swap()

    def needs(self, player: int) -> int | None:
        """Points ``player`` still needs to win the match (None in money play)."""
        return None if self.length is None else self.length - self.scores[player]

    def is_over(self) -> bool:
        return self.phase == Phase.MATCH_OVER

    def score_text(self) -> str:
        target = "money" if self.length is None else f"to {self.length}"
        text = f"{self.scores[0]}-{self.scores[1]} ({target}), game {self.game_number}"
        if not self.backgammon:
            text += f" ({VARIANT_TITLES[self.game_variant]})"
        return text

    def now(self) -> float:
        """The time now, by the match's time function."""
        return float(self._time())

    # --- snapshot -------------------------------------------------------------------------

    def snapshot(self) -> MatchSnapshot:
        """The match's state as plain data (see :class:`~tavli.snapshot.MatchSnapshot`); the
        log's events are copies."""
        game = self.game
        turn = game.turn
        from .snapshot import MatchSnapshot  # (imported when first asked for: not at the page's boot)

        return MatchSnapshot(
            phase=self.phase,
            game_number=self.game_number,
            scores=(self.scores[0], self.scores[1]),
            crawford=self.crawford,
            crawford_played=self.crawford_played,
            cube=self.cube,
            cube_owner=self.cube_owner,
            auto_roll=(self.auto_roll[0], self.auto_roll[1]),
            resign_offer=self.resign_offer,
            resign_refused=self.resign_refused,
            result=self.result,
            results=tuple(self.results),
            winner=self.winner,
            end_reason=self.end_reason,
            flagged=self.flagged,
            flag_seen=self.flag_seen,
            starter=self.starter,
            game_variant=game.variant,
            on_roll=game.on_roll,
            position=game.position_for(0),
            dice=game.dice,
            moves=tuple(turn.moves) if turn is not None else (),
            opening_rolls=tuple(game.opening_rolls),
            dice_source=self.dice.source,
            dice_drawn=self.dice.drawn,
            log=tuple(self.log),
        )

    def restore(self, state: MatchSnapshot) -> None:
        """Put this match, made with the same settings as the one ``state`` was taken from, into
        ``state``. The game in play is set up again from its checkers, dice and moves (a move
        that is not legal raises :class:`~tavli.game.GameError`); the dice stay this match's own
        source, only the count of dice drawn is taken from ``state``."""
        name = self.variant_of(state.game_number)
        if state.game_variant != name:
            raise MatchError(f"game {state.game_number} is {name}, not {state.game_variant}")
        if state.phase == Phase.OPENING:
            game = self._make_game(state.game_number, None)
        else:
            seen_by_0 = state.position
            position = seen_by_0 if state.on_roll == 0 else seen_by_0.swap()
            game = self._make_game(state.game_number, state.on_roll, position)
        game.opening_rolls = list(state.opening_rolls)
        if state.phase == Phase.MOVE:
            assert state.dice is not None
            game.set_dice(state.dice)
            for move in state.moves:
                game.move(move)
        if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            result = state.result
            assert result is not None
            if result.winner is None:
                game.finish(GameResult(None, None, Termination.DRAW))
            else:
                assert result.outcome is not None
                game.concede(result.winner, result.outcome, result.reason)
        self.game = game
        self.phase = state.phase
        self.game_number = state.game_number
        self.scores = list(state.scores)
        self.crawford, self.crawford_played = state.crawford, state.crawford_played
        self.cube, self.cube_owner = state.cube, state.cube_owner
        self.auto_roll = list(state.auto_roll)
        self.resign_offer, self.resign_refused = state.resign_offer, state.resign_refused
        self.result, self.results = state.result, list(state.results)
        self.winner, self.end_reason = state.winner, state.end_reason
        self.flagged, self.flag_seen = state.flagged, state.flag_seen
        self.starter = state.starter
        self.dice.drawn = state.dice_drawn
        self.log = list(state.log)

    # --- internals ------------------------------------------------------------------------

    def _make_game(self, number: int, starter: int | None, position: Any = None) -> Game:
        """Game ``number``'s board: waiting for the opening roll (``starter`` None) or with
        ``starter`` on roll (at ``position``, seen from him; default the start)."""
        name = self.variant_of(number)
        return Game(
            self.dice,
            position=position,
            minimize_waste=self.rules.minimize_waste,
            variant=name,
            options=self.game_options(name),
            on_roll=starter,
            play_opening=self.backgammon,
        )

    def _begin(self, now: float | None) -> float | None:
        """Read the time and let the clock catch up with it (see :meth:`update`)."""
        if self.clock is None:
            return now
        if now is None:
            now = float(self._time())
        self._observe_clock(now)
        return now

    def _require(self, phase: Phase, player: int | None = None) -> None:
        if self.phase != phase:
            if self.phase == Phase.MATCH_OVER:
                if self.end_reason == Termination.TIMEOUT and self.winner is not None:
                    raise MatchError(f"the match is over: player {1 - self.winner} ran out of time")
                raise MatchError("the match is over")
            raise MatchError(f"cannot do that now: the match is at '{self.phase}', not '{phase}'")
        if player is not None:
            check_player(player)
            if player != self.to_act and self.to_act is not None:
                raise MatchError(f"it is player {self.to_act}'s move, not player {player}'s")

    def _record(self, event: Event) -> None:
        self.log.append(event)

    def _start_game(self, now: float | None) -> None:
        self.game_number += 1
        self.cube = 1
        self.cube_owner = None
        self.result = None
        self._new_turn()
        self.crawford = False
        if (
            self.length is not None
            and self.length > 1
            and self.rules.cube
            and self.rules.crawford
            and not self.crawford_played
            and max(self.scores) == self.length - 1
        ):
            self.crawford = True
            self.crawford_played = True
        if self.game_number > 1:
            self._record(NextGame(t=now))
        self._record(GameStarted(self.game_number, self._score_pair(), self.crawford))

    def _new_turn(self) -> None:
        self.resign_offer = None
        self.resign_refused = None

    def _finish_turn(self, now: float | None) -> Play[Any]:
        mover = self.game.on_roll
        dice = self.game.dice
        assert dice is not None
        play = self.game.end_turn()
        self._record(Played(mover, dice, play.moves, str(play), t=now))
        self._clock_stop(now, completed_turn=True)
        if self.game.phase == GamePhase.OVER:
            result = self.game.result
            assert result is not None
            if result.winner is None:
                self._score(GameScore(None, None, None, self.cube, 0, Termination.DRAW), now)
            else:
                assert result.outcome is not None
                self._end_game(result.winner, result.outcome, result.termination, now)
            return play
        self.phase = Phase.ROLL
        self._new_turn()
        self._clock_start(self.game.on_roll, now)
        return play

    def _end_game(self, winner: int, outcome: Outcome, reason: Termination, now: float | None) -> GameScore:
        if self.game.phase != GamePhase.OVER:
            self.game.concede(winner, outcome, reason)
        if reason == Termination.TIMEOUT:
            counted = Outcome.GAMMON  # a claimed win on time counts 2, whatever else applies
        else:
            counted = self.rules.counted(outcome, cube=self.cube, money=self.money)
        score = GameScore(winner, outcome, counted, self.cube, int(counted) * self.cube, reason)
        self._score(score, now)
        return score

    def _score(self, score: GameScore, now: float | None) -> None:
        self.result = score
        self.results.append(score)
        self.resign_offer = None
        self.flagged = None
        if score.winner is None:  # a draw: nobody scores
            total = 0
            self._record(GameDrawn(score, self._score_pair()))
        else:
            total = self.scores[score.winner] + score.points
            if self.length is not None:
                total = min(total, self.length)
            self.scores[score.winner] = total
            self._record(GameWon(score, self._score_pair()))
        if self.length is not None and total >= self.length:
            self._finish_match(score.winner, score.reason, now)
        elif self.length is None and self.max_games is not None and self.game_number >= self.max_games:
            self._finish_match(self._money_leader(), Termination.GAMES, now)
        else:
            self.phase = Phase.GAME_OVER
            self._clock_stop(now)

    def _forfeit(self, loser: int, reason: Termination, now: float | None) -> None:
        winner = 1 - loser
        if self.length is not None:
            if self.phase != Phase.GAME_OVER:  # a game in play is lost with the match
                points = self.length - self.scores[winner]
                score = GameScore(winner, Outcome.SINGLE, Outcome.SINGLE, self.cube, points, reason)
                self.game.concede(winner, Outcome.SINGLE, reason)
                self.result = score
                self.results.append(score)
                self.scores[winner] = self.length
                self._record(GameWon(score, self._score_pair()))
            self.scores[winner] = self.length
            self._finish_match(winner, reason, now)
            return
        if self.phase != Phase.GAME_OVER:
            top = self.rules.resign_levels()[-1]
            self.game.concede(winner, top, reason)
            counted = self.rules.counted(top, cube=self.cube, money=True)
            score = GameScore(winner, top, counted, self.cube, int(counted) * self.cube, reason)
            self.scores[winner] += score.points
            self.result = score
            self.results.append(score)
            self._record(GameWon(score, self._score_pair()))
        self._finish_match(winner, reason, now)

    def _finish_match(self, winner: int | None, reason: Termination, now: float | None) -> None:
        self.winner = winner
        self.end_reason = reason
        self.phase = Phase.MATCH_OVER
        self.resign_offer = None
        self.flagged = None
        self._record(MatchOver(winner, self._score_pair(), reason))
        self._clock_stop(now)

    def _score_pair(self) -> tuple[int, int]:
        return (self.scores[0], self.scores[1])

    def _money_leader(self) -> int | None:
        if self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    # --- the clock ------------------------------------------------------------------------

    def _clock_start(self, player: int, now: float | None, *, fresh: bool = True) -> None:
        """``player`` must act from ``now`` (his move timer full, or going on with ``fresh=False``
        when a decision he handed over comes back to him)."""
        if self.clock is not None and now is not None:
            self.clock.start(player, now, fresh=fresh)

    def _clock_stop(self, now: float | None, *, completed_turn: bool = False) -> None:
        if self.clock is not None and now is not None:
            self.clock.stop(now, completed_turn=completed_turn)

    def _observe_clock(self, now: float) -> None:
        """Act on a flag: on a clock where it loses the match (Standard) the match ends; on one
        where the opponent may claim (Blitz) the claim opens, for the rest of that game, and in a
        later game each time the flagged player runs over his time for a turn again."""
        if self.clock is None or self.phase == Phase.MATCH_OVER:
            return
        state = self.clock.state(now)
        loser = state.flagged
        if loser is None:
            return
        if state.match_lost:
            self._record(TimedOut(loser, t=now))
            self._forfeit(loser, Termination.TIMEOUT, now)
        elif state.claimable and self.flagged is None and self.phase not in (Phase.OPENING, Phase.GAME_OVER):
            if not self.flag_seen or state.players[loser].in_bank:
                self.flag_seen = True
                self.flagged = loser
                self._record(TimedOut(loser, t=now))

    def __repr__(self) -> str:
        return f"<Match {self.score_text()} {self.phase}>"
