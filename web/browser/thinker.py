"""The computer's work in the page: choosing a play and loading its data (the data archive,
``web.browser.aidata``, then the player's ``prepare_steps``) run as steps generators (``tavli.steps``) in
slices of at most :data:`SLICE_S` (:meth:`Thinker.run_steps`), the browser getting its turn between
them (:class:`Pacer`), so that the page keeps painting and answering while the computer thinks.

A level whose search is too long for slices of the page's thread (the Grandmaster: ``Level.deep``)
chooses its plays in the coach's worker instead (:meth:`Thinker.run_in_worker`, tavli.coach.play);
the page only waits, painting, and falls back to slices if the worker fails.

Test hooks: ``<body data-thinking>`` "1" while any work is under way; ``<body data-aidata>``, the
archive's state; ``window.tavliThinking``, an entry per play chosen, data loaded or archive
unpacked (``kind`` "move", "load", "archive"; ``worker``: true for a play the worker chose, with
the net's ``evaluations`` it took).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from web.control.seats import Seat

from .jsutil import js_obj, nil, spawn

if TYPE_CHECKING:
    from .aidata import Loader
    from .page import BoardApp

SLICE_S = 0.015  # the longest stretch of the computer's work between two turns of the page
WATCH_S = 0.05  # while the worker chooses a play: how often the page looks whether it is still wanted
YIELD_S = 0.003  # the pause between two slices (a timer: see Pacer)
WARM_UP_MS = 600  # once the board is up, the computer's data starts loading after this pause

# Frames while the computer works: a requestAnimationFrame loop counts them (only while some work
# is under way), and ``frame()`` resolves at the next frame (or after 100 ms, if none comes).
_PACER_JS = """
let frames = 0, users = 0, looping = false;
const tick = () => { frames++; looping = users > 0; if (looping) requestAnimationFrame(tick); };
return {
  start() { users++; if (!looping) { looping = true; requestAnimationFrame(tick); } },
  stop() { users = Math.max(0, users - 1); },
  frames() { return frames; },
  frame() { return new Promise((done) => { const t = setTimeout(done, 100);
                                           requestAnimationFrame(() => { clearTimeout(t); done(); }); }); },
};
"""


class Pacer:
    """Gives the browser its turns between two slices of the computer's work (:meth:`pause`):
    input events, timers and frames.

    Normally a 3 ms timer: ``asyncio.sleep`` of more than 2 ms is a ``setTimeout`` in Pyodide's
    event loop, and Chromium paints a frame that is due before it runs one, whereas it may put a
    frame off for 100 ms and more behind a chain of MessageChannel tasks, which is what
    ``asyncio.sleep(0)`` is. If no frame was painted during the previous pause (a busy machine), it
    waits for the next frame instead. In a hidden page, where timers are throttled to about one a
    second and nothing is painted, ``asyncio.sleep(0)``."""

    def __init__(self) -> None:
        self.js = window.Function.new(_PACER_JS)()

    def start(self) -> None:
        """Work begins: count the frames (call :meth:`stop` when it ends)."""
        self.js.start()

    def stop(self) -> None:
        self.js.stop()

    async def frame(self) -> None:
        """Wait for the next frame (at most 100 ms; in a hidden page, which paints none, a turn)."""
        if document.hidden:
            await asyncio.sleep(0)
        else:
            await self.js.frame()

    async def pause(self, last: int | None) -> int:
        """Give the browser a turn. ``last``: what the previous pause of this work returned (None
        for the first); returns the count of frames before this pause."""
        before = int(self.js.frames())
        if document.hidden:
            await asyncio.sleep(0)
        elif before == last:
            await self.js.frame()  # no frame during the previous pause: wait for one
        else:
            await asyncio.sleep(YIELD_S)
        return before


class Thinker:
    """Runs ``app``'s computer's work in slices; loads its data (once, one load at a time)."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.working = 0  # pieces of the computer's work under way (run_steps, a data load)
        self.pacer: Pacer | None = None  # made on first use
        self.loading: tuple[Any, asyncio.Future[None]] | None = None  # (bot, task) of the data being loaded
        self.archive: Loader | None = None  # the computer's data archive, made on first use

    # --- slices -------------------------------------------------------------------------------

    async def run_steps(self, steps: Generator[Any, Any, Any], alive: Callable[[], bool] | None = None, *,
                        kind: str | None = None, since: float | None = None,
                        choices: int = 0) -> tuple[bool, Any]:
        """Run a steps generator (:mod:`tavli.steps`) a slice of at most ``SLICE_S`` at a time,
        giving the page a turn (:class:`Pacer`: input, timers and frames) before the first slice
        and between slices. ``(True, result)``, or ``(False, None)`` once ``alive()`` is False
        (asked before each slice; the generator is then closed). ``<body data-thinking>`` is "1"
        meanwhile. With ``kind`` (``move``, ``load``, ``archive``), the run is recorded in
        ``window.tavliThinking``: its seconds (from ``since``), slices and longest slice (and the
        legal plays it chose among, ``choices``), for the browser tests and benchmarks."""
        clock = time.perf_counter
        start = clock() if since is None else since
        slices, longest = 0, 0.0
        last = None
        pacer = self._work(1)
        try:
            # The page's last change (the person's play drawn, a dialog closed) is painted before
            # the first slice, not after it: a frame never waits for both.
            await pacer.frame()
            if alive is not None and not alive():
                return False, None
            while True:
                begin = clock()
                end = begin + SLICE_S
                try:
                    while True:
                        next(steps)
                        if clock() >= end:
                            break
                except StopIteration as stop:
                    slices, longest = slices + 1, max(longest, clock() - begin)
                    if kind is not None:
                        self.record(kind, clock() - start, slices, longest, choices)
                    return True, stop.value
                slices, longest = slices + 1, max(longest, clock() - begin)
                last = await pacer.pause(last)
                if alive is not None and not alive():
                    return False, None
        finally:
            steps.close()
            self._work(-1)

    @staticmethod
    def in_worker(bot: Any) -> bool:
        """Whether ``bot`` chooses its plays in the worker (a level with the deep search)."""
        level = getattr(bot, "level", None)
        return getattr(level, "deep", None) is not None

    async def run_in_worker(self, ctl: Any, alive: Callable[[], bool], *, choices: int = 0) -> tuple[bool, Any]:
        """The computer's play chosen by the coach's worker (``CoachClient.play``), the page only
        waiting (``<body data-thinking>`` "1"): ``(True, play)``, or ``(False, None)`` once
        ``alive()`` is False (asked every ``WATCH_S``; the worker then drops the work). If the
        worker cannot answer, the play is chosen here in slices (:meth:`run_steps`)."""
        clock = time.perf_counter
        start = clock()
        client = self.app.coach.client
        self._work(1)
        try:
            key, future = client.play(ctl.match, ctl.setup.level)
            while not future.done():
                await asyncio.sleep(WATCH_S)
                if not alive():
                    client.drop(key)
                    return False, None
            answer = future.result()
        finally:
            self._work(-1)
        moves = answer.get("moves")
        if not isinstance(moves, list) or not alive():
            if alive():
                window.console.warn(f"the computer's play from the worker: {answer.get('error', answer)}")
            return await self.run_steps(ctl.choose_play_steps(), alive, kind="move", since=start, choices=choices)
        play = ctl.match.find_play([(int(m[0]), int(m[1])) for m in moves])
        self.record("move", clock() - start, 0, 0.0, choices, worker=True,
                    evaluations=int(answer.get("evaluations") or 0))
        return True, play

    def _work(self, change: int) -> Pacer:
        """The computer's work begins (+1) or ends (-1): the frames are counted meanwhile (the
        pacer), and ``<body data-thinking>`` says whether any is under way (a test hook)."""
        if self.pacer is None:
            self.pacer = Pacer()
        self.working += change
        (self.pacer.start if change > 0 else self.pacer.stop)()
        document.body.dataset.thinking = "1" if self.working else ""
        return self.pacer

    def record(self, kind: str, seconds: float, slices: int, longest: float, choices: int = 0, *,
               worker: bool = False, evaluations: int = 0) -> None:
        """A test hook: one entry of ``window.tavliThinking``."""
        log: Any = getattr(window, "tavliThinking", None)
        if nil(log):
            log = window.tavliThinking = window.Array.new()
        log.push(js_obj({"kind": kind, "level": str(getattr(self.app.ctl.setup, "level", "")),
                         "seconds": seconds, "slices": slices, "longest": longest, "choices": choices,
                         "worker": worker, "evaluations": evaluations}))

    # --- the computer's data ------------------------------------------------------------------

    async def prepare(self, bot: Any) -> None:
        """``bot``'s data loaded (``prepare_steps``, in slices), the data archive fetched first if
        it is not there yet (``web.browser.aidata``). One load at a time: a second caller for the same
        bot waits for the first."""
        if getattr(bot, "ready", True):
            return
        loading = self.loading
        if loading is None or loading[0] is not bot or loading[1].done():
            loading = self.loading = (bot, asyncio.ensure_future(self._load(bot)))
        await loading[1]

    async def _load(self, bot: Any) -> None:
        from . import aidata

        start = time.perf_counter()
        if not aidata.present():
            await self.archive_loader().load()
        await self.run_steps(bot.prepare_steps(), kind="load", since=start)

    def archive_loader(self) -> Loader:
        """The :class:`web.browser.aidata.Loader` of the computer's data, its state in ``<body
        data-aidata>`` (a test hook), its notices in the toast."""
        if self.archive is None:
            from web.model.i18n import t

            from . import aidata

            def unpack(data: bytes) -> Any:
                return self.run_steps(aidata.unpack_steps(data), kind="archive")

            def show(state: aidata.State) -> None:
                document.body.dataset.aidata = state.value

            self.archive = aidata.Loader(aidata.BrowserFetch(), unpack, show=show,
                                         tell=lambda notice: self.app.toast.show(t(notice.value)),
                                         warn=lambda text: window.console.warn(text))
        return self.archive

    def handlers(self) -> tuple[tuple[str, Any], ...]:
        """The window's events for the data archive: its fetch stops quietly when the page is left,
        goes on when it is back, and a failed one is tried again at once when the network is back."""
        def when_made(act: Callable[[Loader], None]) -> Callable[..., None]:
            def handler(*_: object) -> None:
                if self.archive is not None:
                    act(self.archive)
            return handler

        return (("pagehide", when_made(lambda loader: loader.leave())),
                ("pageshow", when_made(lambda loader: loader.back())),
                ("online", when_made(lambda loader: loader.wake())))

    def warm_up(self) -> None:
        """Once the board is up, load the computer's data idly (:meth:`prepare`), so that its
        first decision starts at once."""
        app = self.app
        ctl = app.ctl
        if not app.started or Seat.COMPUTER not in ctl.seats:  # (no computer plays)
            return
        if self.archive is None:  # aidata.State.PENDING, without importing web.browser.aidata (zipfile) yet
            document.body.dataset.aidata = "pending"

        async def warm_up() -> None:
            await asyncio.sleep(WARM_UP_MS / 1000)
            if ctl is app.ctl and self.in_worker(ctl.bot):
                app.coach.client.start()  # its start-up (seconds) before the computer's first play
            if ctl is app.ctl:
                await self.prepare(ctl.bot)
            else:  # a new match meanwhile (its own warm-up, if any, prepares its bot)
                from . import aidata

                if not aidata.present():
                    await self.archive_loader().load()

        spawn(warm_up())
