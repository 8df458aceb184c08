"""The thin DOM layer: draws the controller's views into the page and turns pointer events into
board intents. Everything that can be decided without a browser is in ``web.controller``,
``web.geometry``, ``web.render`` and ``web.anim``; this module only reads events, writes
``innerHTML``, classes and attributes, and runs animations (Web Animations API).

Pointer Events cover mouse, pen and touch alike:

* ``pointerdown`` on a checker the human may move highlights its targets (touch-down);
  ``pointermove`` (a mouse with no button down) highlights the targets of the checker under it;
* moving more than a few pixels with the button down drags the top checker of the stack;
  ``pointerup`` drops it on the point under the pointer (``Controller.drop``) or it goes back;
* a press and release without dragging is a click (two within 400 ms on the same point: a
  double-click), on the dice area a roll or the end of the turn;
* ``contextmenu`` (right-click) is ``Controller.right_click``.
"""

from __future__ import annotations

import asyncio
from typing import Callable

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from . import geometry as g
from .anim import plan_slides
from .controller import Controller, Motion
from .render import render_board
from .panel import announce_html, panel_html
from .view import BoardView

DRAG_THRESHOLD_PX = 6
DOUBLE_CLICK_MS = 400
SLIDE_MS = 320  # one checker slide at speed 1
PAUSE_MS = 520  # between the computer's actions at speed 1
PASS_MS = 1400  # time to read that a player cannot move


try:  # JavaScript's null arrives as ``jsnull`` (Pyodide 0.27+), not None
    from pyodide.ffi import jsnull as _JSNULL
except ImportError:  # older Pyodide: null is None
    _JSNULL = None


def _nil(value: object) -> bool:
    """True for JavaScript's null/undefined as Pyodide hands them over."""
    return value is None or value is _JSNULL


def _js_obj(d: dict) -> object:
    return to_js(d, dict_converter=window.Object.fromEntries)


class BoardApp:
    """The page: the board in ``#board``, the panel in ``#panel``, the phase on ``<body>``."""

    def __init__(self, make_controller: Callable[[], Controller]) -> None:
        self.make_controller = make_controller
        self.ctl = make_controller()
        self.portrait_query = window.matchMedia("(orientation: portrait)")
        self.layout = self._layout()
        self.host = document.getElementById("board")
        self.panel = document.getElementById("panel")
        self.view: BoardView | None = None
        self.hover: int | None = None
        self.press: dict | None = None  # the pointer pressed on the board, until it is released
        self.last_tap: tuple[int | None, float] = (None, -1e9)
        self.driving = False
        self.tasks: set = set()
        self._proxies = []
        self._listen(self.host, "pointerdown", self.on_down)
        self._listen(self.host, "pointermove", self.on_move)
        self._listen(self.host, "pointerup", self.on_up)
        self._listen(self.host, "pointercancel", self.on_cancel)
        self._listen(self.host, "pointerleave", self.on_leave)
        self._listen(self.host, "contextmenu", self.on_context)
        self._listen(self.panel, "click", self.on_panel_click)
        self._listen(self.portrait_query, "change", self.on_orientation)

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

    def refresh(self, motions: list[Motion] | None = None) -> None:
        """Redraw the board and the panel from the controller; slide the checkers that moved."""
        before = self.view
        self.view = self.ctl.board_view()
        overlay = announce_html(self.ctl.panel_view())
        self.host.innerHTML = render_board(self.view, self.layout) + overlay
        self.draw_panel()
        if motions and before is not None and self.ctl.options.animate:
            self.slide(before, self.view, motions)
        if self.hover is not None:
            self.highlight(self.hover)
        self.schedule_drive()

    def draw_panel(self) -> None:
        view = self.ctl.panel_view()
        document.body.dataset.phase = view.phase
        self.panel.innerHTML = panel_html(view)

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
        if self.driving or not (self.ctl.computer_to_act() or self.ctl.auto_pending()):
            return
        self.driving = True
        document.body.dataset.busy = "1"  # a test hook: something will happen by itself
        task = asyncio.ensure_future(self.drive())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def drive(self) -> None:
        """Let the computer (and the automatic steps) play at a readable pace, one step at a
        time, giving the page back between steps. Runs while ``self.driving``; a refresh
        meanwhile schedules nothing more."""
        try:
            while True:
                ctl = self.ctl
                if ctl.plan_needed():
                    await asyncio.sleep(0)  # let the page paint "thinking" first
                    ctl.set_plan(await self.think(ctl))
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

    async def think(self, ctl: Controller):
        """The computer's choice of play. The heuristic bot is quick enough to run here; a strong
        (neural) opponent would be awaited from a worker at this point, keeping the page live."""
        return ctl.choose_play()

    # --- pointer events ---------------------------------------------------------------------

    def _board_xy(self, event) -> tuple[float, float] | None:
        svg = self.host.querySelector("svg")
        if _nil(svg):
            return None
        r = svg.getBoundingClientRect()
        return self.layout.client_to_board(r.left, r.top, r.width, r.height, event.clientX, event.clientY)

    def _point(self, event) -> int | None:
        xy = self._board_xy(event)
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
                      "point": point,
                      "drag": None, "movable": point is not None and self.ctl.movable(point)}
        if self.press["movable"]:
            event.preventDefault()
            self.highlight(point)
            try:
                self.host.setPointerCapture(event.pointerId)
            except Exception:  # noqa: BLE001 - a synthetic pointer may not be capturable
                pass

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
        el = press["drag"]
        if not _nil(el):
            svg = self.host.querySelector("svg")
            r = svg.getBoundingClientRect()
            scale = self.layout.scale(r.width, r.height)
            press["offset"] = (dx / scale, dy / scale)
            el.style.transform = f"translate({dx / scale:.1f}px, {dy / scale:.1f}px)"

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
        try:
            if self.host.hasPointerCapture(event.pointerId):
                self.host.releasePointerCapture(event.pointerId)
        except Exception:  # noqa: BLE001
            pass
        if press["drag"] is not None:
            target = self._point(event)
            motions = self.ctl.drop(press["point"], target)
            if motions:
                # The dragged checker is already where it was dropped; a checker it hit slides.
                self.refresh([m for m in motions if m.side != motions[0].side])
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
        motions = self.ctl.click(point, count)
        if motions:
            self.refresh(motions)
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
            self.ctl.next_game()
            self.refresh()
        return True

    def on_cancel(self, event) -> None:
        if self.press is not None and self.press["id"] == event.pointerId:
            self.press = None
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
        motions = self.ctl.right_click(point)
        if motions:
            self.refresh(motions)

    # --- the panel's buttons ----------------------------------------------------------------

    def on_panel_click(self, event) -> None:
        button = event.target.closest("button[data-action]")
        if _nil(button) or button.disabled:
            return
        action = button.dataset.action
        ctl = self.ctl
        if action == "new-match":
            self.ctl = self.make_controller()
            self.layout = self._layout()
            self.view = None
            self.refresh()
            return
        handler = {
            "roll": ctl.roll, "double": ctl.double, "undo": ctl.undo, "done": ctl.done,
            "resign": ctl.resign, "take": ctl.take, "drop-cube": ctl.drop_cube,
            "accept": ctl.accept, "refuse": ctl.refuse, "next-game": ctl.next_game,
        }.get(action)
        if action != "resign":
            ctl.resign_armed = False
        if not _nil(handler):
            self.refresh(handler())
