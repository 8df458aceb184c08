"""The thin DOM layer: draws the controller's views into the page and turns pointer events into
board intents. Everything that can be decided without a browser is in ``web.controller``,
``web.geometry``, ``web.render`` and ``web.anim``; this module only reads events, writes
``innerHTML``, classes and attributes, and runs animations (Web Animations API).

Pointer Events cover mouse, pen and touch alike:

* ``pointerdown`` on a checker the human may move highlights its targets (touch-down);
  ``pointermove`` (a mouse with no button down) highlights the targets of the checker under it;
* moving more than a few pixels with the button down drags the top checker of the stack;
  ``pointerup`` drops it on the point under the pointer (``Controller.drag``) or it goes back;
* a press and release without dragging is a click (two within 400 ms on the same point: a
  double-click), on the dice area a roll or the end of the turn;
* ``contextmenu`` (right-click) is ``Controller.right_click``; its touch twin is a long press
  (released after ``LONG_PRESS_MS`` on a checker without moving; the board says when the press
  is long: ``#board[data-long-press]``);
* a checker dragged by a finger is drawn above it (``geometry.drag_offset``) and dropped where
  it is drawn.

The computer's work (choosing a play, loading its data: ``prepare``, ``web.aidata``) runs as steps
generators (``tavli.steps``) in slices of at most ``SLICE_S`` (``run_steps``), the browser getting
its turn between them (``Pacer``), so that the page keeps painting and answering while it thinks.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
import time
from collections.abc import Callable

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from web.control.controller import Controller
from web.control.effects import Effects
from web.view import geometry as g
from web.view.anim import plan_slides
from web.view.panel import bar_classes, bar_style, clock_bars, clock_html, clock_text, panel_html, time_up_html
from web.view.render import render_board
from web.view.view import BoardView, Motion

DRAG_THRESHOLD_PX = 6
DOUBLE_CLICK_MS = 400
LONG_PRESS_MS = 500  # a finger held this long on a checker without moving: the smaller die
SLIDE_MS = 320  # one checker slide at speed 1
PAUSE_MS = 520  # between the computer's actions at speed 1
PASS_MS = 1400  # time to read that a player cannot move
TOAST_MS = 3200  # an answer (take, drop, refuse...) stays on screen this long
SAVE_EVERY_S = 2.0  # while a clock runs, the match is saved this often (its time used)
SLICE_S = 0.015  # the longest stretch of the computer's work between two turns of the page
YIELD_S = 0.003  # the pause between two slices (a timer: see Pacer)
WARM_UP_MS = 600  # once the board is up, the computer's data starts loading after this pause
URL_KEY = "tavli.match.url"  # the query string the saved match was started with


try:  # JavaScript's null arrives as ``jsnull`` (Pyodide 0.27+), not None
    from pyodide.ffi import jsnull as _JSNULL
except ImportError:  # older Pyodide: null is None
    _JSNULL = None


def _nil(value: object) -> bool:
    """True for JavaScript's null/undefined as Pyodide hands them over."""
    return value is None or value is _JSNULL


def _js_obj(d: dict) -> object:
    return to_js(d, dict_converter=window.Object.fromEntries)


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


class BoardApp:
    """The page: the board in ``#board``, the panel in ``#panel``, the phase on ``<body>``, one
    ``<dialog>`` for every question and menu, the clock bars driven by ``requestAnimationFrame``,
    the match saved after every action and the options kept (``web.prefs``, ``web.saves``).

    ``make_controller(setup, match)``: a controller for a new match set up as ``setup`` (a
    :class:`web.settings.MatchSetup`), or for ``match`` (resumed). ``started``: False while the
    first visit's new-match screen waits (nothing is saved and nothing plays by itself then).
    """

    def __init__(self, make_controller: Callable, controller: Controller, *, store=None, prefs=None,
                 new_match=None, sound=None, now: Callable[[], float] | None = None, started: bool = True,
                 seed: int | None = None, url: str = "") -> None:
        from web.model.prefs import Prefs
        from web.model.setup import MatchSetup

        self.make_controller = make_controller
        self.ctl = controller
        self.store = store
        self.prefs = prefs if prefs is not None else Prefs()
        self.new_match = new_match if new_match is not None else MatchSetup()
        self.sound = sound
        self.now = now if now is not None else (lambda: float(window.performance.now()) / 1000)
        self.started = started
        self.seed = seed
        self.url = url
        self.portrait_query = window.matchMedia("(orientation: portrait)")
        self.layout = self._layout()
        self.host = document.getElementById("board")
        self.panel = document.getElementById("panel")
        self.view: BoardView | None = None
        self.hover: int | None = None
        self.press: dict | None = None  # the pointer pressed on the board, until it is released
        self.last_tap: tuple[int | None, float] = (None, -1e9)
        self.driving = False
        self.thinking = 0  # pieces of the computer's work under way (run_steps, a data load)
        self.pacer: Pacer | None = None  # made on first use
        self.loading = None  # (bot, task) of the data being loaded (prepare)
        self.archive = None  # web.aidata.Loader of the computer's data, made on first use
        self.tasks: set = set()
        self._proxies = []
        self.user_dialog = None  # a dialog the person opened (web.dialogs.Dialog), else None
        self.shown = None  # (kind, html) in the <dialog> now
        self.save_warned = False
        self.keeping = None  # web.keeping_dom.Keeping: what the start left for the player to decide
        self.frame_proxy = None
        self.frame_pending = False
        self.last_save = 0.0
        self.beeped: dict[int, int] = {}
        self.dlg = document.createElement("dialog")
        self.dlg.id = "dialog"
        self.dlg.setAttribute("aria-labelledby", "dialog-title")
        document.body.appendChild(self.dlg)
        self.toast = document.createElement("div")
        self.toast.id = "toast"
        self.toast.className = "toast"
        self.toast.setAttribute("role", "status")
        self.toast.setAttribute("aria-live", "polite")
        document.body.appendChild(self.toast)
        self._listen(self.host, "pointerdown", self.on_down)
        self._listen(self.host, "pointermove", self.on_move)
        self._listen(self.host, "pointerup", self.on_up)
        self._listen(self.host, "pointercancel", self.on_cancel)
        self._listen(self.host, "pointerleave", self.on_leave)
        self._listen(self.host, "contextmenu", self.on_context)
        self._listen(self.panel, "click", self.on_panel_click)
        self._listen(self.portrait_query, "change", self.on_orientation)
        self._listen(self.dlg, "click", self.on_dialog_click)
        self._listen(self.dlg, "change", self.on_dialog_change)
        self._listen(self.dlg, "cancel", self.on_dialog_cancel)
        self._listen(self.dlg, "close", self.on_dialog_close)
        self._listen(document, "visibilitychange", self.on_visibility)
        self._listen(window, "pagehide", lambda *_: self.save())
        # The computer's data: its fetch stops quietly when the page is left, and a failed one is
        # tried again at once when the network is back (web.aidata.Loader).
        self._listen(window, "pagehide", lambda *_: self.archive and self.archive.leave())
        self._listen(window, "pageshow", lambda *_: self.archive and self.archive.back())
        self._listen(window, "online", lambda *_: self.archive and self.archive.wake())
        self.apply_view()

    def _layout(self) -> g.Layout:
        return g.Layout(self.ctl.options.home_left, bool(self.portrait_query.matches))

    def on_orientation(self, event) -> None:
        """The screen turned (or the window changed shape): re-lay the board, keep the game."""
        self.press = None
        self.layout = self._layout()
        self.refresh()

    def _listen(self, target, kind: str, handler) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)  # keep the proxy alive as long as the page
        target.addEventListener(kind, proxy)

    # --- drawing ----------------------------------------------------------------------------

    def refresh(self, effects: Effects | None = None) -> None:
        """Redraw the board and the panel from the controller; slide the checkers that moved; play
        the sounds; show the dialog the match asks for; save the match."""
        effects = effects if effects is not None else self.ctl.effects()
        motions = effects.motions
        before = self.view
        self.view = self.ctl.board_view()
        self.host.innerHTML = render_board(self.view, self.layout) + time_up_html(self.ctl.panel_view())
        self.draw_panel()
        if motions and before is not None and self.ctl.options.animate:
            self.slide(before, self.view, motions)
        if self.hover is not None:
            self.highlight(self.hover)
        self.sounds(effects.sounds)
        if effects.toast:
            self.show_toast(effects.toast)
        self.sync_dialog()
        self.save()
        self.schedule_drive()
        self.schedule_frame()

    def draw_panel(self) -> None:
        ctl = self.ctl
        view = ctl.panel_view()
        document.body.dataset.phase = view.phase
        document.body.dataset.variant = view.variant  # the game in play (test hook)
        bars = clock_bars(ctl.match.clock_state(self.now())) if ctl.match.clock is not None else None
        bottom = ctl.bottom
        clocks = clock_html(bars, ctl.names, (1 - bottom, bottom))
        self.panel.innerHTML = panel_html(view, clocks)

    # --- options, language, sound, saving ---------------------------------------------------

    def apply_view(self) -> None:
        """The view options and the language on the page (classes, the document's language)."""
        from web.model.i18n import language, t

        opts = self.ctl.options
        document.body.classList.toggle("basic", opts.basic)
        document.body.classList.toggle("home-left", opts.home_left)
        document.documentElement.lang = language()
        document.title = t("title")
        self.host.setAttribute("aria-label", t("board_label"))

    def set_prefs(self, prefs) -> None:
        """New options from the menu: kept, and applied at once (mid-game)."""
        from web.model import i18n
        from web.model import prefs as P

        old = self.prefs
        self.prefs = prefs
        P.save(self.store, prefs)
        self.ctl.set_options(prefs.view)
        self.layout = self._layout()
        if self.sound is not None:
            self.sound.set_enabled(prefs.sound)
        if prefs.language != old.language:
            i18n.install(i18n.choose_language(prefs.language, list(window.navigator.languages)))
            self.ctl.note = ""
            self.reopen_user_dialog()
        self.apply_view()
        self.view = None
        self.refresh()

    def reopen_user_dialog(self) -> None:
        """The dialog open now, drawn again (in another language)."""
        from web.view import dialogs

        d = self.user_dialog
        if d is None:
            return
        if d.kind == "options":
            self.user_dialog = dialogs.options(self.prefs)
        elif d.kind == "rules":
            self.user_dialog = dialogs.rules(self.lang(), self.ctl.match.game_variant)
        elif d.kind == "new-match":
            self.user_dialog = dialogs.new_match(self.new_match, d.cancellable)
        self.shown = None

    def lang(self) -> str:
        from web.model.i18n import language

        return language()

    def sounds(self, names) -> None:
        for name in names if self.sound is not None else ():
            self.sound.play(name)

    def save(self) -> None:
        """Keep the match in localStorage (after every action; a refused write is reported once)."""
        from web.model import saves
        from .keeping_dom import holds_saves

        if not self.started or self.store is None or holds_saves(self):
            return
        self.last_save = self.now()
        ok = saves.save_match(self.store, self.ctl.match, self.new_match)
        if ok:
            try:
                self.store[URL_KEY] = self.url
            except Exception:  # noqa: BLE001
                ok = False
        if not ok and not self.save_warned:
            from web.model.i18n import t

            self.save_warned = True
            self.show_toast(t("save_failed"))

    def show_toast(self, text: str) -> None:
        self.toast.textContent = text
        self.toast.classList.add("show")
        self.toast_seq = getattr(self, "toast_seq", 0) + 1
        seq = self.toast_seq

        async def hide():
            await asyncio.sleep(TOAST_MS / 1000)
            if self.toast_seq == seq:
                self.toast.classList.remove("show")

        task = asyncio.ensure_future(hide())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- dialogs ----------------------------------------------------------------------------

    def wanted_dialog(self):
        """The dialog to show now: one the person opened, else the match's question to a person
        (a double to take or drop, a resignation to accept or refuse), else None."""
        from web.view import dialogs

        if self.user_dialog is not None:
            return self.user_dialog
        if not self.started:
            return None
        phase = self.ctl.page_phase()
        if phase == "cube":
            return dialogs.cube(self.ctl.cube_question())
        if phase == "resign":
            return dialogs.answer(self.ctl.resign_answer())
        return None

    def sync_dialog(self) -> None:
        d = self.wanted_dialog()
        if d is None:
            self.shown = None
            document.body.dataset.dialog = ""
            if self.dlg.open:
                self.dlg.close()
            return
        if self.shown != (d.kind, d.html):
            if self.shown is None or self.shown[0] != d.kind or d.kind in ("cube", "answer", "notice"):
                self.dlg.innerHTML = d.html
            self.shown = (d.kind, d.html)
        document.body.dataset.dialog = d.kind
        if not self.dlg.open:
            self.dlg.showModal()
            first = self.dlg.querySelector("button.primary, input:checked, select, button")
            if not _nil(first) and d.kind in ("cube", "answer", "notice", "resign-match", "resume"):
                first.focus()

    def open_dialog(self, dialog) -> None:
        self.user_dialog = dialog
        self.shown = None
        self.sync_dialog()

    def close_dialog(self) -> None:
        self.user_dialog = None
        self.refresh()

    def on_dialog_cancel(self, event) -> None:
        """Escape: closes a dialog that may be cancelled; a question that must be answered stays."""
        event.preventDefault()
        d = self.wanted_dialog()
        if d is not None and d.cancellable and d is self.user_dialog:
            self.close_dialog()

    def on_dialog_close(self, event) -> None:
        """The browser closed the dialog by itself (a second Escape): show it again if needed."""
        if self.wanted_dialog() is not None:
            self.shown = None
            self.sync_dialog()
        else:
            document.body.dataset.dialog = ""

    def form_values(self) -> dict:
        out = {}
        for el in self.dlg.querySelectorAll("input[name], select[name]"):
            if el.type == "radio":
                if el.checked:
                    out[el.name] = str(el.value)
            else:
                out[el.name] = str(el.value)
        return out

    def option_values(self) -> dict:
        out = {}
        for el in self.dlg.querySelectorAll("[data-opt]"):
            out[el.dataset.opt] = bool(el.checked) if el.type == "checkbox" else str(el.value)
        return out

    def on_dialog_change(self, event) -> None:
        from web.view import dialogs

        d = self.user_dialog
        if d is None:
            return
        if d.kind == "options":
            self.set_prefs(dialogs.read_options(self.option_values(), self.prefs))
        elif d.kind == "new-match" and event.target.name == "game":
            # What applies depends on the game: the screen is drawn again for it, focus kept.
            draft = dialogs.read_new_match(self.form_values(), self.new_match)
            self.user_dialog = dialogs.new_match(draft, d.cancellable)
            self.shown = None
            self.sync_dialog()
            select = self.dlg.querySelector("select[name=game]")
            if not _nil(select):
                select.focus()
        elif d.kind == "new-match" and event.target.name == "mode":
            pvp = self.form_values().get("mode") == "pvp"
            level = self.dlg.querySelector(".level")
            name1 = self.dlg.querySelector("input[name=name1]")
            for el, hide in ((level, pvp), (name1, not pvp)):
                if not _nil(el):
                    el.hidden = hide

    def on_dialog_click(self, event) -> None:
        from tavli.games.base import Outcome

        from web.view import dialogs

        from . import keeping_dom

        link = event.target.closest("a[href^='#']")
        if not _nil(link):  # the rules' contents: scroll within the dialog, leave the URL alone
            event.preventDefault()
            section = self.dlg.querySelector(link.getAttribute("href"))
            if not _nil(section):
                section.scrollIntoView(_js_obj({"block": "start"}))
            return
        button = event.target.closest("button[data-action]")
        if _nil(button):
            return
        action = button.dataset.action
        ctl = self.ctl
        if action == "start":
            nm = dialogs.read_new_match(self.form_values(), self.new_match)
            self.start_match(nm)
            return
        if action in ("cancel", "close"):
            self.close_dialog()
            return
        if action in keeping_dom.ACTIONS:
            keeping_dom.answer(self, action)
            return
        levels = {"resign-single": Outcome.SINGLE, "resign-gammon": Outcome.GAMMON,
                  "resign-backgammon": Outcome.BACKGAMMON}
        self.user_dialog = None
        if action in levels:
            self.refresh(ctl.offer_resign(levels[action]))
        elif action == "confirm":
            self.refresh(ctl.offer_resign())
        elif action == "resign-match":
            self.refresh(ctl.resign())
        else:
            handler = {"take": ctl.take, "drop": ctl.drop, "accept": ctl.accept, "refuse": ctl.refuse}.get(action)
            self.refresh(handler() if handler is not None else None)

    def start_match(self, nm) -> None:
        """The new-match screen's Start: the choices kept, the old match forgotten, a new one."""

        from web.model import prefs as P
        from web.model import saves
        from .keeping_dom import holds_saves

        self.prefs = replace(self.prefs, new_match=nm)
        P.save(self.store, self.prefs)
        if not holds_saves(self):  # (an unusable save the player has not given up stays)
            saves.clear_match(self.store)
        self.started = True
        self.play_match(self.make_controller(nm.seeded(self.seed), None), nm)

    def play_match(self, controller: Controller, nm) -> None:
        """Show and play ``controller``'s match (set up as ``nm``) from now on."""
        self.new_match = nm
        self.ctl = controller
        self.ctl.set_options(self.prefs.view)
        self.user_dialog = None
        self.layout = self._layout()
        self.view = None
        self.refresh()
        self.schedule_warm_up()

    # --- the clock --------------------------------------------------------------------------

    def schedule_frame(self) -> None:
        m = self.ctl.match
        if self.frame_pending or m.clock is None or m.phase == "match-over" or not self.started:
            return
        if self.frame_proxy is None:
            self.frame_proxy = create_proxy(self.on_frame)
            self._proxies.append(self.frame_proxy)
        self.frame_pending = True
        window.requestAnimationFrame(self.frame_proxy)

    def on_frame(self, stamp=None) -> None:
        """Every animation frame while a clock runs: the model catches up with the time (a flag
        falls: the match ends, or a claim opens), the bars follow, a warning beeps."""
        self.frame_pending = False
        m = self.ctl.match
        if m.clock is None or not self.started:
            return
        now = self.now()
        before = (m.phase, m.flagged)
        m.update(now)
        if (m.phase, m.flagged) != before:
            self.refresh()
            return
        bars = clock_bars(m.clock_state(now))
        if bars is not None:
            for bar in bars:
                el = self.panel.querySelector(f'.clock[data-player="{bar.player}"]')
                if _nil(el):
                    continue
                el.className = bar_classes(bar) + f" player-{bar.player}"
                el.dataset.move = f"{bar.move_left:.1f}"
                el.dataset.bank = f"{bar.bank_left:.1f}"
                green, orange = bar_style(bar)
                el.querySelector(".move").style.width = green
                el.querySelector(".bank").style.width = orange
                el.querySelector(".t-move").textContent = clock_text(bar.move_left)
                el.querySelector(".t-bank").textContent = clock_text(bar.bank_left)
                if bar.warning:
                    second = int(bar.bank_left)
                    if self.beeped.get(bar.player) != second:
                        self.beeped[bar.player] = second
                        if self.sound is not None:
                            self.sound.play("warning")
                else:
                    self.beeped.pop(bar.player, None)
        if now - self.last_save > SAVE_EVERY_S:
            self.save()
        self.schedule_frame()

    def on_visibility(self, event=None) -> None:
        """Against the computer the clock stops while the page is hidden; saved either way."""
        m = self.ctl.match
        hidden = bool(document.hidden)
        if self.started and self.ctl.setup.mode == "cpu" and m.clock is not None and m.phase != "match-over":
            if hidden:
                m.pause(self.now())
            else:
                m.resume(self.now())
                self.schedule_frame()
        self.save()

    def slide(self, before: BoardView, after: BoardView, motions: list[Motion]) -> None:
        ms = self.ctl.options.duration_ms(SLIDE_MS)
        svg = self.host.querySelector("svg")
        for s in plan_slides(before, after, motions, self.layout):
            el = svg.querySelector(f'.checker[data-owner="{s.side}"][data-point="{s.point}"][data-index="{s.index}"]')
            if _nil(el):
                continue
            el.parentNode.appendChild(el)  # above the other checkers while it moves
            frames = to_js([{"transform": f"translate({s.dx:.1f}px, {s.dy:.1f}px)"}, {"transform": "translate(0px, 0px)"}],
                           dict_converter=window.Object.fromEntries)
            el.animate(frames, _js_obj({"duration": ms, "easing": "ease-in-out"}))

    def slide_back(self, press: dict) -> None:
        """An illegal drop: the dragged checker goes back to its point."""
        el = press["drag"]
        dx, dy = press.get("offset", (0.0, 0.0))
        el.style.transform = ""
        el.classList.remove("dragging")
        ms = self.ctl.options.duration_ms(SLIDE_MS * 0.6)
        if ms:
            frames = to_js([{"transform": f"translate({dx:.1f}px, {dy:.1f}px)"}, {"transform": "translate(0px, 0px)"}],
                           dict_converter=window.Object.fromEntries)
            el.animate(frames, _js_obj({"duration": ms, "easing": "ease-out"}))

    def highlight(self, point: int | None) -> None:
        """Mark the targets of the checker on ``point`` (class ``target``) and the point itself
        (class ``source``); clear every mark when ``point`` is None or nothing there can move."""
        svg = self.host.querySelector("svg")
        if _nil(svg):
            return
        for el in svg.querySelectorAll(".target, .source"):
            el.classList.remove("target")
            el.classList.remove("source")
        if point is None or not self.ctl.movable(point):
            return
        for target in self.ctl.targets(point):
            el = svg.querySelector(f'.point[data-point="{target}"], .tray[data-point="{target}"]')
            if not _nil(el):
                el.classList.add("target")
        src = svg.querySelector(f'.point[data-point="{point}"], .bar[data-point="{point}"]')
        if not _nil(src):
            src.classList.add("source")

    # --- the automatic part: the computer, passes, auto-roll --------------------------------

    def schedule_drive(self) -> None:
        if self.driving or not self.started or not (self.ctl.computer_to_act() or self.ctl.auto_pending()):
            return
        self.driving = True
        document.body.dataset.busy = "1"  # a test hook: something will happen by itself
        task = asyncio.ensure_future(self.drive())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def drive(self) -> None:
        """Let the computer (and the automatic steps) play at a readable pace, one step at a
        time, giving the page back between steps. Runs while ``self.driving``; a refresh
        meanwhile schedules nothing more. The computer's data is loaded before its first
        decision (:meth:`prepare`), its choice of play is made in slices (:meth:`think`)."""
        try:
            while True:
                ctl = self.ctl
                if ctl.computer_to_act() and not getattr(ctl.bot, "ready", True):
                    self.archive_loader().need()
                    await self.prepare(ctl.bot)
                    if ctl is not self.ctl:
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
                if ctl is self.ctl:  # (a new match may have started meanwhile: look again)
                    self.refresh(step())
        finally:
            self.driving = False
            document.body.dataset.busy = ""

    async def think(self, ctl: Controller) -> None:
        """The computer's choice of play (``Controller.choose_play_steps``), made in slices
        (:meth:`run_steps`) and handed to the controller if it is still wanted: not when a new
        match started meanwhile, or the turn ended otherwise (a flag fell, a win was claimed)."""
        turn = ctl.match.turn
        choices = len(getattr(turn, "plays", ()))

        def wanted() -> bool:
            return ctl is self.ctl and ctl.match.turn is turn

        finished, play = await self.run_steps(ctl.choose_play_steps(), wanted, kind="move", choices=choices)
        if finished and wanted() and ctl.plan_needed():
            ctl.set_plan(play)

    async def prepare(self, bot) -> None:
        """``bot``'s data loaded (``prepare_steps``, in slices), the data archive fetched first if
        it is not there yet (``web.aidata``). One load at a time: a second caller for the same
        bot waits for the first."""
        if getattr(bot, "ready", True):
            return
        loading = self.loading
        if loading is None or loading[0] is not bot or loading[1].done():
            loading = self.loading = (bot, asyncio.ensure_future(self._load(bot)))
        await loading[1]

    async def _load(self, bot) -> None:
        from . import aidata

        start = time.perf_counter()
        if not aidata.present():
            await self.archive_loader().load()
        await self.run_steps(bot.prepare_steps(), kind="load", since=start)

    def archive_loader(self):
        """The :class:`web.aidata.Loader` of the computer's data, its state in ``<body
        data-aidata>`` (a test hook), its notices in the toast."""
        if self.archive is None:
            from . import aidata
            from web.model.i18n import t

            def unpack(data: bytes):
                return self.run_steps(aidata.unpack_steps(data))

            def show(state) -> None:
                document.body.dataset.aidata = state.value

            self.archive = aidata.Loader(aidata.BrowserFetch(), unpack, show=show,
                                         tell=lambda notice: self.show_toast(t(notice.value)),
                                         warn=lambda text: window.console.warn(text))
        return self.archive

    def _working(self, change: int) -> None:
        """The computer's work begins (+1) or ends (-1): the frames are counted meanwhile (the
        pacer), and ``<body data-thinking>`` says whether any is under way (a test hook)."""
        if self.pacer is None:
            self.pacer = Pacer()
        self.thinking += change
        (self.pacer.start if change > 0 else self.pacer.stop)()
        document.body.dataset.thinking = "1" if self.thinking else ""

    def schedule_warm_up(self) -> None:
        """Once the board is up, load the computer's data idly (:meth:`prepare`), so that its
        first decision starts at once."""
        ctl = self.ctl
        if not self.started or all(ctl.humans):
            return

        if self.archive is None:  # aidata.State.PENDING, without importing web.aidata (zipfile) yet
            document.body.dataset.aidata = "pending"

        async def warm_up() -> None:
            await asyncio.sleep(WARM_UP_MS / 1000)
            if ctl is self.ctl:
                await self.prepare(ctl.bot)
            else:  # a new match meanwhile (its own warm-up, if any, prepares its bot)
                from . import aidata

                if not aidata.present():
                    await self.archive_loader().load()

        task = asyncio.ensure_future(warm_up())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def run_steps(self, steps, alive: Callable[[], bool] | None = None, *, kind: str | None = None,
                        since: float | None = None, choices: int = 0):
        """Run a steps generator (:mod:`tavli.steps`) a slice of at most ``SLICE_S`` at a time,
        giving the page a turn between slices (:class:`Pacer`: input, timers and frames).
        ``(True, result)``, or ``(False, None)`` once ``alive()`` is False (asked
        between slices; the generator is then closed). ``<body data-thinking>`` is "1" meanwhile.
        With ``kind`` (``move``, ``load``), the run is recorded in ``window.tavliThinking``: its
        seconds (from ``since``), slices and longest slice (and the legal plays it chose among,
        ``choices``), for the browser tests and benchmarks."""
        clock = time.perf_counter
        start = clock() if since is None else since
        slices, longest = 0, 0.0
        last = None
        self._working(1)
        try:
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
                last = await self.pacer.pause(last)
                if alive is not None and not alive():
                    return False, None
        finally:
            steps.close()
            self._working(-1)

    def record(self, kind: str, seconds: float, slices: int, longest: float, choices: int = 0) -> None:
        """A test hook: one entry of ``window.tavliThinking``."""
        log = getattr(window, "tavliThinking", None)
        if _nil(log):
            log = window.tavliThinking = window.Array.new()
        log.push(_js_obj({"kind": kind, "level": str(getattr(self.ctl.setup, "level", "")), "seconds": seconds,
                          "slices": slices, "longest": longest, "choices": choices}))

    # --- pointer events ---------------------------------------------------------------------

    def _board_xy(self, event, lifted: bool = False) -> tuple[float, float] | None:
        """The event's place in board units; ``lifted``: where a checker carried by it is drawn."""
        svg = self.host.querySelector("svg")
        if _nil(svg):
            return None
        r = svg.getBoundingClientRect()
        x, y = self.layout.client_to_board(r.left, r.top, r.width, r.height, event.clientX, event.clientY)
        if lifted:
            x, y = g.drag_offset(x, y, event.pointerType == "touch")
        return x, y

    def _point(self, event, lifted: bool = False) -> int | None:
        xy = self._board_xy(event, lifted)
        return None if xy is None else self.layout.point_at(*xy)

    def _in_dice_area(self, event) -> bool:
        xy = self._board_xy(event)
        if _nil(xy):
            return False
        x, y = xy
        for side in (0, 1):
            r = self.layout.dice_area(side)
            if r.x <= x <= r.x + r.w and r.y <= y <= r.y + r.h:
                return True
        return False

    def on_down(self, event) -> None:
        if event.button != 0 or self._overlay_click(event):
            return
        point = self._point(event)
        self.press = {"id": event.pointerId, "type": event.pointerType, "x": event.clientX, "y": event.clientY,
                      "t": float(event.timeStamp), "point": point,
                      "drag": None, "movable": point is not None and self.ctl.movable(point)}
        if self.press["movable"]:
            event.preventDefault()
            self.highlight(point)
            try:
                self.host.setPointerCapture(event.pointerId)
            except Exception:  # noqa: BLE001 - a synthetic pointer may not be capturable
                pass
            if event.pointerType != "mouse":
                task = asyncio.ensure_future(self.long_press(self.press))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)

    async def long_press(self, press: dict) -> None:
        """Say on the board that a finger held on a checker has made a long press (its release
        plays the smaller die). The release decides, by the events' own times: a busy page may
        see this timer before the finger's moves."""
        await asyncio.sleep(LONG_PRESS_MS / 1000)
        if self.press is press and press["drag"] is None:
            self.host.dataset.longPress = "1"

    def _is_long(self, press: dict, event) -> bool:
        return press["type"] != "mouse" and press["drag"] is None and \
            float(event.timeStamp) - press["t"] >= LONG_PRESS_MS

    def on_move(self, event) -> None:
        press = self.press
        if press is None or press["id"] != event.pointerId:
            if event.pointerType == "mouse" and event.buttons == 0:
                point = self._point(event)
                if point != self.hover:
                    self.hover = point
                    self.highlight(point)
            return
        if not press["movable"]:
            return
        dx, dy = event.clientX - press["x"], event.clientY - press["y"]
        if press["drag"] is None:
            if dx * dx + dy * dy < DRAG_THRESHOLD_PX ** 2:
                return
            press["drag"] = self._drag_element(press["point"])
            self.host.removeAttribute("data-long-press")
        el = press["drag"]
        if not _nil(el):
            svg = self.host.querySelector("svg")
            r = svg.getBoundingClientRect()
            scale = self.layout.scale(r.width, r.height)
            ox, oy = g.drag_offset(dx / scale, dy / scale, press["type"] == "touch")
            press["offset"] = (ox, oy)
            el.style.transform = f"translate({ox:.1f}px, {oy:.1f}px)"

    def _drag_element(self, point: int):
        svg = self.host.querySelector("svg")
        side = 0 if self.ctl.match.game.on_roll == self.ctl.bottom else 1
        els = svg.querySelectorAll(f'.checker[data-owner="{side}"][data-point="{point}"]')
        if els.length == 0:
            return None
        el = els.item(els.length - 1)
        el.classList.add("dragging")
        el.parentNode.appendChild(el)
        return el

    def on_up(self, event) -> None:
        press = self.press
        if press is None or press["id"] != event.pointerId:
            return
        self.press = None
        self.host.removeAttribute("data-long-press")
        try:
            if self.host.hasPointerCapture(event.pointerId):
                self.host.releasePointerCapture(event.pointerId)
        except Exception:  # noqa: BLE001
            pass
        if self._is_long(press, event):  # the touch twin of a right-click: the smaller die
            self.last_tap = (None, -1e9)
            effects = self.ctl.right_click(press["point"])
            if effects.motions:
                self.refresh(effects)
            self.highlight(None)
            return
        if press["drag"] is not None:
            target = self._point(event, lifted=True)
            effects = self.ctl.drag(press["point"], target)
            if motions := effects.motions:
                # The dragged checker is already where it was dropped (no sound); a checker it hit slides.
                slides = [m for m in motions if m.side != motions[0].side]
                self.refresh(replace(effects, motions=slides, sounds=tuple(s for s in effects.sounds if s != "checker")))
            else:
                self.slide_back(press)
            if event.pointerType != "mouse":
                self.highlight(None)
            return
        point = press["point"]
        now = float(event.timeStamp)
        last_point, last_time = self.last_tap
        count = 2 if (point is not None and point == last_point and now - last_time < DOUBLE_CLICK_MS) else 1
        self.last_tap = (point, now) if count == 1 else (None, -1e9)
        if self._dice_click(event):
            return
        if _nil(point):
            return
        effects = self.ctl.click(point, count)
        if effects.motions:
            self.refresh(effects)
        if event.pointerType != "mouse":
            self.highlight(None)

    def _dice_click(self, event) -> bool:
        ctl = self.ctl
        phase = ctl.page_phase()
        finishing = phase == "move" and ctl.options.click_to_finish and ctl.match.turn.is_complete()
        if phase not in ("opening", "roll") and not finishing:
            return False
        if not self._in_dice_area(event):
            return False
        self.refresh(ctl.dice_click())
        return True

    def _overlay_click(self, event) -> bool:
        target = event.target
        overlay = target.closest("[data-overlay]") if hasattr(target, "closest") else None
        if _nil(overlay):
            return False
        if overlay.dataset.overlay == "next-game":
            self.refresh(self.ctl.next_game())
        elif overlay.dataset.overlay == "new-match":
            self.open_new_match()
        return True

    def open_new_match(self) -> None:
        from web.view import dialogs

        self.open_dialog(dialogs.new_match(self.new_match, self.started))

    def on_cancel(self, event) -> None:
        if self.press is not None and self.press["id"] == event.pointerId:
            self.press = None
            self.host.removeAttribute("data-long-press")
            self.refresh()

    def on_leave(self, event) -> None:
        if event.pointerType == "mouse" and self.press is None:
            self.hover = None
            self.highlight(None)

    def on_context(self, event) -> None:
        event.preventDefault()
        if self.press is not None and self.press["type"] != "mouse":
            return  # a long press of a finger (Chrome's contextmenu) is not a right-click
        point = self._point(event)
        if _nil(point):
            return
        effects = self.ctl.right_click(point)
        if effects.motions:
            self.refresh(effects)

    # --- the panel's buttons ----------------------------------------------------------------

    def on_panel_click(self, event) -> None:
        from web.view import dialogs

        if self._overlay_click(event):  # the result in place of the status line
            return
        button = event.target.closest("button[data-action]")
        if _nil(button) or button.disabled:
            return
        action = button.dataset.action
        ctl = self.ctl
        if action == "new-match":
            self.open_new_match()
            return
        if action == "options":
            self.open_dialog(dialogs.options(self.prefs))
            return
        if action == "rules":
            self.open_dialog(dialogs.rules(self.lang(), ctl.match.game_variant))
            current = self.dlg.querySelector("[data-current]")
            if not _nil(current):
                current.scrollIntoView(_js_obj({"block": "start"}))
            return
        if action == "resign":
            if ctl.resign_levels():
                self.open_dialog(dialogs.resign(ctl.resign_choice()))
            return
        if action == "resign-match":
            self.open_dialog(dialogs.resign_match(ctl.resign_match_question()))
            return
        handler = {
            "roll": ctl.roll, "double": ctl.double, "undo": ctl.undo, "done": ctl.done,
            "next-game": ctl.next_game, "claim": ctl.claim,
        }.get(action)
        if handler is not None:
            self.refresh(handler())
