"""The clock on the page: while a clock runs, every animation frame (``requestAnimationFrame``)
lets the match catch up with the time (a flag falls: the match ends, or a claim on time opens),
moves the clock bars and digits, beeps the warning once a second, and saves every few seconds.
Against the computer the clock stops while the page is hidden."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

from web.view.panel import bar_classes, bar_style, clock_bars, clock_text

from .jsutil import keep, nil

if TYPE_CHECKING:
    from .page import BoardApp


class ClockLoop:
    """One frame callback at a time (:meth:`schedule`), running while ``app``'s match has a clock
    and is not over."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.proxy: Any = None
        self.pending = False
        self.beeped: dict[int, int] = {}  # player -> the second of his bank last beeped

    def schedule(self) -> None:
        """Ask for the next frame, if the clock runs and none is asked for yet."""
        app = self.app
        m = app.ctl.match
        if self.pending or m.clock is None or m.phase == "match-over" or not app.started:
            return
        if self.proxy is None:
            self.proxy = keep(self.on_frame)
        self.pending = True
        window.requestAnimationFrame(self.proxy)

    def on_frame(self, stamp: object = None) -> None:
        """Every animation frame while a clock runs: the model catches up with the time (a flag
        falls: the match ends, or a claim opens), the bars follow, a warning beeps."""
        self.pending = False
        app = self.app
        m = app.ctl.match
        if m.clock is None or not app.started:
            return
        now = app.now()
        before = (m.phase, m.flagged)
        app.online.clock_update(m, now)  # (online: the session's tick)
        if (m.phase, m.flagged) != before:
            app.refresh()
            return
        state = m.clock_state(app.online.clock_time(now))
        bars = clock_bars(state)
        app.voice.clock(state)  # (a warning said once, issue 15)
        for bar in bars or ():
            el = app.panel.querySelector(f'.clock[data-player="{bar.player}"]')
            if nil(el):
                continue
            el.className = bar_classes(bar) + f" player-{bar.player}"
            el.dataset.move = f"{bar.move_left:.1f}"
            el.dataset.bank = f"{bar.bank_left:.1f}"
            green, orange = bar_style(bar)
            el.querySelector(".move").style.width = green
            el.querySelector(".bank").style.width = orange
            el.querySelector(".t-move").textContent = clock_text(bar.move_left)
            el.querySelector(".t-bank").textContent = clock_text(bar.bank_left)
            self.warn(bar.player, bar.warning, int(bar.bank_left))
        if app.saver.due(now):
            app.saver.save()
        self.schedule()

    def warn(self, player: int, warning: bool, second: int) -> None:
        """The warning beep, once for each second of ``player``'s bank in the warning zone."""
        if not warning:
            self.beeped.pop(player, None)
        elif self.beeped.get(player) != second:
            self.beeped[player] = second
            if self.app.sound is not None:
                self.app.sound.play("warning")

    def visibility(self) -> None:
        """Against the computer the clock stops while the page is hidden (and starts again)."""
        app = self.app
        m = app.ctl.match
        hidden = bool(document.hidden)
        if app.started and app.ctl.setup.mode == "cpu" and m.clock is not None and m.phase != "match-over":
            if hidden:
                m.pause(app.now())
            elif app.replay is None:  # (replay mode keeps it paused)
                m.resume(app.now())
                self.schedule()
