"""The match on the page and who sits where: the state every job of the controller shares
(:class:`Table`). Pure Python, no browser imports.

The board speaks in *bottom* numbering (the player drawn at the bottom moves 24 -> 1; 25 = bar,
0 = off). The mover's numbering is the bottom numbering turned by the game's map
(:func:`web.view.view.top_point`: ``25 - p``, or ``p ± 12`` in Fevga) when the mover sits at the
top. Checkers move through the match's turn (only legal steps are accepted) and each move is
answered with the :class:`~web.view.view.Motion` list to animate: a Portes hit sends the hit
checker to the bar, a Plakoto pin is no motion.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from tavli import IllegalMove, Move, SecureDice, SeededDice
from tavli.dice import DiceSource
from tavli.events import GameStarted, NextGame, Played
from tavli.games.base import Outcome
from tavli.games.registry import game_kind
from tavli.match import Match, MatchError
from tavli.scoring import Rules
from web.model.i18n import t
from web.model.setup import ONLINE, MatchSetup, ViewOptions
from web.view.view import Motion, top_point

from .effects import Effects, sounds_of
from .seats import Seat, seats_for

if TYPE_CHECKING:
    from tavli.games.turn import Turn

BAR = 25
OFF = 0
T = TypeVar("T")


def _known(value: T | None, what: str) -> T:
    """``value``, which the phase of the match guarantees (an assertion: no {what} otherwise)."""
    assert value is not None, f"no {what}"
    return value


class Table:
    """One match on this page: who plays it, the view options, who is drawn where, and what the
    page remembers of it (the status line's note, an answer to show, the last turn's dice). The
    jobs of :class:`web.control.controller.Controller` build on it."""

    def __init__(
        self,
        setup: MatchSetup | None = None,
        options: ViewOptions | None = None,
        dice: DiceSource | None = None,
        bot: Any = None,
        *,
        match: Match | None = None,
        time: Callable[[], float] | None = None,
        seats: tuple[Seat, Seat] | None = None,
    ) -> None:
        """A new match from ``setup``, or ``match`` (one resumed from a save) played as ``setup``
        says (who plays, names). ``time``: the clock's time function (seconds). ``seats``: who
        sits where (default: as ``setup.mode`` says, :func:`~web.control.seats.seats_for`; an
        online match gives them: the person's seat is the host's or the guest's)."""
        self.setup = setup if setup is not None else MatchSetup()
        if match is not None and self.setup.seed is None:
            # A resumed match keeps its seed in its dice (the setup kept by the page has none):
            # the computer's choices stay seeded too.
            source = getattr(match.dice, "source", None)
            if isinstance(source, SeededDice):
                self.setup = replace(self.setup, seed=source.seed)
        self.options = options if options is not None else ViewOptions()
        if match is None:
            if dice is None:
                dice = SeededDice(self.setup.seed) if self.setup.seed is not None else SecureDice()
            clock = None
            if self.setup.clock in ("standard", "blitz"):
                from tavli.clock import Clock

                clock = Clock(self.setup.clock)
            match = Match(rules=Rules.preset(self.setup.rules), dice=dice, clock=clock, time=time,
                          **self.setup.match_args())
        self.match = match
        self.seats = seats if seats is not None else seats_for(self.setup.mode, self.setup.seat)
        self.online: Any = None  # online play (web.control.online.OnlinePlay): the roll goes to the peer
        self._bot = bot  # the computer player, made on first use (it costs boot time)
        self.note = ""  # the last thing that happened, shown on the status line
        self.answer = ""  # an answer to a double or a resignation, to show (pop_answer)
        self.last_roll: tuple[int, tuple[int, int]] | None = None  # (player, dice) of the last turn
        self._bottom = 0
        self._last_click: tuple[int, int] | None = None  # (point, moves it made) for a double-click
        self._plan: list[Move] | None = None  # the computer's play, step by step
        self._drawn = self.match.dice.drawn  # the dice thrown when the page last heard (sounds)
        self._resumed()
        self.apply_auto_roll()

    def _resumed(self) -> None:
        """A match loaded from a save: the last turn's dice come back from the log, and a computer
        caught half-way through a play starts the play again."""
        m = self.match
        if m.phase == "move" and self.seats[m.game.on_roll] is Seat.COMPUTER:
            while self.turn.moves:
                m.undo()
        if m.phase == "roll" and m.log:
            for event in reversed(m.log):
                if isinstance(event, Played):
                    self.last_roll = (event.player, event.dice)
                    break
                if isinstance(event, (GameStarted, NextGame)):
                    break

    def apply_auto_roll(self) -> None:
        """The auto-roll option on the match's players who are people (online the page rolls for
        the person itself: the replica is never set to roll by itself)."""
        if self.match.phase == "match-over" or Seat.REMOTE in self.seats:
            return
        for p in (0, 1):
            if self.is_human(p) and self.match.auto_roll[p] != self.options.auto_roll:
                self.match.set_auto_roll(p, self.options.auto_roll)

    def set_options(self, options: ViewOptions) -> None:
        """New view options, at once (mid-game)."""
        self.options = options
        self.apply_auto_roll()

    @property
    def humans(self) -> tuple[bool, bool]:
        """Whether each seat is a person's at this device."""
        return self.seats[0] is Seat.LOCAL, self.seats[1] is Seat.LOCAL

    @property
    def remote(self) -> int | None:
        """The seat played from another device (online), or None."""
        return self.seats.index(Seat.REMOTE) if Seat.REMOTE in self.seats else None

    @property
    def names(self) -> tuple[str, str]:
        """The players' names: as set up, else "Player 1/2" (two players) or "You"/"Computer"."""
        given = self.setup.names
        if self.setup.mode == "pvp":
            default = (t("player_n", n=1), t("player_n", n=2))
        elif self.setup.mode == ONLINE:  # the person in his seat, the friend in the other
            default = (t("you"), t("online_friend")) if self.setup.seat == 0 else (t("online_friend"), t("you"))
        else:
            default = (t("you"), t("computer"))
        return (given[0] or default[0], given[1] or default[1])

    @property
    def opening(self) -> tuple[int, int] | None:
        """The opening throw (player 0's die, player 1's) while it is the last throw of the game:
        until the winner's first turn ends (Portes: he plays it) or he rolls afresh (Plakoto,
        Fevga, a Tavli match): :attr:`tavli.match.Match.opening_dice`."""
        return self.match.opening_dice

    @property
    def turn(self) -> Turn:
        """The turn being played (only while one is: the ``move`` phase, or a roll just thrown)."""
        return _known(self.match.turn, "turn is being played")

    @property
    def dice(self) -> tuple[int, int]:
        """The dice of the turn being played."""
        return _known(self.match.rolled, "dice are thrown")

    @property
    def actor(self) -> int:
        """The player to act now (only while one is: not at the opening roll or a game's end)."""
        return _known(self.match.to_act, "one is to act")

    @property
    def variant(self) -> str:
        """The game in play: ``"portes"``, ``"plakoto"`` or ``"fevga"``."""
        return self.match.game_variant

    # --- who is where -----------------------------------------------------------------------

    @property
    def bottom(self) -> int:
        """The match player drawn at the bottom."""
        remote = self.remote
        if remote is not None:  # online: the person's own seat, always
            self._bottom = 1 - remote
        elif all(self.humans) and self.options.turn_board and self.match.phase in ("roll", "move", "cube", "resign"):
            self._bottom = self.match.game.on_roll
        elif not all(self.humans):
            self._bottom = 0
        return self._bottom

    def _to_mover(self, point: int) -> int:
        """Bottom numbering -> the mover's numbering."""
        if point in (BAR, OFF) or self.match.game.on_roll == self.bottom:
            return point
        return top_point(self.variant, point)

    _from_mover = _to_mover  # the map is its own inverse

    def side_of(self, player: int) -> int:
        return 0 if player == self.bottom else 1

    # --- phases -----------------------------------------------------------------------------

    def is_human(self, player: int | None) -> bool:
        """Whether ``player``'s seat takes this page's input (a person here; online, while the
        session goes on: a broken one takes nothing more)."""
        return player is not None and self.seats[player] is Seat.LOCAL and (
            self.online is None or self.online.session.broken is None)

    def can_double(self) -> bool:
        """Whether the person on roll may double now (online: not while his roll is on its way)."""
        m = self.match
        return m.phase == "roll" and self.is_human(m.game.on_roll) and m.can_double() and (
            self.online is None or not self.online.session.rolling)

    def can_roll(self) -> bool:
        """Whether the person here may roll now: the opening roll (online the host's page throws
        it by itself), or his turn's roll (online: not while the friend's reveal is awaited)."""
        m = self.match
        if self.online is not None:
            return m.phase == "roll" and self.is_human(m.game.on_roll) and not self.online.session.rolling
        return m.phase == "opening" or (m.phase == "roll" and self.is_human(m.game.on_roll))

    def computer_to_act(self) -> bool:
        """Whether the computer acts next: on its turn, or to claim the win on time at once when
        a person's time is up (Blitz), so that he does not play on unawares."""
        m = self.match
        if self._computer_claim() is not None:
            return True
        return m.phase in ("roll", "move", "cube", "resign") and m.to_act is not None \
            and self.seats[m.to_act] is Seat.COMPUTER

    def _computer_claim(self) -> int | None:
        """The computer player who may claim the win on time now, or None."""
        for p in (0, 1):
            if self.seats[p] is Seat.COMPUTER and self.match.can_claim(p):
                return p
        return None

    def time_up(self) -> int | None:
        """The player whose time is up and is said so on the board: a flag awaiting the claim
        (Blitz), or the game or match just lost on time; None when no one's is."""
        m = self.match
        if m.flagged is not None and m.phase not in ("game-over", "match-over"):
            return m.flagged
        result = m.result
        if m.phase in ("game-over", "match-over") and result is not None and result.reason == "timeout" \
                and result.winner is not None:
            return 1 - result.winner
        return None

    def human_moving(self) -> bool:
        m = self.match
        return m.phase == "move" and self.is_human(m.game.on_roll)

    def page_phase(self) -> str:
        """The page phase for ``document.body.dataset.phase``: opening, roll, move, opponent,
        cube, resign, game-over or match-over."""
        phase = self.match.phase
        if phase in ("opening", "game-over", "match-over"):
            return phase
        if not self.is_human(self.match.to_act):
            return "opponent"
        return phase

    def claimant(self) -> int | None:
        """The person who may claim the win on time now (Blitz), or None."""
        for p in (0, 1):
            if self.is_human(p) and self.match.can_claim(p):
                return p
        return None

    def human_player(self) -> int:
        """The person acting now (pass-and-play: the one whose turn it is; else player 0)."""
        m = self.match
        if all(self.humans):
            return m.to_act if m.to_act is not None else self.bottom
        return self.humans.index(True)

    def resign_levels(self) -> list[Outcome]:
        """The levels (:class:`tavli.game.Outcome`) the person on roll may offer to resign the
        round now (start of his turn); empty when he may not."""
        m = self.match
        if m.phase != "roll" or not self.is_human(m.game.on_roll):
            return []
        return list(m.resign_options())

    def resign_cost(self) -> int:
        """Greek rules: the points resigning the round costs now (2 with nothing borne off)."""
        levels = self.resign_levels()
        return int(levels[0]) * self.match.cube if levels else 0

    # --- what the page is told --------------------------------------------------------------

    def pop_answer(self) -> str:
        """The answer to a double or a resignation given since the last call ("" if none): the
        page shows it for a moment."""
        text, self.answer = self.answer, ""
        return text

    def effects(self, motions: list[Motion] | None = None) -> Effects:
        """What the page shows and plays after an action that moved ``motions``: the sounds (the
        dice when some were thrown since the last call), the answer to show (taken), the note."""
        motions = list(motions or [])
        drawn = self.match.dice.drawn
        thrown, self._drawn = drawn > self._drawn, drawn
        return Effects(motions, sounds_of(motions, thrown), self.pop_answer(), self.note)

    # --- moving checkers --------------------------------------------------------------------

    def _motions(self, side: int, move: Move, back: bool = False) -> list[Motion]:
        """``side``'s checker moved by ``move`` (taken back when ``back``), and in Portes the
        checker it hit, to the bar (or back from it); a Plakoto pin (also ``hit``) leaves the
        pinned checker where it is."""
        start, end = self._from_mover(move.start), self._from_mover(move.end)
        motions = [Motion(side, end, start) if back else Motion(side, start, end)]
        if move.hit and game_kind(self.variant).hits:
            motions.append(Motion(1 - side, BAR, end) if back else Motion(1 - side, end, BAR))
        return motions

    def _apply(self, moves: list[Move]) -> list[Motion]:
        """Make ``moves`` in turn (stopping at the first the match refuses)."""
        m = self.match
        side = self.side_of(m.game.on_roll)
        motions: list[Motion] = []
        for move in moves:
            try:
                made = m.move(move)
            except (IllegalMove, MatchError):
                break
            motions += self._motions(side, made)
        return motions

    def _undo_one(self) -> list[Motion]:
        """Take back the last checker move of the turn."""
        made = self.match.undo()
        if made is None:
            return []
        return self._motions(self.side_of(self.match.game.on_roll), made, back=True)

    def _after_move(self) -> list[Motion]:
        """After a human move: the turn ends by itself once complete (unless click-to-finish)."""
        if self.human_moving() and not self.options.click_to_finish:
            turn = self.turn
            if turn.is_complete() and turn.length > 0:
                self._end_turn()
        return []

    def _end_turn(self) -> None:
        self.last_roll = (self.match.game.on_roll, self.dice)
        self.match.end_turn()
        self._last_click = None
        if self.match.phase not in ("game-over", "match-over"):
            self.note = ""
