"""What happens on the page by itself (:class:`Driver`): a turn that cannot be played passes, an
automatic roll, an automatic bear-off, and the computer's turn, one visible action per call
(:meth:`Driver.computer_step`) so that the page can animate each and stay responsive. Pure
Python, no browser imports.

The computer's play is chosen once per turn (:meth:`Driver.choose_play_steps`, a
:mod:`tavli.steps` generator the page runs in slices) and handed over (:meth:`Driver.set_plan`);
in Plakoto and Fevga it chooses among the turn's own legal plays, so that the match's rule
options apply. A seeded match seeds each decision from the point of the match, so that a match
resumed from a save chooses as one never interrupted.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from tavli import Move
from tavli.games.registry import game_kind
from web.model.i18n import kind_text, t

from .effects import Effects
from .gestures import Gestures
from .table import OFF

# the computer's answers (tavli.ai.player.act) -> what is said
ANSWER_KEYS = {"take": "takes", "drop": "drops", "accept": "accepts", "refuse": "refuses", "claim-timeout": "claims"}


class Driver(Gestures):
    """The automatic steps and the computer's turn (an automatic roll is the Roll button's)."""

    @property
    def bot(self) -> Any:
        """The computer player: ``choose_play(position, dice, context)`` and ``act(match, player)``."""
        if self._bot is None:
            from tavli.ai.players import make_player

            self._bot = make_player(self.setup.level, seed=self.setup.seed)
        return self._bot

    def passing(self) -> bool:
        """Whether the roll just thrown cannot be played at all (the turn will pass)."""
        turn = self.match.turn
        return turn is not None and turn.length == 0

    def auto_pending(self) -> bool:
        """Whether something happens by itself for a human: a pass to end, an automatic roll, an
        automatic bear-off step."""
        m = self.match
        if self.online is not None and m.phase in ("opening", "roll"):  # issue 18: the friend's dice
            return self.options.auto_roll and self.can_roll()
        if m.phase == "opening":
            return self.options.auto_roll
        if m.phase == "roll" and self.is_human(m.game.on_roll):
            return self.options.auto_roll
        if self.human_moving():
            turn = self.turn
            if turn.length == 0:
                return True
            return self._bearoff_move() is not None
        return False

    def auto_step(self) -> Effects:
        """One automatic step (:meth:`auto_pending`): a roll, the end of a turn that passes, or a
        checker borne off."""
        m = self.match
        if m.phase in ("opening", "roll"):
            return self.roll() if self.auto_pending() else self.effects()
        if self.human_moving():
            if self.turn.length == 0:
                self._end_turn()
                return self.effects()
            move = self._bearoff_move()
            if move is not None:
                return self.effects(self._apply([move]) + self._after_move())
        return self.effects()

    def _bearoff_move(self) -> Move | None:
        if not self.options.auto_bearoff or not self.human_moving():
            return None
        turn = self.turn
        if turn.is_complete() or turn.current.is_contact():
            return None
        moves = turn.legal_moves()
        if not moves or any(mv.end != OFF for mv in moves):
            return None
        return moves[0]

    def plan_needed(self) -> bool:
        """Whether the computer must now choose its play (the slow part, for a strong opponent):
        the page may compute it elsewhere (``choose_play``) and hand it over (``set_plan``)."""
        return (self._computer_claim() is None and self.computer_to_act() and self.match.phase == "move"
                and self._plan is None)

    def choose_play(self) -> Any:
        """The computer's play of the roll on the board (a :class:`tavli.Play`; in Plakoto and
        Fevga the bot chooses among the turn's own legal plays, ``plays=``, so that the match's
        rule options apply)."""
        from tavli.steps import finish

        return finish(self.choose_play_steps())

    def choose_play_steps(self) -> Generator[Any, Any, Any]:
        """:meth:`choose_play` as a steps generator (:mod:`tavli.steps`, through the bot's
        ``choose_play_steps``): the page runs it in slices, then hands the play to :meth:`set_plan`."""
        from tavli.ai.context import MatchContext

        m = self.match
        context = MatchContext.of(m, m.game.on_roll)
        self._seed_bot()
        if game_kind(self.variant).cube:  # Portes: the backgammon player
            return (yield from self.bot.choose_play_steps(m.game.position, m.rolled, context))
        plays = self.turn.plays
        if len(plays) == 1:
            return plays[0]
        return m.find_play((yield from self.bot.choose_play_steps(m.game.position, m.rolled, context, plays=plays)))

    def _seed_bot(self) -> None:
        """In a seeded match, the computer's random choices for the decision about to be made
        come from the seed and the point of the match (game, dice thrown, phase), not from all
        its choices since the page opened: a match resumed from a save chooses as one never
        interrupted."""
        rng = getattr(self.bot, "rng", None)
        if self.setup.seed is None or rng is None:
            return
        m = self.match
        rng.seed(f"{self.setup.seed}:{m.game_number}:{m.dice.drawn}:{m.phase}:{m.to_act}")

    def set_plan(self, play: Any) -> None:
        """The computer will play ``play``, one checker per :meth:`computer_step`."""
        self._plan = list(play.steps)
        if not self._plan:
            self.note = t("passes", name=self.names[self.match.game.on_roll])

    def computer_step(self) -> Effects:
        """One visible action of the computer: a roll, a checker move, the end of its turn, a cube
        or resignation decision. Call while :meth:`computer_to_act`."""
        m = self.match
        if not self.computer_to_act():
            return self.effects()
        claimer = self._computer_claim()
        if claimer is not None:
            m.claim_timeout(player=claimer)
            self._plan = None
            self.note = self.answer = t("claims", name=self.names[claimer])
            return self.effects()
        player = self.actor
        name = self.names[player]
        if m.phase == "move":
            if self._plan is None:
                self.set_plan(self.choose_play())
            if self._plan:
                move = self._plan.pop(0)
                return self.effects(self._apply([move]))
            self._plan = None
            passed = self.turn.length == 0
            a, b = self.dice
            self._end_turn()
            if m.phase not in ("game-over", "match-over"):
                self.note = t("passes", name=name) if passed else t("rolled", name=name, a=a, b=b)
            return self.effects()
        self._seed_bot()
        action = self.bot.act(m, player)
        if action == "roll":
            a, b = self.dice
            self.note = t("rolled", name=name, a=a, b=b)
        elif action == "double":
            self.note = t("doubles", name=name, value=m.cube * 2)
        elif action in ANSWER_KEYS:  # said on the status line and shown for a moment
            self.note = self.answer = t(ANSWER_KEYS[action], name=name, value=m.cube)
        elif action == "resign" and m.phase == "resign" and m.resign_offer is not None:
            self.note = t("offers_resign", name=name, kind=kind_text(m.resign_offer))
        return self.effects()
