"""What a person does on the page, as intents on the match (:class:`Gestures`): the board's
gestures (click, double-click, right-click, drag), the panel's buttons and the answers to the
match's questions. Each returns the :class:`~web.control.effects.Effects` to show; anything not
legal now changes nothing. Pure Python, no browser imports.

A click plays the largest single jump of the checker; the second click of a double-click takes
it back and plays the whole roll with it; a right-click the smallest jump, or covers an empty
point with two checkers; a drag goes along the shortest legal path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tavli import Move
from tavli.games.base import Outcome
from tavli.games.registry import game_kind
from web.model.i18n import kind_text, t
from web.view.view import Motion

from .effects import Effects
from .table import BAR, OFF, Table


class Gestures(Table):
    """The person's intents (bottom numbering)."""

    # --- questions from the board -----------------------------------------------------------

    def movable(self, point: int) -> bool:
        """Whether the human to move has a checker on ``point`` (bottom numbering) that can move."""
        if not self.human_moving():
            return False
        return bool(self.turn.moves_from(self._to_mover(point)))

    def targets(self, point: int) -> list[int]:
        """Every point (bottom numbering, 0 = off) a checker on ``point`` can reach with the dice
        left; empty when it is not the human's move or nothing there can move."""
        if not self.human_moving() or point == OFF:
            return []
        return sorted(self._from_mover(p) for p in self.turn.targets(self._to_mover(point)))


    # --- gestures ---------------------------------------------------------------------------

    def click(self, point: int, count: int = 1) -> Effects:
        """A click (tap) on ``point``: the largest single legal jump. The second click of a
        double-click (``count`` 2) takes the first one's move back and plays the whole roll with
        the checker when it can; when it cannot, it is a click like the first."""
        if not self.human_moving():
            return self.effects()
        turn = self.turn
        if count >= 2 and self._last_click is not None and self._last_click[0] == point:
            motions = self._whole_roll_again(point, self._last_click[1])
            self._last_click = None
            if motions is not None:
                return self.effects(motions)
        moves = turn.moves_from(self._to_mover(point))
        if not moves:
            self._last_click = None
            return self.effects()
        motions = self._apply([moves[0]])
        self._last_click = (point, 1)
        return self.effects(motions + self._after_move())

    def double_click(self, point: int) -> Effects:
        """The whole roll for the checker on ``point`` (as the second click of a double-click
        does, but without a first click to take back)."""
        if not self.human_moving():
            return self.effects()
        self._last_click = None
        return self.effects(self._far_move(point))

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
        side = self.side_of(m.game.on_roll)
        motions: list[Motion] = []
        for move in taken:
            motions += self._motions(side, move, back=True)
        return motions + self._far_move(point)

    def _whole_path(self, start: int) -> list[Move] | None:
        """The steps that move the checker on ``start`` (mover's numbering) by the whole roll left
        (or off the board), or None."""
        turn = self.turn
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
        turn = self.turn
        start = self._to_mover(point)
        if not turn.moves_from(start):
            return []
        path = self._whole_path(start)
        if path is None:
            path = [turn.moves_from(start)[0]]
        return self._apply(path) + self._after_move()

    def right_click(self, point: int) -> Effects:
        """A right-click: a checker on ``point`` moves by the smaller die that it can; an empty
        point (or an opposing blot) is covered by two checkers if the dice allow it."""
        if not self.human_moving():
            return self.effects()
        self._last_click = None
        turn = self.turn
        start = self._to_mover(point)
        moves = turn.moves_from(start)
        if moves:
            return self.effects(self._apply([moves[-1]]) + self._after_move())
        if start in (BAR, OFF):
            return self.effects()
        mine, theirs = turn.current.checkers_at(start)
        if mine or theirs > 1:
            return self.effects()
        plan = self._cover_plan(start)
        if plan is None:
            return self.effects()
        return self.effects(self._apply(plan) + self._after_move())

    def _cover_plan(self, target: int) -> list[Move] | None:
        """The fewest legal steps that bring two checkers onto ``target`` (mover's numbering)."""
        turn = self.turn
        highest = BAR if game_kind(self.variant).hits else 24  # no bar in Plakoto and Fevga
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

    def drag(self, start: int, end: int | None) -> Effects:
        """A checker dragged from ``start`` and released on ``end``: moved along the shortest
        legal path, or nothing happens (it goes back)."""
        self._last_click = None
        if not self.human_moving() or start == end or end is None:
            return self.effects()
        path = self.turn.path_to(self._to_mover(start), self._to_mover(end))
        if not path:
            return self.effects()
        return self.effects(self._apply(path) + self._after_move())

    def play_moves(self, moves: Sequence[tuple[int, int]]) -> Effects:
        """A whole play given as single-die hops in the mover's numbering (a hint chosen): the
        checkers moved this turn are taken back, these moves made one by one (stopping at one that
        is not legal), and the turn ends as after the person's own moves."""
        if not self.human_moving():
            return self.effects()
        self._last_click = None
        motions: list[Motion] = []
        while self.turn.moves:
            motions += self._undo_one()
        for start, end in moves:
            move = next((m for m in self.turn.moves_from(start) if m.end == end), None)
            if move is None:
                break
            motions += self._apply([move])
        return self.effects(motions + self._after_move())

    # --- buttons ----------------------------------------------------------------------------

    def roll(self) -> Effects:
        """The Roll button: the opening roll or the human's roll."""
        m = self.match
        if self.online is not None:  # issue 18: online the dice are thrown with the friend
            return self.online.roll() if self.can_roll() else self.effects()
        if m.phase == "opening":
            pair = m.roll()
            first = m.game.on_roll
            key = "opening_roll_you" if self.names[first] == t("you") else "opening_roll"
            self.note = t(key, name=self.names[0], a=pair[0], other=self.names[1], b=pair[1],
                          first=self.names[first])
            return self.effects(self._after_move() if self.human_moving() else [])
        if m.phase == "roll" and self.is_human(m.game.on_roll):
            m.roll()
            self.note = ""
            if self.turn.length == 0:
                self.note = t("passes", name=self.names[m.game.on_roll])
            return self.effects()
        return self.effects()

    def undo(self) -> Effects:
        """Take back the last checker move of this turn."""
        if not self.human_moving():
            return self.effects()
        self._last_click = None
        return self.effects(self._undo_one())

    def done(self) -> Effects:
        """Finish the turn (click-to-finish mode), once the moves form a legal play."""
        if self.human_moving() and self.turn.is_complete():
            self._end_turn()
        return self.effects()

    def dice_click(self) -> Effects:
        """A click on the dice area: roll, or finish the turn in click-to-finish mode."""
        if self.can_roll():
            return self.roll()
        if self.human_moving() and self.turn.is_complete():
            return self.done()
        return self.effects()

    def double(self) -> Effects:
        """Offer a double (at the start of the person's turn, when he may)."""
        m = self.match
        if self.can_double():
            value = m.double()
            self.note = t("doubles", name=self.names[m.game.on_roll], value=value)
        return self.effects()

    def _answer(self, phase: str, answer: Callable[[], object], key: str) -> Effects:
        """A person answers the question of ``phase`` (a double: ``cube``, a resignation offered:
        ``resign``) by ``answer``; ``key`` (with his name and the cube's value) is said."""
        m = self.match
        if m.phase == phase and self.is_human(m.to_act):
            who = self.actor
            answer()
            if key:
                self.note = self.answer = t(key, name=self.names[who], value=m.cube)
        return self.effects()

    def take(self) -> Effects:
        """Take the double offered."""
        return self._answer("cube", self.match.take, "takes")

    def drop(self) -> Effects:
        """Drop the double offered (the game is lost at the cube's value before it)."""
        return self._answer("cube", self.match.drop, "drops")

    def accept(self) -> Effects:
        """Accept the resignation offered."""
        return self._answer("resign", self.match.accept_resignation, "")

    def refuse(self) -> Effects:
        """Refuse the resignation offered."""
        return self._answer("resign", self.match.refuse_resignation, "refuses")

    def offer_resign(self, level: Outcome | None = None) -> Effects:
        """The person on roll resigns the round at ``level`` (single, gammon, backgammon); under
        Greek rules the round ends at once (``level`` ignored)."""
        m = self.match
        levels = self.resign_levels()
        if not levels:
            return self.effects()
        who = m.game.on_roll
        if not m.rules.resign_offers:
            m.offer_resignation()
            return self.effects()
        if level not in levels:
            return self.effects()
        m.offer_resignation(level)
        if m.phase == "resign":
            self.note = t("offers_resign", name=self.names[who], kind=kind_text(level))
        return self.effects()

    def resign(self) -> Effects:
        """Resign the whole match: the person acting (you, against the computer) loses it."""
        m = self.match
        if m.phase == "match-over":
            return self.effects()
        if self.online is not None:  # issue 18: the friend is told (and wins the match)
            self.online.resign_match()
            return self.effects()
        m.resign_match(self.human_player())
        return self.effects()

    def claim(self) -> Effects:
        """Claim the win on time (Blitz: the opponent's time is up)."""
        p = self.claimant()
        if p is not None:
            self.match.claim_timeout(player=p)
            self._plan = None
        return self.effects()

    def next_game(self) -> Effects:
        """Start the next game of the match (after one is over)."""
        if self.match.phase == "game-over":
            self.match.next_game()
            self.note = ""
            self.last_roll = None
        return self.effects()

