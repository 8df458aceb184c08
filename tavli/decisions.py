"""The decisions of a match beside the checkers (:class:`MatchDecisions`, a base of
:class:`tavli.match.Match`): the doubling cube (offer, take, drop), resigning (a round, offered or
Greek, or the whole match) and time (pausing the clock, a win claimed on time).

Rules of the cube and of resigning:

* The cube starts in the middle at 1 (the board shows 64). Either player may double at the start
  of his turn before rolling while it is in the middle, afterwards only its owner; the taker owns
  it at twice the value; it stops at 64. There is no cube in a match to 1 point, in the Crawford
  game (the one game after a player first reaches one point short of the target), or for a
  player who set auto-roll. A dropped double loses the cube's value before the offer.
* Resigning a round (International): at the start of his turn a player offers a single, a gammon
  or a backgammon; the highest is accepted at once; after a refusal he plays on or offers a higher
  level, and the offers start again at the next turn. Greek: resigning loses 2 points (times the
  cube) if the resigner has borne off nothing, otherwise 1, at once.
* A win claimed on time counts as a gammon (2 points times the cube).
* Online (:mod:`tavli.online`), a player who withholds a die or stays away loses the match
  (:meth:`MatchDecisions.forfeit`), scored as resigning it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .events import (
    Claimed,
    Conceded,
    Doubled,
    Dropped,
    Forfeited,
    MatchResigned,
    Paused,
    ResignationAccepted,
    ResignationOffered,
    ResignationRefused,
    Resigned,
    Resumed,
    Took,
)
from .games.base import Outcome, Termination
from .matchbase import MatchBase
from .matchsetup import MAX_CUBE, VARIANT_TITLES, check_player
from .phase import Phase
from .scores import GameScore, MatchError, level_name, parse_level

if TYPE_CHECKING:
    from .clock import ClockState


class MatchDecisions(MatchBase):
    """The cube, resigning and time; see :class:`tavli.match.Match`."""

    # --- the cube -------------------------------------------------------------------------

    def cube_available(self, player: int) -> bool:
        """Whether the cube is in play for ``player`` in this game at all (rules, a match to 1, the
        Crawford game, auto-roll)."""
        return bool(
            self.rules.cube
            and self.backgammon
            and self.length != 1
            and not self.crawford
            and not self.auto_roll[player]
        )

    def can_double(self) -> bool:
        """Whether the player on roll may offer the cube now."""
        if self.phase != Phase.ROLL:
            return False
        player = self.game.on_roll
        return (
            self.cube_available(player)
            and self.cube < MAX_CUBE
            and self.cube_owner in (None, player)
        )

    def _why_no_double(self, player: int) -> str:
        if not self.backgammon:
            return f"there is no doubling cube in {VARIANT_TITLES[self.variant]}"
        if not self.rules.cube:
            return "there is no doubling cube under these rules"
        if self.length == 1:
            return "there is no doubling in a match to 1 point"
        if self.crawford:
            return "no doubling in the Crawford game"
        if self.auto_roll[player]:
            return "a player with auto-roll set cannot double"
        if self.cube >= MAX_CUBE:
            return f"the cube is already at {MAX_CUBE}"
        return f"the cube belongs to player {self.cube_owner}"

    def double(self, now: float | None = None, *, player: int | None = None) -> int:
        """Offer the cube (phase ``"roll"``); returns the value offered."""
        now = self._begin(now)
        self._require(Phase.ROLL, player)
        doubler = self.game.on_roll
        if not self.can_double():
            raise MatchError(self._why_no_double(doubler))
        self.phase = Phase.CUBE
        self._record(Doubled(doubler, self.cube * 2, t=now))
        self._clock_start(1 - doubler, now)
        return self.cube * 2

    def take(self, now: float | None = None, *, player: int | None = None) -> int:
        """Accept the double: the cube doubles and the taker owns it; the doubler then rolls."""
        now = self._begin(now)
        self._require(Phase.CUBE, player)
        taker = 1 - self.game.on_roll
        self.cube *= 2
        self.cube_owner = taker
        self.phase = Phase.ROLL
        self._record(Took(taker, self.cube, t=now))
        self._clock_start(1 - taker, now, fresh=False)
        return self.cube

    def drop(self, now: float | None = None, *, player: int | None = None) -> GameScore:
        """Refuse the double: the game ends and the dropper loses the cube's value before the offer."""
        now = self._begin(now)
        self._require(Phase.CUBE, player)
        dropper = 1 - self.game.on_roll
        self._record(Dropped(dropper, t=now))
        return self._end_game(1 - dropper, Outcome.SINGLE, Termination.DROP, now)

    # --- resigning ------------------------------------------------------------------------

    def resign_options(self) -> list[Outcome]:
        """The resignations the player on roll may offer now, lowest first (Greek: the one
        resignation, valued by what he has borne off)."""
        if self.phase != Phase.ROLL:
            return []
        if not self.rules.resign_offers:
            return [self._greek_resign_level(self.game.on_roll)]
        return [lv for lv in self.rules.resign_levels() if self.resign_refused is None or lv > self.resign_refused]

    def _greek_resign_level(self, player: int) -> Outcome:
        borne_off = self.game.position_for(player).borne_off()[0]
        return Outcome.GAMMON if borne_off == 0 else Outcome.SINGLE

    def offer_resignation(
        self, level: Outcome | int | str | None = None, now: float | None = None, *, player: int | None = None
    ) -> GameScore | None:
        """Resign the round at the start of the turn (phase ``"roll"``).

        International: offer ``level`` (single, gammon, backgammon) above any refused this turn; the
        highest level is accepted at once (returns the score), otherwise the opponent decides
        (phase ``"resign"``, returns None). Greek: the round ends at once, counted 2 if the resigner
        has borne off nothing, otherwise 1 (``level`` may be omitted)."""
        now = self._begin(now)
        self._require(Phase.ROLL, player)
        resigner = self.game.on_roll
        options = self.resign_options()
        if not self.rules.resign_offers:
            chosen = options[0]
            if level is not None and parse_level(level) != chosen:
                raise MatchError(f"resigning now counts as a {level_name(chosen)}, it cannot be offered as another")
            self._record(Resigned(resigner, chosen, t=now))
            return self._end_game(1 - resigner, chosen, Termination.RESIGN, now)
        if level is None:
            raise MatchError("say what you resign: single, gammon or backgammon")
        chosen = parse_level(level)
        if chosen not in options:
            if chosen not in self.rules.resign_levels():
                raise MatchError(f"a {level_name(chosen)} cannot be offered under these rules")
            assert self.resign_refused is not None
            raise MatchError(
                f"a {level_name(self.resign_refused)} was refused this turn: offer "
                + " or ".join(level_name(o) for o in options)
            )
        self._record(ResignationOffered(resigner, chosen, t=now))
        if chosen == self.rules.resign_levels()[-1]:
            self._record(ResignationAccepted(1 - resigner, True, t=now))
            return self._end_game(1 - resigner, chosen, Termination.RESIGN, now)
        self.resign_offer = chosen
        self.phase = Phase.RESIGN
        self._clock_start(1 - resigner, now)
        return None

    def accept_resignation(self, now: float | None = None, *, player: int | None = None) -> GameScore:
        """Accept the resignation offered: the round ends at the level offered."""
        now = self._begin(now)
        self._require(Phase.RESIGN, player)
        assert self.resign_offer is not None
        accepter = 1 - self.game.on_roll
        self._record(ResignationAccepted(accepter, t=now))
        return self._end_game(accepter, self.resign_offer, Termination.RESIGN, now)

    def refuse_resignation(self, now: float | None = None, *, player: int | None = None) -> None:
        """Refuse it: the resigner plays on or offers a higher level this turn."""
        now = self._begin(now)
        self._require(Phase.RESIGN, player)
        self._record(ResignationRefused(1 - self.game.on_roll, t=now))
        self.resign_refused = self.resign_offer
        self.resign_offer = None
        self.phase = Phase.ROLL
        self._clock_start(self.game.on_roll, now, fresh=False)

    def resign_match(self, player: int, now: float | None = None) -> None:
        """``player`` resigns the whole match (the table's Resign button); his opponent wins it."""
        check_player(player)
        now = self._begin(now)
        if self.phase == Phase.MATCH_OVER:
            raise MatchError("the match is already over")
        self._record(MatchResigned(player, t=now))
        self._forfeit(player, Termination.RESIGN_MATCH, now)

    def forfeit(self, loser: int, reason: Termination | str, now: float | None = None) -> None:
        """``loser`` loses the match without resigning it (online play): ``reason`` is
        ``"timeout"`` (he withheld a die he owed: a loss on time) or ``"resign-match"`` (he stayed
        away past the grace period: counted as resigning the match). Scored as :meth:`resign_match`
        scores: his opponent gets the match."""
        check_player(loser)
        reason = Termination(reason)
        if reason not in (Termination.TIMEOUT, Termination.RESIGN_MATCH):
            raise MatchError(f"a match is forfeited on time or by leaving it, not by {reason.value!r}")
        now = self._begin(now)
        if self.phase == Phase.MATCH_OVER:
            raise MatchError("the match is already over")
        self._record(Forfeited(loser, reason, t=now))
        self._forfeit(loser, reason, now)

    def concede(self, loser: int, level: Outcome | int | str, *, reason: Termination = Termination.RESIGN, now: float | None = None) -> GameScore:
        """The round ends with ``loser`` giving up ``level`` at any point of the game: only for
        transcripts of other programs, where a player may resign during a turn."""
        check_player(loser)
        now = self._begin(now)
        if self.phase not in (Phase.ROLL, Phase.MOVE, Phase.CUBE, Phase.RESIGN):
            raise MatchError(f"no game in play to resign: the match is at '{self.phase}'")
        level = parse_level(level)
        self._record(Conceded(loser, level, reason, t=now))
        return self._end_game(1 - loser, level, reason, now)

    # --- time -----------------------------------------------------------------------------

    def can_claim(self, player: int | None = None) -> bool:
        """Whether a win on time may be claimed now (by ``player``, if given)."""
        if self.flagged is None or self.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            return False
        return player is None or player == 1 - self.flagged

    def update(self, now: float | None = None) -> None:
        """Let the clock catch up with ``now``: on a clock where running out loses the match, the
        match ends; on one where the opponent may claim, the claim becomes available."""
        self._begin(now)

    def clock_state(self, now: float | None = None) -> ClockState | None:
        """The clock's :class:`~tavli.clock.ClockState` at ``now`` (None without a clock)."""
        if self.clock is None:
            return None
        return self.clock.state(float(self._time()) if now is None else now)

    def pause(self, now: float | None = None) -> None:
        """Freeze the clock (the page is hidden in a game against the computer). It runs again
        at :meth:`resume`, or when the next player must act."""
        now = self._begin(now)
        if self.clock is None or now is None or self.phase == Phase.MATCH_OVER:
            return
        if not self.clock.state(now).paused:
            self.clock.pause(now)
            self._record(Paused(t=now))

    def resume(self, now: float | None = None) -> None:
        """Let the clock run again after :meth:`pause`, or after loading a saved match (whose
        clock waits, paused, until this or the next hand-over)."""
        now = self._begin(now)
        if self.clock is None or now is None or self.phase == Phase.MATCH_OVER:
            return
        if self.clock.state(now).paused:
            self.clock.resume(now)
            self._record(Resumed(t=now))

    def claim_timeout(self, now: float | None = None, *, player: int | None = None) -> GameScore:
        """Claim the round won on time (the opponent's reserve ran out): it counts as a gammon."""
        now = self._begin(now)
        if not self.can_claim(player):
            if self.flagged is None:
                raise MatchError("no one has run out of time")
            if self.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
                raise MatchError("the game is over")
            raise MatchError(f"only player {1 - self.flagged} may claim the win on time")
        assert self.flagged is not None
        claimant = 1 - self.flagged
        self._record(Claimed(claimant, t=now))
        return self._end_game(claimant, Outcome.GAMMON, Termination.TIMEOUT, now)
