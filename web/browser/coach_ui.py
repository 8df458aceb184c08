"""The coach on the page: the Hint button's sheet (the best plays drawn on the board as arrows, the
chosen one played; the cube's advice), and the buttons of the analysis (web.browser.coach_analysis).
The work is the worker's (web.browser.coach :class:`CoachClient`); the HTML is web.view.coach_view's. Nothing here waits on the worker: each
request is a background task, and its answer is dropped if the position it was for has gone.

A hint belongs to the position it was asked in (:meth:`Coach.position_key`: the match, its log's
length, the phase, who acts, the dice): once the game moves on (a play, a roll, a new match,
replay mode), the sheet closes and its arrows go.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pyscript import document

from web.model.i18n import t
from web.view import coach_view as cv
from web.view.view import BoardView

from .coach import CoachClient
from .coach_analysis import Analysis
from .jsutil import listen, nil, spawn

if TYPE_CHECKING:
    from .page import BoardApp

PANEL_ACTIONS = ("hint", "analyse", "analyse-game")  # the panel's buttons handled here
DIALOG_ACTIONS = ("hint", "analysis-cancel", "analysis-show")  # the dialog's buttons handled here


def replaying() -> bool:
    """Whether the board shows a position other than the live one (replay mode)."""
    return getattr(document.body.dataset, "replay", None) == "1"


class Coach:
    """The hint sheet and the analysis of ``app``'s match."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.client = CoachClient()
        self.sheet: Any = None  # #coach-sheet's host, made on first use
        self.hint: dict[str, Any] | None = None  # the answer shown, for position `hint_key`
        self.hint_key: tuple[Any, ...] | None = None
        self.selected: int | None = None
        self.asking: tuple[Any, ...] | None = None  # the position a hint is being asked for
        self.cube_advice = ""  # the advice shown in the answer-to-a-double dialog (HTML)
        self.analysis = Analysis(app, self.client)

    # --- which position ---------------------------------------------------------------------

    def position_key(self) -> tuple[Any, ...]:
        """What a hint is for: the match, how far it went, the phase, who acts, the dice."""
        m = self.app.ctl.match
        turn = m.turn
        return (id(self.app.ctl), len(m.log), m.phase, m.to_act, tuple(turn.dice) if turn is not None else None)

    def _fresh(self) -> bool:
        return self.hint is not None and self.hint_key == self.position_key() and not replaying()

    # --- the panel's and the dialog's buttons -----------------------------------------------

    def act(self, action: str) -> None:
        """A panel button of the coach: Hint, Analyse (the match so far), Analyse the game."""
        if action == "hint":
            self.ask_hint()
        elif action == "analyse":
            self.analysis.start(None)
        elif action == "analyse-game":
            self.analysis.start([self.app.ctl.match.game_number])

    def dialog_act(self, button: Any) -> None:
        """A button of the coach in the dialog: Hint (answering a double), Cancel (the analysis), a mistake."""
        action = button.dataset.action
        if action == "hint":
            self.ask_hint()
        elif action == "analysis-cancel":
            self.analysis.cancel()
        elif action == "analysis-show":
            self.analysis.show_mistake(int(button.dataset.index))

    # --- hints --------------------------------------------------------------------------------

    def ask_hint(self) -> None:
        """Ask the worker for the hint of the position now; the sheet says it is thinking."""
        ctl = self.app.ctl
        if not ctl.coach_allowed:
            return
        key = self.position_key()
        if self._fresh():
            self._draw_sheet()
            return
        if self.asking == key:
            return
        self.asking = key
        if ctl.page_phase() != "cube":
            self._show_sheet(cv.waiting_html())
        spawn(self._hint(key))

    async def _hint(self, key: tuple[Any, ...]) -> None:
        answer = await self.client.hint(self.app.ctl.match)
        if self.asking == key:
            self.asking = None
        if answer.get("cancelled"):
            return
        if key != self.position_key():
            self.sync()
            return
        if "error" in answer:
            self.close_sheet()
            self.app.toast.show(t("coach_failed", why=answer["error"]))
            return
        if self.app.ctl.page_phase() == "cube":  # the answer to a double: advice in its dialog
            self.cube_advice = cv.cube_advice_html(answer["cube"]) if answer.get("cube") else \
                f'<p class="note">{t("hint_nothing")}</p>'
            self.hint, self.hint_key = answer, key
            self.app.dialogs.sync()
            return
        self.hint, self.hint_key = answer, key
        self.selected = 0 if answer.get("plays") else None
        self._draw_sheet()
        self.app.refresh()

    def _draw_sheet(self) -> None:
        if self.hint is None:
            return
        self._show_sheet(cv.hint_html(self.hint, self.selected, self.app.ctl.human_moving()))

    def _show_sheet(self, html: str) -> None:
        if self.sheet is None:
            self.sheet = document.createElement("div")
            self.sheet.className = "coach-host"
            document.body.appendChild(self.sheet)
            listen(self.sheet, "click", self.on_sheet_click)
        self.sheet.innerHTML = html
        document.body.dataset.coach = "hint"

    def close_sheet(self) -> None:
        """The sheet and its arrows gone."""
        self.hint = self.hint_key = self.selected = None
        self.asking = None
        if self.sheet is not None:
            self.sheet.innerHTML = ""
        document.body.dataset.coach = ""

    def on_sheet_click(self, event: Any) -> None:
        button = event.target.closest("button[data-action]")
        if nil(button) or button.disabled:
            return
        action = button.dataset.action
        if action == "hint-close":
            self.close_sheet()
            self.app.refresh()
        elif action == "hint-select":
            index = int(button.dataset.index)
            if index == self.selected and self.app.ctl.human_moving():
                self.play_selected()  # a second tap on the chosen play makes it
                return
            self.selected = index
            self._draw_sheet()
            self.app.refresh()
        elif action == "hint-play":
            self.play_selected()

    def play_selected(self) -> None:
        """Make the chosen play, as if the person had moved those checkers; the sheet closes."""
        if not self._fresh() or self.selected is None or self.hint is None:
            return
        plays = self.hint.get("plays") or []
        if not 0 <= self.selected < len(plays):
            return
        moves = [(int(a), int(b)) for a, b in plays[self.selected]["moves"]]
        self.close_sheet()
        self.app.refresh(self.app.ctl.play_moves(moves))

    def decorate(self, view: BoardView) -> BoardView:
        """The live board with the chosen play's arrows (HINT) while its hint is shown."""
        if not self._fresh() or self.selected is None or self.hint is None:
            return view
        plays = self.hint.get("plays") or []
        if not 0 <= self.selected < len(plays):
            return view
        from web.view.view import ArrowKind, play_arrows

        ctl = self.app.ctl
        side = ctl.side_of(ctl.match.game.on_roll)
        moves = [(int(a), int(b)) for a, b in plays[self.selected]["moves"]]
        return replace(view, arrows=view.arrows + play_arrows(side, ctl.variant, moves, ArrowKind.HINT))

    def cube_dialog_advice(self) -> str:
        """The cube advice for the answer-to-a-double dialog ("" until asked for this position)."""
        if self.cube_advice and self.hint_key == self.position_key():
            return self.cube_advice
        self.cube_advice = ""
        return ""

    def sync(self) -> None:
        """After every refresh: a hint whose position has gone is closed."""
        if self.hint is not None and not self._fresh():
            self.close_sheet()
        elif self.asking is not None and self.asking != self.position_key():
            self.close_sheet()
