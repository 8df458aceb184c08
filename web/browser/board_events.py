"""Pointer events on ``#board`` (mouse, pen and touch alike) turned into the controller's board
intents.

* ``pointerdown`` on a checker the human may move highlights its targets (touch-down);
  ``pointermove`` (a mouse with no button down) highlights the targets of the checker under it;
* moving more than :data:`DRAG_THRESHOLD_PX` with the button down drags the top checker of the
  stack; ``pointerup`` drops it on the point under the pointer (``Controller.drop``) or it goes back;
* a press and release without dragging is a click (two within :data:`DOUBLE_CLICK_MS` on the same
  point: a double-click), on the dice area a roll or the end of the turn;
* ``contextmenu`` (right-click) is ``Controller.right_click``; its touch twin is a long press
  (released after :data:`LONG_PRESS_MS` on a checker without moving; the board says when the press
  is long: ``#board[data-long-press]``);
* a checker dragged by a finger is drawn above it (``geometry.drag_offset``) and dropped where it
  is drawn.

Points come from the layout's hit-testing (``Layout.client_to_board``, ``Layout.point_at``).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from web.view import geometry as g

from .actions import overlay_click
from .jsutil import nil, spawn

if TYPE_CHECKING:
    from .page import BoardApp

DRAG_THRESHOLD_PX = 6
DOUBLE_CLICK_MS = 400
LONG_PRESS_MS = 500  # a finger held this long on a checker without moving: the smaller die


class Gesture(enum.Enum):
    """What a press turned out to be when it was released."""

    CLICK = "click"  # released where it was pressed (one of a double-click, perhaps)
    DRAG = "drag"  # a checker carried to the release
    LONG_PRESS = "long-press"  # a finger held on a checker: the touch twin of a right-click


@dataclass
class Press:
    """A pointer pressed on the board, until it is released. ``time``: the event's ``timeStamp``
    (ms); ``point``: where it was pressed (None: no point); ``movable``: a checker there may move;
    ``drag``: the checker element carried, once it is a drag, and ``offset`` where it is drawn."""

    pointer: int
    kind: str  # the event's pointerType: "mouse", "pen", "touch"
    x: float
    y: float
    time: float
    point: int | None
    movable: bool
    drag: Any = None
    offset: tuple[float, float] = (0.0, 0.0)

    def moved_enough(self, dx: float, dy: float) -> bool:
        """The pointer moved far enough from the press to start a drag."""
        return dx * dx + dy * dy >= DRAG_THRESHOLD_PX ** 2

    def gesture(self, released: float) -> Gesture:
        """What the press was, released at ``released`` (an event's ``timeStamp``). The release
        decides a long press, by the events' own times: a busy page may see a timer late."""
        if self.drag is not None:
            return Gesture.DRAG
        if self.kind != "mouse" and released - self.time >= LONG_PRESS_MS:
            return Gesture.LONG_PRESS
        return Gesture.CLICK


class Taps:
    """Counts clicks: a second on the same point within :data:`DOUBLE_CLICK_MS` is a double-click
    (and starts the count again)."""

    def __init__(self) -> None:
        self.last: tuple[int | None, float] = (None, -1e9)

    def count(self, point: int | None, now: float) -> int:
        last_point, last_time = self.last
        count = 2 if (point is not None and point == last_point and now - last_time < DOUBLE_CLICK_MS) else 1
        self.last = (point, now) if count == 1 else (None, -1e9)
        return count

    def forget(self) -> None:
        self.last = (None, -1e9)


class BoardEvents:
    """The listeners of ``#board``: the press under way, the point a mouse hovers over."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.host = app.host
        self.press: Press | None = None
        self.hover: int | None = None
        self.taps = Taps()

    def handlers(self) -> tuple[tuple[str, Any], ...]:
        """The board's event kinds and their handlers."""
        return (("pointerdown", self.on_down), ("pointermove", self.on_move), ("pointerup", self.on_up),
                ("pointercancel", self.on_cancel), ("pointerleave", self.on_leave),
                ("contextmenu", self.on_context))

    # --- hit-testing --------------------------------------------------------------------------

    def _board_xy(self, event: Any, lifted: bool = False) -> tuple[float, float] | None:
        """The event's place in board units; ``lifted``: where a checker carried by it is drawn."""
        svg = self.host.querySelector("svg")
        if nil(svg):
            return None
        r = svg.getBoundingClientRect()
        layout = self.app.layout
        x, y = layout.client_to_board(r.left, r.top, r.width, r.height, event.clientX, event.clientY)
        if lifted:
            x, y = g.drag_offset(x, y, event.pointerType == "touch")
        return x, y

    def _point(self, event: Any, lifted: bool = False) -> int | None:
        xy = self._board_xy(event, lifted)
        return None if xy is None else self.app.layout.point_at(*xy)

    def _in_dice_area(self, event: Any) -> bool:
        xy = self._board_xy(event)
        if xy is None:
            return False
        x, y = xy
        for side in (0, 1):
            r = self.app.layout.dice_area(side)
            if r.x <= x <= r.x + r.w and r.y <= y <= r.y + r.h:
                return True
        return False

    # --- the press ----------------------------------------------------------------------------

    def on_down(self, event: Any) -> None:
        if event.button != 0 or self.app.replay is not None or overlay_click(self.app, event):
            return
        point = self._point(event)
        press = self.press = Press(event.pointerId, event.pointerType, event.clientX, event.clientY,
                                   float(event.timeStamp), point, point is not None and self.app.ctl.movable(point))
        if press.movable:
            event.preventDefault()
            self.app.painter.highlight(point)
            with contextlib.suppress(Exception):  # a synthetic pointer may not be capturable
                self.host.setPointerCapture(event.pointerId)
            if event.pointerType != "mouse":
                spawn(self.long_press(press))

    async def long_press(self, press: Press) -> None:
        """Say on the board that a finger held on a checker has made a long press (its release
        plays the smaller die)."""
        await asyncio.sleep(LONG_PRESS_MS / 1000)
        if self.press is press and press.drag is None:
            self.host.dataset.longPress = "1"

    def on_move(self, event: Any) -> None:
        press = self.press
        if press is None or press.pointer != event.pointerId:
            if event.pointerType == "mouse" and event.buttons == 0:
                point = self._point(event)
                if point != self.hover:
                    self.hover = point
                    self.app.painter.highlight(point)
            return
        if not press.movable:
            return
        dx, dy = event.clientX - press.x, event.clientY - press.y
        if press.drag is None:
            if not press.moved_enough(dx, dy):
                return
            press.drag = self._drag_element(press.point)
            self.host.removeAttribute("data-long-press")
        el = press.drag
        if not nil(el):
            svg = self.host.querySelector("svg")
            r = svg.getBoundingClientRect()
            scale = self.app.layout.scale(r.width, r.height)
            ox, oy = g.drag_offset(dx / scale, dy / scale, press.kind == "touch")
            press.offset = (ox, oy)
            el.style.transform = f"translate({ox:.1f}px, {oy:.1f}px)"

    def _drag_element(self, point: int | None) -> Any:
        svg = self.host.querySelector("svg")
        ctl = self.app.ctl
        side = 0 if ctl.match.game.on_roll == ctl.bottom else 1
        els = svg.querySelectorAll(f'.checker[data-owner="{side}"][data-point="{point}"]')
        if els.length == 0:
            return None
        el = els.item(els.length - 1)
        el.classList.add("dragging")
        el.parentNode.appendChild(el)
        return el

    # --- the release --------------------------------------------------------------------------

    def on_up(self, event: Any) -> None:
        press = self.press
        if press is None or press.pointer != event.pointerId:
            return
        self.press = None
        self.host.removeAttribute("data-long-press")
        with contextlib.suppress(Exception):
            if self.host.hasPointerCapture(event.pointerId):
                self.host.releasePointerCapture(event.pointerId)
        gesture = press.gesture(float(event.timeStamp))
        if gesture is Gesture.LONG_PRESS:
            self.on_long_press(press)
        elif gesture is Gesture.DRAG:
            self.on_drop(press, event)
        else:
            self.on_click(press, event)

    def on_long_press(self, press: Press) -> None:
        """The touch twin of a right-click: the smaller die."""
        self.taps.forget()
        if press.point is not None:
            effects = self.app.ctl.right_click(press.point)
            if effects.motions:
                self.app.refresh(effects)
        self.app.painter.highlight(None)

    def on_drop(self, press: Press, event: Any) -> None:
        app = self.app
        assert press.point is not None  # a drag starts on a movable checker
        target = self._point(event, lifted=True)
        effects = app.ctl.drag(press.point, target)  # None: off the board
        if motions := effects.motions:
            # The dragged checker is already where it was dropped (no sound); a checker it hit slides.
            slides = [m for m in motions if m.side != motions[0].side]
            app.refresh(replace(effects, motions=slides, sounds=tuple(s for s in effects.sounds if s != "checker")))
        else:
            app.painter.slide_back(press)
        if event.pointerType != "mouse":
            app.painter.highlight(None)

    def on_click(self, press: Press, event: Any) -> None:
        app = self.app
        point = press.point
        count = self.taps.count(point, float(event.timeStamp))
        if self._dice_click(event):
            return
        if point is None:
            return
        effects = app.ctl.click(point, count)
        if effects.motions:
            app.refresh(effects)
        if event.pointerType != "mouse":
            app.painter.highlight(None)

    def _dice_click(self, event: Any) -> bool:
        ctl = self.app.ctl
        phase = ctl.page_phase()
        turn = ctl.match.turn
        finishing = phase == "move" and ctl.options.click_to_finish and turn is not None and turn.is_complete()
        if phase not in ("opening", "roll") and not finishing:
            return False
        if not self._in_dice_area(event):
            return False
        self.app.refresh(ctl.dice_click())
        return True

    # --- the rest -----------------------------------------------------------------------------

    def on_cancel(self, event: Any) -> None:
        if self.press is not None and self.press.pointer == event.pointerId:
            self.press = None
            self.host.removeAttribute("data-long-press")
            self.app.refresh()

    def on_leave(self, event: Any) -> None:
        if event.pointerType == "mouse" and self.press is None:
            self.hover = None
            self.app.painter.highlight(None)

    def on_context(self, event: Any) -> None:
        event.preventDefault()
        if self.app.replay is not None:
            return
        if self.press is not None and self.press.kind != "mouse":
            return  # a long press of a finger (Chrome's contextmenu) is not a right-click
        point = self._point(event)
        if point is None:
            return
        effects = self.app.ctl.right_click(point)
        if effects.motions:
            self.app.refresh(effects)
