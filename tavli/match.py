"""A match: games between two players to a target score, or money play, as a checked state machine.

Players are numbered 0 and 1. A :class:`Match` moves through phases (``match.phase``):

* ``"opening"`` — a game is about to start: :meth:`Match.roll` throws the opening roll (one die
  each, ties thrown again); the higher die moves first with both dice.
* ``"roll"`` — the player on roll may :meth:`~Match.double`, :meth:`~Match.offer_resignation` or
  :meth:`~Match.roll`.
* ``"move"`` — he moves checkers one at a time (:meth:`~Match.move`, :meth:`~Match.undo`) and
  finishes with :meth:`~Match.end_turn`, or makes a whole play with :meth:`~Match.play`.
* ``"cube"`` — a double was offered: the opponent must :meth:`~Match.take` or :meth:`~Match.drop`.
* ``"resign"`` — a resignation was offered: the opponent must :meth:`~Match.accept_resignation` or
  :meth:`~Match.refuse_resignation`.
* ``"game-over"`` — the game is scored; :meth:`~Match.next_game` starts the next one.
* ``"match-over"`` — a player reached the target score (or resigned the match, or lost on time;
  in money play, the agreed number of games was played).

At any time before the end either player may :meth:`~Match.resign_match`, and a player whose
opponent ran out of reserve time on a clock that allows it may :meth:`~Match.claim_timeout`.

Every action is checked first: one that the rules do not allow now raises :class:`MatchError` (or
:class:`~tavli.games.base.IllegalMove` for a checker move) and changes nothing. Everything that happens
is appended to ``match.log`` as events (:mod:`tavli.events`), so that a match can be replayed
(:meth:`Match.replay`), saved (:mod:`tavli.formats.savefile`) and exported (:mod:`tavli.formats`).

Rules of scoring (see :mod:`tavli.scoring` for the presets):

* A game counts its result (single 1, gammon 2, backgammon 3) times the cube. The score never
  passes the target (the log keeps the real number of points).
* Resigning the match, or running out of time on a clock where that loses the match, gives the
  opponent the match. In money play it ends the session and the game in progress counts as lost at
  the most it could still be worth.
* The cube, resigning a round and a win on time: see :mod:`tavli.decisions`. The game played
  (Portes, Plakoto, Fevga or the three in turn) and its rule options: see :mod:`tavli.matchsetup`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .decisions import MatchDecisions
from .dice import FixedDice
from .events import AutoRollSet, Event, OpeningRoll, Rolled, SetUp, redo
from .games.base import Move, Play
from .matchsetup import check_player
from .phase import GamePhase, Phase
from .scores import MatchError
from .scoring import Rules

if TYPE_CHECKING:
    from .clock import Clock


class Match(MatchDecisions):
    """A match to ``length`` points (1..25), or money play when ``length`` is None.

    ``dice``: where the dice come from (default: the cryptographic source, or a seeded one when
    ``seed`` is given). ``clock``: an optional :mod:`tavli.clock` model; it runs for whoever must
    act. ``time``: the function giving the time in seconds when an action is not passed ``now``
    (default ``time.monotonic``). ``games``: in money play, end the session after that many games.
    ``variant``: ``"portes"`` (default), ``"plakoto"``, ``"fevga"`` or ``"tavli"`` (the three in
    rotation); see :mod:`tavli.matchsetup`. ``options``: the rule options of Plakoto and Fevga
    (``mother_points``, ``first_checker``, ``prime``), also described there.
    """

    # --- views ----------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """The actions allowed now, by name: ``roll``, ``double``, ``resign`` (offer), ``move``,
        ``undo``, ``end-turn``, ``take``, ``drop``, ``accept``, ``refuse``, ``next-game``,
        ``claim-timeout`` (by the flagged player's opponent) and ``resign-match`` (either player)."""
        phase = self.phase
        actions: list[str] = []
        if phase == Phase.OPENING:
            actions.append("roll")
        elif phase == Phase.ROLL:
            if self.can_double():
                actions.append("double")
            if self.resign_options():
                actions.append("resign")
            actions.append("roll")
        elif phase == Phase.MOVE:
            turn = self.game.turn
            assert turn is not None
            if turn.legal_moves():
                actions.append("move")
            if turn.moves:
                actions.append("undo")
            if turn.is_complete():
                actions.append("end-turn")
        elif phase == Phase.CUBE:
            actions += ["take", "drop"]
        elif phase == Phase.RESIGN:
            actions += ["accept", "refuse"]
        elif phase == Phase.GAME_OVER:
            actions.append("next-game")
        if self.can_claim():
            actions.append("claim-timeout")
        if phase != Phase.MATCH_OVER:
            actions.append("resign-match")
        return actions

    # --- rolling and moving ---------------------------------------------------------------

    def roll(self, now: float | None = None, *, player: int | None = None) -> tuple[int, int]:
        """The opening roll (phase ``"opening"``: returns player 0's and player 1's die) or the
        roll of the player on roll (phase ``"roll"``). After the opening roll the winner plays
        the dice shown (Portes matches: phase ``"move"``) or rolls both dice (Plakoto, Fevga, a
        Tavli match: phase ``"roll"``)."""
        now = self._begin(now)
        if self.phase == Phase.OPENING:
            self._require(Phase.OPENING)
            before = len(self.game.opening_rolls)
            pair = self.game.opening_roll()
            for a, b in self.game.opening_rolls[before:]:
                self._record(OpeningRoll((a, b), t=now))
            self.starter = self.game.on_roll
            self.phase = Phase.MOVE if self.game.phase == GamePhase.MOVE else Phase.ROLL
            self._new_turn()
            self._clock_start(self.game.on_roll, now)
            return pair
        self._require(Phase.ROLL, player)
        dice = self.game.roll()
        self._record(Rolled(self.game.on_roll, dice, t=now))
        self.phase = Phase.MOVE
        return dice

    def move(self, move: Move | tuple[int, int], now: float | None = None, *, player: int | None = None) -> Move:
        """Move one checker (``(from, to)`` in the mover's numbering, 25 = bar, 0 = off)."""
        now = self._begin(now)
        self._require(Phase.MOVE, player)
        return self.game.move(move)

    def undo(self, now: float | None = None, *, player: int | None = None) -> Move | None:
        """Take back the last checker moved this turn (None when there is none)."""
        now = self._begin(now)
        self._require(Phase.MOVE, player)
        return self.game.undo()

    def end_turn(self, now: float | None = None, *, player: int | None = None) -> Play[Any]:
        """Finish the turn once its moves form a legal play (at once when no move is possible)."""
        now = self._begin(now)
        self._require(Phase.MOVE, player)
        turn = self.game.turn
        assert turn is not None
        if not turn.is_complete():
            raise MatchError(f"dice remain to be played: {', '.join(map(str, turn.dice_left()))}")
        return self._finish_turn(now)

    def play(self, play: Play[Any] | Iterable[tuple[int, int]] | str, now: float | None = None, *, player: int | None = None) -> Play[Any]:
        """Make a whole play at once and end the turn: a :class:`~tavli.games.base.Play`, a list of
        ``(from, to)`` single-die moves, or notation such as ``"24/18 13/8"``."""
        now = self._begin(now)
        self._require(Phase.MOVE, player)
        chosen = self.find_play(play)
        turn = self.game.turn
        assert turn is not None
        turn.reset()
        for step in chosen.steps:
            turn.apply(step)
        return self._finish_turn(now)

    def find_play(self, play: Play[Any] | Iterable[tuple[int, int]] | str) -> Play[Any]:
        """The legal play of the current roll that ``play`` describes; :class:`MatchError` if none."""
        if self.phase != Phase.MOVE:
            raise MatchError(f"no roll to play: the match is at '{self.phase}'")
        turn = self.game.turn
        dice = self.game.dice
        assert turn is not None and dice is not None
        plays: list[Play[Any]] = turn.plays
        if isinstance(play, Play):
            if play in plays:
                return play
            if play.position == turn.position:
                for candidate in plays:
                    if candidate.result == play.result:
                        return candidate
            raise MatchError(f"{play} is not a legal play of {dice[0]}-{dice[1]}")
        from .games.notation import parse_moves  # (a play given as text: not at the page's boot)

        hops = sorted(parse_moves(play) if isinstance(play, str) else ((m[0], m[1]) for m in play))
        for candidate in plays:
            if sorted(candidate.moves) == hops:
                return candidate
        for candidate in plays:
            if _net(candidate.moves) == _net(hops):
                return candidate
        raise MatchError(f"{play!r} is not a legal play of {dice[0]}-{dice[1]}")

    # --- between games and options --------------------------------------------------------

    def next_game(self, now: float | None = None) -> None:
        """Start the next game (phase ``"game-over"`` to ``"opening"``; in Plakoto, Fevga and
        Tavli matches to ``"roll"``, the winner of the game before on roll, or after a draw the
        player who started it)."""
        now = self._begin(now)
        self._require(Phase.GAME_OVER)
        starter = self.next_starter()
        self.game = self._make_game(self.game_number + 1, starter)
        self.phase = Phase.OPENING if starter is None else Phase.ROLL
        self.starter = starter
        self._start_game(now)
        if starter is not None:
            self._clock_start(starter, now)

    def next_starter(self) -> int | None:
        """Who starts the next game: None when it starts with the opening roll (Portes
        matches), else the winner of the game just finished (after a draw, its starter)."""
        if self.backgammon or self.result is None:
            return None
        if self.result.winner is not None:
            return self.result.winner
        return self.starter if self.starter is not None else 0

    def set_auto_roll(self, player: int, on: bool = True, now: float | None = None) -> None:
        """Set or clear ``player``'s auto-roll option (the board rolls for him at once; while it is
        set he cannot double)."""
        check_player(player)
        now = self._begin(now)
        if self.phase == Phase.MATCH_OVER:
            raise MatchError("the match is over")
        if self.auto_roll[player] != bool(on):
            self.auto_roll[player] = bool(on)
            self._record(AutoRollSet(player, bool(on), t=now))

    # --- replay ---------------------------------------------------------------------------

    @classmethod
    def replay(
        cls,
        log: Sequence[Event],
        length: int | None = 1,
        rules: Rules | None = None,
        *,
        clock: Clock | None = None,
        games: int | None = None,
        variant: str = "portes",
        options: dict[str, Any] | None = None,
        setup: Callable[[Match, SetUp], None] | None = None,
    ) -> Match:
        """A new match made by doing again every action recorded in ``log`` (the dice as
        recorded, the time as recorded). Raises ``ValueError`` if the log does not replay.
        ``setup`` puts the match where a ``setup`` event says (:func:`tavli.formats.matchio.replay`)."""
        dice = [d for event in log if isinstance(event, (OpeningRoll, Rolled)) for d in event.dice]
        match = cls(length, rules, FixedDice(dice), clock=clock, games=games, variant=variant, options=options)
        for event in log:
            if isinstance(event, SetUp):
                if setup is None:
                    raise MatchError("a match set up from GNU Backgammon IDs replays with tavli.formats.matchio.replay")
                setup(match, event)
            else:
                redo(match, event)
        return match


def _net(moves: Iterable[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """Where checkers started and where they ended, a point passed through left out (so that
    ``24/13`` describes 24/18 18/13)."""
    starts = Counter(a for a, _ in moves)
    ends = Counter(b for _, b in moves)
    through = starts & ends
    return sorted((starts - through).elements()), sorted((ends - through).elements())


__all__ = ["Match", "MatchError"]
