"""The analysis on the page: the match (or some of its games) sent to the coach's worker, a dialog
with its progress and Cancel, then each player's totals and the mistakes, worst first; a mistake
chosen shows its position in replay (``BoardApp.show_replay``) with the play made and the best as
arrows, both equities in the toast. The game goes on meanwhile: the page never waits on the worker.
A finished match's error rates go to the record of finished matches (``web.browser.records``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from web.model.i18n import t
from web.view import coach_view as cv

from .coach import CoachClient
from .jsutil import nil, spawn

if TYPE_CHECKING:
    from .page import BoardApp


class Analysis:
    """The analysis dialog of ``app``'s match; the last result kept (asked again for the same
    match and games, it is shown at once)."""

    def __init__(self, app: BoardApp, client: CoachClient) -> None:
        self.app = app
        self.client = client
        self.analysing = False
        self.analysed: Any = None  # the match of `result`
        self.names: tuple[str, str] = ("", "")  # its players' names
        self.result: dict[str, Any] | None = None
        self.result_key: tuple[Any, ...] | None = None

    def cancel(self) -> None:
        """Cancel: the worker drops the work, the dialog closes, no result."""
        self.client.cancel()
        self.analysing = False
        self.app.dialogs.close()

    def start(self, games: list[int] | None) -> None:
        """Analyse ``games`` of the match (None: every game so far) in the worker; the dialog shows
        the progress, then the result (kept: asked again for the same match and games, it is
        shown at once)."""
        app = self.app
        match = app.ctl.match
        key = (id(match), len(match.log), tuple(games) if games is not None else None)
        if self.result is not None and self.result_key == key:
            app.dialogs.open(cv.analysis_done(self.result, app.ctl.names))
            return
        if self.analysing:
            self.client.cancel()
        self.analysing = True
        app.dialogs.open(cv.analysis_running(0.0))
        spawn(self._analyse(match, games, key, app.ctl.names))

    async def _analyse(self, match: Any, games: list[int] | None, key: tuple[Any, ...],
                       names: tuple[str, str]) -> None:
        app = self.app
        finished = match.phase == "match-over" and (games is None or set(games) >= set(range(1, match.game_number + 1)))
        answer = await self.client.analyse(match, games, self._progress)
        if answer.get("cancelled"):
            return
        self.analysing = False
        shown = app.dialogs.user is not None and app.dialogs.user.kind == "analysis"
        if "error" in answer:
            if shown:
                app.dialogs.open(cv.analysis_failed(str(answer["error"])))
            else:
                app.toast.show(t("coach_failed", why=answer["error"]))
            return
        self.analysed, self.result, self.result_key, self.names = match, answer, key, names
        if shown:
            app.dialogs.open(cv.analysis_done(answer, self.names))
        if finished:
            self._note_rates(match, answer)

    def _progress(self, fraction: float) -> None:
        bar = self.app.dialogs.dlg.querySelector("progress[data-progress]")
        if not nil(bar):
            pct = round(100 * max(0.0, min(1.0, fraction)))
            bar.value = pct
            bar.dataset.progress = str(pct)

    def _note_rates(self, match: Any, answer: dict[str, Any]) -> None:
        """A finished match's error rates go to the record of finished matches (io's part)."""
        try:
            from .records import note_error_rates  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            return
        players = answer.get("players") or []
        if len(players) == 2:
            note_error_rates(self.app, match, (float(players[0].get("error_rate", 0.0)),
                                               float(players[1].get("error_rate", 0.0))))

    def show_mistake(self, index: int) -> None:
        """A mistake of the list: its position in replay, the play made and the best as arrows,
        both equities said in the toast."""
        if self.result is None or self.analysed is None:
            return
        found = cv.mistakes(self.result)
        if not 0 <= index < len(found):
            return
        d = found[index]
        from web.view.view import ArrowKind, play_arrows

        game: dict[str, Any] = next((g for g in self.result.get("games", []) if g.get("number") == d.get("game")), {})
        variant = str(game.get("variant", self.analysed.game_variant))
        live = self.analysed is self.app.ctl.match
        bottom = self.app.ctl.bottom if live else 0  # as replay mode draws it (web.browser.replay_mode)
        side = 0 if int(d.get("player", 0)) == bottom else 1
        made, best = d.get("made") or {}, d.get("best") or {}
        arrows = play_arrows(side, variant, [tuple(m) for m in made.get("moves") or []], ArrowKind.MADE) + \
            play_arrows(side, variant, [tuple(m) for m in best.get("moves") or []], ArrowKind.BEST)
        self.app.dialogs.close()
        self.app.show_replay(self.analysed, int(d["game"]), int(d["index"]), arrows=arrows, names=self.names)
        self.app.toast.show(t("analysis_position", made=cv.choice_text(made.get("text", "")),
                              made_eq=cv.equity_text(float(made.get("equity", 0.0))),
                              best=cv.choice_text(best.get("text", "")), best_eq=cv.equity_text(float(best.get("equity", 0.0)))))
