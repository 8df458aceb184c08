"""Drawing the match into the page: the board (``render_board``) into ``#board``, the panel
(``panel_html``) into ``#panel``, the phase and the game on ``<body>`` (``data-phase``,
``data-variant``: test hooks), the sounds of what happened (dice, a checker, a hit), the checkers
that moved slid from where they were (``plan_slides``, Web Animations), and the highlighted moves
(``.target``, ``.source``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pyscript import document

from web.control.effects import Effects
from web.view.anim import plan_slides
from web.view.panel import clock_bars, clock_html, panel_html, time_up_html
from web.view.render import render_board
from web.view.view import BoardView, Motion

from .jsutil import js_obj, nil
from .keyboard import keep_focus

if TYPE_CHECKING:
    from .board_events import Press
    from .page import BoardApp

SLIDE_MS = 320  # one checker slide at speed 1


def _slide_frames(dx: float, dy: float) -> Any:
    """Keyframes from ``(dx, dy)`` away back to the checker's place."""
    return js_obj([{"transform": f"translate({dx:.1f}px, {dy:.1f}px)"}, {"transform": "translate(0px, 0px)"}])


class Painter:
    """Writes ``app``'s match into ``#board`` and ``#panel``; remembers the board it drew last
    (what the next slides start from)."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.view: BoardView | None = None

    def forget(self) -> None:
        """Another match, or another look: the next drawing slides nothing."""
        self.view = None

    def draw(self, effects: Effects) -> None:
        """The board and the panel from the controller; the checkers of ``effects`` slide; its
        sounds play."""
        motions = effects.motions
        app = self.app
        if app.replay is not None:  # replay mode: its position, not the live one
            from .replay_mode import draw

            draw(app, app.replay)
            return
        ctl = app.ctl
        before = self.view
        self.view = app.coach.decorate(ctl.board_view())
        app.host.innerHTML = render_board(self.view, app.layout) + time_up_html(ctl.panel_view())
        self.draw_panel()
        if motions and before is not None and app.animate():
            self.slide(before, self.view, motions)
        self.sounds(effects.sounds)

    def draw_panel(self) -> None:
        app = self.app
        ctl = app.ctl
        view = ctl.panel_view()
        document.body.dataset.phase = view.phase
        document.body.dataset.variant = view.variant  # the game in play (test hook)
        bars = clock_bars(ctl.match.clock_state(app.online.clock_time(app.now()))) if ctl.match.clock is not None else None
        bottom = ctl.bottom
        clocks = clock_html(bars, ctl.names, (1 - bottom, bottom))
        from .replay_mode import moves_section, scroll_moves

        kept = app.voice.keep()  # (the typed move field's text and selection, issue 15)
        keep_focus(app.panel, panel_html(view, clocks, app.online.line_html(), app.voice.html()) + moves_section(app), app.host)
        app.voice.restore(kept)
        scroll_moves(app)

    def sounds(self, names: Sequence[str]) -> None:
        sound = self.app.sound
        for name in names if sound is not None else ():
            sound.play(name)

    def slide(self, before: BoardView, after: BoardView, motions: list[Motion]) -> None:
        app = self.app
        ms = app.ctl.options.duration_ms(SLIDE_MS)
        svg = app.host.querySelector("svg")
        for s in plan_slides(before, after, motions, app.layout):
            el = svg.querySelector(f'.checker[data-owner="{s.side}"][data-point="{s.point}"][data-index="{s.index}"]')
            if nil(el):
                continue
            el.parentNode.appendChild(el)  # above the other checkers while it moves
            el.animate(_slide_frames(s.dx, s.dy), js_obj({"duration": ms, "easing": "ease-in-out"}))

    def slide_back(self, press: Press) -> None:
        """An illegal drop: the dragged checker goes back to its point."""
        el = press.drag
        dx, dy = press.offset
        el.style.transform = ""
        el.classList.remove("dragging")
        ms = self.app.ctl.options.duration_ms(SLIDE_MS * 0.6)
        if ms and self.app.animate():
            el.animate(_slide_frames(dx, dy), js_obj({"duration": ms, "easing": "ease-out"}))

    def highlight(self, point: int | None) -> None:
        """Mark the targets of the checker on ``point`` (class ``target``) and the point itself
        (class ``source``); clear every mark when ``point`` is None or nothing there can move."""
        ctl = self.app.ctl
        svg = self.app.host.querySelector("svg")
        if nil(svg):
            return
        for el in svg.querySelectorAll(".target, .source"):
            el.classList.remove("target")
            el.classList.remove("source")
        if point is None or self.app.replay is not None or not ctl.movable(point):
            return
        for target in ctl.targets(point):
            el = svg.querySelector(f'.point[data-point="{target}"], .tray[data-point="{target}"]')
            if not nil(el):
                el.classList.add("target")
        src = svg.querySelector(f'.point[data-point="{point}"], .bar[data-point="{point}"]')
        if not nil(src):
            src.classList.add("source")
