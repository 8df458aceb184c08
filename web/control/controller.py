"""The controller between the board and the match: board intents in, engine actions out, and what
to draw and animate back. Pure Python, no browser imports (the DOM layer is ``web.dom``).

The board speaks in *bottom* numbering (the player drawn at the bottom moves 24 -> 1; 25 = bar,
0 = off) and never knows the rules: it asks :meth:`Controller.targets` what to highlight and
reports gestures (:meth:`click`, :meth:`right_click`, :meth:`drop`, ...). The controller turns them
into single checker moves through the match's :class:`tavli.Turn` (only legal steps are accepted;
anything else changes nothing) and answers with the :class:`Motion` list to animate. The computer
plays through :meth:`computer_step`, one visible action per call, so that the page can animate
each step and stay responsive between them.

Plakoto and Fevga (a match of one of them, or the Tavli rotation) go through the same intents:
the mover's numbering is the bottom numbering turned by the game's map (:func:`web.view.top_point`:
``25 - p``, or ``p ± 12`` in Fevga), a pin is no motion (there is no bar), and the board is told
which checkers are pinned. The computer chooses among the turn's own legal plays (the match's
rule options apply).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from tavli import IllegalMove, Move, SecureDice, SeededDice
from tavli.dice import DiceSource
from tavli.game import Outcome
from tavli.match import Match, MatchError
from tavli.rules import Rules
from web.model.i18n import points_text, t
from web.model.setup import MatchSetup, ViewOptions
from web.view.view import (
    BoardView,
    Control,
    DieView,
    Motion,
    PanelView,
    PlayerCard,
    top_point,
)

BAR = 25
OFF = 0
KIND_KEYS = {Outcome.SINGLE: "single", Outcome.GAMMON: "gammon", Outcome.BACKGAMMON: "backgammon"}


class Controller:
    """One match on this page: who plays, the view options, and every board intent."""

    def __init__(
        self,
        setup: MatchSetup | None = None,
        options: ViewOptions | None = None,
        dice: DiceSource | None = None,
        bot: object | None = None,
        *,
        match: Match | None = None,
        time: Callable[[], float] | None = None,
    ) -> None:
        """A new match from ``setup``, or ``match`` (one resumed from a save) played as ``setup``
        says (who plays, names). ``time``: the clock's time function (seconds)."""
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
        self.humans = (True, self.setup.mode == "pvp")
        self._bot = bot  # the computer player, made on first use (it costs boot time)
        self.note = ""  # the last thing that happened, shown on the status line
        self.answer = ""  # an answer to a double or a resignation, to show (pop_answer)
        self.last_roll: tuple[int, tuple[int, int]] | None = None  # (player, dice) of the last turn
        self._bottom = 0
        self._last_click: tuple[int, int] | None = None  # (point, moves it made) for a double-click
        self._plan: list[Move] | None = None  # the computer's play, step by step
        self._resumed()
        self.apply_auto_roll()

    def _resumed(self) -> None:
        """A match loaded from a save: the last turn's dice come back from the log, and a computer
        caught half-way through a play starts the play again."""
        m = self.match
        if m.phase == "move" and not self.is_human(m.game.on_roll):
            while m.turn.moves:
                m.undo()
        if m.phase == "roll" and m.log:
            for event in reversed(m.log):
                kind = event.get("type")
                if kind == "play" and len(event.get("dice", ())) == 2:
                    self.last_roll = (int(event["player"]), (int(event["dice"][0]), int(event["dice"][1])))
                    break
                if kind in ("game", "next-game"):
                    break

    def apply_auto_roll(self) -> None:
        """The auto-roll option on the match's players who are people."""
        if self.match.phase == "match-over":
            return
        for p in (0, 1):
            if self.humans[p] and self.match.auto_roll[p] != self.options.auto_roll:
                self.match.set_auto_roll(p, self.options.auto_roll)

    def set_options(self, options: ViewOptions) -> None:
        """New view options, at once (mid-game)."""
        self.options = options
        self.apply_auto_roll()

    @property
    def names(self) -> tuple[str, str]:
        """The players' names: as set up, else "Player 1/2" (two players) or "You"/"Computer"."""
        given = self.setup.names
        if self.setup.mode == "pvp":
            default = (t("player_n", n=1), t("player_n", n=2))
        else:
            default = (t("you"), t("computer"))
        return (given[0] or default[0], given[1] or default[1])

    @property
    def bot(self):
        """The computer player: ``choose_play(position, dice, context)`` and ``act(match, player)``."""
        if self._bot is None:
            from tavli.ai.players import make_player

            self._bot = make_player(self.setup.level, seed=self.setup.seed)
        return self._bot

    @property
    def opening(self) -> tuple[int, int] | None:
        """The opening throw (player 0's die, player 1's) while it is the last throw of the game:
        until the winner's first turn ends (Portes: he plays it) or he rolls afresh (Plakoto,
        Fevga, a Tavli match). Read from the match's log, so a live and a resumed match agree."""
        m = self.match
        if m.phase not in ("roll", "move", "cube", "resign"):
            return None
        for event in reversed(m.log):
            kind = event.get("type")
            if kind == "opening":
                dice = event.get("dice")
                if isinstance(dice, list) and len(dice) == 2 and all(isinstance(d, int) for d in dice):
                    return (dice[0], dice[1])
                return None
            if kind in ("roll", "play", "game", "next-game"):
                return None
        return None

    @property
    def variant(self) -> str:
        """The game in play: ``"portes"``, ``"plakoto"`` or ``"fevga"``."""
        return self.match.game_variant

    # --- who is where -----------------------------------------------------------------------

    @property
    def bottom(self) -> int:
        """The match player drawn at the bottom."""
        if self.humans[1] and self.options.turn_board and self.match.phase in ("roll", "move", "cube", "resign"):
            self._bottom = self.match.game.on_roll
        elif not self.humans[1]:
            self._bottom = 0
        return self._bottom

    def _to_mover(self, point: int) -> int:
        """Bottom numbering -> the mover's numbering."""
        if point in (BAR, OFF) or self.match.game.on_roll == self.bottom:
            return point
        return top_point(self.variant, point)

    _from_mover = _to_mover  # the map is its own inverse

    def _side_of(self, player: int) -> int:
        return 0 if player == self.bottom else 1

    # --- phases -----------------------------------------------------------------------------

    def is_human(self, player: int | None) -> bool:
        return player is not None and self.humans[player]

    def computer_to_act(self) -> bool:
        """Whether the computer acts next: on its turn, or to claim the win on time at once when
        a person's time is up (Blitz), so that he does not play on unawares."""
        m = self.match
        if self._computer_claim() is not None:
            return True
        return m.phase in ("roll", "move", "cube", "resign") and not self.is_human(m.to_act)

    def _computer_claim(self) -> int | None:
        """The computer player who may claim the win on time now, or None."""
        for p in (0, 1):
            if not self.humans[p] and self.match.can_claim(p):
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

    # --- questions from the board -----------------------------------------------------------

    def movable(self, point: int) -> bool:
        """Whether the human to move has a checker on ``point`` (bottom numbering) that can move."""
        if not self.human_moving():
            return False
        return bool(self.match.turn.moves_from(self._to_mover(point)))

    def targets(self, point: int) -> list[int]:
        """Every point (bottom numbering, 0 = off) a checker on ``point`` can reach with the dice
        left; empty when it is not the human's move or nothing there can move."""
        if not self.human_moving() or point == OFF:
            return []
        return sorted(self._from_mover(p) for p in self.match.turn.targets(self._to_mover(point)))

    # --- gestures ---------------------------------------------------------------------------

    def click(self, point: int, count: int = 1) -> list[Motion]:
        """A click (tap) on ``point``: the largest single legal jump. The second click of a
        double-click (``count`` 2) takes the first one's move back and plays the whole roll with
        the checker when it can; when it cannot, it is a click like the first."""
        if not self.human_moving():
            return []
        turn = self.match.turn
        if count >= 2 and self._last_click is not None and self._last_click[0] == point:
            motions = self._whole_roll_again(point, self._last_click[1])
            self._last_click = None
            if motions is not None:
                return motions
        moves = turn.moves_from(self._to_mover(point))
        if not moves:
            self._last_click = None
            return []
        motions = self._apply([moves[0]])
        self._last_click = (point, 1)
        return motions + self._after_move()

    def double_click(self, point: int) -> list[Motion]:
        """The whole roll for the checker on ``point`` (as the second click of a double-click
        does, but without a first click to take back)."""
        if not self.human_moving():
            return []
        self._last_click = None
        return self._far_move(point)

    def _whole_roll_again(self, point: int, made: int) -> list[Motion] | None:
        """Take back the ``made`` moves of a first click on ``point`` and play the whole roll from
        there; None (the moves kept, nothing changed) when the whole roll cannot be played."""
        m = self.match
        taken = []
        for _ in range(made):
            move = m.undo()
            if move is None:
                break
            taken.append(move)
        if self._whole_path(self._to_mover(point)) is None:
            for move in reversed(taken):
                m.move(move)
            return None
        side = self._side_of(m.game.on_roll)
        motions: list[Motion] = []
        for move in taken:
            end = self._from_mover(move.end)
            motions.append(Motion(side, end, self._from_mover(move.start)))
            if move.hit and self.variant == "portes":
                motions.append(Motion(1 - side, BAR, end))
        return motions + self._far_move(point)

    def _whole_path(self, start: int) -> list[Move] | None:
        """The steps that move the checker on ``start`` (mover's numbering) by the whole roll left
        (or off the board), or None."""
        turn = self.match.turn
        left = turn.dice_left()
        if not turn.moves_from(start):
            return None
        goal = max(start - sum(left), OFF) if start != BAR else 25 - sum(left)
        if goal < OFF or goal not in turn.targets(start):
            return None
        path = turn.path_to(start, goal)
        if path is not None and goal != OFF and len(path) != len(left):
            return None
        return path

    def _far_move(self, point: int) -> list[Motion]:
        turn = self.match.turn
        start = self._to_mover(point)
        if not turn.moves_from(start):
            return []
        path = self._whole_path(start)
        if path is None:
            path = [turn.moves_from(start)[0]]
        return self._apply(path) + self._after_move()

    def right_click(self, point: int) -> list[Motion]:
        """A right-click: a checker on ``point`` moves by the smaller die that it can; an empty
        point (or an opposing blot) is covered by two checkers if the dice allow it."""
        if not self.human_moving():
            return []
        self._last_click = None
        turn = self.match.turn
        start = self._to_mover(point)
        moves = turn.moves_from(start)
        if moves:
            return self._apply([moves[-1]]) + self._after_move()
        if start in (BAR, OFF):
            return []
        mine, theirs = turn.current.checkers_at(start)
        if mine or theirs > 1:
            return []
        plan = self._cover_plan(start)
        if plan is None:
            return []
        return self._apply(plan) + self._after_move()

    def _cover_plan(self, target: int) -> list[Move] | None:
        """The fewest legal steps that bring two checkers onto ``target`` (mover's numbering)."""
        turn = self.match.turn
        highest = BAR if self.variant == "portes" else 24  # no bar in Plakoto and Fevga
        sources = [p for p in range(highest, target, -1) if turn.current.checkers_at(p)[0] and target in turn.targets(p)]
        best: list[Move] | None = None
        for i, first in enumerate(sources):
            path1 = turn.path_to(first, target)
            if path1 is None:
                continue
            for step in path1:
                turn.apply(step)
            try:
                for second in sources[i:]:
                    if second == first and turn.current.checkers_at(first)[0] == 0:
                        continue
                    path2 = turn.path_to(second, target)
                    if path2 is not None and (best is None or len(path1) + len(path2) < len(best)):
                        best = path1 + path2
            finally:
                for _ in path1:
                    turn.undo()
        return best

    def drop(self, start: int, end: int) -> list[Motion]:
        """A checker dragged from ``start`` and released on ``end``: moved along the shortest
        legal path, or nothing happens (it goes back)."""
        self._last_click = None
        if not self.human_moving() or start == end or end is None:
            return []
        path = self.match.turn.path_to(self._to_mover(start), self._to_mover(end))
        if not path:
            return []
        return self._apply(path) + self._after_move()

    # --- buttons ----------------------------------------------------------------------------

    def roll(self) -> list[Motion]:
        """The Roll button: the opening roll or the human's roll."""
        m = self.match
        if m.phase == "opening":
            pair = m.roll()
            first = m.game.on_roll
            key = "opening_roll_you" if self.names[first] == t("you") else "opening_roll"
            self.note = t(key, name=self.names[0], a=pair[0], other=self.names[1], b=pair[1],
                          first=self.names[first])
            return self._after_move() if self.human_moving() else []
        if m.phase == "roll" and self.is_human(m.game.on_roll):
            dice = m.roll()
            self.note = ""
            if m.turn.length == 0:
                self.note = t("passes", name=self.names[m.game.on_roll])
            return []
        return []

    def undo(self) -> list[Motion]:
        """Take back the last checker move of this turn."""
        if not self.human_moving():
            return []
        self._last_click = None
        return self._undo_one()

    def done(self) -> list[Motion]:
        """Finish the turn (click-to-finish mode), once the moves form a legal play."""
        if self.human_moving() and self.match.turn.is_complete():
            self._end_turn()
        return []

    def dice_click(self) -> list[Motion]:
        """A click on the dice area: roll, or finish the turn in click-to-finish mode."""
        m = self.match
        if m.phase == "opening" or (m.phase == "roll" and self.is_human(m.game.on_roll)):
            return self.roll()
        if self.human_moving() and m.turn.is_complete():
            return self.done()
        return []

    def double(self) -> list[Motion]:
        m = self.match
        if m.phase == "roll" and self.is_human(m.game.on_roll) and m.can_double():
            value = m.double()
            self.note = t("doubles", name=self.names[m.game.on_roll], value=value)
        return []

    def take(self) -> list[Motion]:
        m = self.match
        if m.phase == "cube" and self.is_human(m.to_act):
            who = m.to_act
            m.take()
            self.note = self.answer = t("takes", name=self.names[who], value=m.cube)
        return []

    def drop_cube(self) -> list[Motion]:
        m = self.match
        if m.phase == "cube" and self.is_human(m.to_act):
            who = m.to_act
            m.drop()
            self.note = self.answer = t("drops", name=self.names[who])
        return []

    def accept(self) -> list[Motion]:
        if self.match.phase == "resign" and self.is_human(self.match.to_act):
            self.match.accept_resignation()
        return []

    def refuse(self) -> list[Motion]:
        m = self.match
        if m.phase == "resign" and self.is_human(m.to_act):
            who = m.to_act
            m.refuse_resignation()
            self.note = self.answer = t("refuses", name=self.names[who])
        return []

    def human_player(self) -> int:
        """The person acting now (pass-and-play: the one whose turn it is; else player 0)."""
        m = self.match
        if self.humans[1]:
            return m.to_act if m.to_act is not None else self.bottom
        return 0

    def resign_levels(self) -> list:
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

    def offer_resign(self, level=None) -> list[Motion]:
        """The person on roll resigns the round at ``level`` (single, gammon, backgammon); under
        Greek rules the round ends at once (``level`` ignored)."""
        m = self.match
        levels = self.resign_levels()
        if not levels:
            return []
        who = m.game.on_roll
        if not m.rules.resign_offers:
            m.offer_resignation()
            return []
        if level not in levels:
            return []
        m.offer_resignation(level)
        if m.phase == "resign":
            self.note = t("offers_resign", name=self.names[who], kind=t(KIND_KEYS[level]))
        return []

    def resign(self) -> list[Motion]:
        """Resign the whole match: the person acting (you, against the computer) loses it."""
        m = self.match
        if m.phase == "match-over":
            return []
        m.resign_match(self.human_player())
        return []

    def claimant(self) -> int | None:
        """The person who may claim the win on time now (Blitz), or None."""
        m = self.match
        for p in (0, 1):
            if self.humans[p] and m.can_claim(p):
                return p
        return None

    def claim(self) -> list[Motion]:
        p = self.claimant()
        if p is not None:
            self.match.claim_timeout(player=p)
            self._plan = None
        return []

    def next_game(self) -> list[Motion]:
        if self.match.phase == "game-over":
            self.match.next_game()
            self.note = ""
            self.last_roll = None
        return []

    # --- automatic steps: the computer, passes, auto-roll, auto bear-off --------------------

    def passing(self) -> bool:
        """Whether the roll just thrown cannot be played at all (the turn will pass)."""
        turn = self.match.turn
        return turn is not None and turn.length == 0

    def auto_pending(self) -> bool:
        """Whether something happens by itself for a human: a pass to end, an automatic roll, an
        automatic bear-off step."""
        m = self.match
        if m.phase == "opening":
            return self.options.auto_roll
        if m.phase == "roll" and self.is_human(m.game.on_roll):
            return self.options.auto_roll
        if self.human_moving():
            turn = m.turn
            if turn.length == 0:
                return True
            return self._bearoff_move() is not None
        return False

    def auto_step(self) -> list[Motion]:
        m = self.match
        if m.phase in ("opening", "roll"):
            return self.roll() if self.auto_pending() else []
        if self.human_moving():
            if m.turn.length == 0:
                self._end_turn()
                return []
            move = self._bearoff_move()
            if move is not None:
                return self._apply([move]) + self._after_move()
        return []

    def _bearoff_move(self) -> Move | None:
        if not self.options.auto_bearoff or not self.human_moving():
            return None
        turn = self.match.turn
        if turn.is_complete() or self._contact(turn.current):
            return None
        moves = turn.legal_moves()
        if not moves or any(mv.end != OFF for mv in moves):
            return None
        return moves[0]

    def _contact(self, position) -> bool:
        """Whether the sides can still meet, the mover's choice then mattering. Portes:
        :meth:`tavli.Position.is_contact`. Plakoto (the opponent moves up the mover's numbering):
        an opposing checker below the mover's highest one. Fevga (the opponent, on the mover's
        points 1..12, moves down them): an opposing checker there above the mover's lowest one."""
        if self.variant == "portes":
            return position.is_contact()
        mine = [p for p in range(1, 25) if position.player[p - 1]]
        theirs = [p for p in range(1, 25) if position.checkers_at(p)[1]]
        if not mine or not theirs:
            return False
        if self.variant == "plakoto":
            return min(theirs) < max(mine)
        return any(min(mine) < q <= 12 for q in theirs)

    def plan_needed(self) -> bool:
        """Whether the computer must now choose its play (the slow part, for a strong opponent):
        the page may compute it elsewhere (``choose_play``) and hand it over (``set_plan``)."""
        return (self._computer_claim() is None and self.computer_to_act() and self.match.phase == "move"
                and self._plan is None)

    def choose_play(self):
        """The computer's play of the roll on the board (a :class:`tavli.Play`; in Plakoto and
        Fevga the bot chooses among the turn's own legal plays, ``plays=``, so that the match's
        rule options apply)."""
        from tavli.steps import finish

        return finish(self.choose_play_steps())

    def choose_play_steps(self):
        """:meth:`choose_play` as a steps generator (:mod:`tavli.steps`, through the bot's
        ``choose_play_steps``): the page runs it in slices, then hands the play to :meth:`set_plan`."""
        from tavli.bots import MatchContext

        m = self.match
        context = MatchContext.of(m, m.game.on_roll)
        self._seed_bot()
        if self.variant == "portes":
            return (yield from self.bot.choose_play_steps(m.game.position, m.rolled, context))
        plays = m.turn.plays
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

    def set_plan(self, play) -> None:
        """The computer will play ``play``, one checker per :meth:`computer_step`."""
        self._plan = list(play.steps)
        if not self._plan:
            self.note = t("passes", name=self.names[self.match.game.on_roll])

    def computer_step(self) -> list[Motion]:
        """One visible action of the computer: a roll, a checker move, the end of its turn, a cube
        or resignation decision. Call while :meth:`computer_to_act`."""
        m = self.match
        if not self.computer_to_act():
            return []
        claimer = self._computer_claim()
        if claimer is not None:
            m.claim_timeout(player=claimer)
            self._plan = None
            self.note = self.answer = t("claims", name=self.names[claimer])
            return []
        player = m.to_act
        name = self.names[player]
        if m.phase == "move":
            if self._plan is None:
                self.set_plan(self.choose_play())
            if self._plan:
                move = self._plan.pop(0)
                return self._apply([move])
            self._plan = None
            passed = m.turn.length == 0
            a, b = m.rolled
            self._end_turn()
            if m.phase not in ("game-over", "match-over"):
                self.note = t("passes", name=name) if passed else t("rolled", name=name, a=a, b=b)
            return []
        self._seed_bot()
        action = self.bot.act(m, player)
        if action == "roll":
            a, b = m.rolled
            self.note = t("rolled", name=name, a=a, b=b)
        elif action == "double":
            self.note = t("doubles", name=name, value=m.cube * 2)
        elif action == "take":
            self.note = t("takes", name=name, value=m.cube)
        elif action == "drop":
            self.note = t("drops", name=name)
        elif action == "refuse":
            self.note = t("refuses", name=name)
        elif action == "accept":
            self.note = t("accepts", name=name)
        elif action == "claim-timeout":
            self.note = t("claims", name=name)
        elif action == "resign" and m.phase == "resign" and m.resign_offer is not None:
            self.note = t("offers_resign", name=name, kind=t(KIND_KEYS[m.resign_offer]))
        if action in ("take", "drop", "accept", "refuse", "claim-timeout"):
            self.answer = self.note
        return []

    def pop_answer(self) -> str:
        """The answer to a double or a resignation given since the last call ("" if none): the
        page shows it for a moment."""
        text, self.answer = self.answer, ""
        return text

    # --- internals --------------------------------------------------------------------------

    def _apply(self, moves: list[Move]) -> list[Motion]:
        m = self.match
        side = self._side_of(m.game.on_roll)
        motions: list[Motion] = []
        for move in moves:
            try:
                made = m.move(move)
            except (IllegalMove, MatchError):
                break
            end = self._from_mover(made.end)
            motions.append(Motion(side, self._from_mover(made.start), end))
            if made.hit and self.variant == "portes":  # a Plakoto pin (``hit``) leaves the checker there
                motions.append(Motion(1 - side, end, BAR))
        return motions

    def _undo_one(self) -> list[Motion]:
        m = self.match
        side = self._side_of(m.game.on_roll)
        made = m.undo()
        if made is None:
            return []
        end = self._from_mover(made.end)
        motions = [Motion(side, end, self._from_mover(made.start))]
        if made.hit and self.variant == "portes":
            motions.append(Motion(1 - side, BAR, end))
        return motions

    def _after_move(self) -> list[Motion]:
        """After a human move: the turn ends by itself once complete (unless click-to-finish)."""
        if self.human_moving() and self.match.turn.is_complete() and self.match.turn.length > 0:
            if not self.options.click_to_finish:
                self._end_turn()
        return []

    def _end_turn(self) -> None:
        self.last_roll = (self.match.game.on_roll, self.match.rolled)
        self.match.end_turn()
        self._last_click = None
        if self.match.phase not in ("game-over", "match-over"):
            self.note = ""

    # --- views ------------------------------------------------------------------------------

    def board_view(self) -> BoardView:
        m = self.match
        bottom = self.bottom
        pos = m.position_for(bottom)
        dice: tuple[DieView, ...] = ()
        dice_side = None
        opening = None
        turn = m.turn
        if turn is not None:
            left = list(turn.dice_left())
            values = list(turn.dice) * (2 if turn.dice[0] == turn.dice[1] else 1)
            shown = []
            for v in values:
                used = v not in left
                if not used:
                    left.remove(v)
                shown.append(DieView(v, used))
            # The opening winner's dice, the opening throw too (Portes): his, in his half.
            dice = tuple(shown)
            dice_side = self._side_of(m.game.on_roll)
        elif self.opening is not None:
            # The opening throw, one die each, until its winner rolls afresh (Plakoto, Fevga).
            pair = self.opening
            opening = (DieView(pair[bottom]), DieView(pair[1 - bottom]))
        elif m.phase == "roll" and self.last_roll is not None:
            # Until the next roll, the last turn's dice stay on the board, played.
            who, (a, b) = self.last_roll
            dice = tuple(DieView(v, True) for v in ((a,) * 4 if a == b else (a, b)))
            dice_side = self._side_of(who)
        roll_hint = None
        if (m.phase == "opening" or (m.phase == "roll" and self.is_human(m.game.on_roll))) and not self.options.auto_roll:
            roll_hint = 0 if m.phase == "opening" else self._side_of(m.game.on_roll)
        owner = None if m.cube_owner is None else self._side_of(m.cube_owner)
        return BoardView.of_position(
            pos,
            bottom_player=bottom,
            dice=dice,
            dice_side=dice_side,
            opening=opening,
            cube=m.cube,
            cube_owner=owner,
            cube_shown=m.rules.cube and m.length != 1,
            roll_hint=roll_hint,
            finish_hint=self.options.click_to_finish and self.human_moving() and turn.is_complete(),
            basic=self.options.basic,
        )

    def status(self) -> str:
        m = self.match
        phase = m.phase
        if phase == "match-over":
            winner = m.winner if m.winner is not None else 0
            return t("match_won", name=self.names[winner], s0=m.scores[winner], s1=m.scores[1 - winner])
        if phase == "game-over":
            return self.result_text()
        if phase == "opening":
            return self.note or t("opening")
        actor = m.to_act
        name = self.names[actor] if actor is not None else ""
        if not self.is_human(actor):
            return self.note or t("thinking", name=name)
        if phase == "roll":
            return f"{self.note} · {t('your_roll', name=name)}" if self.note else t("your_roll", name=name)
        if phase == "cube":
            return t("decide_cube", name=name, other=self.names[1 - actor], value=m.cube * 2)
        if phase == "resign":
            kind = t(KIND_KEYS[m.resign_offer]) if m.resign_offer is not None else ""
            return t("decide_resign", name=name, other=self.names[1 - actor], kind=kind)
        turn = m.turn
        if turn.length == 0:
            return t("passes", name=name)
        if turn.is_complete():
            return t("your_finish", name=name)
        dice = "-".join(str(d) for d in turn.dice_left())
        text = t("your_move", name=name, dice=dice)
        return f"{self.note} · {text}" if self.note and not turn.moves else text

    def result_text(self) -> str:
        result = self.match.result
        if result is None:
            return ""
        if result.winner is None:
            return t("game_draw")
        name = self.names[result.winner]
        pts = points_text(result.points)
        if result.reason == "mother":
            return t("game_mother", name=name, points=pts)
        if result.reason == "drop":
            return t("game_dropped", name=name, points=pts)
        if result.reason == "resign":
            return t("game_resigned", name=name, points=pts)
        if result.reason == "resign-match":
            return t("match_resigned", name=name)
        if result.reason == "timeout":
            return t("game_timeout", name=name, points=pts)
        return t("game_won", name=name, kind=t(KIND_KEYS[result.counted]), points=pts)

    def panel_view(self) -> PanelView:
        m = self.match
        bottom = self.bottom
        pos = m.position_for(bottom)
        pips = pos.pip_counts()
        actor = m.to_act

        def card(player: int, pip: int) -> PlayerCard:
            return PlayerCard(self.names[player], player, m.scores[player], pip, actor == player)

        human_rolls = m.phase == "opening" or (m.phase == "roll" and self.is_human(m.game.on_roll))
        moving = self.human_moving()
        turn = m.turn
        controls = [
            Control("roll", t("roll"), enabled=human_rolls, title=t("tip_roll") if human_rolls else t("why_no_roll"),
                    primary=human_rolls),
        ]
        if m.rules.cube and m.length != 1:
            can = m.phase == "roll" and self.is_human(m.game.on_roll) and m.can_double()
            why = t("why_no_double_autoroll") if self.options.auto_roll else t("why_no_double")
            controls.append(Control("double", t("double"), enabled=can, title=t("tip_double") if can else why))
        can_undo = moving and bool(turn.moves)
        controls.append(Control("undo", t("undo"), enabled=can_undo, title=t("tip_undo") if can_undo else t("why_no_undo")))
        if self.options.click_to_finish:
            can = moving and turn.is_complete()
            controls.append(Control("done", t("done"), enabled=can, title=t("tip_done") if can else t("why_no_done"),
                                    primary=can))
        if m.phase == "game-over":
            controls.append(Control("next-game", t("next_game"), primary=True))
        claimant = self.claimant()
        if claimant is not None:
            controls.append(Control("claim", t("claim_win", name=self.names[claimant]), title=t("tip_claim"),
                                    primary=True))
        over = m.phase == "match-over"
        levels = self.resign_levels()
        menu = (
            Control("resign", t("resign_round"), enabled=bool(levels),
                    title=t("tip_resign_round") if levels else t("why_no_resign_round")),
            Control("resign-match", t("resign_match"), enabled=not over,
                    title=t("why_no_resign") if over else t("tip_resign_match")),
            Control("options", t("options"), title=t("tip_options")),
            Control("rules", t("rules"), title=t("tip_rules")),
            Control("new-match", t("new_match"), title=t("tip_new_match"), primary=over),
        )
        match_text = t("money") if m.length is None else t("match_to", n=m.length)
        if m.crawford:
            match_text += " · " + t("crawford")
        if m.variant == "tavli":
            match_text += " · " + t("game_in_rotation", n=m.game_number, game=t(f"game_{m.game_variant}"))
        elif m.variant != "portes":
            match_text = t(f"game_{m.variant}") + " · " + match_text
        announce = hint = ""
        if m.phase == "game-over":
            announce, hint = self.result_text(), t("click_next")
        elif m.phase == "match-over":
            announce, hint = self.status(), self.result_text()
        flagged = self.time_up()
        return PanelView(
            time_up="" if flagged is None else t("time_up", name=self.names[flagged]),
            time_up_player=flagged,
            phase=self.page_phase(),
            status=self.status(),
            top=card(1 - bottom, pips[1]),
            bottom=card(bottom, pips[0]),
            match_text=match_text,
            controls=tuple(controls),
            menu=menu,
            announce=announce,
            announce_hint=hint,
            variant=m.game_variant,
        )
