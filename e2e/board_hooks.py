"""Reading and driving the board through its test hooks (see ARCHITECTURE.md, "Test hooks").

* :func:`counts` reads every checker (``data-owner`` x ``data-point``) off the page;
  :func:`expected` computes the same from a :class:`web.controller.Controller` run in CPython on the
  same seed (a *mirror*: the same dice, the same gestures, the same computer player);
* :func:`spot` gives client coordinates of the top checker of a point, or of an empty point;
* :func:`wait_turn` waits until the page waits for a person (not the computer's turn).
"""

from __future__ import annotations

from web.controller import Controller
from web.settings import parse_query

HUMAN_PHASES = ("opening", "roll", "move", "cube", "resign", "game-over", "match-over")


def counts(page) -> dict[tuple[int, int], int]:
    """{(owner, point): checkers} as the page shows them (owner 0 = bottom, 1 = top)."""
    raw = page.evaluate(
        """() => {
            const out = {};
            for (const el of document.querySelectorAll('#board-svg [data-owner]')) {
                const k = el.dataset.owner + ',' + el.dataset.point;
                out[k] = (out[k] || 0) + 1;
            }
            return out;
        }"""
    )
    return {(int(k.split(",")[0]), int(k.split(",")[1])): n for k, n in raw.items()}


def expected(ctl: Controller) -> dict[tuple[int, int], int]:
    """The same from the mirror controller."""
    view = ctl.board_view()
    out = {}
    for side in (0, 1):
        for point in range(26):
            n = view.count_at(side, point)
            if n:
                out[(side, point)] = n
    return out


def mirror(query: str) -> Controller:
    """A CPython controller set up as the page is by ``query`` (use with ``seed=``)."""
    options, setup = parse_query(query)
    return Controller(setup, options)


def catch_up(ctl: Controller) -> None:
    """Let the mirror's computer (and automatic steps) play until a person must act."""
    for _ in range(200):
        if ctl.computer_to_act():
            ctl.computer_step()
        elif ctl.auto_pending():
            ctl.auto_step()
        else:
            return


def phase(page) -> str:
    return page.evaluate("document.body.dataset.phase")


def wait_turn(page, timeout_ms: int = 30000) -> str:
    """Wait until a person must act (the computer is done); return the phase."""
    page.wait_for_function(
        f"{list(HUMAN_PHASES)!r}.includes(document.body.dataset.phase) && !document.body.dataset.busy",
        timeout=timeout_ms,
    )
    return phase(page)


def spot(page, point: int, owner: int = 0) -> tuple[float, float]:
    """Client coordinates of the top checker of ``owner`` on ``point``; for a point without one,
    a spot on the point's triangle near its base."""
    box = page.evaluate(
        """([point, owner]) => {
            const els = document.querySelectorAll(
                `#board-svg .checker[data-owner="${owner}"][data-point="${point}"]`);
            let el = null, best = -1;
            for (const e of els) { const i = +e.dataset.index; if (i > best) { best = i; el = e; } }
            if (!el) {
                const p = document.querySelector(`#board-svg [data-point="${point}"]:not([data-owner])`);
                const r = p.getBoundingClientRect();
                const top = point >= 13 && point <= 24;
                return {x: r.x + r.width / 2, y: top ? r.y + r.height * 0.25 : r.y + r.height * 0.75};
            }
            const r = el.getBoundingClientRect();
            return {x: r.x + r.width / 2, y: r.y + r.height / 2};
        }""",
        [point, owner],
    )
    return box["x"], box["y"]


def targets(page) -> list[int]:
    """The points highlighted as legal targets now."""
    return sorted(int(v) for v in page.evaluate(
        "[...document.querySelectorAll('#board-svg .target')].map(e => e.dataset.point)"))


def drag(page, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    """Press, carry and release with the mouse."""
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=steps)
    page.mouse.up()


def touch_drag(page, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    """Press, carry and release with one finger (Chrome DevTools Protocol touch events)."""
    cdp = page.context.new_cdp_session(page)
    x0, y0 = start
    x1, y1 = end
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, steps + 1):
        x = x0 + (x1 - x0) * i / steps
        y = y0 + (y1 - y0) * i / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
