"""What the page shows of the match, as view data (web/view draws it): the board
(:meth:`Presenter.board_view`), the panel (:meth:`~Presenter.panel_view`) with the status line
(:meth:`~Presenter.status`) and a game's result (:meth:`~Presenter.result_text`), and what the
match's questions ask (:meth:`~Presenter.cube_question`, :meth:`~Presenter.resign_answer`,
:meth:`~Presenter.resign_choice`, :meth:`~Presenter.resign_match_question`). Pure Python, no
browser imports; it reads the match and changes nothing.
"""

from __future__ import annotations

from typing import Any

from tavli.events import Played
from web.model.i18n import kind_text, t
from web.view.speech import game_result_words
from web.view.view import (
    BoardView,
    Control,
    CubeQuestion,
    DieView,
    PanelView,
    PlayerCard,
    ResignAnswer,
    ResignChoice,
)

from .last_move import last_play_arrows
from .table import Table


class Presenter(Table):
    """The view data of the match on the page."""

    def board_view(self) -> BoardView:
        """The board as drawn now, from the bottom player's side."""
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
            dice_side = self.side_of(m.game.on_roll)
        elif self.opening is not None:
            # The opening throw, one die each, until its winner rolls afresh (Plakoto, Fevga).
            pair = self.opening
            opening = (DieView(pair[bottom]), DieView(pair[1 - bottom]))
        elif m.phase == "roll" and self.last_roll is not None:
            # Until the next roll, the last turn's dice stay on the board, played.
            who, (a, b) = self.last_roll
            dice = tuple(DieView(v, True) for v in ((a,) * 4 if a == b else (a, b)))
            dice_side = self.side_of(who)
        roll_hint = None
        if self.can_roll() and not self.options.auto_roll:
            roll_hint = 0 if m.phase == "opening" else self.side_of(m.game.on_roll)
        owner = None if m.cube_owner is None else self.side_of(m.cube_owner)
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
            finish_hint=self.options.click_to_finish and self.human_moving() and self.turn.is_complete(),
            basic=self.options.basic,
            arrows=last_play_arrows(m, self.side_of),  # issue 14: the last play, until the next one starts
        )

    def status(self) -> str:
        """The status line: what happened last and who is to do what."""
        m = self.match
        phase = m.phase
        if phase == "match-over":
            winner = m.winner if m.winner is not None else 0
            return t("match_won", name=self.names[winner], s0=m.scores[winner], s1=m.scores[1 - winner])
        if phase == "game-over":
            return self.result_text()
        if phase == "opening":
            return self.note or t("opening")
        actor = self.actor
        name = self.names[actor]
        if not self.is_human(actor):
            if self.online is not None and self.online.state() == "away":  # issue 18: not thinking
                return t("online_status_away", name=name)
            return self.note or t("thinking", name=name)
        if phase == "roll":
            return f"{self.note} · {t('your_roll', name=name)}" if self.note else t("your_roll", name=name)
        if phase == "cube":
            return t("decide_cube", name=name, other=self.names[1 - actor], value=m.cube * 2)
        if phase == "resign":
            kind = kind_text(m.resign_offer) if m.resign_offer is not None else ""
            return t("decide_resign", name=name, other=self.names[1 - actor], kind=kind)
        turn = self.turn
        if turn.length == 0:
            return t("passes", name=name)
        if turn.is_complete():
            return t("your_finish", name=name)
        dice = "-".join(str(d) for d in turn.dice_left())
        text = t("your_move", name=name, dice=dice)
        return f"{self.note} · {text}" if self.note and not turn.moves else text

    def result_text(self) -> str:
        """The result of the game just over ("" while none is)."""
        result = self.match.result
        return "" if result is None else game_result_words(result, self.names)

    def panel_view(self) -> PanelView:
        """The names, scores, status line, buttons and menu beside the board."""
        m = self.match
        bottom = self.bottom
        pos = m.position_for(bottom)
        pips = pos.pip_counts()
        actor = m.to_act

        def card(player: int, pip: int) -> PlayerCard:
            return PlayerCard(self.names[player], player, m.scores[player], pip, actor == player)

        human_rolls = self.can_roll()
        moving = self.human_moving()
        controls = [
            Control("roll", t("roll"), enabled=human_rolls, title=t("tip_roll") if human_rolls else t("why_no_roll"),
                    primary=human_rolls),
        ]
        if m.rules.cube and m.length != 1:
            can = self.can_double()
            why = t("why_no_double_autoroll") if self.options.auto_roll else t("why_no_double")
            controls.append(Control("double", t("double"), enabled=can, title=t("tip_double") if can else why))
        can_undo = moving and bool(self.turn.moves)
        controls.append(Control("undo", t("undo"), enabled=can_undo, title=t("tip_undo") if can_undo else t("why_no_undo")))
        if self.options.click_to_finish:
            can = moving and self.turn.is_complete()
            controls.append(Control("done", t("done"), enabled=can, title=t("tip_done") if can else t("why_no_done"),
                                    primary=can))
        if self.coach_allowed and (human_rolls or moving) and m.phase != "opening":
            controls.append(self.hint_control())
        if m.phase == "game-over":
            controls.append(Control("next-game", t("next_game"), primary=True))
        if m.phase == "match-over" or (m.phase == "game-over" and self.online is None):
            controls.append(Control("analyse-game", t("analyse_game"), title=t("tip_analyse_game")))
        if self.online is not None and self.online.can_claim():  # issue 18: the friend stayed away
            controls.append(Control("online-claim", t("online_claim"), title=t("tip_online_claim"), primary=True))
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
            Control("analyse", t("analyse"), enabled=self.analysable(), title=self.analyse_title()),
            Control("moves", t("moves"), title=t("tip_moves")),  # issue 14: the move list
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

    def hint_control(self) -> Control:
        """The Hint button for the person on roll: usable once the dice are thrown, or before the
        roll when he may double (the cube's advice)."""
        m = self.match
        can = self.human_moving() or (m.phase == "roll" and m.can_double())
        return Control("hint", t("hint"), enabled=can, title=t("tip_hint") if can else t("why_no_hint"))

    @property
    def coach_allowed(self) -> bool:
        """Whether the coach may help now: the Hint option on, and not in an online match still
        being played (the friend plays without help; the analysis comes after the match)."""
        return self.options.hints and (self.online is None or self.match.phase == "match-over")

    def analysable(self) -> bool:
        """Whether the match has a play to analyse (online: once the match is over)."""
        if self.online is not None and self.match.phase != "match-over":
            return False
        return any(isinstance(event, Played) for event in self.match.log)

    def analyse_title(self) -> str:
        """The Analyse button's title: what it does, or why it cannot."""
        if self.analysable():
            return t("tip_analyse")
        return t("why_no_coach_online") if self.online is not None else t("why_no_analyse")

    def cube_question(self) -> CubeQuestion:
        """A double offered: to the person who must answer it."""
        m = self.match
        actor = self.actor
        return CubeQuestion(self.names[actor], self.names[1 - actor], m.cube)

    def resign_answer(self) -> ResignAnswer:
        """A resignation offered: to the person who must answer it."""
        m = self.match
        actor = self.actor
        assert m.resign_offer is not None, "no resignation is offered"
        return ResignAnswer(self.names[actor], self.names[1 - actor], m.resign_offer, m.cube)

    def resign_choice(self) -> ResignChoice:
        """Resigning the game: what the person on roll may offer now."""
        m = self.match
        return ResignChoice(self.names[1 - m.game.on_roll], tuple(self.resign_levels()), m.cube, m.rules.resign_offers,
                            self.resign_cost())

    def resign_match_question(self) -> str:
        """Resigning the match: the name of the one it is resigned to."""
        return self.names[1 - self.human_player()]


def draw_once(ctl: Any) -> None:
    """What the page draws of ``ctl`` at its first refresh (raises what drawing would raise;
    the page guards its first refresh too)."""
    from web.view import dialogs
    from web.view import geometry as g
    from web.view.panel import announce_html, clock_bars, clock_html, panel_html
    from web.view.render import render_board

    view = ctl.board_view()
    render_board(view, g.Layout(ctl.options.home_left, False))
    panel = ctl.panel_view()
    announce_html(panel)
    match = ctl.match
    bars = clock_bars(match.clock_state()) if match.clock is not None else None
    bottom = ctl.bottom
    panel_html(panel, clock_html(bars, ctl.names, (1 - bottom, bottom)))
    phase = ctl.page_phase()
    if phase == "cube":
        dialogs.cube(ctl.cube_question())
    elif phase == "resign":
        dialogs.answer(ctl.resign_answer())
