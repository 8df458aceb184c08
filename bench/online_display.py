"""Online play in the browser, end to end (headless Chromium): the delay from a move on one side to
its display on the other, through the local relay (e2e/relay.mjs, started here), between two
browser contexts of one browser process playing a Portes match as the e2e tests do (the pages
booted as a player's, animation off), on this machine: no real network, so these are the
software's own delays (the page, the session, the transport), the floor of what two players see.

    python bench/online_display.py              # 20 plays
    python bench/online_display.py --plays 40

For each play that moves checkers (a pass has no click), both pages read the same clock
(``performance.timeOrigin + performance.now()``):

* move: the mover's last ``pointerup`` on the board before the play's message left his page (the
  click that completed the play);
* sent: the play's message handed to the transport (``window.tavliOnlineTamper`` notes it and
  lets it through);
* shown: the first animation frame after the other page's board changed once the message was
  sent (a ``MutationObserver`` on ``#board``, then ``requestAnimationFrame``).

Prints the median and p95 of move→shown (what a player sees) and of its two parts, move→sent (the
mover's page) and sent→shown (the transport and the other page), in milliseconds. Figures only:
nothing is asserted. The transport alone: bench/online_transport.py; messages and bytes per game
(CPython): bench/online.py.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from e2e.conftest import CHROMIUM, CHROMIUM_ARGS, _serve  # noqa: E402
from e2e.relay import relay_prefs_script, start_relay, stop_relay  # noqa: E402
from e2e.test_online_play import invite, my_turn, step, wait_any  # noqa: E402

# On every page: the moments of its pointerups, of the plays it sends, of its board's changes
# (each at the next animation frame).
WATCH = """(() => {
  const now = () => performance.timeOrigin + performance.now();
  window.benchUps = []; window.benchSent = []; window.benchShown = [];
  document.addEventListener("pointerup", () => benchUps.push(now()), true);
  window.tavliOnlineTamper = (text) => {
    const m = JSON.parse(text);
    if (m.type === "act" && m.do === "play" && m.moves.length) benchSent.push(now());
    return text;
  };
  const watch = () => {
    const board = document.getElementById("board");
    if (!board) return setTimeout(watch, 50);
    new MutationObserver(() => requestAnimationFrame(() => benchShown.push(now())))
      .observe(board, {childList: true, subtree: true, attributes: true, characterData: true});
  };
  watch();
})()"""


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):7.1f}   p95 {p95:7.1f}   max {ordered[-1]:7.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=20, help="plays measured (both sides together)")
    args = parser.parse_args(argv)
    relay_process, relay = start_relay()
    try:
        with _serve() as site, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            pages = []
            for _ in range(2):
                context = browser.new_context(base_url=site, viewport={"width": 1280, "height": 800})
                page = context.new_page()
                page.add_init_script(relay_prefs_script(relay, view={"anim_speed": 0}))
                page.add_init_script(WATCH)
                pages.append(page)
            host, guest = pages
            start = time.monotonic()
            invite(host, guest, length="7")
            print(f"invitation to play: {time.monotonic() - start:.1f} s (both pages booted, the friend joined)")
            delays: dict[str, list[float]] = {"move→shown": [], "move→sent": [], "sent→shown": []}
            done = 0
            while done < args.plays:
                who = wait_any(pages, my_turn)
                mover, other = pages[who], pages[1 - who]
                sent_before = mover.evaluate("benchSent.length")
                if step(mover, who) == "move":  # (the message leaves after the page's refresh)
                    try:
                        mover.wait_for_function("n => benchSent.length > n", arg=sent_before, timeout=2000)
                    except PlaywrightTimeout:
                        pass  # a pass: nothing to move
                if mover.evaluate("benchSent.length") == sent_before:
                    continue  # (a roll, a pass, the next game: no play moved)
                sent = mover.evaluate("benchSent[benchSent.length - 1]")
                up = mover.evaluate("t => Math.max(...benchUps.filter(u => u <= t))", sent)
                other.wait_for_function("t => benchShown.some(s => s >= t)", arg=sent)
                shown = other.evaluate("t => Math.min(...benchShown.filter(s => s >= t))", sent)
                delays["move→shown"].append(shown - up)
                delays["move→sent"].append(sent - up)
                delays["sent→shown"].append(shown - sent)
                done += 1
            print(f"plays measured: {done} (Portes, both sides; ms, one browser process, local relay)")
            for name, values in delays.items():
                print(f"  {name:11} {percentiles(values)}")
            browser.close()
    finally:
        stop_relay(relay_process)
    return 0


if __name__ == "__main__":
    sys.exit(main())
