"""The part of the game that plays by itself: the computer's actions and the automatic steps
(a pass, an automatic roll or bear-off), one at a time at a readable pace, the page given back
between them. ``<body data-busy>`` is "1" while it runs (a test hook: something will happen by
itself)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from pyscript import document

from web.control.controller import Controller

from .jsutil import spawn

if TYPE_CHECKING:
    from .page import BoardApp

PAUSE_MS = 520  # between the computer's actions at speed 1
PASS_MS = 1400  # time to read that a player cannot move


class Runner:
    """One loop at a time (:meth:`schedule`), while the computer or an automatic step is due."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.driving = False

    def schedule(self) -> None:
        """Start the loop if something is due and it is not running."""
        app = self.app
        if self.driving or not app.started or app.replay is not None or not (
                app.ctl.computer_to_act() or app.ctl.auto_pending()):
            return
        self.driving = True
        document.body.dataset.busy = "1"
        spawn(self.drive())

    async def drive(self) -> None:
        """Let the computer (and the automatic steps) play at a readable pace, one step at a
        time, giving the page back between steps. Runs while ``self.driving``; a refresh
        meanwhile schedules nothing more. The computer's data is loaded before its first
        decision (``Thinker.prepare``), its choice of play is made in slices (:meth:`think`)."""
        app = self.app
        try:
            while app.replay is None:  # replay mode: paused (leaving it schedules the loop again)
                ctl = app.ctl
                if ctl.computer_to_act() and not getattr(ctl.bot, "ready", True):
                    app.thinker.archive_loader().need()
                    await app.thinker.prepare(ctl.bot)
                    if ctl is not app.ctl:
                        continue  # a new match meanwhile: look again
                if ctl.plan_needed():
                    await self.think(ctl)
                    continue
                if ctl.computer_to_act():
                    step = ctl.computer_step
                elif ctl.auto_pending():
                    step = ctl.auto_step
                else:
                    break
                pause = PASS_MS if ctl.passing() else PAUSE_MS
                await asyncio.sleep(ctl.options.pause_ms(pause) / 1000)
                if ctl is app.ctl and app.replay is None:  # (a new match, or replay mode, meanwhile)
                    app.refresh(step())
        finally:
            self.driving = False
            document.body.dataset.busy = ""

    async def think(self, ctl: Controller) -> None:
        """The computer's choice of play (``Controller.choose_play_steps``), made in slices
        (``Thinker.run_steps``) and handed to the controller if it is still wanted: not when a new
        match started meanwhile, or the turn ended otherwise (a flag fell, a win was claimed)."""
        app = self.app
        turn = ctl.match.turn
        choices = len(getattr(turn, "plays", ()))

        def wanted() -> bool:
            return ctl is app.ctl and ctl.match.turn is turn

        if app.thinker.in_worker(ctl.bot):  # the Grandmaster: in the coach's worker
            finished, play = await app.thinker.run_in_worker(ctl, wanted, choices=choices)
        else:
            finished, play = await app.thinker.run_steps(ctl.choose_play_steps(), wanted, kind="move", choices=choices)
        if finished and wanted() and ctl.plan_needed():
            ctl.set_plan(play)
