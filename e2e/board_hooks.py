"""Reading and driving the board through its test hooks (see e2e/HOOKS.md).

* :func:`counts` reads every checker (``data-owner`` x ``data-point``) off the page;
  :func:`expected` computes the same from a :class:`web.control.controller.Controller` run in CPython on the
  same seed (a *mirror*: the same dice, the same gestures, the same computer player);
* :func:`spot` gives client coordinates of the top checker of a point, or of an empty point;
* :func:`wait_turn` waits until the page waits for a person (not the computer's turn).
"""

from __future__ import annotations

from web.control.controller import Controller
from web.model.url import parse_query

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


def checker_px(page) -> float:
    """A checker's diameter on the screen (CSS px)."""
    return page.evaluate("document.querySelector('#board-svg .checker:not(.off) circle').getBoundingClientRect().width")


def touch_drag(page, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    """Press, carry and release with one finger (Chrome DevTools Protocol touch events) so that
    the carried checker, drawn one checker above the finger (web.view.geometry.drag_offset), is
    dropped on ``end``: the finger ends that far below it."""
    lift = checker_px(page)
    cdp = page.context.new_cdp_session(page)
    x0, y0 = start
    x1, y1 = end[0], end[1] + lift
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, steps + 1):
        x = x0 + (x1 - x0) * i / steps
        y = y0 + (y1 - y0) * i / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


# --- playing without a mirror, and watching the frames -------------------------------------------------

# Installed before any page script (``context.add_init_script``): a requestAnimationFrame loop
# that records every frame's time, the page's long tasks (the Long Tasks API: every task of 50 ms
# or more on the page's thread, [start, duration]), and the times when ``<body data-thinking>``
# (the computer at work: web/browser/thinker.py run_steps) turns on and off.
FRAME_MONITOR = """
(() => {
  const w = window;
  w.tavliFrames = [];
  w.tavliThinkSpans = [];
  w.tavliLongTasks = [];
  const frame = (t) => { w.tavliFrames.push(performance.now()); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.tavliLongTasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask'});
  let since = null;
  const watch = () => {
    const on = document.body && document.body.dataset.thinking === '1';
    if (on && since === null) since = performance.now();
    if (!on && since !== null) { w.tavliThinkSpans.push([since, performance.now()]); since = null; }
  };
  w.tavliThinkOpen = () => since;
  new MutationObserver(watch).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-thinking']});
})();
"""


def frame_gaps(page) -> dict[str, float | int]:
    """The frames recorded by :data:`FRAME_MONITOR`: ``worst`` gap (ms) between two frames while the
    computer was at work (a gap that overlaps a span of ``data-thinking``), ``frames`` and
    ``spans`` counted, ``thinking_ms`` in all, the ``worst_any`` gap since the first span, and the
    ``longest_task`` (ms) of the page's thread that overlaps a span (0 if none took 50 ms)."""
    return page.evaluate(
        """() => {
            const f = window.tavliFrames, spans = window.tavliThinkSpans.slice();
            const open = window.tavliThinkOpen();
            if (open !== null) spans.push([open, performance.now()]);
            let worst = 0, worstAny = 0, frames = 0, total = 0, longestTask = 0;
            for (const [a, b] of spans) total += b - a;
            for (const [t, d] of window.tavliLongTasks) {
                if (spans.some(([s, e]) => t < e && t + d > s)) longestTask = Math.max(longestTask, d);
            }
            const first = spans.length ? spans[0][0] : Infinity;
            for (let i = 1; i < f.length; i++) {
                const a = f[i - 1], b = f[i];
                if (b < first) continue;
                worstAny = Math.max(worstAny, b - a);
                if (spans.some(([s, e]) => a < e && b > s)) { worst = Math.max(worst, b - a); frames++; }
            }
            return {worst, worst_any: worstAny, frames, spans: spans.length, thinking_ms: total,
                    longest_task: longestTask};
        }"""
    )


def thinking_log(page) -> list[dict]:
    """``window.tavliThinking``: one entry per computer's play chosen (``kind`` "move"), data loaded
    ("load") or data archive unpacked ("archive"), with its ``seconds``, ``slices`` and ``longest`` slice (web/browser/thinker.py)."""
    return page.evaluate("window.tavliThinking ? window.tavliThinking.map(e => ({...e})) : []")


def act(page, ph: str) -> bool:
    """Act once as the person in phase ``ph`` (no mirror needed): roll, take a double, accept a
    resignation, or play the whole turn by clicking his checkers, the farthest from home first (a
    click makes the largest legal jump). False when there is nothing to do in that phase."""
    if ph in ("opening", "roll"):
        page.click("button[data-action=roll]")
    elif ph == "cube":
        page.click("button[data-action=take]")
    elif ph == "resign":
        page.click("button[data-action=accept]")
    elif ph == "move":
        last = None
        for _ in range(8):
            if phase(page) != "move" or page.evaluate("document.body.dataset.busy") == "1":
                break
            before = counts(page)
            for point in sorted((p for (owner, p), n in before.items() if owner == 0 and p != 0), reverse=True):
                if point == last:
                    page.wait_for_timeout(450)  # not a double-click (web/browser/board_events.py DOUBLE_CLICK_MS)
                page.mouse.click(*spot(page, point, 0))
                last = point
                if counts(page) != before:
                    break
            else:
                raise AssertionError(f"no checker of the person on move could move: {before}, "
                                     f"status {page.inner_text('#status')!r}")
    else:
        return False
    return True


def play_any(page, timeout_ms: int = 60000) -> str:
    """Wait for the person's turn, :func:`act` once, and wait for his next turn: its phase."""
    ph = wait_turn(page, timeout_ms)
    if not act(page, ph):
        return ph
    return wait_turn(page, timeout_ms)


def play_roll(page, ctl, wait_last: bool = True) -> None:
    """Play the roll thrown by clicks, on the page and on the mirror, the farthest checker first;
    after each click wait until the page waits for a person (``wait_last`` False: not after the
    last one, the computer then on turn)."""
    last = None
    while ctl.human_moving():
        point = next(p for p in range(25, -1, -1) if ctl.movable(p))
        owner = 0 if ctl.match.game.on_roll == ctl.bottom else 1
        if point == last:
            page.wait_for_timeout(450)  # not a double-click
        last = point
        page.mouse.click(*spot(page, point, owner))
        ctl.click(point)
        if wait_last or ctl.human_moving():
            wait_turn(page)


def play_turn(page, ctl) -> None:
    """Roll (unless the opening roll already did) and play the whole roll by clicks, on the page
    and on the mirror."""
    if phase(page) in ("opening", "roll"):
        page.click("#panel button[data-action=roll]")
        ctl.roll()
        wait_turn(page)
    play_roll(page, ctl)
    catch_up(ctl)
    assert counts(page) == expected(ctl)
